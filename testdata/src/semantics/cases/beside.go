package cases

import (
	"context"
	"log"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A commit of everything polled made beside the loop, by a checkpoint
// timer or a shutdown hook, while the loop commits each batch it
// processed (hunt 44f/D2, D3: 198 to 288 of 300 lost at three SIGTERMs
// or SIGKILLs). The twin's timer commits the marks the loop makes.

type checkpointer struct {
	cl    *kgo.Client
	timer *time.Timer
}

func (c *checkpointer) checkpoint() {
	if err := c.cl.CommitUncommittedOffsets(context.Background()); err != nil {
		log.Printf("checkpoint: %v", err)
	}
	c.timer.Reset(time.Second)
}

func (c *checkpointer) run(ctx context.Context) error {
	c.timer = time.AfterFunc(time.Second, c.checkpoint)
	defer c.timer.Stop()
	for {
		fs := c.cl.PollFetches(ctx)
		recs := fs.Records()
		for _, r := range recs {
			if err := apply(r.Value); err != nil {
				return err
			}
		}
		if err := c.cl.CommitRecords(ctx, recs...); err != nil {
			return err
		}
	}
}

type hooked struct{ cl *kgo.Client }

func (h *hooked) saveProgress() {
	_ = h.cl.CommitUncommittedOffsets(context.Background())
}

func (h *hooked) run(ctx context.Context) error {
	stop := context.AfterFunc(ctx, h.saveProgress)
	defer stop()
	for {
		fs := h.cl.PollFetches(ctx)
		recs := fs.Records()
		for _, r := range recs {
			if ctx.Err() != nil {
				return nil
			}
			if err := apply(r.Value); err != nil {
				return err
			}
		}
		if err := h.cl.CommitRecords(ctx, recs...); err != nil {
			return err
		}
	}
}

type markCheckpointer struct {
	cl    *kgo.Client
	timer *time.Timer
}

func (c *markCheckpointer) checkpoint() {
	if err := c.cl.CommitMarkedOffsets(context.Background()); err != nil {
		log.Printf("checkpoint: %v", err)
	}
	c.timer.Reset(time.Second)
}

func (c *markCheckpointer) run(ctx context.Context) error {
	c.timer = time.AfterFunc(time.Second, c.checkpoint)
	defer c.timer.Stop()
	for {
		fs := c.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := apply(r.Value); err != nil {
				return err
			}
			c.cl.MarkCommitRecords(r)
		}
	}
}

func runBesideTimer(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-beside-timer"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: besidetimer
	_ = (&checkpointer{cl: cl}).run(ctx)
}

func runBesideHook(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-beside-hook"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: besidehook
	_ = (&hooked{cl: cl}).run(ctx)
}

func runBesideMarks(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-beside-marks"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks()) // case: besidemarks
	_ = (&markCheckpointer{cl: cl}).run(ctx)
}

var _, _, _ = runBesideTimer, runBesideHook, runBesideMarks
