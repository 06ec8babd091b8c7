package autocommit

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/semantics"
)

// ---- offsets stored on delivery, committed by the revoke callback ----

// storedRevoke reports a consumer with auto-commit off whose revoke
// callback commits the stored offsets (confluent-kafka-go's Commit())
// while auto-store stores each message as Poll hands it over and the loop
// holds messages across polls, a batch it writes later
// (semantics.Evidence.HeldAtRevoke): the callback runs in a poll and
// commits the held messages before they are written. The fix turns
// auto-store off, so that the callback commits only what the code
// stores; the loop's commits of the records it names do not depend on
// it. A loop that commits the stored offsets itself gets a store after
// each batch is written (storeAfterProcessing), or no fix.
func (c *checker) storedRevoke(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if s.Is(cl, clientmodel.AutoCommit) || !s.Is(cl, clientmodel.AutoStore) || len(allCallsWith(k, clientmodel.Store)) > 0 {
		return // storedTimer's, or ineffective's (stores that auto-store makes moot)
	}
	ev := semantics.For(c.pass, k)
	if ev == nil {
		return
	}
	rv := ev.HeldAtRevoke()
	if rv == nil {
		return
	}
	stored := clientmodel.ShortName(cl.CallName(clientmodel.Commit, clientmodel.ScopeMarked))
	loopStored := slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool {
		return pc.Role == clientmodel.Commit && pc.Func == stored
	})
	call, _ := edit.CallAt(c.pass, edit.PosOf(c.pass, rv.Commit))
	if call == nil {
		return // the callback is in another package
	}
	at := call.Pos()
	rel := []analysis.RelatedInformation{related(edit.PosOf(c.pass, rv.Pos), "the revoke callback is registered here")}
	for _, call := range allCallsWith(k, clientmodel.Commit) {
		p := c.pass.Fset.Position(call.Pos())
		if slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool { return pc.Last && pc.Pos == p }) {
			rel = append(rel, related(call.Pos(), clientmodel.ShortName(call.Func)+" commits the batch here, once it is written"))
		}
	}
	if ev.Buffered.Pos.IsValid() {
		if f := c.pass.Fset.File(at); f != nil && f.Name() == ev.Buffered.Pos.Filename {
			rel = append(rel, related(f.LineStart(ev.Buffered.Pos.Line), "the loop keeps the messages in "+ev.Buffered.Where+" here"))
		}
	}
	d := analysis.Diagnostic{
		Pos:      at,
		Category: CategoryAutoStore,
		Message: fmt.Sprintf("this %s in the revoke callback commits the offsets %s stored as %s handed each message over (%s is on), those of the batch the loop holds and has not written yet included: if the process crashes before it writes them, the partitions' next owner starts after them (lost)",
			stored, cl.EngineName(), fetchNames(k), cl.Spell(clientmodel.AutoStore)),
		Related: rel,
	}
	title := "Disable " + cl.Spell(clientmodel.AutoStore) + ": the revoke callback then commits only the offsets the code stores"
	edits, ok := c.setSetting(k, clientmodel.AutoStore, false)
	why := ""
	if !ok {
		why = fmt.Sprintf("%s; set %s to false there", unsettable(k), cl.Spell(clientmodel.AutoStore))
	}
	if ok && loopStored {
		// The loop's own Commit() commits the stored offsets: with
		// auto-store off, only those it stores once each batch is written.
		title = "Disable " + cl.Spell(clientmodel.AutoStore) + " and store each batch after it is written"
		for _, f := range allCallsWith(k, clientmodel.Fetch) {
			e, rw, built := c.storeAfterProcessing(k, f, false)
			if !built || !rw.batch {
				why = fmt.Sprintf("the loop commits the stored offsets too, and the fix cannot place a store after each batch is written; set %s to false and call %s for each message of a batch once it is written", cl.Spell(clientmodel.AutoStore), cl.CallName(clientmodel.Store, clientmodel.ScopeArgs))
				break
			}
			edits = append(edits, e...)
		}
	}
	if why != "" {
		d.Message += "; no automatic fix: " + why
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: dedupe(edits)}}
	}
	c.report(k, d)
}

// fetchNames is the short names of k's fetch calls ("Poll"), "the poll"
// when none is in sight.
func fetchNames(k *consumer.Consumer) string {
	var names []string
	for _, f := range allCallsWith(k, clientmodel.Fetch) {
		names = append(names, clientmodel.ShortName(f.Func))
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) == 0 {
		return "the poll"
	}
	return strings.Join(names, " or ")
}
