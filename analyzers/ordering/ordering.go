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

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

//go:embed doc.go
var doc string

// CategoryCommitBefore is the category of every ordering finding.
const CategoryCommitBefore = "commit-before-process"

// DefaultIgnore are the packages whose calls do not count as processing a
// record: logging, metrics, tracing, string formatting and conversion.
var DefaultIgnore = []string{
	"fmt", "log", "log/slog", "strings", "strconv", "bytes", "errors", "time", "context",
	"sync", "sync/atomic", "unicode/utf8", "expvar", "math",
	"go.uber.org/zap", "github.com/sirupsen/logrus", "github.com/rs/zerolog",
	"github.com/go-logr/logr", "github.com/prometheus/client_golang",
	"go.opentelemetry.io/otel", "github.com/DataDog/dd-trace-go",
}

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
		Requires:  []*analysis.Analyzer{consumer.Analyzer},
		FactTypes: []analysis.Fact{new(commitsParam), new(doesNotProcess)},
	}
	ignore := a.Flags.String("ignore", strings.Join(cfg.Ignore, ","),
		"comma-separated package paths (or prefixes ending in /...) whose calls are not processing, in addition to logging, metrics and formatting")
	a.Run = func(pass *analysis.Pass) (any, error) {
		m := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return nil, nil
		}
		c := newChecker(pass, m, *ignore)
		c.run()
		return nil, nil
	}
	return report.HonourIgnores(a)
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
	// sites memoises processingSites.
	sites map[siteKey][]ssa.Instruction
}

type siteKey struct {
	fn     *ssa.Function
	origin ssa.Value
}

type procKey struct {
	fn *ssa.Function
	i  int
}

func newChecker(pass *analysis.Pass, m *consumer.Model, ignore string) *checker {
	c := &checker{
		pass:      pass,
		m:         m,
		flow:      m.Flow,
		ignore:    append([]string(nil), DefaultIgnore...),
		helpers:   map[*ssa.Function]*commitsParam{},
		processes: map[procKey]bool{},
		sites:     map[siteKey][]ssa.Instruction{},
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
	var positions []*position
	for _, call := range c.m.Calls {
		ci, ok := call.Instr.(*ssa.Call)
		if !ok {
			continue // defer and go run later or elsewhere
		}
		var arg ssa.Value
		if call.Record >= 0 {
			arg = consumer.Arg(ci.Common(), call.Record)
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
				arg := consumer.Arg(ci.Common(), f.Param)
				ref, _ := clientmodel.Default.CallByName(f.Func)
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
	for _, p := range positions {
		report.Guard(c.pass, p.instr.Pos(), func() { c.check(p) })
	}
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
			}
		}
	case clientmodel.Mark, clientmodel.Store:
		// A mark or store is committed by the timer at any moment, unless
		// auto-commit is known to be off (then a later explicit commit
		// decides, which this analyzer checks instead).
		if isOff(clientmodel.AutoCommit) {
			return nil
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

// check reports p if it dominates the processing of its record.
func (c *checker) check(p *position) {
	origins := c.origins(p)
	for _, o := range origins {
		sites := c.processingSites(p.fn, o)
		for _, site := range sites {
			if site == ssa.Instruction(p.instr) || !dominates(p.instr, site) {
				continue
			}
			if def, ok := o.(ssa.Instruction); ok && def.Parent() == p.fn && !reachesAvoiding(p.instr, site, def) {
				continue // site sees a later record from the same fetch
			}
			c.report(p, site)
			return
		}
	}
}

// origins returns the record values p writes the position of: what its
// argument is derived from, or the polls of the consumer before p.
func (c *checker) origins(p *position) []ssa.Value {
	if p.marked {
		var out []ssa.Value
		for _, m := range c.marksBefore(p) {
			arg := consumer.Arg(m.Instr.Common(), m.Record)
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
			if ci, ok := call.Instr.(*ssa.Call); ok && dominates(ci, p.instr) {
				out = append(out, ci)
			}
		}
		return out
	}
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > 12 {
			return
		}
		seen[v] = true
		if c.isRecordish(v.Type()) {
			out = append(out, v)
		}
		if isElement(v) && clientmodel.Default.Record(v.Type()) != nil {
			// A single record taken from a batch: its position is its
			// own, not the batch's or the poll's (CommitRecords(ctx,
			// rs[0]) commits nothing after rs[0]).
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
			if ref, ok := clientmodel.Default.Call(consumer.Callee(x.Common())); ok && ref.Role == clientmodel.Fetch {
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
			// stored into it.
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
				}
			}
		}
	}
	walk(p.arg, 0)
	return out
}

// isFetch reports whether v is a call of a modelled fetch.
func isFetch(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	ref, ok := clientmodel.Default.Call(consumer.Callee(call.Common()))
	return ok && ref.Role == clientmodel.Fetch
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
		if ci, ok := call.Instr.(*ssa.Call); ok && dominates(ci, p.instr) {
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

// processingSites returns the instructions of fn that process values
// derived from origin: calls (other than client calls and ignored
// packages) and go statements taking a derived value, and calls passing a
// closure that processes a derived value. A deferred call is not one: it
// runs when the function returns, not where it is written, so no move of
// a commit could put it after it.
func (c *checker) processingSites(fn *ssa.Function, origin ssa.Value) []ssa.Instruction {
	key := siteKey{fn, origin}
	if sites, ok := c.sites[key]; ok {
		return sites
	}
	tainted := c.taint(origin)
	var sites []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, isDefer := instr.(*ssa.Defer); isDefer {
				continue
			}
			if c.processes_(instr, tainted, 0) {
				sites = append(sites, instr)
			}
		}
	}
	c.sites[key] = sites
	return sites
}

// taint returns origin and the values derived from it: fields, elements,
// loads, results of calls that take a derived value, what such calls write
// through pointer arguments (a decoded struct), closure parameters of
// calls on derived values (EachRecord), captured variables.
func (c *checker) taint(origin ssa.Value) map[ssa.Value]bool {
	tainted := map[ssa.Value]bool{}
	var work []ssa.Value
	add := func(v ssa.Value) {
		if v != nil && !tainted[v] {
			tainted[v] = true
			work = append(work, v)
		}
	}
	add(origin)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch r := ref.(type) {
			case ssa.CallInstruction:
				cc := r.Common()
				if cv, ok := r.(ssa.Value); ok {
					add(cv)
				}
				recv := consumer.Recv(cc)
				for _, a := range cc.Args {
					if a == recv {
						continue
					}
					// Results written through pointers to local
					// variables: json.Unmarshal(v, &ev).
					if mi, ok := a.(*ssa.MakeInterface); ok {
						a = mi.X
					}
					if al, ok := a.(*ssa.Alloc); ok && a != v {
						add(al)
					}
					if mc, ok := a.(*ssa.MakeClosure); ok {
						for _, p := range mc.Fn.(*ssa.Function).Params {
							add(p)
						}
					}
				}
				// A value handed to a method of an object this function
				// created (a transaction, a batch, a buffered writer) is
				// part of that object's effect: tx.Exec(ctx, q, msg.Value)
				// then tx.Commit(ctx).
				if recv != nil && recv != v && c.carriesEffect(cc, recv) {
					add(recv)
				}
			case *ssa.MakeClosure:
				for i, bnd := range r.Bindings {
					if bnd == v {
						add(r.Fn.(*ssa.Function).FreeVars[i])
					}
				}
			case *ssa.Store:
				if r.Val == v {
					if al := localAggregate(r.Addr); al != nil {
						add(al)
					}
				}
			case *ssa.Range, *ssa.Next:
				add(r.(ssa.Value))
			case *ssa.Extract:
				// The error a fetch returns beside its record carries
				// nothing of the record.
				if isFetch(v) && !c.isRecordish(r.Type()) {
					continue
				}
				add(r)
			case ssa.Value:
				add(r)
			}
		}
	}
	return tainted
}

// localAggregate returns the local variable, array or struct a store to
// addr writes into, or nil: addr itself, or an element or field of a
// varargs or literal array ([]any{m.Key, m.Value}), or of a struct that
// does not escape (var ev event; ev.ID = ...). A field of a heap object (a
// handler) is not one: tainting the whole object would make every later
// use of it processing.
func localAggregate(addr ssa.Value) *ssa.Alloc {
	if al, ok := addr.(*ssa.Alloc); ok {
		return al
	}
	for {
		switch a := addr.(type) {
		case *ssa.IndexAddr:
			addr = a.X
			continue
		case *ssa.FieldAddr:
			addr = a.X
			continue
		case *ssa.Alloc:
			if _, isArray := deref(a.Type()).Underlying().(*types.Array); isArray || !a.Heap {
				return a
			}
		}
		return nil
	}
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// carriesEffect reports whether recv, the receiver of call cc, takes the
// effect of a value passed to it: it is the result of a call in this
// function (pool.Begin, NewBatch), not a parameter, global or field, and
// neither cc nor the call that made recv is a client or ignored call.
func (c *checker) carriesEffect(cc *ssa.CallCommon, recv ssa.Value) bool {
	if fn := consumer.Callee(cc); fn == nil || c.ignored(fn) || c.isClient(fn) {
		return false
	}
	if ex, ok := recv.(*ssa.Extract); ok {
		recv = ex.Tuple
	}
	mk, ok := recv.(*ssa.Call)
	if !ok {
		return false
	}
	fn := consumer.Callee(mk.Common())
	return fn != nil && !c.ignored(fn) && !c.isClient(fn)
}

// isClient reports whether fn belongs to a modelled client package.
func (c *checker) isClient(fn *types.Func) bool {
	return fn.Pkg() != nil && clientmodel.Default.IsClientPath(fn.Pkg().Path())
}

// processes_ reports whether instr processes a tainted value.
func (c *checker) processes_(instr ssa.Instruction, tainted map[ssa.Value]bool, depth int) bool {
	ci, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	cc := ci.Common()
	if _, isBuiltin := cc.Value.(*ssa.Builtin); isBuiltin {
		return false
	}
	callee := consumer.Callee(cc)
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	// The tainted arguments, as indices into args.
	var hits []int
	for i, a := range args {
		if tainted[a] {
			hits = append(hits, i)
		}
	}
	// A closure passed to a call on a tainted receiver (EachRecord) that
	// processes its tainted parameter.
	for _, a := range cc.Args {
		if mc, ok := a.(*ssa.MakeClosure); ok && len(hits) > 0 && depth < 3 {
			if c.funcProcesses(mc.Fn.(*ssa.Function), tainted, depth+1) {
				return true
			}
		}
	}
	if mc, ok := cc.Value.(*ssa.MakeClosure); ok && depth < 3 {
		// A directly called or go'd closure capturing a tainted value.
		if c.funcProcesses(mc.Fn.(*ssa.Function), tainted, depth+1) {
			return true
		}
	}
	if len(hits) == 0 {
		return false
	}
	if callee != nil && c.ignored(callee) {
		return false
	}
	if callee != nil && c.isClient(callee) {
		return false // a client call (a commit, a record method)
	}
	if sc := cc.StaticCallee(); sc != nil && c.flow.InPackage(sc) && !cc.IsInvoke() {
		if depth >= 3 {
			return true
		}
		// An in-package helper: it processes if its body does.
		for _, hit := range hits {
			if c.paramProcessed(sc, hit, depth+1) {
				return true
			}
		}
		return false
	}
	if callee != nil && callee.Pkg() != c.pass.Pkg {
		// A function of another package that says which of its record
		// parameters it only passes on (to a commit, a log).
		var f doesNotProcess
		if c.pass.ImportObjectFact(callee, &f) {
			recv := 0
			if sig, ok := callee.Type().(*types.Signature); ok && sig.Recv() != nil {
				recv = 1
			}
			for _, hit := range hits {
				if !slices.Contains(f.Params, hit-recv) {
					return true
				}
			}
			return false
		}
	}
	return true
}

// funcProcesses reports whether a closure processes tainted values (its
// parameters and free variables are tainted by the caller).
func (c *checker) funcProcesses(fn *ssa.Function, tainted map[ssa.Value]bool, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c.processes_(instr, tainted, depth) {
				return true
			}
		}
	}
	return false
}

// paramProcessed reports whether fn processes its parameter i.
func (c *checker) paramProcessed(fn *ssa.Function, i, depth int) bool {
	key := procKey{fn, i}
	if v, ok := c.processes[key]; ok {
		return v
	}
	c.processes[key] = true // assume yes inside cycles
	res := false
	if i < len(fn.Params) {
		res = c.funcProcesses(fn, c.taint(fn.Params[i]), depth)
	}
	c.processes[key] = res
	return res
}

// ignored reports whether calls of fn are not processing.
func (c *checker) ignored(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return true
	}
	path := fn.Pkg().Path()
	for _, p := range c.ignore {
		if strings.HasSuffix(p, "/...") {
			if strings.HasPrefix(path, strings.TrimSuffix(p, "...")) || path == strings.TrimSuffix(p, "/...") {
				return true
			}
			continue
		}
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	// Methods named like logging on any type (a project's own logger).
	switch fn.Name() {
	case "Print", "Printf", "Println", "Debug", "Debugf", "Info", "Infof", "Warn", "Warnf", "Error", "Errorf",
		"Debugw", "Infow", "Warnw", "Errorw", "Log", "Logf", "String":
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
			return true
		}
	}
	return false
}

// dominates reports whether a executes before b on every path to b.
func dominates(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return false
	}
	ab, bb := a.Block(), b.Block()
	if ab == bb {
		for _, instr := range ab.Instrs {
			if instr == a {
				return true
			}
			if instr == b {
				return false
			}
		}
		return false
	}
	return ab.Dominates(bb)
}

// reachesAvoiding reports whether to is reachable from from without
// executing avoid.
func reachesAvoiding(from, to, avoid ssa.Instruction) bool {
	if from.Block() == to.Block() {
		after := false
		for _, instr := range from.Block().Instrs {
			if instr == from {
				after = true
			} else if instr == avoid && after {
				return false
			} else if instr == to && after {
				return true
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), from.Block().Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			if instr == to {
				return true
			}
			if instr == avoid {
				goto next
			}
		}
		stack = append(stack, b.Succs...)
	next:
	}
	return false
}

// summarise computes which in-package functions write the position of a
// parameter (iterating to a fixed point for helpers calling helpers) and
// exports facts for them.
func (c *checker) summarise() {
	for changed := true; changed; {
		changed = false
		for _, fn := range c.m.SSA.SrcFuncs {
			if c.helpers[fn] != nil || len(fn.Params) == 0 {
				continue
			}
			if f := c.summary(fn); f != nil {
				c.helpers[fn] = f
				changed = true
			}
		}
	}
	for fn, f := range c.helpers {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && obj.Exported() {
			c.pass.ExportObjectFact(obj, f)
		}
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		skip := 0
		if fn.Signature.Recv() != nil {
			skip = 1
		}
		var f doesNotProcess
		for i := skip; i < len(fn.Params); i++ {
			if c.isRecordish(fn.Params[i].Type()) && !c.paramProcessed(fn, i, 0) {
				f.Params = append(f.Params, i-skip)
			}
		}
		if len(f.Params) > 0 {
			c.pass.ExportObjectFact(obj, &f)
		}
	}
}

// summary returns the fact for fn if a position call in it writes the
// position of one of its parameters.
func (c *checker) summary(fn *ssa.Function) *commitsParam {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var arg ssa.Value
			var name string
			if ref, ok := clientmodel.Default.Call(consumer.Callee(ci.Common())); ok &&
				(ref.Role == clientmodel.Commit || ref.Role == clientmodel.Mark || ref.Role == clientmodel.Store) && ref.Record >= 0 {
				arg, name = consumer.Arg(ci.Common(), ref.Record), ref.Func
			} else if f := c.helperFact(ci); f != nil {
				arg, name = consumer.Arg(ci.Common(), f.Param), f.Func
			}
			if arg == nil {
				continue
			}
			if !onEveryReturn(ci) {
				continue // a commit on some paths only (behind a flag)
			}
			// Param counts the signature's parameters, as consumer.Arg
			// does: the receiver of a method is not one.
			skip := 0
			if fn.Signature.Recv() != nil {
				skip = 1
			}
			for _, o := range c.origins(&position{arg: arg, fn: fn}) {
				for i, p := range fn.Params {
					if o == p && i >= skip && c.isRecordish(p.Type()) {
						return &commitsParam{Param: i - skip, Func: name}
					}
				}
			}
		}
	}
	return nil
}

// onEveryReturn reports whether instr runs on every path that returns
// from its function.
func onEveryReturn(instr ssa.Instruction) bool {
	returns := 0
	for _, b := range instr.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			returns++
			if !dominates(instr, ret) {
				return false
			}
		}
	}
	return returns > 0
}

// helperFact returns the commitsParam summary of the function ci calls.
func (c *checker) helperFact(ci *ssa.Call) *commitsParam {
	cc := ci.Common()
	if cc.IsInvoke() {
		return nil
	}
	if sc := cc.StaticCallee(); sc != nil && c.flow.InPackage(sc) {
		return c.helpers[sc]
	}
	callee := consumer.Callee(cc)
	if callee == nil || callee.Pkg() == c.pass.Pkg {
		return nil
	}
	var f commitsParam
	if c.pass.ImportObjectFact(callee, &f) {
		return &f
	}
	return nil
}

func (c *checker) report(p *position, site ssa.Instruction) {
	client := clientmodel.ShortName(p.client.Func)
	name := client
	if fn := consumer.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	if p.helper {
		name += " (" + client + ")"
	}
	noun := recordNoun(p.client.Client)
	subject, object := "the "+noun+" is", "the "+noun
	if c.isBatch(p) {
		subject, object = "the "+noun+"s are", "the "+noun+"s"
	}
	var msg string
	related := []analysis.RelatedInformation{{Pos: site.Pos(), Message: noun + " processed here"}}
	switch {
	case p.marked:
		marks := c.marksBefore(p)
		what := "marked"
		if marks[0].Role == clientmodel.Store {
			what = "stored"
		}
		msg = fmt.Sprintf("call to %s before %s processed: it commits the offset %s by %s above, so a crash between them loses %s (at-most-once)",
			name, subject, what, clientmodel.ShortName(marks[0].Func), object)
		related = append(related, analysis.RelatedInformation{Pos: marks[0].Pos(), Message: "offset " + what + " here"})
	case p.client.Role == clientmodel.Mark:
		msg = fmt.Sprintf("call to %s before %s processed: with auto-commit on, a crash between them loses %s (at-most-once)", name, subject, object)
	case p.client.Role == clientmodel.Store:
		msg = fmt.Sprintf("call to %s before %s processed: the auto-commit timer may commit the stored offset at any moment, so a crash between them loses %s (at-most-once)", name, subject, object)
	case p.client.Scope == clientmodel.ScopePolled:
		msg = fmt.Sprintf("call to %s before the polled %ss are processed: it commits everything polled, this batch included, so a crash between them loses the batch (at-most-once)", name, noun)
	case p.client.Scope == clientmodel.ScopeMarked:
		msg = fmt.Sprintf("call to %s before %s processed: with enable.auto.offset.store on it commits the offsets of %ss already handed out, so a crash between them loses %s (at-most-once)", name, subject, noun, object)
	default:
		msg = fmt.Sprintf("call to %s before %s processed: a crash between them loses %s (at-most-once)", name, subject, object)
	}
	fix, ok := c.moveAfter(p, site)
	if !ok {
		return
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:            p.instr.Pos(),
		Category:       CategoryCommitBefore,
		Message:        msg,
		Related:        related,
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}

// recordNoun is what a client's documentation calls a record: sarama,
// kafka-go and confluent-kafka-go hand out messages, franz-go records.
func recordNoun(cl *clientmodel.Client) string {
	for _, r := range cl.Records {
		if strings.HasSuffix(r, "Message") {
			return "message"
		}
	}
	return "record"
}

// isBatch reports whether p writes the positions of a batch: its record
// argument is a slice passed with ..., or a slice of records.
func (c *checker) isBatch(p *position) bool {
	if p.arg == nil {
		return false
	}
	call, _ := edit.CallAt(c.pass, p.instr.Pos())
	if call != nil && call.Ellipsis.IsValid() {
		return true
	}
	if _, isSlice := p.arg.Type().Underlying().(*types.Slice); isSlice && call != nil && !call.Ellipsis.IsValid() {
		// A variadic call with single records: not a batch.
		if sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature); ok && sig.Variadic() {
			return false
		}
		return c.isRecordish(p.arg.Type())
	}
	return false
}

// moveAfter builds the fix: move the statement making the position call
// (with the error check right after it) after the last statement of the
// same list that processes the record.
func (c *checker) moveAfter(p *position, site ssa.Instruction) (analysis.SuggestedFix, bool) {
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	if path == nil {
		return analysis.SuggestedFix{}, false
	}
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	if idx < 0 {
		return analysis.SuggestedFix{}, false
	}
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(c.pass, stmt) {
		last = idx + 1 // keep the error handling with the call
	}
	// The last statement of the list that processes the record.
	target := -1
	for i := last + 1; i < len(list); i++ {
		if c.containsProcessing(list[i], p) {
			target = i
		}
	}
	if target < 0 {
		return analysis.SuggestedFix{}, false
	}
	// After a return the commit would never run; after a go statement
	// it would still run before the processing.
	if _, isReturn := list[target].(*ast.ReturnStmt); isReturn {
		return analysis.SuggestedFix{}, false
	}
	for i := last + 1; i <= target; i++ {
		if c.startsGoroutine(list[i], p) {
			return analysis.SuggestedFix{}, false
		}
	}
	// Keep the checks of the processing's outcome before the commit:
	// `if indexErr != nil { return indexErr }` after an EachRecord.
	for target+1 < len(list) && isNilCheck(list[target+1]) {
		target++
	}
	// The moved statements may not define anything the statements they
	// move past use.
	for i := idx; i <= last; i++ {
		if c.definesUsedIn(list[i], list[last+1:target+1]) {
			return analysis.SuggestedFix{}, false
		}
	}
	tf := c.pass.Fset.File(stmt.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.SuggestedFix{}, false
	}
	// Cut whole lines [start of stmt's line, end of last moved stmt's line].
	start := tf.LineStart(tf.Line(list[idx].Pos()))
	endOff := tf.Offset(list[last].End())
	for endOff < len(content) && content[endOff] != '\n' {
		endOff++
	}
	if endOff < len(content) {
		endOff++
	}
	moved := string(content[tf.Offset(start):endOff])
	insertOff := tf.Offset(list[target].End())
	for insertOff < len(content) && content[insertOff] != '\n' {
		insertOff++
	}
	if insertOff < len(content) {
		insertOff++
	}
	name := "commit"
	if fn := consumer.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Move %s after the %s is processed", name, recordNoun(p.client.Client)),
		TextEdits: []analysis.TextEdit{
			{Pos: start, End: tf.Pos(endOff)},
			{Pos: tf.Pos(insertOff), End: tf.Pos(insertOff), NewText: []byte(moved)},
		},
	}, true
}

func indexOf(list []ast.Stmt, s ast.Stmt) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// isErrCheckOf reports whether s is `if err != nil { ... }`.
func isErrCheckOf(s ast.Stmt) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil {
		return false
	}
	be, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "err" && y.Name == "nil"
}

// isNilCheck reports whether s is `if x != nil { ... }` with no else.
func isNilCheck(s ast.Stmt) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil {
		return false
	}
	be, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	_, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && y.Name == "nil"
}

// definesErr reports whether s assigns a variable named err.
func definesErr(pass *analysis.Pass, s ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok {
		return false
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == "err" {
			return true
		}
	}
	return false
}

// definesUsedIn reports whether s declares or assigns a variable that a
// statement of later uses.
func (c *checker) definesUsedIn(s ast.Stmt, later []ast.Stmt) bool {
	objs := map[types.Object]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil {
						objs[obj] = true
					}
				}
			}
		}
		return true
	})
	if len(objs) == 0 {
		return false
	}
	used := false
	for _, l := range later {
		ast.Inspect(l, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && objs[c.pass.TypesInfo.Uses[id]] {
				// A later `x, err := ...` redeclaring err is a use of
				// a new err only if it defines it; Uses means the old one.
				used = true
			}
			return !used
		})
	}
	return used
}

// containsProcessing reports whether s contains a call processing p's record.
func (c *checker) containsProcessing(s ast.Stmt, p *position) bool {
	return len(c.sitesIn(s, p)) > 0
}

// startsGoroutine reports whether s processes p's record in a go statement.
func (c *checker) startsGoroutine(s ast.Stmt, p *position) bool {
	for _, site := range c.sitesIn(s, p) {
		if _, ok := site.(*ssa.Go); ok {
			return true
		}
	}
	return false
}

// sitesIn returns the instructions of s that process p's record.
func (c *checker) sitesIn(s ast.Stmt, p *position) []ssa.Instruction {
	var out []ssa.Instruction
	for _, o := range c.origins(p) {
		for _, site := range c.processingSites(p.fn, o) {
			if s.Pos() <= site.Pos() && site.Pos() < s.End() {
				out = append(out, site)
			}
		}
	}
	return out
}
