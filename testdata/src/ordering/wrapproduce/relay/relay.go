// Package relay holds consumers that forward each record through a
// producer wrapper of package publish, then commit it.
package relay

import (
	"context"
	"fmt"
	"log"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/wrapproduce/publish"
)

// forward commits each message once Publish returns: Publish only queued
// its copy.
func forward(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.Publish(msg.Key, msg.Value); err != nil {
			log.Printf("publish: %v", err)
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage after the message is produced asynchronously by publish.Publisher.Publish \(its Produce is not waited for\): a crash before the delivery loses the message \(at-most-once\)`
			log.Printf("commit: %v", err)
		}
	}
}

// forwardWaited commits once PublishWait has the delivery report.
func forwardWaited(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.PublishWait(msg.Key, msg.Value); err != nil {
			log.Printf("publish: %v", err)
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// forwardFlushed commits once PublishFlushed has flushed the producer.
func forwardFlushed(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.PublishFlushed(msg.Value); err != nil {
			log.Printf("publish: %v", err)
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// forwardBoth commits once PublishBoth returns: it queued both copies.
func forwardBoth(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.PublishBoth(msg.Value, "audit"); err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage after the message is produced asynchronously by publish.Publisher.PublishBoth`
			log.Printf("commit: %v", err)
		}
	}
}

// forwardLimited commits once PublishLimited returns.
func forwardLimited(c *kafka.Consumer, pub *publish.Publisher, tokens <-chan struct{}) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.PublishLimited(tokens, msg.Value); err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage after the message is produced asynchronously by publish.Publisher.PublishLimited`
			log.Printf("commit: %v", err)
		}
	}
}

// forwardDrained commits once PublishDrained has drained the producer.
func forwardDrained(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.PublishDrained(msg.Value); err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// forwardAll commits once PublishAll returns: it queued three copies.
func forwardAll(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.PublishAll(msg.Value, "a", "b"); err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage after the message is produced asynchronously by publish.Publisher.PublishAll`
			log.Printf("commit: %v", err)
		}
	}
}

// forwardMaybeDrained commits after a drain made on some paths only.
func forwardMaybeDrained(c *kafka.Consumer, pub *publish.Publisher) {
	n := 0
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.Publish(msg.Key, msg.Value); err != nil {
			continue
		}
		n++
		if err := pub.MaybeDrain(n); err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `call to CommitMessage after the message is produced asynchronously by publish.Publisher.Publish`
			log.Printf("commit: %v", err)
		}
	}
}

// forwardThenDrain publishes, drains the publisher, then commits.
func forwardThenDrain(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := pub.Publish(msg.Key, msg.Value); err != nil {
			continue
		}
		if err := pub.Drain(); err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// store saves a message.
func store(*kafka.Message) error { return nil }

// beat saves each message, then queues a heartbeat that carries nothing
// of it.
func beat(c *kafka.Consumer, pub *publish.Publisher) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := store(msg); err != nil {
			continue
		}
		_ = pub.Heartbeat(msg.Key)
		if _, err := c.CommitMessage(msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// emit commits each poll once its values are handed to Emit, which only
// queued them.
func emit(ctx context.Context, cl *kgo.Client, em *publish.Emitter) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := em.Emit(ctx, r.Value); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords after the record is produced asynchronously by publish.Emitter.Emit \(its Produce is not waited for\)`
				return err
			}
		}
	}
}

// emitSync commits once EmitSync has produced each value.
func emitSync(ctx context.Context, cl *kgo.Client, em *publish.Emitter) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := em.EmitSync(ctx, r.Value); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				return err
			}
		}
	}
}

// emitLogged commits each record once EmitLogged returns.
func emitLogged(ctx context.Context, cl *kgo.Client, em *publish.Emitter) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			em.EmitLogged(ctx, r.Value)
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords after the record is produced asynchronously by publish.Emitter.EmitLogged`
				return err
			}
		}
	}
}

// emitFlushed commits each poll once the emitter is flushed.
func emitFlushed(ctx context.Context, cl *kgo.Client, em *publish.Emitter) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			em.EmitLogged(ctx, r.Value)
		}
		if err := em.Flush(ctx); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// emitCounted commits each poll once every promise has run.
func emitCounted(ctx context.Context, cl *kgo.Client, em *publish.Emitter) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var wg sync.WaitGroup
		for _, r := range fetches.Records() {
			em.EmitCounted(ctx, r.Value, &wg)
		}
		wg.Wait()
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// archiver copies messages with a wrapper of this package.
type archiver struct {
	c     *kafka.Consumer
	p     *kafka.Producer
	topic string
}

// archive queues a copy of the message.
func (a *archiver) archive(m *kafka.Message) error {
	if err := a.p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &a.topic, Partition: kafka.PartitionAny}, Value: m.Value}, nil); err != nil {
		return fmt.Errorf("archive: %w", err)
	}
	return nil
}

// run commits each message once archive returns: archive only queued
// its copy.
func (a *archiver) run() error {
	for {
		m, err := a.c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if err := a.archive(m); err != nil {
			return err
		}
		if _, err := a.c.CommitMessage(m); err != nil { // want `call to CommitMessage after the message is produced asynchronously by relay.archiver.archive`
			return err
		}
	}
}
