package cases

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// sendAsync reports the outcome of sending v to done.
func sendAsync(v []byte, done func(error)) { go done(nil) }

// trackedFailure stores the low-water mark from a completion callback
// that, on a failure, tells the tracker the message is done all the same
// (the low-water fix's "dropped as before"): the mark moves past it
// (audit 37c/D9: the row said at-least-once).
func trackedFailure() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-tracked-fail", "enable.auto.offset.store": false}) // case: trackedfail
	tracker := newLowWaterTracker()
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tp := lowWaterKey{Topic: *m.TopicPartition.Topic, Partition: m.TopicPartition.Partition}
		if !tracker.Start(tp, int64(m.TopicPartition.Offset)) {
			tracker.Forget(tp)
			tracker.Start(tp, int64(m.TopicPartition.Offset))
		}
		sendAsync(m.Value, func(err error) {
			if err != nil {
				log.Printf("send: %v", err)
				tracker.Done(tp, int64(m.TopicPartition.Offset))
				return
			}
			if next, ok := tracker.Done(tp, int64(m.TopicPartition.Offset)); ok {
				_, _ = c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: kafka.Offset(next)}})
			}
		})
	}
}

// trackedHeld is trackedFailure with the failed message left in flight:
// the mark stays below it.
func trackedHeld() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-tracked-held", "enable.auto.offset.store": false}) // case: trackedheld
	tracker := newLowWaterTracker()
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tp := lowWaterKey{Topic: *m.TopicPartition.Topic, Partition: m.TopicPartition.Partition}
		if !tracker.Start(tp, int64(m.TopicPartition.Offset)) {
			tracker.Forget(tp)
			tracker.Start(tp, int64(m.TopicPartition.Offset))
		}
		sendAsync(m.Value, func(err error) {
			if err != nil {
				log.Printf("send: %v", err)
				return
			}
			if next, ok := tracker.Done(tp, int64(m.TopicPartition.Offset)); ok {
				_, _ = c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: kafka.Offset(next)}})
			}
		})
	}
}
