package ordering

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/observe"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

//go:embed doc.go
var doc string

// CategoryCommitBefore is the category of every ordering finding.
const CategoryCommitBefore = string(category.CommitBefore)

// DefaultIgnore are the packages whose calls do not count as processing a
// record: logging, metrics, tracing, string formatting and conversion.
var DefaultIgnore = append([]string{
	"fmt", "log", "log/slog", "strings", "strconv", "bytes", "errors", "time", "context",
	"sync", "sync/atomic", "unicode/utf8", "expvar", "math",
}, observe.Packages...)

// Config is the analyzer's configuration.
type Config struct {
	// Ignore are extra package paths (or path prefixes ending in "/...")
	// whose calls do not count as processing.
	Ignore []string
}

// Analyzer is the ordering analyzer with its default configuration.
var Analyzer = New(Config{})

// New returns an ordering analyzer for cfg.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "ordering",
		Doc:       report.Doc(doc, "ordering"),
		URL:       report.URL,
		Requires:  []*analysis.Analyzer{consumer.Analyzer, handsoff.Analyzer},
		FactTypes: []analysis.Fact{new(commitsParam), new(doesNotProcess), new(returnsCommitted), new(commitsAfterHandler), new(handsToPort), new(queueingResult), new(producesAsync), new(flushesProducer), new(returnsFetched)},
	}
	ignore := a.Flags.String("ignore", strings.Join(cfg.Ignore, ","),
		"comma-separated package paths (or prefixes ending in /...) whose calls are not processing, in addition to logging, metrics and formatting")
	a.Run = func(pass *analysis.Pass) (any, error) {
		ho := pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)
		exportQueueingResults(pass, ho)
		m := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return &Result{}, nil
		}
		c := newChecker(pass, m, ho, *ignore)
		c.run()
		return &c.result, nil
	}
	return report.HonourIgnores(a)
}

// Result is what the analysis knows beyond its findings, for the report
// (report.Own gives it to the analyzers requiring this one).
type Result struct {
	// OnSomePaths are the position calls made on some paths only before
	// their record is processed on every path (a mark behind a setting,
	// `if !markAfter { mark }`): not reported, as the operator chooses
	// that path, but no evidence of at-least-once either.
	OnSomePaths []SomePaths
}

// SomePaths is a position call made on some paths before its record is
// processed (Result.OnSomePaths).
type SomePaths struct {
	Call, Site token.Pos // the position call and the processing
	Name       string    // the call's name: "MarkMessage"
}

// commitsParam is the fact of a function that writes the position of the
// record it is given as parameter Param (on some path), through the client
// call Func.
type commitsParam struct {
	Param int
	Func  string
}

func (*commitsParam) AFact() {}
func (f *commitsParam) String() string {
	return fmt.Sprintf("commitsParam(%d, %s)", f.Param, clientmodel.ShortName(f.Func))
}

// doesNotProcess is the fact of an exported function that takes records
// and does not process the ones at Params (signature indices, receiver
// excluded): it only commits, marks, logs or drops them. Without it a call
// of another package's function with a record counts as processing.
type doesNotProcess struct {
	Params []int
}

func (*doesNotProcess) AFact() {}
func (f *doesNotProcess) String() string {
	return fmt.Sprintf("doesNotProcess%v", f.Params)
}

// position is a call that writes a record's position: a client call, or a
// call of a helper that makes one.
type position struct {
	instr  *ssa.Call
	fn     *ssa.Function
	client clientmodel.CallRef
	// arg is the value whose position is written, or nil for calls that
	// commit everything polled (CommitUncommittedOffsets).
	arg ssa.Value
	k   *consumer.Consumer
	// helper is set when instr calls a function that makes the client
	// call client.
	helper bool
	// marked is set for a commit of what was marked or stored (sarama
	// Commit, confluent Commit with auto-store off) made while auto-commit
	// is off: it writes the positions of the marks that precede it.
	marked bool
	// row is set for an offset row write to the application's own
	// database (row.go): the position it resumes from.
	row *sqlrow.Row
	// rowExec is set when instr commits the transaction through which
	// rowExec wrote the row.
	rowExec *ssa.Call
	// nth is set for a commit every Nth record, guarded by a counter
	// (everynth.go), made before the record is processed.
	nth *nthGuard
	// committedBy is set for a mark or store made while auto-commit is
	// off: the explicit commit of the marks that writes it (sarama's
	// sess.Commit() after the claim's loop). Only a hand-off before the
	// mark is checked then: processed in place, the record is done
	// before that commit.
	committedBy *consumer.Call
	// otherClaims is set for a sarama mark made while auto-commit is
	// off in a function every claim of the session runs (ConsumeClaim),
	// whose own Commit() of the marks follows it: another claim's
	// Commit(), made at any moment, commits it too (one OffsetCommit
	// sends every claim's marks).
	otherClaims *consumer.Call
	// kept is set for a position written before its record is appended
	// to a batch the function keeps across records and processes later
	// (keptbatch.go).
	kept *keptBatch
	// closure is set when instr calls a position closure (closure.go):
	// the record is what travels with the closure.
	closure *closureCall
	// returned is set when the record is processed by the callers of
	// p's function, after it returns it (returned.go).
	returned *ssa.Return
	// somePaths is set by moveAfter when the statements after p process
	// the record on some paths only (a batch flushed when full): moved
	// after them, p would still come first on the others.
	somePaths bool
	// keptFor is set by moveAfter when the processing may keep the record
	// for later (handsoff.Result.KeptBy): why no place after it is sure.
	keptFor string
	// startedWhy is set by moveAfter when the processing is a call of a
	// function of the package that only starts goroutines for the
	// record and no wait for them could be built (helperFix).
	startedWhy string
}

// nthGuard is the if statement (or retry loop) guarding a periodic
// commit, and the statement of its list after it that processes the
// record.
type nthGuard struct {
	guard  ast.Stmt
	target ast.Stmt
	list   []ast.Stmt
	// presence is set for a guard that only checks there is something
	// to commit (last != nil, len(batch) > 0), not a threshold.
	presence bool
	// last is set when the record committed is the last of a batch
	// fetched before the guard, not the one just fetched.
	last bool
	// loop is set for a loop retrying the commit while there is
	// something to commit (for last != nil { ...; break }).
	loop bool
}

type checker struct {
	pass *analysis.Pass
	m    *consumer.Model
	// flow is the model's index, shared with the other analyzers (it
	// guards its memo: drivers run the analyzers of a package in parallel).
	flow   *ssaflow.Flow
	ignore []string
	// helper summaries: in-package functions that write the position of a
	// parameter.
	helpers map[*ssa.Function]*commitsParam
	// processes memoises whether a function processes its parameter i.
	processes map[procKey]bool
	// handlers memoises handlerHandsOff.
	handlers map[handlerKey]bool
	// sites memoises processingSites.
	sites map[siteKey][]ssa.Instruction
	// later holds the processing sites processingSites found that start
	// the work for later, other than go statements (later.go).
	later map[ssa.Instruction]*laterWork
	// movedToCallers holds the helpers whose commit a reported fix moves
	// to their callers: a call of one is not a finding of its own.
	movedToCallers map[*types.Func]bool
	// rows are the offset rows the helpers of helpers write, when they
	// write one (row.go); queries memoises rowQueries.
	rows    map[*ssa.Function]*sqlrow.Row
	queries *[]string
	// ho looks up the functions that only queue what they are given.
	ho *handsoff.Result
	// producers are the package's functions that produce a parameter
	// asynchronously (wrapproduce.go).
	producers map[*types.Func]*producesAsync
	// flushers are the package's functions that flush a producer.
	flushers map[*types.Func]bool
	// result is the analyzer's result.
	result Result
}

type siteKey struct {
	fn     *ssa.Function
	origin ssa.Value
}

type procKey struct {
	fn *ssa.Function
	i  int
}

func newChecker(pass *analysis.Pass, m *consumer.Model, ho *handsoff.Result, ignore string) *checker {
	c := &checker{
		pass:           pass,
		ho:             ho,
		m:              m,
		flow:           m.Flow,
		ignore:         append([]string(nil), DefaultIgnore...),
		helpers:        map[*ssa.Function]*commitsParam{},
		processes:      map[procKey]bool{},
		sites:          map[siteKey][]ssa.Instruction{},
		later:          map[ssa.Instruction]*laterWork{},
		movedToCallers: map[*types.Func]bool{},
		rows:           map[*ssa.Function]*sqlrow.Row{},
		handlers:       map[handlerKey]bool{},
	}
	for _, p := range strings.Split(ignore, ",") {
		if p = strings.TrimSpace(p); p != "" {
			c.ignore = append(c.ignore, p)
		}
	}
	return c
}

func (c *checker) run() {
	c.summarise()
	c.summariseProducers()
	var positions []*position
	for _, call := range c.m.Calls {
		ci, ok := call.Instr.(*ssa.Call)
		if !ok {
			continue // defer and go run later or elsewhere
		}
		var arg ssa.Value
		if call.Record >= 0 {
			arg = ssaflow.Arg(ci.Common(), call.Record)
		}
		if p := c.positionOf(call, ci, arg); p != nil {
			positions = append(positions, p)
		}
	}
	// Calls of helpers that write a parameter's position.
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				f := c.helperFact(ci)
				if f == nil {
					continue
				}
				arg := ssaflow.Arg(ci.Common(), f.Param)
				ref, _ := clientmodel.Default.CallByName(f.Func)
				if sc := ci.Common().StaticCallee(); arg != nil && ref.Call == nil && sc != nil && c.rows[sc] != nil {
					// A helper writing an offset row.
					if p := c.rowPosition(ci, arg, c.rows[sc], f.Func); p != nil {
						p.helper = true
						positions = append(positions, p)
					}
					continue
				}
				if arg == nil || ref.Call == nil {
					continue
				}
				call := &consumer.Call{CallRef: ref, Instr: ci, Fn: fn, Consumer: c.consumerOf(fn, ref.Client)}
				if p := c.positionOf(call, ci, arg); p != nil {
					p.helper = true
					positions = append(positions, p)
				}
			}
		}
	}
	positions = append(positions, c.rowWrites()...)
	// Calls of closures that write a captured record's position.
	seen := map[*ssa.Call]bool{}
	for _, p := range positions {
		for _, cp := range c.closureCalls(p) {
			if !seen[cp.instr] {
				seen[cp.instr] = true
				positions = append(positions, cp)
			}
		}
	}
	for _, p := range positions {
		report.Guard(c.pass, p.instr.Pos(), func() { c.check(p); c.exportHandlerFact(p); c.exportPortFact(p) })
	}
	c.exportFetched()
	c.checkShutdowns()
	c.checkWorkerCommits()
	c.checkCaptures()
	c.checkImportedReturns()
	c.checkImportedHandlers()
	c.checkImportedPorts()
}

// consumerOf returns the consumer of client cl that fn works for, if the
// model can tell: the consumer whose handler reaches fn, or the consumer of
// a modelled call in fn.
func (c *checker) consumerOf(fn *ssa.Function, cl *clientmodel.Client) *consumer.Consumer {
	for _, k := range c.m.Consumers {
		if k.Client != cl {
			continue
		}
		for _, h := range k.Handlers {
			if h.Reach[fn] {
				return k
			}
		}
	}
	for _, call := range c.m.Calls {
		if call.Fn == fn && call.Client == cl && call.Consumer != nil {
			return call.Consumer
		}
	}
	return nil
}

// positionOf returns the position write a modelled call makes, writing the
// position of arg (nil for calls that take none), or nil if it cannot lose
// a record when made before processing, given the consumer's settings.
func (c *checker) positionOf(call *consumer.Call, ci *ssa.Call, arg ssa.Value) *position {
	p := &position{instr: ci, fn: call.Fn, client: call.CallRef, k: call.Consumer}
	var s *consumer.Settings
	if call.Consumer != nil {
		s = call.Consumer.Settings
	}
	isOff := func(k clientmodel.Setting) bool { return s != nil && s.IsNot(call.Client, k) }
	isOn := func(k clientmodel.Setting) bool { return s != nil && s.Is(call.Client, k) }
	if call.NeedsSetting != "" {
		on, known := false, false
		if s != nil {
			on, known = s.Get(call.Client, call.NeedsSetting)
		}
		if known && on != call.NeedsValue {
			return nil // a no-op call: autocommit's business
		}
	}
	switch call.Role {
	case clientmodel.Commit:
		switch call.Scope {
		case clientmodel.ScopeArgs:
			p.arg = arg
		case clientmodel.ScopePolled:
			// Commits everything polled, this poll included.
		case clientmodel.ScopeMarked:
			// Commits what was stored: with auto-store on that is every
			// message handed out so far. Otherwise it commits the marks
			// and stores made before it; while auto-commit may be on,
			// those are reported themselves.
			if !isOn(clientmodel.AutoStore) {
				if !isOff(clientmodel.AutoCommit) {
					return nil
				}
				p.marked = true
				if marks := c.marksBefore(p); len(marks) > 0 && !slices.ContainsFunc(marks, func(m *consumer.Call) bool { return c.claimsCommitter(m) == nil }) {
					// The marks before it are reported themselves
					// (another claim's commit sends them too), and
					// their fix moves them after the processing: this
					// commit then sends none of them.
					return nil
				}
			}
		}
	case clientmodel.FetchCommit:
		// A fetch that commits the record it returns (kafka-go ReadMessage
		// on a group reader) is autocommit's read-commits-first finding,
		// whether the record is processed in place or handed on.
		return nil
	case clientmodel.Mark, clientmodel.Store:
		// A mark or store is committed by the timer at any moment, unless
		// auto-commit is known to be off (then a later explicit commit
		// decides, which this analyzer checks instead, but for a record
		// handed on before the mark: that commit does not wait for it).
		if isOff(clientmodel.AutoCommit) {
			// Every claim runs a per-claim function's commit of the
			// marks, at any moment of this one's: a processing in place
			// after the mark is checked as with auto-commit on.
			p.otherClaims = c.claimsCommitter(call)
			if p.committedBy = marksCommitter(c.m.Calls, call, ci); p.committedBy == nil && p.otherClaims == nil {
				return nil
			}
		}
		p.arg = arg
	default:
		return nil
	}
	if p.arg == nil && call.Scope == clientmodel.ScopeArgs {
		return nil
	}
	return p
}

// claimsCommitter returns, for mark made in a function every claim of a
// group session runs (perClaim), a commit of the marks of its consumer
// made in such a function (also deferred): run by the other claims
// concurrently, it sends mark's position whenever they reach it. Nil
// when there is none.
func (c *checker) claimsCommitter(mark *consumer.Call) *consumer.Call {
	h := mark.Client.Handler
	if !c.perClaim(mark.Fn, h, 0) {
		return nil
	}
	for _, call := range c.m.Calls {
		if call.Role != clientmodel.Commit || call.Scope != clientmodel.ScopeMarked || call.Client != mark.Client {
			continue
		}
		if call.Consumer != nil && mark.Consumer != nil && call.Consumer != mark.Consumer {
			continue
		}
		if c.perClaim(call.Fn, h, 0) {
			return call
		}
	}
	return nil
}

// marksCommitter returns an explicit commit of the marks or stores of
// mark's consumer (a commit of what was marked, of the same client and
// consumer) in mark's function that mark reaches (at ci) with no wait for
// work done elsewhere between them (a join of the workers), or nil.
func marksCommitter(calls []*consumer.Call, mark *consumer.Call, ci *ssa.Call) *consumer.Call {
	for _, call := range calls {
		if call.Role != clientmodel.Commit || call.Scope != clientmodel.ScopeMarked || call.Client != mark.Client || call.Fn != mark.Fn {
			continue
		}
		if call.Consumer != nil && mark.Consumer != nil && call.Consumer != mark.Consumer {
			continue
		}
		if ssaflow.ReachesStopping(ci, call.Instr, waitsForWork) {
			return call
		}
	}
	return nil
}

// waitsForWork is ssaflow.IsWait but for a receive of the next record (a range
// over sarama's claim.Messages()): that waits for the broker, not for
// the work handed on.
func waitsForWork(in ssa.Instruction) bool {
	if u, ok := in.(*ssa.UnOp); ok && u.Op == token.ARROW {
		if call, ok := u.X.(*ssa.Call); ok && (isFetch(call) || clientmodel.Default.Feed(ssaflow.Callee(call.Common()))) {
			return false
		}
	}
	return ssaflow.IsWait(in)
}

// check reports p if it dominates the processing of its record, or
// follows a hand-off of it (handoff.go).
func (c *checker) check(p *position) {
	if p.committedBy != nil && p.otherClaims == nil {
		c.checkHandOff(p)
		return
	}
	origins := c.origins(p)
	for _, o := range origins {
		sites := c.processingSites(p.fn, o)
		for _, site := range sites {
			if site == ssa.Instruction(p.instr) || onFailureOf(p.instr, site) {
				continue
			}
			if p.otherClaims != nil && !c.inPlace(site) {
				continue // a hand-off: checked below, as the marks' commit sees it
			}
			if !ssaflow.Dominates(p.instr, site) {
				def, _ := o.(ssa.Instruction)
				if k := c.keptForLater(p, o, site, def); k != nil {
					p.kept = k
					c.report(p, site)
					return
				}
				if g := c.everyNth(p, site, def); g != nil {
					p.nth = g
					c.report(p, site)
					return
				}
				if p.arg != nil && !p.helper && !p.marked && p.row == nil && p.closure == nil &&
					fromCurrent(p.arg, o, 0) && (processedAfter(p.instr, site, def) || givenRecord(p.instr, o, site)) {
					// Behind a flag (the operator's choice): no finding,
					// but the report may not call the consumer safe.
					c.result.OnSomePaths = append(c.result.OnSomePaths, SomePaths{Call: p.instr.Pos(), Site: site.Pos(), Name: clientmodel.ShortName(p.client.Func)})
				}
				continue
			}
			if def, ok := o.(ssa.Instruction); ok && def.Parent() == p.fn && !reachesAvoiding(p.instr, site, def) {
				continue // site sees a later record from the same fetch
			}
			c.report(p, site)
			return
		}
	}
	if p.otherClaims != nil {
		// What the record is handed to is checked against the commit
		// of the marks this claim makes, when there is one.
		if p.otherClaims = nil; p.committedBy == nil {
			c.checkUnflushed(p) // a batch's mark, committed by another claim's Commit
			return
		}
	}
	if c.checkReturned(p) {
		return
	}
	c.checkHandOff(p)
}

// inPlace reports whether site, a processing site, does its work where
// it is: a call, not a go statement or a call that queues work for
// later (a pool's Submit).
func (c *checker) inPlace(site ssa.Instruction) bool {
	_, isCall := site.(*ssa.Call)
	return isCall && c.later[site] == nil
}

// processedAfter reports whether the processing site can follow the
// position call at before the next record (def, the fetch or receive
// that gives it, in the same function, taken again after at) is taken:
// on some path the record whose position it writes is processed after
// it.
func processedAfter(at, site, def ssa.Instruction) bool {
	if def == nil || def.Parent() != at.Parent() || site.Parent() != at.Parent() {
		return false
	}
	// def must come again after at (the next record is taken there): a
	// variable declared before the loop (a record captured by a closure,
	// before Go 1.22) does not mark where the next record starts. In a
	// function that fetches one record per call (neither def nor at in a
	// loop of it: a per-fetch helper a loop calls), the next record is the
	// next call's.
	return ssaflow.ReachesStopping(at, site, func(x ssa.Instruction) bool { return x == def }) &&
		(ssaflow.ReachesStopping(at, def, func(ssa.Instruction) bool { return false }) ||
			!ssaflow.InLoop(def.Block()) && !ssaflow.InLoop(at.Block()))
}

// givenRecord reports whether o, the record whose position at writes, is
// a parameter of at's function (a per-record helper the loop calls:
// handleMessage(sess, msg)) whose processing site can follow at: each
// call is one record's (trial 44a/D8: `if !c.marking.After { mark }`
// before the processing, at-least-once, 1 to 3 lost under kills).
func givenRecord(at ssa.Instruction, o ssa.Value, site ssa.Instruction) bool {
	prm, ok := o.(*ssa.Parameter)
	return ok && prm.Parent() == at.Parent() && site.Parent() == at.Parent() &&
		ssaflow.ReachesStopping(at, site, func(ssa.Instruction) bool { return false })
}

// origins returns the record values p writes the position of: what its
// argument is derived from, or the polls of the consumer before p.
func (c *checker) origins(p *position) []ssa.Value {
	if p.closure != nil {
		return []ssa.Value{p.closure.origin}
	}
	if p.marked {
		var out []ssa.Value
		for _, m := range c.marksBefore(p) {
			arg := ssaflow.Arg(m.Instr.Common(), m.Record)
			out = append(out, c.origins(&position{instr: p.instr, fn: p.fn, arg: arg})...)
		}
		return out
	}
	if p.arg == nil {
		var out []ssa.Value
		for _, call := range c.m.Calls {
			if call.Role != clientmodel.Fetch || call.Fn != p.fn || call.Client != p.client.Client {
				continue
			}
			if p.k != nil && call.Consumer != nil && call.Consumer != p.k {
				continue
			}
			if ci, ok := call.Instr.(*ssa.Call); ok && (ssaflow.Dominates(ci, p.instr) || readBefore(ci, p.instr)) {
				out = append(out, ci)
			}
		}
		return out
	}
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
			return
		}
		seen[v] = true
		if c.isRecordish(v.Type()) {
			out = append(out, v)
		}
		if isElement(v) && clientmodel.Default.Record(v.Type()) != nil {
			// A single record taken from a batch: its position is its
			// own, not the batch's or the poll's (CommitRecords(ctx,
			// rs[0]) commits nothing after rs[0]). But for the last
			// of the batch (batch[len(batch)-1]): its position passes
			// the batch's records of its partition.
			// And for one taken in a loop over the batch ending before
			// p (offs = append(offs, m.TopicPartition), next =
			// m.Offset+1): its position is derived from every element.
			if s := lastOfBatch(v); s != nil {
				walk(s, depth+1)
			} else if s := rangedBatch(v, p.instr); s != nil {
				walk(s, depth+1)
			}
			return
		}
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				for _, r := range c.flow.Loaded(x.X) {
					walk(r, depth+1)
				}
			}
			walk(x.X, depth+1)
		case *ssa.Field:
			walk(x.X, depth+1)
		case *ssa.FieldAddr:
			walk(x.X, depth+1)
		case *ssa.Index:
			walk(x.X, depth+1)
		case *ssa.IndexAddr:
			walk(x.X, depth+1)
		case *ssa.Slice:
			walk(x.X, depth+1)
		case *ssa.MakeInterface:
			walk(x.X, depth+1)
		case *ssa.ChangeType:
			walk(x.X, depth+1)
		case *ssa.Convert:
			walk(x.X, depth+1)
		case *ssa.BinOp:
			walk(x.X, depth+1)
			walk(x.Y, depth+1)
		case *ssa.Extract:
			walk(x.Tuple, depth+1)
		case *ssa.Call:
			if ref, ok := clientmodel.Default.Call(ssaflow.Callee(x.Common())); ok && ref.Role == clientmodel.Fetch || c.fetchedBy(x) {
				out = append(out, x)
				return
			}
			for _, a := range x.Call.Args {
				walk(a, depth+1)
			}
			if x.Call.IsInvoke() {
				walk(x.Call.Value, depth+1)
			}
		case *ssa.Alloc:
			// A literal built for the call (a []TopicPartition): what is
			// stored into it, and what its methods add to it
			// (offsets.Add(kadm.NewOffsetFromRecord(r))).
			for _, ref := range *x.Referrers() {
				switch r := ref.(type) {
				case *ssa.IndexAddr, *ssa.FieldAddr:
					for _, rr := range *r.(ssa.Value).Referrers() {
						if st, ok := rr.(*ssa.Store); ok {
							walk(st.Val, depth+1)
						}
					}
				case *ssa.Store:
					walk(r.Val, depth+1)
				case *ssa.Call:
					if ssaflow.Recv(r.Common()) == ssa.Value(x) {
						for _, a := range r.Call.Args[1:] {
							walk(a, depth+1)
						}
					}
				}
			}
		case *ssa.MakeMap:
			// A map literal of offsets (topic → partition → offset):
			// the values put into it.
			for _, ref := range *x.Referrers() {
				if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == ssa.Value(x) {
					walk(u.Value, depth+1)
				}
			}
		}
	}
	walk(p.arg, 0)
	return out
}

// readBefore reports whether fetch is made in a loop that reads a batch
// record by record before at, which is after that loop (confluent's
// ReadMessage in a loop, then Commit() of what is stored: review 39-1/D2).
func readBefore(fetch, at ssa.Instruction) bool {
	h, loop := ssaflow.InnerLoop(fetch.Block())
	return loop != nil && !loop[at.Block()] && h.Parent() == at.Parent() && h.Dominates(at.Block())
}

// sameFieldReads returns the other reads in fn of the fields the values
// of vs are read from (b.Messages, through a pointer or of a value), when
// fn writes none of those fields and gives the value holding them to no
// call but the client's: a commit of b.Messages... and a later range over
// b.Messages are of the same records.
func sameFieldReads(fn *ssa.Function, vs []ssa.Value) []ssa.Value {
	type field struct {
		x ssa.Value
		i int
	}
	fieldOf := func(v ssa.Value) (field, bool) {
		switch x := v.(type) {
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				return field{fa.X, fa.Field}, true
			}
		case *ssa.Field:
			return field{x.X, x.Field}, true
		}
		return field{}, false
	}
	want := map[field]bool{}
	for _, v := range vs {
		if f, ok := fieldOf(v); ok {
			want[f] = true
		}
	}
	if len(want) == 0 {
		return nil
	}
	bases := map[ssa.Value]bool{}
	for f := range want {
		bases[f.x] = true
	}
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if st, ok := in.(*ssa.Store); ok {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && want[field{fa.X, fa.Field}] {
					return nil // written here: a later read may be other records
				}
			}
			if call, ok := in.(ssa.CallInstruction); ok {
				cc := call.Common()
				if callee := ssaflow.Callee(cc); callee == nil || !clientmodel.Default.IsClientPath(pkgPath(callee)) {
					if slices.ContainsFunc(cc.Args, func(a ssa.Value) bool { return bases[a] }) || cc.IsInvoke() && bases[cc.Value] {
						return nil // given to a call that may refill the field (b.refill())
					}
				}
			}
			if v, ok := in.(ssa.Value); ok && !slices.Contains(vs, v) {
				if f, ok := fieldOf(v); ok && want[f] {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// pkgPath returns the path of fn's package, or "".
func pkgPath(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path()
}

// isFetch reports whether v is a call of a modelled fetch (one that
// commits on read included).
func isFetch(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	ref, ok := clientmodel.Default.Call(ssaflow.Callee(call.Common()))
	return ok && (ref.Role == clientmodel.Fetch || ref.Role == clientmodel.FetchCommit)
}

// isElement reports whether v is an element read from a slice or array:
// rs[i], or the value of a range over a slice.
func isElement(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Index:
		return true
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.IndexAddr)
		return ok && x.Op == token.MUL
	}
	return false
}

// rangedBatch returns the slice v, an element (isElement), is taken
// from in a loop over it (its index the loop's counter) that does not
// hold at: a position written at after the loop from what the loop takes
// (for _, m := range batch { offs = append(offs, m.TopicPartition) }, or
// the greatest m.Offset+1) is derived from every element, the batch's
// (fix-quality hunt 46x/D2: a commit of the batch before it is written,
// lint silent, 7 to 21 lost at a kill); nil otherwise.
func rangedBatch(v ssa.Value, at *ssa.Call) ssa.Value {
	var x, idx ssa.Value
	switch e := v.(type) {
	case *ssa.Index:
		x, idx = e.X, e.Index
	case *ssa.UnOp:
		ia := e.X.(*ssa.IndexAddr)
		x, idx = ia.X, ia.Index
	}
	// (The counter: the header's phi, or what the header adds to it,
	// as a range loop does.)
	if add, ok := idx.(*ssa.BinOp); ok && add.Op == token.ADD {
		idx = add.X
	}
	phi, ok := idx.(*ssa.Phi)
	if !ok || at == nil || at.Block() == nil { // (no call: a helper's summary)
		return nil
	}
	h, loop := ssaflow.InnerLoop(v.(ssa.Instruction).Block())
	if loop == nil || h != phi.Block() || loop[at.Block()] {
		return nil
	}
	return x
}

// marksBefore returns the marks and stores of p's consumer that precede the
// commit p on every path, in its function.
func (c *checker) marksBefore(p *position) []*consumer.Call {
	var out []*consumer.Call
	for _, call := range c.m.Calls {
		if call.Role != clientmodel.Mark && call.Role != clientmodel.Store || call.Record < 0 {
			continue
		}
		if call.Fn != p.fn || call.Client != p.client.Client {
			continue
		}
		if p.k != nil && call.Consumer != nil && call.Consumer != p.k {
			continue
		}
		if ci, ok := call.Instr.(*ssa.Call); ok && ssaflow.Dominates(ci, p.instr) {
			out = append(out, call)
		}
	}
	return out
}

// isRecordish reports whether t is a client record type or a batch of them.
func (c *checker) isRecordish(t types.Type) bool {
	ix := clientmodel.Default
	for {
		if ix.Record(t) != nil {
			return true
		}
		switch u := t.Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Pointer:
			t = u.Elem()
			continue
		}
		return false
	}
}
