// Package commitx commits on the client it is given.
package commitx

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// CommitAll commits every polled record.
func CommitAll(ctx context.Context, cl *kgo.Client) error { // want CommitAll:`wrapsCommit\(CommitUncommittedOffsets\)`
	return cl.CommitUncommittedOffsets(ctx)
}
