// Package mrkhouse flushes mrklib's marks on a ticker.
package mrkhouse

import (
	"context"
	"log"
	"time"

	"semantics/svc/mrklib"
)

// Flusher commits the service's marks every second.
func Flusher(ctx context.Context, s *mrklib.Service) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.Flush(ctx); err != nil {
				log.Printf("flush: %v", err)
			}
		}
	}
}
