package semantics

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/observe"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- what happens to a record whose processing fails ----
//
// Positions are cumulative: a commit (mark, store) of a partition's
// record covers every earlier record of the partition. So a record whose
// processing failed is replayed only if the code stops before any later
// position of its partition is written: a loop that logs the failure and
// commits the record anyway, or goes on to the next record and commits
// that one, skips it for good (no crash needed). The report says so where
// the code shows it; a loop that returns or exits on the failure shows
// nothing here.

// Skip is an error check whose failure branch the code goes on from,
// writing a position past the record whose processing failed.
type Skip struct {
	Call string         // the call whose failure is skipped: "db.ExecContext"
	Pos  token.Position // the call
	// Discarded reports a call whose error nothing reads; ReadAfter, one
	// whose error is read only after the position is written; Callback,
	// one that reports its error to a function literal it is given, which
	// only logs it; Deferred, one made after a deferred position call,
	// which runs when its function returns, failed or not.
	Discarded, ReadAfter, Callback, Deferred bool
	// MarkedOwn is where a failure branch writes the record's position
	// itself, whatever the failure (not told apart from a cancelled
	// context at a rebalance, or a transient one); zero if it does not.
	MarkedOwn token.Position
	// Tracked reports a call reporting its error to a completion
	// callback that tells a low-water tracker the record is done
	// (trackedOnFailure): the mark moves past it.
	Tracked bool
	// Recovered reports a handler that recovers a panic and only logs
	// it: a panic returns no error, and the caller goes on.
	Recovered bool
	// Fallback reports a handler a failure branch gives the record to,
	// whose answer nothing reads.
	Fallback bool
	// Kinds reports a call whose error is tested only for kinds of
	// failure (errors.Is), never against nil: the others go on.
	Kinds bool
	// Acked reports a call reporting its outcome to the callback that
	// writes the position, which writes it whatever the outcome; with
	// OnSuccess, only on a success, doing nothing on a failure but log.
	Acked, OnSuccess bool
	// Worker reports a failure a goroutine handling records (In) only
	// logs before it takes the next record (workerSkips).
	Worker bool
	// Cancelled reports a check of a context's cancellation (ctx.Err()
	// != nil) on which the code stops processing the records and goes on
	// to write positions past them (Call is the Err).
	Cancelled bool
	// Repolled reports a failure branch that polls again (continue
	// outer), taken for a retry: the next poll starts after the records
	// the last one held, the failed one and those after it.
	Repolled bool
	// In names the handler that makes the call and returns without its
	// error ("orders.(*Service).handle"), if not the loop's function
	// (with Outside, a handler of another package, which Pos calls); for
	// a poll's dropped errors (Evidence.PollDrop), the function that polls
	// again after the poll's own returns.
	In string
	// Queued is where the failure branch sends the record's data on a
	// channel (a failure channel another goroutine forwards to a retry
	// topic) before going on: the record is handed on, not dropped, but
	// the position does not wait for it (zero if it does not).
	Queued token.Position
	// Outside reports a handler In of another package: Pos is the call
	// of it, the failing call is in its package (handsoff.SwallowsFact).
	// With Overwritten, In returns the failure, then a deferred literal
	// replaces it in its named result (SwallowsFact.Deferred).
	Outside, Overwritten bool
	// Kind names the kind of failure, one a retry is for, that goes on
	// to the position, and why (retryKind).
	Kind string
	// Policy names the function value (a field or parameter) a failure
	// is given to, whose answer is the failure's, when In, passed for
	// it, returns nil whatever it is given (HandedFunc.Absorbed).
	Policy string
	// Restart names the function fetching records itself that returns
	// on the failure, and Again its caller that calls it again on the
	// same client (a supervisor logging a failed Run and running it
	// again): its next fetch starts after the failed record (restarts).
	// Pending, the function's full name, reports one whose callers are in
	// other packages: the skip holds only for a consumer whose code calls
	// it again there (Evidence.ForeignCalls, settled by Join).
	Restart, Again, Pending string
	// Shed reports an errgroup TryGo whose false answer (the group full,
	// the function not run) the code goes on from (shedSkips).
	Shed bool
	// Unset names the error field of the struct In returns, which In
	// never sets: the caller testing it sees no failure (unsetOnFailure).
	Unset string
	// IterErr reports an iterator keeping its failure for an Err method
	// the code never calls (iterErrSkips).
	IterErr bool
	// LastOnly reports a call whose error is kept in a variable the next
	// record's call overwrites, tested only after the loop (lastOnly).
	LastOnly bool
	// After names the loop function (its full name) whose failure's
	// return is followed by the call of Pending, committing everything
	// polled, by Again (afterLoopSkips, settled by Join).
	After string
	// Budget names the bound In's caller tests the count of failures In
	// answers with against ("budget", of n > s.budget): the failures
	// within it go on as successes (answerBudgeted).
	Budget string
}

// skippedFailures returns the checks of calls of the application (not the
// client's, not the context's) made on a record the position call pc
// writes past, whose failure branch reaches pc again without stopping:
// it falls through to it, goes on to the next record (its loop's next
// iteration takes a new record first), or returns from a function literal
// the client calls per record (EachRecord's). A branch that comes back to
// the check before a new record is taken retries; one that returns from
// a named function, panics or exits stops.
func (g *gatherer) skippedFailures(pc *consumer.Call) []Skip {
	fn := pc.Fn
	if fn == nil || pc.Instr == nil {
		return nil
	}
	if sites := g.wrapperSites(pc); sites != nil {
		var out []Skip
		for _, site := range sites {
			out = append(out, g.skippedFailures(site)...)
		}
		return uniqueSkips(out)
	}
	if skip, ok := g.literalDropped(fn); ok {
		return []Skip{skip}
	}
	if skip, ok := g.ackedRegardless(pc); ok {
		return []Skip{skip}
	}
	if skips := g.trackedOnFailure(pc); skips != nil {
		return skips
	}
	if skip, ok := g.recoveredPast(pc); ok {
		return []Skip{skip}
	}
	if pc.Record >= 0 {
		if sl, ok := ssaflow.Arg(pc.Instr.Common(), pc.Record).(*ssa.Slice); ok && sl.Low == nil && sl.High != nil {
			// The prefix of the batch the loop processed (recs[:n],
			// n counting the records done): a failure that stops the
			// loop leaves the rest out of the commit (audit 38b/D3).
			// Not one through the failed record (msgs[:i+1], i the
			// failed call's index: audit 39b/D12).
			if failed := g.throughFailed(pc, sl.High); failed != nil {
				return []Skip{{Call: callName(failed), Pos: g.posn(failed.Pos()), MarkedOwn: g.posn(pc.Pos())}}
			}
			return nil
		}
	}
	stops := g.stops()
	if d, result := deferOf(pc); d != nil && pc.Record < 0 && pc.Role == clientmodel.Commit && pc.Scope == clientmodel.ScopePolled && g.perPoll(d.Parent()) {
		// A commit of everything polled deferred by a helper handling
		// each poll (p.handle(ctx, fs) deferring it "whatever happens"):
		// a failure returning mid-poll commits past the record (hunt
		// 47f/D7: 146 of 300 lost).
		return g.deferredSkips(pc, d, result, stops)
	}
	if d, _ := deferOf(pc); d == nil && pc.Record < 0 && pc.Role == clientmodel.Commit && pc.Scope == clientmodel.ScopePolled {
		// A commit of everything polled in a function the loop's
		// function defers (defer s.Close(), Close committing in a
		// sync.Once: hunt 46f/D3, 146 of 300 lost): a failure that
		// returns mid-poll has it commit past the record.
		if d, result := g.deferredFrom(fn, pc.Instr.Block(), 0); d != nil && (g.fetchesFrom(d.Parent()) || g.perPoll(d.Parent())) {
			return g.deferredSkips(pc, d, result, stops)
		}
		if skips := g.afterLoopSkips(pc, stops); skips != nil {
			return skips
		}
	}
	if d, result := deferOf(pc); d != nil && pc.Record >= 0 {
		if g.retriedByCallers(pc, d) {
			// A function its callers call again with the same record
			// until it succeeds.
			return nil
		}
		if !sameRecordAfter(pc, d) {
			// A record the function sets later: the last one
			// applied, or one about to be (setBeforeFailure).
			return g.setBeforeFailure(pc, d, stops)
		}
		return g.deferredSkips(pc, d, result, stops)
	}
	at := pc.Instr.Block()
	takes := g.takes(pc, false)
	if len(takes) == 0 {
		return nil
	}
	perRecord := g.perRecordLiteral(fn) || g.perRecordHelper(pc) || g.fetchOnceHelper(pc) || g.goPerPoll(fn) || g.inPlacePerRecord(fn)
	// A function the client calls per record in turn (EachRecord's): the
	// next record's runs before the loop reads what a failure kept.
	callback := g.perRecordLiteral(fn) || g.inPlacePerRecord(fn)
	polls := map[*ssa.BasicBlock]bool{} // where a batch is polled
	for _, c := range g.ownCalls() {
		if c.Role == clientmodel.Fetch && c.Batch && c.Fn == fn {
			polls[c.Instr.Block()] = true
		}
	}
	sets := newTakeSets(takes, polls, at)
	outTakes, takesAt := sets.outTakes, func(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool { t, _ := sets.at(b); return t }
	// Where the records written are collected (done = append(done, r)),
	// and where they are taken for a check that they are collected past
	// (those that succeeded), the lists taking none themselves.
	var appends []*ssa.BasicBlock
	if pc.Record >= 0 {
		for _, a := range unpacked(ssaflow.Arg(pc.Instr.Common(), pc.Record)) {
			if list := ssaflow.ElemOf(a); list != nil {
				a = list // (each marked in a loop over them: review 41-1/D6)
			}
			appends = append(appends, appendBlocks(a)...)
		}
	}
	var listed takeSets
	if len(appends) > 0 {
		listed = newTakeSets(g.takes(pc, true), polls, at)
	}
	// How the function is called again after it returns a failure
	// (restarts), found on the first such return.
	var restartBy *ssa.Function
	restartPending, restartKnown := "", false
	restart := func() (*ssa.Function, string) {
		if !restartKnown {
			restartBy, restartPending = g.restarts(pc)
			restartKnown = true
		}
		return restartBy, restartPending
	}
	// A poll made once per call of a function called again (restarts):
	// the next call's poll is the next position, after a return.
	pollOnce := func() bool {
		if pc.Role != clientmodel.Fetch || ssaflow.InLoop(at) {
			return false
		}
		by, pending := restart()
		return by != nil || pending != ""
	}
	var out []Skip
	for _, b := range fn.Blocks {
		// The records written are those collected past the check (the
		// ones that succeeded): a failed one is passed only by a later
		// one collected, not by a break to the commit of those before it.
		collected := slices.ContainsFunc(appends, func(ab *ssa.BasicBlock) bool {
			return b.Dominates(ab) && len(b.Succs) == 2 && (b.Succs[0].Dominates(ab) || b.Succs[1].Dominates(ab))
		})
		takes, polls := sets.at(b)
		errTakes := takes // (where the failure's error is followed: review 41-1/D5's prefix returning it after the commit)
		if collected {
			takes, polls = listed.at(b)
		}
		check, call, fail := failureCheck(b)
		if check == nil {
			// A processing call that says whether it succeeded with a
			// bool (if ok := deliver(msg); ok { mark }), not a filter
			// (if valid(msg) { process(msg); mark }).
			check, call, fail = g.boolCheck(b, pc, at, takes, polls)
		}
		excluded := fail // (the success path reaches pc without it)
		if check == nil {
			// Or with a status (switch svc.Apply(v) { case Rejected:
			// ... }), whose success may take the failure's way too
			// (code >= 500 { return }: 0 and 201 both go on).
			check, call, fail = g.outcomeCheck(b)
			excluded = nil
		}
		cancelled := call != nil && g.cancelCheck(call, pc)
		// A context made outside the loop stays cancelled: a check of it
		// met again fails again (not one made per record: review 38-2/D9).
		sticky := cancelled && !madeInLoop(ssaflow.Recv(call.Common()))
		// (A cancellation tested in a failure branch, going on to the
		// position while the other failures return: hunt 43f/D3, D6.)
		if check == nil || !g.appCall(call) && !cancelled || !dominatedByAny(b, takes) || !(cancelled && (!inBranch(fail, at) || singleRecord(pc))) && !reachesBefore(b.Succs, excluded, at, b, takes) && !(pollOnce() && reachesFirst(b.Succs, excluded, b, takes, returns)) || retriedInPlace(call, fail) {
			continue
		}
		failed := failedErrors(b, fail, errTakes)
		// The branches a failure takes when told apart as one a retry is
		// for (a cancellation, a timeout): one going on to the position
		// skips what should have been retried.
		kinds := g.retryKinds(fail)
		type state struct {
			b       *ssa.BasicBlock
			took    bool
			rewound bool // a rewind (SetOffsets, Seek) on the way
			kind    bool // through one of kinds
			// moved: back at the check with the next record of the
			// batch, whose call overwrites the failure kept in the
			// variable its error is assigned to (lastOnly)
			moved bool
		}
		anew := recordMadeIn(call, b) // where the call's record is made anew
		seen := map[state]bool{}
		work := []state{{b: fail}}
		found, goesOn := false, false
		kind, kindFound := "", false // the kind going on to the position
		ownRecord := false           // markedOwn writes one record's position
		var fallback *ssa.Call       // a handler the failure branch gives the record to, its answer dropped
		repolled := false            // the failure polls again: the rest of the poll goes too
		var markedOwn token.Pos      // where the failure branch writes the position
		var queued token.Pos
		lastFound := false        // reached through the next record overwriting the failure (state.moved)
		var againBy *ssa.Function // the caller calling the function again after its failure's return
		againPending := ""        // or the function, for callers of other packages to call again
		for len(work) > 0 && !goesOn {
			s := work[len(work)-1]
			work = work[:len(work)-1]
			if !s.took && rewinds(s.b) {
				s.rewound = true
			}
			if k, ok := kinds[s.b]; ok && !s.took && !s.kind {
				s.kind = true
				if kind == "" {
					kind = k
				}
			}
			if takes[s.b] {
				if !s.took && polls[s.b] && s.b != b {
					if s.rewound {
						// Rewound to the failed record, then polled
						// again: it comes back, a retry.
						continue
					}
					repolled = true
				}
				s.took = true
			}
			if !s.took && fallback == nil && fail.Dominates(s.b) {
				fallback = g.droppedFallback(s.b, pc)
			}
			if !seen[s] && !s.took && s.b != at && fail.Dominates(s.b) && g.writesPosition(s.b) && (!stops(s.b) || cancelled) {
				// (A cancellation's branch writing the position before
				// it returns: review 43-3/D12, D13.)
				// The failure branch writes the position itself: on
				// purpose for a failure told apart (a poison record),
				// but for every failure (a cancelled context at a
				// rebalance too) it drops the record (markedOwn).
				if i := slices.IndexFunc(g.ownCalls(), func(c *consumer.Call) bool { return c.Instr.Block() == s.b }); i >= 0 && !markedOwn.IsValid() && !g.prefixBefore(g.ownCalls()[i]) {
					markedOwn = g.ownCalls()[i].Pos()
					// (A record's own: not a list of those done, nor a
					// flush of the marks made: review 43-2/D5, D6.)
					ownRecord = singleRecord(g.ownCalls()[i])
				}
				kindFound = kindFound || s.kind && ownRecord
			}
			if s.b == b && !s.took && !sticky && !s.moved && anew != nil && anew[s.b] && s.b != fail {
				// (err = book(r) in a loop over the batch, logged, then
				// err tested after the loop: only the last record's
				// failure is left to test, hunt 45f/D6.)
				s.moved = true
			}
			if seen[s] || s.b == b && (!s.took || sticky) && !s.moved || stops(s.b) && !(cancelled && s.b == at) || !s.took && s.b != at && g.writesPosition(s.b) {
				continue
			}
			seen[s] = true
			if !s.took && queued == token.NoPos && fail.Dominates(s.b) {
				// A send in the failure branch itself, not in code the
				// success path shares (an audit copy of every record).
				queued = g.sendsRecord(s.b)
			}
			if !s.took && !s.moved && !(cancelled && s.b == at) && (g.processesBesides(s.b, pc, func(c *ssa.Call) bool { return c == fallback }) || g.producesRecord(s.b) || perRecord && keepsState(s.b) && (!callback || testsKept(s.b, pc.Instr)) || g.perPartition(fn) && keepsError(s.b, pc.Instr) && returns(s.b) || listKept(s.b, pc.Instr) || g.mayStop(s.b, stops, 0)) {
				// The record's processing can go on after the failure
				// (a header that did not parse, the record saved
				// without it): the failed call prepares, and what is
				// lost is not this check's to say.
				goesOn = true
				break
			}
			if s.b == at {
				// (Not a list of the records that succeeded, reached
				// before a later one is added: a break committing the
				// prefix before the failed one; but the loop going on
				// past it to take more, whose commit passes the failed
				// one: review 41-1/D5.)
				// (Or the branch of a cancellation writing the record in
				// hand itself: append(done, r)..., review 43-3/D13.)
				if s.moved && !s.took {
					lastFound = true // (found only so: only the last failure is tested)
				} else {
					found = found || s.took || !collected || cancelled && inBranch(fail, at) && singleRecord(pc)
				}
				kindFound = kindFound || s.kind && (s.took || !collected)
				if collected && !s.took && !found {
					succs := s.b.Succs
					if v, failing, _ := nilTest(s.b); v != nil && failed[v] {
						// (The failure returned after the commit of
						// those before it: precision hunt 43p/D3.)
						succs = []*ssa.BasicBlock{failing}
					}
					for _, n := range succs {
						work = append(work, state{n, s.took, s.rewound, s.kind, s.moved})
					}
				}
				continue
			}
			if returns(s.b) && ssaflow.IsYield(s.b.Parent()) && !ssaflow.YieldGoesOn(s.b) {
				continue // (a break or a return out of a range-over-func loop over the records)
			}
			if returns(s.b) {
				// (Or a helper given the records returning no error on
				// the failure, which its caller cannot tell from a
				// success: flush logging a failed bulk request, then
				// the next batch's commit: hunt 44f/D7, 6 to 55 of 300
				// lost.)
				direct := perRecord || (nilErrorReturn(s.b) || sameAnswer(s.b, pc.Instr)) && g.givenRecords(pc) >= 0 // else the failure stops the loop
				found = found || direct
				if !direct && !s.took && !s.rewound && !cancelled {
					// (Or a function fetching its records itself, called
					// again on the same client after the failure: a
					// supervisor in main logging a failed Run and running
					// it again, whose next fetch starts after the failed
					// record: trial 44a/D1, D2, 121 to 299 of 300 lost.)
					if by, pending := restart(); by != nil {
						found, againBy = true, by
					} else if pending != "" {
						againPending = pending
					}
				}
				continue
			}
			succs := s.b.Succs
			if v, failing, _ := nilTest(s.b); !s.took && v != nil && failed[v] && !(s.moved && lastOnly(v, call)) {
				// The same error tested again (err != nil once to log,
				// once to return): only its failing branch is taken.
				succs = []*ssa.BasicBlock{failing}
			} else if c, ok := v.(*ssa.Call); ok && !s.took && sticky && g.cancelCheck(c, pc) && !madeInLoop(ssaflow.Recv(c.Common())) {
				// A cancelled context tested again (after the break
				// out of the batch, before its mark): still cancelled
				// (review 38-2/D10).
				succs = []*ssa.BasicBlock{failing}
			}
			for _, n := range succs {
				work = append(work, state{n, s.took, s.rewound, s.kind, s.moved})
			}
		}
		lastFound = lastFound && !found
		found = found || lastFound
		if repolled && backBeforePoll(fail, b, polls) {
			// The failure goes on to the poll's next record (continue
			// in a loop over them), which comes back to the check: it
			// polls again only once the poll's records are through
			// (audit 35a/D3).
			repolled = false
		}
		// A failure told apart from others may be skipped on purpose (a
		// poison record), but not by polling again: that drops the
		// records after it in the poll as well, which nobody means (a
		// "re-poll" taken for a retry: the next poll starts after them).
		switch {
		case (found || markedOwn.IsValid()) && !goesOn && fallback != nil:
			// Whatever kind of failure it was, the fallback's own goes
			// on to the position, the loop's or the branch's own (trial
			// 42c/D1).
			out = append(out, Skip{Call: callName(fallback), Pos: g.posn(fallback.Pos()), Fallback: true})
		case !found && markedOwn.IsValid() && !goesOn && (!tellsApart(b, fail) && !cancelled || cancelled && ownRecord || kindFound) && queued == token.NoPos && !decodes(call):
			out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), MarkedOwn: g.posn(markedOwn), Cancelled: cancelled, Kind: kind})
		case kindFound && !goesOn && queued == token.NoPos && !decodes(call):
			out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Kind: kind})
		case (found || againPending != "") && !goesOn && (cancelled || !tellsApart(b, fail) || repolled || everyFailureGoesOn(b, fail, at, takes, perRecord || againBy != nil || againPending != "", stops)):
			skip := Skip{Call: callName(call), Pos: g.posn(call.Pos()), Repolled: repolled, Cancelled: cancelled}
			if queued.IsValid() {
				skip.Queued = g.posn(queued)
			}
			switch {
			case lastFound:
				skip.LastOnly = true
			case againBy != nil:
				skip.Restart, skip.Again = consumer.DisplayName(fn), consumer.DisplayName(againBy)
			case !found:
				skip.Restart, skip.Pending = consumer.DisplayName(fn), againPending
			}
			out = append(out, skip)
		}
	}
	out = append(out, g.skippedInLiterals(pc, outTakes, stops)...)
	// A processing call whose error nothing reads before the position
	// call (nothing at all, or only checks after it: err = send(req);
	// mark; if err != nil { ... }): its failure goes on to it all the
	// same.
	for _, b := range fn.Blocks {
		takes := takesAt(b)
		if !dominatedByAny(b, takes) {
			continue
		}
		for i, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok || !g.appCall(call) || quiet(call) {
				continue
			}
			discarded := errorDiscarded(call)
			kinds := !discarded && errorKindsOnly(call)
			if !discarded && !kinds && !errorReadAfter(call, pc.Instr) {
				continue
			}
			before := b == at && i < slices.Index(at.Instrs, ssa.Instruction(pc.Instr))
			if !before && !reachesBefore(b.Succs, nil, at, b, takes) {
				continue
			}
			out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Discarded: discarded, Kinds: kinds, ReadAfter: !discarded && !kinds})
		}
	}
	// A processing call that reports its failure to a callback it is
	// given (insert(ctx, m.Value, func(err error) { if err != nil {
	// log.Print(err) } })), which only logs it: the position call after it
	// goes on as from a success.
	for _, b := range fn.Blocks {
		takes := takesAt(b)
		if !dominatedByAny(b, takes) {
			continue
		}
		for i, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok || !g.appCall(call) {
				continue
			}
			before := b == at && i < slices.Index(at.Instrs, ssa.Instruction(pc.Instr))
			if !before && !reachesBefore(b.Succs, nil, at, b, takes) {
				continue
			}
			// Its completion callback: the call answers nothing itself,
			// and is given the record's data.
			if call.Call.Signature().Results().Len() == 0 && slices.ContainsFunc(call.Call.Args, g.handlerArg) &&
				slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return loggingCallback(ssaflow.Literal(a), stops) }) {
				out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Callback: true})
			}
		}
	}
	// A handler given the record that logs a failure and returns without
	// it: the caller goes on as from a success.
	for _, b := range fn.Blocks {
		takes := takesAt(b)
		if !dominatedByAny(b, takes) {
			continue
		}
		for i, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok || !g.appCall(call) {
				continue
			}
			before := b == at && i < slices.Index(at.Instrs, ssa.Instruction(pc.Instr))
			if !before && !reachesBefore(b.Succs, nil, at, b, takes) || g.processedLater(b, i, at, takes, pc) {
				continue // the record's processing goes on after it (a side handler's failure)
			}
			out = append(out, g.swallowedIn(call, g.handlerArg, 1, map[*ssa.Function]bool{}, stops)...)
			if skip, ok := g.droppedBy(call); ok {
				out = append(out, skip)
			}
			// A handler that recovers a panic and only logs it returns
			// no error from the panic: the caller goes on as from a
			// success (a nil named result, never set).
			// (A literal called in place binding the record too: func() {
			// defer func() { recover(); log }(); mustApply(r) }(), trial
			// 41e/D6.)
			if g.recoversQuietly(call) && slices.ContainsFunc(append([]ssa.Value{call.Call.Value}, call.Call.Args...), func(a ssa.Value) bool { return g.handlerArg(a) || g.boundRecord(a) }) {
				out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Recovered: true})
			}
		}
	}
	return uniqueSkips(out)
}

// singleRecord reports whether c writes the position of one record it
// is given (MarkMessage(msg), CommitMessages(ctx, m)), or of a list
// holding the one in hand (fs.Records()..., append(done, r)...: review
// 43-3/D12, D13), not of a list of others (done...).
func singleRecord(c *consumer.Call) bool {
	if c.Record < 0 {
		return false
	}
	a := ssaflow.Arg(c.Instr.Common(), c.Record)
	if sl, ok := a.(*ssa.Slice); ok && !varargs(sl.X) {
		a = sl.X
	}
	if call, ok := a.(*ssa.Call); ok {
		if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
			return true
		}
		if f := ssaflow.Callee(call.Common()); f != nil && f.Name() == "Records" {
			return true
		}
	}
	vs := unpacked(a)
	return len(vs) == 1 && !holdsList(vs[0].Type())
}

// holdsList reports whether t is a slice or an array.
func holdsList(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	}
	return false
}

// retryKinds returns the blocks a failure branch (fail) takes when it
// tells its failure apart as one a retry is for: the branch of a test of
// a cancellation or a deadline (errors.Is(err, context.Canceled)), or of
// a method saying the failure is transient (ie.Timeout(),
// temp.Temporary()), each with the kind's name. A poison record is told
// apart to be dropped; these are the outages a retry waits out (hunt
// 43f/D4, D8, D9: the timeout skipped, at-least-once, 3 of 300 lost).
func (g *gatherer) retryKinds(fail *ssa.BasicBlock) map[*ssa.BasicBlock]string {
	var out map[*ssa.BasicBlock]string
	for _, x := range fail.Parent().Blocks {
		if !fail.Dominates(x) {
			continue
		}
		_, v, yes, no := boolBranches(x)
		if k, onTrue := retryKind(v); k != "" {
			if out == nil {
				out = map[*ssa.BasicBlock]string{}
			}
			if !onTrue {
				yes = no
			}
			out[yes] = k
		}
	}
	return out
}

// retryKind names the kind of failure a bool v tests for when it is one a
// retry is for, and says why: errors.Is(err, context.Canceled), a
// transient failure's method (ie.Timeout()); "" otherwise.
func retryKind(v ssa.Value) (kind string, onTrue bool) {
	if cmp, ok := v.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) && isError(cmp.X.Type()) {
		// (err == context.Canceled, err != context.Canceled: review
		// 43-2/D9.)
		return retryGlobal(cmp.Y), cmp.Op == token.EQL
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return "", false
	}
	f := ssaflow.Callee(c.Common())
	if f == nil {
		return "", false
	}
	if f.Pkg() != nil && f.Pkg().Path() == "errors" && f.Name() == "Is" && len(c.Call.Args) == 2 {
		return retryGlobal(c.Call.Args[1]), true
	}
	if f.Pkg() != nil && f.Pkg().Path() == "os" && f.Name() == "IsTimeout" {
		return "os.IsTimeout (a transient failure, one a retry is for)", true
	}
	switch f.Name() {
	case "Timeout", "Temporary", "IsTimeout", "IsTemporary", "Retryable", "IsRetryable", "Transient", "IsTransient":
		if sig := c.Call.Signature(); len(c.Call.Args) <= 1 && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
			return f.Name() + "() (a transient failure, one a retry is for)", true
		}
	}
	return "", false
}

// retryGlobal names v, a load of context.Canceled, context.DeadlineExceeded
// or os.ErrDeadlineExceeded, and why a retry is for it; "" otherwise.
func retryGlobal(v ssa.Value) string {
	load, ok := v.(*ssa.UnOp)
	if !ok {
		return ""
	}
	gl, ok := load.X.(*ssa.Global)
	if !ok {
		return ""
	}
	obj, _ := gl.Object().(*types.Var)
	switch handsoff.RetrySentinel(obj) {
	case handsoff.Cancellation:
		return "context.Canceled (a cancellation, at a shutdown or a rebalance, that left it unprocessed)"
	case handsoff.Deadline:
		return gl.Pkg.Pkg.Path() + "." + gl.Name() + " (a deadline, a transient failure a retry is for)"
	}
	return ""
}

// cancelCheck reports whether call is a context's Err whose check can
// stop the processing of records that pc then writes past (a break out
// of the loop over a batch on a shutdown, then the batch's commit: audit
// 38b/D1, D2, D11: 2 to 19 of 300 lost at a SIGTERM); not when pc is
// given that same context, whose cancellation fails it too.
func (g *gatherer) cancelCheck(call *ssa.Call, pc *consumer.Call) bool {
	f := ssaflow.Callee(call.Common())
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != "context" || f.Name() != "Err" {
		return false
	}
	ctx := ssaflow.Recv(call.Common())
	return ctx != nil && (pc.Role == clientmodel.Fetch || !slices.Contains(pc.Instr.Common().Args, ctx))
}

// trackedOnFailure returns the failure of the processing call that
// reports it to pc's function, a completion callback writing the
// low-water mark a tracker returns (send(v, func(err error) {...}), the
// shape the low-water fix writes), when its failure branch tells the
// tracker the record is done (tracker.Done) without a position: the mark
// then moves past the failed record, and a later position passes it
// (audit 37c/D9: the fix kept the skip, and the row said at-least-once).
func (g *gatherer) trackedOnFailure(pc *consumer.Call) []Skip {
	fn := pc.Fn
	if fn.Parent() == nil || len(fn.Params) == 0 || !isError(fn.Params[len(fn.Params)-1].Type()) {
		return nil // (the error comes last: a produce promise's func(r, err): review 38-2/D7)
	}
	errp := fn.Params[len(fn.Params)-1]
	site, ok := ssaflow.PassedTo(fn, func(*types.Func) bool { return true }).(*ssa.Call)
	if !ok {
		return nil
	}
	stops := g.stops()
	for _, b := range fn.Blocks {
		v, fail, _ := nilTest(b)
		if v != ssa.Value(errp) || fail == nil {
			continue
		}
		// The failure branch and what it falls through to (a log, then
		// the success path's Done and position: review 38-2/D7), up to
		// a return or a stop; not one handing the record on (to a dead
		// letter topic: review 38-2/D8).
		seen := map[*ssa.BasicBlock]bool{}
		work := []*ssa.BasicBlock{fail}
		done := false
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[x] || x == b || stops(x) {
				continue
			}
			seen[x] = true
			tracks := func(c *ssa.Call) bool { return trackerDone(ssaflow.Callee(c.Common())) }
			if fail.Dominates(x) && (g.producesRecord(x) || g.processesBesides(x, pc, tracks) || g.mayStop(x, stops, 0)) {
				done = false
				break
			}
			for _, in := range x.Instrs {
				if c, ok := in.(ssa.CallInstruction); ok && trackerDone(ssaflow.Callee(c.Common())) {
					done = true
				}
			}
			work = append(work, x.Succs...)
		}
		if done {
			return []Skip{{Call: callName(site), Pos: g.posn(site.Pos()), Tracked: true}}
		}
	}
	return nil
}

// trackerDone reports whether f tells a low-water tracker a record is
// done: a known tracker's (clientmodel.LowWater), or the Done of the one a
// fix declares (clientmodel.TrackerType).
func trackerDone(f *types.Func) bool {
	if f == nil {
		return false
	}
	if slices.Contains(clientmodel.LowWater, f.FullName()) {
		return true
	}
	recv := f.Type().(*types.Signature).Recv()
	if recv == nil || f.Name() != "Done" {
		return false
	}
	n, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
	return ok && n.Obj().Name() == clientmodel.TrackerType
}

// madeInLoop reports whether v is a context the context package derives
// in a loop of its function (one with a timeout per record), not one made
// before it, a parameter, a captured variable or the session's.
func madeInLoop(v ssa.Value) bool {
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Block() == nil || !ssaflow.InLoop(call.Block()) {
		return false
	}
	f := ssaflow.Callee(call.Common())
	return f != nil && f.Pkg() != nil && f.Pkg().Path() == "context"
}

// stops returns a test of whether a block stops its goroutine or the
// program: it panics, or calls what never returns (log.Fatal, os.Exit,
// a function of any package that always does).
func (g *gatherer) stops() func(*ssa.BasicBlock) bool {
	never := noreturn.Of(g.pass)
	return func(b *ssa.BasicBlock) bool {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Panic:
				return true
			case ssa.CallInstruction:
				if f := ssaflow.Callee(in.Common()); f != nil && never.Func(f) {
					return true
				}
			}
		}
		return false
	}
}

// decodes reports whether call decodes or checks a record's data
// (json.Unmarshal, strconv.Atoi, a validate or parse function): its
// failure is the record's, the same on every try (a poison record a
// failure branch marks on purpose), not a transient one.
func decodes(call *ssa.Call) bool {
	f := ssaflow.Callee(call.Common())
	if f == nil || f.Pkg() == nil {
		return false
	}
	if p := f.Pkg().Path(); strings.HasPrefix(p, "encoding/") || p == "strconv" || strings.HasSuffix(p, "/protobuf/proto") {
		return true
	}
	name := strings.ToLower(f.Name())
	for _, pre := range []string{"unmarshal", "decode", "parse", "validate", "deserialize"} {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	return false
}

// rewinds reports whether b moves where a partition's next fetch starts
// (clientmodel's Rewinds: franz-go's SetOffsets, confluent's Seek).
func rewinds(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		if ci, ok := in.(ssa.CallInstruction); ok {
			if f := ssaflow.Callee(ci.Common()); f != nil && clientmodel.Default.Rewind(f) {
				return true
			}
		}
	}
	return false
}

// recoveredPast returns the failure of a record's processing that
// panics, when a deferred recover lets the record be passed: the
// deferred literal recovering the panic writes pc itself, whatever
// panicked (defer func() { if r := recover(); r != nil { log;
// sess.MarkMessage(msg, "poison") } }(): hunt 42f/D4, 3 of 300 lost
// without a crash), or pc's function, called per record, recovers it
// and only logs it before pc (hunt 42f/D4's variant): the next record's
// position passes it. The processing is the first call of the
// application the function makes before pc (or the literal's parent
// makes), no decode's (a poison record, dropped on purpose).
func (g *gatherer) recoveredPast(pc *consumer.Call) (Skip, bool) {
	if _, deferred := pc.Instr.(*ssa.Defer); deferred {
		return Skip{}, false
	}
	fn, own := pc.Fn, token.NoPos
	if parent := g.deferredBy(pc.Fn); parent != nil && onRecovered(pc.Instr) {
		fn, own = parent, pc.Pos()
	} else if !recoversIn(fn) || !g.perRecordHelper(pc) {
		return Skip{}, false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok || !g.appCall(call) || quiet(call) || decodes(call) || own == token.NoPos && !ssaflow.Dominates(call, pc.Instr) {
				continue
			}
			skip := Skip{Call: callName(call), Pos: g.posn(call.Pos()), In: consumer.DisplayName(fn), Recovered: true}
			if own.IsValid() {
				skip.MarkedOwn = g.posn(own)
			}
			return skip, true
		}
	}
	return Skip{}, false
}

// deferredBy returns the function deferring fn: a literal's parent
// deferring it, or a function of the package making a defer of it
// (defer h.poison(sess, msg): review 43-1/D11); nil if none.
func (g *gatherer) deferredBy(fn *ssa.Function) *ssa.Function {
	if lit := fn; lit.Parent() != nil {
		for _, b := range lit.Parent().Blocks {
			for _, in := range b.Instrs {
				if d, ok := in.(*ssa.Defer); ok && ssaflow.Literal(d.Call.Value) == lit {
					return lit.Parent()
				}
			}
		}
		return nil
	}
	for _, site := range g.m.Flow.Callers(fn) {
		if d, ok := site.(*ssa.Defer); ok {
			return d.Parent()
		}
	}
	return nil
}

// onRecovered reports whether instr runs only when a panic is recovered
// (in the branch of r := recover(); r != nil), with nothing but logs
// before it there: not a dead-letter write (review 43-1/D6), nor a mark
// on a success only, the panic turned into an error (43-1/D5).
func onRecovered(instr ssa.Instruction) bool {
	fn := instr.Parent()
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL {
			continue
		}
		if c, ok := cmp.X.(*ssa.Call); !ok {
			continue
		} else if bi, ok := c.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "recover" {
			continue
		}
		yes, at := b.Succs[0], instr.Block()
		if cmp.Op == token.EQL {
			yes = b.Succs[1] // (r := recover(); if r == nil { return }: review 43-2/D12)
		}
		if !yes.Dominates(at) {
			continue
		}
		for _, x := range fn.Blocks {
			if x != at && yes.Dominates(x) && x.Dominates(at) && !onlyLogs(x.Instrs) {
				return false
			}
		}
		return onlyLogs(at.Instrs[:slices.Index(at.Instrs, instr)])
	}
	return false
}

// recoversQuietly reports whether call calls a function that recovers a
// panic and only logs it: one of the package (recoversIn), or of another
// (handsoff.RecoversFact: trial 41d/D8).
func (g *gatherer) recoversQuietly(call *ssa.Call) bool {
	callee := call.Call.StaticCallee()
	if f := ssaflow.Body(callee); f != nil && g.m.Flow.InPackage(f) {
		return recoversIn(f)
	}
	return callee != nil && g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Recovers(ssaflow.Callee(call.Common()))
}

// recoversIn reports whether fn defers a function literal that recovers
// a panic and does nothing but log it: no result of fn set (a named
// result captured by the literal), no panic again, no other call.
func recoversIn(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			d, ok := in.(*ssa.Defer)
			if !ok {
				continue
			}
			// A literal, or a function of the package (defer
			// h.recoverTo(&err): trial 42e/D2, D12).
			lit := ssaflow.Literal(d.Call.Value)
			if callee := d.Call.StaticCallee(); lit == nil && callee != nil && callee.Pkg == fn.Pkg {
				lit = callee
			}
			if lit == nil {
				continue
			}
			recovers, logs := false, true
			for _, lb := range lit.Blocks {
				for _, li := range lb.Instrs {
					switch x := li.(type) {
					case *ssa.Store:
						switch x.Addr.(type) {
						case *ssa.FreeVar, *ssa.Parameter:
							logs = false // a result set (err = fmt.Errorf(...), *errp = ...)
						}
					case *ssa.Panic:
						logs = false
					case *ssa.Call:
						if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
							recovers = true
						} else if f := ssaflow.Callee(x.Common()); !logging(x.Common()) && !quiet(x) || f != nil && (strings.HasPrefix(f.Name(), "Panic") || strings.HasPrefix(f.Name(), "Fatal")) {
							logs = false // (log.Panicf panics again, log.Fatal exits)
						}
					}
				}
			}
			if recovers && logs {
				return true
			}
		}
	}
	return false
}

// deferOf returns the defer statement that runs the position call pc
// when its function returns: pc itself (defer sess.MarkMessage(msg, "")),
// or the deferred function literal making pc whatever happens in it (in
// its entry block: defer func() { _ = r.CommitMessages(ctx, m) }()), or
// only when the function returns no error (guardedOnly's result). nil if
// none.
func deferOf(pc *consumer.Call) (d *ssa.Defer, result *ssa.Alloc) {
	if d, ok := pc.Instr.(*ssa.Defer); ok {
		return d, nil
	}
	return deferredLiteral(pc.Fn, pc.Instr.Block())
}

// deferredLiteral returns the defer of lit, a function literal, when it
// runs at (a block of lit) whatever happens in it, or only when the
// function deferring it returns no error (result, guardedOnly's); nil if
// none.
func deferredLiteral(lit *ssa.Function, at *ssa.BasicBlock) (d *ssa.Defer, result *ssa.Alloc) {
	if lit == nil || lit.Parent() == nil || len(lit.Blocks) == 0 {
		return nil, nil
	}
	guarded, nils := guardedOnly(at)
	if !guarded || len(nils) > 1 {
		return nil, nil
	}
	for _, b := range lit.Parent().Blocks {
		for _, in := range b.Instrs {
			d, ok := in.(*ssa.Defer)
			if !ok || ssaflow.Literal(d.Call.Value) != lit {
				continue
			}
			if len(nils) == 0 {
				return d, nil
			}
			// The function's error result, tested by the literal (defer
			// func() { if err == nil { mark } }(): trial 41e/D3, D7).
			mc, _ := d.Call.Value.(*ssa.MakeClosure)
			load, _ := nils[0].(*ssa.UnOp)
			if mc == nil || load == nil || load.Op != token.MUL {
				return nil, nil
			}
			fv, _ := load.X.(*ssa.FreeVar)
			i := slices.Index(lit.FreeVars, fv)
			if fv == nil || i < 0 || i >= len(mc.Bindings) {
				return nil, nil
			}
			// (Or a local the literal tests, which a shadowing err :=
			// leaves nil: review 42-1/D7.)
			if slot, ok := mc.Bindings[i].(*ssa.Alloc); ok && isError(slot.Type().(*types.Pointer).Elem()) {
				return d, slot
			}
			return nil, nil
		}
	}
	return nil, nil
}

// guardedOnly reports whether b is its function's entry, or reached from
// it through nil tests only: of a value that must not be nil (defer
// func() { if last != nil { mark(last) } }(): trial 41d/D1; or if last
// == nil { return }), or that must be (if err == nil { mark }), returned
// in nils.
func guardedOnly(b *ssa.BasicBlock) (ok bool, nils []ssa.Value) {
	for ; b.Idom() != nil; b = b.Idom() {
		ifi, ok := b.Idom().Instrs[len(b.Idom().Instrs)-1].(*ssa.If)
		if !ok {
			return false, nil
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL || b != b.Idom().Succs[0] && b != b.Idom().Succs[1] {
			return false, nil
		}
		if c, isConst := cmp.Y.(*ssa.Const); !isConst || !c.IsNil() {
			return false, nil
		}
		// (if last != nil { mark }, or if last == nil { return }; mark:
		// review 41-1/D2.)
		if (cmp.Op == token.EQL) == (b == b.Idom().Succs[0]) {
			nils = append(nils, cmp.X)
		}
	}
	return b.Index == 0, nils
}

// sameRecordAfter reports whether the record the deferred position call
// pc writes (deferOf's d) is fixed when the defer runs: not a variable
// the function assigns after the defer statement (last = m once the
// insert succeeded), read directly or through the deferred literal's
// free variable.
func sameRecordAfter(pc *consumer.Call, d *ssa.Defer) bool {
	arg := ssaflow.Arg(pc.Instr.Common(), pc.Record)
	if arg == nil {
		return false
	}
	if pc.Instr == ssa.CallInstruction(d) {
		// A deferred call's arguments are evaluated at the defer
		// (defer sess.MarkMessage(batch[len(batch)-1], ""): hunt 47f/D9).
		return true
	}
	// Through the variadic slice (CommitMessages(ctx, last)) too.
	return !slices.ContainsFunc(append([]ssa.Value{arg}, ssaflow.Elems(arg)...), func(v ssa.Value) bool { return setAfter(pc, d, v) })
}

// setAfter reports whether v loads a variable that d's function assigns
// after d (sameRecordAfter), or one it cannot tell.
func setAfter(pc *consumer.Call, d *ssa.Defer, v ssa.Value) bool {
	stores, unknown := storesAfter(pc, d, v)
	return unknown || len(stores) > 0
}

// storesAfter returns the stores to the variable v loads that d's
// function makes after d (setAfter); unknown when it cannot tell.
func storesAfter(pc *consumer.Call, d *ssa.Defer, v ssa.Value) (stores []*ssa.Store, unknown bool) {
	load, ok := ssaflow.Unconvert(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	addr := load.X
	if fv, ok := addr.(*ssa.FreeVar); ok && fv.Parent() != d.Parent() {
		// The deferred literal's variable: what its closure binds.
		addr = nil
		if mc, ok := d.Call.Value.(*ssa.MakeClosure); ok {
			if i := slices.Index(pc.Fn.FreeVars, fv); i >= 0 && i < len(mc.Bindings) {
				addr = mc.Bindings[i]
			}
		}
		if addr == nil {
			return nil, true
		}
	}
	switch a := addr.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
	case *ssa.IndexAddr:
		// An element of a batch (defer func() {
		// mark(batch[len(batch)-1]) }()): fixed unless the slice
		// variable is assigned after the defer (hunt 47f/D9's literal
		// probe).
		return storesAfter(pc, d, a.X)
	default:
		return nil, true
	}
	if addr.Referrers() == nil {
		return nil, true
	}
	at := slices.Index(d.Block().Instrs, ssa.Instruction(d))
	for _, u := range *addr.Referrers() {
		st, ok := u.(*ssa.Store)
		if !ok || st.Addr != addr || st.Block() == nil {
			continue
		}
		if st.Block() == d.Block() && slices.Index(d.Block().Instrs, ssa.Instruction(st)) > at || st.Block() != d.Block() && d.Block().Dominates(st.Block()) {
			stores = append(stores, st)
		}
	}
	return stores, false
}

// setBeforeFailure returns the skips of a deferred position call pc
// writing a variable its function sets to a record before processing it
// (last = msg; if err := save(msg); err != nil { return err }): the
// failure returns, and the defer writes the failed record's position
// (trial 41d/D1, D10: at-least-once, 3 of 300 lost without a crash).
func (g *gatherer) setBeforeFailure(pc *consumer.Call, d *ssa.Defer, stops func(*ssa.BasicBlock) bool) []Skip {
	arg := ssaflow.Arg(pc.Instr.Common(), pc.Record)
	if arg == nil {
		return nil
	}
	var out []Skip
	for _, v := range append([]ssa.Value{arg}, ssaflow.Elems(arg)...) {
		stores, _ := storesAfter(pc, d, v)
		for _, st := range stores {
			for _, b := range d.Parent().Blocks {
				if !st.Block().Dominates(b) {
					continue
				}
				for i, in := range b.Instrs {
					call, ok := in.(*ssa.Call)
					if !ok || b == st.Block() && i < slices.Index(b.Instrs, ssa.Instruction(st)) || !g.appCall(call) || quiet(call) {
						continue
					}
					if !slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool {
						return ssaflow.Derives(a, func(x ssa.Value) bool { return x == st.Val })
					}) {
						continue
					}
					if errorDiscarded(call) || g.failureReturns(call, stops) && !setOnFailure(call, st.Addr) {
						out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Discarded: errorDiscarded(call), Deferred: true})
					}
				}
			}
		}
	}
	return uniqueSkips(out)
}

// setOnFailure reports whether the branch taken when call fails (its
// error tested against nil) stores to addr on every path to a return
// (last = prev, last = nil: review 41-1/D1): the defer writes what that
// store says.
func setOnFailure(call *ssa.Call, addr ssa.Value) bool {
	errv := errorValue(call)
	if errv == nil {
		return false
	}
	for _, u := range *errv.Referrers() {
		cmp, ok := u.(*ssa.BinOp)
		if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL {
			continue
		}
		for _, uu := range *cmp.Referrers() {
			ifi, ok := uu.(*ssa.If)
			if !ok {
				continue
			}
			fail := ifi.Block().Succs[0]
			if cmp.Op == token.EQL {
				fail = ifi.Block().Succs[1]
			}
			// On every path from the failure to a return (not on one
			// kind of failure only: review 41-2/D1).
			seen := map[*ssa.BasicBlock]bool{}
			work := []*ssa.BasicBlock{fail}
			every := true
			for len(work) > 0 && every {
				b := work[len(work)-1]
				work = work[:len(work)-1]
				if seen[b] || b == ifi.Block() {
					continue
				}
				seen[b] = true
				if slices.ContainsFunc(b.Instrs, func(in ssa.Instruction) bool { st, ok := in.(*ssa.Store); return ok && st.Addr == addr }) {
					continue
				}
				if returns(b) {
					every = false
				}
				work = append(work, b.Succs...)
			}
			if every {
				return true
			}
		}
	}
	return false
}

// deferredFrom returns the defer running fn, a function of the package,
// from at (a block of fn) whatever happens in it: fn deferred by a caller
// (defer s.Close()), or run in place by a function that is (a literal
// called, or given to a sync.Once's Do; a function called), within a few
// calls; nil if none. With result, the deferring
// function's error result a deferred literal tests, it runs fn only when
// that is nil (defer func() { if err == nil { s.flush() } }(): hunt
// 44f/D1's twin).
func (g *gatherer) deferredFrom(fn *ssa.Function, at *ssa.BasicBlock, depth int) (*ssa.Defer, *ssa.Alloc) {
	if fn == nil || depth > ssaflow.MaxCallDepth {
		return nil, nil
	}
	if ok, nils := guardedOnly(at); !ok || len(nils) > 0 {
		// (Run only on some paths of fn: a clean stop's flag, if
		// s.clean { commit }, review 46-1/D2.)
		return nil, nil
	}
	if fn.Parent() != nil {
		switch ci := inPlaceSite(fn).(type) {
		case *ssa.Defer:
			return ci, nil
		case *ssa.Call:
			return g.calledDeferred(ci, depth)
		}
		return nil, nil
	}
	for _, site := range g.m.Flow.Callers(fn) {
		switch s := site.(type) {
		case *ssa.Defer:
			if s.Call.StaticCallee() == fn {
				return s, nil
			}
		case *ssa.Call:
			if d, result := g.calledDeferred(s, depth); d != nil {
				return d, result
			}
		}
	}
	return nil, nil
}

// afterLoopSkips returns, for pc committing everything polled in an
// exported function of the package nothing in it calls (a Close), the
// failures each exported loop function of the package (a Run polling in
// a loop, nothing in the package calling it) returns on, pending: a caller
// of another package calling the one after the other returns, or
// deferring it before (ForeignCall After: main's defer svc.Close(), then
// return svc.Run(ctx), review 46-1/D3: 146 of 300 lost), commits past
// them. Settled by Join (settleForeign).
func (g *gatherer) afterLoopSkips(pc *consumer.Call, stops func(*ssa.BasicBlock) bool) []Skip {
	exported := func(fn *ssa.Function) (*types.Func, bool) {
		obj, ok := fn.Object().(*types.Func)
		return obj, ok && fn.Parent() == nil && obj.Exported() && len(g.m.Flow.Callers(fn)) == 0
	}
	if ssaflow.InLoop(pc.Instr.Block()) {
		return nil
	}
	// The named function making the commit whatever happens in it,
	// through the literals it runs in place (s.once.Do(func() { ...
	// commit })).
	fn, at := pc.Fn, pc.Instr.Block()
	for {
		if ok, nils := guardedOnly(at); !ok || len(nils) > 0 {
			return nil // (a clean stop's flag: review 46-1/D2)
		}
		if fn.Parent() == nil {
			break
		}
		site := inPlaceSite(fn)
		if site == nil {
			return nil
		}
		fn, at = fn.Parent(), site.Block()
	}
	closer, ok := exported(fn)
	if !ok {
		return nil
	}
	var out []Skip
	for _, fn := range g.m.SSA.SrcFuncs {
		run, ok := exported(fn)
		if !ok || run == closer || !slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool {
			return c.Fn == fn && (c.Role == clientmodel.Fetch || c.Role == clientmodel.FetchCommit) && ssaflow.InLoop(c.Instr.Block())
		}) {
			continue
		}
		for _, s := range g.returnedFailures(fn, nil, nil, stops) {
			s.Pending, s.After, s.Deferred = closer.Origin().FullName(), run.Origin().FullName(), false
			out = append(out, s)
		}
	}
	return out
}

// perPoll reports whether fn, a named function, is called in a loop of a
// function that fetches: it handles each poll, or each batch.
func (g *gatherer) perPoll(fn *ssa.Function) bool {
	if fn.Parent() != nil {
		// (A literal called in place in the loop: func() { defer
		// commit(); ... }().)
		site := inPlaceSite(fn)
		_, called := site.(*ssa.Call)
		return called && ssaflow.InLoop(site.Block()) && g.fetchesFrom(site.Parent())
	}
	return slices.ContainsFunc(g.m.Flow.Callers(fn), func(site ssa.CallInstruction) bool {
		return ssaflow.InLoop(site.Block()) && g.fetchesFrom(site.Parent())
	})
}

// inPlaceSite returns the call or defer of lit's parent running lit, a
// function literal, in place: called, deferred, or given to a
// sync.Once's Do; nil if none.
func inPlaceSite(lit *ssa.Function) ssa.CallInstruction {
	for _, b := range lit.Parent().Blocks {
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cc := ci.Common()
			if ssaflow.Literal(cc.Value) == lit {
				return ci
			}
			if f := ssaflow.Callee(cc); f != nil && f.FullName() == "(*sync.Once).Do" && len(cc.Args) == 2 && ssaflow.Literal(cc.Args[1]) == lit {
				return ci
			}
		}
	}
	return nil
}

// calledDeferred is deferredFrom for the function making call: a deferred
// literal, at the call's block (deferredLiteral), or one deferred itself.
func (g *gatherer) calledDeferred(call ssa.CallInstruction, depth int) (*ssa.Defer, *ssa.Alloc) {
	if d, result := deferredLiteral(call.Parent(), call.Block()); d != nil {
		return d, result
	}
	return g.deferredFrom(call.Parent(), call.Block(), depth+1)
}

// retriedByCallers reports whether every call of d's function (a
// function of the package, or a literal called in place) is made in a
// loop that calls it again with the same record after a failure: the
// record pc writes is given to the call (or bound to the literal) by a
// value defined outside the cycle through the call (for { if err :=
// h.handle(sess, msg); err == nil { break } }), not anew on each turn.
func (g *gatherer) retriedByCallers(pc *consumer.Call, d *ssa.Defer) bool {
	fn := d.Parent()
	arg := ssaflow.Arg(pc.Instr.Common(), pc.Record)
	if arg == nil {
		return false
	}
	var sites []ssa.CallInstruction
	if fn.Parent() == nil {
		sites = g.m.Flow.Callers(fn)
	} else if parent := fn.Parent(); parent != nil {
		for _, b := range parent.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ssa.Call); ok && ssaflow.Literal(c.Call.Value) == fn {
					sites = append(sites, c)
				}
			}
		}
	}
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		// Where the record at the site is defined.
		var defs []ssa.Instruction
		r := ssaflow.Unconvert(arg)
		if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
			r = load.X // a captured variable
		}
		{
			switch r := r.(type) {
			case *ssa.Parameter:
				if r.Parent() != fn {
					return false
				}
				i := slices.Index(fn.Params, r)
				if i < 0 || i >= len(site.Common().Args) || site.Common().IsInvoke() {
					return false
				}
				v := site.Common().Args[i]
				if in, ok := v.(ssa.Instruction); ok && in.Block() != nil {
					defs = append(defs, in)
				}
			case *ssa.FreeVar:
				mc, ok := site.Common().Value.(*ssa.MakeClosure)
				i := slices.Index(fn.FreeVars, r)
				if !ok || i < 0 || i >= len(mc.Bindings) || mc.Bindings[i].Referrers() == nil {
					return false
				}
				for _, u := range *mc.Bindings[i].Referrers() {
					if st, ok := u.(*ssa.Store); ok && st.Addr == mc.Bindings[i] && st.Block() != nil {
						defs = append(defs, st)
					}
				}
			default:
				return false
			}
		}
		// A way back to the call that defines no new record.
		at := site.Block()
		defined := map[*ssa.BasicBlock]bool{}
		for _, def := range defs {
			if def.Block() == at && slices.Index(at.Instrs, def) < slices.Index(at.Instrs, ssa.Instruction(site)) {
				return false // defined anew right before the call, on every turn
			}
			defined[def.Block()] = true
		}
		seen := map[*ssa.BasicBlock]bool{}
		work := slices.Clone(at.Succs)
		again := false
		for len(work) > 0 && !again {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[b] || defined[b] && b != at {
				continue
			}
			seen[b] = true
			again = b == at
			work = append(work, b.Succs...)
		}
		if !again {
			return false
		}
	}
	return true
}

// deferredSkips returns the processing calls that a deferred position
// call pc (defer sess.MarkMessage(msg, ""), or made by a deferred
// literal: deferOf's d) runs after, whatever they return: a call of the
// application on the record's data, made after the defer, whose error is
// discarded, returned, or tested with a failure branch that returns (to
// retry the record, the caller would have to stop before any later
// position: the deferred one is already written) rather than panic, exit
// or try again. With result, the function's error result the defer
// writes the position only without, a failure returned in it is no skip;
// one returned without it is (a naked return, or return nil).
func (g *gatherer) deferredSkips(pc *consumer.Call, d *ssa.Defer, result *ssa.Alloc, stops func(*ssa.BasicBlock) bool) []Skip {
	return g.returnedFailures(d.Parent(), d, result, stops)
}

// returnedFailures returns the calls of the application on a record's
// data in fn (after from, when not nil) whose failure fn returns (as a
// success without result, deferredSkips), discarded or returned: what
// runs when fn returns writes past them.
func (g *gatherer) returnedFailures(fn *ssa.Function, from ssa.Instruction, result *ssa.Alloc, stops func(*ssa.BasicBlock) bool) []Skip {
	var out []Skip
	for _, b := range fn.Blocks {
		if from != nil && !from.Block().Dominates(b) {
			continue
		}
		for i, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok || from != nil && b == from.Block() && i < slices.Index(b.Instrs, from) || !g.appCall(call) || quiet(call) {
				continue
			}
			res := call.Call.Signature().Results()
			if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) || !slices.ContainsFunc(call.Call.Args, g.handlerArg) {
				continue
			}
			if errorDiscarded(call) || result == nil && g.failureReturns(call, stops) || result != nil && returnsNilResult(call, result, stops) {
				out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Discarded: errorDiscarded(call), Deferred: true})
			}
		}
	}
	return uniqueSkips(out)
}

// returnsNilResult reports whether call's failure (its error tested
// against nil) reaches a return of its function without a store of
// anything but nil to result, the function's error result: the failure
// returns as a success.
func returnsNilResult(call *ssa.Call, result *ssa.Alloc, stops func(*ssa.BasicBlock) bool) bool {
	// The failure is the result already when stored there (if err =
	// apply(v); err != nil { return }: review 42-1/D1), until a nil is
	// (err = nil, return nil: review 42-2/D2, D3).
	kept := false
	if errv := errorValue(call); errv != nil {
		kept = slices.ContainsFunc(*errv.Referrers(), func(in ssa.Instruction) bool {
			st, ok := in.(*ssa.Store)
			return ok && st.Addr == result
		})
	}
	// last returns whether the last store to result in n keeps a failure
	// (anything but a nil), and whether n stores to it at all.
	last := func(n *ssa.BasicBlock) (keeps, stores bool) {
		for _, in := range n.Instrs {
			if st, ok := in.(*ssa.Store); ok && st.Addr == result {
				k, isConst := st.Val.(*ssa.Const)
				keeps, stores = !isConst || !k.IsNil(), true
			}
		}
		return keeps, stores
	}
	type state struct {
		b    *ssa.BasicBlock
		kept bool
	}
	for _, b := range call.Parent().Blocks {
		check, c, fail := failureCheck(b)
		if check == nil || c != call {
			continue
		}
		seen := map[state]bool{{b, kept}: true}
		work := []state{{fail, kept}}
		for len(work) > 0 {
			s := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[s] || stops(s.b) {
				continue
			}
			seen[s] = true
			if keeps, stores := last(s.b); stores {
				s.kept = keeps
			}
			if returns(s.b) {
				if !s.kept {
					return true
				}
				continue
			}
			for _, n := range s.b.Succs {
				if n != b {
					work = append(work, state{n, s.kept})
				}
			}
		}
	}
	return false
}

// failureReturns reports whether call's error, last of its results, is
// returned by its function (return apply(m), or err := apply(m); return
// err), or tested (err != nil) with a failure branch from which a return
// is reached without a stop (a panic, an exit) or coming back to the
// call (a retry).
func (g *gatherer) failureReturns(call *ssa.Call, stops func(*ssa.BasicBlock) bool) bool {
	errv := errorValue(call)
	if errv == nil || errv.Referrers() == nil {
		return false
	}
	for _, u := range *errv.Referrers() {
		switch u := u.(type) {
		case *ssa.Return:
			return true
		case *ssa.Store:
			// A function with defers returns its results through
			// slots: *t0 = err; rundefers; return *t0.
			if slot, ok := u.Addr.(*ssa.Alloc); ok && u.Val == errv && returnsLoad(slot) {
				return true
			}
		}
	}
	for _, b := range call.Parent().Blocks {
		check, c, fail := failureCheck(b)
		if check == nil || c != call {
			continue
		}
		seen := map[*ssa.BasicBlock]bool{call.Block(): true}
		work := []*ssa.BasicBlock{fail}
		for len(work) > 0 {
			n := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[n] || stops(n) {
				continue
			}
			seen[n] = true
			if returns(n) {
				return true
			}
			work = append(work, n.Succs...)
		}
	}
	return false
}

// returnsLoad reports whether a load of slot is returned.
func returnsLoad(slot *ssa.Alloc) bool {
	for _, u := range *slot.Referrers() {
		load, ok := u.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || load.Referrers() == nil {
			continue
		}
		for _, r := range *load.Referrers() {
			if _, ok := r.(*ssa.Return); ok {
				return true
			}
		}
	}
	return false
}

// recovers reports whether fn calls the recover builtin.
func recovers(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok {
				if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
					return true
				}
			}
		}
	}
	return false
}

// otherConsumer reports whether v is known to be a consumer other than
// the row's: not this one, and another of the package's. One whose
// origin the package does not show (a reader a function value of
// another package hands to the loop: trial 47a/D1) is not known so.
func (g *gatherer) otherConsumer(v ssa.Value) bool {
	return !g.m.Is(g.c, v) && slices.ContainsFunc(g.m.Consumers, func(k *consumer.Consumer) bool { return k != g.c && g.m.Is(k, v) })
}

// wrapperSites returns, for a position call pc made in a thin wrapper of
// it (a function or literal doing nothing but pc on the record it is
// given, and perhaps logging pc's failure: commit(ctx, r, m) around
// r.CommitMessages(ctx, m)), the wrapper's calls in the package, each as
// the position call it makes: whether a failure is skipped is decided
// where the wrapper is called. nil when pc's function is no such
// wrapper, or a call of one cannot be read so.
func (g *gatherer) wrapperSites(pc *consumer.Call) []*consumer.Call {
	fn := pc.Fn
	if fn == nil || pc.Record < 0 {
		return nil
	}
	if _, ok := clientmodel.Default.Call(ssaflow.Callee(pc.Instr.Common())); !ok {
		return nil // itself a wrapper's call, lifted once
	}
	arg := ssaflow.Arg(pc.Instr.Common(), pc.Record)
	param := -1
	if arg == nil || !ssaflow.Derives(arg, func(v ssa.Value) bool {
		p, ok := v.(*ssa.Parameter)
		if ok && p.Parent() == fn {
			param = slices.Index(fn.Params, p)
		}
		return ok && p.Parent() == fn
	}) || param < 0 {
		return nil
	}
	if !onlyCall(fn, pc.Instr) || recovers(fn) {
		return nil // the wrapper does more: its own failures are its own (or a poison record's, after a recover)
	}
	idx := param
	if fn.Signature.Recv() != nil {
		idx-- // ssaflow.Arg counts from after a method's receiver
	}
	// The wrapper's parameter the consumer comes from, if it is given one
	// (commit(ctx, r, m)): only the calls giving it this consumer are its.
	client := -1
	if h, ok := ssaflow.Holder(ssaflow.Receiver(pc.Instr.Common())).(*ssa.Parameter); ok && h.Parent() == fn {
		client = slices.Index(fn.Params, h)
	}
	var out []*consumer.Call
	for _, site := range g.callSites(fn) {
		if ssaflow.Arg(site.Common(), idx) == nil {
			return nil
		}
		at := client
		if site.Common().IsInvoke() {
			at-- // (the receiver is the call's value, holding the client: a marker interface's method, trial 45a/D1)
		}
		if at >= 0 && at < len(site.Common().Args) && g.otherConsumer(site.Common().Args[at]) {
			continue // another consumer's call
		}
		model := *pc.Call // the client's model is shared: a copy
		model.Record = idx
		ref := clientmodel.CallRef{Client: pc.Client, Call: &model}
		out = append(out, &consumer.Call{CallRef: ref, Instr: site, Fn: site.Parent(), Consumer: pc.Consumer})
	}
	return out
}

// fetchWrapperSites returns, for a fetch pc made in a thin wrapper that
// returns what it fetched (func (c *Consumer) Fetch(ctx) kgo.Fetches {
// return c.cl.PollFetches(ctx) }, in any package), the wrapper's calls,
// each as the fetch it makes: whether a failure is skipped is decided in
// the caller's loop. The wrapper's fetch is the consumer's own (no other
// consumer's), so every call of the wrapper fetches from it.
func (g *gatherer) fetchWrapperSites(pc *consumer.Call) []*consumer.Call {
	fn := pc.Fn
	call, ok := pc.Instr.(*ssa.Call)
	if fn == nil || !ok || !onlyCall(fn, pc.Instr) || call.Referrers() == nil {
		return nil
	}
	for _, o := range g.others {
		if o != g && o.c.Client == g.c.Client && o.extent[fn] {
			return nil // a wrapper other consumers poll through too: whose call is whose is not known
		}
	}
	if !slices.ContainsFunc(*call.Referrers(), func(u ssa.Instruction) bool { _, ret := u.(*ssa.Return); return ret }) {
		return nil
	}
	var out []*consumer.Call
	for _, site := range g.m.Flow.Callers(fn) {
		out = append(out, &consumer.Call{CallRef: pc.CallRef, Instr: site, Fn: site.Parent(), Consumer: pc.Consumer})
	}
	return out
}

// onlyCall reports whether the only calls fn makes, besides call, log,
// format or use builtins: a thin wrapper of call.
func onlyCall(fn *ssa.Function, call ssa.CallInstruction) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(ssa.CallInstruction)
			if !ok || c == call {
				continue
			}
			if c, isCall := c.(*ssa.Call); isCall && (quiet(c) || logging(c.Common())) {
				continue
			}
			if _, builtin := c.Common().Value.(*ssa.Builtin); builtin {
				continue
			}
			return false
		}
	}
	return true
}

// writesPosition reports whether b makes a position call of the consumer.
func (g *gatherer) writesPosition(b *ssa.BasicBlock) bool {
	return slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool {
		return c.Instr.Block() == b && c.Role != clientmodel.Fetch && c.Role != clientmodel.FetchCommit
	})
}

// processedLater reports whether, after instruction i of b and before
// pc, the record is processed by another call of the application: a
// failure swallowed at i (an audit write) leaves the record's own
// processing to go on, and what is lost is not said here.
func (g *gatherer) processedLater(b *ssa.BasicBlock, i int, at *ssa.BasicBlock, takes map[*ssa.BasicBlock]bool, pc *consumer.Call) bool {
	processes := func(instrs []ssa.Instruction) bool {
		for _, in := range instrs {
			if in == ssa.Instruction(pc.Instr) {
				return false
			}
			call, ok := in.(*ssa.Call)
			if ok && g.appCall(call) && !quiet(call) && !logging(call.Common()) && slices.ContainsFunc(call.Call.Args, g.isRecordArg) {
				return true
			}
		}
		return false
	}
	if processes(b.Instrs[i+1:]) {
		return true
	}
	if b == at {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{b: true}
	work := slices.Clone(b.Succs)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] || takes[x] {
			continue
		}
		seen[x] = true
		if processes(x.Instrs) {
			return true
		}
		if x != at {
			work = append(work, x.Succs...)
		}
	}
	return false
}

// sendsRecord returns the first send in b of a record's data on a
// channel (recordData), or token.NoPos.
func (g *gatherer) sendsRecord(b *ssa.BasicBlock) token.Pos {
	for _, in := range b.Instrs {
		for _, s := range sendsOf(in) {
			if g.sentRecord(s) {
				return s.pos
			}
		}
	}
	return token.NoPos
}

// uniqueSkips returns skips without repeats of a call.
func uniqueSkips(skips []Skip) []Skip {
	held := map[token.Position]bool{} // (a skip that holds before one pending on callers)
	for _, s := range skips {
		held[s.Pos] = held[s.Pos] || s.Pending == ""
	}
	seen := map[token.Position]bool{}
	return slices.DeleteFunc(skips, func(s Skip) bool {
		if seen[s.Pos] || s.Pending != "" && held[s.Pos] {
			return true
		}
		seen[s.Pos] = true
		return false
	})
}

// skippedInLiterals returns the skipped failures of the function literals
// pc's function hands to the client per record (EachRecord's) before pc:
// a check whose failure branch returns from the literal (going on to the
// next record) without stopping or keeping an error in a variable of the
// enclosing function (which may stop the loop before pc: procErr), and a
// processing call whose error nothing reads.
func (g *gatherer) skippedInLiterals(pc *consumer.Call, takes map[*ssa.BasicBlock]bool, stops func(*ssa.BasicBlock) bool) []Skip {
	var out []Skip
	at := pc.Instr.Block()
	for _, outer := range pc.Fn.AnonFuncs {
		site := g.literalSite(outer)
		if site == nil {
			continue
		}
		sb := site.Block()
		before := sb == at && slices.Index(at.Instrs, ssa.Instruction(site)) < slices.Index(at.Instrs, ssa.Instruction(pc.Instr))
		if !before && !reachesBefore(sb.Succs, nil, at, sb, takes) {
			continue
		}
		// It, and the per-record literals in it (p.EachRecord(func(r) {
		// ... }) in EachPartition's, in a goroutine or not: trial
		// 41e/D19).
		lits := []*ssa.Function{outer}
		for i := 0; i < len(lits); i++ {
			lits = append(lits, lits[i].AnonFuncs...)
		}
		for _, lit := range lits {
			if lit != outer && g.literalSite(lit) == nil && !g.partitionWorker(lit, outer) {
				continue // (a goroutine's body, holding per-record literals)
			}
			for _, b := range lit.Blocks {
				for _, in := range b.Instrs {
					call, ok := in.(*ssa.Call)
					if !ok || !g.appCall(call) {
						continue
					}
					if errorDiscarded(call) && !quiet(call) {
						out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Discarded: true})
					}
					out = append(out, g.swallowedIn(call, g.isRecordArg, 1, map[*ssa.Function]bool{}, stops)...)
				}
				check, call, fail := failureCheck(b)
				if check == nil {
					check, call, fail = g.literalBoolCheck(b, pc)
				}
				cancelled := call != nil && g.cancelCheck(call, pc)
				if check == nil || !g.appCall(call) && !cancelled || !cancelled && tellsApart(b, fail) || retriedInPlace(call, fail) || backToCall(fail, call) {
					continue // (for apply(r) != nil { sleep }: audit 38b/D5)
				}
				seen := map[*ssa.BasicBlock]bool{}
				work := []*ssa.BasicBlock{fail}
				found := false
				for len(work) > 0 && !found {
					x := work[len(work)-1]
					work = work[:len(work)-1]
					if seen[x] || stops(x) || keepsError(x, pc.Instr) || answered(x, call) || g.mayStop(x, stops, 0) {
						continue
					}
					seen[x] = true
					if returns(x) && goesOnFrom(x, at, stops) {
						found = true
					}
					work = append(work, x.Succs...)
				}
				if found {
					out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos()), Cancelled: cancelled})
				}
			}
		}
	}
	return out
}

// partitionWorker reports whether lit, a function literal nested in
// outer (a literal the client calls per partition: EachPartition's), is
// started by it for the partition's records (go func() { for _, r :=
// range p.Records { ... } }(), wg.Go, or called in place) and ranges over
// records itself: a failure returning from it drops the partition's
// records after the failed one, and the commit after the join passes
// them (hunt 47f/D3: 136 of 300 lost).
func (g *gatherer) partitionWorker(lit, outer *ssa.Function) bool {
	if lit.Parent() != outer || len(outer.Params) == 0 || g.isRecord(outer.Params[0].Type()) {
		return false
	}
	if !g.goStarted(lit) && inPlaceSite(lit) == nil {
		ci := ssaflow.PassedTo(lit, func(*types.Func) bool { return true })
		if ci == nil || g.m.Flow.Started(ci) == nil {
			return false // (wg.Go(func() {...}), errgroup's Go)
		}
	}
	for _, b := range lit.Blocks {
		for _, in := range b.Instrs {
			if r, ok := in.(*ssa.Range); ok && holdsRecords(r.X.Type()) {
				return true
			}
			if ia, ok := in.(*ssa.IndexAddr); ok && ssaflow.InLoop(b) && holdsRecords(ia.X.Type()) {
				return true
			}
		}
	}
	return false
}

// literalBoolCheck returns the If ending b, in a function literal the
// client calls per record, when it tests the bool a call of the
// application given the record answers (if post(r.Value) { accepted =
// append(accepted, r) }: trial 41d/D9), the call, and the false branch;
// not a filter, whose true branch processes the record.
func (g *gatherer) literalBoolCheck(b *ssa.BasicBlock, pc *consumer.Call) (*ssa.If, *ssa.Call, *ssa.BasicBlock) {
	ifi, v, yes, no := boolBranches(b)
	if ifi == nil {
		return nil, nil, nil
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.Signature().Results().Len() != 1 || quiet(call) || !slices.ContainsFunc(call.Call.Args, g.handlerArg) {
		return nil, nil, nil
	}
	// Not a filter, whose true branch processes the record; nor one whose
	// false branch does (if duplicate(r) { skip }: review 41-2/D6).
	if g.branchProcesses(yes, b, pc) || g.branchProcesses(no, b, pc) {
		return nil, nil, nil
	}
	return ifi, call, no
}

// branchProcesses reports whether a block reached from start, before
// coming back to b, processes pc's record.
func (g *gatherer) branchProcesses(start, b *ssa.BasicBlock, pc *consumer.Call) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] || x == b {
			continue
		}
		seen[x] = true
		if g.processesRecord(x, pc) {
			return true
		}
		work = append(work, x.Succs...)
	}
	return false
}

// literalSite returns the call of a client function its parent passes
// lit to (fetches.EachRecord(func(r) {...})), or of the iterator running
// lit, the body of a range-over-func loop over records (for r := range
// fs.RecordsAll(), or an iter.Seq of the application made from a client's
// value: hunt 47f/D1); nil if none.
func (g *gatherer) literalSite(lit *ssa.Function) ssa.CallInstruction {
	if site := ssaflow.YieldSite(lit); site != nil && g.yieldsRecords(site, lit) {
		return site
	}
	return ssaflow.PassedTo(lit, clientFunc)
}

// yieldsRecords reports whether the iterator site calls with lit, the body
// of a range-over-func loop, hands it records: lit takes a record, or the
// iterator is made by a call given a client's value or a record (a
// method of the fetches, decode.Entries(fs), stream.Messages(ctx, r)).
func (g *gatherer) yieldsRecords(site *ssa.Call, lit *ssa.Function) bool {
	if slices.ContainsFunc(lit.Params, func(p *ssa.Parameter) bool { return g.isRecord(p.Type()) }) {
		return true
	}
	v := site.Call.Value
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X
	}
	made, ok := v.(*ssa.Call)
	return ok && slices.ContainsFunc(made.Call.Args, func(a ssa.Value) bool {
		n, ok := types.Unalias(ssaflow.Deref(a.Type())).(*types.Named)
		return g.isRecord(a.Type()) || ok && n.Obj().Pkg() != nil && clientmodel.Default.IsClientPath(n.Obj().Pkg().Path())
	})
}

// goesOnFrom reports whether b, a block of a function literal the
// client or an iterator calls per record ending with a return, goes on
// past the record: always for a callback (EachRecord's); for the body of
// a range-over-func loop, on a continue, or on a break after which the
// enclosing function reaches at (the position call after the loop)
// without stopping (a return of the enclosing function does not).
func goesOnFrom(b, at *ssa.BasicBlock, stops func(*ssa.BasicBlock) bool) bool {
	if !ssaflow.IsYield(b.Parent()) || ssaflow.YieldGoesOn(b) {
		return true
	}
	exit := ssaflow.YieldExit(b)
	if exit == nil {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	for work := []*ssa.BasicBlock{exit}; len(work) > 0; {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] || stops(x) {
			continue
		}
		if x == at {
			return true
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// clientFunc reports whether f is a function of a Kafka client.
func clientFunc(f *types.Func) bool {
	return f.Pkg() != nil && clientmodel.Default.IsClientPath(f.Pkg().Path())
}

// localAddr reports whether addr is a local variable of its function, or
// an element or field of one (the array a variadic call's arguments fill).
func localAddr(addr ssa.Value) bool {
	switch a := addr.(type) {
	case *ssa.IndexAddr:
		addr = a.X
	case *ssa.FieldAddr:
		addr = a.X
	}
	_, local := addr.(*ssa.Alloc)
	return local
}

// mayStop reports whether b calls a function of the program that may not
// return on some path (it panics, or calls what never returns, there or in
// what it calls: a LogPanic helper behind a level check): whether the
// failure goes on is then not known, and nothing is said of it.
func (g *gatherer) mayStop(b *ssa.BasicBlock, stops func(*ssa.BasicBlock) bool, depth int) bool {
	if depth > maxSwallowDepth {
		return false
	}
	for _, in := range b.Instrs {
		call, ok := in.(*ssa.Call)
		if !ok {
			continue
		}
		f := call.Call.StaticCallee()
		if f == nil || f.Pkg == nil || f.Pkg.Pkg != g.pass.Pkg {
			continue
		}
		for _, fb := range f.Blocks {
			if stops(fb) || g.mayStop(fb, stops, depth+1) {
				return true
			}
		}
	}
	return false
}

// testsKept reports whether what b keeps (keepsState) is read back in
// pc's function before pc (a flag each record tests first: if f.failed
// != nil { return }), so that no later record's position passes the
// failure; not a flag only the loop reads once the poll is through (trial
// 43c/D1: 5 of 300 lost without a crash).
func testsKept(b *ssa.BasicBlock, pc ssa.Instruction) bool {
	key := func(addr ssa.Value) any {
		if fa, ok := addr.(*ssa.FieldAddr); ok {
			x := fa.X
			if load, ok := x.(*ssa.UnOp); ok && load.Op == token.MUL {
				x = load.X
			}
			return [2]any{x, fa.Field}
		}
		return addr
	}
	kept := map[any]bool{}
	for _, in := range b.Instrs {
		if st, ok := in.(*ssa.Store); ok && !localAddr(st.Addr) {
			kept[key(st.Addr)] = true
		}
	}
	for _, x := range pc.Parent().Blocks {
		for _, in := range x.Instrs {
			if load, ok := in.(*ssa.UnOp); ok && load.Op == token.MUL && kept[key(load.X)] && ssaflow.Dominates(load, pc) {
				return true
			}
		}
	}
	return false
}

// keepsState reports whether b writes a field, a global or an element: a
// failure a per-record function records so (w.failed = true) may stop its
// caller, which the analysis does not follow; a later record's processing
// can test it and not write past the failed one. Not a value sent on a
// channel, which a later record cannot test without taking it (audit
// 37c/D2: an error sent to the loop, which reads it only once the poll's
// records are through, committed past the failed one).
func keepsState(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		switch in := in.(type) {
		case *ssa.MapUpdate:
			return true
		case *ssa.Store:
			if !localAddr(in.Addr) && counted(in) == nil && !loggedFlag(in) && !ssaflow.IsYieldJump(in.Addr) {
				return true // not a metric (counted) nor a flag only logged, nor a range-over-func body's exit code
			}
		}
	}
	return false
}

// inPlacePerRecord reports whether fn is a function literal called in
// place by one the client calls per record (fs.EachRecord(func(r) {
// func() { ... }() }), what a fix running a goroutine's body in place
// leaves: a return from it goes on to the next record too.
func (g *gatherer) inPlacePerRecord(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || !g.perRecordLiteral(parent) {
		return false
	}
	for _, b := range parent.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && ssaflow.Literal(c.Call.Value) == fn {
				return true
			}
		}
	}
	return false
}

// sendsAnswer reports whether b sends on a channel an answer of call (a
// result of it, or a comparison of one: err == nil) that the code
// waiting for it tests (testedAnswer): the goroutine answers the
// failure, and that test decides (boolCheck, received). An answer sent
// to a logger, or received and dropped, answers nothing (review 40-1/D1,
// D2).
func sendsAnswer(b *ssa.BasicBlock, call *ssa.Call) bool {
	return slices.ContainsFunc(b.Instrs, func(in ssa.Instruction) bool {
		send, ok := in.(*ssa.Send)
		return ok && answerOf(send.X) == call && testedAnswer(send)
	})
}

// answerOf returns the call v is a result of, or a comparison of one with
// a constant, or the negation of either (review 40-1/D6: res <- err ==
// nil); nil otherwise.
func answerOf(v ssa.Value) *ssa.Call {
	for range 4 {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.NOT {
				return nil
			}
			v = x.X
		case *ssa.BinOp:
			if v = comparedWithConst(x); v == nil {
				return nil
			}
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Call:
			return x
		default:
			return nil
		}
	}
	return nil
}

// comparedWithConst returns the operand of b that is compared with (or
// combined with) a constant (err == nil, n+1), nil if neither is one.
func comparedWithConst(b *ssa.BinOp) ssa.Value {
	if _, c := b.Y.(*ssa.Const); c {
		return b.X
	}
	if _, c := b.X.(*ssa.Const); c {
		return b.Y
	}
	return nil
}

// testedAnswer reports whether the function making the literal that
// sends s tests what it receives of it, and does more on it than log: an
// if on the value received, its negation, or its comparison with a
// constant (if err := <-errc; err != nil { return err }).
func testedAnswer(s *ssa.Send) bool {
	parent := s.Parent().Parent()
	if parent == nil {
		return false
	}
	for _, b := range parent.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		v := ifi.Cond
		if not, ok := v.(*ssa.UnOp); ok && not.Op == token.NOT {
			v = not.X
		}
		if cmp, ok := v.(*ssa.BinOp); ok && comparedWithConst(cmp) != nil {
			v = comparedWithConst(cmp)
		}
		if slices.Contains(receivedAll(v), s.X) && !loggedIf(ifi, logCounts) && !rejoins(ifi) {
			return true // (not a test whose branch only logs or counts: review 40-1/D1, 40-2/D5, 40-3/D5)
		}
	}
	return false
}

// rejoins reports whether one branch of ifi goes straight on to the
// other without stopping (if !ok { failed++ }, a local counter): it
// decides nothing of where the code goes.
func rejoins(ifi *ssa.If) bool {
	t, f := ifi.Block().Succs[0], ifi.Block().Succs[1]
	return len(t.Succs) == 1 && t.Succs[0] == f && !exits(t) || len(f.Succs) == 1 && f.Succs[0] == t && !exits(f)
}

// answered reports whether a block reached from fail sends a result of
// call on a channel (sendsAnswer).
func answered(fail *ssa.BasicBlock, call *ssa.Call) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fail}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		if sendsAnswer(b, call) {
			return true
		}
		seen[b] = true
		work = append(work, b.Succs...)
	}
	return false
}

// keepsError reports whether b stores an error in a variable of the
// enclosing function (procErr = err), sends it on a channel or sets an
// atomic flag: the loop may stop on it.
func keepsError(b *ssa.BasicBlock, before ssa.Instruction) bool {
	// (Or appended to a list of them: errs = append(errs, err), the loop
	// returning when it is not empty: precision hunt 43p/D7.)
	if listKept(b, before) {
		return true
	}
	for _, in := range b.Instrs {
		switch in := in.(type) {
		case *ssa.Store:
			captured := ssaflow.Derives(in.Addr, func(v ssa.Value) bool { _, fv := v.(*ssa.FreeVar); return fv })
			if isError(in.Val.Type()) && captured {
				return true
			}
		case *ssa.Send:
			// Sent on a channel (errs <- err), or set in an atomic flag
			// (failed.Store(true)): review 42-2/D5.
			return true
		case *ssa.Select:
			if slices.ContainsFunc(in.States, func(st *ssa.SelectState) bool { return st.Dir == types.SendOnly }) {
				return true
			}
		case *ssa.Call:
			if f := ssaflow.Callee(in.Common()); f != nil && f.Pkg() != nil && f.Pkg().Path() == "sync/atomic" && (f.Name() == "Store" || f.Name() == "Swap" || f.Name() == "CompareAndSwap") {
				return true
			}
		}
	}
	return false
}

// errorDiscarded reports whether call returns an error, last, that
// nothing reads (`apply(m)`, `_ = apply(m)`, `n, _ := write(m)`).
func errorDiscarded(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	i := errIndex(res)
	if i < 0 {
		return false
	}
	refs := call.Referrers()
	if refs == nil {
		return true
	}
	if res.Len() == 1 {
		return len(*refs) == 0
	}
	for _, r := range *refs {
		// (_, _ = f() extracts the error and drops it.)
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == i && slices.ContainsFunc(*ex.Referrers(), func(u ssa.Instruction) bool { _, dbg := u.(*ssa.DebugRef); return !dbg }) {
			return false
		}
	}
	return true
}

// errIndex returns the index of the error among results: the last of
// them of type error (the first too, as in (err error, panicked bool):
// trial 40c/D1), -1 if none is.
func errIndex(res *types.Tuple) int {
	for i := res.Len() - 1; i >= 0; i-- {
		if isError(res.At(i).Type()) {
			return i
		}
	}
	return -1
}

func errorValue(call *ssa.Call) ssa.Value {
	res := call.Call.Signature().Results()
	i := errIndex(res)
	if i < 0 || call.Referrers() == nil {
		return nil
	}
	if res.Len() == 1 {
		return call
	}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == i {
			return ex
		}
	}
	return nil
}

// errorKindsOnly reports whether call's error is only tested for kinds
// of failure (errors.Is(err, ErrUnavailable), errors.As, err ==
// ErrConflict), never against nil: a failure of any other kind goes on
// as a success (trial 42e/D4: at-least-once, 3 of 300 lost without a
// crash).
func errorKindsOnly(call *ssa.Call) bool {
	errv := errorValue(call)
	if errv == nil || errv.Referrers() == nil {
		return false
	}
	tested := false
	for _, u := range *errv.Referrers() {
		switch u := u.(type) {
		case *ssa.DebugRef, *ssa.Return:
			// (returned on the kind tested: errors.Is(err, x) { return err })
		case *ssa.ChangeInterface:
			// Formatted or logged (fmt.Errorf("...: %w", err)).
			if slices.ContainsFunc(*u.Referrers(), func(in ssa.Instruction) bool { _, st := in.(*ssa.Store); return !st }) {
				return false
			}
		case *ssa.Call:
			f := ssaflow.Callee(u.Common())
			if f == nil || f.Pkg() == nil || f.Pkg().Path() != "errors" || f.Name() != "Is" && f.Name() != "As" || len(u.Call.Args) == 0 || u.Call.Args[0] != errv {
				return false
			}
			tested = true
		case *ssa.BinOp:
			other := u.Y
			if other == errv {
				other = u.X
			}
			if k, ok := other.(*ssa.Const); ok && k.IsNil() || u.Op != token.EQL && u.Op != token.NEQ {
				return false
			}
			tested = true
		default:
			return false
		}
	}
	return tested
}

// errorReadAfter reports whether call, made before pos (a position
// call), returns an error, last, that is read only after pos runs: every
// use of it is later in pos's block or in blocks pos's block dominates.
func errorReadAfter(call *ssa.Call, pos ssa.CallInstruction) bool {
	errv := errorValue(call)
	if errv == nil || errv.Referrers() == nil || len(*errv.Referrers()) == 0 {
		return false
	}
	at := pos.Block()
	if at == nil || at.Parent() != call.Parent() {
		return false
	}
	i := slices.Index(at.Instrs, ssa.Instruction(pos))
	if cb := call.Block(); cb == at && slices.Index(at.Instrs, ssa.Instruction(call)) > i || cb != at && at.Dominates(cb) {
		return false // the call comes after the position call
	}
	for _, u := range *errv.Referrers() {
		b := u.Block()
		switch {
		case b == at:
			if slices.Index(b.Instrs, u) < i {
				return false
			}
		case b == nil || !at.Dominates(b):
			return false
		}
	}
	return true
}

// quiet reports whether call's error is one that code drops as a matter
// of course: formatting, logging, writing to memory, closing.
func quiet(call *ssa.Call) bool {
	f := ssaflow.Callee(call.Common())
	if f == nil || f.Pkg() == nil {
		return false
	}
	// A logger's Log returning an error (go-kit's) among them.
	return handsoff.QuietPackage(f.Pkg().Path()) || f.Name() == "Close"
}

// reachesBefore reports whether b (a check ending it, a call in it)
// comes before the position call's block at in one record's processing:
// at is reachable from b's successors succs (but fail, the check's
// failure branch) without taking a new record or coming back to b.
func reachesBefore(succs []*ssa.BasicBlock, fail, at, b *ssa.BasicBlock, takes map[*ssa.BasicBlock]bool) bool {
	return reachesFirst(succs, fail, b, takes, func(x *ssa.BasicBlock) bool { return x == at })
}

// reachesFirst is reachesBefore for the blocks target holds (a return of
// a function polling once, which its caller calls again to poll).
func reachesFirst(succs []*ssa.BasicBlock, fail, b *ssa.BasicBlock, takes map[*ssa.BasicBlock]bool, target func(*ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var work []*ssa.BasicBlock
	for _, s := range succs {
		if s != fail {
			work = append(work, s)
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if target(x) {
			return true
		}
		if seen[x] || x == b || takes[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// backBeforePoll reports whether check, the block of a failure check, is
// reached from its failing branch fail before any block of polls.
func backBeforePoll(fail, check *ssa.BasicBlock, polls map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fail}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == check {
			return true
		}
		if seen[x] || polls[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// listKept reports whether b appends a failure to a list of errors
// (errs = append(errs, err)) that before's function tests before it
// (listTested): the failure is kept for the loop, which stops on it.
func listKept(b *ssa.BasicBlock, before ssa.Instruction) bool {
	for _, in := range b.Instrs {
		if c, ok := in.(*ssa.Call); ok && errorList(c.Type()) {
			if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && listTested(c, before) {
				return true
			}
		}
	}
	return false
}

// listTested reports whether the list of errors list is tested in
// before's function before it, one branch of the test leaving without
// reaching it: its length compared, the list compared with nil, or given
// to a function whose answer is tested (len(errs) > 0, errs != nil,
// errors.Join(errs...) != nil, firstErr(errs) != nil); not a list only
// logged after the commit (review 43-2/D1). The list may be a loop's
// variable, a captured one (a per-record callback's, a goroutine's per
// partition), or a field of a captured struct (review 43-2/D13, 43-3/D1,
// D3, D4).
func listTested(list ssa.Value, before ssa.Instruction) bool {
	for _, l := range listValues(list, before.Parent()) {
		for _, u := range referrers(l) {
			switch u := u.(type) {
			case *ssa.BinOp, *ssa.Call:
				if stopsOn(u.(ssa.Value), before) {
					return true
				}
			}
		}
	}
	return false
}

// listValues returns the values in fn that hold the list v makes: the
// loop variables it flows into, and the loads of the variable or the
// field it is stored in, through the closures that capture it.
func listValues(v ssa.Value, fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		if v.Parent() == fn {
			out = append(out, v)
		}
		for _, r := range referrers(v) {
			switch r := r.(type) {
			case *ssa.Phi:
				work = append(work, r)
			case *ssa.Store:
				if r.Val == v {
					for _, a := range addrsIn(r.Addr, fn) {
						work = append(work, loadsOf(a)...)
					}
				}
			}
		}
	}
	return out
}

// addrsIn returns the addresses in fn that addr, written in fn or in a
// closure within it, stands for: a captured variable's, a field of a
// captured struct's.
func addrsIn(addr ssa.Value, fn *ssa.Function) []ssa.Value {
	switch a := addr.(type) {
	case *ssa.FreeVar:
		return rootsIn(a, fn)
	case *ssa.FieldAddr:
		var holders []ssa.Value
		switch x := a.X.(type) {
		case *ssa.FreeVar:
			holders = rootsIn(x, fn)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				for _, h := range addrsIn(x.X, fn) {
					holders = append(holders, loadsOf(h)...)
				}
			}
		default:
			if x.Parent() == fn {
				holders = []ssa.Value{x}
			}
		}
		var out []ssa.Value
		for _, h := range holders {
			for _, r := range referrers(h) {
				if fa, ok := r.(*ssa.FieldAddr); ok && fa.Field == a.Field {
					out = append(out, fa)
				}
			}
		}
		return out
	}
	if addr.Parent() == fn {
		return []ssa.Value{addr}
	}
	return nil
}

// rootsIn returns the values in fn that fv is bound to, through the
// closures between them.
func rootsIn(fv *ssa.FreeVar, fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range ssaflow.BoundTo(fv) {
		if up, ok := b.(*ssa.FreeVar); ok {
			out = append(out, rootsIn(up, fn)...)
		} else if b.Parent() == fn {
			out = append(out, b)
		}
	}
	return out
}

// emptyTest reports whether cmp compares a value with nil or zero (or a
// length with one: len(errs) >= 1), telling none from some.
func emptyTest(cmp *ssa.BinOp) bool {
	c, right := cmp.Y.(*ssa.Const)
	ok := right
	if !ok {
		c, ok = cmp.X.(*ssa.Const)
	}
	if !ok {
		return false
	}
	if c.IsNil() {
		return cmp.Op == token.EQL || cmp.Op == token.NEQ
	}
	if c.Value == nil || c.Value.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Int64Val(c.Value)
	return exact && (n == 0 || n == 1 && (right && (cmp.Op == token.GEQ || cmp.Op == token.LSS) || !right && (cmp.Op == token.LEQ || cmp.Op == token.GTR)))
}

// referrers returns v's referrers (none for a value that has no list of
// them, a constant or a function).
func referrers(v ssa.Value) []ssa.Instruction {
	if rs := v.Referrers(); rs != nil {
		return *rs
	}
	return nil
}

// loadsOf returns the loads of addr.
func loadsOf(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range referrers(addr) {
		if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
			out = append(out, load)
		}
	}
	return out
}

// stopsOn reports whether v, or a test of it for anything at all (its
// comparison with nil or zero: len(errs) > 0, err != nil; not with a
// budget, len(errs) > max: review 44-1/D1), is the condition of a test
// in before's function that comes before it, one of whose branches does
// not reach it.
func stopsOn(v ssa.Value, before ssa.Instruction) bool {
	var conds []ssa.Value
	if cmp, ok := v.(*ssa.BinOp); ok {
		if emptyTest(cmp) {
			conds = append(conds, cmp)
		}
	} else {
		conds = append(conds, v)
	}
	for _, r := range referrers(v) {
		if cmp, ok := r.(*ssa.BinOp); ok && emptyTest(cmp) {
			conds = append(conds, cmp)
		}
	}
	never := func(*ssa.BasicBlock) bool { return false }
	for _, c := range conds {
		for _, r := range referrers(c) {
			ifi, ok := r.(*ssa.If)
			if !ok || ifi.Parent() != before.Parent() || !ssaflow.Dominates(ifi, before) {
				continue
			}
			if slices.ContainsFunc(ifi.Block().Succs, func(s *ssa.BasicBlock) bool { return !ssaflow.ReachesBlock(s, before.Block(), never) }) {
				return true
			}
		}
	}
	return false
}

// wrapsFailed reports whether c is an error made from one of failed,
// which is not nil: errors.Join given it, or fmt.Errorf (never nil).
func wrapsFailed(c *ssa.Call, failed map[ssa.Value]bool) bool {
	f := ssaflow.Callee(c.Common())
	if f == nil || f.Pkg() == nil || !isError(c.Type()) {
		return false
	}
	switch f.Pkg().Path() + "." + f.Name() {
	case "fmt.Errorf":
		return true
	case "errors.Join":
		for _, a := range c.Call.Args {
			for _, v := range unpacked(a) {
				if failed[v] {
					return true
				}
			}
		}
	}
	return false
}

// nilTest returns the error value the If ending b tests against nil
// (err != nil, err == nil), and the blocks its failing and its succeeding
// branches start; v is nil if b ends otherwise.
func nilTest(b *ssa.BasicBlock) (v ssa.Value, failing, ok *ssa.BasicBlock) {
	if len(b.Instrs) == 0 {
		return nil, nil, nil
	}
	ifi, isIf := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !isIf {
		return nil, nil, nil
	}
	cmp, isCmp := ifi.Cond.(*ssa.BinOp)
	if !isCmp || cmp.Op != token.NEQ && cmp.Op != token.EQL {
		return nil, nil, nil
	}
	v = cmp.X
	if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
		v = cmp.Y
	} else if c, isConst := cmp.Y.(*ssa.Const); !isConst || !c.IsNil() {
		return nil, nil, nil
	}
	if !isError(v.Type()) {
		return nil, nil, nil
	}
	if cmp.Op == token.EQL {
		return v, b.Succs[1], b.Succs[0]
	}
	return v, b.Succs[0], b.Succs[1]
}

// recordMadeIn returns the blocks, in a loop holding b, making the values
// call is given anew (r of a range loop over a batch, its element loaded
// in b): back at b through one, the call is made on the next record;
// nil if there are none.
func recordMadeIn(call *ssa.Call, b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	if call == nil || !ssaflow.InLoop(b) {
		return nil
	}
	var out map[*ssa.BasicBlock]bool
	for _, a := range call.Call.Args {
		in, ok := a.(ssa.Instruction)
		if !ok || in.Block() == nil || !ssaflow.InLoop(in.Block()) || !ssaflow.ReachesBlock(b, in.Block(), func(*ssa.BasicBlock) bool { return false }) {
			continue
		}
		if _, isConst := a.(*ssa.Const); isConst {
			continue
		}
		if out == nil {
			out = map[*ssa.BasicBlock]bool{}
		}
		out[in.Block()] = true
	}
	return out
}

// localVar returns the variable of its function addr is: a local
// (an Alloc), or a field of a local struct (p.err of var p pass: review
// 45-2/D5); nil if neither.
func localVar(addr ssa.Value) *ssa.Alloc {
	if f, ok := addr.(*ssa.FieldAddr); ok {
		addr = f.X
	}
	a, _ := addr.(*ssa.Alloc)
	return a
}

// sameVar reports whether the addresses x and y are of one local
// variable (localVar), the same field of it for a field.
func sameVar(x, y ssa.Value) bool {
	if x == y {
		return localVar(x) != nil
	}
	fx, okx := x.(*ssa.FieldAddr)
	fy, oky := y.(*ssa.FieldAddr)
	return okx && oky && fx.Field == fy.Field && fx.X == fy.X && localVar(fx) != nil
}

// stores returns the stores to the variable addr is (localVar), and, for
// a field, those of the whole struct.
func stores(addr ssa.Value) []*ssa.Store {
	alloc := localVar(addr)
	if alloc == nil {
		return nil
	}
	var out []*ssa.Store
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == ssa.Value(alloc) {
				out = append(out, r)
			}
		case *ssa.FieldAddr:
			if sameVar(r, addr) {
				for _, fr := range *r.Referrers() {
					if st, ok := fr.(*ssa.Store); ok && st.Addr == ssa.Value(r) {
						out = append(out, st)
					}
				}
			}
		}
	}
	return out
}

// lastOnly reports whether v, an error tested after a loop, holds only
// call's latest error: a phi whose edges are nil or call's error result
// (err = book(r) assigned on every iteration), not a variable set on a
// failure only (if firstErr == nil { firstErr = err }).
func lastOnly(v ssa.Value, call *ssa.Call) bool {
	errs := errResults(call)
	var edges []ssa.Value
	switch v := v.(type) {
	case *ssa.Phi:
		edges = v.Edges
	case *ssa.UnOp:
		// A field of a local struct (p.err = book(r), review 45-2/D5):
		// what is stored there (a whole struct only when zero).
		if _, isField := v.X.(*ssa.FieldAddr); !isField || v.Op != token.MUL {
			return false
		}
		for _, st := range stores(v.X) {
			if st.Addr == v.X.(*ssa.FieldAddr).X {
				if k, ok := st.Val.(*ssa.Const); !ok || k.Value != nil {
					return false
				}
				continue
			}
			edges = append(edges, st.Val)
		}
	default:
		return false
	}
	for _, e := range edges {
		if k, ok := e.(*ssa.Const); ok && k.IsNil() || slices.Contains(errs, e) {
			continue
		}
		return false
	}
	return true
}

// failedErrors returns the error values that hold the failure of the
// check ending b, whose failing branch starts at fail, on every path from
// fail that takes no new record: the error tested, and the phis joining
// only such values, or errors made on the failure branch (err =
// fmt.Errorf(...)), from the blocks those paths pass. Paths are cut at
// tests of these values, which go the failing way, so the set is grown
// until it holds still.
func failedErrors(b, fail *ssa.BasicBlock, takes map[*ssa.BasicBlock]bool) map[ssa.Value]bool {
	v, _, _ := nilTest(b)
	failed := map[ssa.Value]bool{v: true}
	for {
		reached := map[*ssa.BasicBlock]bool{}
		work := []*ssa.BasicBlock{fail}
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			if reached[x] || x == b || takes[x] {
				continue
			}
			reached[x] = true
			if t, failing, _ := nilTest(x); t != nil && failed[t] {
				work = append(work, failing)
				continue
			}
			work = append(work, x.Succs...)
		}
		grew := false
		// A field of a local struct holding the failure (if p.err =
		// book(r); p.err != nil { break }), loaded again where no path
		// from the failure stores to it: still the failure (review
		// 45-2/D5's twin).
		var held []ssa.Value
		for v := range failed {
			if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && localVar(load.X) != nil && !slices.ContainsFunc(stores(load.X), func(st *ssa.Store) bool { return reached[st.Block()] }) {
				held = append(held, load.X)
			}
		}
		for x := range reached {
			for _, in := range x.Instrs {
				if load, ok := in.(*ssa.UnOp); ok && load.Op == token.MUL && !failed[load] && slices.ContainsFunc(held, func(addr ssa.Value) bool { return sameVar(addr, load.X) }) {
					failed[load], grew = true, true
				}
				if c, ok := in.(*ssa.Call); ok && !failed[c] && wrapsFailed(c, failed) {
					// errors.Join(failed, cerr), fmt.Errorf("...: %w",
					// failed): not nil (precision hunt 43p/D3).
					failed[c], grew = true, true
				}
				phi, ok := in.(*ssa.Phi)
				if !ok || failed[phi] || !isError(phi.Type()) {
					continue
				}
				all := true
				for i, e := range phi.Edges {
					if !reached[x.Preds[i]] || failed[e] {
						continue
					}
					if in, ok := e.(ssa.Instruction); ok && in.Block() != nil && fail.Dominates(in.Block()) {
						if _, isCall := e.(*ssa.Call); isCall {
							continue // an error made on the failure branch
						}
					}
					all = false
				}
				if all {
					failed[phi], grew = true, true
				}
			}
		}
		if !grew {
			break
		}
	}
	return failed
}

// processesRecord reports whether b calls the application with data of a
// record pc writes (before pc, in pc's block): the record's processing
// goes on there.
func (g *gatherer) processesRecord(b *ssa.BasicBlock, pc *consumer.Call) bool {
	return g.processesBesides(b, pc, nil)
}

// processesBesides is processesRecord, not counting the calls besides
// reports.
func (g *gatherer) processesBesides(b *ssa.BasicBlock, pc *consumer.Call, besides func(*ssa.Call) bool) bool {
	for _, in := range b.Instrs {
		if in == ssa.Instruction(pc.Instr) {
			return false
		}
		call, ok := in.(*ssa.Call)
		if !ok || !g.appCall(call) || quiet(call) || besides != nil && besides(call) {
			continue
		}
		if _, builtin := call.Call.Value.(*ssa.Builtin); builtin {
			continue
		}
		if f, ok := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Later(ssaflow.Callee(call.Common())); ok && (!f.Counted || !g.awaitsCounted(pc.Fn)) {
			continue // (a retry scheduled on a timer: s.retryLater(r), hunt 45f/D8; s.retry.Later(r), review 45-2/D6)
		}
		for _, a := range call.Call.Args {
			if ssaflow.DerivedFromUnless(a, g.isRecord, numericField) {
				return true
			}
		}
	}
	return false
}

// awaitsCounted reports whether fn, or a function of the package it
// calls, waits for work a helper counts or keeps for it
// (handsoff.LaterFact's Counted): a WaitGroup's Wait, an atomic
// counter's Load, a sync.Map's Range, a Wait method of another package
// (s.retry.Wait(): review 46-1/D1).
func (g *gatherer) awaitsCounted(fn *ssa.Function) bool {
	set := map[*ssa.Function]bool{}
	g.m.Flow.Reach(fn, set)
	set[fn] = true
	for f := range set {
		if awaits(f) {
			return true
		}
	}
	return false
}

// awaits is awaitsCounted for fn's own calls (ssaflow.AwaitsCount).
func awaits(fn *ssa.Function) bool {
	var home *types.Package
	if fn.Pkg != nil {
		home = fn.Pkg.Pkg
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if ci, ok := in.(ssa.CallInstruction); ok && ssaflow.AwaitsCount(ci, home) {
				return true
			}
		}
	}
	return false
}

// producesRecord reports whether b hands a record's data to a Kafka
// client's call other than the consumer's own (a dead-letter or retry
// topic's write) whose error it checks: the failure goes on there, not
// dropped (review 33-2/4).
func (g *gatherer) producesRecord(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		call, ok := in.(*ssa.Call)
		if !ok || g.appCall(call) || errorDiscarded(call) || slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool { return c.Instr == call }) {
			continue
		}
		if f := ssaflow.Callee(call.Common()); f == nil || f.Pkg() == nil || !clientmodel.Default.IsClientPath(f.Pkg().Path()) {
			continue
		}
		// (Not from where the record is alone: ResetOffset(msg.Topic,
		// msg.Partition, msg.Offset, ""), trial 41e/D15.)
		if slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return ssaflow.DerivedFromUnless(a, g.isRecord, coordinateField) }) && !loggedAndJoined(call) {
			return true
		}
	}
	return false
}

// droppedFallback returns a call in b, a failure branch, handing the
// record to another handler of the application whose answer, an error or
// a bool, nothing reads (if !h.Handle(ctx, msg) { fb.Handle(ctx, msg) };
// mark): a failure of the fallback goes on as a success.
func (g *gatherer) droppedFallback(b *ssa.BasicBlock, pc *consumer.Call) *ssa.Call {
	for _, in := range b.Instrs {
		call, ok := in.(*ssa.Call)
		if !ok || !g.appCall(call) || quiet(call) || logging(call.Common()) {
			continue
		}
		if _, builtin := call.Call.Value.(*ssa.Builtin); builtin || !slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return ssaflow.DerivedFromUnless(a, g.isRecord, numericField) }) {
			continue
		}
		r := call.Call.Signature().Results()
		if errorDiscarded(call) || answerDropped(call) && r.Len() == 1 && types.Identical(r.At(0).Type().Underlying(), types.Typ[types.Bool]) {
			return call
		}
	}
	return nil
}

// coordinateField reports a read of a field saying where a record is
// (its topic, partition or offset: the client's Coordinates), or a
// numericField.
func coordinateField(v ssa.Value) bool {
	x, i, ok := ssaflow.FieldOf(v)
	if !ok {
		return false
	}
	coordinate, _ := clientmodel.Default.RecordField(x.Type(), i)
	return coordinate || numericField(v)
}

// loggedAndJoined reports whether the error of call is checked by an if
// whose failure branch only logs and then joins its success branch (`if
// err != nil { log.Printf(...) }`): no check at all (audit 36a/D4: a
// dead-letter write failing so, then the mark).
func loggedAndJoined(call *ssa.Call) bool {
	for _, b := range call.Parent().Blocks {
		check, inner, fail := failureCheck(b)
		if check == nil || inner != call || len(fail.Succs) != 1 || !onlyLogs(fail.Instrs) || exits(fail) {
			continue // (log.Fatalf checks it: review 39-3/D4)
		}
		ok := b.Succs[0]
		if ok == fail {
			ok = b.Succs[1]
		}
		// A phi where they join keeps something of the failure (a
		// flag the code stops on later: review 36-2/D8).
		if fail.Succs[0] == ok && !slices.ContainsFunc(ok.Instrs, func(in ssa.Instruction) bool { _, phi := in.(*ssa.Phi); return phi }) {
			return true
		}
	}
	return false
}

// prefixBefore reports whether c writes the positions of a prefix of a
// batch, batch[:i], not through the failed record (throughFailed): the
// records before the failed one (precision hunt 46p/D2: kafka-go's
// CommitMessages(ctx, batch[:i]...) before the failure's return).
func (g *gatherer) prefixBefore(c *consumer.Call) bool {
	if c.Record < 0 {
		return false
	}
	sl, ok := ssaflow.Arg(c.Instr.Common(), c.Record).(*ssa.Slice)
	return ok && sl.Low == nil && sl.High != nil && g.throughFailed(c, sl.High) == nil
}

// throughFailed returns the call whose failure branch pc, a commit of a
// prefix of a batch, is in when the prefix's end is one past the failed
// record's index: the index a helper returns with its error, that of the
// range loop over the records (i, err := applyBatch(msgs); if err != nil
// { commit(msgs[:i+1]) }): the failed record is committed too, unless the
// branch handles it first (a dead-letter write: review 39-3/D4).
func (g *gatherer) throughFailed(pc *consumer.Call, high ssa.Value) *ssa.Call {
	add, ok := high.(*ssa.BinOp)
	if !ok || add.Op != token.ADD {
		return nil
	}
	x := add.X
	if one, ok := add.Y.(*ssa.Const); !ok || one.Int64() != 1 {
		if one, ok := add.X.(*ssa.Const); !ok || one.Int64() != 1 {
			return nil
		}
		x = add.Y // 1+i (review 39-3/D5)
	}
	var failed *ssa.Call
	for _, b := range pc.Fn.Blocks {
		_, c, fail := failureCheck(b)
		if c == nil || !fail.Dominates(pc.Instr.Block()) {
			continue
		}
		if ex, ok := x.(*ssa.Extract); ok && ex.Tuple == c && failedIndex(c) {
			failed = c
		} else if rangeIndex(x) && b != x.(ssa.Instruction).Block() && sameLoop(x, b) && g.appCall(c) && slices.ContainsFunc(c.Call.Args, g.handlerArg) {
			failed = c // the loop's own index, the record's call failing (review 39-3/D5, 39-4/D4)
		}
		if failed != nil {
			seen := map[*ssa.BasicBlock]bool{}
			work := []*ssa.BasicBlock{fail}
			for len(work) > 0 {
				blk := work[len(work)-1]
				work = work[:len(work)-1]
				if seen[blk] || !fail.Dominates(blk) {
					continue
				}
				seen[blk] = true
				if g.processesRecord(blk, pc) || g.producesRecord(blk) {
					return nil // (stops at pc in its block)
				}
				if blk != pc.Instr.Block() {
					work = append(work, blk.Succs...)
				}
			}
			return failed
		}
	}
	return nil
}

// failedIndex reports whether call's callee, a function of the package,
// returns with its error the index of the range loop over its records (the
// failed one's), not another count (the last applied: review 39-3/D3).
func failedIndex(call *ssa.Call) bool {
	f := call.Call.StaticCallee()
	if f == nil || len(f.Blocks) == 0 {
		return false
	}
	found := false
	for _, b := range f.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) < 2 {
			continue
		}
		if c, ok := ret.Results[len(ret.Results)-1].(*ssa.Const); ok && c.IsNil() {
			continue // a success
		}
		if cancelled(ret.Results[len(ret.Results)-1]) {
			continue // not the record's failure: the context's (review 39-4/D5, 39-5/D4)
		}
		if !rangeIndex(ret.Results[0]) {
			return false
		}
		found = true
	}
	return found
}

// cancelled reports whether err is a context's Err or Cause, or an error
// wrapping one (fmt.Errorf("...: %w", ctx.Err()): review 39-5/D5).
func cancelled(err ssa.Value) bool {
	c, ok := err.(*ssa.Call)
	if !ok {
		return false
	}
	f := ssaflow.Callee(c.Common())
	if f == nil || f.Pkg() == nil {
		return false
	}
	switch {
	case f.Pkg().Path() == "context" && (f.Name() == "Err" || f.Name() == "Cause"):
		return true
	case f.Pkg().Path() == "fmt" && f.Name() == "Errorf":
		return ssaflow.Derives(c, func(v ssa.Value) bool { return v != ssa.Value(c) && cancelled(v) })
	}
	return false
}

// rangeIndex reports whether v is the index of a range loop over a slice
// (go/ssa computes it in the loop's head).
func rangeIndex(v ssa.Value) bool {
	add, ok := v.(*ssa.BinOp)
	return ok && add.Op == token.ADD && add.Block() != nil && add.Block().Comment == "rangeindex.loop"
}

// sameLoop reports whether b is in the loop headed by the block computing
// the range index x.
func sameLoop(x ssa.Value, b *ssa.BasicBlock) bool {
	return ssaflow.NaturalLoop(x.(ssa.Instruction).Block())[b]
}

// failureCheck returns the If ending b when it tests the error result of
// a call against nil (err != nil, err == nil), the call, and the block its
// failure branch starts.
func failureCheck(b *ssa.BasicBlock) (*ssa.If, *ssa.Call, *ssa.BasicBlock) {
	v, fail, _ := nilTest(b)
	if v == nil {
		return nil, nil, nil
	}
	ifi := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	v = errorFieldOf(v)
	if c := outParamCall(v); c != nil {
		v = c
	} else if c := storedCall(v); c != nil {
		v = c
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, nil, nil
	}
	return ifi, call, fail
}

// storedCall returns the call whose error v loads back from the variable
// of its function it was just stored in, in the same block (a named
// result a deferred literal captures: if err = save(v); err != nil); nil
// if none. Not a variable of an enclosing function (countErr = count(r)
// in EachRecord's literal), which keeps the failure for it.
func storedCall(v ssa.Value) *ssa.Call {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.Block() == nil || localVar(load.X) == nil {
		return nil
	}
	instrs := load.Block().Instrs
	for i := slices.Index(instrs, ssa.Instruction(load)) - 1; i >= 0; i-- {
		st, ok := instrs[i].(*ssa.Store)
		if !ok || !sameVar(st.Addr, load.X) {
			continue
		}
		val := st.Val
		if ex, ok := val.(*ssa.Extract); ok {
			val = ex.Tuple
		}
		call, _ := val.(*ssa.Call)
		return call
	}
	return nil
}

// outParamCall returns the one call v, a load of a local error, is given
// the address of (x.apply(m.Value, &applyErr): the call reports its
// failure there, trial 41e/D9), nil if none or several are.
func outParamCall(v ssa.Value) *ssa.Call {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	a, ok := ld.X.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return nil
	}
	var out *ssa.Call
	for _, r := range *a.Referrers() {
		if c, ok := r.(*ssa.Call); ok && slices.Contains(c.Call.Args, ssa.Value(a)) {
			if out != nil {
				return nil
			}
			out = c
		}
	}
	return out
}

// boundRecord reports whether v is a function literal bound to the
// record's data (safe.Run(name, func() error { return apply(e.Value)
// })): it runs the record's processing.
func (g *gatherer) boundRecord(v ssa.Value) bool {
	mc, ok := v.(*ssa.MakeClosure)
	return ok && slices.ContainsFunc(mc.Bindings, func(b ssa.Value) bool {
		if al, ok := b.(*ssa.Alloc); ok {
			return slices.ContainsFunc(*al.Referrers(), func(u ssa.Instruction) bool {
				st, ok := u.(*ssa.Store)
				return ok && st.Addr == ssa.Value(al) && g.handlerArg(st.Val)
			})
		}
		return g.handlerArg(b)
	})
}

// handlerArg reports whether v, an argument of a call, hands the record to
// a handler: the record or a value wrapping it (isRecordArg), or its
// payload's data (handle(url, string(m.Key))).
func (g *gatherer) handlerArg(v ssa.Value) bool {
	return g.isRecordArg(v) || g.payloadData(v)
}

// errorFieldOf returns the call whose result v, an error, is a field of
// (gorm's db.Create(&row).Error: the call reports its failure in a field
// of what it returns), also through a local holding only that result,
// else v.
func errorFieldOf(v ssa.Value) ssa.Value {
	// The error read from what the call returned: a field of it, an
	// element of a slice of them (for i, err := range bulk(batch)), or
	// a field of an element of a slice in it (resp.Items[i].Err: the
	// failures of a batch's records, audit 34c/D1), at a few steps.
	x, steps := v, 0
	for ; steps < 6; steps++ {
		p := ssaflow.Part(x)
		if _, isSlice := x.(*ssa.Slice); p == nil || isSlice {
			break
		}
		x = p
	}
	if steps == 0 {
		return v
	}
	if a, ok := x.(*ssa.Alloc); ok {
		// A local the result is stored in (r := process(m); r.Err): the
		// call whose result it only ever holds (trial 33a/1).
		var stored []ssa.Value
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
				stored = append(stored, st.Val)
			}
		}
		if len(stored) == 1 {
			x = stored[0]
		}
	}
	if call, ok := x.(*ssa.Call); ok {
		return call
	}
	return v
}

// boolCheck returns the If ending b when it tests the bool result of a
// call of the application given the record pc writes (ok, or !ok), the
// call, and the block of its false branch, when that call is the
// record's processing: its true branch reaches pc with no other call
// processing the record (a filter's true branch processes it first).
func (g *gatherer) boolCheck(b *ssa.BasicBlock, pc *consumer.Call, at *ssa.BasicBlock, takes, polls map[*ssa.BasicBlock]bool) (*ssa.If, *ssa.Call, *ssa.BasicBlock) {
	ifi, v, yes, no := boolBranches(b)
	if ifi == nil {
		return nil, nil, nil
	}
	errAnswer := false
	if sent := received(v); sent != nil {
		v = sent
		if cmp, ok := v.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) && isError(cmp.X.Type()) {
			// The goroutine answers err == nil (or != nil): whether the
			// call failed, its error tested (review 40-1/D6).
			if c, isConst := cmp.Y.(*ssa.Const); isConst && c.IsNil() {
				v, errAnswer = cmp.X, true
				if cmp.Op == token.NEQ {
					yes, no = no, yes
				}
			}
		}
	}
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	perRecord := false
	if e := ssaflow.ElemOf(v); e != nil {
		// An answer per record in a slice the call returns (for i, ok
		// := range index(docs) { if ok { mark(batch[i]) } }): trial
		// 41d/D3. Its false is that record's failure, though it is
		// taken where it is marked.
		v, perRecord = e, true
	}
	call, ok := v.(*ssa.Call)
	if ok && !errAnswer && slices.ContainsFunc(slices.Collect(call.Call.Signature().Results().Variables()), func(r *types.Var) bool { return isError(r.Type()) }) &&
		reachesBefore([]*ssa.BasicBlock{no}, nil, at, b, takes) {
		// A bool beside an error, whose false branch goes on to the
		// position: read as information (applied, or already:
		// txoffset), not a failure. One that skips the position
		// (continue) is one (review 39-5/D3).
		return nil, nil, nil
	}
	if !ok || quiet(call) || !slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool {
		return ssaflow.DerivedFromUnless(a, g.isRecord, numericField) || g.handlerArg(a) || g.collectedFromRecords(a) && !keptAcrossPolls(a) || g.filledFromRecords(a)
	}) {
		return nil, nil, nil
	}
	// The true branch: to pc, processing nothing else on the way; or
	// processing more (producing the batch's output) when the false one
	// abandons the batch for the next poll, which nobody does to filter
	// (trial 38a/D5: gstream's `if !ok { goto nextBatch }`).
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{yes}
	reached, processes := false, false
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] || x == b {
			continue
		}
		if x == at {
			reached = true // (where the record may be loaded too)
			continue
		}
		if takes[x] {
			continue
		}
		seen[x] = true
		if g.processesRecord(x, pc) {
			processes = true
		}
		work = append(work, x.Succs...)
	}
	if !reached || (processes || takes[at] && !perRecord) && !g.repolls(no, at, polls) {
		// (A record taken where it is committed: only a branch
		// abandoning it for the next poll says it failed.)
		return nil, nil, nil
	}
	return ifi, call, no
}

// outcomeCheck returns the If ending b when it is the first test of the
// status a call of the application made in b returns, a call that, when
// what it runs fails, returns a constant status (handsoff.OutcomeFact);
// the call; and the block that status leads to through the tests of it
// (a switch's cases), where the failure goes on from.
func (g *gatherer) outcomeCheck(b *ssa.BasicBlock) (*ssa.If, *ssa.Call, *ssa.BasicBlock) {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, nil, nil
	}
	call, _ := statusTest(ifi.Cond)
	if call == nil || call.Block() != b || !slices.ContainsFunc(call.Call.Args, g.handlerArg) {
		return nil, nil, nil
	}
	f, ok := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Outcome(ssaflow.Callee(call.Common()))
	if !ok || len(f.Values) == 0 {
		return nil, nil, nil
	}
	// The first status the failure returns, followed through the tests
	// of the call's result.
	x := b
	for range 16 {
		cond, ok := x.Instrs[len(x.Instrs)-1].(*ssa.If)
		if !ok {
			break
		}
		c, k := statusTest(cond.Cond)
		if c != call {
			break
		}
		if constant.Compare(constant.MakeFromLiteral(f.Values[0], literalToken(k.Value), 0), cond.Cond.(*ssa.BinOp).Op, k.Value) {
			x = x.Succs[0]
		} else {
			x = x.Succs[1]
		}
	}
	return ifi, call, x
}

// statusTest returns the call and the constant cond compares (out ==
// Rejected, out != Applied, code >= 500), the call's result being a
// status of a basic type; nil if cond is no such comparison.
func statusTest(cond ssa.Value) (*ssa.Call, *ssa.Const) {
	cmp, ok := cond.(*ssa.BinOp)
	if !ok {
		return nil, nil
	}
	switch cmp.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		// (code >= 500 too: trial 41e/D4.)
	default:
		return nil, nil
	}
	call, ok := ssaflow.Unconvert(cmp.X).(*ssa.Call)
	k, isConst := cmp.Y.(*ssa.Const)
	if !ok || !isConst || k.Value == nil {
		return nil, nil
	}
	return call, k
}

// literalToken is the token of a literal spelling a constant of v's kind,
// for constant.MakeFromLiteral.
func literalToken(v constant.Value) token.Token {
	switch v.Kind() {
	case constant.String:
		return token.STRING
	case constant.Float:
		return token.FLOAT
	}
	return token.INT
}

// received returns the value a function literal sends on the channel v is
// received from (mark = <-res, or a phi of such receives, in selects too,
// and constants), when the channel is its function's own and the literals
// it makes send one value only on it: a result computed in a goroutine the
// loop waits for (knative's sarama dispatcher: go func() { mark, err :=
// h.Handle(ctx, msg); res <- mark }(), then if mark { MarkMessage }:
// trial 40a/D1, 5 of 300 lost with no crash). Nil otherwise.
func received(v ssa.Value) ssa.Value {
	if sent := receivedAll(v); len(sent) == 1 {
		return sent[0]
	}
	return nil
}

// receivedAll returns the values the function literals send on the
// channel v is received from (received), nil if v is not received so.
func receivedAll(v ssa.Value) []ssa.Value {
	var chans []ssa.Value
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		switch x := v.(type) {
		case *ssa.Const:
			return true
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				chans = append(chans, chanVar(x.X))
				return true
			}
		case *ssa.Extract:
			if sel, ok := x.Tuple.(*ssa.Select); ok {
				if ch := ssaflow.SelectRecv(sel, x.Index); ch != nil {
					chans = append(chans, chanVar(ch))
					return true
				}
			}
		case *ssa.Phi:
			return depth < 4 && !slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return !walk(e, depth+1) })
		}
		return false
	}
	if !walk(v, 0) || len(chans) == 0 || slices.ContainsFunc(chans, func(c ssa.Value) bool { return c != chans[0] }) {
		return nil
	}
	ch := chans[0]
	if _, local := ch.(*ssa.Alloc); !local || ch.Referrers() == nil {
		return nil
	}
	var sent []ssa.Value
	for _, ref := range *ch.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		lit := mc.Fn.(*ssa.Function)
		for i, bound := range mc.Bindings {
			if bound != ch || i >= len(lit.FreeVars) || lit.FreeVars[i].Referrers() == nil {
				continue
			}
			for _, r := range *lit.FreeVars[i].Referrers() {
				load, ok := r.(*ssa.UnOp)
				if !ok || load.Op != token.MUL || load.Referrers() == nil {
					continue
				}
				for _, u := range *load.Referrers() {
					if send, ok := u.(*ssa.Send); ok && send.Chan == ssa.Value(load) {
						sent = append(sent, send.X)
					}
				}
			}
		}
	}
	return sent
}

// chanVar returns the variable a channel is loaded from (a channel
// captured by a literal is), else ch.
func chanVar(ch ssa.Value) ssa.Value {
	if load, ok := ch.(*ssa.UnOp); ok && load.Op == token.MUL {
		return load.X
	}
	return ch
}

// filledFromRecords reports whether v is a slice made in place whose
// elements are set from records' data (docs[i] = m.Value): a batch
// handed to one call (trial 41d/D3).
func (g *gatherer) filledFromRecords(v ssa.Value) bool {
	ms, ok := v.(*ssa.MakeSlice)
	return ok && slices.ContainsFunc(*ms.Referrers(), func(u ssa.Instruction) bool {
		ia, ok := u.(*ssa.IndexAddr)
		return ok && slices.ContainsFunc(*ia.Referrers(), func(w ssa.Instruction) bool {
			st, ok := w.(*ssa.Store)
			return ok && st.Addr == ssa.Value(ia) && ssaflow.DerivedFromUnless(st.Val, g.isRecord, numericField)
		})
	})
}

// collectedFromRecords reports whether v is read from a local variable
// that a function literal stores values made from its record parameter in
// (fs.EachRecord(func(r) { in = append(in, event{Key: r.Key, ...}) })):
// the batch of those values.
func (g *gatherer) collectedFromRecords(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return false
	}
	for _, ref := range *alloc.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		lit, _ := mc.Fn.(*ssa.Function)
		i := slices.Index(mc.Bindings, ssa.Value(alloc))
		if lit == nil || i < 0 || i >= len(lit.FreeVars) || lit.FreeVars[i].Referrers() == nil {
			continue
		}
		for _, fr := range *lit.FreeVars[i].Referrers() {
			if st, ok := fr.(*ssa.Store); ok && ssaflow.DerivedFromUnless(st.Val, g.isRecord, numericField) {
				return true
			}
		}
	}
	return false
}

// keptAcrossPolls reports whether v is read from a local variable
// declared before the loop it is read in: a buffer filling over several
// polls (if !full(buf) { continue } polls for more; review 38-2/D5), not
// a batch of one poll.
func keptAcrossPolls(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	alloc, ok := load.X.(*ssa.Alloc)
	return ok && alloc.Block() != nil && !ssaflow.InLoop(alloc.Block()) && ssaflow.InLoop(load.Block())
}

// repolls reports whether the branch from fail goes back to a poll (a
// block of polls) without writing a position, reaching at or stopping.
func (g *gatherer) repolls(fail, at *ssa.BasicBlock, polls map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fail}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] || x == at {
			continue
		}
		seen[x] = true
		if polls[x] {
			return true
		}
		if g.writesPosition(x) || g.stops()(x) {
			continue
		}
		if returns(x) {
			continue
		}
		work = append(work, x.Succs...)
	}
	return false
}

// everyFailureGoesOn reports, for a failure branch that tells failures
// apart, whether every path from fail goes on to the record's position
// call at or to a new record (taking one, or returning from a per-record
// literal): no kind of failure stops, retries or leaves, so which kind it
// was does not matter (ecom-thing: an invalid event is committed, any
// other failure continues to the next one).
func everyFailureGoesOn(b, fail, at *ssa.BasicBlock, takes map[*ssa.BasicBlock]bool, perRecord bool, stops func(*ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fail}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == at || takes[x] || seen[x] {
			continue
		}
		if x == b || stops(x) {
			return false // a retry, a panic or an exit
		}
		seen[x] = true
		if returns(x) {
			if !perRecord {
				return false
			}
			continue
		}
		if len(x.Succs) == 0 {
			return false
		}
		if down := shutdownBranch(x); down != nil {
			// if ctx.Err() != nil { return }: a shutdown, not a kind of
			// failure; the failure goes on with a live context.
			for _, n := range x.Succs {
				if n != down {
					work = append(work, n)
				}
			}
			continue
		}
		work = append(work, x.Succs...)
	}
	return true
}

// shutdownBranch returns the successor b takes when its condition tests
// that a context is done (ctx.Err() != nil, or == nil for the other
// branch); nil for any other block.
func shutdownBranch(b *ssa.BasicBlock) *ssa.BasicBlock {
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok || len(b.Succs) != 2 {
		return nil
	}
	cmp, ok := iff.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL {
		return nil
	}
	ctxErr := func(v ssa.Value) bool {
		call, ok := v.(*ssa.Call)
		return ok && call.Call.IsInvoke() && call.Call.Method.Name() == "Err" && ssaflow.IsContext(call.Call.Value.Type())
	}
	isNil := func(v ssa.Value) bool { c, ok := v.(*ssa.Const); return ok && c.IsNil() }
	if !(ctxErr(cmp.X) && isNil(cmp.Y) || isNil(cmp.X) && ctxErr(cmp.Y)) {
		return nil
	}
	if cmp.Op == token.NEQ {
		return b.Succs[0]
	}
	return b.Succs[1]
}

// retriedInPlace reports whether call processes an element of a slice
// (batch[i]) whose index, a loop's phi, comes back unchanged on an edge
// the failure block fail reaches (a continue before the i++), and the
// slice too: the loop processes the same record again, a retry, not a
// skip (review 31-2; a slice the failure removes the record from is a
// skip, review 31-3).
func retriedInPlace(call *ssa.Call, fail *ssa.BasicBlock) bool {
	for _, a := range call.Call.Args {
		var idx ssa.Value
	walk: // to the element the argument is, or is a field of
		for range ssaflow.MaxValueDepth {
			switch x := a.(type) {
			case *ssa.UnOp:
				a = x.X
			case *ssa.Field:
				a = x.X
			case *ssa.FieldAddr:
				a = x.X
			case *ssa.Convert:
				a = x.X
			case *ssa.ChangeType:
				a = x.X
			case *ssa.MakeInterface:
				a = x.X
			case *ssa.IndexAddr:
				idx, a = x.Index, x.X
				break walk
			case *ssa.Index:
				idx, a = x.Index, x.X
				break walk
			default:
				break walk
			}
		}
		phi, ok := idx.(*ssa.Phi)
		if !ok {
			continue
		}
		for k, e := range phi.Edges {
			if e != phi || k >= len(phi.Block().Preds) {
				continue
			}
			if sl, ok := a.(*ssa.Phi); ok && sl.Block() == phi.Block() && sl.Edges[k] != sl {
				continue // the slice changes on that edge (the record removed)
			}
			if hdr := phi.Block(); ssaflow.ReachesBlock(fail, hdr.Preds[k], func(x *ssa.BasicBlock) bool { return x == hdr }) {
				return true
			}
		}
	}
	return false
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// errorList reports whether t is a list of errors ([]error): failures
// collected, never records.
func errorList(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	return ok && isError(sl.Elem())
}

// tellsApart reports whether the failure branch fail of the check ending
// b starts by telling failures apart: a compound condition (err != nil &&
// !errors.Is(err, x)) or an if on the error first (or on another error:
// a retry produced, which the branch checks). A comparison of other
// values, not computed from the error (a retry counter: if tries >= max
// { give up }), tells none apart (trial 33a/2).
func tellsApart(b, fail *ssa.BasicBlock) bool {
	cond, ok := fail.Instrs[len(fail.Instrs)-1].(*ssa.If)
	if !ok || len(fail.Preds) != 1 {
		return false
	}
	if derivesGlobal(cond.Cond, transient, 0) {
		// A timeout told apart is no poison record: the same record
		// succeeds when tried again (review 36-1/D10).
		return false
	}
	if cmp, ok := cond.Cond.(*ssa.BinOp); ok && !isError(cmp.X.Type()) && !isError(cmp.Y.Type()) {
		v, _, _ := nilTest(b)
		return v == nil || uses(cmp, v, 0)
	}
	// Nor a setting, computed from no error and no call made there (if
	// h.opts.FailFast { return err }; log: trial 41e/D16, off by
	// default), unlike a test of the record (if poison(m)).
	return ssaflow.Derives(cond.Cond, func(x ssa.Value) bool {
		if ex, ok := x.(*ssa.Extract); ok {
			x = ex.Tuple // (res.Retryable of res, err := apply(v): review 42-1/D8)
		}
		call, ok := x.(*ssa.Call)
		return isError(x.Type()) || ok && (call.Block() == b || fail.Dominates(call.Block())) && !settingRead(call)
	})
}

// settingRead reports whether call reads a setting of its function's
// receiver (h.failFast.Load(), h.opts.FailFast()): every argument a
// field of it (review 42-1/D6).
func settingRead(call *ssa.Call) bool {
	fn := call.Parent()
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || len(call.Call.Args) == 0 {
		return false
	}
	return !slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool {
		return a == ssa.Value(fn.Params[0]) || ssaflow.Holder(a) != fn.Params[0]
	})
}

// transient reports whether g is an error a retry may not see again: a
// deadline exceeded (context's, os's).
func transient(g *ssa.Global) bool {
	v, _ := g.Object().(*types.Var)
	return handsoff.RetrySentinel(v) == handsoff.Deadline
}

// derivesGlobal reports whether x is computed, within a few steps, from a global
// that is (a load of it, a call given it: errors.Is(err, ...)).
func derivesGlobal(x ssa.Value, is func(*ssa.Global) bool, depth int) bool {
	if g, ok := x.(*ssa.Global); ok {
		return is(g)
	}
	if depth > 6 {
		return false
	}
	switch x.(type) {
	case *ssa.Call, *ssa.UnOp, *ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.ChangeInterface,
		*ssa.MakeInterface, *ssa.TypeAssert, *ssa.Extract, *ssa.Field, *ssa.Phi:
		for _, op := range x.(ssa.Instruction).Operands(nil) {
			if *op != nil && derivesGlobal(*op, is, depth+1) {
				return true
			}
		}
	}
	return false
}

// uses reports whether x is computed from v: v itself, or an operation,
// conversion or call (errors.Is(err, x)) on it, within a few steps.
func uses(x, v ssa.Value, depth int) bool {
	if x == v {
		return true
	}
	if depth > 6 {
		return false
	}
	switch x.(type) {
	case *ssa.Call, *ssa.UnOp, *ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.ChangeInterface,
		*ssa.MakeInterface, *ssa.TypeAssert, *ssa.Extract, *ssa.Field:
		for _, op := range x.(ssa.Instruction).Operands(nil) {
			if *op != nil && uses(*op, v, depth+1) {
				return true
			}
		}
	}
	return false
}

// appCall reports whether call is the application's processing: not a
// call of a Kafka client (a fetch's or commit's failure is another
// matter; so neither a call of the consumer through an interface of the
// application's) nor of the context package (ctx.Err() stops, it does not
// fail).
func (g *gatherer) appCall(call *ssa.Call) bool {
	if slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool { return c.Instr == call }) {
		return false
	}
	if _, builtin := call.Call.Value.(*ssa.Builtin); builtin {
		return false // len(recs) after a batch helper is no processing (audit 39b/D2)
	}
	if g.fetchesOwn(call) && g.pollsOnly(ssaflow.Body(call.Call.StaticCallee())) {
		return false // a helper polling for the next record: its failure takes none
	}
	f := ssaflow.Callee(call.Common())
	if f == nil || f.Pkg() == nil {
		return true // a function value: a handler
	}
	p := f.Pkg().Path()
	return p != "context" && !clientmodel.Default.IsClientPath(p)
}

// takes returns the blocks of pc's function where a new record is taken:
// where the values the record pc writes is computed from are defined, the
// fetches of the consumer made in the function, or the entry of a
// function literal the client calls per record.
func (g *gatherer) takes(pc *consumer.Call, throughLists bool) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	if pc.Record >= 0 {
		converted := map[*ssa.Call]bool{}
		var from func(v ssa.Value) bool
		from = func(v ssa.Value) bool {
			if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && writtenIn(load.X, pc.Fn) {
				return false // a local read where it is used: taken where it is written
			}
			if call := fetchedBy(v); call != nil && call.Parent() == pc.Fn && g.fetchesOwn(call) {
				// A helper that polls and returns the app's own type
				// (msg, err := c.ConsumeMessage(ctx, t)): the record is
				// taken where it is called (trial 39c/D4).
				out[call.Block()] = true
				return false
			}
			if call, ok := v.(*ssa.Call); ok && call.Parent() == pc.Fn && !converted[call] && g.converts(call) {
				// A message rebuilt from the app's type for the
				// commit (CommitMessage(toKafka(batch[len(batch)-1]))):
				// taken where what it is built from is.
				converted[call] = true
				for _, a := range call.Call.Args {
					ssaflow.Derives(a, from)
				}
				return false
			}
			if sl, ok := v.(*ssa.Slice); ok && throughLists && varargs(sl.X) {
				// append(done, r)'s r: taken where it is defined.
				for _, e := range unpacked(sl) {
					ssaflow.Derives(e, from)
				}
				return false
			}
			if throughLists && varargs(v) {
				return false
			}
			list := ssaflow.ElemOf(v)
			if ia, ok := v.(*ssa.IndexAddr); ok {
				list = ia.X
			}
			if throughLists && list != nil && accumulates(list) {
				// An element of the list read back (for _, m := range
				// ok { mark(m) }): taken where it was collected from
				// (review 41-2/D4).
				return false
			}
			if in, ok := v.(ssa.Instruction); ok && in.Block() != nil && in.Parent() == pc.Fn && holdsRecords(v.Type()) && !(throughLists && accumulates(v)) {
				out[in.Block()] = true
			}
			if p, ok := v.(*ssa.Parameter); ok && p.Parent() == pc.Fn && len(pc.Fn.Blocks) > 0 && holdsRecords(p.Type()) {
				// A batch handed to a helper (flush(sess, batch)):
				// taken as the helper is called (audit 38b/D10).
				out[pc.Fn.Blocks[0]] = true
			}
			return false
		}
		for _, a := range unpacked(ssaflow.Arg(pc.Instr.Common(), pc.Record)) {
			// Where a record is taken: not a control message the
			// position is read from (an ack's offset).
			ssaflow.Derives(a, from)
		}
	}
	for _, c := range g.ownCalls() {
		if (c.Role == clientmodel.Fetch || c.Role == clientmodel.FetchCommit) && c.Fn == pc.Fn {
			out[c.Instr.Block()] = true
		}
	}
	if pc.Role == clientmodel.Fetch || pc.Role == clientmodel.FetchCommit {
		out[pc.Instr.Block()] = true // a fetch wrapper's call (fetchWrapperSites)
	}
	// (Or a goroutine started per partition of a poll, which marks the
	// batch it is given: hunt 43f/D5. Not one per record, whose return
	// leaves a low-water tracker below its record.)
	if (g.perRecordLiteral(pc.Fn) || g.perRecordHelper(pc) || g.inPlacePerRecord(pc.Fn) || g.perPartition(pc.Fn)) && len(pc.Fn.Blocks) > 0 {
		out[pc.Fn.Blocks[0]] = true
	}
	return out
}

// takeSets are where records are taken for the checks of a function
// writing a position at: for a batch read record by record in a loop, a
// check after that loop counts them taken, and polled, where the loop
// starts (readLoop); one in it, where each is (review 39-1/D1).
type takeSets struct {
	outTakes, outPolls, inTakes, inPolls map[*ssa.BasicBlock]bool
	reads                                []map[*ssa.BasicBlock]bool
}

func newTakeSets(takes, polls map[*ssa.BasicBlock]bool, at *ssa.BasicBlock) takeSets {
	t := takeSets{outTakes: maps.Clone(takes), outPolls: maps.Clone(polls), inTakes: takes, inPolls: polls}
	for _, b := range sortedBlocks(takes) {
		if h, loop := readLoop(b, at); h != nil {
			t.outTakes[h], t.outPolls[h] = true, true
			t.reads = append(t.reads, loop)
		}
	}
	return t
}

// at returns the takes and polls for a check in b.
func (t takeSets) at(b *ssa.BasicBlock) (takes, polls map[*ssa.BasicBlock]bool) {
	if slices.ContainsFunc(t.reads, func(loop map[*ssa.BasicBlock]bool) bool { return loop[b] }) {
		return t.inTakes, t.inPolls
	}
	return t.outTakes, t.outPolls
}

// varargs reports whether v is the array of a variadic call's arguments.
func varargs(v ssa.Value) bool {
	arr, ok := v.(*ssa.Alloc)
	return ok && arr.Comment == "varargs" && arr.Referrers() != nil
}

// accumulates reports whether v is a list of records built up record by
// record (done = append(done, r), or the phi of such appends): it takes
// none itself, its elements are taken where they are defined (trial
// 41d/D5: only the records that succeeded, committed after the loop,
// whose commit passes a failed one).
func accumulates(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Call:
		b, ok := x.Call.Value.(*ssa.Builtin)
		return ok && b.Name() == "append"
	case *ssa.Phi:
		return slices.ContainsFunc(x.Edges, func(e ssa.Value) bool {
			c, ok := e.(*ssa.Call)
			return ok && accumulates(c) && len(c.Call.Args) > 0 && c.Call.Args[0] == ssa.Value(x)
		})
	}
	return false
}

// appendBlocks returns the blocks of the appends that build v, a list of
// records (accumulates).
func appendBlocks(v ssa.Value) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] || !accumulates(v) {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e)
			}
		case *ssa.Call:
			out = append(out, x.Block())
		}
	}
	walk(v)
	return out
}

// fetchedBy returns the call v is the result of (or one result of: msg,
// err := next(ctx)), nil if v is no call's.
func fetchedBy(v ssa.Value) *ssa.Call {
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}

// fetchesOwn reports whether call calls a function of the package that
// makes one of the consumer's fetches itself.
func (g *gatherer) fetchesOwn(call *ssa.Call) bool {
	f := call.Call.StaticCallee()
	return f != nil && slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool {
		return c.Fn == f && (c.Role == clientmodel.Fetch || c.Role == clientmodel.FetchCommit)
	})
}

// bookkeeping are the packages whose calls a poll helper makes to keep
// its own state: a clock, a lock, a counter.
var bookkeeping = map[string]bool{"time": true, "sync": true, "sync/atomic": true}

// pollsOnly reports whether fn, a helper making a fetch of the
// consumer, makes no other call but to itself (a poll again on another
// event), logging, formatting or builtins: its failure is the poll's,
// not a record's processing (not next(ctx) fetching and applying:
// review 40-1/D4).
func (g *gatherer) pollsOnly(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok {
				if _, other := in.(ssa.CallInstruction); other {
					return false // go, defer
				}
				continue
			}
			if _, builtin := c.Call.Value.(*ssa.Builtin); builtin || quiet(c) || logging(c.Common()) || c.Call.StaticCallee() == fn {
				continue
			}
			if f := ssaflow.Callee(c.Common()); f != nil && f.Pkg() != nil && bookkeeping[f.Pkg().Path()] {
				continue // p.last = time.Now() (review 40-2/D6)
			}
			if slices.ContainsFunc(g.ownCalls(), func(o *consumer.Call) bool { return o.Instr == ssa.CallInstruction(c) }) {
				continue
			}
			return false
		}
	}
	return true
}

// converts reports whether call builds a record of the client from the
// app's own values: a function of the package, neither the client's nor
// fetching, that returns a record and is given none.
func (g *gatherer) converts(call *ssa.Call) bool {
	f := ssaflow.Body(call.Call.StaticCallee())
	if f == nil || !g.m.Flow.InPackage(f) || g.fetchesOwn(call) || f.Signature.Results().Len() != 1 || !holdsRecords(f.Signature.Results().At(0).Type()) {
		return false
	}
	return !slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return holdsRecords(a.Type()) })
}

// writtenIn reports whether addr is a local of fn that fn writes itself
// (not a captured variable, nor one a literal fills: review 39-4/D1, D2;
// a literal may read it: go func() { h.Handle(ctx, msg) }(), trial
// 40a/D1).
func writtenIn(addr ssa.Value, fn *ssa.Function) bool {
	a, ok := addr.(*ssa.Alloc)
	if !ok || a.Parent() != fn || a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		if mc, captured := r.(*ssa.MakeClosure); captured && writesBound(mc, a) {
			return false
		}
	}
	return slices.ContainsFunc(*a.Referrers(), func(r ssa.Instruction) bool {
		st, ok := r.(*ssa.Store)
		return ok && st.Addr == a
	})
}

// writesBound reports whether the literal mc makes stores to, or passes
// on the address of, the variable a it binds.
func writesBound(mc *ssa.MakeClosure, a *ssa.Alloc) bool {
	lit := mc.Fn.(*ssa.Function)
	for i, bound := range mc.Bindings {
		if bound != ssa.Value(a) || i >= len(lit.FreeVars) || lit.FreeVars[i].Referrers() == nil {
			continue
		}
		for _, r := range *lit.FreeVars[i].Referrers() {
			if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
				continue
			}
			if _, ok := r.(*ssa.DebugRef); ok {
				continue
			}
			return true
		}
	}
	return false
}

// unpacked returns the values a variadic call's slice is built from
// (CommitMessages(ctx, m): the array the call makes holds m), else a: the
// array is made where the call is, no record taken there (review
// 39-2/D5: a bool check's continue read as a retry of a record taken at
// the commit).
func unpacked(a ssa.Value) []ssa.Value {
	sl, ok := a.(*ssa.Slice)
	if !ok || !varargs(sl.X) {
		return []ssa.Value{a}
	}
	arr := sl.X.(*ssa.Alloc)
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// readLoop returns the header and the blocks of the loop a batch is read
// in record by record when take, a block where a record is taken, is in
// that loop and at, the position call's block, is after it: confluent's
// Commit() of the stored offsets after a loop of ReadMessage (review
// 38-2/D6), or the commit of the batch's last record after a loop
// collecting them through a helper (trial 39c/D4). For a check after the
// loop, the batch is taken, and polled, where the loop starts.
func readLoop(take, at *ssa.BasicBlock) (*ssa.BasicBlock, map[*ssa.BasicBlock]bool) {
	h, loop := ssaflow.InnerLoop(take)
	if loop == nil || loop[at] {
		return nil, nil
	}
	return h, loop
}

// sortedBlocks returns the blocks of set in their order of index.
func sortedBlocks(set map[*ssa.BasicBlock]bool) []*ssa.BasicBlock {
	out := slices.Collect(maps.Keys(set))
	slices.SortFunc(out, func(a, b *ssa.BasicBlock) int { return a.Index - b.Index })
	return out
}

// perRecordHelper reports whether pc's function is a helper the code
// calls with each record, whose position pc writes, and which returns
// nothing, or results a caller drops or, on an error, goes on to its
// next record from (nextOnError: log and continue): returning from
// it early (a failure) goes on to the next record as its caller cannot tell
// (handle(ctx, r, m) in a fetch loop, committing m itself after
// processing it; kratos-transport's handleMessage returning a bool
// nobody reads). A commit of what is stored or polled so far (no record:
// confluent's Commit()) in a helper given the batch (flush(c, batch)) is
// one too: the next batch's commit passes the batch it returned early
// from (review 39-1/D3).
func (g *gatherer) perRecordHelper(pc *consumer.Call) bool {
	fn := pc.Fn
	callers := g.callSites(fn)
	if len(callers) == 0 {
		return false
	}
	param := g.givenRecords(pc)
	if param < 0 {
		return false
	}
	dropped := func(site ssa.CallInstruction) bool {
		v := site.Value()
		return v != nil && (v.Referrers() == nil || len(*v.Referrers()) == 0)
	}
	// One caller going on is enough: its path skips the record (another
	// may retry it, as dapr's does only when retries are enabled).
	return fn.Signature.Results().Len() == 0 || slices.ContainsFunc(callers, func(site ssa.CallInstruction) bool {
		i := param
		if site.Common().IsInvoke() {
			if !g.extent[site.Parent()] {
				return false // another consumer's, sharing the chain's types
			}
			i-- // (the receiver is the call's value)
		}
		return dropped(site) || g.nextOnError(site, i)
	})
}

// callSites returns the calls of fn in the package: static ones, and
// interface method calls that may run it, a method (proc.Process(m), proc
// a chain a factory method builds: trial 45a/D1, jaeger's committing
// processor, 3 of 300 lost).
func (g *gatherer) callSites(fn *ssa.Function) []ssa.CallInstruction {
	out := g.m.Flow.Callers(fn)
	if fn.Signature.Recv() == nil {
		return out
	}
	if g.invokers == nil {
		g.invokers = map[*ssa.Function][]ssa.CallInstruction{}
		for _, f := range g.m.SSA.SrcFuncs {
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					if call, ok := in.(*ssa.Call); ok && call.Call.IsInvoke() {
						for _, impl := range g.implementations(call) {
							g.invokers[impl] = append(g.invokers[impl], call)
						}
					}
				}
			}
		}
	}
	return append(slices.Clip(out), g.invokers[fn]...)
}

// givenRecords returns the index of the parameter of pc's function, a
// function the package calls, that the records whose position pc writes
// come from (a record, or a batch of them for a commit of what is polled
// so far); -1 if none.
func (g *gatherer) givenRecords(pc *consumer.Call) int {
	fn := pc.Fn
	if len(g.callSites(fn)) == 0 {
		return -1
	}
	param := -1
	if pc.Record < 0 {
		return slices.IndexFunc(fn.Params, func(p *ssa.Parameter) bool { return holdsRecords(p.Type()) })
	}
	arg := ssaflow.Arg(pc.Instr.Common(), pc.Record)
	if arg == nil {
		return -1
	}
	fromParam := func(v ssa.Value) bool {
		return ssaflow.Derives(v, func(v ssa.Value) bool {
			p, ok := v.(*ssa.Parameter)
			if ok && p.Parent() == fn {
				param = slices.Index(fn.Params, p)
			}
			return ok && p.Parent() == fn
		})
	}
	if !fromParam(arg) && !slices.ContainsFunc(ssaflow.Elems(arg), fromParam) {
		return -1
	}
	return param
}

// fetchOnceHelper reports whether pc's function fetches the one record
// whose position pc writes, outside any loop of its own, and a caller
// calls it again after it returns (callsAgain: dropping its result, or
// on an error coming back to the call without returning, panicking or
// exiting). Returning from it early, after a failure,
// then goes on to the next call's record, whose position passes the
// failed one (handleOne(ctx, r) fetching, saving and committing a
// message, its save's failure logged and nil returned).
func (g *gatherer) fetchOnceHelper(pc *consumer.Call) bool {
	fn := pc.Fn
	if pc.Record < 0 || !slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool {
		return c.Role == clientmodel.Fetch && c.Fn == fn && !ssaflow.InLoop(c.Instr.Block())
	}) {
		return false
	}
	return callsAgain(g.m.Flow, fn, leaving(g.pass)) != nil
}

// restarts says how pc's function, which fetches the records it
// processes itself and rewinds nothing, is called again after it returns
// a failure, on the same client: by, the caller of the package calling it
// again (againAt: a supervisor logging a failed Run and running it again)
// given this consumer (carries), the client not built anew on the way
// (builtAgain); pending, the
// function's full name, when it is exported and called by no function of
// its package, for Join to settle by its callers in other packages.
// The client's next fetch starts after the records the failed run took
// (kafka-go's FetchMessage, franz-go's PollFetches, confluent's Poll do not
// rewind), so a position written by the next run passes the failed one.
func (g *gatherer) restarts(pc *consumer.Call) (by *ssa.Function, pending string) {
	fn := pc.Fn
	if fn == nil || !slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool { return c.Role == clientmodel.Fetch && c.Fn == fn }) ||
		slices.ContainsFunc(fn.Blocks, rewinds) {
		return nil, ""
	}
	leaves := leaving(g.pass)
	for _, ci := range g.m.Flow.Callers(fn) {
		// (A caller given this consumer: a helper shared by two may be
		// run again on one reader, and on a new one each time for the
		// other.)
		if site, ok := ci.(*ssa.Call); ok && againAt(site, leaves) && slices.ContainsFunc(site.Call.Args, func(a ssa.Value) bool { return g.carries(a, 0) }) && !g.builtAgain(site) {
			return site.Parent(), ""
		}
	}
	if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && obj.Exported() && len(g.m.Flow.Callers(fn)) == 0 {
		return nil, obj.Origin().FullName()
	}
	return nil, ""
}

// builtAgain reports whether a client of the consumer's type is built on
// the way back to again, a call made again after it fails (r :=
// kafka.NewReader(cfg) in the supervisor's loop): each run gets a client
// of its own, which resumes from the committed position.
func (g *gatherer) builtAgain(again ssa.CallInstruction) bool {
	fn := again.Parent()
	none := func(ssa.Instruction) bool { return false }
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			v, ok := in.(ssa.Value)
			if !ok || in == ssa.Instruction(again) || !holdsClientType(v.Type(), g.c.Client.Consumer) {
				continue
			}
			c, ok := in.(*ssa.Call)
			if !ok || slices.ContainsFunc(c.Call.Args, func(a ssa.Value) bool { return g.carries(a, 0) }) {
				continue // (not one wrapping this consumer's client again: w := svc.New(r))
			}
			if ssaflow.ReachesStopping(again, in, none) && ssaflow.ReachesStopping(in, again, none) {
				return true
			}
		}
	}
	return false
}

// holdsClientType reports whether t is the client type named (its
// types.TypeString), a struct with a field of it, or a tuple holding one
// (a constructor's (client, error)).
func holdsClientType(t types.Type, name string) bool {
	if tup, ok := t.(*types.Tuple); ok {
		for v := range tup.Variables() {
			if holdsClientType(v.Type(), name) {
				return true
			}
		}
		return false
	}
	if types.TypeString(t, nil) == name {
		return true
	}
	// A struct holding it (a connection a helper returns: review 45-1/D4).
	if st, ok := ssaflow.Deref(t).Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if types.TypeString(f.Type(), nil) == name {
				return true
			}
		}
	}
	return false
}

// branchHandles reports whether the branch starting at b does something
// with the record before it reaches the helper call again or the next
// record's definition: a call other than a log's, a commit's or a
// mark's given the record's data (a dead-letter write), as an inline
// failure branch doing so is not a skip either.
func (g *gatherer) branchHandles(b *ssa.BasicBlock, call *ssa.Call, def ssa.Instruction) bool {
	// scan walks b: handled when a call given the record comes first,
	// ended when the helper call or the next record's definition does.
	scan := func(b *ssa.BasicBlock) (handled, ended bool) {
		for _, in := range b.Instrs {
			if in == ssa.Instruction(call) || in == def {
				return false, true
			}
			c, ok := in.(*ssa.Call)
			if !ok || quiet(c) {
				continue
			}
			if _, builtin := c.Call.Value.(*ssa.Builtin); builtin {
				continue
			}
			if ref, ok := clientmodel.Default.Call(ssaflow.Callee(c.Common())); ok && ref.Role != clientmodel.Fetch {
				continue // a commit or a mark: the skip itself
			}
			if slices.ContainsFunc(c.Call.Args, func(a ssa.Value) bool { return ssaflow.DerivedFromUnless(a, g.isRecord, numericField) }) {
				return true, true
			}
		}
		return false, false
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		handled, ended := scan(b)
		if handled {
			return true
		}
		if !ended {
			work = append(work, b.Succs...)
		}
	}
	return false
}

// definedBy returns the value v was last written from: through loads of
// a local variable stored once (a record kept in a variable whose address
// is taken), the value stored.
func definedBy(v ssa.Value) ssa.Value {
	for range 8 {
		load, ok := v.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return v
		}
		x := load.X
		if fv, ok := x.(*ssa.FreeVar); ok {
			// A variable a function literal captures: its binding
			// where the one closure of it is made (ssaflow.BoundTo).
			bs := ssaflow.BoundTo(fv)
			if len(bs) != 1 {
				return v
			}
			x = bs[0]
		}
		al, ok := x.(*ssa.Alloc)
		if !ok {
			return v
		}
		var stored []ssa.Value
		for _, ref := range *al.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == ssa.Value(al) {
				stored = append(stored, st.Val)
			}
		}
		if len(stored) != 1 {
			return v
		}
		v = stored[0]
	}
	return v
}

// nextOnError reports whether the caller making site, a call of a helper
// given a record as its argument i, goes on to its next record when the
// helper returns an error: a branch testing the error (err != nil) comes
// back to site through the definition of the record argument (a loop over
// the records taking the next one) without returning, panicking or
// exiting. A branch that comes back with the same record retries.
func (g *gatherer) nextOnError(site ssa.CallInstruction, i int) bool {
	call, ok := site.(*ssa.Call)
	args := site.Common().Args
	if !ok || i < 0 || i >= len(args) {
		return false
	}
	def, ok := definedBy(args[i]).(ssa.Instruction)
	if ok && def.Parent() != call.Parent() && def.Parent() == call.Parent().Parent() {
		// An attempt a retry wrapper runs (backoff.Retry(func() error {
		// return h.apply(sess, m) }, bo)): what the wrapper's caller
		// does when it gives up decides.
		if outer := attemptOf(call); outer != nil {
			call = outer
		}
	}
	if !ok || def.Parent() != call.Parent() {
		return false // the caller's own parameter: the same record again
	}
	leaves := leaving(g.pass)
	stop := func(in ssa.Instruction) bool {
		_, ret := in.(*ssa.Return)
		return ret || leaves(in)
	}
	for _, e := range errResults(call) {
		for _, iff := range failureIfs(e) {
			tb := iff.Block().Succs[0]
			if len(tb.Instrs) == 0 || stop(tb.Instrs[0]) || g.branchHandles(tb, call, def) {
				continue
			}
			// To the next record without calling the helper again (a
			// retry), then to the helper with it.
			notAgain := func(in ssa.Instruction) bool { return in == ssa.Instruction(call) || stop(in) }
			if (tb.Instrs[0] == def || ssaflow.ReachesStopping(tb.Instrs[0], def, notAgain)) && ssaflow.ReachesStopping(def, call, stop) {
				return true
			}
		}
	}
	return false
}

// attemptOf returns the call that call's function, a function literal
// returning call's result and only that (func() error { return
// h.apply(sess, m) }), is passed to in its parent, when that call
// returns an error too: a retry wrapper running the literal as its
// attempt. Nil otherwise.
func attemptOf(call *ssa.Call) *ssa.Call {
	lit := call.Parent()
	if lit.Parent() == nil || !isError(call.Type()) {
		return nil
	}
	for _, b := range lit.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && (len(ret.Results) != 1 || ret.Results[0] != ssa.Value(call)) {
			return nil
		}
	}
	outer, ok := ssaflow.PassedTo(lit, func(*types.Func) bool { return true }).(*ssa.Call)
	if !ok || len(errResults(outer)) != 1 {
		return nil
	}
	return outer
}

// perRecordLiteral reports whether fn is a function literal its parent
// passes to a function of a Kafka client (fetches.EachRecord(func(r)
// {...})): returning from it goes on to the next record.
func (g *gatherer) perRecordLiteral(fn *ssa.Function) bool {
	return fn.Parent() != nil && g.literalSite(fn) != nil
}

// inBranch reports whether at is reached only through the branch fail
// (not a block the branch jumps to that other paths reach too, as a
// break's target is).
func inBranch(fail, at *ssa.BasicBlock) bool {
	return fail.Dominates(at) && (at != fail || len(fail.Preds) == 1)
}

// returns reports whether b ends with a return.
func returns(b *ssa.BasicBlock) bool {
	_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	return ok
}

// perPartition reports whether fn is a goroutine the literal given to
// EachPartition starts, handling the partition's records of the poll: a
// failure it keeps for the loop (sent, or stored) leaves no position of
// its partition past the failed record, the other partitions' are their
// own (not so for a goroutine per record: the next one's passes it).
func (g *gatherer) perPartition(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || !g.goPerPoll(fn) {
		return false
	}
	site := g.literalSite(parent)
	if site == nil {
		return false
	}
	f := ssaflow.Callee(site.Common())
	return f != nil && f.Name() == "EachPartition"
}

// goPerPoll reports whether fn is a function literal started by a go
// statement each time round the poll loop (in a loop of its parent, or
// in a literal the client calls per partition or record: EachPartition's):
// a return from it ends this poll's work on its records, unseen by the
// loop, and the next poll's positions pass the rest (audit 37c/D1: a
// partition's goroutine returning on a failed save, its next poll
// marked).
func (g *gatherer) goPerPoll(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool { return c.Role == clientmodel.Fetch && c.Fn == fn }) {
		return false // the goroutine is the poll loop (restarted by a supervisor)
	}
	for _, b := range parent.Blocks {
		for _, in := range b.Instrs {
			if gs, ok := in.(*ssa.Go); ok && ssaflow.Literal(gs.Call.Value) == fn {
				return ssaflow.InLoop(b) || g.perRecordLiteral(parent)
			}
		}
	}
	return false
}

// dominatedByAny reports whether one of blocks dominates b.
func dominatedByAny(b *ssa.BasicBlock, blocks map[*ssa.BasicBlock]bool) bool {
	for t := range blocks {
		if t.Dominates(b) {
			return true
		}
	}
	return false
}

// literalDropped returns the failure of lit, a function literal writing
// a position and returning an error, that the function of another
// package it is given to drops (handsoff.DropsFact: obs.Span(ctx, name,
// func(ctx) error { if err := credit(m); err != nil { return err };
// mark }) logging it): the literal leaves without its position, and the
// loop goes on to the next record, whose position passes this one.
func (g *gatherer) literalDropped(lit *ssa.Function) (Skip, bool) {
	r := lit.Signature.Results()
	if lit.Parent() == nil || r.Len() == 0 || !isError(r.At(r.Len()-1).Type()) {
		return Skip{}, false
	}
	ho := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)
	site := ssaflow.PassedTo(lit, func(f *types.Func) bool {
		d, ok := ho.Drops(f)
		return ok && !d.Lit && !d.Middleware && f.Pkg() != g.pass.Pkg
	})
	if site == nil {
		return Skip{}, false
	}
	callee := ssaflow.Callee(site.Common())
	return Skip{Call: "the function literal", Pos: g.posn(site.Pos()), In: ssaflow.ShortFunc(callee)}, true
}

// droppedBy returns the failure a call of another package's function
// drops (handsoff.DropsFact): one given the record's processing (the
// record, or a literal using it: retry.Do(func() error { return
// save(m) })) that returns no error once it failed, or a call of the
// literal such a function returned (handle := retry.WithBackoff(s.save,
// 3, d); handle(ctx, m)): the caller goes on as from a success.
func (g *gatherer) droppedBy(call *ssa.Call) (Skip, bool) {
	ho := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)
	if !handsRecord(call.Call.Args, g.handlerArg) {
		return Skip{}, false
	}
	if call.Call.StaticCallee() == nil && !call.Call.IsInvoke() {
		// A function value: one such a function returned, directly or
		// kept in a field, or a handler a decorator it returned wraps
		// (h.handle = mw.Chain(h.save, mw.Retry[T](3, d)): hunt 42f/D1).
		if callee := g.dropper(call.Call.Value, 0); callee != nil {
			return Skip{Call: "the function it runs", Pos: g.posn(call.Pos()), In: "the wrapper " + ssaflow.ShortFunc(callee) + " makes", Outside: true}, true
		}
		return Skip{}, false
	}
	callee := ssaflow.Callee(call.Common())
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == g.pass.Pkg {
		return Skip{}, false
	}
	if f, ok := ho.Drops(callee); ok && !f.Lit && !f.Middleware {
		return Skip{Call: "the function it runs", Pos: g.posn(call.Pos()), In: ssaflow.ShortFunc(callee), Outside: true}, true
	}
	return Skip{}, false
}

// dropper returns the function of another package whose DropsFact makes
// v, a handler's function value, drop failures: v is the literal it
// returned, or a handler a decorator it returned wraps, applied in place
// (mw.Retry[T](3, d)(h.save)) or given to a function composing them
// (mw.Chain(h.save, mw.Logging[T](), mw.Retry[T](3, d))). nil if none.
func (g *gatherer) dropper(v ssa.Value, depth int) *types.Func {
	ho := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)
	for _, r := range g.m.Flow.Roots(v) {
		c, ok := resultOf(r).(*ssa.Call)
		if !ok {
			continue
		}
		if callee := ssaflow.Callee(c.Common()); callee != nil && callee.Pkg() != nil && callee.Pkg() != g.pass.Pkg {
			if f, ok := ho.Drops(callee); ok && (f.Lit || f.Middleware && depth > 0) {
				return callee
			}
		}
		if depth >= 3 {
			continue
		}
		if c.Call.StaticCallee() == nil && !c.Call.IsInvoke() {
			if f := g.dropper(c.Call.Value, depth+1); f != nil {
				return f // a decorator applied
			}
		}
		for _, a := range c.Call.Args {
			for _, u := range unpacked(a) {
				if f := g.dropper(u, depth+1); f != nil {
					return f // given to a function composing them
				}
			}
		}
	}
	return nil
}

// ackedRegardless returns the failure of a processing call that reports
// its outcome to the function literal writing the position pc, given it
// as a completion callback (apply(v, func(ok bool) { if !ok { log };
// mark(m) }), with apply of the package calling it with err == nil or
// the error), when the literal writes the position whatever the outcome
// says (trial 41e/D1, D10: at-least-once, 3 of 300 lost without a
// crash), or only on a success, with a failure only logged: the next
// record's position passes the failed one.
func (g *gatherer) ackedRegardless(pc *consumer.Call) (Skip, bool) {
	lit := pc.Fn
	if lit.Parent() == nil || len(lit.Params) != 1 || lit.Signature.Results().Len() != 0 {
		return Skip{}, false
	}
	outcome := lit.Params[0]
	if t, ok := outcome.Type().Underlying().(*types.Basic); !isError(outcome.Type()) && (!ok || t.Kind() != types.Bool) {
		return Skip{}, false
	}
	stops := g.stops()
	if slices.ContainsFunc(lit.Blocks, stops) {
		return Skip{}, false
	}
	regardless := true
	for _, b := range lit.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !ssaflow.Derives(ifi.Cond, func(x ssa.Value) bool { return x == outcome }) {
			continue
		}
		fi := failSide(ifi.Cond, outcome)
		if fi < 0 {
			return Skip{}, false
		}
		// The position written on a success only (if ok { mark } else {
		// log }), or whatever it was: either way, the failure keeps
		// nothing, sends nothing (a dead-letter write: review 42-1/D3).
		if s := b.Succs[1-fi]; len(s.Preds) == 1 && s.Dominates(pc.Instr.Block()) {
			regardless = false
		}
		if fail := b.Succs[fi]; len(fail.Preds) == 1 && slices.ContainsFunc(lit.Blocks, func(x *ssa.BasicBlock) bool { return fail.Dominates(x) && !onlyLogs(x.Instrs) }) {
			return Skip{}, false
		}
	}
	for _, b := range lit.Parent().Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok || !g.appCall(call) || !slices.ContainsFunc(call.Call.Args, g.handlerArg) {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee != nil && callee.Origin() != nil {
				callee = callee.Origin() // a generic helper's instance (review 42-1/D5)
			}
			i := slices.IndexFunc(call.Call.Args, func(a ssa.Value) bool { return ssaflow.Literal(a) == lit })
			if callee == nil || i < 0 || i >= len(callee.Params) || !reportsOutcome(callee, callee.Params[i]) {
				continue
			}
			return Skip{Call: callName(call), Pos: g.posn(call.Pos()), Acked: true, OnSuccess: !regardless}, true
		}
	}
	return Skip{}, false
}

// failSide returns which successor of an if on cond a failure takes:
// 1 for ok (true on a success), 0 for !ok, err != nil; 1 for err == nil;
// -1 when cond is none of these tests of outcome.
func failSide(cond ssa.Value, outcome *ssa.Parameter) int {
	switch c := cond.(type) {
	case *ssa.Parameter:
		if c == outcome {
			return 1
		}
	case *ssa.UnOp:
		if c.Op == token.NOT && c.X == ssa.Value(outcome) {
			return 0
		}
	case *ssa.BinOp:
		if k, ok := c.Y.(*ssa.Const); ok && k.IsNil() && c.X == ssa.Value(outcome) {
			switch c.Op {
			case token.NEQ:
				return 0
			case token.EQL:
				return 1
			}
		}
	}
	return -1
}

// reportsOutcome reports whether fn calls its parameter cb with an error
// (done(err)), a test of one (ack(err == nil)), or false.
func reportsOutcome(fn *ssa.Function, cb *ssa.Parameter) bool {
	if cb.Referrers() == nil {
		return false
	}
	for _, u := range *cb.Referrers() {
		call, ok := u.(*ssa.Call)
		if !ok || call.Call.Value != cb || len(call.Call.Args) != 1 {
			continue
		}
		a := call.Call.Args[0]
		if cmp, ok := a.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) {
			a = cmp.X
		}
		k, isConst := a.(*ssa.Const)
		if isError(a.Type()) && !isConst || isConst && k.Value != nil && k.Value.Kind() == constant.Bool && !constant.BoolVal(k.Value) {
			return true // (or ack(false) on a failure: trial 42e/D1; not done(nil): review 42-1/D2)
		}
		if isConst && failureReaches(fn, call.Block()) {
			return true // done(nil) after a failure only logged (review 42-2/D4)
		}
	}
	return false
}

// failureReaches reports whether a failure branch of fn (an error tested
// against nil) reaches b without returning first.
func failureReaches(fn *ssa.Function, b *ssa.BasicBlock) bool {
	for _, x := range fn.Blocks {
		check, _, fail := failureCheck(x)
		if check == nil {
			continue
		}
		seen := map[*ssa.BasicBlock]bool{x: true}
		work := []*ssa.BasicBlock{fail}
		for len(work) > 0 {
			n := work[len(work)-1]
			work = work[:len(work)-1]
			if n == b {
				return true
			}
			if seen[n] {
				continue
			}
			seen[n] = true
			work = append(work, n.Succs...)
		}
	}
	return false
}

// handsRecord reports whether one of args is a record (isRec), or a
// function literal using one: retry(ctx, func() error { ... }).
func handsRecord(args []ssa.Value, isRec func(ssa.Value) bool) bool {
	return slices.ContainsFunc(args, func(a ssa.Value) bool {
		if mc, ok := a.(*ssa.MakeClosure); ok {
			return slices.ContainsFunc(mc.Bindings, isRec)
		}
		return isRec(a)
	})
}

// callName names the callee of call for a message: "db.ExecContext",
// "handle", or "the handler" for a function value.
func callName(call *ssa.Call) string {
	f := ssaflow.Callee(call.Common())
	if f == nil {
		return "the handler"
	}
	return ssaflow.ShortFunc(f)
}

// maxSwallowDepth bounds the chain of handlers swallowedIn follows: the
// loop's handler, the function it hands the record to, and one more.
const maxSwallowDepth = 3

// swallowedIn returns the failures the handler call makes (a function of
// this package, given the record or a value made from it (isRec), returning
// nothing or just an error) that it logs and returns from without an
// error: its caller cannot tell, so the record is written past as if
// processed. A failure branch that does anything but log (a call that is
// not a log's or a metric's, a send, an error stored) or returns an error,
// retries, or stops the program is not swallowed; nor is one that tells
// failures apart. The handler's own handlers are followed when their call
// is the last thing it does but log (depth bounded), whatever they are
// given.
func (g *gatherer) swallowedIn(call *ssa.Call, isRec func(ssa.Value) bool, depth int, seen map[*ssa.Function]bool, stops func(*ssa.BasicBlock) bool) []Skip {
	f := ssaflow.WithBody(call.Call.StaticCallee())
	if fs := g.m.Flow.DynCallees(call); f == nil && len(fs) == 1 {
		f = fs[0] // a handler passed as a function value: the literal the caller passes
	}
	if f == nil && call.Call.IsInvoke() && depth <= maxSwallowDepth {
		// A decorator held in an interface (var h Handler =
		// logging{next: ...}): the methods of the concrete types the
		// value may hold (audit 35b/D1).
		var out []Skip
		for _, m := range g.implementations(call) {
			out = append(out, g.swallowedVia(call, m, isRec, depth, seen, stops)...)
		}
		return out
	}
	return g.swallowedVia(call, f, isRec, depth, seen, stops)
}

// comparesField reports whether fn compares the value of a field named
// name (if h.Failed > before), not only logs it (review 43-3/D7).
func comparesField(fn *ssa.Function, name string) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			fa, ok := in.(*ssa.FieldAddr)
			if !ok || fa.Referrers() == nil {
				continue
			}
			if v := ssaflow.FieldVar(fa); v == nil || v.Name() != name {
				continue
			}
			for _, u := range *fa.Referrers() {
				if load, ok := u.(*ssa.UnOp); ok && load.Op == token.MUL && load.Referrers() != nil &&
					slices.ContainsFunc(*load.Referrers(), func(r ssa.Instruction) bool {
						cmp, ok := r.(*ssa.BinOp)
						return ok && (cmp.Op == token.GTR || cmp.Op == token.LSS || cmp.Op == token.GEQ || cmp.Op == token.LEQ || cmp.Op == token.EQL || cmp.Op == token.NEQ)
					}) {
					return true
				}
			}
		}
	}
	return false
}

// implementations returns the methods that an interface method call may
// run: those of the concrete types of the values stored in the interface
// value it is called on (its roots), each once.
func (g *gatherer) implementations(call *ssa.Call) []*ssa.Function {
	var out []*ssa.Function
	prog := call.Parent().Prog
	for _, r := range g.m.Flow.Roots(call.Call.Value) {
		t := r.Type()
		if types.IsInterface(t) {
			continue
		}
		if e := ssaflow.Deref(t); prog.MethodSets.MethodSet(e).Lookup(call.Call.Method.Pkg(), call.Call.Method.Name()) != nil {
			t = e // a value method, not *T's wrapper of it
		}
		if ms := prog.MethodSets.MethodSet(t); ms.Lookup(call.Call.Method.Pkg(), call.Call.Method.Name()) == nil {
			continue
		}
		fn := prog.LookupMethod(t, call.Call.Method.Pkg(), call.Call.Method.Name())
		if fn != nil && !slices.Contains(out, fn) {
			out = append(out, fn)
		}
	}
	return out
}

// swallowedVia is swallowedIn for f, the function call runs.
func (g *gatherer) swallowedVia(call *ssa.Call, f *ssa.Function, isRec func(ssa.Value) bool, depth int, seen map[*ssa.Function]bool, stops func(*ssa.BasicBlock) bool) []Skip {
	if f == nil {
		return nil
	}
	// Given as an argument, or to a literal called in place, as a fix
	// leaves a goroutine's (audit 37c/D2).
	given := handsRecord(call.Call.Args, isRec)
	if mc, ok := call.Call.Value.(*ssa.MakeClosure); ok {
		given = given || slices.ContainsFunc(mc.Bindings, isRec)
	}
	if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() != nil && obj.Pkg() != g.pass.Pkg && given {
		// A handler of another package that logs a failure and returns
		// none (handsoff.SwallowsFact; audit 37b/D3).
		ho := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)
		if sf, ok := ho.Swallows(obj); ok && !(sf.Counter != "" && comparesField(call.Parent(), sf.Counter)) {
			// (Not when the caller reads the failures it counts:
			// review 43-2/D8.)
			return []Skip{{Call: sf.Call, Pos: g.posn(call.Pos()), In: ssaflow.ShortFunc(obj), Outside: true, Overwritten: sf.Deferred}}
		}
		// A function literal it runs in place, handing on its failure
		// (retry.Policy{}.Do(ctx, func(ctx) error { return
		// h.Apply(ctx, r) })): what the literal swallows is swallowed.
		var out []Skip
		for i, a := range call.Call.Args {
			if f.Signature.Recv() != nil {
				i-- // a method's receiver comes first
			}
			if lit := ssaflow.Literal(a); lit != nil && depth < maxSwallowDepth && ho.Runs(obj, i) {
				out = append(out, g.swallowedVia(call, lit, func(ssa.Value) bool { return true }, depth+1, seen, stops)...)
			}
		}
		return out
	}
	if idx := errorFieldRead(call); idx >= 0 && f.Pkg != nil && f.Pkg.Pkg == g.pass.Pkg && given && !seen[f] && len(f.Blocks) > 0 && depth <= maxSwallowDepth {
		// A helper answering with a struct whose error field the caller
		// tests, never set (a value receiver's setter writing a copy:
		// out.fail(err); break; return out: hunt 45f/D4, 27 and 146 of
		// 300 lost).
		if inner := g.unsetOnFailure(f, idx, stops); inner != nil {
			return []Skip{{Call: callName(inner), Pos: g.posn(inner.Pos()), In: consumer.DisplayName(f), Unset: f.Signature.Results().At(0).Type().Underlying().(*types.Struct).Field(idx).Name()}}
		}
	}
	if obj, ok := f.Object().(*types.Func); ok && given && obj.Pkg() == g.pass.Pkg {
		// A failure returned, then replaced by a deferred literal's
		// write to the named result (defer func() { err = tx.Close()
		// }(): hunt 45f/D1, 22 to 146 of 300 lost).
		if sf, ok := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Swallows(obj); ok && sf.Deferred {
			return []Skip{{Call: sf.Call, Pos: g.posn(call.Pos()), In: consumer.DisplayName(f), Outside: true, Overwritten: true}}
		}
	}
	budget := answerBudgeted(call)
	if budget != nil && (f == nil || !countsUp(f)) {
		budget = nil // (a status, not a count: code >= 300)
	}
	if depth > maxSwallowDepth || f == nil || seen[f] || f.Pkg == nil || f.Pkg.Pkg != g.pass.Pkg || len(f.Blocks) == 0 || !handlerShaped(f.Signature) && !answerDropped(call) && !answerOnlyLogged(call) && budget == nil || !given {
		return nil
	}
	seen[f] = true
	defer delete(seen, f)
	var out []Skip
	if budget != nil {
		// (A count of failures tested against a budget: if n :=
		// bookAll(recs); n > s.budget { return }, hunt 46f/D5.)
		defer func() {
			for i := range out {
				if out[i].In == consumer.DisplayName(f) {
					out[i].Budget = boundName(budget)
				}
			}
		}()
	}
	for _, b := range f.Blocks {
		check, inner, fail := failureCheck(b)
		if check == nil {
			// Or a handler's bool answer (for attempt := 1; attempt <=
			// max; attempt++ { if h.OnMessage(ctx, m) { return } }: trial
			// 42c/D3).
			check, inner, fail = answerCheck(b)
		}
		if check != nil && g.appCall(inner) && !quiet(inner) && !tellsApart(b, fail) && dropsFailure(f, b, fail, inner, stops) {
			out = append(out, Skip{Call: callName(inner), Pos: g.posn(inner.Pos()), In: consumer.DisplayName(f)})
		}
		for i, in := range b.Instrs {
			next, ok := in.(*ssa.Call)
			if !ok || !g.appCall(next) || !onlyLogsAfter(f, b, i+1, stops) && !returnsResult(b, i, next) {
				continue
			}
			// What f hands on last is the record's, whatever it made of
			// it (a value decoded into a local the SSA does not trace).
			out = append(out, g.swallowedIn(next, func(ssa.Value) bool { return true }, depth+1, seen, stops)...)
		}
	}
	return out
}

// errorFieldRead returns the index of the error field of call's result,
// a struct value, that its caller reads (out := book(recs); out.err); -1
// if none.
func errorFieldRead(call *ssa.Call) int {
	if _, ok := call.Type().Underlying().(*types.Struct); !ok {
		return -1
	}
	for _, ref := range *call.Referrers() {
		switch r := ref.(type) {
		case *ssa.Field:
			if isError(r.Type()) {
				return r.Field
			}
		case *ssa.Store:
			// (Kept in a local: out := book(recs); out.err.)
			for _, u := range *r.Addr.Referrers() {
				if fa, ok := u.(*ssa.FieldAddr); ok && isError(ssaflow.Deref(fa.Type())) {
					return fa.Field
				}
			}
		}
	}
	return -1
}

// unsetOnFailure returns the first call of the application in f whose
// failure branch returns without f ever setting the error field idx of
// the struct it returns: the local it returns is stored no value in that
// field and its address is given to nothing (a pointer receiver's setter
// may set it); nil otherwise.
func (g *gatherer) unsetOnFailure(f *ssa.Function, idx int, stops func(*ssa.BasicBlock) bool) *ssa.Call {
	var locals []*ssa.Alloc
	for _, b := range f.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			load, ok := ret.Results[0].(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				return nil
			}
			a, ok := load.X.(*ssa.Alloc)
			if !ok {
				return nil
			}
			locals = append(locals, a)
		}
	}
	for _, a := range locals {
		for _, ref := range *a.Referrers() {
			switch r := ref.(type) {
			case *ssa.FieldAddr:
				if r.Field == idx && slices.ContainsFunc(*r.Referrers(), func(in ssa.Instruction) bool { _, st := in.(*ssa.Store); return st }) {
					return nil // set somewhere
				}
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.Store:
				if r.Addr != ssa.Value(a) {
					return nil // its address kept
				}
				return nil // a whole value stored (out = outcome{err: err})
			default:
				return nil // its address given away
			}
		}
	}
	for _, b := range f.Blocks {
		check, inner, fail := failureCheck(b)
		if check != nil && g.appCall(inner) && !quiet(inner) && !tellsApart(b, fail) && !stops(fail) {
			return inner
		}
	}
	return nil
}

// boolBranches returns the If ending b, its condition with a negation
// taken off, and the blocks taken when that is true and when false; a nil
// If when b ends otherwise.
func boolBranches(b *ssa.BasicBlock) (ifi *ssa.If, v ssa.Value, yes, no *ssa.BasicBlock) {
	if len(b.Instrs) == 0 {
		return nil, nil, nil, nil
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, nil, nil, nil
	}
	v, yes, no = ifi.Cond, b.Succs[0], b.Succs[1]
	if not, ok := v.(*ssa.UnOp); ok && not.Op == token.NOT {
		v, yes, no = not.X, no, yes
	}
	return ifi, v, yes, no
}

// answerCheck returns, for b ending in a test of a call's bool answer
// whose true branch returns without more work (if deliver(m) { return };
// if !deliver(m) { ... }), the test, the call and the branch a false
// answer takes; not a filter, whose true branch goes on to process.
func answerCheck(b *ssa.BasicBlock) (*ssa.If, *ssa.Call, *ssa.BasicBlock) {
	ifi, cond, succ, fail := boolBranches(b)
	if ifi == nil {
		return nil, nil, nil
	}
	call, isCall := cond.(*ssa.Call)
	if !isCall || !types.Identical(call.Type().Underlying(), types.Typ[types.Bool]) {
		return nil, nil, nil
	}
	// To a return, through plain jumps (a break out of the attempts:
	// review 42-2/D1).
	seen := map[*ssa.BasicBlock]bool{}
	for n := succ; ; n = n.Succs[0] {
		if !onlyLogs(n.Instrs) || n == b || seen[n] {
			return nil, nil, nil
		}
		if returns(n) {
			return ifi, call, fail
		}
		if _, jump := n.Instrs[len(n.Instrs)-1].(*ssa.Jump); !jump {
			return nil, nil, nil
		}
		seen[n] = true
	}
}

// loggingCallback reports whether lit is a completion callback given
// only an error (func(err error)) that does nothing with it but log: no
// flag or error kept, no send, no stop.
func loggingCallback(lit *ssa.Function, stops func(*ssa.BasicBlock) bool) bool {
	if lit == nil || len(lit.Params) != 1 || !isError(lit.Params[0].Type()) || lit.Signature.Results().Len() != 0 || len(lit.Blocks) == 0 {
		return false
	}
	for _, b := range lit.Blocks {
		if stops(b) || !onlyLogs(b.Instrs) {
			return false
		}
	}
	return true
}

// returnsResult reports whether b, after its instruction i (the call
// next), only logs and returns what next returns (return handle(url, m)):
// a failure next swallows is swallowed by b's function too.
func returnsResult(b *ssa.BasicBlock, i int, next *ssa.Call) bool {
	ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	if !ok || len(ret.Results) == 0 || !onlyLogs(b.Instrs[i+1:len(b.Instrs)-1]) {
		return false
	}
	for _, r := range ret.Results {
		if ex, ok := r.(*ssa.Extract); ok {
			r = ex.Tuple
		}
		if r != ssa.Value(next) {
			return false
		}
	}
	return true
}

// dropsFailure reports whether the failure branch fail of the check ending
// b, in handler f, returns from f without an error (or f returns none) on
// some path, and every path from fail only logs (or backs off) before it
// returns, stops or tries again (back to b): no other work, no error kept
// or sent. A retry that gives up and returns nil drops the failure after
// its last attempt; one that tries until it succeeds does not. A retry
// may call inner again (a select loop's tick trying it, its deadline
// giving up: hunt 42f/D8): on from there its failure goes on.
func dropsFailure(f *ssa.Function, b, fail *ssa.BasicBlock, inner *ssa.Call, stops func(*ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fail}
	dropped := false
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] || stops(x) {
			continue
		}
		if x == b {
			continue // a retry: dropped only if a path gives up (audit 36b/D1)
		}
		seen[x] = true
		if slices.ContainsFunc(x.Instrs, keepsRecord) {
			return false // kept for later (failed = append(failed, r): review 39-2/D6)
		}
		if x != fail && nextRecord(x) {
			// On to the next record of the batch it was given: the
			// failed one dropped (audit 39b/D2: a batch helper
			// counting what it applied).
			dropped = true
			continue
		}
		if check, again, failAgain := failureCheck(x); check != nil && x != fail && ssaflow.Callee(again.Common()) == ssaflow.Callee(inner.Common()) && ssaflow.Callee(inner.Common()) != nil &&
			onlyLogs(slices.DeleteFunc(slices.Clone(x.Instrs), func(in ssa.Instruction) bool { return in == again || backsOff(in) })) {
			work = append(work, failAgain) // tried again: its success is no drop
			continue
		}
		instrs := slices.DeleteFunc(slices.Clone(x.Instrs), backsOff)
		if ret, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return); ok {
			if st := resultStore(ret); st != nil {
				instrs = slices.DeleteFunc(instrs, func(in ssa.Instruction) bool { return in == st })
			}
		}
		if !onlyLogs(instrs) {
			return false
		}
		if ret, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return); ok {
			// A path returning an error (the context's, while backing
			// off) hands that failure on; one returning nil drops it.
			dropped = dropped || returnsNoError(f, ret)
			continue
		}
		work = append(work, x.Succs...)
	}
	return dropped
}

// keepsRecord reports whether in appends to a slice of records (a list of
// the failed ones, parked after the loop).
func keepsRecord(in ssa.Instruction) bool {
	c, ok := in.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append" && holdsRecords(c.Type()) // not their offsets, nor errors (review 39-3/D1, D2)
}

// nextRecord reports whether b is the head of a range loop over a slice
// of records (or of values holding them): its next iteration takes the
// next record.
func nextRecord(b *ssa.BasicBlock) bool {
	if b.Comment != "rangeindex.loop" || len(b.Instrs) == 0 {
		return false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	n, ok := cmp.Y.(*ssa.Call)
	if !ok {
		return false
	}
	if bi, ok := n.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" || len(n.Call.Args) != 1 {
		return false
	}
	return holdsRecords(n.Call.Args[0].Type())
}

// backsOff reports whether in is a retry's backoff: a call of the time
// package (time.Sleep, time.After) or of a context's (ctx.Err()), a
// receive from a timer or a context's Done, a select on those alone
// (review 36-2/D9).
func backsOff(in ssa.Instruction) bool {
	switch x := in.(type) {
	case *ssa.Call, *ssa.Defer:
		// (defer tick.Stop() too)
		f := ssaflow.Callee(x.(ssa.CallInstruction).Common())
		return f != nil && f.Pkg() != nil && (f.Pkg().Path() == "time" || f.Pkg().Path() == "context")
	case *ssa.UnOp:
		return x.Op == token.ARROW && ssaflow.NoWork(x.X)
	case *ssa.Select:
		for _, st := range x.States {
			if st.Dir == types.SendOnly || !ssaflow.NoWork(st.Chan) {
				return false
			}
		}
		return true
	}
	return false
}

// onlyLogsAfter reports whether, in handler f, every path from the
// instruction i of b to a return only logs, and no return gives an error:
// a failure the call before i swallowed is then swallowed by f too.
func onlyLogsAfter(f *ssa.Function, b *ssa.BasicBlock, i int, stops func(*ssa.BasicBlock) bool) bool {
	if !onlyLogs(b.Instrs[i:]) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x != b && (seen[x] || stops(x)) {
			continue
		}
		seen[x] = true
		if x != b && !onlyLogs(x.Instrs) {
			return false
		}
		if ret, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return); ok {
			if !returnsNoError(f, ret) {
				return false
			}
			continue
		}
		for _, s := range x.Succs {
			if s == b {
				return false // a loop: more work follows
			}
			work = append(work, s)
		}
	}
	return true
}

// answerDropped reports whether call's results, none of them an error,
// are all dropped: a helper answering false on a failure its caller does
// not read (`h.write(m)`, then the batch's mark: audit 39b/D13) drops the
// failure as one returning nothing does.
func answerDropped(call *ssa.Call) bool {
	r := call.Call.Signature().Results()
	if r.Len() == 0 || call.Referrers() != nil && len(*call.Referrers()) > 0 {
		return false
	}
	for v := range r.Variables() {
		if isError(v.Type()) {
			return false
		}
	}
	return true
}

// answerBudgeted returns the test of call's one result, an integer (a
// count of the records that failed), against a budget: a bound that is
// neither 0 (n > 0, n >= 1) nor a length (n < len(recs)), a field, a
// setting or a constant over 1 (n > s.budget); nil if call's result has
// no such test, or has an exact one too. Failures under the budget go on
// as successes (hunt 46f/D5: 3 of 300 lost under a budget of 5).
func answerBudgeted(call *ssa.Call) ssa.Value {
	r := call.Call.Signature().Results()
	if r.Len() != 1 || call.Referrers() == nil {
		return nil
	}
	if b, ok := r.At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return nil
	}
	// exact reports whether bound, compared with op (call's result on
	// the left), stops on the first failure (or success missing).
	exact := func(op token.Token, bound ssa.Value) bool {
		if k, ok := bound.(*ssa.Const); ok && k.Value != nil {
			n, known := constant.Float64Val(constant.ToFloat(k.Value))
			return known && (op == token.GTR && n <= 0 || op == token.GEQ && n <= 1 || op == token.LSS && n <= 1 || op == token.LEQ && n <= 0)
		}
		c, ok := bound.(*ssa.Call)
		if !ok {
			return false
		}
		b, builtin := c.Call.Value.(*ssa.Builtin)
		return builtin && b.Name() == "len"
	}
	var budget ssa.Value
	for _, t := range countTests(call) {
		cmp := t.cmp
		op, bound := cmp.Op, cmp.Y
		if t.count == cmp.Y {
			bound = cmp.X
			switch op { // (the result on the left)
			case token.GTR:
				op = token.LSS
			case token.GEQ:
				op = token.LEQ
			case token.LSS:
				op = token.GTR
			case token.LEQ:
				op = token.GEQ
			}
		}
		switch op {
		case token.EQL, token.NEQ:
			return nil
		case token.GTR, token.GEQ, token.LSS, token.LEQ:
			if exact(op, bound) {
				return nil
			}
			budget = bound
		}
	}
	return budget
}

// A countTest is a comparison of a count (count, an operand of cmp).
type countTest struct {
	cmp   *ssa.BinOp
	count ssa.Value
}

// countTests returns the comparisons of call's result, a count: of it,
// converted (float64(n) > 0.1*float64(len(recs))), or added to a field
// read back (s.failed += n; s.failed > s.budget: review 46-1/D4).
func countTests(call *ssa.Call) []countTest {
	var out []countTest
	seen := map[ssa.Value]bool{}
	var uses func(v ssa.Value, depth int)
	uses = func(v ssa.Value, depth int) {
		if seen[v] || depth > 3 || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.Convert:
				uses(r, depth+1)
			case *ssa.BinOp:
				switch r.Op {
				case token.ADD:
					uses(r, depth+1)
				case token.EQL, token.NEQ, token.GTR, token.GEQ, token.LSS, token.LEQ:
					out = append(out, countTest{r, v})
				}
			case *ssa.Store:
				// A running total in a field: its reads in the function.
				fa, ok := r.Addr.(*ssa.FieldAddr)
				if !ok || r.Val != v {
					continue
				}
				for _, b := range r.Parent().Blocks {
					for _, in := range b.Instrs {
						if load, ok := in.(*ssa.UnOp); ok && load.Op == token.MUL {
							if f, ok := load.X.(*ssa.FieldAddr); ok && f.Field == fa.Field && types.Identical(f.X.Type(), fa.X.Type()) && ssaflow.Dominates(r, load) {
								uses(load, depth+1)
							}
						}
					}
				}
			}
		}
	}
	uses(call, 0)
	return out
}

// countsUp reports whether f returns a count: a value its loop adds to
// (failed++), not a status it picks (return 0; return 201).
func countsUp(f *ssa.Function) bool {
	for _, b := range f.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		seen := map[*ssa.Phi]bool{}
		var adds func(v ssa.Value) bool
		adds = func(v ssa.Value) bool {
			switch v := v.(type) {
			case *ssa.BinOp:
				return v.Op == token.ADD
			case *ssa.Phi:
				if seen[v] {
					return false
				}
				seen[v] = true
				return slices.ContainsFunc(v.Edges, adds)
			}
			return false
		}
		if _, isPhi := ret.Results[0].(*ssa.Phi); isPhi && adds(ret.Results[0]) {
			return true
		}
	}
	return false
}

// boundName names a budget answerBudgeted found: a constant's value, a
// field's or a parameter's name.
func boundName(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Const:
		return v.Value.String()
	case *ssa.Parameter:
		return v.Name()
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct).Field(fa.Field).Name()
		}
	case *ssa.Field:
		return v.X.Type().Underlying().(*types.Struct).Field(v.Field).Name()
	}
	return "a bound"
}

// answerOnlyLogged reports whether call's one result, not an error (a
// count of the records applied, an ok), is only logged (loggedUse):
// `if n := process(recs); n < len(recs) { log }`, then the commit of them
// all (audit 39b/D2).
func answerOnlyLogged(call *ssa.Call) bool {
	r := call.Call.Signature().Results()
	return r.Len() == 1 && !isError(r.At(0).Type()) && loggedUse(call, logFull, 0)
}

// returnsNoError reports whether ret, a return of f, gives no error: f
// returns none, or ret's last result is nil.
func returnsNoError(f *ssa.Function, ret *ssa.Return) bool {
	return !handlerShaped(f.Signature) || f.Signature.Results().Len() == 0 || lastNil(ret)
}

// nilErrorReturn reports whether b ends in a return of nil for its
// function's error, its last result.
func nilErrorReturn(b *ssa.BasicBlock) bool {
	ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	res := b.Parent().Signature.Results()
	return ok && res.Len() > 0 && isError(res.At(res.Len()-1).Type()) && lastNil(ret)
}

// lastNil reports whether ret's last result is nil (stored in the result
// slot a deferring function returns, or returned).
func lastNil(ret *ssa.Return) bool {
	r := ret.Results[len(ret.Results)-1]
	if st := resultStore(ret); st != nil {
		r = st.Val
	}
	c, ok := r.(*ssa.Const)
	return ok && c.IsNil()
}

// sameAnswer reports whether b ends in a return of constants that a
// return after the position call at gives too (a batch helper answering
// nil, its buffer emptied, on a failure as on a success: hunt 44f/D7):
// its caller cannot tell them apart.
func sameAnswer(b *ssa.BasicBlock, at ssa.Instruction) bool {
	ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	consts := func(r *ssa.Return) []string {
		var out []string
		for _, v := range r.Results {
			c, ok := v.(*ssa.Const)
			if !ok {
				return nil
			}
			out = append(out, c.String())
		}
		return out
	}
	want := consts(ret)
	if want == nil {
		return false
	}
	for _, x := range b.Parent().Blocks {
		if x == b || !returns(x) || !ssaflow.ReachesBlock(at.Block(), x, func(*ssa.BasicBlock) bool { return false }) {
			continue
		}
		if slices.Equal(consts(x.Instrs[len(x.Instrs)-1].(*ssa.Return)), want) {
			return true
		}
	}
	return false
}

// resultStore returns the store of ret's error, in a function that
// defers (*result = nil; rundefers; return *result), in ret's block; nil
// if none.
func resultStore(ret *ssa.Return) *ssa.Store {
	if len(ret.Results) == 0 {
		return nil
	}
	load, ok := ret.Results[len(ret.Results)-1].(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	instrs := ret.Block().Instrs
	for i := len(instrs) - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == slot {
			return st
		}
	}
	return nil
}

// onlyLogs reports whether instrs do nothing but compute, log or count:
// no call but quiet ones and logging methods, no send, nothing stored but
// in locals (no error at all).
func onlyLogs(instrs []ssa.Instruction) bool { return logsOnly(instrs, logFull) }

// What logsOnly counts as logging besides logs: a metric counted and a
// flag set for a log only (logFull), a metric counted only (logCounts:
// the tests of a flag's reads, loggedUse), neither (logPlain: the tests
// of a counter's reads, decides). Each asks the next: none recurses.
const (
	logFull = iota
	logCounts
	logPlain
)

// logsOnly is onlyLogs, counting as logging what mode says.
func logsOnly(instrs []ssa.Instruction, mode int) bool {
	for _, in := range instrs {
		switch in := in.(type) {
		case *ssa.Call:
			if _, builtin := in.Call.Value.(*ssa.Builtin); !builtin && !quiet(in) && !logging(in.Common()) && (mode == logPlain || counted(in) == nil) {
				return false
			}
		case *ssa.Send:
			if mode == logPlain || !reportedOnly(in) {
				return false
			}
		case *ssa.Go, *ssa.Defer, *ssa.Select, *ssa.MapUpdate:
			return false
		case *ssa.Store:
			// A local written; not a field, a global or an element (a
			// flag the caller reads, a retry list): the failure kept.
			// A metric counted is logging (counted), so is a flag
			// only logged (loggedFlag).
			if (!localAddr(in.Addr) || isError(in.Val.Type())) && (mode == logPlain || counted(in) == nil && (mode != logFull || !loggedFlag(in))) {
				return false
			}
		}
	}
	return true
}

// logging reports whether call is a logger's or a metric's: a function of
// a logging or metrics package, or a method with a logger's name that
// returns nothing (an application's Logger interface).
func logging(call *ssa.CallCommon) bool {
	if f := ssaflow.Callee(call); f != nil && f.Pkg() != nil && observe.Is(f.Pkg().Path()) {
		// Not one that exits or panics (logrus.Fatalf: review 41-1/D4).
		return !strings.HasPrefix(f.Name(), "Fatal") && !strings.HasPrefix(f.Name(), "Panic") && !strings.HasPrefix(f.Name(), "Exit")
	}
	return call.IsInvoke() && call.Signature().Results().Len() == 0 && observe.LoggerMethod(call.Method.Name())
}
