package report

import (
	"go/ast"
	"go/token"
	"slices"
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

// TestHonourIgnores runs an analyzer named ordering that reports every
// CommitMessages call, under category commit-before-process, on a package
// with directives: those with a reason, naming the analyzer or the
// category, on the finding's line or the line above, suppress it and are
// the analyzer's result; the one without a reason suppresses nothing.
func TestHonourIgnores(t *testing.T) {
	a := HonourIgnores(&analysis.Analyzer{
		Name: "ordering",
		Doc:  "ordering: report every CommitMessages call",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "CommitMessages" {
						Report(pass, analysis.Diagnostic{Pos: sel.Sel.Pos(), Category: "commit-before-process", Message: "commit",
							SuggestedFixes: []analysis.SuggestedFix{{Message: "Fix"}}})
					}
					return true
				})
			}
			return nil, nil
		},
	})
	var rec testutil.Recorder
	results := analysistest.Run(&rec, testutil.TestData(t), a, "ignores/suppress")
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("want one result without error, got %+v", results)
	}
	r := results[0]
	line := func(p token.Pos) int { return r.Pass.Fset.Position(p).Line }
	var reported, used []int
	for _, d := range r.Diagnostics {
		reported = append(reported, line(d.Pos))
	}
	for p := range r.Result.(*Used).Directives {
		used = append(used, line(p))
	}
	slices.Sort(used)
	// Commits on lines 24 (directive above), 40 (trailing, by category),
	// 57 (directive without a reason) and 76 (directive above).
	if want := []int{57}; !slices.Equal(reported, want) {
		t.Errorf("findings reported on lines %v, want %v", reported, want)
	}
	if want := []int{23, 40, 75}; !slices.Equal(used, want) {
		t.Errorf("directives used on lines %v, want %v", used, want)
	}
}
