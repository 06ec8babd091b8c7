// Package orders is a service built on kafkax: its handler writes each
// message, then marks it.
package orders

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"

	"report/callerhandlers/kafkax"
)

type handler struct{ db *sql.DB }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h handler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for m := range c.Messages() {
		if _, err := h.db.Exec("INSERT INTO orders (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
		s.MarkMessage(m, "")
	}
	return nil
}

func Run(ctx context.Context, db *sql.DB) {
	g, err := kafkax.NewGroup([]string{"k:9092"}, "orders")
	if err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"orders"}, handler{db}); err != nil {
			log.Print(err)
		}
	}
}
