package hardfix

import (
	"log"

	"github.com/IBM/sarama"
)

// worker handles a message and marks it, or reports its failure on a
// channel of its own.
type worker struct{ failures chan error }

func (w worker) work(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	if err := handleMessage(msg); err != nil {
		w.failures <- err
		return
	}
	sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record goroutine`
}

// methodReporting starts a worker's method per message; the select
// receiving the messages also receives the worker's failures (a field):
// run in place, a failure would wait for the select forever, and the
// low-water fix takes a function literal only. The fix runs the method in
// place and sends each failure from a goroutine of its own.
type methodReporting struct{ w worker }

func (methodReporting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (methodReporting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h methodReporting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go h.w.work(sess, msg)
		case err := <-h.w.failures:
			log.Printf("handle: %v", err)
		case <-sess.Context().Done():
			return nil
		}
	}
}

// checker handles a message and returns its failure.
type checker struct{}

func (checker) check(msg *sarama.ConsumerMessage) error { return handleMessage(msg) }

// methodInPlace is methodReporting's twin: the method runs in place and
// the select's message case marks after it.
type methodInPlace struct{ c checker }

func (methodInPlace) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (methodInPlace) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h methodInPlace) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := h.c.check(msg); err != nil {
				log.Printf("handle: %v", err)
				continue
			}
			sess.MarkMessage(msg, "") // ok: handled in place, in order
		case <-sess.Context().Done():
			return nil
		}
	}
}
