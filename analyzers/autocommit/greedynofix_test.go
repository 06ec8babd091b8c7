package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// greedyNoFixSrc holds franz-go loops with GreedyAutoCommit that send
// each record to its topic's long-lived worker, started the first time
// the topic is seen (trial 23, fserv-template's shape). The fix once
// replaced the option and wrapped the worker's start in a WaitGroup the
// loop waited on before each poll: the worker never returns, so the
// loop stopped after its first poll, and the row called the workers
// joined. The worker is given no record (it is looked up by the
// record's topic), and a worker receiving in a loop is no goroutine per
// record: under the default the records sent to it would still be
// committed before they are processed, and no wait for it can be built,
// so the option is reported without a fix, saying why (the greedy
// option with a worker the loop can wait for is fixed: scenario
// autocommit/greedycond).
const greedyNoFixSrc = `package greedynofix

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(r *kgo.Record) {
	_, _ = db.Exec("INSERT INTO events (body) VALUES ($1)", r.Value)
}

type topicWorker struct{ ch chan *kgo.Record }

func (w *topicWorker) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case r := <-w.ch:
			save(r)
		}
	}
}

func perTopic(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.GreedyAutoCommit()) // want "kgo.GreedyAutoCommit commits each poll as soon as it is returned, every 5s, before its records are processed: a crash loses them \\(at-most-once\\); no automatic fix: without it, the default auto-commit would still commit the records the loop hands to workers \\(line 43\\) before they are processed"
	if err != nil {
		return
	}
	workers := map[string]*topicWorker{}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			w, ok := workers[r.Topic]
			if !ok {
				w = &topicWorker{ch: make(chan *kgo.Record, 64)}
				workers[r.Topic] = w
				go w.run(ctx)
			}
			w.ch <- r
		}
	}
}
`

// TestGreedyNoFix runs greedyNoFixSrc: the option reported without a fix
// (no WaitGroup around the worker's start), saying why.
func TestGreedyNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, autocommit.Analyzer, "autocommit/franzgreedy", "greedynofix", greedyNoFixSrc) {
		if len(r.Diagnostics) != 1 {
			t.Errorf("%d findings, want 1", len(r.Diagnostics))
		}
	}
}
