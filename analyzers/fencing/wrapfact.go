package fencing

import (
	"go/types"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// A commit wrapper another package calls (honestbank/kp: package consumer
// declares `type Consumer interface { …; Commit(*kafka.Message) error }`
// with one implementation, whose Commit returns CommitMessage's error;
// its middleware package calls `defer c.consumer.Commit(msg)`) drops the
// commit's error just as a call in the wrapper's own package does. The
// declaring package exports a wrapsCommit fact on each exported function
// or method that is a wrapper (wrapperOf), and on each exported method of
// an exported interface whose only implementation in the package is a
// wrapper; importers treat calls of them as calls of a wrapper.

// wrapsCommit is the fact of a function or method that returns the error
// of a plain commit on every path (wrapperOf), or of an interface method
// whose only implementation in its package does.
type wrapsCommit struct {
	// Commit is the FullName of the client call wrapped.
	Commit string
	// Err is the index of the wrapper's error result.
	Err int
	// Impl, for an interface method, is the implementing method
	// ("(*consumer).Commit"); empty otherwise.
	Impl string
}

func (*wrapsCommit) AFact() {}

func (f *wrapsCommit) String() string {
	s := "wrapsCommit(" + clientmodel.ShortName(f.Commit)
	if f.Impl != "" {
		s += " via " + f.Impl
	}
	return s + ")"
}

// exportWrappers exports a wrapsCommit fact for the package's exported
// wrappers and for the exported methods of its exported interfaces whose
// only implementation in the package is a wrapper. An interface with a
// second implementation (or none) in the package, an unexported or
// generic interface, and a wrapper whose commit is judged only with the
// package's own settings in doubt (wrapperOf) export nothing.
func (c *checker) exportWrappers() {
	c.commitWrapper(nil) // builds c.wrappers
	for fn, w := range c.wrappers {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, &wrapsCommit{Commit: w.ref.Func, Err: w.err})
		}
	}
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		iface, ok := named.Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := range iface.NumExplicitMethods() {
			m := iface.ExplicitMethod(i)
			if !m.Exported() {
				continue
			}
			if w := c.implWrapper(m); w != nil {
				c.pass.ExportObjectFact(m, &wrapsCommit{Commit: w.ref.Func, Err: w.err, Impl: w.impl})
			}
		}
	}
}

// implWrapper returns the commit wrapper that implements m, a method of
// an interface of the package, as the package's only implementation of
// the interface (its impl set); nil if there is none, or several
// implementations. It reads the wrappers commitWrapper has found so far.
func (c *checker) implWrapper(m *types.Func) *wrapper {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || m.Pkg() != c.pass.Pkg {
		return nil
	}
	named, ok := sig.Recv().Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return nil
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	fn, seen := c.implOf[m]
	if !seen {
		if ts := clientmodel.Implementations(c.pass.Pkg, iface); len(ts) == 1 {
			obj, _, _ := types.LookupFieldOrMethod(ts[0], true, c.pass.Pkg, m.Name())
			if f, ok := obj.(*types.Func); ok && f.Pkg() == c.pass.Pkg {
				fn = f
			}
		}
		if c.implOf == nil {
			c.implOf = map[*types.Func]*types.Func{}
		}
		c.implOf[m] = fn
	}
	if fn == nil || c.wrappers[fn] == nil {
		return nil
	}
	w := *c.wrappers[fn]
	w.impl = methodName(fn)
	return &w
}

// importedWrapper returns fn, a function or method of another package, as
// a commit wrapper if its package exported a wrapsCommit fact for it; nil
// otherwise, and for an interface method that a type of this package
// implements too. The wrapper has no inner call: its commit is in the
// other package.
func (c *checker) importedWrapper(fn *types.Func) *wrapper {
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	var f wrapsCommit
	if !c.pass.ImportObjectFact(fn, &f) {
		return nil
	}
	ref, ok := c.ix.ResultByName(f.Commit)
	sig, isSig := fn.Type().(*types.Signature)
	if !ok || !isSig || f.Err >= sig.Results().Len() || !isError(sig.Results().At(f.Err).Type()) {
		return nil
	}
	if f.Impl != "" {
		// An implementation of this package (a fake in its tests) may be
		// the one called.
		faked, seen := c.faked[fn]
		if !seen {
			iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
			faked = !ok || len(clientmodel.Implementations(c.pass.Pkg, iface)) > 0
			if c.faked == nil {
				c.faked = map[*types.Func]bool{}
			}
			c.faked[fn] = faked
		}
		if faked {
			return nil
		}
	}
	return &wrapper{ref: ref, err: f.Err, impl: f.Impl}
}

// methodName spells a method as its receiver type and name, unqualified:
// "(*consumer).Commit", "consumer.Commit".
func methodName(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	recv := types.TypeString(t, func(*types.Package) string { return "" })
	if ptr {
		return "(*" + recv + ")." + fn.Name()
	}
	return recv + "." + fn.Name()
}
