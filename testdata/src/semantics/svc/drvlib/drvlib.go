// Package drvlib wraps a franz-go client behind a fetch-one, commit-these
// API; the loop calling it is in another package (drvloop).
package drvlib

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Consumer hands out one record at a time and commits those it is given.
type Consumer struct {
	cl   *kgo.Client
	left []*kgo.Record
}

// New wraps cl.
func New(cl *kgo.Client) *Consumer { return &Consumer{cl: cl} }

// Next returns the next record polled.
func (c *Consumer) Next(ctx context.Context) (*kgo.Record, error) {
	for len(c.left) == 0 {
		fs := c.cl.PollFetches(ctx)
		if err := fs.Err(); err != nil {
			return nil, err
		}
		c.left = fs.Records()
	}
	r := c.left[0]
	c.left = c.left[1:]
	return r, nil
}

// Commit commits the records given.
func (c *Consumer) Commit(ctx context.Context, rs ...*kgo.Record) error {
	return c.cl.CommitRecords(ctx, rs...)
}

// Close commits the records still held, unprocessed: the caller has
// handled them (its own loop's business).
func (c *Consumer) Close(ctx context.Context) error {
	err := c.Commit(ctx, c.left...)
	c.cl.Close()
	return err
}
