package ordering

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
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
		FactTypes: []analysis.Fact{new(commitsParam)},
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
	return a
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
}

type checker struct {
	pass   *analysis.Pass
	m      *consumer.Model
	ignore []string
	// helper summaries: in-package functions that write the position of a
	// parameter.
	helpers map[*ssa.Function]*commitsParam
	// processes memoises whether a function processes its parameter i.
	processes map[procKey]bool
}

type procKey struct {
	fn *ssa.Function
	i  int
}

func newChecker(pass *analysis.Pass, m *consumer.Model, ignore string) *checker {
	c := &checker{
		pass:      pass,
		m:         m,
		ignore:    append([]string(nil), DefaultIgnore...),
		helpers:   map[*ssa.Function]*commitsParam{},
		processes: map[procKey]bool{},
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
		if p := c.positionOf(call, ci); p != nil {
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
				if arg != nil && ref.Call != nil {
					positions = append(positions, &position{instr: ci, fn: fn, client: ref, arg: arg})
				}
			}
		}
	}
	for _, p := range positions {
		c.check(p)
	}
}

// positionOf returns the position write a modelled call makes, or nil if it
// cannot lose a record when made before processing, given the consumer's
// settings.
func (c *checker) positionOf(call *consumer.Call, ci *ssa.Call) *position {
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
			if call.Record < 0 {
				return nil
			}
			p.arg = consumer.Arg(ci.Common(), call.Record)
		case clientmodel.ScopePolled:
			// Commits everything polled, this poll included.
		case clientmodel.ScopeMarked:
			// Commits what was stored: with auto-store on that is every
			// message handed out so far.
			if !isOn(clientmodel.AutoStore) {
				return nil
			}
		}
	case clientmodel.Mark, clientmodel.Store:
		// A mark or store is committed by the timer at any moment, unless
		// auto-commit is known to be off (then a later explicit commit
		// decides, which this analyzer checks instead).
		if isOff(clientmodel.AutoCommit) {
			return nil
		}
		p.arg = consumer.Arg(ci.Common(), call.Record)
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
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				for _, r := range c.m.Flow.Loaded(x.X) {
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
// closure that processes a derived value.
func (c *checker) processingSites(fn *ssa.Function, origin ssa.Value) []ssa.Instruction {
	tainted := c.taint(origin)
	var sites []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c.processes_(instr, tainted, 0) {
				sites = append(sites, instr)
			}
		}
	}
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
				for _, a := range cc.Args {
					// Results written through pointers: json.Unmarshal(v, &ev).
					if _, isPtr := a.Type().Underlying().(*types.Pointer); isPtr && a != v {
						for _, root := range c.m.Flow.Roots(a) {
							if al, ok := root.(*ssa.Alloc); ok {
								add(al)
							}
						}
					}
					if mc, ok := a.(*ssa.MakeClosure); ok {
						for _, p := range mc.Fn.(*ssa.Function).Params {
							add(p)
						}
					}
				}
			case *ssa.MakeClosure:
				for i, bnd := range r.Bindings {
					if bnd == v {
						add(r.Fn.(*ssa.Function).FreeVars[i])
					}
				}
			case *ssa.Store:
				if r.Val == v {
					if al, ok := r.Addr.(*ssa.Alloc); ok {
						add(al)
					}
				}
			case *ssa.Range, *ssa.Next:
				add(r.(ssa.Value))
			case ssa.Value:
				add(r)
			}
		}
	}
	return tainted
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
	hit := -1
	for i, a := range args {
		if tainted[a] {
			hit = i
			break
		}
	}
	// A closure passed to a call on a tainted receiver (EachRecord) that
	// processes its tainted parameter.
	for _, a := range cc.Args {
		if mc, ok := a.(*ssa.MakeClosure); ok && hit >= 0 && depth < 3 {
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
	if hit < 0 {
		return false
	}
	if callee != nil && c.ignored(callee) {
		return false
	}
	if callee != nil && callee.Pkg() != nil && clientmodel.Default.IsClientPath(callee.Pkg().Path()) {
		return false // a client call (a commit, a record method)
	}
	if sc := cc.StaticCallee(); sc != nil && c.m.Flow.InPackage(sc) && !cc.IsInvoke() && depth < 3 {
		// An in-package helper: it processes if its body does.
		return c.paramProcessed(sc, hit, depth+1)
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
		if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
			c.pass.ExportObjectFact(obj, f)
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
			for _, o := range c.origins(&position{arg: arg, fn: fn}) {
				for i, p := range fn.Params {
					if o == p && c.isRecordish(p.Type()) {
						return &commitsParam{Param: i, Func: name}
					}
				}
			}
		}
	}
	return nil
}

// helperFact returns the commitsParam summary of the function ci calls.
func (c *checker) helperFact(ci *ssa.Call) *commitsParam {
	cc := ci.Common()
	if cc.IsInvoke() {
		return nil
	}
	if sc := cc.StaticCallee(); sc != nil && c.m.Flow.InPackage(sc) {
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
	name := clientmodel.ShortName(p.client.Func)
	if cc := p.instr.Common(); consumer.Callee(cc) != nil {
		name = consumer.Callee(cc).Name()
	}
	var msg string
	switch {
	case p.client.Role == clientmodel.Mark:
		msg = fmt.Sprintf("%s before the record is processed: with auto-commit on, a crash between them loses the record (at-most-once)", name)
	case p.client.Role == clientmodel.Store:
		msg = fmt.Sprintf("%s before the message is processed: the auto-commit timer may commit it at any moment, so a crash between them loses the message (at-most-once)", name)
	case p.client.Scope == clientmodel.ScopePolled:
		msg = fmt.Sprintf("%s before the polled records are processed: it commits everything polled, this batch included, so a crash between them loses the batch (at-most-once)", name)
	case p.client.Scope == clientmodel.ScopeMarked:
		msg = fmt.Sprintf("%s before the message is processed: with enable.auto.offset.store on it commits the offsets of messages already handed out, so a crash between them loses the message (at-most-once)", name)
	default:
		msg = fmt.Sprintf("%s before the record is processed: a crash between them loses the record (at-most-once)", name)
	}
	msg = lowerFirstWord(msg)
	fix, ok := c.moveAfter(p, site)
	if !ok {
		return
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:            p.instr.Pos(),
		Category:       CategoryCommitBefore,
		Message:        msg,
		Related:        []analysis.RelatedInformation{{Pos: site.Pos(), Message: "record processed here"}},
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}

// lowerFirstWord prefixes a message that starts with an exported
// identifier with "call to", so that messages start in lower case.
func lowerFirstWord(msg string) string {
	if msg != "" && strings.ToUpper(msg[:1]) == msg[:1] {
		return "call to " + msg
	}
	return msg
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
		Message: fmt.Sprintf("Move %s after the record is processed", name),
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
	found := false
	for _, o := range c.origins(p) {
		for _, site := range c.processingSites(p.fn, o) {
			if s.Pos() <= site.Pos() && site.Pos() < s.End() {
				found = true
			}
		}
	}
	return found
}
