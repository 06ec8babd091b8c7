// Package events consumes read events with batch's generic handler,
// under sarama's default auto-commit: the marks follow the batch's
// processing (at-least-once), and a failed batch is marked all the same.
package events

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"

	"report/generichandler/batch"
)

// ReadEvent is one article read.
type ReadEvent struct{ Aid int64 }

// Consumer counts reads.
type Consumer struct {
	client sarama.Client
	db     *sql.DB
}

// Start consumes in the background.
func (c *Consumer) Start() error {
	cg, err := sarama.NewConsumerGroupFromClient("interactive", c.client)
	if err != nil {
		return err
	}
	go func() {
		if err := cg.Consume(context.Background(), []string{"read_article"}, batch.New[ReadEvent](c.count)); err != nil {
			log.Print(err)
		}
	}()
	return nil
}

func (c *Consumer) count(_ []*sarama.ConsumerMessage, evs []ReadEvent) error {
	for _, ev := range evs {
		if _, err := c.db.Exec("UPDATE interactives SET reads = reads + 1 WHERE id = $1", ev.Aid); err != nil {
			return err
		}
	}
	return nil
}

// New builds the client with sarama's defaults.
func New(db *sql.DB) (*Consumer, error) {
	client, err := sarama.NewClient([]string{"k:9092"}, sarama.NewConfig())
	if err != nil {
		return nil, err
	}
	return &Consumer{client: client, db: db}, nil
}
