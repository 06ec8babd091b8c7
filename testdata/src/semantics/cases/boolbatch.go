package cases

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

type inRecord struct {
	Key, Value []byte
	Offset     int64
}

// processIn applies a batch, logging a failure and answering false.
func processIn(in []inRecord) ([]inRecord, bool) {
	for _, r := range in {
		if err := apply(r); err != nil {
			log.Printf("process: %v", err)
			return nil, false
		}
	}
	return in, true
}

// boolBatch abandons a batch whose processing fails and polls again: the
// next batch's commit passes it (trial 38a/D5, gstream's shape: 88 to
// 161 of 300 lost to transient failures). Its twin stops instead.
func boolBatch(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-bool-batch"), kgo.DisableAutoCommit()) // case: boolbatch
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var in []inRecord
		var recs []*kgo.Record
		fs.EachRecord(func(r *kgo.Record) {
			in = append(in, inRecord{Key: r.Key, Value: r.Value, Offset: r.Offset})
			recs = append(recs, r)
		})
		outs, ok := processIn(in)
		if !ok {
			continue
		}
		for _, o := range outs {
			cl.ProduceSync(ctx, &kgo.Record{Key: o.Key, Value: o.Value})
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			log.Print(err)
		}
	}
}

// boolBatchStops is boolBatch stopping on a failed batch.
func boolBatchStops(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-bool-stops"), kgo.DisableAutoCommit()) // case: boolbatchstops
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var in []inRecord
		var recs []*kgo.Record
		fs.EachRecord(func(r *kgo.Record) {
			in = append(in, inRecord{Key: r.Key, Value: r.Value, Offset: r.Offset})
			recs = append(recs, r)
		})
		outs, ok := processIn(in)
		if !ok {
			return
		}
		for _, o := range outs {
			cl.ProduceSync(ctx, &kgo.Record{Key: o.Key, Value: o.Value})
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			log.Print(err)
		}
	}
}

// readBatch reads up to 100 messages one by one into a batch, delivers
// it and commits the stored offsets: with auto-store on, every message
// read is stored, so a failed batch abandoned for the next read is
// committed with the next batch (review 38-2/D6). Its twin stops.
func readBatch() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-read-batch", "enable.auto.commit": false}) // case: readbatch
	for {
		var in []inRecord
		for len(in) < 100 {
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				break
			}
			in = append(in, inRecord{Key: m.Key, Value: m.Value})
		}
		if len(in) == 0 {
			continue
		}
		if _, ok := processIn(in); !ok {
			continue
		}
		if _, err := c.Commit(); err != nil {
			log.Print(err)
		}
	}
}

// readBatchStops is readBatch stopping on a failed batch.
func readBatchStops() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-read-stops", "enable.auto.commit": false}) // case: readbatchstops
	for {
		var in []inRecord
		for len(in) < 100 {
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				break
			}
			in = append(in, inRecord{Key: m.Key, Value: m.Value})
		}
		if len(in) == 0 {
			continue
		}
		if _, ok := processIn(in); !ok {
			return
		}
		if _, err := c.Commit(); err != nil {
			log.Print(err)
		}
	}
}
