package cases

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
)

// A retry in a select loop whose deadline gives up and returns nil
// (hunt 42f/D8: at-least-once, 3 of 300 lost without a crash); its twin
// returns the last failure.
type selectRelay struct{ r *kafkago.Reader }

func (x *selectRelay) apply(ctx context.Context, m kafkago.Message) error {
	err := os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o644)
	if err == nil {
		return nil
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Second)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-deadline:
			log.Printf("still failing, moving on: %v", err)
			return nil
		case <-tick.C:
			if err = os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o644); err == nil {
				return nil
			}
		}
	}
}

func (x *selectRelay) run(ctx context.Context) error {
	for {
		m, err := x.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := x.apply(ctx, m); err != nil {
			return err
		}
		if err := x.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

type selectKept struct{ r *kafkago.Reader }

func (x *selectKept) apply(ctx context.Context, m kafkago.Message) error {
	err := os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o644)
	if err == nil {
		return nil
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Second)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-deadline:
			return fmt.Errorf("still failing: %w", err)
		case <-tick.C:
			if err = os.WriteFile("/tmp/"+string(m.Key), m.Value, 0o644); err == nil {
				return nil
			}
		}
	}
}

func (x *selectKept) run(ctx context.Context) error {
	for {
		m, err := x.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := x.apply(ctx, m); err != nil {
			return err
		}
		if err := x.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func runSelect(ctx context.Context) {
	a := &selectRelay{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-select-giveup", Topic: "t"})} // case: selectgiveup
	b := &selectKept{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-select-kept", Topic: "t"})}    // case: selectkept
	go func() { _ = a.run(ctx) }()
	_ = b.run(ctx)
}

var _ = runSelect

// A deferred recover taking any panic for a poison record and marking it
// (hunt 42f/D4: at-least-once, 3 of 300 lost without a crash); a
// per-record helper recovering and only logging, before its own mark
// (its variant); their twin turns the panic into an error the loop stops
// on.
type recoverMarker struct{}

func (recoverMarker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (recoverMarker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (recoverMarker) mustApply(v []byte) {
	if err := os.WriteFile("/tmp/v", v, 0o644); err != nil {
		panic(err)
	}
}

func (h recoverMarker) one(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	defer func() {
		if r := recover(); r != nil {
			log.Printf("poison message skipped: %v", r)
			sess.MarkMessage(msg, "poison")
		}
	}()
	h.mustApply(msg.Value)
	sess.MarkMessage(msg, "")
}

func (h recoverMarker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.one(sess, msg)
	}
	return nil
}

type recoverLogger struct{}

func (recoverLogger) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (recoverLogger) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (recoverLogger) mustApply(v []byte) {
	if err := os.WriteFile("/tmp/v", v, 0o644); err != nil {
		panic(err)
	}
}

func (h recoverLogger) one(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	defer func() {
		if r := recover(); r != nil {
			log.Printf("poison message skipped: %v", r)
		}
	}()
	h.mustApply(msg.Value)
	sess.MarkMessage(msg, "")
}

func (h recoverLogger) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.one(sess, msg)
	}
	return nil
}

type recoverReturner struct{}

func (recoverReturner) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (recoverReturner) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (recoverReturner) mustApply(v []byte) {
	if err := os.WriteFile("/tmp/v", v, 0o644); err != nil {
		panic(err)
	}
}

func (h recoverReturner) one(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	h.mustApply(msg.Value)
	sess.MarkMessage(msg, "")
	return nil
}

func (h recoverReturner) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.one(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

// The poison mark in a deferred method (review 43-1/D11); a deferred
// literal turning the panic into an error and marking only on a success
// (its twin, review 43-1/D5).
type recoverMethod struct{}

func (recoverMethod) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (recoverMethod) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (recoverMethod) mustApply(v []byte) {
	if err := os.WriteFile("/tmp/v", v, 0o644); err != nil {
		panic(err)
	}
}

func (recoverMethod) poison(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	if r := recover(); r != nil {
		log.Printf("poison message skipped: %v", r)
		sess.MarkMessage(msg, "poison")
	}
}

func (h recoverMethod) one(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	defer h.poison(sess, msg)
	h.mustApply(msg.Value)
	sess.MarkMessage(msg, "")
}

func (h recoverMethod) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.one(sess, msg)
	}
	return nil
}

type recoverSuccess struct{}

func (recoverSuccess) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (recoverSuccess) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (recoverSuccess) mustApply(v []byte) {
	if err := os.WriteFile("/tmp/v", v, 0o644); err != nil {
		panic(err)
	}
}

func (h recoverSuccess) one(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
			return
		}
		if err == nil {
			sess.MarkMessage(msg, "")
		}
	}()
	h.mustApply(msg.Value)
	return nil
}

func (h recoverSuccess) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.one(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

func runRecover(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-recover-mark", sarama.NewConfig())    // case: recovermark
	b, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-recover-log", sarama.NewConfig())     // case: recoverlog
	c, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-recover-return", sarama.NewConfig())  // case: recoverreturn
	d, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-recover-method", sarama.NewConfig())  // case: recovermethod
	e, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-recover-success", sarama.NewConfig()) // case: recoversuccess
	_ = a.Consume(ctx, []string{"t"}, recoverMarker{})
	_ = b.Consume(ctx, []string{"t"}, recoverLogger{})
	_ = c.Consume(ctx, []string{"t"}, recoverReturner{})
	_ = d.Consume(ctx, []string{"t"}, recoverMethod{})
	_ = e.Consume(ctx, []string{"t"}, recoverSuccess{})
}

var _ = runRecover
