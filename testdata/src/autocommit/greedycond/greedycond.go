// Package greedycond: the commit option is chosen by a literal called at
// once (usr4's fserv-template), one path disabling auto-commit and the
// other committing greedily. The client rejects GreedyAutoCommit next to
// DisableAutoCommit, so every client built with it commits each poll when
// it is returned: reported at the option. The fix replaces it with the
// default interval, and where the loop hands records to workers, also
// makes the next poll wait for them (the default commits every poll
// before the latest).
package greedycond

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func save(r *kgo.Record) { log.Printf("saved %s", r.Value) }

// inPlace chooses greedy or no auto-commit and processes in place.
func inPlace(ctx context.Context, autoCommit bool) {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("template"),
		kgo.ConsumeTopics("events"),
		func(commit bool) kgo.Opt {
			if !commit {
				return kgo.DisableAutoCommit()
			}
			return kgo.GreedyAutoCommit() // want `kgo.GreedyAutoCommit commits each poll as soon as it is returned, every 5s, before its records are processed: on the paths that set it`
		}(autoCommit),
	)
	if err != nil {
		log.Fatal(err)
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			save(r)
		})
	}
}

// handOff queues the records for a worker: under the default auto-commit
// they would still be committed before the worker has them, so the fix
// also waits for the worker.
func handOff(ctx context.Context, autoCommit bool) {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("template"),
		kgo.ConsumeTopics("events"),
		func(commit bool) kgo.Opt {
			if !commit {
				return kgo.DisableAutoCommit()
			}
			return kgo.GreedyAutoCommit() // want `on the paths that set it, a crash loses them`
		}(autoCommit),
	)
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	go func() {
		for r := range ch {
			save(r)
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			ch <- r
		}
	}
}

// intervalInPlace chooses the default auto-commit at another interval,
// or none, and processes each poll before the next.
func intervalInPlace(ctx context.Context, autoCommit bool) {
	cl, err := kgo.NewClient( // ok: default auto-commit or none, synchronous poll-process loop
		kgo.ConsumerGroup("template"),
		kgo.ConsumeTopics("events"),
		func(commit bool) kgo.Opt {
			if !commit {
				return kgo.DisableAutoCommit()
			}
			return kgo.AutoCommitInterval(time.Second)
		}(autoCommit),
	)
	if err != nil {
		log.Fatal(err)
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			save(r)
		})
	}
}

// intervalHandOff hands records to a worker under the default auto-commit
// on one path: the records outlive their poll there.
func intervalHandOff(ctx context.Context, autoCommit bool) {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("template"),
		kgo.ConsumeTopics("events"),
		func(commit bool) kgo.Opt {
			if !commit {
				return kgo.DisableAutoCommit()
			}
			return kgo.AutoCommitInterval(time.Second)
		}(autoCommit),
	)
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	go func() {
		for r := range ch {
			save(r)
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			ch <- r // want `record handed to workers over a channel while the loop polls again`
		}
	}
}

// waitedHandOff waits for the worker before each poll.
func waitedHandOff(ctx context.Context, autoCommit bool) {
	cl, err := kgo.NewClient( // ok: default auto-commit or none, the loop waits for the worker before polling again
		kgo.ConsumerGroup("template"),
		kgo.ConsumeTopics("events"),
		func(commit bool) kgo.Opt {
			if !commit {
				return kgo.DisableAutoCommit()
			}
			return kgo.AutoCommitInterval(time.Second)
		}(autoCommit),
	)
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	var wg sync.WaitGroup
	go func() {
		for r := range ch {
			save(r)
			wg.Done()
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			wg.Add(1)
			ch <- r
		}
		wg.Wait()
	}
}

// greedyGo sets the option on every path and hands each record to a
// goroutine: removing the option leaves the default, which would still
// commit the records before the goroutines process them, so the fix
// also waits for the goroutines before the next poll.
func greedyGo(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("template"), kgo.GreedyAutoCommit()) // want `kgo.GreedyAutoCommit commits each poll as soon as it is returned, every 5s, before its records are processed: a crash loses them`
	if err != nil {
		log.Fatal(err)
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go save(r)
		})
	}
}

// greedyTimed sets the interval beside the option: the message says it
// (audit 35c/D8: "every 5s" beside a shorter interval).
func greedyTimed(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("template"), kgo.GreedyAutoCommit(), kgo.AutoCommitInterval(time.Second)) // want `kgo.GreedyAutoCommit commits each poll as soon as it is returned, every 1s, before`
	if err != nil {
		log.Fatal(err)
	}
	for {
		cl.PollFetches(ctx).EachRecord(save)
	}
}

// greedyBeside builds a second client beside a greedy one: its interval
// is not told to be the greedy client's (review 35-1/D6, 35-2/D6).
func greedyBeside(ctx context.Context) {
	audit, err := kgo.NewClient(kgo.ConsumerGroup("audit"), kgo.AutoCommitInterval(time.Second))
	if err != nil {
		log.Fatal(err)
	}
	go func() {
		for {
			audit.PollFetches(ctx).EachRecord(save)
		}
	}()
	cl, err := kgo.NewClient(kgo.ConsumerGroup("template"), kgo.GreedyAutoCommit()) // want `kgo.GreedyAutoCommit commits each poll as soon as it is returned, every interval set in code, before`
	if err != nil {
		log.Fatal(err)
	}
	for {
		cl.PollFetches(ctx).EachRecord(save)
	}
}
