package cases

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A helper booking a poll in one transaction whose deferred literal
// writes the transaction's end into the named error result: the failure
// returned is replaced by Commit's nil, and the loop commits the poll
// (hunt 45f/D1: 146 of 300 lost). Its twin keeps the first failure.
type txBooker struct {
	cl *kgo.Client
	db *sql.DB
}

func (b *txBooker) bookAll(ctx context.Context, recs []*kgo.Record) (err error) {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		err = tx.Commit()
	}()
	for _, r := range recs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO book (v) VALUES ($1)`, r.Value); err != nil {
			return fmt.Errorf("book %d: %w", r.Offset, err)
		}
	}
	return nil
}

// txKeeper is txBooker's twin (a type of its own: the cases of one
// package share a type's fields).
type txKeeper struct {
	cl *kgo.Client
	db *sql.DB
}

func (b *txKeeper) bookKept(ctx context.Context, recs []*kgo.Record) (err error) {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
			return
		}
		err = tx.Commit()
	}()
	for _, r := range recs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO book (v) VALUES ($1)`, r.Value); err != nil {
			return fmt.Errorf("book %d: %w", r.Offset, err)
		}
	}
	return nil
}

func (b *txBooker) runOverwritten(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		if err := b.bookAll(ctx, fs.Records()); err != nil {
			return err
		}
		if err := b.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func (b *txKeeper) runKept(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		if err := b.bookKept(ctx, fs.Records()); err != nil {
			return err
		}
		if err := b.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runTxOverwritten(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-tx-overwritten"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: txoverwritten
	_ = (&txBooker{cl: cl, db: db}).runOverwritten(ctx)
}

func runTxKept(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-tx-kept"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: txkept
	_ = (&txKeeper{cl: cl, db: db}).runKept(ctx)
}
