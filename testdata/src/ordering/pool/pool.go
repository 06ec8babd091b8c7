// Package pool holds ordering cases where records are handed to a pool of
// workers over a channel and their position is written before the
// workers are done with them.
package pool

import (
	"context"
	"encoding/json"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

type order struct {
	ID    string `json:"id"`
	Total int64  `json:"total"`
}

type store interface {
	Save(ctx context.Context, o order) error
}

func apply(ctx context.Context, db store, value []byte) error {
	var o order
	if err := json.Unmarshal(value, &o); err != nil {
		return err
	}
	return db.Save(ctx, o)
}

type handler struct{ db store }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error {
	return nil
}

// poolMarks hands each message to one of four workers and marks it at
// once: the timer commits messages the workers have not saved yet.
func (h handler) poolMarks(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				if err := apply(sess.Context(), h.db, m.Value); err != nil {
					log.Printf("apply %d: %v", m.Offset, err)
				}
			}
		}()
	}
	defer close(jobs)
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel, with no wait for its processing: with auto-commit on, a crash before the message is processed loses it \(at-most-once\)`
	}
	return nil
}

// markThenPool marks each message, then hands it to the pool.
func (h handler) markThenPool(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				if err := apply(sess.Context(), h.db, m.Value); err != nil {
					log.Printf("apply %d: %v", m.Offset, err)
				}
			}
		}()
	}
	defer close(jobs)
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is sent on a channel to be processed: with auto-commit on, a crash before the message is processed loses it \(at-most-once\)`
		jobs <- msg
	}
	return nil
}

// selectPool hands each message to the pool in a select that gives up
// when the session ends, then marks it.
func (h handler) selectPool(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				if err := apply(sess.Context(), h.db, m.Value); err != nil {
					log.Printf("apply %d: %v", m.Offset, err)
				}
			}
		}()
	}
	defer close(jobs)
	for msg := range claim.Messages() {
		select {
		case jobs <- msg:
		case <-sess.Context().Done():
			return nil
		}
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel`
	}
	return nil
}

// worker saves the messages of jobs until it is closed.
func (h handler) worker(sess sarama.ConsumerGroupSession, jobs <-chan *sarama.ConsumerMessage) {
	for m := range jobs {
		if err := apply(sess.Context(), h.db, m.Value); err != nil {
			log.Printf("apply %d: %v", m.Offset, err)
		}
	}
}

// namedPool is poolMarks with workers that run a method.
func (h handler) namedPool(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	for i := 0; i < 4; i++ {
		go h.worker(sess, jobs)
	}
	defer close(jobs)
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel`
	}
	return nil
}

type job struct {
	msg  *sarama.ConsumerMessage
	done chan error
}

// poolAwaited is poolMarks' twin: each job carries a done channel the
// loop waits on before marking.
func (h handler) poolAwaited(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan job)
	for i := 0; i < 4; i++ {
		go func() {
			for j := range jobs {
				j.done <- apply(sess.Context(), h.db, j.msg.Value)
			}
		}()
	}
	defer close(jobs)
	for msg := range claim.Messages() {
		j := job{msg: msg, done: make(chan error, 1)}
		jobs <- j
		if err := <-j.done; err != nil { // ok: the worker's reply is the completion
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// poolDecodes is poolMarks with a worker that declares variables: the
// body runs in place as a block.
func (h handler) poolDecodes(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				var o order
				if err := json.Unmarshal(m.Value, &o); err != nil {
					log.Printf("decode %d: %v", m.Offset, err)
				} else if err := h.db.Save(sess.Context(), o); err != nil {
					log.Printf("save %d: %v", m.Offset, err)
				}
			}
		}()
	}
	defer close(jobs)
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel`
	}
	return nil
}

// shipper ships each kafka-go message from one worker, and the loop
// commits it, its error checked, as soon as it is queued.
func shipper(ctx context.Context, r *kafka.Reader, db store) error {
	out := make(chan kafka.Message, 16)
	go func() {
		for m := range out {
			if err := apply(ctx, db, m.Value); err != nil {
				log.Printf("ship %d: %v", m.Offset, err)
			}
		}
	}()
	defer close(out)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		out <- m
		if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is sent on a channel, with no wait for its processing: a crash before the message is processed loses it \(at-most-once\)`
			return err
		}
	}
}

// shipperAwaited is shipper's twin: the message is
// fetched without a commit, the worker reports each shipment and the loop
// commits after the report.
func shipperAwaited(ctx context.Context, r *kafka.Reader, db store) error {
	out := make(chan kafka.Message)
	shipped := make(chan error)
	go func() {
		for m := range out {
			shipped <- apply(ctx, db, m.Value)
		}
	}()
	defer close(out)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		out <- m
		if err := <-shipped; err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: committed after the worker's completion
			return err
		}
	}
}

// fieldPool keeps its workers' channel in a field: Setup starts them,
// Cleanup closes it, and ConsumeClaim marks each message once it is
// queued.
type fieldPool struct {
	db   store
	jobs chan *sarama.ConsumerMessage
}

func (p *fieldPool) Setup(sess sarama.ConsumerGroupSession) error {
	p.jobs = make(chan *sarama.ConsumerMessage, 64)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range p.jobs {
				if err := apply(context.Background(), p.db, m.Value); err != nil {
					log.Printf("apply %d: %v", m.Offset, err)
				}
			}
		}()
	}
	return nil
}

func (p *fieldPool) Cleanup(sarama.ConsumerGroupSession) error {
	close(p.jobs)
	return nil
}

func (p *fieldPool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		p.jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel`
	}
	return nil
}

// fieldPoolAwaited is fieldPool's twin: each job carries a done channel
// the claim waits on before marking.
type fieldPoolAwaited struct {
	db   store
	jobs chan job
}

func (p *fieldPoolAwaited) Setup(sess sarama.ConsumerGroupSession) error {
	p.jobs = make(chan job)
	for i := 0; i < 4; i++ {
		go func() {
			for j := range p.jobs {
				j.done <- apply(context.Background(), p.db, j.msg.Value)
			}
		}()
	}
	return nil
}

func (p *fieldPoolAwaited) Cleanup(sarama.ConsumerGroupSession) error {
	close(p.jobs)
	return nil
}

func (p *fieldPoolAwaited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		j := job{msg: msg, done: make(chan error, 1)}
		p.jobs <- j
		if err := <-j.done; err != nil { // ok: the worker's reply is the completion
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
