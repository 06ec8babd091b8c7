package cases

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A helper answering with a struct whose error field its value-receiver
// setter never sets (it writes a copy): the loop tests the field, sees
// no failure, and commits the poll (hunt 45f/D4: 146 of 300 lost). The
// twin's setter has a pointer receiver.
type tally struct {
	booked int
	err    error
}

func (t tally) fail(err error) {
	if t.err == nil {
		t.err = err
	}
}

type tallyBook struct{ db *sql.DB }

func (b *tallyBook) book(ctx context.Context, recs []*kgo.Record) tally {
	var t tally
	for _, r := range recs {
		if _, err := b.db.ExecContext(ctx, `INSERT INTO book (v) VALUES ($1)`, r.Value); err != nil {
			t.fail(err)
			break
		}
		t.booked++
	}
	return t
}

type ptally struct {
	booked int
	err    error
}

func (t *ptally) fail(err error) {
	if t.err == nil {
		t.err = err
	}
}

type ptallyBook struct{ db *sql.DB }

func (b *ptallyBook) book(ctx context.Context, recs []*kgo.Record) ptally {
	var t ptally
	for _, r := range recs {
		if _, err := b.db.ExecContext(ctx, `INSERT INTO book (v) VALUES ($1)`, r.Value); err != nil {
			t.fail(err)
			break
		}
		t.booked++
	}
	return t
}

func runUnsetField(ctx context.Context, db *sql.DB) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-unset-field"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: unsetfield
	b := &tallyBook{db: db}
	for {
		fs := cl.PollFetches(ctx)
		out := b.book(ctx, fs.Records())
		if out.err != nil {
			return out.err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runSetField(ctx context.Context, db *sql.DB) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-set-field"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: setfield
	b := &ptallyBook{db: db}
	for {
		fs := cl.PollFetches(ctx)
		out := b.book(ctx, fs.Records())
		if out.err != nil {
			return out.err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
