package neverallowed

import (
	"context"
	"io"
	"log/slog"
	"strings"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Archive polls until ctx is done, then closes the client itself: the fix
// releases the rebalance right before that Close too, which runs before
// the deferred release and would otherwise wait to leave the group for a
// release that never comes (audit 33d/3: SIGTERM'd members hung).
func Archive(ctx context.Context, brokers []string, store func([]byte) error) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup("archiver"),
		kgo.ConsumeTopics("archive"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(), // want `kgo.BlockRebalanceOnPoll without AllowRebalance`
	)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := store(r.Value); err != nil {
				slog.Error("store", "err", err)
			}
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			slog.Error("commit", "err", err)
		}
	}
	{
		// Another value named cl: its Close is not the client's
		// (review 33-2/5: the release was inserted before it too).
		cl := io.NopCloser(strings.NewReader(""))
		cl.Close()
	}
	cl.Close()
	return nil
}
