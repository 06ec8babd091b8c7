// Package confluentv1: the v1 import path behaves the same.
package confluentv1

import (
	"context"
	"fmt"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func loop(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := p.BeginTransaction(); err != nil {
			return err
		}
		if err := p.Produce(m, nil); err != nil {
			return err
		}
		_ = p.CommitTransaction(ctx) // want `the error of CommitTransaction is discarded while the loop carries on: confluent-kafka-go accepts no BeginTransaction`
	}
	return nil
}

func correct(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := p.BeginTransaction(); err != nil {
			return err
		}
		if err := p.Produce(m, nil); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil { // ok: returned
			return fmt.Errorf("commit transaction: %w", err)
		}
	}
	return nil
}

// emptyBranch checks the error and does nothing with it.
func emptyBranch(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := p.Produce(m, nil); err != nil {
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil { // want `the error of CommitTransaction is checked but ignored while the loop carries on`
		}
	}
	return nil
}
