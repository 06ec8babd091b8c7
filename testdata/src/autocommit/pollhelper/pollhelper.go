// Package pollhelper: a helper polls the consumer and returns the message
// from the message case of its type switch; its callers process it. With
// the librdkafka defaults the offset is stored when Poll hands the
// message over, before any caller has processed it.
package pollhelper

import (
	"context"
	"errors"
	"log"
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type store struct{ dir string }

func (s *store) save(ctx context.Context, m *kafka.Message) error {
	if err := os.WriteFile(s.dir+"/"+string(m.Key), m.Value, 0o644); err != nil {
		return err
	}
	return ctx.Err()
}

// source wraps the consumer; next polls until a message or an error.
type source struct {
	c *kafka.Consumer
}

func newSource() (*source, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ledger"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return nil, err
	}
	return &source{c: c}, nil
}

func (s *source) next() (*kafka.Message, error) {
	for {
		switch e := s.c.Poll(100).(type) {
		case *kafka.Message:
			return e, nil
		case kafka.Error:
			if e.IsFatal() {
				return nil, e
			}
		case nil:
			continue
		}
	}
}

func consume(ctx context.Context, src *source, st *store) error {
	for ctx.Err() == nil {
		m, err := src.next()
		if err != nil {
			return err
		}
		if err := st.save(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// storingSource turns the auto-store off; its caller stores after the
// save.
type storingSource struct {
	c *kafka.Consumer
}

func newStoringSource() (*storingSource, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ledger-stored", "enable.auto.offset.store": false}) // ok: auto-store off, the caller stores after processing
	if err != nil {
		return nil, err
	}
	return &storingSource{c: c}, nil
}

func (s *storingSource) next() (*kafka.Message, error) {
	for {
		switch e := s.c.Poll(100).(type) {
		case *kafka.Message:
			return e, nil
		case kafka.Error:
			return nil, errors.New(e.String())
		}
	}
}

func consumeStored(ctx context.Context, src *storingSource, st *store) error {
	for ctx.Err() == nil {
		m, err := src.next()
		if err != nil {
			return err
		}
		if err := st.save(ctx, m); err != nil {
			log.Printf("save: %v", err)
			continue
		}
		if _, err := src.c.StoreMessage(m); err != nil {
			return err
		}
	}
	return nil
}

// events polls into a variable first, as confluent's own examples do.
type events struct {
	c *kafka.Consumer
}

func newEvents() (*events, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "events"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return nil, err
	}
	return &events{c: c}, nil
}

func (s *events) next() (*kafka.Message, error) {
	for {
		ev := s.c.Poll(100)
		if ev == nil {
			continue
		}
		switch e := ev.(type) {
		case *kafka.Message:
			return e, nil
		case kafka.Error:
			return nil, e
		}
	}
}

func consumeEvents(ctx context.Context, src *events, st *store) error {
	for ctx.Err() == nil {
		m, err := src.next()
		if err != nil {
			return err
		}
		if err := st.save(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// storingEvents turns the auto-store off; its caller stores after the
// save.
type storingEvents struct {
	c *kafka.Consumer
}

func newStoringEvents() (*storingEvents, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "events-stored", "enable.auto.offset.store": false}) // ok: auto-store off, the caller stores after processing
	if err != nil {
		return nil, err
	}
	return &storingEvents{c: c}, nil
}

func (s *storingEvents) next() (*kafka.Message, error) {
	for {
		ev := s.c.Poll(100)
		if ev == nil {
			continue
		}
		switch e := ev.(type) {
		case *kafka.Message:
			return e, nil
		case kafka.Error:
			return nil, e
		}
	}
}

func consumeStoredEvents(ctx context.Context, src *storingEvents, st *store) error {
	for ctx.Err() == nil {
		m, err := src.next()
		if err != nil {
			return err
		}
		if err := st.save(ctx, m); err != nil {
			return err
		}
		if _, err := src.c.StoreMessage(m); err != nil {
			return err
		}
	}
	return nil
}
