package cases

import (
	"context"
	"encoding/json"
	"os"

	"github.com/IBM/sarama"
)

// runSetThenDecoded turns auto-commit off, then decodes the operator's
// JSON over the config: the JSON may turn it back on.
func runSetThenDecoded(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	if err := json.Unmarshal([]byte(os.Getenv("SARAMA")), cfg); err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-setdecoded", cfg) // case: setthendecoded
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// runDecodedThenSet is its twin: the setting comes after the decode, so
// it is the one that holds (auto-commit off, nothing commits the marks).
func runDecodedThenSet(ctx context.Context) error {
	cfg := sarama.NewConfig()
	if err := json.Unmarshal([]byte(os.Getenv("SARAMA")), cfg); err != nil {
		return err
	}
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-decodedset", cfg) // case: decodedthenset
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

var _, _ = runSetThenDecoded, runDecodedThenSet
