package cases

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func sendCtx(ctx context.Context, v []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return os.WriteFile("/tmp/v", v, 0o644)
}

// A shutdown breaking out of the poll's records, then the commit of the
// whole poll with a fresh context (hunt 43f/D6: 280 of 300 lost at one
// SIGTERM); its twin returns.
func cancelBreak(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				if ctx.Err() != nil {
					break
				}
				return fmt.Errorf("send: %w", err)
			}
		}
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			return err
		}
	}
}

func cancelReturn(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return fmt.Errorf("send: %w", err)
			}
		}
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			return err
		}
	}
}

// A cancellation taken for a success (hunt 43f/D9: the in-flight message
// committed at each shutdown); its twin stops on it.
func cancelCommit(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		err = sendCtx(ctx, m.Value)
		if err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
		if err := r.CommitMessages(context.Background(), m); err != nil {
			return err
		}
	}
}

func cancelStop(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := sendCtx(ctx, m.Value); err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		if err := r.CommitMessages(context.Background(), m); err != nil {
			return err
		}
	}
}

// The failure branch marking the record in flight when the session's
// context ends (hunt 43f/D3: one record per claim lost at each
// rebalance).
type cancelMarker struct{}

func (cancelMarker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (cancelMarker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (cancelMarker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for msg := range claim.Messages() {
		if err := sendCtx(ctx, msg.Value); err != nil {
			if ctx.Err() != nil {
				sess.MarkMessage(msg, "")
				return nil
			}
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// A transient failure told apart and skipped (hunt 43f/D4, D8: 3 of 300
// lost without a crash); its twin skips a permanent one (a poison
// record) and stops on the rest.
type tempError interface{ Temporary() bool }

func tempSkip(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := sendCtx(ctx, m.Value); err != nil {
			var te tempError
			if errors.As(err, &te) && te.Temporary() {
				log.Printf("deferred: %v", err)
				continue
			}
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var errPoison = errors.New("invalid")

func poisonSkip(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := sendCtx(ctx, m.Value); err != nil {
			if errors.Is(err, errPoison) {
				log.Printf("poison: %v", err)
				continue
			}
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// The records applied before a failure, committed before returning it
// (precision hunt 43p/D3): the commit passes none that failed.
func doneBreak(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var (
			done   []*kgo.Record
			failed error
		)
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				failed = err
				break
			}
			done = append(done, r)
		}
		cerr := cl.CommitRecords(ctx, done...)
		if err := errors.Join(failed, cerr); err != nil {
			return err
		}
	}
}

// The failures of a poll collected in a list, the loop returning before
// the commit when it is not empty (precision hunt 43p/D7).
func errList(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				log.Printf("send: %v", err)
				errs = append(errs, err)
			}
		})
		if len(errs) > 0 {
			return errors.Join(errs...)
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// The records done committed when the context ends, in the branch
// itself (review 43-2/D5); sarama flushing the marks made (43-2/D6): no
// skip. A cancellation compared with == (43-2/D9): a skip.
func cancelCommitDone(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var done []*kgo.Record
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				if ctx.Err() != nil {
					_ = cl.CommitRecords(context.Background(), done...)
					return nil
				}
				return err
			}
			done = append(done, r)
		}
		if err := cl.CommitRecords(ctx, done...); err != nil {
			return err
		}
	}
}

type cancelFlusher struct{}

func (cancelFlusher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (cancelFlusher) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (cancelFlusher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx := sess.Context()
	for msg := range claim.Messages() {
		if err := sendCtx(ctx, msg.Value); err != nil {
			if ctx.Err() != nil {
				sess.Commit()
				return nil
			}
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func cancelEqual(ctx context.Context, r *kafkago.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		err = sendCtx(ctx, m.Value)
		if err != nil && err != context.Canceled {
			return err
		}
		if err := r.CommitMessages(context.Background(), m); err != nil {
			return err
		}
	}
}

// A list of failures only logged after the commit (review 43-2/D1).
func errListLate(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		if len(errs) > 0 {
			log.Printf("%d failed: %v", len(errs), errors.Join(errs...))
		}
	}
}

// A failure kept for the loop, which reads it only once the poll is
// through, while each later record of the poll is committed (trial
// 43c/D1: 5 of 300 lost without a crash).
func flagAfterPoll(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var failed error
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				failed = err
				return
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				log.Print(err)
			}
		})
		if failed != nil {
			return failed
		}
	}
}

// The branch of a cancellation committing the whole poll, or the record
// in hand with those done (review 43-3/D12, D13).
func cancelCommitAll(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var done []*kgo.Record
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				if ctx.Err() != nil {
					_ = cl.CommitRecords(context.Background(), append(done, r)...)
					return nil
				}
				return err
			}
			done = append(done, r)
		}
		if err := cl.CommitRecords(ctx, done...); err != nil {
			return err
		}
	}
}

func runRetryKinds(ctx context.Context) {
	q, _ := kgo.NewClient(kgo.ConsumerGroup("g-cancel-all"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: cancelcommitall
	go func() { _ = cancelCommitAll(ctx, q) }()
	o, _ := kgo.NewClient(kgo.ConsumerGroup("g-flag-after"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: flagafterpoll
	go func() { _ = flagAfterPoll(ctx, o) }()
	j, _ := kgo.NewClient(kgo.ConsumerGroup("g-cancel-done"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())   // case: cancelcommitdone
	k, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-cancel-flush", sarama.NewConfig())                    // case: cancelflush
	l := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-cancel-equal", Topic: "t"})                          // case: cancelequal
	n, _ := kgo.NewClient(kgo.ConsumerGroup("g-err-list-late"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: errlistlate
	go func() { _ = cancelCommitDone(ctx, j) }()
	go func() { _ = k.Consume(ctx, []string{"t"}, cancelFlusher{}) }()
	go func() { _ = cancelEqual(ctx, l) }()
	go func() { _ = errListLate(ctx, n) }()
	a, _ := kgo.NewClient(kgo.ConsumerGroup("g-cancel-break"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())  // case: cancelbreak
	b, _ := kgo.NewClient(kgo.ConsumerGroup("g-cancel-return"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: cancelreturn
	c := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-cancel-commit", Topic: "t"})                         // case: cancelcommit
	d := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-cancel-stop", Topic: "t"})                           // case: cancelstop
	e, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-cancel-mark", sarama.NewConfig())                     // case: cancelmark
	f := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-temp-skip", Topic: "t"})                             // case: tempskip
	g := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-poison-skip", Topic: "t"})                           // case: poisonskip
	h, _ := kgo.NewClient(kgo.ConsumerGroup("g-done-break"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())    // case: donebreak
	i, _ := kgo.NewClient(kgo.ConsumerGroup("g-err-list"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())      // case: errlist
	go func() { _ = cancelBreak(ctx, a) }()
	go func() { _ = cancelReturn(ctx, b) }()
	go func() { _ = cancelCommit(ctx, c) }()
	go func() { _ = cancelStop(ctx, d) }()
	go func() { _ = e.Consume(ctx, []string{"t"}, cancelMarker{}) }()
	go func() { _ = tempSkip(ctx, f) }()
	go func() { _ = poisonSkip(ctx, g) }()
	go func() { _ = doneBreak(ctx, h) }()
	_ = errList(ctx, i)
}

var _ = runRetryKinds
