// Package produce holds ordering cases where the effect of a record is a
// record produced through the client: a synchronous produce is the
// processing, an asynchronous one hands the record on.
package produce

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type handler struct {
	out   sarama.SyncProducer
	async sarama.AsyncProducer
}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error {
	return nil
}

// markThenForward marks each message, then forwards it with a
// SyncProducer: the mark comes before the effect.
func (h handler) markThenForward(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: with auto-commit on, a crash between them loses the message \(at-most-once\)`
		if _, _, err := h.out.SendMessage(&sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
	}
	return nil
}

// forwardThenMark is markThenForward's twin.
func (h handler) forwardThenMark(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, _, err := h.out.SendMessage(&sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: forwarded first
	}
	return nil
}

// commitThenProduce commits each franz-go record, then produces its copy.
func commitThenProduce(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords before the record is processed: a crash between them loses the record \(at-most-once\)`
				return err
			}
			if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "out", Value: r.Value}).FirstErr(); err != nil {
				return err
			}
		}
	}
}

// produceThenCommit is commitThenProduce's twin.
func produceThenCommit(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "out", Value: r.Value}).FirstErr(); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // ok: produced first
				return err
			}
		}
	}
}

// produceAsyncThenCommit queues each copy with Produce and commits the
// record before Kafka has acknowledged the copy.
func produceAsyncThenCommit(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			cl.Produce(ctx, &kgo.Record{Topic: "out", Value: r.Value}, func(_ *kgo.Record, err error) {
				if err != nil {
					log.Printf("produce: %v", err)
				}
			})
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords after the record is produced asynchronously by Produce, with no wait for its delivery: a crash before the delivery loses the record \(at-most-once\)`
				return err
			}
		}
	}
}

// produceAsyncNoPromise is produceAsyncThenCommit without a promise.
func produceAsyncNoPromise(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			cl.TryProduce(ctx, &kgo.Record{Topic: "out", Value: r.Value}, nil)
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords after the record is produced asynchronously by TryProduce`
				return err
			}
		}
	}
}

// commitThenProduceAsync commits each record, then queues its copy.
func commitThenProduceAsync(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords before the record is produced \(asynchronously, by Produce\): a crash before the delivery loses the record \(at-most-once\)`
				return err
			}
			cl.Produce(ctx, &kgo.Record{Topic: "out", Value: r.Value}, nil)
		}
	}
}

// produceAsyncFlushed is produceAsyncThenCommit's twin: the batch's copies
// are flushed before the batch is committed.
func produceAsyncFlushed(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		var failed error
		for _, r := range fetches.Records() {
			cl.Produce(ctx, &kgo.Record{Topic: "out", Value: r.Value}, func(_ *kgo.Record, err error) {
				if err != nil {
					failed = err
				}
			})
		}
		if err := cl.Flush(ctx); err != nil {
			return err
		}
		if failed != nil {
			return failed
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: Flush waits for every delivery, each promise run
			return err
		}
	}
}

// produceAsyncUnflushed is produceAsyncFlushed without the Flush: the
// poll is committed while its copies may still be in the producer's
// buffer.
func produceAsyncUnflushed(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			cl.Produce(ctx, &kgo.Record{Topic: "out", Value: r.Value}, func(_ *kgo.Record, err error) {
				if err != nil {
					log.Printf("produce: %v", err)
				}
			})
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after records it commits are produced asynchronously by Produce, with no flush of the producer before it: a crash before the delivery loses the record \(at-most-once\)`
			return err
		}
	}
}

// enrich transforms a value for its copy; it may fail.
func enrich(v []byte) ([]byte, error) {
	if len(v) == 0 {
		return nil, context.Canceled
	}
	return append([]byte("enriched:"), v...), nil
}

// produceEnrichedUnflushed produces a transformed copy of each record and
// commits the poll with no flush: the transform is not the effect, the
// copy is (audit 30d/1, kfake: 300 of 300 lost).
func produceEnrichedUnflushed(ctx context.Context, cl, out *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		recs := fetches.Records()
		for _, r := range recs {
			v, err := enrich(r.Value)
			if err != nil {
				return err
			}
			out.Produce(ctx, &kgo.Record{Topic: "out", Value: v}, func(_ *kgo.Record, err error) {
				if err != nil {
					log.Printf("produce: %v", err)
				}
			})
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil { // want `call to CommitRecords after records it commits are produced asynchronously by Produce, with no flush of the producer before it`
			return err
		}
	}
}

// produceEnrichedFlushed is the same with the producer flushed first.
func produceEnrichedFlushed(ctx context.Context, cl, out *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		recs := fetches.Records()
		for _, r := range recs {
			v, err := enrich(r.Value)
			if err != nil {
				return err
			}
			out.Produce(ctx, &kgo.Record{Topic: "out", Value: v}, nil)
		}
		if err := out.Flush(ctx); err != nil {
			return err
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			return err
		}
	}
}

// produceSomeThenCommit queues a copy of the records that have a value
// and commits each record before Kafka has acknowledged its copy.
func produceSomeThenCommit(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if len(r.Value) > 0 {
				cl.Produce(ctx, &kgo.Record{Topic: "out", Value: r.Value}, nil)
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords after records it commits are produced asynchronously by Produce, with no flush of the producer before it`
				return err
			}
		}
	}
}

// produceSomeSyncThenCommit is produceSomeThenCommit's twin: the copies
// are produced synchronously.
func produceSomeSyncThenCommit(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if len(r.Value) > 0 {
				if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "out", Value: r.Value}).FirstErr(); err != nil {
					return err
				}
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // ok: the copy, if any, is acknowledged
				return err
			}
		}
	}
}

// produceFlushedElsewhere flushes the consuming client, not the one that
// produces the copies: they may still be buffered when the poll is
// committed.
func produceFlushedElsewhere(ctx context.Context, cl, out *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			out.Produce(ctx, &kgo.Record{Topic: "out", Value: r.Value}, nil)
		}
		if err := cl.Flush(ctx); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after records it commits are produced asynchronously by Produce, with no flush of the producer before it`
			return err
		}
	}
}

// produceInEachRecord queues the copies from the function literal
// EachRecord runs, then commits the poll.
func produceInEachRecord(ctx context.Context, cl, out *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			out.Produce(ctx, &kgo.Record{Topic: "out", Key: r.Key, Value: r.Value}, nil)
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets after records it commits are produced asynchronously by Produce, with no flush of the producer before it`
			return err
		}
	}
}

// produceInEachRecordFlushed is produceInEachRecord's twin: the producer
// is flushed before the commit.
func produceInEachRecordFlushed(ctx context.Context, cl, out *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			out.Produce(ctx, &kgo.Record{Topic: "out", Key: r.Key, Value: r.Value}, nil)
		})
		if err := out.Flush(ctx); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: Flush waits for every delivery
			return err
		}
	}
}

// commitThenWrite commits each kafka-go message, then writes its copy.
func commitThenWrite(ctx context.Context, r *kafka.Reader, w *kafka.Writer) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
	}
}

// writeThenCommit is commitThenWrite's twin.
func writeThenCommit(ctx context.Context, r *kafka.Reader, w *kafka.Writer) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: written first
			return err
		}
	}
}

// produceThenCommitMessage queues each confluent message's copy and
// commits the message before the copy's delivery report.
func produceThenCommitMessage(c *ckafka.Consumer, p *ckafka.Producer) error {
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if err := p.Produce(&ckafka.Message{Value: m.Value}, nil); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil { // want `call to CommitMessage after the message is produced asynchronously by Produce, with no wait for its delivery: a crash before the delivery loses the message \(at-most-once\)`
			return err
		}
	}
}

// produceAwaitedThenCommit is produceThenCommitMessage's twin: the
// delivery report is awaited before the commit.
func produceAwaitedThenCommit(c *ckafka.Consumer, p *ckafka.Producer) error {
	delivered := make(chan ckafka.Event, 1)
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if err := p.Produce(&ckafka.Message{Value: m.Value}, delivered); err != nil {
			return err
		}
		if err := (<-delivered).(*ckafka.Message).TopicPartition.Error; err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil { // ok: the delivery report is awaited
			return err
		}
	}
}
