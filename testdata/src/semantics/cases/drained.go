package cases

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"
)

// drainer fetches into a queue its exported Work drains; callers of other
// packages start Work (several goroutines, each committing).
type drainer struct {
	r    *kafkago.Reader
	jobs chan kafkago.Message
}

// Run fetches until the context ends, then drains the queue.
func (c *drainer) Run(ctx context.Context) {
	defer c.drain()
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		c.jobs <- m
	}
}

// drain empties the queue at shutdown.
func (c *drainer) drain() {
	for len(c.jobs) > 0 {
		<-c.jobs
	}
}

// Work applies and commits each queued message.
func (c *drainer) Work(ctx context.Context) {
	for m := range c.jobs {
		if apply(m) == nil {
			_ = c.r.CommitMessages(ctx, m)
		}
	}
}

// newDrainer builds the consumer: the drain the fetch loop defers does
// not make the workers known (review 39-1/D10: concurrency none,
// at-least-once).
func newDrainer() *drainer {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-drained", Topic: "t"}) // case: drained
	return &drainer{r: r, jobs: make(chan kafkago.Message, 16)}
}

// piped fetches in a goroutine of its own and processes in the caller's:
// both are the consumer's code in sight (review 39-5/D1, D2).
type piped struct {
	r    *kafkago.Reader
	jobs chan kafkago.Message
}

// Run starts the fetch and processes what it queues.
func (p *piped) Run(ctx context.Context) error {
	go p.fetch(ctx)
	return p.process(ctx)
}

func (p *piped) fetch(ctx context.Context) {
	defer close(p.jobs)
	for {
		m, err := p.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		p.jobs <- m
	}
}

func (p *piped) process(ctx context.Context) error {
	for m := range p.jobs {
		if err := apply(m); err != nil {
			return err
		}
		if err := p.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

func newPiped() *piped {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-piped", Topic: "t"}) // case: piped
	return &piped{r: r, jobs: make(chan kafkago.Message)}
}

// accept applies m, answering whether it was accepted, or an error.
func accept(m kafkago.Message) (bool, error) { return len(m.Value) > 0, apply(m) }

// rejectedSkip skips the commit of a rejected message: the next commit
// passes it (review 39-5/D3).
func rejectedSkip(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-rejected", Topic: "t"}) // case: rejectedskip
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		ok, err := accept(m)
		if err != nil {
			return
		}
		if !ok {
			continue
		}
		_ = r.CommitMessages(ctx, m)
	}
}
