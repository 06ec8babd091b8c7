// Package sarama is a stub of github.com/IBM/sarama for analyzer tests: only
// what the client model names, with the real signatures (checked by
// internal/clientmodel's TestStubsMatchRealLibraries).
package sarama

import (
	"context"
	"time"
)

type ConsumerMessage struct {
	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
	Timestamp  time.Time
}

type Config struct {
	Producer struct {
		Return struct {
			Successes bool
			Errors    bool
		}
	}
	Consumer struct {
		Return struct {
			Errors bool
		}
		Offsets struct {
			AutoCommit struct {
				Enable   bool
				Interval time.Duration
			}
			Initial int64
		}
	}
}

const OffsetOldest int64 = -2

func NewConfig() *Config { return &Config{} }

type Client interface {
	Close() error
}

func NewClient(addrs []string, conf *Config) (Client, error) { return nil, nil }

type ConsumerGroup interface {
	Consume(ctx context.Context, topics []string, handler ConsumerGroupHandler) error
	Errors() <-chan error
	Close() error
}

func NewConsumerGroup(addrs []string, groupID string, config *Config) (ConsumerGroup, error) {
	return nil, nil
}

func NewConsumerGroupFromClient(groupID string, client Client) (ConsumerGroup, error) {
	return nil, nil
}

type ConsumerGroupSession interface {
	Claims() map[string][]int32
	MarkOffset(topic string, partition int32, offset int64, metadata string)
	ResetOffset(topic string, partition int32, offset int64, metadata string)
	Commit()
	MarkMessage(msg *ConsumerMessage, metadata string)
	Context() context.Context
}

type ConsumerGroupClaim interface {
	Topic() string
	Partition() int32
	Messages() <-chan *ConsumerMessage
}

type ConsumerGroupHandler interface {
	Setup(ConsumerGroupSession) error
	Cleanup(ConsumerGroupSession) error
	ConsumeClaim(ConsumerGroupSession, ConsumerGroupClaim) error
}
