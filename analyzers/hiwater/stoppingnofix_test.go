package hiwater_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/hiwater"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// stoppingSrc starts a goroutine per message that marks it, or sends its
// failure to the select receiving the messages, which returns it to end
// the session so that the claim is consumed again from the last mark.
// Run in place with the failure sent from a goroutine of its own, the
// select would take the next message first and mark past the failed one
// (a fix audit ran it: 200 of 200 runs lost it); the goroutine's method
// holds the mark, so no low-water mark replaces it here either. The
// finding has no fix and says why.
const stoppingSrc = `package stopping

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/IBM/sarama"
)

var db *sql.DB

type handler struct{}

func (handler) push(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage, failures chan<- error) {
	if _, err := db.ExecContext(context.Background(), "INSERT INTO pushes (body) VALUES ($1)", msg.Value); err != nil {
		failures <- fmt.Errorf("push %d: %w", msg.Offset, err)
		return
	}
	sess.MarkMessage(msg, "") // want "call to MarkMessage from a per-record goroutine"
}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	failures := make(chan error)
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go h.push(sess, msg, failures)
		case err := <-failures:
			return err
		case <-sess.Context().Done():
			return nil
		}
	}
}
`

// TestStoppingLoopNoFix runs stoppingSrc: one finding, without a fix,
// saying why.
func TestStoppingLoopNoFix(t *testing.T) {
	t.Parallel()
	for _, r := range testutil.NoFix(t, hiwater.Analyzer, "hiwater/hardfix", "stopping", stoppingSrc) {
		if len(r.Diagnostics) != 1 {
			t.Errorf("%d findings, want 1", len(r.Diagnostics))
		}
	}
}
