// Command cmd wires a service whose events package kit reads: a group
// reader (its ReadMessage commits before the service applies the event)
// and, for a replay, a reader outside any group (it commits nothing).
package main

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"

	"autocommit/rdhelper/svc"
)

func main() {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-rd", Topic: "t"})
	defer r.Close()
	s := &svc.Service{Reader: r, Dir: "/tmp/out"} // want `Service.Reader receives the kafka-go consumer passed here \(group on\) and hands it to Next; with it, in package autocommit/rdhelper/kit \(kit.go:20\): group reader's ReadMessage commits the message before returning it: .*; fix: fetch with FetchMessage and commit each message when the next is asked for .*; the commit runs only when the reader is in a group, as the configuration the caller passes decides whether it is$`
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

// replay applies a partition again from its start.
func replay(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, Topic: "t", Partition: 0})
	defer r.Close()
	return (&svc.Service{Reader: r, Dir: "/tmp/replay"}).Run(ctx)
}

var _ = replay
