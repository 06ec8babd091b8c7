package autocommit

import (
	_ "embed"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/semantics"
)

//go:embed doc.go
var doc string

// Categories of findings; each is a heading of the README.
const (
	CategoryAutoStore     = string(category.AutoStore)
	CategoryStoreIgnored  = string(category.StoreIgnored)
	CategoryMarksIgnored  = string(category.MarksIgnored)
	CategoryGreedy        = string(category.Greedy)
	CategoryOutlivePoll   = string(category.OutlivePoll)
	CategoryReadCommits   = string(category.ReadCommits)
	CategoryMarksDiscard  = string(category.MarksDiscard)
	CategoryAutoCommitted = string(category.AutoCommitted)
)

// Config is the analyzer's configuration.
type Config struct {
	// Strict reports every enabled auto-commit, not only those that can
	// lose records given the code around them.
	Strict bool
}

// Analyzer is the autocommit analyzer with its default configuration and
// flags.
var Analyzer = New(Config{})

// New returns an autocommit analyzer for cfg. Its -strict flag, when set,
// overrides cfg.Strict.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "autocommit",
		Doc:       report.Doc(doc, "autocommit"),
		URL:       report.URL,
		Requires:  []*analysis.Analyzer{consumer.Analyzer, noreturn.Analyzer, handsoff.Analyzer, semantics.Analyzer},
		FactTypes: []analysis.Fact{new(settingFixes), new(configFindings), new(commitsSession), new(storesRace)},
	}
	strict := a.Flags.Bool("strict", cfg.Strict, "report every enabled auto-commit, saying what the client's timer commits")
	a.Run = func(pass *analysis.Pass) (any, error) {
		m := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return nil, nil
		}
		c := &checker{pass: pass, m: m, strict: *strict, ho: pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)}
		c.run()
		return nil, nil
	}
	return report.HonourIgnores(a)
}

type checker struct {
	pass   *analysis.Pass
	m      *consumer.Model
	strict bool
	// reported consumers, so strict mode adds nothing to a finding.
	reported map[*consumer.Consumer]bool
	// greedyAt are the greedy option calls reported.
	greedyAt map[token.Pos]bool
	// assumed are the copies of consumers checked with the settings their
	// use implies (received.go).
	assumed map[*consumer.Consumer]bool
	// values are the method values of fetches that commit first
	// (readvalue.go), once computed.
	values *[]methodValue
	// goGraph is the package's goroutines (storerace.go), once built.
	goGraph *goroutines
	// sink, when set, collects the diagnostics report would make
	// (a finding folded into another's fix) instead of reporting them.
	sink *[]analysis.Diagnostic
	// hyp, when set, is the hypothesis a consumer is checked under
	// (passedcfg.go).
	hyp *hypothesis
	// ho looks up the functions that only queue what they are given.
	ho *handsoff.Result
	// inGroup, while a fix is built for a read that may serve a reader
	// outside any group, is the client's InGroup: the commit the fix adds
	// runs under it (groupOnly).
	inGroup string
}

func (c *checker) run() {
	c.reported = map[*consumer.Consumer]bool{}
	c.greedyAt = map[token.Pos]bool{}
	c.assumed = map[*consumer.Consumer]bool{}
	for _, k := range c.m.Consumers {
		report.Guard(c.pass, k.Site.Pos(), func() {
			c.checkConsumer(k)
			if c.strict && !c.reported[k] {
				c.strictReport(k)
			}
		})
	}
	c.greedyHelpers()
	c.receivedChecks()
	c.exportSettingFixes()
	c.exportCommitsSession()
	c.exportStoresRace()
	c.relayStoresRace()
	c.exportConfigFindings()
	c.reportPassedConfigs()
	for _, k := range c.m.Imported {
		report.Guard(c.pass, k.Site.Pos(), func() {
			if len(k.Calls) > 0 {
				// Polled or handled here: checked as one built here,
				// with the settings its constructor's package gives.
				c.checkConsumer(k)
				return
			}
			c.ineffective(k)
		})
	}
}

// checkConsumer runs the checks of a consumer built in the package.
func (c *checker) checkConsumer(k *consumer.Consumer) {
	switch k.Client.Timer {
	case clientmodel.TimerStored:
		c.storedTimer(k)
		c.storedRevoke(k)
		c.storedClose(k)
	case clientmodel.TimerPreviousPoll:
		c.previousPoll(k)
	case clientmodel.TimerMarked:
		c.marked(k)
	case clientmodel.TimerNone:
		c.fetchCommit(k)
	}
	if k.Site != nil || k.From != nil {
		c.ineffective(k) // a received consumer's needs go to where it is built (consumer.EntryFact)
	}
}

func (c *checker) report(k *consumer.Consumer, d analysis.Diagnostic) {
	if c.sink != nil {
		if c.hyp != nil && c.sink == c.hyp.sink {
			c.hyp.took()
		}
		*c.sink = append(*c.sink, d)
		return
	}
	c.reported[k] = true
	report.Report(c.pass, d)
}

func related(pos token.Pos, msg string) analysis.RelatedInformation {
	return analysis.RelatedInformation{Pos: pos, Message: msg}
}

// callsWith returns k's calls with the given roles.
func callsWith(k *consumer.Consumer, roles ...clientmodel.Role) []*consumer.Call {
	return withRoles(k.Calls, roles)
}

// allCallsWith is callsWith counting also the calls k shares with another
// consumer (Also: a handler both run), for a finding reported at k itself,
// not at a call (reported there once, for the consumer first bound).
func allCallsWith(k *consumer.Consumer, roles ...clientmodel.Role) []*consumer.Call {
	return withRoles(append(slices.Clip(k.Calls), k.Also...), roles)
}

func withRoles(calls []*consumer.Call, roles []clientmodel.Role) []*consumer.Call {
	var out []*consumer.Call
	for _, call := range calls {
		for _, r := range roles {
			if call.Role == r {
				out = append(out, call)
			}
		}
	}
	return out
}
