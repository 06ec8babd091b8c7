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
