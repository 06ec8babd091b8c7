package commitwrapper

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

type service struct{ cl *kgo.Client }

// commit returns the commit's error itself.
func (s *service) commit(ctx context.Context, rs []*kgo.Record) error {
	return s.cl.CommitRecords(ctx, rs...)
}

// commitSome commits nothing for an empty batch: nil there is not the
// commit's error, so it is not judged as a wrapper.
func (s *service) commitSome(ctx context.Context, rs []*kgo.Record) error {
	if len(rs) == 0 {
		return nil
	}
	return s.cl.CommitRecords(ctx, rs...)
}

func newService() (*service, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("search"), kgo.DisableAutoCommit())
	if err != nil {
		return nil, err
	}
	return &service{cl: cl}, nil
}

// run keeps the wrapper's error in a variable it never reads.
func run(ctx context.Context) {
	s, err := newService()
	if err != nil {
		log.Print(err)
		return
	}
	for {
		fs := s.cl.PollFetches(ctx)
		recs := fs.Records()
		err = s.commit(ctx, recs) // want `the error of commit, which returns the error of CommitRecords, is discarded`
		s.commitSome(ctx, recs)   // ok: nil where nothing is committed: not judged
	}
}

// runChecked logs it.
func runChecked(ctx context.Context, s *service) {
	for {
		fs := s.cl.PollFetches(ctx)
		if err := s.commit(ctx, fs.Records()); err != nil { // ok: logged
			log.Printf("commit: %v", err)
		}
	}
}
