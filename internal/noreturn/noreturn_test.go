package noreturn_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// probe is the noreturn analyzer that also reports "leaves" on each call
// or branch statement its Result's Leaves accepts, so that one scenario
// states both the facts and the answers.
var probe = func() *analysis.Analyzer {
	a := *noreturn.Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) {
		res, err := noreturn.Analyzer.Run(pass)
		if err != nil {
			return nil, err
		}
		r := res.(*noreturn.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if s, ok := n.(ast.Stmt); ok && r.Leaves(s) {
					if _, ret := s.(*ast.ReturnStmt); !ret {
						pass.Reportf(s.Pos(), "leaves")
					}
				}
				return true
			})
		}
		return res, nil
	}
	return &a
}()

func TestNoReturn(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testutil.TestData(t), probe, "noreturn/a", "noreturn/b")
}
