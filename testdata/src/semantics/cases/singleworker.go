package cases

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/IBM/sarama"
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

// A worker started by each ConsumeClaim, which sarama runs once per claim
// at the same time (review 28-2): as many workers as claims drain the
// queue, and their marks follow the order the messages finish.
type claimWorkers struct {
	db    *sql.DB
	queue chan *sarama.ConsumerMessage
}

func (*claimWorkers) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*claimWorkers) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *claimWorkers) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go h.work(sess)
	for msg := range claim.Messages() {
		h.queue <- msg
	}
	return nil
}

func (h *claimWorkers) work(sess sarama.ConsumerGroupSession) {
	for msg := range h.queue {
		if _, err := h.db.Exec("INSERT INTO orders (v) VALUES ($1)", msg.Value); err != nil {
			log.Fatal(err)
		}
		sess.MarkMessage(msg, "")
	}
}

// A worker started through a helper a loop calls: four workers.
func startStoreWorker(c *kafka.Consumer, db *sql.DB, queue <-chan *kafka.Message) {
	go storeWorker(c, db, queue)
}

func chainedWorkers(db *sql.DB) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-chained-workers", "enable.auto.offset.store": false}) // case: chainedworkers
	queue := make(chan *kafka.Message, 100)
	for i := 0; i < 4; i++ {
		startStoreWorker(c, db, queue)
	}
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		queue <- msg
	}
}

func claimWorkerGroup(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-claim-workers", sarama.NewConfig()) // case: claimworkers
	_ = g.Consume(ctx, []string{"t"}, &claimWorkers{db: db, queue: make(chan *sarama.ConsumerMessage)})
}

var _, _ = chainedWorkers, claimWorkerGroup
