package cases

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/IBM/sarama"
)

// runDecodedCfg decodes the operator's JSON into sarama's defaults: any
// field, auto-commit included, may be set at run time.
func runDecodedCfg(ctx context.Context) error {
	cfg := sarama.NewConfig()
	if err := json.Unmarshal([]byte(os.Getenv("SARAMA")), cfg); err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-decoded", cfg) // case: decodedcfg
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// runPrintedCfg only prints the defaults it uses.
func runPrintedCfg(ctx context.Context) error {
	cfg := sarama.NewConfig()
	fmt.Printf("sarama: %+v\n", cfg)
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-printed", cfg) // case: printedcfg
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

var _, _ = runDecodedCfg, runPrintedCfg

// loadInto decodes the operator's JSON into v.
func loadInto(name string, v any) error { return json.Unmarshal([]byte(os.Getenv(name)), v) }

// runHelperDecodedCfg decodes into the defaults through a helper of the
// package, and into one of their fields.
func runHelperDecodedCfg(ctx context.Context) error {
	cfg := sarama.NewConfig()
	if err := loadInto("SARAMA", cfg); err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-helperdecoded", cfg) // case: helperdecodedcfg
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

func runFieldDecodedCfg(ctx context.Context) error {
	cfg := sarama.NewConfig()
	if err := json.Unmarshal([]byte(os.Getenv("SARAMA_CONSUMER")), &cfg.Consumer); err != nil {
		return err
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-fielddecoded", cfg) // case: fielddecodedcfg
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// runMarshaledCfg only encodes the defaults it uses.
func runMarshaledCfg(ctx context.Context) error {
	cfg := sarama.NewConfig()
	if b, err := json.Marshal(cfg); err == nil {
		fmt.Println(string(b))
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-marshaled", cfg) // case: marshaledcfg
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

var _, _, _ = runHelperDecodedCfg, runFieldDecodedCfg, runMarshaledCfg
