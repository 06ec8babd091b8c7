package cases

import (
	"context"
	"time"

	"github.com/IBM/sarama"
)

// groupOption adjusts a sarama config.
type groupOption func(*sarama.Config)

// withCommitInterval sets the auto-commit interval.
func withCommitInterval(d time.Duration) groupOption {
	return func(c *sarama.Config) { c.Consumer.Offsets.AutoCommit.Interval = d }
}

// withOldest starts new groups at the oldest offset.
func withOldest() groupOption {
	return func(c *sarama.Config) { c.Consumer.Offsets.Initial = sarama.OffsetOldest }
}

// newOptionGroup applies the options its caller passes: one of them may
// set the interval (audit 41b/D7: the row said the default 1s).
func newOptionGroup(opts ...groupOption) (sarama.ConsumerGroup, error) {
	cfg := sarama.NewConfig()
	for _, o := range opts {
		o(cfg)
	}
	return sarama.NewConsumerGroup([]string{"k:9092"}, "g-option-interval", cfg) // case: optioninterval
}

type optionHandler struct{}

func (optionHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (optionHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (optionHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func runOptionGroup(ctx context.Context) error {
	g, err := newOptionGroup(withOldest(), withCommitInterval(200*time.Millisecond))
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, optionHandler{})
}

var _ = runOptionGroup
