// Package confluentassert: confluent-kafka-go v2 consumers on librdkafka's
// defaults (auto-commit and auto-store on) that pick the message out of
// an event with a type assertion (`if m, ok := ev.(*kafka.Message); ok`),
// from Poll or from the deprecated Events() channel, beside their twins
// storing each message after processing with auto-store off.
package confluentassert

import (
	"context"
	"log"
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type store struct{ dir string }

func (s *store) save(ctx context.Context, m *kafka.Message) error {
	if err := os.WriteFile(s.dir+"/"+string(m.Key), m.Value, 0o644); err != nil {
		return err
	}
	return ctx.Err()
}

// polled asserts the message out of each Poll.
func polled(ctx context.Context, s *store) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "audit", "bootstrap.servers": "localhost:9092"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		log.Printf("new consumer: %v", err)
		return
	}
	defer c.Close()
	for ctx.Err() == nil {
		ev := c.Poll(100)
		if m, ok := ev.(*kafka.Message); ok {
			if err := s.save(ctx, m); err != nil {
				log.Printf("save: %v", err)
				return
			}
		}
	}
}

// channel ranges over the Events channel, which buffers messages whose
// offsets librdkafka stored when its poller read them.
func channel(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `enable.auto.commit and enable.auto.offset.store are on`
		"group.id":                 "audit",
		"go.events.channel.enable": true, // the deprecated channel consumer
	})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"audit"}, nil); err != nil {
		return err
	}
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			if err := s.save(ctx, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// polledStored is polled done right.
func polledStored(ctx context.Context, s *store) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "audit", "enable.auto.offset.store": false})
	if err != nil {
		return
	}
	defer c.Close()
	for ctx.Err() == nil {
		ev := c.Poll(100)
		if m, ok := ev.(*kafka.Message); ok {
			if err := s.save(ctx, m); err != nil {
				return
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Printf("store: %v", err)
			}
		}
	}
}

// channelStored is channel done right.
func channelStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                 "audit",
		"go.events.channel.enable": true,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			if err := s.save(ctx, m); err != nil {
				return err
			}
			if _, err := c.StoreMessage(m); err != nil {
				return err
			}
		}
	}
	return nil
}
