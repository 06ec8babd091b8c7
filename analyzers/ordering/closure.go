package ordering

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A position closure is a function literal that writes the position of a
// record it captures (func() { sess.MarkMessage(msg, "") }) and does
// nothing else with it, handed to code that calls it later: stored in a
// field of a struct literal beside a value carried from the record (sent
// to a receiver that calls r.Commit() and applies r.Value), or passed to
// a function (or a function held in a field) beside the record, which
// calls its parameter (ack()). Where the closure is called, the call is
// the position call, and the record is what travels with the closure:
// the struct, or the callee's parameter that received the record.

// closureCall is the call of a position closure, for a position whose
// instr is that call.
type closureCall struct {
	// inner is the position call inside the closure.
	inner *ssa.Call
	// name is how the caller names the closure: the field or parameter;
	// for an iterator's function, the iterator (EachPartition).
	name string
	// iterator is set for a function literal a client's iterator calls
	// on the records of its receiver (iteratorCall).
	iterator bool
	// origin is the caller's value carrying the record: the struct
	// holding the closure, or the parameter that received the record.
	origin ssa.Value
}

// closureCalls returns the calls of p's function, when it is a position
// closure, as positions of the record in their callers.
func (c *checker) closureCalls(p *position) []*position {
	lit := p.fn
	if lit.Parent() == nil || p.arg == nil || p.helper || p.row != nil || p.marked || p.committedBy != nil || p.nth != nil {
		return nil
	}
	if it := c.iteratorCall(p); it != nil {
		return []*position{it}
	}
	fv := capturedVar(p.arg)
	if fv == nil || fv.Parent() != lit {
		return nil
	}
	k := -1
	for i, f := range lit.FreeVars {
		if f == fv {
			k = i
		}
	}
	// The closure only writes the position: calling it is no processing.
	for _, o := range c.origins(p) {
		for _, s := range c.processingSites(lit, o) {
			if s != ssa.Instruction(p.instr) {
				return nil
			}
		}
	}
	var out []*position
	add := func(call *ssa.Call, g *ssa.Function, name string, origin ssa.Value) {
		out = append(out, &position{
			instr: call, fn: g, client: p.client, k: p.k, arg: origin,
			closure: &closureCall{inner: p.instr, name: name, origin: origin},
		})
	}
	for _, mc := range c.makeClosures(lit) {
		b := mc.Bindings[k]
		carried := c.carriedValues(b)
		for _, ref := range *mc.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				// result{Value: msg.Value, Commit: func() {...}}
				fa, ok := r.Addr.(*ssa.FieldAddr)
				if !ok || r.Val != ssa.Value(mc) || !besideCarried(fa, carried) {
					continue
				}
				f := ssaflow.FieldVar(fa)
				for _, g := range c.flow.Funcs() {
					for _, call := range fieldCalls(g, f) {
						add(call.call, g, f.Name(), call.holder)
					}
				}
			case *ssa.Call:
				cc := r.Common()
				if cc.Value == ssa.Value(mc) {
					// ack := func() {...}; ack(): called where it
					// is made, the record is what it captured.
					if c.isRecordish(ssaflow.Deref(b.Type())) {
						add(r, mc.Parent(), c.callName(r), b)
					}
					continue
				}
				// cb(msg, func() {...})
				j, i := -1, -1
				for n, a := range cc.Args {
					if a == ssa.Value(mc) {
						j = n
					} else if i < 0 && (a == b || carried[a]) && c.isRecordish(a.Type()) {
						i = n
					}
				}
				if i < 0 {
					// cb(msg.Value, func() {...}): the payload
					// stands for the record.
					for n, a := range cc.Args {
						if n != j && carried[a] && isBytes(a.Type()) {
							i = n
							break
						}
					}
				}
				if j < 0 || i < 0 {
					continue
				}
				type callee struct {
					fn    *ssa.Function
					shift int // parameters before the call's arguments
				}
				var callees []callee
				if cc.IsInvoke() {
					// h.Handle(msg, ack) on an interface: the methods of
					// the package's types implementing it.
					for _, m := range c.implementations(cc) {
						callees = append(callees, callee{m, 1})
					}
				}
				for _, g := range c.calleesOf(cc) {
					if m := boundMethod(g); m != nil {
						// handler{cb: svc.handle}: the method, its
						// receiver first.
						callees = append(callees, callee{m, 1})
					} else {
						callees = append(callees, callee{g, 0})
					}
				}
				for _, ce := range callees {
					g, shift := ce.fn, ce.shift
					if len(g.Params) != len(cc.Args)+shift || len(g.Blocks) == 0 {
						continue
					}
					ack, rec := g.Params[j+shift], g.Params[i+shift]
					for _, call := range callsOf(g, ack) {
						add(call, g, ack.Name(), rec)
					}
					// go func() { ack(); save(msg) }(), retry(func()
					// error { ack(); return save(msg) }): called in a
					// function literal of the callee that captures
					// both, the record is the literal's copy.
					for _, in := range nestedCalls(g, ack, rec) {
						add(in.call, in.lit, ack.Name(), in.rec)
					}
				}
			}
		}
	}
	return out
}

// callsOf returns g's calls of the function value f, also through the
// variable f is spilled to when a function literal of g captures it.
func callsOf(g *ssa.Function, f ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	for _, blk := range g.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			v := call.Common().Value
			if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
				if al, ok := u.X.(*ssa.Alloc); ok && spilled(al) == f {
					v = f
				}
			}
			if v == f {
				out = append(out, call)
			}
		}
	}
	return out
}

// nestedCall is a call of a closure's parameter inside a function
// literal lit of the callee, which also captures the record as rec.
type nestedCall struct {
	call *ssa.Call
	lit  *ssa.Function
	rec  ssa.Value
}

// nestedCalls returns the calls of ack made inside the function literals
// of g that capture both ack and rec, with rec's free variable there.
func nestedCalls(g *ssa.Function, ack, rec ssa.Value) []nestedCall {
	var out []nestedCall
	for _, blk := range g.Blocks {
		for _, instr := range blk.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok {
				continue
			}
			lit, ok := mc.Fn.(*ssa.Function)
			if !ok {
				continue
			}
			var fa, fr ssa.Value
			for n, b := range mc.Bindings {
				if n >= len(lit.FreeVars) {
					break
				}
				switch spilled(b) {
				case ack:
					fa = lit.FreeVars[n]
				case rec:
					fr = lit.FreeVars[n]
				}
			}
			if fa == nil || fr == nil {
				continue
			}
			for _, blk := range lit.Blocks {
				for _, instr := range blk.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok || call.Common().IsInvoke() {
						continue
					}
					// ack(), or a load of the captured variable.
					v := call.Common().Value
					if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
						v = u.X
					}
					if v == fa {
						out = append(out, nestedCall{call, lit, fr})
					}
				}
			}
		}
	}
	return out
}

// spilled returns the parameter a captured variable holds when b is the
// variable's cell (an Alloc the parameter is stored in, and nothing else),
// else b.
func spilled(b ssa.Value) ssa.Value {
	al, ok := b.(*ssa.Alloc)
	if !ok {
		return b
	}
	var val ssa.Value
	for _, ref := range *al.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != ssa.Value(al) {
			continue
		}
		if _, isParam := st.Val.(*ssa.Parameter); !isParam || val != nil {
			return b
		}
		val = st.Val
	}
	if val == nil {
		return b
	}
	return val
}

// isBytes reports whether t is a byte slice (a record's key or value).
func isBytes(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := sl.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// boundMethod returns the method a bound method value's wrapper (the
// function of svc.handle) calls, or nil.
func boundMethod(fn *ssa.Function) *ssa.Function {
	if fn.Synthetic == "" || len(fn.FreeVars) != 1 {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if sc := call.Common().StaticCallee(); sc != nil && sc.Signature.Recv() != nil && len(call.Common().Args) > 0 && call.Common().Args[0] == ssa.Value(fn.FreeVars[0]) {
					return sc
				}
			}
		}
	}
	return nil
}

// callName returns the name of the variable a closure is called through,
// as written at call (ack()), or "the closure".
func (c *checker) callName(call *ssa.Call) string {
	if ce, _ := edit.CallAt(c.pass, call.Pos()); ce != nil {
		if id, ok := ast.Unparen(ce.Fun).(*ast.Ident); ok {
			return id.Name
		}
	}
	return "the closure"
}

// capturedVar returns the free variable v is read from (through loads,
// fields and conversions), or nil.
func capturedVar(v ssa.Value) *ssa.FreeVar {
	for depth := 0; depth < ssaflow.MaxValueDepth; depth++ {
		switch x := v.(type) {
		case *ssa.FreeVar:
			return x
		case *ssa.UnOp:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return nil
		}
	}
	return nil
}

// iteratorCall returns, for p made in a function literal that a client's
// iterator runs over the records of its receiver and that writes the
// position of a record it is given and does nothing else with it
// (fetches.EachPartition(func(p kgo.FetchTopicPartition) {
// cl.CommitRecords(ctx, p.Records[len(p.Records)-1]) })), the iterator's
// call as the position call in the literal's parent, the receiver (the
// fetches) the records' origin: the literal runs within that call, so
// the parent's processing of the fetches after it comes after the
// commit. Nil otherwise.
func (c *checker) iteratorCall(p *position) *position {
	lit := p.fn
	given := func(v ssa.Value) bool {
		prm, ok := v.(*ssa.Parameter)
		return ok && prm.Parent() == lit
	}
	if !ssaflow.Derives(p.arg, given) {
		return nil
	}
	site, ok := ssaflow.PassedTo(lit, c.isClient).(*ssa.Call)
	if !ok || site.Call.IsInvoke() || len(site.Call.Args) == 0 {
		return nil
	}
	fn := ssaflow.Callee(site.Common())
	if sig, _ := fn.Type().(*types.Signature); sig == nil || sig.Recv() == nil || fn.FullName() == p.client.Client.FetchEachError {
		return nil // a function (a callback option), or the errors' iterator
	}
	// An iterator over what a fetch returned (a subscription's callback
	// is a method of the client, not of a fetch's result).
	recv := site.Call.Args[0]
	if !ssaflow.Derives(recv, isFetch) {
		return nil
	}
	// The literal only writes the position: running it is no processing.
	for _, o := range c.origins(p) {
		for _, s := range c.processingSites(lit, o) {
			if s != ssa.Instruction(p.instr) {
				return nil
			}
		}
	}
	return &position{
		instr: site, fn: lit.Parent(), client: p.client, k: p.k, arg: recv,
		closure: &closureCall{inner: p.instr, name: fn.Name(), origin: recv, iterator: true},
	}
}

// makeClosures returns the MakeClosure instructions of lit, in its
// enclosing function.
func (c *checker) makeClosures(lit *ssa.Function) []*ssa.MakeClosure {
	var out []*ssa.MakeClosure
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(lit) {
				out = append(out, mc)
			}
		}
	}
	return out
}

// besideCarried reports whether the struct literal fa is a field of has
// another field set to a carried value: the record travels with the
// closure.
func besideCarried(fa *ssa.FieldAddr, carried map[ssa.Value]bool) bool {
	al, ok := fa.X.(*ssa.Alloc)
	if !ok || al.Comment != "complit" {
		return false
	}
	for _, ref := range *al.Referrers() {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.Field == fa.Field {
			continue
		}
		for _, rr := range *other.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ssa.Value(other) && carried[st.Val] {
				return true
			}
		}
	}
	return false
}

// fieldCall is a call of the function held in a field of holder.
type fieldCall struct {
	call   *ssa.Call
	holder ssa.Value
}

// fieldCalls returns g's calls of the function held in field f (r.Commit()).
func fieldCalls(g *ssa.Function, f *types.Var) []fieldCall {
	var out []fieldCall
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			if holder := fieldOf(call.Common().Value, f); holder != nil {
				out = append(out, fieldCall{call, holder})
			}
		}
	}
	return out
}

// fieldOf returns x when v reads field f of x (x.f, or *(&x.f)), or nil.
func fieldOf(v ssa.Value, f *types.Var) ssa.Value {
	switch x := v.(type) {
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok && st.Field(x.Field) == f {
			return x.X
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && ssaflow.FieldVar(fa) == f {
			return fa.X
		}
	}
	return nil
}

// implementations returns the methods of the package's types (T or *T)
// that an interface method call cc may run.
func (c *checker) implementations(cc *ssa.CallCommon) []*ssa.Function {
	iface, ok := cc.Value.Type().Underlying().(*types.Interface)
	if !ok || c.m.SSA == nil || c.m.SSA.Pkg == nil {
		return nil
	}
	prog := c.m.SSA.Pkg.Prog
	scope := c.pass.Pkg.Scope()
	var out []*ssa.Function
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
			continue
		}
		for _, t := range []types.Type{named, types.NewPointer(named)} {
			if !types.Implements(t, iface) {
				continue
			}
			sel := prog.MethodSets.MethodSet(t).Lookup(cc.Method.Pkg(), cc.Method.Name())
			if sel == nil {
				continue
			}
			if fn := prog.MethodValue(sel); fn != nil && c.flow.InPackage(fn) {
				out = append(out, fn)
				break
			}
		}
	}
	return out
}

// calleesOf returns the functions of the package a non-interface call may
// run: its static callee, or the functions stored in the field it calls
// (a callback held in a handler's field).
func (c *checker) calleesOf(cc *ssa.CallCommon) []*ssa.Function {
	if cc.IsInvoke() {
		return nil
	}
	if sc := cc.StaticCallee(); sc != nil {
		if c.flow.InPackage(sc) {
			return []*ssa.Function{sc}
		}
		return nil
	}
	var f *types.Var
	switch x := cc.Value.(type) {
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok {
			f = st.Field(x.Field)
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			f = ssaflow.FieldVar(fa)
		}
	}
	if f == nil {
		return nil
	}
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	for _, g := range c.flow.Funcs() {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok || ssaflow.FieldVar(fa) != f {
					continue
				}
				var fn *ssa.Function
				if lit := ssaflow.Literal(st.Val); lit != nil {
					fn = lit
				} else if named, ok := st.Val.(*ssa.Function); ok {
					fn = named
				}
				inPkg := fn != nil && c.flow.InPackage(fn)
				if fn != nil && !inPkg {
					if m := boundMethod(fn); m != nil {
						inPkg = c.flow.InPackage(m)
					}
				}
				if inPkg && !seen[fn] {
					seen[fn] = true
					out = append(out, fn)
				}
			}
		}
	}
	return out
}

// closureVerb returns what a position closure does to the record, for
// messages: "commits the message (CommitMessage)".
func closureVerb(p *position) string {
	noun := p.client.Client.RecordNoun
	if p.closure.iterator {
		noun += "s" // the records it is given
	}
	what := "commits the " + noun
	switch p.client.Role {
	case clientmodel.Mark:
		what = "marks the " + noun
	case clientmodel.Store:
		what = "stores the offset of the " + noun
	}
	name := clientmodel.ShortName(p.client.Func)
	if fn := ssaflow.Callee(p.closure.inner.Common()); fn != nil {
		name = fn.Name()
	}
	return what + " (" + name + ")"
}
