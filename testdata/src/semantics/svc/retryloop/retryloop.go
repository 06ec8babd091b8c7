// Package retryloop marks each message after a retried handler: one that
// gives up quietly, one that fails.
package retryloop

import (
	"context"
	"os"

	"github.com/IBM/sarama"

	"semantics/svc/retrykit"
)

func credit(ctx context.Context, key, value []byte) error {
	return os.WriteFile(string(key), value, 0o644)
}

type quiet struct{}

func (quiet) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (quiet) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (quiet) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	handle := retrykit.WithBackoff(credit, 3)
	for msg := range claim.Messages() {
		if err := handle(sess.Context(), msg.Key, msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

type strict struct{}

func (strict) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (strict) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (strict) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	handle := retrykit.Retry(credit, 3)
	for msg := range claim.Messages() {
		if err := handle(sess.Context(), msg.Key, msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func Run(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-quiet", sarama.NewConfig()) // case: retryquiet
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, quiet{})
}

func RunStrict(ctx context.Context) error {
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-strict", sarama.NewConfig()) // case: retrystrict
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, strict{})
}
