package fallbacks

import (
	"hash/fnv"
	"log"
	"sync"

	"github.com/IBM/sarama"
)

// shard picks a message's lane from its key.
func shard(key []byte, n int) int {
	h := fnv.New32a()
	h.Write(key)
	return int(h.Sum32() % uint32(n))
}

// keyVar fans the claim's messages out by key to lanes, the lane computed
// into a variable first: the fix computes the variable from the
// partition.
type keyVar struct{}

func (keyVar) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (keyVar) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (keyVar) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 4)
	var wg sync.WaitGroup
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if err := handle(m); err != nil {
					log.Printf("message %d: %v", m.Offset, err)
					continue
				}
				sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition`
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		idx := shard(msg.Key, len(lanes))
		lanes[idx] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// partitionVar is keyVar's twin: the variable is computed from the
// partition.
type partitionVar struct{}

func (partitionVar) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (partitionVar) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (partitionVar) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 4)
	var wg sync.WaitGroup
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if err := handle(m); err != nil {
					log.Printf("message %d: %v", m.Offset, err)
					continue
				}
				sess.MarkMessage(m, "") // ok: a partition's messages share a lane
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		idx := int(msg.Partition) % len(lanes)
		lanes[idx] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// router picks lanes; it keeps a seed for the hash.
type router struct{ seed uint32 }

// lane picks a message's lane from its key.
func (r *router) lane(key []byte, n int) int {
	h := fnv.New32a()
	h.Write(key)
	return int((h.Sum32() ^ r.seed) % uint32(n))
}

// partLane picks a partition's lane.
func (r *router) partLane(p int32, n int) int { return int(p) % n }

// keyMethod fans the claim's messages out by key to lanes, the lane
// computed into a variable by a method: the fix computes the variable
// from the partition, dropping the method call.
type keyMethod struct{ r *router }

func (keyMethod) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (keyMethod) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h keyMethod) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 4)
	var wg sync.WaitGroup
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if err := handle(m); err != nil {
					log.Printf("message %d: %v", m.Offset, err)
					continue
				}
				sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition`
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		idx := h.r.lane(msg.Key, len(lanes))
		lanes[idx] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// partitionMethod is keyMethod's twin: the method picks the lane from the
// partition.
type partitionMethod struct{ r *router }

func (partitionMethod) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (partitionMethod) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h partitionMethod) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make([]chan *sarama.ConsumerMessage, 4)
	var wg sync.WaitGroup
	for i := range lanes {
		lanes[i] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if err := handle(m); err != nil {
					log.Printf("message %d: %v", m.Offset, err)
					continue
				}
				sess.MarkMessage(m, "") // ok: the method routes a partition's messages to one lane
			}
		}(lanes[i])
	}
	for msg := range claim.Messages() {
		idx := h.r.partLane(msg.Partition, len(lanes))
		lanes[idx] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}
