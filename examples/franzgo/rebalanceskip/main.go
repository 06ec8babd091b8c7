// Command rebalanceskip records shipment events from the "shipments" topic in
// a PostgreSQL table, committing each record as soon as its row is written so
// that a restart replays as little as possible.
//
// BUGGY (fencing ignored-fencing-error). When a commit fails with
// REBALANCE_IN_PROGRESS or ILLEGAL_GENERATION, the loop logs it and goes on
// with the next record of the same poll, as if the rebalance were a blip.
// It is not: the member's generation is over and franz-go rejoins in the
// background, so the rest of the batch may belong to another member now. That
// member starts from the last committed offset and writes the same rows
// again, concurrently, while this loop keeps writing them; the loop's later
// commits are rejected too, or, once franz-go has rejoined, accepted for
// partitions this member no longer owns, moving their owner's position.
// Return the error (or stop processing the batch) instead. (The group uses
// an eager balancer; under franz-go's default, cooperative-sticky, the
// member keeps the partitions it still owns through a rebalance, and
// carrying on is right: commitlint says nothing there.)
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
		`INSERT INTO shipment_events (shipment_id, status, kafka_offset) VALUES ($1, $2, $3)`,
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
				if errors.Is(err, kerr.RebalanceInProgress) || errors.Is(err, kerr.IllegalGeneration) { // finding: fencing ignored-fencing-error
					log.Printf("commit %s/%d@%d during a rebalance, carrying on: %v", r.Topic, r.Partition, r.Offset, err)
					continue
				}
				return fmt.Errorf("commit: %w", err)
			}
		}
	}
}
