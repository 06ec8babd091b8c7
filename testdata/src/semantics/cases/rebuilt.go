package cases

import (
	"context"
	"fmt"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// appMsg is an app's own record type, converted from the client's.
type appMsg struct {
	Topic     string
	Partition int32
	Offset    int64
	Value     []byte
}

// rebuiltReader polls through a helper that converts each message to
// appMsg, and commits a message rebuilt from one.
type rebuiltReader struct{ c *kafka.Consumer }

// next polls once and converts a message; nil when the poll had none.
func (r *rebuiltReader) next(ms int) (*appMsg, error) {
	switch e := r.c.Poll(ms).(type) {
	case *kafka.Message:
		return &appMsg{Topic: *e.TopicPartition.Topic, Partition: e.TopicPartition.Partition, Offset: int64(e.TopicPartition.Offset), Value: e.Value}, nil
	case kafka.Error:
		return nil, fmt.Errorf("poll: %w", e)
	}
	return nil, nil
}

// toClient rebuilds the client's message for a commit.
func toClient(m *appMsg) *kafka.Message {
	return &kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &m.Topic, Partition: m.Partition, Offset: kafka.Offset(m.Offset)}}
}

// run logs a failed batch and commits past it (trial 39c/D4: 119 of 300
// lost with no crash). A poll error is logged and polled again: no
// record is taken there.
func (r *rebuiltReader) run(ctx context.Context, handle func([]*appMsg) error) {
	for ctx.Err() == nil {
		var got []*appMsg
		for len(got) < 20 {
			m, err := r.next(100)
			if err != nil {
				log.Print(err)
				continue
			}
			if m != nil {
				got = append(got, m)
			}
		}
		if err := handle(got); err != nil {
			log.Printf("batch: %v", err)
		}
		if _, err := r.c.CommitMessage(toClient(got[len(got)-1])); err != nil {
			log.Print(err)
		}
	}
}

// stopReader is rebuiltReader for its twin, stopping on a failed batch.
type stopReader struct{ c *kafka.Consumer }

func (r *stopReader) next(ms int) (*appMsg, error) {
	switch e := r.c.Poll(ms).(type) {
	case *kafka.Message:
		return &appMsg{Topic: *e.TopicPartition.Topic, Partition: e.TopicPartition.Partition, Offset: int64(e.TopicPartition.Offset), Value: e.Value}, nil
	case kafka.Error:
		return nil, fmt.Errorf("poll: %w", e)
	}
	return nil, nil
}

func (r *stopReader) run(ctx context.Context, handle func([]*appMsg) error) error {
	for ctx.Err() == nil {
		var got []*appMsg
		for len(got) < 20 {
			m, err := r.next(100)
			if err != nil {
				log.Print(err)
				continue
			}
			if m != nil {
				got = append(got, m)
			}
		}
		if err := handle(got); err != nil {
			return err
		}
		if _, err := r.c.CommitMessage(toClient(got[len(got)-1])); err != nil {
			return err
		}
	}
	return nil
}

func rebuiltSkips(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-rebuilt", "enable.auto.commit": false}) // case: rebuiltskips
	r := &rebuiltReader{c: c}
	r.run(ctx, func(ms []*appMsg) error { return applyApp(ms) })
}

func rebuiltStops(ctx context.Context) error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-rebuilt-stops", "enable.auto.commit": false}) // case: rebuiltstops
	r := &stopReader{c: c}
	return r.run(ctx, func(ms []*appMsg) error { return applyApp(ms) })
}

// applyApp applies each message, stopping at the first failure.
func applyApp(ms []*appMsg) error {
	for _, m := range ms {
		if len(m.Value) == 0 {
			return fmt.Errorf("empty value at %d", m.Offset)
		}
	}
	return nil
}
