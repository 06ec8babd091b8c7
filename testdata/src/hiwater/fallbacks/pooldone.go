package fallbacks

import (
	"github.com/IBM/sarama"
)

// donePool starts four workers that each signal done when they stop, and
// its deferred cleanup waits for four signals: the single worker the fix
// starts is waited for once (audit 35c/D1: the cleanup kept waiting for
// four, and the claim never returned).
type donePool struct{}

func (donePool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (donePool) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (donePool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	done := make(chan struct{})
	for i := 0; i < 4; i++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for m := range jobs {
				if err := save(m); err != nil {
					continue
				}
				sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
			}
		}()
	}
	defer func() {
		close(jobs)
		for i := 0; i < 4; i++ {
			<-done
		}
	}()
	for m := range claim.Messages() {
		jobs <- m
	}
	return nil
}

func save(*sarama.ConsumerMessage) error { return nil }
