// Command tail is cmd's silent twin: it passes svc the configurations
// under which its consumers are right (sarama's default auto-commit
// commits the marks; a kafka-go reader outside any group commits nothing).
package main

import (
	"context"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"

	"autocommit/passedcfg/svc"
)

func main() {
	ctx := context.Background()
	client, err := sarama.NewClient([]string{"localhost:9092"}, sarama.NewConfig())
	if err != nil {
		panic(err)
	}
	orders, err := svc.NewOrders(client) // ok: auto-commit on commits the marks
	if err != nil {
		panic(err)
	}
	go orders.Run(ctx)
	events := svc.NewEvents(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events"}) // ok: no group, nothing committed
	events.Run(ctx)
}
