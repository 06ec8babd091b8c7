package oracle

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// TestFaultAbortsTransaction checks the injected timed-out transaction: the
// commit fails with PRODUCER_FENCED, the records it held are aborted (a
// read_committed reader never sees them), and the next instance of the
// producer commits again.
func TestFaultAbortsTransaction(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := NewBroker(1, "out")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	b.Inject([]Fault{{Key: kmsg.EndTxn, Times: 1, Odds: 1}}, 1, io.Discard)

	produce := func(key string) error {
		cl, err := kgo.NewClient(kgo.SeedBrokers(b.Addrs()...), kgo.TransactionalID("t1"))
		if err != nil {
			return err
		}
		defer cl.Close()
		if err := cl.BeginTransaction(); err != nil {
			return err
		}
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "out", Key: []byte(key)}).FirstErr(); err != nil {
			return err
		}
		return cl.EndTransaction(ctx, kgo.TryCommit)
	}
	if err := produce("failed"); !errors.Is(err, kerr.ProducerFenced) && !errors.Is(err, kerr.InvalidProducerEpoch) {
		t.Fatalf("first commit: got %v, want PRODUCER_FENCED", err)
	}
	// The injected abort and epoch bump run after the answer: a second
	// producer starting before they end would be fenced by them.
	b.wg.Wait()
	if err := produce("committed"); err != nil {
		t.Fatalf("second commit: %v", err)
	}
	if err := b.FenceAll(ctx); err != nil {
		t.Fatal(err)
	}

	rd, err := kgo.NewClient(kgo.SeedBrokers(b.Addrs()...), kgo.ConsumeTopics("out"),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	var keys []string
	for len(keys) == 0 && ctx.Err() == nil {
		fctx, fcancel := context.WithTimeout(ctx, 2*time.Second)
		rd.PollFetches(fctx).EachRecord(func(r *kgo.Record) { keys = append(keys, string(r.Key)) })
		fcancel()
	}
	if len(keys) != 1 || keys[0] != "committed" {
		t.Fatalf("read_committed output: %v, want [committed]", keys)
	}
}
