package cases

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// A batch of wrappers, each holding the message it stores (audit 35a/D2:
// a failed batch skipped with continue was said to be at-least-once
// because the record was reached through the wrapper's field).
type wrapped struct {
	value []byte
	raw   *kafka.Message
}

func wrapBatch(ctx context.Context, handle func(context.Context, []wrapped) error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-wrapbatch", "enable.auto.commit": false, "enable.auto.offset.store": false}) // case: wrapbatch
	if err != nil {
		return
	}
	for ctx.Err() == nil {
		var batch []wrapped
		for len(batch) < 10 {
			m, ok := c.Poll(100).(*kafka.Message)
			if !ok {
				break
			}
			batch = append(batch, wrapped{value: m.Value, raw: m})
		}
		if err := handle(ctx, batch); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		for _, w := range batch {
			if _, err := c.StoreMessage(w.raw); err != nil {
				break
			}
		}
		if _, err := c.Commit(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}
