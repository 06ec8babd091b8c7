// Package markermid sits between the wiring and the service: it receives
// the client in a struct field and hands it on to markersvc.Consume, whose
// marks need AutoCommitMarks; its fact carries that need on to the wiring.
package markermid

import (
	"autocommit/markersvc"
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Pipeline runs a ledger consumer.
type Pipeline struct {
	Client *kgo.Client
}

// Start consumes until ctx ends.
func (p *Pipeline) Start(ctx context.Context) error {
	return markersvc.Consume(ctx, p.Client, func(*kgo.Record) error { return nil })
}
