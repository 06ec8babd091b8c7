// Package buffered holds kafka-go consumers that keep each message in a
// field buffer which a flush writes later, committing the message right
// after keeping it: the commit passes every buffered message not yet
// written. The fix moves the commit after the flush made between them.
package buffered

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
)

// consumer appends each message's value to a buffer that flush writes
// when it is full or on a ticker, and commits each message at once.
type consumer struct {
	reader    *kafka.Reader
	mu        sync.Mutex
	buffer    []string
	batchSize int
}

func (c *consumer) start(ctx context.Context) {
	ticker := time.NewTicker(5 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			c.flush()
			return
		case <-ticker.C:
			c.flush()
		default:
			m, err := c.reader.FetchMessage(ctx)
			if err != nil {
				return
			}
			c.mu.Lock()
			c.buffer = append(c.buffer, string(m.Value))
			full := len(c.buffer) >= c.batchSize
			c.mu.Unlock()
			if full {
				c.flush()
			}
			if err := c.reader.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is only kept in field buffer, which flush processes later: it commits past every buffered message not yet flushed, so a crash loses them and a failed flush drops them \(at-most-once\)`
				log.Printf("commit: %v", err)
			}
		}
	}
}

func (c *consumer) flush() {
	c.mu.Lock()
	batch := c.buffer
	c.buffer = nil
	c.mu.Unlock()
	if len(batch) == 0 {
		return
	}
	if err := os.WriteFile("/tmp/batch", []byte(strings.Join(batch, "\n")), 0o644); err != nil {
		log.Printf("insert: %v", err)
	}
}

// writer's flush returns its error, which run returns.
type writer struct {
	reader *kafka.Reader
	lines  []string
}

func (w *writer) run(ctx context.Context) error {
	for {
		m, err := w.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		w.lines = append(w.lines, string(m.Value))
		if len(w.lines) >= 100 {
			if err := w.flush(); err != nil {
				return err
			}
		}
		if err := w.reader.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is only kept in field lines, which flush processes later`
			return err
		}
	}
}

func (w *writer) flush() error {
	batch := w.lines
	w.lines = nil
	return os.WriteFile("/tmp/lines", []byte(strings.Join(batch, "\n")), 0o644)
}

// dropper's loop drops the error its flush returns.
type dropper struct {
	reader *kafka.Reader
	lines  []string
}

func (d *dropper) run(ctx context.Context) error {
	for {
		m, err := d.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		d.lines = append(d.lines, string(m.Value))
		if len(d.lines) >= 100 {
			d.flush()
		}
		if err := d.reader.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is only kept in field lines, which flush processes later`
			return err
		}
	}
}

func (d *dropper) flush() error {
	batch := d.lines
	d.lines = nil
	return os.WriteFile("/tmp/dropped", []byte(strings.Join(batch, "\n")), 0o644)
}

// logger's loop logs a failed flush and goes on.
type logger struct {
	reader *kafka.Reader
	lines  []string
}

func (l *logger) run(ctx context.Context) error {
	for {
		m, err := l.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		l.lines = append(l.lines, string(m.Value))
		if len(l.lines) >= 100 {
			if err := l.flush(); err != nil {
				log.Printf("flush: %v", err)
			}
		}
		if err := l.reader.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is only kept in field lines, which flush processes later`
			return err
		}
	}
}

func (l *logger) flush() error {
	batch := l.lines
	l.lines = nil
	return os.WriteFile("/tmp/logged", []byte(strings.Join(batch, "\n")), 0o644)
}

// metrics decodes each message into the struct it buffers (router-
// ingest-go's shape): the decode is not the message's effect, the flush
// is.
type metrics struct {
	reader *kafka.Reader
	rows   []metric
}

type metric struct {
	Device string
	Value  float64
}

func (ms *metrics) run(ctx context.Context) error {
	for {
		m, err := ms.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var mt metric
		if err := json.Unmarshal(m.Value, &mt); err != nil {
			continue
		}
		ms.rows = append(ms.rows, mt)
		if len(ms.rows) >= 500 {
			if err := ms.flush(); err != nil {
				return err
			}
		}
		if err := ms.reader.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages after the message is only kept in field rows, which flush processes later`
			return err
		}
	}
}

func (ms *metrics) flush() error {
	var b strings.Builder
	for _, r := range ms.rows {
		fmt.Fprintf(&b, "%s %f\n", r.Device, r.Value)
	}
	ms.rows = ms.rows[:0]
	return os.WriteFile("/tmp/metrics", []byte(b.String()), 0o644)
}

// batcher is the silent twin: it commits the last buffered message once
// flush has written the buffer.
type batcher struct {
	reader *kafka.Reader
	buffer []string
	last   kafka.Message
}

func (b *batcher) run(ctx context.Context) error {
	for {
		m, err := b.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		b.buffer = append(b.buffer, string(m.Value))
		b.last = m
		if len(b.buffer) < 100 {
			continue
		}
		if err := b.flush(); err != nil {
			return err
		}
		if err := b.reader.CommitMessages(ctx, b.last); err != nil { // ok: committed after the flush
			return err
		}
	}
}

func (b *batcher) flush() error {
	batch := b.buffer
	b.buffer = nil
	return os.WriteFile("/tmp/batch", []byte(strings.Join(batch, "\n")), 0o644)
}

// takingBatcher is a silent twin whose flush takes the buffer (the field
// reset to nil, which keeps no message), writes every message taken and
// commits them after.
type takingBatcher struct {
	reader *kafka.Reader
	buffer []kafka.Message
}

func (b *takingBatcher) flush(ctx context.Context) error {
	batch := b.buffer
	b.buffer = nil
	for _, m := range batch {
		if err := os.WriteFile("/tmp/batch", m.Value, 0o644); err != nil {
			return err
		}
	}
	if len(batch) > 0 {
		return b.reader.CommitMessages(ctx, batch...) // ok: after every message taken is written
	}
	return nil
}

func runTaking(ctx context.Context) error {
	b := &takingBatcher{reader: kafka.NewReader(kafka.ReaderConfig{GroupID: "taking", Topic: "logs"})}
	for {
		m, err := b.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		b.buffer = append(b.buffer, m)
		if len(b.buffer) < 100 {
			continue
		}
		if err := b.flush(ctx); err != nil {
			return err
		}
	}
}
