package ordering

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
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

// summariseProducers finds the package's functions that produce a
// parameter asynchronously (directly, or through another such function),
// keeps them for the checks of this package and exports the fact of the
// exported ones.
func (c *checker) summariseProducers() {
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

// producerOf returns the producesAsync fact of fn, or nil: fn makes a
// produce of the client (or calls a function carrying the fact) with a
// record built from its parameters, passing no delivery channel or
// callback the caller could wait on (signalsNothing), and makes no wait
// and no flush anywhere in its body.
func (c *checker) producerOf(fn *ssa.Function) *producesAsync {
	skip := 0
	if fn.Signature.Recv() != nil {
		skip = 1
	}
	if len(fn.Params) <= skip {
		return nil
	}
	var out *producesAsync
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if isWait(instr) {
				return nil
			}
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var recs []ssa.Value
			var f *producesAsync
			if pr, ok := clientmodel.Default.Produce(ssaflow.Callee(call.Common())); ok && pr.Record >= 0 && pr.Done >= 0 && c.isAsync(call.Common(), pr) {
				if !signalsNothing(ssaflow.Arg(call.Common(), pr.Done)) || c.flushedIn(fn, call, &pr) {
					continue
				}
				recs = []ssa.Value{ssaflow.Arg(call.Common(), pr.Record)}
				f = &producesAsync{By: clientmodel.ShortName(pr.Func)}
				f.Fix, f.Why = c.waitInWrapper(call, &pr)
			} else if inner, _ := c.producerCall(call.Common()); inner != nil {
				for _, i := range inner.Params {
					recs = append(recs, ssaflow.Arg(call.Common(), i))
				}
				f = &producesAsync{By: inner.By, Fix: inner.Fix, Why: inner.Why}
			} else {
				continue
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
			if len(f.Params) > 0 && out == nil {
				out = f
			}
		}
	}
	return out
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

// flushCall reports whether x calls a function or method whose name
// begins with Flush: after a producer wrapper's call, the wrapper's (or
// the producer's) flush waits for what it queued.
func flushCall(x ssa.Instruction) bool {
	call, ok := x.(ssa.CallInstruction)
	if !ok {
		return false
	}
	fn := ssaflow.Callee(call.Common())
	return fn != nil && strings.HasPrefix(fn.Name(), "Flush")
}

// flushedIn reports whether fn flushes the producer of call anywhere.
func (c *checker) flushedIn(fn *ssa.Function, call *ssa.Call, pr *clientmodel.ProduceRef) bool {
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			if c.flushes(x, call, pr) {
				return true
			}
		}
	}
	return false
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
func (c *checker) waitInWrapper(call *ssa.Call, pr *clientmodel.ProduceRef) ([]edit.FileEdit, string) {
	const why = "the produce's statement is not one a fix can make wait (a return of the produce's error, a statement of its own, or an `if err := ...; err != nil` check, in a function returning only an error)"
	var edits []analysis.TextEdit
	if pr.Wait != "" {
		if fix, ok := c.waitFix(&handOff{instr: call, produce: pr}); ok {
			edits = fix.TextEdits
		} else if e, ok := c.returnWaitEdits(call, pr); ok {
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
func (c *checker) returnWaitEdits(call *ssa.Call, pr *clientmodel.ProduceRef) ([]analysis.TextEdit, bool) {
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
	name := edit.FreeName(c.pass, stmt.Pos(), "delivered")
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
		Message:   fmt.Sprintf("Make %s wait for the delivery of what %s queues before it returns", consumer.ShortFunc(wrapper), f.By),
		TextEdits: edits,
	}}
}

// noWrapperFixWhy says why a position call after a call of wrapper
// (fact f) has no fix.
func noWrapperFixWhy(wrapper *types.Func, f *producesAsync, name, noun string) string {
	if f.Why != "" {
		return f.Why + "; make " + consumer.ShortFunc(wrapper) + " wait for the " + noun + "'s delivery before it returns, or wait for it before calling " + name
	}
	return fmt.Sprintf("the fix edits package %s, which this run reads from export data (go vet analyzes one package at a time): in %s, wait for the delivery of what %s queues, or run commitlint -fix on patterns that include %s",
		wrapper.Pkg().Path(), consumer.ShortFunc(wrapper), f.By, wrapper.Pkg().Path())
}
