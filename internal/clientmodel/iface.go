package clientmodel

import (
	"go/types"
	"sync"
)

// standsForCache memoizes Index.standsFor, keyed by the interface; a nil
// value records that it stands for no client type.
var standsForCache sync.Map // *types.Interface → types.Type

// throughInterface returns the client method that a method of an
// application interface stands for (StandsFor), or nil: services hide a
// client behind an interface of their own for testing (a source with
// FetchMessage and CommitMessages) and call it only through that
// interface, and its calls do what the client's do.
func (ix *Index) throughInterface(fn *types.Func) *types.Func {
	if fn == nil || fn.Pkg() == nil || ix.paths[fn.Pkg().Path()] != nil {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	t := ix.StandsFor(sig.Recv().Type())
	if t == nil {
		return nil
	}
	m := method(t, fn.Name())
	if m == nil {
		return nil
	}
	if _, ok := ix.calls[m.FullName()]; !ok {
		return nil
	}
	return m
}

// StandsFor returns the client type (a named type of a client package, or
// a pointer to one) that the application interface t stands for, or nil.
// It answers only when the use is unambiguous:
//   - t is an interface declared outside the client packages, and no type
//     of its own package implements it (a wrapper that batches commits,
//     a mock: then its calls may do something else);
//   - exactly one type of the client packages its methods' signatures
//     mention implements it;
//   - and it has both a fetch and a position call of that type (commit,
//     mark or store), or a call doing both (kafka-go's ReadMessage): an
//     interface for the consumer's whole loop.
//
// A fix that adds a call of another of the type's methods on a value of
// the interface also adds the method to the interface (internal/report).
func (ix *Index) StandsFor(t types.Type) types.Type {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	iface, ok := named.Underlying().(*types.Interface)
	pkg := named.Obj().Pkg()
	if !ok || pkg == nil || ix.paths[pkg.Path()] != nil {
		return nil
	}
	if v, ok := standsForCache.Load(iface); ok {
		found, _ := v.(types.Type)
		return found
	}
	// The client types first: most interfaces mention no client package,
	// and their own package's scope need not be read then.
	found := ix.standsFor(iface)
	if found != nil && len(Implementations(pkg, iface)) > 0 {
		found = nil
	}
	standsForCache.Store(iface, found)
	return found
}

func (ix *Index) standsFor(iface *types.Interface) types.Type {
	var found types.Type
	for _, pkg := range ix.mentioned(iface) {
		scope := pkg.Scope()
		for _, n := range scope.Names() {
			tn, ok := scope.Lookup(n).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			ts := []types.Type{tn.Type()}
			if !types.IsInterface(tn.Type()) {
				ts = append(ts, types.NewPointer(tn.Type()))
			}
			for _, t := range ts {
				if !types.Implements(t, iface) || !ix.wholeLoop(t, iface) {
					continue
				}
				if found != nil {
					return nil // two client types fit: ambiguous
				}
				found = t
				break
			}
		}
	}
	return found
}

// Implementations returns the named types declared in pkg, other than
// interfaces, that implement iface: each type itself, or its pointer when
// only the pointer does.
func Implementations(pkg *types.Package, iface *types.Interface) []types.Type {
	var out []types.Type
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		switch {
		case types.Implements(tn.Type(), iface):
			out = append(out, tn.Type())
		case types.Implements(types.NewPointer(tn.Type()), iface):
			out = append(out, types.NewPointer(tn.Type()))
		}
	}
	return out
}

// wholeLoop reports whether iface has a fetch and a position call of t,
// or one call doing both.
func (ix *Index) wholeLoop(t types.Type, iface *types.Interface) bool {
	var fetch, position bool
	for i := range iface.NumMethods() {
		m := method(t, iface.Method(i).Name())
		if m == nil {
			continue
		}
		ref, ok := ix.calls[m.FullName()]
		if !ok {
			continue
		}
		switch ref.Role {
		case Fetch:
			fetch = true
		case FetchCommit:
			// A call that fetches and writes the position (kafka-go's
			// ReadMessage) is the whole loop by itself.
			fetch, position = true, true
		case Commit, Mark, Store:
			position = true
		}
	}
	return fetch && position
}

// method returns t's method named name, or nil.
func method(t types.Type, name string) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	m, _ := obj.(*types.Func)
	return m
}

// mentioned returns the client packages that the signatures of iface's
// methods refer to, each once.
func (ix *Index) mentioned(iface *types.Interface) []*types.Package {
	var out []*types.Package
	seen := map[*types.Package]bool{}
	var visit func(t types.Type)
	visit = func(t types.Type) {
		switch t := t.(type) {
		case *types.Named:
			if p := t.Obj().Pkg(); p != nil && !seen[p] && ix.paths[p.Path()] != nil {
				seen[p] = true
				out = append(out, p)
			}
		case *types.Pointer:
			visit(t.Elem())
		case *types.Slice:
			visit(t.Elem())
		case *types.Map:
			visit(t.Key())
			visit(t.Elem())
		case *types.Chan:
			visit(t.Elem())
		case *types.Alias:
			visit(types.Unalias(t))
		}
	}
	for i := range iface.NumMethods() {
		sig := iface.Method(i).Type().(*types.Signature)
		for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
			for j := range tup.Len() {
				visit(tup.At(j).Type())
			}
		}
	}
	return out
}
