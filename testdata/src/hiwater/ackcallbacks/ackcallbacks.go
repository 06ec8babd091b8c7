// Package ackcallbacks holds completion callbacks a library hands its
// users with each record: an Ack committing the record's position, which
// a user calls once it has processed the record, in any order. The
// callback returns the commit's error, and the pump making the callbacks
// returns nothing (a goroutine of the library) or its loop's error.
package ackcallbacks

import (
	"context"
	"log"

	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Message is what a queue hands its users: the value and the commit of
// its position, which the user calls once it has processed it.
type Message struct {
	Value []byte
	Ack   func(context.Context) error
}

// Queue pumps the orders topic to its users (ecodeclub/mq-api's kafka
// consumer with acknowledgements).
type Queue struct {
	r     *kafka.Reader
	msgCh chan *Message
}

// NewQueue starts the pump.
func NewQueue(ctx context.Context) *Queue {
	q := &Queue{
		r:     kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "orders", Topic: "orders"}),
		msgCh: make(chan *Message, 1000),
	}
	go q.pump(ctx)
	return q
}

// Consume returns the next message; the caller processes it, then acks.
func (q *Queue) Consume(ctx context.Context) (*Message, error) {
	select {
	case m := <-q.msgCh:
		return m, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (q *Queue) pump(ctx context.Context) {
	defer close(q.msgCh)
	for {
		m, err := q.r.FetchMessage(ctx)
		if err != nil {
			log.Printf("fetch: %v", err)
			return
		}
		ack := func(ctx context.Context) error { return q.r.CommitMessages(ctx, m) } // want `call to CommitMessages from a completion callback made for each message: callbacks run as the work finishes, in any order, and kafka-go commits are last-write-wins`
		select {
		case q.msgCh <- &Message{Value: m.Value, Ack: ack}:
		case <-ctx.Done():
			return
		}
	}
}

// TrackedQueue is Queue's twin: each Ack commits the low-water mark of a
// tracker the pump starts every message in.
type TrackedQueue struct {
	r     *kafka.Reader
	msgCh chan *Message
}

// NewTrackedQueue starts the pump.
func NewTrackedQueue(ctx context.Context) *TrackedQueue {
	q := &TrackedQueue{
		r:     kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "orders", Topic: "orders"}),
		msgCh: make(chan *Message, 1000),
	}
	go q.pump(ctx)
	return q
}

// Consume returns the next message; the caller processes it, then acks.
func (q *TrackedQueue) Consume(ctx context.Context) (*Message, error) {
	select {
	case m := <-q.msgCh:
		return m, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (q *TrackedQueue) pump(ctx context.Context) {
	defer close(q.msgCh)
	inFlight := lowwater.New()
	for {
		m, err := q.r.FetchMessage(ctx)
		if err != nil {
			log.Printf("fetch: %v", err)
			return
		}
		tp := lowwater.TopicPartition{Topic: m.Topic, Partition: int32(m.Partition)}
		if err := inFlight.Start(tp, m.Offset); err != nil {
			inFlight.Forget(tp) // a rebalance handed the partition back from its committed offset
			_ = inFlight.Start(tp, m.Offset)
		}
		ack := func(ctx context.Context) error {
			if next, ok := inFlight.Done(tp, m.Offset); ok {
				return q.r.CommitMessages(ctx, kafka.Message{Topic: m.Topic, Partition: m.Partition, Offset: next - 1}) // ok: a low-water mark
			}
			return nil
		}
		select {
		case q.msgCh <- &Message{Value: m.Value, Ack: ack}:
		case <-ctx.Done():
			return
		}
	}
}

// Stream hands the records of a franz-go client with auto-commit off to
// its users, each with an Ack committing the record.
type Stream struct {
	cl  *kgo.Client
	out chan *Message
}

// Run polls until the context ends, returning its error.
func (s *Stream) Run(ctx context.Context) error {
	for {
		fetches := s.cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			ack := func(ctx context.Context) error { return s.cl.CommitRecords(ctx, r) } // want `call to CommitRecords from a completion callback made for each record: callbacks run as the work finishes, in any order, and franz-go commits are last-write-wins`
			select {
			case s.out <- &Message{Value: r.Value, Ack: ack}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// NewStream starts a stream of the orders topic in the "orders" group.
func NewStream(ctx context.Context) (*Stream, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("orders"), kgo.ConsumeTopics("orders"), kgo.DisableAutoCommit())
	if err != nil {
		return nil, err
	}
	s := &Stream{cl: cl, out: make(chan *Message, 1000)}
	go func() {
		if err := s.Run(ctx); err != nil {
			log.Printf("stream: %v", err)
		}
	}()
	return s, nil
}

// Next returns the next record; the caller processes it, then acks.
func (s *Stream) Next() *Message { return <-s.out }

// BatchStream is Stream's twin: each poll's records go out together with
// one Ack, which commits the whole poll once its user has processed it;
// the loop waits for that Ack before it polls again.
type BatchStream struct {
	cl  *kgo.Client
	out chan *Batch
}

// Batch is one poll's values and the commit of the poll.
type Batch struct {
	Values [][]byte
	Ack    func(context.Context) error
}

// Run polls until the context ends, returning its error.
func (s *BatchStream) Run(ctx context.Context) error {
	for {
		fetches := s.cl.PollFetches(ctx)
		recs := fetches.Records()
		b := &Batch{}
		for _, r := range recs {
			b.Values = append(b.Values, r.Value)
		}
		acked := make(chan struct{})
		b.Ack = func(ctx context.Context) error {
			defer close(acked)
			return s.cl.CommitRecords(ctx, recs...) // ok: one batch at a time, the loop waits for its ack
		}
		select {
		case s.out <- b:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case <-acked:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
