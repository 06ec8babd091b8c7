// Package unmodelled consumes with bsm/sarama-cluster, which commitlint
// does not model: it marks each message before saving it, and nothing
// says so but the note that its consumers are not checked.
package unmodelled

import (
	"context"
	"database/sql"

	cluster "github.com/bsm/sarama-cluster"
)

// Run marks, then saves.
func Run(ctx context.Context, db *sql.DB) error {
	c, err := cluster.NewConsumer([]string{"localhost:9092"}, "g", []string{"t"}, cluster.NewConfig())
	if err != nil {
		return err
	}
	for msg := range c.Messages() {
		c.MarkOffset(msg, "")
		if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", msg.Value); err != nil {
			return err
		}
	}
	return nil
}
