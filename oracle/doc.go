// Package oracle proves commitlint's verdicts by experiment: it runs each
// example consumer of examples/ against an in-process Kafka broker (kfake,
// on 127.0.0.1) and a throwaway PostgreSQL, SIGKILLs it at seeded random
// moments, restarts it, lets it drain and counts every record's effects in
// an audit table filled by triggers: an id with no effect was lost, an id
// with more than one was duplicated. The tests check each outcome against
// the example's report row (report.golden.json) and check that every
// buggy example loses nothing after commitlint -fix. Every effect takes
// a seeded time (Config.EffectTime), the crash window of each write; where
// a bug's window opens only while a write is still running after a commit
// (an auto-commit tick, a concurrent worker's later mark), the example's
// schema also makes one write in twenty slow (slowWrites), as a slow
// downstream does, so that seeded kills can land in it.
//
// A transactional example's effect is a record in its output topic: the
// harness reads the output with read_committed isolation, as a downstream
// consumer does, and counts each committed record's key (the input
// record's id). Its records trickle in while it runs, so that it commits
// many small transactions; the failures its bug needs are injected on the
// broker (Fault: a transaction that timed out, answered as a real broker
// answers it), and records it still holds uncommitted at the end are
// stalled, not lost (a restart reads them again). An example whose bug
// needs a rebalance runs a second instance of itself that joins and leaves
// the group (Churn) while the kills happen; each instance has its own
// INSTANCE_ID (a transactional id per instance).
//
// Kills never make an effect fail. For the findings whose loss needs a
// failed effect, an example sets FailFirst: the first attempt of the
// effect of a few records (drawn from the seed, named in the log) fails in
// the store, as a call to a flaky downstream fails once, and every later
// attempt succeeds (a trigger raises before the write; a sequence per
// record, not rolled back with the failed statement, tells the first
// attempt from a retry). The consumer does what its code does on a failed
// effect; one that exits on its own (status 0 or not) is restarted as a
// killed one is, its exits bounded and counted apart from the kills. The
// outcome names the records whose effect failed, and the verdict check
// counts their loss as any other. TestFailureControl shows that the mode
// can show a loss: the orders shipper changed to skip a failed save and
// poll again loses it, where the shipper as written does not.
//
// A consumer that sits idle at the end of the drain, records without an
// effect not below the offsets its group holds, is restarted once, as an
// operator or a liveness probe would (a restart never brings back a lost
// record: those are below the offsets held). If the fresh instance
// processes nothing either, the run is wedged: no record's fate shows, so
// the test logs it with the group's state and runs another seed in its
// place; a consumer that wedges again is judged on its records. CI saw
// franzgo/sinkrestore wedge twice on a loaded runner, a new instance after
// a kill never processing a record; the cause is not found (it never
// wedged here, alone or under load).
//
// A service that runs several consumers in one process (examples/service)
// is run once per consumer, told to start that one alone (Example.Env);
// its row is the one of the command's report with the consumer's group,
// and the fix check runs commitlint -fix on the whole service, whose fixes
// land in the packages its main hands the clients to.
//
//	go test ./...                                 # the CI subset
//	go test -run TestVerdicts -oracle.seed=N      # replay a run
//	go test -run TestVerdicts -oracle.fail-first=3 -oracle.only=DIR  # any example with failing effects
//	../scripts/oracle.sh                          # the full matrix and its table
package oracle
