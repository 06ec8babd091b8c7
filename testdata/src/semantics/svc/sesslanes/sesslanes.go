// Package sesslanes processes messages on a lane per partition and marks
// each one on the session its caller passes (audit 31c/4: the session
// made a consumer row of its own, and the consumer's row said nothing
// marks).
package sesslanes

import (
	"os"

	"github.com/IBM/sarama"
)

type job struct {
	sess sarama.ConsumerGroupSession
	msg  *sarama.ConsumerMessage
}

// Lanes runs a goroutine per partition.
type Lanes struct{ lanes map[int32]chan job }

// Enqueue queues msg on its partition's lane.
func (l *Lanes) Enqueue(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	ch, ok := l.lanes[msg.Partition]
	if !ok {
		ch = make(chan job, 64)
		l.lanes[msg.Partition] = ch
		go run(ch)
	}
	ch <- job{sess, msg}
}

func run(ch <-chan job) {
	for j := range ch {
		if err := os.WriteFile("last", j.msg.Value, 0o644); err != nil {
			continue
		}
		j.sess.MarkMessage(j.msg, "")
	}
}
