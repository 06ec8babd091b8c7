package autocommit

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
)

// ---- strict mode ----

func (c *checker) strictReport(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.Is(cl, clientmodel.AutoCommit) || !s.Is(cl, clientmodel.Group) {
		return
	}
	switch cl.Timer {
	case clientmodel.TimerMarked:
		c.strictMarked(k)
	case clientmodel.TimerPreviousPoll:
		c.strictPreviousPoll(k)
	case clientmodel.TimerStored:
		c.strictStored(k)
	}
}

// strictFinding reports auto-commit on for consumer k (the timer's text
// and cost) with the fix edits, or, when why is not empty, without a fix,
// saying why: strict mode reports every enabled auto-commit, fixable or
// not.
func (c *checker) strictFinding(k *consumer.Consumer, cost, title string, edits []analysis.TextEdit, why string) {
	d := analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoCommitted,
		Message:  fmt.Sprintf("auto-commit is on: "+k.Client.Prose.Timer+"; "+cost+" (choose the commit point explicitly)", consumer.Interval(c.pass, k.Client, k.Site.Pos(), k.From == nil)),
	}
	if why != "" {
		d.Message += "; no automatic fix: " + why + "; " + report.LowerFirst(title)
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: edits}}
	}
	c.report(k, d)
}

func (c *checker) strictMarked(k *consumer.Consumer) {
	const title = "Disable auto-commit and commit marks when %s returns"
	edits, why := c.strictConfig(k)
	if why == "" && len(k.Handlers) == 0 {
		why = "the handlers that mark are not in this package"
	}
	for _, h := range k.Handlers {
		if why != "" {
			break
		}
		e, ok := c.deferCommit(h)
		if !ok {
			why = "the handler's " + k.Client.Handler.Consume + " has no named session parameter or body to commit from"
		}
		edits = append(edits, e...)
	}
	c.strictFinding(k, "a crash replays what was marked since the last tick, and a mark made before processing is lost",
		fmt.Sprintf(title, k.Client.Handler.Consume), edits, why)
}

func (c *checker) strictPreviousPoll(k *consumer.Consumer) {
	if k.Settings.Is(k.Client, clientmodel.MarksOnly) {
		return
	}
	edits, why := c.strictConfig(k)
	fetches := callsWith(k, clientmodel.Fetch)
	if why == "" && len(fetches) == 0 {
		why = "the loop that polls it is not in this package"
	}
	for _, f := range fetches {
		if why != "" {
			break
		}
		e, ok := c.commitAfterPoll(k, f)
		if !ok {
			why = "the poll at " + c.pass.Fset.Position(f.Pos()).String() + " is not in a loop whose body the commit can end"
		}
		edits = append(edits, e...)
	}
	c.strictFinding(k, "a synchronous loop is at-least-once, but records that outlive their poll are lost on a crash",
		"Disable auto-commit and commit after processing each poll", edits, why)
}

// commitAfterPoll returns the edits that commit what the poll f fetched at
// the end of its loop's body, handling the commit's error as the code
// around handles its own.
func (c *checker) commitAfterPoll(k *consumer.Consumer, f *consumer.Call) ([]analysis.TextEdit, bool) {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil || len(call.Args) == 0 {
		return nil, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	loop, body := edit.LoopOf(path)
	if loop == nil {
		return nil, false
	}
	stmt, _ := edit.Stmt(path)
	handling, extra, ok := c.errHandling(path, stmt, "commit offsets")
	if !ok {
		return nil, false
	}
	text := fmt.Sprintf("if err := %s.%s(%s); err != nil {\n%s\n}", edit.Source(c.pass, sel.X),
		k.Client.CallName(clientmodel.Commit, clientmodel.ScopePolled), edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0])), handling)
	e, ok := edit.AppendToList(c.pass, body.List, body.Rbrace, text)
	if !ok {
		return nil, false
	}
	return append(extra, e), true
}

func (c *checker) strictStored(k *consumer.Consumer) {
	if !k.Settings.IsNot(k.Client, clientmodel.AutoStore) {
		return // auto-store on is reported by storedTimer
	}
	stores := callsWith(k, clientmodel.Store)
	if len(stores) == 0 {
		return
	}
	edits, why := c.strictConfig(k)
	for _, st := range stores {
		if why != "" {
			break
		}
		call, _ := edit.CallAt(c.pass, st.Pos())
		var sel *ast.SelectorExpr
		if call != nil && st.CommitWith != "" {
			sel, _ = call.Fun.(*ast.SelectorExpr)
		}
		if sel == nil {
			why = "the store at " + c.pass.Fset.Position(st.Pos()).String() + " is not a method call the fix can turn into a commit"
			break
		}
		edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(clientmodel.ShortName(st.CommitWith))})
	}
	c.strictFinding(k, "a crash replays what was stored since the last tick",
		"Disable auto-commit and commit each message after processing", edits, why)
}

// strictConfig returns the edits that turn consumer k's auto-commit off,
// or why they cannot be built.
func (c *checker) strictConfig(k *consumer.Consumer) ([]analysis.TextEdit, string) {
	edits, ok := c.setSetting(k, clientmodel.AutoCommit, false)
	if !ok {
		return nil, unsettable(k)
	}
	return edits, ""
}
