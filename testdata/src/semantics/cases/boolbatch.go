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

// flushIn delivers a batch read by its caller and commits the stored
// offsets, returning early on a failure: the next batch's Commit()
// passes the failed one (review 39-1/D3). flushInStops answers the
// failure to a caller that stops.
func flushIn(c *kafka.Consumer, batch []*kafka.Message) {
	if err := deliverAll(batch); err != nil {
		log.Printf("batch: %v", err)
		return
	}
	if _, err := c.Commit(); err != nil {
		log.Print(err)
	}
}

func flushInStops(c *kafka.Consumer, batch []*kafka.Message) error {
	if err := deliverAll(batch); err != nil {
		return err
	}
	_, err := c.Commit()
	return err
}

// deliverAll delivers each message, stopping at the first failure.
func deliverAll(batch []*kafka.Message) error {
	for _, m := range batch {
		if err := apply(m.Value); err != nil {
			return err
		}
	}
	return nil
}

func readFlush() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-read-flush", "enable.auto.commit": false}) // case: readflush
	for {
		var batch []*kafka.Message
		for len(batch) < 100 {
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				break
			}
			batch = append(batch, m)
		}
		flushIn(c, batch)
	}
}

func readFlushStops() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-read-flush-stops", "enable.auto.commit": false}) // case: readflushstops
	for {
		var batch []*kafka.Message
		for len(batch) < 100 {
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				break
			}
			batch = append(batch, m)
		}
		if err := flushInStops(c, batch); err != nil {
			return err
		}
	}
}
