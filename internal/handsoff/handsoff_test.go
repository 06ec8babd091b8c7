package handsoff_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// TestFacts checks the facts of handsoff/core: methods and functions
// that only queue or start a goroutine with their parameter, an
// interface method whose only implementation does; none for a function
// that processes, waits, drains its queue, or also uses the value. And,
// in swallows.go, batch handlers that log a failure in their loop over
// the records and go on (swallows), beside twins that retry or return it.
// handsoff/ledger, a package of the same dotless path, is judged by its
// facts, not as the standard library.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), handsoff.Analyzer, "handsoff/core", "handsoff/ledger")
}
