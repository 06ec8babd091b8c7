package cases

import (
	"context"
	"errors"
	"log"

	"github.com/IBM/sarama"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// collectedDone commits only the records that were saved: CommitRecords
// commits each partition's highest, which passes a failed record when a
// later one of its partition was saved (trial 41d/D5: at-least-once, 3
// of 300 lost without a crash).
func collectedDone(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-collected-done"), kgo.DisableAutoCommit()) // case: collecteddone
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		var done []*kgo.Record
		for _, r := range fs.Records() {
			if err := saveRec(r); err != nil {
				log.Printf("save %d: %v", r.Offset, err)
				continue
			}
			done = append(done, r)
		}
		if err := cl.CommitRecords(ctx, done...); err != nil {
			return err
		}
	}
}

// collectedPrefix stops collecting at the first failure and commits the
// records before it: nothing is passed.
func collectedPrefix(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-collected-prefix"), kgo.DisableAutoCommit()) // case: collectedprefix
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		var done []*kgo.Record
		var failed error
		for _, r := range fs.Records() {
			if err := saveRec(r); err != nil {
				failed = err
				break
			}
			done = append(done, r)
		}
		if len(done) > 0 {
			if err := cl.CommitRecords(ctx, done...); err != nil {
				return err
			}
		}
		if failed != nil {
			return failed
		}
	}
}

// collectedDelivered is collectedDone for a kafka-go batch (trial
// 41d/D6): CommitMessages of the delivered messages only.
func collectedDelivered(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-collected-delivered", Topic: "t"}) // case: collecteddelivered
	for {
		var batch []kafkago.Message
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		var delivered []kafkago.Message
		for _, m := range batch {
			if err := apply(m.Value); err != nil {
				log.Printf("deliver %d: %v", m.Offset, err)
				continue
			}
			delivered = append(delivered, m)
		}
		if err := r.CommitMessages(ctx, delivered...); err != nil {
			return err
		}
	}
}

// collectedStops is its twin returning on a failure.
func collectedStops(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-collected-stops", Topic: "t"}) // case: collectedstops
	for {
		var batch []kafkago.Message
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
		}
		var delivered []kafkago.Message
		for _, m := range batch {
			if err := apply(m.Value); err != nil {
				return err
			}
			delivered = append(delivered, m)
		}
		if err := r.CommitMessages(ctx, delivered...); err != nil {
			return err
		}
	}
}

var _, _, _, _ = collectedDone, collectedPrefix, collectedDelivered, collectedStops

// indexAll answers, per document, whether it was indexed.
func indexAll(docs [][]byte) []bool {
	out := make([]bool, len(docs))
	for i, d := range docs {
		out[i] = apply(d) == nil
	}
	return out
}

// markAccepted marks the accepted messages of a batch only: marks go
// forward, and a later accepted one passes a rejected one (trial 41d/D3:
// at-least-once, 3 of 300 lost without a crash).
type markAccepted struct{}

func (markAccepted) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markAccepted) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markAccepted) flush(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) {
	docs := make([][]byte, len(batch))
	for i, m := range batch {
		docs[i] = m.Value
	}
	for i, ok := range indexAll(docs) {
		if ok {
			sess.MarkMessage(batch[i], "")
		}
	}
}

func (h markAccepted) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for msg := range claim.Messages() {
		batch = append(batch, msg)
		if len(batch) == 16 {
			h.flush(sess, batch)
			batch = batch[:0]
		}
	}
	return nil
}

// markUntilRejected stops at the first rejected message.
type markUntilRejected struct{}

func (markUntilRejected) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markUntilRejected) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markUntilRejected) flush(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) error {
	docs := make([][]byte, len(batch))
	for i, m := range batch {
		docs[i] = m.Value
	}
	for i, ok := range indexAll(docs) {
		if !ok {
			return errors.New("rejected")
		}
		sess.MarkMessage(batch[i], "")
	}
	return nil
}

func (h markUntilRejected) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for msg := range claim.Messages() {
		batch = append(batch, msg)
		if len(batch) == 16 {
			if err := h.flush(sess, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

func runMarkAccepted(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-mark-accepted", sarama.NewConfig()) // case: markaccepted
	b, _ := sarama.NewConsumerGroup(nil, "g-mark-until", sarama.NewConfig())    // case: markuntil
	_ = a.Consume(ctx, []string{"t"}, markAccepted{})
	_ = b.Consume(ctx, []string{"t"}, markUntilRejected{})
}

var _ = runMarkAccepted
