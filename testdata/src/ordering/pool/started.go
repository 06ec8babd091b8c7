package pool

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

// startedHandler marks each message once it is queued for the workers
// that run starts: the timer commits messages they have not saved yet.
type startedHandler struct {
	db   store
	jobs chan<- *sarama.ConsumerMessage
}

func (startedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (startedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h startedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel, with no wait for its processing`
	}
	return nil
}

// saveAll saves the messages of jobs until it is closed.
func saveAll(db store, jobs <-chan *sarama.ConsumerMessage) {
	for m := range jobs {
		if err := apply(context.Background(), db, m.Value); err != nil {
			log.Printf("apply %d: %v", m.Offset, err)
		}
	}
}

// run starts four workers and consumes with a handler that queues each
// message for them.
func run(ctx context.Context, group sarama.ConsumerGroup, db store) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	defer close(jobs)
	for i := 0; i < 4; i++ {
		go saveAll(db, jobs)
	}
	return group.Consume(ctx, []string{"orders"}, startedHandler{db: db, jobs: jobs})
}

// startedLitHandler is startedHandler with workers that run a function
// literal of runLit, and the mark before the send.
type startedLitHandler struct {
	db   store
	jobs chan *sarama.ConsumerMessage
}

func (startedLitHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (startedLitHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *startedLitHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is sent on a channel to be processed`
		h.jobs <- msg
	}
	return nil
}

func runLit(ctx context.Context, group sarama.ConsumerGroup, db store) error {
	jobs := make(chan *sarama.ConsumerMessage, 64)
	defer close(jobs)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				if err := apply(context.Background(), db, m.Value); err != nil {
					log.Printf("apply %d: %v", m.Offset, err)
				}
			}
		}()
	}
	return group.Consume(ctx, []string{"orders"}, &startedLitHandler{db: db, jobs: jobs})
}

// startedAwaited is startedHandler's twin: each job carries a done
// channel the claim waits on before marking.
type startedAwaited struct {
	jobs chan<- job
}

func (startedAwaited) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (startedAwaited) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h startedAwaited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
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
	jobs := make(chan job)
	defer close(jobs)
	for i := 0; i < 4; i++ {
		go func() {
			for j := range jobs {
				j.done <- apply(ctx, db, j.msg.Value)
			}
		}()
	}
	return group.Consume(ctx, []string{"orders"}, startedAwaited{jobs: jobs})
}

// ctxHandler is startedHandler whose workers, started by runCtx, save
// with runCtx's context, which no field of the handler holds.
type ctxHandler struct {
	db   store
	jobs chan<- *sarama.ConsumerMessage
}

func (ctxHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ctxHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h ctxHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.jobs <- msg
		sess.MarkMessage(msg, "") // want `call to MarkMessage after the message is sent on a channel, with no wait for its processing`
	}
	return nil
}

func runCtx(ctx context.Context, group sarama.ConsumerGroup, db store) error {
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
	return group.Consume(ctx, []string{"orders"}, ctxHandler{db: db, jobs: jobs})
}
