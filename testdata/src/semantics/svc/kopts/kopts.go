// Package kopts builds franz-go options for the wiring package, with a
// revoke callback that only logs (it replaces the default revoke commit).
package kopts

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Build returns the consumer's options.
func Build(group, topic string) []kgo.Opt {
	return []kgo.Opt{
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, revoked map[string][]int32) {
			log.Printf("revoked %v", revoked)
		}),
	}
}
