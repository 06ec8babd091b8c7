package fencing

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// A rebalance callback runs inside the poll: a lock the poll loop holds
// around the poll is held while it runs. When the partition workers the
// callback must stop and wait for take that lock too (to count what
// they did), the wait would wait for itself. pollOutOfHold takes the
// poll out of the hold instead: `mu.Lock(); ev := c.Poll(100)` becomes
// `ev := c.Poll(100); mu.Lock()`, so the lock still guards what the loop
// reads after the poll, and the callback, which runs on the poll loop's
// goroutine, no longer runs under it.

// pollOutOfHold returns the edits moving each poll of k that v is held
// around out of that hold: the statement locking v right before the
// statement polling, in the polling function's own statement list, goes
// right after it. It requires that the callback, run without v then,
// shares no field with code of other goroutines that takes v: every
// function of the package locking v, other than those polling and
// those the callback (cb) reaches, touches none of the fields that the
// callback's functions touch.
func (c *checker) pollOutOfHold(k *consumer.Consumer, cb *ssa.Function, v *types.Var) ([]analysis.TextEdit, bool) {
	var edits []analysis.TextEdit
	polling := map[*ssa.Function]bool{}
	for _, call := range k.Calls {
		if call.Role != clientmodel.Fetch || call.Fn == nil {
			continue
		}
		fn := call.Fn
		for fn.Parent() != nil {
			fn = fn.Parent()
		}
		if !c.lockedAround(fn.Syntax(), call.Pos())[v] {
			continue
		}
		_, path := edit.CallAt(c.pass, call.Pos())
		st, listp := edit.Stmt(path)
		if st == nil {
			return nil, false
		}
		list := *listp
		i := slices.Index(list, st)
		if i < 1 {
			return nil, false
		}
		if lv, op := c.lockStmt(list[i-1]); lv != v || op != "Lock" && op != "RLock" {
			return nil, false // held from further up, or through a caller
		}
		lock := list[i-1]
		cut, ok := edit.RemoveStmt(c.pass, lock)
		if !ok {
			return nil, false
		}
		edits = append(edits, cut, edit.InsertAfter(c.pass, st, c.text(lock)))
		polling[fn] = true
	}
	if len(edits) == 0 {
		return nil, false
	}
	inCallback := map[*ssa.Function]bool{}
	touched := map[*types.Var]bool{}
	for _, f := range c.reached(cb) {
		inCallback[f] = true
		for fv := range fieldsOf(f) {
			touched[fv] = true
		}
	}
	for _, f := range c.m.SSA.SrcFuncs {
		if f.Parent() != nil || polling[f] || inCallback[f] || f.Syntax() == nil || !c.locks(f, v) {
			continue
		}
		for fv := range fieldsOf(f) {
			if fv != v && touched[fv] {
				return nil, false
			}
		}
	}
	return edits, true
}

// reached returns fn and the functions of the package it reaches by
// static calls, its closures included, in the order a depth-first walk
// meets them.
func (c *checker) reached(fn *ssa.Function) []*ssa.Function {
	seen := map[*ssa.Function]bool{}
	var out []*ssa.Function
	var walk func(*ssa.Function)
	walk = func(f *ssa.Function) {
		if f == nil || seen[f] || !c.m.Flow.InPackage(f) {
			return
		}
		seen[f] = true
		out = append(out, f)
		for _, anon := range f.AnonFuncs {
			walk(anon)
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					walk(ci.Common().StaticCallee())
				}
			}
		}
	}
	walk(fn)
	return out
}

// locks reports whether fn's syntax (its closures included) locks v.
func (c *checker) locks(fn *ssa.Function, v *types.Var) bool {
	found := false
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if lv, op := c.lockCall(call); lv == v && (op == "Lock" || op == "RLock") {
				found = true
			}
		}
		return !found
	})
	return found
}

// fieldsOf returns the struct fields fn and its closures select.
func fieldsOf(fn *ssa.Function) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	var walk func(*ssa.Function)
	walk = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					if fv := fieldVar(x); fv != nil {
						out[fv] = true
					}
				case *ssa.Field:
					if st, ok := x.X.Type().Underlying().(*types.Struct); ok {
						out[st.Field(x.Field)] = true
					}
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			walk(anon)
		}
	}
	walk(fn)
	return out
}
