// Package kafka is a stub of github.com/confluentinc/confluent-kafka-go/v2/kafka
// for analyzer tests, with the real signatures (checked by
// internal/clientmodel). The v1 stub is the same file with the v1 path.
package kafka

import "time"

type ConfigValue interface{}

type ConfigMap map[string]ConfigValue

func (m ConfigMap) SetKey(key string, value ConfigValue) error { return nil }

type Offset int64

// OffsetBeginning is the earliest offset (logical).
const OffsetBeginning = Offset(-2)

type TopicPartition struct {
	Topic     *string
	Partition int32
	Offset    Offset
	Error     error
}

type Message struct {
	TopicPartition TopicPartition
	Value          []byte
	Key            []byte
}

func (m *Message) String() string { return "" }

type Event interface {
	String() string
}

type Error struct{}

func (e Error) Error() string   { return "" }
func (e Error) String() string  { return "" }
func (e Error) IsFatal() bool   { return false }
func (e Error) IsTimeout() bool { return false }

type RebalanceCb func(*Consumer, Event) error

type Consumer struct{}

func NewConsumer(conf *ConfigMap) (*Consumer, error) { return &Consumer{}, nil }

func (c *Consumer) Close() (err error)                                                   { return nil }
func (c *Consumer) SubscribeTopics(topics []string, rebalanceCb RebalanceCb) (err error) { return nil }
func (c *Consumer) Poll(timeoutMs int) (event Event)                                     { return nil }
func (c *Consumer) Events() chan Event                                                   { return nil }
func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error)                  { return nil, nil }
func (c *Consumer) Commit() ([]TopicPartition, error)                                    { return nil, nil }
func (c *Consumer) CommitMessage(m *Message) ([]TopicPartition, error)                   { return nil, nil }
func (c *Consumer) CommitOffsets(offsets []TopicPartition) ([]TopicPartition, error) {
	return nil, nil
}
func (c *Consumer) StoreMessage(m *Message) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) StoreOffsets(offsets []TopicPartition) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}
