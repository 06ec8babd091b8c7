// Package grpwire runs groups grpcfg builds on handlers of grphandler
// (review 35-2/D7: the handlers' rows were unknown, their configuration
// said to come from outside the analyzed packages).
package grpwire

import (
	"context"

	"github.com/IBM/sarama"

	"semantics/svc/grpcfg"
	"semantics/svc/grphandler"
)

func run(ctx context.Context, name string, h sarama.ConsumerGroupHandler) error {
	g, err := grpcfg.NewGroup(name) // case: grpmarks
	if err != nil {
		return err
	}
	defer g.Close()
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{name}, h); err != nil {
			return err
		}
	}
	return nil
}

func ticking(ctx context.Context) error {
	g, err := grpcfg.NewGroup("b") // case: grpticks
	if err != nil {
		return err
	}
	defer g.Close()
	return g.Consume(ctx, []string{"b"}, grphandler.Ticking{})
}

// Start runs both groups.
func Start(ctx context.Context) {
	go ticking(ctx)
	go run(ctx, "a", grphandler.Marking{})
}
