package kgo

// Declarations used by the fencing analyzer's tests (revoke callbacks,
// BlockRebalanceOnPoll, transactional sessions), with the real signatures.

import "context"

type ProducerOpt interface {
	Opt
	producerOpt()
}

func (opt) producerOpt() {}

func TransactionalID(id string) ProducerOpt { return opt{} }

func OnPartitionsRevoked(onRevoked func(context.Context, *Client, map[string][]int32)) GroupOpt {
	return opt{}
}

func OnPartitionsLost(onLost func(context.Context, *Client, map[string][]int32)) GroupOpt {
	return opt{}
}

func (cl *Client) AllowRebalance() {}

type TransactionEndTry bool

const (
	TryAbort  TransactionEndTry = false
	TryCommit TransactionEndTry = true
)

func (cl *Client) BeginTransaction() error { return nil }
func (cl *Client) EndTransaction(ctx context.Context, commit TransactionEndTry) error {
	return nil
}

type GroupTransactSession struct{}

func NewGroupTransactSession(opts ...Opt) (*GroupTransactSession, error) {
	return &GroupTransactSession{}, nil
}

func (s *GroupTransactSession) Client() *Client                         { return nil }
func (s *GroupTransactSession) Close()                                  {}
func (s *GroupTransactSession) PollFetches(ctx context.Context) Fetches { return nil }
func (s *GroupTransactSession) Begin() error                            { return nil }
func (s *GroupTransactSession) End(ctx context.Context, commit TransactionEndTry) (committed bool, err error) {
	return false, nil
}
