// Package commitfield commits through a client's method value kept in a
// struct field, before the poll's records are processed (hunt 46f/D4:
// 194 of 300 lost at a kill, lint silent), and the twin after.
package commitfield

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func apply(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

type early struct {
	cl         *kgo.Client
	checkpoint func(context.Context) error
}

func newEarly(cl *kgo.Client) *early { return &early{cl: cl, checkpoint: cl.CommitUncommittedOffsets} }

func (s *early) run(ctx context.Context) error {
	for {
		fs := s.cl.PollFetches(ctx)
		if err := s.checkpoint(ctx); err != nil { // want `call to CommitUncommittedOffsets before the polled records are processed`
			return err
		}
		for _, r := range fs.Records() {
			if err := apply(ctx, r.Value); err != nil {
				return err
			}
		}
	}
}

type late struct {
	cl         *kgo.Client
	checkpoint func(context.Context) error
}

func newLate(cl *kgo.Client) *late { return &late{cl: cl, checkpoint: cl.CommitUncommittedOffsets} }

func (s *late) run(ctx context.Context) error {
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := apply(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := s.checkpoint(ctx); err != nil {
			return err
		}
	}
}

func main() {
	ctx := context.Background()
	a, _ := kgo.NewClient(kgo.ConsumerGroup("early"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())
	_ = newEarly(a).run(ctx)
	b, _ := kgo.NewClient(kgo.ConsumerGroup("late"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())
	_ = newLate(b).run(ctx)
}
