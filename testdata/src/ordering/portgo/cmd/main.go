// Command cmd wires the handlers to the framework: a projector handing
// each message to a goroutine (reported, fixed in package handler), a
// writer, and a waiter writing in a goroutine it waits for (silent).
package main

import (
	"context"

	"github.com/IBM/sarama"

	"ordering/portgo/framework"
	"ordering/portgo/handler"
)

func main() {
	ctx := context.Background()
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-projector", sarama.NewConfig())
	_ = framework.New(g, handler.NewProjector("/tmp")).Run(ctx, []string{"orders"}) // want `call to New with a \*handler.Projector, whose Handle only queues the message for later work: package framework marks each message \(MarkMessage, in groupHandler.ConsumeClaim\) as soon as Handle returns, with no wait for its processing: with auto-commit on, a crash before the message is processed loses it \(at-most-once\)`
	g2, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-writer", sarama.NewConfig())
	_ = framework.New(g2, handler.NewWriter("/tmp")).Run(ctx, []string{"payments"})
	g3, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-waiter", sarama.NewConfig())
	_ = framework.New(g3, handler.NewWaiter("/tmp")).Run(ctx, []string{"refunds"})
}
