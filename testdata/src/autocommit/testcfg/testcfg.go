// Package testcfg is a receiver library: its caller supplies the // want package:`configFindings\(param:autocommit/testcfg\.WithConfigMap#0\[auto-commit=true,auto-store=true\]:auto-store-on-delivery\)`
// consumer's ConfigMap through an option. Only a test builds one here,
// with a bare ConfigMap; what production passes is not in sight.
package testcfg

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Receiver polls and hands each message to its channel.
type Receiver struct {
	cfg *kafka.ConfigMap
	out chan *kafka.Message
}

// Option configures a Receiver.
type Option func(*Receiver)

// WithConfigMap sets the consumer's configuration.
func WithConfigMap(cfg *kafka.ConfigMap) Option { return func(r *Receiver) { r.cfg = cfg } }

// New returns a Receiver.
func New(opts ...Option) *Receiver {
	r := &Receiver{out: make(chan *kafka.Message, 16)}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Run polls and hands each message on.
func (r *Receiver) Run() error {
	c, err := kafka.NewConsumer(r.cfg)
	if err != nil {
		return err
	}
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			r.out <- m
		}
	}
}
