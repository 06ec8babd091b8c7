package ordering

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A function literal queued to run later (appended to a slice of jobs,
// sent on a channel, started by a go statement or a spawner, deferred)
// that captures a record variable declared before the loop making it,
// which the loop's next fetch overwrites (var msg *sarama.ConsumerMessage;
// for { case msg, ok = <-claim.Messages(): ops = append(ops, func(ctx)
// error { return st.Upsert(ctx, msg.Value) }) }): Go 1.22 gives each
// iteration its own copy only of the variables its for clause declares,
// so every job queued before the run sees the last record. The others
// are never processed, and the position written after the jobs run passes
// them: records lost with no fault at all (hunt 46f/D2: 268 to 299 of
// 300 lost). The fix copies the variable where the literal is made
// (msg := msg).

// checkCaptures reports such literals in the package's functions.
func (c *checker) checkCaptures() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if mc, ok := in.(*ssa.MakeClosure); ok {
					report.Guard(c.pass, mc.Fn.Pos(), func() { c.checkCapture(mc) })
				}
			}
		}
	}
}

// checkCapture reports mc when it captures a record variable its loop
// overwrites before the literal runs.
func (c *checker) checkCapture(mc *ssa.MakeClosure) {
	if !ssaflow.InLoop(mc.Block()) || !runsLater(mc, 0) {
		return
	}
	lit := mc.Fn.(*ssa.Function)
	for i, bound := range mc.Bindings {
		v, ok := bound.(*ssa.Alloc)
		if !ok || !v.Heap || i >= len(lit.FreeVars) || !c.isRecordish(v.Type().(*types.Pointer).Elem()) && !storedFromRecords(v) {
			continue
		}
		over := overwrites(mc, v)
		if over == nil {
			continue
		}
		obj := c.varAt(v)
		if obj == nil {
			continue
		}
		noun := "record"
		if cl := c.clientOfType(obj.Type()); cl != "" {
			noun = cl
		}
		d := analysis.Diagnostic{
			Pos:      lit.Pos(),
			End:      lit.Pos() + 4,
			Category: CategoryCommitBefore,
			Message: fmt.Sprintf("function literal queued to run later captures %s, a variable declared outside the loop that each fetch overwrites: when it runs it sees the last %s, so the others are never processed while their positions are committed (records lost without a crash)",
				obj.Name(), noun),
			Related: []analysis.RelatedInformation{{Pos: over.Pos(), Message: obj.Name() + " overwritten here before the queued literal runs"}},
		}
		if fix, ok := c.captureFix(mc, obj); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		} else {
			d.Message += fmt.Sprintf("; no automatic fix: the literal is not made in a statement list; copy %s where it is made", obj.Name())
		}
		report.Report(c.pass, d)
		return
	}
}

// clientOfType returns what the client of record type t calls a record
// (message), or "".
func (c *checker) clientOfType(t types.Type) string {
	for {
		if cl := clientmodel.Default.Record(t); cl != nil {
			return cl.RecordNoun
		}
		switch u := t.Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
		case *types.Pointer:
			t = u.Elem()
		default:
			return ""
		}
	}
}

// storedFromRecords reports whether a value derived from a record is
// stored in v (ev = decode(r): review 47-1/D2, 299 of 300 lost).
func storedFromRecords(v *ssa.Alloc) bool {
	return slices.ContainsFunc(*v.Referrers(), func(r ssa.Instruction) bool {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != v {
			return false
		}
		fromRecords := func(x ssa.Value) bool {
			return ssaflow.DerivedFrom(x, func(t types.Type) bool { return clientmodel.Default.Record(t) != nil })
		}
		val := st.Val
		if ex, ok := val.(*ssa.Extract); ok {
			val = ex.Tuple
		}
		if call, ok := val.(*ssa.Call); ok && slices.ContainsFunc(call.Call.Args, fromRecords) {
			return true // (decoded from one)
		}
		return fromRecords(st.Val)
	})
}

// runsLater reports whether the closure v is kept to run after the
// statement making it: appended to a slice or stored in a field, an
// element or a global, sent on a channel, put in a map, started by a go
// statement or a spawner (errgroup's Go), or deferred. A literal called
// in place, or passed to a function that may run it at once, is not.
func runsLater(v ssa.Value, depth int) bool {
	if depth > 2 || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.MapUpdate:
			return true
		case *ssa.Store:
			if _, local := x.Addr.(*ssa.Alloc); x.Val == v && !local {
				return true
			}
		case *ssa.Call:
			if x.Call.Value != v && ssaflow.Started(x) != nil {
				return true
			}
		case *ssa.MakeInterface:
			if runsLater(x, depth+1) {
				return true
			}
		case *ssa.ChangeType:
			if runsLater(x, depth+1) {
				return true
			}
		}
	}
	return false
}

// overwrites returns a store to v, a variable the closure mc captures, that
// mc reaches (the loop's next fetch) without v being declared anew and
// without running what was queued: a call of a function value (job()), or
// of a function given functions or a value holding them (s.drain(ops),
// h.runOps(ctx) with the queue in h's field), or a wait for work done
// elsewhere (a receive of the job's answer, a WaitGroup's Wait:
// ssaflow.IsWait). nil if none.
func overwrites(mc *ssa.MakeClosure, v *ssa.Alloc) ssa.Instruction {
	var fetch ssa.Instruction // the receive of the overwriting store's record
	runs := func(x ssa.Instruction) bool {
		if x == ssa.Instruction(v) || ssaflow.IsWait(x) && x != fetch {
			return true // (or waits for the work queued: <-done, wg.Wait(), precision hunt 47p/D1, D2)
		}
		ci, ok := x.(ssa.CallInstruction)
		if !ok {
			return false
		}
		cc := ci.Common()
		switch cc.Value.(type) {
		case *ssa.Builtin:
			return false // (append(ops, job), len(ops))
		case *ssa.Function, *ssa.MakeClosure:
		default:
			if !cc.IsInvoke() {
				return true
			}
		}
		// (A value keeping them in a field counts only for a function of
		// the package, u.runOps(ctx): not the client's fetch given its
		// reader, whose fields hold functions too.)
		f := ssaflow.Callee(cc)
		own := f != nil && f.Pkg() != nil && mc.Parent().Pkg != nil && f.Pkg() == mc.Parent().Pkg.Pkg
		for _, a := range cc.Args {
			if holdsFuncs(a.Type(), own, 0) {
				return true
			}
		}
		return false
	}
	for _, r := range *v.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != v {
			continue
		}
		fetch = nil
		src := st.Val
		if ex, ok := src.(*ssa.Extract); ok {
			src = ex.Tuple
		}
		if in, ok := src.(ssa.Instruction); ok {
			fetch = in // (msg, ok = <-claim.Messages() in a select)
		}
		if ssaflow.ReachesStopping(mc, st, runs) {
			return st
		}
	}
	return nil
}

// holdsFuncs reports whether t is, or holds, function values: a func, or a
// slice, array, channel, map or pointer of them, or, with fields, a struct
// with a field holding them.
func holdsFuncs(t types.Type, fields bool, depth int) bool {
	if depth > 3 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Slice:
		return holdsFuncs(u.Elem(), fields, depth+1)
	case *types.Array:
		return holdsFuncs(u.Elem(), fields, depth+1)
	case *types.Chan:
		return holdsFuncs(u.Elem(), fields, depth+1)
	case *types.Map:
		return holdsFuncs(u.Elem(), fields, depth+1)
	case *types.Pointer:
		return holdsFuncs(u.Elem(), fields, depth+1)
	case *types.Struct:
		// (A unit of work keeping its queue in a field, run by its
		// method: h.runOps(ctx), review 47-1/D1.)
		for i := range u.NumFields() {
			if fields && holdsFuncs(u.Field(i).Type(), fields, depth+1) {
				return true
			}
		}
	}
	return false
}

// varAt returns the variable the heap cell v holds: the local declared
// at v's position.
func (c *checker) varAt(v *ssa.Alloc) *types.Var {
	id, _ := edit.Path(c.pass, v.Pos())[0].(*ast.Ident)
	if id == nil {
		return nil
	}
	obj, _ := c.pass.TypesInfo.Defs[id].(*types.Var)
	if obj == nil || obj.Pos() != v.Pos() {
		return nil
	}
	return obj
}

// captureFix copies obj where the statement making the literal mc runs
// (msg := msg), so that the literal captures that iteration's record.
func (c *checker) captureFix(mc *ssa.MakeClosure, obj *types.Var) (analysis.SuggestedFix, bool) {
	stmt, list := edit.Stmt(edit.Path(c.pass, mc.Fn.Pos()))
	if stmt == nil || list == nil || edit.ObjectAt(c.pass, stmt.Pos(), obj.Name()) != obj {
		return analysis.SuggestedFix{}, false
	}
	name := obj.Name()
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Copy %s for the literal (%s := %s), so that it captures this iteration's record", name, name, name),
		TextEdits: []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, name+" := "+name)},
	}, true
}
