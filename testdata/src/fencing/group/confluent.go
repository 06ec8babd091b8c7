package group

import (
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func credit(m *kafka.Message) error { return nil }

// readBatch reads up to n messages.
func readBatch(c *kafka.Consumer, n int) ([]*kafka.Message, error) {
	var batch []*kafka.Message
	for len(batch) < n {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			return nil, err
		}
		batch = append(batch, m)
	}
	return batch, nil
}

// creditBatch commits each message of a batch and skips rebalance errors.
func creditBatch(c *kafka.Consumer, batch []*kafka.Message) error {
	for _, m := range batch {
		if err := credit(m); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			if ke, ok := err.(kafka.Error); ok && ke.Code() == kafka.ErrRebalanceInProgress { // want `the group fencing error ErrRebalanceInProgress from CommitMessage is recognised and ignored, and the loop moves on to the next record of the same batch: librdkafka rejoins the group and moves the assignment at the next poll`
				log.Printf("rebalance in progress, continuing: %v", err)
				continue
			}
			return err
		}
	}
	return nil
}

// creditBatchLost gives up the batch when the assignment is lost.
func creditBatchLost(c *kafka.Consumer, batch []*kafka.Message) error {
	for _, m := range batch {
		if _, err := c.CommitMessage(m); err != nil {
			var ke kafka.Error
			if errors.As(err, &ke) && (ke.Code() == kafka.ErrAssignmentLost || ke.Code() == kafka.ErrIllegalGeneration) {
				log.Printf("assignment lost: %v", err)
				return nil // ok: the batch is abandoned
			}
			return fmt.Errorf("commit: %w", err)
		}
	}
	return nil
}

// memberEpoch ignores a stale member epoch.
func memberEpoch(c *kafka.Consumer, batch []*kafka.Message) error {
	for _, m := range batch {
		_, err := c.CommitMessage(m)
		if err != nil && err.(kafka.Error).Code() == kafka.ErrStaleMemberEpoch { // want `the group fencing error ErrStaleMemberEpoch from CommitMessage is recognised and ignored`
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readLoop reads and commits one message per iteration: librdkafka
// rejoins by itself and the next read only returns owned partitions.
func readLoop(c *kafka.Consumer) error {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := c.CommitMessage(m); err != nil {
			if err.(kafka.Error).Code() == kafka.ErrRebalanceInProgress {
				continue // ok: the next read runs under the new assignment
			}
			return err
		}
	}
}

// consume reads batches and hands them to creditBatch.
func consume(c *kafka.Consumer) error {
	for {
		batch, err := readBatch(c, 500)
		if err != nil {
			return err
		}
		if err := creditBatch(c, batch); err != nil {
			return err
		}
	}
}
