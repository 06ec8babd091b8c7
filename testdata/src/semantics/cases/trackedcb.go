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
				tracker.Done(lowWaterKey{Topic: *m.TopicPartition.Topic, Partition: m.TopicPartition.Partition}, int64(m.TopicPartition.Offset)) // as the fix writes it
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

// sendAsyncValue reports the value sent and the outcome to done, a
// produce promise's shape.
func sendAsyncValue(v []byte, done func([]byte, error)) { go done(v, nil) }

// deadLetter writes v to a dead letter topic.
func deadLetter(v []byte) error { return apply(v) }

// trackedVariants: the error second in the callback (review 38-2/D7), a
// failure that falls through to Done and the store, and (the twin) one
// dead-lettered before Done (review 38-2/D8).
func trackedVariants() {
	c1, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-tracked-promise", "enable.auto.offset.store": false}) // case: trackedpromise
	c2, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-tracked-through", "enable.auto.offset.store": false}) // case: trackedthrough
	c3, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-tracked-dlq", "enable.auto.offset.store": false})     // case: trackeddlq
	tracker := newLowWaterTracker()
	for {
		m1, err := c1.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tp := lowWaterKey{Topic: *m1.TopicPartition.Topic, Partition: m1.TopicPartition.Partition}
		tracker.Start(tp, int64(m1.TopicPartition.Offset))
		sendAsyncValue(m1.Value, func(_ []byte, err error) {
			if err != nil {
				log.Printf("send: %v", err)
				tracker.Done(tp, int64(m1.TopicPartition.Offset))
				return
			}
			if next, ok := tracker.Done(tp, int64(m1.TopicPartition.Offset)); ok {
				_, _ = c1.StoreOffsets([]kafka.TopicPartition{{Topic: m1.TopicPartition.Topic, Partition: m1.TopicPartition.Partition, Offset: kafka.Offset(next)}})
			}
		})
		m2, err := c2.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tracker.Start(tp, int64(m2.TopicPartition.Offset))
		sendAsync(m2.Value, func(err error) {
			if err != nil {
				log.Printf("send failed, dropped: %v", err)
			}
			if next, ok := tracker.Done(tp, int64(m2.TopicPartition.Offset)); ok {
				_, _ = c2.StoreOffsets([]kafka.TopicPartition{{Topic: m2.TopicPartition.Topic, Partition: m2.TopicPartition.Partition, Offset: kafka.Offset(next)}})
			}
		})
		m3, err := c3.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tracker.Start(tp, int64(m3.TopicPartition.Offset))
		sendAsync(m3.Value, func(err error) {
			if err != nil {
				if err := deadLetter(m3.Value); err != nil {
					log.Fatalf("dead letter: %v", err)
				}
			}
			if next, ok := tracker.Done(tp, int64(m3.TopicPartition.Offset)); ok {
				_, _ = c3.StoreOffsets([]kafka.TopicPartition{{Topic: m3.TopicPartition.Topic, Partition: m3.TopicPartition.Partition, Offset: kafka.Offset(next)}})
			}
		})
	}
}
