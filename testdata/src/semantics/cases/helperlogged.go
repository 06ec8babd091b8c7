package cases

import (
	"context"
	"log"
	"time"

	kafkago "github.com/segmentio/kafka-go"
)

// commitEachLogged processes a message and commits it, returning the
// processing's error without committing.
func commitEachLogged(ctx context.Context, r *kafkago.Reader, m kafkago.Message) error {
	if err := apply(m); err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

// helperLogged logs the helper's error and takes the next message: the
// next commit passes the failed one.
func helperLogged(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-helper-logged", Topic: "t"}) // case: helperlogged
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := commitEachLogged(ctx, r, m); err != nil {
			log.Printf("skip %d: %v", m.Offset, err)
			continue
		}
	}
}

// commitEachRetried is commitEachLogged for helperRetried.
func commitEachRetried(ctx context.Context, r *kafkago.Reader, m kafkago.Message) error {
	if err := apply(m); err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

// helperRetried calls the helper again with the same message until it
// succeeds: nothing is skipped.
func helperRetried(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-helper-retried", Topic: "t"}) // case: helperretried
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for {
			if err := commitEachRetried(ctx, r, m); err != nil {
				log.Printf("retry %d: %v", m.Offset, err)
				time.Sleep(time.Second)
				continue
			}
			break
		}
	}
}

var _, _ = helperLogged, helperRetried

// commitEachMaybeRetried is commitEachLogged for helperMaybeRetried.
func commitEachMaybeRetried(ctx context.Context, r *kafkago.Reader, m kafkago.Message) error {
	if err := apply(m); err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

// helperMaybeRetried retries the message only when retry is set, and
// otherwise logs and takes the next one (dapr's consumer, whose binding
// turns retries off): the next commit passes the failed one.
func helperMaybeRetried(ctx context.Context, retry bool) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-helper-maybe-retried", Topic: "t"}) // case: helpermayberetried
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if retry {
			for commitEachMaybeRetried(ctx, r, m) != nil {
				time.Sleep(time.Second)
			}
		} else if err := commitEachMaybeRetried(ctx, r, m); err != nil {
			log.Printf("skip %d: %v", m.Offset, err)
		}
	}
}
