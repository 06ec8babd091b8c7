// Package drvwire builds the client, wraps it, and runs drvloop on it.
package drvwire

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/drvlib"
	"semantics/svc/drvloop"
)

// Run starts the consumer.
func Run(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-drv"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: drvwrapped
	if err != nil {
		return err
	}
	drvloop.Run(ctx, drvlib.New(cl))
	return nil
}
