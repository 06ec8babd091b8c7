package hiwater

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A completion callback is a function literal, made for each record, that
// writes the position of the record it captures and is handed on to run
// when the record's work is done: passed to an asynchronous call (an
// in-package function that starts it in a goroutine, sends it or keeps it
// in a field, or a function whose name says Async), sent on a channel, or
// sent in a struct (a job carrying its own finish function). Callbacks run
// in completion order, not offset order.

// callback is a position call made by a completion callback.
type callback struct {
	call   *consumer.Call
	mc     *ssa.MakeClosure
	handed ssa.Instruction // where the callback is handed on
	// assumed is the setting the finding assumes, as finding.assumed.
	assumed string
	// method: the callback is a method value (e.Finish), not a function
	// literal.
	method bool
}

// checkCallbacks reports the position calls of completion callbacks, each
// with its fix, or without one, saying why, where no fix can be built.
func (c *checker) checkCallbacks() {
	for _, call := range c.m.Calls {
		report.Guard(c.pass, call.Pos(), func() {
			cb := c.callbackOf(call)
			if cb == nil {
				return
			}
			fix, ok := c.lowWaterFix(cb)
			why := ""
			if !ok && c.skipsCallback(cb) {
				// Waiting for a callback a worker may never make
				// would block the loop for good.
				why = "the workers that take the callback do not call it on every path (a failed record skips it), so waiting for each callback could block the loop for good; write a low-water mark (the offset below which every record is done), counting a failed record as done or stopping on it"
			} else if !ok {
				fix, ok = c.waitFix(cb)
			}
			var fixes []analysis.SuggestedFix
			if ok {
				fixes = []analysis.SuggestedFix{fix}
			}
			c.reportCallback(cb, fixes, why) // without a fix where none is sure to be right (doc.go)
		})
	}
}

// callbackOf returns the completion callback making position call call,
// or nil.
func (c *checker) callbackOf(call *consumer.Call) *callback {
	ci, assumed, ok := c.positionCall(call)
	if !ok {
		return nil
	}
	if call.Fn.Parent() == nil {
		return c.methodCallback(call, ci, assumed)
	}
	if len(c.closures[call.Fn]) != 1 {
		return nil
	}
	mc := c.closures[call.Fn][0]
	// The record written, or each record of a variadic argument, is
	// captured from the loop making the callback.
	arg := ssaflow.Arg(ci.Common(), call.Record)
	captured := false
	for _, v := range append([]ssa.Value{arg}, c.leavesOf(arg).recs...) {
		kind, o := c.origin(call.Fn, v)
		if kind != originFreeVar {
			continue
		}
		idx := freeVarIndex(call.Fn, o.(*ssa.FreeVar))
		if idx >= 0 && idx < len(mc.Bindings) && c.perRecordBinding(mc, mc.Bindings[idx]) {
			captured = true
			break
		}
	}
	if !captured {
		return nil
	}
	handed := c.handedOn(mc)
	if handed == nil || !c.overlaps(mc, call.Fn) || c.inOrderReceiver(handed, mc.Type()) {
		return nil
	}
	if c.classify(call) != nil {
		return nil // a goroutine's own finding
	}
	return &callback{call: call, mc: mc, handed: handed, assumed: assumed}
}

// methodCallback returns the completion callback of a position call made
// by a method writing the position of a record held in a field of its
// receiver (func (e *envelope) Finish(err error) { e.sess.MarkMessage(e.msg,
// "") }), when a value of the method (e.Finish) is made, for a receiver
// holding the record of the iteration, in a loop over records and handed on
// to run later; or nil.
func (c *checker) methodCallback(call *consumer.Call, ci *ssa.Call, assumed string) *callback {
	sig := call.Fn.Signature
	if sig.Recv() == nil || len(call.Fn.Params) == 0 || call.Fn.Object() == nil {
		return nil
	}
	field := -1
	switch a := ssaflow.Arg(ci.Common(), call.Record).(type) {
	case *ssa.UnOp:
		if fa, ok := a.X.(*ssa.FieldAddr); ok && a.Op == token.MUL && fa.X == ssa.Value(call.Fn.Params[0]) {
			field = fa.Field
		}
	}
	if field < 0 {
		return nil
	}
	var found *callback
	for fn, mcs := range c.closures {
		if fn.Synthetic == "" || fn.Object() != call.Fn.Object() || len(mcs) != 1 || len(mcs[0].Bindings) != 1 {
			continue // not the bound method (e.Finish), or made more than once
		}
		mc := mcs[0]
		if !c.perRecordField(mc, mc.Bindings[0], field) {
			continue
		}
		handed := c.handedOn(mc)
		if handed == nil || !c.overlaps(mc, call.Fn) || c.inOrderReceiver(handed, mc.Type()) {
			continue
		}
		if found != nil {
			return nil // made in several places: one fix cannot cover them
		}
		found = &callback{call: call, mc: mc, handed: handed, assumed: assumed, method: true}
	}
	if found == nil || c.classify(call) != nil {
		return nil
	}
	return found
}

// perRecordField reports whether recv, the receiver bound by mc, is a
// struct allocated in the loop around mc whose field is set to a record
// of the iteration (&envelope{msg: msg}).
func (c *checker) perRecordField(mc *ssa.MakeClosure, recv ssa.Value, field int) bool {
	a, ok := recv.(*ssa.Alloc)
	if !ok || a.Block() == nil || !c.sameCycle(a.Block(), mc.Block()) {
		return false
	}
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field != field {
			continue
		}
		for _, r := range *fa.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ssa.Value(fa) && c.perIterValue(mc.Parent(), st.Val, mc.Block()) {
				return true
			}
		}
	}
	return false
}

// perRecordBinding reports whether b, bound to a closure made by mc, is a
// record that differs per iteration of the loop around mc.
func (c *checker) perRecordBinding(mc *ssa.MakeClosure, b ssa.Value) bool {
	mb := mc.Block()
	if !c.sameCycle(mb, mb) {
		// Made once per call of a per-record callback
		// (fetches.EachRecord(func(r) {...})) from its record parameter.
		if !c.isCallback(mc.Parent()) {
			return false
		}
		if a, ok := b.(*ssa.Alloc); ok {
			for _, ref := range *a.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == a && c.perIterValue(mc.Parent(), st.Val, mb) {
					return true
				}
			}
			return false
		}
		return c.perIterValue(mc.Parent(), b, mb)
	}
	inLoop := func(v ssa.Value) bool {
		in, ok := v.(ssa.Instruction)
		return ok && in.Block() != nil && c.sameCycle(in.Block(), mb)
	}
	if a, ok := b.(*ssa.Alloc); ok {
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a && c.recordDerived(st.Val) && (inLoop(a) || inLoop(st.Val)) {
				return true
			}
		}
		return false
	}
	return c.recordDerived(b) && inLoop(b)
}

// handedOn returns where the closure mc makes is handed on to run later,
// or nil: an argument of an asynchronous call, a value sent on a channel,
// or a field of a local struct sent on a channel.
func (c *checker) handedOn(mc *ssa.MakeClosure) ssa.Instruction {
	for _, ref := range *mc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Call:
			for i, a := range r.Call.Args {
				if a == ssa.Value(mc) && c.isAsync(r.Common(), i) {
					return r
				}
			}
		case *ssa.Send, *ssa.Select:
			if s := sends(r, mc); s != nil {
				return s
			}
		case *ssa.Store:
			fa, ok := r.Addr.(*ssa.FieldAddr)
			if !ok || r.Val != ssa.Value(mc) {
				continue
			}
			if al, ok := fa.X.(*ssa.Alloc); ok {
				if s := sentValue(al); s != nil {
					return s
				}
			}
		}
	}
	return nil
}

// sentValue returns a send of al, or of the value loaded from it: a send
// statement, or a select with a case sending it.
func sentValue(al *ssa.Alloc) ssa.Instruction {
	for _, ref := range *al.Referrers() {
		if s := sends(ref, al); s != nil {
			return s
		}
		if r, ok := ref.(*ssa.UnOp); ok && r.Op == token.MUL {
			for _, rr := range *r.Referrers() {
				if s := sends(rr, r); s != nil {
					return s
				}
			}
		}
	}
	return nil
}

// sends returns in if it sends v on a channel, else nil.
func sends(in ssa.Instruction, v ssa.Value) ssa.Instruction {
	switch x := in.(type) {
	case *ssa.Send:
		if x.X == v {
			return x
		}
	case *ssa.Select:
		for _, st := range x.States {
			if st.Dir == types.SendOnly && st.Send == v {
				return x
			}
		}
	}
	return nil
}

// isAsync reports whether the call cc runs its argument i later, in
// another goroutine: an in-package function that starts that parameter in
// a goroutine, sends it, or stores it beyond its frame, or a function
// named as asynchronous (SendAsync, PublishAsync).
func (c *checker) isAsync(cc *ssa.CallCommon, i int) bool {
	if sc := ssaflow.Body(cc.StaticCallee()); sc != nil && c.m.Flow.InPackage(sc) {
		return i < len(sc.Params) && paramEscapes(sc.Params[i])
	}
	fn := ssaflow.Callee(cc)
	if fn == nil {
		return false
	}
	// A client's asynchronous call running its delivery callback later
	// (franz-go Produce's promise): the model's Done, receiver excluded.
	if p, ok := c.ix.Produce(fn); ok && p.Async && p.Done >= 0 {
		if !cc.IsInvoke() && fn.Type().(*types.Signature).Recv() != nil {
			i--
		}
		return i == p.Done
	}
	return strings.Contains(fn.Name(), "Async")
}

// paramEscapes reports whether p is started in a goroutine, sent on a
// channel, stored outside a local variable, or bound by a closure that is
// started in a goroutine.
func paramEscapes(p *ssa.Parameter) bool {
	for _, ref := range *p.Referrers() {
		switch r := ref.(type) {
		case *ssa.Go:
			return true
		case *ssa.Send:
			if r.X == ssa.Value(p) {
				return true
			}
		case *ssa.Store:
			if _, local := r.Addr.(*ssa.Alloc); r.Val == ssa.Value(p) && !local {
				return true
			}
		case *ssa.MakeClosure:
			for _, rr := range *r.Referrers() {
				if g, ok := rr.(*ssa.Go); ok && g.Call.Value == ssa.Value(r) {
					return true
				}
			}
		}
	}
	return false
}

// overlaps reports whether the loop around mc can make the next callback
// before fn, the previous one, has run: a path from mc back to itself
// that waits neither for other goroutines nor on a channel fn sends to or
// closes (a receive, or a select receiving from it: selectJoins).
func (c *checker) overlaps(mc *ssa.MakeClosure, fn *ssa.Function) bool {
	sent := c.sentChans(fn)
	isJoin := func(in ssa.Instruction) bool {
		switch x := in.(type) {
		case ssa.CallInstruction:
			return c.isWait(x.Common())
		case *ssa.UnOp:
			return x.Op == token.ARROW && ssaflow.Intersects(c.roots(x.X), sent)
		case *ssa.Select:
			return c.selectJoins(x, sent) // select { case <-done: case <-ctx.Done(): return }
		}
		return false
	}
	if c.sameCycle(mc.Block(), mc.Block()) {
		return reaches(mc, func(in ssa.Instruction) bool { return in == ssa.Instruction(mc) }, isJoin)
	}
	// A per-record callback returning without waiting: its next call makes
	// the next callback.
	return c.isCallback(mc.Parent()) && reaches(mc, func(in ssa.Instruction) bool {
		_, ok := in.(*ssa.Return)
		return ok
	}, isJoin)
}

// madeAt is where the callback is made: the function literal, or the
// method value.
func (cb *callback) madeAt() token.Pos {
	if cb.method {
		return cb.mc.Pos()
	}
	return cb.call.Fn.Pos()
}

// reportCallback reports the position call of cb with its fix.
// Without fixes, the message says why none is offered (why, or the
// general reason).
func (c *checker) reportCallback(cb *callback, fixes []analysis.SuggestedFix, why string) {
	call := cb.call
	noun := call.Client.RecordNoun
	msg := fmt.Sprintf("call to %s from a completion callback made for each %s: callbacks run as the work finishes, in any order, and %s",
		clientmodel.ShortName(call.Func), noun, consequence(call, call.Client.Name, roleWord(call.Role)))
	if cb.assumed != "" {
		msg += "; this assumes " + cb.assumed + " (the configuration is not visible here)"
	}
	switch {
	case len(fixes) > 0:
	case why != "":
		msg += "; no automatic fix: " + why
	default:
		msg += "; no automatic fix: the loop cannot wait here for each callback before making the next, and the callback cannot write a low-water mark in this call's place; write one (the offset below which every record is done)"
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:      call.Pos(),
		Category: CategoryConcurrent,
		Message:  msg,
		Related: []analysis.RelatedInformation{
			{Pos: cb.madeAt(), Message: "callback made here"},
			{Pos: cb.handed.Pos(), Message: "callback handed on here, to run later"},
		},
		SuggestedFixes: fixes,
	})
}

// inOrderReceiver reports whether the callbacks handed on by handed (a
// send statement, or a select with one send case) run in the order they
// are sent: the channel is made in the package, no function of another
// package is given it, and one goroutine receives from it (the function
// making it, or a function that one started once, outside loops; or, for
// a channel its maker returns, a function calling the maker, or one that
// started once: returnedTo), that goroutine starting no goroutine and
// handing the values received on to nothing that runs them later. Such a
// receiver calls each callback at once, or collects a batch and calls
// them in turn: in the order the loop made them, not as the work
// finishes. Where it calls them against the processing of their records
// is ordering's question.
func (c *checker) inOrderReceiver(handed ssa.Instruction, fnType types.Type) bool {
	var ch, sent ssa.Value
	switch x := handed.(type) {
	case *ssa.Send:
		ch, sent = x.Chan, x.X
	case *ssa.Select:
		for _, st := range x.States {
			if st.Dir != types.SendOnly {
				continue
			}
			if ch != nil {
				return false
			}
			ch, sent = st.Chan, st.Send
		}
	}
	if ch == nil {
		return false
	}
	roots := c.roots(ch)
	if len(roots) != 1 {
		return false
	}
	mk, ok := roots[0].(*ssa.MakeChan)
	if !ok {
		return false
	}
	isChan := func(v ssa.Value) bool {
		_, ok := v.Type().Underlying().(*types.Chan)
		return ok && c.fromChan(v, mk)
	}
	var recv *ssa.Function // the one function receiving from the channel
	receives := func(fn *ssa.Function) bool {
		if recv != nil && recv != fn {
			return false
		}
		recv = fn
		return true
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.UnOp:
					if x.Op == token.ARROW && isChan(x.X) && !receives(fn) {
						return false
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.RecvOnly && isChan(st.Chan) && !receives(fn) {
							return false
						}
					}
				case ssa.CallInstruction:
					cc := x.Common()
					if _, ok := cc.Value.(*ssa.Builtin); ok {
						continue
					}
					if sc := ssaflow.Body(cc.StaticCallee()); sc != nil && c.m.Flow.InPackage(sc) {
						continue
					}
					for _, a := range cc.Args {
						if isChan(a) {
							return false // received where the analysis does not look
						}
					}
				}
			}
		}
	}
	if recv == nil || !c.startedOnce(recv, mk.Parent()) && !c.returnedTo(recv, mk) {
		return false
	}
	// The receiver runs what it receives itself: no goroutine it starts,
	// nothing it sends on, and no function running its argument later is
	// given a callback, a value carrying one, or a collection of those.
	carries := func(v ssa.Value) bool { return carriesType(v.Type(), sent.Type(), fnType) }
	for _, fn := range append([]*ssa.Function{recv}, nested(recv)...) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Go:
					if slices.ContainsFunc(x.Call.Args, carries) {
						return false
					}
					if mc, ok := x.Call.Value.(*ssa.MakeClosure); ok && slices.ContainsFunc(mc.Bindings, carries) {
						return false
					}
					if carries(x.Call.Value) {
						return false
					}
				case *ssa.Send:
					if carries(x.X) {
						return false
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.SendOnly && carries(st.Send) {
							return false
						}
					}
				case ssa.CallInstruction:
					for i, a := range x.Common().Args {
						if carries(a) && (c.isAsync(x.Common(), i) || c.launchAt(x)) {
							return false
						}
					}
					if mc, ok := x.Common().Value.(*ssa.MakeClosure); ok && c.launchAt(x) && slices.ContainsFunc(mc.Bindings, carries) {
						return false
					}
				}
			}
		}
	}
	return true
}

// fromChan reports whether the channel v is the one mk makes: among its
// roots, or returned by the method an interface method call whose result
// v is runs (implementation: `for r := range p.reader.ReadResults(ctx)`).
func (c *checker) fromChan(v ssa.Value, mk *ssa.MakeChan) bool {
	for _, r := range c.roots(v) {
		if r == ssa.Value(mk) {
			return true
		}
		if call, ok := r.(*ssa.Call); ok && c.returnsChan(c.implementation(call.Common()), mk, -1) {
			return true
		}
		// One of several results: results, errs, stop := p.reader.ReadResults(ctx).
		if ex, ok := r.(*ssa.Extract); ok {
			if call, ok := ex.Tuple.(*ssa.Call); ok {
				fn := c.implementation(call.Common())
				if sc := ssaflow.Body(call.Common().StaticCallee()); fn == nil && sc != nil && c.m.Flow.InPackage(sc) {
					fn = sc
				}
				if c.returnsChan(fn, mk, ex.Index) {
					return true
				}
			}
		}
	}
	return false
}

// returnsChan reports whether fn returns the channel mk makes: as its
// result number idx, or as any result when idx is -1.
func (c *checker) returnsChan(fn *ssa.Function, mk *ssa.MakeChan, idx int) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, r := range ret.Results {
			if (idx < 0 || i == idx) && slices.Contains(c.roots(r), ssa.Value(mk)) {
				return true
			}
		}
	}
	return false
}

// implementation returns the method an interface method call runs when
// the package's only type implementing the interface declares it in the
// package, else nil.
func (c *checker) implementation(cc *ssa.CallCommon) *ssa.Function {
	if !cc.IsInvoke() {
		return nil
	}
	iface, ok := cc.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	ts := clientmodel.Implementations(c.pass.Pkg, iface)
	if len(ts) != 1 {
		return nil
	}
	prog := c.m.SSA.Pkg.Prog
	sel := prog.MethodSets.MethodSet(ts[0]).Lookup(cc.Method.Pkg(), cc.Method.Name())
	if sel == nil {
		return nil
	}
	fn := ssaflow.Method(prog, sel)
	if fn == nil || !c.m.Flow.InPackage(fn) {
		return nil
	}
	return fn
}

// returnedTo reports whether recv receives, in one goroutine, the channel
// mk makes for each call of its maker and returns (a reader starting the
// goroutine that sends on it: `func (k *reader) ReadResults(ctx) <-chan
// Result`): the channel is made outside loops and returned, and recv is a
// function calling the maker (directly, or through an interface whose
// only implementation in the package is it), or a function such a caller
// starts once outside loops. Each call makes a channel of its own, so
// its caller is its one receiver. Callers in other packages are not
// followed.
func (c *checker) returnedTo(recv *ssa.Function, mk *ssa.MakeChan) bool {
	maker := mk.Parent()
	if c.sameCycle(mk.Block(), mk.Block()) || !c.returnsChan(maker, mk, -1) {
		return false
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				cc := ci.Common()
				if ssaflow.Body(cc.StaticCallee()) != maker && c.implementation(cc) != maker {
					continue
				}
				if c.startedOnce(recv, fn) {
					return true
				}
			}
		}
	}
	return false
}

// carriesType reports whether a value of type t is, points to, or
// collects (a slice, an array or a map of) a value of type sent or fn.
func carriesType(t, sent, fn types.Type) bool {
	for {
		if types.Identical(t, sent) || types.Identical(t.Underlying(), fn.Underlying()) {
			return true // the callback's type, or a named type of its signature
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return false
		}
	}
}

// launchAt reports whether in starts a function of the package
// concurrently (errgroup's Go or TryGo).
func (c *checker) launchAt(in ssa.Instruction) bool {
	callee := ssaflow.Callee(in.(ssa.CallInstruction).Common())
	return callee != nil && (callee.Name() == "Go" || callee.Name() == "TryGo") && ssaflow.IsErrgroup(callee)
}

// startedOnce reports whether fn runs in one goroutine for each call of
// maker: it is maker, a function of the package maker calls (once, in its
// own goroutine), or one started by one go statement of maker outside
// loops, and neither called nor used as a value otherwise.
func (c *checker) startedOnce(fn, maker *ssa.Function) bool {
	if fn == maker {
		return true
	}
	var g *ssa.Go
	if fn.Parent() != nil {
		mcs := c.closures[fn]
		if len(mcs) != 1 || len(*mcs[0].Referrers()) != 1 {
			return false
		}
		g, _ = (*mcs[0].Referrers())[0].(*ssa.Go)
		if g == nil || g.Call.Value != ssa.Value(mcs[0]) {
			return false
		}
	} else {
		if fn.Object() == nil || fn.Object().Exported() || c.callbackFns[fn] {
			return false
		}
		sites := c.m.Flow.Callers(fn)
		if len(sites) != 1 {
			return false
		}
		for _, ref := range referrersOfFunc(c, fn) {
			if ref != ssa.Instruction(sites[0]) {
				return false // a value of it is taken
			}
		}
		if call, ok := sites[0].(*ssa.Call); ok {
			return call.Parent() == maker // in maker's goroutine
		}
		g, _ = sites[0].(*ssa.Go)
		if g == nil {
			return false
		}
	}
	return g.Parent() == maker && !c.sameCycle(g.Block(), g.Block())
}

// referrersOfFunc returns the instructions of the package that refer to
// fn as an operand.
func referrersOfFunc(c *checker, fn *ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	var ops []*ssa.Value
	for _, f := range c.m.SSA.SrcFuncs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				ops = in.Operands(ops[:0])
				for _, op := range ops {
					if op != nil && *op == ssa.Value(fn) {
						out = append(out, in)
						break
					}
				}
			}
		}
	}
	return out
}

// nested returns the function literals defined in fn, at any depth.
func nested(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, a := range fn.AnonFuncs {
		out = append(out, a)
		out = append(out, nested(a)...)
	}
	return out
}

// skipsCallback reports whether cb is sent on a channel (in a struct
// beside its record) to workers of the package of which one may not call
// it: from its receive, a path reaches the next receive or a return
// without a call of the value received's function-valued field (a worker
// that logs a failed write and continues). Waiting for each callback
// would then block the loop for good. A worker receiving in a select is
// not judged.
func (c *checker) skipsCallback(cb *callback) bool {
	var ch ssa.Value
	switch h := cb.handed.(type) {
	case *ssa.Send:
		ch = h.Chan
	case *ssa.Select:
		for _, st := range h.States {
			if st.Dir == types.SendOnly {
				ch = st.Chan
			}
		}
	}
	if ch == nil {
		return false // handed to a call: the client calls it
	}
	roots := c.roots(ch)
	found := false
	for _, fn := range c.m.Flow.Funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if sel, ok := in.(*ssa.Select); ok && slices.ContainsFunc(sel.States, func(st *ssa.SelectState) bool {
					return st.Dir == types.RecvOnly && ssaflow.Intersects(c.roots(st.Chan), roots)
				}) {
					return false // a worker selecting on it: not judged
				}
				recv, ok := in.(*ssa.UnOp)
				if !ok || recv.Op != token.ARROW || !ssaflow.Intersects(c.roots(recv.X), roots) {
					continue
				}
				found = true
				if callbackSkipped(recv) {
					return true
				}
			}
		}
	}
	return !found // workers out of sight: not known to call it
}

// callbackSkipped reports whether, from the receive recv (past its
// comma-ok test: a closed channel hands nothing over), the receiving
// goroutine reaches its next receive or returns without calling a
// function taken from the value received.
func callbackSkipped(recv *ssa.UnOp) bool {
	received := func(v ssa.Value) bool {
		if ex, ok := v.(*ssa.Extract); ok {
			return ex.Tuple == recv // v, ok := <-ch, and range over ch
		}
		return v == recv
	}
	elem := recv.X.Type().Underlying().(*types.Chan).Elem()
	calls := func(x ssa.Instruction) bool {
		ci, ok := x.(ssa.CallInstruction)
		if !ok {
			return false
		}
		cc := ci.Common()
		if !cc.IsInvoke() && cc.StaticCallee() == nil && ssaflow.Derives(cc.Value, received) {
			return true
		}
		// The value received handed on whole (go handle(r), a
		// goroutine's closure capturing it): where it goes, the
		// callback may be called; not judged.
		vs := slices.Clone(cc.Args)
		if mc, ok := cc.Value.(*ssa.MakeClosure); ok {
			vs = append(vs, mc.Bindings...)
		}
		return slices.ContainsFunc(vs, func(a ssa.Value) bool {
			t := a.Type()
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			return types.Identical(t, elem) && ssaflow.Derives(a, received)
		})
	}
	// The blocks where the value received is in hand.
	var start []*ssa.BasicBlock
	b := recv.Block()
	if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && recv.CommaOk {
		if ex, ok := iff.Cond.(*ssa.Extract); ok && ex.Tuple == recv && ex.Index == 1 {
			start = []*ssa.BasicBlock{b.Succs[0]}
		}
	}
	if start == nil {
		i := slices.Index(b.Instrs, ssa.Instruction(recv))
		if slices.ContainsFunc(b.Instrs[i+1:], calls) {
			return false
		}
		start = b.Succs
	}
	seen := map[*ssa.BasicBlock]bool{}
	for len(start) > 0 {
		x := start[len(start)-1]
		start = start[:len(start)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if x == b {
			return true // round to the next receive without a call
		}
		if slices.ContainsFunc(x.Instrs, calls) {
			continue
		}
		if _, ret := x.Instrs[len(x.Instrs)-1].(*ssa.Return); ret {
			return true
		}
		start = append(start, x.Succs...)
	}
	return false
}
