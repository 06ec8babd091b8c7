package autocommit_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// unsettableSrc holds a franz-go consumer whose marks are no-ops (no
// AutoCommitMarks, every commit CommitMarkedOffsets: nothing is ever
// committed) built from options a struct field holds, set in a literal
// of the service's constructor, where the fix adds nothing: the loss is
// reported all the same, without a fix, saying why. Its twin copies the
// options into a local variable first, and gets its fix.
const unsettableSrc = `package unsettable

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
}

func newService() *service {
	return &service{
		opts: []kgo.Opt{kgo.ConsumerGroup("g"), kgo.DisableAutoCommit()},
	}
}

func (s *service) franz(ctx context.Context) error {
	cl, err := kgo.NewClient(s.opts...)
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if apply(r.Value) == nil {
				cl.MarkCommitRecords(r) // want "no automatic fix: the configuration is built where the fix cannot set it"
			}
		})
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return err
		}
	}
}

func (s *service) franzLocal(ctx context.Context) error {
	opts := s.opts
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			if apply(r.Value) == nil {
				cl.MarkCommitRecords(r) // want "CommitMarkedOffsets commits nothing, so with auto-commit off no offset is ever committed: a restart replays everything, or, where a partition without a commit starts at the newest offset, skips what was produced while the group was down$"
			}
		})
		if err := cl.CommitMarkedOffsets(ctx); err != nil {
			return err
		}
	}
}
`

// TestUnsettableNoFix runs unsettableSrc from a temporary GOPATH (the
// shared every-finding-has-a-fix test would fail on it under
// testdata/src): a loss whose setting the fix cannot change is reported
// all the same, without a fix, never dropped (#13).
func TestUnsettableNoFix(t *testing.T) {
	t.Parallel()
	gopath := testutil.Package(t, "autocommit/franzmarks", "unsettable", unsettableSrc)
	for _, r := range analysistest.Run(t, gopath, autocommit.Analyzer, "unsettable") {
		fixed := 0
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fixed++
			} else if !strings.Contains(d.Message, "; no automatic fix: ") {
				t.Errorf("%s: %q: no fix and no reason", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
		if len(r.Diagnostics) != 2 || fixed != 1 {
			t.Errorf("%d findings, %d with a fix; want 2, 1 (the local variable)", len(r.Diagnostics), fixed)
		}
	}
}
