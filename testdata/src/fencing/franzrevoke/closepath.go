package franzrevoke

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, r *kgo.Record) error {
	_, err := db.ExecContext(ctx, "INSERT INTO views (v) VALUES ($1)", r.Value)
	return err
}

// heldAbandons blocks rebalances on poll, so the callback runs between
// polls, but returns on a failed write: the deferred Close runs the
// callback then, and it commits the rest of the poll (audit 37c/D4, c19).
// The callback does nothing else: it goes, and franz-go's default revoke,
// committing the processed polls only, comes back.
func heldAbandons(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets, which commits everything polled; kgo.BlockRebalanceOnPoll holds rebalances back until the loop allows them between polls, but the client's Close runs the callback too, as the member leaves its group, and the loop can leave a poll half processed \(line 45\): the records it abandoned are committed`
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				return err
			}
		}
	}
}

// heldCounts does more in its callback, with auto-commit off and a
// commit after each poll: the commit goes, the count stays.
func heldCounts(ctx context.Context, m *metrics) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			m.revokes++
			if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `this OnPartitionsRevoked callback calls CommitUncommittedOffsets, which commits everything polled; .*\(line 77\)`
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// heldFinishes is heldAbandons' twin: a failed write stops the process
// (log.Fatalf exits without running the deferred Close), so the callback
// runs only in a rebalance, between polls.
func heldFinishes(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		cl.AllowRebalance()
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if err := save(ctx, r); err != nil {
				log.Fatalf("save %d: %v", r.Offset, err)
			}
		}
	}
}

// heldStopsAtBottom returns only once the poll is saved and committed:
// the Close runs the callback between polls (review 38-1/D2).
func heldStopsAtBottom(ctx context.Context, stopping func() bool) {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachRecord(func(r *kgo.Record) {
			if err := save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
		cl.AllowRebalance()
		if stopping() {
			return
		}
	}
}
