// Package svc receives kafka-go readers its callers build: whether a // want package:`configFindings\(param:autocommit/handedreader/svc\.NewProjector#0\[async-commit=false,group=true\]:read-commits-first`
// reader is in a group (and its ReadMessage commits before returning) is
// decided where it is built.
package svc

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/segmentio/kafka-go"
)

// Projector saves each message it reads.
type Projector struct {
	reader *kafka.Reader
	db     *sql.DB
}

// NewProjector keeps the reader its caller builds.
func NewProjector(reader *kafka.Reader, db *sql.DB) *Projector {
	return &Projector{reader: reader, db: db}
}

// Run reads with ReadMessage: in a group, each message is committed
// before it is saved.
func (p *Projector) Run(ctx context.Context) {
	for {
		m, err := p.reader.ReadMessage(ctx)
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		if _, err := p.db.ExecContext(ctx, "INSERT INTO events (v) VALUES ($1)", m.Value); err != nil {
			log.Printf("save: %v", err)
		}
	}
}

// source is the reader as Feed uses it: ReadMessage alone, with Stats
// for its metrics, so that a test fake can stand in.
type source interface {
	ReadMessage(ctx context.Context) (kafka.Message, error)
	Stats() kafka.ReaderStats
}

// Feed saves each message it reads from its source.
type Feed struct {
	src source
	db  *sql.DB
}

// NewFeed keeps the source its caller builds.
func NewFeed(src source, db *sql.DB) *Feed {
	return &Feed{src: src, db: db}
}

// Run reads with ReadMessage through the interface.
func (f *Feed) Run(ctx context.Context) error {
	for {
		m, err := f.src.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := f.db.ExecContext(ctx, "INSERT INTO events (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
}

// Committer fetches and commits after saving.
type Committer struct {
	reader *kafka.Reader
	db     *sql.DB
}

// NewCommitter keeps the reader its caller builds.
func NewCommitter(reader *kafka.Reader, db *sql.DB) *Committer {
	return &Committer{reader: reader, db: db}
}

// Run commits each message after saving it.
func (c *Committer) Run(ctx context.Context) {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return
		}
		if _, err := c.db.ExecContext(ctx, "INSERT INTO events (v) VALUES ($1)", m.Value); err != nil {
			return
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// Traced wraps a reader for callers of other packages, forwarding its
// reads: whether a caller processes what ReadMessage returns, and how, is
// theirs to say.
type Traced struct {
	reader *kafka.Reader
}

// NewTraced keeps the reader its caller builds.
func NewTraced(reader *kafka.Reader) *Traced { return &Traced{reader: reader} }

// ReadMessage forwards the reader's.
func (t *Traced) ReadMessage(ctx context.Context) (*kafka.Message, error) {
	m, err := t.reader.ReadMessage(ctx)
	return &m, err
}

// Ingest is filled by its caller's struct literal: the reader arrives
// through an exported field, not a constructor.
type Ingest struct {
	Reader *kafka.Reader
	DB     *sql.DB
}

// Run tells the read's outcomes apart in a switch before saving.
func (in *Ingest) Run(ctx context.Context) {
	for {
		m, err := in.Reader.ReadMessage(ctx)
		switch {
		case err == nil:
		case errors.Is(err, context.Canceled):
			return
		default:
			log.Printf("read: %v", err)
			continue
		}
		if _, err := in.DB.ExecContext(ctx, "INSERT INTO events (v) VALUES ($1)", m.Value); err != nil {
			log.Printf("save: %v", err)
		}
	}
}
