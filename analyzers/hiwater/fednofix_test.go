package hiwater_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/hiwater"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// fedNoFixSrc holds a kafka-go pool whose workers commit each message,
// fed by several fetching goroutines through a spawner (go-queue's
// shape): one worker would still take the messages out of the
// partition's order, so the finding has no fix and says why; its twin,
// fed by one fetch loop, is cut to one worker.
const fedNoFixSrc = `package fednofix

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

func spawn(fn func()) { go fn() }

func save(kafka.Message) error { return nil }

type queue struct {
	r  *kafka.Reader
	ch chan kafka.Message
}

func (q *queue) workers(n int) {
	for i := 0; i < n; i++ {
		spawn(func() {
			for m := range q.ch {
				if save(m) != nil {
					continue
				}
				if err := q.r.CommitMessages(context.Background(), m); err != nil { // want "call to CommitMessages from a pool of workers: .*; no automatic fix: several goroutines feed the pool's channel"
					log.Print(err)
				}
			}
		})
	}
}

func (q *queue) fetchers(n int) {
	for i := 0; i < n; i++ {
		spawn(func() {
			for {
				m, err := q.r.FetchMessage(context.Background())
				if err != nil {
					return
				}
				q.ch <- m
			}
		})
	}
}

func run() {
	q := &queue{r: kafka.NewReader(kafka.ReaderConfig{GroupID: "g", Topic: "t"}), ch: make(chan kafka.Message)}
	q.workers(8)
	q.fetchers(4)
}
`

// TestFedConcurrentlyNoFix runs fedNoFixSrc: the one finding has no fix
// and says why.
func TestFedConcurrentlyNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, hiwater.Analyzer, "hiwater/spawners", "fednofix", fedNoFixSrc)
}
