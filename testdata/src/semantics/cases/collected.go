package cases

import (
	"context"
	"errors"
	"log"
	"time"

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

// posted answers whether the ledger accepted v.
func posted(v []byte) bool { return apply(v) == nil }

// markPosted marks, per partition, the records the ledger accepted: a
// later accepted one passes a rejected one (trial 41d/D9: at-least-once,
// 3 of 300 lost without a crash).
func markPosted(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-mark-posted"), kgo.AutoCommitMarks()) // case: markposted
	for {
		fs := cl.PollFetches(ctx)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			var accepted []*kgo.Record
			p.EachRecord(func(r *kgo.Record) {
				if posted(r.Value) {
					accepted = append(accepted, r)
				}
			})
			cl.MarkCommitRecords(accepted...)
		})
	}
}

// markWanted filters: the records it wants are saved, each retried until
// it succeeds, and marked; the others are skipped on purpose.
func markWanted(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-mark-wanted"), kgo.AutoCommitMarks()) // case: markwanted
	for {
		fs := cl.PollFetches(ctx)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			var done []*kgo.Record
			p.EachRecord(func(r *kgo.Record) {
				if relevant(r.Key) {
					for saveRec(r) != nil {
						time.Sleep(time.Second) // retried until it succeeds
					}
					done = append(done, r)
				}
			})
			cl.MarkCommitRecords(done...)
		})
	}
}

// relevant tells the records the service handles.
func relevant(key []byte) bool { return len(key) > 0 }

var _, _ = markPosted, markWanted

// collectedBreakOn commits the records before the first failure and
// polls on: the next commit passes the failed one (review 41-1/D5: 51 of
// 300 lost).
func collectedBreakOn(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-collected-breakon"), kgo.DisableAutoCommit()) // case: collectedbreakon
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var done []*kgo.Record
		for _, r := range fs.Records() {
			if err := saveRec(r); err != nil {
				log.Printf("save %d: %v", r.Offset, err)
				break
			}
			done = append(done, r)
		}
		if err := cl.CommitRecords(ctx, done...); err != nil {
			log.Print(err)
		}
	}
}

// markSaved marks the saved messages in a second loop (review 41-1/D6).
type markSaved struct{}

func (markSaved) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markSaved) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markSaved) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for msg := range claim.Messages() {
		batch = append(batch, msg)
		if len(batch) < 16 {
			continue
		}
		var ok []*sarama.ConsumerMessage
		for _, m := range batch {
			if err := apply(m.Value); err != nil {
				log.Print(err)
				continue
			}
			ok = append(ok, m)
		}
		for _, m := range ok {
			sess.MarkMessage(m, "")
		}
		batch = batch[:0]
	}
	return nil
}

func runMarkSaved(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-mark-saved", sarama.NewConfig()) // case: marksaved
	_ = g.Consume(ctx, []string{"t"}, markSaved{})
}

var _, _ = collectedBreakOn, runMarkSaved

// applyInto reports a failure through its out-parameter.
func applyInto(v []byte, errp *error) { *errp = apply(v) }

// outParamLogged commits each message after its failure, reported
// through an out-parameter, is only logged (trial 41e/D9: at-least-once,
// 3 of 300 lost without a crash); its twin returns it.
func outParamLogged(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-outparam-logged", Topic: "t"}) // case: outparamlogged
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var applyErr error
		applyInto(m.Value, &applyErr)
		if applyErr != nil {
			log.Printf("apply %d: %v", m.Offset, applyErr)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func outParamStops(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-outparam-stops", Topic: "t"}) // case: outparamstops
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var applyErr error
		applyInto(m.Value, &applyErr)
		if applyErr != nil {
			return applyErr
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _, _ = outParamLogged, outParamStops

// markPrefixStops marks the saved prefix in a second loop, then returns
// the failure: nothing is passed (review 41-2/D4: said neither).
type markPrefixStops struct{}

func (markPrefixStops) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markPrefixStops) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markPrefixStops) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for msg := range claim.Messages() {
		batch = append(batch, msg)
		if len(batch) < 16 {
			continue
		}
		var ok []*sarama.ConsumerMessage
		var failed error
		for _, m := range batch {
			if err := apply(m.Value); err != nil {
				failed = err
				break
			}
			ok = append(ok, m)
		}
		for _, m := range ok {
			sess.MarkMessage(m, "")
		}
		if failed != nil {
			return failed
		}
		batch = batch[:0]
	}
	return nil
}

// duplicate tells a record already applied.
func duplicate(r *kgo.Record) bool { return len(r.Key) == 0 }

// markDedup skips the duplicates on purpose and saves the others, each
// until it succeeds (review 41-2/D6: the dedup test was read as a
// failure).
func markDedup(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-mark-dedup"), kgo.AutoCommitMarks()) // case: markdedup
	for {
		fs := cl.PollFetches(ctx)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			var done []*kgo.Record
			p.EachRecord(func(r *kgo.Record) {
				if duplicate(r) {
					done = append(done, r)
					return
				}
				for saveRec(r) != nil {
					time.Sleep(time.Second)
				}
				done = append(done, r)
			})
			cl.MarkCommitRecords(done...)
		})
	}
}

func runPrefixStops(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-mark-prefix-stops", sarama.NewConfig()) // case: markprefixstops
	_ = g.Consume(ctx, []string{"t"}, markPrefixStops{})
}

var _, _ = markDedup, runPrefixStops
