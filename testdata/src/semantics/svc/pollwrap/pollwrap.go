// Package pollwrap keeps a franz-go client (auto-commit on, the default)
// for the rest of the service. Fetch returns each poll to its callers, in
// another package, which process the records out of this package's sight:
// a goroutine per record there would make the timer commit records still
// in flight. Tail polls through the unexported poll in the package's own
// loop, which processes each record in place before polling again.
package pollwrap

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Consumer is the wrapper the service uses.
type Consumer struct{ cl *kgo.Client }

// New builds the wrapped client.
func New() (*Consumer, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollwrap"), kgo.ConsumeTopics("t-pollwrap")) // case: pollwrap
	return &Consumer{cl: cl}, err
}

// Fetch returns the next poll.
func (c *Consumer) Fetch(ctx context.Context) kgo.Fetches { return c.cl.PollFetches(ctx) }

// Tailer keeps a client polled by its own loop.
type Tailer struct{ cl *kgo.Client }

// NewTailer builds the tailer's client.
func NewTailer() (*Tailer, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollwrap-tail"), kgo.ConsumeTopics("t-pollwrap-tail")) // case: pollwraptail
	return &Tailer{cl: cl}, err
}

func (t *Tailer) poll(ctx context.Context) kgo.Fetches { return t.cl.PollFetches(ctx) }

// Tail writes every record before polling again; a record whose write
// fails is skipped (the next poll makes it committable).
func (t *Tailer) Tail(ctx context.Context, db *sql.DB) {
	for ctx.Err() == nil {
		t.poll(ctx).EachRecord(func(r *kgo.Record) {
			if _, err := db.ExecContext(ctx, "INSERT INTO tail (v) VALUES ($1)", r.Value); err != nil {
				return
			}
		})
	}
}
