// Package viaiface holds autocommit cases for consumers that services
// hide behind interfaces of their own. A fix that calls a method of the
// client the interface lacks also declares it in the interface.
package viaiface

import (
	"context"
	"database/sql"
	"log"

	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO parcels (body) VALUES ($1)", b)
	return err
}

// reader is the group reader as the search service uses it: ReadMessage,
// and CommitMessages for the replays it triggers by hand.
type reader interface {
	ReadMessage(ctx context.Context) (kafkago.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafkago.Message) error
}

// Search reads from a group reader built here.
type Search struct{ r reader }

// NewSearch builds the group reader.
func NewSearch() *Search {
	return &Search{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "search", Topic: "parcels"})}
}

// Run saves each message ReadMessage returns (committed before it).
func (s *Search) Run(ctx context.Context) error {
	for {
		m, err := s.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
	}
}

// stream is the reader as the ingest stage uses it: ReadMessage alone
// (with Stats for its metrics), so that a test fake can stand in.
type stream interface {
	ReadMessage(ctx context.Context) (kafkago.Message, error)
	Stats() kafkago.ReaderStats
}

// Ingest reads from a group reader built here.
type Ingest struct{ r stream }

// NewIngest builds the group reader.
func NewIngest() *Ingest {
	return &Ingest{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "ingest", Topic: "parcels"})}
}

// Run saves each message ReadMessage returns (committed before it).
func (i *Ingest) Run(ctx context.Context) error {
	for {
		m, err := i.r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
	}
}

// Tail reads one partition with no group: ReadMessage commits nothing.
type Tail struct{ r stream }

// NewTail builds the partition reader.
func NewTail() *Tail {
	return &Tail{r: kafkago.NewReader(kafkago.ReaderConfig{Topic: "parcels", Partition: 0})}
}

// Run saves each message.
func (t *Tail) Run(ctx context.Context) error {
	for {
		m, err := t.r.ReadMessage(ctx) // ok: no group, nothing is committed
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
	}
}

// fetcher is the group reader with its fetch and commit.
type fetcher interface {
	FetchMessage(ctx context.Context) (kafkago.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafkago.Message) error
}

// Index reads from a group reader built here, and commits after saving.
type Index struct{ r fetcher }

// NewIndex builds the group reader.
func NewIndex() *Index {
	return &Index{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "index", Topic: "parcels"})}
}

// Run saves each message, then commits it.
func (x *Index) Run(ctx context.Context) error {
	for {
		m, err := x.r.FetchMessage(ctx) // ok: committed after the save
		if err != nil {
			return err
		}
		if err := save(ctx, m.Value); err != nil {
			return err
		}
		if err := x.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// poller is the franz-go client as the shipper uses it.
type poller interface {
	PollFetches(ctx context.Context) kgo.Fetches
	MarkCommitRecords(rs ...*kgo.Record)
}

// Shipper marks each record it ships.
type Shipper struct{ cl poller }

// NewShipper builds the client with the default auto-commit and no
// AutoCommitMarks.
func NewShipper() (*Shipper, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("shipper"), kgo.ConsumeTopics("parcels"))
	if err != nil {
		return nil, err
	}
	return &Shipper{cl: cl}, nil
}

// Run marks each record after shipping it, retrying a failure.
func (s *Shipper) Run(ctx context.Context) {
	for {
		fs := s.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			for err := save(ctx, r.Value); err != nil; err = save(ctx, r.Value) {
				log.Printf("save: %v", err)
			}
			s.cl.MarkCommitRecords(r) // want `mark is a no-op without kgo.AutoCommitMarks\(\)`
		})
	}
}
