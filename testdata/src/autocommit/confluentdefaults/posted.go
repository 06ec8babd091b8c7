package confluentdefaults

import (
	"bytes"
	"context"
	"log"
	"net/http"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// posted posts each message; a failed post is logged and the loop goes
// on. The store goes after the check, on the success path: before it, a
// failed message would be stored.
func posted(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `enable.auto.commit and enable.auto.offset.store are on`
		"bootstrap.servers": "localhost:9092",
		"group.id":          "tracker",
	})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"payload-status"}, nil); err != nil {
		return err
	}
	for ctx.Err() == nil {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			resp, err := http.Post("http://db.internal/status", "application/json", bytes.NewReader(e.Value))
			if err != nil {
				log.Printf("apply: %v", err)
				continue
			}
			resp.Body.Close()
		case kafka.Error:
			log.Printf("kafka: %v", e)
		}
	}
	return nil
}
