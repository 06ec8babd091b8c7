package consumer

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Services often hide a client behind an interface of their own, with an
// adapter type that only forwards to it:
//
//	type Poller interface{ PollFetches(context.Context) Fetches }
//	type adapter struct{ cl *kgo.Client }
//	func (a adapter) PollFetches(ctx context.Context) Fetches { return a.cl.PollFetches(ctx) }
//
// and the loop calls p.PollFetches(ctx) on a Poller. When the adapter is
// the only type of the package that implements the interface and its
// method does nothing but forward its arguments to one client call on its
// own field and return what that call returns, a call of the interface
// method is that client call: delegated adds it to the model at the
// interface call, bound to the consumer the forwarded call is made on.
// (An interface the client type implements itself, with no type of the
// package implementing it, is clientmodel.StandsFor's.)

// delegated returns the calls of interface methods in the package that
// forward to one of the package's modelled calls (calls), in source order
// of the functions holding them.
func (b *builder) delegated(prog *ssa.Program, funcs []*ssa.Function, calls []*Call) []*Call {
	if len(calls) == 0 {
		return nil // nothing for an adapter to forward to
	}
	byInstr := map[ssa.CallInstruction]*Call{}
	for _, c := range calls {
		byInstr[c.Instr] = c
	}
	type forward struct {
		call  *Call
		field int
	}
	forwards := map[*types.Func]forward{} // interface method → the forwarded call; nil if none
	var out []*Call
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Common().IsInvoke() {
					continue
				}
				m := ci.Common().Method
				fw, seen := forwards[m]
				if !seen {
					fw.call, fw.field = b.forwardOf(prog, m, byInstr)
					forwards[m] = fw
				}
				if fw.call == nil {
					continue
				}
				out = append(out, &Call{CallRef: fw.call.CallRef, Instr: ci, Fn: fn, Forwarded: fw.call, field: fw.field})
			}
		}
	}
	return out
}

// forwardOf returns the modelled call that the interface method m stands
// for through the package's only implementation of its interface, and the
// implementation's field it is made on; nil if none.
func (b *builder) forwardOf(prog *ssa.Program, m *types.Func, byInstr map[ssa.CallInstruction]*Call) (*Call, int) {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || m.Pkg() == nil || b.ix.IsClientPath(m.Pkg().Path()) {
		return nil, 0
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil, 0
	}
	t := b.onlyImplementation(iface)
	if t == nil {
		return nil, 0
	}
	fn := method(prog, t, m.Name())
	if fn == nil || !b.flow.InPackage(fn) {
		return nil, 0
	}
	return forwarded(fn, byInstr)
}

// forwarded returns the modelled call fn only forwards to, and the field
// of fn's receiver it is made on: fn has one block, its one call is that
// modelled call, made on the field with fn's other parameters as its
// arguments in order, and fn returns that call's results (converted to an
// interface at most; a commit, mark or store may return part of them, or
// constants); otherwise nil.
func forwarded(fn *ssa.Function, byInstr map[ssa.CallInstruction]*Call) (*Call, int) {
	if fn == nil || len(fn.Blocks) != 1 || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return nil, 0
	}
	var call *Call
	var ret *ssa.Return
	for _, instr := range fn.Blocks[0].Instrs {
		switch in := instr.(type) {
		case ssa.CallInstruction:
			if call != nil || byInstr[in] == nil {
				return nil, 0
			}
			call = byInstr[in]
		case *ssa.Return:
			ret = in
		case *ssa.Store:
			// The receiver kept in a local (a value receiver whose
			// field is addressed), or an argument packed into the
			// variadic slice (checked with the arguments).
			if _, packed := in.Addr.(*ssa.IndexAddr); in.Val != fn.Params[0] && !packed {
				return nil, 0
			}
		case *ssa.Alloc, *ssa.Field, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice, *ssa.UnOp, *ssa.MakeInterface,
			*ssa.ChangeInterface, *ssa.Extract, *ssa.DebugRef:
		default:
			return nil, 0
		}
	}
	if call == nil || ret == nil {
		return nil, 0
	}
	cc := call.Instr.Common()
	field, ok := receiverField(ssaflow.Recv(cc), fn.Params[0])
	if !ok {
		return nil, 0
	}
	params := fn.Params[1:]
	n := len(cc.Args)
	if !cc.IsInvoke() {
		n-- // the receiver
	}
	k := 0 // params forwarded so far
	for j := range n {
		a := ssaflow.Arg(cc, j)
		switch {
		case k < len(params) && a == params[k]:
			k++
		case j == n-1 && cc.Signature().Variadic() && packs(a, params[k:]):
			k = len(params)
		default:
			return nil, 0
		}
	}
	if k != len(params) {
		return nil, 0
	}
	v, ok := call.Instr.(ssa.Value)
	if !ok {
		return nil, 0
	}
	// A fetch returns what the client's returns, in its order; a commit,
	// mark or store may return its error alone, or nothing of it.
	position := call.Role != clientmodel.Fetch && call.Role != clientmodel.FetchCommit
	for i, r := range ret.Results {
		if resultOf(r, v, i, len(ret.Results)) {
			continue
		}
		if _, ok := r.(*ssa.Const); ok && position {
			continue
		}
		if ex, ok := r.(*ssa.Extract); ok && ex.Tuple == v && position {
			continue
		}
		return nil, 0
	}
	return call, field
}

// receiverField returns the index of the field of recv (a method's
// receiver) that v is read from: recv.f, (*recv).f, or the f of the local
// copy of a value receiver.
func receiverField(v, recv ssa.Value) (int, bool) {
	switch x := v.(type) {
	case *ssa.Field:
		return x.Field, x.X == recv
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok {
			return 0, false
		}
		if fa.X == recv {
			return fa.Field, true
		}
		// A value receiver kept in a local: t0 = local T; *t0 = recv.
		if a, ok := fa.X.(*ssa.Alloc); ok {
			for _, ref := range *a.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == a && st.Val == recv {
					return fa.Field, true
				}
			}
		}
	}
	return 0, false
}

// adapted returns the consumer a call through an adapter (call.Forwarded)
// is made on: the one whose client the adapter values the call's receiver
// may be were built with (heldRoots); nil if no single consumer fits.
func (m *Model) adapted(call *Call) *Consumer {
	held := m.heldRoots(call)
	var found *Consumer
	for _, c := range m.Consumers {
		if c.Client != call.Client || c.identity == nil || !ssaflow.Intersects(held, []ssa.Value{c.identity}) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// heldRoots returns the roots of the clients held by the adapter values
// the receiver of a call through an adapter may be, each a composite
// literal of the package; nil if a value may come from elsewhere (another
// implementation of an exported interface).
func (m *Model) heldRoots(call *Call) []ssa.Value {
	var held []ssa.Value
	for _, r := range m.Flow.Roots(call.Recv()) {
		a, ok := r.(*ssa.Alloc)
		if !ok {
			return nil
		}
		for _, ref := range *a.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.Field != call.field {
				continue
			}
			for _, st := range *fa.Referrers() {
				if st, ok := st.(*ssa.Store); ok && st.Addr == fa {
					held = append(held, m.clientRoots(st.Val)...)
				}
			}
		}
	}
	return held
}

// packs reports whether v is the slice a variadic call packs ps into, in
// order: f(a, b) for f(xs ...T).
func packs(v ssa.Value, ps []*ssa.Parameter) bool {
	sl, ok := v.(*ssa.Slice)
	if !ok || len(ps) == 0 {
		return false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	stored := map[int64]ssa.Value{}
	for _, ref := range *arr.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		idx, ok := ia.Index.(*ssa.Const)
		if !ok {
			return false
		}
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
				stored[idx.Int64()] = st.Val
			}
		}
	}
	if len(stored) != len(ps) {
		return false
	}
	for i, p := range ps {
		if stored[int64(i)] != p {
			return false
		}
	}
	return true
}

// resultOf reports whether r is result i (of n) of call, converted to an
// interface at most.
func resultOf(r, call ssa.Value, i, n int) bool {
	if x, ok := ssaflow.Unconvert(r).(*ssa.Extract); ok {
		return n > 1 && x.Tuple == call && x.Index == i
	}
	return n == 1 && ssaflow.Unconvert(r) == call
}

// sortCalls puts calls in source order.
func sortCalls(calls []*Call) {
	slices.SortStableFunc(calls, func(a, b *Call) int { return int(a.Pos()) - int(b.Pos()) })
}
