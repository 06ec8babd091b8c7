// Package pollerr polls franz-go clients whose loops check the poll's
// errors: some poll again on them, dropping the records the poll also
// holds, some process them anyway or stop.
package pollerr

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

type store struct{ db *sql.DB }

func (s *store) save(ctx context.Context, r *kgo.Record) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO events (v) VALUES ($1)", r.Value)
	return err
}

type service struct {
	cl    *kgo.Client
	store *store
}

// run logs the poll's errors and polls again.
func (s *service) run(ctx context.Context) {
	for {
		fetches := s.cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		if errs := fetches.Errors(); len(errs) > 0 { // want `when fetches.Errors\(\) reports an error, the loop polls again without processing the records this poll also holds: franz-go already counts them as polled, so the next commit passes them and they are lost, crash or no crash`
			for _, e := range errs {
				log.Printf("fetch %s/%d: %v", e.Topic, e.Partition, e.Err)
			}
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := s.store.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// runQuiet polls again on the error, saying nothing.
func runQuiet(ctx context.Context, cl *kgo.Client, st *store) {
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 500)
		if err := fetches.Err(); err != nil { // want `when fetches.Err\(\) reports an error, the loop polls again`
			continue
		}
		for _, r := range fetches.Records() {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		}
	}
}

// runClosed returns on a closed client and polls again on other errors.
func runClosed(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil || ctx.Err() != nil { // want `when fetches.Err\(\) reports an error, the loop polls again`
			if errors.Is(err, kgo.ErrClientClosed) {
				return
			}
			log.Printf("poll: %v", err)
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// runElse processes the records only when the poll reports no error.
func runElse(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollFetches(ctx)
		if errs := fetches.Errors(); len(errs) > 0 { // want `when fetches.Errors\(\) reports an error, the loop polls again`
			log.Printf("poll: %v", errs)
		} else {
			fetches.EachRecord(func(r *kgo.Record) {
				if err := st.save(ctx, r); err != nil {
					log.Fatal(err)
				}
			})
		}
	}
}

// Silent twins.

// runLogged logs the poll's errors and processes its records anyway.
func runLogged(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollFetches(ctx)
		if errs := fetches.Errors(); len(errs) > 0 {
			log.Printf("poll: %v", errs)
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// runStop ends the loop on the poll's error: a restart replays.
func runStop(ctx context.Context, cl *kgo.Client, st *store) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// runGuarded polls again on the error only when the poll holds no records.
func runGuarded(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			log.Printf("poll: %v", err)
			if fetches.Empty() {
				continue
			}
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// runPanics stops the process on the poll's errors.
func runPanics(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollFetches(ctx)
		if errs := fetches.Errors(); len(errs) > 0 {
			panic(errs)
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// runProcessedFirst processes the poll's records, then checks its errors
// before committing: nothing is dropped.
func runProcessedFirst(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
		if err := fetches.Err(); err != nil {
			log.Printf("poll: %v", err)
			continue
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// pollOnce polls once and returns the poll's error to run's loop, which
// calls it again.
func (s *service) pollOnce(ctx context.Context) error {
	fetches := s.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil { // want `when fetches.Err\(\) reports an error, pollerr.\(\*service\).pollOnce returns and pollerr.\(\*service\).runOnce calls it again without processing the records this poll also holds`
		return fmt.Errorf("poll: %w", err)
	}
	for _, r := range fetches.Records() {
		if err := s.store.save(ctx, r); err != nil {
			return err
		}
	}
	return s.cl.CommitUncommittedOffsets(ctx)
}

func (s *service) runOnce(ctx context.Context) {
	for ctx.Err() == nil {
		if err := s.pollOnce(ctx); err != nil {
			log.Printf("consume: %v", err)
			time.Sleep(time.Second)
		}
	}
}

// consumeBatch logs the poll's errors, then returns them to its caller's
// loop.
func consumeBatch(ctx context.Context, cl *kgo.Client, st *store) error {
	fetches := cl.PollRecords(ctx, 100)
	if errs := fetches.Errors(); len(errs) > 0 { // want `when fetches.Errors\(\) reports an error, pollerr.consumeBatch returns and pollerr.runBatches calls it again`
		for _, e := range errs {
			log.Printf("fetch %s/%d: %v", e.Topic, e.Partition, e.Err)
		}
		return fmt.Errorf("poll: %d partitions failed, first: %w",
			len(errs), errs[0].Err)
	}
	fetches.EachRecord(func(r *kgo.Record) {
		if err := st.save(ctx, r); err != nil {
			log.Fatal(err)
		}
	})
	return nil
}

func runBatches(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		if err := consumeBatch(ctx, cl, st); err != nil {
			log.Printf("batch: %v", err)
		}
	}
}

// Silent twins of the poll-once shape: the callers stop on the error, or
// the poll's records are processed before its error is returned.

func pollStrict(ctx context.Context, cl *kgo.Client, st *store) error {
	fetches := cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return err
	}
	fetches.EachRecord(func(r *kgo.Record) {
		if err := st.save(ctx, r); err != nil {
			log.Fatal(err)
		}
	})
	return nil
}

// runStrict returns the first error: a restart replays.
func runStrict(ctx context.Context, cl *kgo.Client, st *store) error {
	for {
		if err := pollStrict(ctx, cl, st); err != nil {
			return err
		}
	}
}

// runFatal exits on the first error.
func runFatal(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		if err := pollStrict(ctx, cl, st); err != nil {
			log.Fatalf("consume: %v", err)
		}
	}
}

// pollThenReport processes the poll's records, then returns its error.
func pollThenReport(ctx context.Context, cl *kgo.Client, st *store) error {
	fetches := cl.PollFetches(ctx)
	fetches.EachRecord(func(r *kgo.Record) {
		if err := st.save(ctx, r); err != nil {
			log.Fatal(err)
		}
	})
	if err := fetches.Err(); err != nil {
		return err
	}
	return cl.CommitUncommittedOffsets(ctx)
}

func runThenReport(ctx context.Context, cl *kgo.Client, st *store) {
	for ctx.Err() == nil {
		if err := pollThenReport(ctx, cl, st); err != nil {
			log.Printf("consume: %v", err)
		}
	}
}

// pollGuarded returns on the error only when the poll holds no records.
func pollGuarded(ctx context.Context, cl *kgo.Client, st *store) error {
	fetches := cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil && fetches.Empty() {
		return err
	}
	fetches.EachRecord(func(r *kgo.Record) {
		if err := st.save(ctx, r); err != nil {
			log.Fatal(err)
		}
	})
	return nil
}

func runGuardedOnce(ctx context.Context, cl *kgo.Client, st *store) {
	for ctx.Err() == nil {
		if err := pollGuarded(ctx, cl, st); err != nil {
			log.Printf("consume: %v", err)
		}
	}
}

// runFlag sets a flag in EachError's function and polls again when it is
// set (OpenTelemetry's kafkareceiver).
func runFlag(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollRecords(ctx, -1)
		if fetches.IsClientClosed() {
			return
		}
		var hasError bool
		fetches.EachError(func(topic string, partition int32, err error) { // want `when fetches.EachError reports an error, the loop polls again without processing the records this poll also holds`
			log.Printf("fetch %s/%d: %v", topic, partition, err)
			hasError = true
		})
		if hasError || fetches.Empty() {
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// runFlagLogged is runFlag's twin: the flag adds a log line, and the
// records are processed all the same.
func runFlagLogged(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		fetches := cl.PollRecords(ctx, -1)
		var failed bool
		fetches.EachError(func(topic string, partition int32, err error) {
			failed = true
		})
		if failed {
			log.Printf("poll had errors")
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// pollBoth returns the poll with its error: its caller processes the
// records either way.
func pollBoth(ctx context.Context, cl *kgo.Client) (kgo.Fetches, error) {
	fetches := cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return fetches, err
	}
	return fetches, nil
}

func runBoth(ctx context.Context, cl *kgo.Client, st *store) {
	for ctx.Err() == nil {
		fetches, err := pollBoth(ctx, cl)
		if err != nil {
			log.Printf("poll: %v", err)
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := st.save(ctx, r); err != nil {
				log.Fatal(err)
			}
		})
	}
}

// pollCancel returns only when the context is cancelled (a poll holding
// nothing but that error), and processes the records otherwise.
func pollCancel(ctx context.Context, cl *kgo.Client, st *store) error {
	fetches := cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		log.Printf("poll: %v", err)
	}
	fetches.EachRecord(func(r *kgo.Record) {
		if err := st.save(ctx, r); err != nil {
			log.Fatal(err)
		}
	})
	return nil
}

func runCancel(ctx context.Context, cl *kgo.Client, st *store) {
	for ctx.Err() == nil {
		if err := pollCancel(ctx, cl, st); err != nil {
			log.Printf("consume: %v", err)
		}
	}
}

// pollOK reports a failed poll as false (lago's shape): runOK stops on
// it.
func pollOK(ctx context.Context, cl *kgo.Client, st *store) bool {
	fetches := cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		log.Printf("poll: %v", err)
		return false
	}
	fetches.EachRecord(func(r *kgo.Record) {
		if err := st.save(ctx, r); err != nil {
			log.Fatal(err)
		}
	})
	return true
}

func runOK(ctx context.Context, cl *kgo.Client, st *store) {
	for {
		if ok := pollOK(ctx, cl, st); !ok {
			return
		}
	}
}

func main() {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())
	if err != nil {
		log.Fatal(err)
	}
	st := &store{}
	ctx := context.Background()
	s := &service{cl: cl, store: st}
	go s.run(ctx)
	go runQuiet(ctx, cl, st)
	go runClosed(ctx, cl, st)
	go runElse(ctx, cl, st)
	go runLogged(ctx, cl, st)
	go func() { _ = runStop(ctx, cl, st) }()
	go runGuarded(ctx, cl, st)
	go runProcessedFirst(ctx, cl, st)
	go s.runOnce(ctx)
	go runBatches(ctx, cl, st)
	go func() { _ = runStrict(ctx, cl, st) }()
	go runFatal(ctx, cl, st)
	go runThenReport(ctx, cl, st)
	go runGuardedOnce(ctx, cl, st)
	go runFlag(ctx, cl, st)
	go runFlagLogged(ctx, cl, st)
	go runBoth(ctx, cl, st)
	go runCancel(ctx, cl, st)
	go runOK(ctx, cl, st)
	runPanics(ctx, cl, st)
}

// runNoCommit builds its client with auto-commit off and commits nothing:
// the records a failed poll drops are replayed at the next start, as all
// are (trial 31b/2: CommitOffsets(ctx, nil, nil) on a ticker commits
// nothing).
func runNoCommit(ctx context.Context, st *store) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-nocommit"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	go func() {
		for range time.Tick(time.Second) {
			cl.CommitOffsets(ctx, nil, nil)
		}
	}()
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil { // ok: nothing commits past the dropped records
			log.Printf("poll: %v", err)
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) { _ = st.save(ctx, r) })
	}
	return ctx.Err()
}

// runMaybeAuto disables auto-commit only when asked: on the other path the
// timer commits past the records a failed poll drops (trial 39a/D1: the
// finding was silenced as if auto-commit were off on every path).
func runMaybeAuto(ctx context.Context, st *store, manual bool) error {
	opts := []kgo.Opt{kgo.ConsumerGroup("g-maybe-auto"), kgo.ConsumeTopics("t")}
	if manual {
		opts = append(opts, kgo.DisableAutoCommit())
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil { // want `when fetches.Err\(\) reports an error, the loop polls again without processing the records this poll also holds`
			log.Printf("poll: %v", err)
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) { _ = st.save(ctx, r) })
	}
	return ctx.Err()
}
