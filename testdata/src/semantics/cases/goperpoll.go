package cases

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

func saveRec(r *kgo.Record) error { return nil }

// partReturns runs a goroutine per partition each poll, joined before the
// next; a failed save ends its goroutine, unseen by the loop, and the next
// poll's marks pass the failed record (audit 37c/D1: at-least-once).
func partReturns(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-returns"), kgo.AutoCommitMarks()) // case: partreturns
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var wg sync.WaitGroup
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, r := range p.Records {
					if err := saveRec(r); err != nil {
						log.Printf("save: %v", err)
						return
					}
					cl.MarkCommitRecords(r)
				}
			}()
		})
		wg.Wait()
	}
}

// partStops is partReturns with a failed save stopping the process:
// nothing is skipped.
func partStops(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-stops"), kgo.AutoCommitMarks()) // case: partstops
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var wg sync.WaitGroup
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, r := range p.Records {
					if err := saveRec(r); err != nil {
						log.Fatalf("save: %v", err)
					}
					cl.MarkCommitRecords(r)
				}
			}()
		})
		wg.Wait()
	}
}

// handleLogged logs a failed save and returns.
func handleLogged(r *kgo.Record) {
	if err := saveRec(r); err != nil {
		log.Printf("save %d: %v", r.Offset, err)
	}
}

// handleFatal stops the process on a failed save.
func handleFatal(r *kgo.Record) {
	if err := saveRec(r); err != nil {
		log.Fatalf("save %d: %v", r.Offset, err)
	}
}

// workerHandler starts a goroutine per record, joined before the next
// poll, calling a handler that logs a failed save: the next poll makes the
// record committable (audit 37c/D5: at-least-once).
func workerHandler(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-worker-handler")) // case: workerhandler
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var wg sync.WaitGroup
		fs.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				handleLogged(r)
			}()
		})
		wg.Wait()
	}
}

// workerHandlerFatal is workerHandler with a handler that stops the
// process on a failure.
func workerHandlerFatal(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-worker-fatal")) // case: workerhandlerfatal
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var wg sync.WaitGroup
		fs.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				handleFatal(r)
			}()
		})
		wg.Wait()
	}
}
