package cases

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/IBM/sarama"
)

// resultHandle answers whether a message may be marked, and the error.
type resultHandle interface {
	Handle(ctx context.Context, m *sarama.ConsumerMessage) (bool, error)
}

// waitHandler runs each message's Handle in a goroutine it waits for, with
// a timeout at shutdown, and marks the message when the answer is true: a
// failed message is not marked, but the next one's mark passes it
// (knative's dispatcher, trial 40a/D1: 5 of 300 lost with no crash).
type waitHandler struct {
	inner   resultHandle
	timeout time.Duration
}

func (h *waitHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *waitHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *waitHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	for msg := range claim.Messages() {
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			mark, err := h.inner.Handle(ctx, msg)
			if err != nil {
				log.Printf("handle %d: %v", msg.Offset, err)
			}
			res <- mark
		}()
		var mark bool
		select {
		case mark = <-res:
		case <-sess.Context().Done():
			select {
			case <-time.After(h.timeout):
				cancel()
				mark = <-res
			case mark = <-res:
			}
		}
		cancel()
		if mark {
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

// waitStopHandler is waitHandler ending the claim on a failed message.
type waitStopHandler struct{ inner resultHandle }

func (h *waitStopHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *waitStopHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *waitStopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	for msg := range claim.Messages() {
		go func() {
			mark, err := h.inner.Handle(sess.Context(), msg)
			if err != nil {
				log.Printf("handle %d: %v", msg.Offset, err)
			}
			res <- mark
		}()
		if !<-res {
			return errors.New("message not handled")
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

type savingHandle struct{}

func (savingHandle) Handle(ctx context.Context, m *sarama.ConsumerMessage) (bool, error) {
	if err := apply(m.Value); err != nil {
		return false, err
	}
	return true, nil
}

func waitResult(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wait-result", sarama.NewConfig()) // case: waitresult
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &waitHandler{inner: savingHandle{}, timeout: time.Minute})
}

func waitResultStops(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wait-stops", sarama.NewConfig()) // case: waitresultstops
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &waitStopHandler{inner: savingHandle{}})
}

// errSendHandler reports a failed message's error on a channel another
// goroutine drains, then ends the claim: the error is no record handed on
// (trial 40a/D6: the row said unknown, records sent on a channel).
type errSendHandler struct{ errs chan error }

func (h *errSendHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *errSendHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *errSendHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg.Value); err != nil {
			h.errs <- err
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func errSent(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-err-sent", sarama.NewConfig()) // case: errsent
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go func() {
		for e := range errs {
			log.Print(e)
		}
	}()
	return g.Consume(ctx, []string{"t"}, &errSendHandler{errs: errs})
}
