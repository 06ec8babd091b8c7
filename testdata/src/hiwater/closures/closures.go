// Package closures holds hiwater cases whose position call is made by a
// function literal the processing goroutine builds for its record and
// hands to a helper that calls it once the effect is written (#13,
// streamforge's worker).
package closures

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"golang.org/x/sync/errgroup"
)

type worker struct{ c *kafka.Consumer }

// process builds the commit of its message and hands it to apply.
func (w *worker) process(ctx context.Context, msg *kafka.Message) error {
	commit := func() error {
		_, err := w.c.CommitMessage(msg) // want `call to CommitMessage from a per-record errgroup function: records of a partition finish out of order and confluent-kafka-go commits are last-write-wins`
		return err
	}
	return w.apply(ctx, msg.Value, commit)
}

// apply writes the effect, then calls commit.
func (w *worker) apply(ctx context.Context, body []byte, commit func() error) error {
	log.Printf("insert %s", body)
	return commit()
}

// run starts an errgroup function for each message, which processes and
// commits it through process's closure.
func (w *worker) run(ctx context.Context) error {
	grp, ctx := errgroup.WithContext(ctx)
	grp.Go(func() error {
		for {
			ev := w.c.Poll(100)
			m, ok := ev.(*kafka.Message)
			if !ok {
				continue
			}
			msg := *m
			grp.Go(func() error {
				if err := w.process(ctx, &msg); err != nil {
					log.Printf("process: %v", err)
				}
				return nil
			})
		}
	})
	return grp.Wait()
}

type seqWorker struct{ c *kafka.Consumer }

func (w *seqWorker) process(ctx context.Context, msg *kafka.Message) error {
	commit := func() error {
		_, err := w.c.CommitMessage(msg) // ok: the poll loop processes each message in place
		return err
	}
	return w.apply(ctx, msg.Value, commit)
}

func (w *seqWorker) apply(ctx context.Context, body []byte, commit func() error) error {
	log.Printf("insert %s", body)
	return commit()
}

// run is worker.run's twin: each message is processed, and its closure
// called, before the next poll.
func (w *seqWorker) run(ctx context.Context) error {
	for {
		ev := w.c.Poll(100)
		m, ok := ev.(*kafka.Message)
		if !ok {
			continue
		}
		if err := w.process(ctx, m); err != nil {
			log.Printf("process: %v", err)
		}
	}
}

func newConsumer() *kafka.Consumer {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "streamforge",
		"enable.auto.commit": false,
	})
	if err != nil {
		log.Fatal(err)
	}
	return c
}

func main() {
	_ = (&worker{c: newConsumer()}).run(context.Background())
	_ = (&seqWorker{c: newConsumer()}).run(context.Background())
}
