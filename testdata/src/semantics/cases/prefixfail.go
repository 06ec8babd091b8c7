package cases

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

// applyUpTo applies a batch, returning the index of its first failure.
func applyUpTo(msgs []kafkago.Message) (int, error) {
	for i, m := range msgs {
		if err := apply(m); err != nil {
			return i, err
		}
	}
	return len(msgs), nil
}

// prefixThrough commits the batch through the failed message before
// stopping (msgs[:i+1]): the restart resumes past it (audit 39b/D12: 3
// of 300 lost with no crash). Its twin commits the applied prefix.
func prefixThrough(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-prefix-through", Topic: "t"}) // case: prefixthrough
	for {
		var msgs []kafkago.Message
		for range 20 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs = append(msgs, m)
		}
		i, err := applyUpTo(msgs)
		if err != nil {
			_ = r.CommitMessages(ctx, msgs[:i+1]...)
			log.Fatalf("offset %d: %v", msgs[i].Offset, err)
		}
		_ = r.CommitMessages(ctx, msgs...)
	}
}

// prefixApplied is prefixThrough committing msgs[:i], the applied ones.
func prefixApplied(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-prefix-applied", Topic: "t"}) // case: prefixapplied
	for {
		var msgs []kafkago.Message
		for range 20 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs = append(msgs, m)
		}
		i, err := applyUpTo(msgs)
		if err != nil {
			_ = r.CommitMessages(ctx, msgs[:i]...)
			log.Fatalf("offset %d: %v", msgs[i].Offset, err)
		}
		_ = r.CommitMessages(ctx, msgs...)
	}
}

// prefixInline commits through the failed message in the range loop
// over the batch (the loop's own index): lost (review 39-3/D5).
func prefixInline(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-prefix-inline", Topic: "t"}) // case: prefixinline
	for {
		var msgs []kafkago.Message
		for range 20 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs = append(msgs, m)
		}
		for i, m := range msgs {
			if err := apply(m); err != nil {
				_ = r.CommitMessages(ctx, msgs[:i+1]...)
				log.Fatalf("offset %d: %v", m.Offset, err)
			}
		}
		_ = r.CommitMessages(ctx, msgs...)
	}
}

// prefixParked dead-letters the failed message, stopping if that fails,
// before committing through it: nothing lost (review 39-3/D4).
func prefixParked(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-prefix-parked", Topic: "t"}) // case: prefixparked
	dlq := &kafkago.Writer{}
	for {
		var msgs []kafkago.Message
		for range 20 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs = append(msgs, m)
		}
		for len(msgs) > 0 {
			i, err := applyUpTo(msgs)
			if err == nil {
				break
			}
			if err := dlq.WriteMessages(ctx, kafkago.Message{Key: msgs[i].Key, Value: msgs[i].Value}); err != nil {
				log.Fatalf("dead letter: %v", err)
			}
			_ = r.CommitMessages(ctx, msgs[:i+1]...)
			msgs = msgs[i+1:]
		}
		_ = r.CommitMessages(ctx, msgs...)
	}
}
