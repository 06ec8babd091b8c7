package cases

import (
	"context"
	"database/sql"
	"iter"
	"log"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Range-over-func loops over records (hunt 47f/D1): their bodies are
// function literals the iterator calls per record, where a continue
// returns true and a break or a return false. A failure logged and
// continued, or a break, before a commit of everything polled after the
// loop skips the record; a return of the error does not.
func rangeContinue(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-range-continue"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: rangecontinue
	for {
		fs := cl.PollFetches(ctx)
		for r := range fs.RecordsAll() {
			if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				log.Printf("insert: %v", err)
				continue
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

func rangeBreak(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-range-break"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: rangebreak
	for {
		fs := cl.PollFetches(ctx)
		for r := range fs.RecordsAll() {
			if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				log.Printf("insert: %v", err)
				break
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

func rangeReturn(ctx context.Context, db *sql.DB) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-range-return"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: rangereturn
	for {
		fs := cl.PollFetches(ctx)
		for r := range fs.RecordsAll() {
			if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// messagesOf yields a claim's messages until the session ends.
func messagesOf(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) iter.Seq[*sarama.ConsumerMessage] {
	return func(yield func(*sarama.ConsumerMessage) bool) {
		for {
			select {
			case m, ok := <-claim.Messages():
				if !ok || !yield(m) {
					return
				}
			case <-sess.Context().Done():
				return
			}
		}
	}
}

type rangeMarks struct{ db *sql.DB }

func (*rangeMarks) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*rangeMarks) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *rangeMarks) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range messagesOf(sess, claim) {
		if _, err := h.db.Exec(`INSERT INTO t (v) VALUES ($1)`, m.Value); err != nil {
			log.Printf("insert: %v", err)
			continue
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

type rangeMarksReturn struct{ db *sql.DB }

func (*rangeMarksReturn) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*rangeMarksReturn) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *rangeMarksReturn) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range messagesOf(sess, claim) {
		if _, err := h.db.Exec(`INSERT INTO t (v) VALUES ($1)`, m.Value); err != nil {
			return err
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

func runRangeMarks(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-range-marks", sarama.NewConfig()) // case: rangemarks
	_ = g.Consume(ctx, []string{"t"}, &rangeMarks{db: db})
}

func runRangeMarksReturn(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-range-marks-return", sarama.NewConfig()) // case: rangemarksreturn
	_ = g.Consume(ctx, []string{"t"}, &rangeMarksReturn{db: db})
}
