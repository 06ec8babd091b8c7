// Command orders is a service assembled as real services are: this package
// builds and configures every client, and hands it to a package of
// internal/ that polls and commits; the sarama handlers live in a package
// of their own. Two consumers per client, one buggy and one correct (each
// package's comments say which and why):
//
//   - franz-go "orders-indexer" (default auto-commit) → indexer: per-record
//     goroutines committing their own record (hiwater concurrent-commit);
//     "orders-audit" (auto-commit off) → audit: commit after each poll;
//     "orders-shipper" (default auto-commit, no AutoCommitMarks) →
//     shipper: marks after booking, which do nothing without
//     AutoCommitMarks (autocommit marks-ignored, reported here where the
//     client is handed over).
//   - confluent-kafka-go "payments-ledger" (auto-store off) → ledger.Writer:
//     per-message goroutines storing their own offset (hiwater
//     concurrent-commit); "payments-sync" (auto-commit off) → ledger.Sync.
//   - sarama "orders-projector" (default auto-commit) → handlers.Projector:
//     mark before save (ordering commit-before-process);
//     "orders-archive" (auto-commit off) → handlers.Archiver: mark after
//     save, commit when the claim ends.
//   - kafka-go "orders-search" → readers.Service: commit after save;
//     "orders-fanout" → readers.Fanout: per-message goroutines committing
//     (hiwater concurrent-commit).
//
// `commitlint report` joins each consumer built here with what its service
// does (report.golden.json); go vet -vettool sees one package at a time
// and reports what each package proves on its own.
//
// SERVICE_CONSUMERS (comma-separated consumer groups) starts only the
// consumers it names, so that one can run on its own (the crash
// experiments in oracle/ run each alone); unset, all of them run.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/jackc/pgx/v5/pgxpool"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"

	"github.com/offsetcommit/commitlint/examples/internal/demo"
	"github.com/offsetcommit/commitlint/examples/service/internal/audit"
	"github.com/offsetcommit/commitlint/examples/service/internal/handlers"
	"github.com/offsetcommit/commitlint/examples/service/internal/indexer"
	"github.com/offsetcommit/commitlint/examples/service/internal/ledger"
	"github.com/offsetcommit/commitlint/examples/service/internal/readers"
	"github.com/offsetcommit/commitlint/examples/service/internal/shipper"
	"github.com/offsetcommit/commitlint/examples/service/internal/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatalf("connect db: %v", err)
	}
	defer pool.Close()
	st := &store.Store{Pool: pool}
	g, ctx := errgroup.WithContext(ctx)
	run := consumers()

	if run["orders-indexer"] {
		idx, err := kgo.NewClient(kgo.SeedBrokers(demo.Brokers()...), kgo.ConsumerGroup("orders-indexer"), kgo.ConsumeTopics("orders"))
		if err != nil {
			log.Fatalf("indexer client: %v", err)
		}
		defer idx.Close()
		g.Go(func() error { return indexer.New(idx, st).Run(ctx) })
	}

	if run["orders-audit"] {
		aud, err := kgo.NewClient(kgo.SeedBrokers(demo.Brokers()...), kgo.ConsumerGroup("orders-audit"), kgo.ConsumeTopics("orders"),
			kgo.DisableAutoCommit())
		if err != nil {
			log.Fatalf("audit client: %v", err)
		}
		defer aud.Close()
		g.Go(func() error { return audit.Run(ctx, aud, st) })
	}

	if run["orders-shipper"] {
		shp, err := kgo.NewClient(kgo.SeedBrokers(demo.Brokers()...), kgo.ConsumerGroup("orders-shipper"), kgo.ConsumeTopics("orders"))
		if err != nil {
			log.Fatalf("shipper client: %v", err)
		}
		defer shp.Close()
		g.Go(func() error { return shipper.Run(ctx, shp, st) }) // finding: autocommit marks-ignored
	}

	if run["payments-ledger"] {
		lc, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": demo.Bootstrap(), "group.id": "payments-ledger",
			"enable.auto.offset.store": false})
		if err != nil {
			log.Fatalf("ledger consumer: %v", err)
		}
		defer lc.Close()
		if err := lc.SubscribeTopics([]string{"payments"}, nil); err != nil {
			log.Fatalf("subscribe: %v", err)
		}
		w := &ledger.Writer{C: lc, St: st}
		g.Go(func() error { w.Run(ctx); return nil })
	}

	if run["payments-sync"] {
		sc, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": demo.Bootstrap(), "group.id": "payments-sync",
			"enable.auto.commit": false})
		if err != nil {
			log.Fatalf("sync consumer: %v", err)
		}
		defer sc.Close()
		if err := sc.SubscribeTopics([]string{"payments"}, nil); err != nil {
			log.Fatalf("subscribe: %v", err)
		}
		g.Go(func() error { ledger.Sync(ctx, sc, st); return nil })
	}

	if run["orders-projector"] {
		proj, err := sarama.NewConsumerGroup(demo.Brokers(), "orders-projector", sarama.NewConfig())
		if err != nil {
			log.Fatalf("projector group: %v", err)
		}
		defer proj.Close()
		g.Go(func() error { return consume(ctx, proj, &handlers.Projector{St: st}) })
	}

	if run["orders-archive"] {
		cfg := sarama.NewConfig()
		cfg.Consumer.Offsets.AutoCommit.Enable = false
		arch, err := sarama.NewConsumerGroup(demo.Brokers(), "orders-archive", cfg)
		if err != nil {
			log.Fatalf("archive group: %v", err)
		}
		defer arch.Close()
		g.Go(func() error { return consume(ctx, arch, &handlers.Archiver{St: st}) })
	}

	if run["orders-search"] {
		search := kafkago.NewReader(kafkago.ReaderConfig{Brokers: demo.Brokers(), GroupID: "orders-search", Topic: "orders"})
		defer search.Close()
		svc := &readers.Service{Reader: search, St: st}
		g.Go(func() error { return svc.Run(ctx) })
	}

	if run["orders-fanout"] {
		fan := kafkago.NewReader(kafkago.ReaderConfig{Brokers: demo.Brokers(), GroupID: "orders-fanout", Topic: "orders"})
		defer fan.Close()
		g.Go(func() error { return readers.Fanout(ctx, fan, st) })
	}

	if err := g.Wait(); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// names are the service's consumers, by consumer group.
var names = []string{"orders-indexer", "orders-audit", "orders-shipper", "payments-ledger", "payments-sync",
	"orders-projector", "orders-archive", "orders-search", "orders-fanout"}

// consumers returns the consumers to start: the groups SERVICE_CONSUMERS
// lists (comma-separated), so that one can be run on its own, as the crash
// experiments in oracle/ do; all of them when it is unset or empty, as the
// documented demo runs. An unknown name stops the service.
func consumers() map[string]bool {
	run := map[string]bool{}
	list := strings.TrimSpace(os.Getenv("SERVICE_CONSUMERS"))
	if list == "" {
		for _, n := range names {
			run[n] = true
		}
		return run
	}
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if !slices.Contains(names, n) {
			log.Fatalf("SERVICE_CONSUMERS: no consumer %q (the consumers: %s)", n, strings.Join(names, ", "))
		}
		run[n] = true
	}
	return run
}

// consume runs a sarama group's handler until ctx ends.
func consume(ctx context.Context, group sarama.ConsumerGroup, h sarama.ConsumerGroupHandler) error {
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, h); err != nil {
			return err
		}
	}
	return nil
}
