// Package confluentctx: the librdkafka defaults with a shutdown check
// between the fetch and its error check. The check does not change the
// finding: the message it leaves with was stored on delivery and is
// committed at Close, never processed.
package confluentctx

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func upload(b []byte) {}

func archive(m *kafka.Message) {}

// readLoop stops on cancellation right after the read.
func readLoop(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "validator"}) // want `enable.auto.commit and enable.auto.offset.store are on: librdkafka stores each message's offset when it is handed to the app`
	_ = c.SubscribeTopics([]string{"t"}, nil)
	for {
		msg, err := c.ReadMessage(time.Second)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			continue
		}
		upload(msg.Value)
	}
}

// goLoop checks twice, then hands each message to a goroutine of its own.
func goLoop(ctx context.Context, done <-chan struct{}) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "archiver"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if len(done) > 0 {
			break
		}
		if err != nil {
			log.Printf("read: %v", err)
			continue
		}
		go archive(msg)
	}
	return nil
}

// readLoopStored is readLoop with auto-store off and a store after the
// upload.
func readLoopStored(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "validator", "enable.auto.offset.store": false}) // ok: auto-store off, stored after processing
	_ = c.SubscribeTopics([]string{"t"}, nil)
	for {
		msg, err := c.ReadMessage(time.Second)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			continue
		}
		upload(msg.Value)
		if _, err := c.StoreMessage(msg); err != nil {
			log.Printf("store offset: %v", err)
		}
	}
}

// goLoopStored is goLoop processing in place, auto-store off.
func goLoopStored(ctx context.Context, done <-chan struct{}) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "archiver", "enable.auto.offset.store": false}) // ok: auto-store off, stored after processing
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if len(done) > 0 {
			break
		}
		if err != nil {
			log.Printf("read: %v", err)
			continue
		}
		archive(msg)
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
	return nil
}

// selectLoop leaves on cancellation in a non-blocking select between the
// read and its error check.
func selectLoop(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "dispatcher"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	_ = c.SubscribeTopics([]string{"t"}, nil)
	for {
		msg, err := c.ReadMessage(time.Second)
		select {
		case <-ctx.Done():
			return
		default:
		}
		if err != nil {
			continue
		}
		upload(msg.Value)
	}
}

// selectLoopStored is selectLoop with auto-store off and a store after the
// upload.
func selectLoopStored(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "x", "group.id": "dispatcher", "enable.auto.offset.store": false}) // ok: auto-store off, stored after processing
	_ = c.SubscribeTopics([]string{"t"}, nil)
	for {
		msg, err := c.ReadMessage(time.Second)
		select {
		case <-ctx.Done():
			return
		default:
		}
		if err != nil {
			continue
		}
		upload(msg.Value)
		if _, err := c.StoreMessage(msg); err != nil {
			log.Printf("store offset: %v", err)
		}
	}
}
