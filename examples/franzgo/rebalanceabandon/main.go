// Command rebalanceabandon records shipment events from the "shipments" topic
// in a PostgreSQL table, committing each record as soon as its row is written
// so that a restart replays as little as possible.
//
// CORRECT (no finding); twin of franzgo/rebalanceskip. When a commit fails
// with REBALANCE_IN_PROGRESS or ILLEGAL_GENERATION the member's generation is
// over and franz-go rejoins in the background, so the loop abandons the rest
// of the poll and polls again: with the eager balancer it uses, every
// partition is revoked and fetched again from the last committed offset, by
// this member or whoever owns it now, so the records it dropped are
// replayed (at-least-once; the insert must be idempotent for that replay).
// Under a cooperative balancer (franz-go's default) a kept partition's
// fetch position stays past the abandoned records, and the next commit
// would pass them. Any other commit error stops the consumer.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

type shipmentEvent struct {
	ShipmentID string `json:"shipment_id"`
	Status     string `json:"status"`
}

func record(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var ev shipmentEvent
	if err := json.Unmarshal(r.Value, &ev); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	_, err := pool.Exec(ctx,
		`INSERT INTO shipment_events (shipment_id, status, kafka_offset) VALUES ($1, $2, $3)
		 ON CONFLICT (shipment_id, kafka_offset) DO NOTHING`,
		ev.ShipmentID, ev.Status, r.Offset)
	return err
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return fmt.Errorf("connect db: %w", err)
	}
	defer pool.Close()

	cl, err := kgo.NewClient(
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumerGroup("shipment-recorder"),
		kgo.ConsumeTopics("shipments"),
		kgo.DisableAutoCommit(),
		// An eager balancer: a rebalance revokes every partition, and the
		// next poll fetches them again from the committed offsets.
		kgo.Balancers(kgo.RangeBalancer()),
	)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

poll:
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			log.Printf("fetch error %s/%d: %v", topic, partition, err)
		})
		for _, r := range fetches.Records() {
			if err := record(ctx, pool, r); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				if errors.Is(err, kerr.RebalanceInProgress) || errors.Is(err, kerr.IllegalGeneration) {
					log.Printf("generation over at %s/%d@%d, dropping the rest of the poll: %v", r.Topic, r.Partition, r.Offset, err)
					continue poll
				}
				return fmt.Errorf("commit: %w", err)
			}
		}
	}
}
