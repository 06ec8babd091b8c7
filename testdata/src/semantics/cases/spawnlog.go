package cases

import (
	"context"
	"log"
	"sync"

	"github.com/IBM/sarama"
)

// spawnSafe runs fn in a goroutine of its own that survives a panic.
func spawnSafe(fn func()) {
	go func() {
		defer func() {
			if r := recover(); r != nil {
				log.Printf("panic: %v", r)
			}
		}()
		fn()
	}()
}

// A handler run through a spawner, its failure only logged, the message
// marked once it is done (trial 43c/D2: 3 of 300 lost without a crash).
type spawnLogger struct{}

func (spawnLogger) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (spawnLogger) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (spawnLogger) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		m := msg
		var wg sync.WaitGroup
		wg.Add(1)
		spawnSafe(func() {
			defer wg.Done()
			if err := apply(m.Value); err != nil {
				log.Printf("apply: %v", err)
			}
		})
		wg.Wait()
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runSpawnLogger(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-spawn-log", sarama.NewConfig()) // case: spawnlogged
	_ = g.Consume(ctx, []string{"t"}, spawnLogger{})
}

var _ = runSpawnLogger
