// Package viaadapter holds hiwater cases for clients that services use
// through an interface of their own, implemented by an adapter type that
// forwards each method to the client it holds.
package viaadapter

import (
	"context"
	"database/sql"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", b)
	return err
}

// Stream is the service's view of a kafka-go group reader.
type Stream interface {
	Fetch(ctx context.Context) (kafkago.Message, error)
	Ack(ctx context.Context, m kafkago.Message) error
}

type readerStream struct{ r *kafkago.Reader }

func (s *readerStream) Fetch(ctx context.Context) (kafkago.Message, error) {
	return s.r.FetchMessage(ctx)
}

func (s *readerStream) Ack(ctx context.Context, m kafkago.Message) error {
	return s.r.CommitMessages(ctx, m)
}

// events saves and acknowledges each message in a goroutine of its own.
func events(ctx context.Context, st Stream) error {
	for {
		m, err := st.Fetch(ctx)
		if err != nil {
			return err
		}
		go func() {
			if err := save(ctx, m.Value); err != nil {
				log.Printf("save: %v", err)
				return
			}
			if err := st.Ack(ctx, m); err != nil { // want `call to CommitMessages from a per-record goroutine`
				log.Printf("ack: %v", err)
			}
		}()
	}
}

// audits saves and acknowledges each message in turn.
func audits(ctx context.Context, st Stream) error {
	for {
		m, err := st.Fetch(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			log.Printf("save: %v", err)
			continue
		}
		if err := st.Ack(ctx, m); err != nil { // ok: one message at a time, in order
			log.Printf("ack: %v", err)
		}
	}
}

// StartEvents runs both consumers.
func StartEvents(ctx context.Context) error {
	ev := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "events", Topic: "events"})
	au := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "audits", Topic: "events"})
	go audits(ctx, &readerStream{r: au})
	return events(ctx, &readerStream{r: ev})
}
