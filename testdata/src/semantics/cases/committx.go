package cases

import (
	"context"
	"database/sql"

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
