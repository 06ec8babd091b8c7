package hiwater

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- origins and concurrency ----

type originKind int

const (
	originNone originKind = iota
	originParam
	originFreeVar
	originRecv
)

// origin traces a record-derived value of fn back to where fn got it: a
// parameter, a captured variable, or a channel receive (returning the
// channel). Elements of a collection iterated in fn, and results of calls,
// have no origin: those records are processed in fn's own sequence.
func (c *checker) origin(fn *ssa.Function, v ssa.Value) (originKind, ssa.Value) {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) (originKind, ssa.Value)
	walk = func(v ssa.Value, depth int) (originKind, ssa.Value) {
		if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
			return originNone, nil
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Parameter:
			return originParam, x
		case *ssa.FreeVar:
			return originFreeVar, x
		case *ssa.UnOp:
			switch x.Op {
			case token.ARROW:
				return originRecv, x.X
			case token.MUL:
				return walk(x.X, depth+1)
			}
		case *ssa.Alloc:
			// A local variable (or a struct value copied into one): what
			// was stored into it.
			for _, ref := range *x.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == x {
					if k, o := walk(st.Val, depth+1); k != originNone {
						return k, o
					}
				}
			}
			// A struct literal passed by value (finish(c, job{msg: msg})):
			// the record stored into one of its fields. Not a record
			// literal (&kgo.Record{Offset: next - 1}): its position is its
			// own.
			for _, ref := range *x.Referrers() {
				if c.isRecord(x.Type()) || c.isRecord(ssaflow.Deref(x.Type())) {
					break
				}
				fa, ok := ref.(*ssa.FieldAddr)
				if !ok || fa.X != x {
					continue
				}
				for _, fref := range *fa.Referrers() {
					if st, ok := fref.(*ssa.Store); ok && st.Addr == fa && c.isRecord(st.Val.Type()) {
						if k, o := walk(st.Val, depth+1); k != originNone {
							return k, o
						}
					}
				}
			}
		case *ssa.FieldAddr:
			return walk(x.X, depth+1)
		case *ssa.Field:
			return walk(x.X, depth+1)
		case *ssa.Extract:
			if u, ok := x.Tuple.(*ssa.UnOp); ok && u.Op == token.ARROW {
				return originRecv, u.X
			}
			if _, ok := x.Tuple.(*ssa.Select); ok {
				// A select's receive case (case m := <-done).
				if ch := receivedFrom(x); ch != nil {
					return originRecv, ch
				}
			}
		case *ssa.ChangeType:
			return walk(x.X, depth+1)
		case *ssa.Convert:
			return walk(x.X, depth+1)
		case *ssa.MakeInterface:
			return walk(x.X, depth+1)
		case *ssa.TypeAssert:
			return walk(x.X, depth+1)
		case *ssa.BinOp:
			if k, o := walk(x.X, depth+1); k != originNone {
				return k, o
			}
			return walk(x.Y, depth+1)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if k, o := walk(e, depth+1); k != originNone {
					return k, o
				}
			}
		}
		return originNone, nil
	}
	return walk(v, 0)
}

type concKey struct {
	fn *ssa.Function
	v  ssa.Value
}

// conc returns the site where the record value v of fn started being
// processed concurrently with other records of its partition, or nil:
//   - v was given to fn, started by a go statement or errgroup, by a loop
//     over records (or a per-record callback) that does not wait for it
//     before starting the next;
//   - v was received by fn from a channel shared by several goroutines
//     started in a loop (a worker pool);
//   - v was given to fn by a call from such a function.
func (c *checker) conc(fn *ssa.Function, v ssa.Value, depth int) *site {
	key := concKey{fn, v}
	if s, ok := c.concMemo[key]; ok {
		return s
	}
	c.concMemo[key] = nil // cycle guard
	s := c.conc1(fn, v, depth, nil)
	c.concMemo[key] = s
	return s
}

// conc1 is conc without memoisation; sites, when not nil, filters the
// launches and call sites of fn by the arguments they pass.
func (c *checker) conc1(fn *ssa.Function, v ssa.Value, depth int, sites func(args []ssa.Value) bool) *site {
	if depth > 4 {
		return nil
	}
	kind, o := c.origin(fn, v)
	switch kind {
	case originParam:
		idx := paramIndex(fn, o.(*ssa.Parameter))
		if idx < 0 {
			return nil
		}
		for _, l := range c.launches[fn] {
			if l.args == nil || idx >= len(l.args) || sites != nil && !sites(l.args) {
				continue
			}
			if c.perIteration(l, l.args[idx]) && c.concurrentLaunch(l) {
				return &site{kind: perRecord, l: l}
			}
		}
		for _, cs := range c.m.Flow.Callers(fn) {
			call, ok := cs.(*ssa.Call)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			if args := call.Common().Args; idx < len(args) && (sites == nil || sites(args)) {
				if s := c.conc(call.Parent(), args[idx], depth+1); s != nil {
					return s
				}
			}
		}
	case originFreeVar:
		idx := freeVarIndex(fn, o.(*ssa.FreeVar))
		if idx < 0 {
			return nil
		}
		for _, l := range c.launches[fn] {
			if l.mc == nil || idx >= len(l.mc.Bindings) {
				continue
			}
			if c.perIteration(l, l.mc.Bindings[idx]) && c.concurrentLaunch(l) {
				return &site{kind: perRecord, l: l}
			}
		}
		// A function literal run by the function making it (commit :=
		// func() error { _, err := c.CommitMessage(msg); return err },
		// called or handed to a helper that calls it): its captured record
		// is the maker's.
		if len(c.launches[fn]) == 0 {
			for _, mc := range c.closures[fn] {
				if idx >= len(mc.Bindings) || !runBy(mc) {
					continue
				}
				if s := c.conc(mc.Parent(), mc.Bindings[idx], depth+1); s != nil {
					return s
				}
			}
		}
	case originRecv:
		if !c.carriesRecords(o.Type()) {
			return nil // offsets computed elsewhere (a tracker's marks), not records
		}
		for _, l := range c.launches[fn] {
			if c.isPool(l, o) {
				return &site{kind: pool, l: l, ch: o}
			}
		}
		if l := c.multiPool(fn, o); l != nil {
			return &site{kind: pool, l: l, ch: o}
		}
		if s := c.wrappedPool(fn, o); s != nil {
			return s
		}
		for _, l := range c.launches[fn] {
			if send := c.laneSend(l, o); send.IsValid() {
				return &site{kind: lanes, l: l, send: send}
			}
		}
	}
	return nil
}

// fieldOfParam returns the parameter whose field v is loaded from
// (c.jobs of a receiver c); nil if none.
func fieldOfParam(v ssa.Value) *ssa.Parameter {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	p, _ := fa.X.(*ssa.Parameter)
	return p
}

// wrappedPool returns the pool whose goroutines are function literals
// that each call fn with the channel ch, fn's parameter, as pools are
// usually started:
//
//	go func() {
//		defer wg.Done()
//		s.worker(ctx, jobs)
//	}()
//
// nil when fn is not called so, or the literals do not make a pool.
func (c *checker) wrappedPool(fn *ssa.Function, ch ssa.Value) *site {
	p, ok := ch.(*ssa.Parameter)
	if fp := fieldOfParam(ch); fp != nil && fp.Parent() == fn {
		// A channel in a field of a parameter (for r := range
		// c.jobs): the goroutines share it when they share the
		// parameter's value.
		p, ok = fp, true
	}
	if !ok || len(c.launches[fn]) > 0 {
		return nil
	}
	idx := slices.Index(fn.Params, p)
	for _, cs := range c.m.Flow.Callers(fn) {
		call, ok := cs.(*ssa.Call)
		if !ok || call.Common().IsInvoke() || idx < 0 || idx >= len(call.Common().Args) {
			continue
		}
		g := call.Parent()
		if g.Parent() == nil {
			continue // not a function literal
		}
		arg := call.Common().Args[idx]
		for _, l := range c.launches[g] {
			// Not a supervisor starting one worker again after it
			// ends (go func() { defer wg.Done(); ... }(); wg.Wait()).
			if l.mc != nil && c.isPool(l, arg) && c.concurrentLaunch(l) {
				return &site{kind: pool, l: l, ch: arg}
			}
		}
	}
	return nil
}

// runBy reports whether the closure mc is only run by calls of the
// function making it: called there, or passed to a call (not a go
// statement or a defer) of a function of the package that calls it and
// does nothing else with it.
func runBy(mc *ssa.MakeClosure) bool {
	refs := *mc.Referrers()
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		if call.Call.Value == ssa.Value(mc) {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil || callee.Pkg != mc.Parent().Pkg {
			return false
		}
		for i, a := range call.Call.Args {
			if a != ssa.Value(mc) {
				continue
			}
			if !callsParam(callee, i) {
				return false
			}
		}
	}
	return true
}

// callsParam reports whether fn calls its i-th argument (a function
// value) and does nothing else with it.
func callsParam(fn *ssa.Function, i int) bool {
	params := fn.Params // a static call of a method passes the receiver first, as Params
	if i >= len(params) {
		return false
	}
	refs := *params[i].Referrers()
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		call, ok := ref.(*ssa.Call)
		if !ok || call.Call.Value != ssa.Value(params[i]) {
			return false
		}
	}
	return true
}

// carriesRecords reports whether a channel's elements are records or hold
// one (a struct with a record field, a slice of records).
func (c *checker) carriesRecords(t types.Type) bool {
	ch, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	var has func(t types.Type, depth int) bool
	has = func(t types.Type, depth int) bool {
		if depth > ssaflow.MaxCallDepth {
			return false
		}
		if c.isRecord(t) {
			return true
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return has(u.Elem(), depth+1)
		case *types.Slice:
			return has(u.Elem(), depth+1)
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				if has(u.Field(i).Type(), depth+1) {
					return true
				}
			}
		}
		return false
	}
	return has(ch.Elem(), 0)
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

func freeVarIndex(fn *ssa.Function, fv *ssa.FreeVar) int {
	for i, q := range fn.FreeVars {
		if q == fv {
			return i
		}
	}
	return -1
}

// perIteration reports whether b, the value a launch binds to the started
// function, is a record (or derived from one) that differs per iteration of
// the loop around the launch: defined inside the loop, or a record
// parameter of a per-record callback (fetches.EachRecord(func(r) {...})).
func (c *checker) perIteration(l *launch, b ssa.Value) bool {
	s := l.instr.Parent()
	gb := l.instr.Block()
	if a, ok := b.(*ssa.Alloc); ok {
		// A captured variable: per iteration if declared in the loop
		// (Go 1.22 loop variables included), or holding such a value.
		for _, ref := range *a.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Addr != a || !c.recordDerived(st.Val) && !c.isBatch(st.Val) {
				continue
			}
			if c.sameCycle(a.Block(), gb) || c.perIterValue(s, st.Val, gb) {
				return true
			}
		}
		return false
	}
	return (c.recordDerived(b) || c.isBatch(b)) && c.perIterValue(s, b, gb)
}

// recordDerived reports whether v is a record or computed from one
// without calls.
func (c *checker) recordDerived(v ssa.Value) bool {
	return len(c.leavesOf(v).recs) > 0
}

func (c *checker) perIterValue(s *ssa.Function, v ssa.Value, gb *ssa.BasicBlock) bool {
	for _, r := range c.leavesOf(v).recs {
		switch x := r.(type) {
		case *ssa.Parameter:
			if c.isCallback(s) {
				return true
			}
		case ssa.Instruction:
			if x.Block() != nil && c.sameCycle(x.Block(), gb) {
				return true
			}
		}
	}
	if in, ok := v.(ssa.Instruction); ok && in.Block() != nil && c.sameCycle(in.Block(), gb) {
		return true
	}
	return false
}

// isCallback reports whether fn is a function literal passed as an
// argument to a call (fetches.EachRecord(func(r *kgo.Record) {...})), so
// that its parameters are per call.
func (c *checker) isCallback(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	if c.callbackFns[fn] {
		return true
	}
	for _, mc := range c.closures[fn] {
		for _, ref := range *mc.Referrers() {
			ci, ok := ref.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := ci.(*ssa.Go); isGo {
				continue
			}
			for _, a := range ci.Common().Args {
				if a == mc {
					return true
				}
			}
		}
	}
	return false
}

// sameCycle reports whether blocks a and b are on one cycle (a loop body
// executes both on every iteration that reaches them).
func (c *checker) sameCycle(a, b *ssa.BasicBlock) bool {
	if a == b {
		return c.reach(a)[a]
	}
	return c.reach(a)[b] && c.reach(b)[a]
}

func (c *checker) reach(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	if r, ok := c.reachMemo[b]; ok {
		return r
	}
	r := ssaflow.Reachable(b)
	c.reachMemo[b] = r
	return r
}

// concurrentLaunch reports whether the launch can start again (the next
// iteration of its loop, or the next call of its per-record callback)
// before the started function is joined: a path from the launch back to
// itself, or out of the callback, that avoids every join (a Wait of a
// sync.WaitGroup or errgroup.Group, a receive from a channel the started
// function sends to or closes). An errgroup with SetLimit(1) runs its
// functions one at a time, in order.
func (c *checker) concurrentLaunch(l *launch) bool {
	s := l.instr.Parent()
	if l.group && c.limitOne(l.recv) {
		return false
	}
	sent := c.sentChans(l.fn)
	isJoin := func(in ssa.Instruction) bool {
		switch x := in.(type) {
		case ssa.CallInstruction:
			return c.isWait(x.Common())
		case *ssa.UnOp:
			return x.Op == token.ARROW && ssaflow.Intersects(c.roots(x.X), sent)
		case *ssa.Select:
			return c.selectJoins(x, sent)
		}
		return false
	}
	if c.sameCycle(l.instr.Block(), l.instr.Block()) {
		return reaches(l.instr, func(in ssa.Instruction) bool { return in == l.instr }, isJoin)
	}
	if !c.isCallback(s) {
		return false
	}
	return reaches(l.instr, func(in ssa.Instruction) bool {
		_, ok := in.(*ssa.Return)
		return ok
	}, isJoin)
}

// selectJoins reports whether select x waits for a goroutine sending to
// or closing one of the channels sent: it blocks (no default case, no
// timer's case: case <-time.After(d)),
// receives from one, and not also
// new records from another channel (a consume loop collecting completions
// in the select that receives its records takes the next record as
// readily as a completion).
func (c *checker) selectJoins(x *ssa.Select, sent []ssa.Value) bool {
	if !x.Blocking || slices.ContainsFunc(x.States, func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly && ssaflow.IsTimerChan(st.Chan) }) {
		return false // a default or a timer's case: it gives up waiting
	}
	joins := false
	for _, st := range x.States {
		if st.Dir != types.RecvOnly {
			continue
		}
		if ssaflow.Intersects(c.roots(st.Chan), sent) {
			joins = true
			continue
		}
		if c.carriesRecords(st.Chan.Type()) {
			return false
		}
	}
	return joins
}

// limitOne reports whether an errgroup.Group is limited to one function at
// a time (g.SetLimit(1)).
func (c *checker) limitOne(g ssa.Value) bool {
	if g == nil {
		return false
	}
	roots := c.roots(g)
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(call.Common())
				if callee == nil || callee.Name() != "SetLimit" || !ssaflow.IsErrgroup(callee) || len(call.Common().Args) < 2 {
					continue
				}
				if !ssaflow.Intersects(c.roots(call.Common().Args[0]), roots) {
					continue
				}
				if k, ok := call.Common().Args[1].(*ssa.Const); ok && k.Value != nil {
					if n, exact := constant.Int64Val(k.Value); exact && n == 1 {
						return true
					}
				}
			}
		}
	}
	return false
}

// sentChans returns the roots of the channels fn sends to or closes.
func (c *checker) sentChans(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Send:
				out = append(out, c.roots(x.Chan)...)
			case ssa.CallInstruction: // close(ch) or defer close(ch)
				cc := x.Common()
				if bi, ok := cc.Value.(*ssa.Builtin); ok && bi.Name() == "close" && len(cc.Args) == 1 {
					out = append(out, c.roots(cc.Args[0])...)
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.SendOnly {
						out = append(out, c.roots(st.Chan)...)
					}
				}
			}
		}
	}
	return out
}

// recvChans returns the roots of the channels fn receives from.
func (c *checker) recvChans(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					out = append(out, c.roots(x.X)...)
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.RecvOnly {
						out = append(out, c.roots(st.Chan)...)
					}
				}
			}
		}
	}
	return out
}

// isWait reports whether a call waits for other goroutines.
func (c *checker) isWait(cc *ssa.CallCommon) bool { return c.m.Flow.IsJoin(ssaflow.Callee(cc)) }

// reaches reports whether an instruction satisfying isTarget executes
// after from on some path that executes no instruction satisfying isAvoid.
func reaches(from ssa.Instruction, isTarget, isAvoid func(ssa.Instruction) bool) bool {
	scan := func(instrs []ssa.Instruction) (hit, stop bool) {
		for _, in := range instrs {
			if isTarget(in) {
				return true, true
			}
			if isAvoid(in) {
				return false, true
			}
		}
		return false, false
	}
	b := from.Block()
	for i, in := range b.Instrs {
		if in == from {
			if hit, stop := scan(b.Instrs[i+1:]); stop {
				return hit
			}
			break
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		hit, stop := scan(x.Instrs)
		if hit {
			return true
		}
		if !stop {
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// isPool reports whether the launch l starts several goroutines (it is in
// a loop that is not a single iteration) that all receive from the channel
// ch: every root of ch is created outside the loop around the launch.
func (c *checker) isPool(l *launch, ch ssa.Value) bool {
	gb := l.instr.Block()
	if !c.sameCycle(gb, gb) || edit.SingleIteration(c.pass, l.instr.Pos()) {
		return false
	}
	if gs := goStmtAt(c.pass, l.instr.Pos()); gs != nil && c.othersReturn(gs) {
		return false // one worker: the others return at once
	}
	roots := c.roots(ch)
	if len(roots) == 0 {
		return false
	}
	for _, r := range roots {
		switch x := r.(type) {
		case *ssa.Parameter:
			if x.Parent() == l.fn {
				return false
			}
		case *ssa.FreeVar:
			if x.Parent() == l.fn {
				return false
			}
		case ssa.Instruction:
			if x.Parent() == l.fn && !c.sharedFeed(l, x) {
				return false // created by each goroutine: private
			}
			if x.Parent() == l.fn {
				continue
			}
			if x.Parent() == l.instr.Parent() && x.Block() != nil && c.sameCycle(x.Block(), gb) {
				return false // created per iteration: one channel per goroutine
			}
			if _, ok := x.(*ssa.MakeChan); !ok && x.Parent() != l.instr.Parent() {
				return false // some other function's value: unknown sharing
			}
		}
	}
	return true
}

// multiPool returns the first of several go statements of one function
// starting fn (go h.work(jobs); go h.work(jobs)), none in a loop, when
// the goroutines all receive from channel ch: a pool started without a
// loop. Each root of ch must be made by that function before the go
// statements, or come from outside it, and be the same for every
// goroutine (not an argument differing between the go statements).
func (c *checker) multiPool(fn *ssa.Function, ch ssa.Value) *launch {
	roots := c.roots(ch)
	if len(roots) == 0 {
		return nil
	}
	for _, r := range roots {
		switch x := r.(type) {
		case *ssa.Parameter:
			if x.Parent() == fn {
				return nil
			}
		case *ssa.FreeVar:
			if x.Parent() == fn {
				return nil
			}
		case ssa.Instruction:
			if x.Parent() == fn {
				return nil // made by each goroutine: private
			}
		}
	}
	idx := -1
	if p, ok := ch.(*ssa.Parameter); ok {
		if idx = paramIndex(fn, p); idx < 0 {
			return nil
		}
	}
	// The go statements of each spawner, outside loops.
	for _, ls := range c.goStmtsBySpawner(fn) {
		if len(ls) < 2 {
			continue
		}
		if idx < 0 {
			return ls[0]
		}
		// A channel given as an argument: every go statement passes one
		// with the same roots.
		var first []ssa.Value
		same := true
		for i, l := range ls {
			if idx >= len(l.args) {
				same = false
				break
			}
			rs := c.roots(l.args[idx])
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

// sameValues reports whether a and b hold the same values.
func sameValues(a, b []ssa.Value) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// sharedFeed reports whether x, an instruction of the goroutine l starts,
// obtains a channel every goroutine shares: a call the client model says
// hands out records (claim.Messages()) on a receiver that is not the
// goroutine's own (captured or given to it, not made per iteration).
func (c *checker) sharedFeed(l *launch, x ssa.Instruction) bool {
	call, ok := x.(*ssa.Call)
	if !ok || !c.ix.Feed(ssaflow.Callee(call.Common())) {
		return false
	}
	recv := call.Call.Value
	if !call.Call.IsInvoke() {
		if len(call.Call.Args) == 0 {
			return false
		}
		recv = call.Call.Args[0]
	}
	gb := l.instr.Block()
	roots := c.roots(recv)
	if len(roots) == 0 {
		return false
	}
	for _, r := range roots {
		switch y := r.(type) {
		case *ssa.Parameter:
			if y.Parent() == l.fn {
				return false
			}
		case *ssa.FreeVar:
			if y.Parent() == l.fn {
				return false
			}
		case ssa.Instruction:
			if y.Parent() == l.fn || y.Parent() == l.instr.Parent() && y.Block() != nil && c.sameCycle(y.Block(), gb) {
				return false
			}
		}
	}
	return true
}

// goStmtsBySpawner returns the go statements that start fn outside loops,
// grouped by the function that makes them, in the order of the launches.
func (c *checker) goStmtsBySpawner(fn *ssa.Function) [][]*launch {
	bySpawner := map[*ssa.Function][]*launch{}
	var order []*ssa.Function
	for _, l := range c.launches[fn] {
		if _, ok := l.instr.(*ssa.Go); !ok || c.sameCycle(l.instr.Block(), l.instr.Block()) {
			continue
		}
		sp := l.instr.Parent()
		if bySpawner[sp] == nil {
			order = append(order, sp)
		}
		bySpawner[sp] = append(bySpawner[sp], l)
	}
	out := make([][]*launch, 0, len(order))
	for _, sp := range order {
		out = append(out, bySpawner[sp])
	}
	return out
}
