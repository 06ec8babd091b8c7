// Package autocommit is the autocommit analyzer's half of the plugin test:
// a consumer that is at-least-once as written, which only
// autocommit.strict reports.
package autocommit

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"settings/sink"
)

// franzSync is at-least-once as written; only autocommit.strict reports it.
func franzSync(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g")) // want `auto-commit is on: franz-go commits`
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := sink.Send(r.Value); err != nil {
				return err
			}
		}
	}
}
