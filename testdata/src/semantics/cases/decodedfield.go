package cases

import (
	"context"
	"encoding/json"
	"os"

	"github.com/IBM/sarama"
)

// runSetThenFieldDecoded turns auto-commit off, then decodes the
// operator's JSON over the consumer section: the JSON may turn it back on.
func runSetThenFieldDecoded(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	if err := json.Unmarshal([]byte(os.Getenv("SARAMA_CONSUMER")), &cfg.Consumer); err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-fielddecoded", cfg) // case: setthenfielddecoded
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// runSetThenProducerDecoded is its twin: the JSON fills the producer section
// only, which holds no commit knob, so auto-commit stays off.
func runSetThenProducerDecoded(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	if err := json.Unmarshal([]byte(os.Getenv("SARAMA_PRODUCER")), &cfg.Producer); err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-producerdecoded", cfg) // case: setthenproducerdecoded
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// loadOverrides decodes the operator's overrides into whatever it is
// given.
func loadOverrides(into any) error {
	return json.Unmarshal([]byte(os.Getenv("SARAMA_OVERRIDES")), into)
}

// runSetThenLoaded turns auto-commit off, then has a helper decode the
// operator's overrides over the whole config.
func runSetThenLoaded(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	if err := loadOverrides(cfg); err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-setloaded", cfg) // case: setthenloaded
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// runLoadedThenSet is its twin: the setting comes after the helper's
// decode, so it holds.
func runLoadedThenSet(ctx context.Context) error {
	cfg := sarama.NewConfig()
	if err := loadOverrides(cfg); err != nil {
		return err
	}
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-loadedset", cfg) // case: loadedthenset
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

var _, _, _, _ = runSetThenFieldDecoded, runSetThenProducerDecoded, runSetThenLoaded, runLoadedThenSet
