package cases

import (
	"context"
	"database/sql"
	"log"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
)

// A per-message closure defers its mark and returns the insert's error
// so that the handler ends the session and the message comes again: the
// deferred mark has run by then, and the session's end flushes it, so a
// failed message is skipped. Its twin marks after the check, and one
// that retries until the insert succeeds, never leaving on a failure,
// skips nothing.
type deferMirror struct{ db *sql.DB }

func (*deferMirror) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*deferMirror) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *deferMirror) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := func() error {
			defer sess.MarkMessage(msg, "")
			_, err := h.db.ExecContext(sess.Context(), `INSERT INTO mirror (k, v) VALUES ($1, $2)`, msg.Key, msg.Value)
			return err
		}(); err != nil {
			return err
		}
	}
	return nil
}

type checkedMirror struct{ db *sql.DB }

func (*checkedMirror) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*checkedMirror) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *checkedMirror) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := func() error {
			if _, err := h.db.ExecContext(sess.Context(), `INSERT INTO mirror (k, v) VALUES ($1, $2)`, msg.Key, msg.Value); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
			return nil
		}(); err != nil {
			return err
		}
	}
	return nil
}

type retryMirror struct{ db *sql.DB }

func (*retryMirror) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*retryMirror) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *retryMirror) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.insert(sess, msg)
	}
	return nil
}

// insert tries until the row is written: its deferred mark runs only
// after a success.
func (h *retryMirror) insert(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	defer sess.MarkMessage(msg, "")
	for {
		if _, err := h.db.ExecContext(sess.Context(), `INSERT INTO mirror (k, v) VALUES ($1, $2)`, msg.Key, msg.Value); err == nil {
			return
		}
	}
}

func deferredMarks(ctx context.Context, db *sql.DB) {
	g1, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-defer-mark", sarama.NewConfig()) // case: deferredmark
	_ = g1.Consume(ctx, []string{"t"}, &deferMirror{db: db})
	g2, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-checked-mark", sarama.NewConfig()) // case: deferredmarkchecked
	_ = g2.Consume(ctx, []string{"t"}, &checkedMirror{db: db})
	g3, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-retry-mark", sarama.NewConfig()) // case: deferredmarkretry
	_ = g3.Consume(ctx, []string{"t"}, &retryMirror{db: db})
}

// A kafka-go loop whose handler commits in a deferred literal, whatever
// the processing returned (audit 28c/9), and its twin committing in the
// literal only when the processing succeeded.
type deferLedger struct {
	r  *kafkago.Reader
	db *sql.DB
}

func (l *deferLedger) loop(ctx context.Context) {
	for {
		m, err := l.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := l.handle(ctx, m); err != nil {
			log.Printf("handle %d: %v", m.Offset, err)
		}
	}
}

func (l *deferLedger) handle(ctx context.Context, m kafkago.Message) (err error) {
	defer func() {
		if cerr := l.r.CommitMessages(ctx, m); cerr != nil && err == nil {
			err = cerr
		}
	}()
	_, err = l.db.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
	return err
}

type checkedLedger struct {
	r  *kafkago.Reader
	db *sql.DB
}

func (l *checkedLedger) loop(ctx context.Context) {
	for {
		m, err := l.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := l.handle(ctx, m); err != nil {
			log.Printf("handle %d: %v", m.Offset, err)
		}
	}
}

func (l *checkedLedger) handle(ctx context.Context, m kafkago.Message) (err error) {
	defer func() {
		if err == nil {
			err = l.r.CommitMessages(ctx, m)
		}
	}()
	_, err = l.db.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
	return err
}

func deferredCommits(ctx context.Context, db *sql.DB) {
	r1 := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-defer-commit", Topic: "t"}) // case: deferredcommit
	(&deferLedger{r: r1, db: db}).loop(ctx)
	r2 := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-checked-commit", Topic: "t"}) // case: deferredcommitchecked
	(&checkedLedger{r: r2, db: db}).loop(ctx)
}

var _, _ = deferredMarks, deferredCommits
