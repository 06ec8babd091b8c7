package autocommit_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/internal/testutil"
)

// strictNoFixSrc holds enabled auto-commits whose strict fix cannot be
// built: options a struct field holds (no place to disable auto-commit), a
// poll in a helper outside any loop (no loop body to end with the commit),
// and a client whose loop is in another package. Each is reported all the
// same, without a fix, saying why (#13: never silent for want of a fix).
// Its twin, a local option list polled in a loop, gets its fix.
const strictNoFixSrc = `package strictnofix

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func apply(v []byte) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", v)
	return err
}

type service struct {
	opts []kgo.Opt
	cl   *kgo.Client
}

func newService() *service {
	return &service{opts: []kgo.Opt{kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t")}}
}

func (s *service) fromField(ctx context.Context) error {
	cl, err := kgo.NewClient(s.opts...) // want "auto-commit is on: .*; no automatic fix: the configuration is built where the fix cannot set it .*; disable auto-commit and commit after processing each poll$"
	if err != nil {
		return err
	}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			if err := apply(r.Value); err != nil {
				return err
			}
		}
	}
}

func (s *service) start() error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t")) // want "auto-commit is on: .*; no automatic fix: the poll at .* is not in a loop whose body the commit can end; disable auto-commit and commit after processing each poll$"
	if err != nil {
		return err
	}
	s.cl = cl
	return nil
}

func (s *service) next(ctx context.Context) []*kgo.Record {
	return s.cl.PollFetches(ctx).Records()
}

func (s *service) run(ctx context.Context) error {
	for {
		for _, r := range s.next(ctx) {
			if err := apply(r.Value); err != nil {
				return err
			}
		}
	}
}

// NewClient builds the client another package polls.
func NewClient() (*kgo.Client, error) { // want NewClient:"settingFixes"
	return kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t")) // want "auto-commit is on: .*; no automatic fix: the loop that polls it is not in this package; disable auto-commit and commit after processing each poll$"
}

func local(ctx context.Context) error {
	opts := []kgo.Opt{kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t")}
	cl, err := kgo.NewClient(opts...) // want "auto-commit is on: franz-go commits every poll before the latest one every 5s; a synchronous loop is at-least-once, but records that outlive their poll are lost on a crash \\(choose the commit point explicitly\\)$"
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := apply(r.Value); err != nil {
				return err
			}
		}
	}
}
`

// TestStrictNoFix runs strictNoFixSrc with -strict: four findings, only
// the local option list's with a fix, the others saying why there is none.
func TestStrictNoFix(t *testing.T) {
	t.Parallel()
	gopath := testutil.Package(t, "autocommit/strict", "strictnofix", strictNoFixSrc)
	for _, r := range analysistest.Run(t, gopath, strict, "strictnofix") {
		fixed := 0
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fixed++
			} else if !strings.Contains(d.Message, "; no automatic fix: ") {
				t.Errorf("%s: %q: no fix and no reason", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
		if len(r.Diagnostics) != 4 || fixed != 1 {
			t.Errorf("%d findings, %d with a fix; want 4, 1 (the local option list)", len(r.Diagnostics), fixed)
		}
	}
}
