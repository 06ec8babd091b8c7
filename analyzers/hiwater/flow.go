package hiwater

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// launch is a place where a function starts running concurrently with its
// caller: a go statement, or a function passed to errgroup's (*Group).Go.
type launch struct {
	instr ssa.CallInstruction // *ssa.Go, or the *ssa.Call of (*errgroup.Group).Go
	group bool
	fn    *ssa.Function    // the function started
	mc    *ssa.MakeClosure // the closure started, or nil for a named function
	args  []ssa.Value      // the values bound to fn's parameters (go only)
	recv  ssa.Value        // the *errgroup.Group (group only)
}

// siteKind is how records end up being processed concurrently.
type siteKind int

const (
	// perRecord: a goroutine (or errgroup function) started for each record.
	perRecord siteKind = iota + 1
	// pool: several goroutines started in a loop receive records from one
	// channel.
	pool
	// lanes: goroutines started in a loop receive records from a channel
	// each, a lane, that the records of a partition are spread over.
	lanes
)

// site is where a record's processing became concurrent with the
// processing of other records of the same partition.
type site struct {
	kind siteKind
	l    *launch
	// send is where the records are spread over the lanes: the arrow of a
	// send statement or of a select's send case (lanes only).
	send token.Pos
	// fetch is where each goroutine of a pool fetches its records from the
	// consumer they share (sharedfetch.go), or invalid for a pool sharing
	// one channel.
	fetch token.Pos
	// ch is the channel a pool's workers receive from, when known.
	ch ssa.Value
}

func (s *site) spawner() *ssa.Function { return s.l.instr.Parent() }

// leaves are what a value is computed from, as far as the walk goes
// without entering calls: records (values of a client record type), other
// parameters, captured variables and received values (which a goroutine
// may have been given), and the addresses of loads of variables, fields,
// atomics and maps (where a maximum may have been kept).
type leaves struct {
	recs    []ssa.Value
	scalars []ssa.Value
	loads   []ssa.Value
	// minRanged is set when the value is bounded by the builtin min of
	// an element or key a range yields (low = min(low, off) over the
	// offsets in flight).
	minRanged bool
}

func (l *leaves) any() []ssa.Value {
	return append(append([]ssa.Value(nil), l.recs...), l.scalars...)
}

// walker computes leaves.
type walker struct {
	c    *checker
	out  leaves
	seen map[ssa.Value]bool
}

func (c *checker) leavesOf(v ssa.Value) leaves {
	w := &walker{c: c, seen: map[ssa.Value]bool{}}
	w.value(v, 0)
	return w.out
}

func (w *walker) value(v ssa.Value, depth int) {
	if v == nil || w.seen[v] || depth > ssaflow.MaxValueDepth {
		return
	}
	w.seen[v] = true
	if w.c.isRecord(v.Type()) && !isLiteral(v) {
		w.out.recs = append(w.out.recs, v)
		if m := rangedMap(v); m != nil {
			// A record a map keeps (the highest done per partition).
			w.out.loads = append(w.out.loads, m)
		}
		return
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			w.value(e, depth+1)
		}
	case *ssa.BinOp:
		w.value(x.X, depth+1)
		w.value(x.Y, depth+1)
	case *ssa.UnOp:
		switch x.Op {
		case token.MUL:
			n := len(w.out.recs)
			w.addr(x.X, depth+1)
			if len(w.out.recs) == n {
				w.out.loads = append(w.out.loads, x.X)
				if _, ok := x.X.(*ssa.FreeVar); ok {
					w.out.scalars = append(w.out.scalars, x.X)
				}
			}
		case token.ARROW:
			w.out.scalars = append(w.out.scalars, x)
		default:
			w.value(x.X, depth+1)
		}
	case *ssa.Convert:
		w.value(x.X, depth+1)
	case *ssa.ChangeType:
		w.value(x.X, depth+1)
	case *ssa.MakeInterface:
		w.value(x.X, depth+1)
	case *ssa.TypeAssert:
		w.value(x.X, depth+1)
	case *ssa.Field:
		w.value(x.X, depth+1)
	case *ssa.Index:
		w.value(x.X, depth+1)
	case *ssa.Slice:
		if a, ok := x.X.(*ssa.Alloc); ok {
			w.addr(a, depth+1)
		} else {
			w.value(x.X, depth+1)
		}
	case *ssa.Alloc:
		w.addr(x, depth+1)
	case *ssa.MakeMap:
		for _, ref := range *x.Referrers() {
			if mu, ok := ref.(*ssa.MapUpdate); ok && mu.Map == x {
				w.value(mu.Value, depth+1)
			}
		}
	case *ssa.Lookup:
		if _, isMap := x.X.Type().Underlying().(*types.Map); isMap {
			w.out.loads = append(w.out.loads, x.X)
		} else {
			w.value(x.X, depth+1)
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.UnOp:
			if t.Op == token.ARROW {
				w.out.scalars = append(w.out.scalars, x)
			}
		case *ssa.Next:
			if m := rangedMap(x); m != nil {
				w.out.loads = append(w.out.loads, m)
			}
		}
	case *ssa.Call:
		if a := atomicAddr(x.Common(), "Load"); a != nil {
			w.out.loads = append(w.out.loads, a)
			return
		}
		if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "min" && slices.ContainsFunc(x.Call.Args, ranged) {
			w.out.minRanged = true
			return
		}
		if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
			// A batch gathered from where the positions are kept.
			for _, a := range x.Call.Args {
				w.value(a, depth+1)
			}
			return
		}
		// A position the client computes from records
		// (kadm.OffsetsFromRecords(*r)): theirs.
		if clientmodel.Default.OffsetsFrom(ssaflow.Callee(x.Common())) {
			for _, a := range x.Call.Args {
				w.value(a, depth+1)
			}
			return
		}
		// The result of a helper or method of the package (a position
		// kept by p.finished(off)): what it returns.
		if fn := ssaflow.Body(x.Call.StaticCallee()); fn != nil && w.c.m.Flow.InPackage(fn) && depth < ssaflow.MaxValueDepth {
			for _, b := range fn.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
					w.value(ret.Results[0], depth+1)
				}
			}
		}
	case *ssa.Parameter, *ssa.FreeVar:
		w.out.scalars = append(w.out.scalars, x)
	}
}

// rangedMap returns the map v is a key or value of, as a range over it
// yields them; nil if none.
func rangedMap(v ssa.Value) ssa.Value {
	x, ok := v.(*ssa.Extract)
	if !ok {
		return nil
	}
	next, ok := x.Tuple.(*ssa.Next)
	if !ok {
		return nil
	}
	r, ok := next.Iter.(*ssa.Range)
	if !ok {
		return nil
	}
	if _, isMap := r.X.Type().Underlying().(*types.Map); !isMap {
		return nil
	}
	return r.X
}

// addr walks what is stored at an address: a record variable or field, a
// composite literal's fields (only Offset when the struct has one, so that
// topic and partition do not count), the elements of a literal slice.
func (w *walker) addr(a ssa.Value, depth int) {
	if a == nil || w.seen[a] || depth > ssaflow.MaxValueDepth {
		return
	}
	w.seen[a] = true
	if w.c.isRecord(a.Type()) {
		// A pointer record (*sarama.ConsumerMessage): its fields.
		w.out.recs = append(w.out.recs, a)
		return
	}
	switch x := a.(type) {
	case *ssa.FieldAddr:
		w.addr(x.X, depth+1)
	case *ssa.IndexAddr:
		if _, ok := x.X.(*ssa.Alloc); ok {
			w.addr(x.X, depth+1)
		}
	case *ssa.FreeVar:
		if p, ok := x.Type().Underlying().(*types.Pointer); ok && w.c.isRecord(p.Elem()) {
			w.out.recs = append(w.out.recs, x)
		}
	case *ssa.Alloc:
		w.literal(x, depth+1)
	}
}

// literal walks the values stored into a local variable or literal.
func (w *walker) literal(a ssa.Value, depth int) {
	if depth > ssaflow.MaxValueDepth {
		return
	}
	offsetField := -1
	if st, ok := ssaflow.Deref(a.Type()).Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == "Offset" {
				offsetField = i
			}
		}
	}
	// A store to the Offset field overrides the Offset of a whole value
	// stored before (tp := msg.TopicPartition; tp.Offset = next).
	offsetStored := false
	if offsetField >= 0 {
		for _, ref := range *a.Referrers() {
			if fa, ok := ref.(*ssa.FieldAddr); ok && fa.X == a && fa.Field == offsetField {
				for _, rr := range *fa.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && !incremented(st.Val, a, offsetField) {
						offsetStored = true
					}
				}
			}
		}
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == a && !offsetStored {
				w.value(r.Val, depth+1)
			}
		case *ssa.FieldAddr:
			if r.X == a && (offsetField < 0 || r.Field == offsetField) {
				w.literal(r, depth+1)
			}
		case *ssa.IndexAddr:
			if r.X == a {
				w.literal(r, depth+1)
			}
		}
	}
}

// incremented reports whether v is field f of the variable a plus or
// minus something (tp.Offset++, tp.Offset += 1): the field keeps the
// stored value's offset, moved by a constant step.
func incremented(v ssa.Value, a ssa.Value, f int) bool {
	b, ok := v.(*ssa.BinOp)
	if !ok || b.Op != token.ADD && b.Op != token.SUB {
		return false
	}
	if _, ok := b.Y.(*ssa.Const); !ok {
		return false
	}
	ld, ok := b.X.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	return ok && fa.X == a && fa.Field == f
}

// isLiteral reports whether v is the load of a composite literal built in
// place (whose fields are stored one by one).
func isLiteral(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	a, ok := u.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, ref := range *a.Referrers() {
		if fa, ok := ref.(*ssa.FieldAddr); ok && fa.X == a {
			return true
		}
	}
	return false
}

// atomicAddr returns the address an atomic operation named op works on:
// the receiver of (*sync/atomic.Int64).Load, the first argument of
// atomic.LoadInt64. It returns nil for other calls.
func atomicAddr(cc *ssa.CallCommon, op string) ssa.Value {
	fn := ssaflow.Callee(cc)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		if fn.Name() == op && len(cc.Args) > 0 {
			return cc.Args[0]
		}
		return nil
	}
	if strings.HasPrefix(fn.Name(), op) && len(cc.Args) > 0 {
		return cc.Args[0]
	}
	return nil
}

// ranged reports whether v is computed from an element or key a range
// over a map or slice yields.
func ranged(v ssa.Value) bool {
	return ssaflow.Derives(v, func(x ssa.Value) bool {
		ex, ok := x.(*ssa.Extract)
		if !ok {
			return false
		}
		_, next := ex.Tuple.(*ssa.Next)
		return next
	})
}
