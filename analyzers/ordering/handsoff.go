package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A function of another package that only queues a record for work done
// later (a service core's Enqueue sending the payload on a field channel
// drained by a worker pool) carries a handsOff fact: a call of it with
// the record, or a value decoded from it, is a hand-off like a send,
// not processing. The fact is computed from the syntax of every package,
// Kafka or not (a core package need not import a client): the function's
// parameter is used only in the value sent on a channel (p, &p, p.ID, a
// struct literal of them) or in a go statement, and the function waits
// for nothing (no receive outside the select making the send, no Wait,
// Get, Await or Result call). An interface method declared in a package
// whose only implementation there carries the fact carries it too; and a
// call through an interface of the caller's package whose only
// implementation in the packages it imports carries it is one as well.
// Not a method whose queue's only receiver is a loop naming no variable
// (for range s.queue {}, discards): nothing processes what it queues.

// handsOff is the fact of a function that hands its parameters at Params
// (signature indices, receiver excluded) to a channel or a goroutine and
// returns.
type handsOff struct {
	Params []int
}

func (*handsOff) AFact()           {}
func (f *handsOff) String() string { return fmt.Sprintf("handsOff%v", f.Params) }

// exportHandsOff exports the handsOff facts of pass's package.
func exportHandsOff(pass *analysis.Pass) {
	facts := map[*types.Func]bool{}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || !queuesOnly(pass.TypesInfo, fd.Body) || discards(pass, fd) {
				continue
			}
			var f handsOff
			i := 0
			for _, field := range fd.Type.Params.List {
				if len(field.Names) == 0 {
					i++
				}
				for _, n := range field.Names {
					if obj := pass.TypesInfo.Defs[n]; obj != nil && handsParamOff(pass.TypesInfo, fd.Body, obj) {
						f.Params = append(f.Params, i)
					}
					i++
				}
			}
			if len(f.Params) > 0 {
				facts[fn] = true
				pass.ExportObjectFact(fn, &f)
			}
		}
	}
	if len(facts) == 0 {
		return
	}
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		impls := implementations(iface, []*types.Package{pass.Pkg})
		if len(impls) != 1 {
			continue
		}
		for j := 0; j < iface.NumMethods(); j++ {
			m := iface.Method(j)
			if m.Pkg() != pass.Pkg {
				continue
			}
			if cm := methodOf(impls[0], m.Name()); cm != nil && facts[cm] {
				var f handsOff
				if pass.ImportObjectFact(cm, &f) {
					pass.ExportObjectFact(m, &f)
				}
			}
		}
	}
}

// implementations returns the named, non-interface, non-generic types of
// pkgs whose values or pointers implement iface.
func implementations(iface *types.Interface, pkgs []*types.Package) []*types.Named {
	var out []*types.Named
	if iface.NumMethods() == 0 {
		return nil
	}
	for _, pkg := range pkgs {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			if _, isIface := named.Underlying().(*types.Interface); isIface {
				continue
			}
			if types.Implements(named, iface) || types.Implements(types.NewPointer(named), iface) {
				out = append(out, named)
			}
		}
	}
	return out
}

// methodOf returns the method name of t (or of *t).
func methodOf(t *types.Named, name string) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, t.Obj().Pkg(), name)
	fn, _ := obj.(*types.Func)
	return fn
}

// queuesOnly reports whether body waits for nothing: no receive outside
// a select that also sends, no range over a channel, no call named Wait,
// Get, Await or Result.
func queuesOnly(info *types.Info, body *ast.BlockStmt) bool {
	ok, sends := true, false
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // runs elsewhere (a goroutine) or not at all here
		case *ast.GoStmt:
			sends = true
			return false
		case *ast.SendStmt:
			sends = true
		case *ast.SelectStmt:
			// A select making the send may also give up on a context
			// (case <-ctx.Done()): only its clauses' bodies must not wait.
			hasSend := false
			for _, cl := range n.Body.List {
				if _, isSend := cl.(*ast.CommClause).Comm.(*ast.SendStmt); isSend {
					hasSend, sends = true, true
				}
			}
			if !hasSend {
				ok = false
				return false
			}
			for _, cl := range n.Body.List {
				for _, s := range cl.(*ast.CommClause).Body {
					ast.Inspect(s, func(m ast.Node) bool {
						if waits(info, m) {
							ok = false
						}
						return ok
					})
				}
			}
			return false
		}
		if waits(info, n) {
			ok = false
		}
		return true
	})
	return ok && sends
}

// waits reports whether n is a receive, a range over a channel or a call
// named like a wait for a result.
func waits(info *types.Info, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		return n.Op == token.ARROW
	case *ast.RangeStmt:
		if tv, ok := info.Types[n.X]; ok {
			_, isChan := tv.Type.Underlying().(*types.Chan)
			return isChan
		}
	case *ast.CallExpr:
		var name string
		switch f := ast.Unparen(n.Fun).(type) {
		case *ast.SelectorExpr:
			name = f.Sel.Name
		case *ast.Ident:
			name = f.Name
		}
		switch name {
		case "Wait", "Get", "Await", "Result":
			return true
		}
	}
	return false
}

// handsParamOff reports whether every use of the parameter obj in body
// is in a value sent on a channel, carrying it (p, &p, *p, p.ID, a
// composite literal of such), or in a go statement, and there is one.
func handsParamOff(info *types.Info, body *ast.BlockStmt, obj types.Object) bool {
	uses, handed := 0, 0
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] != obj {
			return true
		}
		uses++
		if handedAt(stack) {
			handed++
		}
		return true
	})
	return uses > 0 && uses == handed
}

// handedAt reports whether the identifier at the top of stack is carried
// into a send's value, or is inside a go statement.
func handedAt(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		switch n := stack[i].(type) {
		case *ast.GoStmt:
			return true
		case *ast.SendStmt:
			return n.Value == child
		case *ast.ParenExpr, *ast.StarExpr, *ast.CompositeLit:
		case *ast.UnaryExpr:
			if n.Op != token.AND {
				return false
			}
		case *ast.SelectorExpr:
			if n.X != child {
				return false
			}
		case *ast.KeyValueExpr:
			if n.Value != child {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// handsOffCall returns the handsOff fact of the function cc calls in
// another package, and that function: its own, or, for a call through an
// interface of this package, that of the only implementation of the
// interface among the packages this one imports.
func (c *checker) handsOffCall(cc *ssa.CallCommon) (*handsOff, *types.Func) {
	callee := ssaflow.Callee(cc)
	if callee == nil {
		return nil, nil
	}
	var f handsOff
	if callee.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(callee, &f) {
		return &f, callee
	}
	if !cc.IsInvoke() {
		return nil, nil
	}
	iface, ok := cc.Value.Type().Underlying().(*types.Interface)
	if named, isNamed := types.Unalias(cc.Value.Type()).(*types.Named); !ok || !isNamed || named.Obj().Pkg() != c.pass.Pkg {
		return nil, nil // not an interface of this package (error, another package's)
	}
	impls, seen := c.impls[iface]
	if !seen {
		impls = implementations(iface, append([]*types.Package{c.pass.Pkg}, c.pass.Pkg.Imports()...))
		if c.impls == nil {
			c.impls = map[*types.Interface][]*types.Named{}
		}
		c.impls[iface] = impls
	}
	if len(impls) != 1 || impls[0].Obj().Pkg() == c.pass.Pkg {
		return nil, nil
	}
	if m := methodOf(impls[0], cc.Method.Name()); m != nil && c.pass.ImportObjectFact(m, &f) {
		return &f, m
	}
	return nil, nil
}

// handsOffArgs reports whether cc hands on every argument at the indices
// hits (into the receiver-first argument list processes_ builds).
func (c *checker) handsOffArgs(cc *ssa.CallCommon, hits []int) bool {
	f, _ := c.handsOffCall(cc)
	if f == nil {
		return false
	}
	recv := 0
	if cc.IsInvoke() || cc.Signature().Recv() != nil {
		recv = 1
	} else if callee := ssaflow.Callee(cc); callee != nil {
		if sig, ok := callee.Type().(*types.Signature); ok && sig.Recv() != nil {
			recv = 1
		}
	}
	for _, h := range hits {
		found := false
		for _, p := range f.Params {
			if h-recv == p {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// handlerParam returns the parameter of its function that cc calls (a
// handler passed in: handler(ctx, msg.Value)), and its index, or nil.
func handlerParam(cc *ssa.CallCommon) (*ssa.Parameter, int) {
	prm, ok := cc.Value.(*ssa.Parameter)
	if !ok || cc.IsInvoke() {
		return nil, -1
	}
	for i, p := range prm.Parent().Params {
		if p == prm {
			return prm, i
		}
	}
	return nil, -1
}

// handlerHandsOff reports whether cc calls a function-valued parameter
// of its function for whose argument arg every function passed in the
// package only queues the value (handlesOn): the function is only
// called, never used as a value, and every call passes a function
// literal or a function for the parameter.
func (c *checker) handlerHandsOff(cc *ssa.CallCommon, args []int) bool {
	prm, k := handlerParam(cc)
	if prm == nil || len(args) == 0 {
		return false
	}
	key := handlerKey{prm, fmt.Sprint(args)}
	if v, ok := c.handlers[key]; ok {
		return v
	}
	c.handlers[key] = false // inside cycles
	values, ok := c.handlerValues(prm, k)
	if !ok || len(values) == 0 {
		return false
	}
	for _, v := range values {
		if !c.handsOn(v, args) {
			return false
		}
	}
	c.handlers[key] = true
	return true
}

// handlerValues returns the functions passed in the package for
// parameter prm (index k) of its function, with ok false when the
// function is used other than by calls or another value is passed for
// prm.
func (c *checker) handlerValues(prm *ssa.Parameter, k int) ([]*ssa.Function, bool) {
	fn := prm.Parent()
	var values []*ssa.Function
	for _, caller := range c.m.SSA.SrcFuncs {
		for _, b := range caller.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && ci.Common().Value == ssa.Value(fn) {
					args := ci.Common().Args
					if k >= len(args) {
						return nil, false
					}
					switch v := args[k].(type) {
					case *ssa.MakeClosure:
						values = append(values, v.Fn.(*ssa.Function))
					case *ssa.Function:
						values = append(values, v)
					default:
						return nil, false
					}
					for _, a := range args {
						if a == ssa.Value(fn) {
							return nil, false
						}
					}
					continue
				}
				// fn used as a value (a method value, a field, an
				// interface's method): other handlers may reach it.
				for _, r := range instr.Operands(nil) {
					if r == nil || *r == nil {
						continue
					}
					if *r == ssa.Value(fn) {
						return nil, false
					}
					if mc, ok := (*r).(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
						return nil, false
					}
				}
			}
		}
	}
	return values, true
}

// handlerKey memoises handlerHandsOff.
type handlerKey struct {
	prm  *ssa.Parameter
	args string
}

// handsOn reports whether fn only queues its parameters at args (the
// record, and values made from it such as a context carrying its fields):
// it sends one of them (or a struct built from it) on a channel, starts a
// goroutine with it or calls a function of another package that only
// queues it, processes none of them in another way, and waits for
// nothing.
func (c *checker) handsOn(fn *ssa.Function, args []int) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	for _, i := range args {
		if i >= len(fn.Params) {
			return false
		}
	}
	handed := false
	carried := map[ssa.Value]bool{}
	for _, i := range args {
		ok, h := c.handsOnParam(fn, fn.Params[i])
		if !ok {
			return false
		}
		handed = handed || h
		for v := range c.carriedValues(fn.Params[i]) {
			carried[v] = true
		}
	}
	// It waits for nothing but the send: a select making it may also
	// give up on a context (case <-ctx.Done()).
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if sel, ok := instr.(*ssa.Select); ok && sendsCarried(sel, carried) {
				continue
			}
			if isWait(instr) {
				return false
			}
		}
	}
	return handed
}

// handsOnParam reports whether fn processes o in no way but a send or a
// goroutine (or another package's queueing call) (ok), and whether it
// hands o on.
func (c *checker) handsOnParam(fn *ssa.Function, o ssa.Value) (ok, handed bool) {
	for _, s := range c.processingSites(fn, o) {
		if _, goes := s.(*ssa.Go); !goes {
			return false, false
		}
		handed = true
	}
	carried := c.carriedValues(o)
	tainted := c.taint(o)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Send:
				if carried[in.X] {
					handed = true
				}
			case *ssa.Select:
				for _, st := range in.States {
					if st.Dir == types.SendOnly && carried[st.Send] {
						handed = true
					}
				}
			case *ssa.Call:
				if f, _ := c.handsOffCall(in.Common()); f != nil {
					for _, j := range f.Params {
						if a := ssaflow.Arg(in.Common(), j); a != nil && tainted[a] {
							handed = true
						}
					}
				}
			}
		}
	}
	return true, handed
}

// sendsCarried reports whether sel has a case sending a carried value.
func sendsCarried(sel *ssa.Select, carried map[ssa.Value]bool) bool {
	for _, st := range sel.States {
		if st.Dir == types.SendOnly && carried[st.Send] {
			return true
		}
	}
	return false
}

// commitsAfterHandler is the fact of an exported function that calls its
// function-valued parameter Param with the record (argument Arg of that
// call) and then writes the record's position through the client call
// Func, with no wait between and no other processing of the record: a
// wrapper's ConsumeEvents(ctx, handler) committing each message as soon
// as the handler returns.
type commitsAfterHandler struct {
	Param int
	Args  []int
	Func  string
}

func (*commitsAfterHandler) AFact() {}
func (f *commitsAfterHandler) String() string {
	return fmt.Sprintf("commitsAfterHandler(%d, %v, %s)", f.Param, f.Args, clientmodel.ShortName(f.Func))
}

// exportHandlerFact exports the commitsAfterHandler fact of p's function
// when it calls a handler parameter with p's record before p.
func (c *checker) exportHandlerFact(p *position) {
	obj, ok := p.fn.Object().(*types.Func)
	if !ok || p.fn.Parent() != nil || !obj.Exported() || p.client.Call == nil || p.arg == nil || p.helper || p.closure != nil {
		return
	}
	skip := 0
	if p.fn.Signature.Recv() != nil {
		skip = 1
	}
	for _, o := range c.origins(p) {
		var def ssa.Instruction
		if d, ok := o.(ssa.Instruction); ok && d.Parent() == p.fn {
			def = d
		}
		tainted := c.taint(o)
		var found *commitsAfterHandler
		for _, s := range c.processingSites(p.fn, o) {
			call, ok := s.(*ssa.Call)
			if !ok {
				return
			}
			if fn := ssaflow.Callee(call.Common()); fn != nil && isDecodeName(fn.Name()) {
				continue
			}
			prm, k := handlerParam(call.Common())
			if prm == nil || k < skip || found != nil || !ssaflow.Dominates(call, p.instr) ||
				!reachesStopping(call, p.instr, func(x ssa.Instruction) bool { return x == def || isWait(x) }) {
				if reachesStopping(s, p.instr, func(x ssa.Instruction) bool { return x == def }) {
					return // processed in the wrapper too
				}
				continue
			}
			f := &commitsAfterHandler{Param: k - skip, Func: p.client.Func}
			for j, a := range call.Common().Args {
				if tainted[a] {
					f.Args = append(f.Args, j)
				}
			}
			if len(f.Args) > 0 {
				found = f
			}
		}
		if found != nil {
			c.pass.ExportObjectFact(obj, found)
			return
		}
	}
}

// checkImportedHandlers reports the calls of another package's wrappers
// carrying a commitsAfterHandler fact that pass them a function that
// only queues the record: the wrapper commits it when that returns.
func (c *checker) checkImportedHandlers() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(call.Common())
				var f commitsAfterHandler
				if callee == nil || callee.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(callee, &f) {
					continue
				}
				var h *ssa.Function
				switch v := ssaflow.Arg(call.Common(), f.Param).(type) {
				case *ssa.MakeClosure:
					h = v.Fn.(*ssa.Function)
				case *ssa.Function:
					h = v
				}
				if h == nil || !c.handsOn(h, f.Args) {
					continue
				}
				ref, _ := clientmodel.Default.CallByName(f.Func)
				noun := "record"
				if ref.Client != nil {
					noun = ref.Client.RecordNoun
				}
				commit := clientmodel.ShortName(f.Func)
				msg := fmt.Sprintf("call to %s with a handler that only queues the %s: %s writes its position (%s) as soon as the handler returns, with no wait for its processing, so a crash before the %s is processed loses it (at-most-once)",
					callee.Name(), noun, callee.Name(), commit, noun)
				var fixes []analysis.SuggestedFix
				if fix, ok := c.handlerFix([]*ssa.Function{h}, f.Args, noun); ok {
					fixes = append(fixes, fix)
				} else {
					msg += fmt.Sprintf("; no automatic fix: the position call is in package %s, which a fix made here cannot edit, and the workers receiving the %s cannot be found or their loop run in the handler; process the %s in the handler before it returns, or have the worker that processes it write its position",
						callee.Pkg().Path(), noun, noun)
				}
				report.Report(c.pass, analysis.Diagnostic{
					Pos:            call.Pos(),
					Category:       CategoryCommitBefore,
					Message:        msg,
					Related:        []analysis.RelatedInformation{{Pos: h.Pos(), Message: "handler that only sends the " + noun + " on a channel or to a goroutine"}},
					SuggestedFixes: fixes,
				})
			}
		}
	}
}
