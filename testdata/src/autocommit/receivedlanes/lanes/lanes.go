// Package lanes processes messages on a goroutine per partition and
// stores each one's offset once it is processed, on the consumer the
// wiring gives it (audit 31c/6).
package lanes

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Lanes runs a goroutine per partition.
type Lanes struct {
	c     *kafka.Consumer
	apply func(*kafka.Message) error
	lanes map[int32]chan *kafka.Message
}

// New returns lanes storing on c.
func New(c *kafka.Consumer, apply func(*kafka.Message) error) *Lanes {
	return &Lanes{c: c, apply: apply, lanes: map[int32]chan *kafka.Message{}}
}

// Dispatch queues m on its partition's lane.
func (l *Lanes) Dispatch(m *kafka.Message) {
	ch, ok := l.lanes[m.TopicPartition.Partition]
	if !ok {
		ch = make(chan *kafka.Message, 64)
		l.lanes[m.TopicPartition.Partition] = ch
		go l.run(ch)
	}
	ch <- m
}

func (l *Lanes) run(ch <-chan *kafka.Message) {
	for m := range ch {
		if err := l.apply(m); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		if _, err := l.c.StoreMessage(m); err != nil {
			log.Printf("store: %v", err)
		}
	}
}
