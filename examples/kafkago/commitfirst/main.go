// Command commitfirst sends transactional e-mails for events on the
// "email-requests" topic, using a kafka-go Reader in a consumer group with
// explicit commits.
//
// BUG (ordering commit-before-process): the loop commits the message before
// sending the e-mail, "so a slow SMTP server does not hold up the group".
// CommitMessages is synchronous (CommitInterval 0): once it returns, the
// group's position is past the message. A crash, deploy or OOM kill while
// the e-mail is being sent loses the message for good: zero lag, no error
// (at-most-once). Twin: kafkago/fetchcommit.
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
		GroupID:  "email-sender-fast",
		Topic:    "email-requests",
		MinBytes: 1,
		MaxBytes: 10e6,
	})
	defer r.Close()

	m := &mailer{db: db}
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("fetch message: %w", err)
		}
		if err := r.CommitMessages(ctx, msg); err != nil { // finding: ordering commit-before-process
			return fmt.Errorf("commit %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
		if err := m.sendEmail(ctx, msg); err != nil {
			return fmt.Errorf("send email: %w", err)
		}
	}
}
