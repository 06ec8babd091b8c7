package cases

import (
	"context"
	"database/sql"
	"fmt"
	"log"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kgo"
)

// A helper handling each poll defers a commit of everything polled
// "whatever happens" (hunt 47f/D7, D8): a failure returning mid-poll
// commits the rest of the poll, the failed record included, and the
// commit is made after each poll, not once at shutdown. Its twin commits
// only when the helper returns no error.
type pollPoster struct {
	cl *kgo.Client
	db *sql.DB
}

func (p *pollPoster) handle(ctx context.Context, fs kgo.Fetches) error {
	defer func() {
		if err := p.cl.CommitUncommittedOffsets(context.WithoutCancel(ctx)); err != nil {
			log.Printf("commit: %v", err)
		}
	}()
	for _, r := range fs.Records() {
		if _, err := p.db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
			return fmt.Errorf("post: %w", err)
		}
	}
	return nil
}

func (p *pollPoster) run(ctx context.Context) error {
	for {
		fs := p.cl.PollFetches(ctx)
		if err := p.handle(ctx, fs); err != nil {
			return err
		}
	}
}

type pollPosterClean struct {
	cl *kgo.Client
	db *sql.DB
}

func (p *pollPosterClean) handle(ctx context.Context, fs kgo.Fetches) (err error) {
	defer func() {
		if err != nil {
			return
		}
		if cerr := p.cl.CommitUncommittedOffsets(context.WithoutCancel(ctx)); cerr != nil {
			err = cerr
		}
	}()
	for _, r := range fs.Records() {
		if _, err := p.db.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
			return fmt.Errorf("post: %w", err)
		}
	}
	return nil
}

func (p *pollPosterClean) run(ctx context.Context) error {
	for {
		fs := p.cl.PollFetches(ctx)
		if err := p.handle(ctx, fs); err != nil {
			return err
		}
	}
}

func runPollPoster(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-poll-poster"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: deferpoll
	_ = (&pollPoster{cl: cl, db: db}).run(ctx)
}

func runPollPosterClean(ctx context.Context, db *sql.DB) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-poll-poster-clean"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: deferpollclean
	_ = (&pollPosterClean{cl: cl, db: db}).run(ctx)
}

// A batch helper deferring the mark of the batch's last message (hunt
// 47f/D9): a failure returning mid-batch marks past it.
type batchMarker struct{ db *sql.DB }

func (*batchMarker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*batchMarker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *batchMarker) write(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) error {
	defer sess.MarkMessage(batch[len(batch)-1], "")
	for _, m := range batch {
		if _, err := h.db.Exec(`INSERT INTO t (v) VALUES ($1)`, m.Value); err != nil {
			return err
		}
	}
	return nil
}

func (h *batchMarker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	for m := range claim.Messages() {
		batch = append(batch, m)
		if len(batch) < 20 {
			continue
		}
		if err := h.write(sess, batch); err != nil {
			return err
		}
		batch = nil
	}
	return nil
}

func runBatchMarker(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-batch-marker", sarama.NewConfig()) // case: deferlastmark
	_ = g.Consume(ctx, []string{"t"}, &batchMarker{db: db})
}
