package handsoff

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/observe"
)

// SwallowsFact is the fact of a function shaped as a record's handler
// (given something, returning just an error or nothing) that, when a call
// it makes fails, only logs or counts the failure and returns no error:
// an `if err != nil` on that call's error, at the top of its body, whose
// branch only logs (a log, fmt or observing package's print, a logger's
// method, a sync/atomic counter) and either returns nil or falls through
// to the end, or to a return of nil, with only log lines between. Its
// caller goes on from the failure as from a success (audit 37b/D3: a
// middleware's Apply counting and logging its next handler's failure, a
// handler logging its store's: at-least-once rows, 10 of 300 records
// lost without a crash), or does so in a loop at the top of its body
// over what it is given (swallowedInLoop: a batch handler logging a
// failed save and returning, trial 39a/D2). A dead-letter write whose
// error the branch drops (_ = park(m)) keeps nothing either (dropsOnly).
// Call names the call whose failure it swallows.
// A decode's failure (a poison record) is not counted, as in the report.
type SwallowsFact struct {
	Call string
	// Counter names an exported field the function increments on the
	// failure: a caller reading it may stop on it (review 43-2/D8).
	Counter string
	// Deferred reports a failure returned, then replaced by what a
	// deferred function literal writes to the named error result
	// (overwritten).
	Deferred bool
}

func (*SwallowsFact) AFact() {}
func (f *SwallowsFact) String() string {
	if f.Deferred {
		return "swallows(" + f.Call + ", deferred)"
	}
	return "swallows(" + f.Call + ")"
}

// Swallows returns the SwallowsFact of fn, a function of the package or
// of one it imports.
func (r *Result) Swallows(fn *types.Func) (*SwallowsFact, bool) {
	var f SwallowsFact
	if fn == nil || !r.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil, false
	}
	return &f, true
}

// exportSwallows exports the SwallowsFact of the package's functions
// (decls).
func exportSwallows(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	for fn, fd := range decls {
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() == 0 {
			continue
		}
		params := map[types.Object]bool{}
		for _, field := range fd.Type.Params.List {
			for _, n := range field.Names {
				if obj := pass.TypesInfo.Defs[n]; obj != nil {
					params[obj] = true
				}
			}
		}
		call := ""
		if sig.Results().Len() == 0 || sig.Results().Len() == 1 && failsWithError(sig) {
			call = swallowed(pass.TypesInfo, fd.Body.List, sig.Results().Len() == 0, params)
			if call == "" {
				call = swallowedInLoop(pass.TypesInfo, fd.Body.List, sig.Results().Len() == 0, params)
			}
		}
		if call != "" {
			pass.ExportObjectFact(fn, &SwallowsFact{Call: call, Counter: exportedCounter(fd.Body)})
		} else if call = overwritten(pass.TypesInfo, fd, params); call != "" {
			pass.ExportObjectFact(fn, &SwallowsFact{Call: call, Deferred: true})
		}
	}
	// A function returning the answer of one that swallows (return
	// l.upsert(ctx, id), or if err := l.upsert(ctx, id); err != nil {
	// return err }, on its every path) swallows too: one helper deeper
	// is the same drop (fix-quality hunt 44x/D3: 4 of 300 lost).
	for changed := true; changed; {
		changed = false
		for fn, fd := range decls {
			sig := fn.Type().(*types.Signature)
			if sig.Results().Len() != 1 || !failsWithError(sig) || pass.ImportObjectFact(fn, new(SwallowsFact)) {
				continue
			}
			if f := forwardsSwallow(pass, fd.Body.List); f != nil {
				pass.ExportObjectFact(fn, &SwallowsFact{Call: f.Call})
				changed = true
			}
		}
	}
}

// forwardsSwallow returns the SwallowsFact of a function whose answer a
// top-level statement of list returns as its own: return g(...), or if
// err := g(...); err != nil { return err }.
func forwardsSwallow(pass *analysis.Pass, list []ast.Stmt) *SwallowsFact {
	of := func(e ast.Expr) *SwallowsFact {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil
		}
		fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		var f SwallowsFact
		if fn == nil || !pass.ImportObjectFact(fn.Origin(), &f) {
			return nil
		}
		return &f
	}
	// (Not after a failure of its own returned: the effect's, then a
	// best-effort helper's nil, review 44-2/D3.)
	for _, st := range list {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if len(st.Results) == 1 {
				return of(st.Results[0])
			}
			return nil
		case *ast.IfStmt:
			as, ok := st.Init.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || st.Else != nil {
				return nil
			}
			if f := of(as.Rhs[0]); f != nil && returnsFailure(pass.TypesInfo, st.Body) {
				return f
			}
			if returnsFailure(pass.TypesInfo, st) {
				return nil
			}
		default:
			if returnsFailure(pass.TypesInfo, st) {
				return nil
			}
		}
	}
	return nil
}

// swallowed returns the name of the call whose failure list (a function's
// body; noResult when it returns nothing) swallows, or "". A call of one
// of params (a function it is given) is DropsFact's.
func swallowed(info *types.Info, list []ast.Stmt, noResult bool, params map[types.Object]bool) string {
	for i := range list {
		ifs, call := failureIf(info, list, i, params)
		if call == nil {
			continue
		}
		body := ifs.Body.List
		if n := len(body); n > 0 {
			if ret, ok := body[n-1].(*ast.ReturnStmt); ok && nilResult(ret) && len(ret.Results) == 1 {
				if dropsOnly(info, body[:n-1], params) {
					return callText(call)
				}
				continue
			}
		}
		if !dropsOnly(info, body, params) {
			continue
		}
		if endsQuietly(info, list[i+1:], noResult) {
			return callText(call)
		}
	}
	return ""
}

// overwritten returns the name of a call whose failure fd returns, when a
// deferred function literal overwrites fd's named error result whatever
// it holds (defer func() { err = tx.Close() }(): the failure returned is
// replaced by Close's nil, hunt 45f/D1, 22 to 146 of 300 lost), or "".
// An overwrite under a test of the result (if err == nil { err = cerr })
// or computed from it (errors.Join(err, cerr)) keeps the failure.
func overwritten(info *types.Info, fd *ast.FuncDecl, params map[types.Object]bool) string {
	// The last named result, an error ((n int, err error) too: review
	// 45-1/D2).
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 {
		return ""
	}
	names := res.List[len(res.List)-1].Names
	if len(names) == 0 {
		return ""
	}
	result := info.Defs[names[len(names)-1]]
	if result == nil || !isErrorType(result.Type()) {
		return ""
	}
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == result {
				found = true
			}
			return !found
		})
		return found
	}
	overwrites := -1 // the index of the defer overwriting
	for k, st := range fd.Body.List {
		d, ok := st.(*ast.DeferStmt)
		if !ok {
			continue
		}
		lit, ok := ast.Unparen(d.Call.Fun).(*ast.FuncLit)
		if !ok {
			continue
		}
		for _, ls := range lit.Body.List {
			if ifs, ok := ls.(*ast.IfStmt); ok && mentions(ifs.Cond) && endsInReturn(ifs.Body.List) {
				break // if err != nil { rollback; return }: the rest runs on a success only
			}
			as, ok := ls.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for i, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == result && !mentions(as.Rhs[i]) && !sticky(info, as.Rhs[i]) && overwrites < 0 {
					overwrites = k
				}
			}
		}
	}
	if overwrites < 0 {
		return ""
	}
	// A failure returned after the defer (one before it returns as is).
	call := ""
	ast.Inspect(&ast.BlockStmt{List: fd.Body.List[overwrites+1:]}, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || call != "" {
			return false
		}
		b, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i := range b.List {
			if ifs, c := failureIf(info, b.List, i, params); c != nil && returnsFailure(info, ifs.Body) {
				call = callText(c)
				return false
			}
		}
		return true
	})
	return call
}

// sticky reports whether e calls a method of a value keeping an error in
// a field (a bufio.Writer-like batch whose Flush returns the first
// failure its Add met): its answer may be the failure again (review
// 45-1/D5).
func sticky(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	st, ok := deref(info.TypeOf(sel.X)).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if isErrorType(f.Type()) {
			return true
		}
	}
	return false
}

// failureIf returns list[i] when it is an if (without else) on the
// failure of a call (err := f(...) in its init or the statement before),
// and that call: not a log's, a quiet one's (quietCall), nor one of params
// (a function given, whose failure dropped is a DropsFact's).
func failureIf(info *types.Info, list []ast.Stmt, i int, params map[types.Object]bool) (*ast.IfStmt, *ast.CallExpr) {
	ifs, ok := list[i].(*ast.IfStmt)
	if !ok || ifs.Else != nil {
		return nil, nil
	}
	errVar := map[types.Object]bool{}
	var call *ast.CallExpr
	if as, ok := ifs.Init.(*ast.AssignStmt); ok {
		call = errCall(info, as, errVar)
	} else if i > 0 {
		if as, ok := list[i-1].(*ast.AssignStmt); ok {
			call = errCall(info, as, errVar)
		}
	}
	if call == nil || !failed(info, ifs.Cond, errVar) || logCall(info, call) || paramCall(info, params, call) {
		return nil, nil
	}
	if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil && quietCall(fn) {
		return nil, nil
	}
	if cacheCall(info, call) && slices.ContainsFunc(list[:i], func(st ast.Stmt) bool { return effectReturned(info, list, st, params) }) {
		// A cache refreshed once the effect's own failure was returned
		// (if err := s.db.Save(v); err != nil { return err }, then
		// s.cache.Set(k, v) only logged): derived state, rebuilt on a
		// miss, not the record's effect (review 43-3/D6).
		return nil, nil
	}
	return ifs, call
}

// effectReturned reports whether st, a statement of list, is an if on
// the failure of an effect's call (failureIf: not a parse's, a log's)
// that returns it: the record's own effect, before a cache refreshed
// after it (not a check of the input: review 44-1/D3).
func effectReturned(info *types.Info, list []ast.Stmt, st ast.Stmt, params map[types.Object]bool) bool {
	ifs, call := failureIf(info, list, slices.Index(list, st), params)
	if call == nil || cacheCall(info, call) || !returnsFailure(info, ifs.Body) {
		return false
	}
	// A method (a store's, a client's) or a write of os, database/sql
	// or net/http: an effect, not a function checking the input.
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && (fn.Type().(*types.Signature).Recv() != nil || fn.Pkg() != nil && directState[fn.Pkg().Path()])
}

// cacheCall reports whether call is a method of a cache: its receiver's
// name or its type's name says so (s.cache.Set, c.redisCache.Del).
func cacheCall(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return false
	}
	name := ""
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.Ident:
		name = x.Name
	case *ast.SelectorExpr:
		name = x.Sel.Name
	}
	if n, ok := types.Unalias(deref(info.TypeOf(sel.X))).(*types.Named); ok {
		name += " " + n.Obj().Name()
	}
	return strings.Contains(strings.ToLower(name), "cache")
}

// swallowedInLoop returns the name of the call whose failure a range loop
// at the top of list over a parameter (a batch handler's loop over its
// records) only logs or
// counts before it returns no error or goes on to the next iteration:
// `for _, r := range recs { if err := save(r); err != nil { log; return
// } }` in a handler returning nothing drops the failed record and those
// after it (trial 39a/D2), `continue` the failed one. "" if none.
func swallowedInLoop(info *types.Info, list []ast.Stmt, noResult bool, params map[types.Object]bool) string {
	for k, st := range list {
		// A range over a parameter (the records given): continue takes
		// the next one. Not a retry loop (for attempt := ...; continue
		// tries again: review 39-1/D8).
		l, ok := st.(*ast.RangeStmt)
		if !ok {
			continue
		}
		if id, ok := ast.Unparen(l.X).(*ast.Ident); !ok || !params[info.Uses[id]] {
			continue
		}
		body := l.Body
		for i := range body.List {
			ifs, call := failureIf(info, body.List, i, params)
			if call == nil || len(ifs.Body.List) == 0 {
				continue
			}
			n := len(ifs.Body.List)
			leaves, before := false, ifs.Body.List[:n-1]
			switch last := ifs.Body.List[n-1].(type) {
			case *ast.ReturnStmt:
				leaves = len(last.Results) == 0 && noResult || len(last.Results) == 1 && nilResult(last)
			case *ast.BranchStmt:
				// continue, or break to a rest that only logs before
				// returning no error (review 39-1/D9)
				leaves = last.Label == nil && (last.Tok == token.CONTINUE || last.Tok == token.BREAK && endsQuietly(info, list[k+1:], noResult))
			default:
				// The loop body's last statement: on to the next record
				// (if err := save(m); err != nil { log; _ = park(m) }:
				// audit 39b/D5).
				leaves, before = i == len(body.List)-1, ifs.Body.List
			}
			if leaves && dropsOnly(info, before, params) {
				return callText(call)
			}
		}
	}
	return ""
}

// endsQuietly reports whether rest, the statements ending a function,
// only log or count before returning no error (nothing, or nil).
func endsQuietly(info *types.Info, rest []ast.Stmt, noResult bool) bool {
	if n := len(rest); n > 0 {
		if ret, ok := rest[n-1].(*ast.ReturnStmt); ok && len(ret.Results) == 1 && nilResult(ret) {
			rest = rest[:n-1]
		} else if !noResult {
			return false
		}
	} else if !noResult {
		return false
	}
	return countsOnly(info, rest)
}

// quietCall reports whether a failure of fn is none of the record's
// processing: a decode's (a poison record, dropped on purpose), a
// context's, a Kafka client's, a formatting or logging package's
// (QuietPackage), a Close.
func quietCall(fn *types.Func) bool {
	if IsDecodeName(fn.Name()) || fn.Name() == "Close" || fn.Pkg() == nil {
		return true
	}
	p := fn.Pkg().Path()
	return p == "context" || QuietPackage(p) || clientmodel.Default.IsClientPath(p)
}

// QuietPackage reports whether a failure of a function of the package at
// path is no failure of a record's processing: formatting, logging,
// hashing and observing packages'.
func QuietPackage(path string) bool {
	switch path {
	case "fmt", "log", "log/slog", "bytes", "strings", "errors", "bufio":
		return true
	}
	return observe.Is(path) || path == "hash" || strings.HasPrefix(path, "hash/")
}

// errCall returns the call whose error as (err := f(...), or v, err =
// f(...)) assigns, adding that variable to errVar; nil if none.
func errCall(info *types.Info, as *ast.AssignStmt, errVar map[types.Object]bool) *ast.CallExpr {
	if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok {
		return nil
	}
	obj := info.ObjectOf(id)
	if obj == nil || !isErrorType(obj.Type()) {
		return nil
	}
	errVar[obj] = true
	return call
}

// logCall reports whether call only logs (onlyLogs of it as a statement).
func logCall(info *types.Info, call *ast.CallExpr) bool {
	return onlyLogs(info, []ast.Stmt{&ast.ExprStmt{X: call}})
}

// exportedCounter returns the name of an exported field body increments
// in a branch (outside function literals; not a count of every call, Seen++
// at the top: review 43-3/D8), "" if none.
func exportedCounter(body *ast.BlockStmt) string {
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok {
			ast.Inspect(ifs.Body, func(n ast.Node) bool {
				if inc, ok := n.(*ast.IncDecStmt); ok && name == "" {
					if sel, ok := ast.Unparen(inc.X).(*ast.SelectorExpr); ok && sel.Sel.IsExported() {
						name = sel.Sel.Name
					}
				}
				_, lit := n.(*ast.FuncLit)
				return name == "" && !lit
			})
		}
		_, lit := n.(*ast.FuncLit)
		return name == "" && !lit
	})
	return name
}

// countsOnly is onlyLogs, a counter's increments and a sync/atomic
// counter's calls allowed too (m.Failures.Add(1)); not a flag or an error stored for a later check
// (a.err.Store(&err), p.broken.Store(true): precision hunt 43p/D2, D4).
func countsOnly(info *types.Info, list []ast.Stmt) bool {
	for _, st := range list {
		if _, ok := st.(*ast.IncDecStmt); ok {
			continue // a counter (s.failed++: hunt 43f/D2, review 42-2/D8)
		}
		if es, ok := st.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
				if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic" && strings.HasPrefix(fn.Name(), "Add") {
					continue
				}
			}
		}
		if !onlyLogs(info, []ast.Stmt{st}) {
			return false
		}
	}
	return true
}

// dropsOnly is countsOnly, calls whose error is discarded or only logged
// allowed too: a dead-letter write (_ = h.park(m), or h.park(m) alone)
// whose failure nobody hears of keeps nothing of the record (audit
// 39b/D5: 3 of 300 lost with no crash). Not a call of params
// (DropsFact's).
func dropsOnly(info *types.Info, list []ast.Stmt, params map[types.Object]bool) bool {
	for _, st := range list {
		var e ast.Expr
		switch x := st.(type) {
		case *ast.IfStmt:
			// A dead-letter write whose failure is only logged (if derr
			// := w.send(m); derr != nil { log }: audit 42b/D8).
			if ifs, _ := failureIf(info, []ast.Stmt{x}, 0, params); ifs != nil && countsOnly(info, ifs.Body.List) {
				continue
			}
		case *ast.ExprStmt:
			e = x.X
		case *ast.AssignStmt:
			if len(x.Rhs) == 1 && !slices.ContainsFunc(x.Lhs, func(l ast.Expr) bool { id, ok := l.(*ast.Ident); return !ok || id.Name != "_" }) {
				e = x.Rhs[0]
			}
		}
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && !paramCall(info, params, call) {
			if sig, ok := info.TypeOf(call.Fun).(*types.Signature); ok && sig.Results().Len() > 0 &&
				isErrorType(sig.Results().At(sig.Results().Len()-1).Type()) {
				continue
			}
		}
		if !countsOnly(info, []ast.Stmt{st}) {
			return false
		}
	}
	return true
}

// callText names call as written: "e.ledger.Append".
func callText(call *ast.CallExpr) string {
	var b strings.Builder
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			b.WriteString(e.Name)
			return true
		case *ast.SelectorExpr:
			if !walk(e.X) {
				return false
			}
			b.WriteString("." + e.Sel.Name)
			return true
		}
		return false
	}
	if !walk(call.Fun) {
		return "a call"
	}
	return b.String()
}
