package handsoff

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/observe"
)

// DropsFact is the fact of a function that runs a function it is given
// (a parameter returning an error) and, when that fails, returns no error
// itself: a retry helper that gives up, logs and returns nil
// (retry.Do(f)), one with no error result (a tracing span's
// obs.Span(ctx, name, fn)), or, with Lit, one returning a function
// literal that does
// (retry.WithBackoff(f, 3, d), whose result the caller calls). Its caller
// goes on from a failure as from a success: a position written after it
// passes a record whose processing failed (audit 32c/2: 51 of 300 lost
// while the sink was down, the row at-least-once). With Middleware, it
// returns a decorator doing so: a function literal given the handler to
// wrap, returning a literal that runs it and drops its failure
// (mw.Retry[T](3, d), which mw.Chain(h, mws...) or the caller applies:
// hunt 42f/D1, 3 of 300 lost without a crash).
type DropsFact struct {
	Lit, Middleware bool
}

func (*DropsFact) AFact() {}
func (f *DropsFact) String() string {
	switch {
	case f.Middleware:
		return "dropsInMiddleware"
	case f.Lit:
		return "dropsInLiteral"
	}
	return "drops"
}

// Drops returns the DropsFact of fn, a function of the package or of one
// it imports.
func (r *Result) Drops(fn *types.Func) (*DropsFact, bool) {
	var f DropsFact
	if fn == nil || !r.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil, false
	}
	return &f, true
}

// exportDrops exports the DropsFact of the package's functions (decls).
func exportDrops(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	for fn, fd := range decls {
		sig := fn.Type().(*types.Signature)
		if sig.Results().Len() == 1 && slices.ContainsFunc(fd.Body.List, func(st ast.Stmt) bool {
			ret, ok := st.(*ast.ReturnStmt)
			return ok && len(ret.Results) == 1 && droppingDecorator(pass.TypesInfo, funcLit(pass.TypesInfo, ret.Results[0], fd.Body.List))
		}) {
			pass.ExportObjectFact(fn, &DropsFact{Middleware: true})
			continue
		}
		params := failingParams(pass.TypesInfo, fd.Type)
		if len(params) == 0 {
			continue
		}
		switch {
		case sig.Results().Len() == 0 && logsOnly(pass.TypesInfo, fd.Body, params):
			// No error result: the failure of what it runs is lost
			// (obs.Span(ctx, name, fn) logging fn's error; review 32-1).
			pass.ExportObjectFact(fn, &DropsFact{})
		case failsWithError(sig) && drops(pass.TypesInfo, fd.Body.List, params):
			pass.ExportObjectFact(fn, &DropsFact{})
		case sig.Results().Len() == 1 && failsWithError(sig.Results().At(0).Type()):
			for _, st := range fd.Body.List {
				ret, ok := st.(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					continue
				}
				if lit := funcLit(pass.TypesInfo, ret.Results[0], fd.Body.List); lit != nil && drops(pass.TypesInfo, lit.Body.List, params) {
					pass.ExportObjectFact(fn, &DropsFact{Lit: true})
					break
				}
			}
		}
	}
}

// failingParams returns the parameters of ft that are functions whose
// last result is an error.
func failingParams(info *types.Info, ft *ast.FuncType) map[types.Object]bool {
	params := map[types.Object]bool{}
	for _, field := range ft.Params.List {
		for _, n := range field.Names {
			if obj := info.Defs[n]; obj != nil && failsWithError(obj.Type()) {
				params[obj] = true
			}
		}
	}
	return params
}

// droppingDecorator reports whether lit is a function literal given a
// handler (a function failing with an error) that returns a literal
// running it and dropping its failure (drops).
func droppingDecorator(info *types.Info, lit *ast.FuncLit) bool {
	if lit == nil {
		return false
	}
	params := failingParams(info, lit.Type)
	if len(params) == 0 {
		return false
	}
	for _, st := range lit.Body.List {
		ret, ok := st.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if inner := funcLit(info, ret.Results[0], lit.Body.List); inner != nil && drops(info, inner.Body.List, params) {
			return true
		}
	}
	return false
}

// funcLit returns the function literal e is, through a conversion
// (Handler[T](func(...) error { ... }): review 43-1/D9) or a variable
// body sets to it (mw := func(next H) H { ... }; return mw: 43-1/D10);
// nil if none.
func funcLit(info *types.Info, e ast.Expr, body []ast.Stmt) *ast.FuncLit {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return x
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return funcLit(info, x.Args[0], body)
		}
	case *ast.Ident:
		obj := info.ObjectOf(x)
		for _, st := range body {
			as, ok := st.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				continue
			}
			if id, ok := as.Lhs[0].(*ast.Ident); ok && obj != nil && info.ObjectOf(id) == obj {
				if lit, ok := ast.Unparen(as.Rhs[0]).(*ast.FuncLit); ok {
					return lit
				}
			}
		}
	}
	return nil
}

// logsOnly reports whether body, of a function with no results, calls
// one of params and loses its failure: the call's error is discarded
// (fn(ctx), _ = fn(ctx)), or checked by an `if err != nil` that only logs
// it (not a panic, a fatal log, an exit, nor the error kept or sent).
func logsOnly(info *types.Info, body *ast.BlockStmt, params map[types.Object]bool) bool {
	isCall := func(e ast.Expr) bool { return paramCall(info, params, e) }
	errs := map[types.Object]bool{}
	lost := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			lost = lost || isCall(n.X)
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || !isCall(n.Rhs[0]) {
				break
			}
			switch l := n.Lhs[len(n.Lhs)-1].(type) {
			case *ast.Ident:
				if l.Name == "_" {
					lost = true
				} else if obj := info.ObjectOf(l); obj != nil {
					errs[obj] = true
				}
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok && failed(info, ifs.Cond, errs) && onlyLogs(info, ifs.Body.List) && ifs.Else == nil {
			lost = true
		}
		_, lit := n.(*ast.FuncLit)
		return !lost && !lit
	})
	return lost
}

// onlyLogs reports whether list only logs (a log, fmt or observing
// package's print, a logger's method) and returns nothing.
func onlyLogs(info *types.Info, list []ast.Stmt) bool {
	for _, st := range list {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if len(st.Results) > 0 {
				return false
			}
		case *ast.ExprStmt:
			call, ok := ast.Unparen(st.X).(*ast.CallExpr)
			if !ok {
				return false
			}
			fn, ok := typeutil.Callee(info, call).(*types.Func)
			if !ok || fn.Pkg() == nil {
				return false
			}
			switch path := fn.Pkg().Path(); {
			case path == "log" || path == "fmt":
				if !strings.HasPrefix(fn.Name(), "Print") && !strings.HasPrefix(fn.Name(), "Fprint") {
					return false // log.Fatal, log.Panic
				}
			case observe.Is(path):
				if strings.HasPrefix(fn.Name(), "Fatal") || strings.HasPrefix(fn.Name(), "Panic") || strings.HasPrefix(fn.Name(), "Exit") {
					return false // logrus.Fatalf exits (review 41-1/D4)
				}
			case path == "log/slog" && observe.LoggerMethod(strings.TrimSuffix(fn.Name(), "Context")):
				// slog.Error, slog.WarnContext (trial 39a/D2)
			case fn.Type().(*types.Signature).Recv() != nil && observe.LoggerMethod(fn.Name()):
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// paramCall reports whether e is a call of one of params.
func paramCall(info *types.Info, params map[types.Object]bool, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && params[info.Uses[id]]
}

// failsWithError reports whether t is a function whose last result is an
// error.
func failsWithError(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	return isErrorType(sig.Results().At(sig.Results().Len() - 1).Type())
}

// drops reports whether body, which calls one of params, returns a nil
// error once such a call failed: a `return nil` in the body of an `if
// err != nil` testing the call's error, or a top-level `return nil` after
// a loop making the call (retries that give up).
func drops(info *types.Info, body []ast.Stmt, params map[types.Object]bool) bool {
	calls := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && paramCall(info, params, e) {
				found = true
			}
			_, lit := n.(*ast.FuncLit)
			return !found && !lit
		})
		return found
	}
	// errs are the variables a call of a parameter assigns its error to.
	errs := map[types.Object]bool{}
	ast.Inspect(&ast.BlockStmt{List: body}, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && calls(as.Rhs[0]) {
			if id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok {
				if obj := info.ObjectOf(id); obj != nil {
					errs[obj] = true
				}
			}
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	if len(errs) == 0 {
		return false
	}
	// A failure branch returning nil and no failure (one telling
	// failures apart, `if !errors.Is(err, ErrDuplicate) { return err }`,
	// drops only those it means to).
	found := false
	ast.Inspect(&ast.BlockStmt{List: body}, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok && (failed(info, ifs.Cond, errs) || retryKindTest(info, ifs.Cond, errs)) && droppedOnWay(info, ifs.Body.List, errs) {
			found = true
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	if found {
		return true
	}
	// Or the failure's way after a success returns (if err == nil {
	// return nil }; ...).
	for i, st := range body {
		if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && ifs.Init == nil && compared(info, ifs.Cond, errs, token.EQL) && endsInReturn(ifs.Body.List) {
			return droppedOnWay(info, body[i+1:], errs)
		}
	}
	// A loop of calls returning no failure, then a return of nil with no
	// failure returned between (`if err != nil { return err }` after the
	// loop keeps it).
	loop, bounded, cleared := false, false, false
	for _, st := range body {
		if l, ok := st.(*ast.LabeledStmt); ok {
			st = l.Stmt // (retry: for err != nil { ... break retry ... }: review 43-3/D10)
		}
		switch st := st.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			// A loop returning a failure (for _, x := range xs { if
			// err := f(x); err != nil { return err } }) drops none;
			// nor one ending only on a success (for err != nil { ...; err
			// = f() }: review 43-1/D3, D12).
			loop = loop || calls(st) && !returnsFailure(info, st) && !untilSuccess(info, st, errs)
			bounded = exhausts(info, st)
			cleared = cleared || clears(info, st, errs) || lastOnly(info, st, errs)
		case *ast.ReturnStmt:
			// (Or the context's error, nil while it lives, after a loop
			// that can end with attempts run out: trial 41d/D4, a
			// retry giving up with return ctx.Err(); not one ending
			// only with the context, for ctx.Err() == nil { ... }:
			// review 41-1/D3.)
			if loop && (nilResult(st) || bounded && len(st.Results) > 0 && contextErr(info, st.Results[len(st.Results)-1]) || cleared && len(st.Results) > 0 && mentions(info, st.Results[len(st.Results)-1], errs)) {
				return true
			}
		default:
			loop = loop && !returnsFailure(info, st)
		}
	}
	return false
}

// returnsFailure reports whether n holds a return whose last result is
// not the literal nil (outside function literals), nor a context's Err():
// a retry's backoff giving up when the context is done hands on no
// failure of what it runs (audit 37b/D1).
func returnsFailure(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) > 0 && !nilResult(ret) && !contextErr(info, ret.Results[len(ret.Results)-1]) {
			found = true
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}

// untilSuccess reports whether loop ends only when a call assigning errs
// succeeds: its condition is `err != nil`, or it has none, and each break
// out of it, or return of nil, is under `err == nil`.
func untilSuccess(info *types.Info, loop ast.Stmt, errs map[types.Object]bool) bool {
	f, ok := loop.(*ast.ForStmt)
	if !ok || f.Cond != nil && !failed(info, f.Cond, errs) {
		return false
	}
	// (And no break, nor a return of nil, but on a success: for err !=
	// nil { if n > 3 { break } ... }, review 43-2/D3; if ctx.Err() != nil
	// { return nil }, D4.)
	gives := false
	// nested: in a statement of its own a plain break leaves (a select's,
	// a switch's), but a labeled one may leave the loop (break retry from
	// a select's case: review 43-3/D10).
	var walk func(n ast.Node, onSuccess, nested bool)
	walk = func(n ast.Node, onSuccess, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					walk(m, onSuccess, true)
					return false
				}
			case *ast.IfStmt:
				// (Under a test of the error, told apart on purpose: if
				// errors.Is(err, ErrDuplicate) { err = nil }.)
				walk(m.Body, onSuccess || compared(info, m.Cond, errs, token.EQL) || mentions(info, m.Cond, errs) && !failed(info, m.Cond, errs), nested)
				if m.Else != nil {
					walk(m.Else, onSuccess, nested)
				}
				return false
			case *ast.BranchStmt:
				gives = gives || m.Tok == token.BREAK && (m.Label == nil && !nested || m.Label != nil) && !onSuccess || m.Tok == token.GOTO
			case *ast.ReturnStmt:
				gives = gives || nilResult(m) && !onSuccess
			case *ast.AssignStmt:
				// (err = nil: the loop ends as on a success, review
				// 43-3/D11.)
				gives = gives || setsNil(info, m, errs) && !onSuccess
			}
			return !gives
		})
	}
	walk(f.Body, false, false)
	return !gives
}

// clears reports whether loop sets one of errs to nil.
func clears(info *types.Info, loop ast.Stmt, errs map[types.Object]bool) bool {
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && setsNil(info, as, errs) {
			found = true
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}

// lastOnly reports whether loop, a range over items, assigns one of errs
// on every iteration (err = fn(ctx, it), a variable of the enclosing
// function) and goes on from a failure, only logging it: after the loop
// the variable holds the last item's answer, a failure before it is
// overwritten (hunt 45f/D6: a batch helper "keeping going", 2 to 3 of
// 300 lost).
func lastOnly(info *types.Info, loop ast.Stmt, errs map[types.Object]bool) bool {
	r, ok := loop.(*ast.RangeStmt)
	if !ok {
		return false
	}
	assigned := map[types.Object]bool{}
	for _, st := range r.Body.List {
		var as *ast.AssignStmt
		switch st := st.(type) {
		case *ast.AssignStmt:
			as = st
		case *ast.IfStmt:
			as, _ = st.Init.(*ast.AssignStmt)
			if as != nil && (!failed(info, st.Cond, errs) || st.Else != nil || !onlyLogs(info, st.Body.List)) {
				return false // a failure kept, or the loop left
			}
		}
		if as == nil || as.Tok != token.ASSIGN {
			continue
		}
		if id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && errs[info.ObjectOf(id)] {
			assigned[info.ObjectOf(id)] = true
		}
	}
	return len(assigned) > 0 && !returnsFailure(info, r)
}

// setsNil reports whether as sets one of errs to nil.
func setsNil(info *types.Info, as *ast.AssignStmt, errs map[types.Object]bool) bool {
	for i, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && errs[info.ObjectOf(id)] && i < len(as.Rhs) && isNil(as.Rhs[i]) {
			return true
		}
	}
	return false
}

// isNil reports whether e is the literal nil.
func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// exhausts reports whether loop can end by its own count (a range, a
// condition that is no context's test), not only when a context ends.
func exhausts(info *types.Info, loop ast.Stmt) bool {
	f, ok := loop.(*ast.ForStmt)
	if !ok {
		return true // a range
	}
	if f.Cond == nil {
		return false
	}
	ctx := false
	ast.Inspect(f.Cond, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && contextErr(info, e) {
			ctx = true
		}
		return !ctx
	})
	return !ctx
}

// contextErr reports whether e is a call of a context's Err method.
func contextErr(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Name() == "Err" && fn.Pkg() != nil && fn.Pkg().Path() == "context"
}

// droppedOnWay reports whether way, the statements a failure of a call
// assigning errs takes, returns nil in the end, with nothing but logs and
// counts before it, and returns a failure only under a test of no error
// at all: a count of failures (a circuit breaker tolerating those below
// its threshold: `if b.fails >= b.Threshold { return err }; log; return
// nil`, or the same with an else: hunt 42f/D3, review 43-1/D8), not their
// kind (if err.Error() != "duplicate" { return err }), nor a dead-letter
// write's failure (if derr != nil { return derr }: review 43-1/D1).
func droppedOnWay(info *types.Info, way []ast.Stmt, errs map[types.Object]bool) bool {
	n := len(way)
	if n == 0 {
		return false
	}
	counted := func(cond ast.Expr) bool {
		return !mentions(info, cond, errs) && !testsError(info, cond)
	}
	if ifs, ok := way[n-1].(*ast.IfStmt); ok && ifs.Init == nil && counted(ifs.Cond) {
		// (if fails >= T { return err } else { log; return nil })
		if els, ok := ifs.Else.(*ast.BlockStmt); ok && tolerated(info, way[:n-1], counted) &&
			(droppedOnWay(info, ifs.Body.List, errs) || droppedOnWay(info, els.List, errs)) {
			return true
		}
	}
	return returnsNil(way) && tolerated(info, way[:n-1], counted)
}

// tolerated reports whether list only logs and counts, but for ifs
// returning a failure under a test counted accepts.
func tolerated(info *types.Info, list []ast.Stmt, counted func(ast.Expr) bool) bool {
	for _, st := range list {
		if !returnsFailure(info, st) {
			if !countStmt(info, st) {
				return false
			}
			continue
		}
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Else != nil || ifs.Init != nil || !counted(ifs.Cond) {
			return false
		}
	}
	return true
}

// countStmt reports whether st only logs or counts: a log, an increment,
// a value set with no call but the time package's, a sync/atomic call.
func countStmt(info *types.Info, st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.AssignStmt:
		for _, e := range append(slices.Clone(st.Lhs), st.Rhs...) {
			if testsError(info, e) {
				return false
			}
		}
		calls := false
		for _, e := range st.Rhs {
			ast.Inspect(e, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if fn, ok := typeutil.Callee(info, call).(*types.Func); !ok || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
						calls = true
					}
				}
				return !calls
			})
		}
		return !calls
	}
	if es, ok := st.(*ast.ExprStmt); ok {
		// (A mutex guarding the count: review 43-2/D11.)
		if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "sync" && (fn.Name() == "Lock" || fn.Name() == "Unlock") {
				return true
			}
		}
	}
	return countsOnly(info, []ast.Stmt{st})
}

// testsError reports whether e uses a value of type error.
func testsError(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && isErrorType(info.TypeOf(x)) {
			found = true
		}
		return !found
	})
	return found
}

// retryKindTest reports whether cond tests one of errs for a deadline
// exceeded, a failure a retry is for (RetrySentinel): errors.Is(err,
// context.DeadlineExceeded). A helper returning nil for it drops what
// timed out (hunt 42f/D6: db.WithTimeout logging an overrun, 3 of 300
// lost); not a cancellation, which its caller may stop on (review
// 43-3/D9).
func retryKindTest(info *types.Info, cond ast.Expr, errs map[types.Object]bool) bool {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !mentions(info, call.Args[0], errs) {
		return false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "Is" {
		return false
	}
	sel, ok := ast.Unparen(call.Args[1]).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && RetrySentinel(v) == Deadline
}

// A RetryKind is a kind of failure a retry is for, which a sentinel
// error names.
type RetryKind int

const (
	NoRetry      RetryKind = iota
	Cancellation           // context.Canceled: a shutdown or a rebalance left the work undone
	Deadline               // context.DeadlineExceeded, os.ErrDeadlineExceeded: a transient failure
)

// RetrySentinel returns the kind of failure a retry is for that the
// package variable v names (context.Canceled, context.DeadlineExceeded,
// os.ErrDeadlineExceeded); NoRetry for any other.
func RetrySentinel(v *types.Var) RetryKind {
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return NoRetry
	}
	switch v.Pkg().Path() + "." + v.Name() {
	case "context.Canceled":
		return Cancellation
	case "context.DeadlineExceeded", "os.ErrDeadlineExceeded":
		return Deadline
	}
	return NoRetry
}

// mentions reports whether e uses one of vars.
func mentions(info *types.Info, e ast.Expr, vars map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && vars[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// endsInReturn reports whether list ends with a return.
func endsInReturn(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	_, ok := list[len(list)-1].(*ast.ReturnStmt)
	return ok
}

// failed reports whether cond is `err != nil` for one of errs.
func failed(info *types.Info, cond ast.Expr, errs map[types.Object]bool) bool {
	return compared(info, cond, errs, token.NEQ)
}

// compared reports whether cond compares one of errs with nil by op.
func compared(info *types.Info, cond ast.Expr, errs map[types.Object]bool, op token.Token) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != op {
		return false
	}
	id, ok := ast.Unparen(be.X).(*ast.Ident)
	nilID, ok2 := ast.Unparen(be.Y).(*ast.Ident)
	return ok && ok2 && nilID.Name == "nil" && errs[info.ObjectOf(id)]
}

// returnsNil reports whether list ends with a return whose last result is
// nil.
func returnsNil(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	return ok && nilResult(ret)
}

// nilResult reports whether ret's last result is the literal nil.
func nilResult(ret *ast.ReturnStmt) bool {
	return len(ret.Results) > 0 && isNil(ret.Results[len(ret.Results)-1])
}
