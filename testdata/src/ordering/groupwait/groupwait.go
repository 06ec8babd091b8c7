// Package groupwait holds confluent consumers that start a goroutine for
// each message, counted by a WaitGroup, and commit every 100 messages
// (nkristianto/kafkabulkcommit): the offsets are stored as messages are
// handed out, so each Commit passes the messages still in their
// goroutines unless it waits for them.
package groupwait

import (
	"database/sql"
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var db *sql.DB

func save(m *kafka.Message) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value)
	return err
}

// bulk commits every 100 messages without waiting for their goroutines;
// its only Wait runs once the loop has ended.
func bulk(c *kafka.Consumer) {
	var wg sync.WaitGroup
	n := 0
	run := true
	for run {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := save(e); err != nil {
					log.Printf("save: %v", err)
				}
			}()
			n++
			if n%100 == 0 {
				if _, err := c.Commit(); err != nil { // want `call to Commit after the message is handed to a goroutine, with no wait for its processing`
					log.Printf("commit: %v", err)
				}
			}
		case kafka.Error:
			log.Printf("poll: %v", e)
			run = false
		}
	}
	wg.Wait()
}

// bulkWaited is its twin: each Commit waits for the goroutines first.
func bulkWaited(c *kafka.Consumer) {
	var wg sync.WaitGroup
	n := 0
	run := true
	for run {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := save(e); err != nil {
					log.Printf("save: %v", err)
				}
			}()
			n++
			if n%100 == 0 {
				wg.Wait()
				if _, err := c.Commit(); err != nil {
					log.Printf("commit: %v", err)
				}
			}
		case kafka.Error:
			log.Printf("poll: %v", e)
			run = false
		}
	}
	wg.Wait()
}

func run() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "bulk", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	if err := c.Subscribe("events", nil); err != nil {
		return err
	}
	bulk(c)
	bulkWaited(c)
	return nil
}

var _ = run
