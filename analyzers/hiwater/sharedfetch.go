package hiwater

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- several goroutines fetching from one consumer ----

// sharedFetcher returns the finding for a position call made by a
// goroutine that fetches the record itself from a consumer every started
// goroutine shares: the function making the call fetches the record from
// a consumer it is given (a parameter or a captured variable) and writes
// its position on that same consumer, and it is started several times
// with the same consumer: by a go statement in a loop that does not wait
// for it (and does not run once), or by several go statements outside
// loops of one function. The records of a partition then spread over the
// goroutines and finish out of order: the site is a pool, the fix starts
// one goroutine.
func (c *checker) sharedFetcher(call *consumer.Call, ci ssa.CallInstruction, lv leaves) *finding {
	recv := ssaflow.Receiver(ci.Common())
	if recv == nil {
		return nil
	}
	fn := call.Fn
	for _, r := range c.fetchedOrPassed(fn, lv.recs) {
		fetch := c.fetchOf(r)
		if fetch == nil || fetch.Fn != r.Parent() {
			continue
		}
		fn := fetch.Fn
		frecv := ssaflow.Receiver(fetch.Instr.Common())
		if frecv == nil || !ssaflow.Intersects(c.roots(frecv), c.roots(recv)) {
			continue // fetched from one consumer, written on another
		}
		l := c.sharedLaunch(fn, frecv)
		if l == nil {
			continue
		}
		s := &site{kind: pool, l: l, fetch: fetch.Pos()}
		return &finding{call: call, category: CategoryConcurrent, site: s,
			related: []analysis.RelatedInformation{
				c.siteRelated(s),
				{Pos: fetch.Pos(), Message: "each of them fetches its records here, from the same consumer"},
			}}
	}
	return nil
}

// fetchedOrPassed returns recs, with, for each that is a parameter of fn,
// the arguments the package's calls of fn pass for it (a helper
// handleMessage(ctx, r, m) that commits m, called by each goroutine's
// loop after its fetch): the record is the callers'.
func (c *checker) fetchedOrPassed(fn *ssa.Function, recs []ssa.Value) []ssa.Value {
	out := slices.Clone(recs)
	for _, r := range recs {
		p, ok := r.(*ssa.Parameter)
		if !ok || p.Parent() != fn {
			continue
		}
		i := slices.Index(fn.Params, p)
		for _, site := range c.m.Flow.Callers(fn) {
			if args := site.Common().Args; i >= 0 && i < len(args) && site.Common().StaticCallee() == fn {
				out = append(out, args[i])
			}
		}
	}
	return out
}

// fetchOf returns the fetch call a record is a result of (m, err :=
// r.FetchMessage(ctx); msg := ev.(*kafka.Message) of ev := c.Poll(ms); an
// element of fetches.Records() of fetches := cl.PollFetches(ctx)), or nil.
func (c *checker) fetchOf(r ssa.Value) *consumer.Call {
	for depth := 0; depth < ssaflow.MaxValueDepth; depth++ {
		switch x := r.(type) {
		case *ssa.Extract:
			r = x.Tuple
			continue
		case *ssa.TypeAssert:
			r = x.X
			continue
		case *ssa.UnOp:
			if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
				r = ia.X // an element of a batch (range fetches.Records())
				continue
			}
		case *ssa.Index:
			r = x.X
			continue
		case *ssa.Call:
			for _, call := range c.m.Calls {
				if call.Instr == ssa.CallInstruction(x) && call.Role == clientmodel.Fetch {
					return call
				}
			}
			// The records of a fetch result, by a method of the client's
			// package (fetches.Records()).
			if fn := ssaflow.Body(x.Call.StaticCallee()); fn != nil && !c.m.Flow.InPackage(fn) && fn.Signature.Recv() != nil && len(x.Call.Args) == 1 {
				r = x.Call.Args[0]
				continue
			}
		}
		return nil
	}
	return nil
}

// sharedLaunch returns a launch starting fn several times with the same
// consumer v, a value of fn given to it as a parameter or a captured
// variable (or loaded from one), or nil.
func (c *checker) sharedLaunch(fn *ssa.Function, v ssa.Value) *launch {
	// A captured variable, or a field of a struct the goroutine is given
	// (s.reader of a source captured or passed): one struct for every
	// goroutine is one consumer.
	if h := ssaflow.Holder(v); h != nil {
		v = h
	}
	bound := func(l *launch) ssa.Value {
		switch x := v.(type) {
		case *ssa.Parameter:
			if i := paramIndex(fn, x); i >= 0 && i < len(l.args) {
				return l.args[i]
			}
		case *ssa.FreeVar:
			if i := freeVarIndex(fn, x); i >= 0 && l.mc != nil && i < len(l.mc.Bindings) {
				return l.mc.Bindings[i]
			}
		}
		return nil
	}
	// A go statement in a loop.
	for _, l := range c.launches[fn] {
		if _, ok := l.instr.(*ssa.Go); !ok {
			continue
		}
		gb := l.instr.Block()
		if !c.sameCycle(gb, gb) || edit.SingleIteration(c.pass, l.instr.Pos()) {
			continue
		}
		if b := bound(l); b != nil && c.sameEachIteration(l, b) && c.concurrentLaunch(l) {
			return l
		}
	}
	// Several go statements of one function, outside loops, given one
	// consumer.
	for _, ls := range c.goStmtsBySpawner(fn) {
		if len(ls) < 2 {
			continue
		}
		var first []ssa.Value
		var firstB ssa.Value
		same := true
		for i, l := range ls {
			b := bound(l)
			if b == nil {
				same = false
				break
			}
			if i == 0 {
				firstB = b
			}
			if _, isCall := stripConv(b).(*ssa.Call); isCall && b != firstB {
				same = false // a consumer made for each goroutine (go poll(newConsumer()))
				break
			}
			rs := c.roots(b)
			if i == 0 {
				first = rs
			} else if !sameValues(first, rs) {
				same = false
			}
		}
		if same {
			return ls[0]
		}
	}
	return nil
}

// sameEachIteration reports whether b, the value a go statement in a loop
// binds to the started function, is the same on every iteration: not made
// in the loop (a consumer built per goroutine is its own), directly or by
// a helper of the package called in it.
func (c *checker) sameEachIteration(l *launch, b ssa.Value) bool {
	gb := l.instr.Block()
	inLoop := func(v any) bool {
		in, ok := v.(ssa.Instruction)
		return ok && in.Parent() == l.instr.Parent() && in.Block() != nil && c.sameCycle(in.Block(), gb)
	}
	vals := []ssa.Value{b}
	if a, ok := b.(*ssa.Alloc); ok {
		// A captured variable: declared outside the loop, and assigned
		// only outside it.
		if inLoop(a) {
			return false
		}
		vals = nil
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
				if inLoop(st) {
					return false
				}
				vals = append(vals, st.Val)
			}
		}
	}
	for _, v := range vals {
		v = stripConv(v)
		if _, isCall := v.(*ssa.Call); isCall && inLoop(v) {
			return false
		}
		roots := c.roots(v)
		if len(roots) == 0 {
			return false
		}
		for _, r := range roots {
			if inLoop(r) {
				return false
			}
		}
	}
	return true
}

// stripConv looks through conversions to the value converted.
func stripConv(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
}
