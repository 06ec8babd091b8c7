package franzrevoke

import (
	"context"
	"sync/atomic"

	"github.com/twmb/franz-go/pkg/kgo"
)

// counted installs a revoke callback whose parameters are unnamed: it
// only counts revocations, and commits nothing (twin: auto-commit off, in
// unblocked's file).
func counted(ctx context.Context) error {
	var revocations atomic.Int64
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("views"),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) { // want `this OnPartitionsRevoked callback commits nothing`
			revocations.Add(1)
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(process)
	}
}
