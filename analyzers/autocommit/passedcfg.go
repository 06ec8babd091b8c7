package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
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

// ---- consumers built from a configuration another package passes ----

// A service package often builds its consumer from a configuration its
// caller passes: svc.NewOrders(client) with client :=
// sarama.NewClient(addrs, cfg) in main, svc.NewEvents(cfg) with cfg a
// kafka-go ReaderConfig. There the settings the checks need (auto-commit,
// auto-store, group membership) are out of sight (Settings.OriginKey), so
// no check can judge the consumer, and the package passing the
// configuration sees no consumer. The consumer's package checks it under
// each value of the settings it leaves unknown (a hypothesis: the
// parameter's configuration sets them so) and exports the findings each
// hypothesis makes (configFindings); the package passing a configuration
// for the parameter reports, at the call, the findings of the hypothesis
// its configuration makes true. Their fixes edit the consumer's package:
// they are carried when the front end has loaded its files (the
// standalone driver), and otherwise the finding says where the change
// goes (go vet analyzes one package at a time).

// configFindings is the package fact of the findings a package's
// consumers built from a parameter's configuration have under each value
// of the settings that configuration decides.
type configFindings struct {
	Hyps []configHyp
}

// configHyp is the findings of the consumer built from the configuration
// passed to parameter Key of Func when the configuration sets When.
type configHyp struct {
	Key, Func string
	When      []settingValue
	Findings  []passedFinding
	// Handed is set for the findings of a consumer handed over whole (a
	// reader received through the parameter or field Key), not built
	// from a configuration passed.
	Handed bool
}

// settingValue is a setting and its value; facts hold them in slices
// sorted by setting, as gob encodes maps in no fixed order.
type settingValue struct {
	Setting clientmodel.Setting
	On      bool
}

// sortedValues returns m's settings sorted.
func sortedValues(m map[clientmodel.Setting]bool) []settingValue {
	var out []settingValue
	for _, st := range slices.Sorted(maps.Keys(m)) {
		out = append(out, settingValue{st, m[st]})
	}
	return out
}

// valueMap returns vs as a map.
func valueMap(vs []settingValue) map[clientmodel.Setting]bool {
	m := map[clientmodel.Setting]bool{}
	for _, v := range vs {
		m[v.Setting] = v.On
	}
	return m
}

// passedFinding is a finding of the consumer's package, made portable.
type passedFinding struct {
	Category, Message string
	// Where is the finding's position in the consumer's package
	// ("svc.go:48").
	Where      string
	FixMessage string
	Edits      []edit.FileEdit
	// CallerSets are the settings the fix also gives the configuration
	// passed (confluent's auto-store off), made by the package passing it.
	CallerSets []settingValue
	// Checked is a setting under any value of which the fix holds, ""
	// if none: one the fix's code checks at run time (a kafka-go commit
	// run only when the reader is in a group), or one it does not depend
	// on (a deferred Commit of a handler's marks, as right under
	// auto-commit).
	Checked clientmodel.Setting
	// Built is where the consumer is built, as an empty edit (a portable
	// position): the finding points at it, and the report gives the
	// finding to that consumer's row. Zero for a consumer handed over.
	Built edit.FileEdit
	// Pkg is the path of the package the finding is in, when it is not
	// the one of the hypothesis' Key: a finding relayed by a package
	// that hands the consumer on (relayedHyps). Via names the function
	// or field of that package it is handed to then.
	Pkg, Via string
}

// hypothesis is the state of a check of consumer k under the settings
// when: the diagnostics go to sink, and the settings a fix gives the
// caller's configuration are kept for the next diagnostic reported
// (pending), then with it (needs, one per diagnostic of sink); so is the
// setting the fix checks at run time (guard, then guards).
type hypothesis struct {
	k       *consumer.Consumer
	when    map[clientmodel.Setting]bool
	sink    *[]analysis.Diagnostic
	pending map[clientmodel.Setting]bool
	needs   []map[clientmodel.Setting]bool
	guard   clientmodel.Setting
	guards  []clientmodel.Setting
}

// decides reports whether setting of k is one the hypothesis h sets: the
// caller's configuration decides it.
func (h *hypothesis) decides(k *consumer.Consumer, setting clientmodel.Setting) bool {
	if h == nil || h.k != k {
		return false
	}
	_, ok := h.when[setting]
	return ok
}

// took records that a diagnostic went to the sink, with the settings its
// fix gives the caller's configuration.
func (h *hypothesis) took() {
	h.needs = append(h.needs, h.pending)
	h.pending = map[clientmodel.Setting]bool{}
	h.guards = append(h.guards, h.guard)
	h.guard = ""
}

func (*configFindings) AFact() {}

func (f *configFindings) String() string {
	var parts []string
	for _, h := range f.Hyps {
		var when []string
		for _, v := range h.When {
			when = append(when, fmt.Sprintf("%s=%t", v.Setting, v.On))
		}
		var cats []string
		for _, x := range h.Findings {
			cats = append(cats, x.Category)
		}
		parts = append(parts, fmt.Sprintf("%s[%s]:%s", h.Key, strings.Join(when, ","), strings.Join(cats, ",")))
	}
	return "configFindings(" + strings.Join(parts, " ") + ")"
}

// exportConfigFindings checks each consumer built from a configuration an
// exported function's caller passes under every value of the settings it
// leaves unknown, and exports what each finds.
func (c *checker) exportConfigFindings() {
	var f configFindings
	for _, k := range c.m.Consumers {
		s := k.Settings
		if s == nil || !s.Opaque || s.OriginKey == "" {
			continue
		}
		var open []clientmodel.Setting
		for _, st := range slices.Sorted(maps.Keys(k.Client.Config.Defaults)) {
			if _, known := s.Get(k.Client, st); !known && !s.Unknown[st] && hasKnob(k.Client, st) {
				open = append(open, st)
			}
		}
		if len(open) == 0 {
			continue // its own settings decide them all: checked as it is
		}
		fn, _, _ := strings.Cut(s.Origin, "'s caller")
		for mask := range 1 << len(open) {
			when := map[clientmodel.Setting]bool{}
			for i, st := range open {
				when[st] = mask&(1<<i) != 0
			}
			found := c.underHypothesis(k, when)
			if len(found) > 0 {
				f.Hyps = append(f.Hyps, configHyp{Key: s.OriginKey, Func: fn, When: sortedValues(when), Findings: found})
			}
		}
	}
	f.Hyps = append(f.Hyps, c.receivedHyps()...)
	f.Hyps = append(f.Hyps, c.relayedHyps()...)
	f.Hyps = append(f.Hyps, c.sessionHyps()...)
	if len(f.Hyps) > 0 {
		c.pass.ExportPackageFact(&f)
	}
}

// receivedHyps checks each kafka-go reader the package receives through an
// entry another package fills (a parameter of an exported function, an
// exported field) under every value of the settings its calls do not
// imply: a group reader's ReadMessage commits before the service
// processes the message, a reader outside any group commits nothing, and
// only the package that builds the reader knows which it is. The package
// handing a reader it builds to that entry reports the findings of the
// hypothesis its settings make (reportPassed). Readers received by other
// clients' rules are checked where they are received (receivedChecks:
// franz-go and confluent consumers relying on the defaults).
func (c *checker) receivedHyps() []configHyp {
	var out []configHyp
	for _, k := range c.m.Received {
		if k.AdoptedBy != nil || k.Client.Timer != clientmodel.TimerNone || !settable(k.Entry) || len(callsWith(k, clientmodel.FetchCommit)) == 0 {
			continue
		}
		var open []clientmodel.Setting
		for _, st := range slices.Sorted(maps.Keys(k.Client.Config.Defaults)) {
			if _, known := k.Settings.Get(k.Client, st); !known && hasKnob(k.Client, st) {
				open = append(open, st)
			}
		}
		// A read whose message its function returns (a wrapper's
		// ReadMessage forwarding the reader's) is processed by callers
		// this package cannot see, if any: nothing is said of it.
		cp := *k
		cp.Calls = slices.DeleteFunc(slices.Clone(k.Calls), func(call *consumer.Call) bool {
			return call.Role == clientmodel.FetchCommit && returnsResult(call)
		})
		if len(callsWith(&cp, clientmodel.FetchCommit)) == 0 {
			continue
		}
		for mask := range 1 << len(open) {
			when := map[clientmodel.Setting]bool{}
			for i, st := range open {
				when[st] = mask&(1<<i) != 0
			}
			if found := c.underHypothesis(&cp, when); len(found) > 0 {
				out = append(out, configHyp{Key: k.Entry, Func: entryName(k), When: sortedValues(when), Findings: found, Handed: true})
			}
		}
	}
	return out
}

// relayedHyps passes on the findings of the consumers the package
// receives through an entry another package fills and hands, as they
// are, to a function or a struct field of a third package: the findings
// that package's hypotheses make (a helper kit.Next reading the reader
// svc.Service.Reader holds with ReadMessage) are this entry's too, under
// the same settings, for the package that builds the consumer to report
// (audit 35b/D2: silent, as only the wiring knows the reader is in a
// group).
func (c *checker) relayedHyps() []configHyp {
	byKey := map[string][]configHyp{}
	for _, pf := range c.pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*configFindings); ok && pf.Package != c.pass.Pkg {
			for _, h := range f.Hyps {
				if h.Handed {
					byKey[h.Key] = append(byKey[h.Key], h)
				}
			}
		}
	}
	if len(byKey) == 0 {
		return nil
	}
	var out []configHyp
	seen := map[string]bool{}
	relay := func(k *consumer.Consumer, key string) {
		for _, h := range byKey[key] {
			if contradicts(k, valueMap(h.When)) {
				continue
			}
			r := configHyp{Key: k.Entry, Func: entryName(k), When: h.When, Handed: true}
			for _, x := range h.Findings {
				if x.Pkg == "" {
					x.Pkg, x.Via = keyPackage(h.Key), h.Func
				}
				id := fmt.Sprint(r.Key, h.When, x.Pkg, x.Where, x.Category)
				if !seen[id] {
					seen[id] = true
					r.Findings = append(r.Findings, x)
				}
			}
			if len(r.Findings) > 0 {
				out = append(out, r)
			}
		}
	}
	for _, k := range c.m.Received {
		if k.AdoptedBy != nil || !settable(k.Entry) {
			continue
		}
		for _, fn := range c.m.SSA.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					switch in := in.(type) {
					case ssa.CallInstruction:
						callee := ssaflow.Callee(in.Common())
						if callee == nil || callee.Pkg() == nil || callee.Pkg() == c.pass.Pkg {
							continue
						}
						for i := range callee.Type().(*types.Signature).Params().Len() {
							if a := ssaflow.Arg(in.Common(), i); a != nil && c.fromEntry(k, a) {
								relay(k, consumer.ParamKey(callee, i))
							}
						}
					case *ssa.Store:
						if fa, ok := in.Addr.(*ssa.FieldAddr); ok && c.fromEntry(k, in.Val) {
							if key := consumer.FieldKey(fa); key != "" && key != k.Entry {
								relay(k, key)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// fromEntry reports whether v is the client k, received through its
// entry.
func (c *checker) fromEntry(k *consumer.Consumer, v ssa.Value) bool {
	if !clientValue(v) {
		return false
	}
	for _, r := range c.m.Flow.Roots(v) {
		if key, _ := consumer.EntryKey(r); key == k.Entry {
			return true
		}
	}
	return false
}

// contradicts reports whether k's own settings give one of when's
// settings another value.
func contradicts(k *consumer.Consumer, when map[clientmodel.Setting]bool) bool {
	for st, on := range when {
		if v, known := k.Settings.Get(k.Client, st); known && v != on {
			return true
		}
	}
	return false
}

// sessionHyps checks the session each handler of the package receives
// (sarama's ConsumeClaim) when the group running the handler is built in
// another package, as if that group's auto-commit were off: whether its
// marks are ever committed is decided by that setting alone. The package
// building the group with auto-commit off and handing it the handler
// reports the finding (reportPassed, at the run of the handler).
func (c *checker) sessionHyps() []configHyp {
	var out []configHyp
	for _, k := range c.m.Received {
		if k.AdoptedBy != nil || k.Client.Timer != clientmodel.TimerMarked || len(k.Handlers) == 0 || !strings.HasPrefix(k.Entry, "param:") {
			continue
		}
		if _, known := k.Settings.Get(k.Client, clientmodel.AutoCommit); known {
			continue
		}
		when := map[clientmodel.Setting]bool{clientmodel.AutoCommit: false}
		if found := c.underHypothesis(k, when); len(found) > 0 {
			for i := range found {
				found[i].Checked = clientmodel.AutoCommit // the deferred Commit holds under auto-commit too
			}
			out = append(out, configHyp{Key: k.Entry, Func: entryName(k), When: sortedValues(when), Findings: found, Handed: true})
		}
	}
	return out
}

// returnsResult reports whether call's function returns what call
// returns (the message of a read), as it is, or its address (return &msg,
// err), as its first result.
func returnsResult(call *consumer.Call) bool {
	v, ok := call.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	vals := []ssa.Value{v}
	for _, ref := range *v.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
			vals = append(vals, ex)
			for _, r := range *ex.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Val == ssa.Value(ex) {
					vals = append(vals, st.Addr)
				}
			}
		}
	}
	for _, b := range v.Parent().Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 && slices.Contains(vals, ret.Results[0]) {
			return true
		}
	}
	return false
}

// entryName names the entry a received consumer k arrives through, for
// the message at the hand-over: the function taking it ("NewService"), or
// the field ("Service.Reader").
func entryName(k *consumer.Consumer) string {
	if rest, ok := strings.CutPrefix(k.Entry, "field:"); ok {
		parts := strings.Split(rest, ".")
		return strings.Join(parts[max(len(parts)-2, 0):], ".")
	}
	if k.Fn != nil {
		return k.Fn.Name()
	}
	return k.Entry
}

// underHypothesis returns the findings of a copy of k whose settings set
// when explicitly, its own explicit settings winning.
func (c *checker) underHypothesis(k *consumer.Consumer, when map[clientmodel.Setting]bool) []passedFinding {
	base := &consumer.Settings{Set: map[clientmodel.Setting]consumer.Value{}, Unknown: map[clientmodel.Setting]bool{}, Cond: map[clientmodel.Setting]bool{}}
	for st, on := range when {
		base.Set[st] = consumer.Value{On: on}
	}
	cp := *k
	cp.Settings = consumer.Overlay(base, k.Settings)
	var sink []analysis.Diagnostic
	c.sink = &sink
	c.hyp = &hypothesis{k: &cp, when: when, sink: &sink, pending: map[clientmodel.Setting]bool{}}
	defer func() { c.sink, c.hyp = nil, nil }()
	c.checkConsumer(&cp)
	var out []passedFinding
	for i, d := range sink {
		// Exported for the package passing the configuration: the
		// fix's edits are this package's, completed here.
		report.CompleteInterfaces(c.pass, &d)
		p := c.pass.Fset.Position(d.Pos)
		x := passedFinding{Category: d.Category, Message: d.Message, Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), CallerSets: sortedValues(c.hyp.needs[i]), Checked: c.hyp.guards[i]}
		if k.Site != nil {
			x.Built = edit.Portable(c.pass.Fset, analysis.TextEdit{Pos: k.Site.Pos()})
		}
		if len(d.SuggestedFixes) > 0 {
			x.FixMessage = d.SuggestedFixes[0].Message
			for _, e := range d.SuggestedFixes[0].TextEdits {
				x.Edits = append(x.Edits, edit.Portable(c.pass.Fset, e))
			}
		}
		out = append(out, x)
	}
	return out
}

// reportPassedConfigs reports, at each call passing a configuration to a
// parameter whose consumer has findings under the settings it makes, those
// findings.
func (c *checker) reportPassedConfigs() {
	if len(c.m.Passed) == 0 {
		return
	}
	byKey := map[string][]configHyp{}
	for _, pf := range c.pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*configFindings); ok {
			for _, h := range f.Hyps {
				byKey[h.Key] = append(byKey[h.Key], h)
			}
		}
	}
	for _, p := range c.m.Passed {
		for _, h := range byKey[p.Key] {
			if h.Handed != (p.Consumer != nil) || !p.Settings.Sets(p.Client, valueMap(h.When)) {
				continue
			}
			report.Guard(c.pass, passedAt(p), func() { c.reportPassed(p, h, byKey[p.Key]) })
		}
	}
}

// passedAt returns the position of the call passing p, or of its store.
func passedAt(p consumer.PassedConfig) token.Pos {
	if p.Call != nil {
		return p.Call.Pos()
	}
	return p.Store.Pos()
}

// passedNode returns the call passing p, or the field's element of the
// composite literal or the assignment storing it.
func (c *checker) passedNode(p consumer.PassedConfig) ast.Node {
	if p.Call != nil {
		if ce, _ := edit.CallAt(c.pass, p.Call.Pos()); ce != nil {
			return ce
		}
		return nil
	}
	for _, n := range edit.Path(c.pass, p.Store.Pos()) {
		switch n.(type) {
		case *ast.KeyValueExpr, *ast.AssignStmt:
			return n
		case ast.Stmt:
			return nil
		}
	}
	return nil
}

// reportPassed reports h's findings at the call passing p (or the store
// of it in a field), with their fixes when the consumer's files are
// loaded and the package's calls agree (agree).
func (c *checker) reportPassed(p consumer.PassedConfig, h configHyp, hyps []configHyp) {
	ce := c.passedNode(p)
	if ce == nil {
		return
	}
	// The configuration's own choices, where it makes them: the client's
	// defaults decide the rest.
	var rel []analysis.RelatedInformation
	own := map[clientmodel.Setting]bool{}
	for _, hv := range h.When {
		if v, ok := p.Settings.Set[hv.Setting]; ok {
			own[hv.Setting] = hv.On
			if v.Pos.IsValid() {
				rel = append(rel, related(v.Pos, settingsText(map[clientmodel.Setting]bool{hv.Setting: hv.On})+" here"))
			}
		}
	}
	choice := "the client's defaults"
	if len(own) > 0 {
		choice = settingsText(own)
	}
	for _, x := range h.Findings {
		pkg := keyPackage(p.Key)
		if x.Pkg != "" {
			pkg = x.Pkg
		}
		msg := fmt.Sprintf("%s builds its %s consumer from the configuration passed here (%s), and with it, in package %s (%s): %s",
			h.Func, p.Client.Name, choice, pkg, x.Where, x.Message)
		switch {
		case x.Via != "":
			msg = fmt.Sprintf("%s receives the %s consumer passed here (%s) and hands it to %s; with it, in package %s (%s): %s",
				h.Func, p.Client.Name, choice, x.Via, pkg, x.Where, x.Message)
		case h.Handed:
			msg = fmt.Sprintf("%s receives the %s consumer passed here (%s), and with it, in package %s (%s): %s",
				h.Func, p.Client.Name, choice, pkg, x.Where, x.Message)
		}
		d := analysis.Diagnostic{Pos: ce.Pos(), End: ce.End(), Category: x.Category, Message: msg, Related: slices.Clip(rel)}
		if p.Consumer != nil && p.Consumer.Site != nil && p.Consumer.Site.Pos() != ce.Pos() {
			// The consumer handed over, where it is built: the report
			// gives the finding to its row, not to every consumer of
			// the function handing it (a wiring main building several).
			d.Related = append(d.Related, related(p.Consumer.Site.Pos(), "the consumer is created here"))
		}
		if built, ok := edit.Resolve(c.pass.Fset, []edit.FileEdit{x.Built}); ok && x.Built.File != "" {
			d.Related = append(d.Related, related(built[0].Pos, "the consumer is built here, in package "+pkg))
		}
		edits, loaded := edit.Resolve(c.pass.Fset, x.Edits)
		sets := valueMap(x.CallerSets)
		here, set := c.callerSettings(p, sets)
		switch {
		case len(x.Edits) == 0 && len(x.CallerSets) == 0, x.FixMessage == "":
			// No fix (the consumer's package says why, in x.Message).
		case !set:
			d.Message += "; no automatic fix: its fix also sets " + settingsText(sets) + " in the configuration passed here, which it cannot find where to set"
		case !c.agree(p, h, x, hyps):
			d.Message += fmt.Sprintf("; no automatic fix: other calls in this package pass %s a configuration under which the fix would not hold", h.Func)
		case !loaded:
			d.Message += fmt.Sprintf("; the fix edits package %s, which this run reads from export data (go vet analyzes one package at a time): run commitlint -fix on both packages to apply it", pkg)
		default:
			where := " (in package " + pkg + ")"
			if len(here) > 0 {
				where = " (in package " + pkg + ", and the configuration passed here)"
			}
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: x.FixMessage + where, TextEdits: append(here, edits...)}}
		}
		if len(d.SuggestedFixes) == 0 {
			// No fix: nothing of it runs in a group or not.
			if i := strings.Index(d.Message, groupGuardNote); i >= 0 {
				rest := d.Message[i+len(groupGuardNote):]
				if j := strings.Index(rest, "; "); j >= 0 {
					d.Message = d.Message[:i] + rest[j:]
				} else {
					d.Message = d.Message[:i]
				}
			}
		}
		report.Report(c.pass, d)
	}
}

// keyPackage returns the path of the package an entry key's function or
// field belongs to: param:<path>.F#i, param:(*<path>.T[P]).M#i,
// field:<path>.T.F.
func keyPackage(key string) string {
	if rest, ok := strings.CutPrefix(key, "field:"); ok {
		rest = rest[:max(strings.LastIndex(rest, "."), 0)]
		return rest[:max(strings.LastIndex(rest, "."), 0)]
	}
	rest, _, _ := strings.Cut(strings.TrimPrefix(key, "param:"), "#")
	if recv, ok := strings.CutPrefix(rest, "("); ok {
		rest, _, _ = strings.Cut(strings.TrimPrefix(recv, "*"), ")")
		rest, _, _ = strings.Cut(rest, "[")
	}
	return rest[:max(strings.LastIndex(rest, "."), 0)]
}

// agree reports whether every call of the package passing a configuration
// for p's parameter makes the hypothesis h, but for the setting the fix of
// x checks at run time, or one whose same finding has the same fix: a fix
// made for one caller's configuration must not break another's
// (confluent's StoreOffsets fails with auto-store on).
func (c *checker) agree(p consumer.PassedConfig, h configHyp, x passedFinding, hyps []configHyp) bool {
	// o agrees when some hypothesis it makes, but for the setting the fix
	// checks, has x's finding with x's fix (h itself, or one differing in
	// a setting the fix does not depend on: CommitInterval).
	agrees := func(o consumer.PassedConfig) bool {
		return slices.ContainsFunc(hyps, func(h2 configHyp) bool {
			when := valueMap(h2.When)
			delete(when, x.Checked)
			return h2.Handed == h.Handed && o.Settings.Sets(o.Client, when) &&
				slices.ContainsFunc(h2.Findings, func(y passedFinding) bool { return y.Category == x.Category && slices.Equal(y.Edits, x.Edits) })
		})
	}
	return !slices.ContainsFunc(c.m.Passed, func(o consumer.PassedConfig) bool { return o.Key == p.Key && !agrees(o) })
}

// callerSettings returns the edits giving the configuration p passes the
// settings sets, and whether it could make each.
func (c *checker) callerSettings(p consumer.PassedConfig, sets map[clientmodel.Setting]bool) ([]analysis.TextEdit, bool) {
	if len(sets) == 0 {
		return nil, true
	}
	call, ok := p.Call.(*ssa.Call)
	if !ok || ssaflow.Arg(call.Common(), p.Arg) != p.Config {
		return nil, false // a client built from it is passed: its config is elsewhere
	}
	// The call passing the configuration stands for a constructor taking
	// it: setSetting edits it where it sets it, or where it is built.
	k := &consumer.Consumer{Client: p.Client, Site: call, Config: p.Config, Settings: p.Settings,
		Ctor: clientmodel.CtorRef{Client: p.Client, Constructor: &clientmodel.Constructor{ConfigArg: p.Arg}}}
	var out []analysis.TextEdit
	for _, st := range slices.Sorted(maps.Keys(sets)) {
		e, ok := c.setSetting(k, st, sets[st])
		if !ok {
			return nil, false
		}
		out = append(out, e...)
	}
	return out, true
}

// settingsText says sets in words ("auto-commit off, group on").
func settingsText(sets map[clientmodel.Setting]bool) string {
	var says []string
	for _, st := range slices.Sorted(maps.Keys(sets)) {
		says = append(says, fmt.Sprintf("%s %s", st, map[bool]string{true: "on", false: "off"}[sets[st]]))
	}
	return strings.Join(says, ", ")
}

// hasKnob reports whether a configuration of client cl can set st.
func hasKnob(cl *clientmodel.Client, st clientmodel.Setting) bool {
	return slices.ContainsFunc(cl.Config.Knobs, func(k clientmodel.Knob) bool { return k.Setting == st })
}
