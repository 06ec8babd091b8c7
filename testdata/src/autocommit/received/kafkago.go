package received

import (
	"context"
	"fmt"

	"github.com/segmentio/kafka-go"
)

// Reader receives its reader in a field and reads with ReadMessage. In a
// group, ReadMessage commits before returning; but a service that never
// commits may as well read outside any group (a tail, a replay:
// markersvc.Tail), where it commits nothing and a CommitMessages fix would
// fail on every message.
type Reader struct{ R *kafka.Reader }

func (s *Reader) Run(ctx context.Context, handle func(kafka.Message) error) error {
	for {
		m, err := s.R.ReadMessage(ctx) // ok: group mode unknown, and not implied: outside a group nothing needs committing
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		if err := handle(m); err != nil {
			return fmt.Errorf("handle: %w", err)
		}
	}
}

// Fetcher fetches and commits after processing.
type Fetcher struct{ R *kafka.Reader }

func (s *Fetcher) Run(ctx context.Context, handle func(kafka.Message) error) error {
	for {
		m, err := s.R.FetchMessage(ctx) // ok: FetchMessage does not commit
		if err != nil {
			return fmt.Errorf("fetch: %w", err)
		}
		if err := handle(m); err != nil {
			return fmt.Errorf("handle: %w", err)
		}
		if err := s.R.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
}
