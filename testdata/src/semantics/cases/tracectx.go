package cases

import (
	"context"
	"database/sql"
	"log"

	"github.com/segmentio/kafka-go"
)

type traceKey struct{}

// traced returns a context carrying the message's key for traces.
func traced(ctx context.Context, m kafka.Message) context.Context {
	return context.WithValue(ctx, traceKey{}, string(m.Key))
}

// TraceLoop saves each message, then tells the caller's hook with a
// context carrying the message's key: the hook is not handed the
// message.
func TraceLoop(ctx context.Context, db *sql.DB, onSaved func(ctx context.Context) error) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:9092"}, GroupID: "g-tracectx", Topic: "t-tracectx"}) // case: tracectx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			log.Fatal(err)
		}
		if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if err := onSaved(traced(ctx, m)); err != nil {
			log.Fatal(err)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Fatal(err)
		}
	}
}
