package cases

import (
	"context"
	"log"
	"sync"
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

// lockedHook commits everything polled at shutdown under the mutex the
// loop holds for each poll (review 44-1/D4): whole polls only, but the
// analysis does not prove the lock's extent (review 44-2/D4, D5).
type lockedHook struct {
	mu sync.Mutex
	cl *kgo.Client
}

func (h *lockedHook) saveProgress() {
	h.mu.Lock()
	defer h.mu.Unlock()
	_ = h.cl.CommitUncommittedOffsets(context.Background())
}

func (h *lockedHook) run(ctx context.Context) error {
	stop := context.AfterFunc(ctx, h.saveProgress)
	defer stop()
	for {
		fs := h.cl.PollFetches(ctx)
		h.mu.Lock()
		for _, r := range fs.Records() {
			if err := apply(r.Value); err != nil {
				h.mu.Unlock()
				return err
			}
		}
		err := h.cl.CommitRecords(ctx, fs.Records()...)
		h.mu.Unlock()
		if err != nil {
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

func runBesideLocked(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-beside-locked"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: besidelocked
	_ = (&lockedHook{cl: cl}).run(ctx)
}

var _, _, _, _ = runBesideTimer, runBesideHook, runBesideMarks, runBesideLocked

// steppedHook is hooked with the poll in a helper the loop calls: the
// hook is registered by the loop's caller, out of the consumer's own
// functions (review 44-1/D7, 160 of 300 lost at three SIGTERMs).
type steppedHook struct{ cl *kgo.Client }

func (h *steppedHook) saveProgress() {
	_ = h.cl.CommitUncommittedOffsets(context.Background())
}

func (h *steppedHook) step(ctx context.Context) error {
	fs := h.cl.PollFetches(ctx)
	recs := fs.Records()
	for _, r := range recs {
		if err := apply(r.Value); err != nil {
			return err
		}
	}
	return h.cl.CommitRecords(ctx, recs...)
}

func (h *steppedHook) run(ctx context.Context) error {
	stop := context.AfterFunc(ctx, h.saveProgress)
	defer stop()
	for ctx.Err() == nil {
		if err := h.step(ctx); err != nil {
			return err
		}
	}
	return nil
}

func runBesideStepped(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-beside-stepped"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: besidestepped
	_ = (&steppedHook{cl: cl}).run(ctx)
}
