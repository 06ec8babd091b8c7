package cases

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
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

var _ = tickerLast
