package hiwater

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// launch is a place where a function starts running concurrently with its
// caller: a go statement, or a function passed to errgroup's (*Group).Go.
type launch struct {
	instr ssa.CallInstruction // *ssa.Go, or the *ssa.Call of (*errgroup.Group).Go
	group bool
	fn    *ssa.Function    // the function started
	mc    *ssa.MakeClosure // the closure started, or nil for a named function
	args  []ssa.Value      // the values bound to fn's parameters (go only)
	recv  ssa.Value        // the *errgroup.Group (group only)
}

// siteKind is how records end up being processed concurrently.
type siteKind int

const (
	// perRecord: a goroutine (or errgroup function) started for each record.
	perRecord siteKind = iota + 1
	// pool: several goroutines started in a loop receive records from one
	// channel.
	pool
)

// site is where a record's processing became concurrent with the
// processing of other records of the same partition.
type site struct {
	kind siteKind
	l    *launch
}

func (s *site) spawner() *ssa.Function { return s.l.instr.Parent() }

// leaves are what a value is computed from, as far as the walk goes
// without entering calls: records (values of a client record type), other
// parameters, captured variables and received values (which a goroutine
// may have been given), and the addresses of loads of variables, fields,
// atomics and maps (where a maximum may have been kept).
type leaves struct {
	recs    []ssa.Value
	scalars []ssa.Value
	loads   []ssa.Value
}

func (l *leaves) any() []ssa.Value {
	return append(append([]ssa.Value(nil), l.recs...), l.scalars...)
}

// walker computes leaves.
type walker struct {
	c    *checker
	out  leaves
	seen map[ssa.Value]bool
}

func (c *checker) leavesOf(v ssa.Value) leaves {
	w := &walker{c: c, seen: map[ssa.Value]bool{}}
	w.value(v, 0)
	return w.out
}

const maxDepth = 16

func (w *walker) value(v ssa.Value, depth int) {
	if v == nil || w.seen[v] || depth > maxDepth {
		return
	}
	w.seen[v] = true
	if w.c.isRecord(v.Type()) && !isLiteral(v) {
		w.out.recs = append(w.out.recs, v)
		return
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			w.value(e, depth+1)
		}
	case *ssa.BinOp:
		w.value(x.X, depth+1)
		w.value(x.Y, depth+1)
	case *ssa.UnOp:
		switch x.Op {
		case token.MUL:
			n := len(w.out.recs)
			w.addr(x.X, depth+1)
			if len(w.out.recs) == n {
				w.out.loads = append(w.out.loads, x.X)
				if _, ok := x.X.(*ssa.FreeVar); ok {
					w.out.scalars = append(w.out.scalars, x.X)
				}
			}
		case token.ARROW:
			w.out.scalars = append(w.out.scalars, x)
		default:
			w.value(x.X, depth+1)
		}
	case *ssa.Convert:
		w.value(x.X, depth+1)
	case *ssa.ChangeType:
		w.value(x.X, depth+1)
	case *ssa.MakeInterface:
		w.value(x.X, depth+1)
	case *ssa.TypeAssert:
		w.value(x.X, depth+1)
	case *ssa.Field:
		w.value(x.X, depth+1)
	case *ssa.Index:
		w.value(x.X, depth+1)
	case *ssa.Slice:
		if a, ok := x.X.(*ssa.Alloc); ok {
			w.addr(a, depth+1)
		} else {
			w.value(x.X, depth+1)
		}
	case *ssa.Alloc:
		w.addr(x, depth+1)
	case *ssa.MakeMap:
		for _, ref := range *x.Referrers() {
			if mu, ok := ref.(*ssa.MapUpdate); ok && mu.Map == x {
				w.value(mu.Value, depth+1)
			}
		}
	case *ssa.Lookup:
		if _, isMap := x.X.Type().Underlying().(*types.Map); isMap {
			w.out.loads = append(w.out.loads, x.X)
		} else {
			w.value(x.X, depth+1)
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.UnOp:
			if t.Op == token.ARROW {
				w.out.scalars = append(w.out.scalars, x)
			}
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok {
				if _, isMap := r.X.Type().Underlying().(*types.Map); isMap {
					w.out.loads = append(w.out.loads, r.X)
				}
			}
		}
	case *ssa.Call:
		if a := atomicAddr(x.Common(), "Load"); a != nil {
			w.out.loads = append(w.out.loads, a)
		}
	case *ssa.Parameter, *ssa.FreeVar:
		w.out.scalars = append(w.out.scalars, x)
	}
}

// addr walks what is stored at an address: a record variable or field, a
// composite literal's fields (only Offset when the struct has one, so that
// topic and partition do not count), the elements of a literal slice.
func (w *walker) addr(a ssa.Value, depth int) {
	if a == nil || w.seen[a] || depth > maxDepth {
		return
	}
	w.seen[a] = true
	if w.c.isRecord(a.Type()) {
		// A pointer record (*sarama.ConsumerMessage): its fields.
		w.out.recs = append(w.out.recs, a)
		return
	}
	switch x := a.(type) {
	case *ssa.FieldAddr:
		w.addr(x.X, depth+1)
	case *ssa.IndexAddr:
		if _, ok := x.X.(*ssa.Alloc); ok {
			w.addr(x.X, depth+1)
		}
	case *ssa.FreeVar:
		if p, ok := x.Type().Underlying().(*types.Pointer); ok && w.c.isRecord(p.Elem()) {
			w.out.recs = append(w.out.recs, x)
		}
	case *ssa.Alloc:
		w.literal(x, depth+1)
	}
}

// literal walks the values stored into a local variable or literal.
func (w *walker) literal(a ssa.Value, depth int) {
	if depth > maxDepth {
		return
	}
	offsetField := -1
	if st, ok := deref(a.Type()).Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == "Offset" {
				offsetField = i
			}
		}
	}
	// A store to the Offset field overrides the Offset of a whole value
	// stored before (tp := msg.TopicPartition; tp.Offset = next).
	offsetStored := false
	if offsetField >= 0 {
		for _, ref := range *a.Referrers() {
			if fa, ok := ref.(*ssa.FieldAddr); ok && fa.X == a && fa.Field == offsetField {
				for _, rr := range *fa.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
						offsetStored = true
					}
				}
			}
		}
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == a && !offsetStored {
				w.value(r.Val, depth+1)
			}
		case *ssa.FieldAddr:
			if r.X == a && (offsetField < 0 || r.Field == offsetField) {
				w.literal(r, depth+1)
			}
		case *ssa.IndexAddr:
			if r.X == a {
				w.literal(r, depth+1)
			}
		}
	}
}

// isLiteral reports whether v is the load of a composite literal built in
// place (whose fields are stored one by one).
func isLiteral(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	a, ok := u.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, ref := range *a.Referrers() {
		if fa, ok := ref.(*ssa.FieldAddr); ok && fa.X == a {
			return true
		}
	}
	return false
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// atomicAddr returns the address an atomic operation named op works on:
// the receiver of (*sync/atomic.Int64).Load, the first argument of
// atomic.LoadInt64. It returns nil for other calls.
func atomicAddr(cc *ssa.CallCommon, op string) ssa.Value {
	fn := consumer.Callee(cc)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		if fn.Name() == op && len(cc.Args) > 0 {
			return cc.Args[0]
		}
		return nil
	}
	if strings.HasPrefix(fn.Name(), op) && len(cc.Args) > 0 {
		return cc.Args[0]
	}
	return nil
}

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
		if v == nil || seen[v] || depth > maxDepth {
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
		case *ssa.FieldAddr:
			return walk(x.X, depth+1)
		case *ssa.Field:
			return walk(x.X, depth+1)
		case *ssa.Extract:
			if u, ok := x.Tuple.(*ssa.UnOp); ok && u.Op == token.ARROW {
				return originRecv, u.X
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
	case originRecv:
		if !c.carriesRecords(o.Type()) {
			return nil // offsets computed elsewhere (a tracker's marks), not records
		}
		for _, l := range c.launches[fn] {
			if c.isPool(l, o) {
				return &site{kind: pool, l: l}
			}
		}
	}
	return nil
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
		if depth > 3 {
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
			if !ok || st.Addr != a || !c.recordDerived(st.Val) {
				continue
			}
			if c.sameCycle(a.Block(), gb) || c.perIterValue(s, st.Val, gb) {
				return true
			}
		}
		return false
	}
	return c.recordDerived(b) && c.perIterValue(s, b, gb)
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
			return isWait(x.Common())
		case *ssa.UnOp:
			return x.Op == token.ARROW && ssaflow.Intersects(c.m.Flow.Roots(x.X), sent)
		case *ssa.Select:
			for _, st := range x.States {
				if st.Dir == types.RecvOnly && ssaflow.Intersects(c.m.Flow.Roots(st.Chan), sent) {
					return true
				}
			}
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

// limitOne reports whether an errgroup.Group is limited to one function at
// a time (g.SetLimit(1)).
func (c *checker) limitOne(g ssa.Value) bool {
	if g == nil {
		return false
	}
	roots := c.m.Flow.Roots(g)
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				callee := consumer.Callee(call.Common())
				if callee == nil || callee.Name() != "SetLimit" || !isErrgroup(callee) || len(call.Common().Args) < 2 {
					continue
				}
				if !ssaflow.Intersects(c.m.Flow.Roots(call.Common().Args[0]), roots) {
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
				out = append(out, c.m.Flow.Roots(x.Chan)...)
			case ssa.CallInstruction: // close(ch) or defer close(ch)
				cc := x.Common()
				if bi, ok := cc.Value.(*ssa.Builtin); ok && bi.Name() == "close" && len(cc.Args) == 1 {
					out = append(out, c.m.Flow.Roots(cc.Args[0])...)
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.SendOnly {
						out = append(out, c.m.Flow.Roots(st.Chan)...)
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
					out = append(out, c.m.Flow.Roots(x.X)...)
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.RecvOnly {
						out = append(out, c.m.Flow.Roots(st.Chan)...)
					}
				}
			}
		}
	}
	return out
}

// isWait reports whether a call is (*sync.WaitGroup).Wait or
// (*errgroup.Group).Wait.
func isWait(cc *ssa.CallCommon) bool {
	fn := consumer.Callee(cc)
	if fn == nil || fn.Name() != "Wait" || fn.Pkg() == nil {
		return false
	}
	return fn.Pkg().Path() == "sync" || isErrgroup(fn)
}

func isErrgroup(fn *types.Func) bool {
	return fn.Pkg() != nil && (fn.Pkg().Path() == "golang.org/x/sync/errgroup" || strings.HasSuffix(fn.Pkg().Path(), "/errgroup"))
}

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
	if !c.sameCycle(gb, gb) || c.singleIteration(l) {
		return false
	}
	roots := c.m.Flow.Roots(ch)
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
			if x.Parent() == l.fn {
				return false // created by each goroutine: private
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

// singleIteration reports whether the launch sits in a counting loop that
// runs once (for i := 0; i < 1; i++, for range 1): one worker.
func (c *checker) singleIteration(l *launch) bool {
	n, ok := c.loopCount(l.instr.Pos())
	if !ok {
		return false
	}
	tv, ok := c.pass.TypesInfo.Types[n]
	if !ok || tv.Value == nil {
		return false
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return exact && v <= 1
}

// loopCount returns the bound of the counting loop directly around pos:
// N in `for i := 0; i < N; i++` or `for [i :=] range N` with an integer N.
func (c *checker) loopCount(pos token.Pos) (ast.Expr, bool) {
	loop, _ := edit.LoopOf(edit.Path(c.pass, pos))
	switch l := loop.(type) {
	case *ast.ForStmt:
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
			return nil, false
		}
		id, ok := init.Lhs[0].(*ast.Ident)
		if !ok {
			return nil, false
		}
		if lit, ok := init.Rhs[0].(*ast.BasicLit); !ok || lit.Value != "0" {
			return nil, false
		}
		cond, ok := l.Cond.(*ast.BinaryExpr)
		if !ok || cond.Op != token.LSS {
			return nil, false
		}
		if x, ok := cond.X.(*ast.Ident); !ok || c.pass.TypesInfo.ObjectOf(x) != c.pass.TypesInfo.ObjectOf(id) {
			return nil, false
		}
		inc, ok := l.Post.(*ast.IncDecStmt)
		if !ok || inc.Tok != token.INC {
			return nil, false
		}
		if x, ok := inc.X.(*ast.Ident); !ok || c.pass.TypesInfo.ObjectOf(x) != c.pass.TypesInfo.ObjectOf(id) {
			return nil, false
		}
		return cond.Y, true
	case *ast.RangeStmt:
		if l.Value != nil {
			return nil, false
		}
		t := c.pass.TypesInfo.TypeOf(l.X)
		if b, ok := t.(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			return l.X, true
		}
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			return l.X, true
		}
	}
	return nil, false
}

// ---- maxima ----

// maxUpdate is a write that keeps the maximum of record offsets: a store
// guarded by a comparison with the current value, max(cur, off), an atomic
// CompareAndSwap loop, or the map equivalents.
type maxUpdate struct {
	at   ssa.Instruction
	addr ssa.Value // the variable, field, atomic or map written
	fn   *ssa.Function
	recs []ssa.Value // the records the new value comes from
}

func (c *checker) maxUpdates() []*maxUpdate {
	if c.maxes != nil {
		return c.maxes
	}
	c.maxes = []*maxUpdate{}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if u := c.maxUpdate(in); u != nil {
					c.maxes = append(c.maxes, u)
				}
			}
		}
	}
	return c.maxes
}

func (c *checker) maxUpdate(in ssa.Instruction) *maxUpdate {
	var addr, val ssa.Value
	isMap := false
	switch x := in.(type) {
	case *ssa.Store:
		addr, val = x.Addr, x.Val
	case *ssa.MapUpdate:
		addr, val, isMap = x.Map, x.Value, true
	case *ssa.Call:
		if a := atomicAddr(x.Common(), "CompareAndSwap"); a != nil {
			args := x.Common().Args
			if len(args) != 3 {
				return nil
			}
			addr, val = a, args[2]
		} else if a := atomicAddr(x.Common(), "Store"); a != nil && len(x.Common().Args) == 2 {
			addr, val = a, x.Common().Args[1]
		} else {
			return nil
		}
	default:
		return nil
	}
	recs := c.leavesOf(val).recs
	if len(recs) == 0 {
		return nil
	}
	isCur := func(v ssa.Value) bool { return c.readsAddr(v, addr, isMap) }
	// max(cur, new) stored back.
	if call, ok := val.(*ssa.Call); ok {
		if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "max" {
			for _, a := range call.Call.Args {
				if isCur(a) {
					return &maxUpdate{at: in, addr: addr, fn: in.Parent(), recs: recs}
				}
			}
		}
	}
	// A comparison of the new value with the current one that the write
	// needs: reachable from the branch where the new value is greater, not
	// from the other one (without evaluating the comparison again). Other
	// conditions may lead to the write too (`!ok || off > cur`: no value
	// yet).
	blk := in.Block()
	for _, b := range in.Parent().Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		var newLeft bool
		switch {
		case isCur(cmp.Y) && len(c.leavesOf(cmp.X).recs) > 0:
			newLeft = true
		case isCur(cmp.X) && len(c.leavesOf(cmp.Y).recs) > 0:
			newLeft = false
		default:
			continue
		}
		// Normalise to "new OP cur".
		op := cmp.Op
		if !newLeft {
			op = flip(op)
		}
		var greater, other *ssa.BasicBlock
		switch op {
		case token.GTR, token.GEQ:
			greater, other = b.Succs[0], b.Succs[1]
		case token.LSS, token.LEQ:
			greater, other = b.Succs[1], b.Succs[0]
		default:
			continue
		}
		if greater == other {
			continue
		}
		if reachesBlock(greater, blk, b) && !reachesBlock(other, blk, b) {
			return &maxUpdate{at: in, addr: addr, fn: in.Parent(), recs: recs}
		}
	}
	return nil
}

// reachesBlock reports whether to is reachable from from (from itself
// included) without passing through avoid.
func reachesBlock(from, to, avoid *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{avoid: true}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// readsAddr reports whether v is the current value at addr: a load of the
// same variable or field, an atomic load of it, a map lookup of the same
// map.
func (c *checker) readsAddr(v ssa.Value, addr ssa.Value, isMap bool) bool {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.Extract:
			if lk, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
				v = lk // cur, ok := m[k]
				continue
			}
		}
		break
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return !isMap && x.Op == token.MUL && c.sameAddr(x.X, addr)
	case *ssa.Call:
		a := atomicAddr(x.Common(), "Load")
		return !isMap && a != nil && c.sameAddr(a, addr)
	case *ssa.Lookup:
		return isMap && c.sameAddr(x.X, addr)
	}
	return false
}

// sameAddr reports whether two addresses (or maps) may denote the same
// variable: the same struct field (of any value of the struct type), or
// the same allocation, global or map.
func (c *checker) sameAddr(a, b ssa.Value) bool {
	fa, aField := a.(*ssa.FieldAddr)
	fb, bField := b.(*ssa.FieldAddr)
	if aField || bField {
		if !aField || !bField {
			return false
		}
		va, vb := ssaflow.FieldVar(fa), ssaflow.FieldVar(fb)
		return va != nil && va == vb
	}
	// Maps held in fields: loads of the same field.
	la, aLoad := a.(*ssa.UnOp)
	lb, bLoad := b.(*ssa.UnOp)
	if aLoad && bLoad && la.Op == token.MUL && lb.Op == token.MUL {
		if fa, ok := la.X.(*ssa.FieldAddr); ok {
			if fb, ok := lb.X.(*ssa.FieldAddr); ok {
				return ssaflow.FieldVar(fa) != nil && ssaflow.FieldVar(fa) == ssaflow.FieldVar(fb)
			}
		}
	}
	ra, rb := c.m.Flow.Roots(a), c.m.Flow.Roots(b)
	for _, x := range ra {
		switch x.(type) {
		case *ssa.Alloc, *ssa.Global, *ssa.MakeMap:
		default:
			continue
		}
		for _, y := range rb {
			if x == y {
				return true
			}
		}
	}
	return false
}
