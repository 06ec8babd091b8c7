// Package storedcommit holds autocommit cases of confluent consumers with
// auto-commit off and auto-store left on, committing the stored offsets
// with Commit(): each message's offset is stored when ReadMessage hands it
// over, so a Commit() made while goroutines still process earlier
// messages commits them too.
package storedcommit

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var db *sql.DB

func save(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO results (v) VALUES ($1)", v)
	return err
}

// judge processes each submission in a goroutine of its own, which
// commits when it is done.
func judge(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `enable.auto.offset.store is on: librdkafka stores each message's offset when it is handed to the app, and Commit commits the stored offsets, those of messages goroutines are still processing too`
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "judging",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"submissions"}, nil); err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		go func(msg *kafka.Message) {
			if err := save(ctx, msg.Value); err != nil {
				log.Print(err)
				return
			}
			if _, err := c.Commit(); err != nil {
				log.Print(err)
			}
		}(msg)
	}
}

// judgeInPlace processes each submission, then commits: what was stored
// on delivery is processed by then.
func judgeInPlace(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "judging-in-place",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"submissions"}, nil); err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		if err := save(ctx, msg.Value); err != nil {
			return err
		}
		if _, err := c.Commit(); err != nil { // ok: the message stored on delivery is processed
			log.Print(err)
		}
	}
}
