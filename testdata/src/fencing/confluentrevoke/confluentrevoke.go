// Package confluentrevoke: confluent-kafka-go rebalance callbacks that
// handle RevokedPartitions without committing, with auto-commit off,
// auto-store off (each message stored once applied: with it on, a Commit()
// on revoke would commit what the client's Close polls out, so no fix
// adds one: nofix_test.go) and batched commits, beside the callbacks and
// loops that need no commit.
package confluentrevoke

import (
	"context"
	"log"
	"time"

	"fencing/helper"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

const batch = 100

func apply(m *kafka.Message) error { return nil }

// onRebalance reassigns on revoke and forgets the uncommitted batch.
func onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return c.Assign(e.Partitions)
	case kafka.RevokedPartitions: // want `the RevokedPartitions case commits nothing while enable.auto.commit is off and the loop commits in batches`
		log.Printf("revoked %v", e.Partitions)
		return c.Unassign()
	}
	return nil
}

// batched commits every 100 messages.
func batched(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums", "enable.auto.commit": false, "enable.auto.offset.store": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"amounts"}, onRebalance); err != nil {
		return err
	}
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			return err
		}
		if n++; n%batch == 0 {
			if _, err := c.Commit(); err != nil {
				return err
			}
		}
	}
	return nil
}

// literal passes a function literal that ignores its consumer.
func literal(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums", "enable.auto.commit": false, "enable.auto.offset.store": false})
	if err != nil {
		return err
	}
	defer c.Close()
	err = c.Subscribe("amounts", func(_ *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions: // want `the RevokedPartitions case commits nothing`
		}
		return nil
	})
	if err != nil {
		return err
	}
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			return err
		}
		if n++; n%batch == 0 {
			if _, err := c.CommitMessage(m); err != nil {
				return err
			}
		}
	}
	return nil
}

// committing commits on revoke.
func committingCb(c *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions: // ok: commits on revoke
		if !c.AssignmentLost() {
			if _, err := c.Commit(); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}
	}
	return nil
}

func committing(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"amounts"}, committingCb); err != nil {
		return err
	}
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
		if n++; n%batch == 0 {
			if _, err := c.Commit(); err != nil {
				return err
			}
		}
	}
	return nil
}

// perMessage commits after every message: nothing processed is left
// uncommitted when the callback runs inside ReadMessage.
func perMessage(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"amounts"}, onRebalance); err != nil { // ok: every message is committed before the next read
		return err
	}
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
	return nil
}

// autoCommit leaves auto-commit on: librdkafka commits the stored offsets
// of revoked partitions itself.
func autoCommit(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums"})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"amounts"}, onRebalance); err != nil { // ok: auto-commit on
		return err
	}
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
	}
	return nil
}

// ownStore keeps positions in its own store and never commits to Kafka.
func ownStore(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"amounts"}, onRebalance); err != nil { // ok: no Kafka commits at all
		return err
	}
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
	}
	return nil
}

// viaHelperCb commits through a helper of another package.
func viaHelperCb(c *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions: // ok: helper.CommitStored is given the consumer and may commit
		if err := helper.CommitStored(c); err != nil {
			log.Printf("commit on revoke: %v", err)
		}
	}
	return nil
}

func viaHelper(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"amounts"}, viaHelperCb); err != nil {
		return err
	}
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return err
		}
		if n++; n%batch == 0 {
			if _, err := c.Commit(); err != nil {
				return err
			}
		}
	}
	return nil
}

func applyAll(ms []*kafka.Message) error { return nil }

// onRevokeLog only logs revocations.
func onRevokeLog(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		log.Printf("revoked %v", e.Partitions)
	}
	return nil
}

// held keeps messages until it has a batch, writes it and commits its
// last message: when the callback runs, in a read, the messages held are
// not written yet and every written one is committed. Committing the
// stored offsets there would commit the held ones unwritten.
func held(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "sums", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"amounts"}, onRevokeLog); err != nil { // ok: no written message waits for a commit
		return err
	}
	var pending []*kafka.Message
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		pending = append(pending, m)
		if len(pending) >= batch {
			if err := applyAll(pending); err != nil {
				return err
			}
			if _, err := c.CommitMessage(pending[len(pending)-1]); err != nil {
				return err
			}
			pending = pending[:0]
		}
	}
	return nil
}
