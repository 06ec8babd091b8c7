package oracle

import (
	"context"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Config sets the size and timing of one experiment. Every wait is bounded.
type Config struct {
	Binary     string        // the built example consumer
	Records    int           // records produced, each with a unique id
	Partitions int32         // partitions of the topic
	Kills      int           // SIGKILLs, each followed by a restart
	Seed       uint64        // seeds the kill moments
	EffectTime time.Duration // mean time each effect takes in the store (its crash window)
	MaxDelay   time.Duration // longest wait from the chosen anchor to a kill
	Progress   time.Duration // longest wait for a restarted consumer's first effect
	CommitWait time.Duration // longest wait for its first commit, when a kill is aimed after one
	Quiet      time.Duration // the drain ends after this long without a new effect
	Drain      time.Duration // bound on the final drain
	FailFirst  int           // records whose effect fails on its first attempt (Example.FailFirst)
	Log        io.Writer     // the consumer's output; nil discards it
}

// DefaultConfig returns the settings the tests use unless told otherwise.
func DefaultConfig() Config {
	return Config{
		Records:    400,
		Partitions: 2,
		Kills:      4,
		EffectTime: 25 * time.Millisecond,
		MaxDelay:   time.Second,
		Progress:   12 * time.Second,
		CommitWait: 6 * time.Second,
		Quiet:      8 * time.Second,
		Drain:      90 * time.Second,
	}
}

// Outcome is what the store shows after the experiment.
type Outcome struct {
	Records    int      // produced
	Lost       []string // ids with no effect
	Stalled    []string // ids with no effect that the group still holds (transactional examples): read again on restart, not lost
	Duplicated []string // ids with more than one effect
	Effects    int      // audit rows
	Kills      int      // SIGKILLs sent
	Exits      int      // times the consumer exited on its own
	Failed     []string // ids whose effect failed on its first attempt (Config.FailFirst)
	Churns     int      // times a second instance joined the group
	Idle       int      // records a consumer sat idle on, not below the offsets held, when the drain restarted it
	Wedged     int      // Idle, when the restarted instance processed nothing either: the run shows no record's fate
	Outside    string   // counts of the effects outside the row's scope, when the example has any
}

func (o Outcome) String() string {
	s := fmt.Sprintf("%d records, %d effects, %d lost, %d duplicated, %d kills, %d own exits",
		o.Records, o.Effects, len(o.Lost), len(o.Duplicated), o.Kills, o.Exits)
	if len(o.Failed) > 0 {
		lost := 0
		for _, id := range o.Failed {
			if slices.Contains(o.Lost, id) {
				lost++
			}
		}
		s += fmt.Sprintf(", %d effects failed on their first attempt (%d of those records lost)", len(o.Failed), lost)
	}
	if len(o.Stalled) > 0 {
		s += fmt.Sprintf(", %d stalled (no output, offsets not committed past them)", len(o.Stalled))
	}
	if o.Wedged > 0 {
		s += fmt.Sprintf(", wedged on %d records not below the offsets held (a restarted instance processed nothing either)", o.Wedged)
	} else if o.Idle > 0 {
		s += fmt.Sprintf(", restarted once idle with %d records not below the offsets held", o.Idle)
	}
	if o.Churns > 0 {
		s += fmt.Sprintf(", %d churns", o.Churns)
	}
	if o.Outside != "" {
		s += "; outside the transaction: " + o.Outside
	}
	return s
}

// Run produces cfg.Records records for ex to a fresh broker, runs the
// consumer in a fresh database, kills it cfg.Kills times at moments drawn
// from cfg.Seed, restarting it each time, lets the last run drain and counts
// each record's effects.
func Run(ctx context.Context, pg *Postgres, ex Example, cfg Config) (Outcome, error) {
	out := Outcome{Records: cfg.Records}
	if ex.Skip != "" {
		return out, fmt.Errorf("%s cannot be observed: %s", ex.Dir, ex.Skip)
	}
	ids := make([]string, cfg.Records)
	recs := make([]Record, cfg.Records)
	for i := range ids {
		ids[i] = fmt.Sprintf("r%05d", i)
		recs[i] = ex.Record(ids[i])
	}

	url, err := pg.CreateDatabase(ctx, strings.ReplaceAll(ex.Dir, "/", "_"))
	if err != nil {
		return out, err
	}
	if err := setUpStore(ctx, url, ex, ids, cfg.EffectTime); err != nil {
		return out, err
	}
	failing := pickFailures(ids, cfg.FailFirst, cfg.Seed)
	if err := setUpFailures(ctx, url, ex, failing); err != nil {
		return out, err
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return out, err
	}
	defer conn.Close(context.Background())

	broker, err := NewBroker(cfg.Partitions, append([]string{ex.Topic}, ex.Output...)...)
	if err != nil {
		return out, err
	}
	defer broker.Close()
	var logw io.Writer = io.Discard
	if cfg.Log != nil {
		logw = &lockedWriter{w: cfg.Log} // consumers, the churn and the output reader write at once
	}
	broker.Inject(ex.Faults, cfg.Seed, logw)
	if len(failing) > 0 {
		note(logw, "failures: the first attempt of the effect of %s fails", strings.Join(failing, ", "))
	}
	if ex.Group != "" {
		if err := broker.CommitStart(ctx, ex.Group, ex.Topic, cfg.Partitions); err != nil {
			return out, err
		}
	}
	// All records are produced before the consumer starts, or with
	// ex.Trickle the first tenth and the rest one at a time while it runs.
	first := len(recs)
	if ex.Trickle > 0 {
		first = max(1, len(recs)/10)
	}
	pos, err := broker.Produce(ctx, ex.Topic, recs[:first])
	if err != nil {
		return out, fmt.Errorf("produce: %w", err)
	}
	sent := &sentRecords{pos: pos, done: make(chan struct{})}
	tctx, stopTrickle := context.WithCancel(ctx)
	go sent.trickle(tctx, broker, ex, recs[first:], logw)
	defer func() { stopTrickle(); <-sent.done }() // before the broker closes
	var output *tally
	if len(ex.Output) > 0 {
		if output, err = startTally(broker.Addrs(), ex.Output, url, logw); err != nil {
			return out, err
		}
		defer output.stop()
	}

	// INSTANCE_ID names the instance, as a deployment does: the same
	// across restarts, another for the churn's second instance (each has
	// a transactional id of its own).
	env := append(os.Environ(), "KAFKA_BROKERS="+strings.Join(broker.Addrs(), ","), "DATABASE_URL="+url, "INSTANCE_ID="+instance)
	env = append(env, ex.Env...)
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6f7261636c65))
	var churn *churner
	if ex.Churn {
		var reaped func()
		if len(ex.Output) > 0 {
			// A second instance stopped (or killed after a bounded wait)
			// may leave its transaction open: aborted at once, as reap
			// does for the first instance's.
			reaped = func() {
				churns := func(id string) bool { return strings.HasSuffix(id, "-"+churnInstance) }
				if err := broker.FenceExcept(ctx, func(id string) bool { return !churns(id) }); err != nil {
					note(logw, "churn: abort the second instance's transactions: %v", err)
				}
			}
		}
		churn = startChurn(cfg, env, logw, reaped)
		defer churn.stop() // on early returns; stopped before the drain otherwise
	}
	var p *consumer // the running consumer, nil after a kill
	// A consumer that exits on its own (an effect failed and it returned,
	// say) is restarted as a killed one is, as a supervisor would: its
	// exits do not use up the kills, and are bounded by maxRestarts.
	for exits := 0; out.Kills < cfg.Kills && exits <= maxRestarts; {
		if p, err = startConsumer(cfg.Binary, env, logw); err != nil {
			return out, err
		}
		reached, err := aim(ctx, cfg, rng, p, broker, conn, logw)
		if err != nil {
			p.kill()
			return out, err
		}
		if !reached {
			note(logw, "no progress within %v: nothing left to do, draining (group %s)", cfg.Progress, groupState(ctx, broker, ex))
			break
		}
		if p.exited() {
			out.Exits++
			exits++
			note(logw, "consumer exited on its own: %v", exitStatus(p.err))
		} else {
			p.kill()
			out.Kills++
			settle(ctx, conn) // statements in flight at the kill end (rolled back or committed)
		}
		if ex.Group != "" {
			note(logw, "%d records below the offsets held have no effect", exposed(ctx, broker, ex.Group, conn, ids, sent.positions()))
		}
		p = nil
		if err := reap(ctx, broker, ex); err != nil {
			return out, err
		}
		var distinct int
		if err := conn.QueryRow(ctx, `SELECT count(DISTINCT id) FROM oracle_audit`).Scan(&distinct); err != nil {
			return out, err
		}
		if distinct == cfg.Records {
			note(logw, "every record has an effect: no more kills")
			break
		}
	}

	start := func() (*consumer, error) {
		if err := reap(ctx, broker, ex); err != nil {
			return nil, err
		}
		return startConsumer(cfg.Binary, env, logw)
	}
	select {
	case <-sent.done:
	default:
		// The records still trickle in (and the churn goes on): run the
		// consumer until the last is produced, then drain.
		if p == nil {
			if p, err = start(); err != nil {
				return out, err
			}
		}
		select {
		case <-sent.done:
		case <-ctx.Done():
			p.kill()
			return out, ctx.Err()
		}
	}
	if sent.err != nil {
		if p != nil {
			p.kill()
		}
		return out, fmt.Errorf("produce: %w", sent.err)
	}
	if churn != nil {
		out.Churns = churn.stop()
	}
	// Records with no effect that are not below the offsets the group
	// holds are read again by a fresh instance: a consumer that sits idle
	// holding them (a transactional one with a producer it cannot use
	// again, or one whose group session stalled on a loaded machine) is
	// restarted once, as an operator or a liveness probe would. A restart
	// never brings back a lost record: those are below the offsets held.
	held := func() int {
		if ex.Group == "" {
			return 0
		}
		return len(missing(ctx, broker, ex.Group, conn, ids, sent.positions()))
	}
	state := func() string { return groupState(ctx, broker, ex) }
	if err := drain(ctx, cfg, p, start, held, state, logw, conn, &out); err != nil {
		return out, err
	}
	if output != nil {
		// Abort what the stopped consumer left open, then read the rest.
		if err := broker.FenceAll(ctx); err != nil {
			return out, fmt.Errorf("abort open transactions: %w", err)
		}
		output.settle(ctx, 1500*time.Millisecond, 15*time.Second)
		output.stop()
	}
	if len(ex.Outside) > 0 {
		if out.Outside, err = outsideCounts(ctx, conn, ex.Outside, ids); err != nil {
			return out, err
		}
	}
	stalled := map[string]bool{} // records still held: not lost
	if ex.Group != "" && len(ex.Output) > 0 {
		for _, id := range missing(ctx, broker, ex.Group, conn, ids, sent.positions()) {
			stalled[id] = true
		}
	}
	counts, total, err := effectCounts(ctx, conn)
	if err != nil {
		return out, err
	}
	out.Effects = total
	if len(failing) > 0 {
		if out.Failed, err = failedFirst(ctx, conn); err != nil {
			return out, err
		}
		note(logw, "failures: the first attempt of %d of %d failed (%s)", len(out.Failed), len(failing), strings.Join(out.Failed, ", "))
	}
	for _, id := range ids {
		switch n := counts[id]; {
		case n == 0 && stalled[id]:
			out.Stalled = append(out.Stalled, id)
		case n == 0:
			out.Lost = append(out.Lost, id)
		case n > 1:
			out.Duplicated = append(out.Duplicated, id)
		}
		delete(counts, id)
	}
	if len(counts) > 0 {
		return out, fmt.Errorf("effects for ids that were never produced: %v", slices.Sorted(maps.Keys(counts)))
	}
	return out, nil
}

// sessions describes the database's other sessions for logs: how many
// wait for a lock, and how many are idle in a transaction.
func sessions(ctx context.Context, conn *pgx.Conn) string {
	var waiting, idle int
	err := conn.QueryRow(ctx, `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock'), count(*) FILTER (WHERE state LIKE 'idle in transaction%')
		FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`).Scan(&waiting, &idle)
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%d sessions waiting for a lock, %d idle in a transaction", waiting, idle)
}

// groupState describes ex's group for logs, or says it has none.
func groupState(ctx context.Context, broker *Broker, ex Example) string {
	if ex.Group == "" {
		return "none"
	}
	return ex.Group + " " + broker.GroupState(ctx, ex.Group)
}

// reap does at once what the broker does when a dead consumer's timeouts
// expire: it removes its members from the group and, for a transactional
// example, aborts the transaction it left open (the coordinator aborts it
// when the transaction times out; until then the group's offsets are
// unstable and no instance can fetch them). The churn's second instance
// may be running: a transactional id that ends with its instance name
// (an example's id per instance, demo.Instance) is its own, left open.
func reap(ctx context.Context, broker *Broker, ex Example) error {
	if err := broker.EvictMembers(ctx); err != nil {
		return err
	}
	if len(ex.Output) > 0 {
		live := func(id string) bool { return ex.Churn && strings.HasSuffix(id, "-"+churnInstance) }
		if err := broker.FenceExcept(ctx, live); err != nil {
			return fmt.Errorf("abort open transactions: %w", err)
		}
	}
	return nil
}

// aim waits for a seeded anchor and a seeded delay after it: the moment to
// kill p. The anchor is the consumer's first effect since it started (it
// has joined and is processing) or, for half of the kills, the first commit
// after that. It reports false when no effect came within cfg.Progress.
func aim(ctx context.Context, cfg Config, rng *rand.Rand, p *consumer, broker *Broker, conn *pgx.Conn, logw io.Writer) (bool, error) {
	base, err := auditRows(ctx, conn)
	if err != nil {
		return false, err
	}
	afterCommit := rng.IntN(2) == 0
	// Half of the delays fall within one effect of the anchor, where a
	// per-record window (commit, then write) is open; the rest spread
	// over cfg.MaxDelay, across batches.
	longest := cfg.MaxDelay
	if rng.IntN(2) == 0 {
		longest = cfg.EffectTime
	}
	delay := time.Duration(rng.Int64N(int64(longest) + 1))
	progressed := waitUntil(ctx, cfg.Progress, func() bool {
		n, err := auditRows(ctx, conn)
		return err != nil || n > base || p.exited()
	})
	if !progressed {
		return false, ctx.Err()
	}
	anchor := "first effect"
	if afterCommit {
		// The first commit after the first effect: one that can cover a
		// record in flight. A consumer may commit rarely or never: without
		// a commit within cfg.CommitWait, the kill follows anyway.
		commits := broker.Commits()
		anchor = "first commit after the first effect"
		if !waitUntil(ctx, cfg.CommitWait, func() bool { return broker.Commits() > commits || p.exited() }) {
			anchor = "first effect and " + cfg.CommitWait.String() + " without a commit"
		}
	}
	sleep(ctx, delay)
	note(logw, "kill %v after the %s (last commit request %s)", delay, anchor, broker.Committed())
	return true, ctx.Err()
}

// drain runs the consumer p (or a new one when p is nil) until every
// record has an effect and a second has passed without a new one, or
// cfg.Quiet passes without a new effect, within cfg.Drain, then stops it.
// A consumer that exits on its own is restarted, as a supervisor would,
// at most maxRestarts times.
func drain(ctx context.Context, cfg Config, p *consumer, start func() (*consumer, error), held func() int, state func() string, logw io.Writer, conn *pgx.Conn, out *Outcome) error {
	var err error
	if p == nil {
		if p, err = start(); err != nil {
			return err
		}
	}
	defer func() { p.stop() }()
	deadline := time.Now().Add(cfg.Drain)
	last, lastChange := -1, time.Now()
	fresh := false // restarted once for records it holds but does not process
	atFresh := -1  // effects when it was
	for restarts := 0; time.Now().Before(deadline); {
		if !sleep(ctx, 100*time.Millisecond) {
			return ctx.Err()
		}
		var n, distinct int
		if err := conn.QueryRow(ctx, `SELECT count(*), count(DISTINCT id) FROM oracle_audit`).Scan(&n, &distinct); err != nil {
			return err
		}
		if n != last {
			if n/50 != last/50 {
				note(logw, "draining: %d effects, %d records", n, distinct)
			}
			last, lastChange = n, time.Now()
		}
		quiet := time.Since(lastChange)
		if distinct == cfg.Records && quiet >= time.Second {
			return nil
		}
		if quiet >= cfg.Quiet {
			if fresh && n == atFresh {
				// The fresh instance processed nothing either.
				out.Wedged = out.Idle
				note(logw, "the fresh instance processed nothing either: wedged (group %s; database %s)", state(), sessions(ctx, conn))
			}
			if fresh || distinct == cfg.Records {
				return nil
			}
			fresh = true
			n := held()
			if n <= 0 {
				return nil
			}
			note(logw, "%d records without an effect are not below the offsets held: restarting the consumer once (group %s)", n, state())
			out.Idle, atFresh = n, last
			p.stop()
			next, err := start()
			if err != nil {
				return err
			}
			p, lastChange = next, time.Now()
			continue
		}
		if p.exited() {
			out.Exits++
			note(logw, "consumer exited on its own while draining: %v", exitStatus(p.err))
			if restarts == maxRestarts {
				return nil
			}
			restarts++
			next, err := start()
			if err != nil {
				return err
			}
			p, lastChange = next, time.Now()
		}
	}
	note(logw, "drain stopped after %v", cfg.Drain)
	return nil
}

// maxRestarts bounds the restarts of a consumer that keeps exiting, in
// the kill phase and again while the experiment drains it.
const maxRestarts = 5

// exitStatus describes how a consumer that exited on its own ended.
func exitStatus(err error) string {
	if err == nil {
		return "status 0"
	}
	return err.Error()
}

// pickFailures returns n of ids, drawn from seed: the records whose effect
// fails on its first attempt (Config.FailFirst).
func pickFailures(ids []string, n int, seed uint64) []string {
	n = min(n, len(ids))
	if n <= 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x6661696c))
	picked := make([]string, 0, n)
	for _, i := range rng.Perm(len(ids))[:n] {
		picked = append(picked, ids[i])
	}
	slices.Sort(picked)
	return picked
}

// missing returns the records that have no effect and are not below the
// offsets the group holds in Kafka: a new instance reads them again.
func missing(ctx context.Context, broker *Broker, group string, conn *pgx.Conn, ids []string, pos []Position) []string {
	held, err := broker.GroupOffsets(ctx, group)
	if err != nil {
		return nil
	}
	counts, _, err := effectCounts(ctx, conn)
	if err != nil {
		return nil
	}
	var out []string
	for i, p := range pos {
		if off, ok := held[p.Partition]; counts[ids[i]] == 0 && (!ok || p.Offset >= off) {
			out = append(out, ids[i])
		}
	}
	return out
}

// exposed counts the records that have no effect although the group's
// offsets are past them: lost, unless something reads them again.
func exposed(ctx context.Context, broker *Broker, group string, conn *pgx.Conn, ids []string, pos []Position) int {
	held, err := broker.GroupOffsets(ctx, group)
	if err != nil {
		return -1
	}
	counts, _, err := effectCounts(ctx, conn)
	if err != nil {
		return -1
	}
	n := 0
	for i, p := range pos {
		if counts[ids[i]] == 0 && p.Offset < held[p.Partition] {
			n++
		}
	}
	return n
}

// settle waits until the audit table has not grown for 200ms (at most 5s).
func settle(ctx context.Context, conn *pgx.Conn) {
	last, since := -1, time.Now()
	waitUntil(ctx, 5*time.Second, func() bool {
		n, err := auditRows(ctx, conn)
		if err != nil {
			return true
		}
		if n != last {
			last, since = n, time.Now()
		}
		return time.Since(since) >= 200*time.Millisecond
	})
}

// consumer is a running example binary.
type consumer struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error // set when done is closed
}

func startConsumer(bin string, env []string, logw io.Writer) (*consumer, error) {
	cmd := exec.Command(bin)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // never outlive the harness
	cmd.Stdout, cmd.Stderr = logw, logw
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	c := &consumer{cmd: cmd, done: make(chan struct{})}
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	return c, nil
}

func (c *consumer) exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

func (c *consumer) kill() {
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	<-c.done
}

// stop asks for a graceful shutdown and kills after a bounded wait.
func (c *consumer) stop() {
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		c.kill()
	}
}

// sentRecords are the positions of the records produced so far.
type sentRecords struct {
	mu   sync.Mutex
	pos  []Position // of the first len(pos) records
	done chan struct{}
	err  error // set when done is closed
}

// trickle produces recs one at a time, ex.Trickle apart, then closes done.
func (s *sentRecords) trickle(ctx context.Context, broker *Broker, ex Example, recs []Record, logw io.Writer) {
	defer close(s.done)
	for i := range recs {
		if !sleep(ctx, ex.Trickle) {
			s.err = ctx.Err()
			return
		}
		pos, err := broker.Produce(ctx, ex.Topic, recs[i:i+1])
		if err != nil {
			s.err = err
			return
		}
		s.mu.Lock()
		s.pos = append(s.pos, pos...)
		s.mu.Unlock()
	}
	if len(recs) > 0 {
		note(logw, "produced the last of the records")
	}
}

func (s *sentRecords) positions() []Position {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pos
}

// lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// waitUntil polls cond every 20ms until it holds, d passes or ctx ends.
func waitUntil(ctx context.Context, d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) || !sleep(ctx, 20*time.Millisecond) {
			return false
		}
	}
	return true
}

// sleep waits d or until ctx ends; it reports whether d passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// note writes a timestamped harness step to w, between the consumer's lines.
func note(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "oracle %s: %s\n", time.Now().Format("15:04:05.000"), fmt.Sprintf(format, args...))
}
