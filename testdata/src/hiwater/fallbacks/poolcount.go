package fallbacks

import (
	"github.com/IBM/sarama"
)

// countedPool starts max(1, h.workers) workers, a count computed by a
// builtin, and collects as many stop signals: the fix declares a count of
// one before the pool and both loops use it.
type countedPool struct{ workers int }

func (countedPool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (countedPool) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h countedPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	stopped := make(chan struct{}, max(1, h.workers))
	for i := 0; i < max(1, h.workers); i++ {
		go func() {
			defer func() { stopped <- struct{}{} }()
			for m := range jobs {
				if handle(m) == nil {
					sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
				}
			}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	for i := 0; i < max(1, h.workers); i++ {
		<-stopped
	}
	return nil
}

// countedPoolJoined is countedPool's twin: the workers only handle, and
// the claim's last message is marked once every worker has stopped.
type countedPoolJoined struct{ workers int }

func (countedPoolJoined) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (countedPoolJoined) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h countedPoolJoined) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	stopped := make(chan struct{}, max(1, h.workers))
	for i := 0; i < max(1, h.workers); i++ {
		go func() {
			defer func() { stopped <- struct{}{} }()
			for m := range jobs {
				_ = handle(m)
			}
		}()
	}
	var last *sarama.ConsumerMessage
	for msg := range claim.Messages() {
		jobs <- msg
		last = msg
	}
	close(jobs)
	for i := 0; i < max(1, h.workers); i++ {
		<-stopped
	}
	if last != nil {
		sess.MarkMessage(last, "") // ok: marked after every worker stopped
	}
	return nil
}
