/*
Package ordering defines an Analyzer that reports offset commits, marks
and stores made before the record they cover is processed.

# Analyzer ordering

ordering: report offsets committed before records are processed

The order of the two writes a consumer makes, the effect of a record and
its position, is the delivery semantic. A commit, mark or store of record
R's position that happens on every path before R is processed means a
crash in between loses R silently: zero lag, no error (at-most-once).

It reports (category commit-before-process) a position call that
dominates the processing of its record:

  - sarama MarkMessage/MarkOffset (with auto-commit on a mark is a commit:
    the timer may fire at any moment);
  - franz-go CommitRecords, CommitOffsetsSync, CommitUncommittedOffsets
    (it commits everything polled, the current batch included),
    MarkCommitRecords with AutoCommitMarks, and kadm CommitOffsets and
    CommitAllOffsets (for consumers outside a group that keep its offsets);
  - kafka-go CommitMessages, and Generation.CommitOffsets (readers started
    per partition with Generation.Start);
  - confluent-kafka-go CommitMessage, CommitOffsets, Commit (with
    auto-store on: it commits what was handed out, a batch read message
    by message in a loop before it included), StoreMessage and
    StoreOffsets (with auto-store off and auto-commit on);
  - with auto-commit off, a commit of what was marked or stored (sarama
    Commit, confluent Commit, franz-go CommitMarkedOffsets) made after a
    mark or store of the record and before its processing. The mark itself
    is not reported then: nothing commits it until that call. Except for
    sarama's marks made in a function every claim of the session runs
    (ConsumeClaim, or a function only it calls) when such a function
    also commits the marks (also deferred, or after the processing): one
    Commit sends the marks of all the session's claims, and each claim
    runs it at its own moments, so a mark before its message's
    processing in place is reported as with auto-commit on (then not the
    Commit between them: the mark's fix leaves it nothing of the
    message to send). Marks only Cleanup commits are not: it runs once
    every claim has returned;
  - a write of the offset row of the application's own database (an
    UPDATE, or an INSERT ... ON CONFLICT DO UPDATE, of an offset column
    keyed by partition, with arguments derived from the record) made
    through a database/sql DB or Conn, or a pgx Conn or pool, when the
    package reads that row back (the position it resumes from), or a
    call of a helper of the package making one for its parameter. Made
    through a transaction it is written by the transaction's commit
    (reported when the commit comes before the processing): the offset
    row in the effect's transaction is the exactly-once construction.

A commit every Nth record, or on a time or size threshold, also counts:
an if statement whose condition is a threshold on state the function
keeps in a variable or in a field of one (the remainder of a counter it
increments, if n%100 == 0 or ix.processed%100 == 0; a comparison with such a
counter, or with the length of a slice it appends to, len(batch) >= 100;
the time elapsed since a variable it sets to time.Now(), time.Since(last)
> interval), or the remainder of the record's offset (msg.Offset%100 ==
0), holding only the position call of the record just fetched (or of a
batch it was appended to), its error check, resets of that state (last =
time.Now(), batch = batch[:0]) and logging, followed in its block by the
processing of the record. So does a guard that only checks there is
something to commit (if last != nil, if len(batch) > 0, on a variable
the position call uses) holding the commit of the record just fetched,
or of the last record of a batch fetched in a loop before it (the fetch
does not dominate the commit), followed by the processing of the batch:
a loop collecting a hundred messages, committing the last, then saving
them, or the events decoded from them. So does a loop retrying that
commit while there is something to commit (for last != nil { commit;
if err != nil { sleep; continue }; break }), and the commit of
batch[len(batch)-1] before the batch is processed. The commit of the
batch's last record writes the position of that record's partition
only: the message says it passes every record of the batch from that
partition, which a crash then loses. On the path where it runs the
commit comes first, so a crash there loses the record; its fix moves
the whole if statement (or retry loop) after the statement that
processes the record, on its success path: a failure of the processing
that is logged and carried on from gets a continue (or the commit goes
in its else, when the check is that statement), so a failed batch is
not committed. No move is built past a processing seen to keep the
record for later (a batcher's Add of another package, its
handsoff.KeepsFact): the finding says so (review 32-1).

Processing R is a call taking a value derived from R or from the fetch
that produced it (the record, its key, value or headers, a struct decoded
from it; a call of a function of the package counts when its body
processes it, or when its last result is an error and its body only logs
the value: func saveBatch(evs []*event) error { log.Printf("saving %d",
len(evs)); return nil } is work that can fail, a stub of the real
save), other than a function (not a method) whose only result is a
context.Context (a context carrying R's fields for log lines and traces,
obs.WithFields(ctx, ...): a record's effect is never a context), other
than logging, metrics, tracing and string formatting (the
-ordering.ignore flag adds packages, or prefixes ending in /..., to that
list), other than a call returning nothing that is handed only R's
coordinates (its topic, partition, offset and timestamps, the client
model's Coordinates, converted or formatted: a metric labelled by topic,
c.metrics.ObserveHandler(r.Topic, "ok", start, r.Timestamp)), and other than calls into the client packages, except a
synchronous produce of a record built from R (sarama SendMessage and
SendMessages, franz-go ProduceSync, kafka-go WriteMessages on a Writer
not known to be asynchronous): that is R's effect. A method of the application
named like logging (Print, Printf, Info, Log, ...) is logging only when
its last parameter is ...any; Print(ctx, label) may be the effect. So is a
method whose name starts with a level (Info, InfoWithError, Errorf, Fatal,
...) on a type whose name has the word Log or Logger in it (a service's
observability.Logger, an interface named logger; not a Catalog) taking
only a context, strings and an error, and a variadic list of fields:
c.logger.Info(msgCtx, text) writes a line whatever the context carries;
an AuditLog's Log(ctx, entry) may be the effect. A function (not a
method) named like logging, taking ...any and returning nothing, is a
project's logger package (applog.Debugf(format, args...)); and a call
whose results are only given to logging, through an interface, a
variadic list or calls only logged in turn, builds a log line's field
(slog attributes from R: logger.Debug("done", kslog.Record(r))): neither
is processing. Work that runs only when
the position call itself failed (in the branch of `if err != nil` on its
error) is not processing that it precedes: the position was not written,
and a fix moving the call carries that check with it. A call
on an object the function created and handed a derived value to (a
transaction, a batch) processes R too, so tx.Commit ends the processing
of a record written with tx.Exec (and f.Close ends that of a record
written to a file f; a Close() of what a call given R's data returned,
nothing handing it R's data after, releases that answer and processes
nothing: resp.Body.Close() after http.Post). Committing a batch and then looping
over its records counts for every record in it. Data flow goes through
SSA values, struct fields, slices, closures and helper functions. A
helper that commits the record it is given on every path is summarised,
as is one given the record's fields that commits a record literal whose
Offset is one of them (commitUpTo(ctx, cl, r.Topic, r.Partition,
r.Offset) committing &kgo.Record{..., Offset: off}: the offset is the
record's position); across packages an exported helper carries a commitsParam fact, and an
exported function that takes records without processing them (it only
commits, marks or logs them) a doesNotProcess fact, so calling it is not
processing. An exported wrapper that calls its handler parameter with R
(or values made from it) and then writes R's position with no wait and
no other processing carries a commitsAfterHandler fact: a call of it in
another package passing a function that only queues them (as for a
hand-off below) is reported at that call, its fix running the work of
the handler's workers in the handler (see below).

Hexagonal code hands R to a port: the consumer package calls a method of
an interface value it is given (an adapter of the service core, an
interface of a ports package) with R or a value decoded from it, then
writes R's position, and the core that implements it is in a package
the consumer does not import. The exported function whose parameter is
that value, or whose parameter every store to the unexported field
holding it stores, carries a handsToPort fact; a call of it in a package
that passes for that parameter a value of a concrete type whose method
only queues the value for later work (a handsOff fact, as for a hand-off
below), or the result of a constructor declared to return an interface
whose every return statement returns a value of one such type (a
queueingResult fact), is reported at that call. Its fix edits the
core: the method processes the value in place, the body of its workers'
loop (the one `for v := range x.queue` of the core's package, or a
`for { select { case v := <-x.queue: ... } }` whose other cases only
return, run by goroutines; x the receiver of a method of the type or a
local of a constructor building it) replacing the send, so that the consumer's
position call, made when the method returns, follows the processing;
the workers stay, idle. The core's package exports those edits with its
facts; go vet, which reads the core from export data, reports the
finding without the fix and says what to change in which method. A core
whose workers are not such a loop is reported without a fix, saying
so; a select whose other case does more than return (a ticker's case
flushing what the queue's case collects) is named: the record is
processed when that case runs, which the method can neither run in
place nor wait for without holding each record until then (the
positions must be written once that case acknowledges the records, a
change of the port). A core whose queue's only receiver is a loop
naming no variable (for range l.ch {}, a dry run's drain) hands no work
on: nothing processes the record, and nothing is reported. Not when the consumer
processes R otherwise on a path through the method's call (the port
then gets a copy), when the value passed is an interface value whose
dynamic type the call does not show, or when the call is in a _test.go
file or the implementation is a test double's (declared in a _test.go
file, or in a package named like porttest, fakes or mocks).

A commit followed by no processing in its function counts too when the
function then returns the records, or values decoded from them (a slice
an EachRecord callback appends to included), and a caller in the
package processes what it returns: a helper that polls, decodes,
commits everything polled and returns the decoded records commits them
before its caller saves them. A commit or store the helper makes in a
loop collecting the batch it returns (pollBatch storing each message as
it joins the batch: audit 34a/1) counts too, the return reached from
it; it has no fix: no call of the callers stands for each record's
commit. Not when the helper processes the records
itself before the commit beyond decoding them (a call named Unmarshal,
Decode, Parse or Deserialize, also inside an EachRecord callback): what
it returns is a copy of work done. Related names the return and the
caller's processing. Such a helper, when exported, carries a
returnsCommitted fact, and a caller in another package that processes
what it returns is reported at its call of the helper, without a fix
(the commit is in the helper's package, which a fix made there cannot
edit: "; no automatic fix: ..."). An exported helper that returns what
it fetched without writing its position (a wrapper's Next returning a
Delivery holding the message) carries a returnsFetched fact: in a
caller's package its call is where the records come from, so a commit
through the wrapper's Ack (a commitsParam helper) before their
processing, or after a hand-off, is reported there.

Messages call the record what the client calls it: a message for sarama,
kafka-go and confluent-kafka-go, a record for franz-go.

A hand-off is not processing: a send of R (or of a struct or message
built from its fields, or of a value a call builds from R, a decoded
event, a parser's entries, when it is not a number, string, bool, error,
context or function, and the function does not process R in place before
the position call; decoding does not count as processing there) on a
channel, a go statement that processes R, a call of a function (of this
package or another) that only queues R or a value decoded from it (a
handsOff fact: its parameter is used only in a value sent on a channel,
p, &p or a struct literal of its fields, or in a go statement, and it
waits for nothing, and not a method whose channel's only receiver is a
loop naming no variable, which drops it; a service core's Enqueue
feeding a worker pool), directly or through an interface of the caller's
package whose only implementation among the packages it imports carries
the fact, or an interface of another package whose only implementation
there does (the fix edits that package, as the hexagonal hand-off's
does: the queuing method processes what it queues in place of the send,
the body of its workers' loop, where the standalone front end loaded its
files; under go vet, or where its workers are not found, the finding has
no fix: "; no automatic fix: ..."), a call of a handler, a
function-valued parameter, with R or values made from it when every
function the package passes for that parameter (function literals or
functions; the wrapper used only in calls) only queues them that way and
waits for nothing (a wrapper's ConsumeEvents(ctx, handler) committing
when the handler returns, given a handler that sends the event to a
worker pool; the fix replaces the send in each such handler, or a select
making it whose other cases only give up when a context ends, by the
loop body of the workers its function starts (an error they drop, _ =
send(ctx, ev), returned by a handler returning an error alone), so the
handler returns once the event is processed, a go statement by its call
in place; without a fix where those workers are not found), or an
asynchronous produce of a record built from R (a send on sarama's
AsyncProducer Input(), franz-go Produce and TryProduce, confluent
Produce, kafka-go WriteMessages on a Writer the package builds with
Async set to true, in its literal or by assigning the field), followed
by the position call with nothing between them that waits for the work
(a receive, a select with a receive case, a WaitGroup or errgroup Wait,
a future's Get or Wait, a Flush of the producing client, or a loop
receiving once for each message sent, `for range batch { <-done }` after
`for _, m := range batch { work <- m }`, from the channel the workers
the function starts answer on, with a plain receive and no break out of
it) is reported too (a mark or store made while auto-commit is off, when
the explicit commit of the marks that follows it in its function,
sarama's sess.Commit() after the claim's loop, is reached with no such
wait either: the message says which commit), and so is a commit reached
by an asynchronous produce (franz-go Produce or TryProduce, confluent
Produce) of a record derived from what it commits on some path with no
flush between (franz-go Flush, or a confluent Flush whose count is read:
it gives up after its timeout): a franz-go poll committed whole after a
loop producing its records (or after a function literal it passes,
fetches.EachRecord(func(r) { out.Produce(...) })), a confluent Commit
with auto-store on (it commits every message handed out) after a loop of
reads and Produce calls, a record committed after a produce on one
branch; and so is a position call followed by such a send or produce of
its record, unless the function also processes R itself before the call
(the channel then carries a copy; a call whose result becomes what is
handed on, a transform such as v, err := enrich(r.Value) before the
produce of v, prepares the hand-off and is not that processing) or the
value sent is computed by a call (the outcome of processing done in
place). A kafka-go ReadMessage
on a group reader, which commits R as it returns it, is autocommit's
read-commits-first, whether R is then processed in place or sent on a
channel.

It stays silent for commits after processing (per record or per batch),
retries that finish before the commit, the offset written in the same
database transaction as the effect (and a broker commit after that
transaction), an offset row nothing in the package reads back (a lag
report), deferred commits (they run after the body), commits on one
path only behind a flag (the operator's choice: the report then calls
the consumer unknown, not at-least-once, naming the call) or behind a guard doing
more than the commit (and its error check, resets and logging), commits of a previous record or poll made
before the next fetch, and commits whose record is not processed
afterwards (a poison pill skipped). A kafka-go WriteMessages counts as a
synchronous produce on a Writer the package does not build with Async
set to the constant true (a parameter, another package's Writer).
A send of R, or a go statement processing it, on some paths only (one
case of a switch) that reaches the position call with no wait between
them is a hand-off too, unless R is processed in place on a path through
it (the channel or goroutine gets a copy). When the forwarded path
skips the position call (continue) and the loop reaches it again for a
later record with no wait for the work and no position written for the
forwarded one between, that call is reported: it writes a position past
the records handed on (a mark, store or commit covers every offset
before it in its partition), and its fix processes them in place, as
for a send or go statement on some paths. A send or go statement that
runs for every record of a range loop over them (a statement of the
loop's body that nothing before it skips) hands every record on: the
message says the records are handed to goroutines, not on some paths.

Work started for later in a function passed to a client's function is
a hand-off too: a call passing a function literal to a client function
(fetches.EachRecord(func(r *kgo.Record) { go save(r) }), p.EachRecord
inside the function passed to EachPartition) whose only processing of
the record is a go statement, or a call queuing a function (below), and
which waits for nothing; and a call passing a function literal that
processes the record to a function that only queues that parameter for
another goroutine (a handsOff fact, of the package or another: a pool's
Schedule(task func()) sending the task to a waiting worker or starting
a goroutine with it, go p.worker(task)), in such a callback or in the
function itself. A commit of a FetchTopicPartition's Records counts its
EachRecord as handing them out. The message names the callback and the
queuing function. The fix drops the go keyword in the callback (the
record is processed in place before the commit; not for a goroutine
starting a worker, whose loop receives from a channel: run in place, it
would wait for what only the code after it sends, edit.StartsWorker,
audit 32d/3); when the goroutine's
call returns an error, the callback keeps a failure in a variable
declared before the statement of the commit's block holding the
client's call (procErr), and right after that statement the function
returns it (with the zero values of its other results), or logs it and
returns when it has no results, so the commit never passes a failed
record. For a pool, a sync.WaitGroup declared before the
statement of the commit's block holding the queuing call counts the
queued functions (Add(1) before the call, defer Done() first in the
literal queued) and is awaited right after that statement, so the
commit follows the processing of every record while the pool still runs
them concurrently (a pool that never runs a task stalls the commit: the
lag shows it, nothing is lost). A queuing call that returns an error
checked by the if statement it starts (a pool that may refuse the task)
gets Done first in that check's body, so a refused task does not leave
the count unbalanced (its record is committed past, as before; the
fix's message says so). No fix when the queuing call returns another
result, or an error dropped, or what it queues is not a function
literal written in the call.

A call of a function of the package is a hand-off too when every
processing of the record it is given is such work started for later,
followed through the functions of the package it calls (processFetch(fs)
calling EachPartition, whose function calls consumeRecords, which starts
an errgroup's goroutine; audit 33b/8), and it waits for nothing: no
receive, select, Wait or deferred Wait, and no goroutine that sends,
receives, closes a channel or calls a Done (the caller may wait for
those: review 34-1/H1). A commit after the call is reported; a commit
before it gets the move fix only with the helper made to finish the
work: the go keyword dropped when the go statement is a statement of
the helper's body, else a sync.WaitGroup in the helper (declared before
the body statement holding the go statement, Add(1) before it, Done
deferred first in its function literal, Wait after that statement), so
the goroutines of a poll still run side by side. No fix when the
helper starts more than one go statement, queues on a pool or group, or
starts in a loop or callback a goroutine that is no function literal
(run in place, the partitions would run one at a time: audit 34e/D2).
A decoding or checking call of the standard library's encoding packages
(json.Valid, Unmarshal, a Decoder's Decode) before a hand-off is no
processing in place; its encoders are (review 34-1/E1).

A record kept in a field for a later flush is not processed either: a
store of a value derived from R into a field (c.buffer =
append(c.buffer, string(m.Value))) that a function of the package
reads and processes (flush), followed by R's position call on some path
with no call of that function between and R processed nowhere in place
(decoding it into the value kept, json.Unmarshal(m.Value, &metric), is
not processing), is reported: the position passes every buffered record not yet flushed,
so a crash loses them, and a failed flush drops them. The fix moves
the position call (with its error check) after each call of flush made
between the store and it (if full { c.flush() }; commit becomes if full
{ c.flush(); commit }), on flush's success path: after its check when
that leaves, in the check's else when the failure is logged and carried
on from, under `if c.flush() == nil` when its error was dropped; a
flush returning nothing reports no failure, which the fix's message
says. It requires flush to be unexported and called only in that
function, by plain calls (a flush running concurrently, on a ticker's
goroutine, could take the record's batch while the loop's writes
another), and each variable the moved call uses to be declared before
the flush and assigned nowhere between them; otherwise the finding has
no fix ("; no automatic fix: ...": keep the last buffered record beside
the buffer and commit it after a successful flush).

A record whose position is written as it joins a batch that the loop
keeps across its iterations and processes later, when full or on a tick
(batch = append(batch, m); sess.MarkMessage(m, ""); ... write(batch)),
is processed after its position although the call does not dominate
the batch's processing: the record reaches it only through what is
done with it around the call (in its block before it, or after it). The
fix drops the call and, after the statement processing the batch (its
failure check leaving), writes the position of each record of the
batch (for _, m := range batch { sess.MarkMessage(m, "") }).

A batching loop that keeps its records in a slice across iterations (a
local declared before the loop, or a field: batch = append(batch, m),
processed and committed once full) and, for a record its filter skips,
writes that record's position at once and continues (a commit, mark or
store of R in a list ending with the loop's continue, before the
append), is reported: the position passes the records the batch still
holds, unprocessed, and a crash before the batch is processed loses them
(kafka-konsumer's header filter). The fix makes the call (with its error
check) run only while the batch is empty (if len(batch) == 0 {...}):
then it passes nothing; otherwise the batch's commit, or a restart that
skips the record again, covers it.

The same loop writing, on its way out, the position of what the batch
still holds (a commit of buf..., a mark of buf[len(buf)-1], or of each
record of a range over it) on a path where nothing processed the batch
since the loop's body began (the context's Done case of its select, the
session's end), while calls of the loop process it on other paths (a
call given the slice, a function literal reading it: flush()), is
reported: the positions pass records never processed, lost at every
graceful stop or rebalance (audit 36b/D2, D3). The fix drops the call,
with its error check and the emptiness test around it when that was all
it held: the records are read again after the restart (unflushed.go).

A commit of everything polled (CommitUncommittedOffsets) made by a
worker in its loop over a channel of records that a fetching function of
the package sends on (a lane per partition, a worker method ranging over
a field) is reported: the poll loop goes on while the workers process, so
the commit passes the records still queued for this worker or the others
(audit 36b/D5). The fix commits what the worker received instead
(CommitRecords(ctx, recs...)) (workercommit.go).

A commit of everything polled made by a function that a caller's loop
gives a chunk of the records it keeps in a buffer across polls
(flush(ctx, buf[:n]) or buf[0:n], then buf = buf[n:]) is reported the same way: it
commits the records the buffer still holds, not yet written, lost at a
crash, a stop or a failed chunk (hunt 46f/D1). The fix commits the chunk
(CommitRecords(ctx, rows...)) (chunkcommit.go).

A commit of everything polled deferred by the poll loop's function
(`defer cl.CommitUncommittedOffsets(ctx)`, in a deferred closure, or in
a function of the package it defers, `defer s.flush()`: a final commit
at shutdown) runs when that function returns: records it sent to
workers and did not wait for are committed unprocessed (audit 35b/D3),
and so are the rest of a poll the loop left half processed, by a
return, a panic or a break of the loop after the poll and before its
records are all processed (a failed write, a cancelled context; not on
a branch testing that the poll is empty or the client closed), which the
process never comes back to (audit 37c/D3: 274 of 300 lost at a
SIGTERM). So does such a commit made after the loop, reached by a break
out of it (audit 38b/D2). The fix commits the marks instead where the
consumer commits marks only (kgo.AutoCommitMarks); for a poll left half
processed, it otherwise removes the commit when the processed polls are
committed without it (a commit the function makes after each poll, or
auto-commit, whose timer and default revoke commit the polls before the
latest), with the declarations only it used (a context made for it): a
closure or function deferred goes when the commit is all it does
(shutdown.go).

A closure that writes the position of a record it captures and does
nothing else with it (func() { sess.MarkMessage(msg, "") }) is a position
call where it is called: when it is stored in a field of a struct
literal beside a value carried from R (result{Value: msg.Value, Commit:
func() {...}}), each call of that field (r.Commit()) writes the position
of the struct it is read from; when it is passed beside R to a function
of the package, or to a function literal stored in the field the call
reads (a callback held in a handler's field, or a method value stored
there), or to a method of an interface that types of the package
implement, each call of that function's parameter (ack()) writes the
position of the parameter that received R (or R's key or value, a byte
slice, when R itself is not passed); called where it is made
(commit := func() {...}; commit()), the call writes the position of
what it captured; called by the callee inside a function literal of its
own that captures the parameter that received R too (a retry wrapper's
attempt, go func() { ack(); save(msg) }()), the call writes the position
of the literal's copy. Such a call is checked as the position call
itself, and the message names the closure and the call inside it
(Related). Known gaps (silent, though the record can be lost): a
position closure kept in a map or a slice, or passed to an interface
implemented in another package.

A function literal queued to run later (appended to a slice of jobs,
stored in a field or a map, sent on a channel, started by a go statement
or a spawner such as errgroup's Go, deferred) that captures a record
variable declared before its loop (or one holding a value decoded from
a record, ev = decode(r)), which the loop's next fetch
overwrites before the queued literals run (var msg
*sarama.ConsumerMessage; ... case msg, ok = <-claim.Messages(): ops =
append(ops, func(ctx) error { return save(ctx, msg.Value) })), is
reported at the literal, with the overwriting assignment as Related:
Go 1.22 gives each iteration its own copy only of the variables its for
clause declares, so every queued literal sees the last record, the others
are never processed, and the position written after the jobs run passes
them. A call of a function value, or of a function given function values
(run(ctx, ops), or a method of a value keeping them in a field:
u.runOps(ctx)), or a wait for work done elsewhere (a receive of the
job's answer, a WaitGroup's Wait), between the literal and the next fetch
runs the queue first and ends the concern; so does a literal called in place or handed
to a function that may run it at once. The fix copies the variable where
the literal is made (msg := msg).

A function literal that a client's iterator runs over what a fetch
returned, and that writes the position of records it is given and does
nothing else with them (fetches.EachPartition(func(p
kgo.FetchTopicPartition) { cl.CommitRecords(ctx, p.Records[len(p.Records)-1])
})), writes them within the iterator's call: that call is the position
call, of the fetches, and processing of the fetches after it in the
same function (values gathered from fetches.Records() and written after)
is reported; the fix moves the iterator's call after the processing. A
literal that also processes its records is checked inside itself only.

The suggested fix moves the commit (with the error check right after it)
after the last statement of the same block that processes the record,
on its success path when that statement ends the block: a check of the
processing's error that logs and carries on (if err := save(msg); err !=
nil { log... }) gets the commit in an else when it is the last
statement, and a continue when it comes before (in a loop; a return in
a function without results), also when more statements follow the
processing and for each failure branch of an else-if chain, so a failed
record is not committed (no fix of that kind where the skip would pass
a WaitGroup's Done, an Unlock or a channel operation: the plain move).
An exit the record itself decides, in the statements the commit moves
past, on a path that is no failure (if string(m.Key) == "EOF" { return
nil }: a job stopping on its end-of-batch marker) gets the commit too,
or the marker, never committed again, would come back first on every
run; an exit on a shutdown (case <-ctx.Done(): return nil) or an error
does not; an offset row write, or the commit of the
transaction holding it, moves the same way (after the commit of the effect's transaction when the effect
is one).
A batch the record joined and that is written only when full (batch =
append(batch, o); mark; if len(batch) >= size { saveAll(batch) }) is
processed on some paths only, so the call moved after the if would
still come first on the others. When the batch is one variable declared
beside the loop and the if's body (without an else) writes it in place,
the fix keeps each record in a slice declared before the loop (pending =
append(pending, msg)) and, at the end of the if's body, writes the
position of each record kept, then empties it; a batch the loop leaves
unwritten when it ends keeps its records' positions unwritten
(replayed, not lost). A batch per partition (in a map), one handed to a
goroutine or written by a return statement gets no fix, and the
finding says so.
A call of a position closure moves, or is rewritten, the same way
(r.Commit() after apply(r.Value); ack(); go save(msg) becomes save(msg)
in place, then ack()).
When the processing is the return statement (mark; return apply(msg)) the
fix checks its error, commits and returns nil; when it is a go statement
(mark; go apply(msg)) the processing runs in place and the commit
follows; the error the goroutine dropped is logged and skips the rest of
the record's handling (a continue in a loop, a return from a function
returning nothing; outside a loop, a handler returning an error returns
it, for its caller to handle): a failure the author ignored does not
stop the consumer (a sarama ConsumeClaim returning an error ends the
session of every claim, and the message comes back); the failed record's
own commit is skipped, and a later record's commit passes it, as the
goroutine's dropped error did (a go statement in a loop nested in the
record's returns the error, or logs it and returns). A library's spawner given a function literal
processing the record (an errgroup's Go, a worker pool's Submit: ants,
workerpool, pond) starts the work for later like a go statement; the
fix counts the function with a WaitGroup and waits for it before the
commit. After `go func() { defer wg.Done(); apply(msg) }()` whose local
WaitGroup only that literal marks done, the fix waits for the group
(wg.Wait()) before the commit: the goroutines keep running side by side
and a commit every N records waits for them; where the code waits for the
group the goroutine marks done after the commit, in the same block, the
commit moves after that Wait (for the goroutines of EachPartition's
function too, rather than their work run in place; the Wait stays after
what receives their results). So does a go statement between the commit and
the last processing, of the commit's block or nested in a statement of
it (mark; go audit(msg); save(msg), or mark; if large { go audit(msg) };
save(msg)): its call runs in place, its error checked, and the commit
moves after the save. When the record, or a value derived from it,
leaves the function (returned, sent, stored in a field), the commit moves
to the end of each caller's block, after the processing, with the
helper's parameters replaced by the caller's arguments (also after an if
statement whose init calls the helper, when every failure its chain
checks leaves; a moved return of zero values and an error, return nil,
err, becomes the caller's, return err, when the caller's last result is
an error, and a log of the error in a caller without results, the commit
being the last of its block; a call the caller passes for a parameter
the commit uses, v.getOffers(r.Context()), is evaluated into a variable
before the call when the other arguments are variables, field paths or
constants). A commit whose err the processing overwrites before
reading it moves as well. After a hand-off to a goroutine the processing
runs in place, its error checked, and the position call follows (a go
statement on some paths only is rewritten in place the same way, where
it is); after a send to a channel whose only receiver is one goroutine of the same
function ranging over it (started outside any loop, so records finish in
order), the position call moves to the end of that worker's loop, with
the worker's variable for the record; when that loop's body ends with a
retry loop that breaks on success or on another way out (err == nil ||
sess.Context().Err() != nil), it goes before each break, under if err ==
nil, and without a fix where a break cannot be told so (fix-quality hunt
47x/D1). When several workers range over the
channel (a pool: records finish out of order, so no worker may write the
position), the position call's error is checked, or the send is made on
some paths only (the worker would write the positions of the forwarded
records alone), the send (or a select
whose other cases only give up when a context is done) is replaced by the
workers' loop body, the record for its variable (a struct literal of
plain reads sent, payment{id: string(r.Key)}, is declared first in a
block, under the variable's name), so the record is
processed in place before the position call (which moves after it when it
came first); the workers are a function literal of the function or a
function of the package started with the channel, whose parameters become
the go statement's arguments, or, for a channel held in a field of a
method's receiver (h.jobs), a function literal of a method of the same
type (Setup) that ranges over the field, its receiver becoming the
method's, or workers another function of the package starts (a function
literal, or a function it starts with the channel) before handing the
channel to the handler in a keyed literal: the variables of that
function the workers read become the handler's fields the same literals
set to them (fields set nowhere else); a variable no field holds (a
context of the starting function) gets a field of its name in the
handler's struct, set to it in those literals. Such a variable may be
assigned in that function only before the workers start and the
literals are built (ctx, cancel := context.WithCancel(ctx) first), not
in a loop reaching them nor in a function literal, so the field holds
the value the workers read. A confluent Commit made with auto-commit
off and enable.auto.offset.store on (the default: it commits the
offsets stored as messages are handed out, those queued for the worker
included) after a send to one worker that stores each message in the
last statement of its loop body, after processing it (every store of
the consumer in the package being that one), gets the setting turned
off in the ConfigMap literal passed to the constructor instead: Commit
then commits the worker's stores, in order, each made after its
message's processing (the edit autocommit's store-ignored fix makes for
those stores). After an
asynchronous produce the produce becomes synchronous (franz-go
ProduceSync, its result handed to the promise) and a position call made
before it moves after it; a confluent Produce with a nil delivery channel
gets a channel of its own and waits for the delivery report, handling its
error as the Produce's. A message sent on sarama's AsyncProducer Input()
carries a channel of its own in its Metadata, the package's loops that
drain the producer's Successes() and Errors() (range loops, or the cases
of a select that is the whole body of a for loop, the received value
named and checked for nil) forward each report to the channel of its
message first (as sarama's SyncProducer does), and the
sender waits on the channel before the mark, returning the delivery's
error (the claim stops before marking past a message that was not
delivered; a sending function whose last result is an error, beside
others, returns their zero values with it, and an unexported function
or method of the package without results, called only as a statement
by functions whose last result is an error, gets an error result, its
returns returning nil and its callers returning its failure, since a
later mark would commit past a failed message); each claim then has one message in flight, so its marks stay
in order whichever claim's loop received the report. When the package
builds the producer itself (NewAsyncProducer with a config of its own,
the build's error checked) but leaves Producer.Return.Successes off, or
drains Successes() nowhere, the fix also sets it right before the build
(unless set there already) and starts a goroutine draining Successes()
after the error check, forwarding each report the same way. When the
package turns
Producer.Return.Errors off on that config (sarama then only logs the
failures: a wait for a failed message would never end), the fix sets it
true again and starts a goroutine draining Errors() the same way; when
the package leaves them on but reads Errors() nowhere, the goroutine is
started too, and the wait also ends with the session (as below: a
drainer in another package may take a failure). When
another package builds the producer (the package builds none, and sets
Producer.Return.Successes nowhere) but this one drains both Successes()
and Errors() in loops of its own, the forwards go there and the wait
also ends with the session, as below: the fix does not rely on the
setting it cannot see. A drain of Successes() is the package's own
evidence that successes are on; were they off, the drain would receive
nothing and each claim would stop at its first message until the
session ends, marking nothing past it (a stall the lag shows, never a
loss). When a drain may stop
before its channel closes (a return, or a break out of its loop, as a
select case on a context's Done channel does), the sender's wait also
ends, without the mark, when the session's Context is done, so the
handler returns and the session can close (the message is redelivered).
A commit retried in a loop of its own moves with its loop; statements
that only read what the moved commit defines (a log of the committed
offsets) move with it.

After a kafka-go WriteMessages on an asynchronous Writer, the
Writer's Async setting is removed (the element of its literal, or the
assignment), and a commit made before the write moves after it: without
Async every WriteMessages returns once its messages are written and
reports its own error. A wait built on the Writer's Completion is not
offered: Completion is called per partition batch, from the Writer's
goroutines, and the Writer may write for other callers. A synchronous
Writer holds each call up to its BatchTimeout (default one second)
waiting for a full batch: write a poll's messages in one call, or lower
BatchTimeout, where that is too slow. A franz-go commit reached by
produces in a loop gets a Flush of the producer before it, its error
handled as the commit's (Flush returns once every queued record is
delivered or failed and its promise has run). A confluent commit reached
by Produce calls in a loop gets no Flush: its count includes the
delivery reports nobody reads from Events(), so in a program that does
not read them it never reaches zero. Each Produce with a nil delivery
channel gets a channel of its own instead, and its report is awaited
right after it (each message delivered before the next read), a failed
delivery handled as the Produce's own failure, or, for an unchecked
Produce (checked now: a message the producer refused never reports), by
returning it from a function whose last result is an error, or else as
the commit's failure; the handling must leave the function (a return,
or a call that never returns, with no break or continue), so the commit
never follows a failed delivery.

A call of a producer wrapper, a function of this package or another
that puts a parameter (or a value built from it) into an asynchronous
produce with no delivery channel or callback its caller could wait on
(nil, or a promise that only logs) and reaches a return from it with
no wait and no flush between (a service's publisher.Publish returning
Producer.Produce(msg, nil); a return on the produce's own failure
queued nothing), is such a produce too when the position call follows
it with no wait and no flush between. A flush is the client's (its
count read where it gives up after a timeout) or a call of a function
that makes one, of this package or another (a publisher's Flush, Drain
or Sync). Its fix edits the wrapper, in its package, making each such
produce wait: a confluent Produce gets a delivery channel of its own
and the wrapper returns the delivery's failure, a franz-go Produce
becomes ProduceSync (its FirstErr returned where the wrapper returns
only an error, its promise called with First otherwise), so every
caller's position call follows the delivery. Not a TryProduce, the
produce a promise makes: ProduceSync there would deadlock a caller
emitting from a promise, and the finding says so; nor a wrapper sending
on sarama's AsyncProducer Input(), whose delivery report arrives on the
producer's own channels (reported, saying so). Under go vet a
wrapper of another package is read from export data and the finding
says where the change goes instead.

A finding whose fix cannot be built is still reported, without a fix,
its message ending with why and what to do instead ("; no automatic
fix: ..."): known cases are a position call before processing that
starts work with the record for later before its last processing other
than by a go statement (a pool's Submit), or by one whose call's
results cannot be handled in place (moved after it, the call would
still come before the goroutine's work), a
commit moving to the callers of its helper where a caller's argument for a parameter the commit uses is neither a variable,
a field path nor a call that can be evaluated first, or where the moved
error check returns other than zero values and an error; a send on
sarama's AsyncProducer Input() in a package
that neither builds the producer nor drains both Successes() and
Errors() in loops of its own (another package drains the reports, where
no forward can be added, and a drain added here would race it for
every report), or from a function that cannot return the delivery's
failure (a function literal, results not ending in an error, callers
other than call statements in functions returning an error); a send on
a channel whose workers are started elsewhere and read what the sender
cannot reach (a variable of the starting function that no field of the
handler holds and none can be added for: assigned after the workers
start, or of a type the handler's file cannot spell); and a confluent
commit after a loop of Produce calls where a failed delivery cannot
leave the function (both the Produce's failure and the commit's are
logged and the loop goes on).
*/
package ordering
