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
