package consumer

import (
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A position call that needs a setting (franz-go marks need
// AutoCommitMarks, confluent stores need auto-store off) is often made in
// a service package on a client it receives, while the package that builds
// the client, and sets or forgets the setting, is the wiring that imports
// the service. Facts carry the need across (in both front ends: vet runs
// one package at a time): the receiving package exports an EntryFact on
// the function or struct field the client arrives through, and the
// building package, where the client is handed over, adds a Need to its
// consumer, checked against the settings it can see.

// EntryFact is the object fact of a function (per parameter) or a struct
// field through which a package receives a client: the settings that
// calls made on the received client need.
type EntryFact struct {
	Needs []EntryNeed // sorted
}

// EntryNeed is one call on a received client that needs a setting.
type EntryNeed struct {
	Param int    // the parameter (receiver excluded); -1 for a field
	Func  string // the modelled call's FullName
	// Via names the function that makes the call, for the message:
	// "svc.(*Service).Run" (a closure is named by its enclosing function).
	Via string
}

// AFact marks EntryFact as an analysis fact.
func (*EntryFact) AFact() {}

func (f *EntryFact) String() string {
	s := "needs("
	for i, n := range f.Needs {
		if i > 0 {
			s += " "
		}
		s += clientmodel.ShortName(n.Func)
	}
	return s + ")"
}

// Need is a call of another package, on a client this package builds and
// hands over, that needs a setting.
type Need struct {
	clientmodel.CallRef
	// At is where the client is handed over: the argument of the call, or
	// the store into the struct field.
	At token.Pos
	// Entry is the function or field receiving the client (its position
	// is in the other package); Via names the function making the call.
	Entry types.Object
	Via   string
}

// exportNeeds exports an EntryFact for each function and struct field of
// the package through which a received client reaches calls that need a
// setting: its own calls, and those of other packages it hands the client
// on to (their facts).
func (b *builder) exportNeeds(m *Model, hs []handOver) {
	facts := map[types.Object]*EntryFact{}
	add := func(v ssa.Value, n EntryNeed) {
		for _, r := range m.Flow.Roots(v) {
			if key, _ := EntryKey(r); key == "" {
				continue
			}
			obj, param := EntryObject(r)
			if obj == nil || obj.Pkg() != b.pass.Pkg {
				continue
			}
			f := facts[obj]
			if f == nil {
				f = &EntryFact{}
				facts[obj] = f
			}
			n.Param = param
			if !slices.Contains(f.Needs, n) {
				f.Needs = append(f.Needs, n)
			}
		}
	}
	for _, c := range m.Received {
		for _, call := range c.Calls {
			if call.NeedsSetting == "" {
				continue
			}
			if recv := call.Recv(); recv != nil {
				add(recv, EntryNeed{Func: call.Func, Via: DisplayName(call.Fn)})
			}
		}
	}
	for _, h := range hs {
		add(h.v, h.need)
	}
	for obj, f := range facts {
		sort.Slice(f.Needs, func(i, j int) bool {
			a, b := f.Needs[i], f.Needs[j]
			if a.Param != b.Param {
				return a.Param < b.Param
			}
			if a.Func != b.Func {
				return a.Func < b.Func
			}
			return a.Via < b.Via
		})
		b.pass.ExportObjectFact(obj, f)
	}
}

// EntryObject returns the object of an entry root (see EntryKey) and, for
// a parameter, its index (receiver excluded; -1 for a field).
func EntryObject(r ssa.Value) (types.Object, int) {
	switch x := r.(type) {
	case *ssa.Parameter:
		fn := x.Parent()
		obj, _ := fn.Object().(*types.Func)
		i := slices.Index(fn.Params, x)
		if fn.Signature.Recv() != nil {
			i--
		}
		if obj == nil || i < 0 {
			return nil, 0
		}
		return obj, i
	case *ssa.FieldAddr:
		if v := ssaflow.FieldVar(x); v != nil {
			return v, -1
		}
	}
	return nil, 0
}

// importNeeds adds to each consumer built in the package, or imported from
// another package's function that builds it, the needs of the functions
// and fields of other packages it is handed to.
func (b *builder) importNeeds(m *Model, hs []handOver) {
	if len(m.Consumers) == 0 && len(m.Imported) == 0 {
		return
	}
	for _, h := range hs {
		b.addNeed(m, h.v, h.need, h.entry, h.at)
	}
}

// handOver is a value the package hands to a function or struct field of
// another package whose EntryFact says what it needs: a call argument
// (receiver excluded) or a store into the field (a composite literal or an
// assignment); at is where it is handed over.
type handOver struct {
	v     ssa.Value
	need  EntryNeed
	entry types.Object
	at    token.Pos
}

// handOvers returns the package's hand-overs, found in one walk that both
// exportNeeds and importNeeds use.
func (b *builder) handOvers(funcs []*ssa.Function) []handOver {
	var out []handOver
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					callee := ssaflow.Callee(in.Common())
					if callee == nil || callee.Pkg() == nil || callee.Pkg() == b.pass.Pkg {
						continue
					}
					var fact EntryFact
					if !b.pass.ImportObjectFact(callee, &fact) {
						continue
					}
					for _, n := range fact.Needs {
						if arg := ssaflow.Arg(in.Common(), n.Param); arg != nil {
							out = append(out, handOver{arg, n, callee, pos(arg, in.Pos())})
						}
					}
				case *ssa.Store:
					fa, ok := in.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					v := ssaflow.FieldVar(fa)
					if v == nil || v.Pkg() == nil || v.Pkg() == b.pass.Pkg {
						continue
					}
					var fact EntryFact
					if !b.pass.ImportObjectFact(v, &fact) {
						continue
					}
					for _, n := range fact.Needs {
						out = append(out, handOver{in.Val, n, v, pos(in.Val, in.Pos())})
					}
				}
			}
		}
	}
	return out
}

// addNeed adds need n of entry to the consumer v is, if any.
func (b *builder) addNeed(m *Model, v ssa.Value, n EntryNeed, entry types.Object, at token.Pos) {
	ref, ok := b.ix.CallByName(n.Func)
	if !ok {
		return
	}
	for _, k := range slices.Concat(m.Consumers, m.Imported) {
		if k.Client != ref.Client || !m.Is(k, v) {
			continue
		}
		k.Needs = append(k.Needs, &Need{CallRef: ref, At: at, Entry: entry, Via: n.Via})
	}
}

// pos returns v's position, or def when it has none.
func pos(v ssa.Value, def token.Pos) token.Pos {
	if v != nil && v.Pos().IsValid() {
		return v.Pos()
	}
	return def
}

// DisplayName names fn as its package's users write it: "svc.Consume",
// "svc.(*Service).Run"; a closure by the function it is in.
func DisplayName(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return fn.Name()
	}
	name := obj.Pkg().Name() + "."
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		ptr := ""
		if p, isPtr := t.(*types.Pointer); isPtr {
			t, ptr = p.Elem(), "*"
		}
		if n, isNamed := types.Unalias(t).(*types.Named); isNamed {
			if ptr != "" {
				return name + "(*" + n.Obj().Name() + ")." + obj.Name()
			}
			return name + n.Obj().Name() + "." + obj.Name()
		}
	}
	return name + obj.Name()
}

// WritesFact is the object fact of an exported function or method that
// writes positions of the records of the libraries named in Clients
// (clientmodel.Client's Name), itself or through what it reaches in its
// package (a goroutine it starts included): it commits, marks or stores
// on a client, or sends offsets in a transaction. A package handing
// records to it may have them written there (Model.ToWriters).
type WritesFact struct {
	Clients []string // sorted
	// Marked reports that every write it reaches commits what the
	// consumer's code marked or stored (franz-go's CommitMarkedOffsets):
	// none of records it keeps itself.
	Marked bool
}

func (*WritesFact) AFact() {}
func (f *WritesFact) String() string {
	if f.Marked {
		return "writes(" + strings.Join(f.Clients, " ") + ", marked)"
	}
	return "writes(" + strings.Join(f.Clients, " ") + ")"
}

// exportWrites exports the WritesFact of the package's exported
// functions and methods.
func (b *builder) exportWrites(m *Model, funcs []*ssa.Function) {
	writes := map[*ssa.Function]*clientmodel.Client{} // a function making a write, and whose
	unmarked := map[*ssa.Function]bool{}              // one making a write of other than marks
	for _, c := range m.Calls {
		switch c.Role {
		case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
			writes[c.Fn] = c.Client
			if c.Role != clientmodel.Commit || c.Scope != clientmodel.ScopeMarked {
				unmarked[c.Fn] = true
			}
		}
	}
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil || callee.Pkg() == nil {
					continue
				}
				if cl := b.ix.Client(callee.Pkg().Path()); cl != nil && slices.Contains(cl.Txn, callee.FullName()) {
					writes[fn], unmarked[fn] = cl, true
				}
			}
		}
	}
	if len(writes) == 0 {
		return
	}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		set := map[*ssa.Function]bool{}
		b.flow.Reach(fn, set)
		var names []string
		marked := true
		for f := range set {
			if cl := writes[f]; cl != nil && !slices.Contains(names, cl.Name) {
				names = append(names, cl.Name)
			}
			marked = marked && (writes[f] == nil || !unmarked[f])
		}
		if len(names) > 0 {
			sort.Strings(names)
			b.pass.ExportObjectFact(obj, &WritesFact{Clients: names, Marked: marked})
		}
	}
}

// toWriters returns the clients whose records a call of the package
// hands to a function of another package that writes positions of that
// library's records (its WritesFact) (Model.ToWriters), the consumers it
// hands to such a function (Model.HandedToWriters), and the calls
// (Model.Drives).
func (b *builder) toWriters(m *Model, funcs []*ssa.Function) (map[*clientmodel.Client]string, map[*Consumer]bool, []Drive) {
	marked := false // the callee of writers' last call commits marks only
	writers := func(callee *types.Func) map[*clientmodel.Client]bool {
		w := map[*clientmodel.Client]bool{}
		var wf WritesFact
		marked = false
		if b.pass.ImportObjectFact(callee.Origin(), &wf) {
			for _, cl := range clientmodel.Clients {
				if slices.Contains(wf.Clients, cl.Name) {
					w[cl] = true
				}
			}
			marked = wf.Marked
		}
		return w
	}
	out := map[*clientmodel.Client]string{}
	handed := map[*Consumer]bool{}
	var drives []Drive
	ks := append(slices.Clone(m.Consumers), m.Received...)
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil || callee.Pkg() == nil || callee.Pkg() == b.pass.Pkg || b.ix.IsClientPath(callee.Pkg().Path()) {
					continue
				}
				w := writers(callee)
				if len(w) == 0 {
					continue
				}
				for _, a := range ci.Common().Args {
					cl := b.ix.Record(a.Type())
					if s, ok := a.Type().Underlying().(*types.Slice); ok && cl == nil {
						cl = b.ix.Record(s.Elem()) // a batch
					}
					if cl != nil && w[cl] {
						if out[cl] == "" {
							out[cl] = ssaflow.ShortFunc(callee)
						}
						if !slices.ContainsFunc(drives, func(d Drive) bool { return d.Call == ci && d.Client == cl }) {
							drives = append(drives, Drive{Client: cl, Func: callee, Call: ci, Records: true})
						}
					}
					for _, k := range ks {
						if w[k.Client] && m.holds(k, a) {
							handed[k] = true
						}
					}
				}
				if !marked && (ssaflow.InLoop(blk) || slices.ContainsFunc(b.flow.Callers(fn), func(c ssa.CallInstruction) bool { return ssaflow.InLoop(c.Block()) })) {
					// Called in a loop (or by a helper the loop calls),
					// given no records: a wrapper committing what it keeps
					// (provider.CommitMessage(ctx) every N records the
					// loop applied through it); not one committing the
					// consumer's marks (review 45-1/D7).
					for _, cl := range clientmodel.Clients {
						if w[cl] && !slices.ContainsFunc(drives, func(d Drive) bool { return d.Call == ci && d.Client == cl }) {
							drives = append(drives, Drive{Client: cl, Func: callee, Call: ci})
						}
					}
				}
			}
		}
	}
	return out, handed, drives
}

// holds reports whether v is consumer k: built here (Is), or received
// through k's entry.
func (m *Model) holds(k *Consumer, v ssa.Value) bool {
	if k.Entry == "" {
		return m.Is(k, v)
	}
	return slices.ContainsFunc(m.Flow.Roots(v), func(r ssa.Value) bool {
		key, _ := EntryKey(r)
		return key == k.Entry
	})
}
