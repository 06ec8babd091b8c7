// Package rstsvc holds workers that fetch records from a client they are
// given and return on a failed save: whether the failed record is lost
// depends on whether their caller runs them again on the same client.
package rstsvc

import (
	"context"
	"fmt"
	"os"

	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Worker commits each message after saving it.
type Worker struct{ r *kafkago.Reader }

// NewWorker returns a worker on r.
func NewWorker(r *kafkago.Reader) *Worker { return &Worker{r: r} }

// Run saves and commits messages until one fails.
func (w *Worker) Run(ctx context.Context) error {
	for {
		m, err := w.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o600); err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if err := w.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Projector applies one poll per call on the default auto-commit.
type Projector struct{ cl *kgo.Client }

// NewProjector returns a projector on cl.
func NewProjector(cl *kgo.Client) *Projector { return &Projector{cl: cl} }

// Step polls once and applies the records, returning the first failure.
func (p *Projector) Step(ctx context.Context) error {
	fetches := p.cl.PollFetches(ctx)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	for _, r := range fetches.Records() {
		if err := os.WriteFile("/tmp/"+string(r.Key), r.Value, 0o600); err != nil {
			return err
		}
	}
	return nil
}
