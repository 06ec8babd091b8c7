// Package roundcfg builds the service's consumer with the client's
// defaults: offsets are stored as messages are handed to the app.
package roundcfg

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// NewConsumer builds the consumer of group, subscribed to topic.
func NewConsumer(group, topic string) (*kafka.Consumer, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers": "localhost:9092",
		"group.id":          group,
	})
	if err != nil {
		return nil, err
	}
	return c, c.Subscribe(topic, nil)
}
