package fencing

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// beginSkipped reports a transaction begin (the model's SwallowSkips
// results) whose failure a consume loop discards or only logs: the loop
// moves on to the next record without processing this one, and the next
// transaction that commits sends an offset past it, so it is never
// redelivered. Outside a consume loop the caller decides what a failure
// means, and nothing is reported.
func (c *checker) beginSkipped(s *site) {
	if !s.consume {
		if il := c.invokedLitOf(s); il != nil && s.loop == nil {
			c.beginSkippedInLit(s, il) // beginlit.go
		}
		return
	}
	var logged bool
	switch c.errState(s) {
	case errDiscarded:
	case errLogged:
		logged = true
	default:
		return
	}
	edits, ok := c.swallowFix(s, logged)
	name := clientmodel.ShortName(s.ref.Func)
	how := "discarded while the loop carries on"
	var rel []analysis.RelatedInformation
	if logged {
		how = "only logged while the loop carries on"
		rel = related(s.check, "the error is only logged here")
	}
	c.reportBeginSkipped(s, beginSkippedMessage(s.ref, how), rel, "Return the "+name+" error", edits, ok)
}

// reportBeginSkipped reports a begin whose failure is skipped, with the
// fix made of edits, or (ok false) without a fix, saying why (#13:
// reported all the same).
func (c *checker) reportBeginSkipped(s *site, msg string, rel []analysis.RelatedInformation, title string, edits []analysis.TextEdit, ok bool) {
	d := analysis.Diagnostic{Pos: s.call.Pos(), End: s.call.End(), Category: CategoryBeginSkipped, Message: msg, Related: rel}
	if ok {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: edits}}
	} else {
		d.Message += noHandOn
	}
	c.report(d)
}

// beginSkippedMessage is the message of a transaction begin whose failure
// the loop carries on past (how: "discarded while the loop carries on").
func beginSkippedMessage(ref clientmodel.ResultRef, how string) string {
	noun := ref.Client.RecordNoun
	skipped := "the " + noun + " it was for goes unprocessed, and any later transaction that commits takes its offset past it, so it is lost for good"
	if ref.Client.FetchesBatches() {
		skipped = "the " + noun + "s it was for go unprocessed, and any later transaction that commits takes its offsets past them, so they are lost for good"
	}
	return fmt.Sprintf("the error of %s is %s: %s (at-most-once)", clientmodel.ShortName(ref.Func), how, skipped)
}
