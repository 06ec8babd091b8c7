// Package kafkago: segmentio/kafka-go's ReadMessage commits before // want package:`configFindings\(param:autocommit/kafkago\.FromParam#1\[async-commit=false,group=true\]:read-commits-first param:autocommit/kafkago\.FromParam#1\[async-commit=true,group=true\]:read-commits-first\)`
// returning the message when the reader is in a group.
package kafkago

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
)

func index(m kafka.Message) error {
	if len(m.Value) == 0 {
		return fmt.Errorf("empty message at %d", m.Offset)
	}
	return nil
}

// readGroup reads with ReadMessage on a group reader.
func readGroup(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers: []string{"localhost:9092"},
		GroupID: "indexer",
		Topic:   "docs",
	})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("read: %w", err)
		}
		if err := index(m); err != nil {
			return fmt.Errorf("index: %w", err)
		}
	}
}

// readGroupTopics is in group mode through GroupTopics.
func readGroupTopics(ctx context.Context) {
	cfg := kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupTopics: []string{"docs", "images"}}
	r := kafka.NewReader(cfg)
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
		}
	}
}

// readPartition reads one partition without a group: nothing is committed.
func readPartition(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "docs", Partition: 0})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // ok: no GroupID, ReadMessage commits nothing
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
	}
}

// fetchCommit fetches, processes, then commits.
func fetchCommit(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage does not commit
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// service keeps its reader in a field and reads in a method.
type service struct {
	reader *kafka.Reader
	seen   int
}

func newService(brokers []string) *service {
	return &service{reader: kafka.NewReader(kafka.ReaderConfig{
		Brokers: brokers,
		GroupID: "indexer",
		Topic:   "docs",
	})}
}

func (s *service) run(ctx context.Context) error {
	for {
		m, err := s.reader.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
		s.seen++
	}
}

// fromParam's config comes from outside the package.
func FromParam(ctx context.Context, cfg kafka.ReaderConfig) error {
	r := kafka.NewReader(cfg)
	for {
		m, err := r.ReadMessage(ctx) // ok: group mode unknown (opaque config)
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
	}
}

// batch appends messages and flushes them later: CommitMessages at the end
// of the loop would commit before the flush, so the fix commits the batch
// right after the flush succeeds, before it is reset.
func batch(ctx context.Context, flush func([]kafka.Message) error) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	var pending []kafka.Message
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		pending = append(pending, m)
		if len(pending) == 100 {
			if err := flush(pending); err != nil {
				return err
			}
			pending = pending[:0]
		}
	}
}

// count returns two results: the fix reuses the loop's own error handling.
func count(ctx context.Context, limit int) (int, error) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "counter", Topic: "docs"})
	n := 0
	for n < limit {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return n, fmt.Errorf("read: %w", err)
		}
		if index(m) == nil {
			n++
		}
	}
	return n, nil
}

// newReader builds readers for its callers; the only one passes no group.
func newReader(topic, group string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: topic, GroupID: group})
}

func replay(ctx context.Context) error {
	r := newReader("docs", "")
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // ok: GroupID is "" at newReader's only call, not a group reader
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
	}
}

// event is what a message decodes to.
type event struct{ ID string }

func handleEvent(ev event) error { return nil }

// source decodes messages for its caller.
type source struct{ reader *kafka.Reader }

func newSource() *source {
	return &source{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

// next reads a message and returns the event decoded from it: the caller
// processes the event after next returns, so a commit inside next, even
// after the decode, would still come first. The fix fetches, returns the
// message too, and commits it in the caller after handleEvent.
func (s *source) next(ctx context.Context) (event, error) {
	m, err := s.reader.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, fmt.Errorf("decode: %w", err)
	}
	return ev, nil
}

func consumeEvents(ctx context.Context, s *source) error {
	for {
		ev, err := s.next(ctx)
		if err != nil {
			return err
		}
		if err := handleEvent(ev); err != nil {
			return err
		}
	}
}

// fetched is next done right: the helper fetches and returns the message,
// and the caller commits it after processing.
type fetched struct{ reader *kafka.Reader }

func newFetched() *fetched {
	return &fetched{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (f *fetched) next(ctx context.Context) (event, kafka.Message, error) {
	m, err := f.reader.FetchMessage(ctx) // ok: FetchMessage commits nothing; the caller commits after processing
	if err != nil {
		return event{}, kafka.Message{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, kafka.Message{}, fmt.Errorf("decode: %w", err)
	}
	return ev, m, nil
}

func consumeFetched(ctx context.Context, f *fetched) error {
	for {
		ev, m, err := f.next(ctx)
		if err != nil {
			return err
		}
		if err := handleEvent(ev); err != nil {
			return err
		}
		if err := f.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// batchCommitted is batch done right: it fetches, and commits each batch
// after the flush.
func batchCommitted(ctx context.Context, flush func([]kafka.Message) error) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	var pending []kafka.Message
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing
		if err != nil {
			return err
		}
		pending = append(pending, m)
		if len(pending) == 100 {
			if err := flush(pending); err != nil {
				return err
			}
			if err := r.CommitMessages(ctx, pending...); err != nil {
				return err
			}
			pending = pending[:0]
		}
	}
}

// handOff sends each message to one worker: ReadMessage committed it
// before the worker indexed it. The fix fetches, and commits in the
// worker after indexing.
func handOff(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	jobs := make(chan kafka.Message)
	go func() {
		for m := range jobs {
			if err := index(m); err != nil {
				log.Printf("index: %v", err)
				continue
			}
		}
	}()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// handOffPool sends each message to a pool of workers: the fix keeps one
// worker, so that its commits follow the indexing in order.
func handOffPool(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	jobs := make(chan kafka.Message)
	for range 8 {
		go func() {
			for m := range jobs {
				_ = index(m)
			}
		}()
	}
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// handOffCommitted is handOff done right: it fetches, and the worker
// commits after indexing.
func handOffCommitted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	jobs := make(chan kafka.Message)
	go func() {
		for m := range jobs {
			if err := index(m); err != nil {
				continue
			}
			if err := r.CommitMessages(ctx, m); err != nil {
				log.Printf("commit offset: %v", err)
			}
		}
	}()
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the worker commits after processing
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// goPerMessage indexes each message in a goroutine of its own: the fix
// fetches, indexes in place and commits after it.
func goPerMessage(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		go func(m kafka.Message) {
			if err := index(m); err != nil {
				log.Printf("index: %v", err)
			}
		}(m)
	}
}

// goPerMessageCommitted fetches, and each goroutine commits its message
// after indexing it.
func goPerMessageCommitted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the goroutine commits after processing
		if err != nil {
			return err
		}
		go func(m kafka.Message) {
			if err := index(m); err != nil {
				return
			}
			_ = r.CommitMessages(ctx, m)
		}(m)
	}
}

// archive copies each message to cold storage.
func archive(m kafka.Message) error { return nil }

// fanOut hands each message to two goroutines, an index and an archive:
// the fix fetches, runs both in place and commits after them.
func fanOut(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "fan-out", Topic: "docs"})
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		go func() {
			if err := index(m); err != nil {
				log.Printf("index: %v", err)
			}
		}()
		go func() {
			if err := archive(m); err != nil {
				log.Printf("archive: %v", err)
			}
		}()
	}
}

// fanOutJoined fetches, waits for both goroutines and commits.
func fanOutJoined(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "fan-out", Topic: "docs"})
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the loop commits after both goroutines
		if err != nil {
			return err
		}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			if err := index(m); err != nil {
				log.Printf("index: %v", err)
			}
		}()
		go func() {
			defer wg.Done()
			if err := archive(m); err != nil {
				log.Printf("archive: %v", err)
			}
		}()
		wg.Wait()
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// handOffTicking sends each message to one worker that also reports its
// progress on a ticker (a select in its loop): ReadMessage committed the
// message before the worker indexed it. The fix fetches, and commits at
// the end of the worker's message case, after indexing.
func handOffTicking(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	jobs := make(chan kafka.Message)
	go func() {
		tick := time.NewTicker(time.Minute)
		defer tick.Stop()
		indexed := 0
		for {
			select {
			case m := <-jobs:
				if err := index(m); err != nil {
					log.Printf("index: %v", err)
					continue
				}
				indexed++
			case <-tick.C:
				log.Printf("indexed %d messages", indexed)
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// handOffTickingCommitted is handOffTicking done right: it fetches, and
// the worker commits each message after indexing it.
func handOffTickingCommitted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	jobs := make(chan kafka.Message)
	go func() {
		tick := time.NewTicker(time.Minute)
		defer tick.Stop()
		indexed := 0
		for {
			select {
			case m := <-jobs:
				if err := index(m); err != nil {
					log.Printf("index: %v", err)
					continue
				}
				indexed++
				if err := r.CommitMessages(ctx, m); err != nil {
					log.Printf("commit offset: %v", err)
				}
			case <-tick.C:
				log.Printf("indexed %d messages", indexed)
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the worker commits after processing
		if err != nil {
			return err
		}
		jobs <- m
	}
}

// feed decodes messages like source, and is consumed through a method
// value (next := f.next): the fix makes next fetch and return a function
// that commits the message, which the caller calls after handleEvent.
type feed struct{ reader *kafka.Reader }

func newFeed() *feed {
	return &feed{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (f *feed) next(ctx context.Context) (event, error) {
	m, err := f.reader.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, fmt.Errorf("decode: %w", err)
	}
	return ev, nil
}

func consumeFeed(ctx context.Context, f *feed) error {
	next := f.next
	for {
		ev, err := next(ctx)
		if err != nil {
			return err
		}
		if err := handleEvent(ev); err != nil {
			return err
		}
	}
}

// ackedFeed is feed done right: next fetches and returns the commit,
// which the caller, holding next as a value, calls after processing.
type ackedFeed struct{ reader *kafka.Reader }

func newAckedFeed() *ackedFeed {
	return &ackedFeed{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (f *ackedFeed) next(ctx context.Context) (event, func() error, error) {
	m, err := f.reader.FetchMessage(ctx) // ok: FetchMessage commits nothing; the caller commits after processing
	if err != nil {
		return event{}, nil, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, nil, fmt.Errorf("decode: %w", err)
	}
	return ev, func() error { return f.reader.CommitMessages(ctx, m) }, nil
}

func consumeAckedFeed(ctx context.Context, f *ackedFeed) error {
	next := f.next
	for {
		ev, commit, err := next(ctx)
		if err != nil {
			return err
		}
		if err := handleEvent(ev); err != nil {
			return err
		}
		if err := commit(); err != nil {
			return err
		}
	}
}

// stream decodes messages like source, and its next is passed to a
// generic loop that cannot see the reader: the fix makes next return a
// function committing the message, the loop's parameter type returns it
// too, and the loop calls it after handle.
type stream struct{ reader *kafka.Reader }

func newStream() *stream {
	return &stream{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (s *stream) next(ctx context.Context) (event, error) {
	m, err := s.reader.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, fmt.Errorf("decode: %w", err)
	}
	return ev, nil
}

func loopEvents(ctx context.Context, next func(context.Context) (event, error), handle func(event) error) error {
	for {
		ev, err := next(ctx)
		if err != nil {
			return err
		}
		if err := handle(ev); err != nil {
			return err
		}
	}
}

func consumeStream(ctx context.Context, s *stream) error {
	return loopEvents(ctx, s.next, handleEvent)
}

// ackedStream is stream done right: the loop calls the commit next
// returns after handle.
type ackedStream struct{ reader *kafka.Reader }

func newAckedStream() *ackedStream {
	return &ackedStream{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (s *ackedStream) next(ctx context.Context) (event, func() error, error) {
	m, err := s.reader.FetchMessage(ctx) // ok: FetchMessage commits nothing; the loop commits after processing
	if err != nil {
		return event{}, nil, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, nil, fmt.Errorf("decode: %w", err)
	}
	return ev, func() error { return s.reader.CommitMessages(ctx, m) }, nil
}

func loopAcked(ctx context.Context, next func(context.Context) (event, func() error, error), handle func(event) error) error {
	for {
		ev, commit, err := next(ctx)
		if err != nil {
			return err
		}
		if err := handle(ev); err != nil {
			return err
		}
		if err := commit(); err != nil {
			return err
		}
	}
}

func consumeAckedStream(ctx context.Context, s *ackedStream) error {
	return loopAcked(ctx, s.next, handleEvent)
}

// ledger decodes messages like source, and its next is kept in a field
// of a worker: the fix makes next return a function committing the
// message, the field's type returns it too, and the worker calls it
// after handling the event.
type ledger struct{ reader *kafka.Reader }

func newLedger() *ledger {
	return &ledger{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (l *ledger) next(ctx context.Context) (event, error) {
	m, err := l.reader.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, fmt.Errorf("decode: %w", err)
	}
	return ev, nil
}

type eventWorker struct {
	next func(context.Context) (event, error)
}

func (w *eventWorker) run(ctx context.Context) error {
	for {
		ev, err := w.next(ctx)
		if err != nil {
			return err
		}
		if err := handleEvent(ev); err != nil {
			return err
		}
	}
}

func consumeLedger(ctx context.Context, l *ledger) error {
	w := &eventWorker{next: l.next}
	return w.run(ctx)
}

// ackedLedger is ledger done right: the worker's field returns the
// commit, which it calls after handling the event.
type ackedLedger struct{ reader *kafka.Reader }

func newAckedLedger() *ackedLedger {
	return &ackedLedger{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (l *ackedLedger) next(ctx context.Context) (event, func() error, error) {
	m, err := l.reader.FetchMessage(ctx) // ok: FetchMessage commits nothing; the worker commits after processing
	if err != nil {
		return event{}, nil, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, nil, fmt.Errorf("decode: %w", err)
	}
	return ev, func() error { return l.reader.CommitMessages(ctx, m) }, nil
}

type ackedWorker struct {
	next func(context.Context) (event, func() error, error)
}

func (w *ackedWorker) run(ctx context.Context) error {
	for {
		ev, commit, err := w.next(ctx)
		if err != nil {
			return err
		}
		if err := handleEvent(ev); err != nil {
			return err
		}
		if err := commit(); err != nil {
			return err
		}
	}
}

func consumeAckedLedger(ctx context.Context, l *ackedLedger) error {
	w := &ackedWorker{next: l.next}
	return w.run(ctx)
}

// goNested indexes the messages that carry a key in a goroutine started
// inside an if: the fix fetches, indexes in place and commits after the
// if.
func goNested(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "nested", Topic: "docs"})
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return err
		}
		if len(m.Key) > 0 {
			go func(m kafka.Message) {
				if err := index(m); err != nil {
					log.Printf("index: %v", err)
				}
			}(m)
		}
	}
}

// goNestedCommitted fetches, and the nested goroutine commits its message
// after indexing it.
func goNestedCommitted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "nested", Topic: "docs"})
	for {
		m, err := r.FetchMessage(ctx) // ok: FetchMessage commits nothing; the goroutine commits after processing
		if err != nil {
			return err
		}
		if len(m.Key) > 0 {
			go func(m kafka.Message) {
				if err := index(m); err != nil {
					return
				}
				_ = r.CommitMessages(ctx, m)
			}(m)
		}
	}
}

// readAssigned sets the group on the config after its literal: still a
// group reader.
func readAssigned(ctx context.Context, brokers []string) error {
	cfg := kafka.ReaderConfig{Brokers: brokers, Topic: "docs"}
	cfg.GroupID = "indexer-assigned"
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		if err := index(m); err != nil {
			return fmt.Errorf("index: %w", err)
		}
	}
}

// readMaybeGrouped sets the group only when one is given: the fix's
// commit runs only when the reader is in a group (outside one,
// CommitMessages fails on every message).
func readMaybeGrouped(ctx context.Context, brokers []string, group string) error {
	cfg := kafka.ReaderConfig{Brokers: brokers, Topic: "docs"}
	if group != "" {
		cfg.GroupID = group
	}
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it: .*; the commit runs only when the reader is in a group, as its group is set on some paths only`
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		if err := index(m); err != nil {
			return fmt.Errorf("index: %w", err)
		}
	}
}

// readUngrouped leaves the group out: a partition reader commits nothing.
func readUngrouped(ctx context.Context, brokers []string) error {
	cfg := kafka.ReaderConfig{Brokers: brokers, Topic: "docs"}
	cfg.Partition = 0
	r := kafka.NewReader(cfg)
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // ok: no group, nothing committed
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		if err := index(m); err != nil {
			return fmt.Errorf("index: %w", err)
		}
	}
}

// readOnce reads one message and leaves unless follow is set: the commit
// goes right after the processing, before the break, or a reader of one
// message would never commit and read it again at every run.
func readOnce(ctx context.Context, follow bool) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "indexer-once", Topic: "docs"})
	defer r.Close()
	count := 0
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		if err := index(m); err != nil {
			return fmt.Errorf("index: %w", err)
		}
		if !follow {
			break
		}
		count++
	}
	log.Printf("read %d", count+1)
	return nil
}

// readEnvGroup takes its group from the environment: unset, the reader is
// in no group, where ReadMessage commits nothing and CommitMessages fails,
// so the fix's commit runs in a group only (trial 29b).
func readEnvGroup(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: os.Getenv("GROUP_ID"), Topic: "docs"})
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it: .*; the commit runs only when the reader is in a group, as its group is a value known at run time only`
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
		}
	}
}

// readSwitch tells the read's outcomes apart in a tagless switch (its nil
// case parenthesized) whose default leaves: the processing comes after a
// successful read only (review 29-1: the parentheses panicked).
func readSwitch(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "switch", Topic: "docs"})
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the message before returning it`
		switch {
		case (err == nil):
		case errors.Is(err, io.EOF):
			return
		default:
			log.Printf("read: %v", err)
			continue
		}
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
		}
	}
}

// timedFeed reads with a context of its own that its deferred cancel ends
// when next returns (fix-quality hunt 47x/D8): the commit the fix returns
// takes the context next is given, not the read's, on which every commit
// would fail.
type timedFeed struct{ reader *kafka.Reader }

func newTimedFeed() *timedFeed {
	return &timedFeed{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"})}
}

func (f *timedFeed) next(ctx context.Context) (event, error) {
	rctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	m, err := f.reader.ReadMessage(rctx) // want `ReadMessage commits the message before returning it`
	if err != nil {
		return event{}, err
	}
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return event{}, fmt.Errorf("decode: %w", err)
	}
	return ev, nil
}

func consumeTimedFeed(ctx context.Context, f *timedFeed) error {
	for {
		ev, err := f.next(ctx)
		if err != nil {
			return err
		}
		if err := handleEvent(ev); err != nil {
			return err
		}
	}
}
