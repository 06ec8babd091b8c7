package cases

import (
	"context"
	"errors"
	"os"

	"github.com/IBM/sarama"
)

// nilOnError returns a nil config with an error on one path: its caller
// returns on the error, and nothing sets auto-commit on the other path.
func nilOnError(tls bool) (*sarama.Config, error) {
	cfg := sarama.NewConfig()
	if tls {
		if os.Getenv("CERT") == "" {
			return nil, errors.New("no certificate")
		}
		cfg.Consumer.Return.Errors = true
	}
	return cfg, nil
}

type nilCfgHandler struct{}

func (nilCfgHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (nilCfgHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (nilCfgHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := apply(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

func runNilOnError(ctx context.Context) error {
	cfg, err := nilOnError(os.Getenv("TLS") != "")
	if err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-nilcfg", cfg) // case: nilcfg
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

var _ = runNilOnError
