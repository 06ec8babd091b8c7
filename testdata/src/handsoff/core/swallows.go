package core

import (
	"errors"
	"log"
	"os"
	"strconv"
	"sync/atomic"
)

// Batch handlers logging a failed save in their loop over the records
// they are given (trial 39a/D2, review 39-1/D9): the failed one is
// dropped, and the caller goes on as from a success.

// SkipEach logs a failure and goes on to the next payload.
func SkipEach(ps []Payload) { // want SkipEach:`sync` SkipEach:`swallows\(save\)`
	for _, p := range ps {
		if err := save(p); err != nil {
			log.Printf("save: %v", err)
			continue
		}
	}
}

// StopEach logs a failure and returns, dropping the rest too.
func StopEach(ps []Payload) { // want StopEach:`sync` StopEach:`swallows\(save\)`
	for _, p := range ps {
		if err := save(p); err != nil {
			log.Printf("save: %v", err)
			return
		}
	}
}

// BreakEach logs a failure and breaks out to a quiet end.
func BreakEach(ps []Payload) error { // want BreakEach:`sync` BreakEach:`swallows\(save\)`
	for _, p := range ps {
		if err := save(p); err != nil {
			log.Printf("save: %v", err)
			break
		}
	}
	log.Printf("done")
	return nil
}

// RetryEach tries each payload again: no failure is dropped.
func RetryEach(ps []Payload) { // want RetryEach:`sync`
	for i := 0; i < len(ps); {
		if err := save(ps[i]); err != nil {
			log.Printf("retry: %v", err)
			continue
		}
		i++
	}
}

// BreakFails breaks out to a return of the failure.
func BreakFails(ps []Payload) error { // want BreakFails:`sync`
	var err error
	for _, p := range ps {
		if err = save(p); err != nil {
			log.Printf("save: %v", err)
			break
		}
	}
	return err
}

func park(Payload) error { return nil } // want park:`sync`

// ParkEach dead-letters a failed payload, dropping the park's error, and
// goes on: nothing keeps the failed one (audit 39b/D5).
func ParkEach(ps []Payload) { // want ParkEach:`sync` ParkEach:`swallows\(save\)`
	for _, p := range ps {
		if err := save(p); err != nil {
			log.Printf("save: %v: parking", err)
			_ = park(p)
		}
	}
}

// ParkChecked returns the park's failure: the caller hears of it.
func ParkChecked(ps []Payload) error { // want ParkChecked:`sync`
	for _, p := range ps {
		if err := save(p); err != nil {
			log.Printf("save: %v: parking", err)
			if err := park(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// ParkLogged dead-letters a failed payload and only logs the park's own
// failure (audit 42b/D8: a dead-letter decorator, 3 of 300 lost without
// a crash).
func ParkLogged(p Payload) error { // want ParkLogged:`sync` ParkLogged:`swallows\(save\)`
	if err := save(p); err != nil {
		if derr := park(p); derr != nil {
			log.Printf("park: %v (cause: %v)", derr, err)
		}
	}
	return nil
}

// ParkReturned returns the park's failure.
func ParkReturned(p Payload) error { // want ParkReturned:`sync`
	if err := save(p); err != nil {
		if derr := park(p); derr != nil {
			return derr
		}
	}
	return nil
}

// Tally counts and logs a failed save (hunt 43f/D2: a registered
// handler, 3 of 300 lost without a crash).
type Tally struct{ failed int }

// Save saves p.
func (t *Tally) Save(p Payload) error { // want Save:`sync` Save:`swallows\(save\)`
	if err := save(p); err != nil {
		t.failed++
		log.Printf("left to reconciliation: %v", err)
	}
	return nil
}

// Sticky keeps a failed save for its caller's check (precision hunt
// 43p/D2): no swallows fact.
type Sticky struct{ err atomic.Pointer[error] }

// Save saves p.
func (s *Sticky) Save(p Payload) error {
	if err := save(p); err != nil {
		log.Printf("save: %v", err)
		s.err.Store(&err)
	}
	return nil
}

// cacheStore is a store with a cache in front of it.
type cacheStore struct {
	path  string
	cache *lruCache
}

type lruCache struct{ dir string }

func (c *lruCache) Set(k string, v []byte) error { // want Set:`sync`
	if c.dir == "" {
		return errors.New("cache closed")
	}
	return os.WriteFile(c.dir+"/"+k, v, 0o644)
}

// Save writes v and refreshes the cache, whose failure it only logs
// (review 43-3/D6): the effect's own failure is returned.
func (s *cacheStore) Save(k string, v []byte) error { // want Save:`sync`
	if err := os.WriteFile(s.path, v, 0o644); err != nil {
		return err
	}
	if err := s.cache.Set(k, v); err != nil {
		log.Printf("cache: %v", err)
	}
	return nil
}

// Warm only fills the cache, logging its failure: that is its effect.
func (s *cacheStore) Warm(k string, v []byte) error { // want Warm:`sync` Warm:`swallows\(s.cache.Set\)`
	if err := s.cache.Set(k, v); err != nil {
		log.Printf("cache: %v", err)
	}
	return nil
}

// Profile checks its input, then fills the cache, its only effect,
// logging the failure (review 44-1/D3).
func (s *cacheStore) Profile(k string, v []byte) error { // want Profile:`sync` Profile:`swallows\(s.cache.Set\)`
	if _, err := strconv.Atoi(k); err != nil {
		return err
	}
	if err := s.cache.Set(k, v); err != nil {
		log.Printf("cache: %v", err)
	}
	return nil
}

// Book returns the answer of Warm, which only logs a failure: the same
// drop one call deeper (fix-quality hunt 44x/D3).
func (s *cacheStore) Book(k string, v []byte) error { // want Book:`sync` Book:`swallows\(s.cache.Set\)`
	if err := s.Warm(k, v); err != nil {
		return err
	}
	return nil
}

// Keep returns the answer of Save, which returns its effect's failure.
func (s *cacheStore) Keep(k string, v []byte) error { // want Keep:`sync`
	return s.Save(k, v)
}

// Record returns its write's failure, then the answer of Warm, a
// best-effort cache fill: not a swallow of the record's effect (review
// 44-2/D3).
func (s *cacheStore) Record(k string, v []byte) error { // want Record:`sync`
	if err := os.WriteFile(s.path, v, 0o644); err != nil {
		return err
	}
	return s.Warm(k, v)
}

// Units of work whose deferred Close writes the named error result
// (hunt 45f/D1): whatever it holds, the failure returned is replaced
// by Close's answer; kept when the write is under a test of the result
// or computed from it.
type unit struct{}

func (unit) Close() error { return nil } // want Close:`sync`

// BookOverwritten returns save's failure, then Close's nil.
func BookOverwritten(ps []Payload) (err error) { // want BookOverwritten:`sync` BookOverwritten:`swallows\(save, deferred\)`
	u := unit{}
	defer func() {
		err = u.Close()
	}()
	for _, p := range ps {
		if err := save(p); err != nil {
			return err
		}
	}
	return nil
}

// BookKept keeps the first failure.
func BookKept(ps []Payload) (err error) { // want BookKept:`sync`
	u := unit{}
	defer func() {
		if cerr := u.Close(); err == nil {
			err = cerr
		}
	}()
	for _, p := range ps {
		if err := save(p); err != nil {
			return err
		}
	}
	return nil
}

// BookJoined joins Close's failure to the one returned.
func BookJoined(ps []Payload) (err error) { // want BookJoined:`sync`
	u := unit{}
	defer func() {
		err = errors.Join(err, u.Close())
	}()
	for _, p := range ps {
		if err := save(p); err != nil {
			return err
		}
	}
	return nil
}

// Batch helpers keeping going past a failed item (hunt 45f/D6): one
// assigning every item's answer to one variable returns the last only;
// one collecting the failures returns them all.
func ApplyLast(items []Payload, fn func(Payload) error) error { // want ApplyLast:`drops` ApplyLast:`runs\[1\]`
	var err error
	for _, it := range items {
		if err = fn(it); err != nil {
			log.Printf("item failed: %v", err)
		}
	}
	return err
}

func ApplyJoined(items []Payload, fn func(Payload) error) error { // want ApplyJoined:`runs\[1\]`
	var errs []error
	for _, it := range items {
		if err := fn(it); err != nil {
			log.Printf("item failed: %v", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// stickyBatch keeps its first failure, as bufio.Writer does: Flush
// answers it again (review 45-1/D5).
type stickyBatch struct{ err error }

func (b *stickyBatch) Add(p Payload) error { // want Add:`sync`
	if b.err == nil {
		b.err = save(p)
	}
	return b.err
}

func (b *stickyBatch) Flush() error { return b.err } // want Flush:`sync`

// BookSticky's deferred Flush answers the failure Add met.
func BookSticky(ps []Payload) (err error) { // want BookSticky:`sync`
	b := &stickyBatch{}
	defer func() {
		err = b.Flush()
	}()
	for _, p := range ps {
		if err := b.Add(p); err != nil {
			return err
		}
	}
	return nil
}

// BookCounted returns a count with the error it overwrites (review
// 45-1/D2).
func BookCounted(ps []Payload) (n int, err error) { // want BookCounted:`sync` BookCounted:`swallows\(save, deferred\)`
	u := unit{}
	defer func() {
		err = u.Close()
	}()
	for _, p := range ps {
		if err := save(p); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
