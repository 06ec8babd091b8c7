package kgo

// Declarations used by the ordering analyzer's tests (producing records),
// with the real signatures.

import "context"

type ProduceResult struct {
	Record *Record
	Err    error
}

type ProduceResults []ProduceResult

func (rs ProduceResults) FirstErr() error         { return nil }
func (rs ProduceResults) First() (*Record, error) { return rs[0].Record, rs[0].Err }

func (cl *Client) ProduceSync(ctx context.Context, rs ...*Record) ProduceResults { return nil }
func (cl *Client) Produce(ctx context.Context, r *Record, promise func(*Record, error)) {
}
func (cl *Client) TryProduce(ctx context.Context, r *Record, promise func(*Record, error)) {
}
func (cl *Client) Flush(ctx context.Context) error { return nil }
