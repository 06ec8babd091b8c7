// Package commitwrapper: a project wrapper that returns CommitMessage's
// error (honestbank/kp), whose callers drop it (#13), beside callers that
// check it and wrappers that handle the error themselves.
package commitwrapper

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type consumer struct{ c *kafka.Consumer }

// commit returns the commit's error unchanged.
func (c *consumer) commit(m *kafka.Message) error {
	_, err := c.c.CommitMessage(m)
	return err
}

// commitWrapped returns it wrapped.
func (c *consumer) commitWrapped(m *kafka.Message) error {
	if _, err := c.c.CommitMessage(m); err != nil {
		return fmt.Errorf("commit %v: %w", m.TopicPartition, err)
	}
	return nil
}

// commitLogged logs it and returns nothing of it: its callers may drop it.
func (c *consumer) commitLogged(m *kafka.Message) error {
	if _, err := c.c.CommitMessage(m); err != nil {
		log.Printf("commit: %v", err)
	}
	return nil
}

func handle(m *kafka.Message) error { return nil }

func newConsumer() (*consumer, error) {
	k, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return nil, err
	}
	return &consumer{c: k}, nil
}

// dropped calls the wrapper as a statement.
func dropped(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = handle(m)
		c.commit(m) // want `the error of commit, which returns the error of CommitMessage, is discarded: a failed commit, such as one rejected after a rebalance, goes unnoticed`
	}
	return nil
}

// blank assigns the wrapped error to _.
func blank(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = handle(m)
		_ = c.commitWrapped(m) // want `the error of commitWrapped, which returns the error of CommitMessage, is discarded`
	}
	return nil
}

// process commits each message it handles at its end, deferred.
func (c *consumer) process(m *kafka.Message) {
	defer c.commit(m) // want `the error of commit, which returns the error of CommitMessage, is discarded`
	_ = handle(m)
}

func deferred(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		c.process(m)
	}
	return nil
}

// checked logs the wrapper's error.
func checked(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = handle(m)
		if err := c.commit(m); err != nil { // ok: logged
			log.Printf("commit: %v", err)
		}
		if err := c.commitWrapped(m); err != nil { // ok: returned
			return err
		}
	}
	return nil
}

// processChecked logs it in a deferred closure.
func (c *consumer) processChecked(m *kafka.Message) {
	defer func() {
		if err := c.commit(m); err != nil { // ok: logged
			log.Printf("commit: %v", err)
		}
	}()
	_ = handle(m)
}

// selfLogged drops the error of a wrapper that logs it itself.
func selfLogged(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = handle(m)
		c.commitLogged(m) // ok: the wrapper logs the commit's error
		c.processChecked(m)
	}
	return nil
}

// ack returns commit's error: a wrapper of a wrapper.
func (c *consumer) ack(m *kafka.Message) error {
	return c.commit(m)
}

// ackLogged logs commit's error itself.
func (c *consumer) ackLogged(m *kafka.Message) error {
	if err := c.commit(m); err != nil {
		log.Printf("commit: %v", err)
	}
	return nil
}

// layered drops the error of a wrapper of a wrapper.
func layered(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = handle(m)
		c.ack(m)       // want `the error of ack, which returns the error of CommitMessage, is discarded`
		c.ackLogged(m) // ok: the wrapper logs the commit's error
	}
	return nil
}

// committer is the consumer as run uses it: its only implementation,
// *consumer, commits and returns the error.
type committer interface {
	commit(m *kafka.Message) error
}

// acker has two implementations: *consumer, and dryRun, which commits
// nothing.
type acker interface {
	ack(m *kafka.Message) error
}

type dryRun struct{}

func (dryRun) ack(m *kafka.Message) error { return nil }

// viaInterfaces drops the errors of interface methods.
func viaInterfaces(ctx context.Context, cm committer, a acker, c *consumer) {
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = handle(m)
		cm.commit(m) // want `the error of commit, which returns the error of CommitMessage, is discarded`
		a.ack(m)     // ok: acker has a second implementation, dryRun
	}
}

// commitNamed assigns the commit's error to its named result, returned by
// a bare return.
func (c *consumer) commitNamed(m *kafka.Message) (err error) {
	_, err = c.c.CommitMessage(m)
	return
}

// named drops the error of a wrapper with a named result, and checks it.
func named(ctx context.Context) error {
	c, err := newConsumer()
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if handle(m) != nil {
			c.commitNamed(m) // want `the error of commitNamed, which returns the error of CommitMessage, is discarded`
			continue
		}
		if err := c.commitNamed(m); err != nil { // ok: logged
			log.Printf("commit: %v", err)
		}
	}
	return nil
}
