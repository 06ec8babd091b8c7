package kafka

// Declarations used by the fencing analyzer's tests (rebalance callbacks,
// transactional producers, error codes), with the real signatures.

import "context"

type ErrorCode int

const (
	ErrIllegalGeneration    ErrorCode = 22
	ErrUnknownMemberID      ErrorCode = 25
	ErrRebalanceInProgress  ErrorCode = 27
	ErrInvalidProducerEpoch ErrorCode = 47
	ErrFencedInstanceID     ErrorCode = 82
	ErrProducerFenced       ErrorCode = 90
	ErrAssignmentLost       ErrorCode = -142
)

func (e Error) Code() ErrorCode        { return 0 }
func (e Error) TxnRequiresAbort() bool { return false }

type AssignedPartitions struct {
	Partitions []TopicPartition
}

func (e AssignedPartitions) String() string { return "" }

type RevokedPartitions struct {
	Partitions []TopicPartition
}

func (e RevokedPartitions) String() string { return "" }

func (c *Consumer) Subscribe(topic string, rebalanceCb RebalanceCb) error { return nil }
func (c *Consumer) Assign(partitions []TopicPartition) (err error)        { return nil }
func (c *Consumer) Unassign() (err error)                                 { return nil }
func (c *Consumer) IncrementalAssign(partitions []TopicPartition) (err error) {
	return nil
}
func (c *Consumer) Seek(partition TopicPartition, timeoutMs int) error { return nil }
func (c *Consumer) AssignmentLost() bool                               { return false }
func (c *Consumer) GetRebalanceProtocol() string                       { return "" }

type ConsumerGroupMetadata struct{}

func (c *Consumer) GetConsumerGroupMetadata() (*ConsumerGroupMetadata, error) { return nil, nil }

type Producer struct{}

func NewProducer(conf *ConfigMap) (*Producer, error) { return &Producer{}, nil }

func (p *Producer) Close()                                              {}
func (p *Producer) Produce(msg *Message, deliveryChan chan Event) error { return nil }
func (p *Producer) InitTransactions(ctx context.Context) error          { return nil }
func (p *Producer) BeginTransaction() error                             { return nil }
func (p *Producer) SendOffsetsToTransaction(ctx context.Context, offsets []TopicPartition, consumerMetadata *ConsumerGroupMetadata) error {
	return nil
}
func (p *Producer) CommitTransaction(ctx context.Context) error { return nil }
func (p *Producer) AbortTransaction(ctx context.Context) error  { return nil }
