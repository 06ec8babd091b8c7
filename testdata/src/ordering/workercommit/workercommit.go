// Package workercommit holds ordering cases of franz-go workers fed by
// the poll loop over channels that commit everything polled after their
// records (audit 36b/D5: a lane per partition, 9 of 300 lost): the
// commit passes the records still queued for them or the other workers.
package workercommit

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, r *kgo.Record) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", r.Value)
	return err
}

// lanes starts a worker per partition, each committing everything
// polled after its batch.
func lanes(ctx context.Context, cl *kgo.Client) {
	lanes := map[int32]chan []*kgo.Record{}
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			ch, ok := lanes[p.Partition]
			if !ok {
				ch = make(chan []*kgo.Record, 16)
				lanes[p.Partition] = ch
				wg.Add(1)
				go func() {
					defer wg.Done()
					for recs := range ch {
						for _, r := range recs {
							if err := save(ctx, r); err != nil {
								log.Fatal(err)
							}
						}
						if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets from a worker receiving records on a channel: it commits every record polled`
							log.Printf("commit: %v", err)
						}
					}
				}()
			}
			ch <- p.Records
		})
	}
}

// Service queues each record for one worker method.
type Service struct {
	cl    *kgo.Client
	queue chan *kgo.Record
}

// Run polls and queues.
func (s *Service) Run(ctx context.Context) {
	go s.work(ctx)
	for {
		fs := s.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		for _, r := range fs.Records() {
			s.queue <- r
		}
	}
}

func (s *Service) work(ctx context.Context) {
	for r := range s.queue {
		if err := save(ctx, r); err != nil {
			log.Fatal(err)
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets from a worker receiving records on a channel`
			log.Printf("commit: %v", err)
		}
	}
}

// own is lanes' twin: each worker commits the records it processed.
func own(ctx context.Context, cl *kgo.Client) {
	lanes := map[int32]chan []*kgo.Record{}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			ch, ok := lanes[p.Partition]
			if !ok {
				ch = make(chan []*kgo.Record, 16)
				lanes[p.Partition] = ch
				go func() {
					for recs := range ch {
						for _, r := range recs {
							if err := save(ctx, r); err != nil {
								log.Fatal(err)
							}
						}
						if err := cl.CommitRecords(ctx, recs...); err != nil {
							log.Printf("commit: %v", err)
						}
					}
				}()
			}
			ch <- p.Records
		})
	}
}
