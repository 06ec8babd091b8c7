package cases

import (
	"context"
	"database/sql"
	"time"

	"github.com/IBM/sarama"
)

// cancelableSave saves each message in a goroutine only so that the
// save can be cancelled when the session ends; every case of the select
// waits for its answer before the loop marks and goes on.
type cancelableSave struct{ db *sql.DB }

func (cancelableSave) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (cancelableSave) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h cancelableSave) save(ctx context.Context, m *sarama.ConsumerMessage) bool {
	_, err := h.db.ExecContext(ctx, "INSERT INTO t VALUES ($1)", m.Value)
	return err == nil
}

func (h cancelableSave) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan bool)
	for m := range claim.Messages() {
		ctx, cancel := context.WithCancel(context.Background())
		go func() { done <- h.save(ctx, m) }()
		var ok bool
		select {
		case ok = <-done:
		case <-sess.Context().Done():
			cancel()
			ok = <-done
		}
		cancel()
		if ok {
			sess.MarkMessage(m, "")
		}
	}
	return nil
}

func selectJoin(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup(nil, "g-selectjoin", sarama.NewConfig()) // case: selectjoin
	_ = g.Consume(ctx, []string{"t"}, cancelableSave{db: db})
}

// timedSave gives up on a save after a second without waiting for it:
// the next message's mark can pass a save still running.
type timedSave struct{ cancelableSave }

func (h timedSave) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan bool, 1)
	for m := range claim.Messages() {
		ctx, cancel := context.WithCancel(context.Background())
		go func() { done <- h.save(ctx, m) }()
		var ok bool
		select {
		case ok = <-done:
		case <-time.After(time.Second):
			cancel()
		}
		cancel()
		if ok {
			sess.MarkMessage(m, "")
		}
	}
	return nil
}

func selectTimeout(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup(nil, "g-selecttimeout", sarama.NewConfig()) // case: selecttimeout
	_ = g.Consume(ctx, []string{"t"}, timedSave{cancelableSave{db: db}})
}

var _, _ = selectJoin, selectTimeout
