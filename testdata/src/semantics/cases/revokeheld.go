package cases

import (
	"database/sql"
	"log"
	"time"

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

// heldCommit collects messages into a batch written when it is full or
// when a read times out, then commits the stored offsets (Commit()): the
// loop's commit follows the batch's write, but the revoke callback's,
// in a poll, passes the batch still held.
func heldCommit(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-heldcommit", "enable.auto.commit": false}) // case: heldcommit
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("t-heldcommit", commitOnRevoke); err != nil {
		log.Fatal(err)
	}
	var batch []*kafka.Message
	for {
		m, err := c.ReadMessage(time.Second)
		if err == nil {
			batch = append(batch, m)
			if len(batch) < 100 {
				continue
			}
		} else if len(batch) == 0 {
			continue
		}
		if err := saveUsage(db, batch); err != nil {
			log.Fatal(err)
		}
		if _, err := c.Commit(); err != nil {
			log.Fatal(err)
		}
		batch = batch[:0]
	}
}

// countedCommit saves each message before polling the next and commits
// the stored offsets every 100 messages: nothing is held when the revoke
// callback runs.
func countedCommit(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-countedcommit", "enable.auto.commit": false}) // case: countedcommit
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("t-countedcommit", commitOnRevoke); err != nil {
		log.Fatal(err)
	}
	n := 0
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.Exec("INSERT INTO usage VALUES ($1)", m.Value); err != nil {
			log.Fatal(err)
		}
		if n++; n%100 == 0 {
			if _, err := c.Commit(); err != nil {
				log.Fatal(err)
			}
		}
	}
}

// eachSaved appends each message to a one-message batch that it writes
// and commits at once (batch = append(batch[:0], m)): nothing is held
// across polls.
func eachSaved(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-eachsaved", "enable.auto.commit": false}) // case: eachsaved
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("t-eachsaved", commitOnRevoke); err != nil {
		log.Fatal(err)
	}
	var batch []*kafka.Message
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		batch = append(batch[:0], m)
		if err := saveUsage(db, batch); err != nil {
			log.Fatal(err)
		}
		if _, err := c.Commit(); err != nil {
			log.Fatal(err)
		}
	}
}
