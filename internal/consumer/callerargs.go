package consumer

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A setting often comes from a field of the configuration the caller
// passes: a framework's CreateConsumer(cfg ConsumerConfig, ...) copies
// cfg.AutoCommit into the client's configuration. When every call of the
// function is in sight (it cannot be called from another package, nor
// used as a value) and each passes a struct made on the spot, the field's
// value is the one every caller gives: the constant stored in it, or the
// zero value when the literal leaves it out.

// fromCallers returns the boolean constant the field v reads (cfg.F of a
// parameter, a struct or a pointer to one, or of the receiver) has at
// every call of its function, and whether there is one.
func (b *builder) fromCallers(v ssa.Value) (on, known bool) {
	return b.callersAgree(v, func(c constant.Value) (bool, bool) {
		if c == nil {
			return false, true // the zero value
		}
		if c.Kind() != constant.Bool {
			return false, false
		}
		return constant.BoolVal(c), true
	})
}

// zeroFromCallers is fromCallers for a field of another type: whether it
// is the zero value (left out, 0, "") at every call of its function
// (zero), or not at any (a constant other than zero), and whether that
// is known (CommitInterval: cfg.CommitInterval, every caller passing 0).
func (b *builder) zeroFromCallers(v ssa.Value) (zero, known bool) {
	return b.callersAgree(v, func(c constant.Value) (bool, bool) { return zeroConst(c), true })
}

// zeroConst reports whether c (nil: a nil or left out) is its type's zero
// value: nil, 0 or "".
func zeroConst(c constant.Value) bool {
	return c == nil || isZeroNumber(c) || c.ExactString() == `""`
}

// callersAgree returns what of reads from the constant each call of v's
// function stores in the field v reads (nil: the zero value, left out of
// the literal), when every call is in sight and they all agree.
func (b *builder) callersAgree(v ssa.Value, of func(constant.Value) (bool, bool)) (bool, bool) {
	p, field, ok := paramField(ssaflow.Unconvert(v))
	if !ok {
		// The parameter itself (CommitInterval: every, of a
		// NewReader(brokers, every) wrapper: audit 34e/D7).
		if p = param(ssaflow.Unconvert(v)); p == nil {
			return false, false
		}
		field = -1
	}
	fn := p.Parent()
	sites := b.flow.Callers(fn)
	if len(sites) == 0 || !closed(b.flow, fn, len(sites)) || field >= 0 && writesField(fn, p, field) {
		return false, false
	}
	i := slices.Index(fn.Params, p)
	var val *bool
	for _, site := range sites {
		com := site.Common()
		args := com.Args
		if com.IsInvoke() || i >= len(args) {
			return false, false
		}
		c, ok := argConst(args[i])
		if field >= 0 {
			c, ok = storedConst(site, args[i], field)
		}
		if !ok {
			return false, false
		}
		x, ok := of(c)
		if !ok || val != nil && *val != x {
			return false, false
		}
		val = &x
	}
	return *val, true
}

// argConst returns the constant a call passes (nil for a nil or the zero
// value written as such), and whether it passes one.
func argConst(a ssa.Value) (constant.Value, bool) {
	if a == nil {
		return nil, false
	}
	c, ok := ssaflow.Unconvert(a).(*ssa.Const)
	if !ok {
		return nil, false
	}
	return c.Value, true
}

// paramField returns the parameter and field index v reads: p.F of a
// struct parameter (a Field, or a load through the local the parameter is
// spilled to), or p.F of a pointer one.
func paramField(v ssa.Value) (*ssa.Parameter, int, bool) {
	switch x := v.(type) {
	case *ssa.Field:
		if p := param(x.X); p != nil {
			return p, x.Field, true
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			if p := param(fa.X); p != nil {
				return p, fa.Field, true
			}
			if spill, ok := fa.X.(*ssa.Alloc); ok {
				if p := spilled(spill); p != nil {
					return p, fa.Field, true
				}
			}
		}
	}
	return nil, 0, false
}

// param returns v's parameter: v itself, or a load of the local it is
// spilled to.
func param(v ssa.Value) *ssa.Parameter {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return spilled(a)
		}
	}
	return nil
}

// spilled returns the parameter a local holds when the local is only its
// spill: stored once with the parameter, otherwise only read.
func spilled(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, ref := range *a.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			q, ok := x.Val.(*ssa.Parameter)
			if !ok || p != nil || x.Addr != a {
				return nil
			}
			p = q
		case *ssa.FieldAddr:
			for _, r := range *x.Referrers() {
				switch r.(type) {
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return nil // a field written, or its address handed on
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return p
}

// closed reports whether the n static calls the package makes of fn are
// all its calls: it cannot be called from another package (unexported,
// a method of an unexported type, or in package main), and nothing in the
// package takes it as a value.
func closed(flow *ssaflow.Flow, fn *ssa.Function, n int) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil {
		return false
	}
	if obj.Exported() && fn.Pkg.Pkg.Name() != "main" {
		recv := fn.Signature.Recv()
		if recv == nil {
			return false
		}
		if named, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named); !ok || named.Obj().Exported() {
			return false
		}
	}
	refs := 0
	for _, f := range flow.Funcs() {
		for _, blk := range f.Blocks {
			for _, in := range blk.Instrs {
				var ops [8]*ssa.Value
				for _, op := range in.Operands(ops[:0]) {
					if *op == fn {
						refs++
					}
				}
			}
		}
	}
	return refs == n
}

// writesField reports whether fn stores into field of its parameter p
// (a pointer to a struct: if c.Interval == 0 { c.Interval = time.Second
// }), or hands the pointer to a call that may: what the callers pass is
// not what it reads.
func writesField(fn *ssa.Function, p *ssa.Parameter, field int) bool {
	if _, ptr := p.Type().Underlying().(*types.Pointer); ptr && p.Referrers() != nil {
		for _, u := range *p.Referrers() {
			if _, ok := u.(ssa.CallInstruction); ok {
				return true // handed to a call, which may set it (cfg.defaults())
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.Field == field && ssaflow.Unconvert(fa.X) == ssa.Value(p) {
				return true
			}
		}
	}
	return false
}

// storedConst returns the constant the field at index field of the struct
// arg has at the call site (nil for the zero value): arg is a struct
// loaded from (or a pointer to) a local allocation that nothing else
// writes or hands on, its field stored once with a constant before the
// call on every path, or never (the zero value).
func storedConst(site ssa.CallInstruction, arg ssa.Value, field int) (constant.Value, bool) {
	v, ok := storedValue(site, arg, field)
	if !ok || v == nil {
		return nil, ok
	}
	c, ok := v.(*ssa.Const)
	if !ok {
		return nil, false
	}
	return c.Value, true // nil for a nil constant: the zero value
}

// storedValue is storedConst for a value of any kind: the one stored in
// the field before the call on every path, or nil when none is (the zero
// value).
func storedValue(site ssa.CallInstruction, arg ssa.Value, field int) (ssa.Value, bool) {
	arg = ssaflow.Unconvert(arg)
	if ld, ok := arg.(*ssa.UnOp); ok && ld.Op == token.MUL {
		arg = ld.X
	}
	alloc, ok := arg.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var stores []*ssa.Store
	for _, ref := range *alloc.Referrers() {
		switch x := ref.(type) {
		case *ssa.FieldAddr:
			if x.Field != field {
				continue
			}
			for _, r := range *x.Referrers() {
				switch y := r.(type) {
				case *ssa.Store:
					if y.Addr != x {
						return nil, false // the field's address stored
					}
					stores = append(stores, y)
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return nil, false // its address handed on
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
			// a read
		default:
			if ref != site {
				return nil, false // written whole, or handed to other code
			}
		}
	}
	switch len(stores) {
	case 0:
		return nil, true // the zero value
	case 1:
		if ssaflow.Dominates(stores[0], site) {
			return stores[0].Val, true
		}
	}
	return nil, false
}

// CallerValues returns the values the callers of v's function pass for
// v, a parameter or a field of a struct parameter (the revoke callback
// of newClient(cfg, hooks{revoked: onRevoked}), kgo.OnPartitionsRevoked(
// h.revoked): audit 34c/D5), when every call is in sight and each passes
// one (a struct made on the spot, its field stored once); nil otherwise.
func CallerValues(flow *ssaflow.Flow, v ssa.Value) []ssa.Value {
	p, field, ok := paramField(ssaflow.Unconvert(v))
	if !ok {
		if p = param(ssaflow.Unconvert(v)); p == nil {
			return nil
		}
		field = -1
	}
	fn := p.Parent()
	sites := flow.Callers(fn)
	if len(sites) == 0 || !closed(flow, fn, len(sites)) || field >= 0 && writesField(fn, p, field) {
		return nil
	}
	i := slices.Index(fn.Params, p)
	var out []ssa.Value
	for _, site := range sites {
		com := site.Common()
		if com.IsInvoke() || i >= len(com.Args) {
			return nil
		}
		a := com.Args[i]
		if field >= 0 {
			if a, ok = storedValue(site, a, field); !ok || a == nil {
				return nil
			}
		}
		out = append(out, a)
	}
	return out
}
