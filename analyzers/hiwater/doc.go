/*
Package hiwater defines an Analyzer that reports offsets committed past
records that are still being processed concurrently.

# Analyzer hiwater

hiwater: report commits that can pass records still in flight

When the records of a partition are processed concurrently they finish out
of order: record 60 can be done while record 50 still runs. Committing
after 60, the highest completed offset, loses 50 if the process crashes
before 50 is done, because a restarted consumer resumes at the committed
offset. The only safe position is the low-water mark: the offset below
which everything is done.

How it bites depends on the call (the client model's Order), and the
message says which:

  - forward-only (sarama MarkMessage and MarkOffset, franz-go
    MarkCommitRecords and MarkCommitOffsets): the higher mark wins and the
    later, lower mark of the record that was still running is dropped, so a
    crash in between loses that record for good;
  - last-write-wins (confluent-kafka-go StoreMessage, StoreOffsets,
    CommitMessage and CommitOffsets, franz-go CommitRecords,
    CommitOffsetsSync and CommitOffsets, kadm CommitOffsets, kafka-go
    CommitMessages and Generation.CommitOffsets): the position jumps past
    records still running (a crash loses them) and back when they finish (a
    restart replays what was done after them).

Categories:

  - concurrent-commit: a commit, mark or store of a record's own position
    (the record, or an offset computed from it without calls) made by the
    goroutine that processes it, when that goroutine was started for each
    record (a go statement or errgroup's Go in a loop over records, a
    channel or an iterator, or in a per-record callback such as
    fetches.EachRecord) and nothing waits for it before the next record
    starts; or made by a worker of a pool: several goroutines, started in
    a loop, receiving records (or structs holding one) from one channel
    (also a channel field of the receiver they share: go func() {
    c.work(ctx) }() in a loop, work ranging over c.jobs),
    or each ranging over a channel the client hands out on a shared
    receiver (claim.Messages() called in every goroutine), or started by
    several go statements of one function outside loops (go
    h.work(jobs); go h.work(jobs)), all given the same channel; or made
    by goroutines fetching from one consumer: a function that fetches the
    record itself (r.FetchMessage(ctx), c.Poll(ms) asserted to a message,
    c.ReadMessage(d), an element of cl.PollFetches(ctx).Records()) from a
    consumer it is given (a parameter or a captured variable, or a field
    of a struct it is given: s.reader of a source every goroutine
    shares) and writes
    its position on that consumer, started with the same consumer several
    times: by a go statement in a loop that does not wait for it, or by
    several go statements of one function outside loops (go poll(c, &wg);
    go poll(c, &wg)). The records of a partition then spread over the
    goroutines (their fetch and position call must be the function's
    own). For the other kinds, a helper called with the record by such a
    goroutine counts too, and so does a
    deferred call (defer sess.MarkMessage(msg, "")), and a function
    literal capturing the record that such a goroutine (or its helper)
    builds and calls, or hands to a function of the package that only
    calls it (commit := func() error { _, err :=
    c.CommitMessage(msg); return err }; apply(ctx, msg, commit)): the
    fix is that of the goroutine. The record may reach the helper in a
    field of a struct literal passed by value (finish(c, job{msg:
    msg})). The goroutine may be a
    function value given to the function with the go statement (go
    f(msg), where f is a parameter): the function literals passed for it
    count. A goroutine started for each poll writing its batch's position
    (cl.CommitRecords(ctx, records...)), or its records' positions one by
    one, counts too: a later batch's positions can be written before an
    earlier one's. Across packages (vet analyzes one package at a time)
    such a pool is assembled from facts: an exported function starting a
    parameter of a function type as goroutines in a loop that does not
    wait for them, each given the same consumer (golang-boilerplate's
    ConsumeTopic: for i := 0; i <= poolSize; i++ { go worker(ctx, r, wg,
    i) }, go func() { worker(ctx, r, i) }(), or a method of an interface
    parameter: go p.ProcessMessages(ctx, r, wg, i)), an exported function
    its own package neither calls nor starts,
    fetching from its parameter (a client's consumer) and writing the
    position of each record it fetched on it, itself or in a helper it
    calls (ProcessMessage), and a call passing the second (a function, a
    method value, or a function literal whose only call forwards its
    parameters; for an interface, a value whose concrete type has that
    method) for the first's parameter, reported at that argument
    (unless the count argument is a constant starting one goroutine). A
    method of a generic type holds its fact once, for all instances.

    Generic code counts as the rest: a go statement or errgroup
    function starting an instance of a generic function or method (go
    work[M](ctx, c, jobs), go p.work(ctx) on a *Pool[M]) starts its
    generic body, and workers that are methods of a generic type receive
    from a channel held in a field of that type (k.ch of a *Consumer[M],
    made by its generic constructor New[M]): each generic function
    declares type parameters of its own, so its instance of the field is
    another object than the constructor's, and the values of the field
    are what the package stores in any instance of it (so is a maximum
    kept in such a field). The fixes are those of the same code without
    type parameters.

    A pool of this package or another counts too, generic or not and
    whether or not it imports a client: a function or method starting, in
    a counting loop that does not wait (no Wait call, receive or select in
    its body), goroutines that each range over one channel declared
    outside the loop (a parameter, a variable, a field of the receiver)
    and call a parameter of a function type with each value received
    (xgenpool.Run[T](ctx, n, in, fn), a Pool[T]'s Start(workers, handle)
    fed by Submit). Its package exports the runsPool fact on such exported
    functions, read from the syntax alone; a function literal, a
    function or a method value (p.Start(n, h.handle)) of the consumer's
    package passed for that parameter, writing the position of the
    record it is given for the value (itself, or in a helper of the
    package it calls with it), is reported at the position call. Not
    when the count argument is a constant starting one goroutine (or is
    capped by min(..., 1)). The fix replaces the count argument by the
    value starting one goroutine (1 for i < n), or caps it (min(n, 1))
    where replacing it would drop a call or leave a variable unused; a
    pool whose count is not a parameter its function uses only as the
    loop's bound is reported without a fix.

    Lanes count too: channels kept in a slice, array or map (or appended
    to a slice variable or field: d.lanes = append(d.lanes, ch)), each
    drained by a worker of its own, when the records are sent to a lane chosen by
    something of the record other than its topic and partition
    (lanes[hash(m.Key)%n] <- m, as a statement or a select's case), or by
    a counter the sending loop advances for each record (round robin:
    lanes[next%n] <- m; next++, or the index of a range over the batch):
    the records of one partition spread over lanes that finish out of
    order.

    A completion callback counts too: a function literal made for each
    record (in a loop over records, or in a per-record callback such as
    fetches.EachRecord) that writes the position of the record it
    captures and is handed on to run when the record's work is done
    (passed to an in-package function that starts it in a goroutine,
    sends it or keeps it beyond its frame, to a function whose name says
    Async, or as the delivery callback of a client's asynchronous
    produce, franz-go Produce's promise; sent on a channel; or sent in a
    struct, a job with its own finish function, to receivers that run
    it concurrently: not one goroutine running them in turn, see below),
    unless the loop waits for it before making the next one. So does a method value handed on
    the same way (sink.SendAsync(payload, e.Finish)) whose method writes
    the position of a record held in a field of its receiver, a struct
    made for each record (e := &envelope{msg: msg}). Calls that
    need a setting (kafka-go commits need synchronous commits) are
    reported as above: not when the settings make them no-ops, with the
    setting assumed when the configuration is not visible.

  - max-offset-commit: a position read from a variable, struct field,
    atomic or map in which concurrently processed records keep the highest
    offset seen (a write made only when the new offset is greater: `if off
    > hi { hi = off }`, `if cur, ok := hi[p]; !ok || off > cur`, a
    CompareAndSwap loop, `hi = max(hi, off)`), while that processing may
    still run: by the processing goroutine itself, by a goroutine of its own
    (a ticker), or by the spawning function (or a function it calls: a
    flush on each tick of its loop) before it waits. The maximum may be
    kept by one collector goroutine receiving the pool's completed
    records from a channel (r := <-c.done; `!ok || r.Offset >
    cur.Offset` in its loop): they come in completion order. For a maximum
    kept in a field, the calls of the updating method must pass the object
    the position is read from. The maximum may be a whole value holding
    the offset (hi[p] = m.TopicPartition when m.TopicPartition.Offset >
    cur.Offset), its offset stepped before the write (tp.Offset++).
    Not reported when the position is bounded by the builtin min of an
    element or key a range yields (low := maxDone+1; for off := range
    inflight { low = min(low, off) }): the least of the maximum and the
    offsets a tracker holds in flight is a low-water mark when the tracker
    holds them, which this check cannot judge (the report says unknown).

  - arrival-order-commit: the position of a record received by a single
    collector from a channel that concurrently processed records are sent
    to once done: it commits in completion order; the collector may be
    the consume loop itself, in the select receiving its records (a select
    receiving records as well as completions does not wait for the
    goroutines). So is the position of a
    record carried by the delivery reports of an asynchronous producer
    (sarama AsyncProducer: sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage),
    "") in a range over Successes()), when a loop hands the records to the
    producer in that field (Input() <- &sarama.ProducerMessage{...,
    Metadata: msg}) without waiting for the drain: messages of a partition
    go to several partitions and brokers and are reported as each
    delivery finishes, and a failed one is reported on Errors, never
    marked. So is a record looked up by a key received from a channel
    that the workers of a pool send to when they finish, the key
    computed from what each worker received from the channel they share
    (pipelaner's MarkOnSuccess: for id := range acks { v, ok :=
    pending.LoadAndDelete(id); ...; cl.MarkCommitRecords(v.(*kgo.Record))
    }, a sync.Map's Load or LoadAndDelete, or a map's index): the keys,
    and the records, come in completion order. Its fix is the pool's
    (one worker).

It stays silent for:

  - one goroutine per partition (or per claim: sarama already calls
    ConsumeClaim in a goroutine per partition) processing its records in
    order, a single worker fed by a channel (or set to one right before
    the loop starting it: n = 1, workers = workers[:1]), goroutines each
    fetching from a consumer of their own (made in the loop starting
    them, by a call for each go statement, or by the goroutine), and
    workers with
    a channel each when the records are routed by partition (or by
    nothing of the record): the unit of concurrency is a partition, not a
    record;
  - a commit after a join covering the batch (wg.Wait(), g.Wait(), a
    receive from a channel the goroutines close or send to), a goroutine
    joined before the next record starts, and an errgroup with SetLimit(1);
  - goroutines that wait for their predecessors before committing: a
    receive, on every path to the commit, from a channel of the kind they
    close (an ordered hand-off chain), or a sync.Cond wait;
  - completion callbacks sent on a channel (alone, or in a struct with
    their record: out <- result{Value: msg.Value, Commit: func() { ...
    }}) that one goroutine receives: the channel is made in the package
    and given to no function of another package, and only the function
    making it, a function it calls, or one it starts once outside loops,
    receives from it (for a channel its maker makes outside loops and
    returns, a reader's `ReadResults(ctx) <-chan Result` starting the
    goroutine that sends: a function calling the maker, directly or
    through an interface of the package whose only implementation is
    it, or one such a function starts once outside loops; each call
    makes a channel of its own, and callers in other packages are not
    followed), without starting a goroutine, sending, or handing to a function
    that runs it later a value carrying a callback. That goroutine calls
    the callbacks in the order the loop made them (at once, or a batch at
    a time), not as the work finishes; whether it calls each after
    processing its record is ordering's question. Several receivers (a
    pool ranging over the channel) or a goroutine per callback are
    reported;
  - a low-water-mark tracker: a position that is the result of a call
    (the lowwater package's Tracker.Done or Committable, the Done of the
    tracker a fix declares, any method that
    removes a finished offset and returns the smallest one in flight) is
    never traced, so any tracker is trusted; so is a minimum (a variable
    written only when the new offset is lower, or min(...));
  - commits of records processed sequentially, maxima kept by sequential
    code (the maximum is then the last record processed), and calls that
    are no-ops under the consumer's settings or whose settings are not
    known (franz-go marks without kgo.AutoCommitMarks(), confluent stores
    with enable.auto.offset.store on: autocommit reports those).

Fixes. Every finding carries one, but for the rare shapes reported
without a fix below (no scenario holds one). The proportionate fixes
come first; where they cannot be
built, a fallback removes the concurrency that puts the position calls
out of order (records processed in place, one worker, one group function
at a time, one callback at a time), or, where it cannot be removed,
writes a low-water mark instead. Where no fix, fallback included, can be
built that compiles and is right, the finding is reported without a fix,
its message ending with why ("; no automatic fix: ..."): a bug the
analysis classifies is never dropped for want of a fix.

  - The position call is a statement of a goroutine (function literal)
    started for each record of a batch: a range over a slice of records,
    or a per-record callback (fetches.EachRecord) on a value with a method
    returning the batch (fetches.Records()). The statement is moved after
    the join and writes the position of the whole batch: one call with the
    batch when the client takes records variadically
    (cl.MarkCommitRecords(fetches.Records()...), r.CommitMessages(ctx,
    batch...)), else a loop over the batch, in order. With a
    sync.WaitGroup the join is the wg.Wait() after the loop, or one is
    added (var wg sync.WaitGroup, wg.Add(1), defer wg.Done(), wg.Wait());
    the goroutine must write the position on every path to its end, since
    the batch's positions are written whatever happened to each record.
    With errgroup the join is `if err := g.Wait(); err != nil { ... }` (or
    err := g.Wait() and that check) whose body leaves; every path of the
    function that skips the position call must return an error, and a
    failed commit runs the same body. The context of errgroup.WithContext
    is canceled when Wait returns: the moved call takes the context the
    group's was made from instead (not when that name is shadowed, as in
    g, ctx := errgroup.WithContext(ctx)). A statement using values local
    to the goroutine other than its record, or leaving the goroutine
    (return), is not moved.

  - Otherwise, a go statement started per record (a stream: sarama's
    claim.Messages(), a FetchMessage or ReadMessage loop, or a batch whose
    goroutine cannot be moved from): the go keyword is removed, so that the
    records are processed one at a time, in order (for a function value
    started through a parameter, go f(msg) in the helper becomes f(msg);
    a goroutine per poll then commits each batch in turn); an errgroup
    function (g.Go(func() error { ... })) is called in place, in a
    function returning an error, and its error returned; the literal given
    to a spawner of the package (spawn(func() { ... })) is called in place
    when the call is a statement and the spawner returns nothing and
    recovers no panic (one of another package, whose body is out of sight,
    gets no fix). Not when the goroutine
    sends to (or closes) a channel the loop receives from (in its own
    function or one enclosing it; a channel held in the same struct field
    counts, h.w.failures in the loop and w.failures in the method the
    goroutine runs), or receives from one the loop sends
    to after starting it: it would wait for itself. When its only such
    sends are send statements of its own body (errs <- err, the loop
    checking errs at the top of each poll), they are made not to wait
    (select { case errs <- err: default: }): a failure the buffer has no
    room for is dropped, as the goroutine that waited forever for it
    dropped it. For
    max-offset-commit and arrival-order-commit this is done where the
    records become concurrent.

    Where the goroutine cannot run in place: when it is started for each
    element of a slice (a variable not assigned after the channel is
    made) and sends one result to a channel the loop drains afterwards
    (made before the loop, written by nothing else; a collector of
    completions in the same function too), the go
    keyword is removed and the channel made with room for the whole
    slice, make(chan error, len(batch)); otherwise, when what it waits for
    (a start signal) and what it sends to are handled later in the same
    iteration, the loop waits for it at the end of the iteration (done :=
    make(chan struct{}) before the go statement, defer close(done) first
    in the goroutine, <-done last in the loop body), unless the iteration
    can end before that (continue, break, return).

    Where none of these can be built (a goroutine reporting its failure to
    the select that receives the records: it can neither run in place nor be
    waited for), the goroutines keep running and each writes a low-water
    mark: the low-water fix of the select collector below, with the position
    call in the goroutine. It needs a go statement of a function literal
    making the position call itself, once, with the record it captures from
    the loop or is given as an argument. Marks of two goroutines may still
    land in either order, but each is a low-water mark: a forward-only mark
    keeps the higher, a last-write store or commit that goes back replays
    records done after it, neither passes a record in flight. A goroutine
    that returns early without the call and without handing the record on
    (an if, before the call, whose body ends in a return and reads nothing
    of the record but fields carrying no record: a failure reported and
    dropped) calls Done there too, since the original let later records pass
    it; a path skipping the call otherwise holds the mark until the
    partition is consumed again (a restart, or a rebalance giving it back,
    replays the record), and the tracker keeps the offsets started after it
    until then.

    Where that cannot be built either (the goroutine marks through a
    helper, or is a method: go h.w.work(sess, msg)), and what stops the
    goroutine from running in place is only its sends to a channel the
    loop receives from (a failure reported to the select receiving the
    records, or to an error channel of a struct made elsewhere that the
    poll loop checks), the go keyword is removed and each such send
    statement becomes a goroutine of its own (go func() { failures <- err
    }()): the loop receives it when it is ready, and no failure is
    dropped. The sends must be plain statements of the goroutine's
    function or of functions of the package it calls, each followed by a
    return or ending its function (so that the values the new goroutine
    reads are those the send read).

  - A pool started by a counting loop (goroutines fetching from one
    consumer included: the loop keeps its body and runs once) (for i := 0; i < n; i++, for i :=
    1; i <= n; i++, for i := n; i > 0; i--, for range n): n becomes 1, a
    single worker, and so does the n of a WaitGroup's Add(n) counting the
    workers. A count written as a literal (i < 4) changes with what waits
    for the workers' own signals, anywhere in the package: a loop
    receiving from a channel they send on (for i := 0; i < 4; i++ {
    <-done } in a deferred cleanup or a stop method, counting down too)
    and a WaitGroup's Add(4) whose Done they call; a worker's own loops
    counted alike (its retries) are left alone, and a signal awaited by a
    loop bounded otherwise leaves the fix out (it would wait for the
    workers gone). Not when several goroutines feed the pool's channel (fetchers
    started in a loop, through a spawner or not): one worker would still
    take the records in whatever order they are sent, so the finding has
    no fix and says so. Pools started through a spawner (a function of
    the package running its func() argument with go, a group's Run; one
    of another package of the program whose spawner fact says so, as a
    service's utility package holding such helpers; go-zero's threading
    and conc by name) count as started at its call. A pool started by a range over a slice (for _, w := range
    workers) ranges over workers[:1]. When n (or the slice) is used
    elsewhere in the function, other than as a channel's capacity (a loop
    collecting n results), every use must agree: a local variable or
    parameter is set right before the loop (n = 1, workers =
    workers[:1]); a field, package variable or constant, an index
    without calls (perTopic[topic]), a call without arguments
    (runtime.NumCPU()), a getter: a function or a method called on a
    concrete value, of another package with constant arguments
    (runtime.GOMAXPROCS(0), cfg.Int("workers")) or of this package with
    arguments without calls and a body that uses no channel, starts no
    goroutine and defers nothing (h.cfg.workersFor(h.topic)), or a
    builtin min, max, len or cap, or a conversion, of such operands
    (max(1, h.workers)), is replaced from
    the loop on by a local declared before it (n := 1, workers := p.workers[:1]). Not
    when it is assigned in the function, has its address taken, is used
    before the loop other than as a capacity, or the replacement would
    leave an import or variable unused. A pool started by several go
    statements keeps the first: the others are deleted, with a wg.Add(1)
    right before each, or a wg.Add(n) counting them all becomes
    wg.Add(1) (not when the function adds to a WaitGroup otherwise).
    Across packages, the call passing the worker changes: its count
    argument becomes the value starting one goroutine (1 for i := 0; i <
    n, 0 for i := 0; i <= n), when the count is a parameter of the
    starting function that it uses only there (and in logging calls);
    an argument with a call, or whose replacement would leave a variable
    or import unused, is capped instead (min(workers(cfg), 1), from Go
    1.21); otherwise the finding says why there is no fix.
    Where the count cannot be made one (a call through an interface, used
    by a loop collecting as many stop signals too), a loop counting up
    from a constant keeps starting its goroutines, but each after the
    first returns at once, after its leading defers (which signal its
    end): the loop variable is passed to the function literal, whose body
    starts with if i > 0 { return } (the first value of i). Not when the
    statements skipped send, close, or call a Done, Unlock, Signal or
    Broadcast method outside the loops receiving the records: another
    goroutine may wait for them. A pool started by a loop of another kind
    (for { if n == max { break }; go ...; n++ }) gets a break ending the
    loop's body: it runs once and starts one worker; not when the go
    statement is under a condition of the body, the body holds a continue
    or a goto, or the worker signals anything (a send, a close, an Unlock)
    but a WaitGroup's Done matched by an Add(1) of the loop's body.

  - An errgroup function that cannot be called in place (the function
    does not return just an error): the group runs one function at a
    time, in order: g.SetLimit(1) after the statement declaring g, or the
    argument of g's SetLimit replaced by 1. For a group not declared in
    the function (a parameter, a field), the function is called in place
    and its error handed to the group: if err := func() error { ... }();
    err != nil { g.Go(func() error { return err }) }, so that Wait still
    returns it; where the group was made with a context the function
    uses (errgroup.WithContext), the records after a failed one stop, as
    the cancelled context stopped them: a break out of the loop handing
    them out, or in EachRecord's function a flag it returns on (var
    failed bool, set with the error). Not where the group is made per poll
    in a loop that only logs Wait's error and polls again: the next poll's
    positions would pass the records stopped, never processed (audit
    36c/D1); they run as before, with the cancelled context. A function started with TryGo is never limited (TryGo
    would then skip records) nor moved from (the batch's positions would
    pass the records it skipped): it is called in place, in a function
    returning an error or with its error handed to the group. An if
    statement whose condition is !g.TryGo(f) or g.TryGo(f) (without init,
    or with an init defining the result that only the condition reads: if
    ok := g.TryGo(f); !ok) is replaced as a whole, since the branch for a full group can no
    longer run: it is dropped, and the statements of the branch for a
    started function follow the call (if g.TryGo(f) { started++ } else {
    log... } becomes the call, then started++); so is a loop waiting for
    room (for !g.TryGo(f) { time.Sleep(d) }): the function runs at once.
    A result kept in a variable of its own statement that only the
    condition of the if right after reads (started := g.TryGo(f); if
    !started { ... }) counts as that if's init. Not when the dropped
    branch holds the last use of an import or a variable or is an
    else-if, or the kept one declares a name: a result kept in a variable
    of its own statement is then set to true after the call (started :=
    true: the function did start), and a result read otherwise (an
    else-if, an expression) is replaced by an expression running the
    function in place and handing its error to the group: func() bool {
    if err := f(); err != nil { g.Go(func() error { return err }) };
    return true }().

  - Lanes not chosen by partition: the send routes each partition to one lane,
    lanes[int(m.Partition)%len(lanes)] <- m, for records with a
    Partition field of their own; else every record goes to the first
    lane, lanes[0] <- m. Lanes kept in a map with an integer key go to
    the first key when the map is written only by loops counting its key
    up by one from the same constant (for i := 0; i < n; i++ { lanes[i] =
    make(...) }, for id := 1; id <= n; id++, for i := range n, or the
    index of a range over a slice) and never deleted from: if any lane
    exists, the first one made does (lanes[1] <- m); a local map with keys
    of another type filled by one range over a slice of keys (for _, k :=
    range h.keys { lanes[k] = ch }), never deleted from, goes to the lane
    of the first key (lanes[h.keys[0]] <- m; the slice unchanged in the
    function). An index that is a variable
    defined for it alone (idx := shard(m.Key, n); lanes[idx] <- m) keeps
    the variable, and its definition computes the new index (idx :=
    int(m.Partition)%len(lanes)), when the calls it drops are of functions,
    or of methods of the package called on a concrete value (idx :=
    h.router.lane(m.Key, n)) whose bodies use no channel (a free-lane
    queue the workers give their lane back to), start no goroutine, defer
    nothing and call no function value, and it takes no address and
    receives from no channel; otherwise (idx := h.r.Lane(m.Key), through
    an interface) the old expression is kept, evaluated for its effects
    by a statement of its own before the definition (_ = h.r.Lane(m.Key)). A variable
    the old index alone read goes with it: a range key becomes _, a
    counter stepped from a constant (next := 0; next++) loses its
    declaration and its steps.

  - A completion callback's position call: a low-water-mark tracker (the
    one the fix declares in the package, below) is
    made before the outermost loop of the function, which must fetch the
    records (a fetch of the client, or a sarama claim's Messages: a
    tracker made per batch would start over with records still in
    flight), each record is started in it (in offset order, before its
    callback is made; a Start that fails meets a partition consumed again
    from an earlier offset and starts it over, as in the collector fix
    below, so the function may return anything), and the callback writes
    what the tracker's Done returns instead of its own record's position;
    an early return of the callback that drops its record (a failure
    logged) marks it done first, as before. A callback returning its call's
    error (return q.r.CommitMessages(ctx, m), the callback returning just
    an error) returns the mark's write where Done advances the mark and nil
    where it does not: the record is done, and a later write covers it.
    Only where the client model spells that write (clientmodel.LowWaterWriteOf,
    below) and the call is a statement of its own or so returned.
    Elsewhere (a call in an if's init, a loop that does not fetch, a
    method value), the loop waits for each
    callback before making the next: done := make(chan struct{}) before
    the statement making it, defer close(done) first in the callback, and
    <-done after the statement handing it on (first in the select case
    sending it; after the if statement whose init hands it on, when the
    if tests the call's error against nil and its body, without else,
    ends in a return, a continue or a labelled break: if err :=
    pub.PublishAsync(v, cb); err != nil { return err }, a failed hand-off
    leaves the iteration, no callback to wait for). Where a context
    named ctx is in scope and the function returns nothing or only an
    error, the wait is select { case <-done: case <-ctx.Done(): return
    (ctx.Err()) }, so that a callback its client never makes does not
    hold the loop, and a shutdown, forever; such a select waits as the
    receive does. A method value (e.Finish) is replaced by a function
    literal of its signature that calls it with defer close(done) first
    (its receiver must be a local variable assigned only where it is
    declared). The callback must then be called exactly once (a franz-go
    promise is); one never called stalls the loop. So where the callback
    is sent on a channel (in a struct beside its record) to workers of
    the package, the wait is built only when every worker calls it on
    every path from its receive (or hands the value received on whole);
    a worker that skips it on a failure (log and continue) gets the
    finding without a fix, saying why.

  - A delivery report's position call (the reply fix): each record waits
    for its own delivery, as the client's synchronous producer does. The
    send carries a channel of its own in place of the record (done :=
    make(chan error, 1); Metadata: done), the loop waits for it after the
    send (if err := <-done; err != nil { return err }: the function must
    return just an error) and then makes the position call for the
    record; the drain's call becomes the forward of the report to that
    channel (if reply, ok := s.Metadata.(chan error); ok { reply <- nil
    }), and every other drain of the producer's report channels in the
    package (a range over it, or a select case receiving it) forwards its
    reports first (errors too, so that a failed delivery ends the wait).
    A record asserted into a variable by the first statement of the
    drain's body (m := s.Metadata.(*sarama.ConsumerMessage); log...;
    sess.MarkMessage(m, "")): the statements after it move after the
    wait, the variable bound to the loop's record (m := msg), and the
    drain's body becomes the forward; not when they leave (return, break,
    continue) or read the report otherwise. A loop draining the reports
    itself (a select receiving the records and the reports, or a select
    after each send receiving one report, from a producer the claims
    share: the report may be another claim's) waits for its record's
    delivery while it keeps draining: after the send, a loop around a
    select of its other cases (for a select after the send, that select
    itself) plus case err := <-done (return err if the delivery failed,
    else the position call and the loop's end), every report case
    forwarding first (the marking case only forwards), so that a report
    reaches the loop waiting for it whichever loop receives it; the
    select's own report cases forward too. Not when a case leaves the
    select otherwise than by a return (break, continue, goto) or is a
    default. Not when a report channel has no such drain, when the
    package asserts the field's type elsewhere without a comma-ok (it
    would panic on the channel), when the send or the record is not a
    statement or a variable of its own, or when the call's other operands
    mean something else at the send.

  - A consume loop collecting completions in the select receiving its
    records (case m := <-done: sess.MarkMessage(m, "")): a tracker made
    before the loop, each record started in it right before its go statement
    (the goroutine captures the record, or is given it as an argument: go
    func(m *Msg) { ... }(msg)), and the statement of the position call
    writing what the tracker's Done returns, when it advanced the mark (if
    next, ok := tracker.Done(tp, m.Offset); ok { ... }). A Start that fails
    meets a partition consumed again from an earlier offset (a rebalance
    gave it back, or a rewind): the partition is forgotten and started
    again, so that a rebalance does not end the loop (the second Start fails
    only on an offset no fetched record has, negative or the largest int64:
    its result is discarded, so the function may return anything). The
    write, for each client model (clientmodel.LowWaterWriteOf): sarama
    MarkMessage becomes MarkOffset of the mark; franz-go MarkCommitRecords
    becomes MarkCommitOffsets with the finished record's leader epoch, and
    CommitRecords commits a record at the mark - 1 with that epoch (it
    commits offset + 1); kafka-go CommitMessages commits a message at the
    mark - 1 (it commits offset + 1); confluent-kafka-go StoreMessage and
    CommitMessage become StoreOffsets and CommitOffsets of the mark. The
    position call takes one record, a variable or a field of the completion
    received (res.msg, sent as result{msg: msg, err: err}), and is a
    statement of its own or the init of an if statement, with or without
    else (if err := r.CommitMessages(ctx, m); err != nil { ... } else {
    committed++ }: the whole if goes in the mark's branch). When the case
    reads nothing else of the record than fields carrying no record
    (res.err, res.msg.Offset: it cannot hand it on for a retry), Done goes
    first in the case, so that a completion the case
    skips (a failure logged and dropped) is done as before, and the
    statement writes the mark if it advanced (next, advanced :=
    tracker.Done(...); ...; if advanced { ... }); otherwise a completion
    that skips the statement holds the mark until the partition is consumed
    again.

Keeping the concurrency needs a low-water-mark tracker: the consume loop
starts each offset in order, workers report it done and commit what the
tracker returns, the smallest offset still in flight. The lowwater package
of this module (github.com/offsetcommit/commitlint/lowwater) is one. Only
the completion-callback, select-collector and last goroutine fixes
introduce one: they declare lowWaterTracker in the package, at the end of
its first file (edit.DeclareTracker: standard library only, so the fixed
code needs no new module, and recognised as a low-water mark while its
code is as the fix wrote it), since a callback has no go statement to remove, and a
goroutine whose loop collects its completion (or its failure) can
neither run in place nor be waited for.

Reported without a fix (the message says why; a low-water mark written
by hand is then the way to keep the concurrency):

  - a consume loop collecting completions in the select receiving its
    records, and goroutines that cannot run in place where no join exists
    to move the call after, nor room to give their sends, nor a wait at
    the end of the iteration that would be reached, when the low-water
    fix cannot be built either: a position call the client model spells
    no low-water write for (the calls taking raw offsets), one writing
    several records, one that is neither a statement of its own nor the
    init of an if, or a goroutine that is not a function literal making
    it itself, once (a helper it calls makes it, or it is a method: go
    h.w.work(sess, msg)), when its sends to the loop cannot be made
    goroutines of their own either (a select's send case, or a send
    followed by more work). Removing the concurrency would make a
    goroutine wait for the loop that waits for it, and no low-water write
    can take the call's place;
  - pools whose worker count cannot be made one (see the fixes) and whose
    loop cannot be cut to one iteration either (a go statement under a
    condition, a continue, a worker signalling what another goroutine may
    count): the number of workers cannot be changed without changing
    what else reads it;
  - functions handed to a pool (runsPool) whose count of goroutines is
    not a parameter used only as its loop's bound, or is not an argument
    of the call (a method expression), or cannot be replaced nor capped
    there: the count cannot be set from the consumer's package;
  - errgroup functions started with TryGo that cannot run in place (they
    send to a channel their loop receives from): TryGo cannot be limited
    (it would skip records) nor waited for in its iteration here;
  - lanes kept in a map not filled by loops counting up from one
    constant nor by one range over a slice of keys (no lane is sure to
    exist), and lanes whose
    index, once replaced, leaves a variable unused that is not a range
    key, a counter stepped from a constant, nor an index variable defined
    by a statement of its own;
  - completion callbacks handed on by a statement other than a call, a
    send or a select's send case (an if's init whose body does not leave,
    or that tests something else than the call's error), or on a channel
    the loop drains itself, when the client model spells no low-water write for the call
    or the call is neither a statement of its own nor returned alone, or
    the function's outermost loop around them fetches nothing;
    method values whose method
    is made into values in several places, or whose receiver is not a
    plain local variable: the loop cannot wait for each callback, and the
    callback cannot write a low-water mark;
  - delivery reports for which the reply fix cannot be built (see its
    conditions: a report channel drained nowhere in the package, an
    assertion of the field elsewhere that would panic, a drain's case
    that breaks out of its select): no wait for each record's own
    delivery can be built.

Not reported (known gaps): a function literal writing its record's
position handed to a function that keeps it or passes it on (not only
calls it); records looked up by keys that goroutines per record (not a
pool's workers) acknowledge; pools whose workers are different functions
started by several go statements (not recognised); delivery
reports whose record is sent by several statements; goroutines
fetching from one consumer whose fetch or position call is made by a
helper they call, or that write a whole poll's batch
(cl.CommitRecords(ctx, fetches.Records()...)) or the records of
fetches.EachRecord;
functions
started through a function value that is not a parameter (a field, a map
of handlers); goroutines and records crossing package
boundaries, but for the pool fetching from one consumer assembled from
facts and the functions handed to a pool of another package (there, a consumer behind an application's interface, a starting
function called through an interface, and a worker its own package
calls or starts are not judged).
*/
package hiwater
