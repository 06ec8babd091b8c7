// Package spawner finds the functions that run a function they are given
// in a goroutine of their own and return, and those that wait for a group
// of goroutines (a helper Group's Wait: JoinFact), (a service's safe.Go(fn), a
// RoutineGroup's Run(fn) kept in a utility package), for the analyses that
// must see a function passed to one as a goroutine: a worker pool started
// through it is a pool, whichever package of the module holds the helper.
//
// A function of this package or another carries a Fact when one of its
// parameters, of type func() with no parameters, is started by a go
// statement of its body (go fn(), or go of a function literal calling it)
// and the body waits for nothing (no receive, select, or call of a method
// named Wait): a helper that waits for what it starts runs it in place,
// as far as its caller can tell. The fact is computed from the syntax of
// every package, Kafka or not; ssaflow.Flow.Started consults it for the
// calls of functions whose bodies are not in the package (Spawned sees
// those that are).
package spawner

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Analyzer exports the Facts of a package's functions; its Result looks
// them up for calls.
var Analyzer = &analysis.Analyzer{
	Name:       "spawner",
	Doc:        "find the functions that start a function they are given in a goroutine of its own",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Fact), new(JoinFact)},
}

// JoinFact is the fact of a function that waits for a group of goroutines
// (its body calls a WaitGroup's or an errgroup's Wait): a utility
// package's Group.Wait, the join of what its Run started.
type JoinFact struct{}

func (*JoinFact) AFact()         {}
func (*JoinFact) String() string { return "joins" }

// Fact is the fact of a function starting its parameter at Param
// (signature index, receiver excluded) in a goroutine of its own.
type Fact struct{ Param int }

func (*Fact) AFact()           {}
func (f *Fact) String() string { return fmt.Sprintf("spawns(%d)", f.Param) }

// Result looks up the Facts of the functions a package calls.
type Result struct{ pass *analysis.Pass }

func run(pass *analysis.Pass) (any, error) {
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if joins(pass.TypesInfo, fd) {
				pass.ExportObjectFact(fn, new(JoinFact))
			}
			i := 0
			for _, field := range fd.Type.Params.List {
				names := field.Names
				if len(names) == 0 {
					i++
					continue
				}
				for _, n := range names {
					if obj := pass.TypesInfo.Defs[n]; obj != nil && runnable(obj.Type()) {
						if g := started(pass.TypesInfo, fd.Body, obj); g != nil && !waitsAfter(pass.TypesInfo, fd.Body, g.End()) {
							pass.ExportObjectFact(fn, &Fact{Param: i})
						}
					}
					i++
				}
			}
		}
	}
	return &Result{pass: pass}, nil
}

// Started returns the function argument the call ci of another package's
// function runs in a goroutine of its own (the function carries a Fact),
// or nil: the spawner lookup of ssaflow.Flow.
func (r *Result) Started(ci ssa.CallInstruction) ssa.Value {
	cc := ci.Common()
	fn := ssaflow.Callee(cc)
	if fn == nil || cc.IsInvoke() || fn.Pkg() == r.pass.Pkg {
		return nil
	}
	var f Fact
	if !r.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil
	}
	i := f.Param
	if fn.Signature().Recv() != nil {
		i++ // the receiver is Args[0]
	}
	if i >= len(cc.Args) {
		return nil
	}
	return cc.Args[i]
}

// Joins reports whether fn, of this package or another, waits for a
// group of goroutines in its body (a JoinFact).
func (r *Result) Joins(fn *types.Func) bool {
	return fn != nil && r.pass.ImportObjectFact(fn.Origin(), new(JoinFact))
}

// joins reports whether fd's body, function literals aside, calls the Wait
// (ssaflow.IsGroupWait) of a group its receiver or a parameter holds
// (g.wg.Wait()): the group other calls filled. A local group's Wait
// (RunWait's) joins only what fd itself started.
func joins(info *types.Info, fd *ast.FuncDecl) bool {
	owned := map[types.Object]bool{}
	for _, fl := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			for _, n := range f.Names {
				owned[info.Defs[n]] = true
			}
		}
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(info, n).(*types.Func)
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || !ssaflow.IsGroupWait(fn) {
				break
			}
			root := sel.X
			for {
				switch x := ast.Unparen(root).(type) {
				case *ast.SelectorExpr:
					root = x.X
					continue
				case *ast.StarExpr:
					root = x.X
					continue
				}
				break
			}
			if id, ok := ast.Unparen(root).(*ast.Ident); ok && owned[info.Uses[id]] {
				found = true
			}
		}
		return !found
	})
	return found
}

// runnable reports whether t is a func() taking no parameters (one taking
// some is given them by the spawner: its own launch).
func runnable(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0
}

// started returns the go statement of body starting p (go p(), or go of
// a function literal calling p), or nil.
func started(info *types.Info, body *ast.BlockStmt, p types.Object) *ast.GoStmt {
	calls := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && info.Uses[id] == p {
					found = true
				}
			}
			return !found
		})
		return found
	}
	var found *ast.GoStmt
	ast.Inspect(body, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok {
			return found == nil
		}
		if id, ok := ast.Unparen(g.Call.Fun).(*ast.Ident); ok && info.Uses[id] == p {
			found = g
		} else if lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit); ok && calls(lit.Body) {
			found = g
		}
		return found == nil
	})
	return found
}

// waitsAfter reports whether body, function literals aside, after pos
// (the go statement) receives from a channel, selects, or calls a method
// named Wait (a WaitGroup's, an errgroup's): it waits for what it
// started. What it does before (a bounded pool taking a slot, `p.sem <-
// struct{}{}` or a select giving up when a context is done) is no wait
// for the goroutine.
func waitsAfter(info *types.Info, body *ast.BlockStmt, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n != nil && n.End() <= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW && n.Pos() > pos
		case *ast.SelectStmt, *ast.RangeStmt:
			if n.Pos() < pos {
				break
			}
			if r, ok := n.(*ast.RangeStmt); ok {
				if _, isChan := info.TypeOf(r.X).Underlying().(*types.Chan); !isChan {
					break
				}
			}
			found = true
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" && n.Pos() > pos {
				found = true
			}
		}
		return !found
	})
	return found
}
