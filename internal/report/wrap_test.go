package report

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/internal/testutil"
)

// TestPanicBecomesError: an analyzer that panics fails on that package with
// an internal-error message; the run itself does not crash.
func TestPanicBecomesError(t *testing.T) {
	boom := &analysis.Analyzer{
		Name: "boom",
		Doc:  "boom: panic",
		Run:  func(*analysis.Pass) (any, error) { panic("index out of range") },
	}
	all := WithIgnores([]*analysis.Analyzer{boom}, map[string][]string{"boom": {"boom"}})
	var rec testutil.Recorder
	results := analysistest.Run(&rec, testutil.TestData(t), all[0], "kafkassa/nokafka")
	if len(results) != 1 || results[0].Err == nil {
		t.Fatalf("want one result with an error, got %+v", results)
	}
	if msg := results[0].Err.Error(); !strings.Contains(msg, "internal error in commitlint's boom analyzer on package kafkassa/nokafka") ||
		!strings.Contains(msg, "index out of range") {
		t.Errorf("error %q does not name the analyzer, package and panic", msg)
	}
}
