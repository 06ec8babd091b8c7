// Package svc builds its consumers from configurations its callers pass // want package:`configFindings\(param:autocommit/passedcfg/svc\.NewOrders#0\[auto-commit=false\]:marks-discarded param:autocommit/passedcfg/svc\.NewEvents#0\[async-commit=false,group=true\]:read-commits-first .*svc\.NewPayments#0\[auto-commit=true,auto-store=true\]:auto-store-on-delivery`
// (autocommit/passedcfg/cmd): whether auto-commit is on, whether the reader
// is in a group, whether offsets are stored on delivery is decided there.
package svc

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
)

func save(b []byte) error { return nil }

// Orders consumes the orders topic from a client its caller builds.
type Orders struct {
	group sarama.ConsumerGroup
}

// NewOrders joins the "orders" group through client.
func NewOrders(client sarama.Client) (*Orders, error) {
	g, err := sarama.NewConsumerGroupFromClient("orders", client)
	if err != nil {
		return nil, err
	}
	return &Orders{group: g}, nil
}

// Run consumes until ctx ends.
func (o *Orders) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if err := o.group.Consume(ctx, []string{"orders"}, handler{}); err != nil {
			return err
		}
	}
	return nil
}

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := save(msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Ledger is Orders' twin whose handler commits each mark: right under any
// configuration.
type Ledger struct {
	group sarama.ConsumerGroup
}

// NewLedger joins the "ledger" group through client.
func NewLedger(client sarama.Client) (*Ledger, error) {
	g, err := sarama.NewConsumerGroupFromClient("ledger", client)
	if err != nil {
		return nil, err
	}
	return &Ledger{group: g}, nil
}

// Run consumes until ctx ends.
func (l *Ledger) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if err := l.group.Consume(ctx, []string{"ledger"}, committing{}); err != nil {
			return err
		}
	}
	return nil
}

type committing struct{}

func (committing) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (committing) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (committing) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := save(msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		sess.Commit()
	}
	return nil
}

// Events reads the events topic with a reader its caller configures.
type Events struct {
	r *kafkago.Reader
}

// NewEvents reads with cfg.
func NewEvents(cfg kafkago.ReaderConfig) *Events {
	return &Events{r: kafkago.NewReader(cfg)}
}

// Run saves each event.
func (e *Events) Run(ctx context.Context) error {
	for {
		m, err := e.r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(m.Value); err != nil {
			return err
		}
	}
}

// Payments consumes with a confluent consumer its caller configures.
type Payments struct {
	c *kafka.Consumer
}

// NewPayments builds the consumer from cfg.
func NewPayments(cfg *kafka.ConfigMap) (*Payments, error) {
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return nil, err
	}
	return &Payments{c: c}, nil
}

// Run saves each payment.
func (p *Payments) Run() {
	for {
		m, err := p.c.ReadMessage(-1)
		if err != nil {
			log.Printf("read: %v", err)
			continue
		}
		if err := save(m.Value); err != nil {
			log.Printf("save: %v", err)
		}
	}
}

// Audit consumes the audit topic with a configuration its callers pass.
// DefaultAudit, this package's own wiring, passes sarama's defaults; other
// packages may pass any: what auto-commit is for them is not decided here.
type Audit struct {
	group sarama.ConsumerGroup
}

// NewAudit joins the "audit" group with cfg.
func NewAudit(cfg *sarama.Config) (*Audit, error) {
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "audit", cfg)
	if err != nil {
		return nil, err
	}
	return &Audit{group: g}, nil
}

// DefaultAudit builds Audit with sarama's defaults (auto-commit on).
func DefaultAudit() (*Audit, error) { return NewAudit(sarama.NewConfig()) }

// NewAuditVia joins the "audit-via" group with cfg, through a function
// of the package only it calls.
func NewAuditVia(cfg *sarama.Config) (*Audit, error) { return newAuditVia(cfg) }

func newAuditVia(cfg *sarama.Config) (*Audit, error) {
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "audit-via", cfg)
	if err != nil {
		return nil, err
	}
	return &Audit{group: g}, nil
}

// DefaultAuditVia builds it with sarama's defaults (auto-commit on).
func DefaultAuditVia() (*Audit, error) { return NewAuditVia(sarama.NewConfig()) }

// Run consumes until ctx ends.
func (a *Audit) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if err := a.group.Consume(ctx, []string{"audit"}, auditHandler{}); err != nil {
			return err
		}
	}
	return nil
}

// auditHandler saves each message and marks it, and never commits.
type auditHandler struct{}

func (auditHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (auditHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (auditHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := save(msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Feed hands each message to its caller's channel: where it is
// processed is out of this package's sight.
type Feed struct {
	c   *kafka.Consumer
	Out chan *kafka.Message
}

// NewFeed builds the consumer from cfg.
func NewFeed(cfg *kafka.ConfigMap) (*Feed, error) {
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return nil, err
	}
	return &Feed{c: c, Out: make(chan *kafka.Message)}, nil
}

// Run sends each message on Out.
func (f *Feed) Run() {
	for {
		m, err := f.c.ReadMessage(-1)
		if err != nil {
			continue
		}
		f.Out <- m
	}
}
