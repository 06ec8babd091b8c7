// Package ckpwire runs ckpsvc with a checkpoint ticker beside its loop.
package ckpwire

import (
	"context"
	"log"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/ckpsvc"
)

// Run checkpoints every 200ms while the service applies records: the
// checkpoint commits records polled but not applied yet.
func Run(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-ckp"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: ckpticker
	if err != nil {
		return err
	}
	svc := ckpsvc.New(cl)
	go func() {
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for range t.C {
			if err := svc.Checkpoint(ctx); err != nil {
				log.Printf("checkpoint: %v", err)
			}
		}
	}()
	return svc.Run(ctx)
}
