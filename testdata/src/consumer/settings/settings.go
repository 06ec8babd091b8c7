// Package settings checks the settings the consumer model traces for each
// constructor call: struct fields, options, config maps, conditional and
// unknown values, opaque configs. Each want is the whole line the probe
// prints: constructor, then Settings.String(), then the settings set on
// some paths only.
package settings

import (
	"maps"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// saramaOff stores into a field of the builder's config.
func saramaOff() {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	_, _ = sarama.NewConsumerGroup(nil, "g", cfg) // want `^consumer sarama.NewConsumerGroup: auto-commit=false group=true$`
}

// saramaDefault sets nothing: only the constructor's fixed group.
func saramaDefault() {
	_, _ = sarama.NewConsumerGroup(nil, "g", sarama.NewConfig()) // want `^consumer sarama.NewConsumerGroup: group=true$`
}

// saramaCond disables auto-commit on one branch.
func saramaCond(manual bool) {
	cfg := sarama.NewConfig()
	if manual {
		cfg.Consumer.Offsets.AutoCommit.Enable = false
	}
	_, _ = sarama.NewConsumerGroup(nil, "g", cfg) // want `^consumer sarama.NewConsumerGroup: auto-commit=false group=true \(conditional: auto-commit\)$`
}

// saramaBoth sets different values on two branches: unknown.
func saramaBoth(manual bool) {
	cfg := sarama.NewConfig()
	if manual {
		cfg.Consumer.Offsets.AutoCommit.Enable = false
	} else {
		cfg.Consumer.Offsets.AutoCommit.Enable = true
	}
	_, _ = sarama.NewConsumerGroup(nil, "g", cfg) // want `^consumer sarama.NewConsumerGroup: auto-commit=\? group=true \(conditional: auto-commit\)$`
}

func manualConfig() *sarama.Config {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return cfg
}

// saramaHelper takes the config of an in-package helper.
func saramaHelper() {
	_, _ = sarama.NewConsumerGroup(nil, "g", manualConfig()) // want `^consumer sarama.NewConsumerGroup: auto-commit=false group=true$`
}

// SaramaParam's config comes from its callers, outside the package.
func SaramaParam(cfg *sarama.Config) {
	_, _ = sarama.NewConsumerGroup(nil, "g", cfg) // want `^consumer sarama.NewConsumerGroup: group=true opaque$`
}

// saramaFromClient builds the group from a client holding the config.
func saramaFromClient() {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	client, _ := sarama.NewClient(nil, cfg)
	_, _ = sarama.NewConsumerGroupFromClient("g", client) // want `^consumer sarama.NewConsumerGroupFromClient: auto-commit=false group=true$`
}

// franzArgs passes the options in the call.
func franzArgs() {
	_, _ = kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit()) // want `^consumer kgo.NewClient: auto-commit=false group=true$`
}

// franzSlice appends an option on one branch.
func franzSlice(greedy bool) {
	opts := []kgo.Opt{kgo.SeedBrokers("b"), kgo.ConsumerGroup("g")}
	if greedy {
		opts = append(opts, kgo.GreedyAutoCommit())
	}
	_, _ = kgo.NewClient(opts...) // want `^consumer kgo.NewClient: greedy=true group=true \(conditional: greedy\)$`
}

func groupOpts() []kgo.Opt {
	return []kgo.Opt{kgo.ConsumerGroup("g"), kgo.AutoCommitMarks()}
}

// franzManyBranches appends an option on each of forty branches, as
// option builders do: each branch's phi carries the elements of both
// edges, which must be kept once (doubling them ran out of memory).
func franzManyBranches(f [40]bool) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g")}
	if f[0] {
		opts = append(opts, kgo.SeedBrokers("b1"))
	}
	if f[1] {
		opts = append(opts, kgo.SeedBrokers("b2"))
	}
	if f[2] {
		opts = append(opts, kgo.SeedBrokers("b3"))
	}
	if f[3] {
		opts = append(opts, kgo.SeedBrokers("b4"))
	}
	if f[4] {
		opts = append(opts, kgo.SeedBrokers("b5"))
	}
	if f[5] {
		opts = append(opts, kgo.SeedBrokers("b6"))
	}
	if f[6] {
		opts = append(opts, kgo.SeedBrokers("b7"))
	}
	if f[7] {
		opts = append(opts, kgo.SeedBrokers("b8"))
	}
	if f[8] {
		opts = append(opts, kgo.SeedBrokers("b9"))
	}
	if f[9] {
		opts = append(opts, kgo.SeedBrokers("b10"))
	}
	if f[10] {
		opts = append(opts, kgo.SeedBrokers("b11"))
	}
	if f[11] {
		opts = append(opts, kgo.SeedBrokers("b12"))
	}
	if f[12] {
		opts = append(opts, kgo.SeedBrokers("b13"))
	}
	if f[13] {
		opts = append(opts, kgo.SeedBrokers("b14"))
	}
	if f[14] {
		opts = append(opts, kgo.SeedBrokers("b15"))
	}
	if f[15] {
		opts = append(opts, kgo.SeedBrokers("b16"))
	}
	if f[16] {
		opts = append(opts, kgo.SeedBrokers("b17"))
	}
	if f[17] {
		opts = append(opts, kgo.SeedBrokers("b18"))
	}
	if f[18] {
		opts = append(opts, kgo.SeedBrokers("b19"))
	}
	if f[19] {
		opts = append(opts, kgo.SeedBrokers("b20"))
	}
	if f[20] {
		opts = append(opts, kgo.SeedBrokers("b21"))
	}
	if f[21] {
		opts = append(opts, kgo.SeedBrokers("b22"))
	}
	if f[22] {
		opts = append(opts, kgo.SeedBrokers("b23"))
	}
	if f[23] {
		opts = append(opts, kgo.SeedBrokers("b24"))
	}
	if f[24] {
		opts = append(opts, kgo.SeedBrokers("b25"))
	}
	if f[25] {
		opts = append(opts, kgo.SeedBrokers("b26"))
	}
	if f[26] {
		opts = append(opts, kgo.SeedBrokers("b27"))
	}
	if f[27] {
		opts = append(opts, kgo.SeedBrokers("b28"))
	}
	if f[28] {
		opts = append(opts, kgo.SeedBrokers("b29"))
	}
	if f[29] {
		opts = append(opts, kgo.SeedBrokers("b30"))
	}
	if f[30] {
		opts = append(opts, kgo.SeedBrokers("b31"))
	}
	if f[31] {
		opts = append(opts, kgo.SeedBrokers("b32"))
	}
	if f[32] {
		opts = append(opts, kgo.SeedBrokers("b33"))
	}
	if f[33] {
		opts = append(opts, kgo.SeedBrokers("b34"))
	}
	if f[34] {
		opts = append(opts, kgo.SeedBrokers("b35"))
	}
	if f[35] {
		opts = append(opts, kgo.SeedBrokers("b36"))
	}
	if f[36] {
		opts = append(opts, kgo.SeedBrokers("b37"))
	}
	if f[37] {
		opts = append(opts, kgo.SeedBrokers("b38"))
	}
	if f[38] {
		opts = append(opts, kgo.SeedBrokers("b39"))
	}
	if f[39] {
		opts = append(opts, kgo.SeedBrokers("b40"))
	}
	opts = append(opts, kgo.DisableAutoCommit())
	_, _ = kgo.NewClient(opts...) // want `^consumer kgo.NewClient: auto-commit=false group=true$`
}

// franzHelper appends to an in-package helper's options.
func franzHelper() {
	_, _ = kgo.NewClient(append(groupOpts(), kgo.BlockRebalanceOnPoll())...) // want `^consumer kgo.NewClient: block-rebalance=true group=true marks-only=true$`
}

// FranzParam's options come from its callers.
func FranzParam(opts ...kgo.Opt) {
	_, _ = kgo.NewClient(opts...) // want `^consumer kgo.NewClient: opaque$`
}

// confluentLiteral sets a key to a string librdkafka reads as a boolean.
func confluentLiteral() {
	_, _ = kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": "false"}) // want `^consumer kafka.NewConsumer: auto-commit=false$`
}

// confluentSetters sets keys with SetKey and an index expression.
func confluentSetters() {
	cfg := &kafka.ConfigMap{"group.id": "g"}
	_ = cfg.SetKey("enable.auto.offset.store", false)
	(*cfg)["enable.auto.commit"] = true
	_, _ = kafka.NewConsumer(cfg) // want `^consumer kafka.NewConsumer: auto-commit=true auto-store=false$`
}

// confluentKey sets a key the analysis cannot read: any knob may be set.
func confluentKey(key string) {
	cfg := &kafka.ConfigMap{"group.id": "g"}
	_ = cfg.SetKey(key, false)
	_, _ = kafka.NewConsumer(cfg) // want `^consumer kafka.NewConsumer: opaque$`
}

// confluentValue sets a knob to a value the analysis cannot read.
func confluentValue(on bool) {
	_, _ = kafka.NewConsumer(&kafka.ConfigMap{"enable.auto.commit": on}) // want `^consumer kafka.NewConsumer: auto-commit=\?$`
}

// confluentSetterPtr fills a pointer map through a setter closure (issue
// #17): each call of the closure sets its key.
func confluentSetterPtr() {
	cfg := &kafka.ConfigMap{}
	set := func(k, v string) {
		_ = cfg.SetKey(k, v)
	}
	set("group.id", "g")
	set("enable.auto.offset.store", "false")
	set("enable.auto.commit", "true")
	_, _ = kafka.NewConsumer(cfg) // want `^consumer kafka.NewConsumer: auto-commit=true auto-store=false$`
}

// confluentSetterValue fills a map value through a setter taking a
// ConfigValue, on one path only; a setter with a constant key takes the
// value of each call.
func confluentSetterValue(manual bool) {
	cm := kafka.ConfigMap{}
	set := func(k string, v kafka.ConfigValue) {
		_ = cm.SetKey(k, v)
	}
	storeOff := func(v string) {
		_ = cm.SetKey("enable.auto.offset.store", v)
	}
	set("group.id", "g")
	if manual {
		set("enable.auto.commit", false)
	}
	storeOff("false")
	_, _ = kafka.NewConsumer(&cm) // want `^consumer kafka.NewConsumer: auto-commit=false auto-store=false \(conditional: auto-commit\)$`
}

// confluentSetterEscapes hands its setter to a function whose calls of it
// are out of sight: any knob may be set.
func confluentSetterEscapes(configure func(func(k, v string))) {
	cfg := &kafka.ConfigMap{}
	set := func(k, v string) {
		_ = cfg.SetKey(k, v)
	}
	set("enable.auto.offset.store", "false")
	configure(set)
	_, _ = kafka.NewConsumer(cfg) // want `^consumer kafka.NewConsumer: opaque$`
}

// Package-level maps: an unexported variable's initialiser counts, and
// keys set on it in a function override it; an exported one (other
// packages may set its keys) and a reassigned one are opaque.
var (
	globalMap      = kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": "false"}
	globalPtr      = &kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false}
	GlobalExported = kafka.ConfigMap{"group.id": "g"}
	globalAssigned = kafka.ConfigMap{"group.id": "g"}
)

func confluentGlobals(other kafka.ConfigMap) {
	_, _ = kafka.NewConsumer(&globalMap) // want `^consumer kafka.NewConsumer: auto-store=false$`
	_ = globalPtr.SetKey("enable.auto.commit", true)
	_, _ = kafka.NewConsumer(globalPtr)       // want `^consumer kafka.NewConsumer: auto-commit=true$`
	_, _ = kafka.NewConsumer(&GlobalExported) // want `^consumer kafka.NewConsumer: opaque$`
	globalAssigned = other
	_, _ = kafka.NewConsumer(&globalAssigned) // want `^consumer kafka.NewConsumer: opaque$`
	// A copy starts from the map's settings; keys set on it are its own.
	cp := maps.Clone(globalMap)
	_ = cp.SetKey("enable.auto.commit", false)
	_, _ = kafka.NewConsumer(&cp)        // want `^consumer kafka.NewConsumer: auto-commit=false auto-store=false$`
	_, _ = kafka.NewConsumer(&globalMap) // want `^consumer kafka.NewConsumer: auto-store=false$`
}

// kafkagoGroup sets non-boolean knob fields: set when not zero.
func kafkagoGroup() {
	_ = kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g", CommitInterval: time.Second}) // want `^consumer kafka-go.NewReader: async-commit=true group=true$`
	// An explicit zero is the zero value: commits stay synchronous.
	_ = kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g", CommitInterval: 0}) // want `^consumer kafka-go.NewReader: async-commit=false group=true$`
}

// kafkagoNoGroup sets GroupID to its zero value.
func kafkagoNoGroup() {
	_ = kafkago.NewReader(kafkago.ReaderConfig{Topic: "t", GroupID: ""}) // want `^consumer kafka-go.NewReader: group=false$`
}
