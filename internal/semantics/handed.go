package semantics

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A loop of a library or a shared package often hands each record to a
// function its caller supplies (`handler func(context.Context,
// *kafka.Message)`), then commits or stores. Whether the record is
// processed when that function returns depends on the function: one that
// sends the payload to workers returns at once, and the position then
// passes records still being processed. The consumer's package cannot see
// it; the standalone report can, when the package passing the function is
// analyzed (Join resolves it).

// HandedFunc is a function value the consumer's code hands records to
// that its caller supplies: a parameter of an exported function, or a
// struct field.
type HandedFunc struct {
	Key string // the entry key of the parameter or field (consumer.EntryKey)
	// Also are the keys of the same parameter of the package's interface
	// methods the method implements: a caller may pass the function
	// through the interface.
	Also []string
	Name string // "handler", "Handle"
	Via  string // the function it is a parameter of, or the field's struct: "kafka.NewConsumerEventLoop"
	// Method, for a method called on an interface value the caller
	// supplies (c.handler.ProcessEdit(ctx, m.Value)), is the interface's
	// method ("MessageHandler.ProcessEdit"); Key is then the value's
	// entry key and the method's name.
	Method string
	// By names a function passed for it that hands work to other
	// goroutines, and How how ("starts goroutines", "sends on a channel");
	// Resolved reports that every function passed for it is known and
	// does neither (Join).
	By, How  string
	Resolved bool
	// At is the call handing the records on. Drops names the call whose
	// failure a function passed for it only logs before returning no
	// error (handsoff.SwallowsFact), and DropsIn that function: Join
	// makes it a skip of the consumer's positions (trial 39a/D2).
	At             token.Position
	Drops, DropsIn string
	// Policy, for a function value given a failure whose answer is the
	// failure's (return h.onError(msg, err): an error policy), names the
	// failed call, at PolicyAt: Join makes it a skip when a function
	// passed for it returns nil whatever it is given (PassedFunc.Absorbs:
	// hunt 42f/D2, D12); Absorbed reports that it did.
	Policy   string
	PolicyAt token.Position
	Absorbed bool
}

// PassedFunc is a function a package passes for a parameter of a function
// (or stores in a struct field) of func type.
type PassedFunc struct {
	Key  string // the entry key of the parameter or field
	Func string // the function passed: "validator.(*handler).onMessage"
	// Known reports that its code is in the analyzed package; HandsOff
	// says how it hands work to other goroutines ("" if it does not).
	Known    bool
	HandsOff string
	// Def, for a function of another package (a method value such as
	// orders.UpdateStatus), is its definition key (defKey): Join settles
	// it by what that package says of it, when it is analyzed too.
	Def string
	// Alias, for a function value a call returns (h := eta.Handler(svc)),
	// is that result's key: the functions it returns are the ones passed.
	Alias string
	// Method, for a Known method passed as a value of an interface type
	// (addIface), is its definition key (defKey): a handler of the
	// package passed to another package's wrapper, whose session
	// parameter Join names by it.
	Method string
	// Forwards, for a Known function, are the entry keys of the function
	// values it calls that its own callers supply (an adapter closure
	// calling the handler its exported method was given): what those do
	// with the records is what the functions passed for them do.
	Forwards []string
	// Swallows names the call whose failure the function only logs
	// before returning no error (handsoff.SwallowsFact), "" if none.
	Swallows string
	// Absorbs, for a Known function given an error that returns nil
	// whatever it is given (as an error policy, it drops every failure),
	// names it: "a function literal in main.main"; "" for others.
	Absorbs string
}

// handedFuncs records the calls of the consumer's code that pass a record
// (or records: isRecordArg) to a function value its caller supplies that
// is shaped as a handler (handlerShaped); a metric fed a value computed
// from a record is not handed the record.
func (g *gatherer) handedFuncs() {
	seen := map[string]bool{}
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if mc, ok := in.(*ssa.MakeClosure); ok {
					g.handedBound(mc, seen)
					continue
				}
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				com := ci.Common()
				if com.IsInvoke() {
					g.handedMethod(ci, seen)
					continue
				}
				if com.StaticCallee() != nil {
					g.handedDispatched(ci, seen)
					continue
				}
				if _, builtin := com.Value.(*ssa.Builtin); builtin || !handlerShaped(com.Signature()) && !batchHandler(com.Signature(), valueName(com.Value), ci) || !slices.ContainsFunc(com.Args, g.isRecordArg) || !g.positionAfter(ci) {
					continue
				}
				for _, r := range g.handlerRoots(com.Value) {
					key, kfn := consumer.EntryKey(r.v)
					if key == "" || strings.HasPrefix(key, "result:") || seen[key+r.suffix] {
						continue
					}
					key += r.suffix
					seen[key] = true
					h := HandedFunc{Key: key, Via: consumer.DisplayName(kfn), At: g.posn(ci.Pos())}
					h.nameEntry(r.v)
					h.Policy, h.PolicyAt = g.policyOf(ci)
					if p, ok := r.v.(*ssa.Parameter); ok && r.suffix == "" {
						h.Also = g.interfaceKeys(p)
					}
					g.ev.Handed = append(g.ev.Handed, h)
				}
			}
		}
	}
}

// elemKey suffixes the entry key of a map of handlers (a registry keyed
// by topic) for the functions it holds.
const elemKey = "[]"

// mapOf returns the map v is looked up in (h, ok := s.handlers[m.Topic]),
// nil if v is no map's element.
func mapOf(v ssa.Value) ssa.Value {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	if l, ok := v.(*ssa.Lookup); ok {
		if _, isMap := l.X.Type().Underlying().(*types.Map); isMap {
			return l.X
		}
	}
	return nil
}

// handlerRoot is a root of a function value called, suffixed with
// elemKey when it is the root of the map the value is looked up in.
type handlerRoot struct {
	v      ssa.Value
	suffix string
}

// handlerRoots returns the roots of v, a function value called (through
// the package's stores into a map it is looked up in: Register(topic,
// h), review 40-1/D3), and those of the map itself (trial 40b/D10: a
// registry of handlers by topic the wiring passes).
func (g *gatherer) handlerRoots(v ssa.Value) []handlerRoot {
	var out []handlerRoot
	for _, r := range g.m.Flow.Roots(v) {
		out = append(out, handlerRoot{v: r})
	}
	if m := mapOf(v); m != nil {
		for _, r := range g.m.Flow.Roots(m) {
			out = append(out, handlerRoot{v: r, suffix: elemKey})
		}
	}
	return out
}

// handedMethod records a call of a handler-shaped method (handlerShaped)
// on an interface value the consumer's caller supplies (a parameter of an
// exported function, a struct field) that passes records (isRecordArg):
// its implementations, out of sight here, may queue them and return.
func (g *gatherer) handedMethod(ci ssa.CallInstruction, seen map[string]bool) {
	com := ci.Common()
	if !handlerShaped(com.Signature()) && !batchHandler(com.Signature(), com.Method.Name(), ci) || !slices.ContainsFunc(com.Args, g.isRecordArg) || logging(com) || !g.positionAfter(ci) {
		return // not a handler: a logger's Debugf given the record's fields
	}
	if pkg := com.Method.Pkg(); pkg == nil || clientmodel.Default.IsClientPath(pkg.Path()) {
		return // the client's own interfaces: the model says what they do
	}
	if slices.ContainsFunc(g.m.Calls, func(c *consumer.Call) bool { return c.Instr.Common() == com }) {
		return // an interface of the application's the client implements (a port): a client call
	}
	g.handedOn(com, com.Value, g.posn(ci.Pos()), seen)
}

// handedDispatched records a call of another package's method that hands
// records to the handlers its type's registering method keeps
// (handsoff.DispatchesFact: reg.Dispatch(ctx, r.Topic, r.Value), with the
// wiring calling reg.Register(topic, h)): what is registered is what the
// records are handed to, under the key of the registering method's
// parameter (hunt 43f/D2, D13).
func (g *gatherer) handedDispatched(ci ssa.CallInstruction, seen map[string]bool) {
	com := ci.Common()
	callee := ssaflow.Callee(com)
	if callee == nil || callee.Pkg() == g.pass.Pkg {
		return // the package's own registry: its stores are in sight (handlerRoots)
	}
	f, ok := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Dispatches(callee)
	if !ok || !slices.ContainsFunc(f.Params, func(i int) bool { a := ssaflow.Arg(com, i); return a != nil && g.isRecordArg(a) }) || !g.positionAfter(ci) {
		return
	}
	recv := callee.Type().(*types.Signature).Recv()
	named, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
	if !ok {
		return
	}
	reg := handsoff.MethodOf(named, f.Register)
	if reg == nil {
		return
	}
	key := consumer.ParamKey(reg, f.Index) + "." + f.Method
	if seen[key] {
		return
	}
	seen[key] = true
	name := ""
	if params := reg.Type().(*types.Signature).Params(); f.Index < params.Len() {
		name = params.At(f.Index).Name()
	}
	g.ev.Handed = append(g.ev.Handed, HandedFunc{Key: key, Name: name, Via: ssaflow.ShortFunc(reg), Method: f.Iface + "." + f.Method, At: g.posn(ci.Pos())})
}

// handedBound records an interface's method value (s.pool.Submit) given
// to a client call as the function it calls with each record
// (fetches.EachRecord(s.pool.Submit)), as handedMethod records a call of
// it: the implementations, out of sight here, may queue the records.
func (g *gatherer) handedBound(mc *ssa.MakeClosure, seen map[string]bool) {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || len(mc.Bindings) != 1 || !types.IsInterface(mc.Bindings[0].Type()) || len(fn.Blocks) != 1 {
		return
	}
	var com *ssa.CallCommon
	for _, in := range fn.Blocks[0].Instrs {
		if ci, ok := in.(ssa.CallInstruction); ok && ci.Common().IsInvoke() {
			com = ci.Common()
		}
	}
	if com == nil || !handlerShaped(com.Signature()) || !slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return clientmodel.Default.Record(p.Type()) == g.c.Client }) {
		return
	}
	if pkg := com.Method.Pkg(); pkg == nil || clientmodel.Default.IsClientPath(pkg.Path()) {
		return
	}
	given := false
	for _, ref := range *mc.Referrers() {
		if ci, ok := ref.(ssa.CallInstruction); ok && slices.Contains(ci.Common().Args, ssa.Value(mc)) {
			if callee := ssaflow.Callee(ci.Common()); callee != nil && callee.Pkg() != nil && clientmodel.Default.IsClientPath(callee.Pkg().Path()) {
				given = given || g.positionAfter(ci)
			}
		}
	}
	if given {
		g.handedOn(com, mc.Bindings[0], g.posn(mc.Pos()), seen)
	}
}

// handedOn records the method com calls on the interface value v (a
// call's receiver, or the value a method value is bound to).
func (g *gatherer) handedOn(com *ssa.CallCommon, v ssa.Value, at token.Position, seen map[string]bool) {
	iface := types.TypeString(v.Type(), (*types.Package).Name)
	for _, hr := range g.handlerRoots(v) {
		r := hr.v
		key, kfn := consumer.EntryKey(r)
		if (key == "" || strings.HasPrefix(key, "result:")) && hr.suffix == "" && !types.IsInterface(r.Type()) {
			// A value of a concrete type: the package's own, or one a
			// constructor of another package returns.
			g.handedConcrete(com, r.Type(), iface, at, seen)
			continue
		}
		if key == "" || strings.HasPrefix(key, "result:") {
			continue
		}
		// (A registry of handlers the caller passes, keyed by topic:
		// its elements' method, review 40-1/D5.)
		key += hr.suffix + "." + com.Method.Name()
		if seen[key] {
			continue
		}
		seen[key] = true
		h := HandedFunc{Key: key, Via: consumer.DisplayName(kfn), Method: iface + "." + com.Method.Name(), At: at}
		h.nameEntry(r)
		g.ev.Handed = append(g.ev.Handed, h)
	}
}

// nameEntry names, in h, the entry r it comes through: a parameter by
// its name, a field by its name and its struct (Via).
func (h *HandedFunc) nameEntry(r ssa.Value) {
	switch x := r.(type) {
	case *ssa.Parameter:
		h.Name = x.Name()
	case *ssa.FieldAddr:
		if v := ssaflow.FieldVar(x); v != nil {
			h.Name = v.Name()
			if n, ok := types.Unalias(ssaflow.Deref(x.X.Type())).(*types.Named); ok {
				h.Via = n.Obj().Pkg().Name() + "." + n.Obj().Name()
			}
		}
	}
}

// handedConcrete records, for a handler-shaped method called on an
// interface value the package sets itself to a value of type t, t's
// method when it hands work to other goroutines (by its code here), or
// when it is another package's not known to finish its work before it
// returns (handsoff.SyncFact; settled by that package's definition,
// defKey, if it is analyzed; unknown otherwise).
func (g *gatherer) handedConcrete(com *ssa.CallCommon, t types.Type, iface string, at token.Position, seen map[string]bool) {
	prog := g.m.SSA.Pkg.Prog
	sel := prog.MethodSets.MethodSet(t).Lookup(com.Method.Pkg(), com.Method.Name())
	if sel == nil {
		return
	}
	fn := ssaflow.Method(prog, sel)
	obj, _ := sel.Obj().(*types.Func)
	h := HandedFunc{Method: iface + "." + com.Method.Name(), At: at}
	switch {
	case fn != nil && g.m.Flow.InPackage(fn):
		how := handsOff(g.m, fn)
		if how == "" {
			return // processed by its code here
		}
		h.Key, h.By, h.How = "concrete:"+consumer.DisplayName(fn), consumer.DisplayName(fn), how
	case obj != nil && g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Sync(obj):
		return // another package's method done when it returns (handsoff.SyncFact)
	case obj != nil:
		h.Key = defKey(obj)
	default:
		return
	}
	if !seen[h.Key] {
		seen[h.Key] = true
		g.ev.Handed = append(g.ev.Handed, h)
	}
}

// positionAfter reports whether a position may be written after call ci
// hands a record on: unless ci's function fetches the records itself in a
// loop (a function fetching once may be called again, its next position
// passing this record), writes every position of the consumer, none of
// them deferred nor reachable from ci (an error callback called on a
// failure path that returns), and no auto-commit timer writes one.
func (g *gatherer) positionAfter(ci ssa.CallInstruction) bool {
	if g.c.Client.Timer != clientmodel.TimerNone && !g.c.Settings.IsNot(g.c.Client, clientmodel.AutoCommit) {
		return true
	}
	fn, fetches := ci.Parent(), false
	never := func(ssa.Instruction) bool { return false }
	for _, c := range g.ownCalls() {
		switch c.Role {
		case clientmodel.Fetch, clientmodel.FetchCommit:
			fetches = fetches || c.Fn == fn && ssaflow.InLoop(c.Instr.Block())
		default:
			if _, deferred := c.Instr.(*ssa.Defer); deferred || c.Fn != fn || ssaflow.ReachesStopping(ci, c.Instr, never) {
				return true
			}
		}
	}
	return !fetches
}

// isRecordArg reports whether v, computed from the consumer's records, is
// what a handler processes: a record (or a pointer, slice or channel of
// records) or its content (msg.Value, a decoded struct), not a number, a
// string or a flag computed from it (a metric fed the offset).
func (g *gatherer) isRecordArg(v ssa.Value) bool {
	if _, basic := v.Type().Underlying().(*types.Basic); basic {
		return false
	}
	return g.fromRecords(v) || g.wrapsRecords(v, 2)
}

// wrapsRecords reports whether v is the result (first, or only) of a
// call of the application's given record data, within depth calls: a
// constructor wrapping the record (p := newPub(ctx, r, m), handed on as
// an interface) or a decoder's event carries it as a literal would, also
// through a method of an interface (a converter its caller supplies). An
// error, a number, a string or a context computed so does not; nor does
// a client call's result (the model says what those are).
func (g *gatherer) wrapsRecords(v ssa.Value, depth int) bool {
	v = ssaflow.Unconvert(v)
	if ex, ok := v.(*ssa.Extract); ok {
		if ex.Index != 0 {
			return false
		}
		v = ex.Tuple
	}
	if a, ok := v.(*ssa.Alloc); ok && depth > 0 {
		return g.decodedInto(a)
	}
	call, ok := v.(*ssa.Call)
	if !ok || depth == 0 {
		return false
	}
	// A function's or an interface's method (a converter the caller
	// supplies: msg, err := conv.FromKafka(m)), or a function value's (a
	// decode func field: v, err := c.decode(m.Value), audit 41b/D1), not
	// the client's, nor a builtin's.
	if _, builtin := call.Call.Value.(*ssa.Builtin); builtin {
		return false
	}
	if callee := ssaflow.Callee(&call.Call); callee != nil && (callee.Pkg() == nil || clientmodel.Default.IsClientPath(callee.Pkg().Path())) {
		return false
	}
	res := call.Call.Signature().Results()
	if res.Len() == 0 || isError(res.At(0).Type()) || ssaflow.IsContext(res.At(0).Type()) {
		return false // a context carrying the record's fields for traces is not the record
	}
	if _, basic := res.At(0).Type().Underlying().(*types.Basic); basic {
		return false
	}
	return slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool {
		_, basic := a.Type().Underlying().(*types.Basic)
		return !basic && (g.fromRecords(a) || g.wrapsRecords(a, depth-1))
	})
}

// decodedInto reports whether a, a local, is what a decoder fills from
// record data (json.Unmarshal(m.Value, &e), dec.Decode(&e)): e carries
// the record as a decoder's result would.
func (g *gatherer) decodedInto(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		if mi, ok := ref.(*ssa.MakeInterface); ok { // json.Unmarshal's v any
			for _, r := range *mi.Referrers() {
				if ci, ok := r.(ssa.CallInstruction); ok && g.decodes(ci, mi) {
					return true
				}
			}
		}
		if ci, ok := ref.(ssa.CallInstruction); ok && g.decodes(ci, a) {
			return true
		}
	}
	return false
}

// decodes reports whether ci is a decoder's call filling dst from record
// data.
func (g *gatherer) decodes(ci ssa.CallInstruction, dst ssa.Value) bool {
	if !slices.Contains(ci.Common().Args, dst) {
		return false
	}
	callee := ssaflow.Callee(ci.Common())
	return callee != nil && handsoff.IsDecodeName(callee.Name()) &&
		slices.ContainsFunc(ci.Common().Args, func(x ssa.Value) bool { return x != dst && g.fromRecords(x) })
}

// handlerShaped reports whether sig returns nothing or just an error, as
// a record's handler does; a function returning a value (a predicate's
// bool, a tracer's span, a decoded event) computes something for the loop
// rather than processing the record.
func handlerShaped(sig *types.Signature) bool {
	r := sig.Results()
	switch r.Len() {
	case 0:
		return true
	case 1:
		return isError(r.At(0).Type())
	}
	return false
}

// batchHandler reports whether sig, of a function value or method
// called name (by ci, when a call is at hand), is a batch handler's
// reporting its success as a bool (ConsumeFn(msgs) bool, whose false
// stops the loop before its commit; trial 32a/7): it takes a slice of
// records, and its name says it handles them or ci's result decides a
// branch that returns; a predicate's (overloaded(recs) bool, asked before
// the records are processed in place; review 32-1) does neither.
func batchHandler(sig *types.Signature, name string, ci ssa.CallInstruction) bool {
	r := sig.Results()
	if r.Len() != 1 || !types.Identical(r.At(0).Type(), types.Typ[types.Bool]) || !handlerName(name) && !gatesReturn(ci) {
		return false
	}
	for v := range sig.Params().Variables() {
		if sl, ok := v.Type().Underlying().(*types.Slice); ok && clientmodel.Default.Record(sl.Elem()) != nil {
			return true
		}
	}
	return false
}

// gatesReturn reports whether the bool ci returns (or its negation)
// decides an if one of whose branches returns (if !fn(msgs) { return }).
func gatesReturn(ci ssa.CallInstruction) bool {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return false
	}
	vals := []ssa.Value{call}
	for _, ref := range *call.Referrers() {
		if u, ok := ref.(*ssa.UnOp); ok && u.Op == token.NOT {
			vals = append(vals, u)
		}
	}
	for _, v := range vals {
		for _, ref := range *v.Referrers() {
			ifs, ok := ref.(*ssa.If)
			if !ok {
				continue
			}
			for _, succ := range ifs.Block().Succs {
				if slices.ContainsFunc(succ.Instrs, func(in ssa.Instruction) bool { _, ret := in.(*ssa.Return); return ret }) {
					return true
				}
			}
		}
	}
	return false
}

// handlerName reports whether name says its function handles records.
func handlerName(name string) bool {
	name = strings.ToLower(name)
	for _, w := range []string{"consum", "handl", "process", "apply", "sink", "write", "save", "store", "deliver", "fn", "func", "callback"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// valueName returns the name a function value is called by: a
// parameter's, or a field's it is loaded from; "" for others.
func valueName(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			if f := ssaflow.FieldVar(fa); f != nil {
				return f.Name()
			}
		}
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
			return st.Field(x.Field).Name()
		}
	}
	return ""
}

// interfaceKeys returns the keys of parameter p of the methods of the
// package's interfaces that p's method implements.
func (g *gatherer) interfaceKeys(p *ssa.Parameter) []string {
	fn := p.Parent()
	recv := fn.Signature.Recv()
	obj, ok := fn.Object().(*types.Func)
	if recv == nil || !ok {
		return nil
	}
	i := slices.Index(fn.Params, p) - 1 // the receiver is Params[0]
	if i < 0 {
		return nil
	}
	var out []string
	scope := g.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok || !types.Implements(recv.Type(), iface) {
			continue
		}
		if m, _, _ := types.LookupFieldOrMethod(tn.Type(), false, obj.Pkg(), obj.Name()); m != nil {
			if mf, ok := m.(*types.Func); ok {
				out = append(out, consumer.ParamKey(mf, i))
			}
		}
	}
	return out
}

// passedFuncs returns the functions the package passes for parameters of
// func type (of any function called statically) or stores in struct fields
// of func type, with whether each hands work to other goroutines.
func passedFuncs(m *consumer.Model, ho *handsoff.Result) []PassedFunc {
	var out []PassedFunc
	put := func(p PassedFunc) {
		if !slices.ContainsFunc(out, p.same) {
			out = append(out, p)
		}
	}
	add := func(key string, v ssa.Value) {
		if key == "" {
			return
		}
		if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
			return
		}
		for _, r := range m.Flow.Roots(v) {
			fn := funcOf(r)
			switch rk, _ := consumer.EntryKey(resultOf(r)); {
			case fn != nil:
				p := PassedFunc{Key: key, Func: consumer.DisplayName(fn), Known: m.Flow.InPackage(fn)}
				if obj, ok := fn.Object().(*types.Func); ok {
					p.Swallows = swallows(ho, obj)
				}
				if p.Known {
					p.HandsOff, p.Forwards, p.Absorbs = handsOff(m, fn), forwards(m, fn), absorbs(fn)
				} else if obj, ok := fn.Object().(*types.Func); ok {
					// Another package's function: what its package says
					// of it, or done when it returns (handsoff.SyncFact,
					// a Kafka-free package's function).
					p.Def, p.Known = defKey(obj), ho.Sync(obj)
					if how := factHandsOff(ho, obj); how != "" {
						p.HandsOff, p.Known = how, true
					}
				}
				put(p)
			case strings.HasPrefix(rk, "result:"):
				// A function value another package's function returns
				// (a handler factory): its result's key.
				put(PassedFunc{Key: key, Alias: rk})
			default:
				put(PassedFunc{Key: key, Func: "a function value the analysis does not follow"})
			}
		}
	}
	// A value passed for a parameter or field of interface type stands,
	// for each of the interface's methods, for its type's method, under
	// the key of the value and the method's name (handedMethod).
	addIface := func(key string, v ssa.Value, iface *types.Interface) {
		if key == "" || iface.NumMethods() == 0 {
			return
		}
		if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
			return
		}
		for _, r := range m.Flow.Roots(v) {
			if rk, _ := consumer.EntryKey(r); strings.HasPrefix(rk, "param:") && types.IsInterface(r.Type()) {
				// An exported function's parameter (a decorator's
				// constructor keeping the handler it wraps,
				// Metrics(next)): what its callers pass for it.
				for j := range iface.NumMethods() {
					name := iface.Method(j).Name()
					put(PassedFunc{Key: key + "." + name, Alias: rk + "." + name})
				}
				continue
			}
			if rk, _ := consumer.EntryKey(resultOf(r)); strings.HasPrefix(rk, "result:") && types.IsInterface(r.Type()) {
				// Another package's constructor returning the
				// interface (handler.New(...)): what its package
				// says it returns, or done with what it is given
				// when its methods return (handsoff.ReturnsSyncFact;
				// audit 41b/D8).
				call := resultOf(r).(*ssa.Call)
				obj := ssaflow.Callee(call.Common())
				// The constants the call passes, by signature index.
				constArg := func(i int) (string, bool) {
					c, ok := ssaflow.Arg(call.Common(), i).(*ssa.Const)
					if !ok || c.Value == nil {
						return "", false
					}
					return c.Value.ExactString(), true
				}
				for j := range iface.NumMethods() {
					name := iface.Method(j).Name()
					if f, ok := ho.ReturnsSyncOf(obj); ok {
						p := PassedFunc{Key: key + "." + name, Func: consumer.DisplayName(call.Call.StaticCallee()) + "'s result", Known: true}
						// (A type it may return swallowing a failure: a
						// best-effort sink a setting picks, hunt 43f/D7;
						// not one the constant it is given rules out,
						// review 43-3/D5.)
						if i := slices.IndexFunc(f.Swallows, func(s handsoff.ReturnedSwallow) bool { return s.Method == name && !s.Excludes(constArg) }); i >= 0 {
							p.Func, p.Swallows = f.Swallows[i].In, f.Swallows[i].Call
						}
						put(p)
					} else {
						put(PassedFunc{Key: key + "." + name, Alias: rk + "." + name})
					}
				}
				continue
			}
			// The concrete value's type (the roots see through
			// MakeInterface), or an interface the analysis does not
			// follow further.
			t := r.Type()
			if mi, ok := r.(*ssa.MakeInterface); ok {
				t = mi.X.Type()
			}
			for j := range iface.NumMethods() {
				name := iface.Method(j).Name()
				if types.IsInterface(t) {
					put(PassedFunc{Key: key + "." + name, Func: "a value the analysis does not follow"})
					continue
				}
				sel := m.SSA.Pkg.Prog.MethodSets.MethodSet(t).Lookup(iface.Method(j).Pkg(), name)
				fn := (*ssa.Function)(nil)
				if sel != nil {
					fn = ssaflow.Method(m.SSA.Pkg.Prog, sel)
				}
				if fn == nil {
					put(PassedFunc{Key: key + "." + name, Func: "a value the analysis does not follow"})
					continue
				}
				p := PassedFunc{Key: key + "." + name, Func: consumer.DisplayName(fn), Known: m.Flow.InPackage(fn)}
				if obj, ok := fn.Object().(*types.Func); ok {
					p.Swallows = swallows(ho, obj)
				}
				if obj, ok := fn.Object().(*types.Func); ok && p.Known {
					p.HandsOff, p.Method, p.Forwards = handsOff(m, fn), defKey(obj), decorates(m, fn)
				} else if ok {
					p.Def, p.Known = defKey(obj), ho.Sync(obj)
					if how := factHandsOff(ho, obj); how != "" {
						p.HandsOff, p.Known = how, true
					}
				} else if p.Known {
					p.HandsOff = handsOff(m, fn)
				}
				put(p)
			}
		}
	}
	// A map of function values passed for a parameter or field (a
	// registry of handlers by topic): the functions put in it, under the
	// key of the map's elements.
	addElems := func(key string, v ssa.Value, t *types.Map) {
		put := func(v ssa.Value) { add(key+elemKey, v) }
		switch et := t.Elem().Underlying().(type) {
		case *types.Signature:
		case *types.Interface:
			// (Handlers of an interface type: review 40-1/D5.)
			put = func(v ssa.Value) { addIface(key+elemKey, v, et) }
		default:
			return
		}
		if key == "" {
			return
		}
		for _, r := range m.Flow.Roots(v) {
			mm, ok := r.(*ssa.MakeMap)
			if !ok {
				put(r) // a map the analysis does not follow
				continue
			}
			for _, ref := range *mm.Referrers() {
				if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == ssa.Value(mm) {
					put(u.Value)
				}
			}
		}
	}
	for _, fn := range m.SSA.SrcFuncs {
		// The function values an exported function returns (a handler
		// factory), under its result's key.
		if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() && fn.Parent() == nil {
			for _, b := range fn.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
					for i, r := range ret.Results {
						switch t := r.Type().Underlying().(type) {
						case *types.Signature:
							add(consumer.ResultKey(obj, i), r)
						case *types.Interface:
							// (A constructor returning an interface:
							// its methods, as its callers pass it.)
							if !isError(r.Type()) && !ssaflow.IsContext(r.Type()) {
								addIface(consumer.ResultKey(obj, i), r, t)
							}
						}
					}
				}
			}
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case ssa.CallInstruction:
					callee := ssaflow.Callee(x.Common())
					if callee == nil {
						continue
					}
					sig := callee.Type().(*types.Signature)
					for i := range sig.Params().Len() {
						a := ssaflow.Arg(x.Common(), i)
						if a == nil {
							continue
						}
						switch t := sig.Params().At(i).Type().Underlying().(type) {
						case *types.Signature:
							add(consumer.ParamKey(callee, i), a)
						case *types.Interface:
							addIface(consumer.ParamKey(callee, i), a, t)
						case *types.Map:
							addElems(consumer.ParamKey(callee, i), a, t)
						}
					}
				case *ssa.Store:
					fa, ok := x.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					switch t := x.Val.Type().Underlying().(type) {
					case *types.Signature:
						add(consumer.FieldKey(fa), x.Val)
					case *types.Interface:
						addIface(consumer.FieldKey(fa), x.Val, t)
					case *types.Map:
						addElems(consumer.FieldKey(fa), x.Val, t)
					}
				}
			}
		}
	}
	return out
}

// defKey is the key under which a package describes its function obj for
// the packages that pass it (definedFuncs).
func defKey(obj *types.Func) string { return "def:" + obj.FullName() }

// definedFuncs describes the package's functions that another package
// may pass as a record handler: exported, not generic, handler-shaped,
// with a parameter carrying records (a handler's signature is the loop's
// function type, which hands it the record). Each is Known, with how it
// hands work to other goroutines.
func definedFuncs(m *consumer.Model, ho *handsoff.Result) []PassedFunc {
	var out []PassedFunc
	for _, fn := range m.SSA.SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() || fn.TypeParams().Len() > 0 || !handlerShaped(fn.Signature) && !batchHandler(fn.Signature, fn.Name(), nil) {
			continue
		}
		if recv := fn.Signature.Recv(); recv != nil {
			if n, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named); !ok || !n.Obj().Exported() || n.TypeParams().Len() > 0 {
				continue
			}
		}
		params := fn.Signature.Params()
		if !slices.ContainsFunc(slices.Collect(params.Variables()), func(v *types.Var) bool { return carriesRecords(v.Type()) }) {
			continue
		}
		out = append(out, PassedFunc{Key: defKey(obj), Func: consumer.DisplayName(fn), Known: true, HandsOff: handsOff(m, fn), Swallows: swallows(ho, obj)})
	}
	return out
}

// swallows names the call whose failure fn only logs before returning no
// error (handsoff.SwallowsFact), or "".
func swallows(ho *handsoff.Result, fn *types.Func) string {
	if sf, ok := ho.Swallows(fn); ok {
		return sf.Call
	}
	return ""
}

// factHandsOff says how fn, a function of another package, hands the
// values it is given to other goroutines by its package's handsoff.Fact
// ("" if it has none): what its package's description (definedFuncs)
// does not say of a handler of a decoded type (audit 41b/D1: go
// p.project(o), the row "does not see" it).
func factHandsOff(ho *handsoff.Result, fn *types.Func) string {
	f, ok := ho.Of(fn)
	switch {
	case !ok:
		return ""
	case f.Started:
		return "starts goroutines"
	}
	return "hands them to other goroutines" // (a go statement's call, or a channel)
}

// handsOff says how fn, or a function of its package it calls, hands work
// to other goroutines: it starts goroutines or sends on a channel ("" if
// neither).
func handsOff(m *consumer.Model, fn *ssa.Function) string {
	set := map[*ssa.Function]bool{}
	m.Flow.Reach(fn, set)
	how := ""
	for _, f := range sortedFuncs(set) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if _, ok := in.(*ssa.Go); ok {
					return "starts goroutines"
				}
				if len(sendsOf(in)) > 0 {
					how = "sends on a channel"
				}
			}
		}
	}
	return how
}

// same reports whether p and o are the same function passed for the same
// key.
func (p PassedFunc) same(o PassedFunc) bool {
	return p.Key == o.Key && p.Func == o.Func && p.Known == o.Known && p.HandsOff == o.HandsOff &&
		p.Def == o.Def && p.Alias == o.Alias && p.Method == o.Method && slices.Equal(p.Forwards, o.Forwards) && p.Swallows == o.Swallows && p.Absorbs == o.Absorbs
}

// policyOf returns the failed call whose error ci, a call of a function
// value answering an error, is given, when that answer is what ci's
// function returns (return h.onError(msg, err)), with its position; ""
// if none. The error may come through a parameter of ci's function
// (return h.fail(m, err), fail calling h.OnError(m, err)): the call its
// callers give it is named.
func (g *gatherer) policyOf(ci ssa.CallInstruction) (string, token.Position) {
	call, ok := ci.(*ssa.Call)
	if !ok || call.Call.Signature().Results().Len() != 1 || !isError(call.Type()) || !returned(call) {
		return "", token.Position{}
	}
	failedOf := func(v ssa.Value) *ssa.Call {
		if ex, ok := v.(*ssa.Extract); ok {
			v = ex.Tuple
		}
		if c, ok := v.(*ssa.Call); ok && g.appCall(c) {
			return c
		}
		return nil
	}
	for _, a := range call.Call.Args {
		if !isError(a.Type()) {
			continue
		}
		if c := failedOf(a); c != nil {
			return callName(c), g.posn(c.Pos())
		}
		p, ok := a.(*ssa.Parameter)
		if !ok {
			continue
		}
		i := slices.Index(p.Parent().Params, p)
		for _, site := range g.m.Flow.Callers(p.Parent()) {
			args := site.Common().Args
			if site.Common().IsInvoke() {
				i-- // the receiver is not among an invoke's arguments
			}
			if i >= 0 && i < len(args) {
				if c := failedOf(args[i]); c != nil {
					return callName(c), g.posn(c.Pos())
				}
			}
		}
	}
	return "", token.Position{}
}

// returned reports whether call's value is what its function returns
// (directly, or through the result slot of a function that defers).
func returned(call *ssa.Call) bool {
	for _, u := range *call.Referrers() {
		switch u := u.(type) {
		case *ssa.Return:
			return true
		case *ssa.Store:
			if slot, ok := u.Addr.(*ssa.Alloc); ok && u.Val == call && returnsLoad(slot) {
				return true
			}
		}
	}
	return false
}

// absorbs names fn when, given an error and answering one, it returns
// nil whatever it is given (every return's error is nil), doing nothing
// but log; "" otherwise.
func absorbs(fn *ssa.Function) string {
	sig := fn.Signature
	if sig.Results().Len() != 1 || !isError(sig.Results().At(0).Type()) || !slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return isError(p.Type()) }) || len(fn.Blocks) == 0 {
		return ""
	}
	for _, b := range fn.Blocks {
		// (Nothing but logs: not a dead-letter write, nor an exit on
		// its failure: review 43-1/D7.)
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !returnsNoError(fn, ret) || !onlyLogs(b.Instrs) {
			return ""
		}
	}
	if fn.Parent() != nil {
		return "a function literal in " + consumer.DisplayName(fn)
	}
	return consumer.DisplayName(fn)
}

// forwards returns the entry keys of the function values that fn, or a
// function it reaches, calls when they come from its callers: a parameter
// of an exported function, an exported field.
func forwards(m *consumer.Model, fn *ssa.Function) []string {
	return calledKeys(m, fn, func(c *ssa.CallCommon) (string, bool) {
		return "", !c.IsInvoke() && c.StaticCallee() == nil
	})
}

// decorates returns the entry keys of the interface values that fn, or a
// function it reaches, calls fn's own method of when they come from its
// callers (a decorator: metrics.Handle calling m.next.Handle(ctx, r),
// next kept by an exported constructor), each with the method's name:
// what those do with the records is what the values passed for them do
// (audit 42b/D1: Metrics(Async(h)) was "none" and at-least-once).
func decorates(m *consumer.Model, fn *ssa.Function) []string {
	return calledKeys(m, fn, func(c *ssa.CallCommon) (string, bool) {
		if !c.IsInvoke() || c.Method.Name() != fn.Name() {
			return "", false
		}
		sig := c.Method.Signature()
		return "." + fn.Name(), types.Identical(sig.Params(), fn.Signature.Params()) && types.Identical(sig.Results(), fn.Signature.Results())
	})
}

// calledKeys returns the entry keys (not results of calls) of the values
// that fn, or a function it reaches, calls when called picks the call,
// each with the suffix called gives.
func calledKeys(m *consumer.Model, fn *ssa.Function, called func(*ssa.CallCommon) (suffix string, ok bool)) []string {
	set := map[*ssa.Function]bool{}
	m.Flow.Reach(fn, set)
	var out []string
	for _, f := range sortedFuncs(set) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				suffix, ok := called(ci.Common())
				if !ok {
					continue
				}
				for _, r := range m.Flow.Roots(ci.Common().Value) {
					if key, _ := consumer.EntryKey(r); key != "" && !strings.HasPrefix(key, "result:") && !slices.Contains(out, key+suffix) {
						out = append(out, key+suffix)
					}
				}
			}
		}
	}
	return out
}

// resolveHanded settles, across the analyzed packages, the function values
// each consumer's code hands records to: by the functions passed for them.
func resolveHanded(evs []*Evidence) {
	passed := passedByKey(evs)
	for _, ev := range evs {
		for i := range ev.Handed {
			h := &ev.Handed[i]
			var ps []PassedFunc
			for _, k := range append([]string{h.Key}, h.Also...) {
				ps = append(ps, resolve(passed, k, 0)...)
			}
			if len(ps) == 0 {
				continue
			}
			known := true
			drops := func(p PassedFunc) {
				switch {
				case h.Drops != "":
				case p.Swallows != "":
					h.Drops, h.DropsIn = p.Swallows, p.Func
				case p.Absorbs != "" && h.Policy != "":
					h.Drops, h.DropsIn, h.Absorbed = h.Policy, p.Absorbs, true
				}
			}
			// An adapter forwarding the records to a function its caller
			// passes (or a decorator, to the handler it wraps) is what
			// that function is, through a bounded chain.
			var visit func(p PassedFunc, depth int)
			visit = func(p PassedFunc, depth int) {
				known = known && p.Known
				if p.HandsOff != "" && h.By == "" {
					h.By, h.How = p.Func, p.HandsOff
				}
				drops(p)
				for _, fk := range p.Forwards {
					fps := resolve(passed, fk, 1)
					if (len(fps) == 0 || depth >= 4) && h.By == "" {
						h.By, h.How = p.Func, "forwards them to a function its caller passes, which the analysis does not see"
					}
					if depth < 4 {
						for _, f := range fps {
							visit(f, depth+1)
						}
					}
				}
			}
			for _, p := range ps {
				visit(p, 0)
			}
			h.Resolved = known && h.By == ""
		}
	}
}

// handedSkips adds to ev's positions the failures that the functions
// passed for the values its code hands records to only log before
// returning no error (HandedFunc.Drops): the code goes on as from a
// success (trial 39a/D2).
func (ev *Evidence) handedSkips() {
	var skips []Skip
	for _, h := range ev.Handed {
		switch {
		case h.Absorbed:
			policy := h.Name
			if h.Via != "" {
				policy += " (of " + h.Via + ")"
			}
			skips = append(skips, Skip{Call: h.Drops, Pos: h.PolicyAt, In: h.DropsIn, Policy: policy, Outside: true})
		case h.Drops != "":
			skips = append(skips, Skip{Call: h.Drops, Pos: h.At, In: h.DropsIn, Outside: true})
		}
	}
	ev.addSkips(skips)
}

// passedByKey gathers the functions the analyzed packages pass, by the
// key of the parameter or field they are passed for.
func passedByKey(evs []*Evidence) map[string][]PassedFunc {
	passed := map[string][]PassedFunc{}
	for _, ev := range evs {
		for _, p := range ev.Passed {
			if !slices.ContainsFunc(passed[p.Key], p.same) {
				passed[p.Key] = append(passed[p.Key], p)
			}
		}
	}
	return passed
}

// resolve returns the functions passed for key, through the aliases of
// function values returned by calls (bounded); an alias nothing answers
// stands for a function the analysis does not see.
func resolve(passed map[string][]PassedFunc, key string, depth int) []PassedFunc {
	var out []PassedFunc
	for _, p := range passed[key] {
		switch {
		case p.Def != "" && len(passed[p.Def]) > 0:
			out = append(out, passed[p.Def]...)
		case p.Alias == "":
			out = append(out, p)
		case depth < 4 && len(passed[p.Alias]) > 0:
			out = append(out, resolve(passed, p.Alias, depth+1)...)
		default:
			out = append(out, PassedFunc{Key: p.Alias, Func: p.Alias})
		}
	}
	return out
}

// resultOf returns the call whose result v is (an Extract's tuple), or v.
func resultOf(v ssa.Value) ssa.Value {
	if ex, ok := v.(*ssa.Extract); ok {
		return ex.Tuple
	}
	return v
}

// unresolvedHanded returns the first function value records are handed to
// that is not known to finish them before returning, or nil.
func (ev *Evidence) unresolvedHanded() *HandedFunc {
	for i := range ev.Handed {
		if !ev.Handed[i].Resolved {
			return &ev.Handed[i]
		}
	}
	return nil
}

// describe says what is known of h, for the concurrency column and the
// reason of an unknown verdict.
func (h *HandedFunc) describe() string {
	if h.Method != "" {
		through := ""
		if h.Name != "" {
			through = " (through " + h.Name + " of " + h.Via + ")"
		}
		if h.By != "" {
			return "records are handed to " + h.Method + through + ", and " + h.By + ", passed for it, " + h.How + ": it may return before they are processed"
		}
		return "records are handed to " + h.Method + through + ", whose implementations are not all known to finish them before returning (one may be out of the analyzed packages, or keep them for later): it may return before they are processed"
	}
	if h.By != "" {
		return "records are handed to " + h.Name + " (of " + h.Via + "), and " + h.By + ", passed for it, " + h.How + ": it may return before they are processed"
	}
	return "records are handed to " + h.Name + ", a function " + h.Via + "'s caller passes, which the analysis does not see: it may return before they are processed"
}
