// Package setclosure: confluent-kafka-go ConfigMaps filled through a local
// setter closure (issue #17): each call of the closure sets its key.
package setclosure

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func save(ctx context.Context, m *kafka.Message) error {
	if len(m.Value) == 0 {
		return errors.New("empty message")
	}
	return ctx.Err()
}

// stringSetter fills the map through set(k, v string): only the group is
// set, so the defaults store each message when ReadMessage returns it.
func stringSetter(ctx context.Context, brokers string) error {
	cfg := &kafka.ConfigMap{}
	set := func(k, v string) {
		_ = cfg.SetKey(k, v)
	}
	set("bootstrap.servers", brokers)
	set("group.id", "ledger")
	c, err := kafka.NewConsumer(cfg) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(ctx, msg); err != nil {
			return err
		}
	}
}

// stringSetterStored turns the auto-store off through the same closure
// and stores after saving.
func stringSetterStored(ctx context.Context, brokers string) error {
	cfg := &kafka.ConfigMap{}
	set := func(k, v string) {
		_ = cfg.SetKey(k, v)
	}
	set("bootstrap.servers", brokers)
	set("group.id", "ledger")
	set("enable.auto.offset.store", "false")
	c, err := kafka.NewConsumer(cfg) // ok: auto-store off through the closure, StoreMessage after processing
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(ctx, msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
}

// explicitOn sets the auto-store on through the closure: the fix turns
// that value off (a string, as the closure takes).
func explicitOn(ctx context.Context) error {
	cfg := &kafka.ConfigMap{}
	set := func(k, v string) {
		_ = cfg.SetKey(k, v)
	}
	set("group.id", "ledger")
	set("enable.auto.offset.store", "true")
	c, err := kafka.NewConsumer(cfg) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(ctx, msg); err != nil {
			return err
		}
	}
}

// valueSetter fills a map value through set(k string, v kafka.ConfigValue).
func valueSetter(ctx context.Context) error {
	cm := kafka.ConfigMap{}
	set := func(k string, v kafka.ConfigValue) {
		_ = cm.SetKey(k, v)
	}
	set("bootstrap.servers", "localhost:9092")
	set("group.id", "ledger")
	c, err := kafka.NewConsumer(&cm) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(ctx, msg); err != nil {
			return fmt.Errorf("save: %w", err)
		}
	}
}

// valueSetterManual turns auto-commit off through the closure and commits
// after saving.
func valueSetterManual(ctx context.Context) error {
	cm := kafka.ConfigMap{}
	set := func(k string, v kafka.ConfigValue) {
		_ = cm.SetKey(k, v)
	}
	set("group.id", "ledger")
	set("enable.auto.commit", false)
	c, err := kafka.NewConsumer(&cm) // ok: auto-commit off through the closure, CommitMessage after processing
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(ctx, msg); err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if _, err := c.CommitMessage(msg); err != nil {
			return err
		}
	}
}

// escapingSetter hands the closure to a function of another shape: its
// calls there are not seen, so the settings are unknown.
func escapingSetter(ctx context.Context, configure func(func(k, v string))) error {
	cfg := &kafka.ConfigMap{}
	set := func(k, v string) {
		_ = cfg.SetKey(k, v)
	}
	set("group.id", "ledger")
	configure(set)
	c, err := kafka.NewConsumer(cfg) // ok: the setter escapes to configure, which may turn the auto-store off
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = save(ctx, msg)
	}
}
