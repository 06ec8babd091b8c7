package cases

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var failDB *sql.DB

type failedMsg struct {
	msg *kafka.Message
	err error
}

// failSend sends a message whose save failed on a failure channel, which
// another goroutine forwards to a retry topic, then stores its offset
// (inviqa/kafka-consumer-go): the failed message is handed on, not
// dropped, but the store does not wait for the forwarding.
func failSend(ctx context.Context, failures chan<- failedMsg) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-failsend", "enable.auto.offset.store": false}) // case: failsend
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := failDB.ExecContext(ctx, "INSERT INTO t VALUES ($1)", m.Value); err != nil {
			failures <- failedMsg{msg: m, err: err}
		}
		_, _ = c.StoreMessage(m)
	}
}

// failLogged is its twin: the failure is only logged, and the message
// skipped.
func failLogged(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-faillogged", "enable.auto.offset.store": false}) // case: faillogged
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := failDB.ExecContext(ctx, "INSERT INTO t VALUES ($1)", m.Value); err != nil {
			log.Printf("save: %v", err)
		}
		_, _ = c.StoreMessage(m)
	}
}

// failAudited is another twin: every message, failed or not, is sent to
// an audit channel after the check; the failure is only logged.
func failAudited(ctx context.Context, audit chan<- []byte) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-failaudited", "enable.auto.offset.store": false}) // case: failaudited
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := failDB.ExecContext(ctx, "INSERT INTO t VALUES ($1)", m.Value); err != nil {
			log.Printf("save: %v", err)
		}
		audit <- m.Key
		_, _ = c.StoreMessage(m)
	}
}

var _, _, _ = failSend, failLogged, failAudited
