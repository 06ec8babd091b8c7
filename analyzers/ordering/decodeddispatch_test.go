package ordering_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// decodedDispatch hands each message to dispatch, which decodes it and
// sends the event on a channel its caller's workers drain (workers of
// another package: no fix can run them in place), then commits it: the
// commit precedes the workers' write. saveThenCommit's save decodes and
// writes in place: silent.
const decodedDispatch = `package decodeddispatch

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type Event struct {
	Device string
}

type Service struct {
	r   *kafka.Reader
	db  *sql.DB
	Out chan<- Event
}

func (s *Service) Run(ctx context.Context) error {
	for {
		msg, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.dispatch(msg); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, msg); err != nil { // want "call to CommitMessages after the message is handed to decodeddispatch.Service.dispatch, which only queues it for later work"
			log.Printf("commit: %v", err)
		}
	}
}

func (s *Service) dispatch(msg kafka.Message) error {
	var ev Event
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return err
	}
	s.Out <- ev
	return nil
}

func (s *Service) SaveAll(ctx context.Context) error {
	for {
		msg, err := s.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
		if err := s.r.CommitMessages(ctx, msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func (s *Service) save(ctx context.Context, msg kafka.Message) error {
	var ev Event
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO events (device) VALUES ($1)", ev.Device)
	return err
}
`

func TestDecodedDispatch(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, ordering.Analyzer, "ordering/handoff", "decodeddispatch", decodedDispatch)
}
