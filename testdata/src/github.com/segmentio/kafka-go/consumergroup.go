package kafka

// The low-level group API (consumergroup.go): a generation's partitions
// are read by readers outside the group, started with Generation.Start, and
// committed with Generation.CommitOffsets.

import "context"

type ConsumerGroupConfig struct {
	ID      string
	Brokers []string
	Topics  []string
}

type ConsumerGroup struct{}

func NewConsumerGroup(config ConsumerGroupConfig) (*ConsumerGroup, error) {
	return &ConsumerGroup{}, nil
}

func (cg *ConsumerGroup) Close() error                                  { return nil }
func (cg *ConsumerGroup) Next(ctx context.Context) (*Generation, error) { return &Generation{}, nil }

type PartitionAssignment struct {
	ID     int
	Offset int64
}

type Generation struct {
	ID          int32
	GroupID     string
	MemberID    string
	Assignments map[string][]PartitionAssignment
}

func (g *Generation) Start(fn func(ctx context.Context))                   {}
func (g *Generation) CommitOffsets(offsets map[string]map[int]int64) error { return nil }
