/*
Package fencing defines an Analyzer that reports swallowed commit and
transaction errors, ignored fencing errors and transaction results, missing
commits around rebalances, and offset rows written without a fence.

# Analyzer fencing

fencing: report swallowed commit errors and unfenced position writes

After a rebalance a partition belongs to another member, and a write of its
position by the previous owner is stale: the offset store must reject it,
and the previous owner must notice. This analyzer reports code that does not
notice, or writes positions no store can reject. Where each client surfaces
these errors differs a lot, so each message says what the error costs with
that client.

  - swallowed-commit-error: the error of a commit or transaction call is
    discarded (an unused result, `_`, a variable never read), or, for
    transaction calls, only logged while the loop carries on. confluent
    CommitTransaction, sarama CommitTxn and franz-go Client.EndTransaction
    (with TryCommit): the consumer has moved past the batch and nothing
    rewinds it, so its output is lost; franz-go
    GroupTransactSession.End: its errors are not retryable, so the loop keeps
    polling while every End fails. For plain commits (franz-go CommitRecords,
    CommitUncommittedOffsets, CommitMarkedOffsets; kafka-go CommitMessages
    with synchronous commits; confluent Commit, CommitMessage, CommitOffsets)
    only a discarded error is reported: a failed commit leaves the position
    behind (a restart replays, nothing is skipped) and the client rejoins by
    itself, so a logged failure is handled; so is one that stops the
    goroutine or the process (log.Fatal, os.Exit, panic, or a function that
    always calls one of them, in any package). Fix: for a transaction
    call, return the error wrapped with %w (with the zero values of the
    function's other results; in a function without results, inside the
    loop: log it and return, which stops the loop); sarama CommitTxn fixes
    call AbortTxn first. A transaction call in a function literal called
    in place as a statement of the consume loop, whose return ends only
    the literal (`func() { … if err := p.CommitTxn(); err != nil { log…;
    return } }()`), is judged as in the loop: the literal returns the
    error (as a function returning an error would; nil from its other
    returns and at its end) and the loop returns it; a literal whose
    errors the loop only logs is fixed as a begin's is (below); an abort
    followed by the literal's return is not judged. For a plain commit,
    log the error and carry on: a
    return would stop the service, or end a caller's loop silently, at
    every rejected commit. A transaction call's error discarded in a
    function without results outside a consume loop (a flush helper the
    loop calls) is fixed by stopping the process (log.Fatalf): no caller
    can learn of the failure, and changing the signature would change
    every caller. This is the recovery the clients prescribe: after a
    fatal error (a fenced producer) the producer must be closed; after an
    abortable one the transaction must be aborted and the consumer
    rewound to the last committed offsets, and a restart does both (the
    coordinator aborts the open transaction when the restarted producer
    initialises its transactional ID, or at its timeout, and the consumer
    resumes from the offsets the last transaction committed), while the
    consumer that rewind needs is not in scope there.
    A plain commit deferred directly (`defer
    cl.CommitUncommittedOffsets(ctx)`, a final commit at shutdown)
    discards its error too: its fix defers a closure that logs it. A
    receiver or argument that evaluating later might change (not made of
    variables the function does not assign after the defer, nor
    context.Background()) is passed to the closure as an argument, so it is
    still evaluated at the defer statement.
    A function of the package that makes a plain commit and returns its
    error on every path, unchanged or wrapped with %w, doing nothing else
    with it (`func (c *consumer) commit(m *kafka.Message) error { _, err
    := c.c.CommitMessage(m); return err }`) is the commit to its callers:
    its error discarded (a statement, `_`, a variable never read, a defer)
    is reported at the wrapper's call and fixed as the commit's would be,
    logging it there (the wrapper is kept). A function that returns a
    wrapper's error the same way is one too, and so is a method of an
    interface of the package whose only implementation in it is a wrapper;
    a named error result counts as returned by a bare return (`_, err =
    c.c.CommitMessage(m); return`). The same holds in the packages that
    import it (honestbank/kp's middleware: `defer
    c.consumer.Commit(msg)`): an exported wrapper, or a method of an
    exported interface whose only implementation in its package is a
    wrapper (kp's consumer.Consumer), carries a fact its importers read;
    the finding's related information points at its declaration. Not
    judged: a wrapper with a closure, defer or go statement (which could
    change a named result), or another commit in its body, one that
    returns nil on a path that commits nothing or logs the error itself
    (handled); a method of an interface that is generic or implemented by
    a second type of its package (or by none), and, across packages, one
    that is unexported or implemented by a type of the calling package (a
    fake).
    A failed transaction commit (confluent CommitTransaction, sarama
    CommitTxn, franz-go EndTransaction) that a consume loop aborts (a call,
    or `if aerr := abort(); aerr != nil { ... }`) and then carries on from,
    with nothing but logging besides the abort, is reported under its own
    category, abort-without-rewind: the abort discards the output and the
    offsets, but the consumer is already past the batch. sarama's session
    ResetOffset does not count as a rewind (it moves the session's mark,
    which the transaction does not commit; the claim reads on). Its fix
    rewinds: after the abort,
    Seek the message's partition back to it (confluent, when each
    iteration reads one message and begins its own transaction
    unconditionally), else return after the abort, which stops the loop
    so that the consumer resumes from the committed offsets; without a
    fix, saying why, when neither can be built. An abort followed by any
    other call (a rewind helper) is not judged. The same goes for an abort
    on the failure of any other call of the transaction (sarama
    AddMessageToTxn/AddOffsetsToTxn, confluent SendOffsetsToTransaction):
    the abort discards the output of what the consumer has moved past.
    The transaction may be in a helper without results and without a
    loop of its own that every caller calls as a statement of its
    consume loop (ConsumeClaim calling h.relay(msg) per message): an
    abort that falls off its end or returns bare hands back to a loop
    that reads on, and is reported without a fix, saying why (the loop
    is the callers').
    Deliberately silent otherwise: sarama AddMessageToTxn/AddOffsetsToTxn,
    which only buffer (their errors come back from CommitTxn, the error to
    handle), and aborts (EndTransaction with TryAbort). confluent SendOffsetsToTransaction
    is reported when its error is discarded or only logged in a consume
    loop: an abortable failure makes CommitTransaction fail too, but after a
    retriable one the transaction commits its output without the consumed
    offsets, so the batch is consumed and produced again. Consumers that
    assign partitions themselves and keep a group's offsets (kadm
    CommitOffsets and CommitAllOffsets, kafka-go Generation.CommitOffsets)
    are plain commits. kadm CommitOffsets whose error is read but whose
    responses, where a partition's failure is reported, go to the blank
    identifier is reported too: the fix calls CommitAllOffsets, whose one
    error covers them (folds.go).

  - ignored-fencing-error: code that recognises a fencing error and
    carries on as if nothing happened. Of a transaction call (sarama
    CommitTxn, confluent CommitTransaction, franz-go End): a producer or
    group fencing error (errors.Is(err, kerr.ProducerFenced), err ==
    sarama.ErrProducerFenced, errors.Is(err, sarama.ErrIllegalGeneration),
    kerr.Code() == kafka.ErrProducerFenced, …) followed by a continue of the
    consume loop. Of a plain commit (franz-go CommitRecords,
    CommitUncommittedOffsets, CommitMarkedOffsets; kafka-go CommitMessages
    with synchronous commits; confluent Commit, CommitMessage,
    CommitOffsets): a group fencing error (a rebalance, the member removed,
    fenced by a static member or by its member epoch: kerr
    RebalanceInProgress, IllegalGeneration, UnknownMemberID,
    FencedInstanceID, FencedMemberEpoch, StaleMemberEpoch; kafka-go
    kafka.RebalanceInProgress, IllegalGeneration, UnknownMemberId,
    FencedInstanceID; confluent kafka.ErrRebalanceInProgress,
    ErrIllegalGeneration, ErrUnknownMemberID, ErrFencedInstanceID,
    ErrAssignmentLost and the member-epoch codes, read with
    err.(kafka.Error).Code() or errors.As) only logged or counted (or
    left in an empty branch) while a loop over a batch fetched before it
    moves on to the next record: the
    client rejoins in the background, the consumer keeps processing
    partitions it may no longer own (their new owner processes the same
    records again), and its later commits are rejected or land on the wrong
    side of the fence. Only tests that hold exactly when the error is a
    fencing one count (errors.Is, ==, Code() ==, alternatives with ||, a
    tagged switch's case); negated or mixed tests are not judged. Fix, for
    a transaction call: return the error wrapped with %w (in a function
    without results, inside the poll loop: log it and return). For a plain
    commit: abandon the rest of the batch and go back to the poll (break,
    labelled when a switch or select or a loop over partitions is in
    between), rewording the branch's log, which said the loop carries on.
    Silent on loops that fetch (the next
    fetch runs under the new assignment: kafka-go drops messages of an
    ended generation, franz-go and librdkafka revoked partitions' buffered
    records), on a batch abandoned (break, continue of the poll loop), on
    retry loops, on channel workers, and with kgo.BlockRebalanceOnPoll.
    Silent on franz-go unless its balancers are known to be eager
    (kgo.Balancers of RangeBalancer, RoundRobinBalancer or StickyBalancer
    only): its default, cooperative-sticky, keeps the partitions the
    member still owns through a rebalance, with their fetch positions
    past the batch, so abandoning the rest of the batch would let the
    next commits pass records nothing processed (lost), and carrying on
    is the client's design.

  - ignored-txn-result: franz-go End's committed result is ignored while
    statements after it treat the batch as done: a rebalance makes End abort
    and return (false, nil), the batch is polled again, and those effects run
    twice (fix: continue the loop when !committed, declaring committed
    when the results are assigned with =); or a sarama CommitTxn
    failure handled by returning without AbortTxn on a producer that
    outlives the function: after an abortable error sarama accepts no
    BeginTxn until AbortTxn (fix: call AbortTxn first, returning its
    failure, or logging it in a function without results). Silent when the
    function defers a closure that aborts when its named error result is
    set.

  - skipped-txn-begin-failure: a transaction begin (sarama BeginTxn,
    franz-go BeginTransaction and GroupTransactSession.Begin, confluent
    BeginTransaction) whose failure a consume loop discards or only logs,
    moving on to the next record: the record goes unprocessed and the next
    transaction commits a later offset, so it is lost for good (fix: return
    the error). So does a return from a function literal called in place
    as a statement of the loop (`for msg := range ch { func() { … if err
    := p.BeginTxn(); err != nil { log…; return } … }() }`): it ends only
    the literal, and the loop moves on as a continue would. Fix: the
    literal returns the error (wrapped; nil from its other returns and at
    its end) and the loop returns it (in a function without results:
    returns, logging it unless the literal did). A literal that returns
    an error carries on the same way when it returns nil on the failure
    (fix: return the error) or the loop discards its result (fix: the
    loop returns it). So does one whose errors the loop only logs: the
    fix declares a flag before the literal (`txnFailed := false`, one
    per literal, which every transaction call's fix in it shares), sets
    it where the call fails (the literal returning the error there), and
    ends the loop's branch, after its log, with a return of the error
    when the flag is set (in a function without results: a return), so
    the literal's other errors are still only logged. Not judged: a
    literal with other results, one nested in another literal.

  - rebalance-never-allowed: a franz-go client built with
    kgo.BlockRebalanceOnPoll() and polled in the package, on which nothing
    in the package calls AllowRebalance (nor on a value of an interface,
    nor takes it as a method value):
    each poll that returns records holds rebalances back until
    AllowRebalance releases it, so the first rebalance never proceeds,
    the group stalls until the rebalance timeout removes the member, and
    its commits fail from then on (replays). Reported at the option.
    Fix: call AllowRebalance at the top of each poll loop (right before a
    poll made outside a loop), and defer it right before the loop, so that
    a Close deferred by the loop's function can leave the group (without
    it, a SIGTERM'd member hung in Close: audit 32d/14), and right before
    a Close the function calls itself after the loop, which runs before
    the deferred release (audit 33d/3).

  - poll-error-skips-records: a franz-go poll loop that polls again when
    the poll reports an error (fetches.Err(), Errors(), Err0() tested
    for a failure, or a flag EachError's function sets to true tested,
    the branch coming back to the poll without using it):
    a poll holds the records of some partitions beside the errors of
    others, and PollFetches has already made those records' positions
    the uncommitted ones, so the next commit (the loop's own, a
    transaction's, or the auto-commit timer's) passes records nothing
    processed: lost without a crash. A function that polls once and
    returns on the error is reported when a caller of its package calls
    it in a loop whose branch for that error (any path, when the error is
    not read) comes back to the call without returning or exiting.
    Silent when the branch panics, breaks out of the loop, processes the
    records anyway, or returns to callers that stop on the error; and
    for a client built in the package with auto-commit off (on every
    path: one disabling it on some paths only is reported) on which
    nothing commits, marks or stores (nor a transaction, nor a package
    given its records that writes positions): no commit passes the
    dropped records, which the next start replays. A commit of nil
    offsets (CommitOffsets(ctx, nil, nil)) writes nothing and is no
    commit.
    Fix: poll again only when the poll holds no records (Fetches.Empty),
    so a closed client or a cancelled context goes on as before: the
    branch's final continue is guarded (`if fetches.Empty() { continue
    }`, after its log); a branch that only continues, or calls the
    client first (a transaction aborted), is taken only then (`err !=
    nil && fetches.Empty()`); an else holding the processing, the last
    statement of the loop's body, is moved after the if, whose branch
    ends with the guarded continue; a poll-once function's final return
    is guarded, or its condition extended, the same way. Reported
    without a fix, saying why, when the branch ends otherwise (a
    continue of another loop's label, an else followed by more of the
    loop; continue poll, poll the poll loop's own label, is a continue of
    it), when the
    poll's result has no name, or when the else's statements cannot
    move out of it as they are.

  - revoke-without-commit: a franz-go kgo.OnPartitionsRevoked callback that
    commits nothing while auto-commit is on (a custom callback replaces the
    default one, which commits on revoke and at Close: every rebalance and
    deploy replays up to the auto-commit interval); a confluent RebalanceCb
    whose RevokedPartitions case does not commit while enable.auto.commit is
    off and the loop commits in batches. A commit made through an
    interface of the application counts when the value it is called on
    may be the client (a one-method seam tests replace, `func (e *engine)
    committer() offsetCommitter` returning the client unless a test set a
    fake): the callback commits; one called on a value the analysis
    cannot trace (a field another package sets) may be the client's
    commit, and the callback is not judged (its report says unknown).
    Fixes commit in the callback:
    CommitMarkedOffsets with kgo.AutoCommitMarks, else
    CommitUncommittedOffsets with kgo.BlockRebalanceOnPoll (added, with
    AllowRebalance at the top of the poll loop, or right before a poll
    made outside a loop, in a helper the loop calls; the constructor and
    the poll loop may be in different functions; a callback's unnamed
    parameters are named); confluent: Commit()
    unless AssignmentLost(), not when the loop holds messages across polls
    with enable.auto.offset.store on (the callback runs in a poll, and
    would commit the held batch's stored, unwritten offsets: audit
    32d/13). No CommitUncommittedOffsets fix (reported
    without one, saying why) when records are handed to goroutines the
    loop does not wait for (it would commit records still queued for them:
    lost), or when the callback is also the OnPartitionsLost callback (a
    commit for partitions no longer owned). Not reported for a franz-go client polled
    only in another package, where AllowRebalance would have to go: what
    a rebalance replays there depends on that package's own commits (one
    after each poll replays no more than the default revoke would).
    Also reported: a confluent rebalance callback that starts a goroutine
    (a worker per assigned partition) that commits the consumer's
    messages (through a field holding it, or the consumer the client
    passes the callback), while the callback and the functions of the
    package it calls do nothing on RevokedPartitions that could stop it:
    they never assert the event to that type, or only in branches (a
    type switch's case, an if) that log, call the consumer's methods
    (Unassign, Commit), assign local variables and return; nor do they
    hand the event to code the analysis cannot see, nor do something in
    a type switch's default case or in the else of an if asserting the
    event's type, where a revocation may be handled. After a revoke the worker
    keeps processing the messages handed to it and committing a partition
    the consumer no longer owns (its next owner processes them again, and
    a stale commit can move the group's position back). The finding
    points at the go statement, in the callback or in a function of the
    package it calls.
    Fix: the wrapper started in its place
    closes a channel when the worker returns, kept by the same key in a
    sync.Map field added beside the workers' channels; at the top of the
    function, on RevokedPartitions, each revoked partition's channel is
    deleted and closed and its worker waited for, so that its last commit
    lands while the partition is still assigned. Built when the worker's
    channel is loaded from a sync.Map field of the function's receiver
    (or parameter), or stored by the function in a sync.Map field of it
    (Store) or in a map field of it; a map the function takes a lock for
    (Lock of a mutex field of the same struct) is read and deleted from
    under that lock by the fix, which closes the channel and waits for
    the worker without it (the worker may take it). The callback runs
    inside the poll, so a lock held around it (by the function polling,
    or by a function of the package calling it: after a Lock statement
    and before the Unlock of its statement list, or to the end with a
    deferred Unlock) is held while the callback runs: a map the function
    reads without a lock under that hold is read and deleted from the
    same way, and the fix waits for the worker under the hold, so the
    worker (and the functions of the package it calls) must not take
    that lock; when it does (to count what it did), the fix takes the
    poll out of the hold, the Lock statement right before the poll's
    moving right after it (`ev := c.Poll(100); s.mu.Lock()`), built when
    no other function of the package taking that lock (but the poll
    loop's) touches a field the callback's functions touch, and the
    message says so; a lock the poll loop takes only around its reads of the
    map is taken by the fix as above. A function that itself takes the
    lock the poll loop holds around the poll waits for itself at the
    first assignment: its Lock and Unlock statements of that lock (a
    deferred Unlock included) are taken out by the fix, which then reads
    the map under the poll loop's hold, and the message says so. The
    key is made of
    the variable of a range over the assigned event's partitions (or a
    slice of their type), the worker returns when that channel is
    closed (it ranges over it, or tests the receive's second result and
    returns), the function handling the revocation has the event as a
    named parameter, and every send on such a channel is made by a
    function that polls (the poll loop), or by an unexported function
    only such functions call, directly: the callback runs inside Poll,
    on that goroutine, so no send races the close. The revocation is
    handled at the top of the function starting the worker when it is
    the callback or a function whose every call the callback makes in
    its entry block, with its event; else at the top of the callback,
    when that function is unexported and only the callback calls it,
    each time with the same parameter of its own (its receiver, say)
    for the value holding the channels (a function it calls only on
    an assignment). Reported without a fix otherwise (the message
    ending "; no automatic fix: " and what to do instead: close each
    revoked partition's channel on the revocation and wait for its
    worker): workers kept in another structure (a struct per worker, a
    slice, a map under a read lock or another struct's lock), a callback
    taking a lock the poll loop holds around the poll other than in
    Lock and Unlock statements of its own (the message says to take that
    lock out of the callback), a worker taking
    a lock held around the poll (waiting for it would deadlock) when the
    poll cannot be taken out of the hold (the lock taken further up, or
    by a caller, or another goroutine taking it to touch what the
    callback touches), a worker
    that does not return when its channel closes, a worker started in a
    function other code calls too and that does not see every event.
    Known gap (no finding): a worker committing
    through a consumer the analysis does not tie to this one.

  - revoke-commits-in-flight: CommitUncommittedOffsets in a franz-go
    OnPartitionsRevoked callback without kgo.BlockRebalanceOnPoll: the
    callback can run while the loop still processes a poll, and commits it.
    With kgo.BlockRebalanceOnPoll too when the poll loop can leave a poll
    half processed (a return, a panic or a break of the loop after the
    poll, also in a poll helper the loop calls; not on a branch testing
    that the poll is empty or the client closed, nor after a failed
    commit): the client's Close runs the callback as the member leaves its
    group, and it commits the records the loop abandoned (audit 37c/D4:
    279 of 300 lost at a SIGTERM). Blocking rebalances is then no fix: the
    commit is taken out of the callback (below).
    Fix: add kgo.BlockRebalanceOnPoll() and cl.AllowRebalance() at the top of
    the poll loop (or before a poll outside a loop; deferred before the
    loop too, for a deferred Close, and before a Close after the loop), so callbacks run
    between a batch and the next poll; a discarded error of that commit is
    logged by the same fix. When the client is polled only in
    another package (where AllowRebalance would have to go; the bug holds
    whatever that package does), the poll's receiver cannot be written
    again, or the loop hands the records to goroutines or a channel
    (they outlive the poll: blocking rebalances while it is processed
    would leave them in flight), the fix takes the commit out of the
    callback: a
    callback that does nothing else but log its error is removed
    (franz-go's default revoke then commits, while auto-commit is on, only
    the polls before the latest one, which are processed), else the
    commit's statement is removed; the partitions' next owner resumes
    from the last commit made after processing (duplicates, not losses).
    A commit in a function of the package that the callback calls: when
    that function does nothing else (but log, or return the commit's
    error), the callback's statement calling it is what goes (the
    callback, if that is all it does); else, when the function is
    unexported and only the callback calls it, the commit goes from that
    function (a returned commit becomes `return nil`). A commit in a
    function literal inside the callback (a closure it calls, or one a
    retry helper runs; not one stored in a field or a package variable)
    goes from that literal, which only the callback's run reaches (a
    returned commit becomes `return nil`). A
    commit that is the last statement of an unexported function without
    results or returns, which the callback calls and other functions of
    its file that the callback does not reach call too (a final flush at
    shutdown), moves out of it to after
    each of those other calls (statements of their own), written with
    their receiver and arguments (without effects, or
    context.Background()): they still commit, the callback no longer
    does. Declarations that
    only the removed statements used go with them (a context with a
    timeout for the commit, and its deferred cancel), and so do imports
    only they used. A variable that only the commit used, declared by a
    call with other effects (`tctx := b.deadline(ctx)`, which flushes a
    buffer), keeps its call as a statement of its own. A commit in a
    function literal of an unexported function only the callback calls
    goes from that literal (a returned commit becomes `return nil`). A
    commit in a function without results that does more and that other
    code may call (exported, or called elsewhere), called by the callback
    as a statement: the callback runs that function's other statements
    in place of the call, written with the call's receiver and arguments
    (without effects, or context.Background()), in a block of their own
    when they declare names; the function keeps its commit for its other
    callers. Built when it has no return, defer, go, label or branch
    statement, assigns none of its parameters, and the names it uses
    mean the same at the callback's statement. So is a function whose
    one result is an error that only the commit gives (its returns are
    the commit's, `if err := cl.CommitUncommittedOffsets(ctx); err !=
    nil { return err }` or a last `return cl.CommitUncommittedOffsets(
    ctx)`, but a last `return nil`): without the commit it returns nil,
    so the callback's statement may also discard its error or check it
    (`if err := SyncErr(ctx, cl, b); err != nil { log… }`, without
    else), and the check goes with the call (and the imports only its
    branch used). Leading guards that only return early (`if
    len(b.buf) == 0 { return nil }`, without init or else) are allowed:
    the other statements run under their negated conditions (`if
    len(b.buf) != 0 { b.flush() }`). Reported without a fix
    (the message ending "; no automatic fix: " and what to do instead:
    pass BlockRebalanceOnPoll and allow rebalances between polls, or
    take the commit out of the callback's run) in the other shapes: a
    commit in a function literal of a function others call too, in a
    function that does more and has other callers with other results or
    another return (an early return in the middle of the function), or
    when removing it would leave unused a variable whose declaration has
    other effects and is not a call alone.

  - unfenced-offset-write: a consumer that keeps its position in its own
    database (the exactly-once pattern) writes the offset row with an UPDATE
    or INSERT ... ON CONFLICT DO UPDATE, or MySQL's INSERT ... ON
    DUPLICATE KEY UPDATE col = VALUES(col) (a constant statement passed to
    a database/sql or pgx exec call, with a record's offset among its
    arguments) that has no guard: no compare-and-set on the previous offset,
    no generation or epoch column, no GREATEST. A stale owner can move the
    position backwards. Fix: add `AND next_offset < $n` (or a WHERE on the
    conflict update; for MySQL, the value becomes GREATEST(col,
    VALUES(col))) so the position only moves forward; with ?
    placeholders (MySQL or SQLite drivers), `AND next_offset < ?` with the
    new offset's argument repeated at its place in the argument list
    (arguments passed as a slice: the offset appended to a copy of it,
    or inserted in a copy when a placeholder follows the guard's, as
    LIMIT's; an offset computed by a call: evaluated once into a
    variable declared before the statement, with every other argument
    that has effects, in their order, when the receiver has none and the
    call is its statement's own). A
    statement the fix cannot edit in place (a quoted string with escapes,
    a constant of another package, or one shared with other calls when an
    argument is added) is written again as a literal in the call. Where
    the repeated argument cannot be evaluated once (the receiver has
    effects too, or there is not one argument per ?) it is reported
    without a fix, saying so.

  - sink-offset-not-restored: a consumer writes its position in the
    transaction that applies the record (the offset row above), but nothing
    reads it back when partitions are assigned. It then resumes from the
    broker's committed offset, behind the stored one when it commits to
    the broker after the transaction (the records in between are applied
    again), or, when it commits nothing to the broker, from the client's
    start offset at every restart and rebalance: the newest for sarama
    (Offsets.Initial) and confluent (auto.offset.reset), so what was
    produced meanwhile is lost; the earliest for franz-go and kafka-go, so
    everything is applied again. The fix adds the client's restore hook,
    reading the offset column of the same table by the same keys (topic,
    partition, the group when the row has one, and any other key the
    write gives a constant, with that constant; with ? placeholders when
    the write has them), through the database
    handle in scope (a pgxpool.Pool, a pgx.Conn or a sql.DB; of several,
    the parameter the transaction's handle comes from). The row is the
    next offset to read when the write stores the record's offset + 1;
    when it stores the record's own offset (m.Offset, the last applied)
    the read adds 1 (SELECT last_offset + 1 ...), or that record would
    be applied again at every assignment; any other value (a variable)
    gets the transaction's skip below instead, which compares what the
    write stores. For franz-go, kgo.AdjustFetchOffsetsFn, which runs after the committed
    offsets are fetched and before the partitions are assigned, returning
    kgo.NewOffset().At(next) for each partition with a row (SetOffsets from
    OnPartitionsAssigned is not it: that callback runs before the committed
    offsets are fetched, whose assignment then wins). For sarama, in the
    handler's Setup, which runs before the claims start from the offset
    manager's position, for each partition of sess.Claims():
    sess.MarkOffset then sess.ResetOffset with the stored offset;
    MarkOffset only moves forward and ResetOffset only back (a partition
    without a committed offset is at -1, where only MarkOffset moves it),
    so together they set it either way. For confluent, a rebalance
    callback in Subscribe/SubscribeTopics (in place of nil) that, on
    AssignedPartitions, sets each TopicPartition.Offset from the row and
    calls Assign; librdkafka ignores the callback's error and would assign
    the committed offsets, so a failed read stops the process. When the
    application subscribes with a callback of its own (a function literal,
    function or method of the package) that assigns nothing, the same
    assignment goes inside it: at the top of its AssignedPartitions case
    (a type switch binding the event), else in an if on that event at the
    top of its body, the callback's own code still running after it. The
    fix assigns with Assign, or with IncrementalAssign when
    GetRebalanceProtocol() says COOPERATIVE (the cooperative-sticky
    assignor hands over only the added partitions). A kafka-go
    group Reader cannot be told where to resume (SetOffset fails when
    GroupID is set), so its fix makes the transaction skip what is applied:
    right after the transaction begins (and its deferred rollback), it
    reads the stored position FOR UPDATE by the write's own keys, and
    returns (rolling back) when the write would not move it forward; the
    row lock makes a second owner of the partition wait for the first
    one's commit and then see its position. Built when the consumer
    resumes at or behind the stored position (it commits to the group
    after the transaction, or commits nothing and starts from the oldest
    offset), with numbered placeholders, or ? ones in a write of MySQL's
    own syntax (ON DUPLICATE KEY UPDATE), or of SQLite's (ON CONFLICT,
    which MySQL has not; PostgreSQL's drivers number placeholders): then
    the read is a plain one, SQLite having no FOR UPDATE and serializable
    transactions (a second owner that read before the first one's commit
    fails its write with SQLITE_BUSY and rolls back); and keys and
    offset written as expressions without effects in scope there; a
    transaction without a deferred rollback gets one (`defer
    tx.Rollback()`, right after the begin's error check) when the
    function commits it and uses it only as the receiver of its calls
    (a rollback after the commit does nothing). A Reader that commits
    nothing and starts from the newest offset loses records no skip
    brings back: when its StartOffset is set in a config literal of
    the NewReader call (or of a local variable declared with it that
    only that call uses), or assigned once to that variable's field
    before the call in its block (cfg.StartOffset = kafka.LastOffset,
    the variable's other uses being assignments to its fields), the fix
    also sets it to the oldest offset (kafka.FirstOffset), so every
    start reads the partition from its oldest record and the skip passes
    over what is applied. Reported without a fix otherwise (the message
    ending "; no automatic fix: " and what to do instead), notably that
    Reader with its start offset set elsewhere (a skip is not built
    either when the function building the Reader assigns StartOffset a
    value other than the oldest in a way the fix cannot change), a write with ? placeholders
    and neither MySQL's nor SQLite's own syntax, and a consumer of
    which the analysis cannot tell whether it resumes at or behind the
    stored position. A kafka-go Reader
    outside a group (no GroupID: nothing is committed, and every start
    reads from the oldest offset) can be told where to resume: its fix
    reads the row right after the NewReader statement (and the deferred
    Close after it), in the function that builds the reader, by the
    config literal's Topic and Partition (0 when not set), and calls
    SetOffset with it, before the first read; a failed read or
    SetOffset is returned (wrapped), or, in a function without an error
    result, stops the process (log.Fatalf). Built when the config is a
    literal in the call with those fields written without effects (or a
    variable or field holding it: the row is read by its Topic and
    Partition fields, as they were when the reader was built; or any
    other expression of the config's type, such as a call's result: the
    fix evaluates it once into a variable declared before the reader's
    statement and reads its fields), the reader is assigned to a
    variable, and one handle of the transaction's database is in scope
    there. With no handle there, a reader built from a config literal
    by an unexported function (without receiver) that only returns it
    is set where that function is called: after each call's statement
    assigning it (and its deferred Close), with the literal's Topic and
    Partition written with the call's arguments for the function's
    parameters, when every call is such a statement with one handle in
    scope. Reported without a fix otherwise (the message ending "; no
    automatic fix: " and what to do instead), notably a reader built
    where no handle of the database is in scope, by a function that
    does more with it or is called where none is either.
    Silent when a restore hook is present (franz-go AdjustFetchOffsetsFn,
    sarama MarkOffset/ResetOffset in Setup, confluent Assign,
    IncrementalAssign or Seek, called or taken as a method value, kafka-go
    SetOffset; where the skip fix
    goes, a read of the row in the transaction's function): when the
    analysis does not see the hook read the table, the report says
    unknown. No finding
    for a row with a key other than topic, partition and group whose
    value varies (a tenant, a header): a partition then has several
    stored positions, and which one it resumes from is the application's
    design, not a bug the analysis can name. When the hook has no place
    (no database handle of the transaction's type in scope where it goes,
    or several that data flow does not tell apart; a franz-go client
    received from another package, whose options are given there), the
    finding gets the kafka-go group Reader's fix instead: the
    transaction skips what the stored position says is applied, under
    the same conditions; reported without a fix when they do not hold.

It stays silent on errors returned or wrapped and returned; on loops stopped
or contexts cancelled; on transactions aborted and then returned, stopped or
rewound; on a batch whose remaining work is abandoned; on sarama's Commit(),
which returns nothing (its errors reach the Errors() channel, whose draining
is the correct handling); on franz-go End with committed checked; on revoke
callbacks that commit, franz-go transactional sessions (which abort on
revoke) and consumers that never commit to Kafka; and on offset rows written
with a guard. A bug it knows but cannot yet fix is reported without a
fix, its message ending "; no automatic fix: " with why and what to do
instead (named above with its category; also a skipped begin or a
swallowed transaction error in a function with no error to return, and a
CommitTxn failure returned without AbortTxn on a producer the fix cannot
name again, such as one taken from a map); every other finding carries a
fix. A known gap, named above, is a bug the analysis does not model.
*/
package fencing
