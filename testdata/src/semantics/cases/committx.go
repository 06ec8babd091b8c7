package cases

import (
	"context"
	"database/sql"
	"os"

	"github.com/segmentio/kafka-go"
)

// withTx runs fn in a transaction it commits once fn returns.
func withTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// The commit runs inside the transaction's callback, before withTx
// commits the row: a crash in between loses the record (audit 33c/1).
// The twin commits after withTx returns.
func commitInTx(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-committx", Topic: "t"}) // case: committx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		err = withTx(ctx, db, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", m.Value); err != nil {
				return err
			}
			return r.CommitMessages(ctx, m)
		})
		if err != nil {
			return
		}
	}
}

func commitAfterTx(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-commitaftertx", Topic: "t"}) // case: commitaftertx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		err = withTx(ctx, db, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", m.Value)
			return err
		})
		if err != nil {
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

// The function commits the transaction itself, after the offset (review
// 33-2/6): the same loss. The twin only reads in a transaction it rolls
// back, and writes outside it (review 33-2/7).
func commitBeforeOwnTx(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-commitowntx", Topic: "t"}) // case: commitowntx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := handleInTx(ctx, db, r, m); err != nil {
			return
		}
	}
}

func handleInTx(ctx context.Context, db *sql.DB, r *kafka.Reader, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", m.Value); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := r.CommitMessages(ctx, m); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func readOnlyTx(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-readonlytx", Topic: "t"}) // case: readonlytx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return
		}
		err = dedupAndWrite(ctx, db, tx, r, m)
		_ = tx.Rollback()
		if err != nil {
			return
		}
	}
}

func dedupAndWrite(ctx context.Context, db *sql.DB, tx *sql.Tx, r *kafka.Reader, m kafka.Message) error {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM t WHERE k = $1", m.Key).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := db.ExecContext(ctx, "INSERT INTO t (k, v) VALUES ($1, $2)", m.Key, m.Value); err != nil {
			return err
		}
	}
	return r.CommitMessages(ctx, m)
}

// The transaction begun in the poll loop, the batch written in it, then
// committed to Kafka message by message before the transaction commits:
// the last iteration's tx.Commit is no commit of this one's rows (audit
// 34c/D2: the row said at-least-once).
func commitInLoopTx(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-commitlooptx", Topic: "t"}) // case: commitlooptx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		batch := []kafka.Message{m}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return
		}
		for _, m := range batch {
			if _, err := tx.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", m.Value); err != nil {
				return
			}
		}
		for _, m := range batch {
			if err := r.CommitMessages(ctx, m); err != nil {
				return
			}
		}
		if err := tx.Commit(); err != nil {
			return
		}
	}
}

func ackTx(ctx context.Context, r *kafka.Reader, m kafka.Message) error {
	return r.CommitMessages(ctx, m)
}

// The commit made by a helper the transaction's callback calls (review
// 33-2/E6b). The twin hands a read-only transaction to a helper that
// writes outside it, then commits.
func commitHelperTx(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-commithelpertx", Topic: "t"}) // case: commithelpertx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		err = withTx(ctx, db, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", m.Value); err != nil {
				return err
			}
			return ackTx(ctx, r, m)
		})
		if err != nil {
			return
		}
	}
}

// A second consumer shares ackTx, after a file write and in no
// transaction: at-least-once, and the one above stays unknown (review
// 34-2/D9: every caller in the package had to be in a transaction).
func sharedAckFiles(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-sharedackfiles", Topic: "u"}) // case: sharedackfiles
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := os.WriteFile(string(m.Key), m.Value, 0o644); err != nil {
			return
		}
		if err := ackTx(ctx, r, m); err != nil {
			return
		}
	}
}

func seenThenWrite(ctx context.Context, r *kafka.Reader, tx *sql.Tx, db *sql.DB, m kafka.Message) error {
	var seen bool
	if err := tx.QueryRowContext(ctx, "SELECT true FROM seen WHERE k = $1", m.Key).Scan(&seen); err != nil && err != sql.ErrNoRows {
		return err
	}
	if !seen {
		if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return r.CommitMessages(ctx, m)
}

func readOnlyHelperTx(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-readonlyhelper", Topic: "t"}) // case: readonlyhelper
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return
		}
		err = seenThenWrite(ctx, r, tx, db, m)
		_ = tx.Rollback()
		if err != nil {
			return
		}
	}
}
