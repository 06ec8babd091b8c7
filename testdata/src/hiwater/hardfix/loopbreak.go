package hardfix

import (
	"sync"

	"github.com/IBM/sarama"
)

// breakPool starts its workers in a loop that ends with a break once it
// has started enough (not a counting loop: the pool was once left silent
// as not recognised, then reported without a fix); each marks the
// messages it handled. The fix ends the loop's body with a break: one
// worker.
type breakPool struct{ workers int }

func (breakPool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (breakPool) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h breakPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	var wg sync.WaitGroup
	started := 0
	for {
		if started == h.workers {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range jobs {
				if handleMessage(m) == nil {
					sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
				}
			}
		}()
		started++
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	wg.Wait()
	return nil
}

// breakPoolJoined is breakPool's twin: the workers only handle, and the
// claim's last message is marked once every worker has stopped.
type breakPoolJoined struct{ workers int }

func (breakPoolJoined) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (breakPoolJoined) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h breakPoolJoined) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	var wg sync.WaitGroup
	started := 0
	for {
		if started == h.workers {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range jobs {
				_ = handleMessage(m)
			}
		}()
		started++
	}
	var last *sarama.ConsumerMessage
	for msg := range claim.Messages() {
		jobs <- msg
		last = msg
	}
	close(jobs)
	wg.Wait()
	if last != nil {
		sess.MarkMessage(last, "") // ok: marked once every worker has stopped
	}
	return nil
}
