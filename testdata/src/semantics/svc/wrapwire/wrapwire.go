// Package wrapwire builds the reader wrapproc processes.
package wrapwire

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"semantics/svc/wrapproc"
)

func Run(ctx context.Context, db *sql.DB) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-wrap-method", Topic: "t"}) // case: wrapmethod
	wrapproc.New(db).Process(ctx, r)
}
