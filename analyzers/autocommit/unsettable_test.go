package autocommit_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// unsettableSrc holds franz-go consumers whose marks are no-ops (no
// AutoCommitMarks, every commit CommitMarkedOffsets: nothing is ever
// committed) built from options a struct field holds, set in a literal
// of the service's constructor with DisableAutoCommit. The fix would
// replace DisableAutoCommit with AutoCommitMarks (the client refuses the
// two together: NewClient fails), but both consumers share the literal,
// so the loss is reported all the same, without a fix, saying why; the
// twin copying the options into a local variable first no longer gets
// one adding AutoCommitMarks beside DisableAutoCommit.
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
				cl.MarkCommitRecords(r) // want "no automatic fix: auto-commit is turned off by options other consumers share, or a caller sets, and the client refuses kgo.AutoCommitMarks\\(\\) beside kgo.DisableAutoCommit\\(\\) \\(building the client fails\\)"
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
				cl.MarkCommitRecords(r) // want "CommitMarkedOffsets commits nothing, so with auto-commit off no offset is ever committed: .*; no automatic fix: auto-commit is turned off by options other consumers share"
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
		if len(r.Diagnostics) != 2 || fixed != 0 {
			t.Errorf("%d findings, %d with a fix; want 2, 0 (the shared DisableAutoCommit cannot be replaced)", len(r.Diagnostics), fixed)
		}
	}
}
