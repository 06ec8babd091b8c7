package cases

import (
	"context"
	"sync/atomic"

	"github.com/twmb/franz-go/pkg/kgo"
)

// LoadedReader keeps its client in an atomic.Pointer that other code
// stores: the reason names the generic Load without its packages' paths.
type LoadedReader struct {
	client atomic.Pointer[kgo.Client]
}

// Run commits each poll after applying it.
func (r *LoadedReader) Run(ctx context.Context) error { // case: loadedptr
	for {
		cl := r.client.Load()
		fs := cl.PollFetches(ctx)
		for _, rec := range fs.Records() {
			if err := apply(rec); err != nil {
				return err
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
