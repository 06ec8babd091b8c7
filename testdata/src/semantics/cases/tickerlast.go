package cases

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
)

// tickerLast keeps the last processed message and commits it once a
// second (argo-dataflow's shape): each commit covers what the loop
// processed since the previous one.
func tickerLast() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-ticker-last", "enable.auto.commit": false}) // case: tickerlast
	_ = c.Subscribe("t", nil)
	var last *kafka.Message
	tick := time.NewTicker(time.Second)
	for {
		select {
		case <-tick.C:
			if last != nil {
				if _, err := c.CommitMessage(last); err != nil {
					log.Print(err)
				}
				last = nil
			}
		default:
			m, err := c.ReadMessage(100 * time.Millisecond)
			if err != nil {
				continue
			}
			if err := apply(m); err != nil {
				log.Print(err)
				continue
			}
			last = m
		}
	}
}

// fetchEither fetches each message in one of two ways and commits it in
// the same iteration: the phi joins two branches, no iteration's message
// is carried to the next (review: it said each batch's last record).
func fetchEither(ctx context.Context, slow bool) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fetch-either", Topic: "t"}) // case: fetcheither
	for {
		var m kafkago.Message
		var err error
		if slow {
			tctx, cancel := context.WithTimeout(ctx, time.Minute)
			m, err = r.FetchMessage(tctx)
			cancel()
		} else {
			m, err = r.FetchMessage(ctx)
		}
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _, _ = tickerLast, fetchEither
