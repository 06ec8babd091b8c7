// Package skipbatch: batching loops that commit the records their filter
// skips right away, while the batch may still hold earlier records not
// yet processed: the commit passes them.
package skipbatch

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type store struct{}

func (store) insert(ctx context.Context, vals [][]byte) error { return nil }

func wanted(key []byte) bool { return string(key) != "heartbeat" }

// readerBatches commits a skipped message while batch may hold others.
func readerBatches(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "events", Topic: "events"})
	defer r.Close()
	var batch []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !wanted(m.Key) {
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages writes the position of a skipped message while batch may hold earlier messages not yet processed`
				log.Printf("commit skipped: %v", err)
			}
			continue
		}
		batch = append(batch, m)
		if len(batch) < 100 {
			continue
		}
		vals := make([][]byte, 0, len(batch))
		for _, b := range batch {
			vals = append(vals, b.Value)
		}
		if err := db.insert(ctx, vals); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
		batch = batch[:0]
	}
}

// readerBatchesGuarded is readerBatches' twin: the skipped message is
// committed only while the batch is empty.
func readerBatchesGuarded(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "events", Topic: "events"})
	defer r.Close()
	var batch []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !wanted(m.Key) {
			if len(batch) == 0 {
				if err := r.CommitMessages(ctx, m); err != nil {
					log.Printf("commit skipped: %v", err)
				}
			}
			continue
		}
		batch = append(batch, m)
		if len(batch) < 100 {
			continue
		}
		vals := make([][]byte, 0, len(batch))
		for _, b := range batch {
			vals = append(vals, b.Value)
		}
		if err := db.insert(ctx, vals); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
		batch = batch[:0]
	}
}

// pollBatches keeps a franz-go batch across polls and commits a skipped
// record on its own.
func pollBatches(ctx context.Context, db store) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("events"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	var pending []*kgo.Record
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, rec := range fetches.Records() {
			if !wanted(rec.Key) {
				if err := cl.CommitRecords(ctx, rec); err != nil { // want `call to CommitRecords writes the position of a skipped record while pending may hold earlier records not yet processed`
					return err
				}
				continue
			}
			pending = append(pending, rec)
		}
		if len(pending) < 500 {
			continue
		}
		vals := make([][]byte, 0, len(pending))
		for _, rec := range pending {
			vals = append(vals, rec.Value)
		}
		if err := db.insert(ctx, vals); err != nil {
			return err
		}
		if err := cl.CommitRecords(ctx, pending...); err != nil {
			return err
		}
		pending = pending[:0]
	}
}

// pollSkipsOnly is pollBatches' twin: a skipped record is left for the
// batch's commit.
func pollSkipsOnly(ctx context.Context, db store) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("events"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	var pending []*kgo.Record
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, rec := range fetches.Records() {
			if !wanted(rec.Key) {
				continue
			}
			pending = append(pending, rec)
		}
		if len(pending) < 500 {
			continue
		}
		vals := make([][]byte, 0, len(pending))
		for _, rec := range pending {
			vals = append(vals, rec.Value)
		}
		if err := db.insert(ctx, vals); err != nil {
			return err
		}
		if err := cl.CommitRecords(ctx, pending...); err != nil {
			return err
		}
		pending = pending[:0]
	}
}

// claimHandler batches a claim's messages in a field and marks a skipped
// one at once.
type claimHandler struct {
	db    store
	batch []*sarama.ConsumerMessage
}

func (*claimHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*claimHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *claimHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if !wanted(msg.Key) {
			sess.MarkMessage(msg, "") // want `call to MarkMessage writes the position of a skipped message while h.batch may hold earlier messages not yet processed`
			continue
		}
		h.batch = append(h.batch, msg)
		if len(h.batch) < 50 {
			continue
		}
		vals := make([][]byte, 0, len(h.batch))
		for _, m := range h.batch {
			vals = append(vals, m.Value)
		}
		if err := h.db.insert(sess.Context(), vals); err != nil {
			return err
		}
		for _, m := range h.batch {
			sess.MarkMessage(m, "")
		}
		h.batch = h.batch[:0]
	}
	return nil
}

// perMessage keeps no batch across iterations: a skipped message's
// commit passes nothing.
func perMessage(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "events", Topic: "events"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !wanted(m.Key) {
			if err := r.CommitMessages(ctx, m); err != nil {
				return err
			}
			continue
		}
		var one [][]byte
		one = append(one, m.Value)
		if err := db.insert(ctx, one); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// guardedByOther commits a skipped message while only one of its two
// batches is empty: dels may still hold messages (the guard goes around
// the call, for dels too).
func guardedByOther(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "events", Topic: "events"})
	defer r.Close()
	var puts, dels []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !wanted(m.Key) {
			if len(puts) == 0 {
				cerr := r.CommitMessages(ctx, m) // want `call to CommitMessages writes the position of a skipped message while dels may hold earlier messages not yet processed`
				if cerr != nil && cerr != context.Canceled {
					log.Printf("commit skipped: %v", cerr)
				}
			}
			continue
		}
		if m.Value == nil {
			dels = append(dels, m)
		} else {
			puts = append(puts, m)
		}
		if len(puts)+len(dels) < 100 {
			continue
		}
		vals := make([][]byte, 0, len(puts))
		for _, b := range puts {
			vals = append(vals, b.Value)
		}
		if err := db.insert(ctx, vals); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, append(puts, dels...)...); err != nil {
			return err
		}
		puts, dels = puts[:0], dels[:0]
	}
}

// dedupe keeps the keys it has seen, not messages: a skipped duplicate's
// commit passes nothing unprocessed.
func dedupe(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "events", Topic: "events"})
	defer r.Close()
	var seen []string
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !wanted(m.Key) {
			if err := r.CommitMessages(ctx, m); err != nil {
				return err
			}
			continue
		}
		seen = append(seen, string(m.Key))
		if err := db.insert(ctx, [][]byte{m.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// flushedFirst writes and resets the batch in the skip branch before it
// commits the skipped message: nothing is left to pass.
func flushedFirst(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "events", Topic: "events"})
	defer r.Close()
	var batch []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !wanted(m.Key) {
			if len(batch) > 0 {
				if err := db.insert(ctx, nil); err != nil {
					return err
				}
				if err := r.CommitMessages(ctx, batch...); err != nil {
					return err
				}
				batch = batch[:0]
			}
			if err := r.CommitMessages(ctx, m); err != nil {
				return err
			}
			continue
		}
		batch = append(batch, m)
		if len(batch) < 100 {
			continue
		}
		if err := db.insert(ctx, nil); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
		batch = batch[:0]
	}
}

func Run(ctx context.Context, group sarama.ConsumerGroup) {
	db := store{}
	go readerBatches(ctx, db)
	go readerBatchesGuarded(ctx, db)
	go pollBatches(ctx, db)
	go pollSkipsOnly(ctx, db)
	go perMessage(ctx, db)
	go guardedByOther(ctx, db)
	go dedupe(ctx, db)
	go flushedFirst(ctx, db)
	_ = group.Consume(ctx, []string{"events"}, &claimHandler{db: db})
}
