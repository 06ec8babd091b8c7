// Package wire runs both groups on the one handler (review 36-1/D12: the
// auto-commit group's row listed the manual group's finding).
package wire

import (
	"context"

	"github.com/IBM/sarama"

	"report/grouppair/cfg"
	"report/grouppair/handler"
)

func loop(ctx context.Context, g sarama.ConsumerGroup, topic string, h sarama.ConsumerGroupHandler) error {
	defer g.Close()
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{topic}, h); err != nil {
			return err
		}
	}
	return nil
}

// Start runs the audit group (manual commits) and the index group
// (auto-commit) on the same handler.
func Start(ctx context.Context) error {
	a, err := cfg.NewManual("audit")
	if err != nil {
		return err
	}
	b, err := cfg.NewAuto("index")
	if err != nil {
		return err
	}
	go loop(ctx, b, "index", handler.Marking{})
	return loop(ctx, a, "audit", handler.Marking{})
}
