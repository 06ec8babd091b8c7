package oracle

import (
	"context"
	"io"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/twmb/franz-go/pkg/kgo"
)

// tally reads a transactional example's output topics with read_committed
// isolation from their start, as a downstream consumer does, and records
// the key of every committed record (the id of the input record it came
// from) in the audit table: a committed output record is an effect.
type tally struct {
	cl     *kgo.Client
	cancel context.CancelFunc
	done   chan struct{}
	last   atomic.Int64 // unix nanos of the last record seen
}

func startTally(addrs, topics []string, url string, logw io.Writer) (*tally, error) {
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		return nil, err
	}
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(addrs...),
		kgo.ConsumeTopics(topics...),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		kgo.FetchMaxWait(250*time.Millisecond),
	)
	if err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	t := &tally{cl: cl, cancel: cancel, done: make(chan struct{})}
	t.last.Store(time.Now().UnixNano())
	go func() {
		defer close(t.done)
		defer conn.Close(context.Background())
		for {
			fs := cl.PollFetches(ctx)
			if fs.IsClientClosed() || ctx.Err() != nil {
				return
			}
			fs.EachError(func(topic string, p int32, err error) {
				note(logw, "output reader: %s/%d: %v", topic, p, err)
			})
			var ids []string
			fs.EachRecord(func(r *kgo.Record) { ids = append(ids, string(r.Key)) })
			if len(ids) == 0 {
				continue
			}
			if _, err := conn.Exec(ctx, `INSERT INTO oracle_audit (id) SELECT unnest($1::text[])`, ids); err != nil {
				if ctx.Err() == nil {
					note(logw, "output reader: record %d effects: %v", len(ids), err)
				}
				return
			}
			t.last.Store(time.Now().UnixNano())
		}
	}()
	return t, nil
}

// settle waits until no committed output record has arrived for quiet
// (at most bound).
func (t *tally) settle(ctx context.Context, quiet, bound time.Duration) {
	waitUntil(ctx, bound, func() bool { return time.Since(time.Unix(0, t.last.Load())) >= quiet })
}

func (t *tally) stop() {
	t.cancel()
	t.cl.Close()
	<-t.done
}
