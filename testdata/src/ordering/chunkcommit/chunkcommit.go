// Package chunkcommit keeps the records of each poll in a buffer and
// writes it in fixed chunks, committing everything polled after each
// chunk: the commit passes the records the buffer still holds (hunt
// 46f/D1: 146 to 197 of 300 lost). The twins commit the chunk, or write
// the whole buffer before committing everything.
package chunkcommit

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func load(ctx context.Context, rows []*kgo.Record) error {
	for _, r := range rows {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", r.Value); err != nil {
			return err
		}
	}
	return nil
}

type loader struct {
	cl    *kgo.Client
	chunk int
}

// flush writes one chunk and commits progress.
func (l *loader) flush(ctx context.Context, rows []*kgo.Record) error {
	if err := load(ctx, rows); err != nil {
		return err
	}
	return l.cl.CommitUncommittedOffsets(ctx) // want `call to CommitUncommittedOffsets in flush, given a chunk of the records a loop keeps across polls`
}

func (l *loader) run(ctx context.Context) error {
	var buf []*kgo.Record
	for ctx.Err() == nil {
		fs := l.cl.PollFetches(ctx)
		buf = append(buf, fs.Records()...)
		for len(buf) >= l.chunk {
			if err := l.flush(ctx, buf[:l.chunk]); err != nil {
				return err
			}
			buf = buf[l.chunk:]
		}
	}
	return nil
}

// zeroBased writes its chunks as buf[0:n] (review 47-1/D3: 146 of 300
// lost).
type zeroBased struct {
	cl    *kgo.Client
	chunk int
}

func (l *zeroBased) flush(ctx context.Context, rows []*kgo.Record) error {
	if err := load(ctx, rows); err != nil {
		return err
	}
	return l.cl.CommitUncommittedOffsets(ctx) // want `call to CommitUncommittedOffsets in flush, given a chunk`
}

func (l *zeroBased) run(ctx context.Context) error {
	var buf []*kgo.Record
	for ctx.Err() == nil {
		fs := l.cl.PollFetches(ctx)
		buf = append(buf, fs.Records()...)
		for len(buf) >= l.chunk {
			if err := l.flush(ctx, buf[0:l.chunk]); err != nil {
				return err
			}
			buf = buf[l.chunk:]
		}
	}
	return nil
}

type chunked struct {
	cl    *kgo.Client
	chunk int
}

// flush writes one chunk and commits it.
func (l *chunked) flush(ctx context.Context, rows []*kgo.Record) error {
	if err := load(ctx, rows); err != nil {
		return err
	}
	return l.cl.CommitRecords(ctx, rows...)
}

func (l *chunked) run(ctx context.Context) error {
	var buf []*kgo.Record
	for ctx.Err() == nil {
		fs := l.cl.PollFetches(ctx)
		buf = append(buf, fs.Records()...)
		for len(buf) >= l.chunk {
			if err := l.flush(ctx, buf[:l.chunk]); err != nil {
				return err
			}
			buf = buf[l.chunk:]
		}
	}
	return nil
}

type whole struct {
	cl   *kgo.Client
	size int
}

// flush writes the whole buffer and commits everything polled.
func (l *whole) flush(ctx context.Context, rows []*kgo.Record) error {
	if err := load(ctx, rows); err != nil {
		return err
	}
	return l.cl.CommitUncommittedOffsets(ctx)
}

func (l *whole) run(ctx context.Context) error {
	var buf []*kgo.Record
	for ctx.Err() == nil {
		fs := l.cl.PollFetches(ctx)
		buf = append(buf, fs.Records()...)
		if len(buf) >= l.size {
			if err := l.flush(ctx, buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	return nil
}
