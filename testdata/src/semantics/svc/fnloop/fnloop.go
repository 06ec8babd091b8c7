// Package fnloop builds a consumer and hands it, with each message, to
// the function its caller passes, which commits.
package fnloop

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func Start(topic string, handler func(msg *kafka.Message, c *kafka.Consumer)) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-fnloop", "enable.auto.commit": false}) // case: fnloop
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe(topic, nil); err != nil {
		log.Fatal(err)
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handler(msg, c)
	}
}
