// Package pump holds a kafka-go source whose Next commits the message it
// returned on the previous call (kept in a field) before it fetches the
// next one: the shape autocommit's read-commits-first fix gives a
// ReadMessage helper. The caller has processed that message by then:
// silent (it was reported as a commit of the message returned after it).
package pump

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/segmentio/kafka-go"
)

var db *sql.DB

type event struct {
	ID string `json:"id"`
}

type source struct {
	r    *kafka.Reader
	mu   sync.Mutex     // guards prev
	prev *kafka.Message // returned last, committed when the next is asked for
}

func (s *source) next(ctx context.Context) (event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.prev != nil {
		if err := s.r.CommitMessages(ctx, *s.prev); err != nil {
			return event{}, err
		}
		s.prev = nil
	}
	for {
		m, err := s.r.FetchMessage(ctx)
		if err != nil {
			return event{}, fmt.Errorf("fetch: %w", err)
		}
		s.prev = &m
		var e event
		if err := json.Unmarshal(m.Value, &e); err != nil {
			continue
		}
		return e, nil
	}
}

func run(ctx context.Context) error {
	src := &source{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g", Topic: "events"})}
	for {
		e, err := src.next(ctx)
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO events (id) VALUES ($1)", e.ID); err != nil {
			return err
		}
	}
}

var _ = run
