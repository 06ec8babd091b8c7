// Package nofix: kafka-go group readers whose ReadMessage commits the
// message before returning it, a confluent-kafka-go consumer on the
// librdkafka defaults and a franz-go client with its default auto-commit,
// in shapes the analyzer builds no fix for: reported without one, the
// message saying why. Each is a message handed to workers of one key
// each (several per partition), or one that leaves the package: returned
// through an exported field, or sent on a channel whose values leave it;
// no code of the package runs after its processing, or none in order.
package nofix

import (
	"context"
	"encoding/json"
	"log"
	"time"

	kafka2 "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type event struct {
	ID string `json:"id"`
}

func apply(ctx context.Context, m kafka.Message) error { return nil }

func handle(ctx context.Context, ev event) error { return nil }

// perKey sends each message on a channel of its key's, held in a map:
// messages of one partition reach several workers, which finish them out
// of order, so no commit in a worker is sure to pass only processed
// messages.
func perKey(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "keys", Topic: "orders"})
	lanes := map[string]chan kafka.Message{}
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); no automatic fix: the message is handed on \(to a channel, a goroutine, a batch or a field\) to code after whose processing the fix cannot place the commit; fetch with FetchMessage and commit with CommitMessages where that code has processed it$`
		if err != nil {
			return err
		}
		ch, ok := lanes[string(m.Key)]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[string(m.Key)] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
					}
				}
			}()
		}
		ch <- m
	}
}

// perKeyTail is perKey's twin on a reader outside any group: ReadMessage
// commits nothing there.
func perKeyTail(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "orders"})
	lanes := map[string]chan kafka.Message{}
	for {
		m, err := r.ReadMessage(ctx) // ok: no group, nothing committed
		if err != nil {
			return err
		}
		ch, ok := lanes[string(m.Key)]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[string(m.Key)] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
					}
				}
			}()
		}
		ch <- m
	}
}

// keys hands each key's records to a worker of its own over a channel
// held in a map, under franz-go's default auto-commit: a partition's
// records reach several workers.
func keys(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("keys"), kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[string]chan *kgo.Record{}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[string(r.Key)]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[string(r.Key)] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
					}
				}()
			}
			lanes[string(r.Key)] <- r // want `record handed to workers over a channel while the loop polls again: .*; no automatic fix: the records go to a channel held in a map`
		})
	}
}

// keysTail is keys' twin on a client outside any group: nothing is
// committed.
func keysTail(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[string]chan *kgo.Record{}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[string(r.Key)]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[string(r.Key)] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
					}
				}()
			}
			lanes[string(r.Key)] <- r // ok: no group, nothing committed
		})
	}
}

// source decodes the next message; Pipeline exposes it in an exported
// field, which code out of sight may set or call.
type source struct{ r *kafka.Reader }

func (s *source) next(ctx context.Context) (event, error) {
	m, err := s.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); no automatic fix: the message leaves the function`
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

// NewTailPipeline is NewPipeline's twin on a reader outside any group:
// ReadMessage commits nothing there.
func NewTailPipeline() *Pipeline {
	s := &source{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events"})} // ok: no group, nothing committed
	return &Pipeline{Next: s.next}
}

// Tail returns each message as ReadMessage returns it, committed, from
// an exported method: callers out of sight may read with it too, and
// would lose the commit if the fix changed what it returns.
type Tail struct{ r *kafka.Reader }

// NewTail reads the orders topic in the "tail" group.
func NewTail() *Tail {
	return &Tail{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "tail", Topic: "orders"})}
}

// Read returns the next message.
func (t *Tail) Read(ctx context.Context) (kafka.Message, error) {
	return t.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); no automatic fix: the message is returned as it is read, to callers the fix does not follow`
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
// code out of sight calls.
type Source struct {
	Next func(context.Context) (kafka.Message, error)
}

// NewSource reads the orders topic in the "orders" group.
func NewSource() *Source {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "orders", Topic: "orders"})
	return &Source{Next: r.ReadMessage} // want `group reader's ReadMessage, taken as a value here, commits each message before returning it: a crash while it is processed loses it \(at-most-once\); no automatic fix: the value goes where the fix cannot follow its calls`
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
// done with it (ecodeclub/mq-api's kafka consumer).
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
		m, err := q.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\); no automatic fix: the message is sent on a channel whose values leave the package \(Consume returns them to its callers\), so no code here runs after it is processed; fetch with FetchMessage and let the code that processes it commit with CommitMessages \(hand it the message, or a function that commits it\)$`
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

func fromRecord(m *kafka2.Message) *Message { return &Message{Value: m.Value} }

// StoreQueue is Queue on a confluent-kafka-go consumer with the
// librdkafka defaults: ReadMessage stores each offset as it hands the
// message to the pump, before the library's user has processed it.
type StoreQueue struct {
	c     *kafka2.Consumer
	msgCh chan *Message
}

// NewStoreQueue starts the pump.
func NewStoreQueue() (*StoreQueue, error) {
	c, err := kafka2.NewConsumer(&kafka2.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "orders"}) // want `enable\.auto\.commit and enable\.auto\.offset\.store are on: .*; no automatic fix: the message is sent on a channel whose values leave the package \(Next returns them to its callers\), so no code here runs after it is processed; set enable\.auto\.offset\.store to false and let the code that processes it call StoreMessage \(hand it the message, or a function that stores it\)$`
	if err != nil {
		return nil, err
	}
	q := &StoreQueue{c: c, msgCh: make(chan *Message, 1000)}
	go q.pump()
	return q, nil
}

// Next returns the next message; the caller processes it.
func (q *StoreQueue) Next() *Message { return <-q.msgCh }

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
