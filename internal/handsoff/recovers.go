package handsoff

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// RecoversFact is the fact of a function that defers a function literal
// recovering a panic and only logging it: no result set, no panic again.
// A panic in what it runs returns no error, and its caller goes on as
// from a success (trial 41d/D8: safe.Run of another package, 3 of 300
// lost with no crash; the package's own such functions are read from
// their code).
type RecoversFact struct{}

func (*RecoversFact) AFact()         {}
func (*RecoversFact) String() string { return "recovers" }

// Recovers reports whether fn, a function of the package or of one it
// imports, recovers a panic and only logs it.
func (r *Result) Recovers(fn *types.Func) bool {
	var f RecoversFact
	return fn != nil && r.pass.ImportObjectFact(fn.Origin(), &f)
}

// exportRecovers exports the RecoversFact of the package's functions
// (decls).
func exportRecovers(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	for fn, fd := range decls {
		for _, st := range fd.Body.List {
			d, ok := st.(*ast.DeferStmt)
			if !ok || len(d.Call.Args) > 0 {
				continue
			}
			if lit, ok := d.Call.Fun.(*ast.FuncLit); ok && recoversQuietly(pass.TypesInfo, lit.Body.List) {
				pass.ExportObjectFact(fn, &RecoversFact{})
				break
			}
		}
	}
}

// recoversQuietly reports whether list, a deferred literal's body, calls
// recover and does nothing else but log: r := recover(), if r :=
// recover(); r != nil { log.Printf(...) }.
func recoversQuietly(info *types.Info, list []ast.Stmt) bool {
	recovers := false
	for _, st := range list {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if !isRecover(info, st) {
				return false
			}
			recovers = true
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && isRecoverCall(info, call) {
				recovers = true
			} else if !countsOnly(info, []ast.Stmt{st}) {
				return false
			}
		case *ast.IfStmt:
			if st.Else != nil || st.Init != nil && !isRecover(info, st.Init) || !countsOnly(info, st.Body.List) {
				return false
			}
			recovers = recovers || st.Init != nil
		default:
			return false
		}
	}
	return recovers
}

// isRecover reports whether st is r := recover() (or r = recover()).
func isRecover(info *types.Info, st ast.Stmt) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return ok && isRecoverCall(info, call)
}

// isRecoverCall reports whether call calls the builtin recover.
func isRecoverCall(info *types.Info, call *ast.CallExpr) bool {
	b, ok := typeutil.Callee(info, call).(*types.Builtin)
	return ok && b.Name() == "recover"
}
