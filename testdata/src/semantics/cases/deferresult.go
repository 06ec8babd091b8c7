package cases

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
)

// resultMarkHandler marks each message in a defer guarded by the named
// result; a failed save is logged and returned without setting it (a
// naked return), so the defer marks the failed message (trial 41e/D3:
// at-least-once, 3 of 300 lost without a crash).
type resultMarkHandler struct{}

func (resultMarkHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (resultMarkHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h resultMarkHandler) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (err error) {
	defer func() {
		if err == nil {
			sess.MarkMessage(msg, "")
		}
	}()
	if serr := apply(msg.Value); serr != nil {
		log.Printf("offset %d: %v", msg.Offset, serr)
		return
	}
	return nil
}

func (h resultMarkHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.handle(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

// resultKeptHandler is its twin: the failure is the named result, and
// the defer marks nothing.
type resultKeptHandler struct{}

func (resultKeptHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (resultKeptHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h resultKeptHandler) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (err error) {
	defer func() {
		if err == nil {
			sess.MarkMessage(msg, "")
		}
	}()
	if serr := apply(msg.Value); serr != nil {
		log.Printf("offset %d: %v", msg.Offset, serr)
		return serr
	}
	return nil
}

func (h resultKeptHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.handle(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

func runResultMarks(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-result-mark", sarama.NewConfig()) // case: resultmark
	b, _ := sarama.NewConsumerGroup(nil, "g-result-kept", sarama.NewConfig()) // case: resultkept
	_ = a.Consume(ctx, []string{"t"}, resultMarkHandler{})
	_ = b.Consume(ctx, []string{"t"}, resultKeptHandler{})
}

// resultCommit commits the message in a defer that returns early on a
// failure (if err != nil { return }); the failed write returns nil
// (trial 41e/D7: at-least-once, 3 of 300 lost without a crash).
func resultCommit(ctx context.Context, r *kafkago.Reader, m kafkago.Message) (err error) {
	defer func() {
		if err != nil {
			return
		}
		if cerr := r.CommitMessages(ctx, m); cerr != nil {
			err = cerr
		}
	}()
	if werr := apply(m.Value); werr != nil {
		log.Printf("write %d: %v", m.Offset, werr)
		return nil
	}
	return nil
}

func runResultCommit(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-result-commit", Topic: "t"}) // case: resultcommit
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := resultCommit(ctx, r, m); err != nil {
			return err
		}
	}
}

// resultCommitKept is its twin: the failed write is the result.
func resultCommitKept(ctx context.Context, r *kafkago.Reader, m kafkago.Message) (err error) {
	defer func() {
		if err != nil {
			return
		}
		if cerr := r.CommitMessages(ctx, m); cerr != nil {
			err = cerr
		}
	}()
	if werr := apply(m.Value); werr != nil {
		log.Printf("write %d: %v", m.Offset, werr)
		return werr
	}
	return nil
}

func runResultCommitKept(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-result-commit-kept", Topic: "t"}) // case: resultcommitkept
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := resultCommitKept(ctx, r, m); err != nil {
			return err
		}
	}
}

var _, _, _ = runResultMarks, runResultCommit, runResultCommitKept
