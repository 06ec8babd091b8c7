// Package direct imports a Kafka client.
package direct

import "github.com/twmb/franz-go/pkg/kgo"

func New() (*kgo.Client, error) { return kgo.NewClient(kgo.ConsumerGroup("g")) }
