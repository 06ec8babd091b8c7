package ssaflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file is the one home for "this code waits for work in flight".

// IsWait reports whether instr waits for work done elsewhere: a channel
// receive, a select with a receive case (but from a context's Done or a
// ticker, which wait for no work: NoWork), a WaitGroup or errgroup Wait
// or a sync.Cond wait (IsJoin), a helper of the program waiting for a
// group (JoinsInBody), a call of a method that waits for a result (a
// future's Get or Wait), or the head of a loop counting receives, one for
// each message sent (CountedJoin).
func IsWait(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.UnOp:
		return in.Op == token.ARROW && !NoWork(in.X)
	case *ssa.Select:
		return SelectWaits(in)
	case *ssa.If:
		return len(CountedJoin(in)) > 0
	case *ssa.Call:
		fn := Callee(in.Common())
		if fn == nil {
			return false
		}
		if IsJoin(fn) || JoinsInBody(in.Common().StaticCallee()) {
			return true
		}
		switch fn.Name() {
		case "Wait", "Get", "Await", "Result":
			return in.Common().Signature().Recv() != nil || in.Common().IsInvoke()
		}
	}
	return false
}

// HasWait reports whether fn waits for work anywhere (IsWait).
func HasWait(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		if slices.ContainsFunc(b.Instrs, IsWait) {
			return true
		}
	}
	return false
}

// JoinsInBody reports whether fn, a function of the program with a body
// (a helper of the package: waitAll(g), w.wait()), calls a group's Wait
// in it: calling it waits for the group.
func JoinsInBody(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if call, ok := in.(*ssa.Call); ok && IsGroupWait(Callee(call.Common())) {
				return true
			}
		}
	}
	return false
}

// SelectWaits reports whether a select has a receive case that may wait
// for work (NoWork).
func SelectWaits(sel *ssa.Select) bool {
	return slices.ContainsFunc(sel.States, func(st *ssa.SelectState) bool {
		return st.Dir != types.SendOnly && !NoWork(st.Chan)
	})
}

// AwaitsCount reports whether ci, a call made in a function of package
// home, waits for work a helper counts or keeps for it rather than for
// any work: a WaitGroup's Wait, an atomic counter's Load compared with
// zero in a loop (LoopsOnCount), a sync.Map's Range, a Wait method of
// another package (s.retry.Wait(): review 46-1/D1).
func AwaitsCount(ci ssa.CallInstruction, home *types.Package) bool {
	f := Callee(ci.Common())
	if f == nil || f.Pkg() == nil {
		return false
	}
	switch name := f.FullName(); {
	case f.Pkg().Path() == "sync/atomic" && strings.Contains(name, "Load"):
		return LoopsOnCount(ci)
	case name == "(*sync.WaitGroup).Wait", name == "(*sync.Map).Range":
		return true
	}
	return home != nil && f.Pkg() != home && f.Name() == "Wait"
}

// LoopsOnCount reports whether the call's result, a count, is compared
// with zero in a loop (for inflight.Load() > 0 { ... }): a wait for work
// in flight, not a flag read (paused.Load(): review 46-2/D2).
func LoopsOnCount(ci ssa.CallInstruction) bool {
	v, ok := ci.(*ssa.Call)
	if !ok || v.Referrers() == nil || !InLoop(v.Block()) {
		return false
	}
	return slices.ContainsFunc(*v.Referrers(), func(r ssa.Instruction) bool {
		cmp, ok := r.(*ssa.BinOp)
		if !ok {
			return false
		}
		k, isConst := cmp.Y.(*ssa.Const)
		if !isConst {
			k, isConst = cmp.X.(*ssa.Const)
		}
		return isConst && k.Value != nil && constant.Sign(k.Value) == 0
	})
}
