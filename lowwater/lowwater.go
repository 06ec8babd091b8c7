package lowwater

import (
	"errors"
	"hash/maphash"
	"math"
	"sync"
)

// TopicPartition identifies a Kafka partition.
type TopicPartition struct {
	Topic     string
	Partition int32
}

// Errors reported by [Tracker.Start] and [Tracker.Complete]. Every call that
// returns one of them leaves the Tracker unchanged.
var (
	// ErrOutOfOrder means Start was given an offset at or below the highest
	// offset already started on the partition, either a duplicate or a
	// rewind.
	ErrOutOfOrder = errors.New("lowwater: offset is not above the highest offset started on the partition")

	// ErrNotInFlight means Complete was given an offset that was never
	// started, is already done, or whose partition was forgotten.
	ErrNotInFlight = errors.New("lowwater: offset is not in flight")

	// ErrInvalidOffset means Start was given a negative offset or
	// math.MaxInt64.
	ErrInvalidOffset = errors.New("lowwater: invalid offset")
)

const (
	numShards = 64 // power of two
	minRing   = 16 // initial ring capacity, power of two
	// A ring larger than maxIdleRing is released when the partition has
	// nothing in flight, so that a burst does not pin memory forever.
	maxIdleRing = 1 << 12
)

// hashSeed seeds hashTP, which picks the shard and keys its map.
var hashSeed = maphash.MakeSeed()

// Tracker tracks in-flight offsets for any number of topic-partitions and
// reports their low-water marks. The zero value is ready to use. A Tracker
// is safe for concurrent use and must not be copied after first use.
type Tracker struct {
	shards [numShards]shard
}

type shard struct {
	mu sync.Mutex
	// parts is keyed by hashTP, so the key string is hashed once per call.
	// Partitions whose hashes collide are chained through partition.chain.
	parts map[uint64]*partition
	_     [64]byte // keep neighbouring shards' locks on separate cache lines
}

// New returns an empty Tracker. It is equivalent to new(Tracker).
func New() *Tracker { return new(Tracker) }

func hashTP(tp TopicPartition) uint64 {
	h := maphash.String(hashSeed, tp.Topic)
	h ^= uint64(uint32(tp.Partition)) * 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// lookup locks the shard of tp and returns it, with the hash of tp and the
// state of tp, or nil if tp is not tracked.
func (t *Tracker) lookup(tp TopicPartition) (*shard, uint64, *partition) {
	h := hashTP(tp)
	s := &t.shards[h%numShards]
	s.mu.Lock()
	return s, h, s.find(h, tp)
}

func (s *shard) find(h uint64, tp TopicPartition) *partition {
	p := s.parts[h]
	for p != nil && p.tp != tp {
		p = p.chain
	}
	return p
}

// insert adds p, which must not be tracked yet, under hash h.
func (s *shard) insert(h uint64, p *partition) {
	if s.parts == nil {
		s.parts = make(map[uint64]*partition)
	}
	p.chain = s.parts[h]
	s.parts[h] = p
}

// remove drops tp and returns its state, or nil if it is not tracked.
func (s *shard) remove(h uint64, tp TopicPartition) *partition {
	var prev *partition
	for p := s.parts[h]; p != nil; prev, p = p, p.chain {
		if p.tp != tp {
			continue
		}
		switch {
		case prev != nil:
			prev.chain = p.chain
		case p.chain != nil:
			s.parts[h] = p.chain
		default:
			delete(s.parts, h)
		}
		p.chain = nil
		return p
	}
	return nil
}

// Start records offset as in flight on tp. The consume loop should call it
// for each record, in offset order, before it hands the record to a worker.
// Gaps between offsets are allowed, because compaction and transaction
// markers leave them. The first Start of a partition, or the first after
// Forget or Revoke, may use any offset.
//
// Start returns ErrOutOfOrder and changes nothing if offset is not above
// every offset already started on tp: a duplicate delivery, or a rewind
// after a seek. A duplicate of a record that is still in flight may be
// skipped, because it is already tracked. To reprocess from an earlier
// offset, Forget the partition first. Start returns ErrInvalidOffset for a
// negative offset or math.MaxInt64.
func (t *Tracker) Start(tp TopicPartition, offset int64) error {
	if offset < 0 || offset == math.MaxInt64 {
		return ErrInvalidOffset
	}
	s, h, p := t.lookup(tp)
	defer s.mu.Unlock()
	if p == nil {
		p = &partition{tp: tp, next: offset}
		s.insert(h, p)
	} else if offset < p.next {
		return ErrOutOfOrder
	}
	p.push(offset)
	return nil
}

// Done marks offset on tp as processed and returns the partition's
// committable offset: the next offset to read, which is the smallest offset
// still in flight, or the highest offset started plus one if none is.
//
// ok is true only when this call advanced the mark. The caller should then
// mark or commit commit on the Kafka client, as is, without adding 1. When
// ok is false, commit is the current mark and there is nothing new to
// commit.
//
// Done ignores an offset that is not in flight (never started, already
// done, or on a forgotten partition). It then returns the current mark, or 0
// for an unknown partition, with ok false. Use [Tracker.Complete] to get the
// error instead.
func (t *Tracker) Done(tp TopicPartition, offset int64) (commit int64, ok bool) {
	commit, ok, _ = t.Complete(tp, offset)
	return commit, ok
}

// Complete is like [Tracker.Done] but reports an offset that is not in
// flight as ErrNotInFlight. In that case the Tracker is unchanged, and
// commit is the current mark, or 0 if tp is not tracked.
func (t *Tracker) Complete(tp TopicPartition, offset int64) (commit int64, ok bool, err error) {
	s, _, p := t.lookup(tp)
	defer s.mu.Unlock()
	if p == nil {
		return 0, false, ErrNotInFlight
	}
	before := p.mark()
	if !p.complete(offset) {
		return before, false, ErrNotInFlight
	}
	after := p.mark()
	return after, after > before, nil
}

// Committable returns the committable offset of tp, the next offset to
// read. ok is false if tp is not tracked: nothing was started, or it was
// forgotten. Before anything completes, this is the first offset started,
// so committing it does no harm.
func (t *Tracker) Committable(tp TopicPartition) (commit int64, ok bool) {
	s, _, p := t.lookup(tp)
	defer s.mu.Unlock()
	if p == nil {
		return 0, false
	}
	return p.mark(), true
}

// CommittableAll returns the committable offset of every tracked partition.
// It is intended for a periodic committer. Each shard is read atomically on
// its own, so the values are not one snapshot across all partitions. Each
// value is nevertheless a valid mark for its partition.
func (t *Tracker) CommittableAll() map[TopicPartition]int64 {
	out := make(map[TopicPartition]int64)
	for i := range t.shards {
		s := &t.shards[i]
		s.mu.Lock()
		for _, p := range s.parts {
			for ; p != nil; p = p.chain {
				out[p.tp] = p.mark()
			}
		}
		s.mu.Unlock()
	}
	return out
}

// InFlight returns the number of offsets of tp that were started and are
// not yet done. It is 0 if tp is not tracked.
func (t *Tracker) InFlight(tp TopicPartition) int {
	s, _, p := t.lookup(tp)
	defer s.mu.Unlock()
	if p == nil {
		return 0
	}
	return p.inFlight
}

// Revoke drops the state of the given partitions and returns the final
// committable offsets of those that were tracked. Call it when the
// partitions are revoked in a rebalance, and commit the result before the
// revocation completes. Done or Complete calls from workers that are still
// running afterwards find nothing in flight. Those calls are ignored, or
// reported as ErrNotInFlight.
func (t *Tracker) Revoke(tps ...TopicPartition) map[TopicPartition]int64 {
	out := make(map[TopicPartition]int64, len(tps))
	for _, tp := range tps {
		h := hashTP(tp)
		s := &t.shards[h%numShards]
		s.mu.Lock()
		if p := s.remove(h, tp); p != nil {
			out[tp] = p.mark()
		}
		s.mu.Unlock()
	}
	return out
}

// Forget drops the state of the given partitions, like Revoke but without
// reporting their marks.
func (t *Tracker) Forget(tps ...TopicPartition) {
	for _, tp := range tps {
		h := hashTP(tp)
		s := &t.shards[h%numShards]
		s.mu.Lock()
		s.remove(h, tp)
		s.mu.Unlock()
	}
}

// partition holds the offsets of one partition from the mark to the highest
// offset started, in a ring buffer in increasing order. An entry e >= 0 is
// an offset in flight, and an entry e < 0 is the done offset ^e. Offsets are
// never negative, so the encoding needs no extra space. The front entry is
// always in flight, because done entries at the front are removed at once.
type partition struct {
	tp       TopicPartition
	chain    *partition // next partition with the same hash
	ring     []int64    // len is 0 or a power of two
	head     int        // index of the front entry
	n        int        // number of entries
	inFlight int        // entries not yet done
	next     int64      // highest offset started + 1
}

// mark returns the low-water mark: the front entry, which is in flight, or
// next if the ring is empty.
func (p *partition) mark() int64 {
	if p.n > 0 {
		return p.ring[p.head]
	}
	return p.next
}

func (p *partition) push(offset int64) {
	if p.n == len(p.ring) {
		p.grow()
	}
	p.ring[(p.head+p.n)&(len(p.ring)-1)] = offset
	p.n++
	p.inFlight++
	p.next = offset + 1
}

// grow doubles the full ring and moves the front to index 0.
func (p *partition) grow() {
	size := 2 * len(p.ring)
	if size < minRing {
		size = minRing
	}
	r := make([]int64, size)
	k := copy(r, p.ring[p.head:])
	copy(r[k:], p.ring[:p.head])
	p.ring, p.head = r, 0
}

// entryOffset decodes a ring entry.
func entryOffset(e int64) int64 {
	if e < 0 {
		return ^e
	}
	return e
}

// complete marks offset done and removes done entries from the front. It
// reports false, and changes nothing, if offset is not in flight.
func (p *partition) complete(offset int64) bool {
	if p.n == 0 || offset >= p.next {
		return false
	}
	mask := len(p.ring) - 1
	front := p.ring[p.head] // in flight, so not negative
	d := offset - front
	if d < 0 {
		return false
	}
	// Entries strictly increase, by at least 1 per slot, so offset can only
	// be at logical index d or below. With no gaps, it is exactly at d.
	hi := p.n
	if d < int64(hi) {
		if e := p.ring[(p.head+int(d))&mask]; entryOffset(e) == offset {
			return p.markDone(int(d))
		}
		hi = int(d)
	}
	lo := 0
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if entryOffset(p.ring[(p.head+m)&mask]) < offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == p.n || entryOffset(p.ring[(p.head+lo)&mask]) != offset {
		return false
	}
	return p.markDone(lo)
}

// markDone marks the entry at logical index i as done, if it is in flight.
func (p *partition) markDone(i int) bool {
	mask := len(p.ring) - 1
	j := (p.head + i) & mask
	e := p.ring[j]
	if e < 0 {
		return false // already done
	}
	p.ring[j] = ^e
	p.inFlight--
	if i != 0 {
		return true
	}
	for p.n > 0 && p.ring[p.head] < 0 {
		p.head = (p.head + 1) & mask
		p.n--
	}
	if p.n == 0 {
		p.head = 0
		if len(p.ring) > maxIdleRing {
			p.ring = nil
		}
	}
	return true
}
