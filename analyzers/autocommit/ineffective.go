package autocommit

import (
	_ "embed"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
)

// ---- marks and stores that do nothing ----

// ineffective reports position calls that do nothing under the consumer's
// settings (franz-go marks without AutoCommitMarks, confluent stores while
// auto-store is on); the fix changes the setting, which the existing calls
// then make effective.
func (c *checker) ineffective(k *consumer.Consumer) {
	var bad, badCommits []positionUse
	add := func(u positionUse) {
		if u.NeedsSetting == "" || u.Role == clientmodel.FetchCommit || u.Role == clientmodel.Fetch {
			return
		}
		on, known := k.Settings.Get(k.Client, u.NeedsSetting)
		if !known || on == u.NeedsValue {
			return
		}
		if u.Role == clientmodel.Commit {
			badCommits = append(badCommits, u)
		} else {
			bad = append(bad, u)
		}
	}
	for _, call := range k.Calls {
		add(positionUse{CallRef: call.CallRef, pos: call.Pos()})
	}
	for _, n := range k.Needs {
		add(positionUse{CallRef: n.CallRef, pos: n.At, need: n})
	}
	// Report at a mark or store when there is one: the commit is the
	// second half of the same mistake.
	bad = append(bad, badCommits...)
	if len(bad) == 0 {
		return
	}
	first := bad[0]
	timer := k.Settings.Is(k.Client, clientmodel.AutoCommit)
	commit := "" // the commit that sends the ignored positions, when the timer is off
	if !timer {
		// Without the timer an ignored store loses nothing by itself: the
		// explicit commits decide (confluent's Commit sends the offsets
		// auto-stored on delivery, which a synchronous loop has processed).
		// Ignored marks matter only when every commit sends marked
		// positions (CommitMarkedOffsets, itself a no-op then): nothing is
		// ever committed. With no commit, making marks effective would not
		// help; with a commit of explicit records or offsets, the no-op
		// mark is useless but loses nothing.
		if first.NeedsSetting != clientmodel.MarksOnly {
			return
		}
		// Another package's facts name only its calls that need a
		// setting, not its other commits: nothing to judge by then.
		if len(k.Needs) > 0 {
			return
		}
		commits := callsWith(k, clientmodel.Commit)
		if len(commits) == 0 {
			return
		}
		for _, cm := range commits {
			if cm.Scope != clientmodel.ScopeMarked {
				return
			}
		}
		commit = clientmodel.ShortName(commits[0].Func)
	}
	edits, ok := c.setSetting(k, first.NeedsSetting, first.NeedsValue)
	if !ok {
		return
	}
	var rel []analysis.RelatedInformation
	if first.need != nil {
		rel = append(rel, needRelated(first.need))
	}
	for _, b := range bad[1:] {
		if b.need != nil {
			rel = append(rel, needRelated(b.need))
			continue
		}
		rel = append(rel, related(b.pos, clientmodel.ShortName(b.Func)+" also does nothing"))
	}
	rel = append(rel, related(k.Site.Pos(), "consumer created here"))
	name := clientmodel.ShortName(first.Func)
	if first.need != nil {
		name = fmt.Sprintf("%s, called by %s on the client handed over here,", name, first.need.Via)
	}
	var d analysis.Diagnostic
	switch first.NeedsSetting {
	case clientmodel.AutoStore:
		d = analysis.Diagnostic{
			Category: CategoryStoreIgnored,
			Message: fmt.Sprintf("offset store does nothing while %s is on: %s returns ErrInvalidArg and offsets are stored when messages are handed to the app, so a crash mid-processing loses the message (at-most-once)",
				k.Client.Spell(clientmodel.AutoStore), name),
			SuggestedFixes: []analysis.SuggestedFix{{Message: "Disable " + k.Client.Spell(clientmodel.AutoStore), TextEdits: edits}},
		}
	default:
		d = analysis.Diagnostic{
			Category: CategoryMarksIgnored,
			Message: fmt.Sprintf("mark is a no-op without %s(): %s changes nothing and auto-commit commits every polled record, marked or not, so a record left unmarked after a failure is committed anyway (lost)",
				k.Client.Spell(clientmodel.MarksOnly), name),
			SuggestedFixes: []analysis.SuggestedFix{{Message: "Add " + k.Client.Spell(clientmodel.MarksOnly) + "()", TextEdits: edits}},
		}
		if !timer {
			// Auto-commit is off and every commit is CommitMarkedOffsets,
			// itself a no-op without AutoCommitMarks.
			d.Message = fmt.Sprintf("mark is a no-op without %s(): %s changes nothing and %s commits nothing, so with auto-commit off no offset is ever committed and a restart replays everything",
				k.Client.Spell(clientmodel.MarksOnly), name, commit)
		}
	}
	d.Pos, d.Related = first.pos, rel
	c.report(k, d)
}

// positionUse is a position call that needs a setting: made on the
// consumer in this package, or (need set) by another package the consumer
// is handed to, reported where it is handed over.
type positionUse struct {
	clientmodel.CallRef
	pos  token.Pos
	need *consumer.Need
}

// needRelated points at the function or field of the other package.
func needRelated(n *consumer.Need) analysis.RelatedInformation {
	return related(n.Entry.Pos(), fmt.Sprintf("%s calls %s on the client it receives here", n.Via, clientmodel.ShortName(n.Func)))
}
