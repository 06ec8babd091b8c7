package autocommit_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// revokeSrc holds franz-go consumers whose marks are no-ops (no
// AutoCommitMarks, auto-commit off, every commit CommitMarkedOffsets):
// the revoke callback's CommitMarkedOffsets, on the client the callback
// is given, does nothing either, and the finding says so (#13).
const revokeSrc = `package revoke

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func apply(*kgo.Record) error { return nil }

func run(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			_ = cl.CommitMarkedOffsets(ctx)
		}))
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if apply(r) == nil {
				cl.MarkCommitRecords(r) // want "mark is a no-op without kgo.AutoCommitMarks"
			}
		})
		_ = cl.CommitMarkedOffsets(ctx)
	}
}
`

// TestMarksIgnoredNamesRevokeCallback checks the marks-ignored finding's
// Related: the loop's commit and the revoke callback's both do nothing.
func TestMarksIgnoredNamesRevokeCallback(t *testing.T) {
	t.Parallel()
	gopath := testutil.Package(t, "autocommit/franzmarks", "revoke", revokeSrc)
	for _, r := range analysistest.Run(t, gopath, autocommit.Analyzer, "revoke") {
		var got []string
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				got = append(got, fmt.Sprintf("%d %s", r.Pass.Fset.Position(rel.Pos).Line, rel.Message))
			}
		}
		want := "14 CommitMarkedOffsets in the revoke callback also does nothing"
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("related:\n%s\nwant a line %q", strings.Join(got, "\n"), want)
		}
	}
}
