// Package committer commits what the ingest loop marked, every second.
package committer

import (
	"context"
	"time"

	"report/singleton/kafkalib"
)

func Run(ctx context.Context) error {
	cl, err := kafkalib.Client()
	if err != nil {
		return err
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := cl.CommitMarkedOffsets(ctx); err != nil {
				return err
			}
		}
	}
}
