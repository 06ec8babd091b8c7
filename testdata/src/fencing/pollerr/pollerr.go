// Package pollerr polls franz-go clients whose loops check the poll's
// errors: some poll again on them, dropping the records the poll also
// holds, some process them anyway or stop.
package pollerr

import (
	"context"
	"database/sql"
	"errors"
	"log"

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
		if errs := fetches.Errors(); len(errs) > 0 { // want `when fetches.Errors\(\) reports an error the loop polls again without processing the records this poll also holds: franz-go already counts them as polled, so the next commit passes them and they are lost, crash or no crash`
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
		if err := fetches.Err(); err != nil { // want `when fetches.Err\(\) reports an error the loop polls again`
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
		if err := fetches.Err(); err != nil || ctx.Err() != nil { // want `when fetches.Err\(\) reports an error the loop polls again`
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
		if errs := fetches.Errors(); len(errs) > 0 { // want `when fetches.Errors\(\) reports an error the loop polls again`
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
	runPanics(ctx, cl, st)
}
