// Package revokeheld: confluent-kafka-go consumers with auto-commit off
// whose revoke callback commits the stored offsets (Commit()) while
// auto-store stores each message as Poll hands it over. A loop that
// holds a batch of messages across polls has the callback commit the
// batch before it is written; a loop that writes each message, or stores
// the batch itself once written, does not.
package revokeheld

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// commitOnRevoke commits the stored offsets when partitions are revoked,
// unless they were lost.
func commitOnRevoke(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok && !c.AssignmentLost() {
		if _, err := c.Commit(); err != nil { // want `this Commit in the revoke callback commits the offsets librdkafka stored as Poll handed each message over \(enable.auto.offset.store is on\), those of the batch the loop holds and has not written yet included: if the process crashes before it writes them, the partitions' next owner starts after them \(lost\)`
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

// heldBatch writes batches of 500 and commits each one's last message.
func heldBatch(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "usage", "enable.auto.commit": false})
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("usage", commitOnRevoke); err != nil {
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

// heldLiteral is heldBatch with its configuration in a variable and the
// callback a literal, the batch written when it is full.
func heldLiteral(db *sql.DB) {
	cfg := &kafka.ConfigMap{"group.id": "audit", "enable.auto.commit": false}
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		log.Fatal(err)
	}
	err = c.Subscribe("audit", func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			if _, err := c.Commit(); err != nil { // want `this Commit in the revoke callback commits the offsets librdkafka stored as ReadMessage handed each message over`
				log.Printf("commit on revoke: %v", err)
			}
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	var batch []*kafka.Message
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		batch = append(batch, m)
		if len(batch) >= 100 {
			if err := saveUsage(db, batch); err != nil {
				log.Fatal(err)
			}
			if _, err := c.CommitMessage(batch[len(batch)-1]); err != nil {
				log.Fatal(err)
			}
			batch = nil
		}
	}
}

// storedBatch is heldBatch with auto-store off, each batch stored once
// written: the callback commits only what was stored.
func storedBatch(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "usage", "enable.auto.commit": false, "enable.auto.offset.store": false})
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("usage", commitOnRevoke); err != nil {
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

// counted writes each message before polling the next and commits every
// 100: when the callback runs, in a poll, every stored offset is of a
// written message.
func counted(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "usage", "enable.auto.commit": false})
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("usage", commitOnRevoke); err != nil {
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

// heldCommit writes its batch when it is full or a read times out, then
// commits the stored offsets itself (Commit()): those of the written
// batch, but the callback's Commit() passes the batch still held.
func heldCommit(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "meters", "enable.auto.commit": false})
	if err != nil {
		log.Fatal(err)
	}
	err = c.Subscribe("meters", func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok && !c.AssignmentLost() {
			if _, err := c.Commit(); err != nil { // want `this Commit in the revoke callback commits the offsets librdkafka stored as ReadMessage handed each message over \(enable.auto.offset.store is on\), those of the batch the loop holds and has not written yet included`
				log.Printf("commit on revoke: %v", err)
			}
		}
		return nil
	})
	if err != nil {
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

// countedCommit writes each message before reading the next and commits
// the stored offsets every 100: nothing is held when the callback runs.
func countedCommit(db *sql.DB) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "meters", "enable.auto.commit": false})
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Subscribe("meters", commitOnRevoke); err != nil {
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

// closedCommit is countedCommit closed at the end: the Close polls out
// the messages librdkafka prefetched, which auto-store stores, and then
// serves the revoke, whose Commit() sends them unprocessed (audit
// 37c/D11: up to 279 of 300 lost at a SIGTERM).
func closedCommit(ctx context.Context, db *sql.DB) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "meters", "enable.auto.commit": false})
	if err != nil {
		return err
	}
	defer c.Close()
	err = c.Subscribe("meters", func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok && !c.AssignmentLost() {
			if _, err := c.Commit(); err != nil { // want `this Commit in the revoke callback commits the offsets librdkafka stored as ReadMessage handed each message over \(enable.auto.offset.store is on\); the client's Close polls out the messages it prefetched as the member leaves its group, which stores their offsets too, and then serves the revoke: this commit sends them unprocessed, and the partitions' next owner starts after them \(lost at every shutdown\)`
				log.Printf("commit on revoke: %v", err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO usage VALUES ($1)", m.Value); err != nil {
			return err
		}
		if n++; n%100 == 0 {
			if _, err := c.Commit(); err != nil {
				return err
			}
		}
	}
	return nil
}

// closedStored is closedCommit with auto-store off, storing each message
// once written: the Close's revoke commits written messages only.
func closedStored(ctx context.Context, db *sql.DB) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "meters", "enable.auto.commit": false, "enable.auto.offset.store": false})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Subscribe("meters", commitOnRevokeOnly); err != nil {
		return err
	}
	n := 0
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO usage VALUES ($1)", m.Value); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			return err
		}
		if n++; n%100 == 0 {
			if _, err := c.Commit(); err != nil {
				return err
			}
		}
	}
	return nil
}

// commitOnRevokeOnly is commitOnRevoke for closedStored alone.
func commitOnRevokeOnly(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok && !c.AssignmentLost() {
		if _, err := c.Commit(); err != nil {
			log.Printf("commit on revoke: %v", err)
		}
	}
	return nil
}
