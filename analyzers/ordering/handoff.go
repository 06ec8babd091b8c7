package ordering

import (
	"fmt"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A hand-off passes a record on to code that runs later, elsewhere: a send
// of it (or of a struct or message built from its fields) on a channel,
// or a go statement that processes it. It is not processing: when the
// position call follows it with nothing in between that waits for the
// work to finish, the position is written before the effect exists.

// handOff is a hand-off of the record a position call writes.
type handOff struct {
	instr ssa.Instruction // *ssa.Send, *ssa.Select or *ssa.Go
	// goes is set for a go statement, else the record is sent.
	goes bool
	// after is set for a send that follows the position call.
	after bool
	// produce is set when the record is produced asynchronously: a call
	// that queues it, or a send on the channel such a call returns.
	produce *clientmodel.ProduceRef
	// flush is set for an asynchronous produce that does not run before
	// the position call on every path (a produce in a loop over a poll's
	// records, committed whole after it) but reaches it with no flush of
	// the producer between: only a flush makes the commit wait.
	flush bool
	// branch is set for a send or go statement made on some paths only
	// before the position call (one case of a switch), none of which
	// processes the record in place.
	branch bool
	// call is set for a call of another package's function that only
	// queues the record (a handsOff fact): the work is done later, by
	// workers of that package.
	call *types.Func
	// queued is call's fact: its Fix makes call process what it queues
	// in place, in call's package (xportfix.go), or Why says why not.
	queued *handsoff.Fact
	// handler is set for a call of a function-valued parameter (a
	// handler) every function passed for which in the package only
	// queues the record.
	handler *ssa.Parameter
	// handlerArgs are the indices of the handler call's arguments
	// carrying the record.
	handlerArgs []int
	// past is set, with branch, for a send or go statement on a path
	// that leaves the record unwritten (continue) and reaches the
	// position call of a later record, with no wait between: that call
	// writes a position past the record handed on.
	past bool
	// later is set for a call starting the work for later other than a
	// go statement of the function (later.go): instr is that call.
	later *laterWork
	// derived is set for a send of a value built from the record by a
	// call (decoded, parsed), not of the record or its fields.
	derived bool
	// wrapper is set for a call of a function that produces the record
	// asynchronously (a thin producer wrapper, wrapproduce.go); wrapped
	// is its fact.
	wrapper *types.Func
	wrapped *producesAsync
	// helperWhy says why no fix runs in place the goroutine the function
	// of the package call starts (queuedHelperFix).
	helperWhy string
	// literal is set, with branch, for a send in a function literal
	// passed to a call before the position call (sendInLiteral).
	literal bool
}

// checkHandOff reports p if its record is handed on before it, on every
// path, with no wait for the processing between them, or sent on a
// channel after it, and the function does not process the record itself
// before p.
func (c *checker) checkHandOff(p *position) {
	for _, o := range c.handOffOrigins(p) {
		var def ssa.Instruction
		if d, ok := o.(ssa.Instruction); ok && d.Parent() == p.fn {
			def = d
		}
		h := c.handOffBefore(p, o, def)
		if h == nil {
			continue
		}
		if !h.branch && c.processedInPlace(p, o, def, h.instr, h.call != nil || h.handler != nil || h.wrapper != nil || h.derived) {
			continue // the hand-off may be a side channel (an audit copy)
		}
		c.reportHandOff(p, h)
		return
	}
	if !c.checkBuffered(p) && !c.checkUnflushed(p) {
		c.checkPastBatch(p)
	}
}

// handOffOrigins returns the origins of p, the values holding one
// partition's records that an origin is read from (p.Records of a
// FetchTopicPartition: p.EachRecord hands out the records committed),
// and, for a commit of everything handed out (no record argument), the
// fetches of its consumer in its function that reach it without
// dominating it (reads in a loop before the commit): a record they hand
// out may still be queued in a producer when p commits it.
func (c *checker) handOffOrigins(p *position) []ssa.Value {
	out := c.origins(p)
	for _, o := range out {
		if h := partitionHolder(o); h != nil && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	if p.arg != nil || p.marked {
		return out
	}
	for _, call := range c.m.Calls {
		if call.Role != clientmodel.Fetch || call.Fn != p.fn || call.Client != p.client.Client {
			continue
		}
		if p.k != nil && call.Consumer != nil && call.Consumer != p.k {
			continue
		}
		if ci, ok := call.Instr.(*ssa.Call); ok && !ssaflow.Dominates(ci, p.instr) && ssaflow.ReachesStopping(ci, p.instr, func(ssa.Instruction) bool { return false }) {
			out = append(out, ci)
		}
	}
	return out
}

// handOffBefore returns a hand-off of o that executes before p on every
// path, from which p is reachable without a wait for its completion (and
// without o being fetched anew), or a send of o that p precedes on every
// path to it, or nil.
func (c *checker) handOffBefore(p *position, o ssa.Value, def ssa.Instruction) *handOff {
	carried := c.carriedValues(o)
	sites := c.processingSites(p.fn, o)
	var tainted map[ssa.Value]bool
	// sent reports a value sent on a channel that hands the record on:
	// the record itself, or a value built from it (decoded into a struct,
	// parsed into entries) that is not a number, a string, a bool or an
	// error (an outcome, an offset, a log line).
	sent := func(x ssa.Value) bool {
		if carried[x] {
			return true
		}
		if tainted == nil {
			tainted = c.taint(o)
		}
		return tainted[x] && payload(x.Type())
	}
	var branch, past *handOff
	for _, b := range p.fn.Blocks {
		for _, instr := range b.Instrs {
			var h *handOff
			if call, ok := instr.(*ssa.Call); ok {
				if f, fn := c.ho.Call(call.Common()); f != nil {
					if tainted == nil {
						tainted = c.taint(o)
					}
					for _, i := range f.Params {
						if a := ssaflow.Arg(call.Common(), i); a != nil && (carried[a] || tainted[a]) {
							h = &handOff{instr: call, call: fn, queued: f}
						}
					}
				}
				if f, fn := c.producerCall(call.Common()); f != nil {
					if tainted == nil {
						tainted = c.taint(o)
					}
					for _, i := range f.Params {
						if a := ssaflow.Arg(call.Common(), i); a != nil && (carried[a] || tainted[a]) {
							h = &handOff{instr: call, wrapper: fn, wrapped: f}
						}
					}
				}
				if prm, _ := handlerParam(call.Common()); prm != nil {
					if tainted == nil {
						tainted = c.taint(o)
					}
					var args []int
					for i, a := range call.Common().Args {
						if carried[a] || tainted[a] {
							args = append(args, i)
						}
					}
					if c.handlerHandsOff(call.Common(), args) {
						h = &handOff{instr: call, handler: prm, handlerArgs: args}
					}
				}
			}
			switch in := instr.(type) {
			case *ssa.Send:
				if sent(in.X) && !c.requeued(o, in.Chan) {
					h = &handOff{instr: in, produce: producerChan(in.Chan), derived: !carried[in.X]}
				}
			case *ssa.Call:
				pr, ok := clientmodel.Default.Produce(ssaflow.Callee(in.Common()))
				if !ok || pr.Record < 0 || !c.isAsync(in.Common(), pr) {
					break
				}
				rec := ssaflow.Arg(in.Common(), pr.Record)
				if pr.Flush != "" && !ssaflow.Dominates(in, p.instr) && !ssaflow.Dominates(p.instr, in) {
					// A record built from the poll's records (a loop
					// over fetches.Records()), or produced on one
					// branch, on some path to the position call:
					// unless a flush comes between, the commit does
					// not wait for it.
					if tainted == nil {
						tainted = c.taint(o)
					}
					stop := func(x ssa.Instruction) bool { return x == def || ssaflow.IsWait(x) || c.flushes(x, in, &pr) }
					if (carried[rec] || tainted[rec]) && ssaflow.ReachesStopping(in, p.instr, stop) {
						return &handOff{instr: in, produce: &pr, flush: true}
					}
					break
				}
				if carried[rec] {
					h = &handOff{instr: in, produce: &pr}
				}
			case *ssa.Select:
				for _, st := range in.States {
					if st.Dir == types.SendOnly && sent(st.Send) {
						h = &handOff{instr: in, derived: !carried[st.Send]}
					}
				}
			case *ssa.Go:
				for _, s := range sites {
					if s == in {
						h = &handOff{instr: in, goes: true}
					}
				}
			}
			if lw := c.later[instr]; lw != nil && slices.Contains(sites, instr) {
				_, goes := lw.inner.(*ssa.Go)
				h = &handOff{instr: instr, goes: goes, later: lw}
			}
			if h == nil {
				continue
			}
			if ssaflow.Dominates(instr, p.instr) {
				stop := func(x ssa.Instruction) bool {
					return x == def || ssaflow.IsWait(x) || h.produce != nil && c.flushes(x, instr, h.produce) || h.wrapper != nil && c.flushCall(x, wrapperOwners(h))
				}
				if ssaflow.ReachesStopping(instr, p.instr, stop) {
					return h
				}
				continue
			}
			// A send made after the position call, of the record it
			// wrote: the receiver processes it later still.
			if !h.goes && h.wrapper == nil && ssaflow.Dominates(p.instr, instr) && ssaflow.ReachesStopping(p.instr, instr, func(x ssa.Instruction) bool { return x == def }) {
				h.after = true
				return h
			}
			// A send, go statement or call that only queues, on some
			// paths only (one case of a switch on the topic), that
			// reaches the position call with no wait: on that path the
			// record is handed on before its position is written,
			// unless processed in place on a path through the hand-off
			// (then the channel carries a copy).
			_, isSend := instr.(*ssa.Send)
			if (isSend || h.goes || h.later != nil || h.call != nil || h.handler != nil || h.wrapper != nil) && branch == nil && h.produce == nil &&
				ssaflow.ReachesStopping(instr, p.instr, func(x ssa.Instruction) bool {
					return x == def || ssaflow.IsWait(x) || h.wrapper != nil && c.flushCall(x, wrapperOwners(h))
				}) &&
				!c.processedBeside(sites, instr, def) {
				h.branch = true
				branch = h
			}
			// A send or go statement on a path that skips the position
			// call (continue) and reaches it for a later record, with no
			// wait for the work and no position written between: that
			// call writes a position past the record handed on.
			if (isSend || h.goes) && past == nil && branch == nil && h.produce == nil && def != nil &&
				c.writesPastHandOff(p) && !c.processedBeside(sites, instr, def) &&
				!ssaflow.ReachesStopping(instr, p.instr, func(x ssa.Instruction) bool { return x == def || ssaflow.IsWait(x) }) &&
				ssaflow.ReachesStopping(instr, def, func(x ssa.Instruction) bool { return waitsForNext(x) || c.writesPosition(x, p) }) &&
				ssaflow.ReachesStopping(def, p.instr, func(x ssa.Instruction) bool { return x != def && waitsForNext(x) }) {
				h.branch, h.past = true, true
				past = h
			}
		}
	}
	if branch == nil && past == nil {
		if h := c.sendInLiteral(p, o, def, carried, sent); h != nil {
			return h
		}
		return c.produceInLiteral(p, def, tainted, o)
	}
	if branch == nil {
		return past
	}
	return branch
}

// requeued reports whether a send on ch puts the record o back on the
// channel it was received from (a failed store retried later: done <-
// msg, in a loop receiving from done or ranging over it): the same loop
// takes it again, no other code processes it. The two must be the same
// channel, not two a helper may make.
func (c *checker) requeued(o, ch ssa.Value) bool {
	if ex, ok := o.(*ssa.Extract); ok && ex.Index == 0 {
		o = ex.Tuple // for msg := range done
	}
	recv, ok := o.(*ssa.UnOp)
	return ok && recv.Op == token.ARROW && sameChan(recv.X, ch)
}

// sameChan reports whether a and b are the same channel: one value (a
// parameter, a variable), or one field of one value (s.done).
func sameChan(a, b ssa.Value) bool {
	a, b = ssaflow.Unconvert(a), ssaflow.Unconvert(b)
	if a == b {
		return true
	}
	la, ok := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok || !ok2 || la.Op != token.MUL || lb.Op != token.MUL {
		return false
	}
	if la.X == lb.X {
		return true // one variable, loaded twice
	}
	fa, ok := la.X.(*ssa.FieldAddr)
	fb, ok2 := lb.X.(*ssa.FieldAddr)
	return ok && ok2 && fa.Field == fb.Field && fa.X == fb.X
}

// sendInLiteral returns the hand-off of a record sent on a channel in a
// function literal the function passes to a call that reaches p with no
// wait between (fetches.EachRecord(func(r *kgo.Record) { queue <- r })
// then a commit of the poll): the literal runs during the call, and the
// records are still queued for the channel's receiver when p commits
// them. A literal that also processes the record itself sends a copy (an
// audit channel): not a hand-off. sent reports a value that carries the
// record built from o, carried the values that are o itself
// (handOffBefore's).
func (c *checker) sendInLiteral(p *position, o ssa.Value, def ssa.Instruction, carried map[ssa.Value]bool, sent func(ssa.Value) bool) *handOff {
	var tainted map[ssa.Value]bool
	for call, lit := range literalArgs(p.fn, p.instr) {
		var h *handOff
		for _, lb := range lit.Blocks {
			for _, in := range lb.Instrs {
				switch x := in.(type) {
				case *ssa.Send:
					if h == nil && sent(x.X) {
						h = &handOff{instr: x, branch: true, literal: true, derived: !carried[x.X] && !c.isRecordish(x.X.Type())}
					}
				case *ssa.Select:
					for _, st := range x.States {
						if h == nil && st.Dir == types.SendOnly && sent(st.Send) {
							h = &handOff{instr: x, branch: true, literal: true, derived: !carried[st.Send] && !c.isRecordish(st.Send.Type())}
						}
					}
				}
			}
		}
		if h == nil {
			continue
		}
		if tainted == nil {
			tainted = c.taint(o)
		}
		if (c.funcProcesses(lit, tainted, 0) || c.processedBetween(p, o, call)) && !c.receiversProcess(h.instr) {
			continue // a tap: its receivers only observe the copies
		}
		// A commit of everything polled passes what the previous polls
		// sent too: a poll on the way does not stop it (a commit after
		// the loop: review 36-1/D7).
		if ssaflow.ReachesStopping(call, p.instr, func(x ssa.Instruction) bool { return x == def && p.arg != nil || ssaflow.IsWait(x) }) && !waitsBetween(call, p.instr) {
			return h
		}
	}
	return nil
}

// literalArgs yields the calls of fn (but skip) and each function
// literal one is given (fetches.EachRecord(func(r) {...})).
func literalArgs(fn *ssa.Function, skip ssa.Instruction) iter.Seq2[*ssa.Call, *ssa.Function] {
	return func(yield func(*ssa.Call, *ssa.Function) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || instr == skip {
					continue
				}
				for _, a := range call.Common().Args {
					if lit := ssaflow.Literal(a); lit != nil && !yield(call, lit) {
						return
					}
				}
			}
		}
	}
}

// receiversProcess reports whether a function of the package receives
// from the channel send (a *ssa.Send, or a select's send) sends on and
// processes what it receives: a worker, not a tap that only logs the
// copies (review 36-2/D5: an audit row written in place, the real write
// in the workers).
func (c *checker) receiversProcess(send ssa.Instruction) bool {
	var ch ssa.Value
	switch x := send.(type) {
	case *ssa.Send:
		ch = x.Chan
	case *ssa.Select:
		for _, st := range x.States {
			if st.Dir == types.SendOnly {
				ch = st.Chan
			}
		}
	}
	if ch == nil {
		return true
	}
	roots := c.m.Flow.Roots(ch)
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				recv, ok := instr.(*ssa.UnOp)
				if !ok || recv.Op != token.ARROW || !ssaflow.Intersects(c.m.Flow.Roots(recv.X), roots) {
					continue
				}
				if c.funcProcesses(fn, c.taint(recv), 0) {
					return true
				}
			}
		}
	}
	return false
}

// processedBetween reports whether p's function processes o's records in
// place between call and p (a loop over the poll's records saving each
// after an audit copy was sent: review 36-1/D1).
func (c *checker) processedBetween(p *position, o ssa.Value, call ssa.Instruction) bool {
	never := func(ssa.Instruction) bool { return false }
	for _, site := range c.processingSites(p.fn, o) {
		if site != call && c.inPlace(site) && ssaflow.ReachesStopping(call, site, never) && ssaflow.ReachesStopping(site, p.instr, func(y ssa.Instruction) bool { return y == call }) {
			return true
		}
	}
	return false
}

// waitsBetween reports whether a wait for work (ssaflow.IsWait) lies on some path
// from a to b: a receive loop counting the records sent may be skipped
// on its no-record path (for ; n > 0; n-- { <-done }), which a
// path-insensitive walk takes for a way past it (review 36-1/D3).
func waitsBetween(a, b ssa.Instruction) bool {
	for _, blk := range a.Parent().Blocks {
		for _, x := range blk.Instrs {
			if ssaflow.IsWait(x) && ssaflow.ReachesStopping(a, x, func(ssa.Instruction) bool { return false }) &&
				ssaflow.ReachesStopping(x, b, func(y ssa.Instruction) bool { return y == a }) {
				return true
			}
		}
	}
	return false
}

// produceInLiteral returns the hand-off of an asynchronous produce, of a
// record built from o, made in a function literal the function passes to
// a call that reaches p with no wait or flush between
// (fetches.EachRecord(func(r *kgo.Record) { out.Produce(ctx, rec(r),
// nil) }) then a commit of the poll): the literal runs during the call,
// and its records are still queued in the producer when p commits them.
func (c *checker) produceInLiteral(p *position, def ssa.Instruction, tainted map[ssa.Value]bool, o ssa.Value) *handOff {
	for call, lit := range literalArgs(p.fn, p.instr) {
		if tainted == nil {
			tainted = c.taint(o)
		}
		in, pr := c.asyncProduceIn(lit, tainted, map[*ssa.Function]bool{})
		if in == nil {
			continue
		}
		stop := func(x ssa.Instruction) bool { return x == def || ssaflow.IsWait(x) || c.flushes(x, in, pr) }
		if ssaflow.ReachesStopping(call, p.instr, stop) {
			return &handOff{instr: in, produce: pr, flush: true}
		}
	}
	return nil
}

// asyncProduceIn returns a call in fn, or in the literals it makes, that
// produces a tainted record asynchronously to a producer that can flush
// (franz-go Produce), with no flush of that producer after it in fn.
func (c *checker) asyncProduceIn(fn *ssa.Function, tainted map[ssa.Value]bool, seen map[*ssa.Function]bool) (*ssa.Call, *clientmodel.ProduceRef) {
	if seen[fn] {
		return nil, nil
	}
	seen[fn] = true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			in, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			pr, ok := clientmodel.Default.Produce(ssaflow.Callee(in.Common()))
			if !ok || pr.Record < 0 || pr.Flush == "" || !c.isAsync(in.Common(), pr) || !tainted[ssaflow.Arg(in.Common(), pr.Record)] {
				continue
			}
			flushed := false
			for _, bb := range fn.Blocks {
				for _, x := range bb.Instrs {
					flushed = flushed || c.flushes(x, in, &pr)
				}
			}
			if !flushed {
				return in, &pr
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if in, pr := c.asyncProduceIn(anon, tainted, seen); in != nil {
			return in, pr
		}
	}
	return nil, nil
}

// waitsForNext is waitsForWork but for a select whose receive cases
// only take the next record (claim.Messages()) or give up when a context
// is done: that waits for the broker, not for the work handed on.
func waitsForNext(in ssa.Instruction) bool {
	sel, ok := in.(*ssa.Select)
	if !ok {
		return waitsForWork(in)
	}
	for _, st := range sel.States {
		if st.Dir == types.SendOnly {
			continue
		}
		call, ok := st.Chan.(*ssa.Call)
		if !ok {
			return true
		}
		if isFetch(call) || clientmodel.Default.Feed(ssaflow.Callee(call.Common())) {
			continue
		}
		if cc := call.Common(); cc.IsInvoke() && cc.Method.Name() == "Done" && ssaflow.IsContext(cc.Value.Type()) {
			continue
		}
		return true
	}
	return false
}

// writesPastHandOff reports whether p writes the position of the record
// it is given, itself: the position of every record before it in its
// partition too (a mark, a store or a commit of the record), so a
// record handed on earlier and not written is passed over.
func (c *checker) writesPastHandOff(p *position) bool {
	return p.arg != nil && !p.marked && p.committedBy == nil && p.row == nil && p.nth == nil && p.returned == nil
}

// writesPosition reports whether instr is a position call of p's client
// (or a call of a helper or closure making one) other than p itself: a
// record handed on and then written by it is not passed over silently.
func (c *checker) writesPosition(instr ssa.Instruction, p *position) bool {
	call, ok := instr.(*ssa.Call)
	if !ok || call == p.instr {
		return false
	}
	for _, mc := range c.m.Calls {
		if mc.Instr == instr && mc.Client == p.client.Client {
			switch mc.Role {
			case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
				return true
			}
		}
	}
	if c.helperFact(call) != nil {
		return true
	}
	// A closure or a function value: it may write the position.
	return call.Common().StaticCallee() == nil && !call.Common().IsInvoke()
}

// processedBeside reports whether a site processing the record in place
// (not a go statement) runs on a path through the hand-off instr, before
// or after it, with the record not fetched anew (def) between them.
func (c *checker) processedBeside(sites []ssa.Instruction, instr, def ssa.Instruction) bool {
	notDef := func(x ssa.Instruction) bool { return x == def }
	for _, s := range sites {
		if c.startsLater(s) {
			continue
		}
		if ssaflow.ReachesStopping(s, instr, notDef) || ssaflow.ReachesStopping(instr, s, notDef) {
			return true
		}
	}
	return false
}

// producerChan returns the model of the asynchronous produce call whose
// result ch is (a producer's input channel), or nil.
func producerChan(ch ssa.Value) *clientmodel.ProduceRef {
	call, ok := ch.(*ssa.Call)
	if !ok {
		return nil
	}
	if pr, ok := clientmodel.Default.Produce(ssaflow.Callee(call.Common())); ok && pr.Async && pr.Record < 0 {
		return &pr
	}
	return nil
}

// failedProcessing returns the call of in's function, given a value
// derived from o, whose failure branch (an `if err != nil` on its error)
// in runs in, or nil (also for a nil in).
func (c *checker) failedProcessing(in ssa.Instruction, o ssa.Value) *ssa.Call {
	if in == nil {
		return nil
	}
	var tainted map[ssa.Value]bool
	for _, b := range in.Parent().Blocks {
		for _, x := range b.Instrs {
			call, ok := x.(*ssa.Call)
			if !ok || !onFailureOf(call, in) {
				continue
			}
			if fn := ssaflow.Callee(call.Common()); fn != nil && (c.isClient(fn) || c.ignored(fn)) {
				continue
			}
			if tainted == nil {
				tainted = c.taint(o)
			}
			if slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return tainted[a] }) {
				return call
			}
		}
	}
	return nil
}

// processedInPlace reports whether fn processes o itself, other than by
// starting a goroutine, somewhere from which p is reachable without o
// being fetched anew, and not by a processing whose failure handOff (if
// not nil) handles.
func (c *checker) processedInPlace(p *position, o ssa.Value, def, handOff ssa.Instruction, decodeOnly bool) bool {
	notDef := func(x ssa.Instruction) bool { return x == def }
	if failed := c.failedProcessing(handOff, o); failed != nil {
		// The hand-off runs when a processing of the record failed (a
		// failed record produced to a retry or dead-letter topic): on
		// that path it is the record's only effect, unless the record
		// is processed in place after it all the same.
		for _, s := range c.processingSites(p.fn, o) {
			if s != failed && !c.startsLater(s) && handOff.Parent() == p.fn &&
				ssaflow.ReachesStopping(handOff, s, notDef) && ssaflow.ReachesStopping(s, p.instr, notDef) {
				return true
			}
		}
		return false
	}
	payload := handOffPayload(handOff)
	for _, s := range c.processingSites(p.fn, o) {
		if c.startsLater(s) {
			continue
		}
		if ci, ok := s.(*ssa.Call); ok {
			// Decoding the record into the value queued, or checking
			// that it decodes, is not its effect (json.Unmarshal(r.Value,
			// &p), then Enqueue(p); if !json.Valid(m.Value) { continue },
			// then go send(m): audit 34a/2).
			if fn := ssaflow.Callee(ci.Common()); fn != nil && (decodeOnly && handsoff.IsDecodeName(fn.Name()) || decoding(fn)) {
				continue
			}
		}
		if v, ok := s.(ssa.Value); ok && payload != nil && c.taint(v)[payload] {
			// A call whose result becomes what is handed on (out, err
			// := enrich(r.Value), then produced) prepares the hand-off:
			// the effect is the hand-off's.
			continue
		}
		if ssaflow.ReachesStopping(s, p.instr, func(x ssa.Instruction) bool { return x == def }) {
			return true
		}
	}
	return false
}

// decoding reports whether fn is a decoding or checking function of the
// standard library's encoding packages (json.Unmarshal, json.Valid,
// base64's DecodeString, a Decoder's Decode): no effect of the record.
// Its encoders write (json.NewEncoder(f).Encode(r.Value)): those are
// (review 34-1/E1).
func decoding(fn *types.Func) bool {
	return fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), "encoding/") &&
		(handsoff.IsDecodeName(fn.Name()) || strings.HasPrefix(fn.Name(), "Valid") || fn.Name() == "NewDecoder")
}

// wrapperOwners returns the values a flush after the call of producer
// wrapper h may be made on to wait for it: the wrapper call's receiver and
// arguments; nil (any client flush, any flusher) when it has none.
func wrapperOwners(h *handOff) []ssa.Value {
	call := h.instr.(*ssa.Call)
	if len(call.Call.Args) == 0 {
		return nil
	}
	return call.Call.Args
}

// handOffPayload returns the value a hand-off passes on: the value sent,
// or the record an asynchronous produce queues; nil for others.
func handOffPayload(in ssa.Instruction) ssa.Value {
	switch x := in.(type) {
	case *ssa.Send:
		return x.X
	case *ssa.Call:
		if pr, ok := clientmodel.Default.Produce(ssaflow.Callee(x.Common())); ok && pr.Record >= 0 {
			return ssaflow.Arg(x.Common(), pr.Record)
		}
	}
	return nil
}

// carriedValues returns o and the values that carry it unchanged to
// another goroutine: fields, elements, loads, conversions, phis, and
// structs, arrays and slices built locally from them (&job{msg: m},
// &ProducerMessage{Value: ByteEncoder(m.Value)}). A call's result is not
// one: a value computed by the function (a decoded event, a result) may
// be the outcome of processing done in place.
func (c *checker) carriedValues(o ssa.Value) map[ssa.Value]bool {
	return ssaflow.Forward(o, func(v ssa.Value, ref ssa.Instruction, add func(ssa.Value)) {
		switch r := ref.(type) {
		case *ssa.Field, *ssa.FieldAddr, *ssa.Index, *ssa.IndexAddr, *ssa.Slice,
			*ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert, *ssa.ChangeInterface, *ssa.Phi:
			add(r.(ssa.Value))
		case *ssa.UnOp:
			if r.Op == token.MUL {
				add(r)
			}
		case *ssa.Extract:
			// The error a fetch returns beside its record is not it.
			if isFetch(v) && !c.isRecordish(r.Type()) {
				return
			}
			add(r)
		case *ssa.Store:
			if r.Val == v {
				if al := ssaflow.LocalAggregate(r.Addr); al != nil {
					add(al)
				}
			}
		}
	})
}

// payload reports whether a value of type t, built from a record, can
// carry its content on to other code: not a number, string or bool (an
// offset, a key, a log line), an error, a context or a function.
func payload(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Basic, *types.Signature:
		return false
	}
	return !isError(t) && !ssaflow.IsContext(t)
}

// flushes reports whether instr calls pr.Flush, the producer's call that
// waits for every record it queued, on the producer that made the produce
// call (the receivers may share a value), its count read when it may give
// up (pr.FlushCounts).
func (c *checker) flushes(instr, produce ssa.Instruction, pr *clientmodel.ProduceRef) bool {
	call, ok := instr.(*ssa.Call)
	pc, ok2 := produce.(*ssa.Call)
	if !ok || !ok2 || pr.Flush == "" {
		return false
	}
	fn := ssaflow.Callee(call.Common())
	if fn == nil || fn.FullName() != pr.Flush {
		return false
	}
	if pr.FlushCounts && len(*call.Referrers()) == 0 {
		return false // gave up after its timeout, unchecked
	}
	a, b := ssaflow.Recv(call.Common()), ssaflow.Recv(pc.Common())
	return a != nil && b != nil && (a == b || ssaflow.Intersects(c.flow.Roots(a), c.flow.Roots(b)))
}

// reportHandOff reports p, made after h handed its record on.
func (c *checker) reportHandOff(p *position, h *handOff) {
	name := clientmodel.ShortName(p.client.Func)
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	fixName := name
	if p.closure != nil {
		fixName = p.closure.name
		name = p.closure.name + ", a closure that " + closureVerb(p) + ","
	}
	noun := p.client.Client.RecordNoun
	where, related := "sent on a channel", noun+" handed to the channel's receiver here"
	if h.goes {
		where, related = "handed to a goroutine", noun+" handed to a goroutine here"
	}
	if h.derived {
		where, related = "built into a value sent on a channel", "value built from the "+noun+" sent to the channel's receiver here"
	}
	if h.call != nil {
		where = "handed to " + ssaflow.ShortFunc(h.call) + ", which only queues it for later work"
		related = noun + " queued here: " + ssaflow.ShortFunc(h.call) + " only sends it on a channel or to a goroutine"
	}
	if h.handler != nil {
		where = "handed to " + h.handler.Name() + ", which every function passed for it in this package only queues for later work"
		related = noun + " handed to " + h.handler.Name() + " here: the functions passed for it only send it on a channel or to a goroutine and return"
	}
	// each: every record is handed on, in a loop over them or in the
	// callback given each; some: on some paths only.
	some, each := h.branch, false
	if h.branch && !h.past && h.call == nil && h.handler == nil && h.produce == nil && c.everyRecord(h.instr.Pos(), h.literal) {
		some, each = false, true
	}
	at := h.instr.Pos()
	if h.later != nil {
		where, related, each, at = c.laterWhere(h.later, noun)
		if h.later.callback != nil && !c.everyRecord(h.later.inner.Pos(), true) {
			some = true
		}
	} else if each {
		where, related = "sent on a channel", "each "+noun+" sent on the channel here"
		if h.derived {
			where, related = "built into values sent on a channel", "a value built from each "+noun+" sent on the channel here"
		}
		if h.goes {
			where, related = "handed to goroutines", "each "+noun+" handed to a goroutine here"
		}
	}
	if some && (h.call != nil || h.handler != nil) {
		where = strings.Replace(where, "handed to", "handed (on some paths) to", 1)
	} else if some {
		where += " on some paths"
	}
	if h.past {
		related = noun + " handed on here, on a path that does not write its position"
	}
	var cost string
	switch {
	case p.committedBy != nil:
		by := clientmodel.ShortName(p.committedBy.Func)
		if fn := ssaflow.Callee(p.committedBy.Instr.Common()); fn != nil {
			by = fn.Name()
		}
		what := "the marks"
		if p.client.Role == clientmodel.Store {
			what = "the stored offsets"
		}
		cost = "the commit of " + what + " (" + by + ") does not wait for it either, so a crash before the " + noun + " is processed loses it (at-most-once)"
	case p.client.Role == clientmodel.Mark:
		cost = "with auto-commit on, a crash before the " + noun + " is processed loses it (at-most-once)"
	case p.client.Role == clientmodel.Store:
		cost = "the auto-commit timer may commit the stored offset at any moment, so a crash before the " + noun + " is processed loses it (at-most-once)"
	case p.client.Scope == clientmodel.ScopeMarked && !p.marked && p.client.Client.Spell(clientmodel.AutoStore) != "":
		cost = "with " + p.client.Client.Spell(clientmodel.AutoStore) + " on it commits the offsets of " + noun + "s already handed out, so a crash before the " + noun + " is processed loses it (at-most-once)"
	default:
		cost = "a crash before the " + noun + " is processed loses it (at-most-once)"
	}
	msg := fmt.Sprintf("call to %s after the %s is %s, with no wait for its processing: %s", name, noun, where, cost)
	if each {
		cost = strings.Replace(cost, "the "+noun+" is processed loses it", "the "+noun+"s are processed loses them", 1)
		msg = fmt.Sprintf("call to %s after the %ss are %s, with no wait for their processing: %s", name, noun, where, cost)
	}
	if h.past {
		// The call writes a later record's position, which covers
		// every record before it in its partition.
		what := "commits"
		switch {
		case p.client.Role == clientmodel.Mark:
			what = "marks"
		case p.client.Role == clientmodel.Store:
			what = "stores"
		}
		where = strings.TrimSuffix(where, " on some paths")
		cost = strings.Replace(cost, "the "+noun+" is processed loses it", "a "+noun+" handed on is processed loses it", 1)
		msg = fmt.Sprintf("call to %s %s a position past %ss %s on another path, with no wait for their processing: %s", name, what, noun, where, cost)
	}
	if h.produce != nil {
		by := clientmodel.ShortName(h.produce.Func)
		related = noun + " handed to the producer here"
		cost = deliveryCost(p, noun)
		msg = fmt.Sprintf("call to %s after the %s is produced asynchronously by %s, with no wait for its delivery: %s", name, noun, by, cost)
		if h.flush {
			msg = fmt.Sprintf("call to %s after %ss it commits are produced asynchronously by %s, with no flush of the producer before it: %s", name, noun, by, cost)
		}
		if h.after {
			msg = fmt.Sprintf("call to %s before the %s is produced (asynchronously, by %s): %s", name, noun, by, cost)
		}
	}
	if h.wrapper != nil {
		wrapper := ssaflow.ShortFunc(h.wrapper)
		related = fmt.Sprintf("%s handed to %s here: it queues it in the producer (%s) and returns before the delivery", noun, wrapper, h.wrapped.By)
		cost = deliveryCost(p, noun)
		msg = fmt.Sprintf("call to %s after the %s is produced asynchronously by %s (its %s is not waited for): %s", name, noun, wrapper, h.wrapped.By, cost)
		if some {
			msg = fmt.Sprintf("call to %s after the %s is produced asynchronously (on some paths) by %s (its %s is not waited for): %s", name, noun, wrapper, h.wrapped.By, cost)
		}
	}
	if h.after && h.produce == nil {
		msg = fmt.Sprintf("call to %s before the %s is sent on a channel to be processed: %s", name, noun, cost)
		if h.call != nil {
			msg = fmt.Sprintf("call to %s before the %s is %s: %s", name, noun, where, cost)
		}
	}
	var fixes []analysis.SuggestedFix
	switch {
	case h.handler != nil:
		if _, k := handlerParam(h.instr.(*ssa.Call).Common()); k >= 0 {
			if fns, ok := c.handlerValues(h.handler, k); ok {
				if fix, ok := c.handlerFix(fns, h.handlerArgs, noun); ok {
					fixes = append(fixes, fix)
				}
			}
		}
	case h.wrapper != nil:
		fixes = c.wrapperFix(h.wrapper, h.wrapped)
	case h.call == nil:
		if fix, ok := c.handOffFix(p, h, fixName); ok {
			fixes = append(fixes, fix)
		}
	default:
		if fix, why, ok := c.queuedHelperFix(h, fixName, noun); ok {
			fixes = append(fixes, fix)
			break
		} else if why != "" {
			h.helperWhy = why
			break
		}
		fixes = c.portFix(h.queued.Fix, noun, ssaflow.ShortFunc(h.call))
	}
	if len(fixes) == 0 {
		msg += "; no automatic fix: " + c.noHandOffFixWhy(h, fixName, noun)
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:            p.instr.Pos(),
		Category:       CategoryCommitBefore,
		Message:        msg,
		Related:        []analysis.RelatedInformation{{Pos: at, Message: related}},
		SuggestedFixes: fixes,
	})
}

// queuedHelperFix builds the fix of a position call (called name) made
// after h handed the record to a function of the package that only
// starts a goroutine with it (func (h *Handler) dispatch(ctx, m) { go
// h.apply(ctx, m) }: a handsoff fact, audit 34e/D4): helperFix, run on
// the parameters the fact names; or why no fix is built, "" when
// helperFix does not apply.
func (c *checker) queuedHelperFix(h *handOff, name, noun string) (fix analysis.SuggestedFix, why string, ok bool) {
	call, isCall := h.instr.(*ssa.Call)
	if !isCall || h.after || h.branch {
		return fix, "", false
	}
	sc := call.Common().StaticCallee()
	if sc == nil || call.Common().IsInvoke() || !c.flow.InPackage(sc) {
		return fix, "", false
	}
	tainted := map[ssa.Value]bool{}
	for _, i := range h.queued.Params {
		if a := ssaflow.Arg(call.Common(), i); a != nil {
			tainted[a] = true
		}
	}
	lw := c.helperLater(call.Common(), sc, tainted, 0)
	if lw == nil {
		return fix, "", false
	}
	edits, msg, why := c.helperFix(lw, name, noun)
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, why, why == ""
}

// deliveryCost says what a position call p made before the delivery of
// an asynchronously produced record costs.
func deliveryCost(p *position, noun string) string {
	cost := "a crash before the delivery loses the " + noun + " (at-most-once)"
	switch p.client.Role {
	case clientmodel.Mark:
		return "with auto-commit on, " + cost
	case clientmodel.Store:
		return "the auto-commit timer may commit the stored offset at any moment, so " + cost
	}
	return cost
}

// noHandOffFixWhy says why no fix was built for a position call (called
// name) after hand-off h, and what to do instead.
func (c *checker) noHandOffFixWhy(h *handOff, name, noun string) string {
	switch {
	case h.helperWhy != "":
		return h.helperWhy
	case h.wrapper != nil:
		return noWrapperFixWhy(h.wrapper, h.wrapped, name, noun)
	case h.later != nil:
		return c.laterWhy(h.later, name, noun)
	case h.handler != nil:
		return "the " + noun + " is queued by the functions passed for " + h.handler.Name() + ", whose workers a fix here cannot find or run in place; process the " + noun + " in the function passed before it returns, or have the worker that processes it call " + name
	case h.call != nil && len(h.queued.Fix) > 0:
		// go vet: the queuing package's files are not loaded here.
		return vetNoPortFix(h.call.Pkg().Path(), ssaflow.ShortFunc(h.call), noun)
	case h.call != nil:
		return "the " + noun + " is queued by " + ssaflow.ShortFunc(h.call) + ", whose workers a fix made here cannot edit or run in place; have the worker that writes the " + noun + " call " + name + " (or return once the work is done) instead of " + name + " here"
	case h.produce != nil && h.flush:
		return "a failed delivery cannot leave the function here, so " + name + " would still follow it; wait for each delivery and stop on a failure before calling " + name
	case h.produce != nil && h.produce.ReplyWait != "":
		return "no wait for the " + noun + "'s delivery report can be built here (the reports are drained in another package or in a loop of another shape, or the sending function cannot return the failure); wait for its delivery before calling " + name
	case h.produce != nil:
		return "the produce cannot be made synchronous here; wait for the " + noun + "'s delivery before calling " + name
	case h.goes:
		return "the goroutine's work cannot be done in place here; process the " + noun + " before calling " + name + ", or wait for the goroutine"
	}
	return "the workers receiving the " + noun + " cannot be found, or their loop cannot be run in place of the send here; process the " + noun + " before calling " + name + ", or have a single worker call it after processing"
}
