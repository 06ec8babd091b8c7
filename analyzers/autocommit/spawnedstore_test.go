package autocommit_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// spawnedStoreSrc holds a confluent Poll loop (auto-commit and
// auto-store on) handing each message to an errgroup's Go: the fix put
// StoreMessage right after g.Go returned, before the work ran, and the
// re-lint went silent (fix audit 26). The message is handed on, so the
// finding has no fix and says why.
const spawnedStoreSrc = `package spawnedstore

import (
	"context"
	"database/sql"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"golang.org/x/sync/errgroup"
)

var db *sql.DB

func save(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

func run(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"}) // want "no automatic fix: the message is handed on"
	if err != nil {
		return err
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(16)
	for gctx.Err() == nil {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			g.Go(func() error { return save(gctx, e.Value) })
		case kafka.Error:
			log.Printf("poll: %v", e)
		}
	}
	return g.Wait()
}
`

// TestSpawnedStoreNoFix runs spawnedStoreSrc: one finding, no fix.
func TestSpawnedStoreNoFix(t *testing.T) {
	t.Parallel()
	gopath := testutil.Package(t, "autocommit/confluentdefaults", "spawnedstore", spawnedStoreSrc)
	for _, r := range analysistest.Run(t, gopath, autocommit.Analyzer, "spawnedstore") {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 || !strings.Contains(d.Message, "; no automatic fix: ") {
				t.Errorf("%s: %q: want no fix, and the reason", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
		if len(r.Diagnostics) != 1 {
			t.Errorf("%d findings, want 1", len(r.Diagnostics))
		}
	}
}
