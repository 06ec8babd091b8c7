package hardfix

import (
	"github.com/IBM/sarama"
)

// sizer says how many workers a topic gets.
type sizer interface{ Size(topic string) int }

// sizedPool starts as many workers as an interface's method says, and
// collects as many stop signals: the count, a call through an interface
// used by both loops, cannot be made one without knowing what the call
// does. The fix keeps the count and has every worker but the first
// return at once, after its deferred stop signal.
type sizedPool struct{ s sizer }

func (sizedPool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (sizedPool) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h sizedPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	stopped := make(chan struct{}, h.s.Size(claim.Topic()))
	for i := 0; i < h.s.Size(claim.Topic()); i++ {
		go func() {
			defer func() { stopped <- struct{}{} }()
			for m := range jobs {
				if handleMessage(m) == nil {
					sess.MarkMessage(m, "") // want `call to MarkMessage from a pool of workers`
				}
			}
		}()
	}
	for msg := range claim.Messages() {
		jobs <- msg
	}
	close(jobs)
	for i := 0; i < h.s.Size(claim.Topic()); i++ {
		<-stopped
	}
	return nil
}

// sizedPoolJoined is sizedPool's twin: the workers only handle, and the
// claim's last message is marked once every worker has stopped.
type sizedPoolJoined struct{ s sizer }

func (sizedPoolJoined) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (sizedPoolJoined) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h sizedPoolJoined) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	stopped := make(chan struct{}, h.s.Size(claim.Topic()))
	for i := 0; i < h.s.Size(claim.Topic()); i++ {
		go func() {
			defer func() { stopped <- struct{}{} }()
			for m := range jobs {
				_ = handleMessage(m)
			}
		}()
	}
	var last *sarama.ConsumerMessage
	for msg := range claim.Messages() {
		jobs <- msg
		last = msg
	}
	close(jobs)
	for i := 0; i < h.s.Size(claim.Topic()); i++ {
		<-stopped
	}
	if last != nil {
		sess.MarkMessage(last, "") // ok: marked once every worker has stopped
	}
	return nil
}

// router picks a message's lane.
type router interface{ Lane(key []byte) int }

// routed spreads the messages of a claim over lanes by a router's choice,
// kept in a variable: the fix routes by partition, and keeps the call
// through the interface, whose effects are not known, as a statement of
// its own.
type routed struct {
	n int
	r router
}

func (routed) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (routed) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h routed) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, h.n)
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		go func(in <-chan *sarama.ConsumerMessage) {
			for m := range in {
				if handleMessage(m) == nil {
					sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition`
				}
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		idx := h.r.Lane(msg.Key)
		lanes[idx] <- msg
	}
	return nil
}

// routedByPartition is routed's twin: each partition goes to one lane.
type routedByPartition struct{ n int }

func (routedByPartition) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (routedByPartition) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h routedByPartition) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, h.n)
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		go func(in <-chan *sarama.ConsumerMessage) {
			for m := range in {
				if handleMessage(m) == nil {
					sess.MarkMessage(m, "") // ok: a partition's messages go to one lane, in order
				}
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		idx := int(msg.Partition) % len(lanes)
		lanes[idx] <- msg
	}
	return nil
}
