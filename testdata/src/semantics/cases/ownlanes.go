package cases

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// laneConsume builds a client of its own for its lane: each goroutine
// running it polls its own consumer.
func laneConsume(ctx context.Context, group, topic string) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.AutoCommitMarks()) // case: ownlanes
	if err != nil {
		return
	}
	defer cl.Close()
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r.Value); err != nil {
				panic(err)
			}
			cl.MarkCommitRecords(r)
		})
	}
}

// startLane starts one lane; OwnLanes calls it twice.
func startLane(ctx context.Context, lane string) {
	go laneConsume(ctx, "ready-"+lane, lane)
}

// OwnLanes starts two lanes, two consumers.
func OwnLanes(ctx context.Context) {
	startLane(ctx, "time")
	startLane(ctx, "throughput")
}

// newLaneClient builds a lane's client; only laneConsumeBuilt calls it.
func newLaneClient(group, topic string) (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.AutoCommitMarks()) // case: ownlanesbuilt
}

// laneConsumeBuilt is laneConsume with its client from the helper.
func laneConsumeBuilt(ctx context.Context, group, topic string) {
	cl, err := newLaneClient(group, topic)
	if err != nil {
		return
	}
	defer cl.Close()
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r.Value); err != nil {
				panic(err)
			}
			cl.MarkCommitRecords(r)
		})
	}
}

// OwnLanesBuilt starts two lanes building their clients with the helper.
func OwnLanesBuilt(ctx context.Context) {
	for _, lane := range []string{"time", "throughput"} {
		go laneConsumeBuilt(ctx, "ready-"+lane, lane)
	}
}
