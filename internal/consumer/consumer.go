// Package consumer builds commitlint's consumer model on SSA form: the
// consumers a package constructs (with their settings traced through
// config helpers, option slices, ConfigMap literals and setters, and across
// packages through facts), the handler functions a client calls, and every
// modelled fetch, commit, mark and store call with the consumer it is made
// on.
package consumer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/kafkassa"
	"github.com/offsetcommit/commitlint/internal/observe"
	"github.com/offsetcommit/commitlint/internal/spawner"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Analyzer computes the consumer model of a package. Its result is a nil
// *Model for packages that use no Kafka client.
var Analyzer = &analysis.Analyzer{
	Name:       "kafkaconsumers",
	Doc:        "find Kafka consumers, their settings and their position calls",
	Run:        run,
	Requires:   []*analysis.Analyzer{kafkassa.SSA, spawner.Analyzer},
	ResultType: reflect.TypeFor[*Model](),
	FactTypes:  []analysis.Fact{new(ConfigFact), new(EntryFact), new(BuiltFact), new(BuildsFact), new(RevokeFact), new(WritesFact)},
}

// Model is the consumer model of one package.
type Model struct {
	SSA       *kafkassa.Result
	Flow      *ssaflow.Flow
	Consumers []*Consumer
	// Received are the clients the package receives from another package,
	// with the calls made on them (see received.go).
	Received []*Consumer
	// Imported are the consumers another package's function builds and
	// this package obtains by calling it (built.go): their Site is that
	// call, their settings the function's BuiltFact, and only their Needs
	// are modelled.
	Imported []*Consumer
	// Calls are all modelled client calls in the package, in source order.
	Calls []*Call
	// Passed are the configurations the package passes to functions of
	// other packages (passedcfg.go).
	Passed []PassedConfig
	// ToWriters are the clients whose records the package hands to a
	// function of another package that writes positions of that
	// library's records (its WritesFact, needs.go: lanes storing each
	// message once processed, a transaction runner): they may be
	// written there. Each names the first function so given the
	// records.
	ToWriters map[*clientmodel.Client]string
	// HandedToWriters are the consumers the package hands to a function
	// of another package that writes positions of their library's
	// records (its WritesFact: helper.CommitAll(ctx, cl), a helper ending
	// a transaction): their commits are made there too.
	HandedToWriters map[*Consumer]bool
	// Drives are the calls of the package handing a library's records to
	// such a function (ToWriters), each of them, and those of such a
	// function made in a loop: a loop fetching and committing through a
	// wrapper type of another package.
	Drives []Drive
}

// A Drive is a call handing records of Client to Func, a function of
// another package that writes their positions (its WritesFact).
type Drive struct {
	Client  *clientmodel.Client
	Func    *types.Func
	Call    ssa.CallInstruction
	Records bool // given records (else called in a loop, committing what it keeps)
}

// Consumer is one consumer constructed in the package.
type Consumer struct {
	Client *clientmodel.Client
	Ctor   clientmodel.CtorRef
	// Site is the constructor call; Fn the function containing it.
	Site *ssa.Call
	Fn   *ssa.Function
	// Config is the config argument of the constructor (for a consumer
	// built from an intermediate client, that client's config argument).
	Config   ssa.Value
	Settings *Settings
	// Calls are the modelled calls made on this consumer in this package.
	Calls []*Call
	// Also are calls on a receiver that may be this consumer or another
	// one, bound to that other (Call.Consumer; a variable or field the
	// code replaces the consumer in, a restart): the report counts them
	// for both, the analyzers report them once.
	Also []*Call
	// Handlers are the handler methods the client calls (sarama's
	// ConsumeClaim and Cleanup), with everything they reach in the package.
	Handlers []*Handler
	identity ssa.Value
	// Entry, for a client received from another package (Model.Received),
	// is the key of the parameter or struct field it arrives through; ""
	// for a consumer built in the package (then Site is set).
	Entry string
	// Needs are the settings that calls of other packages, on this
	// consumer handed to them, need (needs.go).
	Needs []*Need
	// Returned are the package's functions that return this consumer
	// (each has a BuiltFact).
	Returned []*types.Func
	// AdoptedBy, for a received consumer (Model.Received) of a result
	// entry, is the imported consumer (Model.Imported) that took its
	// calls: checked as that one, with the constructor's settings, it is
	// not checked again as a client whose settings are out of sight.
	AdoptedBy *Consumer
	// From, for an imported consumer (Model.Imported), is the function of
	// another package that builds it, and BuiltAt where ("kafka.go:62").
	From    *types.Func
	BuiltAt string
}

// Handler is an application type whose methods the client calls.
type Handler struct {
	Type types.Type
	// Consume and Cleanup are the handler's methods, nil if the package
	// does not define them.
	Consume, Cleanup *ssa.Function
	// Reach are the functions reachable from the handler's methods in the
	// package.
	Reach map[*ssa.Function]bool
	// Register is the call that hands the handler to the client.
	Register ssa.CallInstruction
}

// Call is one modelled client call.
type Call struct {
	clientmodel.CallRef
	Instr ssa.CallInstruction
	Fn    *ssa.Function
	// Consumer is the consumer the call is made on, if the analysis can
	// tell.
	Consumer *Consumer
	// Forwarded, for a call of an application interface's method that an
	// adapter forwards to a client call (delegate.go), is that client
	// call; nil for the others. field is the adapter's field holding the
	// client.
	Forwarded *Call
	field     int
	// bound is the receiver of a client's method value the call runs
	// (boundCall): the call has no receiver argument of its own.
	bound ssa.Value
}

// Recv is the client value the call is made on: its receiver, or the
// one a method value it runs is bound to.
func (c *Call) Recv() ssa.Value {
	if c.bound != nil {
		return c.bound
	}
	return ssaflow.Recv(c.Instr.Common())
}

// Pos is the call's position (its left parenthesis).
func (c *Call) Pos() token.Pos { return c.Instr.Pos() }

type builder struct {
	pass *analysis.Pass
	ix   *clientmodel.Index
	flow *ssaflow.Flow
	// package-wide setter events
	mapUpdates []*ssa.MapUpdate
	keySets    []ssa.CallInstruction
	// valueCalls are the calls of function values (o(m), an option
	// applied to a config it is given).
	valueCalls []ssa.CallInstruction
	elemsMemo  map[ssa.Value]*elems
	// anchor is the instruction the config is used at (the constructor
	// call, or a config helper's return): a knob set in the same function
	// on a path that does not lead through it for sure is unknown.
	anchor ssa.Instruction
}

// conditional reports whether instr, in the anchor's function, runs only
// on some of the paths to the anchor.
func (b *builder) conditional(instr ssa.Instruction) bool {
	a := b.anchor
	if a == nil || instr.Parent() != a.Parent() {
		return false
	}
	for d := a.Block(); d != nil; d = d.Idom() {
		if d == instr.Block() {
			return false
		}
	}
	return true
}

func run(pass *analysis.Pass) (result any, err error) {
	defer func() {
		// A bug of ours must not crash the user's build: fail on this
		// package only, with a message naming it.
		if x := recover(); x != nil {
			result, err = (*Model)(nil), fmt.Errorf("internal error building commitlint's consumer model for %s (please report it): %v", pass.Pkg.Path(), x)
		}
	}()
	res := pass.ResultOf[kafkassa.SSA].(*kafkassa.Result)
	if res == nil {
		return (*Model)(nil), nil
	}
	b := &builder{
		pass:      pass,
		ix:        clientmodel.Default,
		flow:      ssaflow.New(res.SrcFuncs),
		elemsMemo: map[ssa.Value]*elems{},
	}
	sp := pass.ResultOf[spawner.Analyzer].(*spawner.Result)
	b.flow.SetSpawner(sp.Started, sp.Joins)
	m := &Model{SSA: res, Flow: b.flow}
	for _, fn := range res.SrcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch in := instr.(type) {
				case *ssa.MapUpdate:
					b.mapUpdates = append(b.mapUpdates, in)
				case ssa.CallInstruction:
					callee := ssaflow.Callee(in.Common())
					if callee == nil {
						// A client's method value kept in a field and
						// called through it (checkpoint:
						// cl.CommitUncommittedOffsets, s.checkpoint(ctx):
						// hunt 46f/D4, D7).
						if ref, recv, ok := b.boundCall(in.Common()); ok {
							m.Calls = append(m.Calls, &Call{CallRef: ref, Instr: in, Fn: fn, bound: recv})
							continue
						}
						b.valueCalls = append(b.valueCalls, in)
						continue
					}
					if b.ix.SetKey(callee) != nil {
						b.keySets = append(b.keySets, in)
					}
					if ref, ok := b.ix.Call(callee); ok {
						if nilPositions(ref, in) {
							continue // commits nothing (CommitOffsets(ctx, nil, nil))
						}
						m.Calls = append(m.Calls, &Call{CallRef: ref, Instr: in, Fn: fn})
					} else if ref, ok := b.behindInterface(in.Common()); ok {
						m.Calls = append(m.Calls, &Call{CallRef: ref, Instr: in, Fn: fn})
					}
				}
			}
		}
	}
	for _, fn := range res.SrcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(call.Common())
				if callee == nil {
					callee = b.funcVar(call.Common().Value)
				}
				if callee == nil {
					continue
				}
				if ctor, ok := b.ix.Constructor(callee); ok {
					m.Consumers = append(m.Consumers, b.consumer(ctor, call, fn))
				}
			}
		}
	}
	if calls := b.delegated(res.Pkg.Prog, res.SrcFuncs, m.Calls); len(calls) > 0 {
		m.Calls = append(m.Calls, calls...)
		sortCalls(m.Calls)
	}
	b.bind(m)
	m.Received = received(m)
	b.exportFacts(res.SrcFuncs)
	b.exportBuilt(m)
	m.Imported = b.imported(m)
	for _, c := range m.Imported {
		if c.Client.Handler != nil && len(c.Handlers) == 0 {
			b.handlers(m, c) // a group another package builds, run here (audit 35c/D3)
		}
	}
	hs := b.handOvers(res.SrcFuncs)
	b.exportNeeds(m, hs)
	b.importNeeds(m, hs)
	b.exportWrites(m, res.SrcFuncs)
	m.ToWriters, m.HandedToWriters, m.Drives = b.toWriters(m, res.SrcFuncs)
	m.Passed = b.passedConfigs(m, res.SrcFuncs)
	b.exportRevokeFacts(res.SrcFuncs)
	if len(m.Consumers) > 0 {
		pass.ExportPackageFact(&BuildsFact{})
	}
	return m, nil
}

// behindInterface returns the client call that cc makes through an
// interface of the application holding a client value: a handler keeps
// sarama's session in a field typed by a one-method interface of its own
// (MarkOffset only) and marks through it. Every value the interface
// holds (its roots) is of one client type, whose method of that name and
// signature is a modelled position call (a mark, a store, a commit).
func (b *builder) behindInterface(cc *ssa.CallCommon) (clientmodel.CallRef, bool) {
	if !cc.IsInvoke() || cc.Method.Pkg() == nil || b.ix.Client(cc.Method.Pkg().Path()) != nil {
		return clientmodel.CallRef{}, false
	}
	var found *types.Func
	for _, r := range b.flow.Roots(cc.Value) {
		t := r.Type()
		switch x := r.(type) {
		case *ssa.MakeInterface:
			t = x.X.Type()
		case *ssa.ChangeInterface:
			t = x.X.Type()
		case *ssa.Const:
			if x.IsNil() {
				continue // h.sess = nil in Cleanup
			}
		}
		n, ok := types.Unalias(ssaflow.Deref(t)).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || b.ix.Client(n.Obj().Pkg().Path()) == nil {
			return clientmodel.CallRef{}, false // a value of another type: a mock, a wrapper
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, n.Obj().Pkg(), cc.Method.Name())
		fn, ok := obj.(*types.Func)
		if !ok || !types.Identical(fn.Type().(*types.Signature).Params(), cc.Method.Type().(*types.Signature).Params()) || found != nil && found != fn {
			return clientmodel.CallRef{}, false
		}
		found = fn
	}
	if found == nil {
		return clientmodel.CallRef{}, false
	}
	ref, ok := b.ix.Call(found)
	if !ok || ref.Role != clientmodel.Mark && ref.Role != clientmodel.Store && ref.Role != clientmodel.Commit {
		// A fetch behind such an interface is left alone: a fix of it
		// would call methods the interface does not have.
		return clientmodel.CallRef{}, false
	}
	return ref, true
}

// nilPositions reports whether call, of a commit, mark or store taking
// the positions to write, passes nil for them: it writes nothing
// (franz-go's CommitOffsets returns at once on an empty map).
func nilPositions(ref clientmodel.CallRef, call ssa.CallInstruction) bool {
	switch ref.Role {
	case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
	default:
		return false
	}
	if ref.Record < 0 {
		return false
	}
	c, ok := ssaflow.Arg(call.Common(), ref.Record).(*ssa.Const)
	return ok && c.IsNil()
}

// BuildsFact is the package fact of a package that builds consumers: the
// standalone report names such packages outside the patterns when the
// patterns build none (a library of another module in a go.work).
type BuildsFact struct{}

func (*BuildsFact) AFact()         {}
func (*BuildsFact) String() string { return "builds" }

// Is reports whether v is consumer k itself: its roots include the value
// k's constructor returns.
func (m *Model) Is(k *Consumer, v ssa.Value) bool { return isConsumer(m.Flow, k, v) }

func isConsumer(flow *ssaflow.Flow, k *Consumer, v ssa.Value) bool {
	return v != nil && k.identity != nil && ssaflow.Intersects(flow.Roots(v), []ssa.Value{k.identity})
}

// consumer builds the model of one constructor call.
func (b *builder) consumer(ctor clientmodel.CtorRef, call *ssa.Call, fn *ssa.Function) *Consumer {
	c := &Consumer{Client: ctor.Client, Ctor: ctor, Site: call, Fn: fn, identity: call}
	if _, ok := call.Type().(*types.Tuple); ok {
		c.identity = nil
		for _, ref := range *call.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
				c.identity = ex
			}
		}
	}
	arg := ssaflow.Arg(call.Common(), ctor.ConfigArg)
	b.anchor = call
	defer func() { b.anchor = nil }()
	s := newSettings()
	if ctor.FromClient != "" && arg != nil {
		// The config travels through an intermediate client value.
		var cfgs []ssa.Value
		for _, r := range b.flow.Roots(arg) {
			if v := b.fromClientConfig(ctor, r); v != nil {
				cfgs = append(cfgs, v)
			} else {
				s.opaque(r)
			}
		}
		for _, v := range cfgs {
			s.merge(b.settings(ctor.Client, v))
			c.Config = v
		}
	} else if arg != nil {
		s = b.settings(ctor.Client, arg)
		c.Config = arg
		if where := b.callerField(arg); where != "" {
			// The field's stores in the package (a default when the
			// caller leaves it nil) are not what callers put there.
			if s.Origin == "" {
				s.Origin = where
			}
			s.Opaque = true
		}
		if p, chain := b.openParam(arg); p != nil {
			// The configuration of an exported function's parameter,
			// directly or through parameters of the package's other
			// functions (OpenSubscription handing it to
			// openSubscription): the callers of this package are not all
			// its callers, so what they set is not known here (lib.Run(ctx,
			// cfg), called by the package's Default with sarama's defaults
			// and by another package with auto-commit off).
			for k, v := range s.Set {
				if !slices.ContainsFunc(chain, func(fn *ssa.Function) bool { return within(fn, v.Pos) }) {
					delete(s.Set, k) // opaque: its callers decide
				}
			}
			s.opaque(p)
		}
	} else {
		s.Opaque = true
	}
	for k, on := range ctor.Fixed {
		s.Set[k] = Value{On: on}
		delete(s.Unknown, k)
	}
	c.Settings = s
	return c
}

// fromClientConfig returns the config argument of the intermediate client
// constructor root r is a result of, or nil.
func (b *builder) fromClientConfig(ctor clientmodel.CtorRef, r ssa.Value) ssa.Value {
	if ex, ok := r.(*ssa.Extract); ok {
		r = ex.Tuple
	}
	call, ok := r.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := ssaflow.Callee(call.Common())
	if callee == nil || b.ix.ClientBuilder(callee) != ctor.Client {
		return nil
	}
	return ssaflow.Arg(call.Common(), ctor.FromClientArg)
}

// settings traces the config value v of client c.
func (b *builder) settings(c *clientmodel.Client, v ssa.Value) *Settings {
	switch c.Config.Kind {
	case clientmodel.Options:
		return b.optionSettings(c, v)
	case clientmodel.KeyMap:
		return b.keyMapSettings(c, v)
	default:
		return b.structSettings(c, v)
	}
}

// external returns the settings a root that comes from outside the package
// carries: a builder's fresh config (defaults), or a helper's fact. ok is
// false when the root is opaque.
func (b *builder) external(c *clientmodel.Client, r ssa.Value) (*Settings, bool) {
	if ex, ok := r.(*ssa.Extract); ok {
		r = ex.Tuple
	}
	call, ok := r.(*ssa.Call)
	if !ok {
		return nil, false
	}
	callee := ssaflow.Callee(call.Common())
	if callee == nil {
		return nil, false
	}
	if b.ix.Builder(callee) == c {
		return newSettings(), true
	}
	var f ConfigFact
	if callee.Pkg() != b.pass.Pkg && b.pass.ImportObjectFact(callee, &f) {
		return f.settings(), true
	}
	return nil, false
}

// structSettings traces a config struct (or pointer to one): the stores to
// knob fields on any value with the same roots.
func (b *builder) structSettings(c *clientmodel.Client, v ssa.Value) *Settings {
	s := newSettings()
	roots := b.flow.Roots(v)
	roots = append(roots, CopiedFrom(b.flow, roots)...)
	// The local the config is loaded from, when Roots passes it (cfg :=
	// kafka.ReaderConfig{...} copies the literal into cfg): what the
	// code sets on it afterwards (cfg.GroupID = ...) counts too.
	if ld, ok := ssaflow.Unconvert(v).(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok && !slices.Contains(roots, ssa.Value(a)) {
			roots = append(roots, a)
		}
	}
	for _, r := range roots {
		switch r := r.(type) {
		case *ssa.Alloc:
			// A composite literal or a local: fields are set by stores.
		case *ssa.Const:
			// A nil config (a helper's `return nil, err`, which its
			// caller returns on; sarama's NewClient takes nil for
			// NewConfig()): the defaults, as a builder's.
			if !r.IsNil() {
				s.opaque(r)
			}
		default:
			if ext, ok := b.external(c, r); ok {
				s.merge(ext)
			} else {
				s.opaque(r)
			}
		}
	}
	// A config read out of a struct field (kafka.ReaderConfig(cfg.Reader),
	// a converted copy of the application's own config type) is what any
	// store through that field sets, as Roots reads fields; so is a local
	// that starts as such a copy (readerCfg := kafka.ReaderConfig(cfg.Reader)
	// and then readerCfg.MaxWait = ...).
	loadedFrom := map[*types.Var]bool{}
	loadedFields(v, loadedFrom, true)
	for _, k := range c.Config.Knobs {
		if k.Field == "" {
			continue
		}
		path := strings.Split(k.Field, ".")
		for _, fn := range b.flow.Funcs() {
			for _, blk := range fn.Blocks {
				for _, instr := range blk.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					base := ssaflow.FieldPath(st.Addr, path)
					if base == nil || !ssaflow.Intersects(b.flow.Roots(base), roots) && !loadedFrom[fieldOf(base)] {
						continue
					}
					b.applyStore(s, k, st)
				}
			}
		}
	}
	// A config given to a function value (o(&cfg): audit 42b/D5).
	b.givenToValues(c, s, func(a ssa.Value) bool { return ssaflow.Intersects(b.flow.Roots(a), roots) })
	s.decoded(decodedInto(b.pass.Pkg, b.ix, roots), knobField(c))
	return s
}

// knobField returns the dotted field path of a setting's knob in c's
// config struct ("" for a setting without a field knob).
func knobField(c *clientmodel.Client) func(clientmodel.Setting) string {
	return func(s clientmodel.Setting) string {
		if k := c.Knob(s); k != nil {
			return k.Field
		}
		return ""
	}
}

// decode is a call that decodes into a config at run time (decodedInto's).
type decode struct {
	// fn is the decoding function, of another package ("json.Unmarshal").
	fn string
	// at is the call, in the function that has the config, that leads to
	// the decode: the decoding call itself, or the call of the package's
	// helper that makes it (load(path, cfg)).
	at ssa.CallInstruction
	// field is the dotted path of the config's field decoded into
	// ("Consumer" for json.Unmarshal(b, &cfg.Consumer)), "" for the whole
	// config.
	field string
}

// covers reports whether d may set knob, a dotted field path of the
// config type ("" for a ConfigMap key): a decode into the whole config
// may set any knob, one into a field only the knobs under it.
func (d decode) covers(knob string) bool {
	return d.field == "" || knob == d.field || strings.HasPrefix(knob, d.field+".")
}

// decodedInto returns the calls of functions of another package (not a
// client's, not a printer's, logger's or encoder's) one of roots, a
// config struct, or the address of one of its fields, is handed to as
// an interface value (viper's Unmarshal, json.Unmarshal(b, &cfg.Consumer),
// envconfig.Process), directly or through functions of the package
// taking it as an interface (load(path, cfg)): reflection there may set
// any of its fields, at run time.
func decodedInto(pkg *types.Package, ix *clientmodel.Index, roots []ssa.Value) []decode {
	seen := map[ssa.Value]bool{}
	var out []decode
	var walk func(v ssa.Value, iface bool, field string, depth int, top ssa.CallInstruction)
	walk = func(v ssa.Value, iface bool, field string, depth int, top ssa.CallInstruction) {
		if seen[v] || depth > ssaflow.MaxCallDepth || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.MakeInterface:
				walk(r, true, field, depth, top)
			case *ssa.ChangeInterface:
				walk(r, iface, field, depth, top)
			case *ssa.FieldAddr:
				name := ssaflow.FieldVar(r).Name()
				if field != "" {
					name = field + "." + name
				}
				walk(r, iface, name, depth, top)
			case ssa.CallInstruction:
				if !iface {
					continue
				}
				cc := r.Common()
				callee := ssaflow.Callee(cc)
				if callee == nil || callee.Pkg() == nil {
					continue
				}
				at := top
				if at == nil {
					at = r
				}
				if callee.Pkg() == pkg {
					// A function of the package taking it as an interface:
					// what it does with that parameter.
					fn := cc.StaticCallee()
					if fn == nil {
						continue
					}
					for i, a := range cc.Args {
						if a == v && i < len(fn.Params) {
							walk(fn.Params[i], true, field, depth+1, at)
						}
					}
					continue
				}
				if !readsOnly(ix, callee) {
					out = append(out, decode{fn: ssaflow.ShortFunc(callee), at: at, field: field})
				}
			}
		}
	}
	for _, r := range roots {
		walk(r, false, "", 0, nil)
	}
	return out
}

// readsOnly reports whether fn, a function of another package given a
// config as an interface value, only reads it: a client's, a printer's or
// a logger's (observe), an encoder's (json.Marshal, an Encoder's Encode),
// a comparison's or a context's.
func readsOnly(ix *clientmodel.Index, fn *types.Func) bool {
	switch path := fn.Pkg().Path(); {
	case path == "fmt", path == "log", path == "log/slog", path == "errors", path == "context", ix.IsClientPath(path), observe.Is(path):
		return true
	}
	switch fn.Name() {
	case "Marshal", "MarshalIndent", "Encode", "DeepEqual":
		return true
	}
	return false
}

// loadedFields adds to out the struct fields v is loaded from, through
// conversions and loads (kafka.ReaderConfig(cfg.Reader)), and, with
// local, through the values stored in the local v is loaded from.
func loadedFields(v ssa.Value, out map[*types.Var]bool, local bool) {
	for x := v; ; {
		switch y := x.(type) {
		case *ssa.Alloc:
			if local {
				for _, ref := range *y.Referrers() {
					if st, ok := ref.(*ssa.Store); ok && st.Addr == y {
						loadedFields(st.Val, out, false)
					}
				}
			}
		case *ssa.Convert:
			x = y.X
			continue
		case *ssa.ChangeType:
			x = y.X
			continue
		case *ssa.UnOp:
			if f := fieldOf(y.X); f != nil {
				out[f] = true
			}
			x = y.X
			continue
		}
		return
	}
}

// CopiedFrom returns the roots of the configurations that the locals among
// roots are copies of (c := *m.base: the local starts as that
// configuration, and what the code sets on it counts too).
func CopiedFrom(flow *ssaflow.Flow, roots []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range roots {
		a, ok := r.(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
				if ld, ok := ssaflow.Unconvert(st.Val).(*ssa.UnOp); ok && ld.Op == token.MUL {
					out = append(out, flow.Roots(ld.X)...)
				}
			}
		}
	}
	return out
}

// fieldOf returns the struct field addr addresses, or nil.
func fieldOf(addr ssa.Value) *types.Var {
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		return ssaflow.FieldVar(fa)
	}
	return nil
}

// applyStore records the value a knob field store sets. A value that is
// not a constant in place (a helper's parameter) counts by its roots when
// they are all constants: each sets the knob, and different values make it
// unknown.
func (b *builder) applyStore(s *Settings, k clientmodel.Knob, st *ssa.Store) {
	if b.conditional(st) {
		s.Cond[k.Setting] = true
	}
	if _, _, ok := paramField(ssaflow.Unconvert(st.Val)); ok {
		// A field of the caller's configuration: what the calls pass
		// (fromCallers), not every value stored in that field anywhere
		// (a literal leaving it out stores nothing).
		b.applyValue(s, k, st.Val, st.Pos())
		return
	}
	if _, ok := st.Val.(*ssa.Const); !ok {
		roots := b.flow.Roots(st.Val)
		consts := len(roots) > 0
		for _, r := range roots {
			_, isConst := r.(*ssa.Const)
			consts = consts && isConst
		}
		if consts {
			for _, r := range roots {
				b.applyValue(s, k, r, st.Pos())
			}
			return
		}
	}
	b.applyValue(s, k, st.Val, st.Pos())
}

// applyValue records the knob setting of one stored value.
func (b *builder) applyValue(s *Settings, k clientmodel.Knob, v ssa.Value, pos token.Pos) {
	cv, isConst := v.(*ssa.Const)
	if _, isBool := v.Type().Underlying().(*types.Basic); isBool && isBoolType(v.Type()) {
		if on, ok := b.fromCallers(v); ok && !isConst {
			s.set(k.Setting, on, pos)
			return
		}
		if !isConst || cv.Value == nil {
			s.unknownFrom(k.Setting, valueOrigin(v))
			return
		}
		s.set(k.Setting, cv.Value.ExactString() == "true", pos)
		return
	}
	// A non-boolean field sets the knob when it is not the zero value
	// (nil, "", or a numeric zero: CommitInterval: 0 keeps commits
	// synchronous); a field of the caller's configuration by what every
	// call passes.
	if zero, ok := b.zeroFromCallers(v); ok && !isConst {
		s.set(k.Setting, k.Value != zero, pos)
		return
	}
	if key, _ := EntryKey(ssaflow.Unconvert(v)); key != "" {
		s.Params = append(s.Params, ParamKnob{Setting: k.Setting, Key: key, On: k.Value})
	}
	if isConst && (cv.IsNil() || cv.Value != nil && (cv.Value.ExactString() == `""` || isZeroNumber(cv.Value))) {
		s.set(k.Setting, !k.Value, pos)
		return
	}
	s.set(k.Setting, k.Value, pos)
	if bt, ok := v.Type().Underlying().(*types.Basic); ok && bt.Info()&types.IsString != 0 && !isConst {
		s.assume(k.Setting) // a string from the environment, a flag: empty at run time, maybe
	}
}

// isZeroNumber reports whether v is a numeric constant equal to zero.
func isZeroNumber(v constant.Value) bool {
	switch v.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(v) == 0
	}
	return false
}

func isBoolType(t types.Type) bool {
	bt, ok := t.Underlying().(*types.Basic)
	return ok && bt.Info()&types.IsBoolean != 0
}

// keyMapSettings traces a ConfigMap (or pointer to one): map literal
// entries, SetKey and Set calls on any map with the same roots. A map a
// helper returns (another package's, with a fact) starts from the fact's
// settings, and the keys the code sets on it afterwards override them.
func (b *builder) keyMapSettings(c *clientmodel.Client, v ssa.Value) *Settings {
	// Each root is one path to the constructor (a default map built when
	// the caller passes nil, else the caller's): their settings are
	// merged as alternatives (mergePaths).
	var paths []*Settings
	var literals []ssa.Value
	external := func(r ssa.Value) {
		ext, ok := b.external(c, r)
		if src := cloned(r); src != nil {
			ext, ok = b.keyMapSettings(c, src), true
		}
		if !ok {
			ext = newSettings()
			ext.opaque(r)
		}
		paths = append(paths, ext.overriddenBy(b.keyMapUpdates(c, []ssa.Value{r})))
	}
	literal := func(m ssa.Value) {
		literals = append(literals, m)
		paths = append(paths, b.keyMapUpdates(c, append([]ssa.Value{m}, helperCalls(v)...)))
	}
	for _, r := range b.flow.Roots(v) {
		switch r := r.(type) {
		case *ssa.Alloc:
			for _, m := range b.flow.Loaded(r) {
				switch m.(type) {
				case *ssa.MakeMap, *ssa.Alloc:
					literal(m)
				default:
					external(m)
				}
			}
		case *ssa.MakeMap:
			literal(r)
		case *ssa.Global:
			if lit := globalMap(b.pass, b.flow, r); lit != nil {
				paths = append(paths, b.literalSettings(c, lit).overriddenBy(b.keyMapUpdates(c, []ssa.Value{r})))
			} else {
				external(r)
			}
		default:
			external(r)
		}
	}
	s := mergePaths(paths)
	// A map json.Unmarshal fills (an operator's overrides).
	s.decoded(decodedInto(b.pass.Pkg, b.ix, append(b.flow.Roots(v), literals...)), nil)
	return s
}

// mergePaths merges the settings of the paths a config may take to its
// constructor: a knob every path sets to one value, unconditionally,
// keeps it; one that paths set differently, or some only, is set on some
// paths only (Cond).
func mergePaths(paths []*Settings) *Settings {
	s := newSettings()
	for _, p := range paths {
		if len(paths) > 1 {
			for k, v := range p.Set {
				if slices.ContainsFunc(paths, func(o *Settings) bool { w, ok := o.Set[k]; return !ok || w.On != v.On || o.Cond[k] }) {
					s.Cond[k] = true
				}
			}
		}
		s.merge(p)
	}
	return s
}

// initializes reports whether in is a map update of a map literal's
// initializer (in the block making the map): it holds wherever the map
// does, so it is conditional only as the map is (mergePaths).
func initializes(in ssa.Instruction) bool {
	mu, ok := in.(*ssa.MapUpdate)
	if !ok {
		return false
	}
	mm, ok := mu.Map.(*ssa.MakeMap)
	return ok && mm.Block() == mu.Block()
}

// helperCalls returns the call v is the result of (or the map that
// result points to): keys set on that call's result (cfg := config(g);
// cfg.SetKey(...)) are this consumer's, while the literal the helper
// returns is every caller's.
func helperCalls(v ssa.Value) []ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	if call, ok := v.(*ssa.Call); ok {
		return []ssa.Value{call}
	}
	return nil
}

// literalSettings returns the knob settings of the entries of a map
// literal read from the syntax (a package-level variable's initialiser).
func (b *builder) literalSettings(c *clientmodel.Client, lit *ast.CompositeLit) *Settings {
	s := newSettings()
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key := b.pass.TypesInfo.Types[kv.Key].Value
		if key == nil || key.Kind() != constant.String {
			s.Opaque = true
			continue
		}
		k, ok := knob(c, constant.StringVal(key))
		if !ok {
			continue
		}
		if val := b.pass.TypesInfo.Types[kv.Value].Value; val == nil {
			s.unknown(k.Setting)
		} else if on, ok := boolish(val); ok {
			s.set(k.Setting, on, kv.Value.Pos())
		} else {
			s.unknown(k.Setting)
		}
	}
	return s
}

// knob returns client c's knob set by a ConfigMap key.
func knob(c *clientmodel.Client, key string) (clientmodel.Knob, bool) {
	for _, k := range c.Config.Knobs {
		if k.Key == key {
			return k, true
		}
	}
	return clientmodel.Knob{}, false
}

// cloned returns the map a call to maps.Clone copies, or nil: the copy
// starts with its settings, and keys set on it afterwards are its own.
func cloned(v ssa.Value) ssa.Value {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := ssaflow.Callee(call.Common())
	if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "maps" || callee.Name() != "Clone" || len(call.Call.Args) != 1 {
		return nil
	}
	return call.Call.Args[0]
}

// givenToValues records the knobs a function value given the config (an
// argument is) may set (an option applied to it): those that the
// package's functions of its type set (withManualStore's literal setting
// enable.auto.offset.store), each unknown; any knob when it has none.
func (b *builder) givenToValues(c *clientmodel.Client, s *Settings, is func(ssa.Value) bool) {
	for _, call := range b.valueCalls {
		if !slices.ContainsFunc(call.Common().Args, is) {
			continue
		}
		at := b.pass.Fset.Position(call.Pos())
		where := fmt.Sprintf("a function value it is given to (%s:%d)", filepath.Base(at.Filename), at.Line)
		sig, _ := call.Common().Value.Type().Underlying().(*types.Signature)
		var cands []*ssa.Function
		for _, fn := range b.flow.Funcs() {
			if sig != nil && len(fn.Params) > 0 && types.Identical(fn.Signature, sig) {
				cands = append(cands, fn)
			}
		}
		if len(cands) == 0 {
			s.opaque(call.Common().Value)
			if s.Origin == "" {
				s.Origin = where + ", which may set any key"
			}
			continue
		}
		for _, k := range b.optionKnobs(c, cands) {
			s.unknownFrom(k, where)
		}
	}
}

// optionKnobs returns the knobs functions set on the config they are
// given first: fields stored through it, keys put in it.
func (b *builder) optionKnobs(c *clientmodel.Client, fns []*ssa.Function) []clientmodel.Setting {
	var out []clientmodel.Setting
	add := func(k clientmodel.Setting) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, fn := range fns {
		param := ssa.Value(fn.Params[0])
		from := func(v ssa.Value) bool { return slices.Contains(b.flow.Roots(v), param) }
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					for _, k := range c.Config.Knobs {
						if k.Field == "" {
							continue
						}
						if base := ssaflow.FieldPath(in.Addr, strings.Split(k.Field, ".")); base != nil && from(base) {
							add(k.Setting)
						}
					}
				case *ssa.MapUpdate:
					if key, ok := ssaflow.ConstString(in.Key); ok && from(in.Map) {
						if k, ok := knob(c, key); ok {
							add(k.Setting)
						}
					}
				case ssa.CallInstruction:
					// m.SetKey("enable.auto.offset.store", false) (review
					// 42-2/D10).
					cc := in.Common()
					if callee := ssaflow.Callee(cc); callee != nil && b.ix.SetKey(callee) != nil && len(cc.Args) >= 3 && from(cc.Args[0]) {
						if key, ok := ssaflow.ConstString(cc.Args[1]); ok {
							if k, ok := knob(c, key); ok {
								add(k.Setting)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// keyMapUpdates returns the knob settings of the map literal entries,
// SetKey and Set calls on any map with roots among maps.
func (b *builder) keyMapUpdates(c *clientmodel.Client, maps []ssa.Value) *Settings {
	s := newSettings()
	apply := func(in ssa.Instruction, keyV, val ssa.Value, pos token.Pos) {
		key, ok := ssaflow.ConstString(keyV)
		if !ok {
			s.Opaque = true
			return
		}
		k, ok := knob(c, key)
		if !ok {
			return
		}
		if b.conditional(in) && !initializes(in) {
			s.Cond[k.Setting] = true
		}
		if on, ok := constBoolish(val); ok {
			s.set(k.Setting, on, pos)
		} else {
			s.unknownFrom(k.Setting, valueOrigin(val))
		}
	}
	for _, mu := range b.mapUpdates {
		if ssaflow.Intersects(b.mapRoots(mu.Map), maps) {
			apply(mu, mu.Key, mu.Value, mu.Pos())
		}
	}
	for _, call := range b.keySets {
		cc := call.Common()
		if len(cc.Args) < 3 || !ssaflow.Intersects(b.mapRoots(cc.Args[0]), maps) {
			continue
		}
		// In a setter closure, each of its calls sets (setters.go).
		for _, set := range setterSets(call, cc.Args[1], cc.Args[2]) {
			apply(set.in, set.key, set.val, set.pos)
		}
	}
	// A map given to a function value (for _, o := range opts { o(m) }:
	// audit 42b/D2, D3).
	b.givenToValues(c, s, func(a ssa.Value) bool {
		if p, ok := a.Type().Underlying().(*types.Pointer); ok {
			// (o(&m), a func(*kafka.ConfigMap): review 42-2/D10.)
			if _, isMap := p.Elem().Underlying().(*types.Map); isMap {
				return slices.ContainsFunc(b.flow.Roots(a), func(r ssa.Value) bool {
					al, ok := r.(*ssa.Alloc)
					return ok && ssaflow.Intersects(b.flow.Loaded(al), maps)
				})
			}
		}
		_, isMap := a.Type().Underlying().(*types.Map)
		return isMap && ssaflow.Intersects(b.mapRoots(a), maps)
	})
	return s
}

// mapRoots returns the roots of a map value; the map a package-level
// pointer points to (*p, where p = &kafka.ConfigMap{…}) counts as p, the
// root of the pointer passed to the constructor; the map a captured
// pointer variable points to (*(*fv) in a closure) counts as the maps
// stored in the composite literals that variable holds, as the
// constructor's argument does.
func (b *builder) mapRoots(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range b.flow.Roots(v) { // the memoised slice: not written
		if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL {
			if g, ok := u.X.(*ssa.Global); ok {
				r = g
			} else if _, ok := u.X.(*ssa.FreeVar); ok {
				for _, p := range b.flow.Roots(u) {
					if a, ok := p.(*ssa.Alloc); ok {
						out = append(out, b.flow.Loaded(a)...)
					}
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// constBoolish returns the value of a boolean constant, or of a string
// constant librdkafka parses as a boolean.
func constBoolish(v ssa.Value) (bool, bool) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return false, false
	}
	return boolish(c.Value)
}

// boolish returns the value of a boolean constant, or of a string constant
// librdkafka parses as a boolean.
func boolish(v constant.Value) (bool, bool) {
	switch v.Kind() {
	case constant.Bool:
		return constant.BoolVal(v), true
	case constant.String:
		switch strings.ToLower(constant.StringVal(v)) {
		case "true", "t", "1":
			return true, true
		case "false", "f", "0":
			return false, true
		}
	}
	return false, false
}

// elems is what an options slice is made of.
type elems struct {
	vals []ssa.Value
	// cond are elements present on some paths only (appended in one
	// branch of an if or a switch).
	cond   []ssa.Value
	facts  []*Settings
	opaque bool
	// param is the parameter of an exported function no code of the
	// package calls the options come from, if any: its callers, in
	// other packages, pass them (Settings.OriginKey).
	param *ssa.Parameter
}

// elements traces the elements of an options slice (or a single option).
func (b *builder) elements(v ssa.Value) *elems {
	if e, ok := b.elemsMemo[v]; ok {
		if e == nil {
			return &elems{}
		}
		return e
	}
	b.elemsMemo[v] = nil
	e := &elems{}
	add := func(o *elems) {
		e.vals = append(e.vals, o.vals...)
		e.cond = append(e.cond, o.cond...)
		e.facts = append(e.facts, o.facts...)
		e.opaque = e.opaque || o.opaque
		if e.param == nil {
			e.param = o.param
		}
	}
	switch x := v.(type) {
	case *ssa.Const:
		// nil slice
	case *ssa.Slice:
		add(b.elements(x.X))
	case *ssa.Alloc, *ssa.MakeSlice:
		// A varargs or literal backing array, a local slice variable, or
		// a slice made with a length not known in advance.
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
						e.vals = append(e.vals, st.Val)
					}
				}
			case *ssa.Store:
				if r.Addr == v {
					add(b.elements(r.Val))
				}
			}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			for _, r := range b.flow.Loaded(x.X) {
				add(b.elements(r))
			}
		} else {
			e.opaque = true
		}
	case *ssa.Phi:
		// An element every edge carries is unconditional; one only some
		// edges carry is conditional.
		var edges []*elems
		count := map[ssa.Value]int{}
		for _, ed := range x.Edges {
			o := b.elements(ed)
			edges = append(edges, o)
			seen := map[ssa.Value]bool{}
			for _, v := range o.vals {
				if !seen[v] {
					seen[v] = true
					count[v]++
				}
			}
		}
		for _, o := range edges {
			for _, v := range o.vals {
				if count[v] == len(x.Edges) {
					e.vals = append(e.vals, v)
				} else {
					e.cond = append(e.cond, v)
				}
			}
			e.cond = append(e.cond, o.cond...)
			e.facts = append(e.facts, o.facts...)
			e.opaque = e.opaque || o.opaque
		}
	case *ssa.Parameter:
		callers := b.flow.Callers(x.Parent())
		if len(callers) == 0 {
			e.opaque, e.param = true, x
		}
		for i, p := range x.Parent().Params {
			if p != x {
				continue
			}
			// Options every caller passes (the same option function) are
			// the parameter's; those only some callers pass are
			// conditional: a constructor helper two consumers share,
			// one passing DisableAutoCommit, leaves the other's
			// auto-commit on.
			var sites []*elems
			for _, site := range callers {
				if i < len(site.Common().Args) {
					sites = append(sites, b.elements(site.Common().Args[i]))
				}
			}
			// A caller joining no group (the helper also builds the
			// service's producer) says nothing of the consumers' options.
			counted := sites
			if slices.ContainsFunc(sites, joinsGroup) {
				counted = slices.DeleteFunc(slices.Clone(sites), func(o *elems) bool { return !joinsGroup(o) })
			}
			count := map[string]int{}
			for _, o := range counted {
				seen := map[string]bool{}
				for _, v := range o.vals {
					if k := optionKey(v); !seen[k] {
						seen[k] = true
						count[k]++
					}
				}
			}
			for _, o := range sites {
				for _, v := range o.vals {
					if count[optionKey(v)] == len(counted) {
						e.vals = append(e.vals, v)
					} else {
						e.cond = append(e.cond, v)
					}
				}
				e.cond = append(e.cond, o.cond...)
				e.facts = append(e.facts, o.facts...)
				e.opaque = e.opaque || o.opaque
			}
		}
	case *ssa.Extract:
		add(b.callElements(x.Tuple, x.Index))
	case *ssa.Call:
		if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
			for _, a := range x.Call.Args {
				add(b.elements(a))
			}
			break
		}
		add(b.callElements(x, 0))
	case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType:
		e.vals = append(e.vals, v)
	default:
		e.opaque = true
	}
	e.compact()
	b.elemsMemo[v] = e
	return e
}

// joinsGroup reports whether the options o hold one that makes a client
// join a group (franz-go's ConsumerGroup).
func joinsGroup(o *elems) bool {
	return slices.ContainsFunc(o.vals, func(v ssa.Value) bool {
		k := optionKey(v)
		for _, c := range clientmodel.Clients {
			for _, kn := range c.Config.Knobs {
				if kn.Setting == clientmodel.Group && kn.Option != "" && kn.Option == k {
					return true
				}
			}
		}
		return false
	})
}

// optionKey names what option v is, across callers: the function that
// makes it (kgo.DisableAutoCommit), else the value itself.
func optionKey(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		v = x.X
	case *ssa.ChangeInterface: // a kgo.GroupOpt kept as a kgo.Opt
		v = x.X
	}
	if call, ok := v.(*ssa.Call); ok {
		if f := ssaflow.Callee(call.Common()); f != nil {
			return f.FullName()
		}
	}
	return fmt.Sprintf("%p", v)
}

// compact keeps the first occurrence of each element and fact, and drops
// from cond what vals holds: a value that every edge of a phi carries
// comes once from each edge, and without this each conditional append
// (`if c { opts = append(opts, o) }`) would double the list.
func (e *elems) compact() {
	seen := map[ssa.Value]bool{}
	keep := func(vs []ssa.Value) []ssa.Value {
		out := vs[:0]
		for _, v := range vs {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
		return out
	}
	e.vals = keep(e.vals)
	e.cond = keep(e.cond)
	facts := e.facts[:0]
	seenFact := map[*Settings]bool{}
	for _, f := range e.facts {
		if !seenFact[f] {
			seenFact[f] = true
			facts = append(facts, f)
		}
	}
	e.facts = facts
}

// callElements traces the options returned by a call (result i).
func (b *builder) callElements(v ssa.Value, i int) *elems {
	call, ok := v.(*ssa.Call)
	if !ok {
		return &elems{opaque: true}
	}
	callee := call.Call.StaticCallee()
	if callee != nil && b.flow.InPackage(callee) {
		e := &elems{}
		for _, blk := range callee.Blocks {
			if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
				o := b.elements(ret.Results[i])
				e.vals = append(e.vals, o.vals...)
				e.cond = append(e.cond, o.cond...) // appended on some paths of the helper
				e.facts = append(e.facts, o.facts...)
				e.opaque = e.opaque || o.opaque
			}
		}
		return e
	}
	obj := ssaflow.Callee(call.Common())
	var f ConfigFact
	if obj != nil && obj.Pkg() != b.pass.Pkg && b.pass.ImportObjectFact(obj, &f) {
		return &elems{facts: []*Settings{f.settings()}}
	}
	if obj != nil && obj.Pkg() != nil && b.ix.IsClientPath(obj.Pkg().Path()) {
		// An option function of the client: it is an element itself.
		return &elems{vals: []ssa.Value{call}}
	}
	return &elems{opaque: true}
}

// optionSettings traces functional options.
func (b *builder) optionSettings(c *clientmodel.Client, v ssa.Value) *Settings {
	s := newSettings()
	e := b.elements(v)
	s.Opaque = e.opaque
	if e.param != nil {
		s.opaque(e.param) // where the options come from, to join the callers' (PassedConfig)
	}
	for _, f := range e.facts {
		s.merge(f)
	}
	for _, val := range e.vals {
		b.option(c, s, val, 0)
	}
	// An option on some paths only counts (the analyzers report what may
	// be set), and what it sets is marked conditional, unless it is also
	// set to the same value on every path.
	b.condOptions(c, s, e.cond, 0)
	return s
}

// option records what one option value sets.
func (b *builder) option(c *clientmodel.Client, s *Settings, v ssa.Value, depth int) {
	v = ssaflow.Unconvert(v)
	call, ok := v.(*ssa.Call)
	if !ok || depth > ssaflow.MaxValueDepth {
		s.opaque(v)
		return
	}
	callee := call.Call.StaticCallee()
	inPkg := callee != nil && b.flow.InPackage(callee)
	if inPkg && b.pathOptions(c, s, callee, depth) {
		return
	}
	obj := ssaflow.Callee(call.Common())
	if obj == nil && !inPkg {
		s.Opaque = true
		return
	}
	if k, ok := b.ix.Option(obj); ok && k.Client == c {
		if len(k.Args) > 0 && !b.argsOf(call, k.Args) {
			s.unknown(k.Setting)
			return
		}
		s.set(k.Setting, k.Value, call.Pos())
		return
	}
	if obj != nil && obj.Pkg() != nil && b.ix.IsClientPath(obj.Pkg().Path()) {
		for _, h := range c.RevokeHooks {
			if h.Kind == clientmodel.HookRevoked && obj.FullName() == h.Func {
				arg := ssaflow.Arg(call.Common(), h.Arg)
				s.Revoke = s.Revoke.with(b.revokeHook(c, arg))
				if f, ok := b.revokeFact(arg); ok && f.Polled {
					s.RevokePolled = true
				}
				if fn := funcValue(arg); fn != nil && b.flow.InPackage(fn) && b.commitsPolled(c, fn) {
					// The package's own callback committing every
					// polled position, among options a helper returns
					// to another package (trial 40b/D11).
					s.RevokePolled = true
				}
			}
		}
		return // an option that sets nothing else the model tracks
	}
	// A helper returning options (a function of the package, or a
	// literal called at once, with one return): trace what it returns.
	e := b.callElements(call, 0)
	s.Opaque = s.Opaque || e.opaque
	for _, f := range e.facts {
		s.merge(f)
	}
	for _, val := range e.vals {
		b.option(c, s, val, depth+1)
	}
	b.condOptions(c, s, e.cond, depth+1)
}

// argsOf reports whether every argument of the option call (the
// elements of a variadic one) is the result of a call of one of fns.
func (b *builder) argsOf(call *ssa.Call, fns []string) bool {
	for _, a := range call.Call.Args {
		vals := []ssa.Value{a}
		if _, isSlice := a.Type().Underlying().(*types.Slice); isSlice {
			e := b.elements(a)
			if e.opaque || len(e.cond) > 0 || len(e.facts) > 0 || e.param != nil || len(e.vals) == 0 {
				return false // not every element is seen (bals[0] = ... into a made slice)
			}
			vals = e.vals
		}
		for _, v := range vals {
			c, ok := ssaflow.Unconvert(v).(*ssa.Call)
			if !ok {
				return false
			}
			fn := ssaflow.Callee(c.Common())
			if fn == nil || !slices.Contains(fns, fn.FullName()) {
				return false
			}
		}
	}
	return true
}

// pathOptions records what a helper of the package (a function or an
// immediately called literal) returning one option on each of several
// paths sets: a setting every path sets alike is set; one set on some
// paths only, or differently, is conditional (Cond). It reports false,
// recording nothing, when the helper has a single return.
func (b *builder) pathOptions(c *clientmodel.Client, s *Settings, callee *ssa.Function, depth int) bool {
	var paths []*Settings
	for _, blk := range callee.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		p := newSettings()
		e := b.elements(ret.Results[0])
		p.Opaque = e.opaque
		for _, f := range e.facts {
			p.merge(f)
		}
		for _, val := range e.vals {
			b.option(c, p, val, depth+1)
		}
		b.condOptions(c, p, e.cond, depth+1)
		paths = append(paths, p)
	}
	if len(paths) < 2 {
		return false
	}
	alike := func(k clientmodel.Setting, v Value) bool {
		return !slices.ContainsFunc(paths, func(o *Settings) bool { w, ok := o.Set[k]; return !ok || w.On != v.On || o.Cond[k] })
	}
	for _, p := range paths {
		for k, v := range p.Set {
			if !alike(k, v) {
				p.Cond[k] = true
			}
		}
		p.RevokeCond = p.RevokeCond || slices.ContainsFunc(paths, func(o *Settings) bool { return o.Revoke != p.Revoke })
	}
	for _, p := range paths {
		s.merge(p)
	}
	return true
}

// condOptions records what the options vals, present on some paths only,
// set: conditional unless s already has the same value.
func (b *builder) condOptions(c *clientmodel.Client, s *Settings, vals []ssa.Value, depth int) {
	for _, val := range vals {
		tmp := newSettings()
		b.option(c, tmp, val, depth)
		for k, v := range tmp.Set {
			if cur, ok := s.Set[k]; !ok || cur.On != v.On {
				s.Cond[k] = true
			}
		}
		tmp.RevokeCond = tmp.RevokeCond || tmp.Revoke != RevokeNone
		s.merge(tmp)
	}
}

// revokeHook says whether the revoke callback v commits (a call of one of
// c's commits in what it reaches in the package, through a seam holding
// the client too: SeamCallee), or may (a commit method of an interface
// called on a value the analysis cannot trace).
func (b *builder) revokeHook(c *clientmodel.Client, v ssa.Value) RevokeHook {
	if vs := CallerValues(b.flow, v); len(vs) > 0 {
		// The callback the callers of a client-building helper pass.
		out := RevokeNone
		for _, x := range vs {
			if _, _, field := paramField(ssaflow.Unconvert(x)); field || param(ssaflow.Unconvert(x)) != nil {
				return RevokeUnknown // passed on from further out (or by the helper to itself: review 35-1/D4)
			}
			out = out.with(b.revokeHook(c, x))
		}
		return out
	}
	fn := funcValue(v)
	if f, ok := b.revokeFact(v); ok {
		// A function or method of another package (a service's
		// Revoked, given as r.Revoked): what its package says of it.
		return f.Hook
	}
	if fn == nil || !b.flow.InPackage(fn) {
		return RevokeUnknown
	}
	set := map[*ssa.Function]bool{}
	b.flow.Reach(fn, set)
	out := RevokeWithoutCommit
	for f := range set {
		for _, blk := range f.Blocks {
			for _, in := range blk.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					callee, maybe := SeamCallee(b.flow, ci.Common(), c)
					if ref, ok := b.ix.Call(callee); ok && ref.Client == c && ref.Role == clientmodel.Commit {
						return RevokeCommits
					}
					// A function of another package given the client
					// (prog.Commit(ctx, cl)): what its package says.
					var rf RevokeFact
					if callee != nil && callee.Pkg() != nil && callee.Pkg() != b.pass.Pkg && b.pass.ImportObjectFact(callee.Origin(), &rf) {
						switch rf.Hook {
						case RevokeCommits:
							return RevokeCommits
						case RevokeUnknown:
							out = RevokeUnknown
						}
					}
					if ref, ok := b.ix.CallByName(maybe); ok && ref.Role == clientmodel.Commit {
						out = RevokeUnknown
					}
				}
			}
		}
	}
	return out
}

// funcValue returns the function v is: a literal, or a function named.
func funcValue(v ssa.Value) *ssa.Function {
	fn := ssaflow.Literal(v)
	if f, ok := v.(*ssa.Function); ok && fn == nil {
		fn = f
	}
	return fn
}

// revokeFact returns the RevokeFact of the callback v when it is a
// function or method of another package.
func (b *builder) revokeFact(v ssa.Value) (RevokeFact, bool) {
	fn := funcValue(v)
	var f RevokeFact
	if fn == nil || b.flow.InPackage(fn) {
		return f, false
	}
	obj, ok := fn.Object().(*types.Func)
	return f, ok && b.pass.ImportObjectFact(obj.Origin(), &f)
}

// RevokeFact is the object fact of an exported function or method taking
// a client that a revoke hook may be given (franz-go's
// OnPartitionsRevoked(svc.Revoked) in another package): whether it
// commits (revokeHook), and whether a commit of every polled position is
// among its commits (franz-go's CommitUncommittedOffsets, not
// CommitMarkedOffsets).
type RevokeFact struct {
	Hook   RevokeHook
	Polled bool
}

// AFact marks RevokeFact as an analysis fact.
func (*RevokeFact) AFact() {}

func (f *RevokeFact) String() string {
	return map[RevokeHook]string{RevokeCommits: "revoke(commits)", RevokeWithoutCommit: "revoke(no commit)", RevokeUnknown: "revoke(unknown)"}[f.Hook]
}

// exportRevokeFacts exports a RevokeFact for each exported function and
// method of the package with a parameter of a client type that has revoke
// hooks.
func (b *builder) exportRevokeFacts(funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		for _, p := range fn.Params {
			cl := clientOfType(p.Type())
			if cl == nil || !slices.ContainsFunc(cl.RevokeHooks, func(h clientmodel.RevokeHook) bool { return h.Kind == clientmodel.HookRevoked }) {
				continue
			}
			b.pass.ExportObjectFact(obj, &RevokeFact{Hook: b.revokeHook(cl, fn), Polled: b.commitsPolled(cl, fn)})
			break
		}
	}
}

// commitsPolled reports whether fn, or what it reaches in the package,
// calls a commit of cl writing every polled position.
func (b *builder) commitsPolled(cl *clientmodel.Client, fn *ssa.Function) bool {
	set := map[*ssa.Function]bool{}
	b.flow.Reach(fn, set)
	for f := range set {
		for _, blk := range f.Blocks {
			for _, in := range blk.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					if ref, ok := b.ix.Call(ssaflow.Callee(ci.Common())); ok && ref.Client == cl && ref.Role == clientmodel.Commit && ref.Scope == clientmodel.ScopePolled {
						return true
					}
				}
			}
		}
	}
	return false
}

// bind attaches calls to consumers, through receivers' roots and, for
// clients that call a handler, through the handler's methods.
func (b *builder) bind(m *Model) {
	for _, c := range m.Consumers {
		if c.Client.Handler != nil {
			b.handlers(m, c)
		}
	}
	for _, call := range m.Calls {
		recv := call.Recv()
		if recv == nil {
			continue
		}
		roots := m.clientRoots(recv)
	consumers:
		for _, c := range m.Consumers {
			if c.Client != call.Client {
				continue
			}
			if c.identity != nil && ssaflow.Intersects(roots, []ssa.Value{c.identity}) {
				if call.Consumer == nil {
					call.Consumer = c
					c.Calls = append(c.Calls, call)
				} else {
					// One built to replace another in the field the
					// loop reads (a restart) is fetched from there too.
					c.Also = append(c.Also, call)
				}
				continue
			}
			for _, h := range c.Handlers {
				if !h.Reach[call.Fn] && !sessionOf(roots, h) {
					continue
				}
				switch call.Consumer {
				case nil:
					call.Consumer = c
					c.Calls = append(c.Calls, call)
				case c:
				default:
					// A handler two consumers run (one type passed to
					// both, or one group built on either of two paths):
					// its calls are both's.
					c.Also = append(c.Also, call)
				}
				continue consumers
			}
		}
	}
	for _, call := range m.Calls {
		if call.Forwarded != nil && call.Consumer == nil {
			if call.Consumer = m.adapted(call); call.Consumer != nil {
				call.Consumer.Calls = append(call.Consumer.Calls, call)
			}
		}
	}
	// A commit that writes a group's offsets given as an argument (kadm's
	// CommitOffsets, kafka-go's Generation.CommitOffsets) belongs to the
	// consumer whose fetches those offsets come from, whatever client
	// sends it (an admin client built on a client of its own).
	for _, call := range m.Calls {
		if !call.GroupCommit || call.Record < 0 {
			continue
		}
		c := fetchedBy(m, ssaflow.Arg(call.Instr.Common(), call.Record))
		if c == nil || c == call.Consumer || c.Client != call.Client {
			continue
		}
		if old := call.Consumer; old != nil {
			old.Calls = slices.DeleteFunc(old.Calls, func(x *Call) bool { return x == call })
		}
		call.Consumer = c
		c.Calls = append(c.Calls, call)
	}
}

// sessionOf reports whether roots hold a parameter of h's Consume method
// (sarama's session): a call made on it anywhere in the package, such as
// an Ack method of a struct the handler stores the session in and code
// the handler does not reach calls, is a call of h's consumer.
func sessionOf(roots []ssa.Value, h *Handler) bool {
	return h.Consume != nil && slices.ContainsFunc(roots, func(r ssa.Value) bool {
		p, ok := r.(*ssa.Parameter)
		return ok && p.Parent() == h.Consume
	})
}

// fetchedBy returns the consumer whose fetch calls the positions v are
// computed from (through client functions such as
// kadm.OffsetsFromFetches(fetches) or fetches.Records()), or nil when
// there is none or more than one.
func fetchedBy(m *Model, v ssa.Value) *Consumer {
	if v == nil {
		return nil
	}
	fetches := map[ssa.Value]*Consumer{}
	for _, call := range m.Calls {
		if call.Consumer != nil && (call.Role == clientmodel.Fetch || call.Role == clientmodel.FetchCommit) {
			if cv, ok := call.Instr.(ssa.Value); ok {
				fetches[cv] = call.Consumer
			}
		}
	}
	var found *Consumer
	several := false
	var from func(x ssa.Value, depth int) bool
	from = func(x ssa.Value, depth int) bool {
		if ex, ok := x.(*ssa.Extract); ok {
			x = ex.Tuple
		}
		call, ok := x.(*ssa.Call)
		if !ok {
			return false
		}
		if c := fetches[call]; c != nil {
			if found != nil && found != c {
				several = true
			}
			found = c
			return true
		}
		fn := ssaflow.Callee(call.Common())
		if depth > 3 || fn == nil || fn.Pkg() == nil || !clientmodel.Default.IsClientPath(fn.Pkg().Path()) {
			return false
		}
		// A client function of what was fetched: its receiver or
		// arguments.
		hit := false
		for _, a := range call.Common().Args {
			if ssaflow.Derives(a, func(y ssa.Value) bool { return from(y, depth+1) }) {
				hit = true
			}
		}
		if call.Common().IsInvoke() && ssaflow.Derives(call.Common().Value, func(y ssa.Value) bool { return from(y, depth+1) }) {
			hit = true
		}
		return hit
	}
	ssaflow.Derives(v, func(x ssa.Value) bool { return from(x, 0) })
	if several {
		return nil
	}
	return found
}

// handlers finds the handlers registered on consumer c.
func (b *builder) handlers(m *Model, c *Consumer) {
	h := c.Client.Handler
	prog := m.SSA.Pkg.Prog
	for _, fn := range b.flow.Funcs() {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil || callee.FullName() != h.Run {
					continue
				}
				recv := ssaflow.Recv(ci.Common())
				if !isConsumer(b.flow, c, recv) {
					continue
				}
				arg := ssaflow.Arg(ci.Common(), h.HandlerArg)
				if arg == nil {
					continue
				}
				ts, paired := b.pairedTypes(c, ci, recv, arg)
				if !paired {
					ts = b.concreteTypes(arg)
				}
				if len(ts) == 0 && !b.callerSupplied(arg) {
					if iface, ok := arg.Type().Underlying().(*types.Interface); ok {
						if t := b.onlyImplementation(iface); t != nil {
							ts = append(ts, t)
						}
					}
				}
				for _, t := range ts {
					hd := &Handler{Type: t, Register: ci, Reach: map[*ssa.Function]bool{}}
					hd.Consume = method(prog, t, h.Consume)
					hd.Cleanup = method(prog, t, h.Cleanup)
					for _, f := range []*ssa.Function{hd.Consume, hd.Cleanup} {
						if f != nil && b.flow.InPackage(f) {
							b.flow.Reach(f, hd.Reach)
						}
					}
					c.Handlers = append(c.Handlers, hd)
				}
			}
		}
	}
}

// pairedTypes returns, when the group the handler run ci is made on and
// the handler it is given are both parameters of ci's function (a
// consume(ctx, group, handler) helper), the handler types the callers of
// that function pass together with consumer c: not those passed with
// another group. paired is false otherwise.
func (b *builder) pairedTypes(c *Consumer, ci ssa.CallInstruction, recv, arg ssa.Value) (ts []types.Type, paired bool) {
	rp, ok1 := recv.(*ssa.Parameter)
	hp, ok2 := arg.(*ssa.Parameter)
	fn := ci.Parent()
	if !ok1 || !ok2 || rp.Parent() != fn || hp.Parent() != fn {
		return nil, false
	}
	ri, hi := slices.Index(fn.Params, rp), slices.Index(fn.Params, hp)
	for _, site := range b.flow.Callers(fn) {
		args := site.Common().Args
		if site.Common().IsInvoke() || ri >= len(args) || hi >= len(args) {
			return nil, false // a caller the pairing cannot read
		}
		if isConsumer(b.flow, c, args[ri]) {
			ts = append(ts, b.concreteTypes(args[hi])...)
		}
	}
	return ts, true
}

// concreteTypes returns the dynamic types an interface value may have, as
// far as its MakeInterface instructions show, following parameters to the
// arguments of their in-package callers (a run(ctx, group, handler) helper).
func (b *builder) concreteTypes(v ssa.Value) []types.Type {
	var out []types.Type
	seen := map[ssa.Value]bool{}
	var walk func(ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.MakeInterface:
			out = append(out, x.X.Type())
		case *ssa.ChangeInterface:
			walk(x.X)
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e)
			}
		case *ssa.Parameter:
			fn := x.Parent()
			for i, p := range fn.Params {
				if p != x {
					continue
				}
				for _, site := range b.flow.Callers(fn) {
					if args := site.Common().Args; i < len(args) {
						walk(args[i])
					}
				}
			}
		}
	}
	walk(v)
	if iface, ok := v.Type().Underlying().(*types.Interface); ok && len(out) == 0 {
		// A handler returned by a constructor function or kept in a
		// variable: the concrete values its roots are.
		for _, r := range b.flow.Roots(v) {
			if t := r.Type(); !types.IsInterface(t) && types.Implements(t, iface) {
				out = append(out, t)
			}
		}
	}
	return out
}

// callerSupplied reports whether v comes from a parameter of a function
// other packages call (exported, or a method of an exported name): the
// handler is whatever they pass, not a type of this package that
// implements the interface (an example nothing passes).
func (b *builder) callerSupplied(v ssa.Value) bool {
	return slices.ContainsFunc(b.flow.Roots(v), func(r ssa.Value) bool {
		p, ok := r.(*ssa.Parameter)
		if !ok {
			return false
		}
		obj, ok := p.Parent().Object().(*types.Func)
		return ok && p.Parent().Parent() == nil && obj.Exported()
	})
}

// onlyImplementation returns the package's only named type that implements
// iface (itself or through its pointer), or nil if there is none or several:
// a handler given through an interface value the package cannot trace (a
// struct field its caller sets) is then that type.
func (b *builder) onlyImplementation(iface *types.Interface) types.Type {
	if ts := clientmodel.Implementations(b.pass.Pkg, iface); len(ts) == 1 {
		return ts[0]
	}
	return nil
}

// method returns the declared method name of t: for a value-receiver
// method of a pointer type (a *handler registered for a handler method)
// or a promoted method, the source function, not the synthetic wrapper
// MethodValue would return.
func method(prog *ssa.Program, t types.Type, name string) *ssa.Function {
	sel := prog.MethodSets.MethodSet(t).Lookup(nil, name)
	if sel == nil {
		return nil
	}
	return ssaflow.Method(prog, sel)
}

// exportFacts exports a ConfigFact for every function returning a client
// config, so consumers in importing packages can be checked.
func (b *builder) exportFacts(funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || fn.Signature.Results().Len() == 0 {
			continue
		}
		c := b.ix.ConfigType(fn.Signature.Results().At(0).Type())
		if c == nil {
			continue
		}
		s := newSettings()
		for _, blk := range fn.Blocks {
			if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
				b.anchor = ret
				s.merge(b.settings(c, ret.Results[0]))
				b.anchor = nil
			}
		}
		if fd, ok := fn.Syntax().(*ast.FuncDecl); ok {
			if iv := intervals(b.pass, c, fd); len(iv) > 0 {
				s.Interval = intervalText(iv)
			}
		}
		b.pass.ExportObjectFact(obj, factOf(s))
	}
}

// openToOthers reports whether other packages can call fn: an exported
// function, or a method of an exported type, of a package other than
// main.
func openToOthers(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || !obj.Exported() || obj.Pkg() == nil || obj.Pkg().Name() == "main" {
		return false
	}
	if recv := fn.Signature.Recv(); recv != nil {
		n, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
		return ok && n.Obj().Exported()
	}
	return true
}

// openParam returns the parameter of a function other packages may call
// (openToOthers) that v is, or comes from through parameters of functions
// only the package calls, when code of the package calls that function
// too (else v's roots are the parameter itself, opaque already); chain
// holds the functions on the way, v's own first. Nil if there is none.
func (b *builder) openParam(v ssa.Value) (*ssa.Parameter, []*ssa.Function) {
	seen := map[*ssa.Function]bool{}
	var walk func(v ssa.Value, chain []*ssa.Function) (*ssa.Parameter, []*ssa.Function)
	walk = func(v ssa.Value, chain []*ssa.Function) (*ssa.Parameter, []*ssa.Function) {
		p, ok := ssaflow.Unconvert(v).(*ssa.Parameter)
		if !ok || seen[p.Parent()] {
			return nil, nil
		}
		fn := p.Parent()
		seen[fn] = true
		chain = append(chain, fn)
		callers := b.flow.Callers(fn)
		if len(callers) == 0 {
			return nil, nil
		}
		if openToOthers(fn) {
			return p, chain
		}
		i := slices.Index(fn.Params, p)
		for _, site := range callers {
			if args := site.Common().Args; i < len(args) {
				if q, c := walk(args[i], chain); q != nil {
					return q, c
				}
			}
		}
		return nil, nil
	}
	return walk(v, nil)
}

// callerField says where v, or a value it may be (through phis), is read
// from when that is an exported field of a parameter, not the receiver,
// of a function the package's code does not call alone (an exported
// constructor's cfg.Options, defaulted when nil: if cfg.Options == nil {
// cfg.Options = sarama.NewConfig() }): its callers may put a
// configuration of their own there, which the stores the package makes
// to that field do not show. "" if v reads none.
func (b *builder) callerField(v ssa.Value) string {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value) string
	walk = func(v ssa.Value) string {
		if seen[v] {
			return ""
		}
		seen[v] = true
		if phi, ok := v.(*ssa.Phi); ok {
			for _, e := range phi.Edges {
				if where := walk(e); where != "" {
					return where
				}
			}
			return ""
		}
		v = ssaflow.Unconvert(v)
		p, field, ok := paramField(v)
		if !ok {
			p, field = copiedParamField(v)
		}
		if p != nil && overwritten(v, field) {
			return "" // the package sets the field on every path first
		}
		if p == nil || !openToOthers(p.Parent()) && len(b.flow.Callers(p.Parent())) > 0 {
			return ""
		}
		if fn := p.Parent(); fn.Signature.Recv() != nil && fn.Params[0] == p {
			return "" // a receiver: the package's constructor sets its fields
		}
		// Only an exported field: another package cannot set the others.
		if st, ok := ssaflow.Deref(p.Type()).Underlying().(*types.Struct); !ok || field >= st.NumFields() || !st.Field(field).Exported() {
			return ""
		}
		return paramFieldOrigin(p, field)
	}
	return walk(v)
}

// overwritten reports whether v, a load of field i of a struct, is
// preceded on every path by a store to that field of the same struct
// (o.Sarama = sarama.NewConfig() before the read): what the caller put
// there is not what is read.
func overwritten(v ssa.Value, i int) bool {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	for _, ref := range *fa.X.Referrers() {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.Field != i {
			continue
		}
		for _, r := range *other.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == other && ssaflow.Dominates(st, ld) && !readsField(st.Val, fa.X, i, 0) {
				return true
			}
		}
	}
	return false
}

// readsField reports whether v is, or is computed by calls from, a load
// of field i of base (o.Sarama = withDefaults(o.Sarama): the caller's
// value, completed).
func readsField(v ssa.Value, base ssa.Value, i, depth int) bool {
	v = ssaflow.Unconvert(v)
	switch x := v.(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		return ok && x.Op == token.MUL && fa.X == base && fa.Field == i
	case *ssa.Extract:
		return readsField(x.Tuple, base, i, depth)
	case *ssa.Call:
		if depth > 2 {
			return false
		}
		return slices.ContainsFunc(x.Call.Args, func(a ssa.Value) bool { return readsField(a, base, i, depth+1) })
	}
	return false
}

// copiedParamField returns the parameter whose copy v reads field i of: a
// struct parameter the function writes fields of lives in a local that
// starts as the parameter (cfg.Options = ... in the function's body).
func copiedParamField(v ssa.Value) (p *ssa.Parameter, i int) {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, 0
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil, 0
	}
	a, ok := fa.X.(*ssa.Alloc)
	if !ok {
		return nil, 0
	}
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			if p, ok := st.Val.(*ssa.Parameter); ok {
				return p, fa.Field
			}
		}
	}
	return nil, 0
}

// within reports whether pos is in fn's body.
func within(fn *ssa.Function, pos token.Pos) bool {
	syn := fn.Syntax()
	return syn != nil && pos.IsValid() && syn.Pos() <= pos && pos < syn.End()
}

// funcVar returns the function v, a load of an unexported package-level
// variable, always holds: the one function the package stores there (var
// newGroup = sarama.NewConsumerGroup, a seam for tests); nil otherwise.
func (b *builder) funcVar(v ssa.Value) *types.Func {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	if g, ok := load.X.(*ssa.Global); !ok || g.Object() == nil || g.Object().Exported() {
		return nil
	}
	var out *types.Func
	for _, r := range b.flow.Roots(v) {
		fn, ok := r.(*ssa.Function)
		if !ok {
			return nil
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || out != nil && out != obj {
			return nil
		}
		out = obj
	}
	return out
}

// boundCall returns the model of the client method cc's function value,
// read from a struct field, is bound to: a method value every value the
// field may hold is (Flow.Roots follows its stores), the receiver it is
// bound to, and whether there is one.
func (b *builder) boundCall(cc *ssa.CallCommon) (clientmodel.CallRef, ssa.Value, bool) {
	// (Only one read from a field: a function value a parameter or a
	// variable passes, r.ReadMessage given to consume(ctx, read), is
	// the caller's to report where it is taken.)
	load, ok := cc.Value.(*ssa.UnOp)
	if cc.IsInvoke() || !ok || load.Op != token.MUL {
		return clientmodel.CallRef{}, nil, false
	}
	if _, field := load.X.(*ssa.FieldAddr); !field {
		return clientmodel.CallRef{}, nil, false
	}
	var method *types.Func
	var recv ssa.Value
	for _, r := range b.flow.Roots(cc.Value) {
		mc, ok := r.(*ssa.MakeClosure)
		if !ok || len(mc.Bindings) != 1 {
			return clientmodel.CallRef{}, nil, false
		}
		fn, ok := mc.Fn.(*ssa.Function)
		if !ok || !strings.HasPrefix(fn.Synthetic, "bound method wrapper") {
			return clientmodel.CallRef{}, nil, false
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || method != nil && obj != method {
			return clientmodel.CallRef{}, nil, false
		}
		method, recv = obj, mc.Bindings[0]
	}
	if method == nil {
		return clientmodel.CallRef{}, nil, false
	}
	ref, ok := b.ix.Call(method.Origin())
	return ref, recv, ok
}
