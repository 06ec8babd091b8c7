// Package sarama holds ordering cases for github.com/IBM/sarama with the
// default config: auto-commit is on, so a mark is as good as a commit.
package sarama

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/IBM/sarama"
)

type event struct {
	ID    string `json:"id"`
	Count int    `json:"count"`
}

// repo is where events are applied.
type repo interface {
	Save(ctx context.Context, ev event) error
}

var db repo

func process(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var ev event
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return err
	}
	return db.Save(ctx, ev)
}

// commit is a same-package helper that marks the message it is given.
func commit(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "")
}

// markFirst marks each message before processing it.
type markFirst struct{}

func (markFirst) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markFirst) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markFirst) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `MarkMessage before the message is processed: with auto-commit on, a crash between them loses the message \(at-most-once\)`
		if err := process(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// markAfter is markFirst's twin.
type markAfter struct{}

func (markAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markAfter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: marked after processing
	}
	return nil
}

// offsetFirst uses MarkOffset in a select loop, with the decoded struct
// processed after the mark.
type offsetFirst struct{}

func (offsetFirst) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (offsetFirst) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (offsetFirst) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			var ev event
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				log.Printf("skip %d: %v", msg.Offset, err)
				sess.MarkMessage(msg, "") // ok: a poison pill, not processed afterwards
				continue
			}
			sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "") // want `MarkOffset before the message is processed`
			if err := db.Save(sess.Context(), ev); err != nil {
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

// offsetAfter is offsetFirst's twin.
type offsetAfter struct{}

func (offsetAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (offsetAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (offsetAfter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			var ev event
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				return err
			}
			if err := db.Save(sess.Context(), ev); err != nil {
				return err
			}
			sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "") // ok: marked after processing
		case <-sess.Context().Done():
			return nil
		}
	}
}

// helperFirst marks through a same-package helper before processing.
type helperFirst struct{}

func (helperFirst) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (helperFirst) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (helperFirst) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		commit(sess, msg) // want `call to commit \(MarkMessage\) before the message is processed: with auto-commit on`
		if err := process(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// helperAfter is helperFirst's twin.
type helperAfter struct{}

func (helperAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (helperAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (helperAfter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(sess.Context(), msg); err != nil {
			return err
		}
		commit(sess, msg) // ok: marked after processing
	}
	return nil
}

// projector has its processing and its acknowledgement in methods.
type projector struct {
	db      repo
	autoAck bool
	retries int
}

func (p *projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (p *projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p *projector) apply(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var ev event
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return err
	}
	return p.db.Save(ctx, ev)
}

func (p *projector) ack(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "")
}

func (p *projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		p.ack(sess, msg) // want `call to ack \(MarkMessage\) before the message is processed`
		if err := p.apply(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// handle is a per-message method with a deferred mark: it runs after the
// body.
func (p *projector) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	defer sess.MarkMessage(msg, "") // ok: deferred, runs after apply
	return p.apply(sess.Context(), msg)
}

// retry applies with retries that finish before the mark.
func (p *projector) retry(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	var err error
	for attempt := 0; attempt <= p.retries; attempt++ {
		if err = p.apply(sess.Context(), msg); err == nil {
			break
		}
		time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	sess.MarkMessage(msg, "") // ok: after the retry loop
	return nil
}

// flagged marks first only when the operator asked for at-most-once.
func (p *projector) flagged(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	if p.autoAck {
		sess.MarkMessage(msg, "") // ok: on one path only, behind a config flag
	}
	if err := p.apply(sess.Context(), msg); err != nil {
		return err
	}
	if !p.autoAck {
		sess.MarkMessage(msg, "")
	}
	return nil
}

// logged only logs the message after marking it.
func (p *projector) logged(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	if err := p.apply(sess.Context(), msg); err != nil {
		return err
	}
	sess.MarkMessage(msg, "") // ok: only logged afterwards
	log.Printf("applied %s/%d@%d: %s", msg.Topic, msg.Partition, msg.Offset, msg.Value)
	return nil
}

// quick marks and returns the processing's result: the fix checks the
// result, then marks and returns nil.
func (p *projector) quick(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
	return p.apply(sess.Context(), msg)
}

// handOff marks and hands the message to a goroutine: the fix processes
// it in place, then marks it.
func (p *projector) handOff(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
	go p.apply(context.Background(), msg)
}

// closures: the processing is a closure called after the mark.
type closures struct{}

func (closures) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (closures) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (closures) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	apply := func(m *sarama.ConsumerMessage) error {
		var ev event
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			return err
		}
		return db.Save(sess.Context(), ev)
	}
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `MarkMessage before the message is processed`
		if err := apply(msg); err != nil {
			return err
		}
	}
	return nil
}

func run(ctx context.Context) error {
	group, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g", sarama.NewConfig())
	if err != nil {
		return err
	}
	handlers := []sarama.ConsumerGroupHandler{
		markFirst{}, markAfter{}, offsetFirst{}, offsetAfter{}, helperFirst{}, helperAfter{},
		&projector{db: db}, closures{},
	}
	for ctx.Err() == nil {
		for _, h := range handlers {
			if err := group.Consume(ctx, []string{"t"}, h); err != nil {
				return err
			}
		}
	}
	return nil
}
