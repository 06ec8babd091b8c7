package cases

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// A handler that recovers a panic and only logs it returns no error from
// the panic, and the loop commits past the message (audit 28d/4). Its
// twin turns the panic into the error it returns.
func quietHandle(m *kafka.Message) (err error) {
	defer func() {
		if p := recover(); p != nil {
			log.Printf("handler panic at %v: %v", m.TopicPartition, p)
		}
	}()
	return apply(m)
}

func loudHandle(m *kafka.Message) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errPanic
		}
	}()
	return apply(m)
}

// panicAgain recovers only to panic again with context (review 28-4):
// the panic still stops the loop.
func panicAgain(m *kafka.Message) (err error) {
	defer func() {
		if p := recover(); p != nil {
			log.Panicf("handler panic at %v: %v", m.TopicPartition, p)
		}
	}()
	return apply(m)
}

func recoveredAgain() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-recovered-again", "enable.auto.commit": false}) // case: recoveredagain
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := panicAgain(m); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
}

var errPanic = errTransient

func recovered() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-recovered", "enable.auto.commit": false}) // case: recovered
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := quietHandle(m); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
}

func recoveredLoud() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-recovered-loud", "enable.auto.commit": false}) // case: recoveredloud
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := loudHandle(m); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
}

var _, _, _ = recovered, recoveredLoud, recoveredAgain

// guard recovers a panic of the function deferring it and only logs it:
// errp is never set (trial 42e/D2, D12: at-least-once, 3 of 300 lost
// without a crash).
func guard(errp *error, what string) {
	if p := recover(); p != nil {
		log.Printf("%s: recovered %v", what, p)
	}
}

// guardErr is its twin: the panic becomes the error.
func guardErr(errp *error, what string) {
	if p := recover(); p != nil {
		*errp = errPanic
	}
}

func guardedHandle(m *kafka.Message) (err error) {
	defer guard(&err, "handle")
	return apply(m)
}

func guardedErrHandle(m *kafka.Message) (err error) {
	defer guardErr(&err, "handle")
	return apply(m)
}

func recoveredGuard() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-recovered-guard", "enable.auto.commit": false}) // case: recoveredguard
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := guardedHandle(m); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
}

func recoveredGuardErr() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-recovered-guard-err", "enable.auto.commit": false}) // case: recoveredguarderr
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := guardedErrHandle(m); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
}

var _, _ = recoveredGuard, recoveredGuardErr

// mustApply panics when the apply fails.
func mustApply(v []byte) {
	if err := apply(v); err != nil {
		panic(err)
	}
}

// iifeRecovered recovers each record's panic in a literal called in
// place, and only logs it; the poll is committed (trial 41e/D6:
// at-least-once, 3 of 300 lost without a crash).
func iifeRecovered(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			func() {
				defer func() {
					if p := recover(); p != nil {
						log.Printf("record %d: %v", r.Offset, p)
					}
				}()
				mustApply(r.Value)
			}()
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

// iifeReturned is its twin: the panic is the literal's error, and the
// loop stops on it.
func iifeReturned(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			err := func() (err error) {
				defer func() {
					if p := recover(); p != nil {
						err = errPanic
					}
				}()
				mustApply(r.Value)
				return nil
			}()
			if err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fs.Records()...); err != nil {
			return err
		}
	}
}

func runIIFE(ctx context.Context) {
	a, _ := kgo.NewClient(kgo.ConsumerGroup("g-iife-recovered"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: iiferecovered
	b, _ := kgo.NewClient(kgo.ConsumerGroup("g-iife-returned"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())  // case: iifereturned
	go func() { _ = iifeRecovered(ctx, a) }()
	_ = iifeReturned(ctx, b)
}

var _ = runIIFE
