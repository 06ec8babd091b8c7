package hiwater

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A completion callback is a function literal, made for each record, that
// writes the position of the record it captures and is handed on to run
// when the record's work is done: passed to an asynchronous call (an
// in-package function that starts it in a goroutine, sends it or keeps it
// in a field, or a function whose name says Async), sent on a channel, or
// sent in a struct (a job carrying its own finish function). Callbacks run
// in completion order, not offset order.

// callback is a position call made by a completion callback.
type callback struct {
	call   *consumer.Call
	mc     *ssa.MakeClosure
	handed ssa.Instruction // where the callback is handed on
	// assumed is the setting the finding assumes, as finding.assumed.
	assumed string
}

// checkCallbacks reports the position calls of completion callbacks, each
// with its fix, and stays silent where no fix can be built.
func (c *checker) checkCallbacks() {
	for _, call := range c.m.Calls {
		report.Guard(c.pass, call.Pos(), func() {
			cb := c.callbackOf(call)
			if cb == nil {
				return
			}
			fix, ok := c.lowWaterFix(cb)
			if !ok {
				fix, ok = c.waitFix(cb)
			}
			if !ok {
				return // no fix that is sure to be right (doc.go's known gaps)
			}
			c.reportCallback(cb, fix)
		})
	}
}

// callbackOf returns the completion callback making position call call,
// or nil.
func (c *checker) callbackOf(call *consumer.Call) *callback {
	switch call.Role {
	case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
	default:
		return nil
	}
	if call.Record < 0 || call.Order == clientmodel.OrderNone {
		return nil
	}
	assumed, effective := c.settingAssumed(call)
	if !effective {
		return nil
	}
	ci, ok := call.Instr.(*ssa.Call)
	if !ok || call.Fn.Parent() == nil || len(c.closures[call.Fn]) != 1 {
		return nil
	}
	mc := c.closures[call.Fn][0]
	// The record written, or each record of a variadic argument, is
	// captured from the loop making the callback.
	arg := ssaflow.Arg(ci.Common(), call.Record)
	captured := false
	for _, v := range append([]ssa.Value{arg}, c.leavesOf(arg).recs...) {
		kind, o := c.origin(call.Fn, v)
		if kind != originFreeVar {
			continue
		}
		idx := freeVarIndex(call.Fn, o.(*ssa.FreeVar))
		if idx >= 0 && idx < len(mc.Bindings) && c.perRecordBinding(mc, mc.Bindings[idx]) {
			captured = true
			break
		}
	}
	if !captured {
		return nil
	}
	handed := c.handedOn(mc)
	if handed == nil || !c.overlaps(mc, call.Fn) {
		return nil
	}
	if c.classify(call) != nil {
		return nil // a goroutine's own finding
	}
	return &callback{call: call, mc: mc, handed: handed, assumed: assumed}
}

// perRecordBinding reports whether b, bound to a closure made by mc, is a
// record that differs per iteration of the loop around mc.
func (c *checker) perRecordBinding(mc *ssa.MakeClosure, b ssa.Value) bool {
	mb := mc.Block()
	if !c.sameCycle(mb, mb) {
		return false
	}
	inLoop := func(v ssa.Value) bool {
		in, ok := v.(ssa.Instruction)
		return ok && in.Block() != nil && c.sameCycle(in.Block(), mb)
	}
	if a, ok := b.(*ssa.Alloc); ok {
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a && c.recordDerived(st.Val) && (inLoop(a) || inLoop(st.Val)) {
				return true
			}
		}
		return false
	}
	return c.recordDerived(b) && inLoop(b)
}

// handedOn returns where the closure mc makes is handed on to run later,
// or nil: an argument of an asynchronous call, a value sent on a channel,
// or a field of a local struct sent on a channel.
func (c *checker) handedOn(mc *ssa.MakeClosure) ssa.Instruction {
	for _, ref := range *mc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Call:
			for i, a := range r.Call.Args {
				if a == ssa.Value(mc) && c.isAsync(r.Common(), i) {
					return r
				}
			}
		case *ssa.Send, *ssa.Select:
			if s := sends(r, mc); s != nil {
				return s
			}
		case *ssa.Store:
			fa, ok := r.Addr.(*ssa.FieldAddr)
			if !ok || r.Val != ssa.Value(mc) {
				continue
			}
			if al, ok := fa.X.(*ssa.Alloc); ok {
				if s := sentValue(al); s != nil {
					return s
				}
			}
		}
	}
	return nil
}

// sentValue returns a send of al, or of the value loaded from it: a send
// statement, or a select with a case sending it.
func sentValue(al *ssa.Alloc) ssa.Instruction {
	for _, ref := range *al.Referrers() {
		if s := sends(ref, al); s != nil {
			return s
		}
		if r, ok := ref.(*ssa.UnOp); ok && r.Op == token.MUL {
			for _, rr := range *r.Referrers() {
				if s := sends(rr, r); s != nil {
					return s
				}
			}
		}
	}
	return nil
}

// sends returns in if it sends v on a channel, else nil.
func sends(in ssa.Instruction, v ssa.Value) ssa.Instruction {
	switch x := in.(type) {
	case *ssa.Send:
		if x.X == v {
			return x
		}
	case *ssa.Select:
		for _, st := range x.States {
			if st.Dir == types.SendOnly && st.Send == v {
				return x
			}
		}
	}
	return nil
}

// isAsync reports whether the call cc runs its argument i later, in
// another goroutine: an in-package function that starts that parameter in
// a goroutine, sends it, or stores it beyond its frame, or a function
// named as asynchronous (SendAsync, PublishAsync).
func (c *checker) isAsync(cc *ssa.CallCommon, i int) bool {
	if sc := cc.StaticCallee(); sc != nil && c.m.Flow.InPackage(sc) {
		return i < len(sc.Params) && paramEscapes(sc.Params[i])
	}
	fn := ssaflow.Callee(cc)
	return fn != nil && strings.Contains(fn.Name(), "Async")
}

// paramEscapes reports whether p is started in a goroutine, sent on a
// channel, stored outside a local variable, or bound by a closure that is
// started in a goroutine.
func paramEscapes(p *ssa.Parameter) bool {
	for _, ref := range *p.Referrers() {
		switch r := ref.(type) {
		case *ssa.Go:
			return true
		case *ssa.Send:
			if r.X == ssa.Value(p) {
				return true
			}
		case *ssa.Store:
			if _, local := r.Addr.(*ssa.Alloc); r.Val == ssa.Value(p) && !local {
				return true
			}
		case *ssa.MakeClosure:
			for _, rr := range *r.Referrers() {
				if g, ok := rr.(*ssa.Go); ok && g.Call.Value == ssa.Value(r) {
					return true
				}
			}
		}
	}
	return false
}

// overlaps reports whether the loop around mc can make the next callback
// before fn, the previous one, has run: a path from mc back to itself
// that waits neither for other goroutines nor on a channel fn sends to or
// closes.
func (c *checker) overlaps(mc *ssa.MakeClosure, fn *ssa.Function) bool {
	sent := c.sentChans(fn)
	isJoin := func(in ssa.Instruction) bool {
		switch x := in.(type) {
		case ssa.CallInstruction:
			return isWait(x.Common())
		case *ssa.UnOp:
			return x.Op == token.ARROW && ssaflow.Intersects(c.m.Flow.Roots(x.X), sent)
		}
		return false
	}
	return reaches(mc, func(in ssa.Instruction) bool { return in == ssa.Instruction(mc) }, isJoin)
}

// reportCallback reports the position call of cb with its fix.
func (c *checker) reportCallback(cb *callback, fix analysis.SuggestedFix) {
	call := cb.call
	noun := call.Client.RecordNoun
	msg := fmt.Sprintf("call to %s from a completion callback made for each %s: callbacks run as the work finishes, in any order, and %s",
		clientmodel.ShortName(call.Func), noun, consequence(call, call.Client.Name, roleWord(call.Role)))
	if cb.assumed != "" {
		msg += "; this assumes " + cb.assumed + " (the configuration is not visible here)"
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:      call.Pos(),
		Category: CategoryConcurrent,
		Message:  msg,
		Related: []analysis.RelatedInformation{
			{Pos: cb.call.Fn.Pos(), Message: "callback made here"},
			{Pos: cb.handed.Pos(), Message: "callback handed on here, to run later"},
		},
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}
