// Package poolassigned holds ordering cases where a sarama handler queues
// each message for workers another function starts, reading variables
// that function assigns before it starts them.
package poolassigned

import (
	"context"
	"encoding/json"
	"log"

	"github.com/IBM/sarama"
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

// handler marks each message once it is queued for the workers that run
// starts: the timer commits messages they have not saved yet.
type handler struct {
	db   store
	jobs chan<- *sarama.ConsumerMessage
}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel, with no wait for its processing`
	}
	return nil
}

// run starts four workers saving with a context it cancels when it
// returns, and consumes with a handler that queues each message for
// them.
func run(ctx context.Context, group sarama.ConsumerGroup, db store) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan *sarama.ConsumerMessage, 64)
	defer close(jobs)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				if err := apply(ctx, db, m.Value); err != nil {
					log.Printf("apply %d: %v", m.Offset, err)
				}
			}
		}()
	}
	return group.Consume(ctx, []string{"orders"}, handler{db: db, jobs: jobs})
}

type job struct {
	msg  *sarama.ConsumerMessage
	done chan error
}

// awaited is handler's twin: each job carries a done channel the claim
// waits on before marking.
type awaited struct {
	jobs chan<- job
}

func (awaited) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (awaited) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h awaited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		j := job{msg: msg, done: make(chan error, 1)}
		h.jobs <- j
		if err := <-j.done; err != nil { // ok: the worker's reply is the completion
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runAwaited(ctx context.Context, group sarama.ConsumerGroup, db store) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	defer close(jobs)
	for i := 0; i < 4; i++ {
		go func() {
			for j := range jobs {
				j.done <- apply(ctx, db, j.msg.Value)
			}
		}()
	}
	return group.Consume(ctx, []string{"orders"}, awaited{jobs: jobs})
}
