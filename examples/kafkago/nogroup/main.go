// Command nogroup rebuilds the fx_rates table from the compacted "fx-rates"
// topic, reading one partition directly with a kafka-go Reader.
//
// CORRECT (no finding). The Reader has no GroupID (Topic and Partition are
// set instead), so it is not in group mode: ReadMessage only fetches, nothing
// is ever committed, and there is no commit to order against the write. The
// position lives in memory; each start replays the partition from
// kafka.FirstOffset and upserts every rate, which is idempotent, so a crash
// at any point loses nothing.
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/segmentio/kafka-go"
)

type fxRate struct {
	Pair string  `json:"pair"`
	Rate float64 `json:"rate"`
}

type rateTable struct {
	db *sql.DB
}

func (t *rateTable) upsert(ctx context.Context, msg kafka.Message) error {
	var fx fxRate
	if err := json.Unmarshal(msg.Value, &fx); err != nil {
		return fmt.Errorf("decode %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
	}
	_, err := t.db.ExecContext(ctx,
		`INSERT INTO fx_rates (pair, rate, source_offset) VALUES ($1, $2, $3)
		 ON CONFLICT (pair) DO UPDATE SET rate = EXCLUDED.rate, source_offset = EXCLUDED.source_offset`,
		fx.Pair, fx.Rate, msg.Offset)
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
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		return fmt.Errorf("open db: %w", err)
	}
	defer db.Close()

	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:   demo.Brokers(),
		Topic:     "fx-rates",
		Partition: 0,
		MaxBytes:  10e6,
	})
	defer r.Close()
	if err := r.SetOffset(kafka.FirstOffset); err != nil {
		return fmt.Errorf("seek to first offset: %w", err)
	}

	t := &rateTable{db: db}
	for {
		msg, err := r.ReadMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("read message: %w", err)
		}
		if err := t.upsert(ctx, msg); err != nil {
			return fmt.Errorf("upsert rate: %w", err)
		}
	}
}
