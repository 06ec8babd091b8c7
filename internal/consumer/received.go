package consumer

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Services are assembled across packages: the client is built (and
// configured) in one package and handed to a function, a struct field or a
// handler of another, where it is polled and committed. The model of the
// receiving package has a Consumer for each such entry (Model.Received),
// with no constructor and unknown settings; its Entry key names what the
// other package sees:
//
//	param:<types.Func.FullName>#<index>  a parameter of an exported function or method (receiver excluded)
//	field:<path>.<Type>.<field>         a field of a struct type
//	result:<types.Func.FullName>#<index> a result of another package's function (a constructor it exports)

// received returns a consumer for each entry through which the package
// receives a client from another package: the modelled calls that no
// consumer built in the package owns, grouped by the parameter or struct
// field their receiver comes from. It has no Site and its settings are
// unknown (opaque); Entry names the entry.
func received(m *Model) []*Consumer {
	values := funcValues(m.SSA.SrcFuncs)
	byEntry := map[string]*Consumer{}
	var out []*Consumer
	for _, call := range m.Calls {
		if call.Consumer != nil {
			continue
		}
		recv := call.Recv()
		if recv == nil {
			continue
		}
		roots := m.clientRoots(recv)
		if call.Forwarded != nil {
			roots = m.heldRoots(call) // the client the adapter holds
			if len(roots) == 0 {
				// An adapter another package builds (passed in as the
				// interface, kept in a field): the client is the one
				// the adapter's field receives (audit 36a/D3).
				roots = m.clientRoots(ssaflow.Recv(call.Forwarded.Instr.Common()))
			}
		}
		for _, r := range roots {
			key, fn := EntryKey(r)
			p, isParam := r.(*ssa.Parameter)
			if key == "" && isParam && values[p.Parent()] {
				key, fn = "", p.Parent() // an unexported callback's: registeredOn below
			} else if key == "" {
				continue
			}
			if isParam && handlerHook(call.Client, fn) {
				// Setup's or Cleanup's session is the one the handler's
				// Consume method is given: a commit in Cleanup is the
				// session's, when no group built here runs the handler
				// (bind ties it to that group then).
				if m.runsHandler(fn.Signature.Recv().Type()) {
					continue
				}
				if key, fn = consumeEntry(call.Client, fn); key == "" {
					continue
				}
			} else if isParam && values[fn] {
				// A callback's parameter: the client calls it with the
				// client it is registered on (c.SubscribeTopics(ts,
				// rebalance), c received), if that one is.
				if key, fn = m.registeredOn(fn); key == "" {
					continue
				}
			}
			c := byEntry[key]
			if c == nil {
				s := newSettings()
				s.Opaque = true
				c = &Consumer{Client: call.Client, Fn: fn, Settings: s, Entry: key}
				if h := handlerOf(call.Client, fn); h != nil {
					c.Handlers = []*Handler{h}
				}
				byEntry[key] = c
				out = append(out, c)
			}
			if !slices.Contains(c.Calls, call) {
				c.Calls = append(c.Calls, call)
			}
		}
	}
	out = joinSessions(m, out, byEntry)
	// A client the package only passes on, from another package's
	// constructor into a third package's struct or function (as a
	// wiring main does), has no calls here; its entry still links the
	// two sides in the standalone report (semantics.Join).
	for _, fn := range m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, v := range passedOn(in) {
					cl := clientOfType(v.Type())
					if cl == nil {
						continue
					}
					for _, r := range m.clientRoots(v) {
						key, rfn := EntryKey(r)
						if key == "" || byEntry[key] != nil {
							continue
						}
						s := newSettings()
						s.Opaque = true
						c := &Consumer{Client: cl, Fn: rfn, Settings: s, Entry: key}
						byEntry[key] = c
						out = append(out, c)
					}
				}
			}
		}
	}
	return out
}

// joinSessions folds into a received group (one another package's
// constructor returns, or a parameter or field holds) the entry of the
// session its handler's Consume method receives, when the package runs
// that handler on that group only (g.Consume(ctx, topics, h)): the
// session's calls (MarkMessage, Commit) are the group's, as bind makes
// them for a group built in the package. It returns out without the
// folded entries.
func joinSessions(m *Model, out []*Consumer, byEntry map[string]*Consumer) []*Consumer {
	runners := map[*Consumer][]*Consumer{} // a session's entry → the groups running its handler
	for _, fn := range m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil || callee.Pkg() == nil {
					continue
				}
				cl := clientmodel.Default.Client(callee.Pkg().Path())
				if cl == nil || cl.Handler == nil || callee.FullName() != cl.Handler.Run {
					continue
				}
				recv, arg := ssaflow.Recv(ci.Common()), ssaflow.Arg(ci.Common(), cl.Handler.HandlerArg)
				if recv == nil || arg == nil {
					continue
				}
				var sessions []*Consumer
				for _, r := range m.Flow.Roots(arg) {
					if s := sessionEntry(m, cl, r.Type(), byEntry); s != nil && !slices.Contains(sessions, s) {
						sessions = append(sessions, s)
					}
				}
				if len(sessions) == 0 {
					continue
				}
				for _, r := range m.clientRoots(recv) {
					key, rfn := EntryKey(r)
					if key == "" || calledOnce(m, r) != nil {
						continue
					}
					g := byEntry[key]
					if g == nil {
						st := newSettings()
						st.Opaque = true
						g = &Consumer{Client: cl, Fn: rfn, Settings: st, Entry: key}
						byEntry[key] = g
						out = append(out, g)
					}
					for _, s := range sessions {
						if s != g && !slices.Contains(runners[s], g) {
							runners[s] = append(runners[s], g)
						}
					}
				}
			}
		}
	}
	folded := map[*Consumer]bool{}
	for s, groups := range runners {
		if len(groups) != 1 {
			continue // run on several groups: the session's is each one's
		}
		g := groups[0]
		g.Calls = append(g.Calls, s.Calls...)
		g.Handlers = append(g.Handlers, s.Handlers...)
		folded[s] = true
	}
	if len(folded) == 0 {
		return out
	}
	return slices.DeleteFunc(out, func(c *Consumer) bool { return folded[c] })
}

// calledOnce returns, for a root that is the result of another package's
// function the package calls more than once (two groups built by one
// constructor share its result entry), that function; nil otherwise.
func calledOnce(m *Model, r ssa.Value) *types.Func {
	if ex, ok := r.(*ssa.Extract); ok {
		r = ex.Tuple
	}
	call, ok := r.(*ssa.Call)
	if !ok {
		return nil
	}
	obj := otherPackageFunc(call)
	if obj == nil || callSites(m, obj) <= 1 {
		return nil
	}
	return obj
}

// callSites returns how many calls of fn the package makes.
func callSites(m *Model, fn *types.Func) int {
	n := 0
	for _, f := range m.SSA.SrcFuncs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok && !ci.Common().IsInvoke() {
					if callee, ok := ci.Common().Value.(*ssa.Function); ok && callee.Object() == fn {
						n++
					}
				}
			}
		}
	}
	return n
}

// sessionEntry returns the received consumer of the session the Consume
// method of handler type t receives (ConsumeClaim's parameter), nil if
// there is none.
func sessionEntry(m *Model, cl *clientmodel.Client, t types.Type, byEntry map[string]*Consumer) *Consumer {
	if types.IsInterface(t) {
		return nil
	}
	consume := method(m.SSA.Pkg.Prog, t, cl.Handler.Consume)
	if consume == nil {
		return nil
	}
	obj, ok := consume.Object().(*types.Func)
	if !ok {
		return nil
	}
	if s := byEntry[ParamKey(obj, 0)]; s != nil && s.Client == cl {
		return s
	}
	return nil
}

// passedOn returns the values instruction in hands to another package:
// the arguments of a call of another package's function (not a client's),
// and a value stored in a field of another package's struct type.
func passedOn(in ssa.Instruction) []ssa.Value {
	pkg := ssaflow.PkgOf(in.Parent())
	other := func(p *types.Package) bool {
		return p != nil && p != pkg && !clientmodel.Default.IsClientPath(p.Path())
	}
	switch x := in.(type) {
	case ssa.CallInstruction:
		if callee := ssaflow.Callee(x.Common()); callee != nil && x.Common().Signature().Recv() != nil && registersHook(callee) {
			// A revoke callback registered on a client the function
			// receives (Subscribe(c, topics) { return
			// c.SubscribeTopics(topics, rebalance) }): the callback is
			// the consumer's (trial 40b/D1).
			return []ssa.Value{ssaflow.Recv(x.Common())}
		}
		if callee := ssaflow.Callee(x.Common()); callee != nil && other(callee.Pkg()) {
			var out []ssa.Value
			for i := range callee.Type().(*types.Signature).Params().Len() {
				if a := ssaflow.Arg(x.Common(), i); a != nil {
					out = append(out, a)
				}
			}
			return out
		}
	case *ssa.Store:
		if fa, ok := x.Addr.(*ssa.FieldAddr); ok {
			if n, ok := types.Unalias(ssaflow.Deref(fa.X.Type())).(*types.Named); ok && other(n.Obj().Pkg()) {
				return []ssa.Value{x.Val}
			}
		}
	}
	return nil
}

// registersHook reports whether fn registers a revoke callback of its
// client (clientmodel.RevokeHook, of the events kind: confluent's
// SubscribeTopics given a rebalance callback).
func registersHook(fn *types.Func) bool {
	cl := clientOfType(fn.Type().(*types.Signature).Recv().Type())
	return cl != nil && slices.ContainsFunc(cl.RevokeHooks, func(h clientmodel.RevokeHook) bool {
		return h.Kind == clientmodel.HookEvents && h.Func == fn.FullName()
	})
}

// clientOfType returns the client whose consumer type t is (or points
// to, or an application interface stands for: clientmodel.StandsFor): a
// named type of a client package with a modelled call, or the client's
// handler-running method (sarama's Consume), among its methods.
func clientOfType(t types.Type) *clientmodel.Client {
	ix := clientmodel.Default
	if c := ix.StandsFor(t); c != nil {
		t = c // an interface of the application that stands for the client
	}
	n, ok := types.Unalias(ssaflow.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	cl := ix.Client(n.Obj().Pkg().Path())
	if cl == nil {
		return nil
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	if types.IsInterface(n) {
		ms = types.NewMethodSet(n)
	}
	for i := range ms.Len() {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		if _, ok := ix.Call(fn); ok || cl.Handler != nil && fn.FullName() == cl.Handler.Run {
			return cl
		}
	}
	return nil
}

// EntryKey returns the entry key of a root through which a client arrives
// from another package (an opaque parameter of a named function, a struct
// field nothing in the package stores, or the result of another package's
// function), and the function that receives it; "" for other roots.
func EntryKey(r ssa.Value) (string, *ssa.Function) {
	switch x := r.(type) {
	case *ssa.Parameter:
		fn := x.Parent()
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() {
			return "", nil // a closure's or an unexported function's: not callable from another package
		}
		i := slices.Index(fn.Params, x)
		if fn.Signature.Recv() != nil {
			i--
		}
		if i < 0 {
			return "", nil // the receiver
		}
		return ParamKey(obj, i), fn
	case *ssa.FieldAddr:
		if key := FieldKey(x); key != "" {
			return key, x.Parent()
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if obj := otherPackageFunc(call); obj != nil {
				return ResultKey(obj, x.Index), x.Parent()
			}
		}
	case *ssa.Call:
		if obj := otherPackageFunc(x); obj != nil {
			return ResultKey(obj, 0), x.Parent()
		}
	}
	return "", nil
}

// otherPackageFunc returns the function a static call calls when it is a
// function of another package that is not a client's (a constructor a
// wiring or utility package exports), else nil.
func otherPackageFunc(call *ssa.Call) *types.Func {
	if call.Common().IsInvoke() {
		return nil
	}
	fn, ok := call.Common().Value.(*ssa.Function)
	if !ok {
		return nil
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == ssaflow.PkgOf(call.Parent()) || clientmodel.Default.IsClientPath(obj.Pkg().Path()) {
		return nil
	}
	return obj
}

// funcValues returns the functions of fns used as values (callbacks handed
// to a client or a helper): their parameters come from whoever calls the
// value, not from another package's call.
func funcValues(fns []*ssa.Function) map[*ssa.Function]bool {
	out := map[*ssa.Function]bool{}
	var ops []*ssa.Value
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ops = in.Operands(ops[:0])
				for i, op := range ops {
					f, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if ci, isCall := in.(ssa.CallInstruction); isCall && i == 0 && ci.Common().Value == f {
						continue // a static call, not a value
					}
					out[f] = true
					if obj, ok := f.Object().(*types.Func); ok && f.Synthetic != "" && givenToClient(in) {
						// A method value (c.Revoked: its bound
						// wrapper's closure) handed to the client
						// (kgo.OnPartitionsRevoked(c.Revoked)): the
						// client calls the method with itself. (One
						// handed to the package's own helper may be
						// the method other packages call with their
						// clients.)
						if m := f.Prog.FuncValue(obj); m != nil {
							out[m] = true
						}
					}
				}
			}
		}
	}
	return out
}

// givenToClient reports whether in, the closure of a method value, is
// an argument of a call of a client package's function (an option
// registering a callback).
func givenToClient(in ssa.Instruction) bool {
	v, ok := in.(ssa.Value)
	if !ok || v.Referrers() == nil {
		return false
	}
	for _, u := range *v.Referrers() {
		if ci, ok := u.(ssa.CallInstruction); ok && ci.Common().Value != v {
			if f := ssaflow.Callee(ci.Common()); f != nil && f.Pkg() != nil && clientmodel.Default.IsClientPath(f.Pkg().Path()) {
				return true
			}
		}
	}
	return false
}

// ParamKey is the entry key of parameter i (receiver excluded) of fn.
// A method of an instance of a generic type (Handler[Event]) has its
// generic origin's key, as the package declaring it knows it.
func ParamKey(fn *types.Func, i int) string {
	return "param:" + fn.Origin().FullName() + "#" + strconv.Itoa(i)
}

// ResultKey is the entry key of result i of fn, a function of another
// package that returns a client it builds.
func ResultKey(fn *types.Func, i int) string {
	return "result:" + fn.FullName() + "#" + strconv.Itoa(i)
}

// FieldKey is the entry key of the field a FieldAddr addresses, or "" if
// its struct type is not named.
func FieldKey(fa *ssa.FieldAddr) string {
	v := ssaflow.FieldVar(fa)
	n, ok := types.Unalias(ssaflow.Deref(fa.X.Type())).(*types.Named)
	if v == nil || !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return fmt.Sprintf("field:%s.%s.%s", n.Obj().Pkg().Path(), n.Obj().Name(), v.Name())
}

// handlerHook reports whether fn is a method other than Consume of a type
// that has the client's handler Consume method (sarama's Setup and
// Cleanup): the client calls it with its session, as it calls a callback.
func handlerHook(cl *clientmodel.Client, fn *ssa.Function) bool {
	if cl.Handler == nil || fn == nil || fn.Name() == cl.Handler.Consume || fn.Signature.Recv() == nil {
		return false
	}
	return fn.Prog.MethodSets.MethodSet(fn.Signature.Recv().Type()).Lookup(ssaflow.PkgOf(fn), cl.Handler.Consume) != nil
}

// registeredOn returns the entry key, and its function, of the one
// client the callback cb is given to as its revoke hook by a method call
// on it (a rebalance callback passed to SubscribeTopics on a client the
// package receives); "" if none or several.
func (m *Model) registeredOn(cb *ssa.Function) (string, *ssa.Function) {
	var key string
	var fn *ssa.Function
	for _, f := range m.SSA.SrcFuncs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				cc := ci.Common()
				callee := ssaflow.Callee(cc)
				recv := ssaflow.Recv(cc)
				if callee == nil || recv == nil || callee.Pkg() == nil {
					continue
				}
				cl := clientmodel.Default.Client(callee.Pkg().Path())
				if cl == nil {
					continue
				}
				i := slices.IndexFunc(cl.RevokeHooks, func(h clientmodel.RevokeHook) bool { return h.Func == callee.FullName() })
				if i < 0 {
					continue
				}
				a := ssaflow.Arg(cc, cl.RevokeHooks[i].Arg)
				if ct, ok := a.(*ssa.ChangeType); ok {
					a = ct.X // a function given as a named func type (kafka.RebalanceCb)
				}
				if mc, ok := a.(*ssa.MakeClosure); ok {
					a = mc.Fn
				}
				if a != ssa.Value(cb) {
					continue
				}
				for _, r := range m.clientRoots(recv) {
					k, rf := EntryKey(r)
					if k == "" || key != "" && k != key {
						return "", nil // a client built here or out of sight, or several
					}
					key, fn = k, rf
				}
			}
		}
	}
	return key, fn
}

// runsHandler reports whether a consumer built in the package runs a
// handler of type t.
func (m *Model) runsHandler(t types.Type) bool {
	for _, c := range m.Consumers {
		for _, h := range c.Handlers {
			if types.Identical(ssaflow.Deref(h.Type), ssaflow.Deref(t)) {
				return true
			}
		}
	}
	return false
}

// consumeEntry returns the entry key and the function of the session
// parameter of the Consume method (sarama's ConsumeClaim) of the handler
// whose hook fn is (handlerHook), or "" if it is not exported.
func consumeEntry(cl *clientmodel.Client, fn *ssa.Function) (string, *ssa.Function) {
	prog := fn.Prog
	sel := prog.MethodSets.MethodSet(fn.Signature.Recv().Type()).Lookup(ssaflow.PkgOf(fn), cl.Handler.Consume)
	if sel == nil {
		return "", nil
	}
	consume := ssaflow.Method(prog, sel)
	if consume == nil || len(consume.Params) < 2 {
		return "", nil
	}
	return EntryKey(consume.Params[1])
}

// handlerOf returns, when fn is the Consume method of the client's handler
// interface (sarama's ConsumeClaim, which receives the session), the
// handler it belongs to with its Cleanup method, else nil.
func handlerOf(cl *clientmodel.Client, fn *ssa.Function) *Handler {
	if cl.Handler == nil || fn == nil || fn.Name() != cl.Handler.Consume || fn.Signature.Recv() == nil {
		return nil
	}
	h := &Handler{Type: fn.Signature.Recv().Type(), Consume: fn, Reach: map[*ssa.Function]bool{}}
	prog := fn.Prog
	if sel := prog.MethodSets.MethodSet(h.Type).Lookup(ssaflow.PkgOf(fn), cl.Handler.Cleanup); sel != nil {
		h.Cleanup = ssaflow.Method(prog, sel)
	}
	return h
}

// clientRoots returns the roots of recv, the receiver of a client call,
// and, where a root is a value a client function wraps around a client
// (franz-go's kadm.NewClient(cl)), the roots of the wrapped client too: a
// commit through the admin client moves the positions of the consumer it
// wraps.
func (m *Model) clientRoots(recv ssa.Value) []ssa.Value {
	roots := m.Flow.Roots(recv)
	for _, r := range roots {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			r = ex.Tuple
		}
		call, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		if arg := wrapped(call.Common()); arg != nil {
			roots = append(roots, m.Flow.Roots(arg)...)
		}
	}
	return roots
}

// wrapped returns the client argument of a call to a client package's
// function that wraps one (takes a pointer to a client package's type and
// is neither a constructor nor a modelled call), or nil.
func wrapped(c *ssa.CallCommon) ssa.Value {
	ix := clientmodel.Default
	fn := ssaflow.Callee(c)
	if fn == nil || fn.Pkg() == nil || !ix.IsClientPath(fn.Pkg().Path()) {
		return nil
	}
	if _, ok := ix.Constructor(fn); ok {
		return nil
	}
	if _, ok := ix.Call(fn); ok {
		return nil
	}
	for _, a := range c.Args {
		p, ok := a.Type().Underlying().(*types.Pointer)
		if !ok {
			continue
		}
		if n, ok := p.Elem().(*types.Named); ok && n.Obj().Pkg() != nil && ix.IsClientPath(n.Obj().Pkg().Path()) {
			return a
		}
	}
	return nil
}
