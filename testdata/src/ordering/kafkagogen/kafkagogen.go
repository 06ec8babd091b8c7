// Package kafkagogen holds ordering cases for kafka-go's low-level group
// API: each generation starts a reader per assigned partition (outside the
// group) and commits through Generation.CommitOffsets.
package kafkagogen

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type sink interface {
	Write(ctx context.Context, key, value []byte) error
}

// commitFirst commits each message's offset before writing it.
func commitFirst(ctx context.Context, gen *kafka.Generation, topic string, p kafka.PartitionAssignment, out sink) {
	gen.Start(func(ctx context.Context) {
		r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, Topic: topic, Partition: p.ID})
		defer r.Close()
		r.SetOffset(p.Offset)
		for {
			m, err := r.ReadMessage(ctx)
			if err != nil {
				return
			}
			if err := gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}}); err != nil { // want `call to CommitOffsets before the message is processed: a crash between them loses the message \(at-most-once\)`
				return
			}
			if err := out.Write(ctx, m.Key, m.Value); err != nil {
				return
			}
		}
	})
}

// commitAfter is commitFirst's twin.
func commitAfter(ctx context.Context, gen *kafka.Generation, topic string, p kafka.PartitionAssignment, out sink) {
	gen.Start(func(ctx context.Context) {
		r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, Topic: topic, Partition: p.ID})
		defer r.Close()
		r.SetOffset(p.Offset)
		for {
			m, err := r.ReadMessage(ctx)
			if err != nil {
				return
			}
			if err := out.Write(ctx, m.Key, m.Value); err != nil {
				return
			}
			if err := gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}}); err != nil { // ok: after the message is written
				return
			}
		}
	})
}
