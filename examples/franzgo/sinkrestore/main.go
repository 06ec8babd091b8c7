// Command sinkrestore credits wallets in PostgreSQL from the "wallet-credits"
// topic and keeps its consumer position in the same database.
//
// CORRECT (no finding). Each record is applied in one pgx transaction that
// inserts the credit and upserts consumer_offsets.next_offset to offset + 1
// (only forward, so a stale owner cannot move it back): both commit or
// neither does. kgo.AdjustFetchOffsetsFn, which franz-go calls after it has
// fetched the group's committed offsets and before it starts fetching the
// assigned partitions, replaces them with next_offset from the database, so
// a restart or a rebalance resumes exactly after the last applied record
// (effectively-once, scoped to PostgreSQL). The loop also commits each
// poll to Kafka after its transactions, for lag only: Kafka's offset is
// never read back, and the group's lag follows the processed records.
// Twin: franzgo/sinkblind, which never reads next_offset back.
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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kgo"
)

const (
	group = "wallet-crediter"
	topic = "wallet-credits"

	insertCredit = `INSERT INTO wallet_credits (credit_id, wallet, cents) VALUES ($1, $2, $3)`
	saveOffset   = `INSERT INTO consumer_offsets (group_id, topic, partition, next_offset) VALUES ($1, $2, $3, $4)
		ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset
		WHERE consumer_offsets.next_offset < EXCLUDED.next_offset`
	loadOffset = `SELECT next_offset FROM consumer_offsets WHERE group_id = $1 AND topic = $2 AND partition = $3`
)

type credit struct {
	CreditID string `json:"credit_id"`
	Wallet   string `json:"wallet"`
	Cents    int64  `json:"cents"`
}

// apply writes the credit and the next offset in one transaction.
func apply(ctx context.Context, pool *pgxpool.Pool, r *kgo.Record) error {
	var c credit
	if err := json.Unmarshal(r.Value, &c); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after Commit
	if _, err := tx.Exec(ctx, insertCredit, c.CreditID, c.Wallet, c.Cents); err != nil {
		return fmt.Errorf("insert credit %s: %w", c.CreditID, err)
	}
	if _, err := tx.Exec(ctx, saveOffset, group, r.Topic, r.Partition, r.Offset+1); err != nil {
		return fmt.Errorf("save offset %s/%d: %w", r.Topic, r.Partition, err)
	}
	return tx.Commit(ctx)
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
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.DisableAutoCommit(),
		// The database's position wins over the group's committed offset.
		kgo.AdjustFetchOffsetsFn(func(ctx context.Context, offsets map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
			for t, partitions := range offsets {
				for p := range partitions {
					var next int64
					err := pool.QueryRow(ctx, loadOffset, group, t, p).Scan(&next)
					if errors.Is(err, pgx.ErrNoRows) {
						continue // never applied a record: start where the group would
					}
					if err != nil {
						return nil, fmt.Errorf("load offset %s/%d: %w", t, p, err)
					}
					partitions[p] = kgo.NewOffset().At(next)
				}
			}
			return offsets, nil
		}),
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
		records := fetches.Records()
		for _, r := range records {
			if err := apply(ctx, pool, r); err != nil {
				return err
			}
		}
		if len(records) == 0 {
			continue
		}
		// For lag only: the position of record is the database row.
		if err := cl.CommitRecords(ctx, records...); err != nil {
			log.Printf("commit %d records to kafka (lag only): %v", len(records), err)
		}
	}
}
