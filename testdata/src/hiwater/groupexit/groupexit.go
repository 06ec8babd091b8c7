// Package groupexit: an errgroup batch whose join is checked by an error
// check that exits (log.Fatal, a helper that always exits) instead of
// returning: the commit of the batch goes after the check all the same.
package groupexit

import (
	"context"
	"log"
	"os"

	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

func handle(m kafka.Message) error { return nil }

// fatal joins the batch and exits on a failure.
func fatal(ctx context.Context, r *kafka.Reader, batch []kafka.Message) {
	var g errgroup.Group
	for _, m := range batch {
		g.Go(func() error {
			if err := handle(m); err != nil {
				return err
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `CommitMessages from a per-record errgroup function`
				return err
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		log.Fatal(err)
	}
}

// stop logs and exits.
func stop(err error) {
	log.Printf("batch: %v", err)
	os.Exit(1)
}

// viaHelper exits through stop.
func viaHelper(ctx context.Context, r *kafka.Reader, batch []kafka.Message) {
	var g errgroup.Group
	for _, m := range batch {
		g.Go(func() error {
			if err := handle(m); err != nil {
				return err
			}
			return r.CommitMessages(ctx, m) // want `CommitMessages from a per-record errgroup function`
		})
	}
	err := g.Wait()
	if err != nil {
		stop(err)
	}
}
