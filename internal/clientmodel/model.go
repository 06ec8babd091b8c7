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
	// NeedsSetting names a setting that must hold for the call to have any
	// effect (franz-go marks need AutoCommitMarks); empty if none.
	NeedsSetting Setting
	// NeedsValue is the value NeedsSetting must have.
	NeedsValue bool
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
	// Consumer is the consumer type whose methods the calls are on.
	Consumer     string
	Constructors []Constructor
	Config       Config
	Timer        Timer
	Calls        []Call
	// Handler, for clients that call the application (sarama), is the
	// interface the application implements and its methods.
	Handler *Handler
	// RevokeHooks are the options or methods that register revoke callbacks.
	RevokeHooks []string
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
	// Results are the commit and transaction calls whose results say
	// whether the commit or transaction happened.
	Results []Result
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
	// (sarama AbortTxn: an abortable error allows no other transition).
	Abort string
	// NeedsSetting names a setting that must have NeedsValue for the error
	// to mean anything (kafka-go CommitMessages returns nil at once when
	// commits are asynchronous); empty if none.
	NeedsSetting Setting
	NeedsValue   bool
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
	franzgo(),
	kafkago(),
	confluent("github.com/confluentinc/confluent-kafka-go/v2/kafka", true),
	confluent("github.com/confluentinc/confluent-kafka-go/kafka", false),
}
