// Command greedy stores page-view events from the "pageviews" topic in
// PostgreSQL using a franz-go consumer group with greedy auto-commit.
//
// BUG (autocommit greedy-auto-commit). kgo.GreedyAutoCommit() makes every
// poll committable at the moment it returns: the batch end becomes the
// commit head at poll time instead of at the next poll. The 5s auto-commit
// loop runs independently of this goroutine, so it can commit records that
// were polled but not yet written (or whose write is failing). A crash or a
// kill after such a tick loses those records: the group resumes after them,
// with no error and zero lag. The default (drop the option) commits only
// polls before the latest, which is at-least-once for this synchronous loop.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/twmb/franz-go/pkg/kgo"
)

type pageView struct {
	SessionID string    `json:"session_id"`
	URL       string    `json:"url"`
	ViewedAt  time.Time `json:"viewed_at"`
}

type viewStore struct {
	pool *pgxpool.Pool
}

func (s *viewStore) save(ctx context.Context, r *kgo.Record) error {
	var v pageView
	if err := json.Unmarshal(r.Value, &v); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)
	}
	_, err := s.pool.Exec(ctx,
		`INSERT INTO page_views (session_id, url, viewed_at) VALUES ($1, $2, $3)`,
		v.SessionID, v.URL, v.ViewedAt)
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

	opts := []kgo.Opt{
		kgo.SeedBrokers(demo.Brokers()...),
		kgo.ConsumerGroup("pageview-archiver"),
		kgo.ConsumeTopics("pageviews"),
		kgo.FetchMaxWait(500 * time.Millisecond),
		kgo.GreedyAutoCommit(), // finding: autocommit greedy-auto-commit
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return fmt.Errorf("new client: %w", err)
	}
	defer cl.Close()

	s := &viewStore{pool: pool}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			log.Printf("fetch error %s/%d: %v", topic, partition, err)
		})

		var saveErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if saveErr == nil {
				saveErr = s.save(ctx, r)
			}
		})
		if saveErr != nil {
			return saveErr
		}
	}
}
