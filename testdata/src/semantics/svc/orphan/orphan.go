// Package orphan polls a client that nothing in the analyzed packages
// builds: its configuration is out of sight.
package orphan

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func Run(ctx context.Context, cl *kgo.Client) { // case: orphan
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(*kgo.Record) {})
	}
}
