package cases

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"semantics/safe"
)

// deferLastHandler keeps the message it is about to save and marks it
// once, when the claim ends: a failed save returns, and the deferred
// mark passes the failed message (trial 41d/D1: at-least-once, 3 of 300
// lost without a crash).
type deferLastHandler struct{}

func (deferLastHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (deferLastHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (deferLastHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var last *sarama.ConsumerMessage
	defer func() {
		if last != nil {
			sess.MarkMessage(last, "")
		}
	}()
	for msg := range claim.Messages() {
		last = msg
		if err := apply(msg.Value); err != nil {
			return fmt.Errorf("offset %d: %w", msg.Offset, err)
		}
	}
	return nil
}

func deferLast(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-defer-last", sarama.NewConfig()) // case: deferlast
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, deferLastHandler{})
}

// deferDoneHandler keeps the message once it is saved: the deferred mark
// passes none that failed.
type deferDoneHandler struct{}

func (deferDoneHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (deferDoneHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (deferDoneHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var last *sarama.ConsumerMessage
	defer func() {
		if last != nil {
			sess.MarkMessage(last, "")
		}
	}()
	for msg := range claim.Messages() {
		if err := apply(msg.Value); err != nil {
			return fmt.Errorf("offset %d: %w", msg.Offset, err)
		}
		last = msg
	}
	return nil
}

func deferDone(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-defer-done", sarama.NewConfig()) // case: deferdone
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, deferDoneHandler{})
}

// storeRound stores the last message of a round once, when it returns;
// the message is kept before it is saved (trial 41d/D10).
func storeRound(c *kafka.Consumer) error {
	var last *kafka.Message
	defer func() {
		if last != nil {
			if _, err := c.StoreMessage(last); err != nil {
				log.Print(err)
			}
		}
	}()
	for range 50 {
		m, ok := c.Poll(50).(*kafka.Message)
		if !ok {
			continue
		}
		last = m
		if err := apply(m.Value); err != nil {
			return err
		}
	}
	return nil
}

func deferStoreRound() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-defer-store", "enable.auto.offset.store": false}) // case: deferstore
	for {
		if err := storeRound(c); err != nil {
			log.Printf("round: %v", err)
		}
	}
}

var _, _, _ = deferLast, deferDone, deferStoreRound

// recoveredRun stores each message after safe.Run, of another package,
// ran its processing: a panic there is only logged and returns no error
// (trial 41d/D8: at-least-once, 3 of 300 lost without a crash).
func recoveredRun() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-recovered-run", "enable.auto.offset.store": false}) // case: recoveredrun
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if err := safe.Run("apply", func() error { return apply(m.Value) }); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

// recoveredErr is its twin: the panic is returned as an error.
func recoveredErr() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-recovered-err", "enable.auto.offset.store": false}) // case: recoverederr
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if err := safe.RunErr(func() error { return apply(m.Value) }); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

var _, _ = recoveredRun, recoveredErr

// deferResetHandler keeps the message it is about to save, and puts the
// previous one back when the save fails: the defer marks up to the one
// before the failed message (review 41-1/D1: said neither).
type deferResetHandler struct{}

func (deferResetHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (deferResetHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (deferResetHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var last *sarama.ConsumerMessage
	defer func() {
		if last == nil {
			return
		}
		sess.MarkMessage(last, "")
	}()
	for msg := range claim.Messages() {
		prev := last
		last = msg
		if err := apply(msg.Value); err != nil {
			last = prev
			return err
		}
	}
	return nil
}

// deferGuardHandler is deferLastHandler with the nil test returning
// early (review 41-1/D2: said at-least-once).
type deferGuardHandler struct{}

func (deferGuardHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (deferGuardHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (deferGuardHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var last *sarama.ConsumerMessage
	defer func() {
		if last == nil {
			return
		}
		sess.MarkMessage(last, "")
	}()
	for msg := range claim.Messages() {
		last = msg
		if err := apply(msg.Value); err != nil {
			return err
		}
	}
	return nil
}

func deferVariants(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-defer-reset", sarama.NewConfig()) // case: deferreset
	b, _ := sarama.NewConsumerGroup(nil, "g-defer-guard", sarama.NewConfig()) // case: deferguard
	_ = a.Consume(ctx, []string{"t"}, deferResetHandler{})
	_ = b.Consume(ctx, []string{"t"}, deferGuardHandler{})
}

var _ = deferVariants

// laneService stores each message in a lane its rebalance callback starts
// per partition: the stores are the lanes', not the callback's (trial
// 41c/D4: "no commits ... nothing stores", at-least-once, while a failed
// apply was stored past: 18 of 300 lost without a crash).
type laneService struct {
	c     *kafka.Consumer
	lanes map[int32]chan *kafka.Message
}

func (s *laneService) lane(ch chan *kafka.Message) {
	for m := range ch {
		if err := apply(m.Value); err != nil {
			log.Print(err)
			continue
		}
		if _, err := s.c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

func (s *laneService) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		for _, tp := range e.Partitions {
			ch := make(chan *kafka.Message, 64)
			s.lanes[tp.Partition] = ch
			go s.lane(ch)
		}
		return c.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		if _, err := c.Commit(); err != nil {
			log.Print(err)
		}
		return c.Unassign()
	}
	return nil
}

func runLanes() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-lanes-stored", "enable.auto.offset.store": false}) // case: lanesstored
	if err != nil {
		return err
	}
	s := &laneService{c: c, lanes: map[int32]chan *kafka.Message{}}
	if err := c.SubscribeTopics([]string{"t"}, s.rebalance); err != nil {
		return err
	}
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if ch := s.lanes[m.TopicPartition.Partition]; ch != nil {
			ch <- m
		}
	}
}

var _ = runLanes

// errRetryable is a failure worth retrying.
var errRetryable = errors.New("retryable")

// deferPartialHandler puts the previous record back on a transient
// failure only: a permanent one returns with the failed record kept, and
// the defer marks it (review 41-2/D1: said at-least-once).
type deferPartialHandler struct{}

func (deferPartialHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (deferPartialHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (deferPartialHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var last *sarama.ConsumerMessage
	defer func() {
		if last != nil {
			sess.MarkMessage(last, "")
		}
	}()
	for msg := range claim.Messages() {
		prev := last
		last = msg
		if err := apply(msg.Value); err != nil {
			if errors.Is(err, errRetryable) {
				last = prev
			}
			return err
		}
	}
	return nil
}

func runDeferPartial(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-defer-partial", sarama.NewConfig()) // case: deferpartial
	_ = g.Consume(ctx, []string{"t"}, deferPartialHandler{})
}

var _ = runDeferPartial
