package handsoff

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/observe"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A function of a package the consumer's does not see in SSA form (a
// Kafka-free handler package: handler.File's Handle writing a file) can
// still be known to finish its work before it returns: the report may
// then take a record handed to it, through an interface the wiring
// gives the consumer, as processed when the call returns.

// SyncFact is the fact of a function whose work is done when it returns,
// as far as its syntax shows: it starts no goroutine, sends on no
// channel, selects on none, keeps no parameter beyond the call
// (KeepsFact), makes no function literal other than one called or
// deferred in place, calls no function value and no interface method,
// and every function it calls is a builtin, a conversion, a function of
// the standard library that neither starts work for later (time.AfterFunc
// and its kind do) nor writes into state that outlives the call (a
// buffer held in a field: h.buf.Write(v); a file, a database or an HTTP
// client there takes each write as it is made, and a lock, a Once or an
// atomic counter there guards or counts the call's own work), or a
// function with this fact (a package of the analyzed module is judged by
// its facts, also when its path, as a local module's, has no dot).
type SyncFact struct{}

func (*SyncFact) AFact()         {}
func (*SyncFact) String() string { return "sync" }

// Sync reports whether fn carries SyncFact.
func (r *Result) Sync(fn *types.Func) bool {
	return fn != nil && r.pass.ImportObjectFact(fn.Origin(), new(SyncFact))
}

// startsLater are functions of the standard library that run work after
// they return (a timer's function, a goroutine, a process, a server).
var startsLater = map[string]bool{
	"time.AfterFunc":                    true,
	"context.AfterFunc":                 true,
	"(*sync.WaitGroup).Go":              true,
	"(*os/exec.Cmd).Start":              true,
	"os/signal.Notify":                  true,
	"runtime.SetFinalizer":              true,
	"runtime.AddCleanup":                true,
	"net/http.ListenAndServe":           true,
	"net/http.ListenAndServeTLS":        true,
	"net/http.Serve":                    true,
	"net/http.Handle":                   true,
	"net/http.HandleFunc":               true,
	"(*net/http.Server).Serve":          true,
	"(*net/http.Server).ListenAndServe": true,
}

// directState are the packages whose values, held in a field, take each
// call's write or request as it is made.
var directState = map[string]bool{"os": true, "database/sql": true, "net/http": true}

// lockTypes are the types whose methods, on a field, guard or count the
// call's own work: a lock taken and released, a Once run, an atomic
// counter keep nothing for later (a ledger's Save holding l.mu: trial
// 40a/D4; counting its writes in l.n: trial 40c/D4).
var lockTypes = map[string]bool{"sync.Mutex": true, "sync.RWMutex": true, "sync.Once": true,
	"sync/atomic.Bool": true, "sync/atomic.Int32": true, "sync/atomic.Int64": true, "sync/atomic.Uint32": true, "sync/atomic.Uint64": true}

// keepsIn reports whether call, of the standard library made in a
// function whose receiver is recv (or nil), writes into state that
// outlives it: a method of a field of the receiver or of a package
// variable (h.buf.Write(v)), or such a field or variable of reference
// type given as an argument (fmt.Fprint(h.w, v)), unless its type is of a
// directState package (a file, a database, an HTTP client).
func keepsIn(pass *analysis.Pass, call *ast.CallExpr, recv types.Object) bool {
	// held returns the type of e when it is a field path from the
	// receiver, or a package variable (or such a path from one).
	held := func(e ast.Expr) types.Type {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		root := e
		for {
			sel, ok := root.(*ast.SelectorExpr)
			if !ok {
				break
			}
			if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() != types.FieldVal {
				return nil // a method value
			}
			if _, ok := pass.TypesInfo.Selections[sel]; !ok {
				root = sel.Sel // pkg.Var
				break
			}
			root = ast.Unparen(sel.X)
		}
		id, ok := root.(*ast.Ident)
		if !ok {
			return nil
		}
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v != recv && (v.Pkg() == nil || v.Parent() != v.Pkg().Scope()) || e == ast.Expr(id) && v == recv {
			return nil // a local, a parameter, or the receiver itself
		}
		t := pass.TypesInfo.TypeOf(e)
		if n, ok := types.Unalias(deref(t)).(*types.Named); ok && n.Obj().Pkg() != nil && (directState[n.Obj().Pkg().Path()] || lockTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]) {
			return nil
		}
		return t
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.MethodVal && held(sel.X) != nil {
			return true // h.buf.Write(v), h.w.Flush()
		}
	}
	for _, a := range call.Args {
		if t := held(a); t != nil {
			switch t.Underlying().(type) {
			case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Chan:
				return true // fmt.Fprint(h.w, v), copy(h.last, v)
			}
		}
	}
	return false
}

// stdlib reports whether pkg is of the standard library: its path's first
// element has no dot, and is not that of the package analyzed (a module
// named without one, as local modules are: argosrc/internal/store, trial
// 40a/D4).
func stdlib(pass *analysis.Pass, pkg *types.Package) bool {
	first := func(path string) string { return strings.Split(path, "/")[0] }
	return !strings.Contains(first(pkg.Path()), ".") && first(pkg.Path()) != first(pass.Pkg.Path())
}

// deref strips a pointer off t.
func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// exportSync exports the SyncFact of the package's functions (decls): a
// function calling another of the package has it only when that one has
// it too (a cycle has it nowhere).
func exportSync(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	exportEach(decls, func(fn *types.Func, fd *ast.FuncDecl, ask func(*types.Func) (struct{}, bool)) (struct{}, bool) {
		callees, ok := syncBody(pass, fn, fd)
		for _, c := range callees {
			_, yes := ask(c)
			ok = ok && yes
		}
		return struct{}{}, ok
	}, func(fn *types.Func, _ struct{}) { pass.ExportObjectFact(fn, new(SyncFact)) })
}

// exportEach judges each function of decls with judge, which may ask for
// the answer of another function of decls, and exports (export) each yes
// with its value. A function asked for again while it is judged (a
// cycle), or without a declaration, answers no.
func exportEach[V any](decls map[*types.Func]*ast.FuncDecl, judge func(*types.Func, *ast.FuncDecl, func(*types.Func) (V, bool)) (V, bool), export func(*types.Func, V)) {
	type answer struct {
		v   V
		yes bool
	}
	answers := map[*types.Func]*answer{}
	var ask func(fn *types.Func) (V, bool)
	ask = func(fn *types.Func) (V, bool) {
		if a := answers[fn]; a != nil {
			return a.v, a.yes // (judged, or being judged: no)
		}
		a := &answer{}
		answers[fn] = a
		if fd := decls[fn]; fd != nil {
			if v, yes := judge(fn, fd, ask); yes {
				a.v, a.yes = v, true
				export(fn, v)
			}
		}
		return a.v, a.yes
	}
	for fn := range decls {
		ask(fn)
	}
}

// syncBody reports whether fd's body, declaring fn, is synchronous but
// for the functions of the package it calls, which it returns.
func syncBody(pass *analysis.Pass, fn *types.Func, fd *ast.FuncDecl) ([]*types.Func, bool) {
	if pass.ImportObjectFact(fn, new(KeepsFact)) {
		return nil, false
	}
	var local []*types.Func
	var recv types.Object
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		recv = pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	}
	inPlace := map[*ast.FuncLit]bool{}
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt, *ast.SendStmt:
			ok = false
		case *ast.SelectStmt:
			// One that only receives (a context's Done, a timer) waits
			// for nothing it hands on (trial 41a/D1); a send case hands
			// on.
			ok = !slices.ContainsFunc(n.Body.List, func(c ast.Stmt) bool {
				_, send := c.(*ast.CommClause).Comm.(*ast.SendStmt)
				return send
			})
		case *ast.DeferStmt:
			if lit, isLit := ast.Unparen(n.Call.Fun).(*ast.FuncLit); isLit {
				inPlace[lit] = true
			}
		case *ast.FuncLit:
			ok = inPlace[n]
		case *ast.CallExpr:
			if lit, isLit := ast.Unparen(n.Fun).(*ast.FuncLit); isLit {
				inPlace[lit] = true
				return true
			}
			var callee *types.Func
			callee, ok = syncCall(pass, n, recv)
			if callee != nil {
				local = append(local, callee)
			}
		}
		return ok
	})
	return local, ok
}

// isCancelFunc reports whether t is context.CancelFunc (or
// CancelCauseFunc).
func isCancelFunc(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && strings.HasPrefix(n.Obj().Name(), "Cancel")
}

// syncCall reports whether call is a builtin, a conversion, an error's
// Error, or a static call of a function synchronous as far as is known;
// a function of the package is returned, to be judged by its body.
func syncCall(pass *analysis.Pass, call *ast.CallExpr, recv types.Object) (*types.Func, bool) {
	if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return nil, true
	}
	fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		// A function value, but for a context's cancel (defer cancel():
		// trial 41a/D1).
		return nil, isCancelFunc(pass.TypesInfo.TypeOf(call.Fun))
	}
	if fn.Pkg() == nil {
		return nil, true // the error interface's Error
	}
	fn = fn.Origin()
	if sig := fn.Signature(); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		// An interface's method: its implementations are not known;
		// but a context's (ctx.Done(), ctx.Err(): trial 41a/D1).
		return nil, fn.Pkg().Path() == "context"
	}
	if fn.Pkg() == pass.Pkg {
		return fn, true
	}
	if observe.Is(fn.Pkg().Path()) {
		return nil, true // a logger's or a metric's (logrus.Warn: trial 41a/D1)
	}
	if stdlib(pass, fn.Pkg()) {
		// The standard library, but for what starts work later, and for
		// what writes into state that outlives the call (a buffer field:
		// h.buf.Write(v), fmt.Fprint(h.w, v), whose contents a flush
		// writes later), unless the state is a file, a database or an
		// HTTP client (each call its own write or request).
		if startsLater[fn.FullName()] || keepsIn(pass, call, recv) {
			return nil, false
		}
		return nil, true
	}
	return nil, pass.ImportObjectFact(fn, new(SyncFact))
}

// ReturnsSyncFact is the fact of a function returning a value of an
// interface type, always of a concrete type of its package whose methods
// of that interface all carry SyncFact: a constructor (handler.New(...)
// Handler, returning &saver{...}) whose result is done with what it is
// given when its methods return. Its callers' passing of the result to a
// consumer's package settles the handler there (audit 41b/D8: the row said
// its implementations were not all known). Swallows names, for a method
// of the interface, the SwallowsFact of a type it may return (a
// best-effort sink a setting picks: hunt 43f/D7).
type ReturnsSyncFact struct {
	Swallows []ReturnedSwallow
}

// ReturnedSwallow is a method of a type a constructor returns that only
// logs a failure of Call before returning no error. When lists the tests
// of the constructor's parameters its return of that type is under (if
// mode == "best-effort" { return lossy{} }): a caller passing a constant
// that fails one gets another type (review 43-3/D5).
type ReturnedSwallow struct {
	Method, Call, In string
	When             []ParamTest
}

// ParamTest is a test of a function's parameter Param (a signature index)
// against a constant, Value (its exact text), with == (Equal) or !=.
type ParamTest struct {
	Param int
	Value string
	Equal bool
}

// Excludes reports whether a call passing args (by signature index, nil
// where not a constant) fails one of s's tests: it never gets s's type.
func (s ReturnedSwallow) Excludes(arg func(i int) (string, bool)) bool {
	return slices.ContainsFunc(s.When, func(t ParamTest) bool {
		v, ok := arg(t.Param)
		return ok && (v == t.Value) != t.Equal
	})
}

func (*ReturnsSyncFact) AFact() {}
func (f *ReturnsSyncFact) String() string {
	if len(f.Swallows) > 0 {
		when := ""
		for _, t := range f.Swallows[0].When {
			op := "!="
			if t.Equal {
				op = "=="
			}
			when += fmt.Sprintf(" when #%d %s %s", t.Param, op, t.Value)
		}
		return fmt.Sprintf("returnsSync(%s swallows %s%s)", f.Swallows[0].In, f.Swallows[0].Call, when)
	}
	return "returnsSync"
}

// ReturnsSync reports whether fn carries ReturnsSyncFact.
func (r *Result) ReturnsSync(fn *types.Func) bool {
	_, ok := r.ReturnsSyncOf(fn)
	return ok
}

// ReturnsSyncOf returns fn's ReturnsSyncFact.
func (r *Result) ReturnsSyncOf(fn *types.Func) (*ReturnsSyncFact, bool) {
	var f ReturnsSyncFact
	if fn == nil || !r.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil, false
	}
	return &f, true
}

// exportReturnsSync exports the ReturnsSyncFact of the package's
// functions (decls), after their SyncFacts.
func exportReturnsSync(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	for fn, fd := range decls {
		res := fn.Signature().Results()
		if res.Len() != 1 {
			continue
		}
		iface, ok := res.At(0).Type().Underlying().(*types.Interface)
		if !ok || iface.NumMethods() == 0 || isErrorType(res.At(0).Type()) {
			continue
		}
		ok, returns := true, 0
		var f ReturnsSyncFact
		params := paramIndexes(pass.TypesInfo, fd)
		// (Not a parameter the body assigns: mode = strings.ToLower(mode)
		// tests another value than the caller's constant, review 44-1/D2.)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						delete(params, pass.TypesInfo.ObjectOf(id))
					}
				}
			}
			return true
		})
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				returns++
				ok = ok && len(n.Results) == 1 && syncImpl(pass, pass.TypesInfo.TypeOf(n.Results[0]), iface)
				if ok {
					when := paramTests(pass.TypesInfo, stack, params)
					for _, sw := range returnedSwallows(pass, pass.TypesInfo.TypeOf(n.Results[0]), iface) {
						sw.When = when
						f.Swallows = append(f.Swallows, sw)
					}
				}
			}
			if ok {
				stack = append(stack, n)
			}
			return ok
		})
		if ok && returns > 0 {
			pass.ExportObjectFact(fn, &f)
		}
	}
}

// paramTests returns the tests of params against constants that the
// innermost node of stack (a path from a body) is under: the then-branch
// of if p == "x" or p != "x", a case "x" of switch p.
func paramTests(info *types.Info, stack []ast.Node, params map[types.Object]int) []ParamTest {
	test := func(p ast.Expr, c ast.Expr, equal bool) (ParamTest, bool) {
		id, ok := ast.Unparen(p).(*ast.Ident)
		if !ok {
			return ParamTest{}, false
		}
		i, isParam := params[info.Uses[id]]
		tv, isConst := info.Types[c]
		if !isParam || !isConst || tv.Value == nil {
			return ParamTest{}, false
		}
		return ParamTest{Param: i, Value: tv.Value.ExactString(), Equal: equal}, true
	}
	var out []ParamTest
	for i := 0; i+1 < len(stack); i++ {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			cmp, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr)
			if stack[i+1] != ast.Node(n.Body) || !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
				continue
			}
			if t, ok := test(cmp.X, cmp.Y, cmp.Op == token.EQL); ok {
				out = append(out, t)
			} else if t, ok := test(cmp.Y, cmp.X, cmp.Op == token.EQL); ok {
				out = append(out, t)
			}
		case *ast.SwitchStmt:
			cc, ok := stack[i+1].(*ast.BlockStmt)
			if !ok || n.Tag == nil || i+2 >= len(stack) {
				continue
			}
			if clause, ok := stack[i+2].(*ast.CaseClause); ok && cc == n.Body && len(clause.List) == 1 {
				if t, ok := test(n.Tag, clause.List[0], true); ok {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// returnedSwallows returns the methods of iface of t, a concrete type of
// the package, that carry SwallowsFact.
func returnedSwallows(pass *analysis.Pass, t types.Type, iface *types.Interface) []ReturnedSwallow {
	var out []ReturnedSwallow
	for i := range iface.NumMethods() {
		m := iface.Method(i)
		obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
		var sf SwallowsFact
		if fn, ok := obj.(*types.Func); ok && pass.ImportObjectFact(fn, &sf) {
			recv := types.TypeString(ssaflow.Deref(t), func(p *types.Package) string { return p.Name() })
			out = append(out, ReturnedSwallow{Method: m.Name(), Call: sf.Call, In: recv + "." + m.Name()})
		}
	}
	return out
}

// syncImpl reports whether t, a concrete type of the package, has
// methods of iface that all carry SyncFact.
func syncImpl(pass *analysis.Pass, t types.Type, iface *types.Interface) bool {
	if t == nil || types.IsInterface(t) {
		return false
	}
	for i := range iface.NumMethods() {
		m := iface.Method(i)
		obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() != pass.Pkg || !pass.ImportObjectFact(fn, new(SyncFact)) {
			return false
		}
	}
	return true
}
