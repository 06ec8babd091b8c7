// Package franzgo holds ordering cases for github.com/twmb/franz-go/pkg/kgo.
package franzgo

import (
	"context"
	"encoding/json"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

type click struct {
	User string `json:"user"`
	URL  string `json:"url"`
}

type index interface {
	Put(ctx context.Context, c click) error
}

func apply(ctx context.Context, idx index, r *kgo.Record) error {
	var c click
	if err := json.Unmarshal(r.Value, &c); err != nil {
		return err
	}
	return idx.Put(ctx, c)
}

func manual() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("clicks"), kgo.ConsumeTopics("clicks"), kgo.DisableAutoCommit())
}

// batchFirst commits the whole poll, then loops over it.
func batchFirst(ctx context.Context, idx index) error {
	cl, err := manual()
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want `call to CommitRecords before the records are processed: a crash between them loses the records \(at-most-once\)`
			return err
		}
		for _, r := range fetches.Records() {
			if err := apply(ctx, idx, r); err != nil {
				return err
			}
		}
	}
}

// batchAfter is batchFirst's twin.
func batchAfter(ctx context.Context, idx index) error {
	cl, err := manual()
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		records := fetches.Records()
		for _, r := range records {
			if err := apply(ctx, idx, r); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, records...); err != nil { // ok: after the batch
			return err
		}
	}
}

// uncommittedFirst commits everything polled before EachRecord.
func uncommittedFirst(ctx context.Context, idx index) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("clicks"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets before the polled records are processed: it commits everything polled, this batch included, so a crash between them loses the batch \(at-most-once\)`
			return err
		}
		var applyErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if applyErr == nil {
				applyErr = apply(ctx, idx, r)
			}
		})
		if applyErr != nil {
			return applyErr
		}
	}
}

// uncommittedAfter is uncommittedFirst's twin.
func uncommittedAfter(ctx context.Context, idx index) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("clicks"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var applyErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if applyErr == nil {
				applyErr = apply(ctx, idx, r)
			}
		})
		if applyErr != nil {
			return applyErr
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: after EachRecord
			return err
		}
	}
}

type errorSink interface {
	Report(topic string, partition int32, err error)
}

// errorsAfter is uncommittedAfter reporting the poll's fetch errors after
// the commit: EachError's callback is given a topic, a partition and an
// error, not records, so what it does is no processing.
func errorsAfter(ctx context.Context, idx index, sink errorSink) error {
	cl, err := manual()
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		var applyErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if applyErr == nil {
				applyErr = apply(ctx, idx, r)
			}
		})
		if applyErr != nil {
			return applyErr
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: after EachRecord
			return err
		}
		fetches.EachError(func(t string, p int32, err error) {
			sink.Report(t, p, err)
		})
	}
}

// previousPoll commits the previous poll at the top of the loop, before
// polling again.
func previousPoll(ctx context.Context, idx index) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("clicks"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	var done []*kgo.Record
	for {
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // ok: commits the previous poll, already processed
			return err
		}
		if err := cl.CommitRecords(ctx, done...); err != nil { // ok: the previous poll's records
			return err
		}
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil {
			return err
		}
		done = fetches.Records()
		for _, r := range done {
			if err := apply(ctx, idx, r); err != nil {
				return err
			}
		}
	}
}

// perRecord commits each record inside EachRecord.
func perRecord(ctx context.Context, cl *kgo.Client, idx index) {
	for {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords before the record is processed: a crash between them loses the record \(at-most-once\)`
				log.Printf("commit: %v", err)
				return
			}
			if err := apply(ctx, idx, r); err != nil {
				log.Printf("apply %s/%d@%d: %v", r.Topic, r.Partition, r.Offset, err)
			}
		})
	}
}

// perRecordAfter is perRecord's twin.
func perRecordAfter(ctx context.Context, cl *kgo.Client, idx index) {
	for {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(ctx, idx, r); err != nil {
				log.Printf("apply %s/%d@%d: %v", r.Topic, r.Partition, r.Offset, err)
				return
			}
			if err := cl.CommitRecords(ctx, r); err != nil { // ok: after processing
				log.Printf("commit: %v", err)
			}
		})
	}
}

// warmup processes and commits the first record of a poll on its own,
// then the rest: the commit covers the first record only.
func warmup(ctx context.Context, cl *kgo.Client, idx index) error {
	fetches := cl.PollFetches(ctx)
	rs := fetches.Records()
	if len(rs) == 0 {
		return nil
	}
	if err := apply(ctx, idx, rs[0]); err != nil {
		return err
	}
	if err := cl.CommitRecords(ctx, rs[0]); err != nil { // ok: commits rs[0] only, the records processed below come later
		return err
	}
	for _, r := range rs[1:] {
		if err := apply(ctx, idx, r); err != nil {
			return err
		}
		if err := cl.CommitRecords(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// marks uses AutoCommitMarks: the timer commits marks, so a mark before
// processing is a commit before processing.
func marks(ctx context.Context, idx index) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("clicks"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			cl.MarkCommitRecords(r) // want `call to MarkCommitRecords before the record is processed: with auto-commit on, a crash between them loses the record \(at-most-once\)`
			if err := apply(ctx, idx, r); err != nil {
				return err
			}
		}
	}
}

// marksAfter is marks' twin.
func marksAfter(ctx context.Context, idx index) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("clicks"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(ctx, idx, r); err != nil {
				return err
			}
			cl.MarkCommitRecords(r) // ok: after processing
		}
	}
}

// marksManual uses AutoCommitMarks and commits the marks itself too
// (franz-go refuses AutoCommitMarks with DisableAutoCommit: NewClient
// fails, so the timer is on): a mark before the processing is committed
// by the timer or by the CommitMarkedOffsets after it.
func marksManual(ctx context.Context, idx index) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("clicks"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			cl.MarkCommitRecords(r)                             // want `call to MarkCommitRecords before the record is processed: with auto-commit on, a crash between them loses the record \(at-most-once\)`
			if err := cl.CommitMarkedOffsets(ctx); err != nil { // ok: the mark's fix moves it after the record too
				return err
			}
			if err := apply(ctx, idx, r); err != nil {
				return err
			}
		}
		if err := cl.CommitMarkedOffsets(ctx); err != nil { // ok: after the batch
			return err
		}
	}
}

// poison skips undecodable records: the commit is not followed by
// processing of that record.
func poison(ctx context.Context, cl *kgo.Client, idx index) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			var c click
			if err := json.Unmarshal(r.Value, &c); err != nil {
				if err := cl.CommitRecords(ctx, r); err != nil { // ok: a poison pill, skipped
					return err
				}
				continue
			}
			if err := idx.Put(ctx, c); err != nil {
				return err
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				return err
			}
		}
	}
}
