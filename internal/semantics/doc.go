// Package semantics classifies each Kafka consumer's delivery semantics
// for "commitlint report": what happens to its records when it crashes.
//
// The Analyzer gathers, per consumer the consumer model finds, the
// evidence the semantics follow from: its settings (auto-commit, auto-store,
// marks only, greedy, asynchronous commits, each on, off or unknown; a
// setting made in one branch only is unknown), the auto-commit interval
// where the code spells it as a constant, its group and topics, the commit,
// mark and store calls made on it outside revoke callbacks (registered by
// any function of the package, an options helper too; the goroutines a
// callback starts, lanes storing each message, are no callback) and how many
// records each covers (one record, a batch, every N records behind a
// counter, or a position the application tracks), its revoke callbacks and
// whether they commit, the goroutines that handle its records, transaction
// calls, an offset row written in the transaction that applies the
// record, and how that consumer resumes on assignment (Restore: the
// client's restore hook and whether it reads the row back, and where a
// partition without a committed offset starts).
//
// Classify turns evidence and the analyzers' findings for the consumer into
// a Row. Findings come first, because each proves something the evidence
// alone does not show:
//
//   - ordering commit-before-process, autocommit read-commits-first, or a
//     kafka-go ReadMessage on a group reader: commit before processing,
//     at-most-once;
//   - autocommit auto-store-on-delivery, store-ignored, greedy-auto-commit
//     or records-outlive-poll: the auto-commit timer commits what was
//     handed out, processed or not: neither (gaps and duplicates);
//   - hiwater findings and fencing revoke-commits-in-flight: a commit passes
//     records still in flight: neither; so does a revoke callback that
//     commits every polled record (confluent's Commit() under auto-store)
//     while the loop holds a batch of messages polled one at a time
//     (Evidence.HeldAtRevoke; autocommit auto-store-on-delivery reports it);
//   - fencing unfenced-offset-write: the sink strategy stays, but a stale
//     owner can move the position back: at-least-once;
//   - fencing swallowed-commit-error on a transaction: the failed
//     transaction's output is lost: at-most-once.
//
// Otherwise the evidence decides, in this order: an offset row in the
// effect's transaction read back on assignment (effectively-once, scoped to
// that database, also for a reader outside a group); no group (nothing is
// committed: unknown where a restart resumes); an offset row in the effect's
// transaction never read back (at-least-once when the consumer also commits
// to the broker, which is where a restart resumes; else the start offset
// decides: the newest is at-most-once, the oldest at-least-once, one set in
// code to a value the analysis cannot read unknown); broker
// transactions (effectively-once, scoped to Kafka); explicit synchronous
// commits with auto-commit off (at-least-once, window one record or one
// batch); the client's auto-commit timer as the reference describes it
// (sarama: marked offsets every 1s; franz-go: every poll before the latest,
// every 5s, so the window is "previous poll + 5s", or marks with
// AutoCommitMarks; confluent: stored offsets every 5000 ms, stored on
// delivery unless enable.auto.offset.store is false); and unknown, with the
// reason, when a setting or a commit call cannot be tied down. A group
// member that never commits (marks discarded, or no-ops; a timer that
// commits only marks or stores where nothing marks or stores; auto-commit
// off and no commit call) replays everything
// since the group's last commit, and a group that never committed starts
// where a partition without a committed offset starts: neither at the
// newest offset (sarama's and librdkafka's default), at-least-once at the
// oldest, unknown when the code sets it to a value the analysis cannot read
// or the configuration is out of sight.
//
// "No commit before processing was found" is as strong as the ordering
// analyzer, which stays silent when in doubt; the reasons say so.
//
// Last, a claim of at-least-once or effectively-once must have evidence for
// every column, or the row says unknown and why (requireEvidence):
// unclassified goroutines; records kept in a struct field or a package
// variable (a buffer flushed elsewhere, a per-key total in a field's map,
// a value held in a field that a method writes them into: buffers.go); a
// position written only from a function literal handed on (directly or
// through a method it calls: an ack closure given to an output queue);
// position calls that all run only where one value of a setting allows
// (if *commitFlag: where it does not, nothing is committed); records handed to
// goroutines the loop does not wait for while positions are committed
// outside them; a position the application computes that is not a low-water
// mark of a recognised tracker (clientmodel.LowWater); records handed to a
// function value the consumer's caller supplies (a parameter of an exported
// function, a struct field, returning nothing or an error, as a handler
// does) unless every function the analyzed packages pass for it is theirs
// and neither starts goroutines nor sends on a channel (Join settles this
// across packages: handed.go, through adapters calling what their callers
// pass and decorators calling the handler they keep: decorates); a commit
// of the records an exported function's callers pass, when nothing in its
// package calls it (a wrapper package); an unknown strategy, window or
// commit on
// revoke; goroutines next to broker transactions. Row.Check states the
// invariants every row keeps.
//
// A row says that a record whose processing fails is skipped where the
// code shows it (failures.go): an error check of an application call on
// the record whose failure branch reaches the record's position call
// again without stopping (it falls through to it, goes on to the next
// record, or returns from EachRecord's function without keeping the
// error for the loop, or from the body of a range-over-func loop over
// records on a continue, or on a break followed by the position call:
// ssaflow's IsYield, YieldExit), or a processing call whose error nothing reads:
// positions are cumulative, so the next position written passes the
// failed record. On franz-go's default auto-commit the next poll is that
// position. A failure branch that writes the position itself (a poison
// record marked on purpose) skips it deliberately and is not named. A check that tells failures apart (err != nil &&
// !errors.Is(err, x), or an if on the error first) says skipped only when
// every kind goes on. A check of the context (ctx.Err()) that stops the
// processing of records the code then writes past is one too, unless the
// position call is given that context (which fails it as well), or a
// later test of its Err() stands between (a context made before the
// loop stays cancelled; a select on its Done() is not read so). Logging
// includes counting in a metric nothing tests (counters.go: counted), a
// flag a literal sets that its function only logs (loggedFlag), and a
// helper's answer the caller drops or only logs (answerDropped,
// answerOnlyLogged); a batch helper going on to its next record drops the
// failed one; a commit of a batch's prefix through the failed index
// (msgs[:i+1]) passes it. A handler passed for a function value by
// another package that swallows a failure (handsoff.SwallowsFact) is one
// too, settled by Join (HandedFunc.Drops). So is an answer a goroutine
// sends back (res <- ok, res <- err == nil) that the loop receives and
// only logs or drops (received, testedAnswer), and an error sent to a
// channel only a logger drains (reportedOnly; a function of another
// package given the channel, by handsoff.DrainsFact). So are a status a
// call returns on a failure (handsoff.OutcomeFact) that the code's tests
// of it lead on to the position (outcomeCheck); a recover helper of
// another package that only logs (handsoff.RecoversFact), or one of the
// package deferred with the error's address (recoversIn); a deferred
// position of a variable set to the record before its processing fails
// (setBeforeFailure), or guarded by the error result a failure returns
// without (deferOf's result, returnsNilResult); a callback writing the
// position that a processing call tells the outcome, writing it whatever
// the outcome or only on a success (ackedRegardless); an error tested
// only for kinds of failure (errorKindsOnly); a failure branch stopping
// only on a setting (tellsApart: no kind told apart); a fallback the
// failure branch hands the record to, its answer dropped
// (droppedFallback); a retry helper giving up on a bool answer
// (answerCheck); a kind of failure a retry is for, going on to the
// position (retryKinds: a cancellation, a deadline, a Timeout() method),
// or a cancellation's branch writing the record in hand; a handler value
// a decorator of another package wraps to drop its failure
// (handsoff.DropsFact's Middleware, dropper); an error policy the wiring
// passes that answers nil whatever it is given (HandedFunc.Policy,
// PassedFunc.Absorbs); a deferred recover marking the record, or only
// logging before its function's own position (recoveredPast); a failure
// a per-record callback keeps only for the loop's check after the poll
// (testsKept); a handler registered on a registry of another package
// (handsoff.DispatchesFact, handedDispatched) that swallows a failure; a
// function fetching its records itself, returning on the failure to a
// caller that runs it again on the same client (restarts: the caller of
// another package settled by Join, Evidence.ForeignCalls); a helper whose
// deferred literal overwrites its named error result
// (handsoff.SwallowsFact's Deferred); an errgroup TryGo whose false answer
// is only logged (shedSkips); an iterator keeping its failure for an Err
// the code never calls (iterErrSkips); failures kept in a variable the next
// record's call overwrites (lastOnly); a helper's struct answer whose
// error field it never sets (unsetOnFailure); a mark in a chain reached
// through interface calls (callSites); a failure branch handing the
// record to a helper that only schedules its retry (handsoff.LaterFact);
// a helper's count of failures its caller tests against a budget
// (answerBudgeted); a commit of everything polled in a function the
// loop's function defers (deferredFrom), or that another package's
// wiring runs after the loop function's failure (afterLoopSkips, settled
// by Join: ForeignCall After). A
// list of errors the loop tests for any failure before its commit keeps
// the failure (listKept: a loop's variable, a captured one, a field of
// a captured struct; compared with nil or zero, or given to a function
// whose answer is tested); one tested against a budget, or only logged,
// does not; and, for a list of the records that succeeded
// (done = append(done, r) past the check), a later record collected
// (takes through the list, not at it). A batch is taken where
// the loop collecting it starts (readLoop), through a helper that polls
// and converts (fetchesOwn) and a message rebuilt for the commit
// (converts).
// Nothing is said for a failure after which the
// record can still be processed (a header that did not parse, the record
// applied without it). A later test of the same error (err != nil once
// to log, once to return) goes its failing way only. A row that would be
// at-least-once is then neither: a crash replays, a failed record is
// lost without one.
//
// A commit of everything polled made beside the loop (a goroutine of its
// own, a time.AfterFunc checkpoint, a context.AfterFunc shutdown hook:
// besideLoop) makes an at-least-once row neither (besideCommit): it
// passes the records the loop is processing (a mutex both take is not
// read: its extent over the processing is not proven).
//
// Each row also says what the group's broker lag reflects (lag.go): the
// work done (commits after the effect), what was fetched (commits before
// it, or a timer that commits what was handed over: lag looks fine while
// records are lost), the work done every N records or seconds (lag
// overstates the backlog by up to N), or nothing (no commits, no group, or
// positions only in the consumer's database).
package semantics
