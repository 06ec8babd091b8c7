package cases

import (
	"context"
	"database/sql"
	"log"
	"strconv"
	"sync/atomic"
	"time"

	kafkago "github.com/segmentio/kafka-go"
)

// wrappedJob carries a message to the loop committing it.
type wrappedJob struct{ msg kafkago.Message }

// jobWrapped fetches into jobs; the loop taking them skips a job whose
// processing fails: the next commit passes it.
func jobWrapped(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-jobwrapped", Topic: "t"}) // case: jobwrapped
	jobs := make(chan *wrappedJob)
	go func() {
		defer close(jobs)
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			jobs <- &wrappedJob{msg: m}
		}
	}()
	for j := range jobs {
		if err := apply(j.msg); err != nil {
			log.Printf("apply: %v", err)
			continue
		}
		_ = r.CommitMessages(ctx, j.msg)
	}
}

// payloadTotals adds the value each message holds to a total a ticker
// writes out: the committed messages' amounts wait in the field.
type payloadTotals struct{ sum atomic.Int64 }

func (t *payloadTotals) run(ctx context.Context, db *sql.DB) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-payloadtotal", Topic: "t"}) // case: payloadtotal
	go func() {
		for range time.Tick(time.Second) {
			_, _ = db.ExecContext(ctx, "UPDATE totals SET n = n + $1", t.sum.Swap(0))
		}
	}()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		n, err := strconv.ParseInt(string(m.Value), 10, 64)
		if err != nil {
			return err
		}
		t.sum.Add(n)
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// commitEachDead processes a message and commits it.
func commitEachDead(ctx context.Context, r *kafkago.Reader, m kafkago.Message) error {
	if err := apply(m); err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

// deadLettered writes a message the helper fails on to a dead-letter
// topic before taking the next: not skipped silently.
func deadLettered(ctx context.Context, dlq *kafkago.Writer) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-deadlettered", Topic: "t"}) // case: deadlettered
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := commitEachDead(ctx, r, m); err != nil {
			if err := dlq.WriteMessages(ctx, kafkago.Message{Key: m.Key, Value: m.Value}); err != nil {
				log.Fatal(err)
			}
			continue
		}
	}
}

// StartPool starts the workers and the poller of a reader its caller
// passes: the workers it starts take what the poller sends.
func StartPool(ctx context.Context, r *kafkago.Reader) { // case: startpool
	ch := make(chan kafkago.Message, 16)
	for range 4 {
		go func() {
			for m := range ch {
				_ = apply(m)
			}
		}()
	}
	go func() {
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			ch <- m
			_ = r.CommitMessages(ctx, m)
		}
	}()
}

var _, _, _ = jobWrapped, (*payloadTotals).run, deadLettered
