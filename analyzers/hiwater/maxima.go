package hiwater

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- maxima ----

// maxUpdate is a write that keeps the maximum of record offsets: a store
// guarded by a comparison with the current value, max(cur, off), an atomic
// CompareAndSwap loop, or the map equivalents.
type maxUpdate struct {
	at   ssa.Instruction
	addr ssa.Value // the variable, field, atomic or map written
	fn   *ssa.Function
	recs []ssa.Value // the records the new value comes from
}

func (c *checker) maxUpdates() []*maxUpdate {
	if c.maxes != nil {
		return c.maxes
	}
	c.maxes = []*maxUpdate{}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if u := c.maxUpdate(in); u != nil {
					c.maxes = append(c.maxes, u)
				}
			}
		}
	}
	return c.maxes
}

// offsetSources returns the records v is computed from in fn or, when
// there are none, fn's parameters it is computed from: a maximum kept by a
// helper or method from an offset it is given (p.finished(r.Offset)).
// conc1 later follows a parameter to the callers and keeps the update only
// where a concurrently processed record reaches it.
func (c *checker) offsetSources(v ssa.Value, fn *ssa.Function) []ssa.Value {
	lv := c.leavesOf(v)
	if len(lv.recs) > 0 {
		return lv.recs
	}
	var out []ssa.Value
	for _, s := range lv.scalars {
		if p, ok := s.(*ssa.Parameter); ok && p.Parent() == fn {
			out = append(out, p)
		}
	}
	return out
}

func (c *checker) maxUpdate(in ssa.Instruction) *maxUpdate {
	var addr, val ssa.Value
	isMap := false
	switch x := in.(type) {
	case *ssa.Store:
		addr, val = x.Addr, x.Val
	case *ssa.MapUpdate:
		addr, val, isMap = x.Map, x.Value, true
	case *ssa.Call:
		if a := atomicAddr(x.Common(), "CompareAndSwap"); a != nil {
			args := x.Common().Args
			if len(args) != 3 {
				return nil
			}
			addr, val = a, args[2]
		} else if a := atomicAddr(x.Common(), "Store"); a != nil && len(x.Common().Args) == 2 {
			addr, val = a, x.Common().Args[1]
		} else {
			return nil
		}
	default:
		return nil
	}
	isCur := func(v ssa.Value) bool { return c.readsAddr(v, addr, isMap) }
	// max(cur, new) stored back: the records are those of the other
	// arguments (the walk of leaves does not enter builtin calls).
	if call, ok := val.(*ssa.Call); ok {
		if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "max" {
			var recs []ssa.Value
			cur := false
			for _, a := range call.Call.Args {
				if isCur(a) {
					cur = true
				} else {
					recs = append(recs, c.offsetSources(a, in.Parent())...)
				}
			}
			if cur && len(recs) > 0 {
				return &maxUpdate{at: in, addr: addr, fn: in.Parent(), recs: recs}
			}
			return nil
		}
	}
	recs := c.offsetSources(val, in.Parent())
	if len(recs) == 0 {
		return nil
	}
	// A comparison of the new value with the current one that the write
	// needs: reachable from the branch where the new value is greater, not
	// from the other one (without evaluating the comparison again). Other
	// conditions may lead to the write too (`!ok || off > cur`: no value
	// yet).
	blk := in.Block()
	for _, b := range in.Parent().Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		var newLeft bool
		switch {
		case isCur(cmp.Y) && len(c.offsetSources(cmp.X, in.Parent())) > 0:
			newLeft = true
		case isCur(cmp.X) && len(c.offsetSources(cmp.Y, in.Parent())) > 0:
			newLeft = false
		default:
			continue
		}
		// Normalise to "new OP cur".
		op := cmp.Op
		if !newLeft {
			op = flip(op)
		}
		var greater, other *ssa.BasicBlock
		switch op {
		case token.GTR, token.GEQ:
			greater, other = b.Succs[0], b.Succs[1]
		case token.LSS, token.LEQ:
			greater, other = b.Succs[1], b.Succs[0]
		default:
			continue
		}
		if greater == other {
			continue
		}
		// The other branch may come back to the write in a later
		// iteration of a loop around both (`!ok || off > cur` read from
		// a channel in a loop): only through a block the comparison's
		// block needs first, which starts the evaluation again.
		again := func(x *ssa.BasicBlock) bool { return x.Dominates(b) }
		if ssaflow.ReachesBlock(greater, blk, func(x *ssa.BasicBlock) bool { return x == b }) && !ssaflow.ReachesBlock(other, blk, again) {
			return &maxUpdate{at: in, addr: addr, fn: in.Parent(), recs: recs}
		}
	}
	return nil
}

// soleStore returns the only store of a whole value into local variable
// a, when its other uses are field addresses (a struct variable read
// field by field), or nil.
func soleStore(a *ssa.Alloc) *ssa.Store {
	var out *ssa.Store
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != a || out != nil {
				return nil
			}
			out = r
		case *ssa.FieldAddr:
			for _, fr := range *r.Referrers() {
				if st, ok := fr.(*ssa.Store); ok && st.Addr == r {
					return nil // a field written: not the stored value any more
				}
			}
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	return out
}

func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// readsAddr reports whether v is the current value at addr: a load of the
// same variable or field, an atomic load of it, a map lookup of the same
// map.
func (c *checker) readsAddr(v ssa.Value, addr ssa.Value, isMap bool) bool {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.Extract:
			if lk, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
				v = lk // cur, ok := m[k]
				continue
			}
		case *ssa.Field:
			// The offset of a whole value kept (cur.Offset of a
			// TopicPartition stored as the maximum).
			v = x.X
			continue
		case *ssa.UnOp:
			// The same, cur being a local variable: a field of it
			// loaded, cur stored from the current value.
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				if a, ok := fa.X.(*ssa.Alloc); ok {
					if st := soleStore(a); st != nil {
						v = st.Val
						continue
					}
				}
				// A field of a pointer a map keeps (cur.Offset of
				// the *Record stored as the maximum).
				if isLookup(fa.X) {
					v = fa.X
					continue
				}
			}
		}
		break
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return !isMap && x.Op == token.MUL && c.sameAddr(x.X, addr)
	case *ssa.Call:
		a := atomicAddr(x.Common(), "Load")
		return !isMap && a != nil && c.sameAddr(a, addr)
	case *ssa.Lookup:
		return isMap && c.sameAddr(x.X, addr)
	}
	return false
}

// isLookup reports whether v is a map's value: m[k], or the value of
// v, ok := m[k].
func isLookup(v ssa.Value) bool {
	if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
		v = x.Tuple
	}
	_, ok := v.(*ssa.Lookup)
	return ok
}

// sameAddr reports whether two addresses (or maps) may denote the same
// variable: the same struct field (of any value of the struct type), or
// the same allocation, global or map.
func (c *checker) sameAddr(a, b ssa.Value) bool {
	fa, aField := a.(*ssa.FieldAddr)
	fb, bField := b.(*ssa.FieldAddr)
	if aField || bField {
		if !aField || !bField {
			return false
		}
		return sameField(ssaflow.FieldVar(fa), ssaflow.FieldVar(fb))
	}
	// Maps held in fields: loads of the same field.
	la, aLoad := a.(*ssa.UnOp)
	lb, bLoad := b.(*ssa.UnOp)
	if aLoad && bLoad && la.Op == token.MUL && lb.Op == token.MUL {
		if fa, ok := la.X.(*ssa.FieldAddr); ok {
			if fb, ok := lb.X.(*ssa.FieldAddr); ok {
				return sameField(ssaflow.FieldVar(fa), ssaflow.FieldVar(fb))
			}
		}
	}
	ra, rb := c.roots(a), c.roots(b)
	for _, x := range ra {
		switch x.(type) {
		case *ssa.Alloc, *ssa.Global, *ssa.MakeMap:
		default:
			continue
		}
		for _, y := range rb {
			if x == y {
				return true
			}
		}
	}
	return false
}
