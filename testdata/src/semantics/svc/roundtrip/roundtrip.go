// Package roundtrip builds its client, and the wiring hands it back in a
// config struct: the client makes a round trip through app, which only
// passes it on.
package roundtrip

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// NewClient builds the products client, auto-commit off.
func NewClient() *kgo.Client {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-roundtrip"), kgo.ConsumeTopics("t-roundtrip"), kgo.DisableAutoCommit()) // case: roundtrip
	return cl
}

// Config is what the wiring fills in.
type Config struct {
	Client *kgo.Client
	Save   func([][]byte) error
}

// Products saves each poll, then commits it.
type Products struct{ cfg Config }

// NewProducts keeps the config.
func NewProducts(cfg Config) *Products { return &Products{cfg: cfg} }

// Run polls until ctx ends.
func (p *Products) Run(ctx context.Context) {
	for ctx.Err() == nil {
		fs := p.cfg.Client.PollFetches(ctx)
		var vs [][]byte
		fs.EachRecord(func(r *kgo.Record) { vs = append(vs, r.Value) })
		if err := p.cfg.Save(vs); err != nil {
			continue
		}
		_ = p.cfg.Client.CommitUncommittedOffsets(ctx)
	}
}

// Source is the orders service's view of its client.
type Source interface {
	PollFetches(ctx context.Context) kgo.Fetches
	CommitUncommittedOffsets(ctx context.Context) error
}

// NewSource builds the orders client, auto-commit off, as a Source.
func NewSource() Source {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-roundtrip-iface"), kgo.ConsumeTopics("t-roundtrip-iface"), kgo.DisableAutoCommit()) // case: roundtripiface
	return cl
}

// OrdersConfig is what the wiring fills in for Orders.
type OrdersConfig struct{ Src Source }

// Orders commits each poll after reading it.
type Orders struct{ cfg OrdersConfig }

// NewOrders keeps the config.
func NewOrders(cfg OrdersConfig) *Orders { return &Orders{cfg: cfg} }

// Run polls until ctx ends.
func (o *Orders) Run(ctx context.Context) {
	for ctx.Err() == nil {
		fs := o.cfg.Src.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = r.Value })
		_ = o.cfg.Src.CommitUncommittedOffsets(ctx)
	}
}
