package cases

import (
	"context"

	"github.com/IBM/sarama"
)

// fieldHandler calls the function its field holds for each message and
// marks it after.
type fieldHandler struct {
	fn func(*sarama.ConsumerMessage) error
}

func (fieldHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (fieldHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h fieldHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := h.fn(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

// receiverStage hands a message's value to the function its field holds.
type receiverStage struct {
	consume func([]byte) error
}

func (r *receiverStage) parse() func(*sarama.ConsumerMessage) error {
	return func(m *sarama.ConsumerMessage) error { return r.consume(m.Value) }
}

// runFieldHandoff's stage sends the value to an exporter goroutine: the
// mark follows the send, not the write.
func runFieldHandoff(ctx context.Context) error {
	out := make(chan []byte, 64)
	go func() {
		for v := range out {
			_ = apply(v)
		}
	}()
	r := &receiverStage{}
	r.consume = func(v []byte) error { out <- v; return nil }
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-fieldhandoff", sarama.NewConfig()) // case: fieldhandoff
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, fieldHandler{fn: r.parse()})
}

// writerHandler is fieldHandler for writerStage.
type writerHandler struct {
	fn func(*sarama.ConsumerMessage) error
}

func (writerHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (writerHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h writerHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := h.fn(m); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

// writerStage is receiverStage whose field only ever holds a writer.
type writerStage struct {
	consume func([]byte) error
}

func (r *writerStage) parse() func(*sarama.ConsumerMessage) error {
	return func(m *sarama.ConsumerMessage) error { return r.consume(m.Value) }
}

// runFieldInPlace's stage writes the value itself. (Its types are its
// own: a field holds what any code of the package stores in it.)
func runFieldInPlace(ctx context.Context) error {
	r := &writerStage{}
	r.consume = func(v []byte) error { return apply(v) }
	g, err := sarama.NewConsumerGroup([]string{"k:9092"}, "g-fieldinplace", sarama.NewConfig()) // case: fieldinplace
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, writerHandler{fn: r.parse()})
}

var _, _ = runFieldHandoff, runFieldInPlace
