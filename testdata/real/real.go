// Package real imports every client library the client model describes, so
// that tests can resolve the model against the real, pinned APIs.
package real

import (
	_ "github.com/IBM/sarama"
	_ "github.com/Shopify/sarama"
	_ "github.com/confluentinc/confluent-kafka-go/kafka"
	_ "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	_ "github.com/elastic/sarama"
	_ "github.com/segmentio/kafka-go"
	_ "github.com/twmb/franz-go/pkg/kadm"
	_ "github.com/twmb/franz-go/pkg/kerr"
	_ "github.com/twmb/franz-go/pkg/kgo"
)
