// Command cmd runs handlers on the groups kafkax builds.
package main

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"

	"autocommit/helperctor/kafkax"
)

// spans marks each message after saving it, and never commits.
type spans struct{ db *sql.DB }

func (spans) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (spans) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h spans) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.ExecContext(s.Context(), "INSERT INTO spans (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
		s.MarkMessage(m, "")
	}
	return nil
}

// metrics marks each message after saving it and commits the marks.
type metrics struct{ db *sql.DB }

func (metrics) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (metrics) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h metrics) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.ExecContext(s.Context(), "INSERT INTO metrics (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
		s.MarkMessage(m, "")
		s.Commit()
	}
	return nil
}

// logs marks each message after saving it, on a group whose timer
// commits the marks.
type logs struct{ db *sql.DB }

func (logs) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (logs) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h logs) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.ExecContext(s.Context(), "INSERT INTO logs (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
		s.MarkMessage(m, "")
	}
	return nil
}

func run(ctx context.Context, g sarama.ConsumerGroup, topic string, h sarama.ConsumerGroupHandler) {
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{topic}, h); err != nil {
			log.Printf("consume %s: %v", topic, err)
		}
	}
}

// audit reads with ReadMessage, which commits each message before
// returning it.
func audit(ctx context.Context, db *sql.DB) {
	r := kafkax.NewReader("audit")
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
		if err != nil {
			log.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO audit (v) VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
	}
}

// alerts hands each record to a goroutine and polls again at once.
func alerts(ctx context.Context, db *sql.DB) {
	cl, err := kafkax.NewAlerts()
	if err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go func() { // want `record handed to a goroutine while the loop polls again`
				if _, err := db.ExecContext(ctx, "INSERT INTO alerts (v) VALUES ($1)", r.Value); err != nil {
					log.Print(err)
				}
			}()
		})
	}
}

func main() {
	ctx := context.Background()
	db, err := sql.Open("postgres", "")
	if err != nil {
		log.Fatal(err)
	}
	brokers := []string{"localhost:9092"}
	sg, err := kafkax.NewManualGroup(brokers, "spans") // want `auto-commit is off and the handler never calls Commit: sarama discards marks at session end`
	if err != nil {
		log.Fatal(err)
	}
	go func() {
		for ctx.Err() == nil {
			if err := sg.Consume(ctx, []string{"spans"}, spans{db}); err != nil {
				log.Printf("consume spans: %v", err)
			}
		}
	}()
	mg, err := kafkax.NewBatchGroup(brokers, "metrics")
	if err != nil {
		log.Fatal(err)
	}
	go run(ctx, mg, "metrics", metrics{db})
	go audit(ctx, db)
	go alerts(ctx, db)
	lg, err := kafkax.NewGroup(brokers, "logs")
	if err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		if err := lg.Consume(ctx, []string{"logs"}, logs{db}); err != nil {
			log.Printf("consume logs: %v", err)
		}
	}
}
