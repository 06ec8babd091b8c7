// Package handsoff finds the functions that only queue a value for work
// done later, for the analyzers that must not take a call of one for
// processing: a position written after it passes a record not yet
// processed (ordering), and a fix that places a commit or a store after
// it keeps the bug (autocommit).
//
// A function of this package or another that only queues a record for
// work done later (a service core's Enqueue sending the payload on a field
// channel drained by a worker pool, a pipeline's push) carries a Fact: a
// call of it with the record,
// or a value decoded from it, is a hand-off like a send, not processing.
// The fact is computed from the syntax of every package, Kafka or not (a
// core package need not import a client): the function's parameter is
// used only in the value sent on a channel (p, &p, p.ID, a struct literal
// of them, a conversion) or in a go statement (also in the function
// literal it starts: Fact.Started), or in a decode or encode call
// (json.Unmarshal(p.Value, &ev), ev, err := parse(p), b, err :=
// json.Marshal(p)) whose variable is used only so, and the
// function waits for nothing (no
// receive outside the select making the send, no Wait, Get, Await or
// Result call). An interface method declared in a package whose only
// implementation there carries the fact carries it too; and a call
// through an interface of the caller's package whose only implementation
// in the packages it imports carries it is one as well. Not a method
// whose queue's only receiver is a loop naming no variable (for range
// s.queue {}, discards): nothing processes what it queues.
package handsoff

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Analyzer exports the Facts of a package's functions; its Result looks
// them up for calls.
var Analyzer = &analysis.Analyzer{
	Name:       "handsoff",
	Doc:        "find the functions that only queue a value for work done later",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Fact), new(KeepsFact), new(SendHelper), new(SyncFact), new(RunsFact), new(DropsFact), new(LaterFact), new(SwallowsFact), new(DrainsFact), new(RecoversFact), new(OutcomeFact), new(ReturnsSyncFact), new(DispatchesFact)},
}

// Fact is the fact of a function that hands its parameters at Params
// (signature indices, receiver excluded) to a channel or a goroutine and
// returns. For a method of a named, non-generic type, Fix holds the edits
// making it process in place what it queues, or Why the reason a finding
// can name when there are none (queuefix.go).
type Fact struct {
	Params []int
	Fix    []edit.FileEdit
	Why    string
	// Pool reports that several workers take what the method queues
	// (their goroutine started in a loop, or by several go statements):
	// processing in place makes their work serial.
	Pool bool
	// Started reports that the parameters reach only the function
	// literal of a go statement (go func() { ... p ... }()), not a
	// queue: the analyses of the function's own package follow its
	// goroutine themselves (Call ignores such a fact there).
	Started bool
}

func (*Fact) AFact()           {}
func (f *Fact) String() string { return fmt.Sprintf("handsOff%v", f.Params) }

// Result looks up the Facts of the functions a package calls. It is
// shared by the analyzers of one package, which may run at once.
type Result struct {
	pass *analysis.Pass
	mu   sync.Mutex
	// impls memoises the implementations Call looks up.
	impls map[*types.Interface][]*types.Named
}

func run(pass *analysis.Pass) (any, error) {
	export(pass)
	return &Result{pass: pass}, nil
}

// Of returns the Fact of fn, a function of the package or of one it
// imports.
func (r *Result) Of(fn *types.Func) (*Fact, bool) {
	var f Fact
	if !r.pass.ImportObjectFact(fn, &f) || f.Started && fn.Pkg() == r.pass.Pkg {
		return nil, false // the package follows its own goroutines
	}
	return &f, true
}

// Own returns the Fact of fn, a function of the package, Started ones
// too: what a fix exported for other packages (ordering's queueingResult)
// makes of a method starting its goroutine (audit 40b/D2).
func (r *Result) Own(fn *types.Func) (*Fact, bool) {
	var f Fact
	if !r.pass.ImportObjectFact(fn, &f) {
		return nil, false
	}
	return &f, true
}

// implementations returns the implementations of iface, an interface of
// the package, among the package and those it imports (Call).
func (r *Result) implementations(iface *types.Interface) []*types.Named {
	r.mu.Lock()
	defer r.mu.Unlock()
	impls, seen := r.impls[iface]
	if !seen {
		impls = implementations(iface, append([]*types.Package{r.pass.Pkg}, r.pass.Pkg.Imports()...))
		if r.impls == nil {
			r.impls = map[*types.Interface][]*types.Named{}
		}
		r.impls[iface] = impls
	}
	return impls
}

// export exports the Fact of pass's package.
func export(pass *analysis.Pass) {
	facts := map[*types.Func]bool{}
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			exportSendHelper(pass, fn, fd)
			if !queuesOnly(pass.TypesInfo, fd.Body, decls) || discards(pass, fd) {
				continue
			}
			var f Fact
			i := 0
			for _, field := range fd.Type.Params.List {
				if len(field.Names) == 0 {
					i++
				}
				for _, n := range field.Names {
					obj := pass.TypesInfo.Defs[n]
					if obj == nil || !handsParamOff(pass.TypesInfo, fd.Body, obj, true) {
						i++
						continue
					}
					started := !handsParamOff(pass.TypesInfo, fd.Body, obj, false)
					if _, isFunc := obj.Type().Underlying().(*types.Signature); started && (isFunc || isContext(obj.Type())) {
						i++
						continue // a function run in a goroutine (a spawner's fact), or its context
					}
					f.Params = append(f.Params, i)
					f.Started = f.Started || started
					i++
				}
			}
			if len(f.Params) > 0 {
				if named := receiverNamed(fn); named != nil && named.TypeParams().Len() == 0 {
					f.Fix, f.Why, f.Pool = queueFix(pass, fd)
				}
				facts[fn] = true
				pass.ExportObjectFact(fn, &f)
			}
		}
	}
	exportKeeps(pass, decls)
	exportSync(pass, decls)
	exportRuns(pass, decls)
	exportDrops(pass, decls)
	exportLater(pass, decls)
	exportSwallows(pass, decls)
	exportReturnsSync(pass, decls) // (after the SwallowsFacts it names)
	exportDrains(pass, decls)
	exportRecovers(pass, decls)
	exportOutcomes(pass, decls)
	exportDispatches(pass, decls)
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
			if cm := MethodOf(impls[0], m.Name()); cm != nil && facts[cm] {
				var f Fact
				if pass.ImportObjectFact(cm, &f) {
					pass.ExportObjectFact(m, &f)
				}
			}
		}
	}
}

// Call returns the Fact of the function cc calls, of this package or
// another, and that function: its own, or, for a call through an
// interface of this package, that of the only implementation of the
// interface among the packages this one imports.
func (r *Result) Call(cc *ssa.CallCommon) (*Fact, *types.Func) {
	callee := ssaflow.Callee(cc)
	if callee == nil {
		return nil, nil
	}
	if f, ok := r.Of(callee); ok {
		return f, callee
	}
	if !cc.IsInvoke() {
		return nil, nil
	}
	return r.viaInterface(cc.Value.Type(), cc.Method.Name())
}

// Expr returns the Fact of the function call calls, of this package or
// another, and that function, as Call does for a call's syntax.
func (r *Result) Expr(call *ast.CallExpr) (*Fact, *types.Func) {
	fn, ok := typeutil.Callee(r.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil, nil
	}
	if f, ok := r.Of(fn); ok {
		return f, fn
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !types.IsInterface(r.pass.TypesInfo.TypeOf(sel.X)) {
		return nil, nil
	}
	return r.viaInterface(r.pass.TypesInfo.TypeOf(sel.X), fn.Name())
}

// viaInterface returns the Fact of method name of the only
// implementation, among the packages this one imports, of t, an
// interface of this package, and that method.
func (r *Result) viaInterface(t types.Type, name string) (*Fact, *types.Func) {
	iface, ok := t.Underlying().(*types.Interface)
	if named, isNamed := types.Unalias(t).(*types.Named); !ok || !isNamed || named.Obj().Pkg() != r.pass.Pkg {
		return nil, nil // not an interface of this package (error, another package's)
	}
	impls := r.implementations(iface)
	if len(impls) != 1 || impls[0].Obj().Pkg() == r.pass.Pkg {
		return nil, nil
	}
	if m := MethodOf(impls[0], name); m != nil {
		if f, ok := r.Of(m); ok {
			return f, m
		}
	}
	return nil, nil
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

// MethodOf returns the method name of t (or of *t).
func MethodOf(t *types.Named, name string) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, t.Obj().Pkg(), name)
	fn, _ := obj.(*types.Func)
	return fn
}

// queuesOnly reports whether body waits for nothing: no receive outside
// a select that also sends, no range over a channel, no call named Wait,
// Get, Await or Result.
func queuesOnly(info *types.Info, body *ast.BlockStmt, decls map[*types.Func]*ast.FuncDecl) bool {
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
		case *ast.CallExpr:
			// A channel given to a helper of the package that receives
			// from it (return waitErr(ctx, done), done the goroutine's
			// answer): a wait (review 40-2/D1, D2; not append, nor a
			// helper only keeping or passing it on: review 40-3/D1).
			callee, _ := typeutil.Callee(info, n).(*types.Func)
			if fd := decls[callee]; fd != nil {
				for i, a := range n.Args {
					if _, isChan := info.TypeOf(a).Underlying().(*types.Chan); isChan && receivesParam(info, fd, i) {
						ok = false
					}
				}
			}
		}
		if waits(info, n) {
			ok = false
		}
		return ok
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
// composite literal of such), or in a go statement (with lits, anywhere
// in the function literal one starts), and there is one.
func handsParamOff(info *types.Info, body *ast.BlockStmt, obj types.Object, lits bool) bool {
	return handsOff(info, body, obj, nil, lits)
}

// handsOff is handsParamOff for a variable obj, whose uses in the decode
// call that writes it (json.Unmarshal(p.Value, &ev)), if any, count as
// handed. A use of obj in a decode call (a function named as
// IsDecodeName says) writing a local variable through its address, or
// assigning it, counts as handed when that variable is handed off in
// turn: the event decoded from the message, then sent.
func handsOff(info *types.Info, body *ast.BlockStmt, obj types.Object, decode *ast.CallExpr, lits bool) bool {
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
		switch {
		case handedAt(info, stack, lits), laneKey(info, stack):
			handed++
		case decode != nil && slices.Contains(stack, ast.Node(decode)):
			handed++
		case decode == nil:
			if call, target := decodedInto(info, stack); target != nil && handsOff(info, body, target, call, lits) {
				handed++
			}
		}
		return true
	})
	return uses > 0 && uses == handed
}

// laneKey reports whether the identifier at the top of stack picks the
// channel a value is sent on: it is in the index of a map or slice of
// channels (l.lanes[m.TopicPartition.Partition], lanes[hash(m.Key)%n]:
// trial 43a/D6, a lane per partition).
func laneKey(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ParenExpr, *ast.SelectorExpr, *ast.BinaryExpr, *ast.CallExpr:
			continue
		case *ast.IndexExpr:
			if n.Index != stack[i+1] {
				return false
			}
			var elem types.Type
			switch t := info.TypeOf(n.X).Underlying().(type) {
			case *types.Map:
				elem = t.Elem()
			case *types.Slice:
				elem = t.Elem()
			case *types.Array:
				elem = t.Elem()
			default:
				return false
			}
			_, isChan := elem.Underlying().(*types.Chan)
			return isChan
		default:
			return false
		}
	}
	return false
}

// decodedInto returns, for the identifier at the top of stack used in an
// argument of a decode call (through fields, conversions, parentheses),
// that call and the local variable it decodes into: an argument &v, or
// the first variable its result is assigned to (v, err := decode(p)).
func decodedInto(info *types.Info, stack []ast.Node) (*ast.CallExpr, types.Object) {
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		switch n := stack[i].(type) {
		case *ast.ParenExpr, *ast.SelectorExpr:
			continue
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				continue // a conversion: []byte(p.Value)
			}
			fn, ok := typeutil.Callee(info, n).(*types.Func)
			if !copies(info, n) && (!ok || !IsDecodeName(fn.Name()) && !isEncodeName(fn.Name())) || n.Fun == child {
				return nil, nil
			}
			for _, a := range n.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && a != child {
					if v, ok := ast.Unparen(u.X).(*ast.Ident); ok {
						if obj, ok := info.Uses[v].(*types.Var); ok && !obj.IsField() {
							return n, obj
						}
					}
				}
			}
			if i > 0 {
				if as, ok := stack[i-1].(*ast.AssignStmt); ok && len(as.Rhs) == 1 && as.Rhs[0] == n {
					if v, ok := as.Lhs[0].(*ast.Ident); ok && v.Name != "_" {
						if obj, ok := info.ObjectOf(v).(*types.Var); ok {
							return n, obj
						}
					}
				}
			}
			return nil, nil
		default:
			return nil, nil
		}
	}
	return nil, nil
}

// copies reports whether call copies its argument: append to a nil or
// empty slice, or a Clone of package bytes, strings or slices (v :=
// append([]byte(nil), m.Value...), then go save(v): audit 40b/D2).
func copies(info *types.Info, call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, builtin := info.Uses[id].(*types.Builtin); builtin && id.Name == "append" && len(call.Args) == 2 && call.Ellipsis.IsValid() {
			return true
		}
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Name() != "Clone" {
		return false
	}
	switch fn.Pkg().Path() {
	case "bytes", "strings", "slices":
		return true
	}
	return false
}

// receivesParam reports whether fd's body receives, outside function
// literals, from its i-th parameter (a receive, a range, a select's case).
func receivesParam(info *types.Info, fd *ast.FuncDecl, i int) bool {
	var param types.Object
	k := 0
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			if k == i {
				param = info.Defs[n]
			}
			k++
		}
		if len(f.Names) == 0 {
			k++
		}
	}
	if param == nil {
		return false
	}
	is := func(e ast.Expr) bool { id, ok := ast.Unparen(e).(*ast.Ident); return ok && info.Uses[id] == param }
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			found = found || x.Op == token.ARROW && is(x.X)
		case *ast.RangeStmt:
			found = found || is(x.X)
		}
		return !found
	})
	return found
}

// isContext reports whether t is context.Context.
func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// handedAt reports whether the identifier at the top of stack is carried
// into a send's value, or is inside a go statement (with lits, in the
// function literal it starts).
func handedAt(info *types.Info, stack []ast.Node, lits bool) bool {
	for i := 2; lits && i < len(stack); i++ {
		// Anywhere in the function literal a go statement starts (go
		// func() { ... p ... }()): used by work done after the return
		// (audit 37b/D4).
		g, isGo := stack[i-2].(*ast.GoStmt)
		if lit, isLit := stack[i].(*ast.FuncLit); isGo && isLit && g.Call == stack[i-1] && g.Call.Fun == lit {
			return true
		}
	}
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		switch n := stack[i].(type) {
		case *ast.GoStmt:
			return true
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() && n.Fun != child {
				continue // a conversion: string(p) in the value sent
			}
			// An argument of the call a go statement makes: go
			// p.worker(task).
			g, isGo := stack[max(i-1, 0)].(*ast.GoStmt)
			return i > 0 && isGo && g.Call == n && n.Fun != child
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

// isErrorType reports whether t is the error interface.
func isErrorType(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// receiverNamed returns the named type of method fn's receiver, or nil.
func receiverNamed(fn *types.Func) *types.Named {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	named, _ := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
	return named
}

// IsDecodeName reports whether a function named name decodes what it is
// given (Unmarshal, Decode, Parse, Deserialize...): what it writes or
// returns is the record's content, and decoding is not the record's
// effect.
func IsDecodeName(name string) bool {
	for _, pre := range []string{"Unmarshal", "Decode", "Parse", "Deserialize"} {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	return false
}

// isEncodeName reports whether name is an encoder's (json.Marshal,
// proto.Marshal, an Encode method): what it makes of a value carries
// that value, as a decoded one does (audit 37a/D10: a status marshalled
// and sent to a producer goroutine was taken for processing).
func isEncodeName(name string) bool {
	return strings.HasPrefix(name, "Marshal") || strings.HasPrefix(name, "Encode")
}

// TakesChannel reports whether fn is given the channel it sends on (a
// send helper: safeSend(ctx, work, r)), whose sends are on the caller's own
// channel, not a queue of the function's.
func TakesChannel(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if _, ok := params.At(i).Type().Underlying().(*types.Chan); ok {
			return true
		}
	}
	return false
}
