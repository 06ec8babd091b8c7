package ordering_test

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// xport is the hexagonal hand-off scenario (xport.go): a consumer
// package that imports only the ports hands each payload to an
// interface, then marks or commits the record; the wiring package passes
// it a core that only queues the payload. 5 positive (a field set by a
// constructor, twice: franz-go and sarama; the same given the result of
// the core's constructor declared to return the port; a parameter of the
// loop's function; an implementation of the wiring package), 8 silent
// (synchronous implementations four times, an interface value of
// unknown dynamic type, a consumer that processes the record itself, a
// test double's package, a fake in a test file).
// Reported without a fix: analyzers_test.go lists it in
// reportedWithoutFix.
const xport = "ordering/xport"

// TestPortHandOff runs the xport scenario: each finding has a category,
// related information, no fix, and why in its message.
func TestPortHandOff(t *testing.T) {
	t.Parallel()
	var pkgs []string
	for _, p := range []string{"ports", "svc", "consumer", "cmd", "porttest", "e2e"} {
		pkgs = append(pkgs, xport+"/"+p)
	}
	results := analysistest.Run(t, testutil.TestData(t), ordering.Analyzer, pkgs...)
	var found []*analysistest.Result
	n, tests := 0, false
	for _, r := range results {
		n += len(r.Diagnostics)
		for _, d := range r.Diagnostics {
			// Every file is loaded here: the first related position is
			// the position call itself, in the consumer package.
			if len(d.Related) == 0 {
				continue
			}
			at := r.Pass.Fset.Position(d.Related[0].Pos)
			src, err := os.ReadFile(at.Filename)
			if err != nil {
				t.Fatal(err)
			}
			line := strings.Split(string(src), "\n")[at.Line-1]
			if !strings.Contains(line, "Mark") && !strings.Contains(line, "Commit") {
				t.Errorf("%s: related position %s is not the position call: %q", r.Pass.Fset.Position(d.Pos), at, line)
			}
		}
		if len(r.Diagnostics) > 0 {
			found = append(found, r)
		}
		if strings.HasSuffix(r.Pass.Pkg.Path(), "/e2e") && len(r.Pass.Files) > 1 {
			tests = true
		}
	}
	if n != 5 {
		t.Errorf("%d findings, want 5", n)
	}
	if !tests {
		t.Error("e2e's test file was not analyzed")
	}
	testutil.ReportedWithoutFix(t, found)
}
