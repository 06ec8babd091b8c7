package hiwater_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/hiwater"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// spawnerNoFixSrc runs each message's processing and commit through a
// bounded pool's Go of another package (a spawner by its fact: it waits
// for a slot, not for the goroutine). Its body is out of sight, so the fix
// cannot tell whether calling the function in place would change what it
// does (a panic it recovers): the finding has no fix and says why.
const spawnerNoFixSrc = `package spawnernofix

import (
	"context"
	"database/sql"

	"hiwater/xspawners/routines"

	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func bounded(ctx context.Context, p *routines.Pool) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		p.Go(func() {
			if _, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value); err == nil {
				_ = r.CommitMessages(ctx, m) // want "call to CommitMessages from a per-record goroutine"
			}
		})
	}
}
`

// TestSpawnerNoFix runs spawnerNoFixSrc: one finding, without a fix,
// saying why.
func TestSpawnerNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, hiwater.Analyzer, "hiwater/xspawners", "spawnernofix", spawnerNoFixSrc) {
		if len(r.Diagnostics) != 1 {
			t.Errorf("%d findings, want 1", len(r.Diagnostics))
		}
	}
}
