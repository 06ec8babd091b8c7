package semantics

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// viaInterface returns the name of an interface of the application that
// the consumer is converted to and that declares a method named as one of
// the client's modelled calls whose calls are not modelled (an interface
// with ReadMessage alone: clientmodel models an interface's calls only
// when it has both a fetch and a position call of one client type), so
// what they do to the position is not known. "" if there is none.
func (g *gatherer) viaInterface() string {
	holds := func(v ssa.Value) bool {
		if g.c.Site != nil {
			return g.m.Is(g.c, v)
		}
		return false
	}
	for _, fn := range g.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				mi, ok := in.(*ssa.MakeInterface)
				if !ok || !holds(mi.X) {
					continue
				}
				if name := g.clientLike(mi.Type()); name != "" {
					return name
				}
			}
		}
	}
	return ""
}

// clientLike returns the name of t when it is an interface declared
// outside the client's packages with a method named as one of the
// client's modelled calls that does not stand for that call, else "".
func (g *gatherer) clientLike(t types.Type) string {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return ""
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && clientmodel.Default.IsClientPath(n.Obj().Pkg().Path()) {
		return ""
	}
	for i := range iface.NumMethods() {
		m := iface.Method(i)
		if _, ok := clientmodel.Default.Call(m); ok {
			continue // the interface stands for the client: its calls are modelled
		}
		for _, call := range g.c.Client.Calls {
			if clientmodel.BareName(call.Func) == m.Name() {
				return types.TypeString(t, types.RelativeTo(g.pass.Pkg))
			}
		}
	}
	return ""
}
