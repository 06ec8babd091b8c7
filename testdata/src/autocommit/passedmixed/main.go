// Command passedmixed passes svc.NewEvents a group reader's configuration
// and, for a replay, one outside any group: the read-commits-first finding
// of the group reader is reported without a fix, since FetchMessage and
// CommitMessages would fail on every message of the replay's reader.
package main

import (
	"context"

	kafkago "github.com/segmentio/kafka-go"

	"autocommit/passedcfg/svc"
)

func main() {
	ctx := context.Background()
	events := svc.NewEvents(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "events", Topic: "events"}) // want `NewEvents builds its kafka-go consumer from the configuration passed here \(group on\), .*; no automatic fix: other calls in this package pass NewEvents a configuration under which the fix would not hold$`
	go events.Run(ctx)
	replay := svc.NewEvents(kafkago.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "events"}) // ok: no group, nothing committed
	replay.Run(ctx)
}
