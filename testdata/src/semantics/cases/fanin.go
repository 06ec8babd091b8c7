package cases

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

// Eight goroutines fetch from one reader and hand the messages to one
// loop that processes and commits each: the messages of a partition
// reach it in the order the goroutines send, not the fetch order.
func fanIn(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fanin", Topic: "t"}) // case: fanin
	ch := make(chan kafkago.Message)
	for range 8 {
		go func() {
			for {
				m, err := r.FetchMessage(ctx)
				if err != nil {
					return
				}
				ch <- m
			}
		}()
	}
	for m := range ch {
		if err := apply(m); err != nil {
			log.Fatal(err)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

type fetchService struct{ r *kafkago.Reader }

// fetched starts one goroutine fetching from the service's reader: its
// caller starts several, on one reader.
func (s *fetchService) fetched(ctx context.Context) <-chan kafkago.Message {
	out := make(chan kafkago.Message)
	go func() {
		defer close(out)
		for {
			m, err := s.r.FetchMessage(ctx)
			if err != nil {
				return
			}
			if err := apply(m); err != nil {
				return
			}
			out <- m
		}
	}()
	return out
}

func runFetchService(ctx context.Context) {
	s := &fetchService{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fetchsvc", Topic: "t"})} // case: fetchsvc
	merged := make(chan kafkago.Message)
	for range 4 {
		res := s.fetched(ctx)
		go func() {
			for m := range res {
				merged <- m
			}
		}()
	}
	for m := range merged {
		_ = s.r.CommitMessages(ctx, m)
	}
}

// fetchedOwn is fetched with a reader of its own per call: one goroutine
// per reader.
func fetchedOwn(ctx context.Context, topic string) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fetchown", Topic: topic}) // case: fetchown
	go func() {
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			if err := apply(m); err != nil {
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil {
				return
			}
		}
	}()
}

func runFetchedOwn(ctx context.Context) {
	for _, t := range []string{"a", "b"} {
		fetchedOwn(ctx, t)
	}
}

var _, _, _ = fanIn, runFetchService, runFetchedOwn

// supervised restarts its one consume goroutine whenever it stops: the go
// statement is in a loop, but each goroutine is awaited (its done channel
// closed) before the next starts.
func supervised(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-supervised", Topic: "t"}) // case: supervised
	for ctx.Err() == nil {
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				m, err := r.FetchMessage(ctx)
				if err != nil {
					return
				}
				if err := apply(m); err != nil {
					return
				}
				if err := r.CommitMessages(ctx, m); err != nil {
					return
				}
			}
		}()
		<-done
	}
}

type topicWorker struct{ r *kafkago.Reader }

func newTopicWorker(topic string) *topicWorker {
	return &topicWorker{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-topicworker", Topic: topic})} // case: topicworkers
}

func (w *topicWorker) run(ctx context.Context) {
	for {
		m, err := w.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			return
		}
		if err := w.r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

func (w *topicWorker) start(ctx context.Context) { go w.run(ctx) }

// startTopicWorkers builds a reader per worker, each started once: the
// loop starting them runs each worker's goroutine on its own reader.
func startTopicWorkers(ctx context.Context) {
	orders, payments := newTopicWorker("orders"), newTopicWorker("payments")
	for _, w := range []*topicWorker{orders, payments} {
		w.start(ctx)
	}
}

var _, _ = supervised, startTopicWorkers
