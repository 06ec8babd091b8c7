package cases

import (
	"context"

	"github.com/IBM/sarama"
)

// FieldOptions is a library's consumer configuration: Options is the
// caller's sarama config, defaulted when left nil (Financial-Times'
// kafka-client-go).
type FieldOptions struct {
	Group   string
	Options *sarama.Config
}

// NewFieldConsumer is exported: its callers elsewhere may pass a config
// with auto-commit off, which the default below does not show.
func NewFieldConsumer(ctx context.Context, cfg FieldOptions) error {
	if cfg.Options == nil {
		cfg.Options = sarama.NewConfig()
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, cfg.Group, cfg.Options) // case: callerfield
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// newFieldConsumer is its twin, called only here with no config: the
// default is the configuration.
func newFieldConsumer(ctx context.Context, cfg FieldOptions) error {
	if cfg.Options == nil {
		cfg.Options = sarama.NewConfig()
	}
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, cfg.Group, cfg.Options) // case: callerfieldown
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

func runFieldConsumer(ctx context.Context) error {
	return newFieldConsumer(ctx, FieldOptions{Group: "g-own"})
}

var _ = runFieldConsumer

// NewFieldConsumerOwn is exported too, but sets the field itself on every
// path before reading it: the callers' config is not what is used.
func NewFieldConsumerOwn(ctx context.Context, cfg FieldOptions) error {
	cfg.Options = sarama.NewConfig()
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, cfg.Group, cfg.Options) // case: callerfieldset
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}

// withDefaults completes the caller's config, or makes one.
func withDefaults(c *sarama.Config) *sarama.Config {
	d := sarama.NewConfig()
	if c != nil {
		d.Consumer.Offsets = c.Consumer.Offsets
	}
	return d
}

// NewFieldConsumerDefaults overwrites the field with a value computed from
// it: what the caller set there still decides.
func NewFieldConsumerDefaults(ctx context.Context, cfg FieldOptions) error {
	cfg.Options = withDefaults(cfg.Options)
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, cfg.Group, cfg.Options) // case: callerfielddefaults
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, nilCfgHandler{})
}
