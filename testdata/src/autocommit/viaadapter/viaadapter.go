// Package viaadapter holds autocommit cases for clients that services poll
// through an interface of their own, implemented by an adapter type that
// forwards each method to the client it holds. A fix that calls a method
// the interface lacks declares it in the interface and adds a forwarding
// method to the adapter.
package viaadapter

import (
	"context"
	"database/sql"
	"sync"

	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO parcels (body) VALUES ($1)", b)
	return err
}

// Fetches is what the service needs of a poll's result.
type Fetches interface{ EachRecord(func(*kgo.Record)) }

// Poller is the service's view of a franz-go client.
type Poller interface {
	PollFetches(ctx context.Context) Fetches
}

// kgoPoller adapts a *kgo.Client to Poller.
type kgoPoller struct{ cl *kgo.Client }

func (p kgoPoller) PollFetches(ctx context.Context) Fetches { return p.cl.PollFetches(ctx) }

// fanOut saves each record in a goroutine of its own and polls again at
// once.
func fanOut(ctx context.Context, p Poller) {
	for ctx.Err() == nil {
		p.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go save(ctx, r.Value) // want `record handed to a goroutine while the loop polls again`
		})
	}
}

// audit hands each record to a goroutine too, on a client whose
// auto-commit is off and that commits nothing.
func audit(ctx context.Context, p Poller) {
	for ctx.Err() == nil {
		p.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go save(ctx, r.Value) // ok: auto-commit is off
		})
	}
}

// fanOutJoined waits for the poll's goroutines before polling again.
func fanOutJoined(ctx context.Context, p Poller) {
	for ctx.Err() == nil {
		var wg sync.WaitGroup
		p.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() { // ok: wg.Wait below runs before the next poll
				defer wg.Done()
				save(ctx, r.Value)
			}()
		})
		wg.Wait()
	}
}

// StartParcels runs three consumers through the same adapter type: each
// call is bound to the client of the adapter value it is made on.
func StartParcels(ctx context.Context) error {
	auto, err := kgo.NewClient(kgo.ConsumerGroup("parcels"), kgo.ConsumeTopics("parcels"))
	if err != nil {
		return err
	}
	manual, err := kgo.NewClient(kgo.ConsumerGroup("parcels-audit"), kgo.ConsumeTopics("parcels"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	joined, err := kgo.NewClient(kgo.ConsumerGroup("parcels-joined"), kgo.ConsumeTopics("parcels"))
	if err != nil {
		return err
	}
	go audit(ctx, kgoPoller{cl: manual})
	go fanOutJoined(ctx, kgoPoller{cl: joined})
	fanOut(ctx, kgoPoller{cl: auto})
	return nil
}

// MessageSource is the service's view of a kafka-go group reader.
type MessageSource interface {
	Next(ctx context.Context) (kafkago.Message, error)
	Close() error
}

// readerSource adapts a *kafkago.Reader to MessageSource.
type readerSource struct{ r *kafkago.Reader }

func (s *readerSource) Next(ctx context.Context) (kafkago.Message, error) {
	return s.r.ReadMessage(ctx)
}

func (s *readerSource) Close() error { return s.r.Close() }

// drain saves each message Next returns: ReadMessage has committed it.
func drain(ctx context.Context, src MessageSource) error {
	defer src.Close()
	for {
		m, err := src.Next(ctx) // want `group reader's Next commits the message before returning it`
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
	}
}

// StartLabels reads the labels topic through the adapter.
func StartLabels(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "labels", Topic: "labels"})
	return drain(ctx, &readerSource{r: r})
}

// FetchSource is a kafka-go reader that fetches and commits.
type FetchSource interface {
	Fetch(ctx context.Context) (kafkago.Message, error)
	Ack(ctx context.Context, m kafkago.Message) error
}

// fetchSource adapts a *kafkago.Reader to FetchSource.
type fetchSource struct{ r *kafkago.Reader }

func (s fetchSource) Fetch(ctx context.Context) (kafkago.Message, error) {
	return s.r.FetchMessage(ctx)
}

func (s fetchSource) Ack(ctx context.Context, m kafkago.Message) error {
	return s.r.CommitMessages(ctx, m)
}

// ship saves each message, then acknowledges it.
func ship(ctx context.Context, src FetchSource) error {
	for {
		m, err := src.Fetch(ctx) // ok: fetched without a commit, acknowledged after the save
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
		if err := src.Ack(ctx, m); err != nil {
			return err
		}
	}
}

// StartShipments reads the shipments topic through the adapter.
func StartShipments(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "shipments", Topic: "shipments"})
	return ship(ctx, fetchSource{r: r})
}
