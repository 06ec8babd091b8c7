// Package kafka is a stub of github.com/confluentinc/confluent-kafka-go/kafka
// for analyzer tests, with the real signatures (checked by
// internal/clientmodel). Same as the v2 stub.
package kafka

import "time"

type ConfigValue interface{}

type ConfigMap map[string]ConfigValue

func (m ConfigMap) SetKey(key string, value ConfigValue) error { return nil }

type Offset int64

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

func (e Error) Error() string  { return "" }
func (e Error) String() string { return "" }
func (e Error) IsFatal() bool  { return false }

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
