// Package cluster is a stub of github.com/bsm/sarama-cluster (v2.1.15), a
// consumer-group library for sarama that commitlint does not model:
// only what testdata/src/report/unmodelled uses.
package cluster

// Config is the consumer's configuration.
type Config struct{}

// NewConfig returns a configuration with the defaults.
func NewConfig() *Config { return &Config{} }

// Message is a consumed message.
type Message struct {
	Topic     string
	Partition int32
	Offset    int64
	Value     []byte
}

// Consumer consumes a group's partitions.
type Consumer struct{ messages chan *Message }

// NewConsumer joins group for topics.
func NewConsumer(addrs []string, group string, topics []string, config *Config) (*Consumer, error) {
	return &Consumer{messages: make(chan *Message)}, nil
}

// Messages returns the messages of every partition.
func (c *Consumer) Messages() <-chan *Message { return c.messages }

// MarkOffset marks msg as processed; the marks are committed every
// Consumer.Offsets.CommitInterval.
func (c *Consumer) MarkOffset(msg *Message, metadata string) {}
