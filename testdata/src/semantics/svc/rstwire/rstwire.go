// Package rstwire runs rstsvc's workers under supervisors: one running a
// failed worker again on the same client (the failed record is passed by
// the next commit), one building a new client for each run (it resumes
// from the committed position), one stopping.
package rstwire

import (
	"context"
	"log"
	"time"

	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/rstsvc"
)

func reader(group string) *kafkago.Reader {
	return kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: group, Topic: "orders"}) // case: rstsame
}

// Same logs a failed run and runs the worker again on the same reader.
func Same(ctx context.Context) {
	w := rstsvc.NewWorker(reader("same"))
	for ctx.Err() == nil {
		if err := w.Run(ctx); err != nil && ctx.Err() == nil {
			log.Printf("worker stopped: %v; restarting", err)
			time.Sleep(time.Second)
		}
	}
}

// Fresh builds a new reader for each run.
func Fresh(ctx context.Context) {
	for ctx.Err() == nil {
		r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "fresh", Topic: "orders"}) // case: rstfresh
		if err := rstsvc.NewWorker(r).Run(ctx); err != nil {
			log.Printf("worker stopped: %v; restarting with a new reader", err)
		}
		_ = r.Close()
	}
}

// Once stops on the worker's failure: the process exits, and its
// replacement resumes from the committed position.
func Once(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "once", Topic: "orders"}) // case: rstonce
	defer r.Close()
	return rstsvc.NewWorker(r).Run(ctx)
}

// Steps polls a projector again after a failed step, on the same client.
func Steps(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("steps"), kgo.ConsumeTopics("orders")) // case: rststeps
	if err != nil {
		log.Fatal(err)
	}
	p := rstsvc.NewProjector(cl)
	for {
		if err := p.Step(ctx); err != nil {
			log.Print(err)
		}
	}
}

// Rewrap wraps the same reader anew for each run: still the same client.
func Rewrap(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "rewrap", Topic: "orders"}) // case: rstrewrap
	for ctx.Err() == nil {
		if err := rstsvc.NewWorker(r).Run(ctx); err != nil {
			log.Printf("worker stopped: %v; restarting", err)
		}
	}
}

// conn is what a run is given: a new reader, built by connect.
type conn struct{ r *kafkago.Reader }

func connect() *conn {
	return &conn{r: kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "connect", Topic: "orders"})} // case: rstconnect
}

// Reconnect builds a new connection for each run (review 45-1/D4).
func Reconnect(ctx context.Context) {
	for ctx.Err() == nil {
		c := connect()
		if err := rstsvc.NewWorker(c.r).Run(ctx); err != nil {
			log.Printf("worker stopped: %v; reconnecting", err)
		}
		_ = c.r.Close()
	}
}

type runner interface{ Run(context.Context) error }

// Iface holds the worker in an interface and runs it again on the same
// reader (review 45-1/D3).
func Iface(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "iface", Topic: "orders"}) // case: rstiface
	var w runner = rstsvc.NewWorker(r)
	for ctx.Err() == nil {
		if err := w.Run(ctx); err != nil {
			log.Printf("worker stopped: %v; restarting", err)
		}
	}
}
