package cases

import (
	"context"

	"github.com/IBM/sarama"
)

// A sarama handler collecting messages in batches and flushing each with
// a helper that stops applying the batch when the session ends, then
// marks its last message: the messages left are marked unapplied (audit
// 38b/D10: 4 and 5 of 300 lost at a SIGTERM). Its twin returns the
// session's error instead, and marks nothing.
type ctxFlusher struct{}

func (*ctxFlusher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*ctxFlusher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *ctxFlusher) flush(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) error {
	if len(batch) == 0 {
		return nil
	}
	for _, m := range batch {
		if sess.Context().Err() != nil {
			break
		}
		if err := apply(m); err != nil {
			return err
		}
	}
	sess.MarkMessage(batch[len(batch)-1], "")
	return nil
}

func (h *ctxFlusher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for m := range claim.Messages() {
		batch = append(batch, m)
		if len(batch) == 10 {
			if err := h.flush(sess, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

type ctxReturner struct{}

func (*ctxReturner) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*ctxReturner) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *ctxReturner) flush(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) error {
	if len(batch) == 0 {
		return nil
	}
	for _, m := range batch {
		if err := sess.Context().Err(); err != nil {
			return err
		}
		if err := apply(m); err != nil {
			return err
		}
	}
	sess.MarkMessage(batch[len(batch)-1], "")
	return nil
}

func (h *ctxReturner) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for m := range claim.Messages() {
		batch = append(batch, m)
		if len(batch) == 10 {
			if err := h.flush(sess, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

func ctxFlushers(ctx context.Context) {
	g1, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-ctx-flusher", sarama.NewConfig()) // case: ctxflusher
	_ = g1.Consume(ctx, []string{"t"}, &ctxFlusher{})
	g2, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-ctx-returner", sarama.NewConfig()) // case: ctxreturner
	_ = g2.Consume(ctx, []string{"t"}, &ctxReturner{})
}

// A flush that breaks on the session's end and tests it again before the
// mark: the mark is not reached once it ended (review 38-2/D10).
type ctxRechecker struct{}

func (*ctxRechecker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*ctxRechecker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *ctxRechecker) flush(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) error {
	if len(batch) == 0 {
		return nil
	}
	ctx := sess.Context()
	for _, m := range batch {
		if ctx.Err() != nil {
			break
		}
		if err := apply(m); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	sess.MarkMessage(batch[len(batch)-1], "")
	return nil
}

func (h *ctxRechecker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for m := range claim.Messages() {
		batch = append(batch, m)
		if len(batch) == 10 {
			if err := h.flush(sess, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

func ctxRecheckers(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-ctx-rechecker", sarama.NewConfig()) // case: ctxrechecker
	_ = g.Consume(ctx, []string{"t"}, &ctxRechecker{})
}
