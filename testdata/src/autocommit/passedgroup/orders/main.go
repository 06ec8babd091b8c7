// Command orders turns auto-commit off in the configuration it passes
// to kafkax, and its handler only marks: sarama discards the marks.
package main

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"

	"autocommit/passedgroup/kafkax"
)

type orders struct{ db *sql.DB }

func (orders) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (orders) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h orders) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO orders (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

func main() {
	db, err := sql.Open("postgres", "")
	if err != nil {
		log.Fatal(err)
	}
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit: sarama discards marks at session end`
	g, err := kafkax.NewGroup([]string{"localhost:9092"}, "orders", cfg)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"orders"}, orders{db}); err != nil {
			log.Printf("consume: %v", err)
		}
	}
}
