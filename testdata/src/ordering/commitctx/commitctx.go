// Package commitctx commits each message on a context of its own, made
// right before the commit and released right after (kafka-go), before
// the message is processed. The fix moves the three statements together
// after the processing: moving the commit alone past `cancel()` committed
// on a cancelled context, and every commit failed (audit 28d/3: the
// consumer stopped after one message, on every start).
package commitctx

import (
	"context"
	"database/sql"
	"log"
	"time"

	kafkago "github.com/segmentio/kafka-go"
)

type handler struct {
	r  *kafkago.Reader
	db *sql.DB
}

func (h *handler) handleOne(ctx context.Context, m kafkago.Message) {
	if _, err := h.db.ExecContext(ctx, "INSERT INTO shipments (k, v) VALUES ($1, $2)", m.Key, m.Value); err != nil {
		log.Printf("shipment %d: %v", m.Offset, err)
	}
}

func (h *handler) run(ctx context.Context) error {
	for {
		m, err := h.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		if err := h.r.CommitMessages(cctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			cancel()
			return err
		}
		cancel()
		h.handleOne(ctx, m)
	}
}

// runAfter is the twin: the commit, on its own context, follows the
// processing.
func (h *handler) runAfter(ctx context.Context) error {
	for {
		m, err := h.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		h.handleOne(ctx, m)
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = h.r.CommitMessages(cctx, m)
		cancel()
		if err != nil {
			return err
		}
	}
}

func start(ctx context.Context, db *sql.DB) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-commitctx", Topic: "shipments"})
	h := &handler{r: r, db: db}
	_ = h.run(ctx)
	_ = h.runAfter(ctx)
	_ = h.runDeferred(ctx)
	_ = h.runShared(ctx, kafkago.Message{})
}

var _ = start

// runDeferred releases the commit's context with a defer: the context
// and its defer move with the commit.
func (h *handler) runDeferred(ctx context.Context) error {
	for {
		m, err := h.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := h.r.CommitMessages(cctx, m); err != nil { // want `call to CommitMessages before the message is processed`
			return err
		}
		h.handleOne(ctx, m)
	}
}

// runShared narrows the function's own context, which the processing
// uses too: the commit alone moves.
func (h *handler) runShared(ctx context.Context, m kafkago.Message) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	if err := h.r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed`
		cancel()
		return err
	}
	h.handleOne(ctx, m)
	cancel()
	return nil
}
