// Package factuser builds consumers from consumer/facts' helpers: their
// settings come from the helpers' facts.
package factuser

import (
	"consumer/facts"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

func user() {
	_, _ = sarama.NewConsumerGroup(facts.Brokers(), "g", facts.Manual()) // want `^consumer sarama.NewConsumerGroup: auto-commit=false group=true$`
	_, _ = kgo.NewClient(facts.Opts(true)...)                            // want `^consumer kgo.NewClient: greedy=true group=true \(conditional: greedy\)$`
	_, _ = kafka.NewConsumer(facts.Map(nil))                             // want `^consumer kafka.NewConsumer: opaque$`
}

// overridden sets keys on the maps the helpers return: a key set after the
// helper replaces the fact's value, and counts on an opaque map too.
func overridden(cond bool) {
	v := facts.Values()
	_ = v.SetKey("enable.auto.commit", true)
	_, _ = kafka.NewConsumer(&v) // want `^consumer kafka.NewConsumer: auto-commit=true$`
	m := facts.Map(nil)
	_ = m.SetKey("enable.auto.offset.store", false)
	_, _ = kafka.NewConsumer(m) // want `^consumer kafka.NewConsumer: auto-store=false opaque$`
	w := facts.Values()
	if cond {
		_ = w.SetKey("enable.auto.commit", true)
	}
	_, _ = kafka.NewConsumer(&w) // want `^consumer kafka.NewConsumer: auto-commit=\? \(conditional: auto-commit\)$`
}
