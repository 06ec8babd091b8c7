// Package helpergo holds commits made around a call of a helper of the
// package that only starts goroutines for the polled records and returns
// (audit 33b/8: the move fix put processFetch(fetches) above the commit,
// which still came before the goroutines' work).
package helpergo

import (
	"context"
	"encoding/json"
	"os"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

func save(r *kgo.Record) error { return os.WriteFile(string(r.Key), r.Value, 0o644) }

// handle starts one goroutine for the poll: the fix runs it in place.
func handle(fetches kgo.Fetches) {
	go func() {
		fetches.EachRecord(func(r *kgo.Record) { _ = save(r) })
	}()
}

func commitAfter(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		handle(fetches)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want "call to CommitUncommittedOffsets after the records are handed to handle, which only starts goroutines processing them and returns, with no wait for their processing"
			return
		}
	}
}

type service struct{ cl *kgo.Client }

// dispatch starts a goroutine per partition: the fix makes it wait for
// them, and they keep running side by side.
func (s *service) dispatch(fetches kgo.Fetches) {
	fetches.EachPartition(func(p kgo.FetchTopicPartition) {
		go func() {
			for _, r := range p.Records {
				_ = save(r)
			}
		}()
	})
}

func (s *service) commitBefore(ctx context.Context) {
	for {
		fetches := s.cl.PollFetches(ctx)
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil { // want "call to CommitUncommittedOffsets before the polled records are processed"
			return
		}
		s.dispatch(fetches)
	}
}

// waited starts goroutines and waits for them: the commit after it
// follows their work.
func waited(fetches kgo.Fetches) {
	done := make(chan struct{})
	go func() {
		fetches.EachRecord(func(r *kgo.Record) { _ = save(r) })
		close(done)
	}()
	<-done
}

func commitAfterWaited(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		waited(fetches)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

// checked checks that each record decodes before it hands it to a
// goroutine: the check is no effect (audit 34a/2: it silenced the
// finding).
func checked(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if !json.Valid(r.Value) {
				continue
			}
			go func() { _ = save(r) }()
			if err := cl.CommitRecords(ctx, r); err != nil { // want "call to CommitRecords after the record is handed to a goroutine, with no wait for its processing"
				return
			}
		}
	}
}

// answered starts a goroutine per record that answers on a channel the
// caller drains before it commits: the receives wait for the work
// (review 34-1/H1; a wait in the helper would deadlock, H2).
func answered(recs []*kgo.Record, out chan<- error) {
	for _, r := range recs {
		go func() { out <- save(r) }()
	}
}

func commitAfterAnswers(ctx context.Context, cl *kgo.Client) {
	for {
		recs := cl.PollFetches(ctx).Records()
		out := make(chan error)
		answered(recs, out)
		for range recs {
			if err := <-out; err != nil {
				return
			}
		}
		if err := cl.CommitRecords(ctx, recs...); err != nil {
			return
		}
	}
}

// encoded writes each record with a JSON encoder, in place, and audits
// it in a goroutine: the encoder's write is the processing (review
// 34-1/E1).
func encoded(ctx context.Context, cl *kgo.Client, enc *json.Encoder) {
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := enc.Encode(r.Value); err != nil {
				return
			}
			go func() { _ = os.WriteFile("audit", r.Key, 0o644) }()
			if err := cl.CommitRecords(ctx, r); err != nil {
				return
			}
		}
	}
}

// commitBeforeOne commits before a helper whose only statement starts
// the goroutine: moved after it, with the goroutine run in place (audit
// 34e/D1: the two sites of the call made overlapping edits).
func commitBeforeOne(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want "call to CommitUncommittedOffsets before the polled records are processed"
			return
		}
		handle(fetches)
	}
}

type forwarder struct{}

func (f *forwarder) apply(r *kgo.Record) { _ = save(r) }

// dispatch starts a method's goroutine: a hand-off whose fix runs it in
// place (audit 34e/D4: no fix, saying workers were queued).
func (f *forwarder) dispatch(r *kgo.Record) { go f.apply(r) }

func commitAfterDispatch(ctx context.Context, cl *kgo.Client, f *forwarder) {
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			f.dispatch(r)
			if err := cl.CommitRecords(ctx, r); err != nil { // want "call to CommitRecords after the record is handed to helpergo.forwarder.dispatch, which only queues it for later work"
				return
			}
		}
	}
}

// retried starts a goroutine that retries each record, waiting between
// tries on a timer or the context: waits that signal nothing to the
// caller (review 34-2/D10: the finding was lost).
func retried(ctx context.Context, recs []*kgo.Record) {
	go func() {
		for _, r := range recs {
			for save(r) != nil {
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Second):
				}
			}
		}
	}()
}

func commitAfterRetried(ctx context.Context, cl *kgo.Client) {
	for {
		recs := cl.PollFetches(ctx).Records()
		retried(ctx, recs)
		if err := cl.CommitRecords(ctx, recs...); err != nil { // want "call to CommitRecords after the records are handed to retried, which only starts goroutines processing them and returns"
			return
		}
	}
}
