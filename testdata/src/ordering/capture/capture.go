// Package capture queues jobs capturing a record variable declared before
// the loop, which the next fetch overwrites: every job applies the last
// record, and the commit after the jobs passes the others (hunt 46f/D2:
// 268 to 299 of 300 lost, no fault needed). The twins copy the record per
// iteration, declare it in the loop, or run the jobs before the next fetch.
package capture

import (
	"context"
	"database/sql"
	"time"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func upsert(ctx context.Context, v []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", v)
	return err
}

type op func(context.Context) error

// run runs the queued operations in order.
func run(ctx context.Context, ops []op) error {
	for _, o := range ops {
		if err := o(ctx); err != nil {
			return err
		}
	}
	return nil
}

type queued struct{ size int }

func (queued) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (queued) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h queued) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var (
		msg *sarama.ConsumerMessage
		ok  bool
		ops []op
	)
	for {
		select {
		case msg, ok = <-claim.Messages():
			if !ok {
				return nil
			}
			ops = append(ops, func(ctx context.Context) error { // want `function literal queued to run later captures msg, a variable declared outside the loop that each fetch overwrites`
				return upsert(ctx, msg.Value)
			})
			if len(ops) < h.size {
				continue
			}
		case <-tick.C:
		case <-sess.Context().Done():
			return nil
		}
		if err := run(sess.Context(), ops); err != nil {
			return err
		}
		if msg != nil {
			sess.MarkMessage(msg, "")
		}
		ops = nil
	}
}

// batched builds one job per message of a batch with kafka-go, then runs
// them and commits the batch.
func batched(ctx context.Context, r *kafka.Reader) error {
	var (
		m     kafka.Message
		err   error
		jobs  []op
		batch []kafka.Message
	)
	for {
		for len(batch) < 25 {
			m, err = r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
			jobs = append(jobs, func(ctx context.Context) error { // want `captures m, a variable declared outside the loop`
				return upsert(ctx, m.Value)
			})
		}
		if err := run(ctx, jobs); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
		jobs, batch = nil, nil
	}
}

// spawned starts one goroutine per message that reads the shared
// variable after the next fetch may have overwritten it.
func spawned(ctx context.Context, r *kafka.Reader, done chan<- kafka.Message) error {
	var m kafka.Message
	var err error
	for {
		if m, err = r.FetchMessage(ctx); err != nil {
			return err
		}
		go func() { // want `captures m, a variable declared outside the loop`
			if upsert(ctx, m.Value) == nil {
				done <- m
			}
		}()
	}
}

// copied is queued's twin copying the message per iteration.
type copied struct{ size int }

func (copied) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (copied) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h copied) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var (
		msg *sarama.ConsumerMessage
		ok  bool
		ops []op
	)
	for {
		select {
		case msg, ok = <-claim.Messages():
			if !ok {
				return nil
			}
			m := msg
			ops = append(ops, func(ctx context.Context) error {
				return upsert(ctx, m.Value)
			})
			if len(ops) < h.size {
				continue
			}
		case <-sess.Context().Done():
			return nil
		}
		if err := run(sess.Context(), ops); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		ops = nil
	}
}

// inLoop is batched's twin declaring the message in the loop.
func inLoop(ctx context.Context, r *kafka.Reader) error {
	var jobs []op
	var batch []kafka.Message
	for {
		for len(batch) < 25 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
			jobs = append(jobs, func(ctx context.Context) error {
				return upsert(ctx, m.Value)
			})
		}
		if err := run(ctx, jobs); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
		jobs, batch = nil, nil
	}
}

// drained is batched's twin running each job before the next fetch.
func drained(ctx context.Context, r *kafka.Reader) error {
	var (
		m    kafka.Message
		err  error
		jobs []op
	)
	for {
		if m, err = r.FetchMessage(ctx); err != nil {
			return err
		}
		jobs = append(jobs, func(ctx context.Context) error {
			return upsert(ctx, m.Value)
		})
		if err := run(ctx, jobs); err != nil {
			return err
		}
		jobs = jobs[:0]
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// retried is batched's twin handing the literal to a helper that runs it
// at once.
func retried(ctx context.Context, r *kafka.Reader) error {
	var m kafka.Message
	var err error
	for {
		if m, err = r.FetchMessage(ctx); err != nil {
			return err
		}
		if err := run(ctx, []op{func(ctx context.Context) error { return upsert(ctx, m.Value) }}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// waited is spawned's twin waiting for the goroutine's answer before the
// next fetch (precision hunt 47p/D1).
func waited(ctx context.Context, r *kafka.Reader) error {
	var m kafka.Message
	var err error
	for {
		if m, err = r.FetchMessage(ctx); err != nil {
			return err
		}
		done := make(chan error, 1)
		go func() { done <- upsert(ctx, m.Value) }()
		if err := <-done; err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

type payload struct{ body []byte }

func decodeMsg(m kafka.Message) payload { return payload{body: m.Value} }

// decoded queues jobs capturing a value decoded from each message into a
// variable declared before the loop (review 47-1/D2: 299 of 300 lost).
func decoded(ctx context.Context, r *kafka.Reader) error {
	var ev payload
	var jobs []op
	var batch []kafka.Message
	for {
		for len(batch) < 25 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
			ev = decodeMsg(m)
			jobs = append(jobs, func(ctx context.Context) error { // want `captures ev, a variable declared outside the loop`
				return upsert(ctx, ev.body)
			})
		}
		if err := run(ctx, jobs); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
		jobs, batch = nil, nil
	}
}

// unitOfWork keeps its queue in a field and runs it through a method
// before the next fetch (review 47-1/D1: lost=0).
type unitOfWork struct{ ops []op }

func (u *unitOfWork) runOps(ctx context.Context) error {
	defer func() { u.ops = nil }()
	return run(ctx, u.ops)
}

func unitOfWorkLoop(ctx context.Context, r *kafka.Reader) error {
	u := &unitOfWork{}
	var m kafka.Message
	var err error
	for {
		if m, err = r.FetchMessage(ctx); err != nil {
			return err
		}
		u.ops = append(u.ops, func(ctx context.Context) error { return upsert(ctx, m.Value) })
		if err := u.runOps(ctx); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
