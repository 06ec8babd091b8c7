// Package callerreturn holds a sarama handler whose helper marks the
// message and returns the decoded event, which its caller processes in
// its return statement: the mark moves to the caller, after the
// processing's error is checked.
package callerreturn

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/IBM/sarama"
)

var db *sql.DB

type event struct {
	ID string `json:"id"`
}

func apply(ctx context.Context, e *event) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (id) VALUES ($1)", e.ID)
	return err
}

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// decode marks the message and returns its event.
func (handler) decode(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) (*event, error) {
	s.MarkMessage(m, "") // want `call to MarkMessage before the message is processed`
	var e event
	if err := json.Unmarshal(m.Value, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

func (h handler) handle(ctx context.Context, sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) error {
	e, err := h.decode(sess, m)
	if err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return apply(ctx, e)
}

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := h.handle(sess.Context(), sess, m); err != nil {
			return err
		}
	}
	return nil
}

func run(ctx context.Context, g sarama.ConsumerGroup) error {
	return g.Consume(ctx, []string{"events"}, handler{})
}

var _ = run
