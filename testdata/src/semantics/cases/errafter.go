package cases

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

// errChecked commits each message before looking at whether its apply
// failed (kubeless's shape, a send then a mark): the failed message is
// committed all the same.
func errChecked(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-err-after", Topic: "t"}) // case: errafter
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		err = apply(m)
		if cerr := r.CommitMessages(ctx, m); cerr != nil {
			return
		}
		if err != nil {
			log.Printf("apply %d: %v", m.Offset, err)
		}
	}
}

// errFirst is errChecked's twin checking the error before the commit,
// and stopping on it.
func errFirst(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-err-first", Topic: "t"}) // case: errfirst
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		err = apply(m)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _, _ = errChecked, errFirst
