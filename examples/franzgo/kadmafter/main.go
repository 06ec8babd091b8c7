// Command kadmafter indexes invoices from every partition of the
// "invoices" topic in PostgreSQL with a franz-go client that assigns the
// partitions itself (kgo.ConsumePartitions, no consumer group) and keeps
// its position as the offsets of the group "invoice-indexer-direct" with
// the admin client (kadm): on start it reads the group's committed offsets
// and consumes each partition from there. One instance runs at a time.
//
// CORRECT (no finding); twin of franzgo/kadmfirst. Each poll is indexed
// first and only then committed with kadm's CommitAllOffsets, which
// commits each partition's last polled offset + 1 and returns an error
// when the request or any partition's commit fails (the process stops and
// restarts from the last commit). A crash between the batch and its commit
// replays the batch (at-least-once; the upsert makes the replay harmless).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

const (
	group = "invoice-indexer-direct" // whose offsets the position is kept as
	topic = "invoices"
)

type invoice struct {
	InvoiceID  string `json:"invoice_id"`
	Customer   string `json:"customer"`
	TotalCents int64  `json:"total_cents"`
}

func index(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var inv invoice
	if err := json.Unmarshal(r.Value, &inv); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	_, err := pool.Exec(ctx,
		`INSERT INTO invoice_index (invoice_id, customer, total_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (invoice_id) DO UPDATE SET customer = EXCLUDED.customer, total_cents = EXCLUDED.total_cents`,
		inv.InvoiceID, inv.Customer, inv.TotalCents)
	return err
}

// startOffsets returns where to consume each partition of topic: the
// group's committed offset, or the start of a partition it never committed.
func startOffsets(ctx context.Context, adm *kadm.Client) (map[string]map[int32]kgo.Offset, error) {
	committed, err := adm.FetchOffsetsForTopics(ctx, group, topic)
	if err != nil {
		return nil, fmt.Errorf("fetch offsets of %s: %w", group, err)
	}
	start := map[string]map[int32]kgo.Offset{topic: {}}
	committed.Each(func(o kadm.OffsetResponse) {
		at := kgo.NewOffset().AtStart()
		if o.At >= 0 {
			at = kgo.NewOffset().At(o.At)
		}
		start[o.Topic][o.Partition] = at
	})
	return start, nil
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

	admCl, err := kgo.NewClient(kgo.SeedBrokers(demo.Brokers()...))
	if err != nil {
		return fmt.Errorf("new admin client: %w", err)
	}
	adm := kadm.NewClient(admCl)
	defer adm.Close()
	start, err := startOffsets(ctx, adm)
	if err != nil {
		return err
	}

	cl, err := kgo.NewClient(
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumePartitions(start),
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
		fetches.EachError(func(t string, p int32, err error) {
			log.Printf("fetch error %s/%d: %v", t, p, err)
		})

		for _, r := range fetches.Records() {
			if err := index(ctx, pool, r); err != nil {
				return err
			}
		}
		if err := adm.CommitAllOffsets(ctx, group, kadm.OffsetsFromFetches(fetches)); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
}
