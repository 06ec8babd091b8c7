// Package resultchan marks each message between a goroutine saving it,
// whose result comes back on a channel, and the check of that result
// (fix-quality hunt 44x/D2: the fix dropping the go keyword left the mark
// before the check; 4 of 4 failed messages lost after -fix).
package resultchan

import (
	"context"
	"os"

	"github.com/IBM/sarama"
)

func save(ctx context.Context, v []byte) error { return os.WriteFile("/tmp/v", v, 0o644) }

// Ledger saves each message of its claims.
type Ledger struct{}

func (Ledger) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Ledger) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (Ledger) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		done := make(chan error, 1)
		go func(m *sarama.ConsumerMessage) {
			done <- save(sess.Context(), m.Value)
		}(msg)
		sess.MarkMessage(msg, "") // want `call to MarkMessage`
		if err := <-done; err != nil {
			return err
		}
	}
	return nil
}

// Checked marks each message once the result is checked.
type Checked struct{}

func (Checked) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Checked) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (Checked) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		done := make(chan error, 1)
		go func(m *sarama.ConsumerMessage) {
			done <- save(sess.Context(), m.Value)
		}(msg)
		err := <-done
		if err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func run(ctx context.Context, g sarama.ConsumerGroup) {
	_ = g.Consume(ctx, []string{"t"}, Ledger{})
	_ = g.Consume(ctx, []string{"t"}, Checked{})
}

var _ = run
