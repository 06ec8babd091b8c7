package lowwater_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/offsetcommit/commitlint/lowwater"
)

// Records 50, 51 and 52 are processed concurrently and finish in the order
// 52, 50, 51. The mark stays at 50 until 50 is done, then moves to the
// smallest offset still in flight, and finally to 53 (52 + 1).
func ExampleTracker() {
	var t lowwater.Tracker // the zero value is ready to use
	tp := lowwater.TopicPartition{Topic: "orders", Partition: 0}
	for _, off := range []int64{50, 51, 52} {
		_ = t.Start(tp, off) // in the consume loop, in offset order
	}
	for _, off := range []int64{52, 50, 51} { // in the workers
		commit, ok := t.Done(tp, off)
		fmt.Printf("done %d: commit=%d ok=%v\n", off, commit, ok)
	}
	// Output:
	// done 52: commit=50 ok=false
	// done 50: commit=51 ok=true
	// done 51: commit=53 ok=true
}

// IBM/sarama: sess.MarkOffset takes the raw next offset to read, so pass
// the returned commit as is. MarkOffset is forward-only, so workers may call
// it concurrently, in any order. Do not call sess.MarkMessage(msg, "") with
// the worker's own message. It marks msg.Offset+1 even while earlier
// messages are still running.
//
//	func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
//		for msg := range claim.Messages() {
//			tp := lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}
//			if err := h.tracker.Start(tp, msg.Offset); err != nil {
//				continue // redelivered while in flight
//			}
//			h.work <- func() {
//				process(msg)
//				if commit, ok := h.tracker.Done(tp, msg.Offset); ok {
//					sess.MarkOffset(msg.Topic, msg.Partition, commit, "")
//				}
//			}
//		}
//		return nil
//	}
//
// In Cleanup, wait for the workers, then call tracker.Revoke for the claims.
func ExampleTracker_sarama() {
	var t lowwater.Tracker
	tp := lowwater.TopicPartition{Topic: "orders", Partition: 3}

	// Stand-in for sarama.ConsumerGroupSession.MarkOffset.
	markOffset := func(topic string, partition int32, offset int64, metadata string) {
		fmt.Printf("sess.MarkOffset(%q, %d, %d, %q)\n", topic, partition, offset, metadata)
	}

	for _, off := range []int64{100, 101, 102} {
		_ = t.Start(tp, off)
	}
	for _, off := range []int64{101, 100, 102} { // completion order
		if commit, ok := t.Done(tp, off); ok {
			markOffset(tp.Topic, tp.Partition, commit, "")
		}
	}
	// Output:
	// sess.MarkOffset("orders", 3, 102, "")
	// sess.MarkOffset("orders", 3, 103, "")
}

// twmb/franz-go: EpochOffset.Offset is the raw next offset to read, so pass
// the returned commit as is.
//
// With kgo.AutoCommitMarks(), mark with cl.MarkCommitOffsets. It is
// forward-only, so workers may call it in any order. It compares the leader
// epoch before the offset, and a mark with Epoch -1 is dropped once the
// partition has a real epoch. So use the LeaderEpoch of the record that was
// just completed:
//
//	if commit, ok := tracker.Done(tp, rec.Offset); ok {
//		cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{
//			rec.Topic: {rec.Partition: {Epoch: rec.LeaderEpoch, Offset: commit}},
//		})
//	}
//
// In OnPartitionsRevoked, commit the final marks directly. CommitOffsetsSync
// does no epoch comparison, so Epoch -1 (unknown) is fine there:
//
//	final := tracker.Revoke(tps...)
//	offsets := map[string]map[int32]kgo.EpochOffset{}
//	for tp, commit := range final {
//		if offsets[tp.Topic] == nil {
//			offsets[tp.Topic] = map[int32]kgo.EpochOffset{}
//		}
//		offsets[tp.Topic][tp.Partition] = kgo.EpochOffset{Epoch: -1, Offset: commit}
//	}
//	cl.CommitOffsetsSync(ctx, offsets, nil)
//
// Do not call MarkCommitRecords or CommitRecords with the worker's own
// record. They commit rec.Offset+1 even while earlier records are still
// running.
func ExampleTracker_franzgo() {
	var t lowwater.Tracker
	tp := lowwater.TopicPartition{Topic: "orders", Partition: 3}

	// Stand-in for kgo.Record.
	type record struct {
		Topic       string
		Partition   int32
		Offset      int64
		LeaderEpoch int32
	}
	recs := []record{
		{"orders", 3, 100, 5}, {"orders", 3, 101, 5}, {"orders", 3, 102, 5}, {"orders", 3, 103, 5},
	}
	for _, r := range recs {
		_ = t.Start(tp, r.Offset)
	}
	for _, i := range []int{1, 0, 3} { // 102 is still being processed
		r := recs[i]
		if commit, ok := t.Done(tp, r.Offset); ok {
			fmt.Printf("cl.MarkCommitOffsets({%q: {%d: {Epoch: %d, Offset: %d}}})\n",
				r.Topic, r.Partition, r.LeaderEpoch, commit)
		}
	}

	// Partition revoked while 102 is still in flight: commit 102, not 104.
	for tp, commit := range t.Revoke(tp) {
		fmt.Printf("cl.CommitOffsetsSync(ctx, {%q: {%d: {Epoch: -1, Offset: %d}}}, nil)\n",
			tp.Topic, tp.Partition, commit)
	}
	// Output:
	// cl.MarkCommitOffsets({"orders": {3: {Epoch: 5, Offset: 102}}})
	// cl.CommitOffsetsSync(ctx, {"orders": {3: {Epoch: -1, Offset: 102}}}, nil)
}

// segmentio/kafka-go: Reader.CommitMessages takes messages and commits
// msg.Offset+1. It reads only Topic, Partition and Offset, so build a message
// at commit-1. Alternatively, a ConsumerGroup user can pass the raw offset
// to Generation.CommitOffsets:
//
//	r.CommitMessages(ctx, kafka.Message{Topic: tp.Topic, Partition: int(tp.Partition), Offset: commit - 1})
//	gen.CommitOffsets(map[string]map[int]int64{tp.Topic: {int(tp.Partition): commit}})
//
// Both calls are last-write-wins: an older, lower commit that arrives late
// overwrites a newer one. Make the commits from a single goroutine, for
// example one that reads marks from a channel or polls Committable.
func ExampleTracker_kafkago() {
	var t lowwater.Tracker
	tp := lowwater.TopicPartition{Topic: "orders", Partition: 3}

	// Stand-in for kafka.Message and Reader.CommitMessages.
	type message struct {
		Topic     string
		Partition int
		Offset    int64
	}
	commitMessages := func(msgs ...message) {
		for _, m := range msgs {
			fmt.Printf("r.CommitMessages(ctx, kafka.Message{Topic: %q, Partition: %d, Offset: %d}) // commits %d\n",
				m.Topic, m.Partition, m.Offset, m.Offset+1)
		}
	}

	for _, off := range []int64{100, 101, 102} {
		_ = t.Start(tp, off)
	}
	marks := make(chan int64, 3) // workers send, one committer commits
	for _, off := range []int64{102, 100, 101} {
		if commit, ok := t.Done(tp, off); ok {
			marks <- commit
		}
	}
	close(marks)
	for commit := range marks {
		commitMessages(message{Topic: tp.Topic, Partition: int(tp.Partition), Offset: commit - 1})
	}
	// Output:
	// r.CommitMessages(ctx, kafka.Message{Topic: "orders", Partition: 3, Offset: 100}) // commits 101
	// r.CommitMessages(ctx, kafka.Message{Topic: "orders", Partition: 3, Offset: 102}) // commits 103
}

// confluentinc/confluent-kafka-go: with enable.auto.offset.store=false,
// StoreOffsets takes the raw next offset to read, and the auto-committer
// commits it later. CommitOffsets does the same synchronously. Both are
// last-write-wins, so call them from one periodic goroutine:
//
//	for range ticker.C {
//		var tps []kafka.TopicPartition
//		for tp, commit := range tracker.CommittableAll() {
//			topic := tp.Topic
//			tps = append(tps, kafka.TopicPartition{Topic: &topic, Partition: tp.Partition, Offset: kafka.Offset(commit)})
//		}
//		c.StoreOffsets(tps)
//	}
//
// StoreMessage(msg) stores msg.Offset+1. Do not call it with the worker's own
// message.
func ExampleTracker_confluent() {
	var t lowwater.Tracker
	a := lowwater.TopicPartition{Topic: "orders", Partition: 0}
	b := lowwater.TopicPartition{Topic: "orders", Partition: 1}
	for _, off := range []int64{10, 11, 12} {
		_ = t.Start(a, off)
	}
	for _, off := range []int64{70, 71} {
		_ = t.Start(b, off)
	}
	t.Done(a, 10)
	t.Done(a, 12) // 11 is still in flight
	t.Done(b, 70)
	t.Done(b, 71)

	// One tick of the periodic committer.
	var parts []string
	for tp, commit := range t.CommittableAll() {
		parts = append(parts, fmt.Sprintf("{Topic: %q, Partition: %d, Offset: kafka.Offset(%d)}", tp.Topic, tp.Partition, commit))
	}
	slices.Sort(parts) // map order is random
	fmt.Printf("c.StoreOffsets([]kafka.TopicPartition{%s})\n", strings.Join(parts, ", "))
	// Output:
	// c.StoreOffsets([]kafka.TopicPartition{{Topic: "orders", Partition: 0, Offset: kafka.Offset(11)}, {Topic: "orders", Partition: 1, Offset: kafka.Offset(72)}})
}
