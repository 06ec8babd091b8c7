package hiwater

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// goroutineLowWater builds the last fallback of a per-record goroutine
// that can neither run in place nor be waited for in its iteration (it
// sends to a channel only the loop receives from, in a select that also
// receives the records): the goroutines keep running, and each writes the
// low-water mark of a tracker instead of its own record's position, as a
// completion callback does (trackerFix):
//
//	tracker := newLowWaterTracker()
//	for {
//		select {
//		case msg := <-claim.Messages():
//			tp := lowWaterKey{Topic: msg.Topic, Partition: msg.Partition}
//			if !tracker.Start(tp, msg.Offset) { ... }
//			go func() {
//				...
//				if next, ok := tracker.Done(lowWaterKey{...}, msg.Offset); ok {
//					sess.MarkOffset(msg.Topic, msg.Partition, next, "")
//				}
//			}()
//
// The marks of two goroutines can still land in either order, but each is
// a low-water mark: forward-only marks keep the higher, and a last-write
// store or commit that goes back replays what was done after it, never
// passing a record in flight. A goroutine returning early on a failure
// it only reports is done there too (droppingReturns), as the original
// let later marks pass it; a record skipping the call otherwise holds the
// mark until its partition is consumed again.
//
// It requires a go statement of a function literal that makes the
// position call itself, with the record it captures from the loop (a
// variable visible at the go statement) or is passed by the go statement
// (go func(m *Msg) { ... }(msg)), and no other position call of the same
// goroutine.
func (c *checker) goroutineLowWater(f *finding) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	call, s := f.call, f.site
	if s.kind != perRecord || s.l.mc == nil || call.Fn != s.l.mc.Fn {
		return fail()
	}
	if _, ok := s.l.instr.(*ssa.Go); !ok {
		return fail()
	}
	gs := goStmtAt(c.pass, s.l.instr.Pos())
	if gs == nil {
		return fail()
	}
	if _, i := stmtListOf(c.pass, gs); i < 0 {
		return fail()
	}
	if _, isLit := ast.Unparen(gs.Call.Fun).(*ast.FuncLit); !isLit {
		return fail()
	}
	// The record: a variable the goroutine captures.
	ci, ok := call.Instr.(*ssa.Call)
	if !ok {
		return fail()
	}
	arg := ssaflow.Arg(ci.Common(), call.Record)
	captured := false
	for _, v := range append([]ssa.Value{arg}, c.leavesOf(arg).recs...) {
		if kind, _ := c.origin(call.Fn, v); kind == originFreeVar || kind == originParam {
			captured = true
			break
		}
	}
	if !captured {
		return fail()
	}
	ce, _ := edit.CallAt(c.pass, call.Pos())
	if ce == nil || call.Record >= len(ce.Args) {
		return fail()
	}
	rec, ok := ast.Unparen(ce.Args[call.Record]).(*ast.Ident)
	if !ok {
		return fail()
	}
	obj := c.pass.TypesInfo.Uses[rec]
	if obj == nil {
		return fail()
	}
	start := rec
	if c.lookupAt(gs.Pos(), rec.Name) != obj {
		// A parameter (go func(m *Msg) { ... }(msg)): the loop starts
		// the argument.
		if start = c.goArg(gs, obj); start == nil || c.lookupAt(gs.Pos(), start.Name) != c.pass.TypesInfo.Uses[start] {
			return fail()
		}
	}
	// One position call per goroutine: the fix replaces one.
	for _, other := range c.m.Calls {
		if other == call || other.Fn != call.Fn || !positional(other) {
			continue
		}
		return fail()
	}
	return c.trackerFix(call, gs, start, obj)
}
