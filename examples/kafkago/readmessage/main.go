// Command readmessage sends transactional e-mails for events on the
// "email-requests" topic and logs each send in PostgreSQL, using a kafka-go
// Reader in a consumer group.
//
// BUG (autocommit read-commits-first). kafka-go has no auto-commit flag: on a
// Reader with a GroupID, ReadMessage is the auto-commit. It fetches the message
// and commits its offset + 1 (synchronously, CommitInterval is 0) before
// returning it, so every message is committed before sendEmail runs. A crash,
// a kill or a failed send after ReadMessage returns loses that message: the
// group resumes after it (at-most-once for the message in hand). Use
// FetchMessage, process, then CommitMessages (kafkago/fetchcommit).
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/segmentio/kafka-go"
)

type emailRequest struct {
	RequestID string `json:"request_id"`
	To        string `json:"to"`
	Template  string `json:"template"`
}

type mailer struct {
	db *sql.DB
}

func (m *mailer) sendEmail(ctx context.Context, msg kafka.Message) error {
	var req emailRequest
	if err := json.Unmarshal(msg.Value, &req); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
	}
	// The SMTP call is elided; the send log is the durable effect.
	_, err := m.db.ExecContext(ctx,
		`INSERT INTO email_log (request_id, recipient, template, sent_at) VALUES ($1, $2, $3, now())
		 ON CONFLICT (request_id) DO NOTHING`, req.RequestID, req.To, req.Template)
	return err
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		return fmt.Errorf("open db: %w", err)
	}
	defer db.Close()

	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:  demo.Brokers(),
		GroupID:  "email-sender",
		Topic:    "email-requests",
		MinBytes: 1,
		MaxBytes: 10e6,
	})
	defer r.Close()

	m := &mailer{db: db}
	for {
		msg, err := r.ReadMessage(ctx) // finding: autocommit read-commits-first
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("read message: %w", err)
		}
		if err := m.sendEmail(ctx, msg); err != nil {
			return fmt.Errorf("send email: %w", err)
		}
	}
}
