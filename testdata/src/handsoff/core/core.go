// Package core has service cores that queue what they are given for
// workers (a handsoff.Fact on the method) and their twins that process
// it, wait for it, or drop it.
package core

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"handsoff/ledger"
)

// Payload is what a consumer hands the core.
type Payload struct{ ID string }

// Queue sends each payload to its workers.
type Queue struct{ in chan Payload }

// NewQueue starts the workers.
func NewQueue() *Queue {
	q := &Queue{in: make(chan Payload, 64)}
	go func() {
		for p := range q.in {
			_ = p.ID
		}
	}()
	return q
}

// Handle queues p and returns.
func (q *Queue) Handle(p Payload) { q.in <- p } // want Handle:`handsOff\[0\]`

// HandleCtx gives up when ctx ends: still only a queue.
func (q *Queue) HandleCtx(ctx context.Context, p Payload) error { // want HandleCtx:`handsOff\[1\]`
	select {
	case q.in <- p:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Handler is the port a consumer calls; Queue is its only implementation.
type Handler interface {
	Handle(p Payload) // want Handle:`handsOff\[0\]`
}

var _ Handler = (*Queue)(nil)

func save(Payload) error { return nil } // want save:`sync`

// Sync processes p before it returns: no handsOff fact, but sync.
func Sync(p Payload) error { return save(p) } // want Sync:`sync`

// Waited queues p and waits for its worker: no fact.
func Waited(p Payload) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = save(p)
	}()
	wg.Wait()
}

// Drain drops what it is given: the workers' loop names no variable, so
// nothing processes it, and no fact.
type Drain struct{ ch chan Payload }

// NewDrain starts the drain.
func NewDrain() *Drain {
	d := &Drain{ch: make(chan Payload, 8)}
	go func() {
		for range d.ch {
		}
	}()
	return d
}

// Write queues p for the drain.
func (d *Drain) Write(p Payload) { d.ch <- p }

// Logs queues a line built from p, and processes p too: no fact.
func (q *Queue) Logs(p Payload) error {
	q.in <- p
	return save(p)
}

// Writer writes a value before it returns: sync, through a helper of
// the package and the standard library.
type Writer struct{ path string }

// Write writes v.
func (w *Writer) Write(v []byte) error { // want Write:`sync`
	if len(v) == 0 {
		return fmt.Errorf("empty value for %s", w.path)
	}
	return w.put(v)
}

func (w *Writer) put(v []byte) error { return os.WriteFile(w.path, v, 0o644) } // want put:`sync`

// Store is an interface whose implementations are not known here.
type Store interface{ Put(v []byte) error }

// Through writes through a Store: not sync.
func Through(s Store, v []byte) error { return s.Put(v) }

// Later writes when a timer fires: not sync, later.
func Later(w *Writer, v []byte) { // want Later:`later`
	time.AfterFunc(time.Second, func() { _ = w.put(v) })
}

// LaterAndNow writes now and again when a timer fires: not later.
func LaterAndNow(w *Writer, v []byte) error {
	time.AfterFunc(time.Second, func() { _ = w.put(v) })
	return w.put(v)
}

// LaterCounted starts its write counted in a WaitGroup a caller may
// wait on: later, counted (review 46-1/D1).
func LaterCounted(wg *sync.WaitGroup, w *Writer, v []byte) { // want LaterCounted:`handsOff\[1 2\]` LaterCounted:`laterCounted`
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = w.put(v)
	}()
}

// LaterWaited starts its write and waits for it: not later.
func LaterWaited(w *Writer, v []byte) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = w.put(v)
	}()
	wg.Wait()
}

// Deferred writes in a deferred literal and a literal called in place:
// sync.
func Deferred(w *Writer, v []byte) (err error) { // want Deferred:`sync`
	defer func() {
		if err != nil {
			_ = w.put(nil)
		}
	}()
	return func() error { return w.put(v) }()
}

// Stored keeps a literal to run later: not sync.
func Stored(w *Writer, v []byte) func() error {
	return func() error { return w.put(v) }
}

// Spins calls itself: not sync (a cycle).
func Spins(v []byte) error {
	if len(v) > 0 {
		return Spins(v[1:])
	}
	return nil
}

// Spool copies each value into a buffer a later flush writes: not sync.
type Spool struct {
	buf bytes.Buffer
	w   *bufio.Writer
	f   *os.File
}

// Add keeps v in the buffer.
func (s *Spool) Add(v []byte) { _, _ = s.buf.Write(v) } // want Add:`keeps\[0\] in field buf of Buffer`

// Put writes v into the buffered writer.
func (s *Spool) Put(v []byte) error {
	_, err := s.w.Write(v)
	return err
}

// Print formats v into the buffered writer.
func (s *Spool) Print(v []byte) { fmt.Fprintf(s.w, "%s\n", v) }

// Append writes v to the file: sync.
func (s *Spool) Append(v []byte) error { // want Append:`sync`
	_, err := s.f.Write(v)
	return err
}

// Span runs fn in place and logs its failure: it runs its parameter.
func Span(ctx context.Context, name string, fn func(context.Context) error) error { // want Span:`runs\[2\]`
	err := fn(ctx)
	if err != nil {
		fmt.Println(name, err)
	}
	return err
}

// Spawn runs fn in a goroutine: not in place.
func Spawn(ctx context.Context, fn func(context.Context) error) { // want Spawn:`later`
	go func() { _ = fn(ctx) }()
}

// Keep keeps fn for a later call, and calls it: not in place.
type Keep struct{ fn func() }

func (k *Keep) Set(fn func()) { // want Set:`keeps\[0\] in field fn of Keep`
	k.fn = fn
	fn()
}

// Batch keeps what Add is given for a later flush.
type Batch struct{ rows [][]byte }

func (b *Batch) Add(v []byte) { b.rows = append(b.rows, v) } // want Add:`keeps\[0\] in field rows of Batch`

// Pipe gives what it processes to the batch it holds: it keeps it too
// (trial 32b/3).
type Pipe struct{ B *Batch }

func (p *Pipe) Process(v []byte) { p.B.Add(v) } // want Process:`keeps\[0\] in field rows of Batch`

// Fresh gives it to a batch of its own, made for the call: it keeps
// nothing beyond it.
func Fresh(v []byte) {
	b := &Batch{}
	b.Add(v)
}

// Backoff returns f retried: after the last failure it logs and returns
// nil (audit 32c/2).
func Backoff(f func(ctx context.Context) error, attempts int) func(ctx context.Context) error { // want Backoff:`dropsInLiteral`
	return func(ctx context.Context) error {
		var err error
		for i := 0; i < attempts; i++ {
			if err = f(ctx); err == nil {
				return nil
			}
		}
		fmt.Println("giving up:", err)
		return nil
	}
}

// Quietly runs f and logs its failure: it returns no error.
func Quietly(ctx context.Context, f func(ctx context.Context) error) error { // want Quietly:`drops` Quietly:`runs\[1\]`
	if err := f(ctx); err != nil {
		fmt.Println(err)
		return nil
	}
	return nil
}

// Retry runs f until it succeeds or attempts run out, and returns its
// last error: no fact.
func Retry(ctx context.Context, f func(ctx context.Context) error, attempts int) error { // want Retry:`runs\[1\]`
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(ctx); err == nil {
			return nil
		}
	}
	return err
}

// Each runs f on each value and returns the first failure: no fact.
func Each(ctx context.Context, vs [][]byte, f func(ctx context.Context, v []byte) error) error { // want Each:`runs\[2\]`
	for _, v := range vs {
		if err := f(ctx, v); err != nil {
			return err
		}
	}
	return nil
}

// Timed runs fn and logs how long it took and its failure: it has no
// error result to return it with (review 32-1).
func Timed(ctx context.Context, name string, fn func(context.Context) error) { // want Timed:`drops` Timed:`runs\[2\]`
	start := time.Now()
	if err := fn(ctx); err != nil {
		fmt.Println(name, err, time.Since(start))
	}
}

// Keeper keeps the failure of what it runs for a later Err: no drops.
type Keeper struct{ err error }

func (k *Keeper) Run(fn func() error) { // want Run:`runs\[0\]`
	k.err = fn()
}

// Dedup returns nil for a duplicate only, every other failure: no drops.
func Dedup(f func() error) error { // want Dedup:`runs\[0\]`
	if err := f(); err != nil {
		if err.Error() != "duplicate" {
			return err
		}
		return nil
	}
	return nil
}

// Attempts retries f until it succeeds, then checks the last failure:
// no drops.
func Attempts(f func() error) error { // want Attempts:`runs\[0\]`
	var err error
	for i := 0; i < 3; i++ {
		if err = f(); err == nil {
			break
		}
	}
	if err != nil {
		return err
	}
	return nil
}

// enqueue gives v to the batch b, which keeps it: so does enqueue
// (review 32-1).
func enqueue(b *Batch, v []byte) { b.Add(v) } // want enqueue:`keeps\[1\] in field rows of Batch`

// Flushed gives v to the batch it holds, then writes the batch out:
// it keeps nothing beyond the call (review 32-1).
type Flushed struct{ B *Batch }

func (f *Flushed) Process(v []byte) {
	f.B.Add(v)
	f.B.Flush()
}

// Flush writes the rows out.
func (b *Batch) Flush() { b.rows = nil } // want Flush:`sync`

// Must runs fn and panics on its failure: no drops (review 32-2).
func Must(fn func() error) { // want Must:`runs\[0\]`
	if err := fn(); err != nil {
		panic(err)
	}
}

// Into runs fn and hands its failure back through errp: no drops.
func Into(errp *error, fn func() error) { // want Into:`runs\[1\]`
	if err := fn(); err != nil {
		*errp = err
	}
}

// Logged writes v and logs a failure, returning none: its caller goes on
// as from a success (audit 37b/D3).
func Logged(path string, v []byte) error { // want Logged:`swallows\(os.WriteFile\)` Logged:`sync`
	if err := os.WriteFile(path, v, 0o644); err != nil {
		fmt.Println("write:", err)
	}
	return nil
}

// Returned writes v and returns its failure: it only writes before it
// returns.
func Returned(path string, v []byte) error { // want Returned:`sync`
	if err := os.WriteFile(path, v, 0o644); err != nil {
		fmt.Println("write:", err)
		return err
	}
	return nil
}

// Mail writes v in a goroutine it starts, and returns: it hands v off
// (audit 37b/D4).
func Mail(path string, v []byte) error { // want Mail:`handsOff\[0 1\]` Mail:`later`
	go func() {
		if err := os.WriteFile(path, v, 0o644); err != nil {
			fmt.Println("mail:", err)
		}
	}()
	return nil
}

// Step saves through a ledger of another package of the module, held in
// a field: done when it returns (trial 40a/D4: the ledger was taken for
// the standard library's, and its field for a buffer written later).
type Step struct{ out *ledger.Ledger }

func (s *Step) Accept(b []byte) error { return s.out.Save(string(b)) } // want Accept:`sync`

// AcceptLater hands the ledger a save it runs later: not sync.
func AcceptLater(l *ledger.Ledger, b []byte) error { // want AcceptLater:`later`
	l.Later(string(b))
	return nil
}

// Tracked starts the save and keeps its answer channel for a later
// check: a channel given to append waits for nothing (review 40-3/D1).
type Tracked struct{ pending []chan error }

func (t *Tracked) Handle(p Payload) error { // want Handle:`handsOff\[0\]`
	done := make(chan error, 1)
	go func() { done <- save(p) }()
	t.pending = append(t.pending, done)
	return nil
}

// Awaited starts the save and waits for its answer in a helper: no
// hand-off (review 40-2/D1).
func Awaited(p Payload) error {
	done := make(chan error, 1)
	go func() { done <- save(p) }()
	return await(done)
}

func await(done chan error) error { return <-done } // want await:`sync`

// RetryCtx runs f until it succeeds or attempts run out, then returns
// the context's error: nil while it lives, so giving up drops the
// failure (trial 41d/D4).
func RetryCtx(ctx context.Context, f func() error, attempts int) error { // want RetryCtx:`drops` RetryCtx:`runs\[1\]`
	for i := 0; i < attempts; i++ {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
	return ctx.Err()
}

// RetryLast is RetryCtx returning the last failure: no drops fact.
func RetryLast(ctx context.Context, f func() error, attempts int) error { // want RetryLast:`runs\[1\]`
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
	return err
}

// RetryUntilDone tries f until it succeeds or ctx ends, and returns the
// context's error, which is not nil once the loop ends: no drops fact
// (review 41-1/D3).
func RetryUntilDone(ctx context.Context, f func() error) error { // want RetryUntilDone:`runs\[1\]`
	for ctx.Err() == nil {
		if err := f(); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return ctx.Err()
}

// Stage is a record's handler, for the middlewares below.
type Stage[T any] func(ctx context.Context, v T) error

// RetryMW returns a middleware retrying the handler it wraps, then
// logging and returning nil once attempts run out (hunt 42f/D1).
func RetryMW[T any](attempts int) func(Stage[T]) Stage[T] { // want RetryMW:`dropsInMiddleware`
	return func(next Stage[T]) Stage[T] {
		return func(ctx context.Context, v T) error {
			var err error
			for i := 0; i < attempts; i++ {
				if err = next(ctx, v); err == nil {
					return nil
				}
			}
			fmt.Println("giving up:", err)
			return nil
		}
	}
}

// LogMW returns a middleware logging a failure of the handler it wraps
// and returning it: no fact.
func LogMW[T any]() func(Stage[T]) Stage[T] {
	return func(next Stage[T]) Stage[T] {
		return func(ctx context.Context, v T) error {
			err := next(ctx, v)
			if err != nil {
				fmt.Println(err)
			}
			return err
		}
	}
}

// Breaker tolerates failures below its threshold.
type Breaker struct{ fails, threshold int }

// Do runs fn: a failure below the threshold is logged and returns nil
// (hunt 42f/D3).
func (b *Breaker) Do(fn func() error) error { // want Do:`drops` Do:`runs\[0\]`
	err := fn()
	if err == nil {
		b.fails = 0
		return nil
	}
	b.fails++
	if b.fails >= b.threshold {
		b.fails = 0
		return err
	}
	fmt.Println("tolerated:", err)
	return nil
}

// Strict returns every failure but a duplicate's: no drops fact.
func (b *Breaker) Strict(fn func() error) error { // want Strict:`runs\[0\]`
	err := fn()
	if err == nil {
		return nil
	}
	if err.Error() == "duplicate" {
		return nil
	}
	b.fails++
	return err
}

// Parked dead-letters a failure and returns the dead-letter write's
// failure: no drops fact (review 43-1/D1).
func (b *Breaker) Parked(fn func() error) error { // want Parked:`runs\[0\]`
	err := fn()
	if err == nil {
		return nil
	}
	derr := os.WriteFile("/tmp/dlq", []byte(err.Error()), 0o644)
	if derr != nil {
		return derr
	}
	fmt.Println("parked:", err)
	return nil
}

// Forever retries fn until it succeeds: no drops fact (review 43-1/D12).
func Forever(fn func() error) error { // want Forever:`runs\[0\]`
	err := fn()
	for err != nil {
		fmt.Println("retrying:", err)
		time.Sleep(time.Millisecond)
		err = fn()
	}
	return nil
}

// Else is Breaker.Do written with an else (review 43-1/D8).
func (b *Breaker) Else(fn func() error) error { // want Else:`drops` Else:`runs\[0\]`
	err := fn()
	if err == nil {
		return nil
	}
	b.fails++
	if b.fails >= b.threshold {
		return err
	} else {
		fmt.Println("tolerated:", err)
		return nil
	}
}

// RetryConv is RetryMW with its literal converted (review 43-1/D9).
func RetryConv[T any](attempts int) func(Stage[T]) Stage[T] { // want RetryConv:`dropsInMiddleware`
	return func(next Stage[T]) Stage[T] {
		return Stage[T](func(ctx context.Context, v T) error {
			var err error
			for i := 0; i < attempts; i++ {
				if err = next(ctx, v); err == nil {
					return nil
				}
			}
			fmt.Println("giving up:", err)
			return nil
		})
	}
}

// RetryVar is RetryMW with its decorator kept in a variable (review
// 43-1/D10).
func RetryVar[T any](attempts int) func(Stage[T]) Stage[T] { // want RetryVar:`dropsInMiddleware`
	mw := func(next Stage[T]) Stage[T] {
		return func(ctx context.Context, v T) error {
			err := next(ctx, v)
			for i := 1; i < attempts && err != nil; i++ {
				err = next(ctx, v)
			}
			if err != nil {
				fmt.Println("giving up:", err)
				return nil
			}
			return nil
		}
	}
	return mw
}

// Patient is a middleware retrying until the handler succeeds: no fact
// (review 43-1/D3).
func Patient[T any]() func(Stage[T]) Stage[T] {
	return func(next Stage[T]) Stage[T] {
		return func(ctx context.Context, v T) error {
			err := next(ctx, v)
			for err != nil {
				time.Sleep(time.Millisecond)
				err = next(ctx, v)
			}
			return nil
		}
	}
}

// Lanes queues each payload on its key's lane (trial 43a/D6: a lane per
// partition, started by a rebalance callback).
type Lanes struct {
	mu    sync.Mutex
	lanes map[string]chan Payload
}

// Dispatch picks p's lane by its ID and sends it there.
func (l *Lanes) Dispatch(p Payload) { // want Dispatch:`handsOff\[0\]`
	l.mu.Lock()
	c := l.lanes[p.ID]
	l.mu.Unlock()
	if c != nil {
		c <- p
	}
}

// Route looks p's lane up and writes p itself: no fact.
func (l *Lanes) Route(p Payload) error { // want Route:`sync`
	l.mu.Lock()
	_, ok := l.lanes[p.ID]
	l.mu.Unlock()
	if !ok {
		return os.WriteFile("/tmp/"+p.ID, nil, 0o644)
	}
	return nil
}

// Deadline runs fn under a deadline and takes an overrun for a success
// (hunt 42f/D6).
func Deadline(ctx context.Context, fn func(context.Context) error) error { // want Deadline:`drops` Deadline:`runs\[1\]`
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	err := fn(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		fmt.Println("slow")
		return nil
	}
	return err
}

// Duplicate takes a duplicate for a success: no drops fact.
func Duplicate(fn func() error) error { // want Duplicate:`runs\[0\]`
	err := fn()
	if errors.Is(err, os.ErrExist) {
		return nil
	}
	return err
}

// Guarded is Breaker.Do with its count guarded by a mutex (review
// 43-2/D11).
type Guarded struct {
	mu    sync.Mutex
	fails int
}

// Do runs fn.
func (g *Guarded) Do(fn func() error) error { // want Do:`drops` Do:`runs\[0\]`
	err := fn()
	if err == nil {
		return nil
	}
	g.mu.Lock()
	g.fails++
	n := g.fails
	g.mu.Unlock()
	if n >= 5 {
		return err
	}
	fmt.Println("tolerated:", err)
	return nil
}

// Capped retries fn while it fails, giving up after three tries (review
// 43-2/D3).
func Capped(fn func() error) error { // want Capped:`drops` Capped:`runs\[0\]`
	err := fn()
	n := 0
	for err != nil {
		n++
		if n > 3 {
			break
		}
		err = fn()
	}
	return nil
}

// Windows folds values into per-key aggregates a flusher emits later.
type Windows struct {
	mu   sync.Mutex
	aggs map[string]*window
}

type window struct{ vals [][]byte }

// Fold appends v through the map's pointer value: kept in field aggs
// (trial 46a/D4).
func (w *Windows) Fold(k string, v []byte) { // want Fold:`keeps\[1\] in field aggs of Windows`
	w.mu.Lock()
	defer w.mu.Unlock()
	a, ok := w.aggs[k]
	if !ok {
		a = &window{}
		w.aggs[k] = a
	}
	a.vals = append(a.vals, v)
}
