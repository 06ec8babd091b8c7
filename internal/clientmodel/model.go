// Package clientmodel describes, as data, what commitlint knows about each Go
// Kafka client: which calls hand out records, which calls commit, mark or
// store positions (with their +1 and ordering semantics), how auto-commit is
// configured and what its timer commits, the revoke hooks and the errors that
// mean "this partition is no longer yours".
//
// The analyzers are generic over this model: adding a client means adding a
// table (a file in this package), not editing an analyzer. Every name is
// spelled as types.Func.FullName or types.Object full names, and
// clientmodel_test resolves each one against the real, pinned libraries.
package clientmodel

import (
	"fmt"
	"strings"
)

// Role is what a client call does to a consumer's position.
type Role int

const (
	// Fetch hands records to the application.
	Fetch Role = iota + 1
	// FetchCommit hands out a record and commits its position before
	// returning it (kafka-go's ReadMessage on a group reader).
	FetchCommit
	// Commit writes positions to the offset store now.
	Commit
	// Mark records a position in memory for a later commit (sarama marks,
	// franz-go marks).
	Mark
	// Store records a position in memory for the auto-commit timer or a
	// later Commit (confluent StoreMessage/StoreOffsets).
	Store
)

func (r Role) String() string {
	switch r {
	case Fetch:
		return "fetch"
	case FetchCommit:
		return "fetch-commit"
	case Commit:
		return "commit"
	case Mark:
		return "mark"
	case Store:
		return "store"
	}
	return "unknown"
}

// Order is how a later position call interacts with an earlier one.
type Order int

const (
	// OrderNone: the call takes no explicit position.
	OrderNone Order = iota
	// ForwardOnly: a lower position than the current one is silently dropped.
	ForwardOnly
	// LastWrite: the last call wins, so positions can move backwards.
	LastWrite
)

// Scope is which positions a commit-like call writes.
type Scope int

const (
	// ScopeArgs: the positions of the records or offsets passed in.
	ScopeArgs Scope = iota
	// ScopePolled: every position handed out so far, newest poll included.
	ScopePolled
	// ScopeMarked: the positions previously marked or stored.
	ScopeMarked
)

// Call describes one client function or method.
type Call struct {
	// Func is the types.Func.FullName of the function or method, e.g.
	// "(*github.com/twmb/franz-go/pkg/kgo.Client).CommitRecords".
	Func string
	Role Role
	// Record is the index (in the signature's parameters, receiver
	// excluded) of the record or offsets argument, or -1.
	Record int
	// PlusOne reports whether the call adds 1 to the record's offset.
	PlusOne bool
	Order   Order
	Scope   Scope
	// Sync reports whether the call has finished its write when it returns.
	Sync bool
	// GroupCommit reports a commit that writes a consumer group's offsets
	// by itself, whatever the consumer it commits for (kadm's group
	// argument, a kafka-go Generation): readers outside a group that keep
	// the group's offsets this way commit positions all the same.
	GroupCommit bool
	// Member reports a GroupCommit made through a group membership (a
	// kafka-go Generation, which a ConsumerGroup hands out and a
	// rebalance ends), unlike kadm's, made from outside the group.
	Member bool
	// NeedsSetting names a setting that must hold for the call to have any
	// effect (franz-go marks need AutoCommitMarks); empty if none.
	NeedsSetting Setting
	// NeedsValue is the value NeedsSetting must have.
	NeedsValue bool
	// Batch reports, for a fetch, that one call hands out many records
	// (a poll), so a commit of what was fetched commits a batch.
	Batch bool
	// CommitWith, for a store, is the commit call taking the same
	// arguments: the fix that turns the store into a commit when
	// auto-commit is turned off (confluent StoreMessage → CommitMessage).
	CommitWith string
}

// Setting is a semantic consumer setting, independent of how a client spells it.
type Setting string

const (
	// Group: the consumer is a member of a consumer group (commits go to the group).
	Group Setting = "group"
	// AutoCommit: a background timer commits positions.
	AutoCommit Setting = "auto-commit"
	// AutoStore: positions are stored when records are handed to the app.
	AutoStore Setting = "auto-store"
	// MarksOnly: the auto-commit timer commits marked positions only.
	MarksOnly Setting = "marks-only"
	// Greedy: the auto-commit timer commits the latest poll, not the previous one.
	Greedy Setting = "greedy"
	// BlockRebalance: rebalances wait until the application allows them.
	BlockRebalance Setting = "block-rebalance"
	// Eager: a rebalance revokes every partition, and those assigned again
	// are fetched from their committed offsets, so records of a batch
	// abandoned after a rebalance are fetched again (franz-go's eager
	// balancers; its default, cooperative-sticky, keeps the partitions the
	// member still owns, and their fetch positions past the batch).
	Eager Setting = "eager"
	// AsyncCommit: commit calls only queue the positions and return at once;
	// a background loop commits them (kafka-go with CommitInterval > 0).
	AsyncCommit Setting = "async-commit"
)

// ConfigKind is how a client's consumer is configured.
type ConfigKind int

const (
	// StructFields: a config struct whose fields are assigned (sarama, kafka-go).
	StructFields ConfigKind = iota + 1
	// Options: functional options passed to the constructor (franz-go).
	Options
	// KeyMap: a string-keyed map (confluent's ConfigMap).
	KeyMap
)

// Knob is one way to change a setting.
type Knob struct {
	Setting Setting
	// Field is the dotted field path from the config type for StructFields
	// ("Consumer.Offsets.AutoCommit.Enable").
	Field string
	// Option is the FullName of an option function for Options.
	Option string
	// Key is the map key for KeyMap.
	Key string
	// Value is the setting's value when the knob is set. For a boolean field
	// or key the assigned constant is used instead; for Field knobs on
	// non-boolean fields (kafka-go's GroupID) any non-zero value sets Value.
	Value bool
	// Args, when set, are the only functions whose results the option's
	// arguments may be for Value to hold (franz-go's Balancers given eager
	// balancers only); with any other argument the setting is unknown.
	Args []string
}

// Constructor is a function that creates a consumer from a config.
type Constructor struct {
	Func string
	// ConfigArg is the parameter index of the config (for Options: the
	// variadic options parameter).
	ConfigArg int
	// FromClient, when set, names the constructor of an intermediate value
	// passed at ConfigArg that carries the config (sarama's
	// NewConsumerGroupFromClient takes a Client built by NewClient).
	FromClient string
	// FromClientArg is the parameter index of the config in FromClient.
	FromClientArg int
	// Fixed are settings the constructor forces regardless of config.
	Fixed map[Setting]bool
	// Txn reports that the constructor builds a transactional session
	// (franz-go NewGroupTransactSession): its consumer is transactional.
	Txn bool
}

// Timer says what a client's auto-commit timer commits.
type Timer int

const (
	// TimerMarked: the timer commits marked positions only; marks are
	// discarded at session end when auto-commit is off (sarama).
	TimerMarked Timer = iota + 1
	// TimerPreviousPoll: the timer commits every poll before the latest one
	// (franz-go default); with Greedy the latest; with MarksOnly the marks.
	TimerPreviousPoll
	// TimerStored: the timer commits stored positions, and with AutoStore
	// on positions are stored when records are handed to the app (confluent).
	TimerStored
	// TimerNone: no timer; commits happen in calls (kafka-go: FetchCommit
	// calls commit before returning).
	TimerNone
)

// Config is how a client is configured.
type Config struct {
	Kind ConfigKind
	// Type is the config type ("github.com/IBM/sarama.Config").
	Type string
	// Builders are functions returning a fresh config (sarama.NewConfig).
	Builders []string
	// SetKey is the FullName of a method that sets one key (KeyMap).
	SetKey string
	Knobs  []Knob
	// Defaults are the settings' values when no knob is set.
	Defaults map[Setting]bool
	// Interval is the default auto-commit interval, for messages.
	Interval string
	// IntervalKnob names the knob a user sets to change the interval.
	IntervalKnob string
}

// Client is the whole model of one client library.
type Client struct {
	// Name is the short name used in messages ("sarama", "franz-go").
	Name string
	// Paths are the package import paths the model's names live in.
	Paths []string
	// Records are the record types (types.TypeString with full paths).
	Records []string
	// RecordNoun is what messages call one record ("message", "record").
	RecordNoun string
	// OffsetField is the name of the field holding a record's (or a
	// topic-partition's) offset in the client's types.
	OffsetField string
	// Coordinates are the fields of a record that say where and when it
	// was written (its topic, partition, offset, timestamps), not what it
	// says: a call handed only these cannot write the record's effect (a
	// metric labelled by topic, a latency measured from the timestamp).
	Coordinates []string
	// Consumer is the consumer type whose methods the calls are on.
	Consumer     string
	Constructors []Constructor
	Config       Config
	Timer        Timer
	Calls        []Call
	// Handler, for clients that call the application (sarama), is the
	// interface the application implements and its methods.
	Handler *Handler
	// Engine is what messages call the code that runs the client's timer
	// and rebalances ("librdkafka" for confluent-kafka-go); Name if empty.
	Engine string
	// RevokeHooks are the options or methods that register rebalance
	// callbacks, and the handler methods run at session end.
	RevokeHooks []RevokeHook
	// Partitions are the types that hold one partition's records, handed
	// to per-partition code (franz-go's FetchTopicPartition, sarama's
	// ConsumerGroupClaim).
	Partitions []string
	// FetchErrors are the methods of a poll's result that report its
	// errors while the poll also holds records (franz-go's Fetches.Err,
	// Errors): a loop going on from them without processing the records
	// drops records the client already counts as polled.
	FetchErrors []string
	// FetchEachError is the method of a poll's result that calls its
	// function with each error (franz-go's Fetches.EachError): a flag it
	// sets (hasError = true) reports the errors as FetchErrors do.
	FetchEachError string
	// FetchEmpty is the method of a poll's result reporting that it holds
	// no records (franz-go's Fetches.Empty): what a loop may poll again
	// on without dropping any.
	FetchEmpty string
	// FetchInspect are the other methods of a poll's result that hand out
	// no records (franz-go's IsClientClosed, Empty, NumRecords,
	// EachError): a check made after them still holds every record.
	FetchInspect []string
	// AllowRebalance is the method a poll loop calls to let a rebalance
	// held back by BlockRebalance proceed (franz-go AllowRebalance).
	AllowRebalance string
	// Close are the consumer methods that close it, leaving its group:
	// the client runs the revoke callback in them (confluent Close, which
	// also polls out the messages it prefetched).
	Close []string
	// AssignmentLost is the consumer method reporting that the assignment
	// was lost rather than revoked, when a revoke callback must not commit
	// (confluent AssignmentLost).
	AssignmentLost string
	// OffsetsFrom are functions that compute a position argument from the
	// records passed to them (kadm NewOffsetFromRecord, OffsetsFromRecords):
	// the position they return is those records'.
	OffsetsFrom []string
	// Feeds are calls that hand out records which the consumer model does
	// not follow as fetches (sarama's claim channel, the polls of a
	// transactional session): a loop that makes one is a consume loop.
	Feeds []string
	// Names says where the code spells the consumer's group, topics and
	// auto-commit interval, for the report.
	Names Names
	// Prose is client-specific text for messages and the report.
	Prose Prose
	// Fencing are the full names of errors meaning the partition or
	// producer is no longer this member's: the group errors of GroupFencing
	// and the producer (transaction) fencing errors.
	Fencing []string
	// GroupFencing is the subset of Fencing meaning the member's generation
	// or assignment is over (a rebalance, the member removed, fenced by a
	// static member or by its member epoch): records fetched before it may
	// belong to another member now.
	GroupFencing []string
	// Txn are transaction calls whose results matter.
	Txn []string
	// TxnCommit are the calls of Txn that commit a transaction: a consumer
	// that makes one is transactional.
	TxnCommit []string
	// TxnAbort are the calls that abort a transaction.
	TxnAbort []Abort
	// Results are the commit and transaction calls whose results say
	// whether the commit or transaction happened.
	Results []Result
	// Restores are the ways a consumer that keeps its position in its own
	// store tells the client where to resume on assignment.
	Restores []Restore
	// Rewinds are the calls (FullNames) that move where the next fetch of
	// a partition starts, back to a record already handed out (franz-go's
	// SetOffsets, confluent's Seek): a loop that makes one before it
	// polls again retries the records after that point. (Not kafka-go's
	// SetOffset: a group reader refuses it.)
	Rewinds []string
	// RestoreFix is the restore hook a fix adds, nil if the client has
	// none a fix can add (a kafka-go group Reader cannot be told).
	RestoreFix *RestoreFix
	// LowWater is how a fix writes a low-water mark in place of a
	// position written in completion order, nil if no fix knows.
	LowWater *LowWaterFix
	// Start is where code sets the offset a group member starts a
	// partition without a committed offset from (Prose.InitialOffset by
	// default).
	Start *StartKnob
	// Produces are the calls that produce records: their effect is the
	// processing of the records they are built from.
	Produces []Produce
	// InGroup is the condition, a format of the consumer expression, that
	// holds when the consumer is a group member: a commit a fix adds to a
	// read that may also serve a consumer outside any group runs under it
	// (kafka-go's CommitMessages fails outside a group); empty when the
	// client needs none.
	InGroup string
}

// StartKnob is the setting of the offset a partition without a committed
// offset starts from: a config map key, a config field (its name, in the
// client's package) or an option.
type StartKnob struct {
	Key, Field, Option string
	// Fallback is an option that sets the start offset too, unless Option
	// is set (franz-go's ConsumeResetOffset).
	Fallback string
	// Newest and Oldest are the constant values meaning the newest and the
	// oldest offset: strings as written, integers in decimal.
	Newest, Oldest []string
	// NewestCall and OldestCall are the functions (FullName) whose result,
	// given to Option, means the newest and the oldest offset.
	NewestCall, OldestCall []string
}

// RestoreKind is how a restore hook tells the client where to resume.
type RestoreKind int

const (
	// RestoreOption: an option whose callback (Arg) receives the positions
	// the client fetched for the assigned partitions and returns those to
	// resume from (franz-go AdjustFetchOffsetsFn).
	RestoreOption RestoreKind = iota + 1
	// RestoreCall: a method that sets where a partition resumes: in the
	// handler method In when set (sarama Setup), else in the rebalance
	// callback or after construction (confluent Assign with offsets,
	// kafka-go SetOffset on a reader outside a group).
	RestoreCall
)

// Restore is one way to set where a consumer resumes.
type Restore struct {
	// Func is the FullName of the option or method.
	Func string
	Kind RestoreKind
	// Arg is the parameter index of an option's callback.
	Arg int
	// In is the handler method a RestoreCall must run in; "" if anywhere.
	In string
}

// FixWhere is where the restore code of a fix goes.
type FixWhere int

const (
	// FixOption: an option appended to the constructor's options.
	FixOption FixWhere = iota + 1
	// FixHandler: statements prepended to the handler method Hook.
	FixHandler
	// FixCallback: a function literal replacing the nil callback argument
	// Arg of the method Hook (the rebalance callback of Subscribe).
	FixCallback
)

// The placeholders of RestoreFix.Code and Ctx.
const (
	// FixRead stands for a statement reading the stored position into a
	// variable next and setting err.
	FixRead = "$READ"
	// FixNoRows stands for the test that err says there is no stored row.
	FixNoRows = "$NOROWS"
	// FixPkg stands for the client package's name in the file.
	FixPkg = "$PKG"
	// FixSess stands for the handler method's session parameter.
	FixSess = "$SESS"
)

// RestoreFix is the code a fix adds so that a consumer resumes from the
// position it keeps in its own database.
type RestoreFix struct {
	Where FixWhere
	// Hooks are the option a FixOption appends (FullName), the handler
	// method a FixHandler code goes into (a name), or the methods whose
	// nil callback argument Arg a FixCallback replaces (FullNames).
	Hooks []string
	Arg   int
	// Code is the Go text, with the placeholders FixRead, FixNoRows,
	// FixPkg and FixSess.
	Code string
	// Topic, Partition and Ctx are the expressions Code reads a partition's
	// row with: the key values and the context of the query.
	Topic, Partition, Ctx string
	// Locals are the names Code declares: a database handle spelled with
	// one of them would be shadowed.
	Locals []string
	// Imports are the packages Code needs besides the client's and the
	// database's.
	Imports []string
}

// Swallow is what carrying on after a commit or transaction call failed
// costs with a client.
type Swallow int

const (
	// SwallowReplays: a failed commit leaves the committed position
	// behind, so a restart or the partition's next owner replays what it
	// covered (duplicates), and the client rejoins the group by itself.
	// Only a discarded error (an invisible failure) is worth reporting.
	SwallowReplays Swallow = iota + 1
	// SwallowLoses: the consumer has already moved past the records the
	// failed call covered and nothing rewinds it, so carrying on loses their
	// output (confluent CommitTransaction, sarama CommitTxn).
	SwallowLoses
	// SwallowStalls: the error is not retryable and the session cannot
	// commit again; carrying on polls while every transaction fails
	// (franz-go GroupTransactSession.End).
	SwallowStalls
	// SwallowRedoes: the transaction goes on without the consumed offsets;
	// if it still commits, its output is committed while the position is
	// not, so the batch is consumed and produced again (duplicates in the
	// output despite the transaction: confluent SendOffsetsToTransaction
	// after a retriable failure).
	SwallowRedoes
	// SwallowSkips: the call begins a transaction; when it fails and the
	// consume loop moves on, the record it was for goes unprocessed and the
	// next transaction commits a later offset, so the record is lost for
	// good (sarama BeginTxn, franz-go BeginTransaction and Begin, confluent
	// BeginTransaction).
	SwallowSkips
	// SwallowResurfaces: the call only adds to the transaction; its error
	// comes back from the transaction's commit, so carrying on costs
	// nothing by itself. Aborting the transaction on it and reading on
	// loses the records the consumer has moved past, as for SwallowLoses
	// (sarama AddMessageToTxn and AddOffsetsToTxn).
	SwallowResurfaces
)

// Result is a commit or transaction call whose results matter.
type Result struct {
	// Func is the types.Func.FullName of the call.
	Func string
	// Err is the index of the error result.
	Err int
	// Committed is the index of a boolean result reporting whether the
	// transaction committed (franz-go End), or -1.
	Committed int
	Swallow   Swallow
	// Abort, when set, is the method (on the same receiver) that must be
	// called after a failure before the client accepts a new transaction
	// (sarama AbortTxn: an abortable error allows no other transition),
	// and Begin the call it refuses until then (BeginTxn). Begin set
	// without Abort: the client refuses it after a failure until the
	// transaction is aborted or for good (librdkafka). With Begin set,
	// carrying on after a swallowed failure stalls rather than loses: no
	// later transaction commits until something aborts this one.
	Abort, Begin string
	// Folds, when set, is the method (on the same receiver, with the same
	// arguments) whose error also reports what the call's other results
	// report (kadm CommitAllOffsets: the per-partition failures that
	// CommitOffsets leaves in its responses). A fix for a call whose
	// results are all discarded calls it instead.
	Folds string
	// NeedsSetting names a setting that must have NeedsValue for the error
	// to mean anything (kafka-go CommitMessages returns nil at once when
	// commits are asynchronous); empty if none.
	NeedsSetting Setting
	NeedsValue   bool
}

// HookKind is when a rebalance callback runs.
type HookKind int

const (
	// HookRevoked: an option whose argument is called when partitions are
	// revoked; a custom one replaces the client's default revoke commit
	// (franz-go OnPartitionsRevoked).
	HookRevoked HookKind = iota + 1
	// HookLost: an option whose argument is called when partitions are
	// lost; there is no default to replace (franz-go OnPartitionsLost).
	HookLost
	// HookEvents: a method of the consumer whose argument is called with
	// every rebalance event; it handles revocation when it type-asserts
	// RevokeEvent (confluent Subscribe's rebalance callback).
	HookEvents
	// HookCleanup: a handler method the client runs at session end
	// (sarama ConsumerGroupHandler.Cleanup).
	HookCleanup
)

// RevokeHook is one way to run code when partitions are revoked.
type RevokeHook struct {
	// Func is the FullName of the option, method or handler method.
	Func string
	Kind HookKind
	// Arg is the parameter index (receiver excluded) of the callback.
	Arg int
	// RevokeEvent, for HookEvents, is the name of the event type that
	// announces a revocation (confluent RevokedPartitions).
	RevokeEvent string
}

// Abort is a call that aborts a transaction.
type Abort struct {
	Func string
	// FalseArg is the parameter index of a boolean that makes the call an
	// abort when it is the constant false (franz-go End(ctx, TryAbort)),
	// or -1 when the call always aborts.
	FalseArg int
}

// Names are the places a client's code spells a consumer's group, topics
// and auto-commit interval.
type Names struct {
	Group, Topics, Interval []NameSite
}

// NameSite is one place a name is spelled: an argument of a call (an
// option function, a method of the consumer or its constructor), a key of
// the config map, or a field of the config struct.
type NameSite struct {
	// Func is the FullName of the call and Arg the parameter index
	// (receiver excluded) of the value.
	Func string
	Arg  int
	// Key is a config map key.
	Key string
	// Field is the dotted field path from the config type.
	Field string
	// Millis: an interval given as an integer count of milliseconds,
	// else as a time.Duration.
	Millis bool
	// ZeroOff: an interval of 0 turns the auto-commit timer off
	// (librdkafka's auto.commit.interval.ms); commits on rebalance and
	// close stay.
	ZeroOff bool
}

// Prose is client-specific text the analyzers and the report complete.
type Prose struct {
	// RevokeCommit says how the client commits when partitions are
	// revoked although the application does not (empty: it does not).
	RevokeCommit string
	// RevokeReplaced says why a custom revoke callback commits nothing
	// the client would have (empty if a callback replaces nothing).
	RevokeReplaced string
	// TxnRevoke says why a transactional consumer needs no commit on
	// revoke (empty: each transaction commits its own offsets).
	TxnRevoke string
	// GroupFenced says what the client does after a commit fails with a
	// group fencing error; the cost of carrying on follows it.
	GroupFenced string
	// Timer says what the auto-commit timer commits and how often (%s is
	// the interval), for messages about the timer.
	Timer string
	// InitialOffset names where a group without committed offsets starts
	// by default.
	InitialOffset string
	// InitialNewest reports that InitialOffset is the newest offset: a
	// group without committed offsets skips what was produced before it
	// started.
	InitialNewest bool
}

// Handler is an interface the application implements and the client calls.
type Handler struct {
	Interface string
	// Consume is the method that receives records; Cleanup runs at session end.
	Consume, Cleanup string
	// Session is the type of the session parameter through which the handler
	// marks and commits.
	Session string
	// Run is the FullName of the method that runs the handler, and HandlerArg
	// the parameter index of the handler.
	Run        string
	HandlerArg int
}

// Clients is every client commitlint models. Tables are never modified after
// package initialisation.
var Clients = []*Client{
	sarama("github.com/IBM/sarama"),
	sarama("github.com/Shopify/sarama"),
	// Elastic's fork (Beats' Kafka input imports it): sarama 1.42.2 with
	// its API and defaults, under a v1.19.1 pseudo-version.
	sarama("github.com/elastic/sarama"),
	franzgo(),
	kafkago(),
	confluent("github.com/confluentinc/confluent-kafka-go/v2/kafka", true),
	confluent("github.com/confluentinc/confluent-kafka-go/kafka", false),
}

// Unmodelled are the module paths of Kafka consumer libraries commitlint
// does not model (they wrap a client or speak the protocol themselves):
// a package importing one (or a package under it) is told that its
// consumers are not checked, not that it has none.
var Unmodelled = []string{
	"github.com/bsm/sarama-cluster",
	"github.com/lovoo/goka",
	"github.com/Trendyol/kafka-konsumer",
	"github.com/ThreeDotsLabs/watermill-kafka",
	"github.com/uber-go/kafka-client",
	"github.com/wvanbergen/kafka",
}

// UnmodelledLib returns the entry of Unmodelled that the package path
// belongs to, or "".
func UnmodelledLib(path string) string {
	for _, m := range Unmodelled {
		if path == m || strings.HasPrefix(path, m+"/") {
			return m
		}
	}
	return ""
}

// EngineName is what messages call the code that runs the client's timer
// and rebalances.
func (c *Client) EngineName() string {
	if c.Engine != "" {
		return c.Engine
	}
	return c.Name
}

// Knob returns the first knob that changes setting s, or nil.
func (c *Client) Knob(s Setting) *Knob {
	for i := range c.Config.Knobs {
		if c.Config.Knobs[i].Setting == s {
			return &c.Config.Knobs[i]
		}
	}
	return nil
}

// Spell is how a user spells the knob of setting s in messages and fix
// titles ("enable.auto.offset.store", "kgo.AutoCommitMarks",
// "Consumer.Offsets.AutoCommit.Enable"), or "" if the client has none.
func (c *Client) Spell(s Setting) string {
	k := c.Knob(s)
	switch {
	case k == nil:
		return ""
	case k.Key != "":
		return k.Key
	case k.Field != "":
		return k.Field
	}
	return ShortName(k.Option)
}

// Holding says, for messages, that setting s has value on: "enable.auto.offset.store
// is off", "kgo.AutoCommitMarks() is set".
func (c *Client) Holding(s Setting, on bool) string {
	k := c.Knob(s)
	if k == nil {
		return fmt.Sprintf("%s is %s", s, map[bool]string{true: "on", false: "off"}[on])
	}
	if k.Option != "" {
		// An option sets its setting to k.Value when it is given.
		return c.Spell(s) + "() is " + map[bool]string{true: "set", false: "not set"}[on == k.Value]
	}
	return c.Spell(s) + " is " + map[bool]string{true: "on", false: "off"}[on]
}

// CallName is the short name of the client's first call with the given
// role and scope ("CommitUncommittedOffsets" for a commit of everything
// polled), or "" if it has none.
func (c *Client) CallName(role Role, scope Scope) string {
	for _, call := range c.Calls {
		if call.Role == role && call.Scope == scope {
			return ShortName(call.Func)
		}
	}
	return ""
}

// FetchesBatches reports whether the client's fetch calls hand out many
// records at a time (polls), so a commit of what was fetched commits a
// batch.
func (c *Client) FetchesBatches() bool {
	for _, call := range c.Calls {
		if call.Role == Fetch && call.Batch {
			return true
		}
	}
	return false
}

// Hook returns the revoke hook whose FullName is name, or nil.
func (c *Client) Hook(name string) *RevokeHook {
	for i := range c.RevokeHooks {
		if c.RevokeHooks[i].Func == name {
			return &c.RevokeHooks[i]
		}
	}
	return nil
}

// Produce is a client call that writes records to Kafka. Producing a
// record derived from a consumed one is an effect of that record (its
// processing), not a position write: a commit before a synchronous
// produce loses the record if the process crashes in between. An
// asynchronous produce only queues the record, so it hands it on: a
// commit right after it, with no wait for the delivery, comes first too.
type Produce struct {
	// Func is the types.Func.FullName of the call.
	Func string
	// Record is the parameter index (receiver excluded) of the record or
	// records produced, or -1 for a call that returns the channel records
	// are sent on (sarama AsyncProducer.Input).
	Record int
	// Async reports that the call (or a send on the channel it returns)
	// returns before the record is delivered.
	Async bool
	// AsyncField, for a call that is synchronous by default, is the
	// field of the receiver's struct that makes it asynchronous when set
	// true (kafka-go Writer.Async): where the receiver's literal or field
	// assignment is visible with it set, the call is asynchronous, and a
	// fix removes the setting. Empty when the call is always one or the
	// other.
	AsyncField string
	// Done is the parameter index of the delivery callback or channel of
	// an asynchronous call (franz-go Produce's promise, confluent
	// Produce's deliveryChan), or -1.
	Done int
	// Sync, for an asynchronous call, is the Go text of the synchronous
	// call that does the same and hands the delivery's outcome to the
	// callback, which a fix writes in its place: FixRecv stands for the
	// receiver, $0, $1, ... for the call's arguments. SyncNoDone is the
	// text used when the callback is nil. Empty when the client has none.
	Sync, SyncNoDone string
	// SyncErr, appended to SyncNoDone's text, gives the delivery's error
	// (franz-go's ProduceResults.FirstErr), for a fix that returns it.
	SyncErr string
	// Reentrant reports a call the client's own callbacks may make
	// (franz-go TryProduce, documented as safe in a promise): its
	// synchronous form would deadlock there, so a fix of a function other
	// code may call from such a callback (a shared producer wrapper) does
	// not make it.
	Reentrant bool
	// Wait, for an asynchronous call whose Done is a channel, is the Go
	// expression receiving the delivery report from channel FixDone and
	// giving the delivery's error (FixPkg stands for the client package's
	// name in the file): a fix passes a channel of its own for a nil one
	// and waits on it. Empty when the client has none.
	Wait string
	// ReplyWait, for an asynchronous call that reports deliveries on
	// channels of the producer rather than to a callback (sarama's
	// Successes and Errors), is the Go text of a statement waiting for
	// the delivery of one record and returning its error: FixDone is a
	// chan error of the record's own (buffered, one report), carried in
	// the record's field ReplyField. ReplyForward maps each method of the
	// producer returning a channel of reports to the statement that
	// forwards a report (FixVar) to its record's channel, if it has one:
	// a fix puts it first in the loops of the package draining those
	// channels (for r := range p.Successes()), as the client's own
	// synchronous producer does. ReplyLocals are the names these texts
	// declare. Empty when the client has none.
	ReplyWait string
	// ReplyWaitEnds is ReplyWait for a sender whose reports may stop
	// being forwarded (a drain loop of the package that returns or breaks
	// out when a context ends): it also stops waiting, without an error,
	// when the session (FixSess, the handler's session the sender marks
	// through) ends, so the handler returns and the session can close.
	ReplyWaitEnds string
	ReplyField    string
	ReplyForward  map[string]string
	ReplyLocals   []string
	// ReplyNeeds is the config field (a path from the config) that must
	// be set true for the producer to report successes, and ReplyKeeps
	// the one (true by default) that must not be set false for it to
	// report errors: without them the wait may never end.
	ReplyNeeds, ReplyKeeps string
	// ReplyKeptOn is the report channel (a key of ReplyForward) that
	// ReplyKeeps set false silences: where the package turns it off on a
	// config of its own, a fix turns it back on and drains it.
	ReplyKeptOn string
	// ReplyOn is the report channel (a method of the producer, a key of
	// ReplyForward) that only reports with ReplyNeeds set. ReplyNew is
	// the types.Func.FullName of the constructor building the producer
	// from a config, its parameter ReplyNewConfig: where a package builds
	// its producer with it from a config of its own, a fix may set
	// ReplyNeeds there and drain ReplyOn itself.
	ReplyOn        string
	ReplyNew       string
	ReplyNewConfig int
	// Flush, for an asynchronous call, is the types.Func.FullName of the
	// producer's call that returns once every record queued so far is
	// delivered or failed, its callbacks run (franz-go Flush), and
	// FlushCall the Go text of an expression making it and giving its
	// error (FixRecv for the receiver, $0, $1, ... for the produce's
	// arguments): a fix puts it, checked, before a commit of records
	// produced by calls it may not wait for one by one. Empty when the
	// client has none.
	Flush, FlushCall string
	// FlushCounts reports that the flush gives up after a timeout and
	// returns how much is left (confluent Flush): it waits for the
	// deliveries only where its result is read (for p.Flush(ms) > 0 {}).
	// Such a client gets no FlushCall: a fix waits for each record's
	// delivery report (Wait) instead.
	FlushCounts bool
}

// FixDone stands for the delivery channel in Produce.Wait.
const FixDone = "$DONE"

// FixVar stands for a loop's variable in Produce.ReplyForward.
const FixVar = "$VAR"

// ProduceRef is a produce call together with its client.
type ProduceRef struct {
	Client *Client
	*Produce
}
