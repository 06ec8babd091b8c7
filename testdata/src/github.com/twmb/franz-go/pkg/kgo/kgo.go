// Package kgo is a stub of github.com/twmb/franz-go/pkg/kgo for analyzer
// tests, with the real signatures (checked by internal/clientmodel).
package kgo

import (
	"context"
	"iter"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

type cfg struct{}

type Opt interface {
	apply(*cfg)
}

type GroupOpt interface {
	Opt
	groupOpt()
}

type ConsumerOpt interface {
	Opt
	consumerOpt()
}

type opt struct{}

func (opt) apply(*cfg)   {}
func (opt) groupOpt()    {}
func (opt) consumerOpt() {}

func SeedBrokers(seeds ...string) Opt                    { return opt{} }
func ConsumeTopics(topics ...string) ConsumerOpt         { return opt{} }
func ConsumerGroup(group string) GroupOpt                { return opt{} }
func DisableAutoCommit() GroupOpt                        { return opt{} }
func GreedyAutoCommit() GroupOpt                         { return opt{} }
func AutoCommitMarks() GroupOpt                          { return opt{} }
func AutoCommitInterval(interval time.Duration) GroupOpt { return opt{} }
func BlockRebalanceOnPoll() GroupOpt                     { return opt{} }

type GroupBalancer interface {
	ProtocolName() string
}

type balancer struct{}

func (balancer) ProtocolName() string { return "" }

func Balancers(balancers ...GroupBalancer) GroupOpt { return opt{} }
func RangeBalancer() GroupBalancer                  { return balancer{} }
func RoundRobinBalancer() GroupBalancer             { return balancer{} }
func StickyBalancer() GroupBalancer                 { return balancer{} }
func CooperativeStickyBalancer() GroupBalancer      { return balancer{} }

func AdjustFetchOffsetsFn(adjustOffsetsBeforeAssign func(context.Context, map[string]map[int32]Offset) (map[string]map[int32]Offset, error)) GroupOpt {
	return opt{}
}

type Offset struct {
	at    int64
	epoch int32
}

func ConsumeStartOffset(offset Offset) ConsumerOpt { return opt{} }
func ConsumeResetOffset(offset Offset) ConsumerOpt { return opt{} }

func NewOffset() Offset             { return Offset{at: -1, epoch: -1} }
func (o Offset) At(at int64) Offset { o.at = at; return o }
func (o Offset) AtStart() Offset    { o.at = -2; return o }
func (o Offset) AtEnd() Offset      { o.at = -1; return o }

type Record struct {
	Key         []byte
	Value       []byte
	Topic       string
	Partition   int32
	Offset      int64
	LeaderEpoch int32
	Timestamp   time.Time
}

type FetchPartition struct {
	Partition int32
	Err       error
	Records   []*Record
}

type FetchTopicPartition struct {
	Topic string
	FetchPartition
}

func (r *FetchTopicPartition) EachRecord(fn func(*Record)) {}

type FetchTopic struct {
	Topic string
}

type Fetch struct {
	Topics []FetchTopic
}

type Fetches []Fetch

func (fs Fetches) IsClientClosed() bool                       { return false }
func (fs Fetches) Err() error                                 { return nil }
func (fs Fetches) Errors() []FetchError                       { return nil }
func (fs Fetches) EachError(fn func(string, int32, error))    {}
func (fs Fetches) EachPartition(fn func(FetchTopicPartition)) {}
func (fs Fetches) EachRecord(fn func(*Record))                {}
func (fs Fetches) Records() []*Record                         { return nil }
func (fs Fetches) RecordsAll() iter.Seq[*Record]              { return func(func(*Record) bool) {} }
func (fs Fetches) Empty() bool                                { return true }

// ErrClientClosed is returned in fetches when the client is closed.
var ErrClientClosed error

type EpochOffset struct {
	Epoch  int32
	Offset int64
}

type Client struct{}

func NewClient(opts ...Opt) (*Client, error) { return &Client{}, nil }

func (cl *Client) Close()                                                      {}
func (cl *Client) PollFetches(ctx context.Context) Fetches                     { return nil }
func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }
func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error      { return nil }
func (cl *Client) CommitUncommittedOffsets(ctx context.Context) error          { return nil }
func (cl *Client) CommitMarkedOffsets(ctx context.Context) error               { return nil }
func (cl *Client) MarkCommitRecords(rs ...*Record)                             {}
func (cl *Client) MarkCommitOffsets(unmarked map[string]map[int32]EpochOffset) {}

// CommitOffsets commits uncommitted in the background; an empty map
// commits nothing.
func (cl *Client) CommitOffsets(ctx context.Context, uncommitted map[string]map[int32]EpochOffset, onDone func(*Client, *kmsg.OffsetCommitRequest, *kmsg.OffsetCommitResponse, error)) {
}

// SetOffsets sets where the next fetch of each partition starts.
func (cl *Client) SetOffsets(setOffsets map[string]map[int32]EpochOffset) {}

// FetchError is an error of one partition in a fetch.
type FetchError struct {
	Topic     string
	Partition int32
	Err       error
}
