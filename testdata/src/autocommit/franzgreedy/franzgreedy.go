// Package franzgreedy: kgo.GreedyAutoCommit commits each poll when it is
// returned; the default commits only polls before the latest.
package franzgreedy

import (
	"context"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"
)

func process(r *kgo.Record) error {
	if len(r.Value) == 0 {
		return fmt.Errorf("empty record at %s/%d@%d", r.Topic, r.Partition, r.Offset)
	}
	return nil
}

// greedyArgs passes the option to NewClient.
func greedyArgs(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics("payments"),
		kgo.GreedyAutoCommit(), // want `kgo.GreedyAutoCommit commits each poll as soon as it is returned`
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// greedyLast has the option as the last argument on the same line.
func greedyLast(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("billing"), kgo.GreedyAutoCommit()) // want `kgo.GreedyAutoCommit commits each poll`
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// greedySlice builds the options in a slice literal.
func greedySlice(ctx context.Context) error {
	opts := []kgo.Opt{
		kgo.SeedBrokers("localhost:9092"),
		kgo.GreedyAutoCommit(), // want `kgo.GreedyAutoCommit commits each poll`
		kgo.ConsumerGroup("billing"),
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// syncLoop keeps the default auto-commit and processes every record of a
// poll before the next poll.
func syncLoop(ctx context.Context) error {
	cl, err := kgo.NewClient( // ok: default auto-commit, synchronous poll-process loop
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics("payments"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// loop processes each poll synchronously and stops on the first failure.
func loop(ctx context.Context, cl *kgo.Client) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		if err := fetches.Err(); err != nil {
			return err
		}
		for _, r := range fetches.Records() {
			if err := process(r); err != nil {
				return err
			}
		}
	}
}

// baseOpts is extended with append by its callers.
func baseOpts() []kgo.Opt {
	return []kgo.Opt{kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("billing")}
}

// greedyAppend appends the option to a slice from a helper: the fix
// removes the append statement.
func greedyAppend(ctx context.Context) error {
	opts := baseOpts()
	opts = append(opts, kgo.GreedyAutoCommit()) // want `kgo.GreedyAutoCommit commits each poll`
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// clientOpts builds the options with append in a helper.
func clientOpts(group string) []kgo.Opt {
	var opts []kgo.Opt
	opts = append(opts, kgo.SeedBrokers("localhost:9092"))
	opts = append(opts, kgo.ConsumerGroup(group), kgo.GreedyAutoCommit(), kgo.ConsumeTopics("payments")) // want `kgo.GreedyAutoCommit commits each poll`
	return opts
}

func greedyHelper(ctx context.Context) error {
	cl, err := kgo.NewClient(clientOpts("billing")...)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// single wraps one option; removing its argument would not compile.
func single(o kgo.Opt) []kgo.Opt {
	return []kgo.Opt{kgo.ConsumerGroup("billing"), o}
}

// greedyWrapped passes the option to a non-variadic parameter: the fix
// replaces it with the default interval, which keeps the default
// auto-commit.
func greedyWrapped(ctx context.Context) error {
	cl, err := kgo.NewClient(single(kgo.GreedyAutoCommit())...) // want `kgo.GreedyAutoCommit commits each poll`
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// plainWrapped passes another option through the same helper.
func plainWrapped(ctx context.Context) error {
	cl, err := kgo.NewClient(single(kgo.ConsumeTopics("payments"))...) // ok: default auto-commit, synchronous poll-process loop
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// greedyDisabled sets GreedyAutoCommit but disables auto-commit: NewClient
// rejects the pair (config.go validates it), so no client commits greedily.
func greedyDisabled(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("billing"), kgo.GreedyAutoCommit(), kgo.DisableAutoCommit()) // ok: auto-commit off (NewClient returns an error for the pair)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// greedyMarks sets GreedyAutoCommit with AutoCommitMarks: NewClient
// rejects the pair too.
func greedyMarks(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("billing"), kgo.GreedyAutoCommit(), kgo.AutoCommitMarks()) // ok: marks only (NewClient returns an error for the pair)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// greedyIf appends the option on one path only: it is reported (the
// option may be set), and the fix removes the whole if, the append being
// its only statement.
func greedyIf(ctx context.Context, lowLatency bool) error {
	opts := baseOpts()
	if lowLatency {
		opts = append(opts, kgo.GreedyAutoCommit()) // want `kgo.GreedyAutoCommit commits each poll`
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// greedyIfMore appends the option under an if that does more: the fix
// removes the append only.
func greedyIfMore(ctx context.Context, lowLatency bool) error {
	opts := baseOpts()
	if lowLatency {
		opts = append(opts, kgo.ConsumeTopics("payments-fast"))
		opts = append(opts, kgo.GreedyAutoCommit()) // want `kgo.GreedyAutoCommit commits each poll`
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}

// plainIf appends another option under an if.
func plainIf(ctx context.Context, lowLatency bool) error {
	opts := baseOpts()
	if lowLatency {
		opts = append(opts, kgo.ConsumeTopics("payments-fast")) // ok: default auto-commit, synchronous poll-process loop
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	return loop(ctx, cl)
}
