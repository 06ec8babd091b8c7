// Package sharedworker: two clients' poll loops hand their records to
// channels drained by the same worker function (usr4's kgosharedworker).
// Each loop is reported; the fix gives the worker a WaitGroup parameter
// and every loop that starts it a WaitGroup of its own, so each finding
// carries the same fix.
package sharedworker

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

func worker(ch <-chan *kgo.Record) {
	for r := range ch {
		log.Printf("handled %s", r.Value)
	}
}

func runOrders(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("a"), kgo.ConsumeTopics("orders"))
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	go worker(ch)
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			ch <- r // want `record handed to workers over a channel while the loop polls again`
		}
	}
}

func runPayments(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("b"), kgo.ConsumeTopics("payments"))
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	go worker(ch)
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			ch <- r // want `record handed to workers over a channel while the loop polls again`
		}
	}
}

// countingWorker is the same worker shared by two loops that wait for it
// before each poll.
func countingWorker(ch <-chan *kgo.Record, wg *sync.WaitGroup) {
	for r := range ch {
		log.Printf("handled %s", r.Value)
		wg.Done()
	}
}

func runRefunds(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("c"), kgo.ConsumeTopics("refunds")) // ok: each loop waits for the shared worker before polling again
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	var wg sync.WaitGroup
	go countingWorker(ch, &wg)
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			wg.Add(1)
			ch <- r
		}
		wg.Wait()
	}
}

func runChargebacks(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("d"), kgo.ConsumeTopics("chargebacks")) // ok: each loop waits for the shared worker before polling again
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	var wg sync.WaitGroup
	go countingWorker(ch, &wg)
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			wg.Add(1)
			ch <- r
		}
		wg.Wait()
	}
}

func audit(ch <-chan *kgo.Record) {
	for r := range ch {
		log.Printf("audited %s", r.Key)
	}
}

// runAudit starts two workers on its one channel with two go statements:
// the fix passes the WaitGroup in both.
func runAudit(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("e"), kgo.ConsumeTopics("audit"))
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	go audit(ch)
	go audit(ch)
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			ch <- r // want `record handed to workers over a channel while the loop polls again`
		}
	}
}

func inspect(ch <-chan *kgo.Record, wg *sync.WaitGroup) {
	for r := range ch {
		log.Printf("inspected %s", r.Key)
		wg.Done()
	}
}

// runInspect is runAudit's twin: both workers count the records done, and
// the loop waits for them before polling again.
func runInspect(ctx context.Context) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("f"), kgo.ConsumeTopics("inspect")) // ok: the loop waits for both workers before polling again
	if err != nil {
		log.Fatal(err)
	}
	ch := make(chan *kgo.Record, 256)
	var wg sync.WaitGroup
	go inspect(ch, &wg)
	go inspect(ch, &wg)
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			wg.Add(1)
			ch <- r
		}
		wg.Wait()
	}
}
