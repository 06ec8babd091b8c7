package semantics

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// viaInterface returns the name of an interface of the application that
// the consumer (or a session its handler is given) is converted to and
// that declares a method named as one of
// the client's modelled calls whose calls are not modelled (an interface
// with ReadMessage alone: clientmodel models an interface's calls only
// when it has both a fetch and a position call of one client type), so
// what they do to the position is not known. "" if there is none.
func (g *gatherer) viaInterface() string {
	holds := func(v ssa.Value) bool {
		if g.c.Site != nil && g.m.Is(g.c, v) {
			return true
		}
		// A session a handler method of the consumer is given (sarama's
		// Setup storing it in a field of an interface of its own).
		p, ok := v.(*ssa.Parameter)
		return ok && slices.ContainsFunc(g.c.Handlers, func(h *consumer.Handler) bool {
			recv := p.Parent().Signature.Recv()
			return recv != nil && types.Identical(ssaflow.Deref(recv.Type()), ssaflow.Deref(h.Type))
		})
	}
	for _, fn := range g.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				var x ssa.Value
				switch c := in.(type) {
				case *ssa.MakeInterface:
					x = c.X
				case *ssa.ChangeInterface:
					x = c.X
				default:
					continue
				}
				if !holds(x) {
					continue
				}
				if name := g.clientLike(in.(ssa.Value).Type()); name != "" {
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
		if slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool {
			cc := c.Instr.Common()
			return cc.IsInvoke() && cc.Method == m
		}) {
			continue // its calls hold only the client's values: modelled (consumer.behindInterface)
		}
		for _, call := range g.c.Client.Calls {
			if clientmodel.BareName(call.Func) == m.Name() {
				return types.TypeString(t, types.RelativeTo(g.pass.Pkg))
			}
		}
	}
	return ""
}
