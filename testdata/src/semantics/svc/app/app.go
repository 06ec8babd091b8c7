// Package app wires the consumers of the svc scenarios: each client is
// built and configured here and handed to a service of another package.
package app

import (
	"context"
	"database/sql"
	"sync"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/svc/cfgsvc"
	"semantics/svc/claimsvc"
	"semantics/svc/evadapter"
	"semantics/svc/evfactory"
	"semantics/svc/evloop"
	"semantics/svc/evsvc"
	"semantics/svc/fanout"
	"semantics/svc/fwrap"
	"semantics/svc/handler"
	"semantics/svc/ingest"
	"semantics/svc/kopts"
	"semantics/svc/kwrap"
	"semantics/svc/pollwrap"
	"semantics/svc/ports"
	"semantics/svc/readers"
	"semantics/svc/revokesvc"
	"semantics/svc/roundtrip"
	"semantics/svc/store"
	"semantics/svc/storeloop"
	"semantics/svc/tailer"
)

// saver queues each message's value for a pool of workers that wg.Wait
// joins only when the queue closes (at shutdown).
type saver struct{ work chan []byte }

func (s *saver) onMessage(m *kafka.Message) { s.work <- m.Value }

func saveWorkers(n int, in <-chan []byte) {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range in {
				_ = v
			}
		}()
	}
	wg.Wait()
}

// dispatcher queues each payload for its workers.
type dispatcher struct{ jobs chan []byte }

func (d *dispatcher) onMessage(_ context.Context, m *kafka.Message) { d.jobs <- m.Value }

// metrics queues observations for a reporter goroutine.
type positionMetrics struct{ ch chan int64 }

func (p *positionMetrics) observe(offset int64) { p.ch <- offset }

var metrics = &positionMetrics{ch: make(chan int64, 100)}

func bill(*kafka.Message) error { return nil }

// stdoutSink writes each value before it returns.
type stdoutSink struct{}

func (stdoutSink) Write(_ context.Context, v []byte) error { return nil }

func Main(ctx context.Context) {
	// Consumers built and run by a shared package, handed a function
	// that queues the payload (evloop) or handles it in place (evloopsync).
	d := &dispatcher{jobs: make(chan []byte)}
	evloop.Run(ctx, evloop.NewConsumer(), d.onMessage)
	evloop.Audit(ctx, evloop.NewSyncConsumer(), evfactory.Handler("audit"), metrics.observe)
	evloop.NewWorker(evloop.NewBillingConsumer(), bill).Run(ctx)
	// Configurations built here for consumers built in cfgsvc: a client
	// with the defaults (auto-commit on), and a config with it off.
	client, _ := sarama.NewClient([]string{"k:9092"}, sarama.NewConfig())
	cfgsvc.FromClient(ctx, client)
	off := sarama.NewConfig()
	off.Consumer.Offsets.AutoCommit.Enable = false
	cfgsvc.WithConfig(ctx, off)
	// A payload handler that queues the payload for workers.
	evloop.Payloads(ctx, evloop.NewPayloadConsumer(), func(_ context.Context, b []byte) error { d.jobs <- b; return nil })
	// Method values of another package's service: one applies the
	// message in place, one queues it.
	orders, outbox := &evsvc.Orders{}, &evsvc.Outbox{}
	evloop.Apply(ctx, evloop.NewOrdersConsumer(), orders.UpdateStatus)
	evloop.Forward(ctx, evloop.NewOutboxConsumer(), outbox.Enqueue)
	// An adapter forwarding to the handler given here, which handles
	// the event in place.
	evadapter.Serve(ctx, func(_ context.Context, e *evadapter.Event) error { return stdoutSink{}.Write(ctx, e.Data) })

	// A wrapper whose fetch and commit its callers order.
	w := kwrap.New()
	if m, err := w.Fetch(ctx); err == nil {
		_ = w.Commit(ctx, m)
	}

	// A franz-go wrapper whose callers commit each record through it:
	// here before processing it.
	polls := make(chan kgo.Fetches)
	if in, err := fwrap.New(polls); err == nil {
		go in.Run(ctx)
		for fs := range polls {
			for _, r := range fs.Records() {
				_ = in.Commit(ctx, r)
				_ = r.Value
			}
		}
	}

	// franz-go with auto-commit off, polled by ingest.
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-ingest"), kgo.ConsumeTopics("t-ingest"), kgo.DisableAutoCommit()) // case: ingest
	_ = ingest.New(cl).Run(ctx)

	// franz-go with the default auto-commit, handed to a fan-out loop.
	fc, _ := kgo.NewClient(kgo.ConsumerGroup("g-fanout"), kgo.ConsumeTopics("t-fanout")) // case: fanout
	fanout.Run(ctx, fc)

	// A client another package builds, handed back to it in a config
	// struct: this package only passes it on.
	roundtrip.NewProducts(roundtrip.Config{Client: roundtrip.NewClient(), Save: func([][]byte) error { return nil }}).Run(ctx)
	roundtrip.NewOrders(roundtrip.OrdersConfig{Src: roundtrip.NewSource()}).Run(ctx)

	// A kafka-go group reader held in a struct field set here.
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-readers", Topic: "t-readers"}) // case: readers
	svc := &readers.Service{Reader: r}
	svc.Run(ctx)

	// A sarama group with auto-commit off; its handler lives in another
	// package and commits when ConsumeClaim returns.
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, _ := sarama.NewConsumerGroup(nil, "g-handler", cfg) // case: handler
	_ = g.Consume(ctx, []string{"t-handler"}, &handler.Marks{})

	// A confluent consumer passed to a function of another package.
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-store", "enable.auto.commit": false}) // case: store
	store.Run(c)

	// A franz-go client without a group, whose group offsets a service of
	// another package keeps with an admin client it wraps around it.
	tc, _ := kgo.NewClient(kgo.ConsumeTopics("t-tailer")) // case: tailer
	_ = tailer.New(tc, stdoutSink{}).Run(ctx)
	_ = tailer.Follow(ctx, stdoutSink{})

	// A kafka-go group reader handed to a service behind its interface.
	pr := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-ports", Topic: "t-ports"}) // case: ports
	(&ports.Indexer{Src: pr}).Run(ctx)
}

// fromHelper polls a client whose options, revoke callback included,
// come from an options helper of another package.
func fromHelper(ctx context.Context) {
	cl, _ := kgo.NewClient(kopts.Build("g-kopts", "t-kopts")...) // case: kopts
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = r })
	}
}

// RunStoreLoop wires a loop storing after a handler that queues to a pool
// whose Wait joins it only at shutdown: not a join per message.
func RunStoreLoop() {
	if c, err := storeloop.NewConsumer(); err == nil {
		sv := &saver{work: make(chan []byte)}
		go saveWorkers(4, sv.work)
		storeloop.Run(c, sv.onMessage)
	}
}

// PollWrapped processes each record of the wrapper's polls in a goroutine
// of its own: the wrapper's timer commits them while they are in flight.
func PollWrapped(ctx context.Context, db *sql.DB) {
	c, err := pollwrap.New()
	if err != nil {
		return
	}
	for ctx.Err() == nil {
		c.Fetch(ctx).EachRecord(func(r *kgo.Record) {
			go func() { _, _ = db.ExecContext(ctx, "INSERT INTO w (v) VALUES ($1)", r.Value) }()
		})
	}
}

// Tail runs the tailer's own loop.
func Tail(ctx context.Context, db *sql.DB) {
	if t, err := pollwrap.NewTailer(); err == nil {
		t.Tail(ctx, db)
	}
}

// Claims runs claimsvc's handlers on groups built here, and its loop on a
// confluent consumer built here.
func Claims(ctx context.Context, db *sql.DB) {
	projector, _ := sarama.NewConsumerGroup(nil, "g-projector", sarama.NewConfig()) // case: claimmarkfirst
	_ = claimsvc.NewProjector(projector, db).Run(ctx)

	manual := sarama.NewConfig()
	manual.Consumer.Offsets.AutoCommit.Enable = false
	settler, _ := sarama.NewConsumerGroup(nil, "g-settler", manual) // case: claimcleanup
	_ = claimsvc.NewSettler(settler, db).Run(ctx)

	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-profiles", "enable.auto.offset.store": false}) // case: claimrevokecb
	_ = claimsvc.Profiles(c, db)
}

// Revokes gives revokesvc's method as the revoke callback of clients built
// here: one whose rebalances run while the loop processes a poll, one
// holding them back to the poll.
func Revokes(ctx context.Context, db *sql.DB) {
	s := &revokesvc.Service{DB: db}
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-revokesvc"), kgo.ConsumeTopics("t-revokesvc"), kgo.DisableAutoCommit(), kgo.OnPartitionsRevoked(s.OnRevoked)) // case: revokeelsewhere
	s.Client = cl
	_ = s.Run(ctx)

	b := &revokesvc.Service{DB: db}
	bl, _ := kgo.NewClient(kgo.ConsumerGroup("g-revokeblocked"), kgo.ConsumeTopics("t-revokeblocked"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll(), kgo.OnPartitionsRevoked(b.OnRevoked)) // case: revokeblocked
	b.Client = bl
	_ = b.Run(ctx)
}

// RevokesMarks gives the callback committing marks only: no records in
// progress are committed.
func RevokesMarks(ctx context.Context, db *sql.DB) {
	m := &revokesvc.Service{DB: db}
	ml, _ := kgo.NewClient(kgo.ConsumerGroup("g-revokemarks"), kgo.ConsumeTopics("t-revokemarks"), kgo.AutoCommitMarks(), kgo.OnPartitionsRevoked(m.OnRevokedMarks)) // case: revokemarks
	m.Client = ml
	_ = m.RunMarks(ctx)
}
