// Package closewire runs closesvc's service: deferring Close, then
// returning from a failed Run (Close commits past the failed record);
// calling Close after Run whatever it returned; and exiting on a failed
// Run, so the deferred Close runs only after a clean one.
package closewire

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/closesvc"
)

// Deferred closes the service when it returns, a failed run included.
func Deferred(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("close-deferred"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: closedeferred
	svc := closesvc.New(cl)
	defer svc.Close()
	if err := svc.Run(ctx); err != nil {
		log.Printf("stopped: %v", err)
		return
	}
}

// After closes the service after its run, whatever it returned.
func After(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("close-after"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: closeafter
	svc := closesvc.New(cl)
	err := svc.Run(ctx)
	svc.Close()
	return err
}

// Fatal exits on a failed run: the deferred Close runs after a clean
// one only.
func Fatal(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("close-fatal"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: closefatal
	svc := closesvc.New(cl)
	defer svc.Close()
	if err := svc.Run(ctx); err != nil {
		log.Fatalf("stopped: %v", err)
	}
}

// Panicked panics on a failed run: deferred calls run on a panic, the
// deferred Close included (review 46-2/D3: 146 of 300 lost).
func Panicked(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("close-panic"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: closepanic
	svc := closesvc.New(cl)
	defer svc.Close()
	if err := svc.Run(ctx); err != nil {
		panic(err)
	}
}
