// Package fnhandle applies a message, then commits it on the consumer
// it is given.
package fnhandle

import (
	"database/sql"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var DB *sql.DB

func Handle(msg *kafka.Message, c *kafka.Consumer) {
	if _, err := DB.Exec("INSERT INTO t VALUES ($1)", msg.Value); err != nil {
		log.Printf("apply: %v", err)
		return
	}
	if _, err := c.CommitMessage(msg); err != nil {
		log.Printf("commit: %v", err)
	}
}
