package semantics

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// Finding is a diagnostic of one of commitlint's analyzers, attributed to
// a consumer.
type Finding struct {
	Rule string `json:"rule"` // analyzer/category
	At   string `json:"at"`   // file:line
}

// Row is one consumer's delivery semantics, as the report prints them.
type Row struct {
	Client   string   `json:"client"`
	Consumer string   `json:"consumer"` // file:line of the constructor
	Group    string   `json:"group,omitempty"`
	Topics   []string `json:"topics,omitempty"`
	// Strategy is one of the Strategy* kinds, Detail says more.
	Strategy string `json:"strategy"`
	Detail   string `json:"detail,omitempty"`
	// Guarantee is at-most-once, at-least-once, effectively-once, neither
	// or unknown; Scope names the store effectively-once is scoped to.
	Guarantee   string `json:"guarantee"`
	Scope       string `json:"scope,omitempty"`
	Reason      string `json:"reason"`
	Window      string `json:"duplicateWindow"`
	Lag         string `json:"lagReflects"` // what the group's broker lag measures: a Lag* kind, with why
	Revoke      string `json:"commitOnRevoke"`
	Concurrency string `json:"concurrency"`
	Handler     string `json:"handlerMustBe"`
	// Failure says what happens to a record whose processing fails,
	// where the code shows it is skipped ("" otherwise).
	Failure  string    `json:"onFailure,omitempty"`
	Findings []Finding `json:"findings,omitempty"`
}

// Strategies.
const (
	StrategyTimer        = "auto-commit timer"
	StrategyBefore       = "commit before processing"
	StrategyEachRecord   = "commit after each record"
	StrategyEachBatch    = "commit after each batch"
	StrategyTracked      = "commit of a low-water mark"
	StrategyComputed     = "commit of a position the application computes"
	StrategyOnReturn     = "commit when the handler returns"
	StrategySink         = "offset stored in the same DB transaction"
	StrategyOwnStore     = "offset stored in the database, outside the effect's transaction"
	StrategyTransactions = "broker transactions"
	StrategyNone         = "no commits"
	StrategyUnknown      = "unknown"
)

// Guarantees.
const (
	AtMostOnce      = "at-most-once"
	AtLeastOnce     = "at-least-once"
	EffectivelyOnce = "effectively-once"
	Neither         = "neither"
	GuaranteeUnk    = "unknown"
)

// Classify turns a consumer's evidence and its findings into a report row.
// pos is the consumer's location as printed.
func Classify(ev *Evidence, pos string, findings []Finding) *Row {
	r := &Row{Client: ev.Client.Name, Consumer: pos, Group: ev.Group, Topics: ev.Topics, Findings: findings}
	has := func(c category.Category) bool {
		rule := category.Rule(c)
		return slices.ContainsFunc(findings, func(f Finding) bool { return f.Rule == rule })
	}
	hasAnalyzer := func(a string) bool {
		return slices.ContainsFunc(findings, func(f Finding) bool { return strings.HasPrefix(f.Rule, a+"/") })
	}
	c := classifier{ev: ev, r: r}
	c.concurrency(hasAnalyzer("hiwater"))
	switch {
	case c.sinks(has) && ev.Restore.Restored():
		c.sink(has(category.Unfenced))
	case ev.Sink != nil && !ev.Sink.InTx && ev.Restore.Restored():
		c.ownStore(has(category.CommitBefore))
	case ev.groupless():
		r.Strategy, r.Detail = StrategyNone, "not a group member: no position is ever committed"
		r.Guarantee = GuaranteeUnk
		r.Reason = "nothing is committed; where a restart resumes depends on the reader's start offset, not on what was processed"
		r.Window = "n/a"
		r.Revoke = "not needed (no group)"
	case ev.Unseen != "" && len(ev.Calls) == 0:
		// A handler of another package whose session calls were not
		// joined to this group (trial 40a/D5: "nothing is ever
		// committed" for a handler that marks).
		r.Strategy, r.Detail = StrategyUnknown, "its handler's "+ev.Unseen+" is defined in another package, whose calls on the session are not joined to this group (that package runs the handler on a group of its own, or is not analyzed)"
		r.Guarantee, r.Reason = GuaranteeUnk, "its marks and commits are not known"
		r.Window = "unknown"
		r.Revoke = "unknown"
	case len(ev.Fetches) == 0 && !ev.Handler && ev.Sink == nil && !c.transactional() && ev.Interface != "":
		r.Strategy, r.Detail = StrategyUnknown, "the consumer is used through the application's interface "+ev.Interface+", whose calls the analysis does not model"
		r.Guarantee, r.Reason = GuaranteeUnk, "its fetches and commits are not known"
		r.Window = "unknown"
		r.Revoke = "unknown"
	case ev.Transactional && !c.transactional() && len(ev.Calls) == 0 && ev.Sink == nil:
		// A transactional client (a franz-go GroupTransactSession,
		// whose auto-commit is off) that no code in sight ends a
		// transaction on.
		r.Strategy, r.Detail = StrategyUnknown, "a transactional client on which the analyzed code commits no transaction ("+strings.Join(c.txnCommitNames(), ", ")+")"
		r.Guarantee, r.Reason = GuaranteeUnk, "where its transactions end, if anywhere, is out of sight; if nowhere, nothing is ever committed and every restart replays from the start offset"
		r.Window = "unknown"
		r.Revoke = "unknown"
	case len(ev.Fetches) == 0 && !ev.Handler && ev.Sink == nil && !c.transactional() && !has(category.CommitBefore) && !has(category.ReadCommits):
		// (A finding proving a commit before processing on this
		// consumer's calls, made through a value the report does not
		// bind to it, decides the verdict below.)
		r.Strategy, r.Detail = StrategyUnknown, "nothing in this package fetches from this consumer"
		r.Guarantee, r.Reason = GuaranteeUnk, "it may be polled in another package, or only commit offsets (a tool)"
		r.Window = "unknown"
		r.Revoke = "unknown"
		if r.Concurrency == "none" {
			// (Polled in another package, maybe by goroutines: audit
			// 41b/D4 said "none" for a handler starting one per
			// record.)
			r.Concurrency = "unknown (" + r.Detail + ")"
		}
	case c.sinks(has):
		c.sink(has(category.Unfenced))
	case c.transactional() && !c.has(clientmodel.Commit):
		c.transactions(has(category.Swallowed), has(category.TxnResult), has(category.BeginSkipped), has(category.AbortNoRewind))
	case has(category.CommitBefore) || has(category.ReadCommits) && ev.Is(clientmodel.Group) != Unknown || c.commitsOnRead():
		// (A read-commits-first finding reported where one caller
		// passes its configuration holds for that caller's: with the
		// group differing between callers, the row stays unknown.)
		c.before()
	case c.has(clientmodel.FetchCommit) && ev.Is(clientmodel.Group) == Unknown:
		// ReadMessage commits each message before returning it in a
		// group, and nothing outside one: which one is out of sight.
		r.Strategy, r.Detail = StrategyUnknown, "whether "+ev.Client.CallName(clientmodel.FetchCommit, clientmodel.ScopeArgs)+" commits each message before returning it (in a group) or commits nothing (outside one) depends on "+ev.dependsOn(clientmodel.Group)
		r.Guarantee, r.Reason = GuaranteeUnk, "the strategy is not known"
		r.Window = "unknown"
	case c.has(clientmodel.Commit) && ev.Is(clientmodel.Group) == Unknown && ev.Is(clientmodel.AutoCommit) != Unknown &&
		(slices.Contains(ev.Branch, clientmodel.Group) || ev.From[clientmodel.Group] != ""):
		// A commit works in a group only: outside one it fails and
		// nothing is committed (a GroupID set on some paths, or from a
		// value the analysis can name but not tell).
		r.Strategy, r.Detail = StrategyUnknown, "whether "+ev.Client.CallName(clientmodel.Commit, clientmodel.ScopeArgs)+" commits (in a group) or commits nothing (outside one) depends on "+ev.dependsOn(clientmodel.Group)
		r.Guarantee, r.Reason = GuaranteeUnk, "the strategy is not known"
		r.Window = "unknown"
	case (has(category.AutoStore) || has(category.StoreIgnored)) && ev.Is(clientmodel.AutoCommit) == Off && ev.Is(clientmodel.AutoStore) != Unknown && !c.storedAtRevokeOnly() && ev.StoredAtClose() == nil:
		// Auto-commit off: the application's commits send the offsets
		// stored on delivery.
		r.Strategy, r.Detail = StrategyEachBatch, "the application's commits send the offsets stored when Poll hands records over ("+ev.Client.Spell(clientmodel.AutoStore)+" is on)"
		r.Guarantee, r.Reason = Neither, "the commits send what Poll handed to the application, processed or not: a crash loses the records handed over before a commit and still in progress, and repeats those handed over since"
		r.Window = "the records handed over since the previous commit"
	case (has(category.AutoStore) || has(category.StoreIgnored)) && ev.Is(clientmodel.AutoStore) != Unknown && ev.Is(clientmodel.AutoCommit) != Off:
		c.timer()
		r.Guarantee, r.Reason = Neither, "the timer commits what Poll handed to the application, processed or not: a crash loses the records handed over before the last commit and still in progress, and repeats those handed over since"
	case has(category.Greedy):
		c.timer()
		r.Guarantee, r.Reason = Neither, greedyReason(ev)
	case has(category.OutlivePoll):
		c.timer()
		r.Guarantee, r.Reason = Neither, "records handed to goroutines, workers or an asynchronous producer outlive their poll and the next poll makes them committable: a crash loses those still in progress and repeats the rest"
	case ev.Unbound:
		r.Strategy, r.Detail = StrategyUnknown, "the package makes commit calls the analysis cannot tie to one of its consumers"
		r.Guarantee, r.Reason = GuaranteeUnk, "the strategy is not known"
		r.Window = "unknown"
	case has(category.MarksDiscard) && len(c.commitCalls()) == 0 && ev.Is(clientmodel.AutoCommit) == Off:
		r.Strategy, r.Detail = StrategyNone, "auto-commit is off and nothing calls Commit: marks are discarded at session end"
		c.uncommitted()
	default:
		c.base()
	}
	if has(category.MarksIgnored) && ev.Is(clientmodel.AutoCommit) == Off && !slices.ContainsFunc(c.commitCalls(), func(pc *PositionCall) bool { return !c.commitsMarked(pc) }) {
		r.Strategy, r.Detail = StrategyNone, "marks are no-ops without "+ev.Client.Spell(clientmodel.MarksOnly)+"(), so committing the marked offsets commits nothing"
		c.uncommitted()
		r.Window = "unbounded (everything since the group's last commit)"
		r.Revoke = "not needed (nothing is committed)"
	}
	if ev.Is(clientmodel.AutoCommit) == Off && ev.Is(clientmodel.MarksOnly) == Unknown && ev.Client.Spell(clientmodel.MarksOnly) != "" && len(c.commitCalls()) > 0 &&
		!slices.ContainsFunc(c.commitCalls(), func(pc *PositionCall) bool { return !c.commitsMarked(pc) }) {
		// Every commit sends the marks, which do something only with a
		// setting the analysis cannot see (franz-go's AutoCommitMarks):
		// the commits may commit nothing at all.
		r.Strategy = StrategyUnknown
		r.Detail = "every commit sends the marked offsets, and marks are no-ops without " + ev.Client.Spell(clientmodel.MarksOnly) + "(), which the analysis cannot tell is set: " + ev.dependsOn(clientmodel.MarksOnly)
		r.Guarantee, r.Reason = GuaranteeUnk, ev.unsure(clientmodel.MarksOnly)
		r.Window, r.Revoke = "unknown", ""
	}
	if has(category.MarksIgnored) && ev.Is(clientmodel.AutoCommit) == On {
		// The crash semantics are the timer's (the crash experiments
		// replay, they do not lose); a failed record is lost only if the
		// loop goes on past it (oracle's failure injection shows both).
		r.Reason += "; but the marks do nothing: a record left unmarked is committed anyway once the loop polls again (lost if its processing failed and the loop went on), and a restart replays everything since the last timer commit, not since the last mark"
	}
	if ev.TimerOff && r.Strategy == StrategyTimer {
		// An interval of 0 turns librdkafka's timer off: auto-commit
		// commits only at rebalances (in a poll) and at Close. Whether
		// every record handed over is processed by then (a synchronous
		// loop, a Close after its last record, not from another
		// goroutine) is not established.
		r.Detail = "turned off (" + ev.Client.Config.IntervalKnob + " is 0): " + strings.TrimSuffix(strings.TrimSuffix(r.Detail, ", every "+c.interval()), " every "+c.interval()) + ", only at each rebalance and at Close"
		r.Window = "everything since the last rebalance (no timer commits)"
		r.Guarantee, r.Reason = GuaranteeUnk, "auto-commit commits what was handed over only at rebalances and at Close, and whether every record handed over is processed by then is not established (a Close from another goroutine, records held across polls)"
	}
	if c.transactional() && c.has(clientmodel.Commit) {
		// A transaction commits the offsets of the records it produces
		// for; the others are committed directly, as classified above
		// (jitsu's bulker: a batch committed with CommitMessage, a
		// failed one sent to a retry topic in a transaction).
		direct := ev.Calls[slices.IndexFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Role == clientmodel.Commit })]
		r.Reason += fmt.Sprintf("; its transactions (%s) cover only the records whose offsets they commit, the others are committed outside them (%s, %s)", strings.Join(slices.Compact(slices.Sorted(slices.Values(ev.Txn))), ", "), direct.Func, ev.at(direct.Pos))
	}
	if hasAnalyzer("hiwater") {
		r.Guarantee = Neither
		r.Reason = "concurrent handlers commit a position past records still in flight: a crash loses those, and repeats the records since the last commit"
		if i := slices.IndexFunc(ev.Calls, func(pc *PositionCall) bool { return pc.LastWrite && pc.Role != clientmodel.FetchCommit }); i >= 0 && strings.HasPrefix(r.Window, "none") {
			// Commits first on read, but the handlers' commits are
			// last-write-wins: a lower one moves the position back
			// (trial 40a/D2: 2 repeated besides 33 lost).
			r.Window = "the records a late, lower " + ev.Calls[i].Func + " moves the position back over (its last call wins), repeated after a restart"
		}
	}
	if has(category.RevokeInFlight) {
		r.Guarantee = Neither
		r.Reason = "the revoke callback commits every polled record, including those still being processed, concurrently with the poll loop: a crash loses them"
		if ev.Is(clientmodel.BlockRebalance) == On {
			// Reported only where the loop can leave a poll half
			// processed: the Close runs the callback then.
			r.Reason = "the revoke callback commits every polled record, and the client's Close runs it after the loop leaves a poll half processed: a failed write or a shutdown loses the records it abandoned"
		}
	}
	if has(category.NeverAllowed) {
		r.Revoke = "no (rebalances are blocked on poll and never allowed: the first one waits until the rebalance timeout removes this member, whose commits then fail)"
	}
	if r.Revoke == "" {
		c.revoke(has(category.Revoke))
	}
	if rv := ev.HeldAtRevoke(); rv != nil && (r.Guarantee == AtLeastOnce || r.Guarantee == EffectivelyOnce) {
		// The callback runs in a poll while the loop still holds
		// records it polled before (a batch not yet written): the
		// commit passes them.
		r.Guarantee = Neither
		r.Reason = fmt.Sprintf("the revoke callback (%s) commits every polled record, those the loop holds for a batch not yet written included (%s): if the process crashes before it writes them, the partitions' next owner starts after them (lost); the rest are committed after processing", ev.at(rv.Pos), ev.holds())
		r.Revoke = "yes (the revoke callback commits every polled record, those held for a batch not yet written included)"
	}
	if rv := ev.StoredAtClose(); rv != nil && (r.Guarantee == AtLeastOnce || r.Guarantee == EffectivelyOnce) {
		r.Guarantee = Neither
		r.Reason = fmt.Sprintf("the revoke callback (%s) commits the offsets %s stored as each message was handed over, and the client's Close hands over the messages it prefetched, storing their offsets, before it serves the revoke: a shutdown commits them unprocessed (lost); the rest are committed after processing", ev.at(rv.Pos), ev.Client.EngineName())
		r.Revoke = "yes (the revoke callback commits the stored offsets, those of the messages Close hands over unprocessed included)"
	}
	if i := slices.IndexFunc(ev.Revokes, func(rv *Revoke) bool { return rv.Elsewhere != "" && rv.Commits && rv.Polled }); i >= 0 &&
		(r.Guarantee == AtLeastOnce || r.Guarantee == EffectivelyOnce) && ev.Client.Spell(clientmodel.BlockRebalance) != "" && ev.Is(clientmodel.BlockRebalance) != On {
		// A callback of another package committing every polled
		// position (CommitUncommittedOffsets), run by the client
		// concurrently with the loop (rebalances are not held back to
		// the poll): it may commit records still in progress, which is
		// judged only where the callback's body is read with the loop.
		r.Guarantee = GuaranteeUnk
		r.Reason = fmt.Sprintf("the revoke callback %s, of another package, commits while the loop may still be processing records (rebalances are not blocked on poll), and whether that commit passes records in progress is not judged across packages", ev.Revokes[i].Elsewhere)
	}
	if (has(category.Revoke) || strings.HasPrefix(r.Revoke, "no (") || r.Revoke == "no") && r.Strategy != StrategyNone && r.Window != "" && !strings.Contains(r.Window, "rebalance") && !strings.HasPrefix(r.Window, "none") {
		r.Window += ", also at every rebalance"
	}
	if i := slices.IndexFunc(ev.Calls, func(pc *PositionCall) bool { return pc.InTx != "" }); i >= 0 && r.Guarantee == AtLeastOnce {
		// The effect is durable only when the caller commits the
		// transaction, after the position (audit 33c/1: 7 and 8 of 300
		// lost where the row said at-least-once).
		pc := ev.Calls[i]
		r.Guarantee = GuaranteeUnk
		r.Reason = fmt.Sprintf("%s (%s) runs inside a database transaction (%s) whose writes are committed, if at all, after it: a crash in between commits the position while the writes roll back, losing the record if they are its effect", pc.Func, ev.at(pc.Pos), pc.InTx)
	}
	if ev.Entry != "" && r.Guarantee == GuaranteeUnk {
		r.Reason = "the client is received through " + describeEntry(ev.Entry) + " and its configuration comes from outside the analyzed packages (" + entryOrigin(ev.Entry) + "): " + r.Reason
	}
	c.requireEvidence()
	if ev.SharedFetch && r.Window != "n/a" {
		r.Window = "unknown (several goroutines commit, each its own records)"
	}
	r.Lag = c.lag(has)
	c.failure()
	if r.Guarantee == AtLeastOnce && (strings.HasPrefix(r.Failure, "skipped:") || strings.HasPrefix(r.Failure, "handed on:")) {
		// A crash replays, but a record whose processing fails is
		// written past without one: it is lost (on failure).
		r.Guarantee = Neither
		r.Reason += "; but a record whose processing fails is passed by a later position, lost without any crash (on failure)"
	}
	r.Handler = handlerFor(r)
	return r
}

// failure says, where the code shows it, that a record whose processing
// fails is skipped: the code goes on from the failure and writes a
// position past it (positions are cumulative), so no crash is needed to
// lose it, and no restart replays it.
func (c *classifier) failure() {
	if c.r.Strategy == StrategyNone {
		return
	}
	if d := c.ev.PollDrop; d != nil {
		again := "the loop polls again"
		if d.In != "" {
			again = "its function returns and " + d.In + " polls again,"
		}
		c.r.Failure = fmt.Sprintf("skipped: when the poll reports an error (%s, %s), %s without processing the records the poll also holds, which %s already counts as polled: the next commit passes them, so they are never retried or replayed",
			d.Call, c.ev.at(d.Pos), again, c.ev.Client.Name)
		return
	}
	calls := c.ev.Calls
	if (c.r.Strategy == StrategyTimer || c.ev.Is(clientmodel.AutoCommit) == On) && c.ev.PollSkipAt != nil && c.ev.Is(clientmodel.MarksOnly) != On {
		// The timer commits every poll before the latest: the next poll
		// makes a record whose processing failed committable.
		calls = append(calls, &PositionCall{Role: c.ev.PollSkipAt.Role, Func: c.ev.PollSkipAt.Func, Pos: c.ev.PollSkipAt.Pos, Skips: c.ev.PollSkips})
	}
	for _, pc := range calls {
		if len(pc.Skips) == 0 {
			continue
		}
		if c.handedOnFailure(pc) {
			return
		}
		if !slices.ContainsFunc(pc.Skips, func(s Skip) bool { return !s.Cancelled }) {
			s := pc.Skips[0]
			if s.MarkedOwn.Line > 0 {
				// (if ctx.Err() != nil { sess.MarkMessage(msg, ""); return
				// nil }: hunt 43f/D3.)
				c.r.Failure = fmt.Sprintf("skipped: when the context is cancelled (%s, %s), at a rebalance or a shutdown, the failure branch %s past the record in flight itself (%s), whose processing the cancellation stopped, so it is never retried or replayed",
					s.Call, c.ev.at(s.Pos), positionVerb(pc.Role), c.ev.at(s.MarkedOwn))
				return
			}
			if pc.Role == clientmodel.Fetch {
				c.r.Failure = fmt.Sprintf("skipped: when the context is cancelled (%s, %s), the code stops processing the records left, and the next %s (%s) makes them committable, so they are never retried or replayed",
					s.Call, c.ev.at(s.Pos), pc.Func, c.ev.at(pc.Pos))
				return
			}
			c.r.Failure = fmt.Sprintf("skipped: when the context is cancelled (%s, %s), the code stops processing the records left, and %s (%s) %s past them all the same, so they are never retried or replayed",
				s.Call, c.ev.at(s.Pos), pc.Func, c.ev.at(pc.Pos), positionVerb(pc.Role))
			return
		}
		var calls []string
		for _, s := range pc.Skips {
			if s.Queued.Line > 0 {
				continue // handed on, not dropped
			}
			at := c.ev.at(s.Pos)
			switch {
			case s.Cancelled:
				at += ", the context cancelled: the records left are not processed"
			case s.Kind != "" && s.MarkedOwn.Line > 0:
				at += fmt.Sprintf(", whose failure told apart as %s goes to a branch that %s past the record itself at %s", s.Kind, positionVerb(pc.Role), c.ev.at(s.MarkedOwn))
			case s.Kind != "":
				at += ", whose failure told apart as " + s.Kind + " goes on as a success"
			case s.Discarded:
				at += ", its error discarded"
			case s.Fallback:
				at += ", a fallback a failure hands the record to, whose answer nothing reads"
			case s.Kinds:
				at += ", its error tested only for some kinds of failure, never against nil: the others go on as a success"
			case s.ReadAfter:
				at += ", its error checked only after " + pc.Func
			case s.Recovered && s.MarkedOwn.Line > 0:
				at += fmt.Sprintf(", in %s, whose panic a deferred recover takes for a poison record, and %s past it itself at %s, whatever panicked (a failure of the processing too)", s.In, positionVerb(pc.Role), c.ev.at(s.MarkedOwn))
			case s.Recovered && s.In != "":
				at += ", in " + s.In + ", which recovers a panic and only logs it, returning before its own position, so the next record's passes this one"
			case s.MarkedOwn.Line > 0:
				at += fmt.Sprintf(", whose failure branch %s past the record itself at %s, whatever the failure (a transient one, or a cancelled context at a rebalance)", positionVerb(pc.Role), c.ev.at(s.MarkedOwn))
			case s.Recovered:
				at += ", which recovers a panic and only logs it, returning no error"
			case s.Repolled:
				at += ", whose failure branch polls again: the next poll starts past the records this one held"
			case s.Acked && s.OnSuccess:
				at += ", whose callback " + positionVerb(pc.Role) + " only on a success and does nothing with a failure but log it"
			case s.Acked:
				at += ", whose callback " + positionVerb(pc.Role) + " whatever outcome it is told"
			case s.Callback:
				at += ", its error given to a callback that only logs it"
			case s.Tracked:
				at += ", its error given to a callback that logs it and tells the low-water tracker the record is done"
			case s.Worker:
				at += ", in goroutine code (" + s.In + ") that only logs the failure and goes on"
			case s.Policy != "":
				at += ", its failure given to " + s.Policy + ", whose answer the code goes on from, and " + s.In + ", passed for it, returns nil whatever it is given"
			case s.After != "" && s.Again != "":
				at += fmt.Sprintf(", on whose failure %s returns, and %s then calls %s, which commits everything polled, the failed record included", clientmodel.ShortName(s.After), s.Again, clientmodel.ShortName(s.Pending))
			case s.Restart != "" && s.Again != "":
				at += fmt.Sprintf(", on whose failure %s returns, and %s calls it again on the same client, whose next fetch starts after the failed record", s.Restart, s.Again)
			case s.Budget != "":
				at += ", in " + s.In + ", which counts its failures and goes on, and its caller stops only when the count passes " + s.Budget + ": a failure short of that goes on as a success"
			case s.Unset != "":
				at += ", in " + s.In + ", which never sets the " + s.Unset + " field of the value it returns, which its caller tests: the failure is not seen"
			case s.IterErr:
				at += ", an iterator that ends at its first failure and keeps it for an Err method the code never calls: the loop cannot tell the failure from the end"
			case s.LastOnly:
				at += ", its error kept in a variable the next record's call overwrites: only the last record's failure is tested"
			case s.Shed:
				at += ", which runs the function only when the group has a free slot: when it has none it answers false and runs nothing, and the code goes on without the record"
			case s.Overwritten:
				at = "in " + s.In + ", called at " + at + ", which returns the failure, then replaces it in its error result with what a deferred function literal writes there"
			case s.Outside:
				at = "in " + s.In + ", called at " + at + ", which returns without the error"
			case s.In != "":
				at += ", in " + s.In + ", which returns without the error"
			}
			calls = append(calls, fmt.Sprintf("%s (%s)", s.Call, at))
		}
		if pc.Role == clientmodel.Fetch {
			c.r.Failure = fmt.Sprintf("skipped: when %s fails, the code goes on, and the next %s (%s) makes the record committable, so it is never retried or replayed",
				strings.Join(calls, " or "), pc.Func, c.ev.at(pc.Pos))
			return
		}
		if !slices.ContainsFunc(pc.Skips, func(s Skip) bool { return !s.Deferred }) {
			c.r.Failure = fmt.Sprintf("skipped: when %s fails, its function returns and the deferred %s (%s) %s past the record all the same, so it is never retried or replayed",
				strings.Join(calls, " or "), pc.Func, c.ev.at(pc.Pos), positionVerb(pc.Role))
			return
		}
		c.r.Failure = fmt.Sprintf("skipped: when %s fails, the code goes on and %s past the record (%s, %s), so it is never retried or replayed",
			strings.Join(calls, " or "), positionVerb(pc.Role), pc.Func, c.ev.at(pc.Pos))
		return
	}
}

// handedOnFailure fills the failure column when every failure pc writes
// past hands the record on (sent on a channel for other code: a failure
// channel forwarded to a retry topic): it is not dropped, but the
// position does not wait for it.
func (c *classifier) handedOnFailure(pc *PositionCall) bool {
	if slices.ContainsFunc(pc.Skips, func(s Skip) bool { return s.Queued.Line == 0 }) {
		return false
	}
	var calls []string
	for _, s := range pc.Skips {
		calls = append(calls, fmt.Sprintf("%s (%s)", s.Call, c.ev.at(s.Pos)))
	}
	s := pc.Skips[0]
	c.r.Failure = fmt.Sprintf("handed on: when %s fails, the record is sent on a channel (%s) for other code to handle, and the code goes on and %s past it (%s, %s) without waiting for that code: a crash before it handles the record loses it",
		strings.Join(calls, " or "), c.ev.at(s.Queued), positionVerb(pc.Role), pc.Func, c.ev.at(pc.Pos))
	return true
}

// positionVerb is what a position call of role does, as a verb phrase.
func positionVerb(role clientmodel.Role) string {
	switch role {
	case clientmodel.Mark:
		return "marks a position"
	case clientmodel.Store:
		return "stores a position"
	}
	return "commits a position"
}

// requireEvidence withdraws a claim of at-least-once or effectively-once
// that a part of the row does not support: the row says unknown, and why.
// A wrong "safe" is worse than no answer.
func (c *classifier) requireEvidence() {
	r, ev := c.r, c.ev
	if r.Guarantee != AtLeastOnce && r.Guarantee != EffectivelyOnce {
		return
	}
	var why string
	switch {
	case ev.SharedFetch:
		why = "several goroutines fetch from this consumer at once: the records of a partition spread over them and finish out of order, so a position written for one can pass a record another still holds"
	case ev.JoinsCaller != "":
		why = ev.JoinsCaller + " may run in several goroutines on the same consumer (its caller in another package waits for it with a WaitGroup): a commit by one can pass a record another still processes"
	case ev.unresolvedHanded() != nil && strings.HasPrefix(r.Concurrency, "unknown ("+ev.unresolvedHanded().describe()):
		why = ev.unresolvedHanded().describe() + ", and a position committed after it returns may pass them"
	case ev.SentAway.Line > 0 && ev.QueuedBy != "":
		why = fmt.Sprintf("records are handed (%s) to %s, which only queues them for goroutines started elsewhere, so a position may be committed before they are processed", ev.at(ev.SentAway), ev.QueuedBy)
	case ev.SentAway.Line > 0 && strings.HasPrefix(r.Concurrency, "unknown (records are sent"):
		why = fmt.Sprintf("records are sent on a channel (%s) that goroutines started elsewhere drain, so a position may be committed before they are processed", ev.at(ev.SentAway))
		if ev.SentTo != "" {
			why = fmt.Sprintf("records are sent on a channel (%s) that %s drains for code the analysis does not follow, so a position may be committed before they are processed", ev.at(ev.SentAway), ev.SentTo)
		}
	case ev.DrivenBy != nil:
		d := ev.DrivenBy
		gives := "gives records to " + d.Func + ", which writes their positions"
		if !d.Records {
			gives = "calls " + d.Func + ", which writes positions of the records it keeps"
		}
		why = fmt.Sprintf("%s (%s) %s, from a loop of its own the analysis does not tie to this consumer (a wrapper type fetching and committing for another package): what it processes before each commit, and what it does on a failure, are not judged", d.In, ev.at(d.Pos), gives)
	case ev.PollLeaves != "" && strings.HasPrefix(r.Concurrency, "unknown (the polled records are returned"):
		why = "the polled records are returned by " + ev.PollLeaves + " to callers in other packages: how and when they process them, before the next poll or a commit, is not known here"
	case strings.HasPrefix(r.Concurrency, "unknown"):
		why = "goroutines handle records in a way the analysis does not classify, so a position may be committed before their records are processed"
	case slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Handed && pc.Role != clientmodel.Commit }):
		pc := ev.Calls[slices.IndexFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Handed && pc.Role != clientmodel.Commit })]
		why = fmt.Sprintf("%s (%s) %s from a function literal handed on to other code (stored, sent, or given to a function of another package): when it runs, and in which order for the records handed on, is up to code the analysis does not follow, so a position may pass a record still in flight", pc.Func, ev.at(pc.Pos), positionVerb(pc.Role))
	case len(ev.OnSomePaths) > 0:
		pc := ev.OnSomePaths[0]
		why = fmt.Sprintf("%s (%s) writes the position before the record is processed on some paths (behind a condition, such as a setting, that the analysis does not resolve): on those paths a crash between them loses the record", pc.Func, ev.at(pc.Pos))
	case len(ev.Calls) > 0 && !slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Setting != ev.Calls[0].Setting || pc.Setting == "" }) &&
		!(r.Strategy == StrategyTimer && c.timerCommitsPolled()):
		// Every position call is behind one value of one setting (not
		// a call for each of its values), and no timer commits what is
		// polled without them.
		pc := ev.Calls[0]
		why = fmt.Sprintf("%s (%s) runs only where the setting %s allows it: where it does not, no position is ever written, and a restart resumes from the start offset (replays, or skips what arrived meanwhile)", pc.Func, ev.at(pc.Pos), strings.TrimPrefix(pc.Setting, "!"))
	case ev.Interface != "":
		why = "the consumer is also used through the application's interface " + ev.Interface + ", whose calls the analysis does not model: they may commit before processing"
	case slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Queued.Line > 0 }):
		pc := ev.Calls[slices.IndexFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Queued.Line > 0 })]
		why = fmt.Sprintf("records are queued on a channel (%s) before %s (%s) %s, and the marks are committed elsewhere, with no wait for the queue: a commit may pass records still queued", ev.at(pc.Queued), pc.Func, ev.at(pc.Pos), positionVerb(pc.Role))
		if pc.Role == clientmodel.Commit {
			why = fmt.Sprintf("records are queued on a channel (%s) before %s (%s) %s, with no wait for the queue: the commit may pass records of the partition still queued", ev.at(pc.Queued), pc.Func, ev.at(pc.Pos), positionVerb(pc.Role))
		}
		r.Window = "unknown (a commit sends the marks of whatever was queued by then)"
	case ev.Buffered.Where != "":
		why = fmt.Sprintf("records are kept in %s (%s) and processed where the analysis does not follow them, so a position may be committed before they are processed", ev.Buffered.Where, ev.at(ev.Buffered.Pos))
	case c.outlives():
		why = "records are handed to goroutines the loop does not wait for, and positions are committed outside them: a commit may pass records still being processed"
	case c.completionOrder():
		why = "records are processed by goroutines the loop does not wait for, and positions are written record by record from goroutines, in the order the records finish: a later record's position can pass one still in flight (no low-water mark is proven)"
	case c.partitionsOverlap():
		why = "each poll hands a partition's records to a goroutine the loop does not wait for, which writes their positions itself: the goroutines of two polls may run at once for the same partition, and the later one's position can pass records the earlier one is still processing"
	case slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Grain == GrainTracked }):
		why = "the position committed is computed by the application and not proven to be a low-water mark: if it can pass a record still in flight (a maximum), a crash loses that record (a tracker from the lowwater package, or the one a fix declares, is recognised)"
	case r.Strategy == StrategyUnknown || r.Window == "unknown" || strings.HasPrefix(r.Revoke, "unknown"):
		why = "part of the commit strategy is not known"
	case r.Strategy == StrategyTransactions && slices.ContainsFunc(ev.Launches, func(l *Launch) bool { return !l.Joined }):
		why = "goroutines the consumer starts may apply effects after the transaction that covers their records has committed"
	}
	if why != "" {
		r.Guarantee, r.Scope, r.Reason = GuaranteeUnk, "", why
	}
}

type classifier struct {
	ev *Evidence
	r  *Row
}

func (c *classifier) interval() string {
	if c.ev.Interval == "" {
		return "interval set in code"
	}
	return c.ev.Interval
}

// completionOrder reports positions written one record at a time from
// goroutines while records are processed by goroutines the loop does not
// wait for (a pool, or one per record): the positions follow completion
// order, not offset order.
func (c *classifier) completionOrder() bool {
	ev := c.ev
	if !slices.ContainsFunc(ev.Launches, func(l *Launch) bool { return !l.PerPartition && !l.Joined && !l.Single }) {
		return false
	}
	return slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.InGoroutine && pc.Grain == GrainRecord && !pc.Periodic })
}

// partitionsOverlap reports positions written from goroutines that are
// each handed a poll's records of a partition and that the loop does not
// wait for (audit 34c/D4, review 33-2/E9): the next poll's goroutine for
// the same partition may finish first.
func (c *classifier) partitionsOverlap() bool {
	ev := c.ev
	return slices.ContainsFunc(ev.Launches, func(l *Launch) bool { return l.PerPartition && !l.Joined && !mayWait(l) }) &&
		slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.InGoroutine && !pc.Periodic })
}

// outlives reports whether records handed to goroutines (one per record, or
// a pool) may still be in progress when a position covering them is
// committed: the loop does not wait for the goroutines, and a position is
// committed outside them (a commit, mark or store in the loop, or an
// auto-commit timer that commits what was polled), other than a low-water
// mark.
func (c *classifier) outlives() bool {
	ev := c.ev
	// Goroutines per partition the loop does not wait for count too:
	// their records are in flight when a position the loop writes, or
	// the timer's of what was polled, covers them (trial 33b/8,
	// apm-queue's shape); positions they write themselves do not.
	if !slices.ContainsFunc(ev.Launches, func(l *Launch) bool { return !l.Joined }) {
		return false
	}
	if c.r.Strategy == StrategyTimer && c.timerCommitsPolled() {
		return true
	}
	return slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return !pc.InGoroutine && pc.Grain != GrainLowWater })
}

// timerCommitsPolled reports whether the auto-commit timer commits
// positions of records handed out, processed or not (rather than only the
// marks or stores the application makes).
func (c *classifier) timerCommitsPolled() bool {
	ev := c.ev
	switch ev.Client.Timer {
	case clientmodel.TimerPreviousPoll:
		return ev.Is(clientmodel.MarksOnly) != On
	case clientmodel.TimerStored:
		return ev.Is(clientmodel.AutoStore) != Off
	}
	return false
}

// commitsMarked reports whether pc commits the marked positions (and so
// nothing when marks are no-ops).
func (c *classifier) commitsMarked(pc *PositionCall) bool {
	return pc.Func == c.ev.Client.CallName(clientmodel.Commit, clientmodel.ScopeMarked)
}

// storedAtRevokeOnly reports that the offsets auto-store stores are
// committed before their records are processed by the revoke callback
// only, while the loop holds records (Evidence.HeldAtRevoke) and commits
// records it names, or what is stored once the batch it collected is
// written (every message polled is in it): the callback passes the held
// records, the loop's commits do not.
func (c *classifier) storedAtRevokeOnly() bool {
	return c.ev.HeldAtRevoke() != nil && !slices.ContainsFunc(c.ev.Calls, func(pc *PositionCall) bool { return c.commitsMarked(pc) && !pc.Collected })
}

// synchronous reports whether pc's call waits for the commit (the
// client's model says so).
func (c *classifier) synchronous(pc *PositionCall) bool {
	return slices.ContainsFunc(c.ev.Client.Calls, func(call clientmodel.Call) bool {
		return clientmodel.ShortName(call.Func) == pc.Func && call.Sync
	})
}

// flushes reports whether the consumer commits when a handler returns: a
// deferred commit, or one after the handler's loop.
func (c *classifier) flushes() bool {
	return slices.ContainsFunc(c.ev.Calls, func(pc *PositionCall) bool {
		return pc.Role == clientmodel.Commit && (pc.Deferred || pc.Flush)
	})
}

// commitCalls returns the consumer's commit calls (not marks or stores).
func (c *classifier) commitCalls() []*PositionCall {
	var out []*PositionCall
	for _, pc := range c.ev.Calls {
		if pc.Role == clientmodel.Commit && !pc.Deferred && !pc.Flush {
			out = append(out, pc)
		}
	}
	return out
}

func (c *classifier) has(role clientmodel.Role) bool {
	return slices.ContainsFunc(c.ev.Calls, func(pc *PositionCall) bool { return pc.Role == role })
}

func (c *classifier) commitsOnRead() bool {
	return c.has(clientmodel.FetchCommit) && c.ev.Is(clientmodel.Group) == On
}

// txnCommitNames are the bare names of the client's transaction commits.
func (c *classifier) txnCommitNames() []string {
	var out []string
	for _, full := range c.ev.Client.TxnCommit {
		out = append(out, clientmodel.BareName(full))
	}
	return out
}

// transactional reports whether the consumer commits its offsets in
// transactions: a transactional client (a franz-go GroupTransactSession)
// whose code never ends a transaction, nor hands the client to a function
// of another package that does (txnutil.Finish(s, ok)), commits nothing
// (trial 31b/5: read as effectively-once).
func (c *classifier) transactional() bool {
	return c.ev.Transactional && (c.ev.WritesVia || slices.ContainsFunc(c.txnCommitNames(), func(name string) bool { return slices.Contains(c.ev.Txn, name) }))
}

// sinks reports whether the consumer writes its position in the
// transaction that applies the record (and commits nothing to the broker
// before processing).
func (c *classifier) sinks(has func(category.Category) bool) bool {
	s := c.ev.Sink
	return s != nil && s.InTx && s.WithEffect && !has(category.CommitBefore) && !has(category.ReadCommits)
}

// txnCommitStalls reports whether carrying on after a failed transaction
// commit stalls the client's consumer rather than losing records: every
// transaction commit call of the client refuses a new transaction until the
// failed one is aborted (clientmodel.Result.Begin), or cannot commit again
// (SwallowStalls).
func txnCommitStalls(cl *clientmodel.Client) bool {
	n := 0
	for _, res := range cl.Results {
		if !slices.Contains(cl.TxnCommit, res.Func) {
			continue
		}
		n++
		if res.Begin == "" && res.Swallow != clientmodel.SwallowStalls {
			return false
		}
	}
	return n > 0
}

// ownStore classifies a consumer that resumes from a position it writes
// to its database in a statement of its own, outside the effect's
// transaction: the order of the two writes is the delivery semantic, as
// it is for broker commits.
func (c *classifier) ownStore(before bool) {
	s, r := c.ev.Sink, c.r
	r.Strategy = StrategyOwnStore
	r.Detail = "the offset row is written in a statement of its own, " + s.Store + "; " + c.ev.Restore.Hook + " resumes from it"
	r.Revoke = "not needed (the position lives in " + s.Store + ")"
	if before {
		r.Guarantee = AtMostOnce
		r.Reason = "the position is written before the record's effect and not in its transaction: a crash between them resumes past the record, which is lost"
		r.Window = "none (records are lost, not repeated)"
		return
	}
	r.Guarantee = AtLeastOnce
	r.Reason = "the position is written after the record's effect, not in its transaction: a crash between them resumes before the record, which is applied again"
	r.Window = "one record"
}

// sink classifies a consumer that writes its position in the effect's
// transaction: effectively-once when it also resumes from that position on
// assignment; else what the position it does resume from gives.
func (c *classifier) sink(unfenced bool) {
	s, ev := c.ev.Sink, c.ev
	r := c.r
	r.Strategy, r.Detail = StrategySink, "the offset row is written in the transaction that applies the record, "+s.Store
	rs := ev.Restore
	switch {
	case rs.Restored():
		r.Detail += "; " + rs.Hook + " resumes from it on assignment"
		r.Guarantee, r.Scope = EffectivelyOnce, s.Store
		r.Reason = "the effect and the position commit together or not at all, and assignment resumes from the stored position; effects outside " + s.Store + " are not covered"
		r.Window = "none in " + s.Store
		r.Revoke = "not needed (the position lives in " + s.Store + ")"
		if unfenced {
			r.Guarantee, r.Scope = AtLeastOnce, ""
			r.Reason = "the effect and the position commit together, but the offset row has no guard: after a rebalance the previous owner can move it back, and records are applied again"
			r.Window = "the records a stale owner's write moves the position back over"
		}
		return
	case rs != nil && rs.Hook != "":
		r.Detail += "; " + rs.Hook + " sets where partitions resume, but the analysis does not see it read the offset row"
		r.Guarantee, r.Reason = GuaranteeUnk, "whether assignment resumes from the stored position or from the broker's is not known"
		r.Window = "unknown"
		return
	case c.brokerCommits() == Unknown:
		r.Detail += ", never read back"
		r.Guarantee, r.Reason = GuaranteeUnk, "nothing reads the stored position back, and whether auto-commit commits positions to the broker is not known"
		r.Window = "unknown"
		return
	case c.brokerCommits() == On:
		r.Detail += ", never read back: assignment resumes from the broker's committed offset"
		r.Guarantee = AtLeastOnce
		r.Reason = "nothing reads the stored position back on assignment: a restart or rebalance resumes from the broker's committed offset, behind the stored one, so the records in between are applied again unless the transaction skips those below the stored position"
		r.Window = "the records since the last broker commit, at each restart and rebalance"
		if unfenced {
			r.Reason += "; the offset row has no guard either"
		}
		return
	}
	r.Detail += ", never read back, and nothing is committed to the broker"
	r.Revoke = "not needed (nothing is committed to the broker)"
	start := ev.Client.Prose.InitialOffset
	if rs.Start != "" {
		start = "the start offset set with " + rs.Start
	}
	why := "nothing reads the stored position back and nothing is committed to the broker: every restart and rebalance starts from " + start
	switch rs.StartNewest {
	case On:
		r.Guarantee = AtMostOnce
		r.Reason = why + ", the newest offset, so the records produced while a partition had no consumer are lost"
		r.Window = "none (records are lost, not repeated)"
	case Off:
		r.Guarantee = AtLeastOnce
		r.Reason = why + ", the oldest offset, so the partition's records are applied again unless the transaction skips those below the stored position"
		r.Window = "the whole partition, at each restart and rebalance"
	default:
		r.Guarantee = GuaranteeUnk
		r.Reason = why + ", a value the analysis cannot read: the newest loses what was produced meanwhile, the oldest applies everything again"
		r.Window = "unknown"
	}
}

func (c *classifier) transactions(swallowed, txnResult, beginSkipped, abortedOn bool) {
	r := c.r
	r.Strategy = StrategyTransactions
	r.Detail = "offsets are committed in the producer's transaction with the records it produces"
	r.Guarantee, r.Scope = EffectivelyOnce, "Kafka (read_committed consumers of the output)"
	r.Reason = "the output and the consumed offsets commit atomically; an aborted transaction is redone from the committed offsets"
	r.Window = "none in Kafka; effects outside the transaction repeat for an aborted transaction"
	r.Revoke = "not needed (each transaction commits its own offsets)"
	if t := c.ev.Client.Prose.TxnRevoke; t != "" {
		r.Revoke = "not needed (" + t + ")"
	}
	if swallowed && txnCommitStalls(c.ev.Client) {
		r.Reason += "; but a failed transaction commit is only logged and the consumer moves on, while " + c.ev.Client.Name + " begins no new transaction until the failed one is aborted: the consumer stalls, alive but making no progress, until a restart redoes the records from the committed offsets"
	} else if swallowed {
		r.Guarantee, r.Scope = AtMostOnce, ""
		r.Reason = "a failed transaction commit is only logged and the consumer moves on: the next transaction commits later offsets, so the failed record's output is lost"
		r.Window = "none in Kafka (a failed transaction's records are lost, not repeated)"
	}
	if abortedOn {
		r.Guarantee, r.Scope = AtMostOnce, ""
		r.Reason = "a failed transaction commit is aborted and the consumer reads on without rewinding: the next transaction commits later offsets, so the aborted record's output is lost"
		r.Window = "none in Kafka (an aborted transaction's records are lost, not repeated)"
	}
	if beginSkipped {
		r.Guarantee, r.Scope = AtMostOnce, ""
		r.Reason = "a failed transaction begin is only logged or discarded and the consumer moves on: any later transaction that commits takes its offset past the skipped record, which is lost"
		if swallowed {
			r.Reason += "; a failed transaction commit is swallowed the same way"
		}
		r.Window = "none in Kafka (a skipped record is lost, not repeated)"
	}
	if a := c.ev.AfterTxn; a.Pos.Line > 0 && r.Guarantee == EffectivelyOnce {
		r.Reason += fmt.Sprintf("; %s after the transaction commits (%s:%d) is outside it: a crash in between loses it (at-most-once for that effect)", a.What, filepath.Base(a.Pos.Filename), a.Pos.Line)
		r.Window = "none in Kafka; effects after the commit are lost, not repeated, by a crash before them"
		if txnResult {
			r.Window = "none in Kafka; effects after the commit are lost by a crash before them, and repeated after an abort whose result is ignored"
		}
	}
	if txnResult {
		r.Reason += "; End's committed result is ignored, so work done outside Kafka for an aborted transaction is treated as done and repeated when the batch is re-polled"
	}
}

func (c *classifier) before() {
	r := c.r
	r.Strategy = StrategyBefore
	switch {
	case c.commitsOnRead():
		r.Detail = c.ev.Client.CallName(clientmodel.FetchCommit, clientmodel.ScopeArgs) + " commits each message before returning it"
	case c.has(clientmodel.Mark) && c.ev.Client.Timer == clientmodel.TimerMarked && c.ev.Is(clientmodel.AutoCommit) == On:
		r.Detail = "each message is marked before it is processed, and the " + c.interval() + " auto-commit timer commits marks"
	case c.has(clientmodel.Store):
		r.Detail = "each offset is stored before the record is processed"
	case slices.ContainsFunc(c.ev.Calls, func(pc *PositionCall) bool { return pc.Last }):
		r.Detail = "the last record of each batch is committed before the batch is processed"
	default:
		r.Detail = "each position is committed before the record is processed"
	}
	r.Guarantee = AtMostOnce
	r.Reason = "the position moves past a record before its effect is written: a crash in between loses the record"
	r.Window = "none (records are lost, not repeated)"
	if c.commitsOnRead() && c.ev.Is(clientmodel.AsyncCommit) == On {
		// The read only queues the commit: the background loop sends it
		// within an interval, during the processing or after it.
		r.Guarantee = Neither
		r.Detail = c.ev.Client.CallName(clientmodel.FetchCommit, clientmodel.ScopeArgs) + " queues each message's commit before returning it, and a background loop commits every " + c.interval() + " (" + c.ev.Client.Spell(clientmodel.AsyncCommit) + ")"
		r.Reason = "the position moves past a record before its effect is written, and is committed every " + c.interval() + ": a crash loses a record whose commit was sent while it was processed, and replays the records read since the last commit"
		r.Window = "one commit interval (" + c.interval() + "), and records are lost too"
	}
	if (c.has(clientmodel.Mark) || c.has(clientmodel.Store)) && c.ev.Is(clientmodel.AutoCommit) == On && !c.commitsOnRead() {
		// The timer commits marks or stores only every interval: a crash
		// also replays what was marked since its last tick (the crash
		// experiments show both).
		r.Guarantee = Neither
		r.Reason = "the position moves past a record before its effect is written, and the timer commits it every " + c.interval() + ": a crash loses a record marked but still in progress, and replays the records marked since the last tick"
		r.Window = "one auto-commit interval (" + c.interval() + "), and records are lost too"
	}
	if (c.has(clientmodel.Mark) || c.has(clientmodel.Store)) && c.ev.Is(clientmodel.AutoCommit) == Unknown && !c.has(clientmodel.Commit) && !c.commitsOnRead() {
		// Whether a timer commits the marks is not known: if one does,
		// a crash also replays what was marked since its last tick, so
		// "none" repeated would be a guess.
		r.Guarantee = Neither
		r.Reason = "the position moves past a record before its effect is written: a crash loses a record marked but still in progress; whether the auto-commit timer commits the marks (and replays those since its last tick) is not known"
		r.Window = "unknown (whether a timer commits the marks is not known), and records are lost too"
	}
}

// greedyReason says why a client committing each poll when it returns
// (franz-go's GreedyAutoCommit) is neither at-most- nor at-least-once.
func greedyReason(ev *Evidence) string {
	return clientmodel.BareName(ev.Client.Spell(clientmodel.Greedy)) + " makes each poll committable when it returns: a crash loses records of the current poll already committed and repeats the rest"
}

// timer fills the strategy of an auto-commit timer from the client's
// timer semantics.
func (c *classifier) timer() {
	r, ev := c.r, c.ev
	r.Strategy = StrategyTimer
	iv := c.interval()
	switch ev.Client.Timer {
	case clientmodel.TimerMarked:
		r.Detail = "commits marked offsets every " + iv
		r.Window = "one auto-commit interval (" + iv + ")"
	case clientmodel.TimerPreviousPoll:
		switch {
		case ev.Is(clientmodel.Greedy) == On:
			r.Detail = "commits the latest poll, committable when the poll returns, every " + iv
			r.Window = "one auto-commit interval (" + iv + ")"
		case ev.Is(clientmodel.MarksOnly) == On:
			r.Detail = "commits marked records every " + iv
			r.Window = "one auto-commit interval (" + iv + ")"
		case ev.Is(clientmodel.MarksOnly) == Unknown && slices.Contains(ev.Branch, clientmodel.MarksOnly):
			r.Detail = "commits marked records (with " + ev.Client.Spell(clientmodel.MarksOnly) + "(), set on some paths only) or every poll before the latest, every " + iv
			r.Window = "unknown"
		case ev.Is(clientmodel.Greedy) == Unknown && slices.Contains(ev.Branch, clientmodel.Greedy):
			r.Detail = "on the paths that set " + ev.Client.Spell(clientmodel.Greedy) + "(), commits the latest poll, committable when the poll returns, every " + iv
			r.Window = "unknown"
		default:
			r.Detail = "commits every poll before the latest, every " + iv
			r.Window = "previous poll + " + iv
		}
	case clientmodel.TimerStored:
		switch ev.Is(clientmodel.AutoStore) {
		case Off:
			r.Detail = "commits the offsets the application stored, every " + iv
		case On:
			r.Detail = "commits the offsets stored when Poll hands records over, every " + iv
		default:
			r.Detail = "commits the stored offsets (stored by the application, or when Poll hands records over: " + ev.Client.Spell(clientmodel.AutoStore) + " is not known), every " + iv
		}
		r.Window = "one auto-commit interval (" + iv + ")"
	}
}

// uncommitted sets the verdict of a group member that never commits: a
// restart or rebalance resumes from the group's last commit if it ever
// made one (everything since is replayed), else from where a partition
// without a committed offset starts: the newest offset skips what was
// produced while the group was down.
func (c *classifier) uncommitted() {
	r, ev := c.r, c.ev
	start := ev.Client.Prose.InitialOffset
	if ev.Start != "" {
		start = "the start offset set with " + ev.Start
	}
	why := "nothing is ever committed: a restart or rebalance replays everything since the group's last commit if it ever made one, and otherwise starts from "
	if slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Flush && pc.Role == clientmodel.Commit }) && !ev.Handler {
		why = "nothing is committed while the consumer runs: a crash or rebalance replays everything since the group's last commit (a clean shutdown's) if it ever made one, and otherwise starts from "
	}
	r.Window = "unbounded (everything since the group's last commit)"
	if ev.PositionedBy != "" {
		// The code says where partitions start: the group's committed
		// offset and the start setting may not matter.
		r.Guarantee, r.Window = GuaranteeUnk, "unknown"
		r.Reason = fmt.Sprintf("nothing is committed to the broker, and the code sets where partitions start (%s, %s): a restart resumes from the offsets it passes there, which the analysis does not relate to what was processed", ev.PositionedBy, ev.at(ev.Positioned))
		return
	}
	switch ev.StartNewest {
	case Off:
		r.Guarantee, r.Reason = AtLeastOnce, why+start+", the oldest offset, replaying the whole partition"
	case On:
		r.Guarantee, r.Reason = Neither, why+start+", the newest offset, skipping what was produced while the group was down"
	default:
		if ev.Start == "" {
			start += " unless the configuration out of sight sets another" // opaque
		}
		r.Guarantee, r.Reason = GuaranteeUnk, why+start+", a value the analysis cannot read (the newest skips what was produced meanwhile, the oldest replays the partition)"
	}
}

// base classifies a consumer no finding changes the strategy of.
func (c *classifier) base() {
	r, ev := c.r, c.ev
	commits := c.commitCalls()
	auto := ev.Is(clientmodel.AutoCommit)
	if ev.Client.Timer == clientmodel.TimerNone || ev.Is(clientmodel.Group) == Off {
		auto = Off // no timer, or no group for it to commit to
	}
	switch {
	case len(commits) > 0 && ev.Is(clientmodel.AsyncCommit) == Unknown && (slices.Contains(ev.Branch, clientmodel.AsyncCommit) || ev.From[clientmodel.AsyncCommit] != ""):
		// Queued for a background loop or made at once: the window, and
		// whether a rebalance flushes it, differ.
		r.Strategy, r.Detail = StrategyUnknown, "whether "+commits[0].Func+" commits at once or only queues for a background loop ("+ev.Client.Spell(clientmodel.AsyncCommit)+") depends on "+ev.dependsOn(clientmodel.AsyncCommit)
		r.Guarantee, r.Reason = GuaranteeUnk, "the strategy is not known"
		r.Window = "unknown"
	case len(commits) > 0 && ev.Is(clientmodel.AsyncCommit) == On:
		r.Strategy, r.Detail = StrategyEachBatch, commits[0].Func+" only queues; a background loop commits every "+c.interval()+" ("+ev.Client.Spell(clientmodel.AsyncCommit)+")"
		r.Guarantee, r.Reason = AtLeastOnce, "positions are committed after the records are processed (no commit before processing was found)"
		r.Window = "one commit interval (" + c.interval() + ")"
		c.commitsOutOfSight(commits)
	case len(commits) > 0 && auto == Off:
		c.explicit(commits)
	case auto == Off && ev.Handler && c.flushes():
		r.Strategy, r.Detail = StrategyOnReturn, "marks are committed when "+ev.Client.Handler.Consume+" returns (a deferred commit or one after the loop)"
		r.Guarantee, r.Reason = AtLeastOnce, "records are marked after they are processed (no mark before processing was found), and the marks are committed when the claim ends"
		r.Window = "everything marked since the claim started (a whole session at a crash)"
	case auto == On:
		c.timer()
		switch {
		case ev.Interface != "" && !c.has(clientmodel.Mark) && !c.has(clientmodel.Commit) && !c.has(clientmodel.Store) && (ev.Client.Timer == clientmodel.TimerMarked || c.timerNeedsPositions()):
			// Nothing marks in sight, but the session (or the consumer)
			// goes to an interface of the application whose calls may.
			r.Strategy, r.Detail = StrategyUnknown, "the auto-commit timer commits only what is marked or stored, which the application may do through its interface "+ev.Interface+", whose calls the analysis does not model"
			r.Guarantee, r.Reason = GuaranteeUnk, "the strategy is not known"
			r.Window = "unknown"
			return
		case ev.Client.Timer == clientmodel.TimerMarked && !c.has(clientmodel.Mark) && !c.has(clientmodel.Commit):
			r.Strategy, r.Detail = StrategyNone, "auto-commit commits marked offsets only, and nothing marks"
			c.uncommitted()
			return
		case c.timerNeedsPositions() && len(ev.Fetches) > 0 && !c.has(clientmodel.Mark) && !c.has(clientmodel.Store) && !c.has(clientmodel.Commit):
			// AutoCommitMarks, or auto-store off: the timer commits only
			// what the code marks or stores, and the records fetched here
			// are neither.
			verb := "marked offsets only, and nothing marks"
			if ev.Client.Timer == clientmodel.TimerStored {
				verb = "the offsets the application stores only, and nothing stores"
			}
			r.Strategy, r.Detail = StrategyNone, "auto-commit commits "+verb
			c.uncommitted()
			return
		case ev.Client.Timer == clientmodel.TimerStored && ev.Is(clientmodel.AutoStore) == On:
			r.Guarantee, r.Reason = Neither, "the timer commits what Poll handed to the application, processed or not"
			return
		case ev.Client.Timer == clientmodel.TimerStored && ev.Is(clientmodel.AutoStore) == Unknown:
			r.Guarantee, r.Reason = GuaranteeUnk, ev.Client.Spell(clientmodel.AutoStore)+" is set where the analysis cannot see it"+ev.unseen()
			return
		}
		if ev.Client.Timer == clientmodel.TimerPreviousPoll && ev.Is(clientmodel.MarksOnly) != On && ev.HeldAcrossPolls != "" {
			// The previous poll becomes committable when the next one
			// starts, with the records the loop still holds (audit
			// 32d/15, 33d/1).
			r.Guarantee = Neither
			r.Reason = "the loop keeps the records of " + ev.HeldAcrossPolls + " across polls, and each poll makes the previous ones committable: the timer may commit records still held, not yet processed (lost on a crash)"
			return
		}
		if ev.Client.Timer == clientmodel.TimerPreviousPoll && ev.Is(clientmodel.Greedy) == On && ev.Is(clientmodel.MarksOnly) != On {
			// Whether or not its finding reached this row (the option
			// set in a helper of another package: audit 37b/D13, the
			// row said at-least-once).
			r.Guarantee, r.Reason = Neither, greedyReason(ev)
			return
		}
		r.Guarantee = AtLeastOnce
		switch {
		case ev.Client.Timer == clientmodel.TimerPreviousPoll && ev.Is(clientmodel.MarksOnly) != On:
			r.Reason = "a poll becomes committable only when the next poll starts, after its records were processed"
		case c.has(clientmodel.Store):
			r.Reason = "offsets are stored after the records are processed (no store before processing was found), and the timer commits only stored offsets"
		default:
			r.Reason = "records are marked after they are processed (no mark before processing was found), and the timer commits only marks"
		}
		if ev.Is(clientmodel.MarksOnly) == Unknown || ev.Is(clientmodel.Greedy) == Unknown {
			r.Guarantee, r.Reason = GuaranteeUnk, ev.unsure(clientmodel.MarksOnly, clientmodel.Greedy)
		}
		if ev.Client.Timer == clientmodel.TimerMarked || c.timerNeedsPositions() {
			// The timer commits only marks, and every mark is made by
			// an exported wrapper on the records its callers pass (a
			// library's MarkCommitRecords): whether anything is marked
			// is its callers'.
			marks := slices.DeleteFunc(slices.Clone(ev.Calls), func(pc *PositionCall) bool { return pc.Role != clientmodel.Mark && pc.Role != clientmodel.Store })
			if len(marks) > 0 && !slices.ContainsFunc(marks, func(pc *PositionCall) bool { return pc.FromCaller == "" }) {
				r.Guarantee, r.Reason = GuaranteeUnk, marks[0].Func+" marks only the records "+marks[0].FromCaller+"'s callers pass: whether they call it, and after what processing, is theirs (the report does not follow callers in other packages)"
				r.Window = "unknown"
			}
		}
		if r.Guarantee == AtLeastOnce && ev.Client.Timer == clientmodel.TimerPreviousPoll && len(commits) > 0 &&
			!slices.ContainsFunc(commits, func(pc *PositionCall) bool {
				return pc.Periodic || pc.InGoroutine || pc.Grain != GrainBatch || !c.synchronous(pc)
			}) {
			// The loop also commits each poll once processed: a crash
			// replays at most the poll in progress, not the timer's
			// interval.
			r.Strategy, r.Detail = StrategyEachBatch, "synchronous "+commits[0].Func+" after each poll, besides the auto-commit timer every "+c.interval()
			r.Reason += "; the loop also commits each poll once its records are processed"
			r.Window = "one poll"
		}
	case auto == Unknown && ev.ConfigOrigin != "":
		r.Strategy, r.Detail = StrategyUnknown, "whether auto-commit is on is not visible here: the configuration comes from "+ev.ConfigOrigin
		r.Guarantee, r.Reason = GuaranteeUnk, "the strategy is not known"
		r.Window = "unknown"
	case auto == Unknown:
		r.Strategy, r.Detail = StrategyUnknown, "whether auto-commit is on depends on "+ev.dependsOn(clientmodel.AutoCommit)
		r.Guarantee, r.Reason = GuaranteeUnk, "the strategy is not known"
		r.Window = "unknown"
	case slices.ContainsFunc(c.ev.Revokes, func(rv *Revoke) bool { return rv.Commits }):
		// The revoke callback commits, so something does: commits the
		// analysis does not tie to records (a closure handed to
		// per-partition goroutines) may be made elsewhere too.
		r.Strategy, r.Detail = StrategyUnknown, "auto-commit is off, and the only commits the analysis sees are in code the rebalance callback reaches (itself, or goroutines it starts)"
		r.Guarantee, r.Reason = GuaranteeUnk, "which positions those commits write, and when, is not known"
		r.Window = "unknown"
	case ev.WrittenBy != "" && len(ev.Calls) == 0:
		// The records go to a package that writes positions (a
		// transaction runner, lanes that store): the commits may be
		// made there, out of this row's sight.
		r.Strategy, r.Detail = StrategyUnknown, "auto-commit is off, and the records are given to "+ev.WrittenBy+", whose package writes positions (commits, stores or a transaction's offsets) the analysis of this consumer does not follow"
		r.Guarantee, r.Reason = GuaranteeUnk, "which positions that package writes, and when, is not known"
		r.Window = "unknown"
	default:
		r.Strategy, r.Detail = StrategyNone, "auto-commit is off and nothing commits"
		if i := slices.IndexFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Flush && pc.Role == clientmodel.Commit }); i >= 0 && !ev.Handler {
			r.Detail = fmt.Sprintf("auto-commit is off and nothing commits while the consumer runs: %s (%s) commits once, at shutdown, which a crash skips", ev.Calls[i].Func, ev.at(ev.Calls[i].Pos))
		}
		c.uncommitted()
	}
}

// timerNeedsPositions reports whether the consumer's auto-commit timer
// commits only positions the code writes: franz-go's with
// AutoCommitMarks, librdkafka's with auto-store off.
func (c *classifier) timerNeedsPositions() bool {
	ev := c.ev
	switch ev.Client.Timer {
	case clientmodel.TimerPreviousPoll:
		return ev.Is(clientmodel.MarksOnly) == On
	case clientmodel.TimerStored:
		return ev.Is(clientmodel.AutoStore) == Off
	}
	return false
}

// batch fills the strategy of commits of a batch of records.
func (c *classifier) batch(commits []*PositionCall, batch int64, onOffset bool) {
	r := c.r
	r.Strategy, r.Detail = StrategyEachBatch, "synchronous "+commits[0].Func
	r.Window = "one batch"
	if batch > 0 && onOffset {
		r.Detail = fmt.Sprintf("synchronous %s when a record's offset is a multiple of %d", commits[0].Func, batch)
		r.Window = fmt.Sprintf("about %d records (unbounded where offsets skip the multiples of %d: compaction, transaction markers)", batch, batch)
	} else if batch > 0 {
		r.Detail = fmt.Sprintf("synchronous %s every %d records", commits[0].Func, batch)
		r.Window = fmt.Sprintf("one batch of %d records", batch)
	} else if c.ev.Client.FetchesBatches() {
		r.Window = "one batch (one poll)"
	}
	if slices.ContainsFunc(commits, func(pc *PositionCall) bool { return pc.Last }) {
		r.Detail += " of each batch's last record"
		r.Window += lastPartitions
	}
}

// lastPartitions is what a duplicate window adds for a commit of a batch's
// last record only.
const lastPartitions = ", and on a partition whose records do not end a batch, everything since its last commit (the call commits the last record's partition only)"

// pending says what a commit without a position argument commits: what
// the client's stores, marks or polls have made committable.
func (c *classifier) pending() string {
	switch {
	case c.has(clientmodel.Store):
		return "stored"
	case c.has(clientmodel.Mark):
		return "marked"
	}
	return "polled"
}

// explicit classifies commits the application makes itself.
func (c *classifier) explicit(commits []*PositionCall) {
	r := c.r
	// The loop's own commits first: the strategy is theirs, and a commit
	// beside the loop is besideCommit's.
	commits = slices.Clone(commits)
	slices.SortStableFunc(commits, func(a, b *PositionCall) int {
		switch {
		case a.Beside == b.Beside:
			return 0
		case a.Beside:
			return 1
		}
		return -1
	})
	grain := commits[0].Grain
	var batch int64
	onOffset := false
	for _, pc := range commits {
		switch {
		case pc.Grain == grain:
		case pc.Grain == GrainBatch && grain == GrainRecord && !slices.ContainsFunc(commits, func(x *PositionCall) bool { return x.Grain == GrainRecord && !x.WhileEmpty }),
			pc.Grain == GrainRecord && grain == GrainBatch && pc.WhileEmpty:
			// Commits of single records (a skipped one) made only while
			// the batch is empty, beside the commits of batches: at
			// most a batch is repeated. Otherwise a record's commit may
			// pass what a batch holds, and the strategy is not ranked.
			grain = GrainBatch
		default:
			grain = GrainUnknown
		}
		if pc.Batch > 0 {
			batch = pc.Batch
			onOffset = onOffset || pc.OnOffset
		}
	}
	r.Guarantee, r.Reason = AtLeastOnce, "positions are committed after the records are processed (no commit before processing was found)"
	defer c.besideCommit(commits)
	switch grain {
	case GrainRecord, GrainBatch:
		if !slices.ContainsFunc(commits, func(pc *PositionCall) bool { return !pc.Periodic }) {
			r.Strategy, r.Detail = StrategyEachBatch, "synchronous "+commits[0].Func+" of what is "+c.pending()+" so far, from a goroutine of its own that fetches nothing (a timer's or a worker's)"
			if commits[0].Ticked {
				r.Detail = "synchronous " + commits[0].Func + " of what is " + c.pending() + " so far, when the loop's ticker fires"
			} else if c.pending() == "polled" {
				// Everything polled, the poll the loop is still processing
				// included (trial 41e/D13: 17 of 300 lost in 8 kills).
				r.Guarantee, r.Reason = Neither, fmt.Sprintf("a goroutine of its own commits every record polled so far (%s, %s) while the loop processes them: a crash after such a commit loses the records not processed yet, and one before it replays those processed since the previous commit", commits[0].Func, c.ev.at(commits[0].Pos))
			}
			r.Window = "the records " + c.pending() + " since the previous commit"
			break
		}
		if grain == GrainBatch {
			c.batch(slices.DeleteFunc(slices.Clone(commits), func(pc *PositionCall) bool { return pc.Grain != GrainBatch }), batch, onOffset)
			break
		}
		r.Strategy, r.Detail = StrategyEachRecord, "synchronous "+commits[0].Func
		r.Window = "one record"

	case GrainLowWater:
		r.Strategy, r.Detail = StrategyTracked, commits[0].Func+" of the low-water mark its tracker returns"
		r.Window = "the records in flight at the last commit"
	case GrainTracked:
		r.Strategy, r.Detail = StrategyComputed, commits[0].Func+" of positions the application computes"
		r.Window = "the records in flight at the last commit"
	default:
		r.Strategy, r.Detail = StrategyUnknown, "commits are made in several ways the analysis cannot rank"
		r.Guarantee, r.Reason = GuaranteeUnk, "the commit granularity is not known"
		r.Window = "unknown"
	}
	c.commitsOutOfSight(commits)
}

// besideCommit makes an at-least-once row neither when a commit of every
// record polled so far is made on a goroutine beside the loop, not only
// on a ticker's (a checkpoint timer, a shutdown hook: hunt 44f/D2, D3,
// 198 to 288 of 300 lost at three SIGTERMs or SIGKILLs), as the loop
// processes the poll: a crash after it loses the records not processed
// yet.
func (c *classifier) besideCommit(commits []*PositionCall) {
	i := slices.IndexFunc(commits, func(pc *PositionCall) bool { return pc.Beside })
	if i < 0 || c.pending() != "polled" || c.r.Guarantee != AtLeastOnce {
		return
	}
	pc := commits[i]
	c.r.Guarantee, c.r.Reason = Neither, fmt.Sprintf("code on a goroutine beside the loop (a timer's, a shutdown hook's) commits every record polled so far (%s, %s) while the loop processes them: the records not processed yet when it runs are lost if the process then stops (a crash, or the shutdown a hook runs at)", pc.Func, c.ev.at(pc.Pos))
}

// commitsOutOfSight makes the row unknown when one of the commits is made
// where what precedes it is out of sight: before its function returns
// what it polled, on records its callers pass, or from a function
// literal handed on.
func (c *classifier) commitsOutOfSight(commits []*PositionCall) {
	r := c.r
	if i := slices.IndexFunc(commits, func(pc *PositionCall) bool { return pc.Returned }); i >= 0 {
		r.Guarantee, r.Reason = GuaranteeUnk, commits[i].Func+" is called before its function returns what it polled to a caller, which processes the records after the commit (callers in other packages are not followed)"
		r.Window = "unknown"
	}
	if i := slices.IndexFunc(commits, func(pc *PositionCall) bool { return pc.FromCaller != "" }); i >= 0 {
		r.Guarantee, r.Reason = GuaranteeUnk, commits[i].Func+" commits the records "+commits[i].FromCaller+"'s callers pass: they decide what is processed before it (the report does not follow callers in other packages; lint checks them, and reports a commit they make before processing)"
		r.Window = "unknown"
	}
	if i := slices.IndexFunc(commits, func(pc *PositionCall) bool { return pc.Handed }); i >= 0 {
		r.Detail += ", called by a function literal handed on to other code"
		r.Guarantee, r.Reason = GuaranteeUnk, commits[i].Func+" is called by a function literal handed on to other code (stored, sent, or given to a function of another package): whether it runs before or after the record is processed is not known"
		r.Window = "unknown"
	}
}

func (c *classifier) concurrency(hiwater bool) {
	r, ev := c.r, c.ev
	var perRecord, perPartition, joined, pool, single bool
	unit := "" // "per record", or "per group of records" when every goroutine is handed a slice
	for _, l := range ev.Launches {
		switch {
		case l.PerPartition:
			perPartition = true
		default:
			perRecord = true
			pool = pool || l.Pool
			single = l.Single && len(ev.Launches) == 1
			joined = joined || l.Joined && !l.Pool
			if l.Group && unit == "" {
				unit = "per group of records"
			} else if !l.Group {
				unit = "per record"
			}
		}
	}
	lowWater := slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Grain == GrainLowWater })
	computed := slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Grain == GrainTracked })
	switch {
	case ev.SharedFetch:
		r.Concurrency = "several goroutines fetch from the consumer at once"
	case ev.JoinsCaller != "":
		r.Concurrency = "unknown (" + ev.JoinsCaller + " takes a *sync.WaitGroup: its caller in another package runs it as a goroutine, maybe several on the same consumer)"
	case perRecord && hiwater:
		r.Concurrency = unit + ", each committing its own offset (no low-water mark)"
	case perRecord && computed:
		r.Concurrency = unit + ", committing positions the application computes (not proven a low-water mark)"
	case perRecord && lowWater:
		r.Concurrency = unit + ", committing a low-water mark"
	case perRecord && joined:
		r.Concurrency = unit + ", joined before the loop goes on"
	case single:
		r.Concurrency = "one worker goroutine, handling records in the order they are sent"
	case perRecord && pool:
		r.Concurrency = unit + " (worker pool)"
	case perRecord:
		r.Concurrency = unit
	case perPartition:
		r.Concurrency = "per partition"
	case hiwater && !ev.Handler:
		// The goroutines are in a shape the launches do not classify
		// (started through a callback or an embedding struct, a pool
		// behind a select), but the finding shows them committing each
		// its own records. (A handler's completion callbacks keep the
		// handler's per-partition column.)
		r.Concurrency = "concurrent handlers, each committing its own offset (no low-water mark: the hiwater finding)"
	case ev.Untied:
		r.Concurrency = "unknown (goroutines handle records in a way the analysis does not classify)"
	case ev.SentAway.Line > 0:
		r.Concurrency = fmt.Sprintf("unknown (records are sent on a channel at %s that nothing in the consumer's code receives from: goroutines started elsewhere process them)", ev.at(ev.SentAway))
		if ev.QueuedBy != "" {
			r.Concurrency = fmt.Sprintf("unknown (records are handed at %s to %s, which only queues them: goroutines started elsewhere process them)", ev.at(ev.SentAway), ev.QueuedBy)
		}
		if ev.SentTo != "" {
			r.Concurrency = fmt.Sprintf("unknown (records are sent on a channel at %s that %s receives from, run by code the analysis does not follow with the consumer: when they are processed is not known)", ev.at(ev.SentAway), ev.SentTo)
		}
	case ev.unresolvedHanded() != nil:
		r.Concurrency = "unknown (" + ev.unresolvedHanded().describe() + ")"
	case ev.Handler:
		r.Concurrency = fmt.Sprintf("per partition (%s runs one %s per claim)", ev.Client.Name, ev.Client.Handler.Consume)
	case ev.PollLeaves != "":
		r.Concurrency = "unknown (the polled records are returned by " + ev.PollLeaves + " to its callers in other packages, whose processing the analysis of this package does not see)"
	default:
		r.Concurrency = "none"
	}
}

func (c *classifier) revoke(without bool) {
	r, ev := c.r, c.ev
	if without {
		r.Revoke = "no (the revoke callback does not commit)"
		return
	}
	for _, rv := range ev.Revokes {
		if rv.Cond {
			r.Revoke = "unknown (a revoke callback is registered on some paths only)"
			return
		}
		if rv.Commits && rv.HandlesRevoke {
			r.Revoke = "yes (the revoke callback commits)"
			return
		}
		if rv.Unknown {
			r.Revoke = "unknown (a revoke callback replaces the default one, and what it does is not in sight)"
			return
		}
	}
	if ev.Handler && slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Deferred && pc.Role == clientmodel.Commit }) {
		r.Revoke = "yes (a deferred commit flushes when the handler returns)"
		return
	}
	if ev.Handler && slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Flush && pc.Role == clientmodel.Commit }) {
		r.Revoke = "yes (a commit after the loop flushes when the handler returns)"
		return
	}
	if r.Strategy == StrategyUnknown {
		r.Revoke = "unknown (the commit strategy is not known)"
		return
	}
	if ev.Is(clientmodel.Group) == Off && len(ev.Revokes) == 0 && !ev.MemberCommits {
		// Offsets written for a group the client is no member of (kadm
		// CommitOffsets beside ConsumePartitions): no rebalance revokes
		// anything. A kafka-go Generation's commits are a member's.
		r.Revoke = "not needed (no group membership: no rebalances)"
		return
	}
	// Synchronous commits are the application's own commit calls: marks
	// and stores (a mark before processing) commit nothing by themselves.
	explicit := slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool {
		return pc.Role == clientmodel.Commit || pc.Role == clientmodel.FetchCommit
	})
	synchronous := explicit && (r.Strategy == StrategyEachRecord || r.Strategy == StrategyEachBatch && ev.Is(clientmodel.AsyncCommit) != On || r.Strategy == StrategyBefore)
	switch ev.Client.Timer {
	case clientmodel.TimerMarked:
		switch {
		case ev.Is(clientmodel.AutoCommit) == On:
			r.Revoke = "yes (" + ev.Client.Prose.RevokeCommit + ")"
		case synchronous && r.Strategy != StrategyEachBatch:
			r.Revoke = "not needed (each commit is synchronous)"
		case ev.Is(clientmodel.AutoCommit) == Unknown:
			r.Revoke = "unknown (whether auto-commit is on is not known)"
		default:
			r.Revoke = "no (auto-commit is off: marks since the last commit are discarded at session end)"
		}
	case clientmodel.TimerPreviousPoll:
		switch {
		case len(ev.Revokes) > 0:
			r.Revoke = "no (" + ev.Client.Prose.RevokeReplaced + ")"
		case ev.Is(clientmodel.AutoCommit) == On && ev.Is(clientmodel.Group) != Off: // no group, no auto-commit
			r.Revoke = "yes (" + ev.Client.Prose.RevokeCommit + ")"
		case synchronous:
			r.Revoke = "not needed (each commit is synchronous)"
		case ev.Is(clientmodel.AutoCommit) == Unknown:
			r.Revoke = "unknown (whether auto-commit is on is not known)"
		default:
			r.Revoke = "no"
		}
	case clientmodel.TimerNone:
		switch {
		case ev.Is(clientmodel.AsyncCommit) == On:
			r.Revoke = "yes (" + ev.Client.Prose.RevokeCommit + ")"
		default:
			r.Revoke = "not needed (each commit is synchronous)"
		}
	case clientmodel.TimerStored:
		switch {
		case ev.Is(clientmodel.AutoCommit) == On:
			r.Revoke = "yes (" + ev.Client.Prose.RevokeCommit + ")"
		case synchronous && r.Strategy != StrategyEachBatch:
			r.Revoke = "not needed (each commit is synchronous)"
		case synchronous:
			r.Revoke = "no (records since the last batch commit are repeated after a rebalance)"
		case ev.Is(clientmodel.AutoCommit) == Unknown:
			r.Revoke = "unknown (whether auto-commit is on is not known)"
		default:
			r.Revoke = "no"
		}
	}
	if r.Revoke == "" {
		r.Revoke = "unknown"
	}
	if r.Strategy == StrategyNone && strings.HasPrefix(r.Revoke, "yes") {
		r.Revoke = "not needed (nothing is marked or committed)"
	}
}

func handlerFor(r *Row) string {
	switch r.Guarantee {
	case AtLeastOnce:
		return "idempotent (a record can be applied twice)"
	case AtMostOnce:
		return "nothing extra (a crash drops records instead)"
	case EffectivelyOnce:
		if r.Strategy == StrategyTransactions {
			return "deterministic; effects outside Kafka must be idempotent"
		}
		return "deterministic, with every effect inside the transaction"
	case Neither:
		return "idempotent, and records can still be lost"
	}
	return "idempotent (to be safe)"
}

// Check returns the ways a row contradicts itself or its findings: a claim
// of at-least-once or effectively-once with a column the analysis does not
// know, or despite a finding that proves loss; a commit on revoke asserted
// for an unknown strategy (unless a finding shows the revoke callback does
// not commit), or denied by a finding and affirmed by the row.
// Classify's rows have none; tests check it on every example and scenario.
func (r *Row) Check() []string {
	var out []string
	safe := r.Guarantee == AtLeastOnce || r.Guarantee == EffectivelyOnce
	if safe {
		for col, v := range map[string]string{"strategy": r.Strategy, "duplicate window": r.Window, "commit on revoke": r.Revoke, "concurrency": r.Concurrency} {
			if v == "" || strings.HasPrefix(v, "unknown") {
				out = append(out, fmt.Sprintf("%s while its %s is %q", r.Guarantee, col, v))
			}
		}
	}
	// With nothing committed, no record is lost by a commit's order.
	if safe && r.Strategy != StrategyNone {
		for _, f := range r.Findings {
			for _, c := range category.Loses {
				if f.Rule == category.Rule(c) {
					out = append(out, fmt.Sprintf("%s despite %s at %s, which proves loss", r.Guarantee, f.Rule, f.At))
				}
			}
		}
	}
	revokeFinding := slices.ContainsFunc(r.Findings, func(f Finding) bool { return f.Rule == category.Rule(category.Revoke) })
	if r.Strategy == StrategyUnknown && (strings.HasPrefix(r.Revoke, "no") || strings.HasPrefix(r.Revoke, "not needed")) && !revokeFinding {
		out = append(out, fmt.Sprintf("commit on revoke %q for an unknown strategy", r.Revoke))
	}
	if r.Strategy == StrategyNone && strings.HasPrefix(r.Revoke, "yes") {
		out = append(out, fmt.Sprintf("no commits, yet commit on revoke %q", r.Revoke))
	}
	for _, f := range r.Findings {
		if f.Rule == category.Rule(category.Revoke) && strings.HasPrefix(r.Revoke, "yes") {
			out = append(out, fmt.Sprintf("commit on revoke %q despite %s at %s", r.Revoke, f.Rule, f.At))
		}
	}
	slices.Sort(out)
	return out
}
