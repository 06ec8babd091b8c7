package cases

import (
	"context"

	"github.com/gammazero/workerpool"
	"github.com/panjf2000/ants/v2"
	kafkago "github.com/segmentio/kafka-go"
)

// submitThenCommit hands each message to an ants pool, whose Submit
// returns once a worker has the task, then commits it: the commit may
// pass a message the pool has not processed (hookokoko/notifyGo).
func submitThenCommit(ctx context.Context, pool *ants.Pool) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-ants", Topic: "t-ants"}) // case: antssubmit
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := pool.Submit(func() { _ = applyGo(m) }); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// submitWaitThenCommit is its twin: SubmitWait returns once the task
// has run.
func submitWaitThenCommit(ctx context.Context, pool *workerpool.WorkerPool) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-submitwait", Topic: "t-submitwait"}) // case: submitwait
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		pool.SubmitWait(func() { _ = applyGo(m) })
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func applyGo(m kafkago.Message) error { return nil }

var _, _ = submitThenCommit, submitWaitThenCommit
