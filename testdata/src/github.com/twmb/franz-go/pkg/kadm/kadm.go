// Package kadm is a stub of github.com/twmb/franz-go/pkg/kadm for analyzer
// tests, with the real signatures (checked by internal/clientmodel).
package kadm

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

type Client struct{}

func NewClient(cl *kgo.Client) *Client { return &Client{} }

type TopicID [16]byte

type Offset struct {
	Topic       string
	TopicID     TopicID
	Partition   int32
	At          int64
	LeaderEpoch int32
	Metadata    string
}

type Offsets map[string]map[int32]Offset

func (os *Offsets) Add(o Offset) {}

func NewOffsetFromRecord(record *kgo.Record) Offset { return Offset{} }
func OffsetsFromRecords(rs ...kgo.Record) Offsets   { return nil }
func OffsetsFromFetches(fs kgo.Fetches) Offsets     { return nil }

type OffsetResponse struct {
	Offset
	Err error
}

type OffsetResponses map[string]map[int32]OffsetResponse

func (os OffsetResponses) Error() error { return nil }
func (os OffsetResponses) Ok() bool     { return true }

func (cl *Client) CommitOffsets(ctx context.Context, group string, os Offsets) (OffsetResponses, error) {
	return nil, nil
}

func (cl *Client) CommitAllOffsets(ctx context.Context, group string, os Offsets) error {
	return nil
}
