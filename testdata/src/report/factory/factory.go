// Package factory: a kafka-go reader built by a factory that the
// service's caller passes as a function value; the service fetches and
// commits through its own interface, committing before the effect. The
// row follows the commit-before-process finding, though the report does
// not bind the interface's calls to the reader.
package factory

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

type ReaderFactory func(group, topic string) Reader

func NewKafkaReader(group, topic string) Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: group, Topic: topic})
}

type Service struct {
	reader Reader
	db     *sql.DB
}

func New(f ReaderFactory, db *sql.DB) *Service {
	return &Service{reader: f("verdicts", "verdicts"), db: db}
}

func (s *Service) Run(ctx context.Context) error {
	for {
		m, err := s.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
		if _, err := s.db.ExecContext(ctx, "INSERT INTO verdicts(v) VALUES($1)", m.Value); err != nil {
			return err
		}
	}
}
