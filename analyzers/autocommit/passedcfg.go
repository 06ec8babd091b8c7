package autocommit

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
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
	When      map[clientmodel.Setting]bool
	Findings  []passedFinding
}

// passedFinding is a finding of the consumer's package, made portable.
type passedFinding struct {
	Category, Message string
	// Where is the finding's position in the consumer's package
	// ("svc.go:48").
	Where      string
	FixMessage string
	Edits      []edit.FileEdit
}

func (*configFindings) AFact() {}

func (f *configFindings) String() string {
	var parts []string
	for _, h := range f.Hyps {
		var when []string
		for _, s := range slices.Sorted(maps.Keys(h.When)) {
			when = append(when, fmt.Sprintf("%s=%t", s, h.When[s]))
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
				f.Hyps = append(f.Hyps, configHyp{Key: s.OriginKey, Func: fn, When: when, Findings: found})
			}
		}
	}
	if len(f.Hyps) > 0 {
		c.pass.ExportPackageFact(&f)
	}
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
	defer func() { c.sink = nil }()
	c.checkConsumer(&cp)
	var out []passedFinding
	for _, d := range sink {
		p := c.pass.Fset.Position(d.Pos)
		x := passedFinding{Category: d.Category, Message: d.Message, Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)}
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
			if !p.Settings.Sets(p.Client, h.When) {
				continue
			}
			// A fix made for one caller's configuration must not break
			// another's (FetchMessage and CommitMessages fail on a
			// kafka-go reader outside a group): only when every call here
			// passing one for the parameter makes the same hypothesis.
			agree := !slices.ContainsFunc(c.m.Passed, func(o consumer.PassedConfig) bool {
				return o.Key == p.Key && !o.Settings.Sets(o.Client, h.When)
			})
			report.Guard(c.pass, p.Call.Pos(), func() { c.reportPassed(p, h, agree) })
		}
	}
}

// reportPassed reports h's findings at the call passing p, with their
// fixes when fixable: the consumer's files are loaded and the package's
// calls agree (reportPassedConfigs).
func (c *checker) reportPassed(p consumer.PassedConfig, h configHyp, fixable bool) {
	ce, _ := edit.CallAt(c.pass, p.Call.Pos())
	if ce == nil {
		return
	}
	// The configuration's own choices, where it makes them: the client's
	// defaults decide the rest.
	var rel []analysis.RelatedInformation
	var says []string
	for _, st := range slices.Sorted(maps.Keys(h.When)) {
		v, ok := p.Settings.Set[st]
		if !ok {
			continue
		}
		word := fmt.Sprintf("%s %s", st, map[bool]string{true: "on", false: "off"}[h.When[st]])
		says = append(says, word)
		if v.Pos.IsValid() {
			rel = append(rel, related(v.Pos, word+" here"))
		}
	}
	choice := "the client's defaults"
	if len(says) > 0 {
		choice = strings.Join(says, ", ")
	}
	pkg := strings.TrimPrefix(p.Key, "param:")
	pkg = pkg[:max(strings.LastIndex(pkg, "."), 0)]
	for _, x := range h.Findings {
		d := analysis.Diagnostic{
			Pos:      ce.Pos(),
			End:      ce.End(),
			Category: x.Category,
			Message: fmt.Sprintf("%s builds its %s consumer from the configuration passed here (%s), and with it, in package %s (%s): %s",
				h.Func, p.Client.Name, choice, pkg, x.Where, x.Message),
			Related: rel,
		}
		edits, loaded := edit.Resolve(c.pass.Fset, x.Edits)
		switch {
		case len(x.Edits) == 0:
		case !fixable:
			d.Message += fmt.Sprintf("; no automatic fix: other calls in this package pass %s a configuration under which the fix would not hold", h.Func)
		case !loaded:
			d.Message += fmt.Sprintf("; the fix edits package %s, which this run reads from export data (go vet analyzes one package at a time): run commitlint -fix on both packages to apply it", pkg)
		default:
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: x.FixMessage + " (in package " + pkg + ")", TextEdits: edits}}
		}
		report.Report(c.pass, d)
	}
}

// hasKnob reports whether a configuration of client cl can set st.
func hasKnob(cl *clientmodel.Client, st clientmodel.Setting) bool {
	return slices.ContainsFunc(cl.Config.Knobs, func(k clientmodel.Knob) bool { return k.Setting == st })
}
