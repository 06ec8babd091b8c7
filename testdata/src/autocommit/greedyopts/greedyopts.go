// Package greedyopts exports franz-go option helpers: a greedy option in
// them reaches every client another package builds with them, and no
// caller can undo it (there is no option turning it off, and NewClient
// rejects it next to DisableAutoCommit or AutoCommitMarks), so it is
// reported here, where the fix can remove it.
package greedyopts

import (
	"github.com/twmb/franz-go/pkg/kgo"
)

// Options builds a group consumer's options with a greedy auto-commit.
func Options(group string) []kgo.Opt {
	return []kgo.Opt{
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup(group),
		kgo.GreedyAutoCommit(), // want `kgo.GreedyAutoCommit commits each poll as soon as it is returned, every 5s, before its records are processed: every client built from Options loses them`
	}
}

// Plain builds the same options with the default auto-commit.
func Plain(group string) []kgo.Opt { // ok: default auto-commit
	return []kgo.Opt{
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup(group),
	}
}

// LowLatency returns the greedy option alone: it cannot be removed from a
// list, so the fix replaces it with the default interval.
func LowLatency() kgo.Opt {
	return kgo.GreedyAutoCommit() // want `every client built from LowLatency loses them`
}

// Topics returns another option alone.
func Topics() kgo.Opt {
	return kgo.ConsumeTopics("payments") // ok: not the greedy option
}

// Appended adds the option with append on one path.
func Appended(group string, fast bool) []kgo.Opt {
	opts := []kgo.Opt{kgo.ConsumerGroup(group)}
	if fast {
		opts = append(opts, kgo.GreedyAutoCommit()) // want `every client built from Appended loses them`
	}
	return opts
}

// Manual sets the option next to DisableAutoCommit: NewClient rejects the
// pair, so no client commits greedily with it.
func Manual(group string) []kgo.Opt {
	return []kgo.Opt{kgo.ConsumerGroup(group), kgo.DisableAutoCommit(), kgo.GreedyAutoCommit()} // ok: auto-commit off
}

// internal is not exported: only this package's consumers use it, and
// they are checked with the settings it makes.
func internal(group string) []kgo.Opt {
	return []kgo.Opt{kgo.ConsumerGroup(group), kgo.GreedyAutoCommit()} // ok: unexported, no consumer here
}

var _ = internal
