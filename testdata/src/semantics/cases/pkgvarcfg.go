package cases

import (
	"context"
	"encoding/json"
	"os"

	"github.com/IBM/sarama"
)

// defaultGroupConfig is a config no code sets: nil, so the constructor
// helper falls back to sarama's defaults.
var defaultGroupConfig *sarama.Config

// flagGroupConfig is decoded from the environment.
var flagGroupConfig *sarama.Config

// ExportedGroupConfig may be set by any importer.
var ExportedGroupConfig *sarama.Config

func withFallback(cfg *sarama.Config, group string) (sarama.ConsumerGroup, error) {
	if cfg == nil {
		cfg = sarama.NewConfig()
	}
	return sarama.NewConsumerGroup([]string{"k:9092"}, group, cfg) // case: pkgvarcfg
}

func runPkgVarCfg(ctx context.Context) error {
	g, err := withFallback(defaultGroupConfig, "g-pkgvar")
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

func withFallbackFlag(cfg *sarama.Config, group string) (sarama.ConsumerGroup, error) {
	if cfg == nil {
		cfg = sarama.NewConfig()
	}
	return sarama.NewConsumerGroup([]string{"k:9092"}, group, cfg) // case: pkgvarflag
}

func runPkgVarFlag(ctx context.Context) error {
	if err := json.Unmarshal([]byte(os.Getenv("SARAMA")), &flagGroupConfig); err != nil {
		return err
	}
	g, err := withFallbackFlag(flagGroupConfig, "g-pkgvarflag")
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

func withFallbackExported(cfg *sarama.Config, group string) (sarama.ConsumerGroup, error) {
	if cfg == nil {
		cfg = sarama.NewConfig()
	}
	return sarama.NewConsumerGroup([]string{"k:9092"}, group, cfg) // case: pkgvarexported
}

func runPkgVarExported(ctx context.Context) error {
	g, err := withFallbackExported(ExportedGroupConfig, "g-pkgvarexp")
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

var _, _, _ = runPkgVarCfg, runPkgVarFlag, runPkgVarExported
