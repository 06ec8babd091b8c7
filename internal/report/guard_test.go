package report

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/internal/testutil"
)

// TestGuardNamesTheFunction: a panic while one function is checked becomes
// an internal-error diagnostic naming it; the other functions are still
// checked and their findings reported.
func TestGuardNamesTheFunction(t *testing.T) {
	checked := 0
	var findings, internal []analysis.Diagnostic
	a := &analysis.Analyzer{
		Name: "guarded",
		Doc:  "guarded: panics on the first function",
		Run: func(pass *analysis.Pass) (any, error) {
			first := true
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					fd, ok := d.(*ast.FuncDecl)
					if !ok {
						continue
					}
					boom := first
					first = false
					Guard(pass, fd.Body.Pos(), func() {
						if boom {
							var m map[string]int
							m["x"]++ // a nil map write: a bug of ours
						}
						checked++
						Report(pass, analysis.Diagnostic{Pos: fd.Pos(), Category: "c", Message: "finding",
							SuggestedFixes: []analysis.SuggestedFix{{Message: "fix"}}})
					})
				}
			}
			return nil, nil
		},
	}
	var rec testutil.Recorder
	results := analysistest.Run(&rec, testutil.TestData(t), a, "report/guard")
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("want one result without error, got %+v", results)
	}
	for _, d := range results[0].Diagnostics {
		if d.Category == CategoryInternal {
			internal = append(internal, d)
		} else {
			findings = append(findings, d)
		}
	}
	if len(internal) != 1 {
		t.Fatalf("internal-error diagnostics: %v, want 1", internal)
	}
	msg := internal[0].Message
	if !strings.Contains(msg, "internal error in commitlint's guarded analyzer while checking function a, which was skipped") ||
		!strings.Contains(msg, "assignment to entry in nil map") || !strings.Contains(msg, "guard_test.go:") {
		t.Errorf("message %q does not name the analyzer, the panic and where it happened", msg)
	}
	if checked == 0 || len(findings) != checked {
		t.Errorf("%d other functions checked, %d findings: the rest of the package must be checked", checked, len(findings))
	}
}
