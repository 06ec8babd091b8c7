package cases

import (
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// timerOff leaves auto-commit and auto-store on with the interval at 0:
// librdkafka's timer is off, the offsets stored on delivery are
// committed at rebalances and at Close only.
func timerOff(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-timeroff", "auto.commit.interval.ms": 0}) // case: timeroff
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if err := c.Subscribe("t-timeroff", nil); err != nil {
		log.Fatal(err)
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO ledger VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}

// timerOn is timerOff with a one-second timer: it commits what was
// handed over, processed or not.
func timerOn(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-timeron", "auto.commit.interval.ms": 1000}) // case: timeron
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if err := c.Subscribe("t-timeron", nil); err != nil {
		log.Fatal(err)
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO ledger VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}
