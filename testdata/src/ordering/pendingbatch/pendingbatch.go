// Package pendingbatch holds consumers that keep decoded records in a
// batch written when it is full, and write each record's position as it
// joins the batch: until the batch is written, the position passes
// records not yet processed. Moving the call after the `if` that writes
// the batch would keep it first on every path where the batch is not
// full; the fix keeps the records beside the batch and writes their
// positions once it is written.
package pendingbatch

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

var db *sql.DB

type order struct {
	ID string `json:"id"`
}

func saveOrders(ctx context.Context, os []order) error {
	for _, o := range os {
		if _, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", o.ID); err != nil {
			return err
		}
	}
	return nil
}

func saveMessages(ctx context.Context, ms []kafka.Message) error {
	for _, m := range ms {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

type batcher struct{ size int }

func (batcher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (batcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim marks each message as its order joins the batch.
func (b batcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []order
	for msg := range claim.Messages() {
		var o order
		if err := json.Unmarshal(msg.Value, &o); err != nil {
			log.Printf("skip %d: %v", msg.Offset, err)
			continue
		}
		batch = append(batch, o)
		sess.MarkMessage(msg, "") // want `call to MarkMessage as the message is kept in a batch processed later`
		if len(batch) >= b.size {
			if err := saveOrders(sess.Context(), batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return saveOrders(sess.Context(), batch)
}

// readBatches commits each message as it joins the batch.
func readBatches(ctx context.Context, r *kafka.Reader) error {
	var batch []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		batch = append(batch, m)
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		if len(batch) >= 100 {
			if err := saveMessages(ctx, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
}

// readBatchesCommitted is their twin: the batch is committed once it is
// written.
func readBatchesCommitted(ctx context.Context, r *kafka.Reader) error {
	var batch []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		batch = append(batch, m)
		if len(batch) >= 100 {
			if err := saveMessages(ctx, batch); err != nil {
				return err
			}
			if err := r.CommitMessages(ctx, batch...); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
}

func run(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "orders", sarama.NewConfig())
	if err != nil {
		return err
	}
	if err := g.Consume(ctx, []string{"orders"}, batcher{size: 100}); err != nil {
		return err
	}
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "events", Topic: "events"})
	if err := readBatches(ctx, r); err != nil {
		return err
	}
	return readBatchesCommitted(ctx, r)
}

var _ = run
