package lowwater

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
)

var tp0 = TopicPartition{Topic: "orders", Partition: 0}

func mustStart(t *testing.T, tr *Tracker, tp TopicPartition, offs ...int64) {
	t.Helper()
	for _, off := range offs {
		if err := tr.Start(tp, off); err != nil {
			t.Fatalf("Start(%v, %d) = %v", tp, off, err)
		}
	}
}

func wantDone(t *testing.T, tr *Tracker, tp TopicPartition, off, wantCommit int64, wantOK bool) {
	t.Helper()
	commit, ok, err := tr.Complete(tp, off)
	if err != nil || commit != wantCommit || ok != wantOK {
		t.Fatalf("Complete(%v, %d) = (%d, %v, %v), want (%d, %v, nil)", tp, off, commit, ok, err, wantCommit, wantOK)
	}
}

func wantCommittable(t *testing.T, tr *Tracker, tp TopicPartition, want int64) {
	t.Helper()
	got, ok := tr.Committable(tp)
	if !ok || got != want {
		t.Fatalf("Committable(%v) = (%d, %v), want (%d, true)", tp, got, ok, want)
	}
}

func TestBasicOutOfOrder(t *testing.T) {
	var tr Tracker // zero value
	mustStart(t, &tr, tp0, 50, 51, 52, 53)
	wantCommittable(t, &tr, tp0, 50)
	wantDone(t, &tr, tp0, 52, 50, false)
	wantDone(t, &tr, tp0, 51, 50, false)
	wantDone(t, &tr, tp0, 50, 53, true) // jumps over 51 and 52, already done
	wantCommittable(t, &tr, tp0, 53)
	wantDone(t, &tr, tp0, 53, 54, true)
	wantCommittable(t, &tr, tp0, 54)
	if n := tr.InFlight(tp0); n != 0 {
		t.Fatalf("InFlight = %d, want 0", n)
	}
}

func TestNew(t *testing.T) {
	tr := New()
	mustStart(t, tr, tp0, 7)
	if c, ok := tr.Done(tp0, 7); c != 8 || !ok {
		t.Fatalf("Done = (%d, %v), want (8, true)", c, ok)
	}
}

func TestInOrder(t *testing.T) {
	var tr Tracker
	for off := int64(0); off < 100; off++ {
		mustStart(t, &tr, tp0, off)
		wantDone(t, &tr, tp0, off, off+1, true)
	}
}

func TestGaps(t *testing.T) {
	var tr Tracker
	mustStart(t, &tr, tp0, 10, 13, 20, 21, 40)
	wantDone(t, &tr, tp0, 13, 10, false)
	wantDone(t, &tr, tp0, 21, 10, false)
	wantDone(t, &tr, tp0, 10, 20, true)
	wantDone(t, &tr, tp0, 40, 20, false)
	wantDone(t, &tr, tp0, 20, 41, true)
	// Offsets in the gaps were never started.
	for _, off := range []int64{11, 12, 14, 30, 39} {
		if _, _, err := tr.Complete(tp0, off); !errors.Is(err, ErrNotInFlight) {
			t.Fatalf("Complete(gap %d) err = %v, want ErrNotInFlight", off, err)
		}
	}
}

func TestGapWhileIdle(t *testing.T) {
	var tr Tracker
	mustStart(t, &tr, tp0, 5)
	wantDone(t, &tr, tp0, 5, 6, true)
	mustStart(t, &tr, tp0, 10) // 6..9 never delivered, e.g. compacted
	wantCommittable(t, &tr, tp0, 10)
	wantDone(t, &tr, tp0, 10, 11, true)
}

func TestStartErrors(t *testing.T) {
	var tr Tracker
	for _, off := range []int64{-1, math.MinInt64, math.MaxInt64} {
		if err := tr.Start(tp0, off); !errors.Is(err, ErrInvalidOffset) {
			t.Fatalf("Start(%d) = %v, want ErrInvalidOffset", off, err)
		}
	}
	if _, ok := tr.Committable(tp0); ok {
		t.Fatal("invalid Start created partition state")
	}
	mustStart(t, &tr, tp0, 100, 101, 102)
	wantDone(t, &tr, tp0, 100, 101, true)
	for _, off := range []int64{102, 101, 100, 99, 0} {
		if err := tr.Start(tp0, off); !errors.Is(err, ErrOutOfOrder) {
			t.Fatalf("Start(%d) = %v, want ErrOutOfOrder", off, err)
		}
	}
	wantCommittable(t, &tr, tp0, 101)
	if n := tr.InFlight(tp0); n != 2 {
		t.Fatalf("InFlight = %d, want 2", n)
	}
	mustStart(t, &tr, tp0, 103, math.MaxInt64-1)
	wantDone(t, &tr, tp0, 101, 102, true)
	wantDone(t, &tr, tp0, 102, 103, true)
	wantDone(t, &tr, tp0, 103, math.MaxInt64-1, true)
	wantDone(t, &tr, tp0, math.MaxInt64-1, math.MaxInt64, true)
}

func TestCompleteErrors(t *testing.T) {
	var tr Tracker
	if c, ok, err := tr.Complete(tp0, 1); c != 0 || ok || !errors.Is(err, ErrNotInFlight) {
		t.Fatalf("Complete(unknown partition) = (%d, %v, %v)", c, ok, err)
	}
	if c, ok := tr.Done(tp0, 1); c != 0 || ok {
		t.Fatalf("Done(unknown partition) = (%d, %v)", c, ok)
	}
	mustStart(t, &tr, tp0, 10, 11, 12, 13)
	wantDone(t, &tr, tp0, 10, 11, true)
	wantDone(t, &tr, tp0, 12, 11, false)
	for _, off := range []int64{
		9,                 // never started
		10,                // done, already below the mark
		12,                // done, still behind the in-flight 11
		14,                // above the highest started
		-5,                // negative
		math.MaxInt64,     // huge
		math.MinInt64,     // most negative
		math.MaxInt64 - 1, // largest valid offset, never started
	} {
		c, ok, err := tr.Complete(tp0, off)
		if c != 11 || ok || !errors.Is(err, ErrNotInFlight) {
			t.Fatalf("Complete(%d) = (%d, %v, %v), want (11, false, ErrNotInFlight)", off, c, ok, err)
		}
		if c, ok := tr.Done(tp0, off); c != 11 || ok {
			t.Fatalf("Done(%d) = (%d, %v), want (11, false)", off, c, ok)
		}
	}
	if n := tr.InFlight(tp0); n != 2 {
		t.Fatalf("InFlight = %d, want 2", n)
	}
	wantDone(t, &tr, tp0, 11, 13, true)
	wantDone(t, &tr, tp0, 13, 14, true)
}

func TestPartitionsIndependent(t *testing.T) {
	var tr Tracker
	a := TopicPartition{Topic: "a", Partition: 1}
	b := TopicPartition{Topic: "b", Partition: 1}
	c := TopicPartition{Topic: "a", Partition: 2}
	mustStart(t, &tr, a, 1, 2)
	mustStart(t, &tr, b, 100, 101)
	mustStart(t, &tr, c, 0)
	wantDone(t, &tr, b, 100, 101, true)
	wantCommittable(t, &tr, a, 1)
	wantCommittable(t, &tr, c, 0)
	if _, _, err := tr.Complete(c, 1); !errors.Is(err, ErrNotInFlight) {
		t.Fatalf("Complete on wrong partition: err = %v", err)
	}
	got := tr.CommittableAll()
	want := map[TopicPartition]int64{a: 1, b: 101, c: 0}
	if !maps.Equal(got, want) {
		t.Fatalf("CommittableAll = %v, want %v", got, want)
	}
}

func TestRevokeForget(t *testing.T) {
	var tr Tracker
	a := TopicPartition{Topic: "t", Partition: 0}
	b := TopicPartition{Topic: "t", Partition: 1}
	c := TopicPartition{Topic: "t", Partition: 2}
	mustStart(t, &tr, a, 10, 11)
	mustStart(t, &tr, b, 20)
	mustStart(t, &tr, c, 30)
	wantDone(t, &tr, a, 11, 10, false)
	wantDone(t, &tr, b, 20, 21, true)

	got := tr.Revoke(a, b, TopicPartition{Topic: "unknown"})
	want := map[TopicPartition]int64{a: 10, b: 21}
	if !maps.Equal(got, want) {
		t.Fatalf("Revoke = %v, want %v", got, want)
	}
	if _, ok := tr.Committable(a); ok {
		t.Fatal("a still tracked after Revoke")
	}
	// A late Done from a worker of the revoked partition is ignored.
	if c, ok, err := tr.Complete(a, 10); c != 0 || ok || !errors.Is(err, ErrNotInFlight) {
		t.Fatalf("late Complete = (%d, %v, %v)", c, ok, err)
	}
	// After reassignment the partition may restart anywhere, even lower.
	mustStart(t, &tr, a, 5)
	wantCommittable(t, &tr, a, 5)

	tr.Forget(c, c)
	if _, ok := tr.Committable(c); ok {
		t.Fatal("c still tracked after Forget")
	}
	tr.Forget() // no-op
	if got := tr.CommittableAll(); len(got) != 1 || got[a] != 5 {
		t.Fatalf("CommittableAll = %v", got)
	}
	if got := tr.Revoke(); len(got) != 0 {
		t.Fatalf("Revoke() = %v", got)
	}
}

// TestRingGrowWrapShrink drives the ring through growth while the head is
// wrapped, then releases a large idle ring.
func TestRingGrowWrapShrink(t *testing.T) {
	var tr Tracker
	next := int64(0)
	// Wrap the head around a 16-slot ring.
	for range 10 {
		mustStart(t, &tr, tp0, next)
		wantDone(t, &tr, tp0, next, next+1, true)
		next++
	}
	// Fill past capacity with one stuck offset at the front.
	stuck := next
	for range 5000 {
		mustStart(t, &tr, tp0, next)
		next++
	}
	for off := next - 1; off > stuck; off-- {
		wantDone(t, &tr, tp0, off, stuck, false)
	}
	s, _, p := tr.lookup(tp0)
	size := len(p.ring)
	s.mu.Unlock()
	if size <= maxIdleRing {
		t.Fatalf("ring size %d, expected > %d", size, maxIdleRing)
	}
	wantDone(t, &tr, tp0, stuck, next, true)
	s, _, p = tr.lookup(tp0)
	released := p.ring == nil
	s.mu.Unlock()
	if !released {
		t.Fatal("large idle ring not released")
	}
	mustStart(t, &tr, tp0, next)
	wantDone(t, &tr, tp0, next, next+1, true)
}

// TestHashCollisionChain forces three partitions under one hash, which
// real 64-bit hashes practically never do.
func TestHashCollisionChain(t *testing.T) {
	var s shard
	const h = 42
	tps := []TopicPartition{{"a", 0}, {"b", 0}, {"a", 1}}
	for _, tp := range tps {
		if s.find(h, tp) != nil {
			t.Fatalf("%v found before insert", tp)
		}
		s.insert(h, &partition{tp: tp})
	}
	for _, tp := range tps {
		if p := s.find(h, tp); p == nil || p.tp != tp {
			t.Fatalf("find(%v) = %v", tp, p)
		}
	}
	if s.remove(h, TopicPartition{"c", 0}) != nil || s.remove(h+1, tps[0]) != nil {
		t.Fatal("removed an untracked partition")
	}
	// Remove from the middle, the head and the tail of the chain.
	remaining := slices.Clone(tps)
	for _, i := range []int{1, 2, 0} {
		if p := s.remove(h, tps[i]); p == nil || p.tp != tps[i] || p.chain != nil {
			t.Fatalf("remove(%v) = %v", tps[i], p)
		}
		remaining = slices.DeleteFunc(remaining, func(tp TopicPartition) bool { return tp == tps[i] })
		if s.find(h, tps[i]) != nil {
			t.Fatalf("%v still found after remove", tps[i])
		}
		for _, tp := range remaining {
			if s.find(h, tp) == nil {
				t.Fatalf("%v lost after removing %v", tp, tps[i])
			}
		}
	}
	if len(s.parts) != 0 {
		t.Fatalf("map not empty: %v", s.parts)
	}
}

func TestNoAllocsSteadyState(t *testing.T) {
	var tr Tracker
	const window = 32
	off := int64(0)
	step := func() {
		for i := range int64(window) {
			_ = tr.Start(tp0, off+i)
		}
		for i := int64(window - 1); i >= 0; i-- {
			tr.Done(tp0, off+i)
		}
		off += window
	}
	step() // allocate the partition and its ring
	if n := testing.AllocsPerRun(100, step); n != 0 {
		t.Fatalf("Start/Done allocate %v times per %d records", n, window)
	}
	if n := testing.AllocsPerRun(100, func() { tr.Committable(tp0) }); n != 0 {
		t.Fatalf("Committable allocates %v times", n)
	}
}

// model is a straightforward reference implementation for one partition.
type model struct {
	known   bool
	next    int64          // highest started + 1
	started map[int64]bool // offset -> done
}

func (m *model) mark() int64 {
	lo := m.next
	for off, done := range m.started {
		if !done && off < lo {
			lo = off
		}
	}
	return lo
}

func (m *model) inFlight() int {
	n := 0
	for _, done := range m.started {
		if !done {
			n++
		}
	}
	return n
}

func (m *model) start(off int64) error {
	if off < 0 || off == math.MaxInt64 {
		return ErrInvalidOffset
	}
	if m.known && off < m.next {
		return ErrOutOfOrder
	}
	if !m.known {
		m.known, m.started = true, map[int64]bool{}
	}
	m.started[off] = false
	m.next = off + 1
	return nil
}

func (m *model) complete(off int64) (int64, bool, error) {
	if !m.known {
		return 0, false, ErrNotInFlight
	}
	before := m.mark()
	if done, ok := m.started[off]; !ok || done {
		return before, false, ErrNotInFlight
	}
	m.started[off] = true
	after := m.mark()
	return after, after > before, nil
}

func (m *model) forget() { *m = model{} }

// TestPropertySequential interleaves Starts and completions in random order
// over three partitions, with random gaps and invalid calls mixed in. It
// checks every result against the model and checks the safety invariant
// directly: no offset below the mark is incomplete.
func TestPropertySequential(t *testing.T) {
	seeds := 400
	if testing.Short() {
		seeds = 50
	}
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 0x10e))
		var tr Tracker
		const parts = 3
		type part struct {
			tp       TopicPartition
			offs     []int64 // offsets to deliver, increasing, with gaps
			started  int     // offs[:started] have been started
			inflight []int64
			done     map[int64]bool
			m        model
			lastMark int64
		}
		ps := make([]*part, parts)
		for i := range ps {
			n := 1 + rng.IntN(300)
			off := rng.Int64N(1_000_000)
			p := &part{tp: TopicPartition{Topic: fmt.Sprint("t", i%2), Partition: int32(i)}, done: map[int64]bool{}}
			for range n {
				p.offs = append(p.offs, off)
				off++
				if rng.IntN(5) == 0 {
					off += 1 + rng.Int64N(5)
				}
			}
			ps[i] = p
		}
		check := func(p *part, where string) {
			t.Helper()
			got, ok := tr.Committable(p.tp)
			if !p.m.known {
				if ok {
					t.Fatalf("seed %d %s: Committable(%v) ok for an untracked partition", seed, where, p.tp)
				}
				return
			}
			if want := p.m.mark(); !ok || got != want {
				t.Fatalf("seed %d %s: Committable = (%d, %v), model %d", seed, where, got, ok, want)
			}
			for _, off := range p.inflight {
				if got > off {
					t.Fatalf("seed %d %s: mark %d above incomplete offset %d", seed, where, got, off)
				}
			}
			if got < p.lastMark {
				t.Fatalf("seed %d %s: mark went back from %d to %d", seed, where, p.lastMark, got)
			}
			p.lastMark = got
			if n := tr.InFlight(p.tp); n != len(p.inflight) {
				t.Fatalf("seed %d %s: InFlight = %d, want %d", seed, where, n, len(p.inflight))
			}
		}
		for {
			var live []*part
			for _, p := range ps {
				if p.started < len(p.offs) || len(p.inflight) > 0 {
					live = append(live, p)
				}
			}
			if len(live) == 0 {
				break
			}
			p := live[rng.IntN(len(live))]
			switch r := rng.IntN(100); {
			case r < 8 && p.started > 0: // invalid Start: duplicate or rewind
				off := p.offs[rng.IntN(p.started)]
				if err := tr.Start(p.tp, off); !errors.Is(err, ErrOutOfOrder) {
					t.Fatalf("seed %d: Start(dup %d) = %v", seed, off, err)
				}
				check(p, "after dup Start")
			case r < 16: // invalid completion
				var off int64
				switch rng.IntN(3) {
				case 0: // already done, or never started
					off = p.offs[rng.IntN(len(p.offs))]
				case 1: // in a gap or below the first offset
					off = p.offs[0] - 1 - rng.Int64N(3)
				default: // above anything started
					off = p.offs[len(p.offs)-1] + 1 + rng.Int64N(3)
				}
				if slices.Contains(p.inflight, off) {
					continue
				}
				want, _, _ := p.m.complete(off) // model reports the same error
				c, ok, err := tr.Complete(p.tp, off)
				if !errors.Is(err, ErrNotInFlight) || ok || c != want {
					t.Fatalf("seed %d: Complete(invalid %d) = (%d, %v, %v), want (%d, false, ErrNotInFlight)", seed, off, c, ok, err, want)
				}
				check(p, "after invalid Complete")
			case p.started < len(p.offs) && (len(p.inflight) == 0 || r < 55):
				off := p.offs[p.started]
				p.started++
				if err := tr.Start(p.tp, off); err != nil {
					t.Fatalf("seed %d: Start(%d) = %v", seed, off, err)
				}
				if err := p.m.start(off); err != nil {
					t.Fatal(err)
				}
				p.inflight = append(p.inflight, off)
				check(p, "after Start")
			case len(p.inflight) > 0:
				i := rng.IntN(len(p.inflight))
				off := p.inflight[i]
				p.inflight[i] = p.inflight[len(p.inflight)-1]
				p.inflight = p.inflight[:len(p.inflight)-1]
				p.done[off] = true
				before, _ := tr.Committable(p.tp)
				wc, wok, _ := p.m.complete(off)
				c, ok, err := tr.Complete(p.tp, off)
				if err != nil || c != wc || ok != wok {
					t.Fatalf("seed %d: Complete(%d) = (%d, %v, %v), model (%d, %v)", seed, off, c, ok, err, wc, wok)
				}
				if ok != (c > before) {
					t.Fatalf("seed %d: Complete(%d) ok=%v but mark %d -> %d", seed, off, ok, before, c)
				}
				check(p, "after Complete")
			}
		}
		for _, p := range ps {
			wantCommittable(t, &tr, p.tp, p.offs[len(p.offs)-1]+1)
		}
	}
}

// TestPropertyConcurrent feeds random partitions to a pool of workers that
// finish records in random order. Every mark that Done reports, and every
// mark that a concurrent periodic committer sees, must have all started
// offsets below it finished. The marks reported with ok must be distinct,
// and the last one must be last+1.
func TestPropertyConcurrent(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 5
	}
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 0xc0ffee))
		nparts := 1 + rng.IntN(8)
		nworkers := 1 + rng.IntN(16)
		type part struct {
			tp    TopicPartition
			offs  []int64
			done  []atomic.Bool // done[i] is set before Done(offs[i])
			mu    sync.Mutex
			marks []int64 // marks reported with ok
		}
		ps := make([]*part, nparts)
		for i := range ps {
			n := 1 + rng.IntN(2000)
			p := &part{tp: TopicPartition{Topic: "c", Partition: int32(i)}, done: make([]atomic.Bool, n)}
			off := rng.Int64N(1 << 40)
			for range n {
				p.offs = append(p.offs, off)
				off += 1 + int64(rng.IntN(4)/3) // occasional gap
			}
			ps[i] = p
		}
		// safe reports whether every started offset of p below mark is done.
		safe := func(p *part, mark int64) bool {
			end := sort.Search(len(p.offs), func(i int) bool { return p.offs[i] >= mark })
			for i := range end {
				if !p.done[i].Load() {
					return false
				}
			}
			return true
		}

		var tr Tracker
		type job struct {
			p   *part
			idx int
		}
		jobs := make(chan job, 64)
		errc := make(chan error, nworkers+nparts+1)
		var workers sync.WaitGroup
		for w := range nworkers {
			workers.Add(1)
			go func() {
				defer workers.Done()
				r := rand.New(rand.NewPCG(seed, uint64(w)))
				var pending []job // each worker holds a few jobs to reorder them
				finish := func(j job) {
					j.p.done[j.idx].Store(true)
					commit, ok := tr.Done(j.p.tp, j.p.offs[j.idx])
					if ok {
						if !safe(j.p, commit) {
							errc <- fmt.Errorf("seed %d: Done(%v, %d) reported mark %d above an unfinished offset", seed, j.p.tp, j.p.offs[j.idx], commit)
						}
						j.p.mu.Lock()
						j.p.marks = append(j.p.marks, commit)
						j.p.mu.Unlock()
					}
				}
				for j := range jobs {
					pending = append(pending, j)
					for len(pending) > r.IntN(4) {
						i := r.IntN(len(pending))
						if r.IntN(4) == 0 {
							runtime.Gosched()
						}
						finish(pending[i])
						pending = slices.Delete(pending, i, i+1)
					}
				}
				for _, j := range pending {
					finish(j)
				}
			}()
		}
		stop := make(chan struct{})
		var committer sync.WaitGroup
		committer.Add(1)
		go func() { // periodic committer
			defer committer.Done()
			for {
				for tp, mark := range tr.CommittableAll() {
					if !safe(ps[tp.Partition], mark) {
						errc <- fmt.Errorf("seed %d: CommittableAll %v = %d above an unfinished offset", seed, tp, mark)
						return
					}
				}
				select {
				case <-stop:
					return
				default:
					runtime.Gosched()
				}
			}
		}()
		var feeders sync.WaitGroup
		for _, p := range ps {
			feeders.Add(1)
			go func() { // one consume loop per partition
				defer feeders.Done()
				for i, off := range p.offs {
					if err := tr.Start(p.tp, off); err != nil {
						errc <- err
						return
					}
					jobs <- job{p, i}
				}
			}()
		}
		feeders.Wait()
		close(jobs)
		workers.Wait()
		close(stop)
		committer.Wait()
		close(errc)
		for err := range errc {
			t.Fatal(err)
		}
		for _, p := range ps {
			last := p.offs[len(p.offs)-1]
			wantCommittable(t, &tr, p.tp, last+1)
			if n := tr.InFlight(p.tp); n != 0 {
				t.Fatalf("seed %d: InFlight(%v) = %d", seed, p.tp, n)
			}
			slices.Sort(p.marks)
			if len(p.marks) == 0 || p.marks[len(p.marks)-1] != last+1 {
				t.Fatalf("seed %d: %v: ok marks %v do not end at %d", seed, p.tp, p.marks, last+1)
			}
			if len(slices.Compact(slices.Clone(p.marks))) != len(p.marks) {
				t.Fatalf("seed %d: %v: a mark was reported with ok twice", seed, p.tp)
			}
		}
	}
}

// TestConcurrentRace exercises every method at once. Run it with -race.
func TestConcurrentRace(t *testing.T) {
	var tr Tracker
	const (
		parts = 16
		n     = 3000
	)
	var wg sync.WaitGroup
	for p := range parts {
		tp := TopicPartition{Topic: fmt.Sprint("race", p%3), Partition: int32(p)}
		ch := make(chan int64, 32)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(ch)
			for off := range int64(n) {
				if err := tr.Start(tp, off); err != nil {
					t.Error(err)
					return
				}
				_ = tr.Start(tp, off) // duplicate, ignored
				ch <- off
			}
		}()
		for w := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for off := range ch {
					tr.Done(tp, off)
					if w == 0 {
						tr.Committable(tp)
						tr.InFlight(tp)
					}
				}
			}()
		}
	}
	// Partitions that are revoked and reassigned while workers are still
	// completing offsets on them.
	for p := range 4 {
		tp := TopicPartition{Topic: "churn", Partition: int32(p)}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 200 {
				base := int64(round * 10)
				for off := base; off < base+10; off++ {
					_ = tr.Start(tp, off)
				}
				var inner sync.WaitGroup
				inner.Add(1)
				go func() {
					defer inner.Done()
					for off := base + 9; off >= base; off-- {
						tr.Done(tp, off)
					}
				}()
				if round%2 == 0 {
					tr.Revoke(tp)
				} else {
					tr.Forget(tp)
				}
				inner.Wait()
			}
		}()
	}
	stop := make(chan struct{})
	var readers sync.WaitGroup
	readers.Add(1)
	go func() {
		defer readers.Done()
		for {
			select {
			case <-stop:
				return
			default:
				tr.CommittableAll()
			}
		}
	}()
	wg.Wait()
	close(stop)
	readers.Wait()
	for p := range parts {
		tp := TopicPartition{Topic: fmt.Sprint("race", p%3), Partition: int32(p)}
		wantCommittable(t, &tr, tp, n)
	}
}

// FuzzTracker decodes data as a sequence of two-byte operations on three
// partitions and compares every result with the model.
func FuzzTracker(f *testing.F) {
	f.Add([]byte{0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x03, 0x01, 0x02, 0x00, 0x06, 0x00})
	f.Add([]byte{0x10, 0x00, 0x11, 0x02, 0x12, 0x03, 0x14, 0x02, 0x15, 0x00, 0x17, 0x01, 0x10, 0x00})
	f.Add([]byte{0x20, 0xff, 0x21, 0x01, 0x05, 0x00, 0x05, 0x01, 0x24, 0x03, 0x22, 0x00, 0x27, 0x00, 0x25, 0xfe})
	f.Add([]byte{0x00, 0x01, 0x01, 0x01, 0x01, 0x03, 0x03, 0x00, 0x02, 0x01, 0x02, 0x00, 0x02, 0x00, 0x06, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		var tr Tracker
		var models [3]model
		tps := [3]TopicPartition{{"a", 0}, {"a", 1}, {"b", 0}}
		for i := 0; i+1 < len(data); i += 2 {
			op, arg := data[i], data[i+1]
			k := int(op>>4) % 3
			tp, m := tps[k], &models[k]
			switch op & 7 {
			case 0, 1: // start the next offset, with a gap of arg%4
				off := int64(arg)
				if m.known {
					off = m.next + int64(arg%4)
				}
				if err := tr.Start(tp, off); err != m.start(off) {
					t.Fatalf("op %d: Start(%v, %d) = %v", i, tp, off, err)
				}
			case 2, 3: // complete an in-flight offset chosen by arg
				var inflight []int64
				for off, done := range m.started {
					if !done {
						inflight = append(inflight, off)
					}
				}
				if len(inflight) == 0 {
					break
				}
				slices.Sort(inflight)
				off := inflight[int(arg)%len(inflight)]
				wc, wok, werr := m.complete(off)
				c, ok, err := tr.Complete(tp, off)
				if c != wc || ok != wok || err != werr {
					t.Fatalf("op %d: Complete(%v, %d) = (%d, %v, %v), model (%d, %v, %v)", i, tp, off, c, ok, err, wc, wok, werr)
				}
			case 4: // complete an arbitrary, possibly invalid, offset
				off := int64(arg) - 2
				wc, wok, werr := m.complete(off)
				c, ok, err := tr.Complete(tp, off)
				if c != wc || ok != wok || err != werr {
					t.Fatalf("op %d: Complete(%v, %d) = (%d, %v, %v), model (%d, %v, %v)", i, tp, off, c, ok, err, wc, wok, werr)
				}
			case 5: // start an arbitrary, possibly invalid, offset
				off := int64(arg) - 2
				if err := tr.Start(tp, off); err != m.start(off) {
					t.Fatalf("op %d: Start(%v, %d) = %v", i, tp, off, err)
				}
			case 6: // revoke or forget
				if arg&1 == 0 {
					got := tr.Revoke(tp)
					if v, ok := got[tp]; ok != m.known || ok && v != m.mark() {
						t.Fatalf("op %d: Revoke(%v) = %v, model known=%v", i, tp, got, m.known)
					}
				} else {
					tr.Forget(tp)
				}
				m.forget()
			case 7: // Done, which ignores errors
				off := int64(arg) - 2
				wc, wok, _ := m.complete(off)
				if c, ok := tr.Done(tp, off); c != wc || ok != wok {
					t.Fatalf("op %d: Done(%v, %d) = (%d, %v), model (%d, %v)", i, tp, off, c, ok, wc, wok)
				}
			}
			for j := range tps {
				c, ok := tr.Committable(tps[j])
				if ok != models[j].known || ok && c != models[j].mark() {
					t.Fatalf("op %d: Committable(%v) = (%d, %v), model known=%v mark=%d", i, tps[j], c, ok, models[j].known, models[j].mark())
				}
				if n := tr.InFlight(tps[j]); n != models[j].inFlight() {
					t.Fatalf("op %d: InFlight(%v) = %d, model %d", i, tps[j], n, models[j].inFlight())
				}
			}
		}
		all := tr.CommittableAll()
		want := map[TopicPartition]int64{}
		for j := range models {
			if models[j].known {
				want[tps[j]] = models[j].mark()
			}
		}
		if !maps.Equal(all, want) {
			t.Fatalf("CommittableAll = %v, model %v", all, want)
		}
	})
}

// BenchmarkStartDone measures one Start and one Done per record. Each
// goroutine owns a partition, as a consume loop per partition would. It
// keeps a window of 16 records in flight and completes them in shuffled
// order.
func BenchmarkStartDone(b *testing.B) {
	for _, g := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("goroutines=%d", g), func(b *testing.B) {
			const window = 16
			perm := rand.New(rand.NewPCG(1, 2)).Perm(window)
			var tr Tracker
			b.ReportAllocs()
			b.ResetTimer()
			var wg sync.WaitGroup
			for w := range g {
				n := b.N / g
				if w < b.N%g {
					n++
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					tp := TopicPartition{Topic: "bench", Partition: int32(w)}
					base := int64(0)
					for n > 0 {
						k := min(n, window)
						for i := range k {
							_ = tr.Start(tp, base+int64(i))
						}
						for _, i := range perm {
							if i < k {
								tr.Done(tp, base+int64(i))
							}
						}
						base += int64(k)
						n -= k
					}
				}()
			}
			wg.Wait()
		})
	}
}
