// Package binding checks which consumer each modelled call is bound to:
// through variables, struct fields, helper parameters and the handlers a
// sarama group is given; calls on a consumer the package does not build
// stay unbound.
package binding

import (
	"context"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
)

func direct(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g"}) // want `^consumer kafka-go.NewReader: group=true$`
	m, _ := r.FetchMessage(ctx)                                // want `^FetchMessage on the consumer of line 15$`
	_ = r.CommitMessages(ctx, m)                               // want `^CommitMessages on the consumer of line 15$`
}

// two builds two readers: each call is bound to its own.
func two(ctx context.Context) {
	a := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "a"}) // want `^consumer kafka-go.NewReader: group=true$`
	b := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "b"}) // want `^consumer kafka-go.NewReader: group=true$`
	m, _ := a.FetchMessage(ctx)                                // want `^FetchMessage on the consumer of line 22$`
	_ = b.CommitMessages(ctx, m)                               // want `^CommitMessages on the consumer of line 23$`
}

// svc holds its reader in a field.
type svc struct{ r *kafkago.Reader }

func newSvc() *svc {
	return &svc{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "s"})} // want `^consumer kafka-go.NewReader: group=true$`
}

func (s *svc) step(ctx context.Context) {
	_, _ = s.r.FetchMessage(ctx) // want `^FetchMessage on the consumer of line 32$`
}

// commit is given the reader by its one caller.
func commit(ctx context.Context, r *kafkago.Reader, m kafkago.Message) {
	_ = r.CommitMessages(ctx, m) // want `^CommitMessages on the consumer of line 45$`
}

func callsCommit(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Topic: "t"}) // want `^consumer kafka-go.NewReader: $`
	commit(ctx, r, kafkago.Message{})
}

// Unbound's reader comes from outside the package.
func Unbound(ctx context.Context, r *kafkago.Reader) {
	_, _ = r.FetchMessage(ctx) // want `^FetchMessage unbound$`
}

// handler is registered through run; its methods' calls are bound to the
// group run is given.
type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error { return nil }

func (handler) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit() // want `^Commit on the consumer of line 84$`
	return nil
}

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.process(msg)
		sess.MarkMessage(msg, "") // want `^MarkMessage on the consumer of line 84$`
	}
	return nil
}

func (handler) process(*sarama.ConsumerMessage) {}

// other is a handler no group in the package is given.
type other struct{ handler }

func (other) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	sess.MarkOffset("t", 0, 1, "") // want `^MarkOffset unbound$`
	return nil
}

func consume(ctx context.Context) {
	group, _ := sarama.NewConsumerGroup(nil, "g", sarama.NewConfig()) // want `^consumer sarama.NewConsumerGroup: group=true$`
	run(ctx, group, handler{})
}

// second is registered on another group: its calls are bound to that
// group only.
type second struct{ handler }

func (second) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	sess.MarkOffset("t", 0, 1, "") // want `^MarkOffset on the consumer of line 98$`
	return nil
}

func consumeSecond(ctx context.Context) {
	group, _ := sarama.NewConsumerGroup(nil, "g2", sarama.NewConfig()) // want `^consumer sarama.NewConsumerGroup: group=true$`
	_ = group.Consume(ctx, nil, second{})                              // want `^handler binding.second: ConsumeClaim, Cleanup; reaches Cleanup ConsumeClaim$`
}

// run registers the handler it is given: its type is found through the
// parameter's one caller.
func run(ctx context.Context, group sarama.ConsumerGroup, h sarama.ConsumerGroupHandler) {
	_ = group.Consume(ctx, nil, h) // want `^handler binding.handler: ConsumeClaim, Cleanup; reaches Cleanup ConsumeClaim process$`
}

// ptrGroup keeps its group behind a pointer to the interface, and
// calls it as (*p.group).Consume: still the group it built.
type ptrGroup struct{ group *sarama.ConsumerGroup }

func newPtrGroup() *ptrGroup {
	var g sarama.ConsumerGroup
	g, _ = sarama.NewConsumerGroup(nil, "gp", sarama.NewConfig()) // want `^consumer sarama.NewConsumerGroup: group=true$`
	return &ptrGroup{group: &g}
}

type third struct{ handler }

func (third) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	sess.MarkOffset("t", 0, 1, "") // want `^MarkOffset on the consumer of line 114$`
	return nil
}

func (p *ptrGroup) run(ctx context.Context) {
	_ = (*p.group).Consume(ctx, nil, third{}) // want `^handler binding.third: ConsumeClaim, Cleanup; reaches Cleanup ConsumeClaim$`
}
