package hardfix

import (
	"log"

	"github.com/IBM/sarama"
)

// finish marks a handled message.
func finish(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record goroutine`
}

// reporting starts a goroutine per message that marks it through a
// helper, or reports its failure to the select receiving the messages:
// the goroutine can neither run in place (its send would wait for the
// loop) nor be waited for, and the low-water fix takes a position call
// of the goroutine's own body only. The fix runs it in place and sends
// each failure from a goroutine of its own.
type reporting struct{}

func (reporting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (reporting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (reporting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	failures := make(chan error)
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go func() {
				if err := handleMessage(msg); err != nil {
					failures <- err
					return
				}
				finish(sess, msg)
			}()
		case err := <-failures:
			log.Printf("handle: %v", err)
		case <-sess.Context().Done():
			return nil
		}
	}
}

// inPlace is reporting's twin: the select's message case handles and
// marks in place.
type inPlace struct{}

func (inPlace) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (inPlace) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (inPlace) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := handleMessage(msg); err != nil {
				log.Printf("handle: %v", err)
				continue
			}
			sess.MarkMessage(msg, "") // ok: handled in place, in order
		case <-sess.Context().Done():
			return nil
		}
	}
}
