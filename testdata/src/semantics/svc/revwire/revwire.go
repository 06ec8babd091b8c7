// Package revwire commits on revoke through package revprog.
package revwire

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/revprog"
)

// Run processes in place and commits what it processed on revoke and
// after each poll.
func Run(ctx context.Context) error {
	prog := &revprog.Progress{}
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-revprog"), kgo.ConsumeTopics("t-revprog"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll(), // case: revprog
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := prog.Commit(ctx, cl); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}))
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			log.Printf("%s", r.Value)
			prog.Done(r)
		})
		if err := prog.Commit(ctx, cl); err != nil {
			return err
		}
		cl.AllowRebalance()
	}
	return ctx.Err()
}
