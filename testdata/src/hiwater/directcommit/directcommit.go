// Package directcommit holds hiwater cases for consumers that assign
// partitions themselves and keep a group's offsets: franz-go's admin
// client (kadm) and kafka-go's Generation.
package directcommit

import (
	"context"
	"sync"

	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

type store interface {
	Save(ctx context.Context, r *kgo.Record) error
}

// fanout saves each record of a poll in its own goroutine, which commits
// the record's offset with kadm.
func fanout(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) {
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		for _, r := range fs.Records() {
			wg.Add(1)
			go func(r *kgo.Record) {
				defer wg.Done()
				if err := s.Save(ctx, r); err != nil {
					return
				}
				if err := adm.CommitAllOffsets(ctx, "billing", kadm.OffsetsFromRecords(*r)); err != nil { // want `call to CommitAllOffsets from a per-record goroutine: records of a partition finish out of order and franz-go commits are last-write-wins`
					return
				}
			}(r)
		}
		wg.Wait()
	}
}

// fanoutJoined is fanout's twin: the poll is committed once every
// goroutine is done.
func fanoutJoined(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		for _, r := range fs.Records() {
			wg.Add(1)
			go func(r *kgo.Record) {
				defer wg.Done()
				_ = s.Save(ctx, r)
			}(r)
		}
		wg.Wait()
		if err := adm.CommitAllOffsets(ctx, "billing", kadm.OffsetsFromFetches(fs)); err != nil { // ok: after the join
			return err
		}
	}
}

type sink interface {
	Write(ctx context.Context, m kafka.Message) error
}

// perMessage writes each message of a generation's partition in its own
// goroutine, which commits it through the generation.
func perMessage(ctx context.Context, gen *kafka.Generation, r *kafka.Reader, out sink) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		go func(m kafka.Message) {
			if err := out.Write(ctx, m); err != nil {
				return
			}
			if err := gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}}); err != nil { // want `call to CommitOffsets from a per-record goroutine`
				return
			}
		}(m)
	}
}

// perPartition is perMessage's twin: one goroutine per assigned
// partition (Generation.Start) writes and commits its messages in order.
func perPartition(gen *kafka.Generation, topic string, out sink) {
	for _, p := range gen.Assignments[topic] {
		gen.Start(func(ctx context.Context) {
			r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, Topic: topic, Partition: p.ID})
			defer r.Close()
			for {
				m, err := r.ReadMessage(ctx)
				if err != nil {
					return
				}
				if err := out.Write(ctx, m); err != nil {
					return
				}
				if err := gen.CommitOffsets(map[string]map[int]int64{topic: {p.ID: m.Offset + 1}}); err != nil { // ok: one goroutine per partition
					return
				}
			}
		})
	}
}
