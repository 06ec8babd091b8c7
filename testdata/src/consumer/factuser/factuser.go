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
