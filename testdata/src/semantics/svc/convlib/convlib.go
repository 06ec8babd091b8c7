// Package convlib is a consumer framework: its users register a
// converter and a handler, and the loop hands each record, converted, to
// the handler.
package convlib

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

type Message struct {
	Topic string
	Value []byte
}

// Converter turns a record into the library's Message.
type Converter interface {
	FromKafka(*sarama.ConsumerMessage) (*Message, error)
}

type Handler interface {
	HandleMessage(ctx context.Context, m *Message) error
}

type Consumer struct {
	converter Converter
	handler   Handler
}

func (c *Consumer) Handle(conv Converter, h Handler) { c.converter, c.handler = conv, h }

func (c *Consumer) Serve(ctx context.Context, brokers []string, group string, topics []string) error {
	g, err := sarama.NewConsumerGroup(brokers, group, sarama.NewConfig()) // case: convlib
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, topics, groupHandler{c}); err != nil {
			return err
		}
	}
	return nil
}

type groupHandler struct{ c *Consumer }

func (groupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (groupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (g groupHandler) ConsumeClaim(s sarama.ConsumerGroupSession, cl sarama.ConsumerGroupClaim) error {
	for m := range cl.Messages() {
		if err := g.handle(s.Context(), m); err != nil {
			log.Printf("handler failed: %v", err)
			continue
		}
		s.MarkMessage(m, "")
	}
	return nil
}

func (g groupHandler) handle(ctx context.Context, m *sarama.ConsumerMessage) error {
	msg, err := g.c.converter.FromKafka(m)
	if err != nil {
		return err
	}
	return g.c.handler.HandleMessage(ctx, msg)
}
