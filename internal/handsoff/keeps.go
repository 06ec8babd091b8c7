package handsoff

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// KeepsFact is the fact of a function that keeps its parameters at Params
// (signature indices, receiver excluded), or values made from them, beyond
// the call: it assigns them to a field of its receiver or to a package
// variable (b.pending = append(b.pending, v), s.last[k] = v), where they
// outlive it (a buffer flushed on a size or a timer). Where names the
// place ("field pending of Batcher"). The report of a consumer that gives
// such a function a record's data cannot follow the record to its
// processing, as for a buffer of its own package.
type KeepsFact struct {
	Params []int
	Where  string
}

func (*KeepsFact) AFact()           {}
func (f *KeepsFact) String() string { return fmt.Sprintf("keeps%v in %s", f.Params, f.Where) }

// Keeps returns the KeepsFact of fn, a function of the package or of one
// it imports.
func (r *Result) Keeps(fn *types.Func) (*KeepsFact, bool) {
	var f KeepsFact
	if fn == nil || !r.pass.ImportObjectFact(fn, &f) {
		return nil, false
	}
	return &f, true
}

// exportKeeps exports the KeepsFact of fd's function fn, if it keeps a
// parameter.
func exportKeeps(pass *analysis.Pass, fd *ast.FuncDecl, fn *types.Func) {
	info := pass.TypesInfo
	var recv types.Object
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		recv = info.Defs[fd.Recv.List[0].Names[0]]
	}
	params := map[types.Object]int{}
	i := 0
	for _, field := range fd.Type.Params.List {
		if len(field.Names) == 0 {
			i++
		}
		for _, n := range field.Names {
			if obj := info.Defs[n]; obj != nil {
				params[obj] = i
			}
			i++
		}
	}
	var f KeepsFact
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for j, lhs := range as.Lhs {
			t := info.TypeOf(lhs)
			if t == nil {
				continue
			}
			if _, basic := t.Underlying().(*types.Basic); basic {
				continue // a count or an offset kept: no record data
			}
			where := keptIn(info, lhs, recv, pass.Pkg)
			if where == "" {
				continue
			}
			ast.Inspect(as.Rhs[j], func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					if p, isParam := params[info.Uses[id]]; isParam && !slices.Contains(f.Params, p) {
						f.Params = append(f.Params, p)
						if f.Where == "" {
							f.Where = where
						}
					}
				}
				return true
			})
		}
		return true
	})
	if len(f.Params) > 0 {
		slices.Sort(f.Params)
		pass.ExportObjectFact(fn, &f)
	}
}

// keptIn describes lhs when it is a field of recv (at any depth, an
// element of one too) or a package variable of pkg: a place the value
// assigned outlives the call in. "" otherwise.
func keptIn(info *types.Info, lhs ast.Expr, recv types.Object, pkg *types.Package) string {
	for {
		switch e := ast.Unparen(lhs).(type) {
		case *ast.IndexExpr:
			lhs = e.X
			continue
		case *ast.StarExpr:
			lhs = e.X
			continue
		case *ast.SelectorExpr:
			if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.IsField() {
				if id, ok := ast.Unparen(e.X).(*ast.Ident); ok && recv != nil && info.Uses[id] == recv {
					owner := types.TypeString(ssaflow.Deref(recv.Type()), func(*types.Package) string { return "" })
					return "field " + v.Name() + " of " + owner
				}
				lhs = e.X
				continue
			}
			if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.Parent() == v.Pkg().Scope() && v.Pkg() == pkg {
				return "package variable " + v.Name()
			}
			return ""
		case *ast.Ident:
			if v, ok := info.Uses[e].(*types.Var); ok && v.Pkg() == pkg && v.Parent() == pkg.Scope() {
				return "package variable " + v.Name()
			}
			return ""
		default:
			return ""
		}
	}
}
