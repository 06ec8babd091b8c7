// Package kafkalib hands every package of the process the same client.
package kafkalib

import (
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var (
	mu     sync.Mutex
	shared *kgo.Client
)

// Client returns the process's one consumer client, built on first use
// by build.
func Client() (*kgo.Client, error) {
	mu.Lock()
	defer mu.Unlock()
	if shared != nil {
		return shared, nil
	}
	cl, err := build()
	if err != nil {
		return nil, err
	}
	shared = cl
	return cl, nil
}

func build() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("ingest"),
		kgo.ConsumeTopics("payments"),
		kgo.DisableAutoCommit(),
	)
}
