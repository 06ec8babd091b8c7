// Package batchlast holds ordering cases where a confluent loop collects
// a batch, commits its last message, then processes the batch: the
// commit passes every message of the batch from that message's
// partition before they are processed.
package batchlast

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type event struct{ ID string }

// saveBatch is a stub: it only logs, but its error result says it is
// work that can fail, as the real one does.
func saveBatch(evs []*event) error { log.Printf("saving %d", len(evs)); return nil }

// accumulate collects the events decoded from up to a thousand messages,
// commits the last message, then saves the events: a crash in between
// loses the batch's messages of that partition.
func accumulate(c *kafka.Consumer) {
	for {
		var last *kafka.Message
		var events []*event
		deadline := time.Now().Add(time.Minute)
		for len(events) < 1000 && time.Now().Before(deadline) {
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				continue
			}
			var ev event
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				continue
			}
			events = append(events, &ev)
			last = msg
		}
		if last != nil {
			if _, err := c.CommitMessage(last); err != nil { // want `call to CommitMessage with the batch's last message before the batch is processed: it commits its partition past every message of the batch from that partition, so a crash between them loses them \(at-most-once\)`
				log.Printf("commit: %v", err)
			}
		}
		if len(events) > 0 {
			if err := saveBatch(events); err != nil {
				log.Printf("save: %v", err)
			}
		}
	}
}

// accumulateAfter is accumulate's twin: the events are saved first, and
// a failed save is not committed.
func accumulateAfter(c *kafka.Consumer) {
	for {
		var last *kafka.Message
		var events []*event
		deadline := time.Now().Add(time.Minute)
		for len(events) < 1000 && time.Now().Before(deadline) {
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				continue
			}
			var ev event
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				continue
			}
			events = append(events, &ev)
			last = msg
		}
		if len(events) > 0 {
			if err := saveBatch(events); err != nil {
				log.Printf("save: %v", err)
				continue
			}
		}
		if last != nil {
			if _, err := c.CommitMessage(last); err != nil { // ok: after the save, on its success path
				log.Printf("commit: %v", err)
			}
		}
	}
}

// chargeHandler is the application's handler of a batch of events.
type chargeHandler interface {
	HandleChargeEventBatch(ctx context.Context, evs []*event) error
}

type chargeConsumer struct {
	consumer *kafka.Consumer
	max      int
	handler  chargeHandler
}

// pollAndProcessBatch collects a batch, retries the commit of its last
// message until it goes through, then hands the batch to the handler.
func (c *chargeConsumer) pollAndProcessBatch() {
	ctx := context.Background()
	var message *kafka.Message
	var events []*event
	deadline := time.Now().Add(time.Minute)
	for len(events) < c.max && time.Now().Before(deadline) {
		msg, err := c.consumer.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		ev, err := decode(msg.Value)
		if err != nil {
			continue
		}
		events = append(events, ev)
		message = msg
	}
	for message != nil {
		_, err := c.consumer.CommitMessage(message) // want `call to CommitMessage with the batch's last message before the batch is processed`
		if err != nil {
			log.Printf("commit of %d events: %v", len(events), err)
			time.Sleep(5 * time.Second)
			continue
		}
		break
	}
	if len(events) > 0 {
		err := c.processBatch(ctx, events)
		if err != nil {
			log.Printf("process: %v", err)
			return
		}
	}
}

// pollAndProcessAfter is pollAndProcessBatch's twin: the batch is
// processed first.
func (c *chargeConsumer) pollAndProcessAfter() {
	ctx := context.Background()
	var message *kafka.Message
	var events []*event
	deadline := time.Now().Add(time.Minute)
	for len(events) < c.max && time.Now().Before(deadline) {
		msg, err := c.consumer.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		ev, err := decode(msg.Value)
		if err != nil {
			continue
		}
		events = append(events, ev)
		message = msg
	}
	if len(events) > 0 {
		err := c.processBatch(ctx, events)
		if err != nil {
			log.Printf("process: %v", err)
			return
		}
	}
	for message != nil {
		_, err := c.consumer.CommitMessage(message) // ok: after the processing
		if err != nil {
			log.Printf("commit of %d events: %v", len(events), err)
			time.Sleep(5 * time.Second)
			continue
		}
		break
	}
}

func (c *chargeConsumer) processBatch(ctx context.Context, evs []*event) error {
	return c.handler.HandleChargeEventBatch(ctx, evs)
}

func decode(b []byte) (*event, error) {
	var ev event
	if err := json.Unmarshal(b, &ev); err != nil {
		return nil, err
	}
	return &ev, nil
}

type store interface {
	SaveAll(ctx context.Context, ms []*kafka.Message) error
}

// messages collects the messages themselves and commits the last of the
// batch before saving them.
func messages(ctx context.Context, c *kafka.Consumer, s store) error {
	for {
		var batch []*kafka.Message
		for len(batch) < 100 {
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				break
			}
			batch = append(batch, msg)
		}
		if len(batch) > 0 {
			if _, err := c.CommitMessage(batch[len(batch)-1]); err != nil { // want `call to CommitMessage with the batch's last message before the batch is processed`
				return err
			}
		}
		if err := s.SaveAll(ctx, batch); err != nil {
			return err
		}
	}
}

// messagesAfter is messages' twin: the batch is saved first.
func messagesAfter(ctx context.Context, c *kafka.Consumer, s store) error {
	for {
		var batch []*kafka.Message
		for len(batch) < 100 {
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				break
			}
			batch = append(batch, msg)
		}
		if err := s.SaveAll(ctx, batch); err != nil {
			return err
		}
		if len(batch) > 0 {
			if _, err := c.CommitMessage(batch[len(batch)-1]); err != nil { // ok: after the save
				return err
			}
		}
	}
}

// logBatch only logs a batch: no error result, so not work.
func logBatch(ms []*kafka.Message) { log.Printf("batch of %d", len(ms)) }

// messagesLogged commits the last message of a batch it only logs.
func messagesLogged(c *kafka.Consumer) error {
	for {
		var batch []*kafka.Message
		for len(batch) < 100 {
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				break
			}
			batch = append(batch, msg)
		}
		if len(batch) > 0 {
			if _, err := c.CommitMessage(batch[len(batch)-1]); err != nil { // ok: the batch is only logged
				return err
			}
		}
		logBatch(batch)
	}
}
