// Command passedmixed passes events.NewEvents a group reader's configuration
// and, for a replay, one outside any group: the read-commits-first finding
// of the group reader is fixed in events with a commit that runs only when
// the reader is in a group (FetchMessage reads the replay as ReadMessage
// did, and CommitMessages would fail on every message of it).
package main

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"

	"autocommit/passedmixed/events"
)

func main() {
	ctx := context.Background()
	evs := events.NewEvents(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"}) // want `NewEvents builds its kafka-go consumer from the configuration passed here \(group on\), .*; the commit runs only when the reader is in a group, as the configuration the caller passes decides whether it is$`
	go evs.Run(ctx)
	replay := events.NewEvents(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events"}) // ok: no group, nothing committed
	replay.Run(ctx)
}
