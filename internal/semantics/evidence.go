package semantics

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Analyzer gathers, for every consumer a package constructs, the evidence
// its delivery semantics follow from. It reports nothing; its result is a
// []*Evidence (nil for packages without Kafka consumers).
var Analyzer = &analysis.Analyzer{
	Name:       "semantics",
	Doc:        "gather the evidence each Kafka consumer's delivery semantics follow from",
	Run:        run,
	Requires:   []*analysis.Analyzer{consumer.Analyzer, noreturn.Analyzer, handsoff.Analyzer},
	ResultType: reflect.TypeFor[[]*Evidence](),
}

// Tri is a setting that is on, off or not known.
type Tri int

const (
	Unknown Tri = iota
	On
	Off
)

// Grain is how many records a position call covers each time it runs.
type Grain int

const (
	// GrainUnknown: the analysis cannot tell.
	GrainUnknown Grain = iota
	// GrainRecord: one record at a time.
	GrainRecord
	// GrainBatch: a poll's or a partition's records at once, or every N
	// records (Batch holds N when it is a constant).
	GrainBatch
	// GrainTracked: a position computed by the application, not read from
	// the record in hand, and not proven to be a low-water mark (a
	// hand-written tracker, a maximum kept in a struct).
	GrainTracked
	// GrainLowWater: a low-water mark from a recognised tracker
	// (clientmodel.LowWater).
	GrainLowWater
)

// PositionCall is a commit, mark or store call made on the consumer
// outside its revoke callbacks.
type PositionCall struct {
	Role  clientmodel.Role
	Func  string // short name, e.g. "CommitMessages"
	Grain Grain
	Batch int64 // N of "every N records", 0 if not known
	// OnOffset reports a Batch guard that tests the record's offset
	// (msg.Offset%N == 0), not a count: offsets with gaps (compaction,
	// transaction markers) can skip every multiple of N.
	OnOffset bool
	Pos      token.Position
	// InGoroutine reports whether the call runs in a goroutine the
	// application starts.
	InGoroutine bool
	// LastWrite reports a call whose last position wins, lower ones too
	// (kafka-go's CommitMessages): concurrent calls can move it back.
	LastWrite bool
	// InTx names the database transaction the call's function is given
	// (a *sql.Tx parameter or captured variable), writes to and does not
	// commit before the call: it is committed after the call, by the
	// function or its caller (repo.WithTx(ctx, func(tx) { insert; commit
	// offsets })), so the position is written before the effect is
	// durable.
	InTx string
	// Deferred reports a deferred call: a flush when the function returns.
	Deferred bool
	// Flush reports a commit outside any loop of a handler method (sarama's
	// ConsumeClaim): a flush when the claim ends.
	Flush bool
	// Returned reports a call whose function then returns what it polled
	// (the records, the fetches or what a call makes of them, such as a
	// decoded batch): its caller processes them after the call.
	Returned bool
	// Last reports a commit of one record, the last of the records a loop
	// fetched (Grain is GrainBatch): it writes that record's partition
	// only, not those of the batch's other records.
	Last bool
	// Collected reports a commit of a batch the code collected across
	// polls: a Last call whose record is an element of a slice the code
	// built (batch[len(batch)-1]), not the record a fetch just returned
	// (a counter's every-N commit of the current one), or a call with no
	// position argument in a loop that appends records to a slice it
	// keeps across iterations (batch = append(batch, m); ...; Commit()).
	Collected bool
	// Periodic reports a commit of what is stored, marked or polled so far
	// (no position argument) made in a loop of a goroutine that does not
	// fetch: a ticker's, not the consume loop's.
	Periodic bool
	// Ticked reports a Periodic commit made by the consume loop itself, in
	// the case of a select receiving from a ticker (ticked).
	Ticked bool
	// Beside reports a commit of what is stored, marked or polled so far
	// (no position argument) made on a goroutine beside the loop that
	// fetches nothing: one a go statement or a spawner starts, or a
	// callback time.AfterFunc or context.AfterFunc runs (a checkpoint
	// timer, a shutdown hook), Periodic or not (besideLoop).
	Beside bool
	// FromCaller names the exported function, called by nothing in its
	// package, whose parameter the records or offsets the call writes come
	// from ("kafkaw.(*Consumer).Commit"): its callers, in other packages,
	// decide what is processed before it ("" if none).
	FromCaller string
	// Within is the full name of the named function making the call (the
	// one enclosing its literal): Join matches it with the calls another
	// package makes beside the loop (Evidence.ForeignCalls).
	Within   string
	noRecord bool // no position argument: what is stored, marked or polled so far
	// Skips are the failures of the processing the code goes on from,
	// writing this position past the record that failed.
	Skips []Skip
	// pending are the failures that are skips only where a caller of
	// another package calls the function again (Skip.Pending).
	pending []Skip
	// Handed reports a call in a function literal the code hands on
	// (stores in a struct or a map, sends on a channel, returns): when it
	// runs, before or after the record is processed, is up to code the
	// analysis does not follow.
	Handed bool
	// WhileEmpty reports a call made only while the batch another
	// position call of its function writes is empty (if len(batch) == 0):
	// a skipped record's commit, made only when the batch holds nothing
	// it could pass.
	WhileEmpty bool
	// Setting names the setting that guards the call (a flag, a field of
	// the configuration: ssaflow.SettingGuard): where it is off, the
	// call never runs.
	Setting string
	// Queued is, for a mark or store, where its function sends the
	// record's data on a channel before it, with no wait between, while
	// no commit of its function sends the marks (they are committed
	// elsewhere, at a moment unrelated to the queue): a commit may pass
	// records still queued.
	Queued token.Position
}

// Launch is a goroutine the application starts that handles records.
type Launch struct {
	// PerPartition: the goroutine handles one partition's records;
	// otherwise one record, or records received from a channel (a pool).
	PerPartition bool
	Pool         bool
	// Group: the goroutine is handed a slice of records (a batch split by
	// key), not one record.
	Group bool
	// Joined: the function that starts it waits for it (a WaitGroup or
	// errgroup Wait that is not deferred) before it goes on.
	Joined bool
	// Single: a pool of one, the only worker receiving the records,
	// started once (outside a loop, or in one that runs once: for range
	// 1, as the single-worker fixes make it): it handles them in the
	// order they are sent.
	Single bool
	goStmt *ssa.Go // the go statement starting it, if one does
	// run is the function the goroutine runs, started by a go statement
	// or a spawner (routine.Go(ctx, func() { ... }): trial 43c/D2).
	run *ssa.Function
	Pos token.Position
}

// Revoke describes a revoke callback the application registers.
type Revoke struct {
	Pos token.Position
	// Commits reports whether the callback (or what it calls) commits.
	Commits bool
	// Polled reports a commit in the callback of every position the
	// client handed out (confluent's Commit() of the offsets auto-store
	// stored as Poll returned each message; franz-go's
	// CommitUncommittedOffsets), not of records the code names or
	// stored after processing.
	Polled bool
	// Commit is where the callback commits every polled position
	// (Polled).
	Commit token.Position
	// HandlesRevoke reports, for confluent rebalance callbacks, whether the
	// callback looks at RevokedPartitions events.
	HandlesRevoke bool
	// Cond reports a callback registered on some paths only (its option
	// appended in a branch).
	Cond bool
	// Unknown reports that what the callback does is not in sight (it is
	// registered by options of another package, and its body is not
	// there either), or whether it commits is not (it calls a commit
	// method of an interface on a value the analysis cannot trace).
	Unknown bool
	// Elsewhere names the callback when it is a function of another
	// package (svc.(*Service).Revoked): whether it commits is what that
	// package's model says (consumer.RevokeFact), what it commits is not
	// read here.
	Elsewhere string
}

// Sink is an offset row written in the application's own database.
type Sink struct {
	Store string // "PostgreSQL via pgx" or "the database/sql database"
	InTx  bool   // written through a transaction
	// WithEffect: the same transaction runs another statement.
	WithEffect bool
	Pos        token.Position
}

// Span is a source range of a function in the consumer's extent.
type Span struct {
	File       string
	Start, End int // offsets
}

// Evidence is what the analysis knows about one consumer.
type Evidence struct {
	Client *clientmodel.Client
	Pos    token.Position // the constructor call
	Group  string
	Topics []string

	Settings map[clientmodel.Setting]Tri
	// PollSkips are the failures a poll loop goes on from, for a client
	// whose timer commits every poll before the latest (franz-go's
	// default): the next poll, PollSkipAt, makes the failed record
	// committable.
	PollSkips  []Skip
	PollSkipAt *PositionCall
	loopPoll   *PositionCall // where PollSkipAt goes (gatherer.loopPoll)
	// pollPending is the poll whose failures are PollSkips only where a
	// caller of another package calls the function again (Skip.Pending).
	pollPending *PositionCall
	// PollDrop is the check of a poll's own errors whose failure branch
	// polls again without processing the poll's records (pollDrop).
	PollDrop *Skip
	// ConfigOrigin says where the part of the configuration the analysis
	// cannot see comes from ("" if it sees it all, or cannot tell).
	ConfigOrigin string
	// WrittenBy names a function of another package that the consumer's
	// code gives records to and whose package writes positions of such
	// records (consumer.Model.ToWriters): commits the row cannot see
	// may be made there.
	WrittenBy string
	// WritesVia reports that the consumer's code hands the client itself
	// to a function of another package that writes positions
	// (consumer.Model.HandedToWriters): a helper committing, or ending
	// its transactions.
	WritesVia bool

	Interval string // as set in code or the client default; "" if unknown
	// IntervalCode reports whether the code sets the interval.
	IntervalCode bool
	// TimerOff reports an interval set to 0 where 0 turns the timer off
	// (NameSite.ZeroOff): auto-commit on commits only at rebalances and
	// at close.
	TimerOff bool

	Fetches []string // short names of fetch calls on the consumer
	// HeldAcrossPolls names a fetch whose loop appends the records to a
	// slice it keeps across iterations (buf = append(buf,
	// fs.Records()...)): the records outlive the polls that follow.
	HeldAcrossPolls string
	// HeldIn names the variable holding them, HeldPoll is where that
	// fetch is.
	HeldIn   string
	HeldPoll token.Position
	Calls    []*PositionCall
	Revokes  []*Revoke
	Launches []*Launch
	// Closes reports that the package calls a method closing the
	// consumer (Client.Close), or a consumer it cannot tell from it: the
	// revoke callback then runs as it leaves its group.
	Closes bool
	// Handler reports a handler the client calls per partition (sarama's
	// ConsumeClaim).
	Handler bool
	// Txn lists the transaction calls made in the consumer's functions.
	Txn []string
	// Transactional reports that the consumer commits transactions (it
	// makes a transaction commit call, or its constructor builds a
	// transactional session).
	Transactional bool
	// AfterTxn is an effect outside Kafka (a database write, a goroutine
	// started) that runs after a transaction commit in the same function:
	// the transaction does not cover it. Its Line is 0 if there is none.
	AfterTxn AfterTxn
	Sink     *Sink
	// Restore is how a consumer with an offset row (Sink) resumes on
	// assignment; nil without one.
	Restore *Restore
	// Positioned is where the code sets the offsets its partitions start
	// from (a confluent Assign or Seek with offsets it passes), and
	// PositionedBy that call's short name: where a restart resumes is the
	// code's choice, not a group's committed offset.
	Positioned   token.Position
	PositionedBy string
	// GroupCommits reports that the consumer's commits write a group's
	// offsets by themselves (clientmodel.Call.GroupCommit): it keeps group
	// offsets although it is not a group member.
	GroupCommits bool
	// MemberCommits reports that some of those commits go through a group
	// membership (a kafka-go Generation): rebalances end it.
	MemberCommits bool
	// Unbound reports commit, mark or store calls of the same client that
	// cannot be tied to one of the package's consumers.
	Unbound bool
	// SentAway is where the consumer's code sends a record's data on a
	// channel nothing in the consumer's code receives from (a pipeline of
	// another package, or workers started elsewhere, drain it): the
	// record is processed by goroutines the row cannot classify (zero if
	// there is none).
	SentAway token.Position
	// SentTo names the function of the package, outside the consumer's
	// code, that receives from that channel (a batch reader's ReadN that
	// another package calls), "" if none does.
	SentTo string
	// QueuedBy, when SentAway is a call rather than a send, names the
	// function of another package the call hands a record's data to,
	// which only queues it for goroutines started elsewhere (a
	// handsoff.Fact: a service core's Handle sending the payload to its
	// worker pool).
	QueuedBy string
	// OnSomePaths are the consumer's position calls made on some paths
	// only before their record is processed on every path (a mark behind
	// a setting: ordering's Result, which reports no finding for the
	// operator's choice), set by AddOnSomePaths.
	OnSomePaths []*PositionCall
	// PollLeaves names the exported function that returns what a fetch
	// polls to callers in other packages (a wrapper's Fetch method): how
	// and when they process the records is out of sight. "" if none.
	PollLeaves string
	// Untied reports goroutines that handle records in a way the analysis
	// does not classify (a helper started with go that reads a struct's
	// channel of records).
	Untied bool
	// SharedFetch reports a fetch made by several goroutines at once on
	// the same consumer (a function started with go in a loop, or by
	// several go statements): each processes and commits what it fetched,
	// concurrently with the others.
	SharedFetch bool
	// JoinsCaller names the function of a received client's code that
	// fetches and takes a *sync.WaitGroup from its caller in another
	// package: the caller runs it as one of its goroutines, maybe several
	// on the same consumer ("" if none).
	JoinsCaller string
	// Buffered is where the consumer's code keeps records in a struct
	// field or a package variable, for processing the analysis does not
	// follow (a buffer flushed on a size or a timer); Where is "" if none.
	Buffered Buffer
	// Interface names an interface of the application the consumer is
	// used through (its calls are not modelled); "" if none.
	Interface string

	Extent []Span
	// Obtained are the positions of the received clients Join folded into
	// this consumer (a group another package builds, obtained by the
	// wiring's call): a finding there is this consumer's.
	Obtained []token.Position

	// Entry, for a client the package receives from another (a parameter
	// or a struct field), is the key of that entry; "" for a consumer
	// built in the package. Flows are the entry keys of other packages the
	// client is handed to. See Join.
	Entry string
	Flows []string
	// Pkgs are the import paths of the packages whose code the evidence
	// holds (its own, and those Join absorbs).
	Pkgs []string
	// Driven are the calls of a package with no consumer handing records
	// to a function of another package writing their positions; DrivenBy,
	// the first of them, set by Join, writing positions of this
	// consumer's library in one of its Pkgs.
	Driven   []Driven
	DrivenBy *Driven
	// ForeignCalls are the package's calls, given the consumer, of
	// functions of other packages called again after a failure or beside
	// the loop (gatherer.foreignCalls), settled by Join (settleForeign).
	ForeignCalls []ForeignCall
	// Foreign are the handlers' Consume methods defined in another
	// package (a flow each); Unseen names the first whose package's
	// session calls Join found no evidence of (that package runs the
	// handler on a group of its own, which its calls are counted to, or
	// is not analyzed): the consumer's positions are not known.
	Foreign []ForeignHandler
	Unseen  string
	// Callbacks are the entry keys of the client parameters of functions
	// of other packages the consumer is given as callbacks (a revoke
	// hook, svc.Revoked): the client calls them with itself, so the
	// entries are this consumer's, not consumers of their own.
	Callbacks []string
	// Fresh is the result key of the exported function that builds the
	// client on each call: the constructor call is in that function,
	// whose returns give its result directly, and nothing but its locals
	// keeps it (no cached or singleton client). Join makes each package
	// receiving that result a consumer of its own only then.
	Fresh string
	// Handed are the function values the consumer's code hands records to
	// that its caller supplies; Passed, the functions this package passes
	// for other functions' parameters or stores in fields of func type
	// (set on one evidence of the package). Join settles the former by
	// the latter (handed.go).
	Handed []HandedFunc
	Passed []PassedFunc
	// Configs are the configurations this package passes to functions
	// of other packages (carried like Passed); config is the consumer's
	// own, which Join completes with them when it comes from a parameter.
	Configs []consumer.PassedConfig
	config  *consumer.Settings
	// Start is where a partition without a committed offset starts, as
	// Restore's Start and StartNewest say; StartNewest is Unknown also
	// when the configuration is out of sight (it may set it).
	Start       string
	StartNewest Tri
	// Branch are the settings the code sets on some paths only (an
	// option appended in an if): their value is Unknown. From says where
	// the value of a setting the code sets to a value the analysis cannot
	// read comes from, when it can tell.
	Branch []clientmodel.Setting
	From   map[clientmodel.Setting]string
}

// Is returns the value of setting k.
func (e *Evidence) Is(k clientmodel.Setting) Tri { return e.Settings[k] }

// unsure says why the settings ks, some of them Unknown, are not known:
// set on some paths only, or out of sight.
func (e *Evidence) unsure(ks ...clientmodel.Setting) string {
	for _, k := range ks {
		if e.Is(k) == Unknown && slices.Contains(e.Branch, k) {
			return e.Client.Spell(k) + " is set on some paths only (a branch the analysis does not resolve)"
		}
	}
	return "part of the auto-commit configuration is set where the analysis cannot see it" + e.unseen()
}

// dependsOn says what the value of setting k, Unknown, depends on.
func (e *Evidence) dependsOn(k clientmodel.Setting) string {
	switch {
	case slices.Contains(e.Branch, k):
		return "a branch: " + e.Client.Spell(k) + " is set on some paths only"
	case e.From[k] != "":
		return e.From[k]
	}
	return "a branch, or on code the analysis cannot see"
}

// unseen names, after a reason that a setting is not visible, where the
// configuration comes from, if the analysis can tell.
func (e *Evidence) unseen() string {
	if e.ConfigOrigin == "" {
		return ""
	}
	return " (the configuration comes from " + e.ConfigOrigin + ")"
}

// InFlight reports whether records may still be processed by goroutines
// when the poll loop goes on (goroutines the loop does not wait for, a
// channel drained elsewhere, goroutines the analysis cannot classify): a
// commit of everything polled, from a rebalance callback, would pass them.
func (e *Evidence) InFlight() bool {
	return e.SentAway.Line > 0 || e.Untied || slices.ContainsFunc(e.Launches, func(l *Launch) bool { return !l.Joined })
}

// AddOnSomePaths records, for each evidence, its position calls made at
// one of at (a call made on some paths before its record is processed,
// see Evidence.OnSomePaths).
func AddOnSomePaths(evs []*Evidence, at []token.Position) {
	for _, ev := range evs {
		for _, pc := range ev.Calls {
			if slices.Contains(at, pc.Pos) && !slices.Contains(ev.OnSomePaths, pc) {
				ev.OnSomePaths = append(ev.OnSomePaths, pc)
			}
		}
	}
}

// groupless reports that the consumer is not a group member and keeps no
// group's offsets either: nothing it does moves a committed position.
func (e *Evidence) groupless() bool { return e.Is(clientmodel.Group) == Off && !e.GroupCommits }

func run(pass *analysis.Pass) (result any, err error) {
	defer func() {
		if x := recover(); x != nil {
			result, err = ([]*Evidence)(nil), fmt.Errorf("internal error in commitlint's report on %s (please report it): %v", pass.Pkg.Path(), x)
		}
	}()
	m, _ := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
	if m == nil {
		return ([]*Evidence)(nil), nil
	}
	drainers.Store(pass.Pkg, pass.ResultOf[handsoff.Analyzer].(*handsoff.Result))
	defer drainers.Delete(pass.Pkg)
	var gs []*gatherer
	for _, c := range m.Consumers {
		g := &gatherer{pass: pass, m: m, c: c}
		g.initExtent()
		gs = append(gs, g)
	}
	claimed := map[*consumer.Call]bool{}
	for _, c := range m.Received {
		for _, call := range c.Calls {
			claimed[call] = true
		}
		g := &gatherer{pass: pass, m: m, c: c, entry: c.Entry}
		g.initExtent()
		gs = append(gs, g)
	}
	for _, c := range m.Imported {
		if runsForeignHandlers(m, c) {
			// A group another package builds, run here on handlers of
			// a third (audit 35c/D3): Join ties the builder's row to
			// the handlers' by this consumer's flows.
			g := &gatherer{pass: pass, m: m, c: c, entry: c.ResultEntry()}
			g.initExtent()
			gs = append(gs, g)
		}
	}
	var out []*Evidence
	for _, g := range gs {
		g.others, g.claimed = gs, claimed
		ev := g.evidence()
		if ev.Is(clientmodel.Group) == Off && len(ev.Fetches) == 0 && len(ev.Flows) == 0 {
			continue // a producer or admin client: it consumes nothing (Join drops one handed on that nothing fetches from)
		}
		out = append(out, ev)
	}
	// The configurations passed (not the consumers: their rows are their
	// own, joined to what receives them by entry).
	configs := slices.DeleteFunc(slices.Clone(m.Passed), func(p consumer.PassedConfig) bool { return p.Consumer != nil })
	passed := append(passedFuncs(m, pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)), definedFuncs(m, pass.ResultOf[handsoff.Analyzer].(*handsoff.Result))...)
	if driven := drivenBy(pass, m); len(passed) > 0 || len(configs) > 0 || len(driven) > 0 {
		if len(out) == 0 {
			// A package with no consumer of its own that passes functions
			// to another's (a wiring registering a handler), or drives
			// one through a wrapper: a carrier with no client, which
			// Join reads and drops. Its Pos, the package's first file,
			// keeps it apart from other packages'.
			out = append(out, &Evidence{Pos: token.Position{Filename: pass.Fset.File(pass.Files[0].FileStart).Name()}})
		}
		out[0].Passed, out[0].Configs, out[0].Driven = passed, configs, driven
	}
	return out, nil
}

// A Driven is a call of a package with no consumer of a library handing
// that library's records to a function of another package that writes
// their positions (consumer.Drive): a loop fetching and committing
// through a wrapper type (kafkalib.(*Consumer).FetchMessage, then
// CommitMessages). The rows of that package's consumers cannot say what
// the loop processes before the commit, nor what it does on a failure.
type Driven struct {
	Client string         // the library's name
	Pkg    string         // the package of Func
	Func   string         // "kafkalib.(*Consumer).CommitMessages"
	In     string         // the function making the call
	Pos    token.Position // the call
	// Records reports a call given records (else one made in a loop,
	// the wrapper committing what it keeps).
	Records bool
}

// drivenBy returns the calls of m handing records of a library none of
// its consumers is of to a function of another package writing their
// positions (consumer.Model.Drives).
func drivenBy(pass *analysis.Pass, m *consumer.Model) []Driven {
	var out []Driven
	for _, d := range m.Drives {
		if slices.ContainsFunc(append(slices.Clone(m.Consumers), m.Received...), func(c *consumer.Consumer) bool { return c.Client == d.Client }) {
			continue // the package's own consumer's row says what it writes (WrittenBy)
		}
		out = append(out, Driven{Client: d.Client.Name, Pkg: d.Func.Pkg().Path(), Func: ssaflow.ShortFunc(d.Func),
			In: consumer.DisplayName(d.Call.Parent()), Pos: pass.Fset.Position(d.Call.Pos()), Records: d.Records})
	}
	return out
}

// runsForeignHandlers reports whether k, an imported consumer, runs
// handlers whose Consume method is defined in another package, and no
// received consumer of the package stands for it (consumer.imported).
func runsForeignHandlers(m *consumer.Model, k *consumer.Consumer) bool {
	if k.Client.Handler == nil || len(k.Handlers) == 0 {
		return false
	}
	for _, rc := range m.Received {
		if rc.AdoptedBy == k {
			return false
		}
	}
	for _, h := range k.Handlers {
		if h.Consume != nil && m.Flow.InPackage(h.Consume) {
			return false
		}
	}
	return true
}

// For returns the evidence the analyzer gathered in pass for consumer k
// (one built in the package, or received), nil if none.
func For(pass *analysis.Pass, k *consumer.Consumer) *Evidence {
	var at token.Pos
	switch {
	case k.Site != nil:
		at = k.Site.Pos()
	case k.Fn != nil:
		at = k.Fn.Pos()
	default:
		return nil
	}
	evs, _ := pass.ResultOf[Analyzer].([]*Evidence)
	for _, ev := range evs {
		if ev.Client != nil && ev.Pos == pass.Fset.Position(at) {
			return ev
		}
	}
	return nil
}

type gatherer struct {
	pass   *analysis.Pass
	m      *consumer.Model
	c      *consumer.Consumer
	ev     *Evidence
	extent map[*ssa.Function]bool
	others []*gatherer // every consumer's gatherer in the package, g included
	// entry is the entry key of a received client's synthetic consumer.
	entry string
	// claimed are the calls of received clients: no consumer built in the
	// package owns them.
	claimed map[*consumer.Call]bool
	// beside caches besideLoop.
	beside map[*ssa.Function]bool
	// invokers caches the interface method calls of the package by the
	// methods they may run (callSites).
	invokers map[*ssa.Function][]ssa.CallInstruction
}

func (g *gatherer) posn(p token.Pos) token.Position { return g.pass.Fset.Position(p) }

// settingsFrom fills the settings the row is classified by from the
// consumer's configuration.
func (ev *Evidence) settingsFrom(s *consumer.Settings) {
	ev.Settings, ev.Branch, ev.From = map[clientmodel.Setting]Tri{}, nil, nil
	for _, k := range []clientmodel.Setting{clientmodel.Group, clientmodel.AutoCommit, clientmodel.AutoStore,
		clientmodel.MarksOnly, clientmodel.Greedy, clientmodel.BlockRebalance, clientmodel.AsyncCommit} {
		if on, known := s.Get(ev.Client, k); known && !s.Cond[k] {
			ev.Settings[k] = map[bool]Tri{true: On, false: Off}[on]
		} else if s.Cond[k] {
			ev.Branch = append(ev.Branch, k)
		}
		if from := s.From[k]; from != "" && s.Unknown[k] {
			if ev.From == nil {
				ev.From = map[clientmodel.Setting]string{}
			}
			ev.From[k] = from
		}
	}
}

func (g *gatherer) evidence() *Evidence {
	c := g.c
	ev := &Evidence{
		Client:   c.Client,
		Settings: map[clientmodel.Setting]Tri{},
		Entry:    g.entry,
	}
	if c.Settings.Opaque {
		ev.ConfigOrigin = c.Settings.Origin
	}
	ev.WrittenBy = g.m.ToWriters[c.Client]
	ev.WritesVia = g.m.HandedToWriters[c]
	if c.Site != nil {
		ev.Pos = g.posn(c.Site.Pos())
	} else {
		ev.Pos = g.posn(c.Fn.Pos())
	}
	g.ev = ev
	ev.config = c.Settings
	ev.settingsFrom(c.Settings)
	for _, h := range c.Handlers {
		if h.Consume != nil {
			ev.Handler = true
		}
	}
	g.names()
	g.revokes()
	ev.loopPoll = g.loopPoll()
	calls(g.m.SSA.SrcFuncs, func(ci ssa.CallInstruction, callee *types.Func) {
		if slices.Contains(c.Client.Close, callee.FullName()) {
			// Of this consumer, or of one the analysis cannot tell.
			recv := ssaflow.Recv(ci.Common())
			ev.Closes = ev.Closes || g.m.Is(c, recv) || !slices.ContainsFunc(g.m.Consumers, func(o *consumer.Consumer) bool { return g.m.Is(o, recv) })
		}
	})
	g.positions()
	g.launches()
	g.handedFuncs()
	ev.Buffered = g.buffered()
	ev.Interface = g.viaInterface()
	g.txnAndSink()
	g.initial()
	g.restore()
	g.positioned()
	ev.Flows = g.flows()
	ev.Pkgs = []string{g.pass.Pkg.Path()}
	ev.ForeignCalls = g.foreignCalls()
	ev.Fresh = g.fresh()
	for fn := range g.extent {
		if syn := fn.Syntax(); syn != nil {
			start, end := g.posn(syn.Pos()), g.posn(syn.End())
			ev.Extent = append(ev.Extent, Span{File: start.Filename, Start: start.Offset, End: end.Offset})
		}
	}
	slices.SortFunc(ev.Extent, func(a, b Span) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Start - b.Start
	})
	return ev
}

// initExtent computes the functions that belong to the consumer: the one
// constructing it, those making calls on it, its handlers, and what they
// reach in the package.
func (g *gatherer) initExtent() {
	g.extent = map[*ssa.Function]bool{}
	// A client obtained from another package's constructor is what its
	// calls and handlers reach: the function holding the result (a wiring
	// main holding several constructors' results) may reach other
	// consumers' code too. A parameter's or a field's receiving function
	// is the consumer's own code (workers it starts).
	if g.c.Site != nil || !strings.HasPrefix(g.c.Entry, "result:") || len(g.c.Calls) == 0 && len(g.c.Handlers) == 0 {
		g.reach(g.c.Fn)
	}
	for _, call := range g.ownCalls() {
		g.reach(call.Fn)
	}
	for _, h := range g.c.Handlers {
		// The handler's methods themselves: a received session's
		// handler (consumer.handlerOf) has no Reach of its own.
		g.reach(h.Consume)
		g.reach(h.Cleanup)
		for fn := range h.Reach {
			g.reach(fn)
		}
	}
}

// reach adds fn, its closures and the in-package functions it calls to the
// extent. The low-water-mark tracker a fix declared keeps offsets, not
// records: it is no code of the consumer's.
func (g *gatherer) reach(fn *ssa.Function) {
	fn = ssaflow.Body(fn)
	if fn == nil || g.extent[fn] || !g.m.Flow.InPackage(fn) {
		return
	}
	if obj, ok := fn.Object().(*types.Func); ok && edit.InTracker(g.pass, obj) {
		return
	}
	g.extent[fn] = true
	for _, anon := range fn.AnonFuncs {
		g.reach(anon)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if ci, ok := in.(ssa.CallInstruction); ok {
				g.reach(ci.Common().StaticCallee())
				// Callbacks handed to the client or a helper (a method
				// value such as s.assigned).
				for _, a := range ci.Common().Args {
					if f := funcOf(a); f != nil {
						g.reach(f)
					}
				}
			}
		}
	}
}

// funcs returns the extent in a stable order.
func (g *gatherer) funcs() []*ssa.Function { return sortedFuncs(g.extent) }

// calls visits every call instruction in fns with its callee.
func calls(fns []*ssa.Function, visit func(ci ssa.CallInstruction, callee *types.Func)) {
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					if callee := ssaflow.Callee(ci.Common()); callee != nil {
						visit(ci, callee)
					}
				}
			}
		}
	}
}

// ownCalls returns the calls made on the consumer: those bound to it, and
// those it shares with the consumer it replaces (consumer.Consumer.Also).
func (g *gatherer) ownCalls() []*consumer.Call {
	return append(slices.Clip(g.c.Calls), g.c.Also...)
}

// onConsumer reports whether the method call ci is made on this consumer.
func (g *gatherer) onConsumer(ci ssa.CallInstruction) bool {
	if slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool { return c.Instr == ci }) {
		return true // bound to it (a commit of its positions through an admin client)
	}
	recv := ssaflow.Recv(ci.Common())
	if g.c.Site == nil && g.c.Entry != "" && recv != nil {
		// A received client: the parameter or field it comes through
		// (a revoke callback registered on it: trial 40b/D1).
		return slices.ContainsFunc(g.m.Flow.Roots(recv), func(r ssa.Value) bool { k, _ := consumer.EntryKey(r); return k == g.c.Entry })
	}
	return g.m.Is(g.c, recv)
}

// at names position p for the consumer's row: "line 12" in the row's own
// file, else "handler.go:12" (the row names its construction's file).
func (ev *Evidence) at(p token.Position) string {
	if p.Filename == ev.Pos.Filename || ev.Pos.Filename == "" {
		return fmt.Sprintf("line %d", p.Line)
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// HeldAtRevoke returns the revoke callback that commits every polled
// record (Revoke.Polled) while the consumer's loop holds records across
// polls (Holds), nil if there is none.
func (ev *Evidence) HeldAtRevoke() *Revoke {
	if !ev.Holds() {
		return nil
	}
	for _, rv := range ev.Revokes {
		if rv.Commits && rv.Polled && !rv.Cond {
			return rv
		}
	}
	return nil
}

// StoredAtClose returns the revoke callback that commits the offsets
// auto-store stored as each message was handed over (confluent's Commit()
// with enable.auto.offset.store on and auto-commit off) of a consumer
// whose loop neither holds messages across polls (HeldAtRevoke's) nor
// hands them to goroutines, and that the package closes, nil if there is
// none. The client's Close polls out the messages it prefetched as the member leaves its group,
// which stores their offsets, and then serves the revoke: the callback
// commits them unprocessed (audit 37c/D11: up to 279 of 300 lost at a
// SIGTERM).
func (ev *Evidence) StoredAtClose() *Revoke {
	if !ev.Closes || ev.Client.Timer != clientmodel.TimerStored || ev.Is(clientmodel.AutoCommit) != Off || ev.Is(clientmodel.AutoStore) != On ||
		ev.Holds() || ev.InFlight() || slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Role == clientmodel.Store }) {
		return nil
	}
	for _, rv := range ev.Revokes {
		if rv.Commits && rv.Polled && !rv.Cond && rv.Elsewhere == "" {
			return rv
		}
	}
	return nil
}

// Holds reports a loop that holds records across polls before it
// processes them: a batch of N records of a client whose polls return
// one message each, or records kept in a buffer. A revoke callback runs
// in a poll, while they are held unprocessed.
func (ev *Evidence) Holds() bool {
	return ev.heldBatch() || ev.Buffered.Where != ""
}

// holds says where the loop holds records across polls.
func (ev *Evidence) holds() string {
	if ev.Buffered.Where != "" {
		return "kept in " + ev.Buffered.Where + ", " + ev.at(ev.Buffered.Pos)
	}
	return "a batch of messages polled one at a time"
}

// heldBatch reports a position call writing the last of records the
// loop collected, of a client whose polls return one message each
// (confluent-kafka-go): the batch spans polls. A commit every N records
// processed one at a time (a counter) holds none.
func (ev *Evidence) heldBatch() bool {
	return ev.Client.Timer == clientmodel.TimerStored && slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool {
		return pc.Collected && !pc.InGoroutine
	})
}

// ForeignHandler is a handler's Consume method of another package: the
// entry key of its session parameter, and its name.
type ForeignHandler struct {
	Key, Method string
}
