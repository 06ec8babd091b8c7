package ssaflow

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The body of a range-over-func loop (for r := range seq) is a
// synthetic function literal, the yield function, that the iterator
// calls once per element: its continue returns true, its break, return,
// goto or labelled continue store an exit code in a variable of the
// enclosing function and return false, and the enclosing function, once
// the iterator's call returns, branches on that code (go/ssa's
// rangefunc lowering).

// IsYield reports whether fn is the body of a range-over-func loop.
func IsYield(fn *ssa.Function) bool {
	return fn != nil && fn.Parent() != nil && fn.Synthetic == "range-over-func yield"
}

// IsYieldJump reports whether v is the exit code variable of a
// range-over-func body (its first free variable, jump$N).
func IsYieldJump(v ssa.Value) bool {
	fv, ok := v.(*ssa.FreeVar)
	return ok && IsYield(fv.Parent()) && fv.Parent().FreeVars[0] == fv
}

// YieldSite returns the call of the iterator running lit, the body of a
// range-over-func loop, or nil.
func YieldSite(lit *ssa.Function) *ssa.Call {
	call, _ := yieldClosure(lit)
	return call
}

// yieldClosure returns the call of the iterator running lit, the body of
// a range-over-func loop, and the closure of lit it is given.
func yieldClosure(lit *ssa.Function) (*ssa.Call, *ssa.MakeClosure) {
	if !IsYield(lit) {
		return nil, nil
	}
	for _, b := range lit.Parent().Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok {
				continue
			}
			for _, a := range call.Call.Args {
				if mc, ok := a.(*ssa.MakeClosure); ok && mc.Fn == lit {
					return call, mc
				}
			}
		}
	}
	return nil, nil
}

// YieldGoesOn reports whether b, a block of a range-over-func body ending
// with a return, goes on to the next element (a continue: return true).
func YieldGoesOn(b *ssa.BasicBlock) bool {
	ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	c, ok := ret.Results[0].(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}

// YieldExit returns the block of the enclosing function where b, a block
// of a range-over-func body leaving the loop (return false), goes on: the
// loop's end for a break, a block returning for a return. nil when it
// cannot be told.
func YieldExit(b *ssa.BasicBlock) *ssa.BasicBlock {
	lit := b.Parent()
	site, mc := yieldClosure(lit)
	if site == nil || YieldGoesOn(b) || len(lit.FreeVars) == 0 || len(mc.Bindings) == 0 {
		return nil
	}
	jump := lit.FreeVars[0] // (jump$N, the exit code)
	code := int64(-1)
	for _, in := range b.Instrs {
		if st, ok := in.(*ssa.Store); ok && st.Addr == jump {
			if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
				code, _ = constant.Int64Val(c.Value)
			}
		}
	}
	if code < 0 {
		return nil
	}
	cell := mc.Bindings[0]
	// Follow the enclosing function's checks of the code from the call.
	cur := site.Block()
	for range 16 {
		last := cur.Instrs[len(cur.Instrs)-1]
		switch x := last.(type) {
		case *ssa.If:
			cmp, ok := x.Cond.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				return cur
			}
			load, ok := cmp.X.(*ssa.UnOp)
			k, isConst := cmp.Y.(*ssa.Const)
			if !ok || load.Op != token.MUL || load.X != cell || !isConst || k.Value == nil {
				return cur
			}
			kv, _ := constant.Int64Val(k.Value)
			if kv == code {
				cur = cur.Succs[0]
			} else {
				cur = cur.Succs[1]
			}
		case *ssa.Jump:
			if !strings.HasPrefix(cur.Comment, "rangefunc.") {
				return cur
			}
			cur = cur.Succs[0]
		default:
			return cur
		}
		if !strings.HasPrefix(cur.Comment, "rangefunc.resume") {
			return cur
		}
	}
	return nil
}
