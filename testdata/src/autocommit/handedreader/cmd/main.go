// Command cmd builds the readers autocommit/handedreader/svc receives.
package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/segmentio/kafka-go"

	"autocommit/handedreader/svc"
)

func main() {
	ctx := context.Background()
	db, _ := sql.Open("postgres", "")

	events := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "projector", Topic: "events"})
	svc.NewProjector(events, db).Run(ctx) // want `NewProjector receives the kafka-go consumer passed here \(group on\), and with it, in package autocommit/handedreader/svc \(svc.go:\d+\): group reader's ReadMessage commits the message before returning it`

	// The same with commits sent in the background: the same fix.
	async := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "projector-async", Topic: "events", CommitInterval: time.Second})
	svc.NewProjector(async, db).Run(ctx) // want `NewProjector receives the kafka-go consumer passed here \(.*\), and with it, in package autocommit/handedreader/svc \(svc.go:\d+\): group reader's ReadMessage commits the message before returning it`

	// Outside any group ReadMessage commits nothing: a replay.
	replay := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", Partition: 0})
	svc.NewProjector(replay, db).Run(ctx) // ok: no group, nothing is committed

	// A wrapper forwarding ReadMessage to callers elsewhere.
	traced := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "traced", Topic: "events"})
	_ = svc.NewTraced(traced) // ok: the reads are forwarded, not processed in svc

	// Handed on as the application's interface declaring ReadMessage
	// alone; the same reader outside any group commits nothing.
	feed := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "feed", Topic: "events"})
	_ = svc.NewFeed(feed, db).Run(ctx) // want `NewFeed receives the kafka-go consumer passed here \(group on\), and with it, in package autocommit/handedreader/svc \(svc.go:\d+\): group reader's ReadMessage commits the message before returning it`
	tail := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", Partition: 1})
	_ = svc.NewFeed(tail, db).Run(ctx) // ok: no group, nothing is committed

	// Given in a struct literal's field: the same finding, at the field;
	// the same reader outside any group commits nothing.
	ingest := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "ingest", Topic: "events"})
	(&svc.Ingest{Reader: ingest, DB: db}).Run(ctx) // want `Ingest.Reader receives the kafka-go consumer passed here \(group on\), and with it, in package autocommit/handedreader/svc \(svc.go:\d+\): group reader's ReadMessage commits the message before returning it`
	scan := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events", Partition: 2})
	(&svc.Ingest{Reader: scan, DB: db}).Run(ctx) // ok: no group, nothing is committed

	// FetchMessage, then CommitMessages after the save.
	committed := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "committer", Topic: "events"})
	svc.NewCommitter(committed, db).Run(ctx) // ok: commits after saving
}
