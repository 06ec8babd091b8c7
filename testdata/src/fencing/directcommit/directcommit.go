// Package directcommit: consumers that assign partitions themselves and
// keep the group's offsets with franz-go's admin client or kafka-go's
// Generation, discarding the commit's error, beside ones that check it.
package directcommit

import (
	"context"

	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

type store interface {
	Save(ctx context.Context, r *kgo.Record) error
}

// checkpoint saves a poll, then commits it and drops the error.
func checkpoint(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := s.Save(ctx, r); err != nil {
				return err
			}
		}
		adm.CommitOffsets(ctx, "billing", kadm.OffsetsFromFetches(fs)) // want `the error of CommitOffsets is discarded: a failed commit, such as one rejected after a rebalance, goes unnoticed`
	}
}

// checkpointChecked is checkpoint's twin.
func checkpointChecked(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := s.Save(ctx, r); err != nil {
				return err
			}
		}
		if err := adm.CommitAllOffsets(ctx, "billing", kadm.OffsetsFromFetches(fs)); err != nil { // ok: returned
			return err
		}
	}
}

// checkpointUnread checks the error but discards the responses, where
// kadm reports a partition whose commit failed.
func checkpointUnread(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := s.Save(ctx, r); err != nil {
				return err
			}
		}
		if _, err := adm.CommitOffsets(ctx, "billing", kadm.OffsetsFromFetches(fs)); err != nil { // want `the responses of CommitOffsets are discarded: a partition whose commit failed`
			return err
		}
	}
}

// checkpointRead is checkpointUnread's twin reading the responses.
func checkpointRead(ctx context.Context, cl *kgo.Client, adm *kadm.Client, s store) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := s.Save(ctx, r); err != nil {
				return err
			}
		}
		resp, err := adm.CommitOffsets(ctx, "billing", kadm.OffsetsFromFetches(fs))
		if err == nil {
			err = resp.Error()
		}
		if err != nil {
			return err
		}
	}
}

type sink interface {
	Write(ctx context.Context, m kafka.Message) error
}

// partition reads one assigned partition of a generation and drops the
// error of each commit.
func partition(gen *kafka.Generation, topic string, p kafka.PartitionAssignment, out sink) {
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
			_ = gen.CommitOffsets(map[string]map[int]int64{topic: {p.ID: m.Offset + 1}}) // want `the error of CommitOffsets is discarded`
		}
	})
}

// partitionChecked is partition's twin: it stops when the generation ends.
func partitionChecked(gen *kafka.Generation, topic string, p kafka.PartitionAssignment, out sink) {
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
			if err := gen.CommitOffsets(map[string]map[int]int64{topic: {p.ID: m.Offset + 1}}); err != nil { // ok: checked
				return
			}
		}
	})
}
