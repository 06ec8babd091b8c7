// Package somepaths: a position written on some paths only before the
// record is processed, behind a setting (the operator's choice: no
// finding), beside branches that are no loss: a skipped record marked and
// left, and the previous record committed before the current one is
// processed. The report may call none of the first kind at-least-once
// (TestReportOnSomePaths).
package somepaths

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

// flagged marks before the write unless markAfter is set.
type flagged struct {
	db        *sql.DB
	markAfter bool
}

func (*flagged) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*flagged) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *flagged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if !h.markAfter {
			sess.MarkMessage(msg, "")
		}
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO spans (body) VALUES ($1)", msg.Value); err != nil {
			return err
		}
		if h.markAfter {
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

// filtered is flagged with a filter before the write: the mark before
// it still comes first on the paths that write.
type filtered struct {
	db        *sql.DB
	markAfter bool
}

func (*filtered) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*filtered) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *filtered) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if !h.markAfter {
			sess.MarkMessage(msg, "")
		}
		if msg.Value != nil {
			if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO spans (body) VALUES ($1)", msg.Value); err != nil {
				return err
			}
		}
		if h.markAfter {
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

// skipping marks the tombstones it skips and processes the rest.
type skipping struct{ db *sql.DB }

func (*skipping) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*skipping) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *skipping) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if msg.Value == nil {
			sess.MarkMessage(msg, "")
			continue
		}
		if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO spans (body) VALUES ($1)", msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// previous commits the record before the current one, already
// processed, when there is one.
func previous(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	var prev *kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if prev != nil {
			if err := r.CommitMessages(ctx, *prev); err != nil {
				return err
			}
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO spans (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
		prev = &m
	}
}

// eager commits each record before processing it when early is set.
func eager(ctx context.Context, r *kafka.Reader, db *sql.DB, early bool) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if early {
			if err := r.CommitMessages(ctx, m); err != nil {
				return err
			}
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO spans (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
		if !early {
			if err := r.CommitMessages(ctx, m); err != nil {
				return err
			}
		}
	}
}

// source fetches one record per call of consume, which a loop makes;
// with commitFirst set it commits the record before writing it (trial
// 23, loggie's shape: the row said at-least-once).
type source struct {
	r           *kafka.Reader
	db          *sql.DB
	commitFirst bool
}

func (s *source) loop(ctx context.Context) {
	for ctx.Err() == nil {
		if err := s.consume(ctx); err != nil {
			continue
		}
	}
}

func (s *source) consume(ctx context.Context) error {
	m, err := s.r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	if s.commitFirst {
		if err := s.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO spans (body) VALUES ($1)", m.Value)
	return err
}

// perMessage is flagged with the mark in a helper the claim's loop calls
// for each message (trial 44a/D8: at-least-once, 1 to 3 lost under
// kills).
type perMessage struct {
	db        *sql.DB
	markAfter bool
}

func (*perMessage) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*perMessage) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *perMessage) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.handle(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

func (h *perMessage) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) error {
	if !h.markAfter {
		sess.MarkMessage(msg, "")
	}
	if _, err := h.db.ExecContext(sess.Context(), "INSERT INTO spans (body) VALUES ($1)", msg.Value); err != nil {
		return err
	}
	if h.markAfter {
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Run starts them.
func Run(ctx context.Context, db *sql.DB, markAfter bool) error {
	f, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "flagged", sarama.NewConfig())
	if err != nil {
		return err
	}
	s, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "skipping", sarama.NewConfig())
	if err != nil {
		return err
	}
	fl, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "filtered", sarama.NewConfig())
	if err != nil {
		return err
	}
	go fl.Consume(ctx, []string{"spans"}, &filtered{db: db, markAfter: markAfter})
	pm, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "permessage", sarama.NewConfig())
	if err != nil {
		return err
	}
	go pm.Consume(ctx, []string{"spans"}, &perMessage{db: db, markAfter: markAfter})
	prev := kafka.NewReader(kafka.ReaderConfig{GroupID: "previous", Topic: "spans"})
	early := kafka.NewReader(kafka.ReaderConfig{GroupID: "eager", Topic: "spans"})
	go previous(ctx, prev, db)
	go eager(ctx, early, db, markAfter)
	perFetch := &source{r: kafka.NewReader(kafka.ReaderConfig{GroupID: "perfetch", Topic: "spans"}), db: db, commitFirst: !markAfter}
	go perFetch.loop(ctx)
	go s.Consume(ctx, []string{"spans"}, &skipping{db: db})
	return f.Consume(ctx, []string{"spans"}, &flagged{db: db, markAfter: markAfter})
}
