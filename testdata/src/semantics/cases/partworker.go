package cases

import (
	"context"
	"database/sql"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A goroutine per partition ranging its records and stopping at the first
// failure, logged (hunt 47f/D3: 136 of 300 lost): the commit of the poll
// after the join passes the partition's records after the failed one.
// Its twin sends the failure to the loop, which returns it.
func partWorker(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-worker"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: partworker
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, r := range p.Records {
					if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
						log.Printf("insert: %v", err)
						return
					}
				}
			}()
		})
		wg.Wait()
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

func partWorkerReported(ctx context.Context, db *sql.DB) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-part-worker-reported"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: partworkerreported
	for {
		fs := cl.PollFetches(ctx)
		var wg sync.WaitGroup
		errs := make(chan error, len(fs.Records()))
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, r := range p.Records {
					if _, err := db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
						errs <- err
						return
					}
				}
			}()
		})
		wg.Wait()
		close(errs)
		if err := <-errs; err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
