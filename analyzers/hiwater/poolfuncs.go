package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- functions run by a pool of another package ----
//
// An application's worker pool, often generic and free of any Kafka client
// (xgenpool.Run[T](ctx, n, in, fn), or a Pool[T] whose Start(workers,
// handle) starts the goroutines that Submit feeds), calls the function it is
// given from several goroutines, each with the values it receives from one
// channel. A consumer handing its records to such a pool, with a function
// writing the position of the record it is given, writes positions in
// completion order. Vet analyzes one package at a time: the pool's half is
// the runsPool fact, computed from the syntax alone (a package without a
// Kafka client has no SSA form), and the consumer's package joins it to
// the position calls of the function it passes. The fix, at that call,
// replaces the count argument by the value that starts one goroutine.

// runsPool is the fact of a function (or method) starting, in a counting
// loop, goroutines that each receive values from one channel and call a
// function-typed parameter of it with each.
type runsPool struct {
	// Func is the index of the parameter called (the receiver not
	// counted), Arg the index of its argument that is the value received.
	Func, Arg int
	// Count is the index of the parameter bounding the loop, or -1 (NoFix
	// then says why); One is the count value that starts one goroutine.
	Count int
	One   int64
	NoFix string
	// Go is the go statement, At its file:line.
	Go token.Pos
	At string
}

func (*runsPool) AFact() {}

func (f *runsPool) String() string {
	return fmt.Sprintf("runsPool(func %d, arg %d, count %d, one %d)", f.Func, f.Arg, f.Count, f.One)
}

// exportRunsPool exports runsPool on the package's exported functions and
// methods that start such a pool. It reads the syntax only, so that it
// runs on every package.
func exportRunsPool(pass *analysis.Pass) {
	c := &checker{pass: pass}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || !takesFunc(obj.Signature()) {
				continue
			}
			report.Guard(pass, fd.Pos(), func() {
				if f := c.runsPoolOf(fd, obj); f != nil {
					pass.ExportObjectFact(obj, f)
				}
			})
		}
	}
}

func takesFunc(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// runsPoolOf returns the runsPool fact of fd, or nil: the first go
// statement of a counting loop (not bounded by a constant starting one
// goroutine, and not waiting in its body) starting a function literal
// that ranges over a channel declared outside the loop (a parameter, a
// variable, a field of the receiver) and calls a function parameter of fd
// with each value received.
func (c *checker) runsPoolOf(fd *ast.FuncDecl, obj *types.Func) *runsPool {
	sig := obj.Signature()
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return -1
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == v {
				return i
			}
		}
		return -1
	}
	var out *runsPool
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		g, ok := n.(*ast.GoStmt)
		if !ok {
			return true
		}
		lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
		if !ok || len(g.Call.Args) != 0 {
			return true
		}
		loop, body := edit.LoopOf(edit.Path(c.pass, g.Pos()))
		if loop == nil || waitsIn(body) {
			return true
		}
		count, one, ok := c.xpoolCount(g.Pos())
		if ok && c.atMost(count, one) {
			return true // one goroutine
		}
		fn, arg := c.callsWithReceived(lit, loop, param)
		if fn < 0 {
			return true
		}
		f := &runsPool{Func: fn, Arg: arg, Count: -1, One: one, Go: g.Pos(), At: c.at(g.Pos())}
		switch {
		case !ok:
			f.NoFix = fmt.Sprintf("%s's loop does not count the goroutines it starts", fd.Name.Name)
		case param(count) < 0:
			f.NoFix = fmt.Sprintf("the count of goroutines is not a parameter of %s", fd.Name.Name)
		case usesElsewhere(c.pass, fd.Body, count):
			f.NoFix = fmt.Sprintf("%s uses its count of goroutines elsewhere too", fd.Name.Name)
		default:
			f.Count = param(count)
		}
		out = f
		return false
	})
	return out
}

// callsWithReceived returns the parameter of the enclosing function (by
// param) that the literal calls with a value it receives from a channel
// declared outside loop, and the argument's index; or -1.
func (c *checker) callsWithReceived(lit *ast.FuncLit, loop ast.Stmt, param func(ast.Expr) int) (int, int) {
	fn, arg := -1, -1
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if fn >= 0 {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Key == nil || rs.Value != nil {
			return true
		}
		if _, ok := c.pass.TypesInfo.TypeOf(rs.X).Underlying().(*types.Chan); !ok || !c.sharedChan(rs.X, loop) {
			return true
		}
		v := c.pass.TypesInfo.ObjectOf(rs.Key.(*ast.Ident))
		ast.Inspect(rs.Body, func(m ast.Node) bool {
			call, ok := m.(*ast.CallExpr)
			if !ok || fn >= 0 {
				return fn < 0
			}
			k := param(call.Fun)
			if k < 0 {
				return true
			}
			for j, a := range call.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && v != nil && c.pass.TypesInfo.Uses[id] == v {
					fn, arg = k, j
				}
			}
			return true
		})
		return fn < 0
	})
	return fn, arg
}

// sharedChan reports whether the channel x is the same for every
// goroutine of the loop: a variable (or a variable's field, p.jobs)
// declared outside the loop.
func (c *checker) sharedChan(x ast.Expr, loop ast.Stmt) bool {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok {
		if _, isField := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var); !isField {
			return false
		}
		x = ast.Unparen(sel.X)
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	return ok && (v.Pos() < loop.Pos() || v.Pos() >= loop.End())
}

// waitsIn reports whether a loop body waits (a Wait call, a receive)
// outside the function literals it starts: each goroutine may then be
// joined before the next starts.
func waitsIn(body *ast.BlockStmt) bool {
	waits := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				waits = true
			}
		case *ast.SelectStmt:
			waits = true
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" {
				waits = true
			}
		}
		return !waits
	})
	return waits
}

// usesElsewhere reports whether the variable count names is used in body
// more than once (its use as the loop's bound).
func usesElsewhere(pass *analysis.Pass, body *ast.BlockStmt, count ast.Expr) bool {
	id, ok := ast.Unparen(count).(*ast.Ident)
	if !ok {
		return true
	}
	obj := pass.TypesInfo.Uses[id]
	n := 0
	ast.Inspect(body, func(m ast.Node) bool {
		if u, ok := m.(*ast.Ident); ok && pass.TypesInfo.Uses[u] == obj {
			n++
		}
		return true
	})
	return n > 1
}

// ---- the consumer's half ----

// poolFuncs reports the position calls of functions handed to a runsPool
// function of another package, for the record they are given.
func (c *checker) poolFuncs() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					report.Guard(c.pass, ci.Pos(), func() { c.poolFunc(ci) })
				}
			}
		}
	}
}

func (c *checker) poolFunc(ci ssa.CallInstruction) {
	cc := ci.Common()
	if cc.IsInvoke() {
		return
	}
	callee := ssaflow.Callee(cc)
	if callee == nil {
		return
	}
	callee = callee.Origin() // a method of an instance of a generic type: the generic method, which holds the fact
	rp := c.runsPoolFact(callee)
	if rp == nil {
		return
	}
	sig := callee.Type().(*types.Signature)
	off := len(cc.Args) - sig.Params().Len()
	if off < 0 || off+rp.Func >= len(cc.Args) {
		return
	}
	worker, shift := c.workerOf(cc.Args[off+rp.Func])
	if worker == nil || rp.Arg+shift >= len(worker.Params) {
		return
	}
	p := worker.Params[rp.Arg+shift]
	ce, _ := edit.CallAt(c.pass, cc.Pos())
	if ce != nil && (len(ce.Args) != sig.Params().Len() || ce.Ellipsis.IsValid()) {
		ce = nil
	}
	var countArg ast.Expr
	if ce != nil && rp.Count >= 0 {
		countArg = ce.Args[rp.Count]
		if c.atMost(countArg, rp.One) || c.cappedAt(countArg, rp.One) {
			return // one goroutine
		}
	}
	var calls []*finding
	for _, call := range c.m.Calls {
		if !positional(call) || c.reported[call] {
			continue
		}
		pc, assumed, ok := c.madeOrDeferred(call)
		if !ok {
			continue
		}
		arg := ssaflow.Arg(pc.Common(), call.Record)
		if arg == nil {
			continue
		}
		lv := c.leavesOf(arg)
		for _, v := range lv.any() {
			if c.givenParam(call.Fn, v, p, 0) {
				calls = append(calls, &finding{call: call, category: CategoryConcurrent, assumed: assumed})
				break
			}
		}
	}
	if len(calls) == 0 {
		return
	}
	pos := cc.Pos()
	if ce != nil && rp.Func < len(ce.Args) {
		pos = ce.Args[rp.Func].Pos()
	}
	c.reportPoolFunc(calls, pos, callee, rp, countArg)
}

// workerOf returns the function of the package a function value runs (a
// function literal, a function, or a method value h.handle: its method,
// whose parameters then follow the receiver), and the index of its first
// parameter that the caller's first argument binds to; or nil.
func (c *checker) workerOf(v ssa.Value) (*ssa.Function, int) {
	var fn *ssa.Function
	shift := 0
	switch x := stripConv(v).(type) {
	case *ssa.MakeClosure:
		fn, _ = x.Fn.(*ssa.Function)
		if fn != nil && strings.HasPrefix(fn.Synthetic, "bound") {
			m, ok := fn.Object().(*types.Func)
			if !ok {
				return nil, 0
			}
			fn, shift = fn.Prog.FuncValue(m.Origin()), 1
		}
	case *ssa.Function:
		fn = x
	}
	fn = ssaflow.Body(fn)
	if fn == nil || !c.m.Flow.InPackage(fn) {
		return nil, 0
	}
	return fn, shift
}

// runsPoolFact returns the runsPool fact of fn: imported for a function
// of another package, computed for one of this package (exported or not:
// the pool calls the function it is given through a parameter, which the
// package's static calls do not show); or nil.
func (c *checker) runsPoolFact(fn *types.Func) *runsPool {
	if fn.Pkg() != c.pass.Pkg {
		var rp runsPool
		if !c.pass.ImportObjectFact(fn, &rp) {
			return nil
		}
		return &rp
	}
	if c.localPools == nil {
		c.localPools = map[*types.Func]*runsPool{}
		for _, file := range c.pass.Files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && takesFunc(obj.Signature()) {
					c.localPools[obj] = c.runsPoolOf(fd, obj)
				}
			}
		}
	}
	return c.localPools[fn]
}

// givenParam reports whether v, a value of fn, is the parameter p, given
// to fn or, through the package's static calls, to a helper fn runs in.
func (c *checker) givenParam(fn *ssa.Function, v ssa.Value, p *ssa.Parameter, depth int) bool {
	if depth > ssaflow.MaxCallDepth {
		return false
	}
	kind, o := c.origin(fn, v)
	if kind != originParam {
		return false
	}
	if o == p {
		return true
	}
	idx := paramIndex(fn, o.(*ssa.Parameter))
	if idx < 0 {
		return false
	}
	for _, cs := range c.m.Flow.Callers(fn) {
		call, ok := cs.(*ssa.Call)
		if !ok || call.Common().IsInvoke() {
			continue
		}
		if args := call.Common().Args; idx < len(args) && c.givenParam(call.Parent(), args[idx], p, depth+1) {
			return true
		}
	}
	return false
}

// reportPoolFunc reports the first position call, the others related;
// the fix sets the count argument to the value starting one goroutine.
func (c *checker) reportPoolFunc(fs []*finding, given token.Pos, callee *types.Func, rp *runsPool, countArg ast.Expr) {
	for _, g := range fs {
		c.reported[g.call] = true
	}
	f := fs[0]
	call := f.call
	msg := fmt.Sprintf("call to %s from a pool of workers: records of a partition finish out of order and %s",
		clientmodel.ShortName(call.Func), consequence(call, call.Client.Name, roleWord(call.Role)))
	if f.assumed != "" {
		msg += "; this assumes " + f.assumed + " (the configuration is not visible here)"
	}
	// A position of another package resolves in a driver sharing one
	// file set (the standalone one), not in vet's: there the message
	// names the place.
	given1 := fmt.Sprintf("given to %s here, which calls it from several goroutines, each with the values it receives from one channel", callee.Name())
	related := []analysis.RelatedInformation{{Pos: given, Message: given1}}
	if rp.Go.IsValid() && c.at(rp.Go) == rp.At {
		related = append(related, analysis.RelatedInformation{Pos: rp.Go, Message: "workers sharing one channel started here"})
	} else {
		related[0].Message += " (its workers started at " + filepath.Join(filepath.Base(filepath.Dir(rp.At)), filepath.Base(rp.At)) + ")"
	}
	for _, g := range fs[1:] {
		related = append(related, analysis.RelatedInformation{Pos: g.call.Pos(), Message: clientmodel.ShortName(g.call.Func) + " from the same pool"})
	}
	c.reportOneWorker(analysis.Diagnostic{Pos: call.Pos(), Category: CategoryConcurrent, Related: related}, msg, rp.NoFix, countArg, rp.One, callee)
}
