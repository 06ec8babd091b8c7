package ordering_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// Known gaps: commit-before-process shapes the analyzer sees but leaves
// alone, because no fix is sure to be right or the model lacks the
// knowledge. A scenario that shows one marks its silent case
// "// ok: known gap".
//
//   - A kafka-go Writer is asynchronous only where the package builds it
//     with Async set to the constant true (its literal, or an assignment
//     to the field of the variable holding the literal): a Writer from a
//     parameter of an exported function or another package's constructor,
//     or with Async set from a variable, counts as synchronous.
//   - franz-go CommitOffsetsSync/CommitOffsets are modelled but have no
//     scenario: the kgo stub has no kmsg types for their callbacks.
//   - A commit on one path only is reported only when its guard is a
//     threshold on the function's own state, a variable or a field of
//     one (n%100 == 0 or n >= 100, n incremented by the function;
//     len(batch) >= 100, batch appended to; time.Since(last) > d, last
//     set to time.Now()), on the record's offset (m.Offset%100 == 0) or
//     on there being something to commit (last != nil, len(batch) > 0,
//     also as a loop retrying the commit: for last != nil { ...; break
//     }), and holds the commit alone (with its error check, resets of
//     that state and logging): a guard on a flag (the operator's choice of
//     at-most-once), on a threshold another function keeps, or a guard
//     doing more (its other statements might be the processing, or need
//     the commit first) is not, even though that path loses the
//     message.
//   - A position closure is followed to its calls only from a field of a
//     struct literal that also holds a value carried from the record,
//     from an argument beside the record of a call of a function of the
//     package (or of a function literal or method value stored in the
//     field it calls, or of a type of the package implementing the
//     interface it calls), or where it is made (commit := func()
//     {...}), and from the callee's parameter into a function literal of
//     the callee capturing both it and the record (go func() { ack();
//     save(msg) }()); a closure kept in a map or a slice (no record
//     travels with it: which one it writes is not known where it is
//     called), one passed to an interface implemented in another package
//     (its methods are not in this package's SSA), or called in a
//     literal that does not capture the record itself is not followed.
//   - A record handed on and then not marked itself (the branch
//     continues) is reported at the next record's position call only
//     when the hand-off is a send or a go statement and that call, in
//     the same function, writes the position of its own record and is
//     reached with no wait between: a record queued in an asynchronous
//     producer on that path (a retry topic), or a loop whose position
//     call is made by its caller (a handler called per record) is not,
//     though the next position written passes over it.
//   - Offset rows of the application's database (#17) are positions only
//     when written by a constant statement that internal/sqlrow
//     recognises (an offset column keyed by partition) and read back by
//     the same package, outside a transaction or in one committed in the
//     same function: a helper that begins, writes and commits a
//     transaction holding the row (its commit is not on every return), a
//     row written by a timer goroutine from a value the loop set before
//     processing, and a row that another package reads back are not
//     reported.
//   - A call that only queues the record for workers is seen as a
//     hand-off only when it is a function of another package with a
//     handsOff fact (its parameter used only in a channel send or a go
//     statement, no wait), reached directly or through an interface whose
//     only implementation is in the caller's direct imports or in the
//     interface's package, or a handler parameter every function passed
//     for which in the package queues it, or a core wired to the adapter
//     by a package importing both (xport.go: an interface parameter of an
//     exported function of the adapter, or an unexported field only such
//     parameters are stored in, given a concrete type at the call): a
//     core passed as an interface value whose dynamic type the wiring
//     call does not show (a factory's result, a variable of the
//     interface type), an adapter whose loop is in the wiring package
//     itself, a queue behind a helper of
//     the core (Enqueue calling s.push(p)), a handler stored in a field,
//     or a wrapper whose own other processing of the record (a context
//     built by the application's package from its fields) gives it no
//     commitsAfterHandler fact (base-server's ConsumeEvents) stay silent.
//   - A helper that commits its poll and returns the records (or values
//     decoded from them) is reported when a caller processes what it
//     returns (a caller in another package through the returnsCommitted
//     fact of an exported helper, without a fix); an unexported helper
//     reached from another package through an exported wrapper is not,
//     and a helper that also processes the records before the commit,
//     beyond a call named Unmarshal, Decode, Parse or Deserialize, stays
//     silent even where its caller does more with them after the commit.
//
// Reported without a fix, so without a scenario (TestEveryFindingHasAFix
// would fail on it), because no sound fix is known; the message ends
// with why ("; no automatic fix: ..."), which TestNoFixSaysWhy,
// TestCrossPackageReturn, TestCrossPackageHandOff and TestHandlerHandOff
// check on some of them, written in a temporary tree:
//
//   - a commit made when a handler returns, where every handler passed
//     only queues the record for workers (a function-valued parameter
//     every function the package passes for which does; or another
//     package's wrapper with a commitsAfterHandler fact, reported at the
//     call passing the handler), and a handler's workers are not found
//     (its channel is its caller's), or their loop cannot run in place
//     of its send (a goroutine, a select with a case other than a send or a context's Done that returns);
//   - a position call after a call of another package's function that
//     only queues the record (or a value decoded from it) on a channel
//     or to a goroutine (a handsOff fact), directly or through an
//     interface whose only implementation does, where no workers of
//     that package are found to run in place of the send (with them,
//     the ordering/xhandoff scenario: the fix edits that package; under
//     go vet, reported without a fix, TestPortHandOffVet);
//   - a call wiring an adapter that writes the record's position after
//     a method of an interface it is given returns (a handsToPort fact)
//     to a core whose method only queues the record, when the core's
//     workers are not one `for v := range x.queue` loop whose body can
//     run in place of the send (a select loop flushing on a ticker: the
//     message names the case), or when the core is read from export
//     data (go vet): TestPortHandOff, on ordering/xport, whose other
//     seven findings get the in-place fix in the core (xportfix.go);
//   - a call of another package's exported helper that commits its poll
//     before returning the records, whose results the caller processes
//     (the commit is in the helper's package, which a fix made while
//     analyzing the caller cannot edit);
//   - a position call before processing that starts a goroutine with
//     the record before its last processing, where the go statement's
//     call's results cannot be handled in place (a last result other
//     than an error, or an error in a function returning more than one):
//     moved after the processing, the call would still come before the
//     goroutine's work;
//   - a commit in a helper that returns the records to a processing
//     caller, where a caller passes for a parameter the commit uses an
//     expression other than a variable, a field path or a call that can
//     be evaluated first (r.Context() beside variables), or the moved
//     error check returns other than zero values and an error;
//   - a mark after a send on sarama's AsyncProducer Input() in a package
//     that does not build the producer and does not drain both
//     Successes() and Errors() in loops of its own: the reports are
//     drained in another package, where no forward can be added, and a
//     drain added here would race that one for every report (a claim
//     would stall on each report it lost); also a drain of another
//     shape (a single receive), Producer.Return.Errors turned off other
//     than on the build's own config in its function, and a sending
//     function that cannot return the delivery's failure (a function
//     literal, an exported function without results, results not
//     ending in an error, or a caller that is not a call statement in a
//     function whose last result is an error);
//   - a position call after a send on a channel whose workers are
//     started elsewhere and read a variable of the starting function
//     that no field of the handler holds and none can be added for (it
//     is assigned after the workers start, in a loop reaching them or in
//     a function literal, or its type cannot be spelled in the
//     handler's file), or whose channel reaches the handler other than
//     in a keyed literal;
//   - a confluent commit after a loop of reads and Produce calls where
//     the Produce is not a statement or `if err := ...; err != nil`, has
//     a delivery channel of its own already, or where a failed delivery
//     cannot leave the function: the Produce's failure and the commit's
//     are logged and the loop goes on, in a function whose last result
//     is not an error (the commit would still come after the failed
//     delivery).

var withMetrics = ordering.New(ordering.Config{Ignore: []string{"ordering/metrics"}})

// scenarios are the analysistest packages, run with RunWithSuggestedFixes:
// every file with a fix has an x.go.golden beside it (the whole fixed file,
// // want comments kept). Counts are positive/silent cases.
var scenarios = []struct {
	dir string
	a   *analysis.Analyzer
}{
	// IBM sarama, default config (auto-commit on): MarkMessage, MarkOffset
	// after a decode, same-package helper, helper method, closure, the
	// processing returned (`mark; return apply(msg)`, rewritten to check,
	// mark, return nil) or started in a goroutine (`mark; go apply(msg)`,
	// rewritten to process in place, then mark), a helper that marks and
	// returns the decoded event (the mark moves to its caller, after the
	// processing; also when the caller calls it in an if statement's init
	// and applies the event in its else branch), a mark before the Close
	// of the file the message was written to (10 positive); mark after,
	// MarkOffset after, helper after, poison pill, defer, retry loop,
	// config flag, logging only, the decoding helper's twins marked by
	// their callers, a mark before closing the response of a post that
	// succeeded (it was reported: the response's Close counted as
	// processing) (11 silent).
	{"ordering/sarama", ordering.Analyzer},
	// One handler type two groups run, marking before processing: one
	// finding, which the report gives both rows (1 / 1: the twin marking
	// after processing, also run by two groups).
	{"ordering/sharedhandler", ordering.Analyzer},
	// sarama with auto-commit off: one Commit sends every claim's marks
	// and each claim runs ConsumeClaim's, so a mark before the processing
	// is committed by another claim's Commit: a deferred Commit, a
	// helper's mark, Commit every 100, Commit after, Commit between the
	// mark and the processing (its mark reported, not the Commit), a
	// mark as the message joins a batch (6 positive, silent before);
	// mark and Commit after processing (1 silent). Only Cleanup
	// committing, after every claim returned (saramacleanup, 1 silent).
	{"ordering/saramamanual", ordering.Analyzer},
	{"ordering/saramacleanup", ordering.Analyzer},
	// sarama's default auto-commit: a mark as the message joins a batch
	// written when full or on a tick (1 positive, silent before: the
	// mark does not dominate the write; fixed by marking the batch once
	// written), the batch marked once written (1 silent).
	{"ordering/saramabatch", ordering.Analyzer},
	// the github.com/Shopify/sarama path (1 positive, 1 silent).
	{"ordering/saramashopify", ordering.Analyzer},
	// cross-package helpers: the commitsParam and doesNotProcess facts.
	{"ordering/helpers", ordering.Analyzer},
	// calls of ordering/helpers: Ack, Acker.Done, Commit (kgo) and a
	// mark before helpers.Store (4 positive); Ack, Done, Commit after,
	// MaybeAck (some paths) (5 silent).
	{"ordering/helperuser", ordering.Analyzer},
	// confluent stores through helpers taking an envelope carrying the
	// message (Doc{Msg: m}, by value and by pointer) before an indexer
	// interface's call, and a franz-go commit of a job's record (the
	// variadic's one element) before its handling (3 positive, silent
	// before: the helper's parameter is not the record), the store after
	// it (1 silent).
	{"ordering/envelope", ordering.Analyzer},
	// producer wrappers (wrapproduce.go): a commit after a call of
	// another package's Publish returning confluent's Produce(msg, nil),
	// of its PublishBoth and PublishAll queueing the value and copies
	// (each made to wait, on a channel of its own), of PublishLimited
	// receiving a token before its produce, of Publish followed by a
	// drain made on some paths only (MaybeDrain), of its Emit making
	// franz-go's Produce with a nil promise and of EmitLogged with a
	// promise that only logs, and of a method of this package checking
	// Produce's error (8 positive, silent before: the wrapper's call
	// counted as processing; fixed in the wrapper, which waits for the
	// delivery and returns its failure); the wrapper waiting on its
	// delivery channel, flushing the producer, flushing it through its
	// own Drain method (which returns early, under a nil guard, only when
	// there is no producer), producing synchronously, producing a value built
	// from nothing it is given, the caller flushing the wrapper (Flush,
	// Drain) before its commit, and a promise telling the caller's
	// WaitGroup, waited for (9 silent).
	{"ordering/wrapproduce/...", ordering.Analyzer},
	// a wrapper package's Next returning deliveries it fetched (a
	// returnsFetched fact) and Ack committing them (commitsParam), used by
	// a worker of another package (audit 37b/D4: silent): an Ack before
	// the ledger's write (moved after it), an Ack after a mailer's Send
	// that only starts a goroutine writing it (a hand-off: its fix runs
	// the goroutine's body in place in handlers), and an Ack after the
	// write (silent) (2 / 1).
	{"ordering/wrapnext/...", ordering.Analyzer},
	// franz-go: CommitRecords(fetches.Records()...) then range,
	// CommitUncommittedOffsets then EachRecord, CommitRecords in
	// EachRecord, MarkCommitRecords with AutoCommitMarks (twice: once
	// with CommitMarkedOffsets between the mark and the processing; the
	// client refuses AutoCommitMarks with auto-commit off), values
	// gathered in EachRecord's callback written after the commit (it was
	// silent: the captured slice was not the records'), each partition's
	// last record committed in EachPartition's function before the poll's
	// values are written (silent before: the commit was in the function
	// the iterator runs) (7 positive); their seven twins, the previous
	// poll committed at the top of the loop (two shapes), poison pill,
	// the first record committed alone, fetch errors reported after the
	// commit (EachError's callback is no processing), a partition's
	// records written and committed in EachPartition's function (14
	// silent).
	{"ordering/franzgo", ordering.Analyzer},
	// Commits around a call of a helper of the package that only starts
	// goroutines for the polled records (audit 33b/8): after it (the
	// goroutine run in place), before it (moved after it, the helper
	// waiting for a goroutine per partition); a record checked with
	// json.Valid, then handed to a goroutine (audit 34a/2); twins: a
	// helper that waits for its goroutine, one whose goroutines answer
	// on a channel the caller drains before its commit (review 34-1/H1),
	// a record written in place by a JSON encoder and audited in a
	// goroutine (E1); a commit before a helper whose only statement
	// starts the goroutine (audit 34e/D1); a helper whose only statement
	// starts a method's goroutine (34e/D4: no fix before); a goroutine
	// whose retries wait on a timer or the context (review 34-2/D10)
	// (6 positive, 3 silent).
	{"ordering/helpergo", ordering.Analyzer},
	// A function literal that captures nothing, which SSA passes as a
	// plain function: CommitUncommittedOffsets before an EachRecord of
	// one (1 positive); twin (1 silent).
	{"ordering/literal", ordering.Analyzer},
	// kafka-go: per message (if and plain assignment), batch, the commit's
	// err reused by the processing, which writes it first, a batch's
	// field committed then ranged over (its second read is the same
	// messages; trial 30e/1) (5 positive); twins, previous message
	// committed before the next fetch, poison pill, logging only, the
	// field ranged over then committed, the field refilled after the
	// commit, in place or by a method given the batch (8 silent).
	{"ordering/kafkago", ordering.Analyzer},
	// confluent v2: CommitMessage, CommitOffsets in a Poll loop,
	// StoreMessage with auto-store off, Commit with auto-store on, Commit
	// after a store with both off, CommitMessage whose offsets a log reads
	// before the processing (the log moves with it) (6 positive); twins,
	// Commit with auto-store off at the top, store with auto-commit off (5
	// silent).
	{"ordering/confluent", ordering.Analyzer},
	// confluent v1 path (1 positive, 1 silent).
	{"ordering/confluentv1", ordering.Analyzer},
	// franz-go's admin client for a consumer outside a group: kadm
	// CommitAllOffsets of a poll's offsets before its records are saved,
	// of one record's offsets added to an Offsets map before it is saved
	// (2 positive); twins (2 silent).
	{"ordering/kadm", ordering.Analyzer},
	// kafka-go's low-level group API: a reader per partition started with
	// Generation.Start, Generation.CommitOffsets of a map literal before
	// the message is written (1 positive); twin (1 silent).
	{"ordering/kafkagogen", ordering.Analyzer},
	// database/sql: broker commit before a transaction helper and before
	// an inline transaction (fix lands after tx.Commit) (2 positive);
	// offset row in the transaction then broker commit, commit after the
	// inline transaction (2 silent).
	{"ordering/sqltx", ordering.Analyzer},
	// pgx: franz-go commit before an inline transaction, sarama mark
	// before a transaction helper (2 positive); offsets in the
	// transaction then CommitUncommittedOffsets, twins (3 silent).
	{"ordering/pgxtx", ordering.Analyzer},
	// offsets kept in the application's database, in a row per partition
	// the package reads back to resume: a database/sql UPDATE of the row
	// before the message is saved, through a helper, beside a transaction
	// committed after it (the return rewritten: commit, write the row,
	// return nil), and in a transaction of its own committed before the
	// save (the commit moves after it), a pgx upsert of the row before
	// the record is counted (the write moves after the processing) (5
	// positive); the row
	// written after the effect (also through the helper), or first but in
	// the effect's transaction (database/sql and pgx), a row nothing reads
	// back (a lag report) (6 silent).
	{"ordering/offsetrow", ordering.Analyzer},
	// hand-offs: a sarama mark after a send to a single worker's buffered
	// channel (plain, and in a select with the session's done channel),
	// a mark before such a send (the mark moves into the worker), a mark
	// after `go apply(msg)`, a kafka-go commit after `go l.Post(ctx, m)`,
	// a mark after a goroutine whose function returns (int, error)
	// (processed in place, its error checked, then marked), a mark after a
	// send to a worker retrying until success or the session's end (the
	// mark moves where the retry breaks on success: fix-quality hunt
	// 47x/D1) (7 positive); the worker's reply
	// awaited, wg.Wait before the mark, an audit copy sent beside
	// processing in place (before and after the mark), the outcome sent,
	// a goroutine that only logs, commit after posting, a failed store
	// putting the message back on the channel its loop receives from
	// (trial 31a/3) (8 silent).
	{"ordering/handoff", ordering.Analyzer},
	// sarama with auto-commit off: a mark after a send to a worker, the
	// marks committed by sess.Commit() after the loop without joining
	// the worker (1 positive: the mark moves into the worker); the
	// worker joined before the commit (1 silent).
	{"ordering/handoffcommit", ordering.Analyzer},
	// confluent with auto-commit off, a store after a send on a channel
	// the caller supplies, the stores committed when the loop's ticker
	// fires (a select on the ticker and the context waits for no work)
	// (1 positive, no fix: the receiver is the caller's); the receiver's
	// acknowledgement awaited before the store, a worker cancelling a
	// context the loop derived and waits on (2 silent).
	{"ordering/callerchan", ordering.Analyzer},
	// confluent goroutine per message counted by a local WaitGroup, a
	// Commit of the stores every 100 messages (1 positive: its fix waits
	// for the group before the Commit); the twin waiting already (silent).
	{"ordering/groupwait", ordering.Analyzer},
	// kafka-go commit right after an errgroup's Go, sarama mark right
	// after an ants pool's Submit (2 positive: their fixes wait for the
	// function); a batch waited for with the group's Wait before its
	// commit, a Submit waited for (2 silent).
	{"ordering/errgroupgo", ordering.Analyzer},
	// a sarama mark and a kafka-go commit of each record as it joins a
	// batch written when full (2 positive: the fix keeps the records
	// beside the batch and writes their positions once it is written;
	// it moved the call after the if, still first when not full); the
	// batch committed once written (silent).
	{"ordering/pendingbatch", ordering.Analyzer},
	// a helper marking the message and returning its event, processed by
	// the caller's return statement (1 positive: the mark moves to the
	// caller after the processing's error check, in one pass; it landed
	// before the return, still first).
	{"ordering/callerreturn", ordering.Analyzer},
	// a source committing the message it returned on the previous call
	// (kept in a field) before fetching the next (silent: it was a
	// commit of the message returned after it).
	{"ordering/pump", ordering.Analyzer},
	// hand-offs on some paths only: sarama with auto-commit off, a
	// message handed to a worker on one branch of a switch (the other
	// saves in place) before every message is marked and the marks
	// committed after the loop (the send is replaced by the worker's
	// body, its context a field of the handler); with auto-commit on, a
	// large message saved in a goroutine on one branch before the mark
	// (the save runs in place, its error returned) (2 positive); the
	// message saved in place before a copy is sent on a branch, the
	// forwarded branch awaiting the worker's reply before the mark, the
	// message saved in place before a goroutine on a branch (3 silent).
	{"ordering/handoffbranch", ordering.Analyzer},
	// franz-go commits before an insert whose failure is logged and
	// carried on from, with more statements after the check (in a loop,
	// in the function EachRecord runs), a kafka-go commit before an
	// else-if chain logging a decode and a write failure (3 positive:
	// the commit moves to the success path, a continue or a return in
	// each failure branch; it was moved after the check, committing
	// failed records); the commits on the success path already (2 silent).
	{"ordering/carriedon", ordering.Analyzer},
	// a sarama mark and a kafka-go commit made before the end-of-batch
	// marker's exit (2 positive: the moved call is made before that exit
	// too, not before the shutdown's exit in a select, nor the skip of
	// a message with no key; the marker was never committed again, and
	// came back first on every run); the marker committed on its exit
	// (silent).
	{"ordering/endmarker", ordering.Analyzer},
	// a sarama mark and a kafka-go commit made before a processing whose
	// error a tagless switch tells apart (var terr; switch { case err ==
	// nil: ... case errors.As(err, &terr): return err; default: log })
	// (2 positive: the moved call goes in the nil case; it was moved
	// between the processing and the switch, marking the transient
	// failure it returns for redelivery, audit 28c/1); the mark in the
	// nil case already (silent).
	{"ordering/errswitch", ordering.Analyzer},
	// a kafka-go commit on a context of its own, made right before it and
	// released right after, or by a defer right after it is made, before
	// the processing (2 positive: the statements move together; the commit
	// alone was moved past the release and failed on a cancelled context
	// every time, audit 28d/3, and with a defer its time ran during the
	// processing, review 28-3); the function's own context narrowed, which
	// the processing uses too (1 positive: the commit alone moves); the
	// same after the processing (silent).
	{"ordering/commitctx", ordering.Analyzer},
	// a franz-go poll committed before the Wait of the goroutines
	// processing its partitions, made right after, or after receiving
	// what they send (2 positive: the commit moves after the Wait, the
	// partitions stay concurrent; the go keyword was dropped, audit
	// 28d/6, and a Wait moved above the receives deadlocked, review
	// 28-4); the Wait first (silent).
	{"ordering/waitfirst", ordering.Analyzer},
	// franz-go records handed to goroutines in the function passed to
	// EachRecord (also inside EachPartition's), then the poll committed,
	// the goroutine's call returning nothing or an error it drops, in a
	// function returning nothing or an error (4 positive: the go
	// dropped, the record processed in place; a failure kept in a
	// variable, the function leaving before the commit when it is set);
	// the records saved in place, the goroutines joined before the
	// commit, the failures kept and returned (3 silent).
	{"ordering/eachrecordgo", ordering.Analyzer},
	// franz-go records handed to goroutines in a range loop over the
	// poll, then the poll committed: every record handed on (the
	// message says the records), or only those a continue does not skip
	// (on some paths) (2 positive: the go dropped); saved in place (1
	// silent).
	{"ordering/rangehandoff", ordering.Analyzer},
	// franz-go records sent to one worker from the function passed to
	// EachRecord, on one line (alone, and beside a count), or in a select
	// over several, then the poll committed, also after the loop, and
	// with an audit row written in place (5 positive: the worker's body
	// run in place); the records saved in
	// place with an audit copy sent in the function or a tap's before a
	// loop saving them, the worker's records awaited by a WaitGroup or
	// by one ack each, the worker's marks committed (5 silent).
	{"ordering/eachrecordsend", ordering.Analyzer},
	// franz-go's final commit of everything polled, deferred by a loop
	// sending the records to one worker that marks them, also after a
	// deferred wait that runs after it, or sending through a helper
	// given the poll (3 positive: the marks committed instead); the worker awaited in the deferred closure, on the
	// loop's way out, or by a method deferred after the commit, the
	// records saved in place (5 silent).
	{"ordering/shutdowncommit", ordering.Analyzer},
	{"ordering/shutdownsvc", ordering.Analyzer},
	// a goroutine's result received and checked after the mark (hunt
	// 44x/D2): the fix runs it in place and moves the mark after the
	// check; the twin marks after it (1 silent)
	{"ordering/resultchan", ordering.Analyzer},
	// a sarama handler of a group built out of sight marking and
	// committing each message before writing it, also with a log line
	// between them or the Commit under a flag, with a log line and an
	// else that logs (4 positive: the calls moved, the message naming
	// the Commit); its twin writing first (1 silent).
	{"ordering/markcommit", ordering.Analyzer},
	// calls after a commit that only log: the application's logger
	// package (applog.Debugf), a log line's field built by a helper of
	// another package (2 silent, audit 36a/D1, D2); the commit before
	// the processing, the logger after it, and before a write whose count
	// is only logged (2 positive: moved).
	{"ordering/applogger", ordering.Analyzer},
	// batching loops writing, on their way out, the position of what
	// the batch still holds unprocessed: a kafka-go commit of the batch
	// when the context is done, a sarama mark of its last message when
	// the session ends (2 positive: the call dropped); a flush first, a
	// write in the if around the commit, each record written in a range
	// over the batch first, a batch of positions of records written as
	// they came, committed through a helper (5 silent).
	{"ordering/unflushed", ordering.Analyzer},
	// franz-go workers fed over channels by the poll loop committing
	// everything polled after their records: a lane per partition, a
	// worker method ranging over a field (2 positive: CommitRecords of
	// what the worker received); lanes committing their own (1 silent).
	{"ordering/workercommit", ordering.Analyzer},
	// franz-go records of a partition's fetch scheduled on a pool whose
	// Schedule hands the function processing them to a waiting worker or
	// a new goroutine, in EachRecord's function or a range loop over the
	// fetch's records, then the fetch committed, and on a pool whose
	// Submit may refuse the function with an error, logged, dropped with
	// `_ =` or left unchecked (5 positive: a WaitGroup counts the
	// scheduled functions, a refused one counted out in the check's body,
	// a check the fix writes for a dropped refusal, and is awaited before
	// the commit); the
	// pool's work awaited, a pool whose Run waits for the task, the
	// refusing pool's work awaited (3 silent).
	{"ordering/poolcommitfirst", ordering.Analyzer},
	// position closures, called where the record travels: a confluent
	// commit closure sent beside the message's value to a receiver that
	// calls it before applying the value (the call moves after the
	// apply, in an else of its logged failure), one called where it is
	// made before the apply (moved after it), one passed beside the
	// message's value to a function that calls it before applying the
	// value (moved into an else of its logged failure), a sarama ack
	// closure that
	// marks, passed to a callback held in a field that acks and then
	// saves in a goroutine (the save runs in place, then ack), or starts
	// the save in a goroutine and then acks (the same fix), or to a
	// method value of a worker, or to the method of an interface held in
	// a field, that acks before saving (ack moves into an else of the
	// logged failure) (7 positive); the value applied, then Commit; the
	// local closure called after the apply; the function that applies
	// the value, then calls the closure; the callback, and the other
	// implementation of the interface, that save, then ack (5 silent).
	{"ordering/closure", ordering.Analyzer},
	// an ack closure that the method it is given calls inside a function
	// literal of its own that also captures the message: a retry
	// wrapper's attempt that acks, then returns the save (rewritten:
	// the save's error returned, then ack, return nil), a goroutine that
	// acks, then saves (ack moved into an else of the logged failure) (2
	// positive); the attempt and the goroutine that save, then ack (2
	// silent).
	{"ordering/closurenested", ordering.Analyzer},
	// a mark before a retry helper of the package runs the closure
	// saving the message (fix-quality hunt 46x/D1; the mark moves after
	// the helper's error check) (1 positive); the mark after it (1
	// silent).
	{"ordering/retryclosure", ordering.Analyzer},
	// jobs queued (appended, started) capturing a record variable
	// declared before the loop, or a value decoded from it (review
	// 47-1/D2), which the next fetch overwrites (hunt 46f/D2; the fix
	// copies the variable where the literal is made) (4 positive); the
	// record copied, declared in the loop, the jobs run before the next
	// fetch, by a method of the value keeping them (review 47-1/D1) or
	// waited for (precision hunt 47p/D1), or handed to a helper running
	// them at once (6 silent).
	{"ordering/capture", ordering.Analyzer},
	// a commit of everything polled by a function given a chunk of a
	// buffer kept across polls (flush(ctx, buf[:n]); buf = buf[n:]; hunt
	// 46f/D1; the fix commits the chunk; buf[0:n] too, review 47-1/D3)
	// (2 positive); the chunk committed, the whole buffer written first
	// (2 silent).
	{"ordering/chunkcommit", ordering.Analyzer},
	// a batch's position computed in a loop over it (confluent offsets
	// appended, sarama's greatest offset) written before the batch is
	// (fix-quality hunt 46x/D2) (2 positive, moved after the write);
	// the twins writing it after (2 silent).
	{"ordering/rangedbatch", ordering.Analyzer},
	// a client's commit kept in a field as a method value, called
	// before the poll's records are processed (hunt 46f/D4; moved after
	// them) (1 positive); called after them (1 silent).
	{"ordering/commitfield", ordering.Analyzer},
	// records handed on a path that skips their position call
	// (continue), the others written after processing in place: a sarama
	// claim sending large messages to a worker and marking the others (in
	// a range loop, and in a select loop that also ends with the
	// session), a kafka-go loop archiving audit messages in goroutines
	// and committing the others (3 positive: the send replaced by the
	// worker's body, the goroutine's call made in place, its error
	// returned); the worker's
	// outcome awaited before the loop goes on, audit messages archived in
	// place and only a copy handed to a goroutine (2 silent).
	{"ordering/handoffskip", ordering.Analyzer},
	// worker pools: a sarama mark after a send to four workers ranging
	// over a channel (plain, in a select that gives up when the session
	// ends, a worker that declares variables, workers running a method of
	// the handler, its parameters replaced by the go statement's
	// arguments), a mark before such a
	// send, a kafka-go commit with its error checked after a send to one
	// worker (the send is replaced by the workers' loop body, the mark
	// after it), a
	// mark after a send on a handler field whose workers Setup starts (its
	// receiver for theirs), a mark after (and one before) a send on a
	// handler field whose workers another function starts (a function of
	// the package, or a function literal) before handing the channel to
	// the handler in a literal beside the workers' other inputs (the send
	// replaced by the workers' body, that function's variables read
	// through the handler's fields), and one whose workers read a context
	// no field of the handler holds (a field added for it, set in the
	// literal) (10 positive); a done channel per job awaited (in
	// one function, through the field, and with workers run starts),
	// FetchMessage and the worker's report awaited before the commit (4
	// silent). A kafka-go group reader's ReadMessage sent to a worker is
	// autocommit's (autocommit/readhandoff).
	{"ordering/pool", ordering.Analyzer},
	// workers started by another function that reads its context after
	// `ctx, cancel := context.WithCancel(ctx)` (assigned before the
	// workers start, so a field set in the handler's literal holds the
	// value they read): a mark after a send on the handler's field (1
	// positive, the send replaced by the workers' body, a ctx field
	// added); a done channel per job awaited (1 silent).
	{"ordering/poolassigned", ordering.Analyzer},
	// a franz-go EachRecord callback sending a struct literal built from
	// the record (payment{id: string(r.Key), amount: r.Value}) to a pool
	// of workers, then MarkCommitRecords with AutoCommitMarks (1
	// positive: the send replaced by the workers' body in a block that
	// declares their variable as the literal); the payment settled in
	// place and a copy queued for an audit pool (1 silent).
	{"ordering/poollit", ordering.Analyzer},
	// a commit every Nth record or on a threshold: a kafka-go
	// CommitMessages guarded by n%100 == 0, by time.Since(last) > 5s
	// (last reset in the guard), of a batch guarded by len(pending) >=
	// 100 (pending reset in the guard), guarded by a counter kept in a
	// field (ix.processed%100 == 0), by the time since a field (a.last,
	// reset and the commit logged in the guard), a sarama mark guarded
	// by msg.Offset%100 == 0, and the last message of a batch fetched in
	// a loop committed when there is one (if last != nil), each before
	// the processing (7 positive, the guard moved after it); the seven
	// guards after the processing, a sarama mark behind a config flag
	// (the operator's choice of at-most-once), the previous message
	// committed on the timer, and when there is one, before the one just
	// fetched is saved (10 silent).
	{"ordering/everynth", ordering.Analyzer},
	// confluent loops collecting a batch and committing its last message
	// before processing the batch: the events decoded from the messages
	// saved by a stub that only logs but returns an error (its failure
	// logged and carried on from: the guard moved after the save, a
	// continue added to the failure's branch), a loop retrying the commit
	// while there is a message to commit (for message != nil { ...;
	// break }) before the batch goes to the application's handler (the
	// loop moved after it), the messages themselves with
	// batch[len(batch)-1] committed (the guard moved after the save) (3
	// positive); their three twins, and a batch that a function without
	// an error result only logs (5 silent).
	{"ordering/batchlast", ordering.Analyzer},
	// a sarama mark before a goroutine started with the message and then
	// its save in place: the goroutine audits it (no result), on one
	// branch only, or indexes it (its count and error dropped) (3
	// positive: the go statement's call made in place, its error
	// returned, and the mark moved after the save); audited or indexed
	// and saved in place, then marked (3 silent).
	{"ordering/gobefore", ordering.Analyzer},
	// kafka-go messages kept in a field buffer that a flush writes
	// later, each committed right after it is kept (DEVELSTAR's
	// router-ingest-go): a flush returning nothing, its failure logged
	// inside; returning an error the loop returns, logs, or drops; the
	// message decoded into the struct buffered (5 positive: the commit
	// moved after the flush, on its success path:
	// after the check that returns, in its else, or under `if flush()
	// == nil`); the last message kept beside the buffer and committed
	// after a successful flush, a flush taking the buffer (the field reset
	// to nil) and committing what it took after writing it (2 silent).
	{"ordering/buffered", ordering.Analyzer},
	// handlers that only queue the message for a pool of workers their
	// function starts (usr3's kafkagocallbackqueue, base-server's email
	// and webhook consumers): passed to ordering/handlerwrap's
	// ConsumeEvents (a commitsAfterHandler fact), in a select giving up
	// when the context ends, reported at the call; passed for the handler
	// of a loop of the package, the commit after its call, and a handler
	// saving in a goroutine (3 positive: the send, or the select,
	// replaced by the workers' loop body, the send case's return kept,
	// the error the workers dropped (_ = send(...)) returned instead;
	// the go statement's call made in place, its error returned); the
	// handler sending in place, the loop also given a saving handler,
	// the loop whose handler saves in place, the wrapper's own commit (4
	// silent).
	{"ordering/handlerqueue", ordering.Analyzer},
	{"ordering/handlerlocal", ordering.Analyzer},
	// a kafka-go commit retried in a loop of its own before the message
	// is saved (the loop moves after the save) (1 positive); its twin (1
	// silent).
	{"ordering/retry", ordering.Analyzer},
	// producing through the client: a sarama mark before SendMessage, a
	// franz-go commit before ProduceSync, a kafka-go commit before
	// WriteMessages (the commit moves after the produce), a franz-go
	// commit after Produce with a promise and after TryProduce with none
	// (the produce is rewritten to ProduceSync, the promise called with
	// its result), a franz-go commit before Produce (rewritten, and the
	// commit moved after it), a confluent CommitMessage after Produce with
	// a nil delivery channel (a channel of its own, its report awaited),
	// a franz-go poll committed whole after a loop of Produce calls with
	// no Flush, or with a Flush of the consuming client instead of the
	// producing one, a record committed after a Produce made on one
	// branch (a checked Flush inserted before the commit), a poll
	// committed after the function literal EachRecord runs produces its
	// copies, a poll committed after a loop producing a transformed copy
	// of each record (v, err := enrich(r.Value): the transform prepares
	// the copy, it is not the effect; audit 30d/1) (12 positive); the three
	// sync twins, the poll committed after a Flush, the confluent
	// delivery report awaited, the branch's copy produced synchronously,
	// the literal's copies flushed, the transformed copies flushed (8
	// silent).
	{"ordering/produce", ordering.Analyzer},
	// a batching loop committing a skipped record on its own while the
	// batch it keeps across iterations may hold earlier records (kafka-go
	// CommitMessages, franz-go CommitRecords, sarama MarkMessage with the
	// batch in a field, a commit whose declared error a later if reads,
	// guarded by the emptiness of the other of two batches; the call is
	// guarded by len(batch) == 0) (4 positive); the guarded twin, a skip
	// left to the batch's commit, a loop keeping no batch, one keeping
	// keys it has seen, one flushing the batch before the skipped
	// message's commit (5 silent).
	{"ordering/skipbatch", ordering.Analyzer},
	// a sarama mark after a method of the same package that only queues a
	// copy of the message on a field's channel (the method processes it in
	// place instead) (1 positive); the twin writing it in place (1
	// silent).
	{"ordering/localqueue", ordering.Analyzer},
	// confluent with auto-store on, a batch of reads each produced
	// asynchronously with a nil delivery channel, then Commit (it commits
	// every message handed out): the produce checked by its own if, and
	// unchecked in a function without results (2 positive, each produce
	// gets a delivery channel and its report is awaited, a failure
	// handled as the produce's, or as the commit's log.Fatal); each
	// report awaited in the loop, a Flush repeated until nothing is left
	// while a goroutine reads Events() (2 silent).
	{"ordering/confluentloop", ordering.Analyzer},
	// confluent with auto-store on, a batch read message by message, then
	// Commit (it commits every message read) before the batch is applied
	// (review 39-1/D2: silent, at-least-once); its twin commits after the
	// batch (1 positive, its fix moving the Commit after the apply loop;
	// 1 silent).
	{"ordering/readbatchfirst", ordering.Analyzer},
	// a mark before a processing answering a bool or a status the loop
	// tests: moved past the tests (trial 41e/D17, D18: it landed between
	// the call and them, marking refused messages) (2 / 0).
	{"ordering/answerfirst", ordering.Analyzer},
	// a framework given a handler interface by the wiring, which reaches
	// its claim loop through two fields; the wiring passes a handler
	// starting a goroutine on a copy of the value (audit 40b/D2: silent),
	// a writer, and a waiter whose goroutine answers on a channel a helper
	// waits on (review 40-2/D1, D2: reported, and its fix hung) (1
	// positive at the wiring, fixed in package handler: the goroutine's
	// body in place, its logged failure returned; 2 silent).
	{"ordering/portgo/...", ordering.Analyzer},
	// confluent with auto-commit off and auto-store on, each message sent
	// to one worker that saves it and then stores it, and a Commit in the
	// fetch loop (it commits every message handed out, those queued for
	// the worker included): every 100 messages, and after each send with
	// the store's error checked (2 positive, auto-store turned off in the
	// ConfigMap literal so that Commit commits the worker's stores, the
	// edit autocommit's store-ignored fix makes too); the same with
	// auto-store off (1 silent).
	{"ordering/autostore", ordering.Analyzer},
	// sarama AsyncProducer: a mark after the send on Input(), before it,
	// and with an audit log in between (3 positive, the reply fix: the message's own
	// channel in Metadata, the package's drain loops forwarding each
	// report to it, the claim waiting on it before the mark); a
	// SyncProducer twin (1 silent).
	{"ordering/asyncproduce", ordering.Analyzer},
	// a failed record produced asynchronously to a retry topic, in the
	// failure branch of its processing, then committed (honestbank/kp's
	// retry middleware), with confluent and in franz-go's EachRecord
	// function (2 positive: the delivery awaited, the producer flushed);
	// the delivery awaited, the copy produced synchronously, an audit
	// copy produced when a lint check fails, the message applied on
	// every path (3 silent).
	{"ordering/retrytopic", ordering.Analyzer},
	// sarama AsyncProducer built with the default config (no successes
	// reported, errors drained by a range loop of the package): a mark
	// after the send on Input() (1 positive, the reply fix with the
	// successes turned on before the producer is built and drained by a
	// goroutine started after its error check); a message saved in place
	// before an audit copy is queued (1 silent).
	{"ordering/asyncreports", ordering.Analyzer},
	// sarama AsyncProducer whose reports a goroutine drains in a select
	// loop (`case <-p.Successes():`, `case perr := <-p.Errors():`): a mark
	// after the send on Input() (1 positive, the reply fix forwarding
	// from the cases, the received value named and checked for nil); a
	// message saved in place before an audit copy is queued (1 silent).
	{"ordering/asyncselect", ordering.Analyzer},
	// sarama AsyncProducer with Producer.Return.Successes set but
	// Successes() drained nowhere: a mark after the send on Input() (1
	// positive, the reply fix with a drain of Successes() started after
	// the build's error check); a SyncProducer twin (1 silent).
	{"ordering/asyncundrained", ordering.Analyzer},
	// sarama AsyncProducer sent on from a helper returning (int, error):
	// a mark after the send on Input() (1 positive, the reply fix
	// returning the zero int beside the delivery's error); an audit copy
	// queued after the message is saved in place (1 silent).
	{"ordering/asyncresult", ordering.Analyzer},
	// sarama AsyncProducer built with Producer.Return.Errors turned off
	// (sarama only logs the failures): a mark after the send on Input()
	// (1 positive, the reply fix turning the failures back on and
	// draining Errors() in a goroutine started after the build's error
	// check); an audit copy queued after the message is saved in place (1
	// silent).
	{"ordering/asyncerrorsoff", ordering.Analyzer},
	// sarama AsyncProducer whose failures (reported by default) the
	// package reads nowhere: a mark after the send on Input() (1
	// positive, the reply fix draining Errors() in a goroutine started
	// after the build's error check, its wait also ending with the
	// session: a drainer elsewhere may take a failure); an audit copy
	// queued after the message is saved in place (1 silent).
	{"ordering/asyncnoerrors", ordering.Analyzer},
	// sarama AsyncProducer built by another package, whose reports this
	// one drains in range loops: a mark after the send on Input() (1
	// positive, the reply fix forwarding from those loops, its wait also
	// ending with the session: the setting is out of sight); an audit
	// copy queued after the message is saved in place (1 silent).
	{"ordering/asyncforeign", ordering.Analyzer},
	// sarama AsyncProducer sent on from a method without results (an
	// early return for an empty message): a mark after the send on
	// Input() (1 positive, the reply fix giving the method an error
	// result, its returns returning nil, its caller returning the
	// error); a method that saves the message before queueing an audit
	// copy (1 silent).
	{"ordering/asyncvoid", ordering.Analyzer},
	// sarama AsyncProducer whose select drain returns when a context ends:
	// a mark after the send on Input() (1 positive, the reply fix whose
	// wait also ends, without marking, when the session does); a
	// SyncProducer twin (1 silent).
	{"ordering/asyncstop", ordering.Analyzer},
	// consumers behind interfaces of the application with the client's
	// fetch and its commit or store (franz-go, confluent, kafka-go): a
	// commit before processing through the interface (3 positives, the
	// move fix); each committed after processing (3 silent); an
	// interface the package's own wrapper implements too, whose calls
	// may queue the commit (1 silent).
	{"ordering/viaiface", ordering.Analyzer},
	// a franz-go and a confluent client used through an interface whose
	// only implementation is an adapter forwarding to the client:
	// acknowledged before processing (2 positives, the move fix); after
	// (1 silent).
	{"ordering/viaadapter", ordering.Analyzer},
	// a franz-go service reporting each record after committing it: an
	// observer interface handed only the record's topic, partition and
	// timestamp, answering nothing (1 silent: telemetry, not the effect);
	// an audit interface handed the value, an observer handed the whole
	// record (2 positives, the move fix).
	{"ordering/telemetry", ordering.Analyzer},
	// a franz-go adapter marking each record after calling a core of
	// another package, through an interface of its own whose only
	// implementation is the core's, whose Enqueue only queues the payload
	// for the workers its InitWorkerPool starts (1 positive: the fix, in
	// the core's package, processes the payload in Enqueue in place of
	// the send, the workers' loop body); the core's Settle called in
	// place, then the mark (1 silent); the same by topic, the payload
	// queued on the payments case only (1 positive, the same fix), or
	// settled in place there (1 silent).
	{"ordering/xhandoff/...", ordering.Analyzer},
	// a franz-go helper that decodes its poll, commits everything polled
	// and returns the decoded records to a caller that saves them, or to
	// an HTTP handler that writes them (2 positive: the commit moves to
	// the caller, after the processing, its `return nil, err` becoming
	// `return err`, or a log in the handler, which gets its r.Context()
	// in a variable first); the helpers that only decode, their callers
	// committing after the processing, and a helper that saves before
	// its commit and returns the records for a count (3 silent).
	{"ordering/helperreturn", ordering.Analyzer},
	// a commit's error logged or counted through a helper of another
	// package: the error is not the message, nor is a named error result
	// a deferred report reads, written by a failed save's wrapped error
	// and then by the commit (a commit before the save, in a loop and in
	// a batch: 2 positive; after it: 2 silent, each once reported as
	// processing the message, the batch found in jitsu's bulker).
	{"ordering/errlog", ordering.Analyzer},
	// a service's own logger (a struct named Logger whose Info and Error
	// take a context, a message and an error, not ...any) called with a
	// context carrying the message's fields, and an alert sent only when
	// the commit failed: neither is processing (a commit before the
	// handler: 1 positive, moved on the handler's success path with its
	// error check; after it, logged and alerted on: 1 silent, once
	// reported at the log line, whose move to above the commit re-lint
	// reported again at the failure's log); an AuditLog's Log(ctx, entry)
	// is the effect (a commit before it: 1 positive, moved on its success
	// path; after it: 1 silent).
	{"ordering/applogger", ordering.Analyzer},
	// kafka-go Writer with Async set (in its literal, on a line of its
	// own in a literal stored in a field, in a literal an in-package
	// constructor returns, or assigned after it): a commit after
	// WriteMessages (three), a commit before it (moved after it) (4
	// positive, Async removed); a Writer without Async, one with Async
	// false (2 silent).
	{"ordering/asyncwriter", ordering.Analyzer},
	// -ordering.ignore=ordering/metrics: a metrics call after the commit
	// is not processing (1 silent); the store after it still is (1
	// positive).
	{"ordering/ignore", withMetrics},
	// an application interface hiding the client, generics, recursion,
	// function values, a mark before an application logger's Printf(format,
	// ...any), a label printed by an application interface's Print and
	// then marked (6 silent); a bound method value of MarkMessage, a mark
	// before that Print (not logging: its parameters are not ...any) (2
	// positive): no panic.
	{"ordering/robust", ordering.Analyzer},
	// a generic type's helper method marking, called in its generic body
	// before the processing (audit 32c/1) (1 positive, its fix moving
	// the call to the handler's success path); the twin calling it after
	// (1 silent).
	{"ordering/genericack", ordering.Analyzer},
}

func TestAnalyzer(t *testing.T) {
	td := testutil.TestData(t)
	for _, sc := range scenarios {
		t.Run(filepath.Base(strings.TrimSuffix(sc.dir, "/...")), func(t *testing.T) {
			t.Parallel()
			analysistest.RunWithSuggestedFixes(t, td, sc.a, sc.dir)
		})
	}
}

// TestIgnoreDefault runs the ignore scenario with the default analyzer:
// without the ignore entry, metrics.Observe is processing, so the commit
// marked "ordering/metrics is ignored" is reported, and nothing else
// changes.
func TestIgnoreDefault(t *testing.T) {
	t.Parallel()
	var rec testutil.Recorder
	results := analysistest.Run(&rec, testutil.TestData(t), ordering.Analyzer, "ordering/ignore")
	if len(results) == 0 {
		t.Fatalf("no results: %v", rec.Errs())
	}
	var extra []string
	for _, r := range results {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Pass.Pkg.Path(), r.Err)
		}
		for _, d := range r.Diagnostics {
			posn := r.Pass.Fset.Position(d.Pos)
			line := sourceLine(t, posn.Filename, posn.Line)
			if strings.Contains(line, "// ok: ordering/metrics is ignored") {
				extra = append(extra, d.Message)
			}
		}
	}
	if len(extra) != 1 {
		t.Errorf("default analyzer: %d findings on the ignored-metrics commit, want 1", len(extra))
	}
	for _, e := range rec.Errs() {
		if !strings.Contains(e, "unexpected diagnostic") || !strings.Contains(e, "call to CommitMessages before the message is processed") {
			t.Error(e)
		}
	}
	if len(rec.Errs()) != 1 {
		t.Errorf("default analyzer: %d mismatches, want the 1 unexpected finding: %v", len(rec.Errs()), rec.Errs())
	}
}

func sourceLine(t *testing.T, file string, line int) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	return lines[line-1]
}

// TestIgnoreFlag checks the -ignore flag: Config.Ignore is its default,
// and setting it on a default analyzer (flags are per analyzer, so this
// mutates no global) has the same effect.
func TestIgnoreFlag(t *testing.T) {
	t.Parallel()
	if got := withMetrics.Flags.Lookup("ignore").DefValue; got != "ordering/metrics" {
		t.Errorf("New(Config{Ignore}): -ignore defaults to %q", got)
	}
	a := ordering.New(ordering.Config{})
	f := a.Flags.Lookup("ignore")
	if f == nil {
		t.Fatal("no -ignore flag")
	}
	if f.DefValue != "" {
		t.Errorf("-ignore defaults to %q, want empty", f.DefValue)
	}
	// A prefix pattern covers the package itself too.
	if err := a.Flags.Set("ignore", " example.com/unused , ordering/metrics/..."); err != nil {
		t.Fatal(err)
	}
	var rec testutil.Recorder
	for _, r := range analysistest.Run(&rec, testutil.TestData(t), a, "ordering/ignore") {
		if len(r.Diagnostics) != 1 {
			t.Errorf("-ignore=ordering/metrics/...: %d findings, want 1", len(r.Diagnostics))
		}
	}
	if len(rec.Errs()) != 0 {
		t.Errorf("-ignore=ordering/metrics/...: %v", rec.Errs())
	}
}

// noFixSrc holds findings reported without a fix (ordering's "Reported
// without a fix" above), kept out of testdata/src/ordering so that
// TestEveryFindingHasAFix, which requires a fix of every scenario
// finding, does not run them: each message ends saying why no fix was
// built.
const noFixSrc = `package nofix

import (
	"context"
	"log"
	"time"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

// forward sends each message to workers it cannot see (the channel is a
// parameter), then marks it.
func forward(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, jobs chan<- *sarama.ConsumerMessage) error {
	for msg := range claim.Messages() {
		jobs <- msg
		sess.MarkMessage(msg, "") // want ` + "`" + `call to MarkMessage after the message is sent on a channel, with no wait for its processing: .*; no automatic fix: the workers receiving the message cannot be found` + "`" + `
	}
	return nil
}

// halfCounted receives the workers' answers for half of the batch only
// (the silent twin, ordering/pool's countedBatch, receives one for each
// message sent): the commit can pass messages still processed. The
// workers answer on a channel this loop receives from, so their body run
// in place of the send would wait for this loop: no fix.
func halfCounted(ctx context.Context, r *kafka.Reader, apply func(kafka.Message) error) {
	work := make(chan kafka.Message, 100)
	done := make(chan struct{}, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range work {
				if err := apply(m); err != nil {
					log.Print(err)
				}
				done <- struct{}{}
			}
		}()
	}
	for {
		batch := make([]kafka.Message, 0, 100)
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			work <- m
		}
		half := batch[:len(batch)/2]
		for range half {
			<-done
		}
		if err := r.CommitMessages(ctx, batch...); err != nil { // want "call to CommitMessages after the messages are sent on a channel, with no wait for their processing: .*; no automatic fix: the workers receiving the message cannot be found, or their loop cannot be run in place"
			log.Print(err)
		}
	}
}

// givesUp counts the answers with a timeout: a slow worker's message is
// committed unprocessed. breaks leaves the counting loop at the first
// failure and commits the batch all the same. Neither waits for every
// message (no fix: the workers answer on a channel the loop receives
// from).
func givesUp(ctx context.Context, r *kafka.Reader, apply func(kafka.Message) error) {
	work := make(chan kafka.Message, 100)
	done := make(chan struct{}, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range work {
				_ = apply(m)
				done <- struct{}{}
			}
		}()
	}
	for {
		batch := make([]kafka.Message, 0, 100)
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			work <- m
		}
		for range batch {
			select {
			case <-done:
			case <-time.After(time.Second):
				log.Print("slow worker")
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil { // want "call to CommitMessages after the messages are sent on a channel, with no wait for their processing: .*; no automatic fix"
			log.Print(err)
		}
	}
}

func breaks(ctx context.Context, r *kafka.Reader, apply func(kafka.Message) error) {
	work := make(chan kafka.Message, 100)
	errs := make(chan error, 100)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range work {
				errs <- apply(m)
			}
		}()
	}
	for {
		batch := make([]kafka.Message, 0, 100)
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			work <- m
		}
		for range batch {
			if err := <-errs; err != nil {
				log.Print(err)
				break
			}
		}
		if err := r.CommitMessages(ctx, batch...); err != nil { // want "call to CommitMessages after the messages are sent on a channel, with no wait for their processing: .*; no automatic fix"
			log.Print(err)
		}
	}
}
`

// TestNoFixSaysWhy runs noFixSrc: each finding has no fix and its message
// says why.
// noFixTree writes srcs (path under src → content) into a temporary tree
// beside the stub clients, runs the analyzer on pkgs, and checks that it
// reports want findings, each without a fix and saying why.
func noFixTree(t *testing.T, srcs map[string]string, want int, pkgs ...string) {
	t.Helper()
	gopath := testutil.Tree(t, "ordering/everynth", false, false)
	for name, src := range srcs {
		file := filepath.Join(gopath, "src", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, r := range analysistest.Run(t, gopath, ordering.Analyzer, pkgs...) {
		for _, d := range r.Diagnostics {
			n++
			if len(d.SuggestedFixes) != 0 || !strings.Contains(d.Message, "; no automatic fix: ") {
				t.Errorf("%s: %q: want no fix and the reason in the message", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if n != want {
		t.Errorf("%d findings, want %d", n, want)
	}
}

func TestNoFixSaysWhy(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/nofix/nofix.go": noFixSrc}, 4, "ordering/nofix")
}

// laterNoFixSrc holds franz-go records queued on a pool as a function
// value made before the queuing call: the fix does not follow the value
// to add the Done a WaitGroup counting the queued functions needs, so
// the commit is reported without a fix (a literal written in the call
// gets one, also when the pool's refusal is dropped: poolcommitfirst).
const laterNoFixSrc = `package laternofix

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func store(r *kgo.Record) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", r.Value)
	return err
}

type pool struct{ work chan func() }

// Submit queues task, or refuses it when the queue is full.
func (p *pool) Submit(task func()) error {
	select {
	case p.work <- task:
		return nil
	default:
		return context.DeadlineExceeded
	}
}

func submitEach(ctx context.Context, cl *kgo.Client, p *pool) {
	fetches := cl.PollRecords(ctx, 100)
	fetches.EachRecord(func(rec *kgo.Record) {
		task := func() { _ = store(rec) }
		_ = p.Submit(task)
	})
	if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want ` + "`" + `call to CommitRecords after the records are queued by laternofix.pool.Submit .*; no automatic fix: the functions queued on Submit cannot be counted here` + "`" + `
		log.Print(err)
	}
}
`

// bufferedSrc holds a kafka-go consumer (after DEVELSTAR/router-ingest-go)
// appending each message's value to a field buffer that flush writes
// when full, and that a goroutine also flushes on a ticker, committing
// each message right after the append: the commit passes every
// buffered, unflushed message. Reported without a fix: a commit moved
// after the loop's flush could pass a batch the ticker's goroutine is
// still writing (the buffered scenario holds the fixed shapes).
const bufferedSrc = `package buffered

import (
	"context"
	"log"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
)

type consumer struct {
	reader    *kafka.Reader
	mu        sync.Mutex
	buffer    []string
	batchSize int
}

func (c *consumer) start(ctx context.Context) {
	ticker := time.NewTicker(5 * time.Second)
	defer ticker.Stop()
	go func() {
		for range ticker.C {
			c.flush()
		}
	}()
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return
		}
		c.mu.Lock()
		c.buffer = append(c.buffer, string(m.Value))
		full := len(c.buffer) >= c.batchSize
		c.mu.Unlock()
		if full {
			c.flush()
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil { // want ` + "`" + `call to CommitMessages after the message is only kept in field buffer, which flush processes later: it commits past every buffered message not yet flushed, .*; no automatic fix: ` + "`" + `
			log.Printf("commit: %v", err)
		}
	}
}

func (c *consumer) flush() {
	c.mu.Lock()
	batch := c.buffer
	c.buffer = nil
	c.mu.Unlock()
	if len(batch) == 0 {
		return
	}
	if err := os.WriteFile("/tmp/batch", []byte(strings.Join(batch, "\n")), 0o644); err != nil {
		log.Printf("insert: %v", err)
	}
}
`

// TestBufferedNoFix runs bufferedSrc: one finding, without a fix, saying
// why.
func TestBufferedNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/buffered/buffered.go": bufferedSrc}, 1, "ordering/buffered")
}

// sharedGroupSrc holds confluent goroutines per message counted by a
// WaitGroup that also counts a reporter living as long as the loop, and
// goroutines sending their outcome on a channel the loop drains after
// the commit: a Wait before the commit would never end (review of
// groupWaitFix), so neither gets that fix.
const sharedGroupSrc = `package sharedgroup

import (
	"database/sql"
	"log"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var db *sql.DB

func save(m *kafka.Message) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value)
	return err
}

func reporter(wg *sync.WaitGroup, stop <-chan struct{}) {
	defer wg.Done()
	<-stop
}

func withReporter(c *kafka.Consumer, stop chan struct{}) {
	var wg sync.WaitGroup
	wg.Add(1)
	go reporter(&wg, stop)
	for n := 1; ; n++ {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = save(m)
		}()
		if n%100 == 0 {
			if _, err := c.Commit(); err != nil { // want ` + "`" + `call to Commit after the message is handed to a goroutine.*; no automatic fix` + "`" + `
				log.Print(err)
			}
		}
	}
	close(stop)
	wg.Wait()
}

func withOutcomes(c *kafka.Consumer) {
	var wg sync.WaitGroup
	errs := make(chan error)
	for n := 1; ; n++ {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- save(m)
		}()
		if n%100 == 0 {
			if _, err := c.Commit(); err != nil { // want ` + "`" + `call to Commit after the message is handed to a goroutine.*; no automatic fix` + "`" + `
				log.Print(err)
			}
		}
		if err := <-errs; err != nil {
			log.Print(err)
		}
	}
	wg.Wait()
}

func run() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	withReporter(c, make(chan struct{}))
	withOutcomes(c)
}
`

// TestSharedGroupNoFix runs sharedGroupSrc: both findings have no fix.
func TestSharedGroupNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/sharedgroup/sharedgroup.go": sharedGroupSrc}, 2, "ordering/sharedgroup")
}

// pendingNoFixSrc holds kafka-go commits made as each message joins a
// batch written when full, where keeping the messages beside the batch
// would not be right (review of pendingFix): a batch per partition (one
// slice would commit other partitions' unwritten messages), a batch
// handed to a goroutine (not written when the if ends), a batch written
// by the return statement (the commits would precede it), and a batch
// that outlives the loop the call is in (the kept messages of one poll
// would be dropped). Each is reported without a fix.
const pendingNoFixSrc = `package pendingnofix

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func saveAll(ctx context.Context, ms []kafka.Message) error {
	for _, m := range ms {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

func perPartition(ctx context.Context, r *kafka.Reader) error {
	batches := map[int][]kafka.Message{}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		batches[m.Partition] = append(batches[m.Partition], m)
		if err := r.CommitMessages(ctx, m); err != nil { // want ` + "`" + `; no automatic fix` + "`" + `
			return err
		}
		if len(batches[m.Partition]) >= 100 {
			if err := saveAll(ctx, batches[m.Partition]); err != nil {
				return err
			}
			batches[m.Partition] = nil
		}
	}
}

func handedBatch(ctx context.Context, r *kafka.Reader) error {
	var batch []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		batch = append(batch, m)
		if err := r.CommitMessages(ctx, m); err != nil { // want ` + "`" + `; no automatic fix` + "`" + `
			return err
		}
		if len(batch) >= 100 {
			full := batch
			go func() { _ = saveAll(ctx, full) }()
			batch = nil
		}
	}
}

func returnedBatch(ctx context.Context, r *kafka.Reader) error {
	var batch []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		batch = append(batch, m)
		if err := r.CommitMessages(ctx, m); err != nil { // want ` + "`" + `; no automatic fix` + "`" + `
			return err
		}
		if len(batch) >= 100 {
			return saveAll(ctx, batch)
		}
	}
}

func outerBatch(ctx context.Context, r *kafka.Reader) error {
	var batch []kafka.Message
	for {
		for i := 0; i < 10; i++ {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return err
			}
			batch = append(batch, m)
			if err := r.CommitMessages(ctx, m); err != nil { // want ` + "`" + `; no automatic fix` + "`" + `
				return err
			}
			if n := len(batch); n >= 100 {
				if err := saveAll(ctx, batch); err != nil {
					return err
				}
				batch = batch[:0]
			}
		}
	}
}

func run(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g", Topic: "events"})
	_ = perPartition(ctx, r)
	_ = handedBatch(ctx, r)
	_ = returnedBatch(ctx, r)
	_ = outerBatch(ctx, r)
}
`

// TestPendingNoFix runs pendingNoFixSrc: four findings, none with a fix.
func TestPendingNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/pendingnofix/pendingnofix.go": pendingNoFixSrc}, 4, "ordering/pendingnofix")
}

// shutdownNoFixSrc holds franz-go's final commit of everything polled,
// deferred directly, by a loop sending the records to a worker that
// commits each one: with no marks to commit instead, the fix would have
// to close the channel and wait for the worker, which the loop's shape
// decides, so the commit is reported without a fix.
const shutdownNoFixSrc = `package shutdownnofix

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func run(ctx context.Context, cl *kgo.Client) {
	queue := make(chan *kgo.Record, 64)
	go func() {
		for r := range queue {
			if _, err := db.Exec("INSERT INTO events (body) VALUES ($1)", r.Value); err != nil {
				log.Fatal(err)
			}
			if err := cl.CommitRecords(ctx, r); err != nil {
				log.Print(err)
			}
		}
	}()
	defer cl.CommitUncommittedOffsets(context.Background()) // want ` + "`" + `deferred call to CommitUncommittedOffsets commits every record polled when run returns, .*; no automatic fix: close the channel and wait for the workers` + "`" + `
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		for _, r := range fs.Records() {
			queue <- r
		}
	}
}

func main() {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("events"), kgo.DisableAutoCommit())
	if err != nil {
		log.Fatal(err)
	}
	run(context.Background(), cl)
}
`

// TestShutdownNoFix runs shutdownNoFixSrc: the finding has no fix and
// says why.
func TestShutdownNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/shutdownnofix/shutdownnofix.go": shutdownNoFixSrc}, 1, "ordering/shutdownnofix")
}

// TestLaterNoFix runs laterNoFixSrc: the finding has no fix and says
// why.
func TestLaterNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/laternofix/laternofix.go": laterNoFixSrc}, 1, "ordering/laternofix")
}

// helperNoFixSrc holds polled records a helper of the package hands to
// goroutines: a goroutine whose function returns a failure (go
// process(fs): nothing reads it), with a commit after the call; a
// method's goroutine started per partition, with a commit before the
// call (run in place, the partitions would run one at a time: audit
// 34e/D2); and a confluent helper storing each message of the batch it
// collects and returns, which the caller processes (audit 34a/1: the row
// said at-least-once). All are reported without a fix, saying why.
const helperNoFixSrc = `package helpernofix

import (
	"context"
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

func process(fs kgo.Fetches) error {
	for _, r := range fs.Records() {
		if err := os.WriteFile(string(r.Key), r.Value, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func handle(fs kgo.Fetches) {
	go process(fs)
}

func run(ctx context.Context, cl *kgo.Client) {
	for {
		fs := cl.PollFetches(ctx)
		handle(fs)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want ` + "`" + `no automatic fix: the goroutine handle starts returns a failure that nothing reads` + "`" + `
			return
		}
	}
}

func (s *svc) partition(p kgo.FetchTopicPartition) {
	for _, r := range p.Records {
		_ = os.WriteFile(string(r.Key), r.Value, 0o644)
	}
}

type svc struct{ cl *kgo.Client }

func (s *svc) process(fs kgo.Fetches) {
	fs.EachPartition(func(p kgo.FetchTopicPartition) {
		go s.partition(p)
	})
}

func (s *svc) run(ctx context.Context) {
	for {
		fs := s.cl.PollFetches(ctx)
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil { // want ` + "`" + `no automatic fix: the goroutines process starts in a loop or a callback are not function literals` + "`" + `
			return
		}
		s.process(fs)
	}
}

type consumer struct{ c *kafka.Consumer }

func (c *consumer) pollBatch() []*kafka.Message {
	var batch []*kafka.Message
	for i := 0; i < 100; i++ {
		m, ok := c.c.Poll(100).(*kafka.Message)
		if !ok {
			break
		}
		batch = append(batch, m)
		if _, err := c.c.StoreMessage(m); err != nil { // want ` + "`" + `no automatic fix: StoreMessage is made for each message of what its function collects in a loop and returns` + "`" + `
			return batch
		}
	}
	return batch
}

func (c *consumer) start() {
	for {
		for _, m := range c.pollBatch() {
			_ = os.WriteFile(string(m.Key), m.Value, 0o644)
		}
	}
}
`

// TestHelperNoFix runs helperNoFixSrc.
func TestHelperNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/helpernofix/helpernofix.go": helperNoFixSrc}, 3, "ordering/helpernofix")
}

// lanesNoFixSrc holds franz-go records handed to a lane per partition,
// whose worker a goroutine started for a new partition inside EachRecord
// runs, committed after EachRecord returns: the fix dropped the go of the
// worker's start, and the poll loop then waited on the lane's empty
// channel forever (audit 32d/3: 0 of 300 written). The finding has no
// fix, and says why.
const lanesNoFixSrc = `package lanesnofix

import (
	"context"
	"log"
	"os"

	"github.com/twmb/franz-go/pkg/kgo"
)

type lane struct{ ch chan *kgo.Record }

func run(ctx context.Context, cl *kgo.Client, f *os.File) {
	lanes := map[int32]*lane{}
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			l := lanes[r.Partition]
			if l == nil {
				l = &lane{ch: make(chan *kgo.Record, 1000)}
				lanes[r.Partition] = l
				go func() {
					for r := range l.ch {
						if _, err := f.Write(r.Value); err != nil {
							log.Printf("append: %v", err)
						}
					}
				}()
			}
			l.ch <- r
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want ` + "`" + `no automatic fix: the goroutine is a worker receiving from a channel` + "`" + `
			log.Printf("commit: %v", err)
		}
	}
}
`

// TestLanesNoFix runs lanesNoFixSrc.
func TestLanesNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/lanesnofix/lanesnofix.go": lanesNoFixSrc}, 1, "ordering/lanesnofix")
}

// keptNoFixSrc holds a sarama handler marking each message before a
// batcher it holds keeps the value for a later write: the fix moved the
// mark after the Add, still before the write (review 32-1). The finding
// has no fix, and says why.
const keptNoFixSrc = `package keptnofix

import (
	"github.com/IBM/sarama"

	"ordering/keptbatch"
)

type handler struct{ B *keptbatch.Batcher }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // want ` + "`" + `no automatic fix: no statement here is sure to come after the message's processing .keptbatch.Batcher.Add keeps it in field vals of Batcher for later.` + "`" + `
		h.B.Add(msg.Value)
	}
	return nil
}
`

// keptBatchSrc is the batcher of keptNoFixSrc, in a package of its own.
const keptBatchSrc = `package keptbatch

import (
	"os"
	"sync"
)

type Batcher struct {
	mu   sync.Mutex
	vals [][]byte
}

func (b *Batcher) Add(v []byte) {
	b.mu.Lock()
	b.vals = append(b.vals, v)
	b.mu.Unlock()
}

func (b *Batcher) Flush(path string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, v := range b.vals {
		if err := os.WriteFile(path, v, 0o644); err != nil {
			return err
		}
	}
	b.vals = nil
	return nil
}
`

// TestKeptNoFix runs keptNoFixSrc.
func TestKeptNoFix(t *testing.T) {
	t.Parallel()
	noFixTree(t, map[string]string{"ordering/keptnofix/keptnofix.go": keptNoFixSrc, "ordering/keptbatch/keptbatch.go": keptBatchSrc}, 1, "ordering/keptnofix")
}

// crossSrc holds a helper package whose exported method polls, commits
// everything polled and returns the decoded offers, and a package calling
// it (niksmo/e-commerce's GetOffers, returned to an HTTP handler of
// another package): the caller that saves the offers is reported at its
// call, without a fix (the commit is in the helper's package); the
// helper's twin only decodes, and its caller commits after saving.
var crossSrc = map[string]string{
	"ordering/xoffers/offers.go": `package xoffers

import (
	"context"
	"encoding/json"

	"github.com/twmb/franz-go/pkg/kgo"
)

type Offer struct{ ID string }

type View struct{ Cl *kgo.Client }

// GetOffers decodes the poll, commits it and returns the offers.
func (v *View) GetOffers(ctx context.Context) ([]Offer, error) {
	fetches := v.Cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return nil, err
	}
	var out []Offer
	fetches.EachRecord(func(r *kgo.Record) {
		var o Offer
		if json.Unmarshal(r.Value, &o) == nil {
			out = append(out, o)
		}
	})
	if err := v.Cl.CommitUncommittedOffsets(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

// FetchOffers is GetOffers' twin: it only decodes.
func (v *View) FetchOffers(ctx context.Context) ([]Offer, error) {
	fetches := v.Cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return nil, err
	}
	var out []Offer
	fetches.EachRecord(func(r *kgo.Record) {
		var o Offer
		if json.Unmarshal(r.Value, &o) == nil {
			out = append(out, o)
		}
	})
	return out, nil
}
`,
	"ordering/xsaver/saver.go": `package xsaver

import (
	"context"
	"database/sql"
	"log"

	"ordering/xoffers"
)

var db *sql.DB

func save(ctx context.Context, offers []xoffers.Offer) error {
	for _, o := range offers {
		if _, err := db.ExecContext(ctx, "INSERT INTO offers (id) VALUES ($1)", o.ID); err != nil {
			return err
		}
	}
	return nil
}

// Run saves the offers GetOffers committed before returning them.
func Run(ctx context.Context, v *xoffers.View) error {
	for {
		offers, err := v.GetOffers(ctx) // want ` + "`" + `call to GetOffers, which commits the records \(CommitUncommittedOffsets\) before returning them, and the records are processed here after it: .*; no automatic fix: the commit is in package ordering/xoffers` + "`" + `
		if err != nil {
			return err
		}
		if err := save(ctx, offers); err != nil {
			return err
		}
	}
}

// RunAfter is Run's twin: it saves what FetchOffers decoded, then commits.
func RunAfter(ctx context.Context, v *xoffers.View) error {
	for {
		offers, err := v.FetchOffers(ctx) // ok: nothing committed yet
		if err != nil {
			return err
		}
		if err := save(ctx, offers); err != nil {
			return err
		}
		if err := v.Cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// Count only logs how many offers GetOffers returned.
func Count(ctx context.Context, v *xoffers.View) {
	offers, err := v.GetOffers(ctx) // ok: the offers are not processed here
	if err != nil {
		return
	}
	log.Printf("%d offers", len(offers))
}
`,
}

// TestCrossPackageReturn runs crossSrc: the caller in another package that
// processes what an exported helper committed before returning is
// reported, without a fix, saying why.
func TestCrossPackageReturn(t *testing.T) {
	t.Parallel()
	noFixTree(t, crossSrc, 1, "ordering/xsaver")
}

// handOffSrc holds a package-level Submit that only queues payloads on a
// channel of its package that nothing there receives, and a Kafka
// adapter in another package marking each record after calling it: the
// mark is reported, without a fix (no workers are found to run in
// place). The ordering/xhandoff scenario holds the core whose workers
// are found, fixed in place.
var handOffSrc = map[string]string{
	"ordering/xsettle/settle.go": `package xsettle

import "context"

type Payload struct{ TxID string }

var pending = make(chan Payload, 100)

// Submit queues the payload unless ctx ends first.
func Submit(ctx context.Context, p Payload) error {
	select {
	case pending <- p:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
`,
	"ordering/xconsume/consume.go": `package xconsume

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/xsettle"
)

// Submit marks each record once Submit has queued it.
func Submit(ctx context.Context, cl *kgo.Client) {
	for ctx.Err() == nil {
		fetches := cl.PollRecords(ctx, 100)
		fetches.EachRecord(func(r *kgo.Record) {
			if err := xsettle.Submit(ctx, xsettle.Payload{TxID: string(r.Key)}); err != nil {
				return
			}
			cl.MarkCommitRecords(r) // want ` + "`" + `call to MarkCommitRecords after the record is handed to xsettle.Submit, which only queues it for later work.*; no automatic fix: the record is queued by xsettle.Submit, whose workers` + "`" + `
		})
		cl.AllowRebalance()
	}
}
`,
}

// TestCrossPackageHandOff runs handOffSrc: the mark after a call that
// only queues the record in another package, whose workers are not
// found, is reported without a fix.
func TestCrossPackageHandOff(t *testing.T) {
	t.Parallel()
	noFixTree(t, handOffSrc, 1, "ordering/xconsume")
}

// handlerSrc holds wrappers that commit each message as soon as the
// handler they are given returns (xkafkac's with a context carrying the
// message's fields: a function returning only a context is not
// processing), and handlers that only queue the message on a channel
// their caller passes, for workers the package does not start: across
// packages, the call passing such a handler to the wrapper (xkafkac's
// ConsumeEvents, with a commitsAfterHandler fact) is reported; in one
// package, the commit after the handler's call when every handler the
// package passes only queues. Both without a fix: the workers are not
// found (with workers of the handler's function, the scenarios
// ordering/handlerqueue and ordering/handlerlocal get the fix). The
// handlers that send the email in place, and a wrapper given both kinds,
// are silent.
var handlerSrc = map[string]string{
	"ordering/xkafkac/kafkac.go": `package xkafkac

import (
	"context"
	"encoding/json"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

type Event struct{ ID, Type string }

type Consumer struct{ r *kafkago.Reader }

func New(brokers []string, topic, group string) *Consumer {
	return &Consumer{r: kafkago.NewReader(kafkago.ReaderConfig{Brokers: brokers, Topic: topic, GroupID: group})}
}

type fieldsKey struct{}

// withFields returns ctx carrying the message's fields for log lines.
func withFields(ctx context.Context, m kafkago.Message, ev Event) context.Context {
	return context.WithValue(ctx, fieldsKey{}, []any{ev.Type, m.Partition, m.Offset})
}

// ConsumeEvents commits each message after the handler returns nil.
func (c *Consumer) ConsumeEvents(ctx context.Context, handler func(context.Context, Event) error) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev Event
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			continue
		}
		msgCtx := withFields(ctx, m, ev)
		if err := handler(msgCtx, ev); err != nil {
			continue
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}
`,
	"ordering/xemail/email.go": `package xemail

import (
	"context"
	"database/sql"

	"ordering/xkafkac"
)

var db *sql.DB

func send(ctx context.Context, ev xkafkac.Event) error {
	_, err := db.ExecContext(ctx, "INSERT INTO outbox (id) VALUES ($1)", ev.ID)
	return err
}

// Start queues each event for senders its caller starts.
func Start(ctx context.Context, c *xkafkac.Consumer, events chan<- xkafkac.Event) error {
	return c.ConsumeEvents(ctx, func(msgCtx context.Context, ev xkafkac.Event) error { // want ` + "`" + `call to ConsumeEvents with a handler that only queues the message: ConsumeEvents writes its position \(CommitMessages\) as soon as the handler returns.*; no automatic fix: ` + "`" + `
		select {
		case events <- ev:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
}

// StartInPlace sends each event before the handler returns.
func StartInPlace(ctx context.Context, c *xkafkac.Consumer) error {
	return c.ConsumeEvents(ctx, func(ctx context.Context, ev xkafkac.Event) error { // ok: sent in place
		return send(ctx, ev)
	})
}
`,
	"ordering/xqueue/queue.go": `package xqueue

import (
	"context"
	"database/sql"
	"log"

	kafkago "github.com/segmentio/kafka-go"
)

var db *sql.DB

func save(ctx context.Context, b []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO hooks (body) VALUES ($1)", b)
	return err
}

// consume commits each message after the handler returns nil.
func consume(ctx context.Context, r *kafkago.Reader, handler func(context.Context, []byte) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handler(ctx, m.Value); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want ` + "`" + `call to CommitMessages after the message is handed to handler, which every function passed for it in this package only queues for later work.*; no automatic fix: ` + "`" + `
			log.Printf("commit: %v", err)
		}
	}
}

// consumeBoth is consume's twin, given both kinds of handler.
func consumeBoth(ctx context.Context, r *kafkago.Reader, handler func(context.Context, []byte) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handler(ctx, m.Value); err != nil {
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil { // ok: some handler saves in place
			log.Printf("commit: %v", err)
		}
	}
}

// Hooks queues each webhook body for workers its caller starts.
func Hooks(ctx context.Context, r *kafkago.Reader, bodies chan<- []byte) error {
	return consume(ctx, r, func(_ context.Context, b []byte) error {
		bodies <- b
		return nil
	})
}

// Both passes a queueing and a saving handler to consumeBoth.
func Both(ctx context.Context, r *kafkago.Reader, bodies chan []byte) error {
	if err := consumeBoth(ctx, r, func(_ context.Context, b []byte) error {
		bodies <- b
		return nil
	}); err != nil {
		return err
	}
	return consumeBoth(ctx, r, save)
}
`,
}

// TestHandlerHandOff runs handlerSrc: a commit made when a handler that
// only queues the message returns is reported, without a fix.
func TestHandlerHandOff(t *testing.T) {
	t.Parallel()
	noFixTree(t, handlerSrc, 2, "ordering/xemail", "ordering/xqueue")
}
