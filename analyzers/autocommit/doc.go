/*
Package autocommit defines an Analyzer that reports auto-commit
configurations that can lose Kafka records given the code around them.

# Analyzer autocommit

autocommit: report auto-commit settings that can lose records

A consumer writes two things: the effect of a record and its position
(the offset). Auto-commit writes the position on a timer, without knowing
whether processing finished. What the timer commits differs per client,
so this analyzer reports only what can lose records with that client:

  - auto-store-on-delivery (confluent-kafka-go): enable.auto.commit and
    enable.auto.offset.store are both on, the librdkafka defaults. The offset
    is stored when Poll or ReadMessage hands the message to the application
    and committed every 5000 ms, so a crash mid-processing loses the
    message. With enable.auto.commit off and auto-store on, a Commit() of
    the stored offsets commits what was delivered the same way: reported
    when messages are processed by goroutines the loop does not wait for
    (the Commit() commits messages still in flight), with the same fix;
    after processing in place it commits processed messages only. Explicit commits after processing do not close that window
    (the timer can commit the offset stored on delivery before they run),
    so a loop that commits after processing is reported the same way; so is one with checks that leave between the fetch and
    its error check (if ctx.Err() != nil { return }, or a select whose
    cases leave or are an empty default, using neither the message nor
    the error): the message they leave with was stored, and
    is committed unprocessed (the fix does not store it). Fix: set
    enable.auto.offset.store to false and call StoreMessage after
    processing (both edits are made; before a commit that follows the
    processing in the same block, which then commits the store), a
    failed store logged and the processing carried on (it fails with
    ErrState for a partition revoked while the message was processed,
    which its new owner reads again: returning would stop the consumer
    on a rebalance), on the success path only: after a check that logs a failed save and carries
    on, in an else, or with a continue added to the error branch; in the
    one worker
    a channel hands the message to (at the end of its range loop, or of
    its `case m := <-ch:` when it selects between messages and other
    work, a ticker, a flush), the channel a local or an unexported field
    of a struct of the package that each value makes for itself
    (s.jobs <- msg), whose worker may be a function or method that one
    go statement of the package runs (go s.work(ctx)), the store then
    made through the worker's own value (w.c.StoreMessage) and, for
    kafka-go, the commit with the worker's context; or a local channel
    that one go statement passes to a worker function of the package
    used nowhere else (go archive(ctx, c, jobs)), the store or commit
    made on the consumer, reader and context that statement passes it
    (a worker not passed them, unexported and named by no interface,
    gains a parameter for each, which the go statement passes); a value
    made from the message by selectors and conversions (jobs <-
    msg.Value), or a variable holding it used only there, sent on a
    local channel made where it is declared (jobs := make(chan []byte))
    to a function literal's worker counts as the message (the variable
    goes): the channel then carries the message, which the worker
    receives into a fresh name and computes the value from first (for m
    := range jobs { b := m.Value; ...), so it can store it;
    at the end of an if err == nil block
    that processes it; for a message read with ReadMessage and appended
    to a batch that one call processes (pending = append(pending, msg);
    if err := saveAll(pending); ...), each message of the batch right
    after that call succeeds, before the batch is reset, a failed store
    logged (a later store of the partition covers it); in the callers
    of a helper that returns the message (return c.ReadMessage(...)) or
    what it decoded from it, after their processing: the helper returns
    the message as well when it returns something else (a helper of the
    package, unexported and named by no interface, every use a call
    whose result is processed where it is taken); so is a message
    returned from the message case of a type switch over Poll (case
    *kafka.Message: return e, nil; the switch over the call, or over a
    variable it was assigned to) by a helper returning (the message,
    error) whose every return gives that message or nil, the helper
    unchanged. Workers started by a counted
    loop (a pool) finish messages out of order, and a store keeps the
    last write, so the fix
    makes the pool one worker (the loop is replaced by its body, or it
    runs once, its bound 1 or the loop variable's first value + 1, when
    the body uses the variable or declares names), which stores each
    message after processing it. A loop that does more than start the
    workers (announces, names or counts them) is made one worker the same
    way: what it does beside, it does once, for that worker. When its body
    can leave an iteration early, a body that only returns or breaks runs
    once (its first iteration leaves as it did, or starts the worker); a
    body that skips iterations (a continue before the go statement) keeps
    its loop, which stops after the iteration that starts the first
    worker (a break is appended, and a continue after the go statement
    becomes a break: that iteration has started it); so does a loop that
    starts a worker per element of a slice, an array or a map (for _,
    name := range names).
    A message handed to goroutines of its own (go statements of the loop
    body: one, or several, a fan-out to sinks, also nested in its
    statements: an if, a switch, a loop over sinks, when they are all
    that hands it on) is processed in place (the go keywords go, the
    calls run one after the other) and stored after that. A fetch taken as a
    value and bound to a variable (read := c.ReadMessage) is fixed the
    same way at each call of the variable; passed to a loop function of
    the package (drain(ctx, c.ReadMessage)), unexported and named by no
    interface, that function gains a parameter taking the store, which
    each of its calls passes (c.StoreMessage: built when every call
    passes the same consumer's fetch there), and it stores after the
    processing at each call of the fetch parameter. Taken as a value
    otherwise (stored, returned) it is not reported.
    A message sent on a local channel to workers the worker fix does not
    take (the channel also closed or measured, a pool that cannot be
    made one, a value decoded from the message by a call sent instead)
    is processed in place of the send, as for kafka-go below, and stored
    after, a failure logged. A message sent on its partition's lane (a
    channel held in a local map keyed by the message's partition, made
    with its one worker, a function literal ranging over it, where the
    lookup finds no lane: ch, ok := lanes[p]; if !ok { ch = make(...);
    lanes[p] = ch; go func() { for m := range ch { ... } }() }; ch <- msg)
    is stored in that worker after processing: one worker takes a
    partition's messages in order. A fetch whose message has no sure
    place for the store (a channel held in a map keyed otherwise, or
    used otherwise; a helper returning it used other than called) is
    reported without a fix, the
    message saying why ("; no automatic fix: ...").
    A message sent (or a value a call made from it, msg :=
    convert(m)) on a channel whose values leave the package (a function
    of the package returns what it receives from it) is stored when the
    next is asked for, as for kafka-go below: a method of a struct of
    the package (the pump) queues a value of a struct type of the
    package made from it (msg := fromRecord(m), or &Record{...}) on an
    unexported channel field of the struct, which one other method
    (Next) receives from and returns; the message type gains a field
    carrying the fetched message, set where the value is made, and Next
    keeps the value it returns and stores its message at the start of
    its next call, a failure logged. Any other such channel (a send of
    the same type elsewhere, the channel returned or exported, the pump
    also reading for another consumer) is reported without a fix, the
    message naming the function through which its values leave.
    Keys set through a local
    setter closure (set := func(k, v string) { _ = cfg.SetKey(k, v) })
    are read at its calls (by the consumer model, which every analyzer
    shares), and the fix changes the value such a call passes; a closure
    used other than called makes the settings unknown.
    With auto-commit off, a revoke callback's Commit() sends the offsets
    stored on delivery: while the loop holds a batch of messages polled
    one at a time (collected in a slice, its last one committed once the
    batch is written, or the stored offsets committed with Commit() once
    it is written), the callback, which runs in a poll, commits the
    held batch unwritten. Reported at that Commit(); the fix sets
    enable.auto.offset.store to false, and also stores each batch once
    written when the loop's own commits are Commit() calls: after the
    call that writes it, or else right before each such Commit() that
    follows the batch's write in its block (the batch being the local
    slice every fetch's message is appended to). A loop that writes each
    message before the next poll (also through a batch of one,
    append(batch[:0], m)) holds nothing; but when the package closes the
    consumer, Close polls out the messages librdkafka prefetched, which
    auto-store stores, before it serves the revoke, so the callback's
    Commit() sends them unprocessed at every shutdown (audit 37c/D11: up
    to 279 of 300 lost at a SIGTERM). Reported at that Commit(); the fix
    sets enable.auto.offset.store to false and stores each message after
    it is processed, as for the timer.
    auto.commit.interval.ms set to 0 turns the timer off (commits at
    rebalances and Close only): not reported.

  - store-ignored (confluent-kafka-go): StoreMessage/StoreOffsets while
    enable.auto.offset.store is on return ErrInvalidArg and store nothing,
    and the timer commits what was delivered. Reported while auto-commit
    is on. With it off the explicit commits decide: Commit() sends the
    offsets stored on delivery, which a synchronous loop committing after
    processing has processed (not reported), but not messages still
    processed while it runs: reported when a goroutine that does not
    fetch runs a Commit() (a ticker's: it commits messages the loop or
    its workers still process), or when the stores are made on
    goroutines that do not fetch (workers the messages are handed to)
    and the function that commits waits for nothing (no Wait call, no
    receive or select: taken as a join). Goroutines are go statements of
    the package and what they call statically; a callback the client
    runs inside the fetch (a rebalance callback) runs on the fetch's.
    A service of another package receiving the consumer says, with a
    fact on the function or field it arrives through, whether its stores
    race its commits so; the package building the consumer with auto-store
    on reports the hand-over then (audit 36b/D4). A select on a ticker and
    the context only is no join.
    Fix: disable enable.auto.offset.store. The stores after processing
    are then what Commit commits; stores of a pool of workers are then
    last-write-wins, which the message's related information says
    (hiwater's concurrent-commit).

  - greedy-auto-commit (franz-go): kgo.GreedyAutoCommit commits each poll
    as soon as it is returned. Fix: remove the option (the default commits
    only polls before the latest, which a synchronous loop has processed),
    with its whole if when appending it was the if's only statement; where
    it is no element of an options list (passed to a non-variadic
    parameter of a helper, returned alone) the fix replaces it with
    kgo.AutoCommitInterval at the default 5s (or the one interval the
    package sets), which keeps the default auto-commit. The fix's title
    says what the default costs a graceful stop: the timer commits a poll
    once the next one is made, so a loop that leaves without polling
    again replays its last poll after each deploy unless it commits it on
    its way out (audit 35c/D7). An option set on
    some paths only (appended under an if, or returned on one path of a
    literal called at once whose other path disables auto-commit) is
    reported too: the client rejects it next to DisableAutoCommit or
    AutoCommitMarks, so every client built with it commits greedily.
    Where the loop hands records to goroutines or workers, the default
    would still commit them before they are processed: the same fix then
    also makes the next poll wait for them (the edits of
    records-outlive-poll's fix, below), and Related names the hand-offs;
    the wait-for-workers fix alone is never offered next to a greedy
    option. A goroutine is a hand-off only when it is given a record or
    a value made from one: not a value a map holds under the record's
    key (a topic's worker, workers[r.Topic]), nor a worker that
    receives in a loop (it outlives every poll, and a wait for it would
    stop the loop after its first poll). Where the default would still
    commit records before their processing and no wait for the workers
    can be built (records-outlive-poll without a fix: a worker per
    topic, a channel passed in), the option is reported without a fix,
    saying why: removing it alone would leave the loss. An exported
    function returning options that include it is reported there: no
    caller can turn it off (no option undoes it, and NewClient rejects it
    next to DisableAutoCommit or AutoCommitMarks), so the fix is in that
    package.

  - records-outlive-poll (franz-go): with the default auto-commit (also
    where another path disables it, DisableAutoCommit appended under an
    if or returned on one path of a literal called at once), records
    handed to goroutines while the loop polls again become committable at
    the next poll, processed or not. Fix: wait for the goroutines
    (a sync.WaitGroup) before the next poll; a plain go f(r) becomes a
    function literal taking the Done, with the variables written later as
    its parameters, and one whose function or arguments are computed
    (go pick(r).deliver(context.WithoutCancel(ctx), r)) evaluates them
    first into fresh variables, as the go statement did. Records sent on a channel to workers are reported the
    same way: a local channel whose workers are function literals the
    function starts (one, or a pool started by a loop), or an unexported
    function of the package that its one go statement passes the channel
    to (go worker(ctx, work): it gains the WaitGroup as a parameter, which
    the go statement passes; a worker function that several go statements
    start, each passing a local channel that the loop of a fetch sends
    on, gets the parameter once and each of those loops a WaitGroup of
    its own, in one fix that every loop's finding carries); or an
    unexported field's channel, made
    fresh for each value of its struct (whose methods all have pointer
    receivers: the struct gains the WaitGroup), whose workers any
    function of the package runs (for r := range s.work). Each worker ranges over the
    channel, or receives from it in a case of a select in a for loop that
    never leaves (a worker that also ticks; on an unbuffered channel never
    closed, the other cases may return, case <-ctx.Done(): return, since a
    record sent is one a worker took), and processes the record in place,
    leaving its loop body only by continue. Fix: a WaitGroup counts the
    records in flight (declared after a local channel, or a field of the
    struct next to the channel's): Add(1) before each send, Done at the
    end of the worker's body and before each continue, Wait after the
    statement of the poll loop that sends, so the next poll, which makes
    the records committable, waits until the workers have processed them.
    The default revoke commits only what a poll made committable, so it
    commits no record a worker still holds. A send that is a case of a
    select in the poll function (not a callback) whose other cases are
    ctx.Done() or a default and return (the loop polls no more, so the
    record they skip is not committed) is counted before the select, and
    those cases count it done; an empty ctx.Done() case (the record
    dropped at shutdown, the loop polling again, which would make it
    committable) is reported too, and the fix makes it count the record
    done and return (bare, or with the zero values and ctx.Err() where
    the last result is an error). A call of a helper, of the package or another
    (a shared, Kafka-free chanx.Send), whose whole body is that select
    with an empty Done case (safeSend[T](ctx, ch, v), generic or not,
    returning nothing), made as a statement of the poll loop, is a send
    too: the fix rewrites the call into the select, counted as
    above (the helper, which other code may share, is unchanged). A record sent on its partition's lane (a
    channel held in a local map keyed by the record's partition, made with
    its one worker the first time the partition is seen, as for
    confluent-kafka-go above) is fixed otherwise: the option committing
    only marks is added to the client (AutoCommitMarks) and the lane's
    worker marks each record after processing it, on its success path;
    one worker takes a partition's records in order, so a mark passes no
    record in flight (built when the poll is the client's only fetch:
    another's records, never marked, would never be committed). A record
    sent on a lane of its key (the same shape keyed by a field of the
    record: lanes[string(r.Key)]), or on its partition's lane where the
    marks cannot be added, gets the wait above: Add(1) before the send,
    Done at the end of the lane worker's loop body, Wait after the
    statement of the poll loop that sends (the map declared before the
    loop); every lane has its one worker, so every record sent is one a
    worker takes. Any other channel held in a map is reported without a
    fix, saying why. A record (or a copy of it) given, in the poll loop, to
    a function of this package or another that only queues it for work
    done later (internal/handsoff: a pipeline's push sending it on a field
    channel its workers drain), by a call (p.push(r)) or as a method value
    passed to a call given the poll's records (fetches.EachRecord(p.push)),
    is handed over too. Fix: the function processes in place what it
    queues (handsoff's edits: its workers' loop body replaces the send), so
    the next poll follows the processing, when one worker takes what it
    queues; where several do (a pool, whose work in place would be
    serial), its workers' body cannot run there, or its files are not
    loaded (go vet), the finding says why. A function polling once that a
    caller's loop calls is checked as that loop's body: what it hands on
    outlives its poll unless it, or the caller's loop after the call,
    waits.
    Records the loop keeps in a local slice across polls (buf =
    append(buf, fs.Records()...), written when it holds 40) are reported
    at the poll: the next poll makes them committable, written or not
    (semantics' HeldAcrossPolls; not a buffer flushed whenever it holds
    any, or emptied before the poll, nor a history of records the loop
    processes as they come). No fix: a wait before the
    next poll would flush the buffer every poll; the message says to add
    kgo.AutoCommitMarks() and mark the buffer's records once written.
    A go statement
    handed a channel (a worker started for a partition's channel) is no
    record handed to a goroutine: the sends on the channel are the
    finding. Not reported: a
    loop that receives from a channel or selects otherwise (taken as a
    join, as for goroutines); a channel passed to a function used other
    than by go statements as above (or by two with the same channel),
    exported, variadic or of another package, or used other
    than to send, receive, close or measure it; a worker that breaks,
    hands the record on again, or returns (but as above), for which the
    Wait could wait for records no worker will take.
    A record produced asynchronously (Produce, TryProduce) from a polled
    record, in the poll's function, a function literal it passes
    (EachRecord, EachPartition) or a function of the package it hands the
    record to (two calls deep), with no flush of that producer and no wait
    in the loop, is reported the same way: the next poll makes the
    consumed record committable while the one produced from it may still
    be queued (franz-go's dlq example produces its failed records so).
    Fix: flush each producer right before the statement that polls, with
    the poll's context, so every path to the next poll (a continue too)
    waits for the previous iteration's deliveries; a failed flush (the
    context is done) returns, bare or with the zero values and the error.
    A produce in another function, whose producer the poll's function
    cannot name, becomes ProduceSync in place, its result handed to the
    callback the code passed.

  - marks-ignored (franz-go): MarkCommitRecords, MarkCommitOffsets and
    CommitMarkedOffsets are no-ops without kgo.AutoCommitMarks(), while
    auto-commit keeps committing polled records, marked or not: a record
    left unmarked is committed once the loop polls again. The message
    says it is lost only where the code goes on from it (the callback
    returns without the mark and sets nothing its function could stop
    on, or the loop takes the next record without the mark); a loop that
    stops at a failure loses nothing (the crash experiments show both),
    and the message then says what the marks cost: a restart replays
    everything since the last timer commit, not since the last mark. With
    auto-commit off it is reported only when CommitMarkedOffsets is the
    only commit: then nothing is ever committed. Related names the other
    no-op calls, the revoke callback's CommitMarkedOffsets on the client
    it is given included (when the package has one franz-go consumer).
    Fix: add kgo.AutoCommitMarks(); where kgo.DisableAutoCommit() turns
    auto-commit off, replace it with kgo.AutoCommitMarks() (franz-go's
    NewClient refuses the two together, so adding one beside the other
    would stop the service at startup). The timer then commits the marks
    too, and the code's CommitMarkedOffsets still commits them at once.
    No fix where the loop goes on from a failed record and marks the
    records after it (semantics' Skips): marks go forward only, so the
    next mark would commit past the failed record all the same (audit
    34d/1: 9 lost before the option, 14 after); nor where goroutines
    that finish out of order make the marks.

  - read-commits-first (kafka-go): Reader.ReadMessage on a reader with
    GroupID or GroupTopics commits the message before returning it, when
    the fetch's error check leaves the loop: return, break, continue,
    panic, or a call that never returns (os.Exit, log.Fatal, a logger's
    Fatal, or a function that always ends in one, in any package). Fix:
    FetchMessage, then CommitMessages after processing, on the success
    path, with the context the read's derives from when the read was
    given one made for it (rctx, cancel := context.WithTimeout(ctx, d):
    cancelled once the read's helper returns, it would fail every commit;
    edit.LiveContext); in a loop, a failed commit is logged and the loop goes on (it
    is routine during a rebalance, and the next commit covers the
    message: a return, or the read check's exit, would stop the service,
    on every SIGTERM too when the commit is made with the cancelled
    context). Where that path ends in a return whose error result processes
    the message or a value made from it (return c.d.dispatch(ctx, msg,
    h); return 1, store(ctx, ev)), the return becomes the processing's
    check (if err := ...; err != nil { return ..., err }), the commit and
    the return with nil for the error, so the commit follows every use of
    the message (built when the other results call nothing and name
    neither the message nor err; so for a caller committing for a
    helper, below). Where the statement before the commit's place
    assigns the processing's error (err = h(ctx, m), then return err),
    the commit is made only if that error is nil. An exit the message
    itself decides before the commit's place, on a path that is no
    failure (if string(m.Key) == "EOF" { return nil }: a job stopping on
    its end-of-batch marker), commits it there too, as the read did:
    otherwise every later run would stop on the marker first. An exit
    on no condition of the message (a shutdown check) or on an error
    gets no commit. A message used by a
    deferred call other than through
    a field of basic type (m.Offset in a log line) is reported without a
    fix: the call runs after any commit of the function. A returned error
    of any type (a *errors.Error too) is not the message leaving the
    function. When the function returns what it read (the message, or an event
    decoded from it), the caller processes it: the fix makes the helper
    return the message as well, and each caller commit it after
    processing (when every use of the helper is such a call in the
    package). A helper also taken as a value (next := s.next), passed
    to a function of the package (run(ctx, s.next), where the reader is
    out of sight) or stored in an unexported field of a struct of the
    package (&worker{next: s.next}, w.next = s.next) instead returns a
    function that commits the message, which every call (through the
    value, the parameter or the field, whose function type gains the
    result) calls after processing. A method of the package whose
    message leaves it (stored in an exported field, or exported), every
    call in the package processing the result in place and none in a
    go or defer statement, commits each message when the next is asked
    for (below). Other uses (a go or
    defer statement, a value returned, stored in an exported field
    where that fix does not apply, or in one a struct literal without
    keys may set) are reported without a fix;
    the message names the one cause that applies (an exported helper, one
    an interface names, or the first use out of reach, with its line).
    ReadMessage itself taken as a value on a group reader (read :=
    r.ReadMessage, loop(ctx, r.ReadMessage), go
    loop(ctx, r.ReadMessage)) is reported at the value: FetchMessage is
    taken instead, and every call of it commits after processing; a loop
    function that does not see the reader gains a parameter, the reader's
    CommitMessages, which each of its calls passes (built when every call
    passes ReadMessage of a group reader there); stored in an exported
    field, a function literal declared before the statement takes its
    place and commits each message when the next is asked for (below);
    where its calls are otherwise out of the fix's reach (returned) it
    is reported without a fix. Messages appended
    to a batch that one call processes are committed together right after
    that call succeeds. A message sent to the one worker of a channel is
    committed in the worker after processing; a pool of workers is made
    one first, a value made from the message sent instead is carried with
    the message, and goroutines per message run in place, as for
    confluent-kafka-go. Sent on a local channel made where it is declared
    to workers that cannot commit (the channel also closed or measured,
    a pool that cannot be made one, e.g. started by a loop with a goto or
    a label, a value decoded from the message by a call sent instead),
    whose one range loop a function literal started by go statements
    runs, the message is processed in place of the send (a select whose
    other cases return on ctx.Done() included): the workers' loop body,
    the message for its variable (or the variable declared first as the
    value sent), then the commit on its success path; a continue of the
    workers' loop continues the read loop when the send ends its body.
    The workers stay, idle. A message sent on its partition's lane (as
    for confluent-kafka-go) is committed in the lane's worker after
    processing. A message sent on a lane of its key (the same shape keyed
    by a field of the message: lanes[string(m.Key)]) reaches one of
    several workers of its partition, which finish out of order: the fix
    fetches, starts each message in a low-water tracker (the one the
    fix declares in the package: edit.DeclareTracker), made before the
    loop, right before the send (in
    offset order; a Start that fails meets a partition consumed again
    from an earlier offset after a rebalance, and starts it over), and
    the lane's worker marks the message done once it is through with it
    (at the end of its loop body and before each continue: a failure it
    logs and skips is done, as the loop skipped it before), committing
    the mark (a message at the mark - 1) when Done advances it, a failed
    commit logged. The workers' commits are last-write-wins, so a lower
    mark landing last replays, never loses. A helper returning the read's results as they are
    (return t.r.ReadMessage(ctx)), unexported, named by no interface,
    with no other return and used only in calls that process the message
    in place, fetches instead, and each caller commits the message after
    processing it, on its success path. Where the message leaves the
    package (returned by an exported method, by a method stored in an
    exported field, by ReadMessage taken as a value into one, or queued
    on a channel whose values a method of the package returns), no code
    of the package runs after its processing: the fix fetches with
    FetchMessage and commits each message when the next is asked for.
    The function handing it out keeps the message it returned last (in
    a field of its struct, which gains it and a mutex guarding it; for a
    function given the reader as a parameter (kit.Next(ctx, r)), in a
    map from readers to messages that the package gains, its mutex held
    around the map only; for
    the value, in variables the function literal captures; queued, the
    package's message type gains a field carrying the fetched message)
    and commits it at the start of its next call, returning the
    commit's error as it returns errors (logging it where it returns
    none). A sequential caller asks for the next message once it has
    processed the previous one, the contract of Kafka's own poll-based
    auto-commit; one that stops at a failure never asks again, and that
    message is replayed. Concurrent callers would commit each other's
    messages before they are processed, as ReadMessage does now; the
    finding's message says what the fix assumes (a helper the package
    itself calls in a go statement gets no such fix, and the message
    says why). A read that may also
    serve a reader outside any group (the struct's reader field filled
    with one elsewhere in the package, a reader out of sight, one built
    from a configuration a caller passes, or one whose GroupID is set on
    some paths only), where ReadMessage
    commits nothing and CommitMessages fails, gets a commit that runs
    only when the reader is in a group (r.Config().GroupID != ""), and
    the message says so; this holds for every fix of read-commits-first. A value a call makes from the message
    (msg := convert(m)) counts as the message where it is sent on a
    channel: a commit after the send would precede the receiver's
    processing. A read whose fix the analyzer cannot build (a message
    returned as it is read by a helper the fix cannot change, handed on
    where no commit can follow its
    processing, a read that is no `msg, err :=` statement) is reported
    without a fix, the message saying why ("; no automatic fix: ..."):
    sent on a channel whose values leave the package (a function of the
    package returns what it receives from it, or the channel itself, or
    the channel is an exported field) in a shape the fix above does not
    take, the message names that function: the package's user processes
    it, after any code of this package. A read
    whose message is discarded (_, err := r.ReadMessage(ctx)) is not
    reported: nothing processes it. An adapter method that only forwards
    to ReadMessage is reported at its callers; an exported one (a method
    of an exported type) that nothing in its package calls hands the
    message out of the package
    (a wrapper package whose service reads through it) and is reported
    at the read, fixed as a helper returning the read's results out of
    the package (committed when the next message is asked for).
    A reader received from another package (a parameter of an exported
    function, an exported field) is checked under each value of the
    settings out of sight; the package that builds a reader and passes
    it to that function reports, at the call, what the reader's settings
    make true ("NewProjector receives the kafka-go consumer passed here
    (group on), and with it, in package svc (svc.go:29): ..."), with the
    fix in the receiving package, its commit run only in a group. A
    known gap: a reader stored into another package's exported field
    (svc.Service{Reader: r}) is not reported where it is stored.

  - marks-discarded (sarama): Consumer.Offsets.AutoCommit.Enable = false
    and no session.Commit() anywhere: marks are discarded at session end.
    Also when every Commit runs only behind a counter in the loop
    (if n%100 == 0 { sess.Commit() }) and nothing commits the rest when
    ConsumeClaim returns (no deferred Commit, none after the loop, none in
    Cleanup): every rebalance and deploy then replays up to N-1 messages.
    A guard on the message's offset (if msg.Offset%100 == 0) is no count:
    the message says so, and that offsets with gaps (compaction,
    transaction markers) can skip every multiple of N, so a partition may
    never be committed. A group another package's constructor returns
    with auto-commit off (a BuiltFact), run here on a handler that only
    marks, is reported at the constructor's call (when the package calls
    that constructor once); a constructor building the group from the
    configuration its caller passes (kafkax.NewGroup(brokers, group,
    cfg)) takes the settings of the configuration passed at the call, so
    auto-commit turned off in main is reported at the setting. Such a
    group run on a handler of a third package that only marks is
    reported at the run (group.Consume(ctx, topics, h)), with the
    handler's package named.
    Fix: defer session.Commit() in ConsumeClaim (in the handler's package
    when it is another: the standalone front end edits it, go vet says
    where).

Across packages: a service that receives its client (a parameter of an
exported function, a field of an exported struct) and marks or stores on
it cannot see the setting its calls need; its package exports that need
as a fact (internal/consumer, needs.go), also when it hands the client on
to a third package. The package that builds the client and hands it over
checks the need against the configuration it sees: marks-ignored and
store-ignored are reported there, at the hand-over, with Related at the
receiving function or field, and fixed in that configuration. This works
in both front ends (go vet analyzes one package at a time). When the
client is built by an exported function of a helper package (kafka.go's
NewConsumer(cfg), returning the consumer it builds), that package exports
its settings (internal/consumer, built.go) and the edits that would give
each setting a call of the client may need; the package that calls the
helper and hands the consumer over reports the unmet need at the hand-over,
Related at the helper's call, and the fix edits the helper's configuration
(for every consumer it builds, which the fix's title says). A front end
that has not loaded the helper's files (go vet) reports it without a fix,
saying where the change goes. A package that receives a kafka-go reader
the same way and hands it on as it is to another package's function or
struct field (svc.Service.Reader given to kit.Next, which reads it with
ReadMessage) relays that package's findings for the entry to its own
entry (configFindings; audit 35b/D2), so the package building the reader
reports them at the hand-over, naming the function it reaches.

A client received from another package (a struct field, a parameter of
an exported function) has its settings out of sight. When the package
never commits, marks or stores on it (nor on another client of the same
library it receives), hands it to nothing that could, and hands its
records to no function of another package that writes positions of that
library's records (lanes storing each message once processed, a
transaction runner: consumer.WritesFact), the only
configuration that saves its progress is a consumer group with the
client's default auto-commit: records-outlive-poll (franz-go) is then
reported as for a client built in the package, with the same fix, and
the message says what it assumes; so is a client the package builds from
options out of sight (its caller's) that set none of the auto-commit
options in sight. Where the package commits or marks, the calls imply
auto-commit off, a flush, or AutoCommitMarks, and the check stays
silent. A received kafka-go reader read with ReadMessage is not
reported: one never committed on is as likely outside any group (a
tail), where ReadMessage commits nothing. A confluent-kafka-go consumer
received (a parameter of an exported function, an exported field) and
never stored or committed on relies on the defaults (with
auto-store or auto-commit off nothing would be committed), under which
each message is stored when it is handed to the app: auto-store-on-delivery
is reported at its fetch, the message saying what it assumes. The fix is
the part that belongs to the receiving package: a store after processing,
as for a consumer built there (a pool made one worker, goroutines per
message run in place, a batch stored after it is processed, a message a
helper returns stored by its callers), a failed store logged (the loop carries on: a
later store covers the message). The stores then need auto-store off,
which the package that builds the consumer is told at the hand-over
(store-ignored, with its config fix).

A consumer built from a configuration its package receives (a sarama
client, a kafka-go ReaderConfig, a confluent-kafka-go ConfigMap passed to
an exported function: svc.NewOrders(client) with client built in main
from a config whose AutoCommit.Enable is false) has the settings that
configuration decides out of sight. Its package checks it under each
value of the settings it leaves unknown and exports the findings of each
(a package fact); the package passing a configuration for that parameter
reports, at the call, the findings of the values its configuration gives,
the message naming the function, the consumer's package and position, and
the configuration's own choices (Related at each). The fix is the finding's
own fix in the consumer's package (defer session.Commit(), FetchMessage
then CommitMessages), carried when the front end has loaded that package's
files, and only when every call of the package passing a configuration
for the parameter gives the same values: a fix right for one caller's
reader in a group fails on every message of another's outside one, and
such a finding is reported without a fix, saying so. A fix that also
changes the passed configuration (confluent's auto-store off, with the
store after processing in the consumer's package) makes that change at
the call: the key added to the map literal passed, or the value replaced
where the configuration sets it.

It does not report sarama's default auto-commit (it commits marked offsets
only, so process-then-mark is at-least-once), franz-go's default in a
synchronous poll-process loop (the previous poll has been processed), or
confluent-kafka-go with auto-store off and stores after processing.

With -autocommit.strict it also reports every other enabled auto-commit
(category auto-commit-timer), saying what that client's timer commits, with
a fix that disables it and commits explicitly after processing; where
that fix cannot be built (a configuration it cannot edit, a poll outside
any loop, handlers or a polling loop in another package) the finding is
reported without one, saying why.

A poll function the package runs for several consumers (drain(c), called
with each) is each one's: its fetches, stores and marks count for every
consumer passed to it, each judged by its own settings. A finding of a
consumer the calls are not first bound to is reported at its
construction, and its fix edits its own configuration (the store the fix
adds in the shared function is the same edit for all).

A finding whose fix cannot be built is reported all the same, without a
fix, its message ending "; no automatic fix: " and why (never dropped):
read-commits-first's and auto-store-on-delivery's where the message goes
where no store or commit has a sure place, records-outlive-poll's where
the workers taking the records from a channel cannot be found or counted
(a channel passed in, a package variable's, a worker that stops
receiving), marks-discarded's where no handler names a session to commit
from, and settings the fix cannot change (unsettable configurations). One such shape is a message given to a
function that only queues it for work done later (internal/handsoff's
fact, the same ordering uses: a core's Handle sending it to its
workers, in this package or another): a commit or a store placed after
that call would still come before the processing. The fix then also
makes that function process the record in place (its workers' loop
body in place of the send, the fact's edits, as ordering's fix of a
hand-off to a port), when its files are loaded (the standalone front
end); otherwise the finding has no fix and names the function. Another
is a message given to a call that may keep it for later
(handsoff.Result.KeptBy): a function keeping it in a field (a batcher's
Add, also through a value its receiver or a parameter holds), or a
method of an interface whose implementations are out of this package's
sight and that reports no failure (consumer.Appender.Add wired in main
to a buffer: the store placed after it lost 50 of 300 records, audit
31c/8); a logger's method does not count; and a message whose data
is appended to a field of a struct (c.buffer = append(c.buffer, v.ID)),
which other code or a goroutine writes later (audit 34b/2: the commit
the fix put after the append still came before the flush).
It stays silent where the bug itself is not established here: the
consumer's configuration or its loop out of sight (another package's
commits decide), or a shape whose meaning it does not model; those are
listed as known gaps in the tests.
*/
package autocommit
