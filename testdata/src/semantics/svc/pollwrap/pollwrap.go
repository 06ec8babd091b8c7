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

// Two consumers polled through one wrapper type of the package (poller):
// a failure the orders loop goes on from is not the payments loop's.
type poller struct{ cl *kgo.Client }

func (p *poller) fetch(ctx context.Context) kgo.Fetches { return p.cl.PollFetches(ctx) }

// RunShared runs both loops.
func RunShared(ctx context.Context, db *sql.DB) error {
	a, _ := kgo.NewClient(kgo.ConsumerGroup("g-pollwrap-orders"), kgo.ConsumeTopics("orders"))     // case: pollwraporders
	b, _ := kgo.NewClient(kgo.ConsumerGroup("g-pollwrap-payments"), kgo.ConsumeTopics("payments")) // case: pollwrappayments
	go func() {
		for ctx.Err() == nil {
			(&poller{a}).fetch(ctx).EachRecord(func(r *kgo.Record) {
				if _, err := db.ExecContext(ctx, "INSERT INTO orders (v) VALUES ($1)", r.Value); err != nil {
					return
				}
			})
		}
	}()
	p := &poller{b}
	for {
		for _, r := range p.fetch(ctx).Records() {
			if _, err := db.ExecContext(ctx, "INSERT INTO payments (v) VALUES ($1)", r.Value); err != nil {
				return err
			}
		}
	}
}

// Summary is what PollOnce says of a poll: no records.
type Summary struct {
	Topic   string
	Applied int
}

// Once polls through an exported method that applies the records itself
// and returns a summary: nothing of the poll leaves the package.
type Once struct{ cl *kgo.Client }

// NewOnce builds its client.
func NewOnce() (*Once, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollwrap-once"), kgo.ConsumeTopics("t-once")) // case: pollwraponce
	return &Once{cl: cl}, err
}

// PollOnce applies one poll.
func (o *Once) PollOnce(ctx context.Context, db *sql.DB) (Summary, error) {
	var s Summary
	for _, r := range o.cl.PollFetches(ctx).Records() {
		if _, err := db.ExecContext(ctx, "INSERT INTO once (v) VALUES ($1)", r.Value); err != nil {
			return s, err
		}
		s.Topic, s.Applied = r.Topic, s.Applied+1
	}
	return s, nil
}
