package consumer

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A service's configuration is often built in main and handed to the
// package that builds the consumer: consumer.New(ctx, group, client) with
// client := sarama.NewClient(brokers, cfg), or NewWithConfig(cfg). The
// consumer's package sees a parameter (Settings.OriginKey); the wiring
// package sees what it passes for it (PassedConfig). The standalone
// report, which analyzes both, joins them by the parameter's key.

// PassedConfig is the configuration a package passes to a parameter of a
// function of another package, or stores in a field of another package's
// struct (&svc.Consumer{Reader: r}): a client config, or a client built
// from one (sarama's Client).
type PassedConfig struct {
	Key      string // the parameter's or field's entry key (ParamKey, FieldKey)
	Client   *clientmodel.Client
	Settings *Settings
	// Call is the call passing it, as argument Arg, or Store the store
	// of it in the field (Call is nil then); Config is the config value:
	// the argument or value stored itself, or the config the client
	// passed was built from.
	Call   ssa.CallInstruction
	Store  *ssa.Store
	Arg    int
	Config ssa.Value
	// Consumer is set when the consumer itself is passed (a kafka-go
	// reader built here handed to a service's constructor): Settings are
	// its own.
	Consumer *Consumer
}

// passedConfigs returns the configurations the package passes to
// functions of other (non-client) packages, and the consumers it builds
// (or obtains from a constructor of another package) and passes so.
func (b *builder) passedConfigs(m *Model, funcs []*ssa.Function) []PassedConfig {
	built := append(slices.Clip(m.Consumers), m.Imported...)
	var out []PassedConfig
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, in := range blk.Instrs {
				if st, ok := in.(*ssa.Store); ok {
					if p, ok := b.storedConfig(st, built); ok {
						out = append(out, p)
					}
					continue
				}
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil || callee.Pkg() == nil || callee.Pkg() == b.pass.Pkg || b.ix.IsClientPath(callee.Pkg().Path()) {
					continue
				}
				out = append(out, b.passedKnobs(ci, callee)...)
				for i := range callee.Type().(*types.Signature).Params().Len() {
					a := ssaflow.Arg(ci.Common(), i)
					if a == nil {
						continue
					}
					if cl, cfg := b.configOf(a); cl != nil {
						b.anchor = nil
						out = append(out, PassedConfig{Key: ParamKey(callee, i), Client: cl, Settings: b.settings(cl, cfg), Call: ci, Arg: i, Config: cfg})
						continue
					}
					if k := passedConsumer(b.flow, built, a); k != nil {
						out = append(out, PassedConfig{Key: ParamKey(callee, i), Client: k.Client, Settings: k.Settings, Call: ci, Arg: i, Config: k.Config, Consumer: k})
					}
				}
			}
		}
	}
	// A handler of another package run on a group built here: its
	// Consume method receives the group's session (sarama's ConsumeClaim),
	// an entry that package models as received (received).
	for _, k := range built {
		for _, h := range k.Handlers {
			if h.Consume == nil || b.flow.InPackage(h.Consume) || h.Register == nil || k.Settings == nil {
				continue
			}
			if n, ok := types.Unalias(ssaflow.Deref(h.Type)).(*types.Named); !ok || n.Obj().Pkg() == b.pass.Pkg && b.ownMethodsCommit(m, h.Type) {
				continue // a type of this package embedding the handler, committing in its own methods (Cleanup)
			}
			obj, ok := h.Consume.Object().(*types.Func)
			if !ok || !obj.Exported() {
				continue
			}
			out = append(out, PassedConfig{Key: ParamKey(obj, 0), Client: k.Client, Settings: k.Settings, Call: h.Register, Config: k.Config, Consumer: k})
		}
	}
	return out
}

// ownMethodsCommit reports whether a method of t declared in the package
// (a wrapper embedding another package's handler) makes, or reaches, a
// commit call.
func (b *builder) ownMethodsCommit(m *Model, t types.Type) bool {
	set := map[*ssa.Function]bool{}
	ms := m.SSA.Pkg.Prog.MethodSets.MethodSet(t)
	for i := range ms.Len() {
		if fn := ssaflow.Method(m.SSA.Pkg.Prog, ms.At(i)); fn != nil && b.flow.InPackage(fn) {
			b.flow.Reach(fn, set)
		}
	}
	return slices.ContainsFunc(m.Calls, func(c *Call) bool { return c.Role == clientmodel.Commit && set[c.Fn] })
}

// storedConfig returns the configuration or consumer of built that st
// stores in a field of another (non-client) package's struct, as the
// wiring fills a service's exported field: &svc.Consumer{Reader: r}.
func (b *builder) storedConfig(st *ssa.Store, built []*Consumer) (PassedConfig, bool) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok || len(passedOn(st)) == 0 {
		return PassedConfig{}, false
	}
	key := FieldKey(fa)
	if key == "" {
		return PassedConfig{}, false
	}
	if cl, cfg := b.configOf(st.Val); cl != nil {
		b.anchor = nil
		return PassedConfig{Key: key, Client: cl, Settings: b.settings(cl, cfg), Store: st, Config: cfg}, true
	}
	if k := passedConsumer(b.flow, built, st.Val); k != nil {
		return PassedConfig{Key: key, Client: k.Client, Settings: k.Settings, Store: st, Config: k.Config, Consumer: k}, true
	}
	return PassedConfig{}, false
}

// passedConsumer returns the consumer of built that a, an argument, is
// (its only one: a value that may be either of two is left out), or nil.
func passedConsumer(flow *ssaflow.Flow, built []*Consumer, a ssa.Value) *Consumer {
	var found *Consumer
	for _, k := range built {
		if k.Settings == nil || !isConsumer(flow, k, a) {
			continue
		}
		if found != nil {
			return nil
		}
		found = k
	}
	return found
}

// configOf returns the client and the config value a carries: a itself
// when it is of a client's config type, or the config a client builder
// (sarama.NewClient) was given, for a client value built here.
func (b *builder) configOf(a ssa.Value) (*clientmodel.Client, ssa.Value) {
	if cl := b.ix.ConfigType(a.Type()); cl != nil {
		return cl, a // a config, or a client's options (...kgo.Opt)
	}
	n, ok := types.Unalias(ssaflow.Deref(a.Type())).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !b.ix.IsClientPath(n.Obj().Pkg().Path()) {
		return nil, nil
	}
	for _, r := range b.flow.Roots(a) {
		if ex, ok := r.(*ssa.Extract); ok {
			r = ex.Tuple
		}
		call, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		callee := ssaflow.Callee(call.Common())
		cl := b.ix.ClientBuilder(callee)
		if cl == nil {
			continue
		}
		for _, ctor := range cl.Constructors {
			if ctor.FromClient == callee.FullName() {
				if cfg := ssaflow.Arg(call.Common(), ctor.FromClientArg); cfg != nil {
					return cl, cfg
				}
			}
		}
	}
	return nil, nil
}

// Sets reports whether s gives each setting of when (a client c's
// setting) the value when gives it, as far as the analysis knows.
func (s *Settings) Sets(c *clientmodel.Client, when map[clientmodel.Setting]bool) bool {
	for st, on := range when {
		if v, known := s.Get(c, st); !known || v != on {
			return false
		}
	}
	return true
}

// Overlay returns base (a configuration passed from another package) with
// what s, the consumer's own settings made on top of it, sets: s's
// explicit settings win, and what base leaves out of sight stays so.
func Overlay(base, s *Settings) *Settings {
	out := newSettings()
	out.merge(base)
	for k, v := range s.Set {
		delete(out.Unknown, k)
		out.Set[k] = v
	}
	for k := range s.Unknown {
		if s.From[k] != "" || !s.Opaque {
			out.unknownFrom(k, s.From[k])
		}
	}
	for k := range s.Cond {
		out.Cond[k] = true
	}
	for k := range s.Assumed {
		out.assume(k)
	}
	out.Revoke = out.Revoke.with(s.Revoke)
	if s.Interval != "" {
		out.Interval = s.Interval
	}
	return out
}

// passedKnobs returns the constants the call ci of callee, a function of
// another package that builds a consumer (its BuiltFact), passes for the
// parameters that knobs of the consumer are set to (NewReader(brokers,
// 0): CommitInterval 0), each as the one setting it decides (unknown
// when the argument is no constant).
func (b *builder) passedKnobs(ci ssa.CallInstruction, callee *types.Func) []PassedConfig {
	var f BuiltFact
	if !b.pass.ImportObjectFact(callee, &f) || len(f.Params) == 0 {
		return nil
	}
	ctor, ok := b.ix.ConstructorByName(f.Ctor)
	if !ok {
		return nil
	}
	var out []PassedConfig
	for _, pk := range f.Params {
		for i := range callee.Type().(*types.Signature).Params().Len() {
			if ParamKey(callee, i) != pk.Key {
				continue
			}
			s := newSettings()
			if c, ok := argConst(ssaflow.Arg(ci.Common(), i)); ok {
				s.Set[pk.Setting] = Value{On: pk.On != zeroConst(c)}
			} else {
				s.Unknown[pk.Setting] = true // decided at run time: no constant to join
			}
			out = append(out, PassedConfig{Key: pk.Key, Client: ctor.Client, Settings: s, Call: ci, Arg: i})
		}
	}
	return out
}
