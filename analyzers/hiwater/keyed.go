package hiwater

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// keyedArrival returns an arrival-order finding when the record written
// is looked up by a key received from a channel (pending.LoadAndDelete(id)
// of a sync.Map, or pending[id] of a map, id ranging over acks) that the
// workers of a pool send to, the key computed from what each worker
// received from the channel they share: the keys arrive, and the records
// are written, in the order the workers finish them (pipelaner's
// MarkOnSuccess).
func (c *checker) keyedArrival(call *consumer.Call, arg ssa.Value) *finding {
	for _, r := range append([]ssa.Value{arg}, c.leavesOf(arg).recs...) {
		if key := lookupKey(r); key != nil {
			if f := c.keyedBy(call, key); f != nil {
				return f
			}
		}
	}
	return nil
}

// keyedBy returns keyedArrival's finding for a record looked up by key.
func (c *checker) keyedBy(call *consumer.Call, key ssa.Value) *finding {
	kind, ch := c.origin(call.Fn, key)
	if kind != originRecv {
		return nil
	}
	roots := c.roots(ch)
	for _, send := range c.sends {
		if send.Parent() == call.Fn || !ssaflow.Intersects(c.roots(send.Chan), roots) {
			continue
		}
		k, in := c.origin(send.Parent(), send.X)
		if k != originRecv {
			continue
		}
		var s *site
		for _, l := range c.launches[send.Parent()] {
			if c.isPool(l, in) {
				s = &site{kind: pool, l: l}
				break
			}
		}
		if s == nil {
			if l := c.multiPool(send.Parent(), in); l != nil {
				s = &site{kind: pool, l: l}
			}
		}
		if s == nil {
			continue
		}
		return &finding{call: call, category: CategoryArrival, site: s,
			related: []analysis.RelatedInformation{
				{Pos: send.Pos(), Message: "keys of completed records sent here, in completion order"},
				c.siteRelated(s),
			}}
	}
	return nil
}

// lookupKey returns the key a record value is looked up by: the key of
// a sync.Map's Load or LoadAndDelete whose value is asserted to the
// record, or the index of a map lookup; or nil.
func lookupKey(v ssa.Value) ssa.Value {
	for depth := 0; depth < ssaflow.MaxValueDepth; depth++ {
		switch x := v.(type) {
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			v = x.X
		case *ssa.Extract:
			if x.Index != 0 {
				return nil
			}
			v = x.Tuple
		case *ssa.Lookup:
			if _, ok := x.X.Type().Underlying().(*types.Map); !ok {
				return nil
			}
			return x.Index
		case *ssa.Call:
			callee := x.Call.StaticCallee()
			if callee == nil {
				return nil
			}
			fn, _ := callee.Object().(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" || len(x.Call.Args) != 2 {
				return nil
			}
			if fn.Name() != "Load" && fn.Name() != "LoadAndDelete" {
				return nil
			}
			if recv := fn.Signature().Recv(); recv == nil || !isSyncMap(recv.Type()) {
				return nil
			}
			return x.Call.Args[1]
		default:
			return nil
		}
	}
	return nil
}

func isSyncMap(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Map"
}
