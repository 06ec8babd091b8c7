// Package commitprev: kafka-go group readers whose ReadMessage commits
// the message before returning it, and a confluent-kafka-go consumer on
// the librdkafka defaults, where the message leaves the package: returned
// by an exported method, by a method stored in an exported field, by
// ReadMessage taken as a value into one, or queued on a channel whose
// values an exported method returns. No code of the package runs after its
// processing, so the fix commits (stores) each message when the next is
// asked for: the message handed out last is kept, behind a mutex, and
// committed at the start of the next call.
package commitprev

import (
	"context"
	"encoding/json"
	"log"
	"time"

	kafka2 "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/segmentio/kafka-go"
)

type event struct {
	ID string `json:"id"`
}

func apply(ctx context.Context, m kafka.Message) error { return nil }

func handle(ctx context.Context, ev event) error { return nil }

// source decodes the next message; Pipeline exposes it in an exported
// field, which code out of sight may set or call: the fix keeps the
// message next decoded last and commits it when next is called again.
type source struct{ r *kafka.Reader }

func (s *source) next(ctx context.Context) (event, error) {
	m, err := s.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); fix: fetch with FetchMessage and commit each message when the next is asked for \(a caller asking for the next message has processed the previous one, .*concurrent callers would commit each other's messages before they are processed, as now\)$`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, err
	}
	return ev, nil
}

// Pipeline runs Next's events through handle.
type Pipeline struct {
	Next func(context.Context) (event, error)
}

// NewPipeline reads the events topic in the "events" group.
func NewPipeline() *Pipeline {
	s := &source{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
	return &Pipeline{Next: s.next}
}

// Run handles events until Next fails.
func (p *Pipeline) Run(ctx context.Context) error {
	for {
		ev, err := p.Next(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, ev); err != nil {
			return err
		}
	}
}

// tailSource is source for a reader outside any group.
type tailSource struct{ r *kafka.Reader }

func (s *tailSource) next(ctx context.Context) (event, error) {
	m, err := s.r.ReadMessage(ctx) // ok: no group, nothing committed
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, err
	}
	return ev, nil
}

// NewTailPipeline is NewPipeline's twin on a reader outside any group:
// ReadMessage commits nothing there.
func NewTailPipeline() *Pipeline {
	s := &tailSource{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events"})}
	return &Pipeline{Next: s.next}
}

// Tail returns each message as ReadMessage returns it, committed, from
// an exported method that callers out of sight may read with too: the
// fix keeps the message Read returned last and commits it when Read is
// called again.
type Tail struct{ r *kafka.Reader }

// NewTail reads the orders topic in the "tail" group.
func NewTail() *Tail {
	return &Tail{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "tail", Topic: "orders"})}
}

// Read returns the next message.
func (t *Tail) Read(ctx context.Context) (kafka.Message, error) {
	return t.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); fix: fetch with FetchMessage and commit each message when the next is asked for \(a caller asking for the next message has processed the previous one, .*concurrent callers would commit each other's messages before they are processed, as now\)$`
}

// Run applies messages until one fails.
func (t *Tail) Run(ctx context.Context) error {
	for {
		m, err := t.Read(ctx)
		if err != nil {
			return err
		}
		if err := apply(ctx, m); err != nil {
			return err
		}
	}
}

// FetchTail is Tail's twin: Read fetches, and Run commits after applying.
type FetchTail struct{ r *kafka.Reader }

// NewFetchTail reads the orders topic in the "tail" group.
func NewFetchTail() *FetchTail {
	return &FetchTail{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "tail", Topic: "orders"})}
}

// Read returns the next message, uncommitted.
func (t *FetchTail) Read(ctx context.Context) (kafka.Message, error) {
	return t.r.FetchMessage(ctx) // ok: Run commits after applying
}

// Run applies messages until one fails, committing each after it.
func (t *FetchTail) Run(ctx context.Context) error {
	for {
		m, err := t.Read(ctx)
		if err != nil {
			return err
		}
		if err := apply(ctx, m); err != nil {
			return err
		}
		if err := t.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Source hands out the next message through an exported field, which
// code out of sight calls: the fix stores a function there that fetches,
// keeps the message it returned last and commits it when called again.
type Source struct {
	Next func(context.Context) (kafka.Message, error)
}

// NewSource reads the orders topic in the "orders" group.
func NewSource() *Source {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "orders", Topic: "orders"})
	return &Source{Next: r.ReadMessage} // want `group reader's ReadMessage, taken as a value here, commits each message before returning it: a crash while it is processed loses it \(at-most-once\); fix: take FetchMessage instead and commit each message when the next is asked for \(.*\)$`
}

// NewTailSource is NewSource's twin on a reader outside any group:
// ReadMessage commits nothing there.
func NewTailSource() *Source {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "orders"})
	return &Source{Next: r.ReadMessage} // ok: no group, nothing committed
}

// Message is what the library hands its users.
type Message struct{ Value []byte }

func toMessage(m kafka.Message) *Message { return &Message{Value: m.Value} }

// Queue pumps the orders topic into a buffered channel that Consume hands
// to the library's user, who processes each message after this package is
// done with it (ecodeclub/mq-api's kafka consumer): the fix carries the
// fetched message in Message, keeps the one Consume returned last and
// commits it when Consume is called again.
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

// Consume returns the next message; the caller processes it.
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
		m, err := q.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); fix: fetch with FetchMessage and commit each message when the next is asked for \(a caller asking for the next message has processed the previous one, .*concurrent callers would commit each other's messages before they are processed, as now\)$`
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		msg := toMessage(m)
		select {
		case q.msgCh <- msg:
		case <-ctx.Done():
			return
		}
	}
}

// AckMessage is what AckQueue hands its users: the message and the commit
// of its position, which the user calls once it has processed it.
type AckMessage struct {
	Value []byte
	Ack   func(context.Context) error
}

// AckQueue is Queue's twin: the pump fetches without committing, and the
// user commits each message through its Ack after processing it.
type AckQueue struct {
	r     *kafka.Reader
	msgCh chan *AckMessage
}

// NewAckQueue starts the pump.
func NewAckQueue(ctx context.Context) *AckQueue {
	q := &AckQueue{
		r:     kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "orders", Topic: "orders"}),
		msgCh: make(chan *AckMessage, 1000),
	}
	go q.pump(ctx)
	return q
}

// Consume returns the next message; the caller processes it, then acks.
func (q *AckQueue) Consume(ctx context.Context) (*AckMessage, error) {
	select {
	case m := <-q.msgCh:
		return m, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (q *AckQueue) pump(ctx context.Context) {
	defer close(q.msgCh)
	for {
		m, err := q.r.FetchMessage(ctx) // ok: the user commits through Ack after processing
		if err != nil {
			log.Printf("fetch: %v", err)
			return
		}
		ack := func(ctx context.Context) error { return q.r.CommitMessages(ctx, m) }
		select {
		case q.msgCh <- &AckMessage{Value: m.Value, Ack: ack}:
		case <-ctx.Done():
			return
		}
	}
}

// Record is what StoreQueue hands its users.
type Record struct{ Value []byte }

func fromRecord(m *kafka2.Message) *Record { return &Record{Value: m.Value} }

// StoreQueue is Queue on a confluent-kafka-go consumer with the
// librdkafka defaults: ReadMessage stores each offset as it hands the
// message to the pump, before the library's user has processed it. The
// fix turns auto-store off, carries the fetched message in Record and
// stores the one Next returned last when Next is called again.
type StoreQueue struct {
	c     *kafka2.Consumer
	msgCh chan *Record
}

// NewStoreQueue starts the pump.
func NewStoreQueue() (*StoreQueue, error) {
	c, err := kafka2.NewConsumer(&kafka2.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "orders"}) // want `enable\.auto\.commit and enable\.auto\.offset\.store are on: .*; fix: set enable\.auto\.offset\.store to false and store each message when the next is asked for \(.*concurrent callers would store each other's messages before they are processed, as now\)$`
	if err != nil {
		return nil, err
	}
	q := &StoreQueue{c: c, msgCh: make(chan *Record, 1000)}
	go q.pump()
	return q, nil
}

// Next returns the next message; the caller processes it.
func (q *StoreQueue) Next() *Record { return <-q.msgCh }

func (q *StoreQueue) pump() {
	for {
		m, err := q.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		msg := fromRecord(m)
		q.msgCh <- msg
	}
}

// AckStoreQueue is StoreQueue's twin: auto-store off, and the user
// stores each message through its Ack after processing it.
type AckStoreQueue struct {
	c     *kafka2.Consumer
	msgCh chan *AckMessage
}

// NewAckStoreQueue starts the pump.
func NewAckStoreQueue() (*AckStoreQueue, error) {
	c, err := kafka2.NewConsumer(&kafka2.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "orders", "enable.auto.offset.store": false}) // ok: the user stores through Ack after processing
	if err != nil {
		return nil, err
	}
	q := &AckStoreQueue{c: c, msgCh: make(chan *AckMessage, 1000)}
	go q.pump()
	return q, nil
}

// Next returns the next message; the caller processes it, then acks.
func (q *AckStoreQueue) Next() *AckMessage { return <-q.msgCh }

func (q *AckStoreQueue) pump() {
	for {
		m, err := q.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		ack := func(context.Context) error {
			_, err := q.c.StoreMessage(m)
			return err
		}
		q.msgCh <- &AckMessage{Value: m.Value, Ack: ack}
	}
}
