package fallbacks

import (
	"sync"

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

// stopPool's workers signal on a field that its stop method, deferred,
// counts down (review 35-1/D1, D9: the drain kept waiting for four); a
// worker's retries counted to the same number are not the pool's.
type stopPool struct {
	jobs chan *sarama.ConsumerMessage
	done chan struct{}
}

func (p *stopPool) stop() {
	close(p.jobs)
	for left := 4; left > 0; left-- {
		<-p.done
	}
}

type stopHandler struct{ donePool }

func (stopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	p := &stopPool{jobs: make(chan *sarama.ConsumerMessage), done: make(chan struct{})}
	for i := 0; i < 4; i++ {
		go func() {
			defer func() { p.done <- struct{}{} }()
			for m := range p.jobs {
				for attempt := 0; attempt < 4; attempt++ {
					if save(m) == nil {
						break
					}
				}
				sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
			}
		}()
	}
	defer p.stop()
	for m := range claim.Messages() {
		p.jobs <- m
	}
	return nil
}

// addedPool counts its workers in one Add before a loop starting a named
// worker given the WaitGroup: the Add changes with the count (review
// 35-2/D1, D2: the Wait kept waiting for four).
type addedPool struct{ donePool }

func drainJobs(sess sarama.ConsumerGroupSession, jobs <-chan *sarama.ConsumerMessage, wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range jobs {
		if save(m) == nil {
			sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
		}
	}
}

func (addedPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	var wg sync.WaitGroup
	wg.Add(4)
	for i := 0; i < 4; i++ {
		go drainJobs(sess, jobs, &wg)
	}
	for m := range claim.Messages() {
		jobs <- m
	}
	close(jobs)
	wg.Wait()
	return nil
}
