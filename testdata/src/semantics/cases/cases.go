// Package cases holds one consumer per function for the semantics tests.
// The constructor line of each is marked "// case: <name>".
package cases

import (
	"context"
	"database/sql"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/offsetcommit/commitlint/lowwater"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

func apply(any) error { return nil }

// A franz-go loop with the default auto-commit and a 2s interval.
func interval(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-interval"), kgo.ConsumeTopics("a", "b"), kgo.AutoCommitInterval(2*time.Second)) // case: interval
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			_ = apply(r)
		}
	}
}

// A kafka-go reader whose commits are queued and flushed every second.
func async(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-async", Topic: "t-async", CommitInterval: time.Second}) // case: async
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// A confluent consumer committing every 100 messages.
func batch() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-batch", "enable.auto.commit": false}) // case: batch
	_ = c.SubscribeTopics([]string{"t-batch"}, nil)
	n := 0
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = apply(m)
		n++
		if n%100 == 0 {
			_, _ = c.Commit()
		}
	}
}

// A consumer whose config comes from the caller: nothing is known.
func Opaque(cfg *kafka.ConfigMap) {
	c, _ := kafka.NewConsumer(cfg) // case: opaque
	for {
		m, _ := c.ReadMessage(time.Second)
		_ = apply(m)
	}
}

// The offset row is updated in the transaction that applies the record.
func sink(ctx context.Context, db *sql.DB) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-sink", Topic: "t-sink"}) // case: sink
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		tx, _ := db.BeginTx(ctx, nil)
		_, _ = tx.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
		_, _ = tx.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2 AND "offset" < $1`, m.Offset+1, m.Partition)
		_ = tx.Commit()
	}
}

// The offset row is updated in the transaction, and AdjustFetchOffsetsFn
// reads it back when partitions are assigned.
func sinkRestore(ctx context.Context, db *sql.DB) {
	restore := func(ctx context.Context, offs map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
		for _, ps := range offs {
			for p := range ps {
				var next int64
				if err := db.QueryRowContext(ctx, `SELECT "offset" FROM consumer_offsets WHERE part = $1`, p).Scan(&next); err == nil {
					ps[p] = kgo.NewOffset().At(next)
				}
			}
		}
		return offs, nil
	}
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-sinkrestore"), kgo.ConsumeTopics("t-sinkrestore"), kgo.DisableAutoCommit(), kgo.AdjustFetchOffsetsFn(restore)) // case: sinkrestore
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			tx, _ := db.BeginTx(ctx, nil)
			_, _ = tx.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, r.Key, r.Value)
			_, _ = tx.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2 AND "offset" < $1`, r.Offset+1, r.Partition)
			_ = tx.Commit()
		})
	}
}

// AdjustFetchOffsetsFn is set, but what it returns does not come from the
// offset row.
func sinkHook(ctx context.Context, db *sql.DB) {
	keep := func(_ context.Context, offs map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
		return offs, nil
	}
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-sinkhook"), kgo.DisableAutoCommit(), kgo.AdjustFetchOffsetsFn(keep)) // case: sinkhook
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			tx, _ := db.BeginTx(ctx, nil)
			_, _ = tx.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, r.Key, r.Value)
			_, _ = tx.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2 AND "offset" < $1`, r.Offset+1, r.Partition)
			_ = tx.Commit()
		})
	}
}

// The offset row is updated in the transaction and the message is then
// committed to Kafka too, but nothing reads the row back.
func sinkBroker(ctx context.Context, db *sql.DB) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-sinkbroker", Topic: "t-sinkbroker"}) // case: sinkbroker
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		tx, _ := db.BeginTx(ctx, nil)
		_, _ = tx.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
		_, _ = tx.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2 AND "offset" < $1`, m.Offset+1, m.Partition)
		if tx.Commit() == nil {
			_ = r.CommitMessages(ctx, m)
		}
	}
}

// confluent consumers with an offset row, nothing committed to Kafka and
// nothing reading the row back: they start where auto.offset.reset says.
func sinkStart(ctx context.Context, db *sql.DB) {
	latest, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-latest", "enable.auto.commit": false})                                      // case: sinklatest
	earliest, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-earliest", "enable.auto.commit": false, "auto.offset.reset": "earliest"}) // case: sinkearliest
	for _, c := range []*kafka.Consumer{latest, earliest} {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tx, _ := db.BeginTx(ctx, nil)
		_, _ = tx.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
		_, _ = tx.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2 AND "offset" < $1`, int64(m.TopicPartition.Offset)+1, m.TopicPartition.Partition)
		_ = tx.Commit()
	}
}

// The offset row is written outside any transaction: not the exactly-once
// pattern, and the reader commits nothing to Kafka.
func noTx(ctx context.Context, db *sql.DB) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-notx", Topic: "t-notx"}) // case: notx
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_, _ = db.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
		_, _ = db.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2`, m.Offset+1, m.Partition)
	}
}

// A custom revoke callback that commits.
func revoke(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-revoke"), kgo.ConsumeTopics("t-revoke"), // case: revoke
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			_ = cl.CommitUncommittedOffsets(ctx)
		}))
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
}

type tracker struct{ low map[int32]kafka.Offset }

func (t *tracker) committable() []kafka.TopicPartition { return nil }

// Goroutine per message; a ticker stores the tracker's low-water marks.
func lowWater(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-low", "enable.auto.offset.store": false}) // case: lowwater
	t := &tracker{}
	go func() {
		for range time.Tick(time.Second) {
			_, _ = c.StoreOffsets(t.committable())
		}
	}()
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() { _ = apply(m) }()
	}
}

// Two consumers built in one function with different groups: each takes
// the names of its own config.
func twoReaders() (*kafkago.Reader, *kafkago.Reader) {
	a := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-one", Topic: "t-shared"}) // case: shared1
	b := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-two", Topic: "t-shared"}) // case: shared2
	return a, b
}

// Auto-commit is disabled on one branch only: not known.
func conditional(ctx context.Context, manual bool) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g-cond"), kgo.ConsumeTopics("t-cond")}
	if manual {
		opts = append(opts, kgo.DisableAutoCommit())
	}
	cl, _ := kgo.NewClient(opts...) // case: conditional
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			_ = apply(r)
		}
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

// The same option appended on every path: known.
func appended(ctx context.Context) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g-app"), kgo.ConsumeTopics("t-app")}
	opts = append(opts, kgo.DisableAutoCommit())
	cl, _ := kgo.NewClient(opts...) // case: appended
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			_ = apply(r)
		}
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

// A key set in one branch only: not known.
func conditionalKey(manual bool) {
	cfg := &kafka.ConfigMap{"group.id": "g-condkey"}
	if manual {
		_ = cfg.SetKey("enable.auto.commit", false)
	}
	c, _ := kafka.NewConsumer(cfg) // case: condkey
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = apply(m)
		_, _ = c.CommitMessage(m)
	}
}

// A producer-only client consumes nothing: no row.
func producer() *kgo.Client {
	cl, _ := kgo.NewClient(kgo.SeedBrokers("localhost:9092")) // case: producer
	return cl
}

type worker struct{ cl *kafkago.Reader }

// The reader lives in a struct field; its commit is still this consumer's
// (the only kafka-go consumer of the package besides shared1/2, which
// make no calls), and the loop runs in its own goroutine.
func (w *worker) run(ctx context.Context) {
	for {
		m, err := w.cl.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = w.cl.CommitMessages(ctx, m)
	}
}

func field(ctx context.Context) {
	w := &worker{cl: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-field", Topic: "t-field"})} // case: field
	go w.run(ctx)
}

// maybeCommit commits every tenth offset; it is called for each message.
func maybeCommit(c *kafka.Consumer, m *kafka.Message) {
	if m.TopicPartition.Offset%10 != 0 {
		return
	}
	_, _ = c.Commit()
}

func helperBatch() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-helper", "enable.auto.commit": false}) // case: helperbatch
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = apply(m)
		maybeCommit(c, m)
	}
}

// An offset tool: it commits but never fetches.
func tool(off kafka.Offset) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-tool"}) // case: tool
	topic := "t"
	_, _ = c.CommitOffsets([]kafka.TopicPartition{{Topic: &topic, Offset: off}})
}

// batchHandler commits every 100 marks; with flush, the rest after the loop.
type batchHandler struct {
	n     int
	flush bool
}

func (*batchHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*batchHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *batchHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = apply(msg)
		sess.MarkMessage(msg, "")
		if h.n++; h.n%100 == 0 {
			sess.Commit()
		}
	}
	return nil
}

type flushHandler struct{ batchHandler }

func (h *flushHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = apply(msg)
		sess.MarkMessage(msg, "")
		if h.n++; h.n%100 == 0 {
			sess.Commit()
		}
	}
	sess.Commit()
	return nil
}

func saramaBatch(ctx context.Context) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-sbatch", cfg) // case: saramabatch
	_ = g.Consume(ctx, []string{"t-sbatch"}, &batchHandler{})
}

func saramaFlush(ctx context.Context) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-sflush", cfg) // case: saramaflush
	_ = g.Consume(ctx, []string{"t-sflush"}, &flushHandler{})
}

// Goroutine per message; a ticker stores the low-water marks of a tracker
// from the lowwater package: a recognised low-water mark.
func lowWaterPkg(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-lowpkg", "enable.auto.offset.store": false}) // case: lowwaterpkg
	t := lowwater.New()
	go func() {
		for range time.Tick(time.Second) {
			for tp, off := range t.CommittableAll() {
				topic := tp.Topic
				_, _ = c.StoreOffsets([]kafka.TopicPartition{{Topic: &topic, Partition: tp.Partition, Offset: kafka.Offset(off)}})
			}
		}
	}()
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		tp := lowwater.TopicPartition{Topic: *m.TopicPartition.Topic, Partition: m.TopicPartition.Partition}
		_ = t.Start(tp, int64(m.TopicPartition.Offset))
		go func() {
			_ = apply(m)
			t.Done(tp, int64(m.TopicPartition.Offset))
		}()
	}
}

// A goroutine per message marks the largest offset done so far, kept by a
// method: a maximum, not a low-water mark.
type progress struct{ max int64 }

func (p *progress) finished(off int64) int64 {
	if off > p.max {
		p.max = off
	}
	return p.max
}

type maxHandler struct{ p *progress }

func (*maxHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*maxHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *maxHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go func() {
			_ = apply(msg)
			sess.MarkOffset(msg.Topic, msg.Partition, h.p.finished(msg.Offset)+1, "")
		}()
	}
	return nil
}

func saramaMax(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-smax", sarama.NewConfig()) // case: saramamax
	_ = g.Consume(ctx, []string{"t-smax"}, &maxHandler{p: &progress{}})
}

// Auto-commit off and the only commit deferred in ConsumeClaim: the marks
// are committed when the claim ends.
type deferHandler struct{}

func (*deferHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*deferHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (*deferHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for msg := range claim.Messages() {
		if err := apply(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func saramaDefer(ctx context.Context) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, _ := sarama.NewConsumerGroup(nil, "g-sdefer", cfg) // case: saramadefer
	_ = g.Consume(ctx, []string{"t-sdefer"}, &deferHandler{})
}

// A franz-go default auto-commit loop hands records to a worker pool over a
// channel: the timer may commit them before the workers are done.
func pool(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-pool"), kgo.ConsumeTopics("t-pool")) // case: pool
	work := make(chan *kgo.Record)
	for i := 0; i < 4; i++ {
		go func() {
			for r := range work {
				_ = apply(r)
			}
		}()
	}
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { work <- r })
	}
}

// A kafka-go reader whose GroupID is set only when a flag is true.
func flagGroup(ctx context.Context, grouped bool) {
	cfg := kafkago.ReaderConfig{Topic: "t-flag"}
	if grouped {
		cfg.GroupID = "g-flag"
	}
	r := kafkago.NewReader(cfg) // case: flaggroup
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// sinkHandler writes its position in the transaction and marks nothing.
type sinkHandler struct{ db *sql.DB }

func (*sinkHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*sinkHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *sinkHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		tx, _ := h.db.BeginTx(sess.Context(), nil)
		_, _ = tx.ExecContext(sess.Context(), `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
		_, _ = tx.ExecContext(sess.Context(), `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2 AND "offset" < $1`, m.Offset+1, m.Partition)
		_ = tx.Commit()
	}
	return nil
}

// A sarama group starting partitions without a committed offset at the
// oldest offset, with the sink handler.
func sinkOldest(ctx context.Context, db *sql.DB) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	g, _ := sarama.NewConsumerGroup(nil, "g-oldest", cfg) // case: sinkoldest
	_ = g.Consume(ctx, []string{"t-oldest"}, &sinkHandler{db: db})
}

// A kafka-go reader outside a group that starts from the stored position.
func sinkReader(ctx context.Context, db *sql.DB) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Topic: "t-reader", Partition: 3}) // case: sinkreader
	var next int64
	if err := db.QueryRowContext(ctx, `SELECT "offset" FROM consumer_offsets WHERE part = $1`, 3).Scan(&next); err == nil {
		_ = r.SetOffset(next)
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		tx, _ := db.BeginTx(ctx, nil)
		_, _ = tx.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value)
		_, _ = tx.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2 AND "offset" < $1`, m.Offset+1, m.Partition)
		_ = tx.Commit()
	}
}

// A kafka-go reader outside a group that starts from the stored position,
// written in a statement of its own after the effect.
func ownStore(ctx context.Context, db *sql.DB) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Topic: "t-own", Partition: 1}) // case: ownstore
	var next int64
	if err := db.QueryRowContext(ctx, `SELECT "offset" FROM consumer_offsets WHERE part = $1`, 1).Scan(&next); err == nil {
		_ = r.SetOffset(next)
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO ledger (k, v) VALUES ($1, $2)`, m.Key, m.Value); err != nil {
			return
		}
		if _, err := db.ExecContext(ctx, `UPDATE consumer_offsets SET "offset" = $1 WHERE part = $2`, m.Offset+1, m.Partition); err != nil {
			return
		}
	}
}

// setupHandler writes its position in the transaction and Setup starts
// every claim from it.
type setupHandler struct{ sinkHandler }

func (h *setupHandler) Setup(sess sarama.ConsumerGroupSession) error {
	for t, ps := range sess.Claims() {
		for _, p := range ps {
			var next int64
			if err := h.db.QueryRowContext(sess.Context(), `SELECT "offset" FROM consumer_offsets WHERE part = $1`, p).Scan(&next); err == nil {
				sess.MarkOffset(t, p, next, "")
				sess.ResetOffset(t, p, next, "")
			}
		}
	}
	return nil
}

func sinkSetup(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup(nil, "g-setup", sarama.NewConfig()) // case: sinksetup
	_ = g.Consume(ctx, []string{"t-setup"}, &setupHandler{sinkHandler{db: db}})
}

// A franz-go transactional session: each poll's output and offsets commit
// in one transaction.
func txnsess(ctx context.Context) error {
	s, err := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txn"), kgo.ConsumeTopics("t-txn")) // case: txnsess
	if err != nil {
		return err
	}
	for {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil {
			return err
		}
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return err
		}
	}
}

// A transactional session that settles each committed poll in a database
// after the commit: the transaction does not cover the settlement.
func txnAfter(ctx context.Context, db *sql.DB) error {
	s, err := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txnafter"), kgo.ConsumeTopics("t-txn")) // case: txnafter
	if err != nil {
		return err
	}
	for {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil {
			return err
		}
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO settled (n) VALUES ($1)", len(fs.Records())); err != nil {
			return err
		}
	}
}

// The same with the side effect started in a goroutine after the commit.
func txnAfterGo(ctx context.Context, notify func(int)) error {
	s, err := kgo.NewGroupTransactSession(kgo.ConsumerGroup("g-txnafter"), kgo.ConsumeTopics("t-txn")) // case: txnaftergo
	if err != nil {
		return err
	}
	for {
		fs := s.PollFetches(ctx)
		if err := s.Begin(); err != nil {
			return err
		}
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return err
		}
		go notify(len(fs.Records()))
	}
}

// A kafka-go reader outside the group reading one partition of a
// generation, which commits the group's offsets.
func generation(ctx context.Context, gen *kafkago.Generation) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Topic: "t-gen", Partition: 0}) // case: generation
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		if err := gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}}); err != nil {
			return
		}
	}
}

// Clients held where the package reads them back: a map of readers, an
// atomic.Pointer, a package-level function variable that builds the group.

func holderSave([]byte) error { return nil }

func readerMap(ctx context.Context) error {
	rs := map[string]*kafkago.Reader{}
	for _, t := range []string{"a", "b"} {
		rs[t] = kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-map", Topic: t}) // case: readermap
	}
	for _, r := range rs {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := holderSave(m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

var currentClient atomic.Pointer[kgo.Client]

func swapClient() error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-atomic"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: atomicptr
	if err != nil {
		return err
	}
	currentClient.Store(cl)
	return nil
}

func pollCurrent(ctx context.Context) error {
	cl := currentClient.Load()
	fs := cl.PollFetches(ctx)
	for _, r := range fs.Records() {
		if err := holderSave(r.Value); err != nil {
			return err
		}
	}
	return cl.CommitRecords(ctx, fs.Records()...)
}

var buildGroup = func() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("g-funcvar"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: funcvar
}

func pollBuilt(ctx context.Context) error {
	cl, err := buildGroup()
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	for _, r := range fs.Records() {
		if err := holderSave(r.Value); err != nil {
			return err
		}
	}
	return cl.CommitRecords(ctx, fs.Records()...)
}

// A franz-go loop whose handler appends each record to a field of the
// indexer, which writes them out once a hundred are pending; the loop
// commits after every poll, so a commit can pass records still pending.
type indexer struct{ pending []*kgo.Record }

func (ix *indexer) add(r *kgo.Record) {
	ix.pending = append(ix.pending, r)
	if len(ix.pending) >= 100 {
		for _, p := range ix.pending {
			_ = apply(p)
		}
		ix.pending = ix.pending[:0]
	}
}

func bufferedField(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-buffered"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: buffered
	ix := &indexer{}
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(ix.add)
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

// Its twin collects each poll's records in a local slice and writes them
// all out before the commit.
func localBatch(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-localbatch"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: localbatch
	for {
		fs := cl.PollFetches(ctx)
		var batch []*kgo.Record
		fs.EachRecord(func(r *kgo.Record) { batch = append(batch, r) })
		for _, r := range batch {
			_ = apply(r)
		}
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

// A kafka-go reader used through an interface of the application with
// its fetch and its commit: the interface's calls are the reader's.
type messageSource interface {
	FetchMessage(ctx context.Context) (kafkago.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafkago.Message) error
}

func viaInterface(ctx context.Context) {
	var src messageSource = kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-iface", Topic: "t-iface"}) // case: viaiface
	for {
		m, err := src.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			return
		}
		if err := src.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

// The same reader fetched directly but committed by a helper that takes
// the interface: the helper's commit is the reader's.
func commitVia(ctx context.Context, src messageSource, m kafkago.Message) error {
	return src.CommitMessages(ctx, m)
}

func mixedInterface(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-mixed", Topic: "t-mixed"}) // case: mixediface
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			return
		}
		if err := commitVia(ctx, r, m); err != nil {
			return
		}
	}
}

// An interface with the reader's ReadMessage alone stands for the reader
// (ReadMessage fetches and commits: the whole loop) when no type of the
// package implements it: each message is committed before it is processed.
type messageReader interface {
	ReadMessage(ctx context.Context) (kafkago.Message, error)
}

func readerInterface(ctx context.Context) {
	var src messageReader = kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-readiface", Topic: "t-readiface"}) // case: readiface
	for {
		m, err := src.ReadMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
	}
}

// A client outside any group whose group offsets an admin client built on
// a second client commits, from the consumer's own fetches, after
// processing each poll.
func adminOwnClient(ctx context.Context) {
	admCl, _ := kgo.NewClient()
	adm := kadm.NewClient(admCl)
	cl, _ := kgo.NewClient(kgo.ConsumeTopics("t-kadm")) // case: kadmown
	for {
		fs := cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			_ = apply(r)
		}
		if err := adm.CommitAllOffsets(ctx, "g-kadm", kadm.OffsetsFromFetches(fs)); err != nil {
			return
		}
	}
}

// A confluent consumer whose rebalance callback commits, on assignment
// only, while nothing the analysis ties to records commits: the row
// cannot say "no commits", nor that revokes commit.
func rebalanceCommits() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-rbcommit", "enable.auto.commit": false}) // case: rbcommit
	_ = c.SubscribeTopics([]string{"t-rbcommit"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.AssignedPartitions); ok {
			_, _ = c.Commit()
		}
		return nil
	})
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			_ = apply(m)
		}
	}
}

// Operator keeps the group config its constructor receives: the strategy
// is unknown, and the row names the caller the config comes from.
type Operator struct{ cfg *sarama.Config }

// NewOperator is called by other packages only.
func NewOperator(cfg *sarama.Config) *Operator { return &Operator{cfg: cfg} }

func (o *Operator) start(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-operator", o.cfg) // case: cfgfield
	_ = g.Consume(ctx, []string{"t-operator"}, &batchHandler{})
}

// recordSource is the loop's view of a franz-go client, implemented by an
// adapter that forwards to the client it holds.
type recordSource interface {
	PollFetches(ctx context.Context) kgo.Fetches
	Commit(ctx context.Context) error
}

type kgoRecordSource struct{ cl *kgo.Client }

func (s kgoRecordSource) PollFetches(ctx context.Context) kgo.Fetches { return s.cl.PollFetches(ctx) }
func (s kgoRecordSource) Commit(ctx context.Context) error {
	return s.cl.CommitUncommittedOffsets(ctx)
}

func adapted(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-adapter"), kgo.ConsumeTopics("t-adapter"), kgo.DisableAutoCommit()) // case: adapter
	var src recordSource = kgoRecordSource{cl: cl}
	for {
		src.PollFetches(ctx).EachRecord(func(r *kgo.Record) { _ = apply(r) })
		_ = src.Commit(ctx)
	}
}

// job carries a message's value and the commit of its offset to a
// receiver that calls it when it sees fit.
type job struct {
	value  []byte
	commit func()
}

// handedCommit commits through closures it sends: when they run, before
// or after the receiver applies the value, is the receiver's business.
func handedCommit(out chan<- job) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-handed", "enable.auto.commit": false}) // case: handedcommit
	_ = c.SubscribeTopics([]string{"t-handed"}, nil)
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		out <- job{value: m.Value, commit: func() { _, _ = c.CommitMessage(m) }}
	}
}

// fetchAndCommit fetches, processes and commits on the reader it is given.
func fetchAndCommit(ctx context.Context, r *kafkago.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// sharedFetch starts four goroutines on one reader: each commits what it
// fetched while the others may still hold lower offsets.
func sharedFetch(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-shared-fetch", Topic: "t-shared-fetch"}) // case: sharedfetch
	for i := 0; i < 4; i++ {
		go fetchAndCommit(ctx, r)
	}
}

// fetchOwn is fetchAndCommit for ownFetch's reader.
func fetchOwn(ctx context.Context, r *kafkago.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// ownFetch starts one goroutine on its reader, and another goroutine
// that does not fetch from it.
func ownFetch(ctx context.Context) {
	a := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-own-a", Topic: "t-own"}) // case: ownfetch
	go fetchOwn(ctx, a)
	go func() { _ = apply(nil) }()
}

// readerConf is the application's copy of the reader config, converted
// back when the reader is built.
type readerConf kafkago.ReaderConfig

type konsumerConfig struct {
	Reader   readerConf
	Interval time.Duration
}

func (c *konsumerConfig) setDefaults() {
	if c.Interval == 0 {
		c.Interval = time.Second
	}
	c.Reader.CommitInterval = c.Interval
}

// cfgConv builds its reader from a converted config whose CommitInterval
// its defaults always set: commits are queued, not synchronous.
func cfgConv(ctx context.Context) {
	cfg := &konsumerConfig{Reader: readerConf{GroupID: "g-cfgconv", Topic: "t-cfgconv"}}
	cfg.setDefaults()
	r := kafkago.NewReader(kafkago.ReaderConfig(cfg.Reader)) // case: cfgconv
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// cfgSource hands out consumer configs.
type cfgSource interface {
	ConsumerConfig(group string) *kafka.ConfigMap
}

// viaCfgSource builds a consumer from a config an interface returns.
func viaCfgSource(src cfgSource) {
	c, _ := kafka.NewConsumer(src.ConsumerConfig("g-cfgsource")) // case: cfgsource
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = apply(m)
	}
}

// offsetGuarded commits when a record's offset is a multiple of 100: not
// every 100 records where offsets have gaps.
func offsetGuarded(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-offsetguard", "enable.auto.commit": false}) // case: offsetguard
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = apply(m)
		if m.TopicPartition.Offset%100 == 0 {
			_, _ = c.Commit()
		}
	}
}

// payloadPool sends each message's payload, not the message, to a pool of
// workers: they handle the records all the same.
func payloadPool() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-payload", "enable.auto.commit": false}) // case: payloadpool
	payloads := make(chan []byte)
	for i := 0; i < 4; i++ {
		go func() {
			for b := range payloads {
				_ = apply(b)
			}
		}()
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		payloads <- m.Value
		_, _ = c.CommitMessage(m)
	}
}

// PollAndCommit polls, commits, and returns the decoded values: its
// caller, in another package, processes them after the commit.
func PollAndCommit(ctx context.Context) ([]string, error) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-returned"), kgo.ConsumeTopics("t-returned"), kgo.DisableAutoCommit()) // case: returned
	fs := cl.PollFetches(ctx)
	out := decodeAll(fs)
	if err := cl.CommitUncommittedOffsets(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

func decodeAll(fs kgo.Fetches) []string {
	var out []string
	fs.EachRecord(func(r *kgo.Record) { out = append(out, string(r.Value)) })
	return out
}

// ProcessMessages fetches and commits on the reader its caller, in
// another package, gives it with the WaitGroup it waits on: the caller may
// start several on one reader.
func ProcessMessages(ctx context.Context, r *kafkago.Reader, wg *sync.WaitGroup) { // case: waitgroupworker
	defer wg.Done()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
		_ = r.CommitMessages(ctx, m)
	}
}

// keyGroups splits each batch by key and delivers each group in a
// goroutine of its own, all joined before the batch is committed.
func keyGroups(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-keygroups", Topic: "t-keygroups"}) // case: keygroups
	for ctx.Err() == nil {
		var batch []kafkago.Message
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		groups := map[string][]kafkago.Message{}
		for _, m := range batch {
			groups[string(m.Key)] = append(groups[string(m.Key)], m)
		}
		var wg sync.WaitGroup
		for _, msgs := range groups {
			wg.Add(1)
			go func(msgs []kafkago.Message) {
				defer wg.Done()
				for _, m := range msgs {
					_ = m.Value
				}
			}(msgs)
		}
		wg.Wait()
		_ = r.CommitMessages(ctx, batch...)
	}
}

// genericPool is a generic consumer type whose Run starts workers through
// a generic method: the workers are found through the instance's body.
type genericPool[M any] struct {
	c  *kafkago.Reader
	ch chan kafkago.Message
	f  func(M)
}

func newGenericPool[M any](f func(M)) *genericPool[M] {
	return &genericPool[M]{c: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-generic", Topic: "t-generic"}), ch: make(chan kafkago.Message), f: f} // case: generic
}

func (p *genericPool[M]) run(ctx context.Context) {
	p.start(ctx)
	for ctx.Err() == nil {
		m, err := p.c.FetchMessage(ctx)
		if err != nil {
			return
		}
		p.ch <- m
	}
}

func (p *genericPool[M]) start(ctx context.Context) {
	for i := 0; i < 4; i++ {
		go func() {
			for m := range p.ch {
				_ = p.c.CommitMessages(ctx, m)
			}
		}()
	}
}

func genericMain(ctx context.Context) { newGenericPool(func(string) {}).run(ctx) }

// markOnly marks each applied message and never commits.
type markOnly struct{}

func (markOnly) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markOnly) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markOnly) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = apply(msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Auto-commit off and no Commit: nothing is ever committed. With the
// default Offsets.Initial a group that never committed starts at the
// newest offset; with OffsetOldest it replays the partition.
func neverCommits(ctx context.Context) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, _ := sarama.NewConsumerGroup(nil, "g-nocommit", cfg) // case: nocommit
	_ = g.Consume(ctx, []string{"t-nocommit"}, markOnly{})
	old := sarama.NewConfig()
	old.Consumer.Offsets.AutoCommit.Enable = false
	old.Consumer.Offsets.Initial = sarama.OffsetOldest
	o, _ := sarama.NewConsumerGroup(nil, "g-nocommit-old", old) // case: nocommitold
	_ = o.Consume(ctx, []string{"t-nocommit-old"}, markOnly{})
}

// branchMarks appends AutoCommitMarks in a branch: the timer commits marks
// or every poll before the latest, which the analysis cannot tell.
func branchMarks(ctx context.Context, consumer bool) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g-branchmarks"), kgo.ConsumeTopics("t-branchmarks")}
	if consumer {
		opts = append(opts, kgo.AutoCommitMarks())
	}
	cl, _ := kgo.NewClient(opts...) // case: branchmarks
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			_ = r.Value
			cl.MarkCommitRecords(r)
		})
	}
}

// ConsumerConfig is filled in by the caller; its method builds the
// consumer with auto-commit as the caller says.
type ConsumerConfig struct {
	Group      string
	AutoCommit bool
}

// NewConsumer builds a consumer whose auto-commit is the receiver's field.
func (c *ConsumerConfig) NewConsumer() *kafka.Consumer {
	k, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-cfgrecv", "enable.auto.commit": c.AutoCommit}) // case: cfgrecv
	_ = k.SubscribeTopics([]string{"t-cfgrecv"}, nil)
	for {
		m, err := k.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = m.Value
		_, _ = k.CommitMessage(m)
	}
}

// branchAuto disables auto-commit in a branch only.
func branchAuto(ctx context.Context, group string) {
	opts := []kgo.Opt{kgo.ConsumeTopics("t-branchauto")}
	if group != "" {
		opts = append(opts, kgo.ConsumerGroup("g-branchauto"), kgo.DisableAutoCommit())
	}
	cl, _ := kgo.NewClient(opts...) // case: branchauto
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = r.Value })
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

// tickerCommit stores each processed message and commits what is stored
// from a ticker's goroutine.
func tickerCommit(ctx context.Context) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-ticker", "enable.auto.commit": false, "enable.auto.offset.store": false}) // case: tickercommit
	_ = c.SubscribeTopics([]string{"t-ticker"}, nil)
	go func() {
		for range time.Tick(5 * time.Second) {
			_, _ = c.Commit()
		}
	}()
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		_ = m.Value
		_, _ = c.StoreMessage(m)
	}
}

// lastOfBatch collects a batch of messages, saves it, then commits the
// batch's last message: one commit per batch, of the last message's
// partition only.
func lastOfBatch() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-lastbatch", "enable.auto.commit": false}) // case: lastbatch
	_ = c.Subscribe("t-lastbatch", nil)
	for {
		var last *kafka.Message
		var values [][]byte
		for len(values) < 100 {
			m, err := c.ReadMessage(time.Second)
			if err != nil {
				continue
			}
			values = append(values, m.Value)
			last = m
		}
		saveAll(values)
		if last != nil {
			_, _ = c.CommitMessage(last)
		}
	}
}

func saveAll(values [][]byte) {
	for _, v := range values {
		_ = v
	}
}

// optLiteral picks the commit option with a literal called at once: one
// path disables auto-commit, the other commits greedily.
func optLiteral(ctx context.Context, commit bool) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-optlit"), kgo.ConsumeTopics("t-optlit"), func(commit bool) kgo.Opt { // case: optliteral
		if !commit {
			return kgo.DisableAutoCommit()
		}
		return kgo.GreedyAutoCommit()
	}(commit))
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { _ = r.Value })
	}
}

// marksOpt returns the marks option on both of its paths.
func marksOpt(block bool) kgo.Opt {
	if block {
		return kgo.AutoCommitMarks()
	}
	return kgo.AutoCommitMarks()
}

// optHelper sets marks through a helper whose every path returns them.
func optHelper(ctx context.Context, block bool) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-opthelper"), kgo.ConsumeTopics("t-opthelper"), marksOpt(block)) // case: opthelper
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			_ = r.Value
			cl.MarkCommitRecords(r)
		})
	}
}

// groupConfig is what a framework's callers pass to create a consumer.
type groupConfig struct {
	Group      string
	AutoCommit bool
}

// markHandler marks each message after applying it; nothing commits.
type markHandler struct{}

func (markHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = apply(msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}

// timedHandler and openHandler are markHandler for the other managers.
type (
	timedHandler struct{ markHandler }
	openHandler  struct{ markHandler }
)

func (timedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = apply(msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}

func (openHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = apply(msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}

// groupManager keeps a base configuration (oldest offset first) that each
// consumer copies, with auto-commit as its caller's groupConfig says.
type groupManager struct{ base *sarama.Config }

func newGroupManager() *groupManager {
	base := sarama.NewConfig()
	base.Consumer.Offsets.Initial = sarama.OffsetOldest
	return &groupManager{base: base}
}

func (m *groupManager) create(ctx context.Context, gc groupConfig) {
	c := *m.base
	c.Consumer.Offsets.AutoCommit.Enable = gc.AutoCommit
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, gc.Group, &c) // case: cfgcopy
	_ = g.Consume(ctx, []string{"t-cfgfield"}, markHandler{})
}

// cfgField's only caller leaves AutoCommit out (false): marks are
// discarded, and the copied base starts from the oldest offset.
func cfgField(ctx context.Context) {
	newGroupManager().create(ctx, groupConfig{Group: "g-cfgfield"})
}

// timedManager is groupManager whose only caller turns auto-commit on.
type timedManager struct{ base *sarama.Config }

func (m *timedManager) create(ctx context.Context, gc groupConfig) {
	c := *m.base
	c.Consumer.Offsets.AutoCommit.Enable = gc.AutoCommit
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, gc.Group, &c) // case: cfgcopyon
	_ = g.Consume(ctx, []string{"t-cfgfieldon"}, timedHandler{})
}

func cfgFieldOn(ctx context.Context) {
	(&timedManager{base: sarama.NewConfig()}).create(ctx, groupConfig{Group: "g-cfgfieldon", AutoCommit: true})
}

// GroupManager is exported: callers in other packages pass AutoCommit.
type GroupManager struct{ Base *sarama.Config }

// Create builds a consumer with auto-commit as gc says.
func (m *GroupManager) Create(ctx context.Context, gc groupConfig) {
	c := *m.Base
	c.Consumer.Offsets.AutoCommit.Enable = gc.AutoCommit
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, gc.Group, &c) // case: cfgcopyopen
	_ = g.Consume(ctx, []string{"t-cfgfieldopen"}, openHandler{})
}

func cfgFieldOpen(ctx context.Context) {
	(&GroupManager{Base: sarama.NewConfig()}).Create(ctx, groupConfig{Group: "g-cfgfieldopen"})
}

// Pipe sends each record's value on out, which its caller's pipeline
// drains: nothing here receives from it.
func Pipe(ctx context.Context, out chan<- []byte) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-pipe"), kgo.ConsumeTopics("t-pipe")) // case: sentaway
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { out <- r.Value })
	}
}

// markOnAck queues each record for a pool of workers that report done
// ids; a marker goroutine marks each done record, in completion order.
func markOnAck(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-markack"), kgo.ConsumeTopics("t-markack"), kgo.AutoCommitMarks()) // case: markonack
	work := make(chan *kgo.Record, 64)
	done := make(chan *kgo.Record, 64)
	for i := 0; i < 4; i++ {
		go func() {
			for r := range work {
				_ = apply(r)
				done <- r
			}
		}()
	}
	go func() {
		for r := range done {
			cl.MarkCommitRecords(r)
		}
	}()
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { work <- r })
	}
}

// errgroupCommit starts an errgroup function per message, which writes
// the message and commits it through a closure: commits in completion
// order. The group is waited for only when the loop ends.
func errgroupCommit(ctx context.Context) error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-errgroup", "enable.auto.commit": false}) // case: errgroupcommit
	_ = c.Subscribe("t-errgroup", nil)
	grp, ctx := errgroup.WithContext(ctx)
	grp.Go(func() error {
		for ctx.Err() == nil {
			m, err := c.ReadMessage(time.Second)
			if err != nil {
				continue
			}
			grp.Go(func() error { return writeThen(m, func() error { _, err := c.CommitMessage(m); return err }) })
		}
		return nil
	})
	return grp.Wait()
}

func writeThen(m *kafka.Message, commit func() error) error {
	_ = apply(m)
	return commit()
}

// tail is a generic client of a reader outside any group whose next
// returns each decoded message to its caller: nothing is committed.
type tail[E any] struct {
	r   *kafkago.Reader
	dec func([]byte) E
}

func newTail[E any](dec func([]byte) E) *tail[E] {
	return &tail[E]{dec: dec, r: kafkago.NewReader(kafkago.ReaderConfig{Topic: "t-tail"})} // case: nogroupreturn
}

func (t *tail[E]) next(ctx context.Context) E {
	m, _ := t.r.ReadMessage(ctx)
	return t.dec(m.Value)
}

func tailStrings(ctx context.Context) {
	t := newTail(func(b []byte) string { return string(b) })
	for ctx.Err() == nil {
		_ = t.next(ctx)
	}
}

// revokeBranch registers a committing revoke callback on one path only.
func revokeBranch(ctx context.Context, onSuccess bool) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g-revbranch"), kgo.ConsumeTopics("t-revbranch")}
	var cl *kgo.Client
	if onSuccess {
		opts = append(opts, kgo.AutoCommitMarks(), kgo.OnPartitionsRevoked(func(ctx context.Context, _ *kgo.Client, _ map[string][]int32) {
			_ = cl.CommitMarkedOffsets(ctx)
		}))
	}
	cl, _ = kgo.NewClient(opts...) // case: revokebranch
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			_ = apply(r)
			cl.MarkCommitRecords(r)
		})
	}
}

// shipment is what the decoded-payload cases decode each message into.
type shipment struct{ ID string }

// decodedGo decodes each message and saves the decoded value in a
// goroutine of its own, then commits: the commit passes the save.
func decodedGo(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-decodedgo", Topic: "t-decodedgo"}) // case: decodedgo
	for ctx.Err() == nil {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		var s shipment
		if json.Unmarshal(m.Value, &s) != nil {
			continue
		}
		go func(s shipment) { _ = apply(s) }(s)
		_ = r.CommitMessages(ctx, m)
	}
}

// decodedQueue decodes each message and queues the decoded value for
// workers another function starts, then marks it.
type decodedQueue struct{ jobs chan<- shipment }

func (decodedQueue) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (decodedQueue) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (q decodedQueue) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var s shipment
		if json.Unmarshal(msg.Value, &s) == nil {
			q.jobs <- s
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func decodedQueued(ctx context.Context, jobs chan<- shipment) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-decodedqueue", sarama.NewConfig()) // case: decodedqueue
	_ = g.Consume(ctx, []string{"t-decodedqueue"}, decodedQueue{jobs: jobs})
}

// startShipmentWorkers drains the decoded queue.
func startShipmentWorkers(jobs <-chan shipment) {
	for range 4 {
		go func() {
			for s := range jobs {
				_ = apply(s)
			}
		}()
	}
}

// payloadBuffer keeps payloads until a ticker flushes them.
type payloadBuffer struct {
	mu  sync.Mutex
	buf [][]byte
}

func (b *payloadBuffer) add(v []byte) {
	b.mu.Lock()
	b.buf = append(b.buf, v)
	b.mu.Unlock()
}

// bufferedPayloads marks each message once its payload is buffered.
type bufferedPayloads struct{ b *payloadBuffer }

func (bufferedPayloads) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (bufferedPayloads) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h bufferedPayloads) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.b.add(msg.Value)
		sess.MarkMessage(msg, "")
	}
	return nil
}

func payloadsBuffered(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-payloadbuf", sarama.NewConfig()) // case: payloadbuffer
	_ = g.Consume(ctx, []string{"t-payloadbuf"}, bufferedPayloads{b: &payloadBuffer{}})
}

// greedyBranch commits greedily on one path only.
func greedyBranch(ctx context.Context, fast bool) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g-greedybranch"), kgo.ConsumeTopics("t-greedybranch")}
	if fast {
		opts = append(opts, kgo.GreedyAutoCommit())
	}
	cl, _ := kgo.NewClient(opts...) // case: greedybranch
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
}

// A kafka-go reader whose config comes from the caller: ReadMessage
// commits each message first in a group, and nothing outside one.
func OpaqueReader(ctx context.Context, cfg kafkago.ReaderConfig) {
	r := kafkago.NewReader(cfg) // case: opaquereader
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
	}
}

// EditHandler processes one edit; its implementations are out of sight.
type EditHandler interface {
	ProcessEdit(ctx context.Context, value []byte) error
}

// EditConsumer hands each message's value to its handler, then commits:
// whether the handler processes it before returning is out of sight.
type EditConsumer struct {
	r *kafkago.Reader
	h EditHandler
}

// NewEditConsumer reads the edits topic in the "edits" group.
func NewEditConsumer(h EditHandler) *EditConsumer {
	return &EditConsumer{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-edits", Topic: "edits"}), h: h} // case: ifacehandler
}

// Run commits each message after its handler returns.
func (c *EditConsumer) Run(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.h.ProcessEdit(ctx, m.Value); err != nil {
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// counter applies each edit before it returns.
type counter struct{}

func (counter) ProcessEdit(ctx context.Context, value []byte) error { return apply(value) }

// ownEdits is EditConsumer with its one implementation passed in the
// package: applied before the handler returns.
type ownEdits struct {
	r *kafkago.Reader
	h EditHandler
}

func newOwnEdits() *ownEdits {
	return &ownEdits{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-own-edits", Topic: "edits"}), h: counter{}} // case: ifacehandlerown
}

func (c *ownEdits) run(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.h.ProcessEdit(ctx, m.Value); err != nil {
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

var _ = newOwnEdits

// queuer queues each edit for a worker and returns.
type queuer struct{ ch chan []byte }

func (q queuer) ProcessEdit(ctx context.Context, value []byte) error {
	q.ch <- value
	return nil
}

// queuedEdits is ownEdits with a handler that only queues: committed
// before the worker processes the edit.
type queuedEdits struct {
	r *kafkago.Reader
	h EditHandler
}

func newQueuedEdits() *queuedEdits {
	return &queuedEdits{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-queued-edits", Topic: "edits"}), h: queuer{ch: make(chan []byte, 8)}} // case: ifacehandlerqueue
}

func (c *queuedEdits) run(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.h.ProcessEdit(ctx, m.Value); err != nil {
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

var _ = newQueuedEdits

// Franz-go marks without AutoCommitMarks (nothing is ever committed) on a
// group whose partitions without a commit start where ConsumeResetOffset
// says (franz-go: it sets the start offset unless ConsumeStartOffset
// does): the newest, skipping what was produced while the group was down;
// the oldest when ConsumeStartOffset overrides it.
func franzResetEnd(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-reset-end"), kgo.DisableAutoCommit(), kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd())) // case: franzresetend
	cl.MarkCommitRecords(cl.PollFetches(ctx).Records()...)
	_ = cl.CommitMarkedOffsets(ctx)
}

func franzStartOld(ctx context.Context) {
	st, _ := kgo.NewClient(kgo.ConsumerGroup("g-start-old"), kgo.DisableAutoCommit(), kgo.ConsumeStartOffset(kgo.NewOffset().AtStart()), kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd())) // case: franzstartold
	st.MarkCommitRecords(st.PollFetches(ctx).Records()...)
	_ = st.CommitMarkedOffsets(ctx)
}

var _, _ = franzResetEnd, franzStartOld

// FranzMarksExtra commits only the marks, on a client whose options its
// caller can add to (sergeyslonimsky/core): whether AutoCommitMarks is set,
// so whether anything is committed, is out of sight.
func FranzMarksExtra(ctx context.Context, extra ...kgo.Opt) {
	opts := append([]kgo.Opt{kgo.ConsumerGroup("g-marks-extra"), kgo.DisableAutoCommit()}, extra...)
	cl, _ := kgo.NewClient(opts...) // case: franzmarksextra
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if apply(r) == nil {
				cl.MarkCommitRecords(r)
			}
		}
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return
		}
	}
}

// revoke's twin whose callback commits the marks, without AutoCommitMarks:
// the commit is a no-op, and the callback replaces the default revoke
// commit, so nothing is committed on revoke.
func revokeMarksNoop(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-revoke-noop"), kgo.ConsumeTopics("t-revoke"), // case: revokenoop
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			_ = cl.CommitMarkedOffsets(ctx)
		}))
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if apply(r) == nil {
				cl.MarkCommitRecords(r)
			}
		})
	}
}

var _ = revokeMarksNoop

// What happens to a record whose processing fails. A loop that logs the
// failure and goes on commits the next record past it: skipped.
func failCont(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fail-cont", Topic: "t"}) // case: failcont
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

// A loop that stops at the failure: replayed on restart.
func failStop(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fail-stop", Topic: "t"}) // case: failstop
	for {
		m, err := r.FetchMessage(ctx)
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

// A loop that retries the record until it is applied, and skips records
// of another key (no failure).
func failRetry(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fail-retry", Topic: "t"}) // case: failretry
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if m.Key == nil {
			continue
		}
		for apply(m) != nil {
			time.Sleep(time.Second)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// EachRecord's function returning on a failure goes on to the next
// record, whose commit passes the failed one: skipped.
func failEach(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-fail-each"), kgo.DisableAutoCommit()) // case: faileach
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				return
			}
			_ = cl.CommitRecords(ctx, r)
		})
	}
}

var _, _, _, _ = failCont, failStop, failRetry, failEach

// A sarama handler that logs a failed record and goes on to mark the
// next one (marks move forward: the next passes it), and one that drops
// the error of its processing and marks: both skip the failed record.
type skipHandler struct{}

func (*skipHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*skipHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *skipHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		if err := apply(m); err != nil {
			continue
		}
		sess.MarkMessage(m, "")
	}
	return nil
}

type dropHandler struct{}

func (*dropHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*dropHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (*dropHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		apply(m)
		sess.MarkMessage(m, "")
	}
	return nil
}

func saramaSkips(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-skip", sarama.NewConfig()) // case: failsarama
	_ = g.Consume(ctx, []string{"t"}, &skipHandler{})
}

func saramaDrops(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-drop", sarama.NewConfig()) // case: faildrop
	_ = g.Consume(ctx, []string{"t"}, &dropHandler{})
}

var _, _ = saramaSkips, saramaDrops

// EachRecord's function logs a failure and returns, then the whole poll
// is committed: skipped. Its twin keeps the failure and leaves before
// the commit: replayed.
func failBatch(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-fail-batch"), kgo.DisableAutoCommit()) // case: failbatch
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				return
			}
		})
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

func failBatchKept(ctx context.Context) error {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-fail-kept"), kgo.DisableAutoCommit()) // case: failkept
	for {
		fetches := cl.PollFetches(ctx)
		var procErr error
		fetches.EachRecord(func(r *kgo.Record) {
			if procErr != nil {
				return
			}
			if err := apply(r); err != nil {
				procErr = err
			}
		})
		if procErr != nil {
			return procErr
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

var _, _ = failBatch, failBatchKept

// A batch committed with CommitMessage after its records are applied,
// and a failed record sent to a retry topic in a producer transaction
// that commits its offset: the transaction covers the retried record
// only, so the row is the direct commit's (after jitsu's bulker).
func txnMixed(ctx context.Context, p *kafka.Producer) error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-txn-mixed", "enable.auto.commit": false}) // case: txnmixed
	meta, _ := c.GetConsumerGroupMetadata()
	retry := "retry"
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			if err := p.BeginTransaction(); err != nil {
				return err
			}
			if err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &retry}, Value: m.Value}, nil); err != nil {
				return err
			}
			next := m.TopicPartition
			next.Offset++
			if err := p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{next}, meta); err != nil {
				return err
			}
			if err := p.CommitTransaction(ctx); err != nil {
				return err
			}
			continue
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
}

// counted applies a batch, commits its last message and returns counts
// and the batch's first offset: numbers, not the records.
type counted struct {
	first int64
	n     int
}

func countedBatch(c *kafka.Consumer) (cnt counted, err error) {
	var last *kafka.Message
	for ; cnt.n < 100; cnt.n++ {
		m, err := c.ReadMessage(-1)
		if err != nil {
			break
		}
		if cnt.n == 0 {
			cnt.first = int64(m.TopicPartition.Offset)
		}
		if err := apply(m); err != nil {
			return cnt, err
		}
		last = m
	}
	if last == nil {
		return cnt, nil
	}
	_, err = c.CommitMessage(last)
	return cnt, err
}

func countedLoop() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-counted", "enable.auto.commit": false}) // case: retcounts
	for {
		if _, err := countedBatch(c); err != nil {
			return err
		}
	}
}

// A failure tested twice, once to log it and once to leave, and a
// header that does not parse, logged, the record applied without it:
// nothing is skipped.
func parseHeader(*kafka.Message) (string, error) { return "", nil }

func failTwice() error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-fail-twice", "enable.auto.commit": false}) // case: failtwice
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		opt, err := parseHeader(m)
		if err != nil {
			opt = "default"
		}
		err = apply(m)
		if err != nil {
			println("apply failed", opt)
		}
		if err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
}

var _, _, _ = txnMixed, countedLoop, failTwice

// A reader kept in a field and replaced by a new one on a timer (a
// restart): the loop reading the field fetches from both (after jitsu's
// bulker, whose replacement was reported as fetched nowhere).
type restarter struct{ rd *kafkago.Reader }

func (s *restarter) run(ctx context.Context) {
	for {
		m, err := s.rd.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			return
		}
		if err := s.rd.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

func (s *restarter) restart(ctx context.Context) {
	for range time.Tick(time.Minute) {
		s.rd = kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-restarted", Topic: "t"}) // case: restarted
	}
}

func startRestarter(ctx context.Context) {
	s := &restarter{rd: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-restarted", Topic: "t"})} // case: restartfirst
	go s.restart(ctx)
	s.run(ctx)
}

var _ = startRestarter

// A failure branch that tells failures apart. Every kind goes on (an
// invalid event falls through to the commit, any other continues to the
// next message): skipped (after ecom-thing). Its twin returns on the
// other kinds: which failure is skipped is not the check's to say.
type invalidEvent struct{}

func (invalidEvent) Error() string { return "invalid event" }

var errInvalid error = invalidEvent{}

func failApart(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fail-apart", Topic: "t"}) // case: failapart
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			if err != errInvalid {
				continue
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

func failApartStop(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fail-apart-stop", Topic: "t"}) // case: failapartstop
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m); err != nil {
			if err != errInvalid {
				return err
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _, _ = failApart, failApartStop

// A handler that logs a failure and returns without it: the loop commits
// the record as if processed (swallowhandle; swallownil returns nil
// after logging; swallownested one handler further down). Twins return
// the error, retry until it succeeds, or send the record to a dead-letter
// queue: nothing is skipped.
type logger interface {
	Errorf(format string, args ...any)
}

type swallower struct {
	log logger
	dlq *kgo.Client
}

func (s *swallower) handle(ctx context.Context, r *kgo.Record) {
	if err := apply(r); err != nil {
		s.log.Errorf("apply %s: %v", r.Key, err)
		return
	}
}

func (s *swallower) swallowHandle(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-swallow"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: swallowhandle
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { s.handle(ctx, r) })
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

func (s *swallower) handleNil(m kafkago.Message) error {
	if err := apply(m.Value); err != nil {
		s.log.Errorf("apply: %v", err)
		return nil
	}
	return nil
}

func (s *swallower) swallowNil(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-swallow-nil", Topic: "t"}) // case: swallownil
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.handleNil(m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (s *swallower) decodeAndHandle(ctx context.Context, m kafkago.Message) error {
	var ev map[string]any
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return err
	}
	s.store(ev)
	return nil
}

func (s *swallower) store(ev map[string]any) {
	if err := apply(ev); err != nil {
		s.log.Errorf("store: %v", err)
	}
}

func (s *swallower) swallowNested(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-swallow-nested", Topic: "t"}) // case: swallownested
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.decodeAndHandle(ctx, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (s *swallower) handleErr(m kafkago.Message) error {
	if err := apply(m.Value); err != nil {
		s.log.Errorf("apply: %v", err)
		return err
	}
	return nil
}

func (s *swallower) handleRetry(m kafkago.Message) {
	for {
		if err := apply(m.Value); err != nil {
			s.log.Errorf("apply, retrying: %v", err)
			time.Sleep(time.Second)
			continue
		}
		return
	}
}

func (s *swallower) handleDLQ(ctx context.Context, m kafkago.Message) {
	if err := apply(m.Value); err != nil {
		s.log.Errorf("apply, to the dead-letter topic: %v", err)
		s.dlq.Produce(ctx, &kgo.Record{Topic: "dlq", Value: m.Value}, nil)
		return
	}
}

func (s *swallower) swallowNot(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-swallow-not", Topic: "t"}) // case: swallownot
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.handleErr(m); err != nil {
			return err
		}
		s.handleRetry(m)
		s.handleDLQ(ctx, m)
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _ = []any{(*swallower).swallowHandle, (*swallower).swallowNil, (*swallower).swallowNested, (*swallower).swallowNot}

// Timers that commit only what the code marks or stores, where nothing
// marks or stores: nothing is ever committed. librdkafka's default start
// is the newest offset (what was produced while down is skipped),
// franz-go's the oldest (the partition is replayed). The same with
// auto-commit off and no commit at all.
func neverStore(db *sql.DB) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-never-store", "enable.auto.offset.store": false}) // case: neverstore
	_ = c.SubscribeTopics([]string{"t"}, nil)
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
				return
			}
		}
	}
}

func neverMark(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-never-mark"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: nevermark
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) { _ = apply(r) })
	}
}

func neverCommit(db *sql.DB) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-never-commit", "enable.auto.commit": false}) // case: nevercommit
	_ = c.SubscribeTopics([]string{"t"}, nil)
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			if _, err := db.Exec("INSERT INTO t VALUES ($1)", m.Value); err != nil {
				return
			}
		}
	}
}

var _, _, _ = neverStore, neverMark, neverCommit

// Workers started through a spawner of the package, each committing the
// message it processed: concurrent, not "none".
func spawnWorker(fn func()) { go fn() }

func spawnedPool(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-spawned", Topic: "t"}) // case: spawnedpool
	ch := make(chan kafkago.Message)
	for i := 0; i < 4; i++ {
		spawnWorker(func() {
			for m := range ch {
				if apply(m) == nil {
					_ = r.CommitMessages(ctx, m)
				}
			}
		})
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		ch <- m
	}
}

var _ = spawnedPool

// A group built on either of two paths into one variable, and a handler
// type two groups run: the handler's marks are every such consumer's
// (each was "no commits: nothing marks" but the first).
type markAfter struct{}

func (markAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (markAfter) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for m := range c.Messages() {
		if err := apply(m); err != nil {
			return err
		}
		s.MarkMessage(m, "")
	}
	return nil
}

func openGroup(alt bool, cfg *sarama.Config) (sarama.ConsumerGroup, error) {
	if alt {
		return sarama.NewConsumerGroup([]string{"alt:9092"}, "g-either", cfg) // case: eitherfirst
	}
	return sarama.NewConsumerGroup([]string{"k:9092"}, "g-either", cfg) // case: eithersecond
}

func runEither(ctx context.Context, alt bool) {
	cg, err := openGroup(alt, sarama.NewConfig())
	if err != nil {
		return
	}
	_ = cg.Consume(ctx, []string{"t"}, markAfter{})
}

func runTwoGroups(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-one-handler-a", sarama.NewConfig()) // case: onehandlera
	b, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-one-handler-b", sarama.NewConfig()) // case: onehandlerb
	go func() { _ = a.Consume(ctx, []string{"t"}, markAfter{}) }()
	_ = b.Consume(ctx, []string{"t"}, markAfter{})
}

var _, _ = runEither, runTwoGroups

// A helper called with each message that commits it after processing and
// returns early, committing nothing, when the processing fails: the next
// message's commit passes the failed one (skipped). Its twin returns the
// error, and the loop stops on it.
func commitEach(ctx context.Context, r *kafkago.Reader, m kafkago.Message) {
	if err := apply(m); err != nil {
		return
	}
	_ = r.CommitMessages(ctx, m)
}

func helperSkips(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-helper-skips", Topic: "t"}) // case: helperskips
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		commitEach(ctx, r, m)
	}
}

func commitEachErr(ctx context.Context, r *kafkago.Reader, m kafkago.Message) error {
	if err := apply(m); err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

func helperStops(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-helper-stops", Topic: "t"}) // case: helperstops
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := commitEachErr(ctx, r, m); err != nil {
			return err
		}
	}
}

var _, _ = helperSkips, helperStops

// A logger of the application's interface given the message's fields
// before it is processed and committed: logging, not a hand-off.
func (s *swallower) loggedFirst(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-logged-first", Topic: "t"}) // case: loggedfirst
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		s.log.Errorf("got %s/%d@%d", m.Topic, m.Partition, m.Offset)
		if err := apply(m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _ = (*swallower).loggedFirst

// A side handler that logs its own failure (an audit write) before the
// record's processing goes on: not the record skipped. And a helper
// committing each record that keeps its failure in a field the loop
// stops on.
func (s *swallower) audit(m kafkago.Message) {
	if err := apply(m.Key); err != nil {
		s.log.Errorf("audit: %v", err)
	}
}

func (s *swallower) sideHandler(ctx context.Context) error {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-side-handler", Topic: "t"}) // case: sidehandler
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		s.audit(m)
		if err := apply(m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

type flagWorker struct {
	r      *kafkago.Reader
	failed bool
}

func (w *flagWorker) handle(ctx context.Context, m kafkago.Message) {
	if err := apply(m); err != nil {
		w.failed = true
		return
	}
	_ = w.r.CommitMessages(ctx, m)
}

func flagStops(ctx context.Context) {
	w := &flagWorker{r: kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-flag-stops", Topic: "t"})} // case: flagstops
	for {
		m, err := w.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		w.handle(ctx, m)
		if w.failed {
			return
		}
	}
}

var _, _ = (*swallower).sideHandler, flagStops

// A failure handed to a helper that panics on some path (a log-and-panic
// helper behind a level check): whether the loop goes on is not known, so
// no skip is claimed.
var panicsOn = true

func logPanic(msg string) {
	if !panicsOn {
		return
	}
	panic(msg)
}

func mayPanic(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-may-panic", Topic: "t"}) // case: maypanic
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			logPanic(err.Error())
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

var _ = mayPanic

// A reader config converted from the application's own config type, whose
// CommitInterval a defaults step sets, then adjusted in a local copy:
// commits are queued and sent on a timer, not synchronous.
type appReaderConfig kafkago.ReaderConfig

type appConfig struct{ Reader appReaderConfig }

func newConvertedReader(cfg *appConfig) *kafkago.Reader {
	cfg.Reader.CommitInterval = time.Second
	rc := kafkago.ReaderConfig(cfg.Reader)
	rc.StartOffset = kafkago.FirstOffset
	return kafkago.NewReader(rc) // case: convertedcopy
}

func convertedCopy(ctx context.Context) {
	r := newConvertedReader(&appConfig{Reader: appReaderConfig{GroupID: "g-converted", Topic: "t"}})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := apply(m); err != nil {
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

var _ = convertedCopy

// A sarama handler that hands each message to a channel nothing in the
// package drains, in a select with the session's end, marking it when the
// caller acknowledges it (a callback run later, in any order): not
// at-least-once.
type ackedMessage struct {
	msg *sarama.ConsumerMessage
	ack func()
}

type selectSender struct{ out chan ackedMessage }

func (selectSender) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (selectSender) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h selectSender) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		select {
		case h.out <- ackedMessage{msg, func() { sess.MarkMessage(msg, "") }}:
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

func selectSent(ctx context.Context, out chan ackedMessage) {
	g, _ := sarama.NewConsumerGroup(nil, "g-select-sent", sarama.NewConfig()) // case: selectsent
	_ = g.Consume(ctx, []string{"t"}, selectSender{out: out})
}

var _ = selectSent

// A reader whose GroupID is set on the config after its literal: a group
// member, whose ReadMessage commits before returning.
func groupAssigned(ctx context.Context) {
	cfg := kafkago.ReaderConfig{Brokers: []string{"k:9092"}, Topic: "t"}
	cfg.GroupID = "g-assigned"
	r := kafkago.NewReader(cfg) // case: groupassigned
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		_ = apply(m)
	}
}

var _ = groupAssigned

// A sarama handler marking each message before processing it, on a group
// whose configuration the caller gives: the marks commit nothing by
// themselves, so a revoke is not covered by synchronous commits.
type markFirstHandler struct{}

func (markFirstHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (markFirstHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (markFirstHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
		_ = apply(msg)
	}
	return nil
}

func MarkFirstOpaque(ctx context.Context, cfg *sarama.Config) {
	g, _ := sarama.NewConsumerGroup(nil, "g-markfirst-opaque", cfg) // case: markfirstopaque
	_ = g.Consume(ctx, []string{"t"}, markFirstHandler{})
}

// A handler's processing that says whether it succeeded with a bool: a
// false goes on to the next message, whose mark passes this one.
func deliver(*sarama.ConsumerMessage) bool { return true }

func valid(*sarama.ConsumerMessage) bool { return true }

type boolHandler struct{ filter bool }

func (boolHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (boolHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h boolHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if ok := deliver(msg); ok {
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

// A filter: a message it rejects is skipped on purpose, not a failure.
type filterHandler struct{}

func (filterHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (filterHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (filterHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if valid(msg) {
			if err := apply(msg); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

func boolResults(ctx context.Context) {
	a, _ := sarama.NewConsumerGroup(nil, "g-bool", sarama.NewConfig())   // case: boolok
	b, _ := sarama.NewConsumerGroup(nil, "g-filter", sarama.NewConfig()) // case: boolfilter
	_ = a.Consume(ctx, []string{"t"}, boolHandler{})
	_ = b.Consume(ctx, []string{"t"}, filterHandler{})
}

var _ = boolResults

// A plain franz-go client with a transactional ID: auto-commit is off,
// and EndTransaction commits the records produced, not the group's
// offsets (only a GroupTransactSession's End sends them): nothing is
// committed, not effectively-once.
func plainTxn(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-plain-txn"), kgo.ConsumeTopics("in"), kgo.TransactionalID("t")) // case: plaintxn
	for {
		fs := cl.PollFetches(ctx)
		if err := cl.BeginTransaction(); err != nil {
			return
		}
		for _, r := range fs.Records() {
			if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "out", Value: r.Value}).FirstErr(); err != nil {
				return
			}
		}
		if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil {
			return
		}
	}
}

var _ = plainTxn

// A batching loop that commits a record its filter skips: only while the
// batch is empty (it passes nothing; at most a batch is repeated), and
// always (it may pass what the batch holds: not ranked).
func skipWhileEmpty(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-skip", Topic: "t"}) // case: skipwhileempty
	var batch []kafkago.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if len(m.Value) == 0 {
			if len(batch) == 0 {
				_ = r.CommitMessages(ctx, m)
			}
			continue
		}
		batch = append(batch, m)
		if len(batch) < 10 {
			continue
		}
		for _, b := range batch {
			if err := apply(b); err != nil {
				return
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return
		}
		batch = batch[:0]
	}
}

func skipAlways(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-skip-any", Topic: "t"}) // case: skipalways
	var batch []kafkago.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if len(m.Value) == 0 {
			_ = r.CommitMessages(ctx, m)
			continue
		}
		batch = append(batch, m)
		if len(batch) < 10 {
			continue
		}
		for _, b := range batch {
			if err := apply(b); err != nil {
				return
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return
		}
		batch = batch[:0]
	}
}

var _, _ = skipWhileEmpty, skipAlways

// A pool answering once per record handed to it, the loop receiving one
// answer for each before it commits the batch (kafka-konsumer): joined;
// and one whose receive gives up after a timeout: not joined.
func countedPool(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-counted", Topic: "t"}) // case: countedpool
	work := make(chan kafkago.Message, 10)
	done := make(chan struct{}, 10)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range work {
				for apply(m) != nil { // retried until it succeeds
					time.Sleep(time.Second)
				}
				done <- struct{}{}
			}
		}()
	}
	for {
		batch := make([]kafkago.Message, 0, 10)
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			work <- m
		}
		for i := 0; i < len(batch); i++ {
			<-done
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return
		}
	}
}

func countedTimeout(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-counted-timeout", Topic: "t"}) // case: countedtimeout
	work := make(chan kafkago.Message, 10)
	done := make(chan struct{}, 10)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range work {
				for apply(m) != nil { // retried until it succeeds
					time.Sleep(time.Second)
				}
				done <- struct{}{}
			}
		}()
	}
	for {
		batch := make([]kafkago.Message, 0, 10)
		for len(batch) < 10 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			work <- m
		}
		for i := 0; i < len(batch); i++ {
			select {
			case <-done:
			case <-time.After(time.Second):
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil {
			return
		}
	}
}

var _, _ = countedPool, countedTimeout

// A sarama handler handing each message to code it does not see (a
// function-valued field) with an ack closure that calls a method marking
// it: when, and in which order, the marks run is out of sight.
type ackEvent struct {
	body []byte
	ack  func()
}

type ackHandler struct {
	sess    sarama.ConsumerGroupSession
	publish func(ackEvent)
}

func (h *ackHandler) Setup(s sarama.ConsumerGroupSession) error { h.sess = s; return nil }
func (h *ackHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *ackHandler) markDone(m *sarama.ConsumerMessage) { h.sess.MarkMessage(m, "") }

func (h *ackHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for m := range claim.Messages() {
		h.publish(ackEvent{body: m.Value, ack: func() { h.markDone(m) }})
	}
	return nil
}

func ackMethod(ctx context.Context, publish func(ackEvent)) {
	g, _ := sarama.NewConsumerGroup(nil, "g-ack-method", sarama.NewConfig()) // case: ackmethod
	_ = g.Consume(ctx, []string{"t"}, &ackHandler{publish: publish})
}

var _ = ackMethod

// A franz-go poll handing each record's fields to a method value
// (EachRecord(p.push)) that queues them on a struct's channel field, which
// a worker the constructor starts drains: a pool the loop does not wait
// for, not "no concurrency".
type fieldEntry struct{ value []byte }

type fieldPipeline struct{ queue chan fieldEntry }

func newFieldPipeline() *fieldPipeline {
	p := &fieldPipeline{queue: make(chan fieldEntry, 64)}
	go func() {
		for e := range p.queue {
			_ = apply(e.value)
		}
	}()
	return p
}

func (p *fieldPipeline) push(r *kgo.Record) { p.queue <- fieldEntry{value: r.Value} }

func fieldQueue(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-fieldqueue"), kgo.ConsumeTopics("t")) // case: fieldqueue
	p := newFieldPipeline()
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(p.push)
	}
}

var _ = fieldQueue

// A sarama handler that only adds each message into a per-key total held
// in a field, written out on a timer elsewhere, and marks it: the marks
// pass totals not yet written.
type totals struct{ m map[string]int }

func (t *totals) add(key string, n int) { t.m[key] += n }

type totalsHandler struct{ t *totals }

func (totalsHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (totalsHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h totalsHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.t.add(string(msg.Key), len(msg.Value))
		sess.MarkMessage(msg, "")
	}
	return nil
}

func aggTotals(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-totals", sarama.NewConfig()) // case: aggtotals
	_ = g.Consume(ctx, []string{"t"}, totalsHandler{t: &totals{m: map[string]int{}}})
}

var _ = aggTotals

// A confluent loop storing each message's value into a sync.Map held in a
// field before committing it: the field keeps what the commit passes.
type decodeState struct{ in sync.Map }

func decoderField(st *decodeState) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-decoder", "enable.auto.commit": false}) // case: decoderfield
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			return
		}
		st.in.Store(string(m.Key), m.Value)
		_, _ = c.CommitMessage(m)
	}
}

var _ = decoderField

// A sarama handler marking each message after writing it, only when a
// flag (off by default) says so: where it is off, nothing is committed.
var markFlag = new(bool)

type flagHandler struct{}

func (flagHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (flagHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (flagHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg); err != nil {
			return err
		}
		if *markFlag {
			sess.MarkMessage(msg, "")
		}
	}
	return nil
}

func flagMark(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-flagmark", sarama.NewConfig()) // case: flagmark
	_ = g.Consume(ctx, []string{"t"}, flagHandler{})
}

var _ = flagMark

// A sarama group built on an unexported package-level config that only
// this package can set: its defaults (auto-commit of marks) are known.
var unexportedCfg = sarama.NewConfig()

func globalConfig(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-global-cfg", unexportedCfg) // case: globalcfg
	_ = g.Consume(ctx, []string{"t"}, markAfter{})
}

var _ = globalConfig

// A sarama handler keeping the session behind a one-method interface of
// its own and marking through it after processing: the marks are the
// session's (it was "no commits: nothing marks").
type offsetMarker interface {
	MarkOffset(topic string, partition int32, offset int64, metadata string)
}

type markerHandler struct{ sess offsetMarker }

func (h *markerHandler) Setup(s sarama.ConsumerGroupSession) error { h.sess = s; return nil }
func (h *markerHandler) Cleanup(sarama.ConsumerGroupSession) error { h.sess = nil; return nil }

func (h *markerHandler) ConsumeClaim(_ sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg); err != nil {
			return err
		}
		h.sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "")
	}
	return nil
}

func markerIface(ctx context.Context) {
	g, _ := sarama.NewConsumerGroup(nil, "g-marker-iface", sarama.NewConfig()) // case: markeriface
	_ = g.Consume(ctx, []string{"t"}, &markerHandler{})
}

var _ = markerIface

// A sarama handler that marks a poison message on purpose when it does
// not decode, and leaves a message whose write failed unmarked while the
// next message's mark passes it: the write's failure is the silent skip.
type poisonHandler struct{ write func([]byte) error }

func (poisonHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (poisonHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h poisonHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var v map[string]any
		if err := json.Unmarshal(msg.Value, &v); err != nil {
			sess.MarkMessage(msg, "")
			continue
		}
		if err := h.write(msg.Value); err != nil {
			continue
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func poisonMarked(ctx context.Context, write func([]byte) error) {
	g, _ := sarama.NewConsumerGroup(nil, "g-poison", sarama.NewConfig()) // case: poisonmarked
	_ = g.Consume(ctx, []string{"t"}, poisonHandler{write: write})
}

var _ = poisonMarked

// franz-go loops on the default auto-commit: one logs a failed record and
// goes on, which the next poll makes committable; one panics on it.
func pollSkips(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-pollskip"), kgo.ConsumeTopics("t")) // case: pollskip
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				println(err.Error())
			}
		})
	}
}

func pollStops(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-pollstop"), kgo.ConsumeTopics("t")) // case: pollstop
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := apply(r); err != nil {
				panic(err)
			}
		})
	}
}

var _, _ = pollSkips, pollStops

// A batching loop keeping two batches that commits a skipped message
// while only one of them is empty: it may pass the other's.
func skipTwoBatches(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-skip-two", Topic: "t"}) // case: skiptwobatches
	var puts, dels []kafkago.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if len(m.Key) == 0 {
			if len(puts) == 0 {
				_ = r.CommitMessages(ctx, m)
			}
			continue
		}
		if m.Value == nil {
			dels = append(dels, m)
		} else {
			puts = append(puts, m)
		}
		if len(puts)+len(dels) < 10 {
			continue
		}
		for _, b := range puts {
			if err := apply(b); err != nil {
				return
			}
		}
		if err := r.CommitMessages(ctx, append(puts, dels...)...); err != nil {
			return
		}
		puts, dels = puts[:0], dels[:0]
	}
}

var _ = skipTwoBatches

// A constructor helper shared by a consumer (auto-commit off, commits
// after each batch) and a producer joining no group: the producer's
// options say nothing of the consumer's auto-commit.
func sharedHelperClient(opts []kgo.Opt) *kgo.Client {
	cl, _ := kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers("k:9092")}, opts...)...) // case: sharedhelper
	return cl
}

func sharedHelperUse(ctx context.Context) {
	p := sharedHelperClient(nil)
	_ = p.ProduceSync(ctx, &kgo.Record{Topic: "out"}).FirstErr()
	cl := sharedHelperClient([]kgo.Opt{kgo.ConsumerGroup("g-shared-helper"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()})
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(r); err != nil {
				return
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

var _ = sharedHelperUse

// A check struct embedding a reporter whose Logf the loop calls with a
// message's value (testing.T's Fatalf through its common): the outer
// value's method, not a buffer held in a field.
type lineReporter struct{ n int }

func (r *lineReporter) Logf(format string, args ...any) { r.n++ }

type checkT struct{ lineReporter }

func embeddedLogf(ctx context.Context, t *checkT) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-embedded", "enable.auto.offset.store": false}) // case: embeddedlogf
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			return
		}
		t.Logf("got %s", m.Value)
		if err := apply(m); err != nil {
			return
		}
		_, _ = c.StoreMessage(m)
	}
}

var _ = embeddedLogf

// The same interface holding either the session or a tracker of the
// application (a partitions consumer's): its marks may be the session's
// or not, so the row cannot say that nothing marks.
type ownTracker struct{}

func (ownTracker) MarkOffset(topic string, partition int32, offset int64, metadata string) {}

type eitherHandler struct{ sess offsetMarker }

func (h *eitherHandler) Setup(s sarama.ConsumerGroupSession) error { h.sess = s; return nil }
func (h *eitherHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *eitherHandler) ConsumeClaim(_ sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := apply(msg); err != nil {
			return err
		}
		h.sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "")
	}
	return nil
}

func markerEither(ctx context.Context, own bool) {
	h := &eitherHandler{}
	if own {
		h.sess = ownTracker{}
	}
	g, _ := sarama.NewConsumerGroup(nil, "g-marker-either", sarama.NewConfig()) // case: markereither
	_ = g.Consume(ctx, []string{"t"}, h)
}

var _ = markerEither
