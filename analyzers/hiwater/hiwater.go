package hiwater

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

//go:embed doc.go
var doc string

// Categories of findings; each is a heading of the README.
const (
	// CategoryConcurrent: a position call made for a record processed
	// concurrently with lower offsets of its partition.
	CategoryConcurrent = string(category.Concurrent)
	// CategoryMax: a committed maximum of concurrently completed offsets.
	CategoryMax = string(category.Max)
	// CategoryArrival: a collector committing concurrent completions in
	// the order they arrive.
	CategoryArrival = string(category.Arrival)
)

// Config is the analyzer's configuration. It has no options yet; it exists
// so that analyzers.Config can carry it like every other analyzer's.
type Config struct{}

// Analyzer is the hiwater analyzer with its default configuration.
var Analyzer = New(Config{})

// New returns a hiwater analyzer for cfg.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "hiwater",
		Doc:       report.Doc(doc, "hiwater"),
		URL:       report.URL,
		Requires:  []*analysis.Analyzer{consumer.Analyzer, noreturn.Analyzer},
		FactTypes: []analysis.Fact{new(startsPool), new(fetchesAndCommits), new(runsPool)},
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		// A pool of any package may be given a consumer's records by a
		// package importing it (poolfuncs.go): its fact reads the syntax.
		exportRunsPool(pass)
		m := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return nil, nil
		}
		newChecker(pass, m).run()
		return nil, nil
	}
	return report.HonourIgnores(a)
}

type checker struct {
	pass *analysis.Pass
	m    *consumer.Model
	ix   *clientmodel.Index
	// launches are the functions started concurrently, by function.
	launches map[*ssa.Function][]*launch
	// closures are the MakeClosure instructions of each function literal.
	closures map[*ssa.Function][]*ssa.MakeClosure
	// callbackFns are functions without free variables passed as call
	// arguments.
	callbackFns map[*ssa.Function]bool
	sends       []*ssa.Send
	selects     []*ssa.Select
	maxes       []*maxUpdate
	concMemo    map[concKey]*site
	reachMemo   map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
	// rootsMemo and genericStores: roots through fields of generic types
	// (generics.go).
	rootsMemo     map[ssa.Value][]ssa.Value
	genericStores map[*types.Var][]*ssa.Store
	// localPools are the runsPool facts of the package's functions, and
	// reported the position calls run() reported (poolfuncs.go).
	localPools map[*types.Func]*runsPool
	reported   map[*consumer.Call]bool
}

func newChecker(pass *analysis.Pass, m *consumer.Model) *checker {
	c := &checker{
		pass:        pass,
		m:           m,
		ix:          clientmodel.Default,
		launches:    map[*ssa.Function][]*launch{},
		closures:    map[*ssa.Function][]*ssa.MakeClosure{},
		callbackFns: map[*ssa.Function]bool{},
		concMemo:    map[concKey]*site{},
		reachMemo:   map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{},
		rootsMemo:   map[ssa.Value][]ssa.Value{},
	}
	for _, fn := range m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				c.index(in)
			}
		}
	}
	return c
}

// index records launches (go statements, and calls of errgroup's Go or of
// another spawner: ssaflow.Started), closures, function values passed as
// arguments and channel sends.
func (c *checker) index(in ssa.Instruction) {
	switch x := in.(type) {
	case *ssa.MakeClosure:
		if fn, ok := x.Fn.(*ssa.Function); ok {
			c.closures[fn] = append(c.closures[fn], x)
		}
	case *ssa.Send:
		c.sends = append(c.sends, x)
	case *ssa.Select:
		c.selects = append(c.selects, x)
	case *ssa.Go:
		if x.Call.IsInvoke() {
			return
		}
		l := &launch{instr: x, args: x.Call.Args}
		switch v := x.Call.Value.(type) {
		case *ssa.MakeClosure:
			l.mc = v
			l.fn, _ = v.Fn.(*ssa.Function)
		case *ssa.Function:
			l.fn = ssaflow.Body(v) // an instance of a generic function or method: its body
		case *ssa.Parameter:
			// A function value given to the spawner (go f(msg)): each
			// function literal or function of the package passed for it.
			c.indexParamLaunch(x, v)
			return
		}
		if l.fn != nil && c.m.Flow.InPackage(l.fn) {
			if l.args == nil {
				l.args = []ssa.Value{}
			}
			c.launches[l.fn] = append(c.launches[l.fn], l)
		}
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if fn, ok := a.(*ssa.Function); ok {
				c.callbackFns[ssaflow.Body(fn)] = true
			}
		}
		started := c.m.Flow.Started(x)
		if started == nil {
			return
		}
		// An errgroup's Go (its limit and Wait matter), or another
		// spawner's call: the function it is given runs in a goroutine of
		// its own, started at this call.
		l := &launch{instr: x}
		if callee := ssaflow.Callee(x.Common()); callee != nil && (callee.Name() == "Go" || callee.Name() == "TryGo") && ssaflow.IsErrgroup(callee) {
			l.group, l.recv = true, x.Call.Args[0]
		}
		switch v := started.(type) {
		case *ssa.MakeClosure:
			l.mc = v
			l.fn, _ = v.Fn.(*ssa.Function)
		case *ssa.Function:
			l.fn = ssaflow.Body(v)
		}
		if l.fn != nil && c.m.Flow.InPackage(l.fn) {
			c.launches[l.fn] = append(c.launches[l.fn], l)
		}
	}
}

// indexParamLaunch records the launches of a go statement starting a
// function-typed parameter p: the function literals and functions of the
// package passed for p by the spawner's static callers.
func (c *checker) indexParamLaunch(g *ssa.Go, p *ssa.Parameter) {
	idx := paramIndex(p.Parent(), p)
	if idx < 0 {
		return
	}
	for _, cs := range c.m.Flow.Callers(p.Parent()) {
		args := cs.Common().Args
		if cs.Common().IsInvoke() || idx >= len(args) || ssaflow.Spawned(cs) == args[idx] {
			continue // a spawner's call: indexed as the launch itself
		}
		l := &launch{instr: g, args: g.Call.Args}
		switch v := args[idx].(type) {
		case *ssa.MakeClosure:
			l.mc = v
			l.fn, _ = v.Fn.(*ssa.Function)
		case *ssa.Function:
			l.fn = ssaflow.Body(v)
		}
		if l.fn != nil && c.m.Flow.InPackage(l.fn) {
			if l.args == nil {
				l.args = []ssa.Value{}
			}
			c.launches[l.fn] = append(c.launches[l.fn], l)
		}
	}
}

func (c *checker) isRecord(t types.Type) bool { return c.ix.Record(t) != nil }

// isBatch reports whether v is a slice of records: a poll's batch.
func (c *checker) isBatch(v ssa.Value) bool {
	s, ok := v.Type().Underlying().(*types.Slice)
	return ok && c.isRecord(s.Elem()) && !isLiteral(v)
}

// finding is one diagnosed position call.
type finding struct {
	call     *consumer.Call
	category string
	site     *site
	// related: where the concurrency starts, the maximum, the sends.
	related []analysis.RelatedInformation
	// assumed is the setting the finding assumes, where the consumer's
	// configuration is not visible, or "".
	assumed string
	// batch: the position written is a batch's (a goroutine per poll).
	batch bool
}

func (c *checker) run() {
	var fs []*finding
	for _, call := range c.m.Calls {
		report.Guard(c.pass, call.Pos(), func() {
			if f := c.classify(call); f != nil {
				fs = append(fs, f)
			}
		})
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].call.Pos() < fs[j].call.Pos() })
	// One diagnostic per concurrency site: the fix of a site (removing the
	// go statement, a single worker) makes all of its position calls
	// sequential, so the first call reports and the others are related.
	// Fixes that move one call (after a join) would conflict if two were
	// made for one site (both adding a WaitGroup); the second call is
	// reported once the first fix is applied.
	bySite := map[ssa.CallInstruction]*analysis.Diagnostic{}
	var out []*analysis.Diagnostic
	for _, f := range fs {
		if d := bySite[f.site.l.instr]; d != nil {
			d.Related = append(d.Related, analysis.RelatedInformation{
				Pos:     f.call.Pos(),
				Message: clientmodel.ShortName(f.call.Func) + " from the same concurrent processing",
			})
			continue
		}
		report.Guard(c.pass, f.call.Pos(), func() {
			// Where every fallback failed (fix.go, fallback.go) the finding
			// is reported without a fix, saying why (doc.go's "Reported
			// without a fix"): the bug is classified, only its fix is hard.
			fix, ok := c.fix(f)
			var fixes []analysis.SuggestedFix
			if ok {
				fixes = []analysis.SuggestedFix{fix}
			}
			d := c.diagnostic(f, fixes)
			bySite[f.site.l.instr] = &d
			out = append(out, &d)
		})
	}
	c.reported = map[*consumer.Call]bool{}
	for _, f := range fs {
		c.reported[f.call] = true
	}
	for _, d := range out {
		report.Report(c.pass, *d)
	}
	c.checkCallbacks()
	c.checkDeliveries()
	c.crossPackagePools()
	c.poolFuncs()
}

// positional reports whether call writes the position of a record it is
// given, with an order that can pass others (a commit, mark or store of
// one record): the calls hiwater judges.
func positional(call *consumer.Call) bool {
	switch call.Role {
	case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
		return call.Record >= 0 && call.Order != clientmodel.OrderNone
	}
	return false
}

// positionCall returns a positional call made directly (not deferred)
// whose needed setting may hold, and the setting the finding then assumes.
func (c *checker) positionCall(call *consumer.Call) (ci *ssa.Call, assumed string, ok bool) {
	if !positional(call) {
		return nil, "", false
	}
	assumed, effective := c.settingAssumed(call)
	if !effective {
		return nil, "", false
	}
	ci, ok = call.Instr.(*ssa.Call)
	return ci, assumed, ok
}

// classify returns the finding for a position call, or nil.
func (c *checker) classify(call *consumer.Call) *finding {
	if !positional(call) {
		return nil
	}
	ci, assumed, ok := c.madeOrDeferred(call)
	if !ok {
		return nil
	}
	f := c.classifyPosition(call, ci)
	if f != nil {
		f.assumed = assumed
	}
	return f
}

// madeOrDeferred returns call's instruction when it is made or deferred
// (defer sess.MarkMessage(m, "") in a goroutine runs when it returns) and
// the setting it needs may hold, with the setting the finding assumes.
func (c *checker) madeOrDeferred(call *consumer.Call) (ssa.CallInstruction, string, bool) {
	var ci ssa.CallInstruction
	switch x := call.Instr.(type) {
	case *ssa.Call:
		ci = x
	case *ssa.Defer:
		ci = x
	default:
		return nil, "", false
	}
	assumed, effective := c.settingAssumed(call)
	return ci, assumed, effective
}

// settingAssumed reports whether the position call takes effect under
// the consumer's settings, and the setting it assumes where those are not
// visible. A call that is a no-op with the consumer's settings (marks
// without AutoCommitMarks, stores with auto-store on) is autocommit's
// finding. Where the settings are not visible (a client built elsewhere),
// the call itself says what the author meant: the setting that makes it
// work. The message says so.
func (c *checker) settingAssumed(call *consumer.Call) (assumed string, effective bool) {
	if call.NeedsSetting == "" {
		return "", true
	}
	on, known := false, false
	if call.Consumer != nil {
		on, known = call.Consumer.Settings.Get(call.Client, call.NeedsSetting)
	}
	if known && on != call.NeedsValue {
		return "", false
	}
	if !known {
		assumed = fmt.Sprintf("%s, as calling %s implies", call.Client.Holding(call.NeedsSetting, call.NeedsValue), clientmodel.ShortName(call.Func))
	}
	return assumed, true
}

// classifyPosition returns the finding for a position call whose settings
// make it effective, or nil.
func (c *checker) classifyPosition(call *consumer.Call, ci ssa.CallInstruction) *finding {
	arg := ssaflow.Arg(ci.Common(), call.Record)
	if arg == nil {
		return nil
	}
	lv := c.leavesOf(arg)
	// The record's own position, from concurrent processing.
	for _, v := range lv.any() {
		if s := c.conc(call.Fn, v, 0); s != nil {
			if s.kind == perRecord && call.Fn == s.l.fn && c.waitsBefore(call) {
				return nil
			}
			return &finding{call: call, category: CategoryConcurrent, site: s, batch: c.isBatch(arg) && len(lv.recs) == 0,
				related: []analysis.RelatedInformation{c.siteRelated(s)}}
		}
	}
	// A record fetched by goroutines sharing one consumer.
	if f := c.sharedFetcher(call, ci, lv); f != nil {
		return f
	}
	// A record of a batch handed to a goroutine started for each poll.
	for _, r := range lv.recs {
		b := ssaflow.ElemOf(r)
		if b == nil || !c.isBatch(b) {
			continue
		}
		if s := c.conc(call.Fn, b, 0); s != nil && s.kind == perRecord && !s.l.group {
			return &finding{call: call, category: CategoryConcurrent, site: s, batch: true,
				related: []analysis.RelatedInformation{c.siteRelated(s)}}
		}
	}
	// Completions received in arrival order.
	for _, v := range lv.any() {
		if f := c.arrival(call, v); f != nil {
			return f
		}
	}
	// Records looked up by keys received in completion order.
	if f := c.keyedArrival(call, arg); f != nil {
		return f
	}
	// A maximum of concurrently completed offsets, unless the position is
	// the least of it and the offsets a collection holds (a tracker's
	// min(maxDone+1, every offset in flight)): what that collection holds
	// decides, which is not this check's to judge.
	if !lv.minRanged {
		for _, ld := range lv.loads {
			if f := c.maximum(call, ld); f != nil {
				return f
			}
		}
	}
	return nil
}

// waitsBefore reports whether the goroutine waits for its siblings before
// the position call: a receive, on every path to the call, from a channel
// of the kind the goroutine itself closes or sends to (an ordered hand-off
// chain: <-prev; mark; close(mine)), or a sync.Cond wait that may run
// before it (for lowest() < off { cond.Wait() }). Such goroutines commit
// in offset order. A semaphore (a channel the loop sends to) is not a wait
// for the siblings.
func (c *checker) waitsBefore(call *consumer.Call) bool {
	own := c.sentChans(call.Fn)
	for _, b := range call.Fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW && ssaflow.Intersects(c.roots(x.X), own) && ssaflow.Dominates(in, call.Instr) {
					return true
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.RecvOnly && ssaflow.Intersects(c.roots(st.Chan), own) && ssaflow.Dominates(in, call.Instr) {
						return true
					}
				}
			case *ssa.Call:
				fn := ssaflow.Callee(x.Common())
				if ssaflow.IsCondWait(fn) && reaches(in, func(y ssa.Instruction) bool { return y == call.Instr }, func(ssa.Instruction) bool { return false }) {
					return true
				}
			}
		}
	}
	return false
}

func (c *checker) siteRelated(s *site) analysis.RelatedInformation {
	msg := "goroutine started for each record here"
	switch {
	case s.kind == pool && s.fetch.IsValid():
		msg = "goroutines fetching from one consumer started here"
	case s.kind == pool:
		msg = "workers sharing one channel started here"
	case s.kind == lanes:
		return analysis.RelatedInformation{Pos: s.send, Message: "records of a partition spread over lanes here, each with its own worker"}
	case s.l.group:
		msg = "errgroup function started for each record here"
	}
	return analysis.RelatedInformation{Pos: s.l.instr.Pos(), Message: msg}
}

// arrival returns an arrival-order finding when v was received from a
// channel that concurrent processing sends completed records to, by a
// single receiver.
func (c *checker) arrival(call *consumer.Call, v ssa.Value) *finding {
	s, send := c.completed(call.Fn, v)
	if s == nil {
		return nil
	}
	return &finding{call: call, category: CategoryArrival, site: s,
		related: []analysis.RelatedInformation{
			{Pos: send, Message: "completed records sent here, in completion order"},
			c.siteRelated(s),
		}}
}

// completed returns the concurrent processing whose completed records v,
// received in fn, comes from (a function other than fn sending them on
// the channel v was received from), and that send; nil if none.
func (c *checker) completed(fn *ssa.Function, v ssa.Value) (*site, token.Pos) {
	kind, ch := c.origin(fn, v)
	if kind != originRecv {
		return nil, token.NoPos
	}
	roots := c.roots(ch)
	for _, send := range c.chanSends() {
		if send.fn == fn || !ssaflow.Intersects(c.roots(send.ch), roots) && !c.sameAddr(send.ch, ch) {
			continue
		}
		for _, r := range c.leavesOf(send.x).recs {
			if s := c.conc(send.fn, r, 0); s != nil {
				return s, send.pos
			}
		}
	}
	return nil, token.NoPos
}

// chanSend is a channel send: a send statement, or a send case of a
// select (select { case results <- r: case <-ctx.Done(): return }).
type chanSend struct {
	ch, x ssa.Value
	pos   token.Pos
	fn    *ssa.Function
}

// chanSends returns the package's channel sends, select cases included.
func (c *checker) chanSends() []chanSend {
	out := make([]chanSend, 0, len(c.sends))
	for _, s := range c.sends {
		out = append(out, chanSend{s.Chan, s.X, s.Pos(), s.Parent()})
	}
	for _, sel := range c.selects {
		for _, st := range sel.States {
			if st.Dir == types.SendOnly {
				out = append(out, chanSend{st.Chan, st.Send, st.Pos, sel.Parent()})
			}
		}
	}
	return out
}

// maximum returns a max-offset finding when the position is read from a
// variable that concurrent processing keeps the maximum offset in, while
// that processing may still run.
func (c *checker) maximum(call *consumer.Call, ld ssa.Value) *finding {
	for _, u := range c.maxUpdates() {
		isMap := false
		if _, ok := u.at.(*ssa.MapUpdate); ok {
			isMap = true
		}
		if isMap != isMapValue(ld) || !c.sameAddr(ld, u.addr) {
			continue
		}
		filter := c.sameObject(ld, u)
		for _, r := range u.recs {
			s := c.conc1(u.fn, r, 0, filter)
			if s == nil {
				// Kept by one collector of the completions, which
				// come in completion order.
				s, _ = c.completed(u.fn, r)
			}
			if s == nil || !c.runsWith(call, s, u) {
				continue
			}
			return &finding{call: call, category: CategoryMax, site: s,
				related: []analysis.RelatedInformation{
					{Pos: u.at.Pos(), Message: "maximum of completed offsets kept here"},
					c.siteRelated(s),
				}}
		}
	}
	return nil
}

// sameObject returns, when the maximum is kept in a field of a parameter
// of the updating function (a method's receiver), a filter on the calls of
// that function: only those passing an object the position may be read
// from count. Two values of one tracker type, one updated concurrently and
// one sequentially, are then told apart.
func (c *checker) sameObject(ld ssa.Value, u *maxUpdate) func([]ssa.Value) bool {
	base := func(a ssa.Value) ssa.Value {
		if l, ok := a.(*ssa.UnOp); ok && l.Op == token.MUL {
			a = l.X // a map held in a field
		}
		if fa, ok := a.(*ssa.FieldAddr); ok {
			return fa.X
		}
		return nil
	}
	pb, ub := base(ld), base(u.addr)
	if pb == nil || ub == nil {
		return nil
	}
	if l, ok := ub.(*ssa.UnOp); ok && l.Op == token.MUL {
		ub = l.X
	}
	p, ok := ub.(*ssa.Parameter)
	if !ok || p.Parent() != u.fn {
		return nil
	}
	idx := paramIndex(u.fn, p)
	roots := c.roots(pb)
	return func(args []ssa.Value) bool {
		return idx < len(args) && ssaflow.Intersects(c.roots(args[idx]), roots)
	}
}

func isMapValue(v ssa.Value) bool {
	_, ok := v.Type().Underlying().(*types.Map)
	return ok
}

// runsWith reports whether the position call may run while the
// concurrent processing of site s (which updates the maximum in u) still
// runs: it is made by the updating function itself, by a function started
// as a goroutine (a ticker), or by the spawner before it waits.
func (c *checker) runsWith(call *consumer.Call, s *site, u *maxUpdate) bool {
	if call.Fn == u.fn {
		return true
	}
	// Made by the spawner, or in a function it calls (a flush on each
	// tick of its loop), before it waits.
	made := func(in ssa.Instruction) bool {
		if in == call.Instr {
			return true
		}
		cl, ok := in.(*ssa.Call)
		if !ok || call.Fn == s.spawner() {
			return false
		}
		set := map[*ssa.Function]bool{}
		c.m.Flow.Reach(cl.Common().StaticCallee(), set)
		return set[call.Fn]
	}
	if reaches(s.l.instr, made, func(in ssa.Instruction) bool {
		ci, ok := in.(ssa.CallInstruction)
		return ok && c.isWait(ci.Common())
	}) {
		return true
	}
	return call.Fn != s.spawner() && c.launched(call.Fn, 0)
}

// launched reports whether fn runs in a goroutine of its own: it is
// started with go, or called (statically, in the package) by such a
// function.
func (c *checker) launched(fn *ssa.Function, depth int) bool {
	if depth > ssaflow.MaxCallDepth {
		return false
	}
	if len(c.launches[fn]) > 0 {
		return true
	}
	for _, cs := range c.m.Flow.Callers(fn) {
		if c.launched(cs.Parent(), depth+1) {
			return true
		}
	}
	return false
}

// ---- messages ----

// diagnostic is the finding f's diagnostic; without fixes, its message
// says why none is offered (noFixReason).
func (c *checker) diagnostic(f *finding, fixes []analysis.SuggestedFix) analysis.Diagnostic {
	call := f.call
	name := clientmodel.ShortName(call.Func)
	client := call.Client.Name
	role := roleWord(call.Role)
	var msg string
	switch f.category {
	case CategoryConcurrent:
		where := "a per-record goroutine"
		switch {
		case f.site.kind == pool && f.site.fetch.IsValid():
			where = "goroutines fetching from one consumer"
		case f.site.kind == pool:
			where = "a pool of workers"
		case f.site.kind == lanes:
			where = "workers of lanes not chosen by partition"
		case f.site.l.group:
			where = "a per-record errgroup function"
		}
		units := "records"
		if f.batch && f.site.kind == perRecord && !f.site.l.group {
			where, units = "a goroutine started for each batch", "batches"
		}
		msg = fmt.Sprintf("call to %s from %s: %s of a partition finish out of order and %s", name, where, units, consequence(call, client, role))
	case CategoryArrival:
		msg = fmt.Sprintf("completions passed to %s in arrival order: concurrent processing finishes records of a partition out of order and %s", name, consequence(call, client, role))
	case CategoryMax:
		how := fmt.Sprintf("%s %ss are forward-only (a lower %s cannot undo it)", client, role, role)
		if call.Order != clientmodel.ForwardOnly {
			how = fmt.Sprintf("%s %ss it as given (last write wins)", client, role)
		}
		msg = fmt.Sprintf("highest completed offset passed to %s: records of a partition finish out of order, so the maximum runs ahead of records still in flight, and %s: a crash loses them (at-most-once)",
			name, how)
	}
	if f.assumed != "" {
		msg += "; this assumes " + f.assumed + " (the configuration is not visible here)"
	}
	if len(fixes) == 0 {
		msg += "; " + c.noFixReason(f)
	}
	return analysis.Diagnostic{
		Pos:            call.Pos(),
		Category:       f.category,
		Message:        msg,
		Related:        f.related,
		SuggestedFixes: fixes,
	}
}

// noFixReason says why a finding of run() has no fix: every fix and
// fallback of its site failed (doc.go's "Reported without a fix").
func (c *checker) noFixReason(f *finding) string {
	switch {
	case f.site.kind == pool && c.fedConcurrently(f.site):
		return "no automatic fix: several goroutines feed the pool's channel, so even one worker would take the records out of the partition's order; have the workers write a low-water mark (the offset below which every record is done)"
	case f.site.kind == pool:
		return "no automatic fix: the pool cannot be cut to one worker here; have the workers write a low-water mark (the offset below which every record is done)"
	case f.site.kind == lanes:
		return "no automatic fix: the lanes cannot be chosen by partition here; send each partition to one lane"
	case f.site.l.group:
		return "no automatic fix: the group's functions cannot be run one at a time here; write a low-water mark (the offset below which every record is done)"
	case f.category == CategoryArrival:
		return "no automatic fix: the goroutines can neither run in place nor be waited for here, and no low-water mark can be written in this call's place; write one (the offset below which every record is done)"
	}
	return "no automatic fix: the goroutine can neither run in place nor be waited for here, and no low-water mark can be written in this call's place; write one (the offset below which every record is done)"
}

// consequence says what the client does with positions written out of
// order, by its ordering semantics.
func consequence(call *consumer.Call, client, role string) string {
	if call.Order == clientmodel.ForwardOnly {
		return fmt.Sprintf("%s %ss are forward-only, so a higher offset is %s while lower ones are still in flight and their own %ss are dropped: a crash loses them (at-most-once)",
			client, role, pastTense(role), role)
	}
	return fmt.Sprintf("%s %ss are last-write-wins, so the %s offset moves back when a lower record finishes (replays after a restart) and past records still in flight: a crash loses them (at-most-once)",
		client, role, pastTense(role))
}

func roleWord(r clientmodel.Role) string {
	switch r {
	case clientmodel.Mark:
		return "mark"
	case clientmodel.Store:
		return "store"
	}
	return "commit"
}

func pastTense(role string) string {
	switch role {
	case "mark":
		return "marked"
	case "store":
		return "stored"
	}
	return "committed"
}
