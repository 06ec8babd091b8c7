package cases

import (
	"context"

	gokitlog "github.com/go-kit/log"
	kafkago "github.com/segmentio/kafka-go"
)

// A kafka-go loop logging through go-kit, whose Log returns an error
// nobody reads: logging, not a failure of the processing.
func gokitLogged(ctx context.Context, logger gokitlog.Logger) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-gokit", Topic: "t"}) // case: gokitlogged
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		logger.Log("msg", "fetched", "offset", m.Offset)
		if err := apply(m); err != nil {
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

var _ = gokitLogged
