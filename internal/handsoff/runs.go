package handsoff

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// RunsFact is the fact of a function that runs the functions it is given
// at Params (signature indices, receiver excluded) in place: each use of
// such a parameter in its body is a call of it, outside any function
// literal and go statement (a tracing helper's `err := fn(ctx)`, then a
// log). A function literal handed to it runs before the call returns, as
// if called where it is given (obs.Span(ctx, "order", func(ctx) error {
// write; mark })).
type RunsFact struct {
	Params []int
}

func (*RunsFact) AFact()           {}
func (f *RunsFact) String() string { return fmt.Sprintf("runs%v", f.Params) }

// Runs reports whether fn, a function of the package or of one it
// imports, runs the function it is given at signature index i in place.
func (r *Result) Runs(fn *types.Func, i int) bool {
	var f RunsFact
	return fn != nil && r.pass.ImportObjectFact(fn.Origin(), &f) && slices.Contains(f.Params, i)
}

// exportRuns exports the RunsFact of the package's functions (decls).
func exportRuns(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	for fn, fd := range decls {
		params := paramIndexes(pass.TypesInfo, fd)
		maps.DeleteFunc(params, func(obj types.Object, _ int) bool {
			_, isFunc := obj.Type().Underlying().(*types.Signature)
			return !isFunc
		})
		if len(params) == 0 {
			continue
		}
		called := map[types.Object]bool{}
		calls := map[*ast.Ident]bool{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt:
				return false // uses there run later: not counted as calls
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
					if obj := pass.TypesInfo.Uses[id]; obj != nil {
						if _, isParam := params[obj]; isParam {
							calls[id], called[obj] = true, true
						}
					}
				}
			}
			return true
		})
		// Any other use (stored, sent, passed on, used in a literal or
		// a go statement) may run it later.
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !calls[id] {
				delete(called, pass.TypesInfo.Uses[id])
			}
			return true
		})
		var f RunsFact
		for obj := range called {
			f.Params = append(f.Params, params[obj])
		}
		if len(f.Params) > 0 {
			slices.Sort(f.Params)
			pass.ExportObjectFact(fn, &f)
		}
	}
}
