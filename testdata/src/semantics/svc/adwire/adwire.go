// Package adwire builds the client adloop polls through adlib's adapter.
package adwire

import (
	"context"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/adlib"
	"semantics/svc/adloop"
)

type file struct{}

func (file) Process(_ context.Context, r *kgo.Record) error {
	return os.WriteFile(string(r.Key), r.Value, 0o644)
}

// Run wires the loop.
func Run(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-adlib"), kgo.ConsumeTopics("t")) // case: adlibskip
	if err != nil {
		return err
	}
	defer cl.Close()
	adloop.New(&adlib.Adapter{Client: cl}, file{}).Run(ctx)
	return nil
}
