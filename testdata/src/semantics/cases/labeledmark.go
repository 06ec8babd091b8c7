package cases

import (
	"context"
	"database/sql"
	"runtime/pprof"

	"github.com/IBM/sarama"
)

// labeledMirror writes and marks each message inside pprof.Do, which
// runs the function before it returns (review 31-1: read as handed on).
type labeledMirror struct{ db *sql.DB }

func (*labeledMirror) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*labeledMirror) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *labeledMirror) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var err error
		pprof.Do(sess.Context(), pprof.Labels("topic", msg.Topic), func(ctx context.Context) {
			if _, err = h.db.ExecContext(ctx, `INSERT INTO mirror (k, v) VALUES ($1, $2)`, msg.Key, msg.Value); err == nil {
				sess.MarkMessage(msg, "")
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func labeledMarks(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-labeled-mark", sarama.NewConfig()) // case: labeledmark
	_ = g.Consume(ctx, []string{"t"}, &labeledMirror{db: db})
}
