package consumer

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Services often reach one client method through an interface of their
// own with only that method, a seam tests replace, and a helper that
// returns the client unless a test set a fake:
//
//	type offsetCommitter interface{ CommitMarkedOffsets(context.Context) error }
//	func (e *engine) committer() offsetCommitter {
//		if e.commitOps != nil {
//			return e.commitOps
//		}
//		return e.cl
//	}
//
// clientmodel.StandsFor does not cover such an interface (it has no
// fetch), and the package may declare no type implementing it. SeamCallee
// follows the value the method is called on instead.

// SeamCallee returns the function a call calls as the clients' model
// names it: ssaflow.Callee's, or, for a call of an application
// interface's method that the model does not know, the method of that
// name of a client type when the value it is called on may be a value of
// that type (its roots, ssaflow.Flow.Roots, include one) and the model
// knows that method: what the call does whenever it is given the client
// (a fake set by tests changes nothing in production). maybe names cl's
// modelled method of that name on its consumer type (its FullName) when
// the value's roots include a value the analysis cannot trace (of an
// interface type: a field set in another package, a parameter, another
// package's result) and none of a client type: the call may be that
// method; "" otherwise.
func SeamCallee(flow *ssaflow.Flow, cc *ssa.CallCommon, cl *clientmodel.Client) (fn *types.Func, maybe string) {
	fn = ssaflow.Callee(cc)
	ix := clientmodel.Default
	if !cc.IsInvoke() {
		return fn, ""
	}
	if _, ok := ix.Call(fn); ok {
		return fn, ""
	}
	untraced := false
	for _, r := range flow.Roots(cc.Value) {
		t := r.Type()
		if types.IsInterface(ssaflow.Deref(t)) {
			untraced = true
			continue
		}
		n, ok := types.Unalias(ssaflow.Deref(t)).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || ix.Client(n.Obj().Pkg().Path()) == nil {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, fn.Name())
		if m, ok := obj.(*types.Func); ok {
			if _, known := ix.Call(m); known {
				return m, ""
			}
		}
	}
	if untraced && cl != nil {
		full := "(" + cl.Consumer + ")." + fn.Name()
		for _, call := range cl.Calls {
			if call.Func == full {
				return fn, full
			}
		}
	}
	return fn, ""
}
