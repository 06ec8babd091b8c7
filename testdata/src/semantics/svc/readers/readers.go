// Package readers runs a kafka-go reader held in an exported field.
package readers

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"
)

func apply(kafkago.Message) error { return nil }

type Service struct{ Reader *kafkago.Reader }

func (s *Service) Run(ctx context.Context) {
	for {
		m, err := s.Reader.FetchMessage(ctx)
		if err != nil {
			return
		}
		if apply(m) != nil {
			continue
		}
		_ = s.Reader.CommitMessages(ctx, m)
	}
}
