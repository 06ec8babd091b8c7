package handsoff

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// DrainsFact is the fact of a function that receives from its channel
// parameters at Params (signature indices, receiver excluded) only to log
// or count what it receives: `for e := range errs { log.Print(e) }`, or a
// select whose case on the channel only logs. An error sent to a channel
// given to it is reported, not kept: the sender's caller goes on as from
// a success (review 40-3/D3b: `go errlog.Drain(errs)`, the drain in
// another package of the module, and the row said at-least-once).
type DrainsFact struct {
	Params []int
}

func (*DrainsFact) AFact()         {}
func (*DrainsFact) String() string { return "drains" }

// Drains reports whether fn, a function of the package or of one it
// imports, receives from its parameter i (a signature index) only to log.
func (r *Result) Drains(fn *types.Func, i int) bool {
	var f DrainsFact
	return fn != nil && r.pass.ImportObjectFact(fn.Origin(), &f) && slices.Contains(f.Params, i)
}

// exportDrains exports the DrainsFact of the package's functions (decls).
func exportDrains(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	for fn, fd := range decls {
		var f DrainsFact
		i := 0
		for _, field := range fd.Type.Params.List {
			if len(field.Names) == 0 {
				i++
			}
			for _, n := range field.Names {
				if obj := pass.TypesInfo.Defs[n]; obj != nil && drainsParam(pass.TypesInfo, fd.Body, obj) {
					f.Params = append(f.Params, i)
				}
				i++
			}
		}
		if len(f.Params) > 0 {
			pass.ExportObjectFact(fn, &f)
		}
	}
}

// drainsParam reports whether body uses p, a channel, only to receive
// from it and log what it receives: every use ranges over it with a body
// that only logs, or receives from it in a select case that only logs
// (after an `if !ok { return }`).
func drainsParam(info *types.Info, body *ast.BlockStmt, p types.Object) bool {
	if _, ok := p.Type().Underlying().(*types.Chan); !ok {
		return false
	}
	// The uses accounted for, and all of them.
	ok := map[*ast.Ident]bool{}
	var uses []*ast.Ident
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			if info.Uses[x] == p {
				uses = append(uses, x)
			}
		case *ast.RangeStmt:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && info.Uses[id] == p && x.Value == nil && countsOnly(info, x.Body.List) {
				ok[id] = true
			}
		case *ast.CommClause:
			if id := received(info, x.Comm, p); id != nil && countsOnly(info, afterClosedCheck(x.Body)) {
				ok[id] = true
			}
		}
		return true
	})
	return len(uses) > 0 && !slices.ContainsFunc(uses, func(id *ast.Ident) bool { return !ok[id] })
}

// received returns the identifier of p in comm, a select case receiving
// from p (<-p, e := <-p, e, ok := <-p), or nil.
func received(info *types.Info, comm ast.Stmt, p types.Object) *ast.Ident {
	var e ast.Expr
	switch x := comm.(type) {
	case *ast.ExprStmt:
		e = x.X
	case *ast.AssignStmt:
		if len(x.Rhs) == 1 {
			e = x.Rhs[0]
		}
	}
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[id] == p {
		return id
	}
	return nil
}

// afterClosedCheck returns list without a leading `if !ok { return }`.
func afterClosedCheck(list []ast.Stmt) []ast.Stmt {
	if len(list) == 0 {
		return list
	}
	ifs, ok := list[0].(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return list
	}
	if u, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr); !ok || u.Op != token.NOT {
		return list
	}
	if ret, ok := ifs.Body.List[0].(*ast.ReturnStmt); !ok || len(ret.Results) > 0 {
		return list
	}
	return list[1:]
}
