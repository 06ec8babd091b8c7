package fallbacks

import (
	"sync"

	"github.com/IBM/sarama"
)

// keyedFromOne spreads the messages of a claim by key over lanes kept in a
// map under worker numbers counted from 1: the fix sends every message to
// lane 1, the first one made.
type keyedFromOne struct{ n int }

func (keyedFromOne) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (keyedFromOne) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h keyedFromOne) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make(map[int]chan *sarama.ConsumerMessage, h.n)
	var wg sync.WaitGroup
	for id := 1; id <= h.n; id++ {
		lanes[id] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if handle(m) == nil {
					sess.MarkMessage(m, "") // want `call to MarkMessage from workers of lanes not chosen by partition`
				}
			}
		}(lanes[id])
	}
	for msg := range claim.Messages() {
		lanes[1+keyLane(msg.Key, h.n)] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}

// keyedFromOneByPartition is the twin: the lanes numbered from 1 are chosen
// by partition.
type keyedFromOneByPartition struct{ n int }

func (keyedFromOneByPartition) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (keyedFromOneByPartition) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h keyedFromOneByPartition) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	lanes := make(map[int]chan *sarama.ConsumerMessage, h.n)
	var wg sync.WaitGroup
	for id := 1; id <= h.n; id++ {
		lanes[id] = make(chan *sarama.ConsumerMessage, 16)
		wg.Add(1)
		go func(in <-chan *sarama.ConsumerMessage) {
			defer wg.Done()
			for m := range in {
				if handle(m) == nil {
					sess.MarkMessage(m, "") // ok: a partition's messages share a lane
				}
			}
		}(lanes[id])
	}
	for msg := range claim.Messages() {
		lanes[1+int(msg.Partition)%h.n] <- msg
	}
	for _, l := range lanes {
		close(l)
	}
	wg.Wait()
	return nil
}
