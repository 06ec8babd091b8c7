package cases

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/segmentio/kafka-go"
)

// post writes the message, trying three times; then it logs and gives
// up, returning nil: its caller cannot tell (audit 36b/D1).
func post(m kafka.Message) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = os.WriteFile(string(m.Key), m.Value, 0o644); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	log.Printf("%s: giving up: %v", m.Key, err)
	return nil
}

// postUntil is post's twin: it tries until the write succeeds.
func postUntil(m kafka.Message) error {
	for {
		if err := os.WriteFile(string(m.Key), m.Value, 0o644); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A helper's bounded retry that gives up with nil: the commit passes the
// message given up.
func helperGivesUp(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-helpergiveup", Topic: "t"}) // case: helpergiveup
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for post(m) != nil {
			time.Sleep(200 * time.Millisecond)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// helperGivesUp's twin: the helper retries until it succeeds.
func helperRetries(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-helperretries", Topic: "t"}) // case: helperretries
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for postUntil(m) != nil {
			time.Sleep(200 * time.Millisecond)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// postWaiting is post backing off in a select on a timer and the
// context: it still gives up with nil (review 36-2/D9).
func postWaiting(ctx context.Context, m kafka.Message) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = os.WriteFile(string(m.Key), m.Value, 0o644); err == nil {
			return nil
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	log.Printf("%s: giving up: %v", m.Key, err)
	return nil
}

func helperGivesUpWaiting(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g-helpergiveupwait", Topic: "t"}) // case: helpergiveupwait
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := postWaiting(ctx, m); err != nil {
			log.Fatal(err)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}
