// Package ports runs a kafka-go reader that the wiring package hands over
// behind an interface of this package (the service's port, for tests).
package ports

import (
	"context"
	"database/sql"

	kafkago "github.com/segmentio/kafka-go"
)

// Source is the reader as the services use it.
type Source interface {
	FetchMessage(ctx context.Context) (kafkago.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafkago.Message) error
}

// Indexer saves each message, then commits it.
type Indexer struct {
	Src Source
	DB  *sql.DB
}

func (x *Indexer) Run(ctx context.Context) {
	for {
		m, err := x.Src.FetchMessage(ctx)
		if err != nil {
			return
		}
		if _, err := x.DB.ExecContext(ctx, "INSERT INTO pages (body) VALUES ($1)", m.Value); err != nil {
			continue
		}
		_ = x.Src.CommitMessages(ctx, m)
	}
}
