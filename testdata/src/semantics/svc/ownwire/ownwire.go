// Package ownwire builds a group and runs ownhandler's Marker on it: the
// handler's marks are counted to ownhandler's own group, so this row
// cannot say what is committed; it said "nothing is ever committed"
// (trial 40a/D5).
package ownwire

import (
	"context"

	"github.com/IBM/sarama"

	"semantics/svc/ownhandler"
)

func run(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-wire", sarama.NewConfig()) // case: ownwire
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, ownhandler.Marker{})
}

var _ = run
