package semantics

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Services are assembled across packages: the client is built (and
// configured) in one package, and handed to a function, a struct field or a
// handler of another, where it is polled and committed. Each side is
// analyzed on its own, so the evidence says where a client leaves a
// package (Flows) and, for a client a package receives, through which entry
// it arrived (Entry). The standalone report, which sees every package,
// joins the two by these keys (Join); a received client nobody in the
// analyzed packages builds keeps a row of its own, with its configuration
// unknown.
//
// Entry keys are the consumer model's (consumer.EntryKey).

// flows returns the entry keys of other packages that the client value of
// g's consumer is handed to: arguments of their functions, fields of their
// struct types, and its handlers' Consume methods defined elsewhere.
func (g *gatherer) flows() []string {
	// The sessions the client gives its handler's methods (sarama's
	// ConsumeClaim and Cleanup): a session handed to another package
	// (lanes that mark on it) is this consumer's too.
	sessions := map[ssa.Value]bool{}
	for _, h := range g.c.Handlers {
		for _, fn := range []*ssa.Function{h.Consume, h.Cleanup} {
			if fn != nil && fn.Signature.Recv() != nil && len(fn.Params) > 1 {
				sessions[fn.Params[1]] = true
			}
		}
	}
	holds := func(v ssa.Value) bool {
		if slices.ContainsFunc(g.m.Flow.Roots(v), func(r ssa.Value) bool { return sessions[r] }) {
			return true
		}
		if g.c.Site != nil {
			return g.m.Is(g.c, v)
		}
		for _, r := range g.m.Flow.Roots(v) {
			if k, _ := consumer.EntryKey(r); k != "" && k == g.entry {
				return true
			}
		}
		return false
	}
	var out []string
	for _, fn := range g.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case ssa.CallInstruction:
					if key := g.funcValueFlow(x, holds); key != "" {
						out = append(out, key)
					}
					out = append(out, g.callerHandlers(x, holds)...)
					callee := ssaflow.Callee(x.Common())
					if callee == nil || callee.Pkg() == nil || callee.Pkg() == g.pass.Pkg || clientmodel.Default.IsClientPath(callee.Pkg().Path()) {
						continue
					}
					cc := x.Common()
					n := callee.Type().(*types.Signature).Params().Len()
					for i := range n {
						if a := ssaflow.Arg(cc, i); a != nil && holds(a) {
							out = append(out, consumer.ParamKey(callee, i))
						}
					}
				case *ssa.Return:
					// A constructor another package calls (a wiring or
					// utility package's NewReaderClient).
					obj, ok := fn.Object().(*types.Func)
					if !ok || !obj.Exported() {
						continue
					}
					for i, r := range x.Results {
						if holds(r) {
							out = append(out, consumer.ResultKey(obj, i))
						}
					}
				case *ssa.Store:
					fa, ok := x.Addr.(*ssa.FieldAddr)
					if !ok || !holds(x.Val) {
						continue
					}
					if key := consumer.FieldKey(fa); key != "" {
						out = append(out, key)
					}
				}
			}
		}
	}
	for _, h := range g.c.Handlers {
		if h.Consume != nil && g.m.Flow.InPackage(h.Consume) || g.c.Client.Handler == nil {
			continue
		}
		// The handler's methods are defined in another package: its
		// Consume method receives the session there.
		if n, ok := types.Unalias(ssaflow.Deref(h.Type)).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg() != g.pass.Pkg {
			ms := types.NewMethodSet(h.Type)
			if sel := ms.Lookup(n.Obj().Pkg(), g.c.Client.Handler.Consume); sel != nil {
				key := consumer.ParamKey(sel.Obj().(*types.Func), 0)
				out = append(out, key)
				g.ev.Foreign = append(g.ev.Foreign, ForeignHandler{Key: key, Method: ssaflow.ShortFunc(sel.Obj().(*types.Func))})
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// foreignCalls returns the calls the package's code makes, given the
// consumer (carries), of functions of other packages whose positions
// mean something else once joined (settleForeign): called again after
// they return a failure (againAt: a supervisor in main logging a failed
// w.Run(ctx) and running it again), the client not built anew on the way
// (builtAgain), so their pending skips hold (Restarted); called on a
// goroutine beside the loop (besideLoop: a checkpoint ticker in main
// calling svc.Checkpoint), so their commits of what is polled are Beside.
// Calls through an interface count for each implementation the program
// has (var r runner = worker.New(cl): review 45-1/D3).
func (g *gatherer) foreignCalls() []ForeignCall {
	var out []ForeignCall
	leaves := leaving(g.pass)
	beside := g.besideLoop()
	for _, fn := range g.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				callees := []*types.Func{ssaflow.Callee(call.Common())}
				given := call.Call.Args
				if call.Call.IsInvoke() {
					callees, given = nil, append([]ssa.Value{call.Call.Value}, given...)
					for _, m := range g.implementations(call) {
						if obj, ok := m.Object().(*types.Func); ok {
							callees = append(callees, obj)
						}
					}
				}
				if !call.Call.IsInvoke() && slices.ContainsFunc(given, func(a ssa.Value) bool { return g.carries(a, 0) }) {
					out = append(out, g.afterCalls(call, consumer.DisplayName(fn))...)
				}
				var kinds []ForeignKind
				if beside[fn] {
					kinds = append(kinds, Beside)
				}
				if againAt(call, leaves) {
					kinds = append(kinds, Restarted)
				}
				if len(kinds) == 0 || !slices.ContainsFunc(given, func(a ssa.Value) bool { return g.carries(a, 0) }) {
					continue
				}
				for _, callee := range callees {
					if callee == nil || callee.Pkg() == nil || callee.Pkg() == g.pass.Pkg || clientmodel.Default.IsClientPath(callee.Pkg().Path()) {
						continue
					}
					for _, k := range kinds {
						if k == Restarted && g.builtAgain(call) {
							continue
						}
						out = append(out, ForeignCall{Func: callee.Origin().FullName(), By: consumer.DisplayName(fn), Kind: k})
					}
				}
			}
		}
	}
	return out
}

// carries reports whether v is the consumer, or what a call given it
// builds (w := svc.NewWorker(r)), a couple of calls deep.
func (g *gatherer) carries(v ssa.Value, depth int) bool {
	if g.m.Is(g.c, v) {
		return true
	}
	if depth >= 2 {
		return false
	}
	for _, r := range g.m.Flow.Roots(v) {
		if x, ok := r.(*ssa.Extract); ok {
			r = x.Tuple
		}
		if call, ok := r.(*ssa.Call); ok && slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return g.carries(a, depth+1) }) {
			return true
		}
	}
	return false
}

// afterCalls returns the After calls of first's function: the calls
// (deferred before first, or made after it) of another function of the
// package first's callee is of, given the consumer too, that run on the
// way from first's failure (its error tested, or any way when it is not)
// to the function's return, no stop (log.Fatal, os.Exit, a panic) between
// (main's defer svc.Close(), then return svc.Run(ctx): review 46-1/D3).
func (g *gatherer) afterCalls(first *ssa.Call, by string) []ForeignCall {
	callee := ssaflow.Callee(first.Common())
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == g.pass.Pkg || clientmodel.Default.IsClientPath(callee.Pkg().Path()) {
		return nil
	}
	stops := g.stops()
	// The blocks first's failure reaches (the failing way of a test of
	// its error), and whether it leaves the function so that deferred
	// calls run: a return, or a panic (review 46-2/D3), not an exit.
	errv := errorValue(first)
	reached := map[*ssa.BasicBlock]bool{}
	returns := false
	for work := []*ssa.BasicBlock{first.Block()}; len(work) > 0; {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if reached[b] {
			continue
		}
		if stops(b) {
			returns = returns || endingOf(b) != endsProcess
			continue
		}
		reached[b] = true
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			returns = true
		}
		if v, failing, _ := nilTest(b); v != nil && v == errv {
			work = append(work, failing)
			continue
		}
		work = append(work, b.Succs...)
	}
	var out []ForeignCall
	for _, b := range first.Parent().Blocks {
		for i, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok || ci == ssa.CallInstruction(first) || ci.Common().IsInvoke() {
				continue
			}
			f := ssaflow.Callee(ci.Common())
			if f == nil || f.Pkg() != callee.Pkg() || f.Origin() == callee.Origin() || !slices.ContainsFunc(ci.Common().Args, func(a ssa.Value) bool { return g.carries(a, 0) }) {
				continue
			}
			_, deferred := ci.(*ssa.Defer)
			after := reached[b] && (b != first.Block() || i > slices.Index(b.Instrs, ssa.Instruction(first)))
			if deferred && returns && ssaflow.ReachesStopping(ci, first, func(ssa.Instruction) bool { return false }) || !deferred && after {
				out = append(out, ForeignCall{Func: f.Origin().FullName(), By: by, Kind: After, After: callee.Origin().FullName()})
			}
		}
	}
	return out
}

// A ForeignCall is a call of a function of another package, given the
// consumer, that changes what the callee's positions mean (foreignCalls).
type ForeignCall struct {
	Func string // the callee's full name (types.Func.FullName)
	By   string // the function calling it ("main.main")
	Kind ForeignKind
	// After, for an After call, is the full name of the function of the
	// callee's package whose failure's return it follows.
	After string
}

// A ForeignKind is what a ForeignCall changes.
type ForeignKind int

const (
	// Restarted: the callee is called again after it returns a failure,
	// on the same client; its pending skips hold.
	Restarted ForeignKind = iota
	// Beside: the callee runs on a goroutine beside the loop; its
	// commits of what is stored, marked or polled so far are Beside.
	Beside
	// After: the callee is called (or deferred to run) after a function
	// of its package, given the same consumer, returns a failure; its
	// pending skips of that function hold (afterLoopSkips).
	After
)

// settleForeign applies, once joined, what the calls of other packages
// (ForeignCalls) change: the pending skips of functions called again
// after their failure hold (Skip.Again), and the commits of what is
// polled made in functions called beside the loop are Beside (review
// 45-1/D1, a checkpoint ticker in main calling svc.Checkpoint: 239 of
// 300 lost), not a flush at shutdown.
func (ev *Evidence) settleForeign() {
	if len(ev.ForeignCalls) == 0 {
		return
	}
	by := func(kind ForeignKind, name, after string) (string, bool) {
		i := slices.IndexFunc(ev.ForeignCalls, func(f ForeignCall) bool { return f.Kind == kind && f.Func == name && f.After == after })
		if i < 0 {
			return "", false
		}
		return ev.ForeignCalls[i].By, true
	}
	held := func(pending []Skip) []Skip {
		var out []Skip
		for _, s := range pending {
			kind := Restarted
			if s.After != "" {
				kind = After
			}
			if again, ok := by(kind, s.Pending, s.After); ok {
				s.Again = again
				out = append(out, s)
			}
		}
		return out
	}
	ev.Calls = slices.Clone(ev.Calls) // (shared with the clones of other callers)
	for i, pc := range ev.Calls {
		h := held(pc.pending)
		_, beside := by(Beside, pc.Within, "")
		beside = beside && !pc.Beside && pc.Role == clientmodel.Commit && pc.noRecord && pc.Within != ""
		if len(h) == 0 && !beside {
			continue
		}
		cp := *pc
		if len(h) > 0 {
			cp.Skips = append(slices.Clip(pc.Skips), h...)
		}
		if beside {
			cp.Beside, cp.Flush = true, false // (not a flush at shutdown: a ticker's)
		}
		ev.Calls[i] = &cp
	}
	if p := ev.pollPending; p != nil && len(ev.PollSkips) == 0 {
		if h := held(p.pending); len(h) > 0 {
			ev.PollSkips, ev.PollSkipAt = h, p
		}
	}
}

// callerHandlers returns, for ci running a handler on the consumer
// (sarama's Consume) that is a parameter of an exported function (a
// wrapper's Consume(ctx, topics, h)), the "handler:" flow of the
// handler's Consume method of the values its callers pass for it (the
// PassedFunc addIface records under the parameter's key and the method's
// name): Join resolves it, as a "fn:" flow, to the entry key of that
// method's session parameter when the callers pass one handler type only
// (several services each passing its own may each build a group of their
// own through the wrapper: their rows stay apart).
func (g *gatherer) callerHandlers(ci ssa.CallInstruction, holds func(ssa.Value) bool) []string {
	h := g.c.Client.Handler
	callee := ssaflow.Callee(ci.Common())
	if h == nil || callee == nil || callee.FullName() != h.Run {
		return nil
	}
	if recv := ssaflow.Recv(ci.Common()); recv == nil || !holds(recv) {
		return nil
	}
	arg := ssaflow.Arg(ci.Common(), h.HandlerArg)
	if arg == nil {
		return nil
	}
	var out []string
	for _, r := range g.m.Flow.Roots(arg) {
		p, ok := r.(*ssa.Parameter)
		if !ok {
			continue
		}
		fn := p.Parent()
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		i := slices.Index(fn.Params, p)
		if fn.Signature.Recv() != nil {
			i--
		}
		if i >= 0 {
			out = append(out, "handler:"+consumer.ParamKey(obj, i)+"."+h.Consume+"#0")
		}
	}
	return out
}

// Join merges into each consumer the evidence of the clients it is handed
// to in other packages (matching a Flow of the one with the Entry of the
// other, transitively), and returns the consumers built in the packages
// plus the received clients nobody there builds. A received client may be
// handed to several consumers' code; each gets its evidence.
func Join(evs []*Evidence) []*Evidence {
	resolveHanded(evs)
	resolveConfigs(evs)
	byEntry := map[string][]*Evidence{}
	for _, ev := range evs {
		if ev.Entry != "" {
			byEntry[ev.Entry] = append(byEntry[ev.Entry], ev)
		}
	}
	joined := map[*Evidence]bool{}
	passed := passedByKey(evs)
	var merge func(into *Evidence, flows []string, seen map[string]bool)
	merge = func(into *Evidence, flows []string, seen map[string]bool) {
		for _, key := range flows {
			if seen[key] {
				continue
			}
			seen[key] = true
			if strings.HasPrefix(key, "fn:") {
				merge(into, funcFlows(passed, key), seen)
				continue
			}
			if rest, ok := strings.CutPrefix(key, "handler:"); ok {
				if ks := slices.Compact(slices.Sorted(slices.Values(funcFlows(passed, "fn:"+rest)))); len(ks) == 1 {
					merge(into, ks, seen)
				}
				continue
			}
			for _, r := range byEntry[key] {
				if r.Client != into.Client {
					continue
				}
				joined[r] = true
				into.absorb(r)
				merge(into, r.Flows, seen)
			}
		}
	}
	// A client a constructor of the packages builds and returns, called
	// by several packages (each binary's main calling a shared
	// library's NewConsumer with its own group): each call builds a
	// client of its own, so each caller's code is a consumer of its own.
	perCaller := map[*Evidence][]*Evidence{}
	for _, ev := range evs {
		if ev.Entry != "" {
			continue
		}
		if rs := callers(ev, byEntry); rs != nil {
			for _, r := range rs {
				c := ev.clone()
				c.Pos = r.Pos
				joined[r] = true
				c.absorb(r)
				merge(c, r.Flows, map[string]bool{ev.Flows[0]: true})
				perCaller[ev] = append(perCaller[ev], c)
			}
			continue
		}
		merge(ev, ev.Flows, map[string]bool{})
	}
	for _, ev := range evs {
		for _, key := range ev.Callbacks {
			for _, r := range byEntry[key] {
				if r.Client == ev.Client && len(r.Fetches) == 0 {
					joined[r] = true // the callback's client is ev's: no row of its own
				}
			}
		}
	}
	var out []*Evidence
	for _, ev := range evs {
		if cs, ok := perCaller[ev]; ok {
			out = append(out, cs...)
			continue
		}
		if ev.Client == nil {
			continue // a carrier of functions passed (handed.go)
		}
		if ev.Entry == "" && ev.Is(clientmodel.Group) == Off && len(ev.Fetches) == 0 && !ev.GroupCommits && len(ev.Flows) > 0 {
			continue // a producer or admin client handed on: no code joined fetches from it
		}
		if ev.Entry != "" && !joined[ev] && ev.relay() {
			continue // passed on from outside the analyzed packages: its receiver has the row
		}
		if ev.Entry == "" || !joined[ev] {
			out = append(out, ev)
		}
	}
	var driven []Driven
	for _, ev := range evs {
		driven = append(driven, ev.Driven...)
	}
	for _, ev := range out {
		ev.handedSkips()
		ev.settleForeign()
		if i := slices.IndexFunc(driven, func(d Driven) bool { return d.Client == ev.Client.Name && slices.Contains(ev.Pkgs, d.Pkg) }); i >= 0 {
			ev.DrivenBy = &driven[i]
		}
		for _, f := range ev.Foreign {
			if !slices.ContainsFunc(byEntry[f.Key], func(r *Evidence) bool { return r.Client == ev.Client }) && ev.Unseen == "" {
				ev.Unseen = f.Method
			}
		}
	}
	return out
}

// funcValueFlow returns, for a call of a function value the package's
// callers supply (a parameter of an exported function, an exported
// field) given the client (handler(msg, c)), the flow key of that
// argument: "fn:" and the value's entry key and the argument's index.
// Join resolves it by the functions passed for the value (the received
// client of svc.Handle's parameter). "" otherwise.
func (g *gatherer) funcValueFlow(ci ssa.CallInstruction, holds func(ssa.Value) bool) string {
	cc := ci.Common()
	if cc.IsInvoke() || cc.StaticCallee() != nil {
		return ""
	}
	key := ""
	for _, r := range g.m.Flow.Roots(cc.Value) {
		if k, _ := consumer.EntryKey(r); k != "" && strings.HasPrefix(k, "param:") || strings.HasPrefix(k, "field:") {
			key = k
		}
	}
	if key == "" {
		return ""
	}
	for i, a := range cc.Args {
		if holds(a) {
			return "fn:" + key + "#" + strconv.Itoa(i)
		}
	}
	return ""
}

// funcFlows resolves a "fn:" flow key (funcValueFlow) to the entry keys of
// the functions of other packages passed for that value: their parameter
// at the argument's index.
func funcFlows(passed map[string][]PassedFunc, key string) []string {
	rest := strings.TrimPrefix(key, "fn:")
	i := strings.LastIndex(rest, "#")
	if i < 0 {
		return nil
	}
	var out []string
	for _, p := range resolve(passed, rest[:i], 0) {
		def := p.Def
		if def == "" && strings.HasPrefix(p.Key, "def:") {
			def = p.Key // described by its own package (resolve)
		}
		if def == "" {
			def = p.Method // an interface's method of the caller's package
		}
		if def != "" {
			out = append(out, "param:"+strings.TrimPrefix(def, "def:")+rest[i:])
		}
	}
	return out
}

// relay reports whether a received client's code only hands it on to
// another package: no fetch, position call, handler or launch.
func (ev *Evidence) relay() bool {
	return len(ev.Flows) > 0 && len(ev.Fetches) == 0 && len(ev.Calls) == 0 && !ev.Handler && len(ev.Launches) == 0 &&
		len(ev.Revokes) == 0 && len(ev.Txn) == 0 && !ev.GroupCommits
}

// fresh returns the result key of the exported function g's consumer is
// built in when each of its calls builds one (Evidence.Fresh): its returns
// give the constructor's client result directly, and nothing outside the
// function's locals keeps it (a cached or singleton client). "" otherwise.
func (g *gatherer) fresh() string {
	site := g.c.Site
	if site == nil {
		return ""
	}
	fn := site.Parent()
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || !obj.Exported() {
		return ""
	}
	built := func(v ssa.Value) bool {
		v = ssaflow.Unconvert(v)
		if ex, ok := v.(*ssa.Extract); ok {
			return ex.Tuple == ssa.Value(site) && ex.Index == 0
		}
		return v == ssa.Value(site)
	}
	key := ""
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Store:
				if _, local := x.Addr.(*ssa.Alloc); !local && g.m.Is(g.c, x.Val) {
					return "" // kept (a global, a field): handed out again
				}
			case *ssa.Return:
				for i, r := range x.Results {
					switch {
					case built(r):
						key = consumer.ResultKey(obj, i)
					case g.m.Is(g.c, r):
						return "" // the consumer returned other than as built
					}
				}
			}
		}
	}
	return key
}

// callers returns, for a client ev builds only to return it from an
// exported function, the received clients of that result when there are
// several (one per package calling the function): each is a client of
// its own. Nil otherwise.
func callers(ev *Evidence, byEntry map[string][]*Evidence) []*Evidence {
	if ev.Fresh == "" || len(ev.Flows) != 1 || ev.Flows[0] != ev.Fresh {
		return nil
	}
	var rs []*Evidence
	for _, r := range byEntry[ev.Flows[0]] {
		if r.Client == ev.Client {
			rs = append(rs, r)
		}
	}
	if len(rs) < 2 {
		return nil
	}
	return rs
}

// clone returns a copy of ev that absorb can add to without changing ev.
func (ev *Evidence) clone() *Evidence {
	c := *ev
	c.Fetches, c.Calls, c.Revokes, c.Launches = slices.Clip(ev.Fetches), slices.Clip(ev.Calls), slices.Clip(ev.Revokes), slices.Clip(ev.Launches)
	c.Handed, c.Txn, c.PollSkips, c.OnSomePaths = slices.Clip(ev.Handed), slices.Clip(ev.Txn), slices.Clip(ev.PollSkips), slices.Clip(ev.OnSomePaths)
	c.Topics, c.Extent, c.Obtained = slices.Clip(ev.Topics), slices.Clip(ev.Extent), slices.Clip(ev.Obtained)
	return &c
}

// absorb adds what a received client's code does to the consumer that is
// handed to it. The configuration stays the consumer's.
func (ev *Evidence) absorb(r *Evidence) {
	ev.Fetches = append(ev.Fetches, r.Fetches...)
	slices.Sort(ev.Fetches)
	ev.Fetches = slices.Compact(ev.Fetches)
	ev.Calls = append(ev.Calls, r.Calls...)
	ev.Revokes = append(ev.Revokes, r.Revokes...)
	ev.Launches = append(ev.Launches, r.Launches...)
	ev.Handed = append(ev.Handed, r.Handed...)
	ev.Handler = ev.Handler || r.Handler
	ev.Closes = ev.Closes || r.Closes // (the wiring's defer c.Close(): trial 40b/D1)
	ev.Txn = append(ev.Txn, r.Txn...)
	ev.Transactional = ev.Transactional || r.Transactional
	if ev.WrittenBy == "" {
		ev.WrittenBy = r.WrittenBy
	}
	ev.WritesVia = ev.WritesVia || r.WritesVia
	if ev.Sink == nil || r.Sink != nil && r.Sink.WithEffect && !ev.Sink.WithEffect {
		if r.Sink != nil {
			ev.Sink = r.Sink
		}
	}
	ev.Unbound = ev.Unbound || r.Unbound
	ev.Untied = ev.Untied || r.Untied
	if ev.SentAway.Line == 0 {
		ev.SentAway, ev.SentTo, ev.QueuedBy = r.SentAway, r.SentTo, r.QueuedBy
	}
	if ev.PollDrop == nil {
		ev.PollDrop = r.PollDrop
	}
	ev.PollSkips = append(ev.PollSkips, r.PollSkips...)
	if ev.pollPending == nil {
		ev.pollPending = r.pollPending
	}
	ev.ForeignCalls = append(ev.ForeignCalls, r.ForeignCalls...)
	ev.Pkgs = append(ev.Pkgs, r.Pkgs...)
	if ev.PollSkipAt == nil {
		ev.PollSkipAt = r.PollSkipAt
	}
	if ev.AfterTxn.Pos.Line == 0 {
		ev.AfterTxn = r.AfterTxn
	}
	if ev.Restore == nil {
		ev.Restore = r.Restore
	}
	if ev.Positioned.Line == 0 {
		ev.Positioned, ev.PositionedBy = r.Positioned, r.PositionedBy
	}
	ev.MemberCommits = ev.MemberCommits || r.MemberCommits
	ev.OnSomePaths = append(ev.OnSomePaths, r.OnSomePaths...)
	ev.SharedFetch = ev.SharedFetch || r.SharedFetch
	if ev.JoinsCaller == "" {
		ev.JoinsCaller = r.JoinsCaller
	}
	if ev.PollLeaves == "" {
		// An adapter of a third package returning each poll to a loop
		// that the analysis does not tie to it (review 36-2/D10: the
		// row said at-least-once, concurrency none).
		ev.PollLeaves = r.PollLeaves
	}
	ev.GroupCommits = ev.GroupCommits || r.GroupCommits
	if ev.Interface == "" {
		ev.Interface = r.Interface
	}
	if ev.Buffered.Where == "" {
		ev.Buffered = r.Buffered
	}
	for _, t := range r.Topics {
		if !slices.Contains(ev.Topics, t) {
			ev.Topics = append(ev.Topics, t)
		}
	}
	slices.Sort(ev.Topics)
	ev.Extent = append(ev.Extent, r.Extent...)
	ev.Obtained = append(ev.Obtained, r.Pos)
}

// shortPath drops the directories of every package path in a full name,
// type arguments' too: "(*example.com/svc/ingest.Service).Run" →
// "(*ingest.Service).Run", "(*sync/atomic.Pointer[github.com/twmb/
// franz-go/pkg/kgo.Client]).Load" → "(*atomic.Pointer[kgo.Client]).Load".
func shortPath(name string) string {
	return pkgDirs.ReplaceAllString(name, "")
}

// pkgDirs matches the directories of a package path in a name: runs of
// path characters each ended by a slash.
var pkgDirs = regexp.MustCompile(`(?:[\w.~-]+/)+`)

// describeEntry says, for a reason, where a received client comes from.
func describeEntry(key string) string {
	switch {
	case strings.HasPrefix(key, "param:"):
		name, idx, _ := strings.Cut(strings.TrimPrefix(key, "param:"), "#")
		return fmt.Sprintf("argument %s of %s", idx, shortPath(name))
	case strings.HasPrefix(key, "field:"):
		return "field " + shortPath(strings.TrimPrefix(key, "field:"))
	case strings.HasPrefix(key, "result:"):
		name, idx, _ := strings.Cut(strings.TrimPrefix(key, "result:"), "#")
		return fmt.Sprintf("result %s of %s", idx, shortPath(name))
	}
	return key
}

// entryOrigin says where the configuration of a client received through
// entry key comes from.
func entryOrigin(key string) string {
	switch {
	case strings.HasPrefix(key, "field:"):
		return "the code that sets that field"
	case strings.HasPrefix(key, "result:"):
		return "that function"
	}
	return "that function's caller"
}

// resolveConfigs completes the configuration of each consumer whose
// configuration comes from a parameter of an exported function with what
// the analyzed packages pass for it: the settings every caller gives
// alike are known (the consumer's own settings on top), the others stay
// unknown.
func resolveConfigs(evs []*Evidence) {
	passed := map[string][]consumer.PassedConfig{}
	for _, ev := range evs {
		for _, p := range ev.Configs {
			passed[p.Key] = append(passed[p.Key], p)
		}
	}
	for _, ev := range evs {
		if ev.config == nil {
			continue
		}
		for _, pk := range ev.config.Params {
			// A knob set to a parameter (CommitInterval: every): what
			// every caller passes for it, when they agree (audit
			// 34e/D7).
			ps := passed[pk.Key]
			var on *bool
			for _, p := range ps {
				v, ok := p.Settings.Set[pk.Setting]
				if !ok || p.Client != ev.Client || on != nil && *on != v.On {
					on = nil
					break
				}
				on = &v.On
			}
			if on != nil && !ev.config.Cond[pk.Setting] {
				ev.Settings[pk.Setting] = map[bool]Tri{true: On, false: Off}[*on]
			}
		}
		if !ev.config.Opaque || ev.config.OriginKey == "" {
			continue
		}
		ps := passed[ev.config.OriginKey]
		if len(ps) == 0 || slices.ContainsFunc(ps, func(p consumer.PassedConfig) bool { return p.Client != ev.Client }) {
			continue
		}
		rows := make([]*Evidence, len(ps))
		for i, p := range ps {
			rows[i] = &Evidence{Client: ev.Client}
			rows[i].settingsFrom(consumer.Overlay(p.Settings, ev.config))
		}
		merged := rows[0]
		fn, _, _ := strings.Cut(ev.config.Origin, "'s caller")
		for _, o := range rows[1:] {
			for k, v := range merged.Settings {
				if o.Settings[k] != v {
					delete(merged.Settings, k)
					if merged.From == nil {
						merged.From = map[clientmodel.Setting]string{}
					}
					merged.From[k] = "the configuration " + fn + "'s callers pass, which differs between them"
				}
			}
			merged.Branch = append(merged.Branch, o.Branch...)
		}
		ev.Settings, ev.Branch, ev.From = merged.Settings, merged.Branch, merged.From
		if !slices.ContainsFunc(ps, func(p consumer.PassedConfig) bool { return p.Settings.Opaque }) {
			ev.ConfigOrigin = ""
		}
		ev.revokeFrom(ps, fn)
	}
}

// revokeFrom adds to ev, whose options its callers pass (ps, to fn), the
// revoke callback those options register, when the consumer's own code
// registers none: a helper of another package returning
// OnPartitionsRevoked(commit) among them (trial 40b/D11: "revoke: not
// needed", at-least-once, for a callback committing every polled record
// at a shutdown that left a poll half processed; 275 of 300 lost).
func (ev *Evidence) revokeFrom(ps []consumer.PassedConfig, fn string) {
	if len(ev.Revokes) > 0 {
		return
	}
	hook := ps[0].Settings.Revoke
	polled, cond := ps[0].Settings.RevokePolled, ps[0].Settings.RevokeCond
	for _, p := range ps[1:] {
		if p.Settings.Revoke != hook {
			hook, cond = consumer.RevokeUnknown, true
		}
		polled = polled && p.Settings.RevokePolled
		cond = cond || p.Settings.RevokeCond
	}
	if hook == consumer.RevokeNone {
		return
	}
	ev.Revokes = append(ev.Revokes, &Revoke{Pos: ev.Pos, HandlesRevoke: true, Cond: cond,
		Commits: hook == consumer.RevokeCommits, Polled: hook == consumer.RevokeCommits && polled, Unknown: hook == consumer.RevokeUnknown,
		Elsewhere: "among the options " + fn + "'s callers pass"})
}
