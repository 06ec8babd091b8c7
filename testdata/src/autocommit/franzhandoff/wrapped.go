package franzhandoff

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// delivery is what the workers receive: the record wrapped with the
// client that polled it (isp-kit's kafkax Delivery).
type delivery struct {
	client *kgo.Client
	source *kgo.Record
}

// wrapped sends each record, wrapped in a delivery, to the workers and
// polls again at once: the struct carries the record as the record
// itself would.
func wrapped(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics("invoices"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	deliveries := make(chan delivery)
	for i := 0; i < 8; i++ {
		go func() {
			for d := range deliveries {
				if err := n.deliver(ctx, d.source); err != nil {
					log.Printf("deliver: %v", err)
				}
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(deliveries)
			return nil
		}
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			for _, r := range p.Records {
				deliveries <- delivery{client: cl, source: r} // want `record handed to workers over a channel while the loop polls again`
			}
		})
	}
}

// wrappedWaited is wrapped's twin: the loop waits for the workers to
// finish the poll's deliveries before polling again.
func wrappedWaited(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics("invoices"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	deliveries := make(chan delivery)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		go func() {
			for d := range deliveries {
				if err := n.deliver(ctx, d.source); err != nil {
					log.Printf("deliver: %v", err)
				}
				wg.Done()
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(deliveries)
			return nil
		}
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			for _, r := range p.Records {
				wg.Add(1)
				deliveries <- delivery{client: cl, source: r}
			}
		})
		wg.Wait()
	}
}

// position is where a record was: what a lag exporter needs.
type position struct {
	topic     string
	partition int32
	offset    int64
}

// lagExported delivers each record in place, then sends its position to
// a lag exporter: the struct carries no record, so nothing outlives the
// poll but a metric.
func lagExported(ctx context.Context, n *notifier, lag chan<- position) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics("invoices"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := n.deliver(ctx, r); err != nil {
				log.Printf("deliver: %v", err)
			}
			lag <- position{r.Topic, r.Partition, r.Offset}
		})
	}
}
