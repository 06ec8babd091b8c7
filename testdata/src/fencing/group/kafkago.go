package group

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

func send(m kafka.Message) error { return nil }

// fetchBatch reads up to n messages.
func fetchBatch(ctx context.Context, r *kafka.Reader, n int) ([]kafka.Message, error) {
	var batch []kafka.Message
	for len(batch) < n {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return nil, err
		}
		batch = append(batch, m)
	}
	return batch, nil
}

// batchCommit fetches a batch, then sends and commits each message,
// skipping generation errors.
func batchCommit(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail"})
	defer r.Close()
	for {
		batch, err := fetchBatch(ctx, r, 100)
		if err != nil {
			return err
		}
		for _, m := range batch {
			if err := send(m); err != nil {
				return err
			}
			err := r.CommitMessages(ctx, m)
			var kerr kafka.Error
			if errors.As(err, &kerr) && kerr == kafka.IllegalGeneration { // want `the group fencing error IllegalGeneration from CommitMessages is recognised and ignored, and the loop moves on to the next record of the same batch: kafka-go starts the next generation in the background`
				log.Printf("generation ended: %v", err)
				continue
			}
			if err != nil {
				return err
			}
		}
	}
}

// batchSwitch tests the codes in a tagged switch.
func batchSwitch(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail"})
	defer r.Close()
	for {
		batch, err := fetchBatch(ctx, r, 100)
		if err != nil {
			return err
		}
		for _, m := range batch {
			err := r.CommitMessages(ctx, m)
			switch err {
			case nil:
			case kafka.RebalanceInProgress, kafka.UnknownMemberId: // want `the group fencing error RebalanceInProgress from CommitMessages is recognised and ignored`
				continue
			default:
				return err
			}
		}
	}
}

// batchSwitchReturned returns them.
func batchSwitchReturned(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail"})
	defer r.Close()
	for {
		batch, err := fetchBatch(ctx, r, 100)
		if err != nil {
			return err
		}
		for _, m := range batch {
			err := r.CommitMessages(ctx, m)
			switch err {
			case nil:
			case kafka.RebalanceInProgress, kafka.UnknownMemberId:
				return fmt.Errorf("generation ended: %w", err) // ok: wrapped and returned
			default:
				return err
			}
		}
	}
}

// perMessage fetches and commits one message per iteration: the next
// FetchMessage drops messages of the ended generation.
func perMessage(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			if errors.Is(err, kafka.RebalanceInProgress) {
				continue // ok: the next fetch belongs to the new generation
			}
			return err
		}
	}
}

// asyncBatch commits on an interval: CommitMessages returns nil at once.
func asyncBatch(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "mailer", Topic: "mail", CommitInterval: time.Second})
	defer r.Close()
	for {
		batch, err := fetchBatch(ctx, r, 100)
		if err != nil {
			return err
		}
		for _, m := range batch {
			if err := r.CommitMessages(ctx, m); errors.Is(err, kafka.RebalanceInProgress) {
				continue // ok: asynchronous commits never return it
			}
		}
	}
}
