package fencing_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/fencing"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// swallowNoFixSrc holds a transactional relay whose CommitTransaction
// error is discarded in a function returning a count and a flag: the fix
// has no error to hand it on with. Reported all the same, without a fix,
// saying why (#13: once dropped); its twin returning an error is fixed.
const swallowNoFixSrc = `package swallownofix

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func send(ctx context.Context, c *kafka.Consumer, p *kafka.Producer, m *kafka.Message) error {
	if err := p.BeginTransaction(); err != nil {
		return err
	}
	if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: m.TopicPartition.Topic}, Value: m.Value}, nil); err != nil {
		return err
	}
	md, err := c.GetConsumerGroupMetadata()
	if err != nil {
		return err
	}
	tp := m.TopicPartition
	tp.Offset++
	return p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{tp}, md)
}

func relay(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) (n int, ok bool) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := send(ctx, c, p, m); err != nil {
			return n, false
		}
		p.CommitTransaction(ctx) // want "the error of CommitTransaction is discarded while the loop carries on: .*; no automatic fix: the error cannot be handed on from here"
		n++
	}
	return n, true
}
`

// TestSwallowNoFix runs swallowNoFixSrc: one finding, without a fix,
// saying why.
func TestSwallowNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/confluenttxn", "swallownofix", swallowNoFixSrc)
}

// beginNoFixSrc holds a transactional relay whose BeginTransaction error
// is discarded in a function returning a count and a flag: the record
// goes unprocessed and the next commit passes it, and the fix has no
// error to hand on. Reported all the same, without a fix, saying why
// (#13: once dropped).
const beginNoFixSrc = `package beginnofix

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func relay(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) (n int, ok bool) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.BeginTransaction() // want "the message it was for goes unprocessed.*; no automatic fix: the error cannot be handed on from here"
		if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: m.TopicPartition.Topic}, Value: m.Value}, nil); err != nil {
			return n, false
		}
		md, err := c.GetConsumerGroupMetadata()
		if err != nil {
			return n, false
		}
		tp := m.TopicPartition
		tp.Offset++
		if err := p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{tp}, md); err != nil {
			return n, false
		}
		if err := p.CommitTransaction(ctx); err != nil {
			return n, false
		}
		n++
	}
	return n, true
}
`

// TestBeginNoFix runs beginNoFixSrc: one finding, without a fix, saying
// why.
func TestBeginNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/confluenttxn", "beginnofix", beginNoFixSrc)
}

// abortNoFixSrc holds a sarama transactional handler with one producer
// per partition, taken from a map at each call: a failed CommitTxn is
// returned without AbortTxn, and the fix cannot call AbortTxn on an
// expression it would evaluate again. Reported all the same, without a
// fix, saying why (#13: once dropped).
const abortNoFixSrc = `package abortnofix

import (
	"fmt"

	"github.com/IBM/sarama"
)

const group = "enricher"

type handler struct {
	producers map[int32]sarama.SyncProducer
}

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		p := h.producers[msg.Partition]
		if err := p.BeginTxn(); err != nil {
			return err
		}
		if _, _, err := p.SendMessage(&sarama.ProducerMessage{Topic: "enriched", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
		if err := p.AddMessageToTxn(msg, group, nil); err != nil {
			return err
		}
		if err := h.producers[msg.Partition].CommitTxn(); err != nil { // want "a failed CommitTxn is handled without AbortTxn: .*; no automatic fix: the producer is not a name or field path the fix can call again"
			return fmt.Errorf("commit txn: %w", err)
		}
	}
	return nil
}
`

// TestAbortNoFix runs abortNoFixSrc: one finding, without a fix, saying
// why.
func TestAbortNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/sarama", "abortnofix", abortNoFixSrc)
}

// abortHelperSrc holds a sarama relay whose transaction runs in a helper
// without results that ConsumeClaim's loop calls for each message: a
// failed AddMessageToTxn aborts and returns, a failed CommitTxn aborts and
// falls off the end, and the loop reads on (2 positive, silent before: no
// loop around the helper's calls; trial 30a/2, the report said
// effectively-once). Reported without a fix, saying why: the loop that
// reads on is the caller's. Twins: the helper returning the failure to a
// loop that stops on it, the helper counting its aborts in a field the
// loop stops on right after the call (review 30-2), the helper called
// once outside a loop, and failures returned through a shared abort(p,
// err) helper that aborts first (audit 30d/5: ignored-txn-result said it
// did not) (4 silent).
const abortHelperSrc = `package aborthelper

import (
	"errors"
	"log"

	"github.com/IBM/sarama"
)

const group = "relay"

type handler struct{ producer sarama.AsyncProducer }

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.relay(msg)
	}
	return nil
}

func (h *handler) relay(msg *sarama.ConsumerMessage) {
	if err := h.producer.BeginTxn(); err != nil {
		log.Println(err)
		return
	}
	h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value)}
	if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil { // want "a failed AddMessageToTxn is aborted and relay returns to a loop that reads on \\(ConsumeClaim\\) without rewinding the consumer: .*; no automatic fix: the loop is in relay's callers"
		log.Println(err)
		_ = h.producer.AbortTxn()
		return
	}
	if err := h.producer.CommitTxn(); err != nil { // want "a failed CommitTxn is aborted and relay returns to a loop that reads on"
		log.Println(err)
		_ = h.producer.AbortTxn()
	}
}

type stopping struct{ producer sarama.AsyncProducer }

func (h *stopping) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *stopping) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *stopping) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.relay(msg); err != nil {
			return err
		}
	}
	return nil
}

func (h *stopping) relay(msg *sarama.ConsumerMessage) error {
	if err := h.producer.BeginTxn(); err != nil {
		return err
	}
	if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil {
		_ = h.producer.AbortTxn()
		return err
	}
	if err := h.producer.CommitTxn(); err != nil {
		_ = h.producer.AbortTxn()
		return err
	}
	return nil
}

type shared struct{ producer sarama.SyncProducer }

// forward returns each failure through abort, which aborts first.
func (h *shared) forward(msg *sarama.ConsumerMessage) error {
	if err := h.producer.BeginTxn(); err != nil {
		return err
	}
	if err := h.producer.AddMessageToTxn(msg, group, nil); err != nil {
		return abort(h.producer, err)
	}
	if err := h.producer.CommitTxn(); err != nil {
		return abort(h.producer, err)
	}
	return nil
}

func abort(p sarama.SyncProducer, cause error) error {
	if err := p.AbortTxn(); err != nil {
		return errors.Join(cause, err)
	}
	return cause
}

type counted struct {
	producer sarama.AsyncProducer
	aborted  int
}

var errAborted = errors.New("transaction aborted")

func (h *counted) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *counted) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *counted) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.relay(msg)
		if h.aborted > 0 {
			return errAborted
		}
	}
	return nil
}

func (h *counted) relay(msg *sarama.ConsumerMessage) {
	if err := h.producer.BeginTxn(); err != nil {
		h.aborted++
		return
	}
	if err := h.producer.CommitTxn(); err != nil {
		log.Println(err)
		_ = h.producer.AbortTxn()
		h.aborted++
	}
}

type once struct{ producer sarama.AsyncProducer }

func (o *once) flush(msg *sarama.ConsumerMessage) {
	if err := o.producer.CommitTxn(); err != nil {
		log.Println(err)
		_ = o.producer.AbortTxn()
	}
}

func (o *once) run(msg *sarama.ConsumerMessage) {
	o.flush(msg)
}
`

// TestAbortHelperNoFix runs abortHelperSrc: two findings, without a fix,
// saying why.
func TestAbortHelperNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, fencing.Analyzer, "fencing/sarama", "aborthelper", abortHelperSrc) {
		if len(r.Diagnostics) != 2 {
			t.Errorf("%d findings, want 2", len(r.Diagnostics))
		}
	}
}

// sinkNoFixSrc holds an unguarded MySQL offset row written with ?
// placeholders through a database handle a call returns: the guard needs
// the offset's argument again, which the fix cannot evaluate twice nor
// hoist before the call (its receiver has effects). Reported all the
// same, without a fix, saying why (#13: once dropped).
const sinkNoFixSrc = `package sinknofix

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

var dbs []*sql.DB

func shard(p int32) *sql.DB { return dbs[int(p)%len(dbs)] }

func delta() int64 { return 1 }

func save(ctx context.Context, m *sarama.ConsumerMessage) error {
	_, err := shard(m.Partition).ExecContext(ctx, "UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ?", m.Offset+delta(), m.Topic, m.Partition) // want "the offset row in consumer_offsets is written without a guard.*; no automatic fix: the guard needs an argument again"
	return err
}
`

// TestSinkNoFix runs sinkNoFixSrc: one finding, without a fix, saying
// why.
func TestSinkNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/sink", "sinknofix", sinkNoFixSrc)
}

// revokeUnsafeSrc holds franz-go revoke callbacks that commit nothing
// where committing everything polled would do harm: records handed to
// goroutines the loop does not wait for (the commit would pass records
// still queued: lost), and a callback that is also the lost-partitions
// callback (a commit for partitions no longer owned). Reported without a
// fix, saying why (the old fix added CommitUncommittedOffsets to both).
const revokeUnsafeSrc = `package revokeunsafe

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func revoked(context.Context, *kgo.Client, map[string][]int32) {}

func handedOff(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("handed"), kgo.ConsumeTopics("in"), kgo.BlockRebalanceOnPoll(), kgo.OnPartitionsRevoked(revoked)) // want "this OnPartitionsRevoked callback commits nothing.*; no automatic fix: records are handed to goroutines that may still hold them"
	if err != nil {
		return err
	}
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			go db.Exec("INSERT INTO t (body) VALUES ($1)", r.Value)
		})
		cl.AllowRebalance()
	}
}

func lostToo(context.Context, *kgo.Client, map[string][]int32) {}

func alsoLost(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("lost"), kgo.ConsumeTopics("in"), kgo.BlockRebalanceOnPoll(), kgo.OnPartitionsRevoked(lostToo), kgo.OnPartitionsLost(lostToo)) // want "this OnPartitionsRevoked callback commits nothing.*; no automatic fix: the callback is also the lost-partitions callback"
	if err != nil {
		return err
	}
	for {
		fs := cl.PollFetches(ctx)
		var err error
		fs.EachRecord(func(r *kgo.Record) {
			if err == nil {
				_, err = db.Exec("INSERT INTO t (body) VALUES ($1)", r.Value)
			}
		})
		if err != nil {
			return err
		}
		cl.AllowRebalance()
	}
}

// lostMarks is both callbacks of a client committing marks (trial 33b/7,
// file.d's shape): a commit of the marks there writes positions for
// partitions lost too.
type lostMarks struct{}

func (lostMarks) Lost(context.Context, *kgo.Client, map[string][]int32) {}

type partitionsLost interface {
	Lost(context.Context, *kgo.Client, map[string][]int32)
}

func marksLost(ctx context.Context, s partitionsLost) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("marks"), kgo.ConsumeTopics("in"), kgo.AutoCommitMarks(), kgo.BlockRebalanceOnPoll(), kgo.OnPartitionsRevoked(s.Lost), kgo.OnPartitionsLost(s.Lost)) // want "this OnPartitionsRevoked callback commits nothing.*; no automatic fix: the callback is also the lost-partitions callback"
	if err != nil {
		return err
	}
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if _, err := db.Exec("INSERT INTO t (body) VALUES ($1)", r.Value); err == nil {
				cl.MarkCommitRecords(r)
			}
		})
		cl.AllowRebalance()
	}
}

func runMarksLost(ctx context.Context) error { return marksLost(ctx, lostMarks{}) }

func heldRevoked(context.Context, *kgo.Client, map[string][]int32) {}

// Records kept across polls until 40 are held: the callback runs inside a
// poll, with the held records unwritten (audit 32d/15: the fix committed
// 20 of them at each revoke).
func held(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("held"), kgo.ConsumeTopics("in"), kgo.OnPartitionsRevoked(heldRevoked)) // want "this OnPartitionsRevoked callback commits nothing.*; no automatic fix: the loop holds records across polls"
	if err != nil {
		return err
	}
	var buf []*kgo.Record
	for {
		fs := cl.PollRecords(ctx, 10)
		buf = append(buf, fs.Records()...)
		if len(buf) < 40 {
			continue
		}
		for _, r := range buf {
			if _, err := db.Exec("INSERT INTO t (body) VALUES ($1)", r.Value); err != nil {
				return err
			}
		}
		buf = buf[:0]
	}
}
`

// TestRevokeUnsafeNoFix runs revokeUnsafeSrc: four findings, each without
// a fix, saying why.
func TestRevokeUnsafeNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/franzrevoke", "revokeunsafe", revokeUnsafeSrc)
}

// pollErrNoFixSrc holds franz-go poll loops dropping the poll's records
// on its errors where the fix cannot make them process the records: the
// else holding the processing is followed by a commit, which a continue
// of the error's branch would skip; a labelled continue of an outer
// loop; an else on one line with its braces (not gofmt's layout: the
// fix's edits go line by line). Reported all the same, without a fix,
// saying why.
const pollErrNoFixSrc = `package pollerrnofix

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func run(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil { // want "when fetches.Err\\(\\) reports an error, the loop polls again without processing the records this poll also holds: .*; no automatic fix: the error's branch does not end in a continue of the poll loop, nor is it followed by the processing in an else that ends the loop's body"
			log.Print(err)
		} else {
			fetches.EachRecord(func(r *kgo.Record) { log.Fatal(save(r)) })
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Print(err)
		}
	}
}

func runLabelled(ctx context.Context, cl *kgo.Client, topics [][]string) {
outer:
	for {
		fetches := cl.PollFetches(ctx)
		for range topics {
			if errs := fetches.Errors(); len(errs) > 0 { // want "when fetches.Errors\\(\\) reports an error, .*; no automatic fix"
				continue outer
			}
		}
		fetches.EachRecord(func(r *kgo.Record) { log.Fatal(save(r)) })
	}
}

func runOneLine(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		if err := fetches.Err(); err != nil { // want "when fetches.Err\\(\\) reports an error, .*; no automatic fix: the else is not laid out as gofmt would"
			log.Print(err)
		} else { fetches.EachRecord(func(r *kgo.Record) { log.Fatal(save(r)) }) }
	}
}

func save(r *kgo.Record) error { return nil }
`

// TestPollErrNoFix runs pollErrNoFixSrc: three findings, without a fix,
// saying why.
func TestPollErrNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/pollerr", "pollerrnofix", pollErrNoFixSrc)
}

// heldRevokeSrc collects messages across polls (auto-store on) and
// commits each batch once written, its rebalance callback committing
// nothing on revoke: a commit there (the fix elsewhere) runs inside a
// poll while the batch is held, and commits its stored, unwritten
// messages (audit 32d/13: 17 and 25 of 300 lost where none were). The
// finding has no fix, and says why.
const heldRevokeSrc = `package heldrevoke

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions: // want ` + "`" + `no automatic fix: with enable.auto.offset.store on` + "`" + `
		log.Printf("revoked %v", e.Partitions)
	}
	return nil
}

func run(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "rows", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"rows"}, onRebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		var rows [][]byte
		for len(rows) < 50 {
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			rows = append(rows, m.Value)
		}
		for _, r := range rows {
			if err := os.WriteFile("rows", r, 0o644); err != nil {
				return err
			}
		}
		if _, err := c.Commit(); err != nil {
			log.Printf("commit: %v", err)
		}
	}
	return nil
}
`

// TestHeldRevokeNoFix runs heldRevokeSrc.
func TestHeldRevokeNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/confluentrevoke", "heldrevoke", heldRevokeSrc)
}

// midPollSrc holds revoke callbacks whose commit the client's Close would
// run after the loop left a poll half processed (audit 37c/D4, D10, D11:
// the fixes lost 222 to 278 of 300 records at a SIGTERM or after a few
// failed writes): a franz-go callback committing nothing, with the loop
// returning on a failed write (adding CommitUncommittedOffsets would
// commit the abandoned records), and a confluent RevokedPartitions case
// under auto-store (Close polls out what it prefetched, storing their
// offsets, before serving the revoke). Each is reported without a fix,
// saying why. (A callback committing everything polled there loses its
// commit instead: fencing/revokeworker.)
const midPollSrc = `package midpoll

import (
	"context"
	"database/sql"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func logOnly(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.ConsumeTopics("t"),
		kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, revoked map[string][]int32) { // want "this OnPartitionsRevoked callback commits nothing.*; no automatic fix: the poll loop can leave a poll half processed \\(line 33\\)"
			log.Printf("revoked %v", revoked)
		}),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			if _, err := db.Exec("INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				return err
			}
		}
	}
}

func stored(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	err = c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, e kafka.Event) error {
		switch e.(type) {
		case kafka.RevokedPartitions: // want "the RevokedPartitions case commits nothing.*; no automatic fix: with enable.auto.offset.store on"
			log.Printf("revoked")
		}
		return nil
	})
	if err != nil {
		return err
	}
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO t (v) VALUES ($1)", m.Value); err != nil {
			return err
		}
		if n++; n%20 == 0 {
			if _, err := c.Commit(); err != nil {
				return err
			}
		}
	}
	return nil
}
`

// TestMidPollNoFix runs midPollSrc: two findings, each without a fix,
// saying why.
func TestMidPollNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, fencing.Analyzer, "fencing/franzrevoke", "midpoll", midPollSrc)
}
