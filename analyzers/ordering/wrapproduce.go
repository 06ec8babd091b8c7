package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A thin producer wrapper is an asynchronous produce like the client's
// own: a service's publisher.Publish(ctx, key, value) that builds the
// message and returns Producer.Produce(msg, nil) queues it in the
// producer and returns before the delivery. A position written after a
// call of it with the record (or its fields) is written before the
// produced record exists: a crash in between loses it.
//
//	func (p *Publisher) Publish(k, v []byte) error {
//		return p.p.Produce(&kafka.Message{..., Key: k, Value: v}, nil)
//	}
//
//	if err := pub.Publish(msg.Key, msg.Value); err != nil { ... }
//	c.CommitMessage(msg)          // reported
//
// The fix edits the wrapper, in its package: the produce waits for its
// delivery and the wrapper returns the delivery's failure, so every
// caller's position call follows the delivery (the wrapper is synchronous
// afterwards; a caller that wants throughput batches its own produces).

// producesAsync is the fact of a function that produces a record built
// from its parameters at Params (signature indices, receiver excluded)
// asynchronously, with no wait for the delivery and no flush before it
// returns: By names the client's produce call ("Produce"), Fix holds the
// edits making it wait for the delivery, or Why says why there are none.
type producesAsync struct {
	Params []int
	By     string
	Fix    []edit.FileEdit
	Why    string
}

func (*producesAsync) AFact() {}
func (f *producesAsync) String() string {
	return fmt.Sprintf("producesAsync%v(%s)", f.Params, f.By)
}

// summariseProducers finds the package's functions that flush a
// producer (flushers) and those that produce a parameter asynchronously
// (directly, or through another such function), keeps them for the
// checks of this package and exports the facts of the exported ones.
func (c *checker) summariseProducers() {
	c.flushers = map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, fn := range c.m.SSA.SrcFuncs {
			obj, ok := fn.Object().(*types.Func)
			if !ok || fn.Parent() != nil || c.flushers[obj] || !c.flushesIn(fn) {
				continue
			}
			c.flushers[obj], changed = true, true
		}
	}
	for obj := range c.flushers {
		if obj.Exported() {
			c.pass.ExportObjectFact(obj, new(flushesProducer))
		}
	}
	c.producers = map[*types.Func]*producesAsync{}
	for changed := true; changed; {
		changed = false
		for _, fn := range c.m.SSA.SrcFuncs {
			obj, ok := fn.Object().(*types.Func)
			if !ok || fn.Parent() != nil || c.producers[obj] != nil {
				continue
			}
			if f := c.producerOf(fn); f != nil {
				c.producers[obj] = f
				changed = true
			}
		}
	}
	for obj, f := range c.producers {
		if obj.Exported() {
			c.pass.ExportObjectFact(obj, f)
		}
	}
}

// flushesProducer is the fact of a function that flushes a producer
// before every return (the client's flush, its count read where it may
// give up, or a call of another such function, in the function itself):
// a publisher's Flush, Drain or Sync. A call of one on the value holding
// the producer waits for what a producer wrapper queued there.
type flushesProducer struct{}

func (*flushesProducer) AFact()         {}
func (*flushesProducer) String() string { return "flushesProducer" }

// flushesIn reports whether every return of fn follows a flush made in
// fn itself (not on some paths only, nor in a goroutine it starts), but
// for returns under a nil guard.
func (c *checker) flushesIn(fn *ssa.Function) bool {
	var flushes []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			if c.flushCall(x, nil) {
				flushes = append(flushes, x)
			}
		}
	}
	if len(flushes) == 0 {
		return false
	}
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !nilGuarded(b) && !slices.ContainsFunc(flushes, func(x ssa.Instruction) bool { return ssaflow.Dominates(x, r) }) {
			return false
		}
	}
	return true
}

// nilGuarded reports whether b runs only where a value was found nil
// (if p.p == nil { return nil }: no producer, nothing to flush): b is
// dominated by the true branch of an `x == nil` test (or the false branch
// of `x != nil`).
func nilGuarded(b *ssa.BasicBlock) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		pred := d.Preds[0]
		iff, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		isNil := func(v ssa.Value) bool {
			k, isConst := v.(*ssa.Const)
			return isConst && k.IsNil()
		}
		if !isNil(cmp.X) && !isNil(cmp.Y) {
			continue
		}
		if cmp.Op == token.EQL && pred.Succs[0] == d || cmp.Op == token.NEQ && pred.Succs[1] == d {
			return true
		}
	}
	return false
}

// flushCall reports whether x flushes a producer: the client's flush (its
// count read, for one that gives up after a timeout), or a call of a
// function of this package or another that does (flushesProducer). With
// owners, only one made on them: the client's flush or the function's
// receiver or arguments sharing a root with one of them.
func (c *checker) flushCall(x ssa.Instruction, owners []ssa.Value) bool {
	call, ok := x.(*ssa.Call)
	if !ok {
		return false
	}
	fn := ssaflow.Callee(call.Common())
	if fn == nil {
		return false
	}
	on := func(vs ...ssa.Value) bool {
		if owners == nil {
			return true
		}
		for _, v := range vs {
			for _, o := range owners {
				if v != nil && o != nil && (v == o || ssaflow.Intersects(c.flow.Roots(v), c.flow.Roots(o))) {
					return true
				}
			}
		}
		return false
	}
	if counts, ok := clientmodel.Default.Flush(fn); ok {
		return (!counts || len(*call.Referrers()) > 0) && on(ssaflow.Recv(call.Common()))
	}
	if !c.flushers[fn] && (fn.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(fn, new(flushesProducer))) {
		return false
	}
	return on(call.Common().Args...)
}

// producerOf returns the producesAsync fact of fn, or nil: fn makes
// produces of the client (or calls of functions carrying the fact) with
// a record built from its parameters, passing no delivery channel or
// callback the caller could wait on (signalsNothing), from which a return
// of fn is reached with no wait and no flush between (a rate limiter's
// wait before the produce does not count). Fix makes every such produce
// wait, or Why says why one cannot.
func (c *checker) producerOf(fn *ssa.Function) *producesAsync {
	skip := 0
	if fn.Signature.Recv() != nil {
		skip = 1
	}
	if len(fn.Params) <= skip {
		return nil
	}
	var rets []*ssa.Return
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			rets = append(rets, r)
		}
	}
	var out *producesAsync
	produces := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if send, ok := instr.(*ssa.Send); ok {
				if f := c.sendProducer(fn, send, skip, rets); f != nil && out == nil {
					out = f
				}
				continue
			}
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var recs []ssa.Value
			var f *producesAsync
			var pr clientmodel.ProduceRef
			if p, ok := clientmodel.Default.Produce(ssaflow.Callee(call.Common())); ok && p.Record >= 0 && p.Done >= 0 && c.isAsync(call.Common(), p) {
				if !signalsNothing(ssaflow.Arg(call.Common(), p.Done)) {
					continue
				}
				pr = p
				recs = []ssa.Value{ssaflow.Arg(call.Common(), p.Record)}
				f = &producesAsync{By: clientmodel.ShortName(p.Func)}
			} else if inner, _ := c.producerCall(call.Common()); inner != nil {
				for _, i := range inner.Params {
					recs = append(recs, ssaflow.Arg(call.Common(), i))
				}
				f = &producesAsync{By: inner.By, Fix: inner.Fix, Why: inner.Why}
			} else {
				continue
			}
			// A flush of the producer, or of the wrapper's value
			// holding it (p.Drain()).
			owners := []ssa.Value{ssaflow.Recv(call.Common())}
			if skip == 1 {
				owners = append(owners, fn.Params[0])
			}
			stop := func(x ssa.Instruction) bool {
				return x != ssa.Instruction(call) && (ssaflow.IsWait(x) || c.flushCall(x, owners) || pr.Produce != nil && c.flushes(x, call, &pr))
			}
			// A return on the produce's own failure (under `if err !=
			// nil` on its result) queued nothing.
			failed := func(r *ssa.Return) bool { return onFailureOf(call, r) }
			if !slices.ContainsFunc(rets, func(r *ssa.Return) bool { return !failed(r) && ssaflow.ReachesStopping(call, r, stop) }) {
				continue // waited for, or flushed, before every return
			}
			for i := skip; i < len(fn.Params); i++ {
				if ssaflow.IsContext(fn.Params[i].Type()) {
					continue
				}
				// What the param reaches before the produce: the
				// produce's own arguments are not its results.
				tainted := ssaflow.Forward(fn.Params[i], func(v ssa.Value, ref ssa.Instruction, add func(ssa.Value)) {
					if ref != call {
						c.taintStep(v, ref, add)
					}
				})
				if slices.ContainsFunc(recs, func(r ssa.Value) bool { return r != nil && (r == fn.Params[i] || tainted[r]) }) {
					f.Params = append(f.Params, i-skip)
				}
			}
			if len(f.Params) == 0 {
				continue
			}
			if pr.Produce != nil {
				// Each produce's channel beside the others': delivered,
				// delivered2, ...
				name := "delivered"
				if produces++; produces > 1 {
					name += strconv.Itoa(produces)
				}
				f.Fix, f.Why = c.waitInWrapper(call, &pr, name)
			}
			if out == nil {
				out = f
				continue
			}
			// Another produce of the wrapper (a copy to a second
			// topic): the fix makes both wait.
			out.Params = slices.Compact(slices.Sorted(slices.Values(append(out.Params, f.Params...))))
			if out.Why == "" && f.Why == "" {
				out.Fix = append(out.Fix, f.Fix...)
			} else if out.Why == "" {
				out.Fix, out.Why = nil, f.Why
			}
		}
	}
	return out
}

// sendProducer returns the producesAsync fact of fn for send, a send of
// a value built from its parameters (after skip, its receiver) on the
// channel an asynchronous producer returns (sarama's Input()), from which
// a return is reached with no wait: the wrapper's callers get the
// finding, without a fix (the delivery report arrives on the producer's
// own channels, drained where the wrapper cannot wait on them).
func (c *checker) sendProducer(fn *ssa.Function, send *ssa.Send, skip int, rets []*ssa.Return) *producesAsync {
	pr := producerChan(send.Chan)
	if pr == nil {
		return nil
	}
	stop := func(x ssa.Instruction) bool {
		return x != ssa.Instruction(send) && (ssaflow.IsWait(x) || c.flushCall(x, nil))
	}
	if !slices.ContainsFunc(rets, func(r *ssa.Return) bool { return ssaflow.ReachesStopping(send, r, stop) }) {
		return nil
	}
	f := &producesAsync{By: clientmodel.ShortName(pr.Func),
		Why: "the message is sent on " + clientmodel.ShortName(pr.Func) + "() in a wrapper, whose delivery report comes on the producer's own channels"}
	for i := skip; i < len(fn.Params); i++ {
		if !ssaflow.IsContext(fn.Params[i].Type()) && c.taint(fn.Params[i])[send.X] {
			f.Params = append(f.Params, i-skip)
		}
	}
	if len(f.Params) == 0 {
		return nil
	}
	return f
}

// producerCall returns the producesAsync fact of the function cc calls
// statically, of this package or another, and that function.
func (c *checker) producerCall(cc *ssa.CallCommon) (*producesAsync, *types.Func) {
	fn := ssaflow.Callee(cc)
	if fn == nil || cc.IsInvoke() {
		return nil, nil
	}
	if f := c.producers[fn]; f != nil {
		return f, fn
	}
	var f producesAsync
	if fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, &f) {
		return &f, fn
	}
	return nil, nil
}

// signalsNothing reports whether done, the delivery channel or callback
// of a produce, gives its caller nothing to wait on: nil, or a function
// literal (a promise logging a failure) that sends on no channel, closes
// none, calls no Done, Unlock, Signal or Broadcast and writes no variable
// it captures.
func signalsNothing(done ssa.Value) bool {
	if k, ok := done.(*ssa.Const); ok {
		return k.Value == nil
	}
	lit := ssaflow.Literal(done)
	if lit == nil {
		return false
	}
	quiet := true
	var walk func(fn *ssa.Function)
	walk = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Send:
					quiet = false
				case *ssa.Store:
					if _, ok := in.Addr.(*ssa.FreeVar); ok {
						quiet = false
					}
				case ssa.CallInstruction:
					if bi, ok := in.Common().Value.(*ssa.Builtin); ok && bi.Name() == "close" {
						quiet = false
					}
					if f := ssaflow.Callee(in.Common()); f != nil {
						switch f.Name() {
						case "Done", "Unlock", "Signal", "Broadcast":
							quiet = false
						}
					}
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			walk(anon)
		}
	}
	walk(lit)
	return quiet
}

// waitInWrapper returns the edits making the asynchronous produce call
// (its delivery channel or callback nil) wait for the delivery, in a
// wrapper whose callers write a position after it, or why there are none.
// A produce with a delivery channel (confluent) gets one of its own and
// waits on it; its failure is handled as the produce's own:
//
//	return p.p.Produce(msg, nil)        delivered := make(chan kafka.Event, 1)
//	                                    if err := p.p.Produce(msg, delivered); err != nil {
//	                                    	return err
//	                                    }
//	                                    return (<-delivered).(*kafka.Message).TopicPartition.Error
//
// (an `if err := Produce(...); err != nil { ... }` keeps its body as the
// delivery's handling too, waitFix). A produce with a synchronous form
// (franz-go) takes it, its first error returned when the wrapper returns
// exactly an error.
func (c *checker) waitInWrapper(call *ssa.Call, pr *clientmodel.ProduceRef, name string) ([]edit.FileEdit, string) {
	const why = "the produce's statement is not one a fix can make wait (a return of the produce's error, a statement of its own, or an `if err := ...; err != nil` check, in a function returning only an error)"
	if pr.Reentrant {
		return nil, clientmodel.ShortName(pr.Func) + " is the produce made from the client's callbacks, where a synchronous produce would deadlock, and other code may call this function from one"
	}
	var edits []analysis.TextEdit
	if pr.Wait != "" {
		if fix, ok := c.waitFix(&handOff{instr: call, produce: pr}, name); ok {
			edits = fix.TextEdits
		} else if e, ok := c.returnWaitEdits(call, pr, name); ok {
			edits = e
		}
	} else if pr.SyncNoDone != "" {
		if e, ok := c.syncWrapperEdits(call, pr); ok {
			edits = e
		}
	}
	if len(edits) == 0 {
		return nil, why
	}
	out := make([]edit.FileEdit, len(edits))
	for i, e := range edits {
		out[i] = edit.Portable(c.pass.Fset, e)
	}
	return out, ""
}

// returnsOnlyError returns the declaration of the function enclosing
// path, when its results are exactly one error.
func (c *checker) returnsOnlyError(path []ast.Node) bool {
	for _, n := range path {
		switch fn := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.FuncDecl:
			res := fn.Type.Results
			return res != nil && len(res.List) == 1 && len(res.List[0].Names) <= 1 && isError(c.pass.TypesInfo.TypeOf(res.List[0].Type))
		}
	}
	return false
}

// produceStmt returns the statement of call when it is `return call`, a
// call statement or `_ = call`, in a function returning only an error.
func (c *checker) produceStmt(call *ssa.Call) (*ast.CallExpr, ast.Stmt, bool) {
	ce, path := edit.CallAt(c.pass, call.Pos())
	if ce == nil || !c.returnsOnlyError(path) {
		return nil, nil, false
	}
	stmt, _ := edit.Stmt(path)
	switch s := stmt.(type) {
	case *ast.ReturnStmt:
		return ce, s, len(s.Results) == 1 && ast.Unparen(s.Results[0]) == ce
	case *ast.ExprStmt:
		return ce, s, ast.Unparen(s.X) == ce
	case *ast.AssignStmt:
		id, ok := s.Lhs[0].(*ast.Ident)
		return ce, s, len(s.Lhs) == 1 && len(s.Rhs) == 1 && ok && id.Name == "_" && ast.Unparen(s.Rhs[0]) == ce
	}
	return nil, nil, false
}

// returnWaitEdits rewrites a confluent produce returned, or made as a
// statement, in a function returning only an error, to wait for its
// delivery report and return its failure.
func (c *checker) returnWaitEdits(call *ssa.Call, pr *clientmodel.ProduceRef, base string) ([]analysis.TextEdit, bool) {
	ce, stmt, ok := c.produceStmt(call)
	if !ok || pr.Done >= len(ce.Args) {
		return nil, false
	}
	f := edit.File(c.pass, ce.Pos())
	fn, _ := typeutilCallee(c, ce)
	if f == nil || fn == nil {
		return nil, false
	}
	pkg := edit.Qualifier(c.pass, f, fn.Pkg())
	if pkg == "" {
		return nil, false
	}
	sig := fn.Type().(*types.Signature)
	chType := types.TypeString(sig.Params().At(pr.Done).Type(), func(p *types.Package) string { return edit.Qualifier(c.pass, f, p) })
	name := edit.FreeName(c.pass, stmt.Pos(), base)
	wait := strings.NewReplacer(clientmodel.FixDone, name, clientmodel.FixPkg, pkg).Replace(pr.Wait)
	args := make([]string, len(ce.Args))
	for i, a := range ce.Args {
		args[i] = c.rawRange(a.Pos(), a.End())
	}
	args[pr.Done] = name
	produce := c.rawRange(ce.Fun.Pos(), ce.Fun.End()) + "(" + strings.Join(args, ", ") + ")"
	last := fmt.Sprintf("if err := %s; err != nil {\n\treturn err\n}", wait)
	if _, ret := stmt.(*ast.ReturnStmt); ret {
		last = "return " + wait
	}
	text := fmt.Sprintf("%s := make(%s, 1)\nif err := %s; err != nil {\n\treturn err\n}\n%s", name, chType, produce, last)
	indent := edit.Indent(c.pass, stmt.Pos())
	return []analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(strings.TrimPrefix(edit.IndentLines(text, indent), indent))}}, true
}

// syncWrapperEdits replaces a produce with a synchronous form without a
// callback (franz-go ProduceSync): returned, or as a statement in a
// function returning only an error, its first error is returned; as a
// statement elsewhere, the produce only waits.
func (c *checker) syncWrapperEdits(call *ssa.Call, pr *clientmodel.ProduceRef) ([]analysis.TextEdit, bool) {
	ce, path := edit.CallAt(c.pass, call.Pos())
	if ce == nil {
		return nil, false
	}
	text, ok := edit.SyncProduce(c.pass, ce, clientmodel.FixRecv, pr.Sync, pr.SyncNoDone, pr.Done)
	if !ok {
		return nil, false
	}
	if _, stmt, ok := c.produceStmt(call); ok && pr.SyncErr != "" && edit.IsNil(c.pass, ce.Args[pr.Done]) {
		text += pr.SyncErr
		if _, ret := stmt.(*ast.ReturnStmt); !ret {
			return []analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(fmt.Sprintf("if err := %s; err != nil {\n%s\treturn err\n%s}", text, edit.Indent(c.pass, stmt.Pos()), edit.Indent(c.pass, stmt.Pos())))}}, true
		}
		return []analysis.TextEdit{{Pos: ce.Pos(), End: ce.End(), NewText: []byte(text)}}, true
	}
	if stmt, _ := edit.Stmt(path); stmt == nil {
		return nil, false
	} else if es, ok := stmt.(*ast.ExprStmt); !ok || ast.Unparen(es.X) != ce {
		return nil, false
	}
	return []analysis.TextEdit{{Pos: ce.Pos(), End: ce.End(), NewText: []byte(text)}}, true
}

// wrapperFix returns the fix of a position call made after a call of
// wrapper, which produces the record asynchronously (fact f): the
// wrapper's edits, when this run loaded the files they edit.
func (c *checker) wrapperFix(wrapper *types.Func, f *producesAsync) []analysis.SuggestedFix {
	edits, ok := edit.Resolve(c.pass.Fset, f.Fix)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("Make %s wait for the delivery of what %s queues before it returns", ssaflow.ShortFunc(wrapper), f.By),
		TextEdits: edits,
	}}
}

// noWrapperFixWhy says why a position call after a call of wrapper
// (fact f) has no fix.
func noWrapperFixWhy(wrapper *types.Func, f *producesAsync, name, noun string) string {
	if f.Why != "" {
		return f.Why + "; make " + ssaflow.ShortFunc(wrapper) + " wait for the " + noun + "'s delivery before it returns, or wait for it before calling " + name
	}
	return fmt.Sprintf("the fix edits package %s, which this run reads from export data (go vet analyzes one package at a time): in %s, wait for the delivery of what %s queues, or run commitlint -fix on patterns that include %s",
		wrapper.Pkg().Path(), ssaflow.ShortFunc(wrapper), f.By, wrapper.Pkg().Path())
}
