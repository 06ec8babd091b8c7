// Package drvloop drives drvlib's wrapper: it logs a failed record and
// takes the next, whose commit passes it. The package builds no client:
// the rows of drvlib's consumers cannot judge what it does.
package drvloop

import (
	"context"
	"log"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/drvlib"
)

func apply(r *kgo.Record) error { return os.WriteFile("/tmp/"+string(r.Key), r.Value, 0o600) }

// Run applies and commits records until ctx ends.
func Run(ctx context.Context, c *drvlib.Consumer) {
	for ctx.Err() == nil {
		r, err := c.Next(ctx)
		if err != nil {
			continue
		}
		if err := apply(r); err != nil {
			log.Printf("skipping record: %v", err)
			continue
		}
		if err := c.Commit(ctx, r); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}
