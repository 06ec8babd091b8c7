package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// decodedSendNoFix reads with a group reader's ReadMessage, decodes the
// message into a local event and sends the event to workers of another
// package: a commit placed after the send would still precede the
// workers' write (trial K, zim-kafka-consum). The finding has no fix and
// says the message is handed on.
const decodedSendNoFix = `package decodedsend

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type Event struct {
	Device string
}

func Pump(ctx context.Context, ch chan<- Event) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
	for {
		msg, err := r.ReadMessage(ctx) // want "no automatic fix: the message is handed on \\(to a channel"
		if err != nil {
			return
		}
		var ev Event
		if err := json.Unmarshal(msg.Value, &ev); err != nil {
			log.Printf("decode: %v", err)
			continue
		}
		ch <- ev
	}
}
`

func TestDecodedSendNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/readreturnproc", "decodedsend", decodedSendNoFix)
}

// decodedGoNoFix is the confluent shape (trial K, thatjimmi/go-kafka):
// the default auto-store, the message decoded into a pointer a goroutine
// saves. A store placed in the loop would still precede the goroutine's
// write; the finding has no fix and says the message is handed on.
const decodedGoNoFix = `package decodedgo

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type event struct{ Content string }

func Run(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "g"}) // want "no automatic fix: the message is handed on"
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		ev := &event{}
		if err := json.Unmarshal(msg.Value, ev); err != nil {
			continue
		}
		go func(ev *event) {
			if _, err := db.ExecContext(context.Background(), "INSERT INTO m (c) VALUES ($1)", ev.Content); err != nil {
				log.Printf("insert: %v", err)
			}
		}(ev)
	}
}
`

func TestDecodedGoNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/readreturnproc", "decodedgo", decodedGoNoFix)
}
