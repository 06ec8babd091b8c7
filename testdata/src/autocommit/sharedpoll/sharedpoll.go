// Package sharedpoll: one poll function run for two consumers (drain(c)
// called with each). Its fetches and stores are bound to the first
// consumer built, and are the second's too: each consumer's settings
// decide what they do for it.
package sharedpoll

import (
	"context"
	"database/sql"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// drain saves each message; with librdkafka's defaults its offset is
// stored when ReadMessage hands it over, for both consumers.
func drain(ctx context.Context, c *kafka.Consumer, db *sql.DB) error {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

func both(ctx context.Context, db *sql.DB) error {
	a, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "audit"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	b, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "billing"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	go drain(ctx, a, db)
	return drain(ctx, b, db)
}

// drainStored stores each message after saving it: effective for a
// consumer with auto-store off only.
func drainStored(ctx context.Context, c *kafka.Consumer, db *sql.DB) error {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			return err
		}
	}
	return nil
}

func oneStores(ctx context.Context, db *sql.DB) error {
	a, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ledger", "enable.auto.offset.store": false}) // ok: its stores follow the save
	if err != nil {
		return err
	}
	b, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "reports"}) // want `offset store does nothing while enable.auto.offset.store is on`
	if err != nil {
		return err
	}
	go drainStored(ctx, a, db)
	return drainStored(ctx, b, db)
}

// bothStore is the silent twin: both consumers store after the save.
func bothStore(ctx context.Context, db *sql.DB) error {
	a, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "search", "enable.auto.offset.store": false}) // ok: stores follow the save
	if err != nil {
		return err
	}
	b, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "index", "enable.auto.offset.store": false}) // ok: stores follow the save
	if err != nil {
		return err
	}
	go drainStored(ctx, a, db)
	return drainStored(ctx, b, db)
}

// markDrain marks each record after saving it: effective for a client
// with AutoCommitMarks only.
func markDrain(ctx context.Context, cl *kgo.Client, db *sql.DB) error {
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		var err error
		fs.EachRecord(func(r *kgo.Record) {
			if err != nil {
				return
			}
			if _, err = db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", r.Value); err == nil {
				cl.MarkCommitRecords(r)
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func oneMarks(ctx context.Context, db *sql.DB) error {
	a, err := kgo.NewClient(kgo.ConsumerGroup("mailer"), kgo.ConsumeTopics("events"), kgo.AutoCommitMarks()) // ok: commits what it marks
	if err != nil {
		return err
	}
	b, err := kgo.NewClient(kgo.ConsumerGroup("notifier"), kgo.ConsumeTopics("events")) // want `mark is a no-op without kgo.AutoCommitMarks`
	if err != nil {
		return err
	}
	go markDrain(ctx, a, db)
	return markDrain(ctx, b, db)
}
