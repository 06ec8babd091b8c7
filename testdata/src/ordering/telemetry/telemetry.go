// Package telemetry is a franz-go consumer whose service reports each
// record to its own metrics and audit interfaces after committing it.
package telemetry

import (
	"context"
	"strconv"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Observer is the service's metrics: a handler outcome by topic, and the
// record's age.
type Observer interface {
	ObserveHandler(topic, outcome string, startedAt, recordTimestamp time.Time)
	Count(topic, partition string)
	ObserveRecord(r *kgo.Record)
}

// Auditor keeps a copy of what each record said.
type Auditor interface {
	Append(topic string, value []byte)
}

type consumer struct {
	client  *kgo.Client
	process func(context.Context, *kgo.Record) error
	metrics Observer
	audit   Auditor
}

// observedAfter processes, commits, then observes the outcome: the
// observation is handed only the record's topic and timestamp, and
// answers nothing.
func (c *consumer) observedAfter(ctx context.Context) {
	for ctx.Err() == nil {
		fetches := c.client.PollRecords(ctx, 1)
		for _, record := range fetches.Records() {
			startedAt := time.Now()
			if err := c.process(ctx, record); err != nil {
				return
			}
			if err := c.client.CommitRecords(ctx, record); err != nil {
				return
			}
			c.metrics.ObserveHandler(record.Topic, "success", startedAt, record.Timestamp)
			c.metrics.Count(record.Topic, strconv.Itoa(int(record.Partition)))
		}
	}
}

// auditedAfter processes, commits, then appends the record's value to an
// audit log: the value is what the record says, so the append is its
// effect too, and a crash before it loses the audit copy.
func (c *consumer) auditedAfter(ctx context.Context) {
	for ctx.Err() == nil {
		fetches := c.client.PollRecords(ctx, 1)
		for _, record := range fetches.Records() {
			if err := c.process(ctx, record); err != nil {
				return
			}
			if err := c.client.CommitRecords(ctx, record); err != nil { // want `call to CommitRecords before the record is processed`
				return
			}
			c.audit.Append(record.Topic, record.Value)
		}
	}
}

// recordObservedAfter hands the whole record to the observer after the
// commit: what it does with the value is out of sight.
func (c *consumer) recordObservedAfter(ctx context.Context) {
	for ctx.Err() == nil {
		fetches := c.client.PollRecords(ctx, 1)
		for _, record := range fetches.Records() {
			if err := c.process(ctx, record); err != nil {
				return
			}
			if err := c.client.CommitRecords(ctx, record); err != nil { // want `call to CommitRecords before the record is processed`
				return
			}
			c.metrics.ObserveRecord(record)
		}
	}
}
