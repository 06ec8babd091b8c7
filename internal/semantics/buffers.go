package semantics

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Buffer is where the consumer's code keeps records beyond the call that
// received them (see Evidence.Buffered).
type Buffer struct {
	Where string // "field pending of batcher", "package variable queue"
	Pos   token.Position
}

// buffered returns the first place in the consumer's functions where
// records are kept in a struct field or a package variable, whose
// contents outlive the handler that stores them (a buffer flushed
// elsewhere, on a size or a timer): the analysis does not follow them to
// their processing. A map kept there and keyed by the records' payload (a
// total per key, written out on a timer) is one too. Records kept in a
// local or captured variable, or in a struct the function builds, are not
// buffers.
func (g *gatherer) buffered() Buffer {
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				var addr, val ssa.Value
				aggregate := false
				if call, ok := in.(*ssa.Call); ok {
					// Record data written into a value held in a field
					// through its method (p.in.Write(m.Value), a decoder's
					// input buffer; a sync.Map field's Store): the field
					// keeps it.
					// A number (an offset kept in an atomic.Int64 field)
					// is no record data, unless the payload's (a total
					// of the values parsed from it).
					cc := call.Common()
					data := func(a ssa.Value) bool { return g.recordData(a) && (!numeric(a) || g.payloadData(a)) }
					if fa, ok := ssaflow.Recv(cc).(*ssa.FieldAddr); ok && !cc.IsInvoke() && len(cc.Args) > 1 && !embedded(fa) && slices.ContainsFunc(cc.Args[1:], data) {
						if where := g.outliving(fa); where != "" {
							return Buffer{Where: where, Pos: g.posn(in.Pos())}
						}
					}
					// A function of another package that keeps what it is
					// given in a field or a package variable (a batcher's
					// Add buffering the payload: handsoff.KeepsFact).
					if where := g.keptAway(cc, data); where != "" {
						return Buffer{Where: where, Pos: g.posn(in.Pos())}
					}
					continue
				}
				switch in := in.(type) {
				case *ssa.Store:
					addr, val = in.Addr, in.Val
				case *ssa.MapUpdate:
					addr, val = in.Map, in.Value
					// A total kept per key of the payload (counts[string(msg.Key)]
					// += n): the records' effect, written out later.
					aggregate = g.payloadData(in.Key)
				default:
					continue
				}
				if _, basic := val.Type().Underlying().(*types.Basic); !aggregate && (basic || isError(val.Type()) || errorList(val.Type()) || !carriesRecords(val.Type()) && !g.recordData(val)) {
					continue // a scalar (an offset kept), a failure or a list of them kept (p.failed = err), is no buffer
				}
				if _, reset := val.(*ssa.Const); reset {
					continue // b.buf = nil keeps nothing
				}
				if where := g.outliving(addr); where != "" {
					return Buffer{Where: where, Pos: g.posn(in.Pos())}
				}
				if where := g.sharedLocal(addr, fn, val); where != "" {
					return Buffer{Where: where, Pos: g.posn(in.Pos())}
				}
				if mu, ok := in.(*ssa.MapUpdate); ok && g.keyedBatches(mu) {
					return Buffer{Where: "a map of record batches keyed by other than their partition", Pos: g.posn(in.Pos())}
				}
			}
		}
	}
	return Buffer{}
}

// keptAway describes where a function of another package that cc calls
// keeps the record data (data) it is given (handsoff.KeepsFact); "" when
// it keeps none.
func (g *gatherer) keptAway(cc *ssa.CallCommon, data func(ssa.Value) bool) string {
	callee := ssaflow.Callee(cc)
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == g.pass.Pkg {
		return ""
	}
	if a, ok := ssaflow.Recv(cc).(*ssa.Alloc); ok && ssaflow.InLoop(a.Block()) {
		return "" // a value made for each record (a bytes.Buffer of the iteration) keeps nothing across records
	}
	f, ok := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Keeps(callee)
	if !ok {
		return ""
	}
	for _, i := range f.Params {
		if a := ssaflow.Arg(cc, i); a != nil && data(a) {
			return f.Where + " (" + callee.Pkg().Name() + "." + callee.Name() + ")"
		}
	}
	return ""
}

// numeric reports whether v, or the value an interface conversion makes
// v from, is a number or a bool.
func numeric(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsBoolean) != 0
}

// keyedBatches reports whether mu files records into a map the function
// makes outside the loop filling it (batches kept across records: a
// batch per time bucket), keyed by other than their partition: a
// position written for one key's batch passes the records of its
// partition that other keys' batches still hold.
func (g *gatherer) keyedBatches(mu *ssa.MapUpdate) bool {
	mm, ok := mu.Map.(*ssa.MakeMap)
	if !ok || !ssaflow.InLoop(mu.Block()) || ssaflow.InLoop(mm.Block()) || !carriesRecords(mu.Value.Type()) {
		return false
	}
	if _, lane := mu.Value.Type().Underlying().(*types.Chan); lane {
		return false // a lane to a worker (hiwater's)
	}
	partition := false
	ssaflow.Derives(mu.Key, func(v ssa.Value) bool {
		var f *types.Var
		switch x := v.(type) {
		case *ssa.FieldAddr:
			f = ssaflow.FieldVar(x)
		case *ssa.Field:
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
				f = st.Field(x.Field)
			}
		}
		partition = partition || f != nil && f.Name() == "Partition"
		return partition
	})
	return !partition
}

// outliving describes addr when it is a struct field or a package
// variable (or an element of a slice or map held in one), other than a
// field of a struct the storing function allocates; else it returns "".
func (g *gatherer) outliving(addr ssa.Value) string {
	for range ssaflow.MaxValueDepth {
		switch a := addr.(type) {
		case *ssa.Global:
			return "package variable " + a.Name()
		case *ssa.IndexAddr:
			addr = a.X
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return ""
			}
			addr = a.X
		case *ssa.FieldAddr:
			if _, local := a.X.(*ssa.Alloc); local {
				return "" // a struct the function builds
			}
			v := ssaflow.FieldVar(a)
			if v == nil {
				return ""
			}
			owner := types.TypeString(ssaflow.Deref(a.X.Type()), func(*types.Package) string { return "" })
			return "field " + v.Name() + " of " + owner
		default:
			return ""
		}
	}
	return ""
}

// sharedLocal describes the local variable addr stores records into
// (val, an append of them) (its cell,
// or the free variable of a literal capturing it), from a function
// storer, when a goroutine started by the function declaring it (a go
// statement's literal) other than storer or one running it captures and
// reads it, and writes no position itself: records appended there under
// a lock are taken by the goroutine on a tick (trial 46a/D5, OpenIM's
// ConsumeClaim marking as it appends: 220 of 300 lost), out of the
// analysis's sight; "" otherwise. A goroutine marking what it took once
// written is followed there (its twin).
func (g *gatherer) sharedLocal(addr ssa.Value, storer *ssa.Function, val ssa.Value) string {
	if !g.appendsRecords(val) {
		return ""
	}
	for range ssaflow.MaxValueDepth {
		switch a := addr.(type) {
		case *ssa.IndexAddr:
			addr = a.X
			continue
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return ""
			}
			addr = a.X
			continue
		case *ssa.FreeVar:
			bound := ssaflow.BoundTo(a)
			if len(bound) != 1 {
				return ""
			}
			addr = bound[0]
			continue
		case *ssa.Alloc:
			if !a.Heap {
				return ""
			}
			for _, r := range *a.Referrers() {
				mc, ok := r.(*ssa.MakeClosure)
				if !ok || !goStarted(mc) {
					continue
				}
				lit := mc.Fn.(*ssa.Function)
				if ssaflow.Within(storer, lit) || slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool { return ssaflow.Within(c.Fn, lit) }) {
					continue // the goroutine stores it itself, or writes positions
				}
				i := slices.Index(mc.Bindings, ssa.Value(a))
				if i >= 0 && i < len(lit.FreeVars) && slices.ContainsFunc(*lit.FreeVars[i].Referrers(), func(x ssa.Instruction) bool {
					u, ok := x.(*ssa.UnOp)
					return ok && u.Op == token.MUL
				}) {
					return "variable " + a.Comment + " shared with a goroutine"
				}
			}
		}
		return ""
	}
	return ""
}

// appendsRecords reports whether v is an append of record data
// (append(buf, msg)).
func (g *gatherer) appendsRecords(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" || len(call.Call.Args) < 2 {
		return false
	}
	return g.recordData(call.Call.Args[1])
}

// goStarted reports whether the closure mc is started by a go statement.
func goStarted(mc *ssa.MakeClosure) bool {
	return slices.ContainsFunc(*mc.Referrers(), func(r ssa.Instruction) bool {
		g, ok := r.(*ssa.Go)
		return ok && g.Call.Value == mc
	})
}

// embedded reports whether fa addresses an embedded field: a method
// promoted from it (testing.T's Fatalf, through its common) is the outer
// value's, not a container held in a field.
func embedded(fa *ssa.FieldAddr) bool {
	st, ok := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
	return ok && fa.Field < st.NumFields() && st.Field(fa.Field).Embedded()
}
