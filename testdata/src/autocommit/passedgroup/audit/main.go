// Command audit passes sarama's defaults to kafkax: the timer commits
// the marks its handler makes after each save.
package main

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"

	"autocommit/passedgroup/kafkax"
)

type audit struct{ db *sql.DB }

func (audit) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (audit) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h audit) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO audit (v) VALUES ($1)", m.Value); err != nil {
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
	g, err := kafkax.NewGroup([]string{"localhost:9092"}, "audit", sarama.NewConfig())
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"audit"}, audit{db}); err != nil {
			log.Printf("consume: %v", err)
		}
	}
}
