package collectors

import (
	"log"

	"github.com/IBM/sarama"
)

// result is a message's completion: the message and how its handling
// ended.
type result struct {
	msg *sarama.ConsumerMessage
	err error
}

// results starts a goroutine per message that sends its result to the
// select receiving the messages, which marks the successes and skips the
// failures: in completion order.
type results struct{}

func (results) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (results) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (results) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan result)
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go func() {
				done <- result{msg: msg, err: handleMessage(msg)}
			}()
		case res := <-done:
			if res.err != nil {
				log.Printf("message %d skipped: %v", res.msg.Offset, res.err)
				continue
			}
			sess.MarkMessage(res.msg, "") // want `completions passed to MarkMessage in arrival order`
		case <-sess.Context().Done():
			return nil
		}
	}
}

// awaitedResults is results' twin: the loop waits for each message's
// result before the next message.
type awaitedResults struct{}

func (awaitedResults) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (awaitedResults) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (awaitedResults) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan result)
	for msg := range claim.Messages() {
		go func() {
			done <- result{msg: msg, err: handleMessage(msg)}
		}()
		select {
		case res := <-done:
			if res.err != nil {
				log.Printf("message %d skipped: %v", res.msg.Offset, res.err)
				continue
			}
			sess.MarkMessage(res.msg, "") // ok: one message in flight at a time
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}
