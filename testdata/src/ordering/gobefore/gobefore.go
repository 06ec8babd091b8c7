// Package gobefore holds ordering cases where a position call precedes
// a goroutine started with the record and then its processing in place:
// moved after the processing, the call would still come before the
// goroutine's work.
package gobefore

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

var db *sql.DB

func save(ctx context.Context, msg *sarama.ConsumerMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", msg.Value)
	return err
}

func audit(msg *sarama.ConsumerMessage) {
	_, _ = db.Exec("INSERT INTO audit (body) VALUES ($1)", msg.Value)
}

func index(ctx context.Context, msg *sarama.ConsumerMessage) (int, error) {
	res, err := db.ExecContext(ctx, "INSERT INTO search (body) VALUES ($1)", msg.Value)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// markThenAudit marks, starts a goroutine auditing the message, then
// saves it.
func markThenAudit(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: with auto-commit on, a crash between them loses the message \(at-most-once\)`
		go audit(msg)
		if err := save(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// auditThenMark is markThenAudit's twin: audited and saved in place,
// then marked.
func auditThenMark(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		audit(msg)
		if err := save(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: audited and saved first
	}
	return nil
}

// markThenIndex marks, indexes the message in a goroutine (its count and
// error dropped), then saves it.
func markThenIndex(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		go index(sess.Context(), msg)
		if err := save(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// indexThenMark is markThenIndex's twin: indexed in place, its error
// checked.
func indexThenMark(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, err := index(sess.Context(), msg); err != nil {
			return err
		}
		if err := save(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: indexed and saved first
	}
	return nil
}

// markThenAuditLarge marks, starts a goroutine auditing the message on
// one branch only, then saves it: the goroutine is in the branch, not a
// statement of the mark's block, and is run in place all the same.
func markThenAuditLarge(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
		if len(msg.Value) > 1<<20 {
			go audit(msg)
		}
		if err := save(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// auditLargeThenMark is markThenAuditLarge's twin: the large message
// audited in place, then saved and marked.
func auditLargeThenMark(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if len(msg.Value) > 1<<20 {
			audit(msg)
		}
		if err := save(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: audited and saved first
	}
	return nil
}
