package hiwater

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- goroutines fetching from one consumer, assembled across packages ----
//
// A service package starts a worker it is given (a parameter of a function
// type) as a pool of goroutines on one consumer (golang-boilerplate's
// ConsumeTopic: for i := 0; i <= poolSize; i++ { go worker(ctx, r, wg, i) }),
// a worker package fetches from the consumer it is given and commits each
// record it fetched (ProcessMessage), and a wiring package passes the one
// to the other (cg.ConsumeTopic(ctx, topics, n, proc.ProcessMessage)). Vet
// analyzes one package at a time, so each half is a fact: startsPool on
// the service's function, fetchesAndCommits on the worker, exported for
// functions other packages can call; the package passing a worker with
// fetchesAndCommits for a parameter of a startsPool function joins them
// and reports at the argument. The fix, at that call, replaces the count
// argument by the value that starts one goroutine.

// startsPool is the fact of a function starting one of its parameters, a
// function value, as several goroutines in a loop, each given the same
// consumer.
type startsPool struct {
	Pools []poolStart
}

// poolStart is one go statement of a startsPool function.
type poolStart struct {
	// Worker is the index of the parameter started (in the signature's
	// parameters, the receiver not counted): a function value, or, where
	// Method is set, an interface whose method Method is started.
	Worker int
	Method string
	// Consumers are the indices of the go statement's arguments that are
	// one consumer for every goroutine.
	Consumers []int
	// Count is the index of the parameter bounding the loop, or -1; One is
	// the count value that starts exactly one goroutine (i < n: 1, i <= n:
	// 0). NoFix says why the count cannot be set from a caller, where
	// Count is -1.
	Count int
	One   int64
	NoFix string
	// Go is the go statement, At its file:line (positions of other
	// packages do not resolve in every driver).
	Go token.Pos
	At string
}

func (*startsPool) AFact() {}

func (f *startsPool) String() string {
	s := "startsPool("
	for i, p := range f.Pools {
		if i > 0 {
			s += "; "
		}
		w := fmt.Sprint(p.Worker)
		if p.Method != "" {
			w += "." + p.Method
		}
		s += fmt.Sprintf("worker %s, consumer %v, count %d, one %d", w, p.Consumers, p.Count, p.One)
	}
	return s + ")"
}

// fetchesAndCommits is the fact of a function fetching from its parameter
// Consumer and writing the position of each record it fetched on it
// (itself, or in a helper of its package).
type fetchesAndCommits struct {
	Consumer int // in the signature's parameters, the receiver not counted
	// Call is the position call's short name, Client the client's name,
	// Role "commit", "mark" or "store", Order the client's ordering.
	Call, Client, Role string
	Order              clientmodel.Order
	// Assumed is the setting the call assumes, where the consumer's
	// configuration is not visible, or "".
	Assumed string
	// Commit and Fetch are the calls, CommitAt and FetchAt their
	// file:line.
	Commit, Fetch     token.Pos
	CommitAt, FetchAt string
}

func (*fetchesAndCommits) AFact() {}

func (f *fetchesAndCommits) String() string {
	return fmt.Sprintf("fetchesAndCommits(%d, %s)", f.Consumer, f.Call)
}

// crossPackagePools exports the facts of the package's functions, then
// reports the calls joining a startsPool function to a fetchesAndCommits
// worker.
func (c *checker) crossPackagePools() {
	for _, fn := range c.m.SSA.SrcFuncs {
		report.Guard(c.pass, fn.Pos(), func() {
			if f := c.poolStartsOf(fn); f != nil {
				c.pass.ExportObjectFact(fn.Object(), f)
			}
		})
	}
	c.exportFetchCommits()
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					report.Guard(c.pass, ci.Pos(), func() { c.joinPool(ci) })
				}
			}
		}
	}
}

// exportedFunc returns fn's function object when other packages can call
// fn (an exported function, or an exported method), or nil.
func (c *checker) exportedFunc(fn *ssa.Function) *types.Func {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() != c.pass.Pkg || !obj.Exported() || fn.Parent() != nil || fn.Synthetic != "" {
		return nil
	}
	return obj
}

// ---- the service's half ----

// poolStartsOf returns the startsPool fact of fn, or nil: go statements
// in a loop, starting a parameter of fn, not waited for in the loop, with
// an argument that is the same consumer on every iteration.
func (c *checker) poolStartsOf(fn *ssa.Function) *startsPool {
	if c.exportedFunc(fn) == nil {
		return nil
	}
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	var f startsPool
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			g, ok := in.(*ssa.Go)
			if !ok || !c.sameCycle(b, b) || !c.poolLoop(g) {
				continue
			}
			k, method, cons := c.startedParam(fn, g)
			if k < 0 || len(cons) == 0 {
				continue
			}
			ps := poolStart{Worker: k, Method: method, Consumers: cons, Count: -1, Go: g.Pos(), At: c.at(g.Pos())}
			n, one, ok := c.xpoolCount(g.Pos())
			switch {
			case !ok:
				ps.NoFix = fmt.Sprintf("%s's loop does not count the goroutines it starts", fn.Name())
			case c.atMost(n, one):
				continue // one goroutine
			default:
				ps.One = one
				if i, why := c.countParam(fn, n, recv); i >= 0 {
					ps.Count = i
				} else {
					ps.NoFix = why
				}
			}
			f.Pools = append(f.Pools, ps)
		}
	}
	if len(f.Pools) == 0 {
		return nil
	}
	sort.Slice(f.Pools, func(i, j int) bool { return f.Pools[i].Go < f.Pools[j].Go })
	return &f
}

// startedParam returns the parameter of fn (its index, the receiver not
// counted) that the go statement g in a loop starts, directly (go
// worker(ctx, r, wg, i), or go p.ProcessMessages(ctx, r, wg, i) of an
// interface p: then the method's name) or in the function literal it
// starts (go func() { defer wg.Done(); worker(ctx, r, i) }()), and the
// indices of the worker's arguments that are one consumer for every
// goroutine; or -1.
func (c *checker) startedParam(fn *ssa.Function, g *ssa.Go) (int, string, []int) {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	l := &launch{instr: g, args: g.Call.Args}
	shared := func(args []ssa.Value, outer func(ssa.Value) ssa.Value) []int {
		var cons []int
		for j, a := range args {
			if o := outer(a); o != nil && c.isConsumerType(a.Type()) && c.sameEachIteration(l, o) {
				cons = append(cons, j)
			}
		}
		return cons
	}
	method := func(cc *ssa.CallCommon) string {
		if cc.IsInvoke() {
			return cc.Method.Name()
		}
		return ""
	}
	switch v := g.Call.Value.(type) {
	case *ssa.Parameter:
		if v.Parent() != fn {
			return -1, "", nil
		}
		return paramIndex(fn, v) - recv, method(&g.Call), shared(g.Call.Args, func(a ssa.Value) ssa.Value { return a })
	case *ssa.MakeClosure:
		lit, ok := v.Fn.(*ssa.Function)
		if !ok || lit.Parent() != fn || g.Call.IsInvoke() {
			return -1, "", nil
		}
		// The literal's values as the go statement gives them: its
		// parameters the go statement's arguments, its free variables the
		// closure's bindings.
		outer := func(a ssa.Value) ssa.Value {
			switch x := a.(type) {
			case *ssa.Parameter:
				if i := paramIndex(lit, x); i >= 0 && i < len(g.Call.Args) {
					return g.Call.Args[i]
				}
			case *ssa.FreeVar:
				if i := freeVarIndex(lit, x); i >= 0 && i < len(v.Bindings) {
					return v.Bindings[i]
				}
			case *ssa.UnOp:
				if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
					if i := freeVarIndex(lit, fv); i >= 0 && i < len(v.Bindings) {
						return v.Bindings[i] // a captured variable (its Alloc)
					}
				}
			}
			return nil
		}
		for _, b := range lit.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				p, ok := storedOnce(outer(call.Call.Value)).(*ssa.Parameter)
				if !ok || p.Parent() != fn {
					continue
				}
				if cons := shared(call.Call.Args, outer); len(cons) > 0 {
					return paramIndex(fn, p) - recv, method(&call.Call), cons
				}
			}
		}
	}
	return -1, "", nil
}

// storedOnce returns, for a local variable (an Alloc) stored once, the
// value stored (a captured parameter); else v.
func storedOnce(v ssa.Value) ssa.Value {
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return v
	}
	var val ssa.Value
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return v
			}
			val = st.Val
		}
	}
	if val == nil {
		return v
	}
	return val
}

// poolLoop reports whether the go statement g, in a loop, starts again
// before what it started is waited for: a path from g back to itself that
// avoids every Wait and every channel receive (the started function is in
// another package: any receive may be its signal).
func (c *checker) poolLoop(g *ssa.Go) bool {
	isJoin := func(in ssa.Instruction) bool {
		switch x := in.(type) {
		case ssa.CallInstruction:
			return c.isWait(x.Common())
		case *ssa.UnOp:
			return x.Op == token.ARROW
		case *ssa.Select:
			return true
		}
		return false
	}
	return reaches(g, func(in ssa.Instruction) bool { return in == ssa.Instruction(g) }, isJoin)
}

// isConsumerType reports whether t is a consumer of a modelled client: a
// type with a method that fetches records.
func (c *checker) isConsumerType(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if fn, ok := ms.At(i).Obj().(*types.Func); ok {
			if ref, ok := c.ix.Call(fn); ok && ref.Role == clientmodel.Fetch {
				return true
			}
		}
	}
	return false
}

// xpoolCount returns the bound of the counting loop directly around pos,
// and the bound's value that runs the loop exactly once: N and a+1 in
// `for i := a; i < N; i++`, N and a in `for i := a; i <= N; i++`, N and 1
// in `for i := N; i > 0; i--` and `for range N`.
func (c *checker) xpoolCount(pos token.Pos) (ast.Expr, int64, bool) {
	loop, _ := edit.LoopOf(edit.Path(c.pass, pos))
	switch l := loop.(type) {
	case *ast.ForStmt:
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
			break
		}
		id, ok := init.Lhs[0].(*ast.Ident)
		cond, ok2 := l.Cond.(*ast.BinaryExpr)
		inc, ok3 := l.Post.(*ast.IncDecStmt)
		if !ok || !ok2 || !ok3 {
			break
		}
		isVar := func(e ast.Expr) bool {
			x, ok := ast.Unparen(e).(*ast.Ident)
			return ok && c.pass.TypesInfo.ObjectOf(x) == c.pass.TypesInfo.ObjectOf(id)
		}
		if !isVar(inc.X) || !isVar(cond.X) || c.assignedInLoop(l, id) {
			break
		}
		a, isConst := c.intConst(init.Rhs[0])
		switch {
		case inc.Tok == token.INC && isConst && cond.Op == token.LSS:
			return cond.Y, a + 1, true
		case inc.Tok == token.INC && isConst && cond.Op == token.LEQ:
			return cond.Y, a, true
		case inc.Tok == token.DEC && cond.Op == token.GTR && c.isConst(cond.Y, 0):
			return init.Rhs[0], 1, true
		}
	case *ast.RangeStmt:
		if l.Value != nil {
			break
		}
		if b, ok := c.pass.TypesInfo.TypeOf(l.X).Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			return l.X, 1, true
		}
	}
	return nil, 0, false
}

// assignedInLoop reports whether the loop's variable is assigned in its
// body.
func (c *checker) assignedInLoop(l *ast.ForStmt, id *ast.Ident) bool {
	obj := c.pass.TypesInfo.ObjectOf(id)
	found := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				if v, ok := ast.Unparen(lhs).(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(v) == obj {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if v, ok := ast.Unparen(x.X).(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(v) == obj {
				found = true
			}
		case *ast.UnaryExpr:
			if v, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op == token.AND && c.pass.TypesInfo.ObjectOf(v) == obj {
				found = true
			}
		}
		return !found
	})
	return found
}

// intConst returns the value of e, an integer constant.
func (c *checker) intConst(e ast.Expr) (int64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	return constant.Int64Val(constant.ToInt(tv.Value))
}

func (c *checker) isConst(e ast.Expr, v int64) bool {
	n, ok := c.intConst(e)
	return ok && n == v
}

// atMost reports whether e is a constant no greater than v.
func (c *checker) atMost(e ast.Expr, v int64) bool {
	n, ok := c.intConst(e)
	return ok && n <= v
}

// countParam returns the index of the parameter n is (the receiver not
// counted), when fn uses it nowhere else but in arguments of variadic
// calls taking any values (a log line); or -1 and why not.
func (c *checker) countParam(fn *ssa.Function, n ast.Expr, recv int) (int, string) {
	id, ok := ast.Unparen(n).(*ast.Ident)
	if !ok {
		return -1, fmt.Sprintf("the count of goroutines is not a parameter of %s", fn.Name())
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return -1, fmt.Sprintf("the count of goroutines is not a parameter of %s", fn.Name())
	}
	idx := -1
	for i, p := range fn.Params[recv:] {
		if p.Object() == types.Object(v) {
			idx = i
		}
	}
	if idx < 0 {
		return -1, fmt.Sprintf("the count of goroutines is not a parameter of %s", fn.Name())
	}
	_, body := edit.FuncOf(edit.Path(c.pass, n.Pos()))
	if body == nil {
		return -1, "the function starting the goroutines has no body"
	}
	other := false
	var walk func(x ast.Node, logged bool)
	walk = func(x ast.Node, logged bool) {
		ast.Inspect(x, func(m ast.Node) bool {
			if other {
				return false
			}
			if call, ok := m.(*ast.CallExpr); ok && m != x {
				if sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature); ok && sig.Variadic() && call.Ellipsis == token.NoPos {
					last := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
					if it, ok := last.Elem().Underlying().(*types.Interface); ok && it.Empty() {
						walk(call.Fun, false)
						for i, a := range call.Args {
							walk(a, i >= sig.Params().Len()-1)
						}
						return false
					}
				}
			}
			if u, ok := m.(*ast.Ident); ok && u != id && c.pass.TypesInfo.Uses[u] == types.Object(v) && !logged {
				other = true
			}
			return true
		})
	}
	walk(body, false)
	if other {
		return -1, fmt.Sprintf("%s uses its count of goroutines %s elsewhere too", fn.Name(), v.Name())
	}
	return idx, ""
}

// ---- the worker's half ----

// exportFetchCommits exports fetchesAndCommits on the exported functions
// that fetch from a parameter and write the position of what they fetched
// on it, themselves or in a helper of the package, and that the package
// neither calls nor starts itself (the single-package check judges those).
func (c *checker) exportFetchCommits() {
	facts := map[*ssa.Function]*fetchesAndCommits{}
	for _, call := range c.m.Calls {
		if !positional(call) {
			continue
		}
		report.Guard(c.pass, call.Pos(), func() {
			fn, f := c.fetchCommit(call)
			if f == nil || facts[fn] != nil {
				return
			}
			facts[fn] = f
			c.pass.ExportObjectFact(fn.Object(), f)
		})
	}
}

// fetchCommit returns the function fetching the record a position call
// writes, from the parameter the call is made on, and its fact.
func (c *checker) fetchCommit(call *consumer.Call) (*ssa.Function, *fetchesAndCommits) {
	ci, assumed, ok := c.madeOrDeferred(call)
	if !ok {
		return nil, nil
	}
	recv := ssaflow.Receiver(ci.Common())
	arg := ssaflow.Arg(ci.Common(), call.Record)
	if recv == nil || arg == nil {
		return nil, nil
	}
	rroots := c.roots(recv)
	for _, r := range c.leavesOf(arg).recs {
		for _, root := range append([]ssa.Value{r}, c.roots(r)...) {
			fetch := c.fetchOf(root)
			if fetch == nil {
				continue
			}
			fn := fetch.Fn
			if c.exportedFunc(fn) == nil || len(c.m.Flow.Callers(fn)) > 0 || len(c.launches[fn]) > 0 || c.callbackFns[fn] || len(c.closures[fn]) > 0 {
				continue
			}
			frecv := ssaflow.Receiver(fetch.Instr.Common())
			if frecv == nil {
				continue
			}
			for _, fr := range c.roots(frecv) {
				p, ok := fr.(*ssa.Parameter)
				if !ok || p.Parent() != fn || !slices.Contains(rroots, fr) || !c.isClientConsumer(p.Type()) || !c.calledFrom(call.Fn, fn, 0) {
					continue
				}
				i := paramIndex(fn, p)
				if fn.Signature.Recv() != nil {
					i--
				}
				if i < 0 {
					continue
				}
				return fn, &fetchesAndCommits{
					Consumer: i, Call: clientmodel.ShortName(call.Func), Client: call.Client.Name,
					Role: roleWord(call.Role), Order: call.Order, Assumed: assumed,
					Commit: call.Pos(), CommitAt: c.at(call.Pos()),
					Fetch: fetch.Pos(), FetchAt: c.at(fetch.Pos()),
				}
			}
		}
	}
	return nil, nil
}

// isClientConsumer reports whether t is a consumer type of a client's
// package (not an application's interface standing for one).
func (c *checker) isClientConsumer(t types.Type) bool {
	n, ok := types.Unalias(ssaflow.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && c.ix.IsClientPath(n.Obj().Pkg().Path()) && c.isConsumerType(t)
}

// calledFrom reports whether g runs in the goroutine of fn: it is fn, or
// a function that fn calls (not starts), directly or through helpers of
// the package.
func (c *checker) calledFrom(g, fn *ssa.Function, depth int) bool {
	if g == fn {
		return true
	}
	if depth > ssaflow.MaxCallDepth {
		return false
	}
	for _, cs := range c.m.Flow.Callers(g) {
		switch cs.(type) {
		case *ssa.Call, *ssa.Defer:
			if c.calledFrom(cs.Parent(), fn, depth+1) {
				return true
			}
		}
	}
	return false
}

// ---- the wiring's join ----

// joinPool reports call ci when it passes a fetchesAndCommits worker, for
// a parameter of a startsPool function, the consumer the pool shares.
func (c *checker) joinPool(ci ssa.CallInstruction) {
	cc := ci.Common()
	if cc.IsInvoke() {
		return
	}
	callee := ssaflow.Callee(cc)
	if callee == nil {
		return
	}
	callee = callee.Origin() // a method of an instance of a generic type: the generic method, which holds the fact
	var sp startsPool
	if !c.pass.ImportObjectFact(callee, &sp) {
		return
	}
	sig := callee.Type().(*types.Signature)
	off := len(cc.Args) - sig.Params().Len()
	if off < 0 {
		return
	}
	ce, _ := edit.CallAt(c.pass, cc.Pos())
	if ce != nil && (len(ce.Args) != sig.Params().Len() || ce.Ellipsis.IsValid()) {
		ce = nil // a method expression's receiver, variadic arguments: not one argument per parameter
	}
	for _, ps := range sp.Pools {
		if off+ps.Worker >= len(cc.Args) {
			continue
		}
		target, mapArg := c.forwardedTo(cc.Args[off+ps.Worker])
		if ps.Method != "" {
			target, mapArg = c.methodOf(cc.Args[off+ps.Worker], ps.Method)
		}
		if target == nil || target.Pkg() == c.pass.Pkg && callee.Pkg() == c.pass.Pkg {
			continue // one package: the single-package check's
		}
		target = target.Origin()
		var fc fetchesAndCommits
		if !c.pass.ImportObjectFact(target, &fc) {
			continue
		}
		if j := mapArg(fc.Consumer); j < 0 || !slices.Contains(ps.Consumers, j) {
			continue
		}
		var countArg ast.Expr
		if ce != nil && ps.Count >= 0 {
			countArg = ce.Args[ps.Count]
			if c.atMost(countArg, ps.One) || c.cappedAt(countArg, ps.One) {
				continue // one goroutine
			}
		}
		pos, end := cc.Pos(), cc.Pos()
		if ce != nil && ps.Worker < len(ce.Args) {
			pos, end = ce.Args[ps.Worker].Pos(), ce.Args[ps.Worker].End()
		}
		c.reportPool(pos, end, callee, target, &ps, &fc, countArg)
		return
	}
}

// forwardedTo returns the function a worker value calls and the index of
// its argument each parameter of that function receives (-1: none): a
// function, a method value, or a function literal whose only call
// forwards its parameters.
func (c *checker) forwardedTo(v ssa.Value) (*types.Func, func(int) int) {
	v = stripConv(v)
	identity := func(i int) int { return i }
	var fn *ssa.Function
	switch x := v.(type) {
	case *ssa.Function:
		fn = x
	case *ssa.MakeClosure:
		fn, _ = x.Fn.(*ssa.Function)
	}
	if fn == nil {
		return nil, nil
	}
	if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
		// A function (of another package: built from its type
		// information), or a method value's bound wrapper; not a method
		// expression's thunk (its receiver is its first parameter).
		if strings.HasPrefix(fn.Synthetic, "thunk") || obj.Signature().Recv() != nil && !strings.HasPrefix(fn.Synthetic, "bound") {
			return nil, nil
		}
		return obj, identity
	}
	if fn.Parent() == nil || len(fn.Blocks) == 0 {
		return nil, nil
	}
	// A function literal forwarding its parameters.
	var only *ssa.Call
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Call:
				if only != nil {
					return nil, nil
				}
				only = x
			case *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.Store, *ssa.MapUpdate, *ssa.Select:
				return nil, nil
			}
		}
	}
	if only == nil || only.Call.IsInvoke() {
		return nil, nil
	}
	target := ssaflow.Callee(only.Common())
	if target == nil {
		return nil, nil
	}
	tsig := target.Type().(*types.Signature)
	off := len(only.Call.Args) - tsig.Params().Len()
	if off < 0 {
		return nil, nil
	}
	args := only.Call.Args[off:]
	return target, func(i int) int {
		if i < 0 || i >= len(args) {
			return -1
		}
		if p, ok := args[i].(*ssa.Parameter); ok {
			return paramIndex(fn, p)
		}
		return -1
	}
}

// methodOf returns the method name of the value v given for an
// interface (the same for every concrete type v may hold, as far as its
// roots tell) and the identity mapping of its parameters, or nil.
func (c *checker) methodOf(v ssa.Value, name string) (*types.Func, func(int) int) {
	var m *types.Func
	for _, r := range c.roots(v) {
		t := r.Type()
		if types.IsInterface(t) {
			return nil, nil
		}
		var pkg *types.Package
		if n, ok := types.Unalias(ssaflow.Deref(t)).(*types.Named); ok {
			pkg = n.Obj().Pkg()
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
		fn, ok := obj.(*types.Func)
		if !ok || m != nil && fn != m {
			return nil, nil
		}
		m = fn
	}
	if m == nil {
		return nil, nil
	}
	return m, func(i int) int { return i }
}

// reportPool reports the join at the worker argument [pos, end): the fix
// sets the count argument to the value starting one goroutine.
func (c *checker) reportPool(pos, end token.Pos, callee, target *types.Func, ps *poolStart, fc *fetchesAndCommits, countArg ast.Expr) {
	call := &consumer.Call{CallRef: clientmodel.CallRef{Call: &clientmodel.Call{Order: fc.Order}}}
	msg := fmt.Sprintf("several goroutines running %s, started by %s on one consumer, each call %s on what they fetched: records of a partition finish out of order and %s",
		target.Name(), callee.Name(), fc.Call, consequence(call, fc.Client, fc.Role))
	if fc.Assumed != "" {
		msg += "; this assumes " + fc.Assumed + " (the configuration is not visible here)"
	}
	var related []analysis.RelatedInformation
	// A position of another package resolves in a driver sharing one file
	// set (the standalone one), not in vet's: there the related entry
	// names the place, at the argument.
	add := func(p token.Pos, at, format string, args ...any) {
		if p.IsValid() && c.at(p) == at {
			related = append(related, analysis.RelatedInformation{Pos: p, Message: fmt.Sprintf(format, append([]any{"here"}, args...)...)})
		} else {
			where := "at " + filepath.Join(filepath.Base(filepath.Dir(at)), filepath.Base(at))
			related = append(related, analysis.RelatedInformation{Pos: pos, Message: fmt.Sprintf(format, append([]any{where}, args...)...)})
		}
	}
	add(ps.Go, ps.At, "%[2]s starts the goroutines %[1]s, each given the same consumer", callee.Name())
	add(fc.Fetch, fc.FetchAt, "each of them fetches its records %[1]s, in %[2]s", target.Name())
	add(fc.Commit, fc.CommitAt, "each of them calls %[2]s %[1]s on the records it fetched", fc.Call)
	c.reportOneWorker(analysis.Diagnostic{Pos: pos, End: end, Category: CategoryConcurrent, Related: related}, msg, ps.NoFix, countArg, ps.One, callee)
}

// reportOneWorker reports d, with msg, at the call of callee passing a pool's
// worker: its fix sets countArg to one (the value starting one
// goroutine), unless noFix says why none can be built.
func (c *checker) reportOneWorker(d analysis.Diagnostic, msg, noFix string, countArg ast.Expr, one int64, callee *types.Func) {
	why := noFix
	if why == "" {
		if countArg == nil {
			why = fmt.Sprintf("the count of goroutines %s starts is not an argument here", callee.Name())
		} else {
			d.SuggestedFixes, why = c.oneWorkerFix(countArg, one, callee.Name())
		}
	}
	if len(d.SuggestedFixes) == 0 {
		msg += "; no automatic fix: " + why + "; have " + callee.Name() + " start one goroutine"
	}
	d.Message = msg
	report.Report(c.pass, d)
}

// oneWorkerFix returns the fix setting countArg, the count of goroutines
// given to the function named callee, to one, the value starting one
// goroutine: replaced, or capped (min(countArg, one)) where replacing it
// would drop a call or leave a variable unused; or why it cannot.
func (c *checker) oneWorkerFix(countArg ast.Expr, one int64, callee string) ([]analysis.SuggestedFix, string) {
	if hasCall(countArg) || !c.removable(countArg) {
		// Keep the argument, its calls and its variables: cap it.
		if !c.minAvailable(countArg) {
			return nil, fmt.Sprintf("the count of goroutines given to %s cannot be replaced here without dropping a call or leaving a variable or import unused", callee)
		}
		return []analysis.SuggestedFix{{
			Message: "Start a single worker",
			TextEdits: []analysis.TextEdit{
				{Pos: countArg.Pos(), End: countArg.Pos(), NewText: []byte("min(")},
				{Pos: countArg.End(), End: countArg.End(), NewText: fmt.Appendf(nil, ", %d)", one)},
			},
		}}, ""
	}
	return []analysis.SuggestedFix{{
		Message:   "Start a single worker",
		TextEdits: []analysis.TextEdit{{Pos: countArg.Pos(), End: countArg.End(), NewText: fmt.Appendf(nil, "%d", one)}},
	}}, ""
}

// minAvailable reports whether the builtin min can be called at e: the
// file's Go version has it (go1.21) and the package declares no min.
func (c *checker) minAvailable(e ast.Expr) bool {
	if f := edit.File(c.pass, e.Pos()); f != nil {
		if v := c.pass.TypesInfo.FileVersions[f]; v != "" && version.Compare(v, "go1.21") < 0 {
			return false
		}
	}
	for id := range c.pass.TypesInfo.Defs {
		if id.Name == "min" {
			return false
		}
	}
	return true
}

// cappedAt reports whether e is min(..., k, ...) of the builtin with a
// constant k no greater than v.
func (c *checker) cappedAt(e ast.Expr, v int64) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	if b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); !ok || b.Name() != "min" {
		return false
	}
	for _, a := range call.Args {
		if c.atMost(a, v) {
			return true
		}
	}
	return false
}

// at returns the file:line of pos in the pass's file set, or "".
func (c *checker) at(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	if !p.IsValid() {
		return ""
	}
	return fmt.Sprintf("%s:%d", p.Filename, p.Line)
}
