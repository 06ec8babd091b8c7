package cases

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/keeper"
)

// keptAway marks each record once a batcher of another package has kept
// its payload: the batch is written only when full, so the marks pass
// records the batcher still holds.
func keptAway(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-kept"), kgo.ConsumeTopics("t-kept"), kgo.AutoCommitMarks()) // case: keptaway
	b := &keeper.Batcher{Size: 20}
	var c keeper.Counter
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			c.Add(r.Value)
			if batch := b.Add(r.Value); batch != nil {
				for _, v := range batch {
					_, _ = db.ExecContext(ctx, "INSERT INTO points (v) VALUES ($1)", v)
				}
			}
			cl.MarkCommitRecords(r)
		}
	}
}

// keptNothing marks each record after writing what a helper of another
// package that keeps nothing made of it.
func keptNothing(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-kept-nothing"), kgo.ConsumeTopics("t-kept"), kgo.AutoCommitMarks()) // case: keptnothing
	var c keeper.Counter
	var t keeper.Tracker
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			c.Add(r.Value)
			row := keeper.Row{}.With(r.Value)
			_ = row
			if _, err := db.ExecContext(ctx, "INSERT INTO points (v) VALUES ($1)", keeper.Upper(r.Value)); err != nil {
				t.Note(err)
				return
			}
			cl.MarkCommitRecords(r)
		}
	}
}

// keptThroughHelper marks each record once a spool of another package has
// kept its payload through a helper of its own.
func keptThroughHelper(ctx context.Context, db *sql.DB, s *keeper.Spool) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-kept-helper"), kgo.ConsumeTopics("t-kept"), kgo.AutoCommitMarks()) // case: keptthroughhelper
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			s.Put(r.Value)
			cl.MarkCommitRecords(r)
		}
	}
}
