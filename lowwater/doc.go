// Package lowwater tracks in-flight Kafka offsets per topic-partition and
// reports the offset that is safe to commit when records are processed
// concurrently.
//
// # The rule
//
// When records of one partition are processed concurrently they finish out of
// order: record 60 may be done while record 50 is still running. Committing
// after 60 would lose 50 if the process crashed, because a restarted consumer
// resumes at the committed offset. The only safe commit is the low-water
// mark: the smallest offset that is still in flight. Every offset below the
// mark has been processed; the mark itself and everything above it will be
// read again after a crash (at-least-once delivery).
//
// # The +1 convention
//
// Kafka stores the offset of the next record to read, not the last record
// processed: having processed offsets 0..41, a consumer commits 42. The
// offsets returned by this package already follow that convention. Each one
// is "the next offset to read": the smallest offset in flight, or, when
// nothing is in flight, the highest offset started plus one. Give the value
// to an API that takes a raw offset unchanged. Do not add 1 to it. When an
// API takes a record or message and adds 1 itself, give it a record whose
// offset is commit-1.
//
// Raw offset, pass commit unchanged:
//   - sarama: sess.MarkOffset(topic, partition, commit, ""). This is
//     forward-only, so a lower mark that arrives later is dropped.
//   - franz-go: cl.MarkCommitOffsets with kgo.EpochOffset{Epoch: e,
//     Offset: commit}. This is forward-only; see below for the epoch. Or
//     cl.CommitOffsetsSync with kgo.EpochOffset{Epoch: -1, Offset: commit},
//     which is last-write-wins.
//   - kafka-go: gen.CommitOffsets(map[string]map[int]int64{topic: {p:
//     commit}}) on a ConsumerGroup Generation. This is last-write-wins.
//   - confluent-kafka-go: c.StoreOffsets or c.CommitOffsets with
//     kafka.TopicPartition{..., Offset: kafka.Offset(commit)}. These are
//     last-write-wins.
//
// Record-based, the client adds 1, so pass a record whose offset is commit-1:
//   - sarama: sess.MarkMessage(msg, "") marks msg.Offset+1 and is
//     forward-only.
//   - franz-go: cl.MarkCommitRecords(rec) is forward-only, and
//     cl.CommitRecords(ctx, rec) is last-write-wins.
//   - kafka-go: r.CommitMessages(ctx, kafka.Message{Topic: topic,
//     Partition: p, Offset: commit - 1}). It reads only these three fields
//     and is last-write-wins.
//   - confluent-kafka-go: c.StoreMessage(msg) stores msg.Offset+1 and is
//     last-write-wins.
//
// A common bug is to call MarkMessage, MarkCommitRecords, CommitMessages or
// StoreMessage with the record a worker has just finished. That marks the
// record as done no matter what is still running below it, which is the data
// loss that this package prevents.
//
// franz-go's MarkCommitOffsets compares EpochOffset values by leader epoch
// first and offset second. Its head starts at the committed offset, with that
// commit's leader epoch. So a mark with Epoch -1 is silently dropped once the
// head has a real epoch. Mark with the LeaderEpoch of the record that was
// just completed: it is at or below the epoch of record commit-1. Epoch -1
// is fine for CommitOffsetsSync, which does no such comparison.
//
// # Using a Tracker
//
// The consume loop calls [Tracker.Start] for every record, in offset order,
// before it hands the record to a worker. A worker that has finished a record
// calls [Tracker.Done]. When Done reports ok, the mark has advanced and the
// caller marks or commits the returned offset. If ok is false, nothing new
// can be committed. Callers that commit on a timer instead use
// [Tracker.Committable] or [Tracker.CommittableAll]. When partitions are
// revoked, [Tracker.Revoke] returns their final marks and drops their state.
// [Tracker.Forget] drops state without reporting.
//
// The mark may also move forward in Start. This happens when nothing is in
// flight and the new offset skips past offsets that were never delivered.
// Kafka leaves such gaps after compaction and transaction markers. Start does
// not report this, and nothing needs committing: the skipped offsets hold no
// records.
//
// # Forward-only and last-write-wins clients
//
// Done calls that report ok return strictly increasing offsets for a
// partition. But workers that then call the client concurrently may reach it
// in a different order. With forward-only APIs (sarama MarkOffset,
// franz-go MarkCommitOffsets and MarkCommitRecords) this is harmless, because
// a lower mark that arrives later is ignored. With last-write-wins APIs
// (confluent StoreOffsets and CommitOffsets, franz-go CommitOffsetsSync and
// CommitRecords, kafka-go CommitMessages and Generation.CommitOffsets) an
// older, lower offset can overwrite a newer one. That is still safe, because
// every value returned is a valid low-water mark at some point, but it causes
// extra redelivery after a crash. For these clients, commit from one
// goroutine (a periodic committer that uses CommittableAll), or hold one lock
// around Done and the client call.
//
// # Errors
//
// Invalid calls never panic. They leave the state unchanged and report a
// sentinel error:
//   - [ErrOutOfOrder]: Start was called with an offset at or below the
//     highest offset already started on the partition. That covers
//     duplicates and rewinds. The call is ignored. To rewind after a seek,
//     Forget the partition first.
//   - [ErrNotInFlight]: [Tracker.Complete] was called with an offset that was
//     never started, is already done, or belongs to a partition that was
//     forgotten or revoked. Done ignores this case silently and returns
//     the current mark with ok false.
//   - [ErrInvalidOffset]: Start was called with an offset that is negative
//     or equal to math.MaxInt64.
//
// # Cost
//
// A Tracker is safe for concurrent use, and its zero value is ready to use.
// Partitions are spread over 64 mutex-protected shards, so goroutines that
// work on different partitions rarely contend. Each partition keeps its
// started offsets in a ring buffer in offset order, with a "done" bit per
// entry. Start appends to the ring in amortised O(1). Done finds the entry in
// O(1) when the offsets are contiguous and in O(log n) by binary search when
// there are gaps. It then removes the finished entries from the front in
// amortised O(1). Committable is O(1). In steady state, Start and Done do not
// allocate. The ring holds every offset from the mark to the highest offset
// started. One slow record therefore keeps the records behind it in memory,
// at 8 bytes each. Use [Tracker.InFlight] to apply backpressure.
package lowwater
