package cases

import (
	"context"
	"log"
	"time"

	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// ctxBreakCommit stops applying a batch when the context is cancelled,
// then commits the whole batch with a context that is not: the records
// left are committed unprocessed (audit 38b/D1: 15 to 17 of 300 lost at a
// SIGTERM).
func ctxBreakCommit(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ctx-break"), kgo.DisableAutoCommit()) // case: ctxbreak
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		recs := fs.Records()
		for _, r := range recs {
			if ctx.Err() != nil {
				break
			}
			if err := saveRec(r); err != nil {
				log.Fatal(err)
			}
		}
		if err := cl.CommitRecords(context.Background(), recs...); err != nil {
			log.Print(err)
		}
	}
}

// ctxBreakSameCtx commits with the context it checks: cancelled, the
// commit fails too, and nothing is skipped.
func ctxBreakSameCtx(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ctx-same"), kgo.DisableAutoCommit()) // case: ctxsame
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		recs := fs.Records()
		for _, r := range recs {
			if ctx.Err() != nil {
				break
			}
			if err := saveRec(r); err != nil {
				log.Fatal(err)
			}
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			log.Print(err)
		}
	}
}

// ctxPrefix commits the prefix of the batch it applied: a break leaves
// the rest out of the commit (audit 38b/D3).
func ctxPrefix(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ctx-prefix"), kgo.DisableAutoCommit()) // case: ctxprefix
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		recs := fs.Records()
		n := 0
		for _, r := range recs {
			if ctx.Err() != nil {
				break
			}
			if err := saveRec(r); err != nil {
				break
			}
			n++
		}
		if err := cl.CommitRecords(context.Background(), recs[:n]...); err != nil {
			log.Print(err)
		}
		if n < len(recs) {
			return
		}
	}
}

// ctxKafkaGo is ctxBreakCommit with a kafka-go batch (audit 38b/D11).
func ctxKafkaGo(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-ctx-kafkago", Topic: "t"}) // case: ctxkafkago
	for {
		var batch []kafkago.Message
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			if ctx.Err() != nil {
				break
			}
			if err := apply(m); err != nil {
				log.Fatal(err)
			}
		}
		if err := r.CommitMessages(context.Background(), batch...); err != nil {
			return
		}
	}
}

// ctxEachRecord returns from the per-record function once the context is
// cancelled, skipping the rest of the poll, which the next poll makes
// committable (audit 38b/D2); its save is retried until it succeeds.
func ctxEachRecord(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ctx-each")) // case: ctxeach
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachRecord(func(r *kgo.Record) {
			if ctx.Err() != nil {
				return
			}
			for saveRec(r) != nil {
				time.Sleep(time.Second)
			}
		})
	}
}

// retryEachRecord is ctxEachRecord without the context check: the save
// retried in place skips nothing (audit 38b/D5).
func retryEachRecord(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-retry-each")) // case: retryeach
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachRecord(func(r *kgo.Record) {
			for saveRec(r) != nil {
				time.Sleep(time.Second)
			}
		})
	}
}

// ctxPerRecord gives each record a context of its own with a timeout and
// skips one that timed out: the next record's commit passes it (review
// 38-2/D9: 14 of 300 lost without a crash).
func ctxPerRecord(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ctx-per-record"), kgo.DisableAutoCommit()) // case: ctxperrecord
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		for _, r := range fs.Records() {
			rctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := saveRecCtx(rctx, r)
			if rctx.Err() != nil {
				cancel()
				continue
			}
			cancel()
			if err != nil {
				log.Fatal(err)
			}
			if err := cl.CommitRecords(context.Background(), r); err != nil {
				log.Print(err)
			}
		}
	}
}

func saveRecCtx(ctx context.Context, r *kgo.Record) error { return ctx.Err() }

// bufferFills keeps a buffer across polls and writes it once full (if
// !full(buf) { continue } polls for more): no skip (review 38-2/D5).
func bufferFills(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-buffer-fills"), kgo.DisableAutoCommit()) // case: bufferfills
	var buf []inRecord
	var recs []*kgo.Record
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachRecord(func(r *kgo.Record) {
			buf = append(buf, inRecord{Key: r.Key, Value: r.Value})
			recs = append(recs, r)
		})
		if !full(buf) {
			continue
		}
		if _, ok := processIn(buf); !ok {
			log.Fatal("write failed")
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			log.Print(err)
		}
		buf, recs = nil, nil
	}
}

func full(buf []inRecord) bool { return len(buf) >= 100 }
