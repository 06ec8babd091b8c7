package fallbacks

import (
	"runtime"

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

// procsPool starts a worker per processor, a count asked of the runtime
// with an argument, and collects as many stop signals: the fix declares a
// count of one before the pool and both loops use it.
type procsPool struct{}

func (procsPool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (procsPool) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (procsPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	stopped := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
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
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		<-stopped
	}
	return nil
}

// procsPoolJoined is procsPool's twin: the workers only handle, and the
// claim's last message is marked once every worker has stopped.
type procsPoolJoined struct{}

func (procsPoolJoined) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (procsPoolJoined) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (procsPoolJoined) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	stopped := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
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
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		<-stopped
	}
	if last != nil {
		sess.MarkMessage(last, "") // ok: marked after every worker stopped
	}
	return nil
}

// topicConfig holds worker counts per topic.
type topicConfig struct{ workers map[string]int }

// workersFor returns the worker count for topic, at least one.
func (t *topicConfig) workersFor(topic string) int { return max(1, t.workers[topic]) }

// topicPool starts the workers its configuration gives its topic,
// a count asked of a method of the package, and waits for as many: the
// fix declares a count of one before the pool and both loops use it.
type topicPool struct {
	cfg   *topicConfig
	topic string
}

func (topicPool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (topicPool) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h topicPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	stopped := make(chan struct{})
	for i := 0; i < h.cfg.workersFor(h.topic); i++ {
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
	for i := 0; i < h.cfg.workersFor(h.topic); i++ {
		<-stopped
	}
	return nil
}
