package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// dropsNoFixSrc holds losses whose fix cannot be built, once dropped: a
// sarama handler that marks through the session Setup kept (its
// ConsumeClaim names no session to commit from) under auto-commit off,
// a confluent consumer received from another package whose messages go to
// a channel passed in (no sure place for the store after their
// processing), and one whose ReadMessage is handed out as a value kept in
// an exported field. Each is reported, without a fix, saying why (#13).
const dropsNoFixSrc = `package dropsnofix

import (
	"context"
	"database/sql"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var db *sql.DB

type handler struct{ sess sarama.ConsumerGroupSession }

func (h *handler) Setup(s sarama.ConsumerGroupSession) error { h.sess = s; return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) ConsumeClaim(_ sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			return err
		}
		h.sess.MarkMessage(m, "")
	}
	return nil
}

func run(ctx context.Context) error {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false // want "auto-commit is off and the handler never calls Commit: .*; no automatic fix: the handler's ConsumeClaim has no named session parameter or body to commit from; commit marks when ConsumeClaim returns$"
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", cfg)
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, &handler{})
}

// Source keeps the consumer's fetch as a value for its users.
type Source struct {
	Read func(time.Duration) (*kafka.Message, error)
}

// NewSource builds a consumer on the defaults (auto-store on) and hands
// out its ReadMessage.
func NewSource() (*Source, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"}) // want "enable.auto.commit and enable.auto.offset.store are on: .*; no automatic fix: the fetch is taken as a value"
	if err != nil {
		return nil, err
	}
	return &Source{Read: c.ReadMessage}, nil
}

// Pump hands each message of a consumer another package builds to out.
func Pump(c *kafka.Consumer, out chan<- *kafka.Message) {
	for {
		m, err := c.ReadMessage(-1) // want "consumer received from another package and never stored or committed on: .*; no automatic fix: the message ReadMessage returns has no sure place for the store"
		if err != nil {
			continue
		}
		out <- m
	}
}
`

// TestDropsNoFix runs dropsNoFixSrc: three findings, none with a fix,
// each saying why.
func TestDropsNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/confluentdefaults", "dropsnofix", dropsNoFixSrc)
}
