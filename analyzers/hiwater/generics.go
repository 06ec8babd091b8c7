package hiwater

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- generic types and functions ----

// roots is the flow's Roots of v, where a root left unresolved is a field
// of an instance of a generic type (k.ch of a *Consumer[M]): resolved
// through the stores of every instance of that field in the package. Each
// generic function or method declares type parameters of its own, so New[M]
// storing &Consumer[M]{ch: make(...)} and a method of *Consumer[M] ranging
// over k.ch address two instances of the field, which the flow's index of
// field stores (by field object) keeps apart. The values of one field of a
// generic type are shared by all its instances, as those of a field of a
// plain type are.
func (c *checker) roots(v ssa.Value) []ssa.Value {
	if r, ok := c.rootsMemo[v]; ok {
		return r
	}
	c.rootsMemo[v] = nil // cycle guard
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	for _, r := range c.m.Flow.Roots(v) {
		for _, x := range c.instanceFieldRoots(r) {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	c.rootsMemo[v] = out
	return out
}

// instanceFieldRoots returns the roots of what the package stores in the
// field r addresses, when r is a field of an instance of a generic type;
// else r.
func (c *checker) instanceFieldRoots(r ssa.Value) []ssa.Value {
	fa, ok := r.(*ssa.FieldAddr)
	if !ok {
		return []ssa.Value{r}
	}
	fv := ssaflow.FieldVar(fa)
	if fv == nil || fv.Origin() == fv {
		return []ssa.Value{r}
	}
	stores := c.instanceFieldStores()[fv.Origin()]
	if len(stores) == 0 {
		return []ssa.Value{r}
	}
	var out []ssa.Value
	for _, st := range stores {
		out = append(out, c.roots(st.Val)...)
	}
	return out
}

// instanceFieldStores indexes the package's stores to fields of instances
// of generic types by the generic field.
func (c *checker) instanceFieldStores() map[*types.Var][]*ssa.Store {
	if c.genericStores != nil {
		return c.genericStores
	}
	c.genericStores = map[*types.Var][]*ssa.Store{}
	for _, fn := range c.m.Flow.Funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				if fv := ssaflow.FieldVar(fa); fv != nil && fv.Origin() != fv {
					c.genericStores[fv.Origin()] = append(c.genericStores[fv.Origin()], st)
				}
			}
		}
	}
	return c.genericStores
}

// sameField reports whether two fields are one: the same field, or
// instances of one field of a generic type.
func sameField(a, b *types.Var) bool {
	return a != nil && b != nil && a.Origin() == b.Origin()
}
