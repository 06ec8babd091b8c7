package cases

import (
	"context"
	"encoding/json"
	"log"

	"github.com/IBM/sarama"
)

// ackControlMsg is a control message acknowledging an offset (nuclio's
// explicit acks): not a record.
type ackControlMsg struct {
	Topic     string
	Partition int32
	Offset    int64
}

// ackControlHandler marks each message it applies, and the offsets acks
// name; a control message that does not decode is ignored, which skips
// no record.
type ackControlHandler struct{ acks chan []byte }

func (ackControlHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackControlHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h ackControlHandler) acked(sess sarama.ConsumerGroupSession) {
	for raw := range h.acks {
		var a ackControlMsg
		if err := json.Unmarshal(raw, &a); err != nil {
			log.Printf("bad control message: %v", err)
			continue
		}
		sess.MarkOffset(a.Topic, a.Partition, a.Offset+1, "")
	}
}

func (h ackControlHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go h.acked(sess)
	for msg := range claim.Messages() {
		if !deliver(msg) {
			return nil
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func ackControl(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-ackcontrol", sarama.NewConfig()) // case: ackcontrol
	_ = g.Consume(ctx, []string{"t"}, ackControlHandler{acks: make(chan []byte)})
}

var _ = ackControl
