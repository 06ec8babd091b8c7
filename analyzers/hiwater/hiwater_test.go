package hiwater_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/hiwater"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// Known gaps: no scenario holds a "// ok: known gap" case any more, and
// every finding of the scenarios has a fix (TestMessages fails on one
// without): a fallback that removes the concurrency where the
// proportionate fix cannot be built, or a low-water tracker where it
// cannot be removed (hiwater/hardfix holds the shapes once reported
// without a fix). The analyzer still reports without a fix, its message
// saying why, the rare shapes of doc.go's "Reported without a fix", none
// in a scenario yet: a goroutine whose sends to its loop cannot be made
// goroutines of their own and whose position call the low-water fix
// cannot take, a pool whose count cannot be made one nor its loop cut to
// one iteration, TryGo functions that cannot run in place, map lanes
// not filled by loops counting up from one constant, callbacks handed on
// by an if that does not leave on the hand-off's error, delivery reports
// with no drain for a report channel. The shapes still left silent are
// listed in doc.go ("Not reported (known gaps)"): shapes not recognised
// (workers that are different functions, callbacks through a function
// value that is not a parameter, goroutines fetching from one consumer
// through a helper, or writing a whole poll's batch or records of
// EachRecord, delivery reports whose record is sent by several
// statements).

// scenarios are the analysistest packages, run with RunWithSuggestedFixes:
// every file with a finding has an x.go.golden beside it (the whole fixed
// file, // want comments kept). The counts are positive/silent cases; each
// silent case is marked "// ok: <why>" in its file.
var scenarios = []string{
	// Per-record goroutines over EachRecord (join exists) and a range (join
	// added), errgroup, a pool, an atomic maximum read by a ticker, a
	// collector, default auto-commit (go removed: autocommit adds the join),
	// errgroup.WithContext's context (the commit after Wait takes the
	// parent context) (8 positive); commit after the join, join per
	// record, goroutine per partition, single worker, worker per channel,
	// in-line low-water mark, per-partition collector, marks without
	// AutoCommitMarks (8 silent).
	"hiwater/franzgo",
	// Per-record goroutine over claim.Messages(), pool in ConsumeClaim,
	// mutex maximum marked by the goroutine, collector in ConsumeClaim, a
	// helper started per message, an offset passed to the goroutine, a
	// range over an iterator, a pool of job structs, a semaphore released
	// before the mark, errgroup over a stream (the function is called in
	// place) (10 positive); sequential ConsumeClaim, join per message, a
	// tracker's result, a sequential maximum read by a ticker, a minimum, a
	// single worker per claim, a mark in the loop, an ordered hand-off
	// chain, a sync.Cond wait (9 silent).
	"hiwater/sarama",
	// The old import path (1 positive, 1 silent).
	"hiwater/saramashopify",
	// Pools started through a spawner of the package: a function running
	// its argument with go, a group's Run starting a literal that calls
	// it, a goroutine per message started by the function (its literal
	// called in place) (3 positive); one worker started so, a function
	// that calls its argument in place (2 silent).
	"hiwater/spawners",
	// workers started through goroutine helpers of another package of
	// the module (internal/spawner's facts): a group's Run and a GoSafe
	// in a loop (2 positive); one worker, a helper that waits (2 silent).
	// (A bounded pool's Go per message: spawnernofix_test.go.)
	"hiwater/xspawners",
	// Consumers that keep a group's offsets themselves: kadm
	// CommitAllOffsets of kadm.OffsetsFromRecords in a per-record goroutine,
	// kafka-go Generation.CommitOffsets in a per-message goroutine (2
	// positive); the poll committed after the join, one goroutine per
	// partition started with Generation.Start (2 silent).
	"hiwater/directcommit",
	// Completion callbacks made per message that mark it: passed to an
	// in-package shipper that queues them, to a PublishAsync, in a job
	// struct sent to workers (plain, and in a select with the session's
	// done channel; the fix tracks a low-water mark) (4 positive); a callback the loop waits for, one run in place, one
	// marking a tracker's low-water mark (3 silent).
	"hiwater/callback",
	// Acknowledgement callbacks a library hands its users with each
	// record, returning the commit's error: a kafka-go pump returning
	// nothing, a franz-go poll loop returning its error (the fix tracks a
	// low-water mark made before the fetch loop: the callback returns the
	// mark's commit, or nil before it advances) (2 positive); an Ack
	// committing a tracker's mark, a batch's Ack the loop waits for (2
	// silent).
	"hiwater/ackcallbacks",
	// FetchMessage loop, batch with a join, errgroup batch, pool feeding a
	// collector, `!ok || off > hi` maximum committed by a ticker, pool
	// counted by wg.Add(n) (n becomes 1 in both), a pool of literals each
	// calling the worker method with the shared channel (7 positive);
	// sequential, reader per partition, join through a done channel,
	// SetLimit(1), literals calling the worker with a lane each, a
	// supervisor starting one worker again after it ends (6 silent).
	"hiwater/kafkago",
	// pools kept in a struct, started by literals calling the worker
	// method that ranges over the receiver's channel field: a collector
	// goroutine keeping the newest finished record per partition from a
	// done channel (`!ok || r.Offset > cur.Offset` in its loop), committed
	// by a ticker of the loop through a method; the workers committing
	// themselves (2 positive, silent before: audit 30c/3); one worker, the
	// maxima committed after the workers and the collector are done (2
	// silent).
	"hiwater/maxcollector",
	// workers sending their results in a select case (send unless
	// shutting down) to a committer: arrival order (1 positive, one
	// worker cut); its single-worker twin (silent).
	"hiwater/selectsend",
	// errgroup batches joined by an error check that exits (log.Fatal, a
	// helper calling os.Exit) instead of returning (2 positive).
	"hiwater/groupexit",
	// ReadMessage loop, errgroup batch with CommitMessage (loop replay),
	// conditional store in a WaitGroup batch, map maximum stored by a
	// ticker, Poll loop pool (5 positive); sequential store, a tracker's
	// result, auto-store on, a maximum stored after the join (4 silent).
	"hiwater/confluent",
	// The v1 import path (1 positive, 1 silent).
	"hiwater/confluentv1",
	// A pool started by a range over a slice (the fix ranges over its
	// first element), former known gaps: a function value started through
	// a parameter (go removed in the helper), a deferred mark, workers each
	// ranging over the claim's channel, a goroutine per poll committing
	// its batch, and one marking its records one by one (6 positive);
	// shapes the analyzer does not model, a range over the first worker,
	// and the twins: a function value called in place, a deferred mark of
	// a helper called in place, one reader of the claim, one committer of
	// the batches, a poll's goroutine joined before the next poll: no
	// finding, no panic (11 silent).
	"hiwater/robust",
	// Service shapes: a confluent consumer in a struct field with its
	// configuration built elsewhere (StoreMessage implies auto-store off),
	// a franz-go poll loop with a select prologue (its error channel made
	// with room for one: run in place, its sends made not to wait; with
	// the channel made elsewhere, see nofix/errfield.go), a maximum kept by a
	// method (3 positive); sequential store, join before commit, the same
	// maximum applied sequentially, a minimum kept by a method (4 silent).
	"hiwater/service",
	// Shapes once silent for want of a fix: a pool whose worker count a
	// collecting loop uses too (n = 1 before the pool; a field or a call:
	// a local count of 1 replaces it), a pool counting down, an errgroup
	// over a stream in a function returning nothing (SetLimit(1)),
	// completion callbacks with no low-water fix (kafka-go committing in
	// an if's init: the loop waits for each callback), a sarama mark in a
	// function returning nothing (the fix tracks a low-water mark), a
	// batch whose goroutines send results drained after the loop (in
	// place, the channel gets room for the batch), an errgroup of the
	// caller (called in place, its error handed to the group), goroutines
	// waiting for a start signal (joined at the end of the iteration), a
	// batch's completions marked in arrival order by the function that
	// started them (in place, room for the batch) (11 positive); a
	// tracker's low-water mark marked by the workers (twice),
	// lanes per CPU routed by partition, a count down from 1,
	// SetLimit(1), a loop waiting for each callback, a tracker's mark in a
	// callback, the batch marked after its results, the work in place with
	// only failures handed to the group, each goroutine joined,
	// completions received in batch order (11 silent).
	"hiwater/gaps",
	// Issue #17 idioms: a maximum kept under a mutex by per-message
	// goroutines, and per partition (max(cur, off)) by the workers of a
	// pool, marked by a ticker; lanes chosen by key, for sarama (routed by
	// partition by the fix; a send statement and a select's send case),
	// franz-go, and confluent-kafka-go (every message to the first lane)
	// (6 positive); a tracker's low-water mark kept under the mutex and
	// marked by the ticker, the end of the contiguous prefix of finished
	// offsets marked by the ticker, the maxima of a single worker, lanes
	// chosen by partition (franz-go, confluent-kafka-go, a select), key
	// lanes marking a tracker's low-water mark (7 silent).
	"hiwater/idioms",
	// Issue #17 completions: a franz-go Produce promise marking its record
	// (in a range over the batch: the fix tracks a low-water mark, made
	// before the poll loop; in EachRecord: the loop waits), a sarama
	// AsyncProducer's Successes drain marking the message its Metadata
	// carries (the reply fix: the loop waits for each delivery and marks),
	// an application Finish method handed to an asynchronous sink as a
	// method value (the loop waits for each: a function literal wraps it)
	// (4 positive); the batch marked after Flush, a drain the loop waits
	// for, a drain marking a tracker's low-water mark, a loop waiting for
	// each Finish (4 silent).
	"hiwater/completion",
	// Shapes once silent for want of a fix (#13 item 4): errgroup
	// functions started with TryGo, in `if !g.TryGo(f) { ... }`, in a loop
	// waiting for room (`for !g.TryGo(f) { time.Sleep(d) }`: the loop goes),
	// in `if g.TryGo(f) { started++ } else { ... }` (started++ kept), in
	// `if ok := g.TryGo(f); !ok { ... }` and as
	// a statement of a function returning nothing (called in place, their
	// error handed to the group), pools started by several go statements
	// (a method counted by wg.Add(2), a closure counted by a wg.Add(1)
	// each: the other go statements deleted), a consume loop collecting
	// the completions of its goroutines in the select receiving its
	// messages (a low-water tracker), lanes kept in a map filled from 0 and
	// chosen by key (every message to lane 0; maplanes.go: filled from 1,
	// every message to lane 1), a pool counted by a map
	// index that the collecting loop uses too (a local count of 1 replaces
	// both), lanes chosen round robin by a counter and by the index in the
	// batch (routed by partition; the counter, or the index, goes), lanes
	// chosen by key through a variable (lanevar.go: the variable computed
	// from the partition; and through a method of the package: the method
	// call dropped), a pool counted by max(1, h.workers) that the
	// collecting loop uses too (poolcount.go: a local count of 1; and by
	// getters with arguments, runtime.GOMAXPROCS(0) and a method of the
	// package), a group made with a context its functions use, started
	// in EachRecord's function and limited by a field (eachrecord.go: run
	// in place, a failure stops the records after it with a flag the
	// function returns on, as the cancelled context did; audit 28c/2
	// marked 48 records past a failed one; not in the loops of
	// fallbacks.go and pollgroup.go, which only log Wait's error (or a
	// per-poll helper's returning it) and poll
	// again: the next poll's positions would pass the records stopped,
	// audit 36c/D1), pools counted by a literal that a deferred loop, or a stop
	// method counting down, waits for as many times, the workers' own
	// retries counted alike left alone (pooldone.go: the counts become 1;
	// audit 35c/D1, review 35-1/D1, D2, D9: the cleanup waited for four),
	// and a named worker given the WaitGroup of an Add(4) (review 35-2/D2)
	// (26 positive); the work in place with only failures handed to TryGo, a batch marked after the group of TryGo functions waiting
	// for room, and after the group of TryGo functions tested in an init,
	// two workers with a channel each routed by partition, a loop waiting
	// for each goroutine in a select, the select collector marking a
	// tracker's low-water mark, map lanes chosen by partition (filled from
	// 0, and from 1), workers counted by the map index each with a channel
	// routed by partition, a lane chosen by a counter once per claim, a lane variable computed from the partition
	// (by an expression, and by a method), the max-counted and the
	// GOMAXPROCS-counted pools marking after every worker stopped (14
	// silent).
	"hiwater/fallbacks",
	// Consume loops collecting the completions of their goroutines in the
	// select receiving their records, for the clients other than sarama (once
	// silent for want of a fix, #13 item 1): a franz-go mark and a franz-go
	// commit, a kafka-go commit checked in an if, a confluent-kafka-go store in
	// a function returning nothing (a low-water tracker: the mark, commit or
	// store of what its Done returns); a sarama result struct marked unless it
	// failed (Done first in the case, results.go); goroutines per record
	// marking (sarama) or committing (kafka-go) themselves and reporting
	// failures to that select: they can neither run in place nor be waited for,
	// each writes a tracker's low-water mark, and a failure returned from is
	// done (goroutines.go); the record passed
	// to the goroutine as an argument, collected (sarama) and marked by the
	// goroutine (franz-go, a function returning nothing) (params.go) (9
	// positive); the franz-go loop marking a tracker's low-water mark, a
	// franz-go select committing in place, a kafka-go loop waiting for each
	// goroutine, a confluent-kafka-go loop applying in place, a loop waiting
	// for each result, goroutines marking a tracker's low-water mark, a
	// kafka-go select committing in place, a loop receiving each argument's
	// completion, a franz-go select processing in place (9 silent).
	"hiwater/collectors",
	// consumers behind interfaces of the application with the client's
	// fetch and commit or store: a goroutine per record committing or
	// storing its own record through the interface, franz-go, confluent
	// and kafka-go (3 positive, run in place); each processed in place
	// (3 silent).
	"hiwater/viaiface",
	// a kafka-go reader used through an interface whose only
	// implementation is an adapter forwarding to it: a goroutine per
	// message acknowledging its own (1 positive, run in place); one at a
	// time (1 silent).
	"hiwater/viaadapter",
	// franz-go goroutines per record marking what a tracker returns: the
	// highest offset done (1 positive, run in place); the least of it
	// and the offsets in flight, min over a range (1 silent: it was
	// max-offset-commit, fixed by serializing a correct design; trial 24,
	// soldout).
	"hiwater/mintracker",
	// a goroutine per record reporting failures on a channel the poll
	// loop checks at its top (1 positive: run in place, its sends made
	// not to wait, or a second failure in one poll would wait for the
	// loop forever); processed in place (1 silent).
	"hiwater/errchan",
	// Commit callbacks sent over a channel with their records (found on
	// public confluent-kafka-go code): four receivers, a goroutine per
	// callback, and a receiving function started twice run them as the
	// work finishes (3 positive: the poll loop waits for each callback);
	// one receiver calling each callback after applying its record, one
	// collecting a batch and calling them in turn, and a receiving
	// function the maker of the channel calls run them in the order the
	// loop made them (3 silent).
	"hiwater/receivers",
	// Commit callbacks sent over a channel the sending function makes and
	// returns (usr5's commitclosurechan): its one caller ranging over it,
	// through the package's interface (collecting the callbacks and
	// calling them after the batch is written) or directly, and one
	// goroutine such a caller starts run them in the order they came (3
	// silent); four workers ranging over it and a goroutine per callback
	// run them as the work finishes (2 positive: the loop waits for each
	// callback); also returned as one of several results (tuple.go: 1
	// silent, 1 positive; the in-order receiver was reported).
	"hiwater/returnedchan",
	// a kafka-go goroutine per message committing it, the loop checking
	// their failures with a select that has a default case, or a case
	// of time.After (2 positive: the low-water fix, no Done on the
	// failure the loop stops on; the select was taken for a wait); the
	// loop waiting for each goroutine with a select without default
	// (silent).
	"hiwater/nonblocking",
	// Several goroutines fetching from one consumer, each committing or
	// storing what it fetched (#13, from public kafka-go code): four kafka-go
	// workers started by a counting loop, closures counted by a parameter
	// (the bound becomes 1), two confluent-kafka-go pollers started by two go
	// statements (the second goes, wg.Add(2) becomes wg.Add(1)), franz-go
	// pollers committing the records of their polls, workers fetching from
	// the reader a struct they share keeps in a field (trial 23: the row
	// said at-least-once), workers committing through a helper given the
	// message they fetched (trial 30e/3: silent) (6 positive); a reader
	// per goroutine built in the loop, a reader made by each goroutine,
	// one fetching goroutine whose workers commit nothing (the batch
	// committed after them), a consumer of its own per poller, one
	// franz-go poller, a struct of its own per worker, one goroutine
	// committing through the helper (7 silent).
	"hiwater/sharedfetch",
	// Shapes once reported without a fix (#13 item 4): a select collecting
	// completions committed in an if with an else (collector.go: the
	// low-water fix, the whole if in the mark's branch), goroutines per
	// message reporting failures to the select receiving the messages,
	// marking through a helper (reporting.go) or run as a worker's method
	// (method.go), and per record reporting failures on a channel field of
	// a struct made elsewhere that the poll loop checks (errfield.go): run
	// in place, each failure sent from a goroutine of its own; a completion
	// callback handed on in an if's init whose body returns when the
	// hand-off fails (forwarded.go: the loop waits for each callback after
	// the if); errgroup functions started with TryGo whose result is a
	// variable of its own statement, called in place (trygo.go: the
	// variable set to true; trygocount.go: the variable and the if reading
	// it dropped, and in an if with an else-if, an expression running it in
	// place); a pool counted by an interface's method that the collecting
	// loop uses too (pools.go: the workers after the first return at once),
	// lanes chosen through a variable an interface's method defines
	// (pools.go: routed by partition, the call kept as a statement);
	// delivery reports drained by the consume loop itself, in the select
	// receiving the messages and after each send from a producer the claims
	// share (deliveries.go: the loop waits for each message's own delivery
	// while it drains, forwarding each report to its message's channel), a
	// delivery report's record asserted into a variable first (asserted.go:
	// the drain's statements move after the loop's wait), former known gaps
	// that were reported without a fix: a pool started by a loop ending
	// with a break (loopbreak.go: a break ends the loop's body, one worker)
	// and lanes in a map filled by a range over a slice of keys
	// (keylanes.go: every message to the first key's lane) (15 positive); the
	// select committing in place, handling and marking in place, the method
	// run in place, records committed in place in the poll's callback, a
	// loop waiting for each callback, the TryGo functions only processing
	// and the batch marked after the group (twice), the pool's workers only
	// handling and the last message marked after them, lanes chosen by
	// partition, a synchronous producer, a loop waiting for each report's
	// acknowledgement, the loop-with-break pool's workers only handling and
	// the last message marked after them, lanes per topic (13 silent).
	"hiwater/hardfix",
	// Several goroutines fetching from one consumer, assembled across
	// packages (#12, golang-boilerplate's ConsumeTopic, ProcessMessage and
	// server wiring), through facts: a service starting a worker it is
	// given as a pool on one reader (xpoolsvc: startsPool on ConsumeTopic,
	// i <= poolSize, Consume, i < n, ConsumeClosure, whose goroutines are
	// function literals calling the worker, and ConsumeWith, starting a
	// method of an interface parameter), workers fetching from the reader
	// they are given and committing what they fetched, in a helper or
	// themselves (xpoolwork: fetchesAndCommits on ProcessMessage and
	// Handle), and the wiring passing a method value (twice), a value for
	// the interface, a function (twice) and a forwarding function literal,
	// and a method value of a generic worker type (Decoding[T]) for a
	// method of a generic service type (Group[T].Consume: facts on the
	// generic methods) (xpoolwire: 7 positive, the count argument becomes
	// the one starting one goroutine: 0 and 1, or, a call, is capped by
	// min(..., 1)); no fact for one goroutine, a reader per goroutine,
	// ReadMessage (twice), a worker not fetching, and at the wiring those
	// workers, a count of 0, and a count of 1 (twice) (8 silent).
	"hiwater/xpoolsvc",
	"hiwater/xpoolwork",
	"hiwater/xpoolwire",
	// Workers of generic types and functions (#13, distributed-faas
	// ConfluentKafkaConsumer[M] once enable.auto.offset.store is off): a
	// pool started by a method of a generic type on a channel its generic
	// constructor makes (pool.go), a generic worker function started by a
	// counting loop (go work[M](...)), a generic function started for each
	// message, a generic type's method started as a pool, a goroutine per
	// message storing through a generic helper (funcs.go), a generic pool
	// keeping the maxima a ticker stores (maxima.go), a function literal
	// given to a generic pool function of the package (localpool.go:
	// runsPool computed in the package) (7 positive: one worker, or go
	// removed); a generic consumer with a single worker, a generic pool
	// storing a tracker's low-water mark, one generic worker function, a
	// generic function called in place, one worker method, the generic
	// helper called in place, the maxima of a single worker, the package's
	// pool given a count of 1 (8 silent).
	"hiwater/generics",
	// Functions handed to a pool of another package (#13, generic pools of
	// another package), through the runsPool fact of a Kafka-free generic
	// pool package (xgenpool: runsPool on Run[T] and on (*Pool[T]).Start;
	// none on Each, one goroutine, nor Fan, a channel per goroutine): a
	// function literal given to Run storing its message, one given to
	// Start storing through a helper of its package, and a method value
	// given to Start (xgenuse: 3 positive, the count argument becomes 1); a
	// count of 1 for Run and for Start, a function given to Each (3
	// silent).
	"hiwater/xgenpool",
	"hiwater/xgenuse",
	// Position calls made by a function literal the processing goroutine
	// builds for its record and calls, or hands to a helper that calls it
	// (#13, streamforge's worker): an errgroup function per message
	// committing through its closure (closures.go: called in place); a
	// goroutine per message handing it to a helper inside a struct
	// literal passed by value (structarg.go: go removed) (2 positive);
	// the closure of a message processed in place, the helper called in
	// place (2 silent).
	"hiwater/closures",
	// Records looked up by keys the workers of a pool acknowledge as they
	// finish (#13, pipelaner's MarkOnSuccess): a marker marking the
	// record a sync.Map holds for each acknowledged id, and the record a
	// map under a mutex holds (keyed.go: one worker) (2 positive); the
	// same with one worker (2 silent).
	"hiwater/keyed",
	// The highest completed offset of each partition kept as the whole
	// TopicPartition of its message (hi[p] = m.TopicPartition when its
	// Offset passes cur.Offset) and stored by a ticker after tp.Offset++,
	// updated by goroutines per message (wholetp.go: go removed) (1
	// positive); the same kept by a loop handling each message in place
	// (1 silent).
	"hiwater/wholetp",
	// Lanes kept in a slice field a constructor appends to (d.lanes =
	// append(d.lanes, ch); go d.work(ch)), chosen by key (fieldlanes.go:
	// routed by partition) (1 positive); chosen by partition (1 silent).
	"hiwater/fieldlanes",
}

func TestAnalyzer(t *testing.T) {
	td := testutil.TestData(t)
	for _, dir := range scenarios {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			analysistest.RunWithSuggestedFixes(t, td, hiwater.Analyzer, dir)
		})
	}
}

// TestMessages checks every finding of the scenarios against the style:
// lower case, no final period, a category, one fix with a title, and the
// other half of the bug in Related.
func TestMessages(t *testing.T) {
	t.Parallel()
	for _, dir := range scenarios {
		for _, r := range analysistest.Run(t, testutil.TestData(t), hiwater.Analyzer, dir) {
			for _, d := range r.Diagnostics {
				pos := r.Pass.Fset.Position(d.Pos)
				if d.Message == "" || strings.ToLower(d.Message[:1]) != d.Message[:1] || strings.HasSuffix(d.Message, ".") {
					t.Errorf("%s: message is not lower case without a final period: %q", pos, d.Message)
				}
				if d.Category == "" || len(d.SuggestedFixes) != 1 || d.SuggestedFixes[0].Message == "" || strings.Contains(d.Message, "no automatic fix") {
					t.Errorf("%s: want a category and one titled fix: %+v", pos, d)
				}
				if len(d.Related) == 0 {
					t.Errorf("%s: no related information", pos)
				}
			}
		}
	}
}
