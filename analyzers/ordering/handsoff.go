package ordering

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A call of a function that only queues the record for work done later
// (a handsoff.Fact, of this package or another) is a hand-off like a
// send, not processing.

// handsOffArgs reports whether cc hands on every argument at the indices
// hits (into the receiver-first argument list processes_ builds).
func (c *checker) handsOffArgs(cc *ssa.CallCommon, hits []int) bool {
	f, _ := c.ho.Call(cc)
	return f != nil && argsAmong(cc, hits, f.Params, false)
}

// argsAmong reports whether every argument of cc at the indices hits
// (receiver first) is a parameter at params (signature indices, receiver
// excluded), the receiver aside when anyRecv is set.
func argsAmong(cc *ssa.CallCommon, hits, params []int, anyRecv bool) bool {
	recv := 0
	if cc.IsInvoke() || cc.Signature().Recv() != nil {
		recv = 1
	} else if callee := ssaflow.Callee(cc); callee != nil {
		if sig, ok := callee.Type().(*types.Signature); ok && sig.Recv() != nil {
			recv = 1
		}
	}
	for _, h := range hits {
		if anyRecv && h < recv {
			continue
		}
		if !slices.Contains(params, h-recv) {
			return false
		}
	}
	return true
}

// handlerParam returns the parameter of its function that cc calls (a
// handler passed in: handler(ctx, msg.Value)), and its index, or nil.
func handlerParam(cc *ssa.CallCommon) (*ssa.Parameter, int) {
	prm, ok := cc.Value.(*ssa.Parameter)
	if !ok || cc.IsInvoke() {
		return nil, -1
	}
	for i, p := range prm.Parent().Params {
		if p == prm {
			return prm, i
		}
	}
	return nil, -1
}

// handlerHandsOff reports whether cc calls a function-valued parameter
// of its function for whose argument arg every function passed in the
// package only queues the value (handlesOn): the function is only
// called, never used as a value, and every call passes a function
// literal or a function for the parameter.
func (c *checker) handlerHandsOff(cc *ssa.CallCommon, args []int) bool {
	prm, k := handlerParam(cc)
	if prm == nil || len(args) == 0 {
		return false
	}
	key := handlerKey{prm, fmt.Sprint(args)}
	if v, ok := c.handlers[key]; ok {
		return v
	}
	c.handlers[key] = false // inside cycles
	values, ok := c.handlerValues(prm, k)
	if !ok || len(values) == 0 {
		return false
	}
	for _, v := range values {
		if !c.handsOn(v, args) {
			return false
		}
	}
	c.handlers[key] = true
	return true
}

// handlerValues returns the functions passed in the package for
// parameter prm (index k) of its function, with ok false when the
// function is used other than by calls or another value is passed for
// prm.
func (c *checker) handlerValues(prm *ssa.Parameter, k int) ([]*ssa.Function, bool) {
	fn := prm.Parent()
	var values []*ssa.Function
	for _, caller := range c.m.SSA.SrcFuncs {
		for _, b := range caller.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && ci.Common().Value == ssa.Value(fn) {
					args := ci.Common().Args
					if k >= len(args) {
						return nil, false
					}
					switch v := args[k].(type) {
					case *ssa.MakeClosure:
						values = append(values, v.Fn.(*ssa.Function))
					case *ssa.Function:
						values = append(values, v)
					default:
						return nil, false
					}
					for _, a := range args {
						if a == ssa.Value(fn) {
							return nil, false
						}
					}
					continue
				}
				// fn used as a value (a method value, a field, an
				// interface's method): other handlers may reach it.
				for _, r := range instr.Operands(nil) {
					if r == nil || *r == nil {
						continue
					}
					if *r == ssa.Value(fn) {
						return nil, false
					}
					if mc, ok := (*r).(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
						return nil, false
					}
				}
			}
		}
	}
	return values, true
}

// handlerKey memoises handlerHandsOff.
type handlerKey struct {
	prm  *ssa.Parameter
	args string
}

// handsOn reports whether fn only queues its parameters at args (the
// record, and values made from it such as a context carrying its fields):
// it sends one of them (or a struct built from it) on a channel, starts a
// goroutine with it or calls a function of another package that only
// queues it, processes none of them in another way, and waits for
// nothing.
func (c *checker) handsOn(fn *ssa.Function, args []int) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	for _, i := range args {
		if i >= len(fn.Params) {
			return false
		}
	}
	handed := false
	carried := map[ssa.Value]bool{}
	for _, i := range args {
		ok, h := c.handsOnParam(fn, fn.Params[i])
		if !ok {
			return false
		}
		handed = handed || h
		for v := range c.carriedValues(fn.Params[i]) {
			carried[v] = true
		}
	}
	// It waits for nothing but the send: a select making it may also
	// give up on a context (case <-ctx.Done()).
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if sel, ok := instr.(*ssa.Select); ok && sendsCarried(sel, carried) {
				continue
			}
			if ssaflow.IsWait(instr) {
				return false
			}
		}
	}
	return handed
}

// handsOnParam reports whether fn processes o in no way but a send or a
// goroutine (or another package's queueing call) (ok), and whether it
// hands o on.
func (c *checker) handsOnParam(fn *ssa.Function, o ssa.Value) (ok, handed bool) {
	for _, s := range c.processingSites(fn, o) {
		if !c.startsLater(s) {
			return false, false
		}
		handed = true
	}
	carried := c.carriedValues(o)
	tainted := c.taint(o)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Send:
				if carried[in.X] {
					handed = true
				}
			case *ssa.Select:
				for _, st := range in.States {
					if st.Dir == types.SendOnly && carried[st.Send] {
						handed = true
					}
				}
			case *ssa.Call:
				if f, _ := c.ho.Call(in.Common()); f != nil {
					for _, j := range f.Params {
						if a := ssaflow.Arg(in.Common(), j); a != nil && tainted[a] {
							handed = true
						}
					}
				}
			}
		}
	}
	return true, handed
}

// sendsCarried reports whether sel has a case sending a carried value.
func sendsCarried(sel *ssa.Select, carried map[ssa.Value]bool) bool {
	for _, st := range sel.States {
		if st.Dir == types.SendOnly && carried[st.Send] {
			return true
		}
	}
	return false
}

// commitsAfterHandler is the fact of an exported function that calls its
// function-valued parameter Param with the record (argument Arg of that
// call) and then writes the record's position through the client call
// Func, with no wait between and no other processing of the record: a
// wrapper's ConsumeEvents(ctx, handler) committing each message as soon
// as the handler returns.
type commitsAfterHandler struct {
	Param int
	Args  []int
	Func  string
}

func (*commitsAfterHandler) AFact() {}
func (f *commitsAfterHandler) String() string {
	return fmt.Sprintf("commitsAfterHandler(%d, %v, %s)", f.Param, f.Args, clientmodel.ShortName(f.Func))
}

// exportHandlerFact exports the commitsAfterHandler fact of p's function
// when it calls a handler parameter with p's record before p.
func (c *checker) exportHandlerFact(p *position) {
	obj, ok := p.fn.Object().(*types.Func)
	if !ok || p.fn.Parent() != nil || !obj.Exported() || p.client.Call == nil || p.arg == nil || p.helper || p.closure != nil {
		return
	}
	skip := 0
	if p.fn.Signature.Recv() != nil {
		skip = 1
	}
	for _, o := range c.origins(p) {
		var def ssa.Instruction
		if d, ok := o.(ssa.Instruction); ok && d.Parent() == p.fn {
			def = d
		}
		tainted := c.taint(o)
		var found *commitsAfterHandler
		for _, s := range c.processingSites(p.fn, o) {
			call, ok := s.(*ssa.Call)
			if !ok {
				return
			}
			if fn := ssaflow.Callee(call.Common()); fn != nil && handsoff.IsDecodeName(fn.Name()) {
				continue
			}
			prm, k := handlerParam(call.Common())
			if prm == nil || k < skip || found != nil || !ssaflow.Dominates(call, p.instr) ||
				!ssaflow.ReachesStopping(call, p.instr, func(x ssa.Instruction) bool { return x == def || ssaflow.IsWait(x) }) {
				if ssaflow.ReachesStopping(s, p.instr, func(x ssa.Instruction) bool { return x == def }) {
					return // processed in the wrapper too
				}
				continue
			}
			f := &commitsAfterHandler{Param: k - skip, Func: p.client.Func}
			for j, a := range call.Common().Args {
				if tainted[a] {
					f.Args = append(f.Args, j)
				}
			}
			if len(f.Args) > 0 {
				found = f
			}
		}
		if found != nil {
			c.pass.ExportObjectFact(obj, found)
			return
		}
	}
}

// checkImportedHandlers reports the calls of another package's wrappers
// carrying a commitsAfterHandler fact that pass them a function that
// only queues the record: the wrapper commits it when that returns.
func (c *checker) checkImportedHandlers() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(call.Common())
				var f commitsAfterHandler
				if callee == nil || callee.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(callee, &f) {
					continue
				}
				var h *ssa.Function
				switch v := ssaflow.Arg(call.Common(), f.Param).(type) {
				case *ssa.MakeClosure:
					h = v.Fn.(*ssa.Function)
				case *ssa.Function:
					h = v
				}
				if h == nil || !c.handsOn(h, f.Args) {
					continue
				}
				ref, _ := clientmodel.Default.CallByName(f.Func)
				noun := "record"
				if ref.Client != nil {
					noun = ref.Client.RecordNoun
				}
				commit := clientmodel.ShortName(f.Func)
				msg := fmt.Sprintf("call to %s with a handler that only queues the %s: %s writes its position (%s) as soon as the handler returns, with no wait for its processing, so a crash before the %s is processed loses it (at-most-once)",
					callee.Name(), noun, callee.Name(), commit, noun)
				var fixes []analysis.SuggestedFix
				if fix, ok := c.handlerFix([]*ssa.Function{h}, f.Args, noun); ok {
					fixes = append(fixes, fix)
				} else {
					msg += fmt.Sprintf("; no automatic fix: the position call is in package %s, which a fix made here cannot edit, and the workers receiving the %s cannot be found or their loop run in the handler; process the %s in the handler before it returns, or have the worker that processes it write its position",
						callee.Pkg().Path(), noun, noun)
				}
				report.Report(c.pass, analysis.Diagnostic{
					Pos:            call.Pos(),
					Category:       CategoryCommitBefore,
					Message:        msg,
					Related:        []analysis.RelatedInformation{{Pos: h.Pos(), Message: "handler that only sends the " + noun + " on a channel or to a goroutine"}},
					SuggestedFixes: fixes,
				})
			}
		}
	}
}
