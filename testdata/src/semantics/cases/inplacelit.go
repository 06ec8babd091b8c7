package cases

import (
	"context"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

// inPlaceLogged runs, in place, the function literal a goroutine used to
// run (as the fix of a goroutine per message leaves it), which logs a
// failed apply and returns: the commit after it passes the message
// (audit 37c/D2: at-least-once).
func inPlaceLogged(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-inplace-logged", Topic: "t"}) // case: inplacelogged
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		func() {
			if err := apply(m); err != nil {
				log.Printf("apply %d: %v", m.Offset, err)
			}
		}()
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

// inPlaceReturned is inPlaceLogged with the literal's failure returned,
// and the loop stopping on it: nothing is skipped.
func inPlaceReturned(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-inplace-returned", Topic: "t"}) // case: inplacereturned
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := func() error {
			if err := apply(m); err != nil {
				log.Printf("apply %d: %v", m.Offset, err)
				return err
			}
			return nil
		}(); err != nil {
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}
