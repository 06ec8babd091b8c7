package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
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
	// Calls k shares with another consumer (Also: a poll function both
	// are passed to) do nothing for k too.
	for _, call := range append(slices.Clip(k.Calls), k.Also...) {
		add(positionUse{CallRef: call.CallRef, pos: call.Pos(), call: call})
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
	race := ""   // what an explicit commit of the stores does, when it races the processing
	var raceRel []analysis.RelatedInformation
	ok := false
	if !timer {
		// Without the timer an ignored store loses nothing by itself: the
		// explicit commits decide (confluent's Commit sends the offsets
		// auto-stored on delivery, which a synchronous loop has processed,
		// but messages still processed where it runs on a goroutine of its
		// own or while workers process them: storeRace).
		// Ignored marks matter only when every commit sends marked
		// positions (CommitMarkedOffsets, itself a no-op then): nothing is
		// ever committed. With no commit, making marks effective would not
		// help; with a commit of explicit records or offsets, the no-op
		// mark is useless but loses nothing.
		switch first.NeedsSetting {
		case clientmodel.AutoStore:
			// Unless the commits race the processing: committed on a
			// goroutine of their own, or while goroutines the messages
			// are handed to process them.
			if race, raceRel, ok = c.storeRace(k, bad); !ok {
				return
			}
		case clientmodel.MarksOnly:
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
		default:
			return
		}
	}
	var edits []analysis.TextEdit
	refused, replacing := "", false
	if off := c.offOption(k); first.NeedsSetting == clientmodel.MarksOnly && !timer && off != nil {
		replacing = true
		// The client refuses marked auto-commit beside auto-commit
		// disabled (franz-go's NewClient fails: the service would not
		// start), so the option turning it off becomes the marks one;
		// where it cannot, adding the marks option would be that.
		edits, refused = c.replaceOffOption(k, off, clientmodel.MarksOnly)
		ok = refused == ""
	} else {
		edits, ok = c.setSetting(k, first.NeedsSetting, first.NeedsValue)
	}
	ev := semantics.For(c.pass, k)
	unordered := first.NeedsSetting == clientmodel.MarksOnly && outOfOrderMarks(ev)
	// A record left unmarked after a failure, which the loop goes on from
	// (goesOn), is lost with the marks' option too when later marks pass
	// it.
	var marks []*consumer.Call
	for _, b := range bad {
		if b.call != nil {
			marks = append(marks, b.call)
		}
	}
	goesOn := first.call != nil && c.goesOn(first.call, marks)
	passed := first.NeedsSetting == clientmodel.MarksOnly && goesOn && marksPastFailures(ev)
	fixable := ok
	if unordered || passed {
		// Made to count, marks of goroutines finishing out of order
		// commit the highest while lower records are in flight (audit
		// 33d/8: 7 and 22 of 300 lost with the fix, none without it);
		// a mark of a later record commits past one whose failure the
		// loop went on from (audit 34d/1: 9 lost before, 14 after).
		ok = false
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
	for _, cb := range c.hookCalls(k, first.NeedsSetting) {
		rel = append(rel, related(cb.Pos(), clientmodel.ShortName(cb.Func)+" in the revoke callback also does nothing"))
	}
	if k.From != nil {
		rel = append(rel, related(k.Site.Pos(), "consumer built by "+ssaflow.ShortFunc(k.From)+" ("+k.BuiltAt+"), obtained here"))
	} else {
		rel = append(rel, related(k.Site.Pos(), "consumer created here"))
	}
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
		if race != "" {
			// Auto-commit is off: the explicit commit sends the offsets
			// stored on delivery, racing the processing.
			d.Message = fmt.Sprintf("offset store does nothing while %s is on: %s returns ErrInvalidArg and offsets are stored when messages are handed to the app, and %s: a crash loses them (at-most-once)",
				k.Client.Spell(clientmodel.AutoStore), name, race)
			d.SuggestedFixes[0].Message += ", so that the stores made after processing are what is committed"
			rel = append(raceRel, rel...)
		}
	default:
		// Whether a record left unmarked is lost depends on what the
		// code does after a failure: it is lost when the code goes on to
		// the next record (and so to the next poll, which makes it
		// committable); a loop that stops at it loses nothing (the
		// crash experiments of oracle/ show both).
		cost := "a record left unmarked is committed anyway if the loop goes on, and a restart replays everything since the last timer commit, not since the last mark"
		if goesOn {
			cost = "a record this code leaves unmarked and goes on from (after a failure) is committed when the loop polls again, and never retried (lost)"
		}
		d = analysis.Diagnostic{
			Category: CategoryMarksIgnored,
			Message: fmt.Sprintf("mark is a no-op without %s(): %s changes nothing, and auto-commit commits every record of a poll once the loop polls again, marked or not: %s",
				k.Client.Spell(clientmodel.MarksOnly), name, cost),
			SuggestedFixes: []analysis.SuggestedFix{{Message: "Add " + k.Client.Spell(clientmodel.MarksOnly) + "()", TextEdits: edits}},
		}
		if replacing {
			d.SuggestedFixes[0].Message = "Replace " + k.Client.Spell(clientmodel.AutoCommit) + "() with " + k.Client.Spell(clientmodel.MarksOnly) + "()"
		}
		if !timer {
			// Auto-commit is off and every commit is CommitMarkedOffsets,
			// itself a no-op without AutoCommitMarks.
			d.Message = fmt.Sprintf("mark is a no-op without %s(): %s changes nothing and %s commits nothing, so with auto-commit off no offset is ever committed: a restart replays everything, or, where a partition without a commit starts at the newest offset, skips what was produced while the group was down",
				k.Client.Spell(clientmodel.MarksOnly), name, commit)
		}
	}
	d.Pos, d.Related = first.pos, rel
	if first.call != nil && first.call.Consumer != k && k.Site != nil {
		// Bound to the other consumer, whose finding (if any) is reported
		// at the call: this one's goes where it is built.
		d.Pos = k.Site.Pos()
		rel = slices.DeleteFunc(rel, func(r analysis.RelatedInformation) bool { return r.Pos == d.Pos })
		d.Related = append([]analysis.RelatedInformation{related(first.pos, name+" is made here for this consumer too, in code it shares with another")}, rel...)
	}
	if k.From != nil {
		d.SuggestedFixes[0].Message += " in " + ssaflow.ShortFunc(k.From) + " (every consumer it builds)"
	}
	if !ok {
		title := d.SuggestedFixes[0].Message
		d.SuggestedFixes = nil
		var why string
		switch {
		case unordered:
			why = "the marks are made by goroutines that finish out of order, and marks only go forward, so once they count the timer commits the highest mark while lower records are still in flight (lost); have one goroutine per partition mark, or mark a tracker's low-water mark, before marks are made to count"
		case refused != "":
			why = refused + ": " + report.LowerFirst(title)
		case !fixable:
			why = unsettable(k) + ": " + report.LowerFirst(title)
		default: // passed
			why = "the loop goes on from a record whose processing failed and marks the records after it, and marks only go forward, so once they count the timer commits past the failed record (lost) all the same; retry it until it succeeds, or hand it to a dead-letter topic and check that write, before marks are made to count"
		}
		d.Message += "; no automatic fix: " + why
	}
	c.report(k, d)
}

// outOfOrderMarks reports marks made in goroutines that finish in any
// order: a mark in a goroutine the code starts per record, or several
// of, a pool (not one worker, not one goroutine per partition).
func outOfOrderMarks(ev *semantics.Evidence) bool {
	if ev == nil {
		return false
	}
	marksInGo := slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool { return pc.Role == clientmodel.Mark && pc.InGoroutine })
	return marksInGo && slices.ContainsFunc(ev.Launches, func(l *semantics.Launch) bool { return !l.PerPartition && !l.Single })
}

// marksPastFailures reports a mark made past a record whose processing
// failed and that the code went on from (semantics' Skips).
func marksPastFailures(ev *semantics.Evidence) bool {
	return ev != nil && slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool { return pc.Role == clientmodel.Mark && len(pc.Skips) > 0 })
}

// positionUse is a position call that needs a setting: made on the
// consumer in this package, or (need set) by another package the consumer
// is handed to, reported where it is handed over.
type positionUse struct {
	clientmodel.CallRef
	pos  token.Pos
	need *consumer.Need
	call *consumer.Call // the call, when made in this package
}

// goesOn reports whether the code that makes mark can go on to the next
// record without making it, or any other of marks made in its function: the function literal that receives the record
// (EachRecord's callback) has a path from its entry that returns without
// passing the mark (and sets no variable of its function, which may stop
// the loop), or the loop that takes the record has a path from where it
// takes it back to taking the next one without passing the mark. Paths
// through calls that never return (log.Fatal, panic) do not count.
func (c *checker) goesOn(mark *consumer.Call, marks []*consumer.Call) bool {
	marked := map[*ssa.BasicBlock]bool{mark.Instr.Block(): true}
	for _, m := range marks {
		if m.Fn == mark.Fn {
			marked[m.Instr.Block()] = true
		}
	}
	rec := ssaflow.Arg(mark.Instr.Common(), mark.Record)
	if sl, ok := rec.(*ssa.Slice); ok { // MarkCommitRecords(r): the packed r
		if arr, ok := sl.X.(*ssa.Alloc); ok {
			for _, ref := range *arr.Referrers() {
				if ia, ok := ref.(*ssa.IndexAddr); ok {
					for _, r := range *ia.Referrers() {
						if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
							rec = st.Val
						}
					}
				}
			}
		}
	}
	never := noreturn.Of(c.pass)
	dead := func(b *ssa.BasicBlock) bool {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Panic:
				return true
			case ssa.CallInstruction:
				if fn := ssaflow.Callee(in.Common()); fn != nil && never.Func(fn) {
					return true
				}
			}
		}
		return false
	}
	// reaches reports whether a block that to holds is reachable from
	// the successors of from, avoiding the mark's block and dead ends.
	reaches := func(from *ssa.BasicBlock, to func(*ssa.BasicBlock) bool) bool {
		seen := map[*ssa.BasicBlock]bool{}
		work := slices.Clone(from.Succs)
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[b] || marked[b] || dead(b) {
				continue
			}
			seen[b] = true
			if to(b) {
				return true
			}
			work = append(work, b.Succs...)
		}
		return false
	}
	fn := mark.Fn
	switch r := rec.(type) {
	case *ssa.Parameter:
		if fn.Parent() == nil || len(fn.Blocks) == 0 || marked[fn.Blocks[0]] {
			return false
		}
		// A literal that records the failure in a variable of its
		// function (applyErr = err) leaves the decision to that function,
		// which may stop the loop.
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if st, ok := in.(*ssa.Store); ok {
					if _, captured := st.Addr.(*ssa.FreeVar); captured {
						return false
					}
				}
			}
		}
		entry := fn.Blocks[0]
		returns := func(b *ssa.BasicBlock) bool {
			_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			return ok
		}
		return returns(entry) || reaches(entry, returns)
	case ssa.Instruction:
		b := r.Block()
		if b == nil || b.Parent() != fn || marked[b] {
			return false
		}
		return reaches(b, func(x *ssa.BasicBlock) bool { return x == b })
	}
	return false
}

// needRelated points at the function or field of the other package.
func needRelated(n *consumer.Need) analysis.RelatedInformation {
	return related(n.Entry.Pos(), fmt.Sprintf("%s calls %s on the client it receives here", n.Via, clientmodel.ShortName(n.Func)))
}

// hookCalls returns the calls needing setting made in a revoke callback
// (franz-go OnPartitionsRevoked's function) on the client the callback is
// given, which the model binds to no consumer: they do nothing either.
// Only for the package's one consumer of its client, whose callback it
// must then be.
func (c *checker) hookCalls(k *consumer.Consumer, setting clientmodel.Setting) []*consumer.Call {
	if slices.ContainsFunc(c.m.Consumers, func(o *consumer.Consumer) bool { return o != k && o.Client == k.Client }) {
		return nil
	}
	callbacks := map[*ssa.Function]bool{}
	for _, fn := range c.m.Flow.Funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				f := ssaflow.Callee(ci.Common())
				for _, h := range k.Client.RevokeHooks {
					if f == nil || h.Kind != clientmodel.HookRevoked || f.FullName() != h.Func {
						continue
					}
					arg := ssaflow.Arg(ci.Common(), h.Arg)
					if lit := ssaflow.Literal(arg); lit != nil {
						callbacks[lit] = true
					} else if fn, ok := arg.(*ssa.Function); ok {
						callbacks[fn] = true
					}
				}
			}
		}
	}
	var out []*consumer.Call
	for _, call := range c.m.Calls {
		if call.Consumer == nil && call.Client == k.Client && call.NeedsSetting == setting && callbacks[call.Fn] {
			out = append(out, call)
		}
	}
	return out
}

// offOption returns the option call in this package that turns k's
// auto-commit off (franz-go's DisableAutoCommit()), nil when auto-commit
// is off otherwise (a transactional ID, a caller's configuration) or on.
func (c *checker) offOption(k *consumer.Consumer) *ast.CallExpr {
	v, set := k.Settings.Set[clientmodel.AutoCommit]
	if k.Client.Config.Kind != clientmodel.Options || !set || v.On || !v.Pos.IsValid() || k.From != nil {
		return nil
	}
	call, _ := edit.CallAt(c.pass, v.Pos)
	if call == nil {
		if path := edit.Path(c.pass, v.Pos); len(path) > 0 {
			call, _ = path[0].(*ast.CallExpr)
		}
	}
	if call == nil || len(call.Args) > 0 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !strings.HasSuffix(k.Client.Spell(clientmodel.AutoCommit), "."+sel.Sel.Name) {
		return nil
	}
	return call
}

// replaceOffOption returns the edit replacing off, the option call that
// turns k's auto-commit off, with the option turning setting on, spelled
// with the same qualifier; or, when it cannot, why not.
func (c *checker) replaceOffOption(k *consumer.Consumer, off *ast.CallExpr, setting clientmodel.Setting) ([]analysis.TextEdit, string) {
	refuses := fmt.Sprintf("the client refuses %s() beside %s() (building the client fails)", k.Client.Spell(clientmodel.MarksOnly), k.Client.Spell(clientmodel.AutoCommit))
	v := k.Settings.Set[clientmodel.AutoCommit]
	switch {
	case k.Settings.Cond[clientmodel.AutoCommit]:
		return nil, "auto-commit is turned off on some paths only, where replacing " + k.Client.Spell(clientmodel.AutoCommit) + "() would leave the marks no-ops on the others"
	case c.hyp.decides(k, setting) || c.sharedSet(k, clientmodel.AutoCommit, v.Pos):
		return nil, "auto-commit is turned off by options other consumers share, or a caller sets, and " + refuses
	}
	var on *clientmodel.Knob
	for i, kn := range k.Client.Config.Knobs {
		if kn.Setting == setting && kn.Option != "" && kn.Value {
			on = &k.Client.Config.Knobs[i]
		}
	}
	sel, _ := ast.Unparen(off.Fun).(*ast.SelectorExpr)
	if on == nil || sel == nil {
		return nil, refuses
	}
	name := on.Option[strings.LastIndex(on.Option, ".")+1:]
	return []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(name)}}, ""
}
