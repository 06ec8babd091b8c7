// Package wrapsvc: a consumer package (honestbank/kp's consumer) that hides
// the client behind an exported interface whose only implementation in
// the package commits a message and returns the commit's error, and
// exports a function doing the same; wrapmw drops that error (#12).
// Beside them, interfaces and functions whose calls do not drop a
// commit's error for sure: they export nothing.
package wrapsvc

import (
	"fmt"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Consumer is what the middleware uses of the client.
type Consumer interface {
	GetMessage() *kafka.Message
	Commit(m *kafka.Message) error // want Commit:`wrapsCommit\(CommitMessage via \(\*consumer\)\.Commit\)`
	Close() error
}

type consumer struct{ k *kafka.Consumer }

func (c *consumer) GetMessage() *kafka.Message {
	m, _ := c.k.Poll(100).(*kafka.Message)
	return m
}

// Commit returns the commit's error unchanged.
func (c *consumer) Commit(m *kafka.Message) error { // want Commit:`wrapsCommit\(CommitMessage\)`
	_, err := c.k.CommitMessage(m)
	return err
}

func (c *consumer) Close() error { return c.k.Close() }

// New builds the consumer, auto-commit off.
func New(topics []string) (Consumer, error) {
	k, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	if err != nil {
		return nil, err
	}
	if err := k.SubscribeTopics(topics, nil); err != nil {
		return nil, err
	}
	return &consumer{k: k}, nil
}

// CommitOn commits m on k and returns the commit's error, wrapped.
func CommitOn(k *kafka.Consumer, m *kafka.Message) error { // want CommitOn:`wrapsCommit\(CommitMessage\)`
	if _, err := k.CommitMessage(m); err != nil {
		return fmt.Errorf("commit %v: %w", m.TopicPartition, err)
	}
	return nil
}

// CommitLogged logs the commit's error itself and returns nil: its
// callers may drop what it returns.
func CommitLogged(k *kafka.Consumer, m *kafka.Message) error {
	if _, err := k.CommitMessage(m); err != nil {
		log.Printf("commit: %v", err)
	}
	return nil
}

// Committer has two implementations in the package: a call of its
// Commit may be either.
type Committer interface {
	Commit(m *kafka.Message) error
}

// Nop commits nothing (a dry run).
type Nop struct{}

func (Nop) Commit(m *kafka.Message) error { return nil }

// acker is unexported: packages that receive one (Acker) are not told
// about it.
type acker interface {
	Ack(m *kafka.Message) error
}

type ackImpl struct{ k *kafka.Consumer }

// Ack returns the commit's error.
func (a ackImpl) Ack(m *kafka.Message) error { // want Ack:`wrapsCommit\(CommitMessage\)`
	_, err := a.k.CommitMessage(m)
	return err
}

// Acker returns the unexported interface.
func Acker(k *kafka.Consumer) acker { return ackImpl{k: k} }
