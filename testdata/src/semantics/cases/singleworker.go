package cases

import (
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// One worker goroutine receives the messages the loop reads and stores
// each after its insert (auto-store off, the timer commits the stores):
// it handles them in the order they are sent, so the stored offset never
// passes an unprocessed message (trial 28a/4: "worker pool", unknown).
// The same with the worker started in a loop that runs once (as the
// single-worker fixes leave it). Two go statements make two workers, and
// their stores follow the order the messages finish: unknown.
func storeWorker(c *kafka.Consumer, db *sql.DB, queue <-chan *kafka.Message) {
	for m := range queue {
		if _, err := db.Exec("INSERT INTO orders (v) VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

func singleWorker(db *sql.DB) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-single-worker", "enable.auto.offset.store": false}) // case: singleworker
	queue := make(chan *kafka.Message, 100)
	go storeWorker(c, db, queue)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		queue <- msg
	}
}

func singleWorkerLoop(db *sql.DB) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-single-worker-loop", "enable.auto.offset.store": false}) // case: singleworkerloop
	queue := make(chan *kafka.Message, 100)
	for range 1 {
		go storeWorker(c, db, queue)
	}
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		queue <- msg
	}
}

func twoWorkers(db *sql.DB) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-two-workers", "enable.auto.offset.store": false}) // case: twoworkers
	queue := make(chan *kafka.Message, 100)
	go storeWorker(c, db, queue)
	go storeWorker(c, db, queue)
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		queue <- msg
	}
}

var _, _, _ = singleWorker, singleWorkerLoop, twoWorkers
