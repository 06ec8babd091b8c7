// Package callerchan holds a confluent poller that sends each message on
// a channel its caller supplies and stores the offset right after, the
// stores committed when its ticker fires: the receiver, elsewhere, may
// still be processing the message the commit passes. No fix is built: the
// receiver is the caller's.
package callerchan

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// tickedPoll hands each message to the caller's channel, stores its
// offset, and commits the stores when its ticker fires
// (sabariramc/goserverbase's Poll): neither the ticker nor the context
// case waits for the receiver's work.
func tickedPoll(ctx context.Context, c *kafka.Consumer, ch chan<- *kafka.Message) error {
	tick := time.NewTicker(10 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			_, err := c.Commit()
			return err
		case <-tick.C:
			if _, err := c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		default:
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			ch <- m
			if _, err := c.StoreMessage(m); err != nil { // want `call to StoreMessage after the message is sent on a channel, with no wait for its processing: the commit of the stored offsets \(Commit\) does not wait for it either`
				log.Printf("store: %v", err)
			}
		}
	}
}

// ackedPoll is its twin: it waits for the receiver's acknowledgement
// before storing.
func ackedPoll(ctx context.Context, c *kafka.Consumer, ch chan<- *kafka.Message, acks <-chan error) error {
	tick := time.NewTicker(10 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			_, err := c.Commit()
			return err
		case <-tick.C:
			if _, err := c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		default:
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			ch <- m
			if err := <-acks; err != nil {
				return err
			}
			if _, err := c.StoreMessage(m); err != nil {
				log.Printf("store: %v", err)
			}
		}
	}
}

func runTicked(ctx context.Context, ch chan *kafka.Message, acks chan error) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ticked", "enable.auto.commit": false, "enable.auto.offset.store": false})
	if err != nil {
		return err
	}
	if err := tickedPoll(ctx, c, ch); err != nil {
		return err
	}
	return ackedPoll(ctx, c, ch, acks)
}
