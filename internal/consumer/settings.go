package consumer

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Value is the value of one setting as the code sets it.
type Value struct {
	On bool
	// Pos is where the value is set in the package under analysis, or
	// token.NoPos when it was set in another package (facts carry no
	// positions).
	Pos token.Pos
}

// Settings are a consumer's settings as far as the code shows them.
type Settings struct {
	// Set holds the settings the code sets explicitly.
	Set map[clientmodel.Setting]Value
	// Unknown holds the settings set to a value the analysis cannot
	// determine, or to different values on different paths.
	Unknown map[clientmodel.Setting]bool
	// Cond holds the settings set on some paths to the consumer only (an
	// option appended, a field or key set, in one branch). Set and Get
	// still report them, as the analyzers report what may be set; the
	// report calls them unknown.
	Cond map[clientmodel.Setting]bool
	// From says, for a setting in Unknown, where its value comes from,
	// when the analysis can tell ("field EnableAutoCommit of
	// NewKafkaConsumer's receiver, which its caller sets").
	From map[clientmodel.Setting]string
	// Assumed holds the settings a knob sets by being given a value that
	// is not a constant (GroupID: cfg.GroupID): set as far as the code
	// shows, though that value may be empty at run time (nil when none).
	Assumed map[clientmodel.Setting]bool
	// Opaque reports that part of the config comes from somewhere the
	// analysis cannot see (a parameter with no caller in the package, a
	// function of another package without a fact), so any setting that is
	// not explicitly set is unknown.
	Opaque bool
	// Origin says where the first opaque part comes from, for the report
	// ("NewOperator's caller (argument 5, config)"); "" when it cannot
	// be told.
	Origin string
	// OriginKey is the entry key of the exported function's parameter the
	// configuration comes from, when that is what is out of sight: the
	// report joins it with what callers of other packages pass for it
	// (PassedConfig).
	OriginKey string
	// Params holds the knobs set to a parameter of an exported function
	// (CommitInterval: every, of NewReader(brokers, every)): a caller of
	// another package passing a constant there decides them (BuiltFact).
	Params []ParamKnob
	// Revoke is what the options say of a revoke callback registered
	// among them (franz-go OnPartitionsRevoked): it is how a callback
	// registered by an options helper of another package reaches the
	// consumer's row through a ConfigFact.
	Revoke RevokeHook
	// RevokeCond reports a revoke callback registered on some paths only
	// (its option appended in a branch).
	RevokeCond bool
	// RevokePolled reports a callback of another package among the
	// options whose commits include one of every polled position
	// (RevokeFact.Polled).
	RevokePolled bool
	// Interval is the auto-commit interval a helper of another package
	// that builds the configuration sets ("200ms", "interval set in
	// code"), from its ConfigFact; "" when it sets none (audit 37b/D14:
	// the report said the client's default).
	Interval string
}

// RevokeHook says whether a consumer's options register a revoke callback
// and whether it commits.
type RevokeHook int8

const (
	RevokeNone          RevokeHook = iota // no callback among the options
	RevokeCommits                         // a callback that commits
	RevokeWithoutCommit                   // a callback that commits nothing
	RevokeUnknown                         // a callback the analysis cannot read, or several
)

// with returns what h and o say together.
func (h RevokeHook) with(o RevokeHook) RevokeHook {
	switch {
	case h == RevokeNone || h == o:
		return o
	case o == RevokeNone:
		return h
	}
	return RevokeUnknown
}

func newSettings() *Settings {
	return &Settings{Set: map[clientmodel.Setting]Value{}, Unknown: map[clientmodel.Setting]bool{}, Cond: map[clientmodel.Setting]bool{}}
}

// set records that k is set to on at pos.
func (s *Settings) set(k clientmodel.Setting, on bool, pos token.Pos) {
	if s.Unknown[k] {
		return
	}
	if old, ok := s.Set[k]; ok && old.On != on {
		delete(s.Set, k)
		s.Unknown[k] = true
		return
	}
	if _, ok := s.Set[k]; !ok {
		s.Set[k] = Value{On: on, Pos: pos}
	}
}

// assume records that k is set by a value known at run time only (Assumed).
func (s *Settings) assume(k clientmodel.Setting) {
	if s.Assumed == nil {
		s.Assumed = map[clientmodel.Setting]bool{}
	}
	s.Assumed[k] = true
}

// unknown records that k is set to a value the analysis cannot tell.
func (s *Settings) unknown(k clientmodel.Setting) {
	delete(s.Set, k)
	s.Unknown[k] = true
}

// unknownFrom records that k is set to a value from where (see From).
func (s *Settings) unknownFrom(k clientmodel.Setting, where string) {
	s.unknown(k)
	if where == "" {
		return
	}
	if s.From == nil {
		s.From = map[clientmodel.Setting]string{}
	}
	s.From[k] = where
}

// decoded records the decodes into the config at run time (decodedInto's):
// any knob may be set there, so the settings are opaque, and a knob set
// before one of them in its function, and under the field it decodes
// into, is unknown (the decoded text may set it again). field gives a
// setting's dotted field path in the config type (nil for a ConfigMap,
// whose decodes are into the whole map).
func (s *Settings) decoded(ds []decode, field func(clientmodel.Setting) string) {
	if len(ds) == 0 {
		return
	}
	what := func(d decode) string { return "what " + d.fn + " decodes into it at run time" }
	s.Opaque = true
	if s.Origin == "" {
		s.Origin = what(ds[0])
	}
	for k, v := range s.Set {
		for _, d := range ds {
			if field != nil && !d.covers(field(k)) {
				continue
			}
			if within(d.at.Parent(), v.Pos) && v.Pos < d.at.Pos() {
				s.unknownFrom(k, what(d)+", after it is set")
				break
			}
		}
	}
}

// merge adds o's settings (from a helper or a fact) to s.
func (s *Settings) merge(o *Settings) {
	for k, v := range o.Set {
		s.set(k, v.On, v.Pos)
	}
	for k := range o.Unknown {
		s.unknownFrom(k, o.From[k])
	}
	for k := range o.Cond {
		s.Cond[k] = true
	}
	for k := range o.Assumed {
		s.assume(k)
	}
	s.Opaque = s.Opaque || o.Opaque
	if s.Origin == "" {
		s.Origin, s.OriginKey = o.Origin, o.OriginKey
	}
	s.Params = append(s.Params, o.Params...)
	s.Revoke = s.Revoke.with(o.Revoke)
	s.RevokeCond = s.RevokeCond || o.RevokeCond
	s.RevokePolled = s.RevokePolled || o.RevokePolled
	if s.Interval == "" {
		s.Interval = o.Interval
	}
}

// overriddenBy returns s (a helper's settings) with the keys the code sets
// afterwards on the helper's map (o) replacing it; a key o sets on some
// paths only keeps both values (unknown when they differ).
func (s *Settings) overriddenBy(o *Settings) *Settings {
	out := newSettings()
	for k, v := range s.Set {
		if _, set := o.Set[k]; (!set && !o.Unknown[k]) || o.Cond[k] {
			out.Set[k] = v
		}
	}
	for k := range s.Unknown {
		if _, set := o.Set[k]; (!set && !o.Unknown[k]) || o.Cond[k] {
			out.Unknown[k] = true
		}
	}
	for k := range s.Cond {
		out.Cond[k] = true
	}
	out.Opaque, out.Origin, out.OriginKey = s.Opaque, s.Origin, s.OriginKey
	out.Interval = s.Interval
	out.merge(o)
	return out
}

// Get returns the effective value of k for client c and whether the analysis
// knows it: an explicit setting, else the client's default unless part of
// the config is opaque.
func (s *Settings) Get(c *clientmodel.Client, k clientmodel.Setting) (on, known bool) {
	if s.Unknown[k] {
		return false, false
	}
	if v, ok := s.Set[k]; ok {
		return v.On, true
	}
	if s.Opaque {
		return false, false
	}
	return c.Config.Defaults[k], true
}

// Is reports whether k is known to be on.
func (s *Settings) Is(c *clientmodel.Client, k clientmodel.Setting) bool {
	on, known := s.Get(c, k)
	return known && on
}

// IsNot reports whether k is known to be off.
func (s *Settings) IsNot(c *clientmodel.Client, k clientmodel.Setting) bool {
	on, known := s.Get(c, k)
	return known && !on
}

// String is a stable rendering, used by fact tests.
func (s *Settings) String() string {
	var parts []string
	for k, v := range s.Set {
		parts = append(parts, fmt.Sprintf("%s=%t", k, v.On))
	}
	for k := range s.Unknown {
		parts = append(parts, fmt.Sprintf("%s=?", k))
	}
	sort.Strings(parts)
	if s.Opaque {
		parts = append(parts, "opaque")
	}
	return strings.Join(parts, " ")
}

// A ParamKnob is a knob set to a parameter of an exported function: the
// setting it sets, the parameter's entry key (ParamKey), and the value a
// caller's constant other than zero gives the setting (the knob's).
type ParamKnob struct {
	Setting clientmodel.Setting
	Key     string
	On      bool
}

// ConfigFact is the object fact exported for functions that return a client
// config (a *sarama.Config, kgo options, a kafka-go ReaderConfig, a
// confluent ConfigMap): the settings of the config they return. It lets a
// consumer built in one package from a config helper of another be checked.
// Its fields are sorted slices, not maps, so that its gob encoding is
// deterministic (the analysis drivers check that).
type ConfigFact struct {
	Set     []SettingValue // sorted by Setting
	Unknown []clientmodel.Setting
	Cond    []clientmodel.Setting
	Opaque  bool
	Origin  string
	Revoke  RevokeHook
	// RevokePolled and RevokeCond are Settings' (a callback committing
	// every polled position; registered on some paths only).
	RevokePolled, RevokeCond bool
	// Interval is the auto-commit interval the function sets
	// (Settings.Interval).
	Interval string
}

// SettingValue is one explicitly set setting of a ConfigFact.
type SettingValue struct {
	Setting clientmodel.Setting
	On      bool
}

// AFact marks ConfigFact as an analysis fact.
func (*ConfigFact) AFact() {}

func (f *ConfigFact) String() string { return "config(" + f.settings().String() + ")" }

func (f *ConfigFact) settings() *Settings {
	s := newSettings()
	for _, v := range f.Set {
		s.Set[v.Setting] = Value{On: v.On}
	}
	for _, k := range f.Unknown {
		s.Unknown[k] = true
	}
	for _, k := range f.Cond {
		s.Cond[k] = true
	}
	s.Opaque, s.Origin = f.Opaque, f.Origin
	s.Revoke, s.Interval = f.Revoke, f.Interval
	s.RevokePolled, s.RevokeCond = f.RevokePolled, f.RevokeCond
	return s
}

func factOf(s *Settings) *ConfigFact {
	f := &ConfigFact{Opaque: s.Opaque, Origin: s.Origin, Revoke: s.Revoke, RevokePolled: s.RevokePolled, RevokeCond: s.RevokeCond, Interval: s.Interval}
	for k, v := range s.Set {
		f.Set = append(f.Set, SettingValue{Setting: k, On: v.On})
	}
	sort.Slice(f.Set, func(i, j int) bool { return f.Set[i].Setting < f.Set[j].Setting })
	for k := range s.Unknown {
		f.Unknown = append(f.Unknown, k)
	}
	sort.Slice(f.Unknown, func(i, j int) bool { return f.Unknown[i] < f.Unknown[j] })
	for k := range s.Cond {
		f.Cond = append(f.Cond, k)
	}
	sort.Slice(f.Cond, func(i, j int) bool { return f.Cond[i] < f.Cond[j] })
	return f
}

// opaque records that part of the config comes from v, a value the
// analysis cannot see into, and says where v comes from if it can.
func (s *Settings) opaque(v ssa.Value) {
	s.Opaque = true
	if s.Origin == "" {
		s.Origin = origin(v)
		if p, ok := v.(*ssa.Parameter); ok {
			s.OriginKey, _ = EntryKey(p)
		}
	}
}

// origin says where a config value the analysis cannot see into comes
// from: a parameter of a function no code of the package calls, another
// package's function, a package-level variable; "" for the others.
func origin(v ssa.Value) string {
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		fn := x.Parent()
		i := slices.Index(fn.Params, x)
		if fn.Signature.Recv() != nil {
			if i == 0 {
				return ""
			}
			i--
		}
		return fmt.Sprintf("%s's caller (argument %d, %s)", fn.Name(), i, x.Name())
	case *ssa.Call:
		callee := ssaflow.Callee(x.Common())
		switch {
		case callee == nil || callee.Pkg() == nil:
		case x.Common().IsInvoke():
			return fmt.Sprintf("%s, called through an interface the analysis does not follow", ssaflow.ShortFunc(callee))
		case callee.Pkg() != ssaflow.PkgOf(x.Parent()):
			return fmt.Sprintf("%s, which the analysis cannot see into", ssaflow.ShortFunc(callee))
		}
	case *ssa.Global:
		if obj := x.Object(); obj != nil && (!obj.Exported() || x.Pkg.Pkg.Name() == "main") {
			return fmt.Sprintf("package-level variable %s, set where the analysis cannot follow", x.Name())
		}
		return fmt.Sprintf("package-level variable %s, which other packages may set", x.Name())
	}
	return ""
}

// valueOrigin says where a setting's value v comes from, when it is not a
// constant: a field of the function's receiver or argument (its caller
// sets it), or what origin says.
func valueOrigin(v ssa.Value) string {
	v = ssaflow.Unconvert(v)
	if p, field, ok := paramField(v); ok {
		if o := paramFieldOrigin(p, field); o != "" {
			return o
		}
	}
	return origin(v)
}

// paramFieldOrigin says that a value is field i of parameter p, which
// p's caller sets; "" if p is no struct with that field.
func paramFieldOrigin(p *ssa.Parameter, i int) string {
	st, ok := ssaflow.Deref(p.Type()).Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	fn := p.Parent()
	if fn.Signature.Recv() != nil && fn.Params[0] == p {
		return fmt.Sprintf("field %s of %s's receiver, which its caller sets", st.Field(i).Name(), fn.Name())
	}
	return fmt.Sprintf("field %s of %s's argument %s, which its caller sets", st.Field(i).Name(), fn.Name(), p.Name())
}
