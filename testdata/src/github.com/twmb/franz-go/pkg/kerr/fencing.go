// Package kerr is a stub of github.com/twmb/franz-go/pkg/kerr for analyzer
// tests, with the real declarations (checked by internal/clientmodel).
package kerr

type Error struct {
	Message     string
	Code        int16
	Retriable   bool
	Description string
}

func (e *Error) Error() string { return e.Message }

var (
	IllegalGeneration    = &Error{"ILLEGAL_GENERATION", 22, false, ""}
	UnknownMemberID      = &Error{"UNKNOWN_MEMBER_ID", 25, false, ""}
	RebalanceInProgress  = &Error{"REBALANCE_IN_PROGRESS", 27, false, ""}
	InvalidProducerEpoch = &Error{"INVALID_PRODUCER_EPOCH", 47, false, ""}
	FencedInstanceID     = &Error{"FENCED_INSTANCE_ID", 82, false, ""}
	ProducerFenced       = &Error{"PRODUCER_FENCED", 90, false, ""}
	FencedMemberEpoch    = &Error{"FENCED_MEMBER_EPOCH", 110, false, ""}
	StaleMemberEpoch     = &Error{"STALE_MEMBER_EPOCH", 113, false, ""}
	TransactionAbortable = &Error{"TRANSACTION_ABORTABLE", 120, false, ""}
)
