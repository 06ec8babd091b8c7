package handsoff

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/observe"
)

// LaterFact is the fact of a function that only schedules work for later:
// it starts a goroutine or a timer's function (time.AfterFunc) and, besides
// them, waits for nothing and calls nothing of the application (a logger
// and the standard library aside). What it is given is not processed when
// it returns: a failure branch handing the record to it (a retry
// scheduler's s.retry.Later(r)) goes on from the failure, and a position
// written next passes the record while its retry waits (hunt 45f/D8 and,
// the scheduler in a package of its own, review 45-2/D6: 3 of 300 lost at
// a stop inside the backoff).
//
// Counted reports a function that also counts or keeps the work it
// starts for a wait elsewhere (a WaitGroup's Add, an atomic count of
// retries in flight, a sync.Map of those pending: review 46-1/D1,
// precision hunt 46p/D1, D3): its caller waiting so before its position
// has the work done.
type LaterFact struct{ Counted bool }

func (*LaterFact) AFact() {}
func (f *LaterFact) String() string {
	if f.Counted {
		return "laterCounted"
	}
	return "later"
}

// Later returns the LaterFact of fn, a function of the package or of one
// it imports.
func (r *Result) Later(fn *types.Func) (*LaterFact, bool) {
	var f LaterFact
	if fn == nil || !r.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil, false
	}
	return &f, true
}

// exportLater exports the LaterFact of the package's functions (decls): a
// function calling another of the package is judged with that one's
// answer (a cycle has it nowhere).
func exportLater(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	exportEach(decls, func(fn *types.Func, fd *ast.FuncDecl, ask func(*types.Func) (bool, bool)) (bool, bool) {
		ok, counted := laterBody(pass, fd, func(fn *types.Func) (bool, bool) {
			counted, ok := ask(fn)
			return ok, counted
		})
		return counted, ok
	}, func(fn *types.Func, counted bool) { pass.ExportObjectFact(fn, &LaterFact{Counted: counted}) })
}

// laterBody reports whether fd's body starts work for later and does
// nothing else that counts: no receive, select, send, wait or channel
// made (an answer kept for a later wait, a queue for workers); no call of
// a function value, an interface method, or a function of the
// application but one that only schedules too (local answers it for
// the package's own). Counted reports work counted or kept for a wait
// elsewhere (a WaitGroup, an atomic counter, a sync.Map).
func laterBody(pass *analysis.Pass, fd *ast.FuncDecl, local func(*types.Func) (bool, bool)) (ok, counted bool) {
	deferred := map[*ast.FuncLit]bool{} // (the literals run later)
	spawned := map[*ast.CallExpr]bool{} // (the calls of go statements)
	started := false
	ok = true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt:
			started, spawned[n.Call] = true, true
			if lit, isLit := ast.Unparen(n.Call.Fun).(*ast.FuncLit); isLit {
				deferred[lit] = true
			}
		case *ast.FuncLit:
			return !deferred[n]
		case *ast.SendStmt, *ast.SelectStmt:
			ok = false
		case *ast.UnaryExpr:
			ok = n.Op != token.ARROW
		case *ast.RangeStmt:
			_, overChan := pass.TypesInfo.TypeOf(n.X).Underlying().(*types.Chan)
			ok = !overChan
		case *ast.CallExpr:
			if tv, isTV := pass.TypesInfo.Types[n.Fun]; isTV && (tv.IsType() || tv.IsBuiltin()) || spawned[n] {
				if _, isChan := pass.TypesInfo.TypeOf(n).Underlying().(*types.Chan); isChan && tv.IsBuiltin() {
					ok = false // (an answer channel, or a queue: kept for a wait or for workers)
				}
				return true
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
			switch {
			case fn == nil:
				ok = false // a function value
			case fn.Pkg() == nil:
				// the error interface's Error
			case fn.Name() == "Wait":
				ok = false // (a WaitGroup's, a Cond's: it waits for what it started)
			case fn.Pkg().Path() == "sync/atomic" || fn.Pkg().Path() == "sync" && (strings.HasPrefix(fn.FullName(), "(*sync.WaitGroup).") || strings.HasPrefix(fn.FullName(), "(*sync.Map).")):
				counted = true
			case startsLater[fn.Origin().FullName()]:
				started = true
				for _, a := range n.Args {
					if lit, isLit := ast.Unparen(a).(*ast.FuncLit); isLit {
						deferred[lit] = true
					}
				}
			case fn.Pkg() == pass.Pkg:
				var c bool
				ok, c = local(fn.Origin())
				started, counted = started || ok, counted || c
			case observe.Is(fn.Pkg().Path()):
			case stdlib(pass, fn.Pkg()):
				if sig := fn.Signature(); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) && fn.Pkg().Path() != "context" {
					ok = false // (an io.Writer's Write: what it writes to is not known)
				}
			default:
				var f LaterFact
				ok = pass.ImportObjectFact(fn.Origin(), &f)
				started, counted = started || ok, counted || f.Counted
			}
		}
		return ok
	})
	return ok && started, counted
}
