// Package readreturnproc: a kafka-go group reader's ReadMessage in a
// helper whose final return processes the message (return
// c.d.dispatch(ctx, msg, h)). A commit inserted before that return would
// still come before the processing: the fix fetches, processes in a
// check, commits and returns nil, in one step.
package readreturnproc

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type Handler func(ctx context.Context, msg kafka.Message) error

type dispatcher struct{ retries int }

// dispatch calls the handler synchronously, retrying.
func (d *dispatcher) dispatch(ctx context.Context, msg kafka.Message, h Handler) error {
	var err error
	for i := 0; i <= d.retries; i++ {
		if err = h(ctx, msg); err == nil {
			return nil
		}
	}
	return err
}

type event struct{ ID string }

func store(ctx context.Context, ev event) error { return nil }

type consumer struct {
	reader *kafka.Reader
	d      *dispatcher
}

func newConsumer(group string) *consumer {
	return &consumer{
		reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", GroupID: group}),
		d:      &dispatcher{retries: 3},
	}
}

func (c *consumer) run(ctx context.Context, h Handler) error {
	for {
		if err := c.readNext(ctx, h); err != nil {
			return err
		}
	}
}

// readNext: the processing is the return's call.
func (c *consumer) readNext(ctx context.Context, h Handler) error {
	msg, err := c.reader.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
	if err != nil {
		return err
	}
	return c.d.dispatch(ctx, msg, h)
}

// step returns a count with the processing's error.
func (c *consumer) step(ctx context.Context) (int, error) {
	m, err := c.reader.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
	if err != nil {
		return 0, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		log.Printf("skip %d: %v", m.Offset, err)
		return 0, nil
	}
	return 1, store(ctx, ev)
}

// once has a named result: the check's err shadows it.
func (c *consumer) once(ctx context.Context, h Handler) (err error) {
	m, err := c.reader.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
	if err != nil {
		return err
	}
	return h(ctx, m)
}

// apply keeps the processing's error and returns it: the commit is made
// only when it is nil.
func (c *consumer) apply(ctx context.Context, h Handler) error {
	m, err := c.reader.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
	if err != nil {
		return err
	}
	err = c.d.dispatch(ctx, m, h)
	return err
}

// ok: the twin of apply: committed when the processing succeeded.
func (c *consumer) fetchApply(ctx context.Context, h Handler) error {
	m, err := c.reader.FetchMessage(ctx)
	if err != nil {
		return err
	}
	err = c.d.dispatch(ctx, m, h)
	if err == nil {
		err = c.reader.CommitMessages(ctx, m)
	}
	return err
}

func (c *consumer) loop(ctx context.Context, h Handler) {
	n := 0
	for {
		k, err := c.step(ctx)
		if err != nil {
			log.Printf("step: %v", err)
			return
		}
		n += k
		if err := c.once(ctx, h); err != nil {
			log.Printf("once: %v", err)
			return
		}
		if err := c.apply(ctx, h); err != nil {
			log.Printf("apply: %v", err)
		}
		if err := c.fetchApply(ctx, h); err != nil {
			log.Printf("apply: %v", err)
		}
	}
}

// ok: the twin of readNext: fetched, processed, then committed.
func (c *consumer) fetchNext(ctx context.Context, h Handler) error {
	msg, err := c.reader.FetchMessage(ctx)
	if err != nil {
		return err
	}
	if err := c.d.dispatch(ctx, msg, h); err != nil {
		return err
	}
	return c.reader.CommitMessages(ctx, msg)
}

// ok: the twin of step: the return after the commit uses no message.
func (c *consumer) fetchStep(ctx context.Context) (int, error) {
	m, err := c.reader.FetchMessage(ctx)
	if err != nil {
		return 0, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		log.Printf("skip %d: %v", m.Offset, err)
		return 0, nil
	}
	if err := store(ctx, ev); err != nil {
		return 0, err
	}
	if err := c.reader.CommitMessages(ctx, m); err != nil {
		return 0, err
	}
	return 1, nil
}

// feed decodes each message for its callers.
type feed struct{ r *kafka.Reader }

func (f *feed) next(ctx context.Context) (event, error) {
	m, err := f.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, err
	}
	return ev, nil
}

// handleOne stores the event in its return.
func (f *feed) handleOne(ctx context.Context) error {
	ev, err := f.next(ctx)
	if err != nil {
		return err
	}
	return store(ctx, ev)
}

// fetchFeed is the twin of feed: the caller commits after storing.
type fetchFeed struct{ r *kafka.Reader }

// ok: fetched; the caller commits
func (f *fetchFeed) next(ctx context.Context) (event, kafka.Message, error) {
	m, err := f.r.FetchMessage(ctx)
	if err != nil {
		return event{}, m, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, m, err
	}
	return ev, m, nil
}

func (f *fetchFeed) handleOne(ctx context.Context) error {
	ev, m, err := f.next(ctx)
	if err != nil {
		return err
	}
	if err := store(ctx, ev); err != nil {
		return err
	}
	return f.r.CommitMessages(ctx, m)
}

func main() {
	f := &feed{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", GroupID: "feed"})}
	_ = f.handleOne(context.Background())
	g := &fetchFeed{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", GroupID: "feed"})}
	_ = g.handleOne(context.Background())
	c := newConsumer("svc")
	h := func(ctx context.Context, m kafka.Message) error { return nil }
	go c.loop(context.Background(), h)
	_, _ = c.fetchStep(context.Background())
	_ = c.fetchNext(context.Background(), h)
	log.Fatal(c.run(context.Background(), h))
}
