package pollerr

import (
	"context"
	"log"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Labeled polls again on an error with continue poll, the poll loop's
// label: the same fix as a bare continue (audit 33d/5 had none).
func Labeled(ctx context.Context, cl *kgo.Client) {
poll:
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			break poll
		}
		if errs := fs.Errors(); len(errs) > 0 { // want `when fs.Errors\(\) reports an error, the loop polls again`
			for _, e := range errs {
				log.Printf("fetch %s/%d: %v", e.Topic, e.Partition, e.Err)
			}
			continue poll
		}
		fs.EachRecord(func(r *kgo.Record) {
			for os.WriteFile(string(r.Key), r.Value, 0o644) != nil {
			}
		})
	}
}
