package cases

import (
	"context"
	"errors"

	"github.com/IBM/sarama"
)

// entrySink is a pipeline stage of another package: it hands a channel
// its own goroutines drain.
type entrySink interface{ Chan() chan<- string }

// parsedHandler sends the entries a parser makes of each message to the
// sink, then marks the message.
type parsedHandler struct{ sink entrySink }

func (parsedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (parsedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h parsedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		entries, err := parseEntries(m)
		if err == nil {
			for _, e := range entries {
				h.sink.Chan() <- e
			}
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

func parseEntries(m *sarama.ConsumerMessage) ([]string, error) {
	if len(m.Value) == 0 {
		return nil, errors.New("empty")
	}
	return []string{string(m.Value)}, nil
}

func runParsedSend(ctx context.Context, sink entrySink) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-parsedsend", sarama.NewConfig()) // case: parsedsend
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, parsedHandler{sink: sink})
}

var _ = runParsedSend
