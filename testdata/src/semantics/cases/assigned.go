package cases

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// assignedFrom starts its partition at an offset the application keeps
// (its checkpoint) with Assign and commits nothing to the broker: a
// restart resumes where the code says, not from a group's commit.
func assignedFrom(next kafka.Offset, save func(*kafka.Message) error) error {
	topic := "t"
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-assigned", "enable.auto.commit": false}) // case: assignedfrom
	if err != nil {
		return err
	}
	if err := c.Assign([]kafka.TopicPartition{{Topic: &topic, Partition: 0, Offset: next}}); err != nil {
		return err
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(m); err != nil {
			return err
		}
	}
}

var _ = assignedFrom

// assignedEvent hands the rebalance event's partitions to Assign as they
// come: the broker's committed offsets decide where they start, and
// nothing is ever committed.
func assignedEvent(save func(*kafka.Message) error) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-assignev", "enable.auto.commit": false}) // case: assignedevent
	if err != nil {
		return err
	}
	err = c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.AssignedPartitions); ok {
			return c.Assign(e.Partitions)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(m); err != nil {
			return err
		}
	}
}

var _ = assignedEvent

// assignedSet sets the event's partitions' offsets from its checkpoint
// before assigning them: the code chooses where they start.
func assignedSet(load func(int32) kafka.Offset, save func(*kafka.Message) error) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-assignset", "enable.auto.commit": false}) // case: assignedset
	if err != nil {
		return err
	}
	err = c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.AssignedPartitions); ok {
			for i := range e.Partitions {
				e.Partitions[i].Offset = load(e.Partitions[i].Partition)
			}
			return c.Assign(e.Partitions)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(m); err != nil {
			return err
		}
	}
}

var _ = assignedSet
