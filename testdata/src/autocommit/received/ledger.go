package received

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Ledger is where Settlement writes each effect with the offset after
// it, in one write.
type Ledger interface {
	Post(value []byte, partition int32, next int64) error
	Positions() (map[int32]int64, error)
}

// Settlement receives its consumer, never commits on it, and resumes each
// assigned partition from the ledger's position: it relies on no
// auto-commit (the wiring turns it off; audit 32c/3 was reported as
// relying on the defaults, with a store that failed on every message for
// a fix).
type Settlement struct {
	C *kafka.Consumer
	L Ledger
}

func (s *Settlement) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		pos, err := s.L.Positions()
		if err != nil {
			return err
		}
		parts := make([]kafka.TopicPartition, len(e.Partitions))
		for i, tp := range e.Partitions {
			tp.Offset = kafka.OffsetBeginning
			if n, ok := pos[tp.Partition]; ok {
				tp.Offset = kafka.Offset(n)
			}
			parts[i] = tp
		}
		return c.Assign(parts)
	case kafka.RevokedPartitions:
		return c.Unassign()
	}
	return nil
}

func (s *Settlement) Run(topic string) error {
	if err := s.C.SubscribeTopics([]string{topic}, s.rebalance); err != nil {
		return err
	}
	for {
		msg, err := s.C.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		tp := msg.TopicPartition
		if err := s.L.Post(msg.Value, tp.Partition, int64(tp.Offset)+1); err != nil {
			return err
		}
	}
}

// Retrier receives its consumer and relies on the defaults; it re-reads a
// failed message with a Seek, which sets no position of its own (review
// 32-1: the Seek silenced the finding).
type Retrier struct{ C *kafka.Consumer }

func (r *Retrier) Run(save func([]byte) error) {
	for {
		msg, err := r.C.ReadMessage(time.Second) // want `consumer received from another package and never stored or committed on`
		if err != nil {
			continue
		}
		if err := save(msg.Value); err != nil {
			_ = r.C.Seek(msg.TopicPartition, 0)
		}
	}
}
