package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// inPlaceSend runs, in place in EachRecord's function, what a goroutine
// per record ran (the fix's shape): a failed save is sent to the loop,
// which reads it only once the poll is through, and the next record's
// commit passes the failed one (audit 37c/D2: at-least-once). Its twin
// sets a flag every later record tests first: nothing is committed past.
func inPlaceSend(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-inplace-send"), kgo.DisableAutoCommit()) // case: inplacesend
	fail := make(chan error, 1)
	for {
		select {
		case err := <-fail:
			return err
		default:
		}
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(func(r *kgo.Record) {
			func() {
				if err := saveRec(r); err != nil {
					select {
					case fail <- err:
					default:
					}
					return
				}
				if err := cl.CommitRecords(ctx, r); err != nil {
					log.Print(err)
				}
			}()
		})
	}
}

type flagged struct{ failed error }

func (f *flagged) run(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-inplace-flag"), kgo.DisableAutoCommit()) // case: inplaceflag
	for f.failed == nil {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(func(r *kgo.Record) {
			func() {
				if f.failed != nil {
					return
				}
				if err := saveRec(r); err != nil {
					f.failed = err
					return
				}
				if err := cl.CommitRecords(ctx, r); err != nil {
					log.Print(err)
				}
			}()
		})
	}
	return f.failed
}
