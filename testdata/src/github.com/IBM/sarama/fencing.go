package sarama

// Declarations used by the fencing analyzer's tests (transactional
// producers and fencing errors), with the real signatures.

type KError int16

const (
	ErrIllegalGeneration    KError = 22
	ErrUnknownMemberId      KError = 25
	ErrRebalanceInProgress  KError = 27
	ErrInvalidProducerEpoch KError = 47
	ErrFencedInstancedId    KError = 82
	ErrProducerFenced       KError = 90
)

func (err KError) Error() string { return "" }

type Encoder interface {
	Encode() ([]byte, error)
	Length() int
}

type ByteEncoder []byte

func (b ByteEncoder) Encode() ([]byte, error) { return b, nil }
func (b ByteEncoder) Length() int             { return len(b) }

type ProducerMessage struct {
	Topic    string
	Key      Encoder
	Value    Encoder
	Metadata any
}

type ProducerError struct {
	Msg *ProducerMessage
	Err error
}

func (pe ProducerError) Error() string { return "" }
func (pe ProducerError) Unwrap() error { return pe.Err }

type SyncProducer interface {
	SendMessage(msg *ProducerMessage) (partition int32, offset int64, err error)
	Close() error
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
}

type AsyncProducer interface {
	Input() chan<- *ProducerMessage
	Successes() <-chan *ProducerMessage
	Errors() <-chan *ProducerError
	Close() error
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
}

// PartitionOffsetMetadata is an offset AddOffsetsToTxn adds.
type PartitionOffsetMetadata struct {
	Partition int32
	Offset    int64
	Metadata  *string
}

func NewAsyncProducer(addrs []string, conf *Config) (AsyncProducer, error) { return nil, nil }

func NewSyncProducer(addrs []string, config *Config) (SyncProducer, error) { return nil, nil }
