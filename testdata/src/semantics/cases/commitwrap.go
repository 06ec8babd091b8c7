package cases

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

// wrapCommit commits one message, logging a failed commit: a thin
// wrapper of the reader's CommitMessages.
func wrapCommit(ctx context.Context, r *kafkago.Reader, m kafkago.Message) {
	if err := r.CommitMessages(ctx, m); err != nil {
		log.Printf("commit %d: %v", m.Offset, err)
	}
}

// wrapHandle applies a message and commits it through the wrapper,
// returning early, without committing, when the apply fails.
func wrapHandle(ctx context.Context, r *kafkago.Reader, m kafkago.Message) {
	if err := apply(m); err != nil {
		log.Printf("apply %d: %v", m.Offset, err)
		return
	}
	wrapCommit(ctx, r, m)
}

// wrapperSkipped takes the next message after the handler returns: the
// next commit passes a message whose apply failed.
func wrapperSkipped(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-wrapper-skipped", Topic: "t"}) // case: wrapperskipped
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		wrapHandle(ctx, r, m)
	}
}

// wrapCommitErr commits one message and returns the commit's error.
func wrapCommitErr(ctx context.Context, r *kafkago.Reader, m kafkago.Message) error {
	return r.CommitMessages(ctx, m)
}

// wrapperStops returns on a failed apply: the message is replayed by the
// next run.
func wrapperStops(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-wrapper-stops", Topic: "t"}) // case: wrapperstops
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			return err
		}
		if err := wrapCommitErr(ctx, r, m); err != nil {
			return err
		}
	}
}

// closureSkipped commits through a closure and goes on to the next
// message when the apply fails: the next commit passes it.
func closureSkipped(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-closure-skipped", Topic: "t"}) // case: closureskipped
	commit := func(m kafkago.Message) {
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit %d: %v", m.Offset, err)
		}
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			log.Printf("apply %d: %v", m.Offset, err)
			continue
		}
		commit(m)
	}
}

// wrapperShared commits through wrapCommit too, on a reader of its own,
// and returns on a failed apply: wrapHandle's skip is another consumer's.
func wrapperShared(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-wrapper-shared", Topic: "t"}) // case: wrappershared
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			return err
		}
		wrapCommit(ctx, r, m)
	}
}

var _, _, _, _ = wrapperSkipped, wrapperStops, closureSkipped, wrapperShared
