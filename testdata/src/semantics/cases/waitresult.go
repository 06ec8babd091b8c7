package cases

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/IBM/sarama"

	"semantics/errlog"
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

// waitLoggedHandler only logs a false answer, then marks: a skip (review
// 40-1/D1: at-least-once, the answer taken for a decision).
type waitLoggedHandler struct{ inner resultHandle }

func (h *waitLoggedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *waitLoggedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *waitLoggedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	for msg := range claim.Messages() {
		go func() {
			ok, err := h.inner.Handle(sess.Context(), msg)
			if err != nil {
				log.Printf("handle %d: %v", msg.Offset, err)
			}
			res <- ok
		}()
		if ok := <-res; !ok {
			log.Printf("not handled: %d", msg.Offset)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// waitErrStopHandler answers err == nil, and the claim ends on false:
// nothing is skipped (review 40-1/D6).
type waitErrStopHandler struct{ inner resultHandle }

func (h *waitErrStopHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *waitErrStopHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *waitErrStopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	for msg := range claim.Messages() {
		go func() {
			_, err := h.inner.Handle(sess.Context(), msg)
			if err != nil {
				log.Printf("handle %d: %v", msg.Offset, err)
			}
			res <- err == nil
		}()
		if !<-res {
			return errors.New("message not handled")
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// wgErrHandler joins a goroutine per message whose failure goes to an
// error channel a logger drains, then marks: a skip (review 40-1/D2).
type wgErrHandler struct{ errs chan error }

func (h *wgErrHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *wgErrHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *wgErrHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := apply(msg.Value); err != nil {
				h.errs <- err
			}
		}()
		wg.Wait()
		sess.MarkMessage(msg, "")
	}
	return nil
}

func waitLogged(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wait-logged", sarama.NewConfig()) // case: waitlogged
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &waitLoggedHandler{inner: savingHandle{}})
}

func waitErrStop(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wait-errstop", sarama.NewConfig()) // case: waiterrstop
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &waitErrStopHandler{inner: savingHandle{}})
}

func wgErrLogged(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wg-errlog", sarama.NewConfig()) // case: wgerrlogged
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go func() {
		for e := range errs {
			log.Print(e)
		}
	}()
	return g.Consume(ctx, []string{"t"}, &wgErrHandler{errs: errs})
}

// wgErrSelect and wgErrParam are wgErrLogged with the errors drained by
// a select loop, or by a function given the channel (review 40-2/D3, D4).
func wgErrSelect(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wg-errselect", sarama.NewConfig()) // case: wgerrselect
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go func() {
		for {
			select {
			case e := <-errs:
				log.Print(e)
			case <-ctx.Done():
				return
			}
		}
	}()
	return g.Consume(ctx, []string{"t"}, &wgErrHandler{errs: errs})
}

func logErrors(errs chan error) {
	for e := range errs {
		log.Print(e)
	}
}

func wgErrParam(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wg-errparam", sarama.NewConfig()) // case: wgerrparam
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go logErrors(errs)
	return g.Consume(ctx, []string{"t"}, &wgErrHandler{errs: errs})
}

// drainAll logs what it receives, of any type (review 40-3/D3a).
func drainAll[T any](c <-chan T) {
	for v := range c {
		log.Print(v)
	}
}

func wgErrGeneric(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wg-errgeneric", sarama.NewConfig()) // case: wgerrgeneric
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go drainAll(errs)
	return g.Consume(ctx, []string{"t"}, &wgErrHandler{errs: errs})
}

// wgKeptHandler is wgErrHandler for the twins whose errors are kept: the
// channels of one field are judged together.
type wgKeptHandler struct{ errs chan error }

func (h *wgKeptHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *wgKeptHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *wgKeptHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := apply(msg.Value); err != nil {
				h.errs <- err
			}
		}()
		wg.Wait()
		sess.MarkMessage(msg, "")
	}
	return nil
}

// collectAll keeps what it receives for its caller.
func collectAll[T any](c <-chan T, into *[]T) {
	for v := range c {
		*into = append(*into, v)
	}
}

func wgErrGenericKept(ctx context.Context, failed *[]error) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wg-errgenerickept", sarama.NewConfig()) // case: wgerrgenerickept
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go collectAll(errs, failed)
	return g.Consume(ctx, []string{"t"}, &wgKeptHandler{errs: errs})
}

func wgErrForeign(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wg-errforeign", sarama.NewConfig()) // case: wgerrforeign
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go errlog.Drain(errs)
	return g.Consume(ctx, []string{"t"}, &wgErrHandler{errs: errs})
}

func wgErrForeignKept(ctx context.Context, failed *[]error) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wg-errforeignkept", sarama.NewConfig()) // case: wgerrforeignkept
	if err != nil {
		return err
	}
	errs := make(chan error, 1)
	go errlog.Collect(errs, failed)
	return g.Consume(ctx, []string{"t"}, &wgKeptHandler{errs: errs})
}

// waitCountedHandler only counts a false answer, then marks (review
// 40-2/D5).
type waitCountedHandler struct {
	inner  resultHandle
	failed atomic.Int64
}

func (h *waitCountedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *waitCountedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *waitCountedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	for msg := range claim.Messages() {
		go func() {
			ok, err := h.inner.Handle(sess.Context(), msg)
			if err != nil {
				log.Printf("handle %d: %v", msg.Offset, err)
			}
			res <- ok
		}()
		if ok := <-res; !ok {
			h.failed.Add(1)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func waitCounted(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wait-counted", sarama.NewConfig()) // case: waitcounted
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &waitCountedHandler{inner: savingHandle{}})
}

// errStopHandler reports a failure on h.errs; the claim's select returns
// on it before the next mark: the error is no log line (review 40-3/D2).
type errStopHandler struct{ errs chan error }

func (h *errStopHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *errStopHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *errStopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := apply(msg.Value); err != nil {
				h.errs <- err
			}
		}()
		wg.Wait()
		select {
		case err := <-h.errs:
			return fmt.Errorf("apply %d: %w", msg.Offset, err)
		default:
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func errStop(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-err-stop", sarama.NewConfig()) // case: errstop
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &errStopHandler{errs: make(chan error, 1)})
}

// waitLocalHandler counts a false answer in a local it only logs, then
// marks: a skip (review 40-3/D5).
type waitLocalHandler struct{ inner resultHandle }

func (h *waitLocalHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *waitLocalHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *waitLocalHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	failed := 0
	for msg := range claim.Messages() {
		go func() {
			ok, err := h.inner.Handle(sess.Context(), msg)
			if err != nil {
				log.Printf("handle %d: %v", msg.Offset, err)
			}
			res <- ok
		}()
		if ok := <-res; !ok {
			failed++
		}
		sess.MarkMessage(msg, "")
	}
	log.Printf("%d failed", failed)
	return nil
}

func waitLocal(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wait-local", sarama.NewConfig()) // case: waitlocal
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &waitLocalHandler{inner: savingHandle{}})
}

// stored answers whether v was stored, and why not.
func stored(v []byte) (bool, error) { return len(v) > 0, nil }

// dropCountHandler's goroutine drops the error and answers the bool,
// which the claim only counts before marking (review 40-3/D5b).
type dropCountHandler struct{ failed int }

func (h *dropCountHandler) Setup(sarama.ConsumerGroupSession) error { return nil }
func (h *dropCountHandler) Cleanup(sarama.ConsumerGroupSession) error {
	log.Printf("%d failed", h.failed)
	return nil
}

func (h *dropCountHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	for msg := range claim.Messages() {
		go func() {
			ok, _ := stored(msg.Value)
			res <- ok
		}()
		if ok := <-res; !ok {
			h.failed++
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func dropCounted(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-drop-counted", sarama.NewConfig()) // case: dropcounted
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &dropCountHandler{})
}

// dropStopHandler stops on a false answer: the error dropped, the
// failure kept all the same.
type dropStopHandler struct{}

func (h *dropStopHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *dropStopHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *dropStopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	res := make(chan bool)
	for msg := range claim.Messages() {
		go func() {
			ok, _ := stored(msg.Value)
			res <- ok
		}()
		if ok := <-res; !ok {
			return errors.New("store failed")
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func dropStops(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-drop-stops", sarama.NewConfig()) // case: dropstops
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &dropStopHandler{})
}
