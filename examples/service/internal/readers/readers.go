// Package readers runs kafka-go readers its caller builds.
package readers

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"

	"github.com/offsetcommit/commitlint/examples/service/internal/store"
)

// Service fetches from Reader and commits each message after saving it.
//
// CORRECT for crashes: CommitMessages runs after the save; a failed save
// is logged and skipped for good (the report's on failure), so the row
// says neither.
type Service struct {
	Reader *kafka.Reader
	St     *store.Store
}

// Run fetches until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	for {
		m, err := s.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.St.Save(ctx, m.Value); err != nil {
			log.Printf("save %s/%d@%d: %v", m.Topic, m.Partition, m.Offset, err)
			continue
		}
		if err := s.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Fanout saves each message from its own goroutine, which commits it.
//
// BUG (hiwater concurrent-commit): the goroutines finish out of order and
// CommitMessages commits whatever offset it is given: a higher offset is
// committed while lower messages are still being saved (a crash loses
// them).
func Fanout(ctx context.Context, r *kafka.Reader, st *store.Store) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		go func() {
			if err := st.Save(ctx, m.Value); err != nil {
				log.Printf("save: %v", err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // finding: hiwater concurrent-commit
				log.Printf("commit: %v", err)
			}
		}()
	}
}
