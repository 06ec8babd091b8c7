// Package readvalue: kafka-go's ReadMessage taken as a value (a method
// value bound to a variable, passed to a loop function, started in a
// goroutine) on a group reader, where every call commits the message
// before returning it; beside the same shapes with FetchMessage and a
// commit after processing, and a reader outside any group.
package readvalue

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

func index(m kafka.Message) error { return nil }

func groupReader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
}

// bound reads through a method value: each read(ctx) commits before
// index runs. The fix binds FetchMessage and commits after index.
func bound(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	read := r.ReadMessage // want `group reader's ReadMessage, taken as a value here, commits each message before returning it`
	for {
		m, err := read(ctx)
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
	}
}

// boundCommitted is bound done right.
func boundCommitted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	fetch := r.FetchMessage // ok: FetchMessage commits nothing; the loop commits after processing
	for {
		m, err := fetch(ctx)
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// consume is a loop written against a read function, which does not see
// the reader: the fix gives it the reader's commit as a parameter, which
// it calls after index, and its caller passes FetchMessage and
// CommitMessages.
func consume(ctx context.Context, read func(context.Context) (kafka.Message, error)) error {
	for {
		m, err := read(ctx)
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
	}
}

func passed(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	defer r.Close()
	return consume(ctx, r.ReadMessage) // want `group reader's ReadMessage, taken as a value here`
}

// consumeCommitting is consume done right: it is given the commit too.
func consumeCommitting(ctx context.Context, fetch func(context.Context) (kafka.Message, error), commit func(context.Context, ...kafka.Message) error) error {
	for {
		m, err := fetch(ctx)
		if err != nil {
			return err
		}
		if err := index(m); err != nil {
			return err
		}
		if err := commit(ctx, m); err != nil {
			return err
		}
	}
}

func passedCommitting(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "indexer", Topic: "docs"})
	defer r.Close()
	return consumeCommitting(ctx, r.FetchMessage, r.CommitMessages) // ok: FetchMessage commits nothing; the loop commits after processing
}

// drain is started in a goroutine for each of two group readers, with
// ReadMessage: both calls change (FetchMessage, and the reader's commit
// passed), and drain commits after index, logging a failure.
func drain(ctx context.Context, read func(context.Context) (kafka.Message, error)) {
	for {
		m, err := read(ctx)
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		if err := index(m); err != nil {
			log.Printf("index: %v", err)
			continue
		}
	}
}

func started(ctx context.Context) {
	docs := groupReader()
	go drain(ctx, docs.ReadMessage) // want `group reader's ReadMessage, taken as a value here`
	pages := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupTopics: []string{"pages", "assets"}, GroupID: "indexer"})
	go drain(ctx, pages.ReadMessage) // want `group reader's ReadMessage, taken as a value here`
}

// tail reads outside any group: ReadMessage commits nothing.
func tail(ctx context.Context, read func(context.Context) (kafka.Message, error)) {
	for {
		m, err := read(ctx)
		if err != nil {
			return
		}
		log.Printf("%s", m.Value)
	}
}

func startedTail(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "docs"})
	go tail(ctx, r.ReadMessage) // ok: no GroupID, ReadMessage commits nothing
}
