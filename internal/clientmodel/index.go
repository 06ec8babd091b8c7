package clientmodel

import (
	"go/types"
	"slices"
	"strings"
)

// CallRef is a modelled call together with its client.
type CallRef struct {
	Client *Client
	*Call
}

// ResultRef is a commit or transaction call whose results matter, together
// with its client.
type ResultRef struct {
	Client *Client
	*Result
}

// KnobRef is an option-function knob together with its client.
type KnobRef struct {
	Client *Client
	*Knob
}

// CtorRef is a consumer constructor together with its client.
type CtorRef struct {
	Client *Client
	*Constructor
}

// Index answers "what is this?" questions about functions and types in
// constant time. It is built once from Clients and never modified.
type Index struct {
	paths    map[string]*Client
	rewinds  map[string]bool
	calls    map[string]CallRef
	ctors    map[string]CtorRef
	options  map[string]KnobRef
	builders map[string]*Client
	setKeys  map[string]*Client
	clients  map[string]*Client // FromClient constructor → client
	configs  map[string]*Client // config type name → client
	records  map[string]*Client
	parts    map[string]*Client // partition types
	fencing  map[string]*Client
	group    map[string]*Client // group fencing errors
	results  map[string]ResultRef
	produces map[string]ProduceRef
	// flushes maps each producer flush (Produce.Flush) to whether it
	// gives up after a timeout (Produce.FlushCounts).
	flushes map[string]bool
}

// Default indexes Clients.
var Default = NewIndex(Clients)

// NewIndex indexes the given client tables.
func NewIndex(cs []*Client) *Index {
	ix := &Index{
		paths:    map[string]*Client{},
		rewinds:  map[string]bool{},
		calls:    map[string]CallRef{},
		ctors:    map[string]CtorRef{},
		options:  map[string]KnobRef{},
		builders: map[string]*Client{},
		setKeys:  map[string]*Client{},
		clients:  map[string]*Client{},
		configs:  map[string]*Client{},
		records:  map[string]*Client{},
		parts:    map[string]*Client{},
		fencing:  map[string]*Client{},
		group:    map[string]*Client{},
		results:  map[string]ResultRef{},
		produces: map[string]ProduceRef{},
		flushes:  map[string]bool{},
	}
	for _, c := range cs {
		for _, p := range c.Paths {
			ix.paths[p] = c
		}
		for i := range c.Calls {
			ix.calls[c.Calls[i].Func] = CallRef{c, &c.Calls[i]}
		}
		for _, r := range c.Rewinds {
			ix.rewinds[r] = true
		}
		for i := range c.Constructors {
			k := &c.Constructors[i]
			ix.ctors[k.Func] = CtorRef{c, k}
			if k.FromClient != "" {
				ix.clients[k.FromClient] = c
			}
		}
		for i := range c.Config.Knobs {
			if k := &c.Config.Knobs[i]; k.Option != "" {
				ix.options[k.Option] = KnobRef{c, k}
			}
		}
		for _, b := range c.Config.Builders {
			ix.builders[b] = c
		}
		if c.Config.SetKey != "" {
			ix.setKeys[c.Config.SetKey] = c
		}
		ix.configs[c.Config.Type] = c
		for _, r := range c.Records {
			ix.records[r] = c
		}
		for _, t := range c.Partitions {
			ix.parts[t] = c
		}
		for _, f := range c.Fencing {
			ix.fencing[f] = c
		}
		for _, f := range c.GroupFencing {
			ix.group[f] = c
		}
		for i := range c.Results {
			ix.results[c.Results[i].Func] = ResultRef{c, &c.Results[i]}
		}
		for i := range c.Produces {
			ix.produces[c.Produces[i].Func] = ProduceRef{c, &c.Produces[i]}
			if f := c.Produces[i].Flush; f != "" {
				ix.flushes[f] = c.Produces[i].FlushCounts
			}
		}
	}
	return ix
}

// IsClientPath reports whether path is a package of a modelled client.
func (ix *Index) IsClientPath(path string) bool {
	_, ok := ix.paths[path]
	return ok
}

// Client returns the client a package path belongs to, or nil.
func (ix *Index) Client(path string) *Client { return ix.paths[path] }

// OffsetsFrom reports whether fn computes a position from the records it
// is given (Client.OffsetsFrom).
func (ix *Index) OffsetsFrom(fn *types.Func) bool {
	n := ix.fullName(fn)
	return n != "" && slices.Contains(ix.paths[fn.Pkg().Path()].OffsetsFrom, n)
}

// Feed reports whether fn hands out records outside the modelled fetch
// calls (sarama's claim channel, a transactional session's polls).
func (ix *Index) Feed(fn *types.Func) bool {
	n := ix.fullName(fn)
	return n != "" && slices.Contains(ix.paths[fn.Pkg().Path()].Feeds, n)
}

// fullName returns fn's FullName if fn belongs to a client package, else "".
// The path check first keeps the common case allocation-free.
func (ix *Index) fullName(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if _, ok := ix.paths[fn.Pkg().Path()]; !ok {
		return ""
	}
	return fn.FullName()
}

// Rewind reports whether fn moves where a partition's next fetch starts
// (Client.Rewinds).
func (ix *Index) Rewind(fn *types.Func) bool { return ix.rewinds[ix.fullName(fn)] }

// Call returns the model of fn, if it is a modelled call.
// A method of an application interface that stands for a client call
// (throughInterface) is that call.
func (ix *Index) Call(fn *types.Func) (CallRef, bool) {
	n := ix.fullName(fn)
	if n == "" {
		if n = ix.fullName(ix.throughInterface(fn)); n == "" {
			return CallRef{}, false
		}
	}
	r, ok := ix.calls[n]
	return r, ok
}

// Constructor returns the model of fn, if it constructs a consumer.
func (ix *Index) Constructor(fn *types.Func) (CtorRef, bool) {
	n := ix.fullName(fn)
	if n == "" {
		return CtorRef{}, false
	}
	r, ok := ix.ctors[n]
	return r, ok
}

// ConstructorByName returns the model of the constructor with the given
// FullName.
func (ix *Index) ConstructorByName(name string) (CtorRef, bool) {
	r, ok := ix.ctors[name]
	return r, ok
}

// Option returns the knob fn sets, if fn is a modelled option function.
func (ix *Index) Option(fn *types.Func) (KnobRef, bool) {
	n := ix.fullName(fn)
	if n == "" {
		return KnobRef{}, false
	}
	r, ok := ix.options[n]
	return r, ok
}

// Builder returns the client whose fresh config fn returns.
func (ix *Index) Builder(fn *types.Func) *Client { return ix.builders[ix.fullName(fn)] }

// SetKey returns the client whose KeyMap setter fn is.
func (ix *Index) SetKey(fn *types.Func) *Client { return ix.setKeys[ix.fullName(fn)] }

// ClientBuilder returns the client of an intermediate constructor that
// carries a config to a consumer constructor (sarama.NewClient).
func (ix *Index) ClientBuilder(fn *types.Func) *Client { return ix.clients[ix.fullName(fn)] }

// Peel returns t without its aliases, pointers and slices: the element
// type of *sarama.Config, []kgo.Opt, []*kgo.Record.
func Peel(t types.Type) types.Type {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Alias:
			t = types.Unalias(u)
		default:
			return t
		}
	}
}

// ConfigType returns the client whose config type t is (pointers and
// slices of the type included: *sarama.Config, []kgo.Opt).
func (ix *Index) ConfigType(t types.Type) *Client {
	n, ok := Peel(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	if _, ok := ix.paths[n.Obj().Pkg().Path()]; !ok {
		return nil
	}
	return ix.configs[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
}

// Partition returns the client whose partition type (one partition's
// records) t is.
func (ix *Index) Partition(t types.Type) *Client {
	if n := typeName(t); n != "" {
		return ix.parts[n]
	}
	return nil
}

// Record returns the client whose record type t is.
func (ix *Index) Record(t types.Type) *Client {
	if n := typeName(t); n != "" {
		return ix.records[n]
	}
	return nil
}

// RecordField reports whether t (a struct type or a pointer to one) is a
// record type and, if it is, whether its field i is one of the client's
// Coordinates.
func (ix *Index) RecordField(t types.Type, i int) (coordinate, record bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	n := typeName(t)
	if !ok || i >= st.NumFields() || n == "" {
		return false, false
	}
	c := ix.records[n]
	if c == nil {
		c = ix.records["*"+n]
	}
	if c == nil {
		return false, false
	}
	return slices.Contains(c.Coordinates, st.Field(i).Name()), true
}

// Fencing returns the client whose fencing error obj is.
func (ix *Index) Fencing(obj types.Object) *Client {
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	if _, ok := ix.paths[obj.Pkg().Path()]; !ok {
		return nil
	}
	return ix.fencing[obj.Pkg().Path()+"."+obj.Name()]
}

// GroupFencing returns the client whose group fencing error obj is: an
// error meaning the member's generation or assignment is over.
func (ix *Index) GroupFencing(obj types.Object) *Client {
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	if _, ok := ix.paths[obj.Pkg().Path()]; !ok {
		return nil
	}
	return ix.group[obj.Pkg().Path()+"."+obj.Name()]
}

// typeName is the model spelling of a named type or pointer to one.
func typeName(t types.Type) string {
	ptr := ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		ptr, t = "*", p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return ptr + n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// ShortName is the user-facing name of a modelled function: "MarkMessage",
// "kgo.GreedyAutoCommit".
func ShortName(full string) string {
	if i := strings.LastIndex(full, ")."); i >= 0 {
		return full[i+2:]
	}
	if i := strings.LastIndex(full, "/"); i >= 0 {
		return full[i+1:]
	}
	return full
}

// BareName is a modelled name without its package or receiver:
// "BlockRebalanceOnPoll", "RevokedPartitions".
func BareName(full string) string {
	s := ShortName(full)
	return s[strings.LastIndex(s, ".")+1:]
}

// ResultByName returns the model of the commit or transaction call with
// the given FullName whose results matter.
func (ix *Index) ResultByName(name string) (ResultRef, bool) {
	r, ok := ix.results[name]
	return r, ok
}

// CallByName returns the model of the call with the given FullName.
func (ix *Index) CallByName(name string) (CallRef, bool) {
	r, ok := ix.calls[name]
	return r, ok
}

// Result returns the model of fn, if it is a commit or transaction call
// whose results matter (through an interface standing for the client too).
func (ix *Index) Result(fn *types.Func) (ResultRef, bool) {
	n := ix.fullName(fn)
	if n == "" {
		// A method of an application interface that stands for the
		// client (StandsFor): its calls are the client's.
		if n = ix.fullName(ix.throughInterface(fn)); n == "" {
			return ResultRef{}, false
		}
	}
	r, ok := ix.results[n]
	return r, ok
}

// Flush reports whether fn flushes a producer (Produce.Flush), and
// whether it gives up after a timeout, returning what is left
// (Produce.FlushCounts).
func (ix *Index) Flush(fn *types.Func) (counts, ok bool) {
	counts, ok = ix.flushes[ix.fullName(fn)]
	return counts, ok
}

// Produce returns the model of fn, if it is a call that produces records.
func (ix *Index) Produce(fn *types.Func) (ProduceRef, bool) {
	n := ix.fullName(fn)
	if n == "" {
		return ProduceRef{}, false
	}
	r, ok := ix.produces[n]
	return r, ok
}
