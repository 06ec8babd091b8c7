// Package kafka is a stub of github.com/segmentio/kafka-go for analyzer
// tests, with the real signatures (checked by internal/clientmodel).
package kafka

import (
	"context"
	"time"
)

type Message struct {
	Topic     string
	Partition int
	Offset    int64
	Key       []byte
	Value     []byte
	Time      time.Time
}

type ReaderConfig struct {
	Brokers        []string
	GroupID        string
	GroupTopics    []string
	Topic          string
	Partition      int
	CommitInterval time.Duration
	StartOffset    int64
}

const (
	LastOffset  int64 = -1
	FirstOffset int64 = -2
)

type Reader struct{}

func NewReader(config ReaderConfig) *Reader { return &Reader{} }

func (r *Reader) Close() error                                              { return nil }
func (r *Reader) ReadMessage(ctx context.Context) (Message, error)          { return Message{}, nil }
func (r *Reader) FetchMessage(ctx context.Context) (Message, error)         { return Message{}, nil }
func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }
func (r *Reader) SetOffset(offset int64) error                              { return nil }
func (r *Reader) Config() ReaderConfig                                      { return ReaderConfig{} }
func (r *Reader) Stats() ReaderStats                                        { return ReaderStats{} }

// ReaderStats is a snapshot of a reader's counters.
type ReaderStats struct{ Lag int64 }

// Error is a Kafka error code (error.go).
type Error int

func (e Error) Error() string { return "" }

const (
	IllegalGeneration   Error = 22
	UnknownMemberId     Error = 25
	RebalanceInProgress Error = 27
	FencedInstanceID    Error = 82
)
