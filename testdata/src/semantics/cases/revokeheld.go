package cases

import (
	"database/sql"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// commitOnRevoke commits the stored offsets when partitions are revoked,
// unless they were lost.
func commitOnRevoke(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok && !c.AssignmentLost() {
		if _, err := c.Commit(); err != nil {
			log.Printf("commit on revoke: %v", err)
		}
	}
	return nil
}

func saveUsage(db *sql.DB, ms []*kafka.Message) error {
	for _, m := range ms {
		if _, err := db.Exec("INSERT INTO usage VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

// heldBatch writes batches of 500 and commits each one's last message;
// the revoke callback commits the offsets auto-store stored as each
// message was polled, those of the batch not yet written included.
func heldBatch(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-heldbatch", "enable.auto.commit": false}) // case: heldbatch
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("t-heldbatch", commitOnRevoke); err != nil {
		log.Fatal(err)
	}
	var batch []*kafka.Message
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		batch = append(batch, m)
		if len(batch) < 500 {
			continue
		}
		if err := saveUsage(db, batch); err != nil {
			log.Fatal(err)
		}
		if _, err := c.CommitMessage(batch[len(batch)-1]); err != nil {
			log.Fatal(err)
		}
		batch = batch[:0]
	}
}

// storedBatch is heldBatch with auto-store off, each batch stored once
// written: the revoke callback commits only what was stored.
func storedBatch(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-storedbatch", "enable.auto.commit": false, "enable.auto.offset.store": false}) // case: storedbatch
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("t-storedbatch", commitOnRevoke); err != nil {
		log.Fatal(err)
	}
	var batch []*kafka.Message
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		batch = append(batch, m)
		if len(batch) < 500 {
			continue
		}
		if err := saveUsage(db, batch); err != nil {
			log.Fatal(err)
		}
		for _, w := range batch {
			if _, err := c.StoreMessage(w); err != nil {
				log.Fatal(err)
			}
		}
		if _, err := c.Commit(); err != nil {
			log.Fatal(err)
		}
		batch = batch[:0]
	}
}

// eachCommitted saves each message before polling the next: when the
// revoke callback runs, in a poll, every polled message is written.
func eachCommitted(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-eachcommitted", "enable.auto.commit": false}) // case: eachcommitted
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("t-eachcommitted", commitOnRevoke); err != nil {
		log.Fatal(err)
	}
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if _, err := db.Exec("INSERT INTO usage VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if _, err := c.CommitMessage(m); err != nil {
			log.Fatal(err)
		}
	}
}

// countedEach saves each message before polling the next and commits
// every 100th: the counter's commit names the current message, no batch
// is held when the revoke callback runs.
func countedEach(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-countedeach", "enable.auto.commit": false}) // case: countedeach
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("t-countedeach", commitOnRevoke); err != nil {
		log.Fatal(err)
	}
	n := 0
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if _, err := db.Exec("INSERT INTO usage VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if n++; n%100 == 0 {
			if _, err := c.CommitMessage(m); err != nil {
				log.Fatal(err)
			}
		}
	}
}
