// Package revokeworker: franz-go revoke callbacks committing everything
// polled. One client's loop hands each partition's records to a worker
// over a channel: blocking rebalances while a poll is processed would not
// help (the loop is done with the poll once it is queued), so the fix
// takes the commit out of the callback. The other processes its polls in
// place but returns on a failed write, leaving the rest of the poll to a
// callback that would commit it: the commit is taken out too.
package revokeworker

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func worker(db *sql.DB, cl *kgo.Client, in <-chan kgo.FetchTopicPartition) {
	for p := range in {
		for _, r := range p.Records {
			if _, err := db.Exec("INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				log.Fatal(err)
			}
		}
		if err := cl.CommitRecords(context.Background(), p.Records...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func revoked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		log.Printf("commit on revoke: %v", err)
	}
}

// Queued hands each partition's records to a worker.
func Queued(ctx context.Context, db *sql.DB) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("queued"),
		kgo.ConsumeTopics("t"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(revoked),
	)
	if err != nil {
		return err
	}
	in := make(chan kgo.FetchTopicPartition, 10)
	go worker(db, cl, in)
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachPartition(func(p kgo.FetchTopicPartition) { in <- p })
	}
	return nil
}

func revokedInPlace(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets without kgo.BlockRebalanceOnPoll`
		log.Printf("commit on revoke: %v", err)
	}
}

// InPlace processes each poll before polling again.
func InPlace(ctx context.Context, db *sql.DB) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("in-place"),
		kgo.ConsumeTopics("t"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(revokedInPlace),
	)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if _, err := db.Exec("INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			log.Printf("commit: %v", err)
		}
	}
	return nil
}
