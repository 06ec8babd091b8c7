package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
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

func (c *checker) strictMarked(k *consumer.Consumer) {
	cfg, ok := c.setSetting(k, clientmodel.AutoCommit, false)
	if !ok {
		return
	}
	edits := cfg
	for _, h := range k.Handlers {
		e, ok := c.deferCommit(h)
		if !ok {
			return
		}
		edits = append(edits, e...)
	}
	if len(k.Handlers) == 0 {
		return
	}
	c.report(k, analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoCommitted,
		Message: fmt.Sprintf("auto-commit is on: "+k.Client.Prose.Timer+"; a crash replays what was marked since the last tick, and a mark made before processing is lost (choose the commit point explicitly)",
			k.Client.Config.Interval),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Disable auto-commit and commit marks when " + k.Client.Handler.Consume + " returns",
			TextEdits: edits,
		}},
	})
}

func (c *checker) strictPreviousPoll(k *consumer.Consumer) {
	if k.Settings.Is(k.Client, clientmodel.MarksOnly) {
		return
	}
	cfg, ok := c.setSetting(k, clientmodel.AutoCommit, false)
	if !ok {
		return
	}
	fetches := callsWith(k, clientmodel.Fetch)
	if len(fetches) == 0 {
		return
	}
	edits := cfg
	for _, f := range fetches {
		call, path := edit.CallAt(c.pass, f.Pos())
		if call == nil || len(call.Args) == 0 {
			return
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return
		}
		loop, body := edit.LoopOf(path)
		if loop == nil {
			return
		}
		stmt, _ := edit.Stmt(path)
		handling, extra, ok := c.errHandling(path, stmt, "commit offsets")
		if !ok {
			return
		}
		text := fmt.Sprintf("if err := %s.%s(%s); err != nil {\n%s\n}", edit.Source(c.pass, sel.X),
			k.Client.CallName(clientmodel.Commit, clientmodel.ScopePolled), edit.Source(c.pass, call.Args[0]), handling)
		e, ok := edit.AppendToList(c.pass, body.List, body.Rbrace, text)
		if !ok {
			return
		}
		edits = append(edits, extra...)
		edits = append(edits, e)
	}
	c.report(k, analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoCommitted,
		Message: fmt.Sprintf("auto-commit is on: "+k.Client.Prose.Timer+"; a synchronous loop is at-least-once, but records that outlive their poll are lost on a crash (choose the commit point explicitly)",
			k.Client.Config.Interval),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Disable auto-commit and commit after processing each poll",
			TextEdits: edits,
		}},
	})
}

func (c *checker) strictStored(k *consumer.Consumer) {
	if !k.Settings.IsNot(k.Client, clientmodel.AutoStore) {
		return // auto-store on is reported by storedTimer
	}
	stores := callsWith(k, clientmodel.Store)
	if len(stores) == 0 {
		return
	}
	cfg, ok := c.setSetting(k, clientmodel.AutoCommit, false)
	if !ok {
		return
	}
	edits := cfg
	for _, st := range stores {
		call, _ := edit.CallAt(c.pass, st.Pos())
		if call == nil || st.CommitWith == "" {
			return
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return
		}
		edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(clientmodel.ShortName(st.CommitWith))})
	}
	c.report(k, analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoCommitted,
		Message: fmt.Sprintf("auto-commit is on: "+k.Client.Prose.Timer+"; a crash replays what was stored since the last tick (choose the commit point explicitly)",
			k.Client.Config.Interval),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Disable auto-commit and commit each message after processing",
			TextEdits: edits,
		}},
	})
}
