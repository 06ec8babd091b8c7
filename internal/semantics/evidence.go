package semantics

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Analyzer gathers, for every consumer a package constructs, the evidence
// its delivery semantics follow from. It reports nothing; its result is a
// []*Evidence (nil for packages without Kafka consumers).
var Analyzer = &analysis.Analyzer{
	Name:       "semantics",
	Doc:        "gather the evidence each Kafka consumer's delivery semantics follow from",
	Run:        run,
	Requires:   []*analysis.Analyzer{consumer.Analyzer},
	ResultType: reflect.TypeFor[[]*Evidence](),
}

// Tri is a setting that is on, off or not known.
type Tri int

const (
	Unknown Tri = iota
	On
	Off
)

// Grain is how many records a position call covers each time it runs.
type Grain int

const (
	// GrainUnknown: the analysis cannot tell.
	GrainUnknown Grain = iota
	// GrainRecord: one record at a time.
	GrainRecord
	// GrainBatch: a poll's or a partition's records at once, or every N
	// records (Batch holds N when it is a constant).
	GrainBatch
	// GrainTracked: a position computed by the application (a low-water
	// mark tracker), not read from the record in hand.
	GrainTracked
)

// PositionCall is a commit, mark or store call made on the consumer
// outside its revoke callbacks.
type PositionCall struct {
	Role  clientmodel.Role
	Func  string // short name, e.g. "CommitMessages"
	Grain Grain
	Batch int64 // N of "every N records", 0 if not known
	Pos   token.Position
	// InGoroutine reports whether the call runs in a goroutine the
	// application starts.
	InGoroutine bool
	// Deferred reports a deferred call: a flush when the function returns.
	Deferred bool
	// Flush reports a commit outside any loop of a handler method (sarama's
	// ConsumeClaim): a flush when the claim ends.
	Flush bool
}

// Launch is a goroutine the application starts that handles records.
type Launch struct {
	// PerPartition: the goroutine handles one partition's records;
	// otherwise one record, or records received from a channel (a pool).
	PerPartition bool
	Pool         bool
	// Joined: the function that starts it waits for it (a WaitGroup or
	// errgroup Wait that is not deferred) before it goes on.
	Joined bool
	Pos    token.Position
}

// Revoke describes a revoke callback the application registers.
type Revoke struct {
	Pos token.Position
	// Commits reports whether the callback (or what it calls) commits.
	Commits bool
	// HandlesRevoke reports, for confluent rebalance callbacks, whether the
	// callback looks at RevokedPartitions events.
	HandlesRevoke bool
}

// Sink is an offset row written in the application's own database.
type Sink struct {
	Store string // "PostgreSQL via pgx" or "the database/sql database"
	InTx  bool   // written through a transaction
	// WithEffect: the same transaction runs another statement.
	WithEffect bool
	Pos        token.Position
}

// Span is a source range of a function in the consumer's extent.
type Span struct {
	File       string
	Start, End int // offsets
}

// Evidence is what the analysis knows about one consumer.
type Evidence struct {
	Client *clientmodel.Client
	Pos    token.Position // the constructor call
	Group  string
	Topics []string

	Settings map[clientmodel.Setting]Tri
	Interval string // as set in code or the client default; "" if unknown
	// IntervalCode reports whether the code sets the interval.
	IntervalCode bool

	Fetches  []string // short names of fetch calls on the consumer
	Calls    []*PositionCall
	Revokes  []*Revoke
	Launches []*Launch
	// Handler reports a handler the client calls per partition (sarama's
	// ConsumeClaim).
	Handler bool
	// Txn lists the transaction calls made in the consumer's functions.
	Txn []string
	// Transactional reports that the consumer commits transactions (it
	// makes a transaction commit call, or its constructor builds a
	// transactional session).
	Transactional bool
	Sink *Sink
	// Unbound reports commit, mark or store calls of the same client that
	// cannot be tied to one of the package's consumers.
	Unbound bool
	// Untied reports goroutines that handle records in a way the analysis
	// does not classify (a helper started with go that reads a struct's
	// channel of records).
	Untied bool

	Extent []Span
}

// Is returns the value of setting k.
func (e *Evidence) Is(k clientmodel.Setting) Tri { return e.Settings[k] }

func run(pass *analysis.Pass) (result any, err error) {
	defer func() {
		if x := recover(); x != nil {
			result, err = ([]*Evidence)(nil), fmt.Errorf("internal error in commitlint's report on %s (please report it): %v", pass.Pkg.Path(), x)
		}
	}()
	m, _ := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
	if m == nil {
		return ([]*Evidence)(nil), nil
	}
	var gs []*gatherer
	for _, c := range m.Consumers {
		g := &gatherer{pass: pass, m: m, c: c}
		g.initExtent()
		gs = append(gs, g)
	}
	var out []*Evidence
	for _, g := range gs {
		g.others = gs
		ev := g.evidence()
		if ev.Is(clientmodel.Group) == Off && len(ev.Fetches) == 0 {
			continue // a producer or admin client: it consumes nothing
		}
		out = append(out, ev)
	}
	return out, nil
}

type gatherer struct {
	pass   *analysis.Pass
	m      *consumer.Model
	c      *consumer.Consumer
	ev     *Evidence
	extent map[*ssa.Function]bool
	others []*gatherer // every consumer's gatherer in the package, g included
}

func (g *gatherer) posn(p token.Pos) token.Position { return g.pass.Fset.Position(p) }

func (g *gatherer) evidence() *Evidence {
	c := g.c
	ev := &Evidence{
		Client:   c.Client,
		Pos:      g.posn(c.Site.Pos()),
		Settings: map[clientmodel.Setting]Tri{},
	}
	g.ev = ev
	for _, k := range []clientmodel.Setting{clientmodel.Group, clientmodel.AutoCommit, clientmodel.AutoStore,
		clientmodel.MarksOnly, clientmodel.Greedy, clientmodel.BlockRebalance, clientmodel.AsyncCommit} {
		if on, known := c.Settings.Get(c.Client, k); known && !c.Settings.Cond[k] {
			ev.Settings[k] = map[bool]Tri{true: On, false: Off}[on]
		}
	}
	for _, h := range c.Handlers {
		if h.Consume != nil {
			ev.Handler = true
		}
	}
	g.names()
	g.revokes()
	g.positions()
	g.launches()
	g.txnAndSink()
	for fn := range g.extent {
		if syn := fn.Syntax(); syn != nil {
			start, end := g.posn(syn.Pos()), g.posn(syn.End())
			ev.Extent = append(ev.Extent, Span{File: start.Filename, Start: start.Offset, End: end.Offset})
		}
	}
	slices.SortFunc(ev.Extent, func(a, b Span) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Start - b.Start
	})
	return ev
}

// initExtent computes the functions that belong to the consumer: the one
// constructing it, those making calls on it, its handlers, and what they
// reach in the package.
func (g *gatherer) initExtent() {
	g.extent = map[*ssa.Function]bool{}
	g.reach(g.c.Fn)
	for _, call := range g.c.Calls {
		g.reach(call.Fn)
	}
	for _, h := range g.c.Handlers {
		for fn := range h.Reach {
			g.reach(fn)
		}
	}
}

// reach adds fn, its closures and the in-package functions it calls to the
// extent.
func (g *gatherer) reach(fn *ssa.Function) {
	if fn == nil || g.extent[fn] || !g.m.Flow.InPackage(fn) {
		return
	}
	g.extent[fn] = true
	for _, anon := range fn.AnonFuncs {
		g.reach(anon)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if ci, ok := in.(ssa.CallInstruction); ok {
				g.reach(ci.Common().StaticCallee())
				// Callbacks handed to the client or a helper (a method
				// value such as s.assigned).
				for _, a := range ci.Common().Args {
					if f := funcOf(a); f != nil {
						g.reach(f)
					}
				}
			}
		}
	}
}

// funcs returns the extent in a stable order.
func (g *gatherer) funcs() []*ssa.Function { return sortedFuncs(g.extent) }

// calls visits every call instruction in fns with its callee.
func calls(fns []*ssa.Function, visit func(ci ssa.CallInstruction, callee *types.Func)) {
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					if callee := consumer.Callee(ci.Common()); callee != nil {
						visit(ci, callee)
					}
				}
			}
		}
	}
}

// onConsumer reports whether the method call ci is made on this consumer.
func (g *gatherer) onConsumer(ci ssa.CallInstruction) bool {
	recv := consumer.Recv(ci.Common())
	if recv == nil {
		return false
	}
	id := g.c.Site.Value()
	if _, ok := g.c.Site.Type().(*types.Tuple); ok {
		for _, ref := range *g.c.Site.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
				return ssaflow.Intersects(g.m.Flow.Roots(recv), []ssa.Value{ex})
			}
		}
		return false
	}
	return ssaflow.Intersects(g.m.Flow.Roots(recv), []ssa.Value{id})
}

// names finds the group, the topics and the auto-commit interval where the
// code spells them as constants.
func (g *gatherer) names() {
	ev, cl := g.ev, g.c.Client
	if cl.Config.Interval != "" {
		ev.Interval = cl.Config.Interval
	}
	fns := g.funcs()
	setInterval := func(v ssa.Value, ms bool) {
		ev.IntervalCode = true
		ev.Interval = ""
		if k, ok := v.(*ssa.MakeInterface); ok {
			v = k.X
		}
		if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
			if n, ok := constant.Int64Val(k.Value); ok {
				if ms {
					ev.Interval = fmt.Sprintf("%d ms", n)
				} else {
					ev.Interval = time.Duration(n).String()
				}
			}
		}
	}
	// A helper may be shared by several consumers: a name set to
	// different constants is left out.
	groups := map[string]bool{}
	setGroup := func(v ssa.Value) {
		if s, ok := consumer.ConstString(v); ok {
			groups[s] = true
		} else {
			groups[""] = true
		}
	}
	defer func() {
		if len(groups) == 1 {
			for k := range groups {
				ev.Group = k
			}
		}
	}()
	addTopics := func(v ssa.Value) {
		for _, t := range constStrs(v) {
			if t != "" {
				ev.Topics = append(ev.Topics, t)
			}
		}
	}
	for _, site := range cl.Names.Group {
		g.nameValues(fns, site, setGroup)
	}
	for _, site := range cl.Names.Topics {
		g.nameValues(fns, site, addTopics)
	}
	for _, site := range cl.Names.Interval {
		g.nameValues(fns, site, func(v ssa.Value) { setInterval(v, site.Millis) })
	}
	slices.Sort(ev.Topics)
	ev.Topics = slices.Compact(ev.Topics)
}

// nameValues visits the values the consumer's code gives a name at site:
// the argument of this consumer's constructor, of a method called on this
// consumer or of an option function; the value of a config map key; or
// the value stored in a config struct field.
func (g *gatherer) nameValues(fns []*ssa.Function, site clientmodel.NameSite, visit func(ssa.Value)) {
	cl := g.c.Client
	switch {
	case site.Func == g.c.Ctor.Func:
		visit(consumer.Arg(g.c.Site.Common(), site.Arg))
	case site.Func != "":
		calls(fns, func(ci ssa.CallInstruction, callee *types.Func) {
			if callee.FullName() != site.Func {
				return
			}
			if sig, ok := callee.Type().(*types.Signature); ok && sig.Recv() != nil && !g.onConsumer(ci) {
				return
			}
			visit(consumer.Arg(ci.Common(), site.Arg))
		})
	case site.Key != "":
		for _, b := range blocks(fns) {
			for _, in := range b.Instrs {
				var key, val ssa.Value
				switch x := in.(type) {
				case *ssa.MapUpdate:
					key, val = x.Key, x.Value
				case ssa.CallInstruction:
					if callee := consumer.Callee(x.Common()); callee != nil && callee.FullName() == cl.Config.SetKey && len(x.Common().Args) == 3 {
						key, val = x.Common().Args[1], x.Common().Args[2]
					}
				}
				if k, ok := consumer.ConstString(key); ok && k == site.Key {
					visit(val)
				}
			}
		}
	case site.Field != "":
		path := strings.Split(site.Field, ".")
		for _, b := range blocks(fns) {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok || ssaflow.FieldPath(st.Addr, path) == nil {
					continue
				}
				if f := ssaflow.FieldVar(st.Addr.(*ssa.FieldAddr)); f.Pkg() != nil && slices.Contains(cl.Paths, f.Pkg().Path()) {
					visit(st.Val)
				}
			}
		}
	}
}

func blocks(fns []*ssa.Function) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, fn := range fns {
		out = append(out, fn.Blocks...)
	}
	return out
}

// revokes finds the revoke callbacks registered for the consumer.
func (g *gatherer) revokes() {
	cl := g.c.Client
	commits := func(fn *ssa.Function) bool {
		set := map[*ssa.Function]bool{}
		g.m.Flow.Reach(fn, set)
		found := false
		calls(sortedFuncs(set), func(_ ssa.CallInstruction, callee *types.Func) {
			if ref, ok := clientmodel.Default.Call(callee); ok && ref.Client == cl && ref.Role == clientmodel.Commit {
				found = true
			}
		})
		return found
	}
	for _, h := range cl.RevokeHooks {
		switch h.Kind {
		case clientmodel.HookRevoked:
			calls(g.funcs(), func(ci ssa.CallInstruction, callee *types.Func) {
				if callee.FullName() != h.Func {
					return
				}
				if fn := funcOf(consumer.Arg(ci.Common(), h.Arg)); fn != nil {
					g.ev.Revokes = append(g.ev.Revokes, &Revoke{Pos: g.posn(ci.Pos()), Commits: commits(fn), HandlesRevoke: true})
				}
			})
		case clientmodel.HookEvents:
			calls(g.funcs(), func(ci ssa.CallInstruction, callee *types.Func) {
				if callee.FullName() != h.Func || !g.onConsumer(ci) {
					return
				}
				fn := funcOf(consumer.Arg(ci.Common(), h.Arg))
				if fn == nil {
					return
				}
				set := map[*ssa.Function]bool{}
				g.m.Flow.Reach(fn, set)
				r := &Revoke{Pos: g.posn(ci.Pos()), Commits: commits(fn)}
				for f := range set {
					for _, b := range f.Blocks {
						for _, in := range b.Instrs {
							if ta, ok := in.(*ssa.TypeAssert); ok && typeFullName(ta.AssertedType) == h.RevokeEvent {
								r.HandlesRevoke = true
							}
						}
					}
				}
				g.ev.Revokes = append(g.ev.Revokes, r)
			})
		case clientmodel.HookCleanup:
			for _, hd := range g.c.Handlers {
				if hd.Cleanup != nil && g.m.Flow.InPackage(hd.Cleanup) && commits(hd.Cleanup) {
					g.ev.Revokes = append(g.ev.Revokes, &Revoke{Pos: g.posn(hd.Cleanup.Pos()), Commits: true, HandlesRevoke: true})
				}
			}
		}
	}
}

// typeFullName is "path.Name" for a named type, else "".
func typeFullName(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return ""
}

// revokeFuncs returns the functions reached from the consumer's revoke
// callbacks (sarama's Cleanup included).
func (g *gatherer) revokeFuncs() map[*ssa.Function]bool {
	set := map[*ssa.Function]bool{}
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := consumer.Callee(ci.Common())
				if callee == nil || g.c.Client.Hook(callee.FullName()) == nil {
					continue
				}
				for _, a := range ci.Common().Args {
					if f := funcOf(a); f != nil {
						g.m.Flow.Reach(f, set)
					}
				}
			}
		}
	}
	for _, h := range g.c.Handlers {
		if h.Cleanup != nil {
			g.m.Flow.Reach(h.Cleanup, set)
		}
	}
	return set
}

// positions records the consumer's fetch, commit, mark and store calls.
// A call of the same client the model could not tie to a consumer (made on
// a client kept in a struct field or passed to a callback) is the
// consumer's when it lies in the consumer's functions only, or when the
// consumer is the package's only one of that client; a call no consumer's
// functions contain, in a package with several, makes the strategy unknown.
func (g *gatherer) positions() {
	revoke := g.revokeFuncs()
	own := slices.Clip(g.c.Calls)
	n := 0
	for _, o := range g.others {
		if o.c.Client == g.c.Client {
			n++
		}
	}
	for _, call := range g.m.Calls {
		if call.Consumer != nil || call.Client != g.c.Client || call.Role == clientmodel.Fetch {
			continue
		}
		var in []*gatherer
		for _, o := range g.others {
			if o.c.Client == g.c.Client && o.extent[call.Fn] {
				in = append(in, o)
			}
		}
		switch {
		case len(in) == 1 && in[0] == g, len(in) == 0 && n == 1:
			own = append(own, call)
		case len(in) == 0:
			g.ev.Unbound = true
		}
	}
	for _, call := range own {
		name := call.Func[strings.LastIndex(call.Func, ".")+1:]
		if call.Role == clientmodel.Fetch || call.Role == clientmodel.FetchCommit {
			g.ev.Fetches = append(g.ev.Fetches, name)
		}
		if call.Role == clientmodel.Fetch {
			continue
		}
		if revoke[call.Fn] {
			continue
		}
		pc := &PositionCall{Role: call.Role, Func: name, Pos: g.posn(call.Pos()), InGoroutine: g.inGoroutine(call.Fn)}
		if _, ok := call.Instr.(*ssa.Defer); ok {
			pc.Deferred = true
		} else {
			pc.Grain, pc.Batch = g.grain(call)
			pc.Flush = g.handlerMethod(call.Fn) && !ssaflow.InLoop(call.Instr.Block())
		}
		g.ev.Calls = append(g.ev.Calls, pc)
	}
	slices.Sort(g.ev.Fetches)
	g.ev.Fetches = slices.Compact(g.ev.Fetches)
}

// handlerMethod reports whether fn is the Consume method of one of the
// consumer's handlers.
func (g *gatherer) handlerMethod(fn *ssa.Function) bool {
	for _, h := range g.c.Handlers {
		if h.Consume == fn {
			return true
		}
	}
	return false
}

// inGoroutine reports whether fn is started by a go statement of the
// package (directly, or a closure thereof).
func (g *gatherer) inGoroutine(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		for _, site := range g.m.Flow.Callers(f) {
			if _, ok := site.(*ssa.Go); ok {
				return true
			}
		}
		if goStarted(f) {
			return true
		}
	}
	return false
}

// goStarted reports whether an anonymous function is the operand of a go
// statement.
func goStarted(f *ssa.Function) bool {
	if f.Parent() == nil {
		return false
	}
	for _, b := range f.Parent().Blocks {
		for _, in := range b.Instrs {
			if gs, ok := in.(*ssa.Go); ok && funcOf(gs.Call.Value) == f {
				return true
			}
		}
	}
	return false
}

// grain says how many records one execution of a position call covers.
func (g *gatherer) grain(call *consumer.Call) (Grain, int64) {
	if n, ok := ssaflow.CounterGuard(call.Instr); ok {
		return GrainBatch, n
	}
	cc := call.Instr.Common()
	if call.Record >= 0 {
		a := consumer.Arg(cc, call.Record)
		switch {
		case a == nil:
			return GrainUnknown, 0
		case g.isRecord(a.Type()):
			return GrainRecord, 0
		}
		if sl, ok := a.(*ssa.Slice); ok {
			if alloc, ok := sl.X.(*ssa.Alloc); ok {
				if arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array); ok && arr.Len() == 1 && g.isRecord(arr.Elem()) {
					return GrainRecord, 0 // a variadic call with one record
				}
			}
			if g.fromRecords(sl.X, 0) {
				return GrainBatch, 0
			}
		}
		if g.fromRecords(a, 0) {
			if isOneOffsetArg(a) {
				return GrainRecord, 0
			}
			return GrainBatch, 0
		}
		return GrainTracked, 0
	}
	// A call without a position argument commits what was polled, marked
	// or stored so far.
	if call.Client.FetchesBatches() {
		return GrainBatch, 0
	}
	if ssaflow.InLoop(call.Instr.Block()) || g.calledInLoops(call.Fn) {
		return GrainRecord, 0
	}
	return GrainUnknown, 0
}

// calledInLoops reports whether fn is a helper of the package that is only
// called from loops (a maybeCommit called for each message).
func (g *gatherer) calledInLoops(fn *ssa.Function) bool {
	sites := g.m.Flow.Callers(fn)
	for _, site := range sites {
		if !ssaflow.InLoop(site.Block()) {
			return false
		}
	}
	return len(sites) > 0
}

// isOneOffsetArg reports whether v is a scalar (a raw offset argument).
func isOneOffsetArg(v ssa.Value) bool {
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (g *gatherer) isRecord(t types.Type) bool { return clientmodel.Default.Record(t) != nil }

// fromRecords reports whether v is computed from records handed out by the
// client (their fields, slices of them), rather than by application code.
func (g *gatherer) fromRecords(v ssa.Value, depth int) bool {
	if v == nil || depth > 12 {
		return false
	}
	if g.isRecord(v.Type()) {
		return true
	}
	if p, ok := v.Type().Underlying().(*types.Pointer); ok && g.isRecord(p.Elem()) {
		return true
	}
	if s, ok := v.Type().Underlying().(*types.Slice); ok && g.isRecord(s.Elem()) {
		return true
	}
	rec := func(x ssa.Value) bool { return g.fromRecords(x, depth+1) }
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return rec(x.X)
	case *ssa.Field:
		return rec(x.X)
	case *ssa.UnOp:
		return rec(x.X)
	case *ssa.BinOp:
		return rec(x.X) || rec(x.Y)
	case *ssa.Convert:
		return rec(x.X)
	case *ssa.ChangeType:
		return rec(x.X)
	case *ssa.MakeInterface:
		return rec(x.X)
	case *ssa.Slice:
		return rec(x.X)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if rec(e) {
				return true
			}
		}
	case *ssa.Alloc:
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr == x && rec(r.Val) {
					return true
				}
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r && rec(st.Val) {
						return true
					}
				}
			case *ssa.FieldAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r && rec(st.Val) {
						return true
					}
				}
			}
		}
	}
	return false
}

// launches records the goroutines that handle records.
func (g *gatherer) launches() {
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				gs, ok := in.(*ssa.Go)
				if !ok {
					continue
				}
				l := g.launch(gs)
				if l != nil {
					l.Pos = g.posn(gs.Pos())
					l.Joined = joins(fn)
					g.ev.Launches = append(g.ev.Launches, l)
				} else if g.touchesRecords(gs) {
					g.ev.Untied = true
				}
			}
		}
	}
}

// launch classifies what the goroutine started by gs handles, or returns
// nil when it handles no records.
func (g *gatherer) launch(gs *ssa.Go) *Launch {
	fn := funcOf(gs.Call.Value)
	var vals []ssa.Value
	vals = append(vals, gs.Call.Args...)
	if mc, ok := gs.Call.Value.(*ssa.MakeClosure); ok {
		vals = append(vals, mc.Bindings...)
	}
	for _, v := range vals {
		ts := []types.Type{v.Type()}
		if p, ok := v.Type().Underlying().(*types.Pointer); ok {
			ts = append(ts, p.Elem()) // a captured variable
		}
		for _, t := range ts {
			switch {
			case g.isRecord(t):
				return &Launch{}
			case clientmodel.Default.Partition(t) != nil:
				return &Launch{PerPartition: true}
			}
			if ch, ok := t.Underlying().(*types.Chan); ok && g.isRecord(ch.Elem()) && fn != nil && receives(fn) {
				return &Launch{Pool: true}
			}
		}
	}
	return nil
}

// touchesRecords reports whether the goroutine gs starts, or what it calls
// in the package, handles values of a record type (records, slices or
// channels of them) or makes position calls.
func (g *gatherer) touchesRecords(gs *ssa.Go) bool {
	set := map[*ssa.Function]bool{}
	if fn := funcOf(gs.Call.Value); fn != nil {
		g.m.Flow.Reach(fn, set)
	} else if callee := gs.Call.StaticCallee(); callee != nil {
		g.m.Flow.Reach(callee, set)
	} else if gs.Call.IsInvoke() {
		return false
	}
	if fn := gs.Call.StaticCallee(); fn != nil {
		g.m.Flow.Reach(fn, set)
	}
	touches := false
	for _, fn := range sortedFuncs(set) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					if callee := consumer.Callee(ci.Common()); callee != nil {
						if ref, ok := clientmodel.Default.Call(callee); ok && (ref.Role == clientmodel.Fetch || ref.Role == clientmodel.FetchCommit) {
							return false // the poll loop itself runs in this goroutine
						}
					}
				}
				if v, ok := in.(ssa.Value); ok && g.carriesRecords(v.Type()) {
					touches = true
				}
			}
		}
	}
	return touches
}

// carriesRecords reports whether t is a record type, or a pointer, slice
// or channel of one.
func (g *gatherer) carriesRecords(t types.Type) bool {
	for i := 0; i < 3; i++ {
		if g.isRecord(t) {
			return true
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Chan:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// receives reports whether fn receives from a channel.
func receives(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return true
				}
			case *ssa.Next:
				return true
			case *ssa.Range:
				if _, ok := x.X.Type().Underlying().(*types.Chan); ok {
					return true
				}
			}
		}
	}
	return false
}

// joins reports whether fn (or the function it is a closure of) waits for
// its goroutines with a WaitGroup or errgroup Wait that is not deferred.
func joins(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				callee := consumer.Callee(call.Common())
				if callee == nil {
					continue
				}
				switch callee.FullName() {
				case "(*sync.WaitGroup).Wait", "(*golang.org/x/sync/errgroup.Group).Wait":
					return true
				}
			}
		}
	}
	return false
}

var offsetWrite = regexp.MustCompile(`(?is)^\s*(update\s+("?\w+"?\.)?"?\w*offset\w*"?\s+set\b|insert\s+into\s+("?\w+"?\.)?"?\w*offset\w*"?)`)

// txnAndSink records transaction calls and offset rows in the consumer's
// own database.
func (g *gatherer) txnAndSink() {
	cl := g.c.Client
	if g.c.Ctor.Txn {
		g.ev.Txn = append(g.ev.Txn, clientmodel.ShortName(g.c.Ctor.Func))
		g.ev.Transactional = true
	}
	type exec struct {
		recv   ssa.Value
		offset bool
		pos    token.Pos
		pkg    string
	}
	var execs []exec
	calls(g.funcs(), func(ci ssa.CallInstruction, callee *types.Func) {
		if slices.Contains(cl.Txn, callee.FullName()) {
			g.ev.Txn = append(g.ev.Txn, callee.Name())
			g.ev.Transactional = g.ev.Transactional || slices.Contains(cl.TxnCommit, callee.FullName())
			return
		}
		ex, ok := clientmodel.SQLExecOf(callee.FullName())
		if !ok {
			return
		}
		q, _ := consumer.ConstString(consumer.Arg(ci.Common(), ex.Query))
		recv := consumer.Recv(ci.Common())
		execs = append(execs, exec{recv: recv, offset: offsetWrite.MatchString(q), pos: ci.Pos(), pkg: callee.Pkg().Path()})
	})
	slices.Sort(g.ev.Txn)
	g.ev.Txn = slices.Compact(g.ev.Txn)
	for _, e := range execs {
		if !e.offset {
			continue
		}
		s := &Sink{Pos: g.posn(e.pos), Store: "the database/sql database"}
		if strings.HasPrefix(e.pkg, "github.com/jackc/pgx/") {
			s.Store = "PostgreSQL via pgx"
		}
		s.InTx = e.recv != nil && isTx(e.recv.Type())
		if s.InTx {
			roots := g.m.Flow.Roots(e.recv)
			for _, o := range execs {
				if !o.offset && o.recv != nil && ssaflow.Intersects(g.m.Flow.Roots(o.recv), roots) {
					s.WithEffect = true
				}
			}
		}
		if g.ev.Sink == nil || s.WithEffect && !g.ev.Sink.WithEffect {
			g.ev.Sink = s
		}
	}
}

// isTx reports whether t is a database transaction: *database/sql.Tx or
// pgx's Tx.
func isTx(t types.Type) bool {
	s := types.TypeString(t, nil)
	return s == "*database/sql.Tx" || s == "github.com/jackc/pgx/v5.Tx"
}

// funcOf returns the function a function value denotes; for a method
// value (s.revoked), the declared method rather than its bound wrapper.
func funcOf(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		if x.Synthetic != "" {
			if obj, ok := x.Object().(*types.Func); ok {
				if fn := x.Prog.FuncValue(obj); fn != nil {
					return fn
				}
			}
		}
		return x
	case *ssa.MakeClosure:
		return funcOf(x.Fn)
	case *ssa.MakeInterface:
		return funcOf(x.X)
	case *ssa.ChangeType:
		return funcOf(x.X)
	case *ssa.Convert:
		return funcOf(x.X)
	}
	return nil
}

func sortedFuncs(set map[*ssa.Function]bool) []*ssa.Function {
	var out []*ssa.Function
	for f := range set {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return int(a.Pos() - b.Pos()) })
	return out
}

// constStrs returns the constant strings of a string slice literal, or a
// single constant string.
func constStrs(v ssa.Value) []string {
	if s, ok := consumer.ConstString(v); ok {
		return []string{s}
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []string
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				if s, ok := consumer.ConstString(st.Val); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}
