// Package worker commits through the queue's wrapper before it writes the
// message: at-most-once, which the queue's row must say (it said
// at-least-once, "findings: none").
package worker

import (
	"context"
	"database/sql"

	"report/wrapqueue/queue"
)

type Worker struct {
	DB *sql.DB
	Q  *queue.Queue
}

func (w *Worker) Run(ctx context.Context) {
	for {
		m := w.Q.Receive(ctx)
		if m == nil {
			continue
		}
		w.Q.Commit(ctx, m)
		if _, err := w.DB.ExecContext(ctx, "INSERT INTO events VALUES ($1)", m.Value); err != nil {
			return
		}
	}
}
