// Package adaptwire builds the client adaptloop polls through its adapter.
package adaptwire

import (
	"context"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/adaptloop"
)

type file struct{}

func (file) Process(_ context.Context, r *kgo.Record) error {
	return os.WriteFile(string(r.Key), r.Value, 0o644)
}

// Run wires the loop.
func Run(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-adapt"), kgo.ConsumeTopics("t")) // case: adaptskip
	if err != nil {
		return err
	}
	defer cl.Close()
	adaptloop.New(&adaptloop.Adapter{Client: cl}, file{}).Run(ctx)
	return nil
}
