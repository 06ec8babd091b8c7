// Package ordering is the ordering analyzer's half of the plugin test: a
// commit before the record is processed by sink.Send, which ordering
// reports unless ordering.ignore names the sink package.
package ordering

import (
	"context"

	"github.com/segmentio/kafka-go"

	"settings/sink"
)

// commitFirst commits before sink.Send; ordering reports it unless
// ordering.ignore names the sink package.
func commitFirst(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, msg); err != nil { // want `call to CommitMessages before the`
			return err
		}
		if err := sink.Send(msg.Value); err != nil {
			return err
		}
	}
}
