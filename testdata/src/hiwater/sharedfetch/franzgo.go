package sharedfetch

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func handle(r *kgo.Record) {}

// n pollers on one client, each committing the records of its polls.
func runClientPollers(ctx context.Context, cl *kgo.Client, n int) {
	for i := 0; i < n; i++ {
		go func() {
			for {
				fetches := cl.PollFetches(ctx)
				if fetches.IsClientClosed() {
					return
				}
				for _, r := range fetches.Records() {
					handle(r)
					if err := cl.CommitRecords(ctx, r); err != nil { // want `call to CommitRecords from goroutines fetching from one consumer: records of a partition finish out of order and franz-go commits are last-write-wins`
						log.Printf("commit: %v", err)
					}
				}
			}
		}()
	}
}

// One poller.
func runPoller(ctx context.Context, cl *kgo.Client) {
	go func() {
		for {
			fetches := cl.PollFetches(ctx)
			if fetches.IsClientClosed() {
				return
			}
			for _, r := range fetches.Records() {
				handle(r)
				if err := cl.CommitRecords(ctx, r); err != nil { // ok: one goroutine polls and commits, in order
					log.Printf("commit: %v", err)
				}
			}
		}
	}()
}
