package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A hand-off through a port of hexagonal code: the consumer package
// calls a method of an interface value it is given (an adapter, a port
// of the service core) with the record or a value decoded from it, then
// writes the record's position; the implementation lives in a package
// the consumer does not import, and its method only queues the value for
// a worker pool (a handsOff fact). Facts flow only to importers, so the
// finding is made where both meet: the package wiring the consumer to
// the implementation (main, cmd).
//
// The consumer package exports a handsToPort fact on each exported
// function (a constructor, or the function running the loop) whose
// parameter is the interface value, or is stored in the unexported
// field of a struct whose method makes the call, when every store to
// that field stores a parameter of such a function. The wiring package
// reports a call of that function passing, for that parameter, a value
// of a concrete type whose method carries handsOff for every argument
// that carries the record. Such a fact is not exported when the consumer
// package already sees the implementation (handsoff.Result.Call reports the
// position call there), and no call is reported from a test file or for
// an implementation of a test-like package (a fake recording calls on a
// channel). The value passed may also be the result of a constructor
// of the core declared to return the interface (func New(n int)
// ports.Adapter { return &service{...} }): such a constructor, whose
// every return statement returns a value of one concrete type of its
// package with methods carrying handsOff, carries a queueingResult fact
// naming them.

// handsToPort is the fact of an exported function whose parameters carry
// interface values a method of which the package calls with a record
// before writing its position (portUse).
type handsToPort struct {
	Uses []portUse
}

// portUse is a method call through an interface parameter Param
// (signature index, receiver excluded) of a function: its method Method
// is called with the record at its arguments Args (receiver excluded),
// and the client call Func, made in In (Type.Method or a function name of
// the function's package), writes the record's position as soon as it
// returns. Commit is set when that call is a mark committed by the
// explicit commit Commit, which does not wait either. At is where the
// call is, for a front end that loaded the file (the standalone one).
type portUse struct {
	Param  int
	Method string
	Args   []int
	Func   string
	In     string
	Commit string
	At     fileOffset
}

// fileOffset is a position by file name and byte offset, so that it can
// cross packages in a fact; Size is the file's, to tell the file from the
// stand-in a front end makes for a package it reads from export data
// (go vet), whose lines only are known.
type fileOffset struct {
	File         string
	Size, Offset int
}

// offsetOf returns pos, a position of pass's files, as a fileOffset.
func offsetOf(pass *analysis.Pass, pos token.Pos) fileOffset {
	if tf := pass.Fset.File(pos); tf != nil {
		return fileOffset{File: tf.Name(), Size: tf.Size(), Offset: tf.Offset(pos)}
	}
	return fileOffset{}
}

func (*handsToPort) AFact() {}
func (f *handsToPort) String() string {
	var parts []string
	for _, u := range f.Uses {
		parts = append(parts, fmt.Sprintf("%d.%s%v %s", u.Param, u.Method, u.Args, clientmodel.ShortName(u.Func)))
	}
	return "handsToPort(" + strings.Join(parts, ", ") + ")"
}

// queueingResult is the fact of an exported function whose only result
// is an interface, every return statement of which returns a value of
// one concrete type of the package (or nil), and Methods are the methods
// of that type carrying handsOff. It is also the fact of a named type
// some of whose methods carrying handsOff can process their argument in
// place, or cannot for a reason a finding names (xportfix.go): Methods
// are those.
type queueingResult struct {
	Type    string
	Methods []queueingMethod
}

// queueingMethod is a method carrying handsOff for its parameters at
// Params, and where it is declared; Fix, when set, are the edits making
// it process them in place (queueFix), and Why, when set, says why no
// edits can (its workers' select works on another case too).
type queueingMethod struct {
	Name   string
	Params []int
	At     fileOffset
	Fix    []edit.FileEdit
	Why    string
}

func (*queueingResult) AFact() {}
func (f *queueingResult) String() string {
	var parts []string
	for _, m := range f.Methods {
		parts = append(parts, fmt.Sprintf("%s%v", m.Name, m.Params))
	}
	return "queueingResult(" + f.Type + ": " + strings.Join(parts, ", ") + ")"
}

// exportQueueingResults exports the queueingResult facts of pass's
// package (after exportHandsOff).
func exportQueueingResults(pass *analysis.Pass, ho *handsoff.Result) {
	queued := exportQueueFixes(pass, ho)
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.Results().Len() != 1 || !types.IsInterface(sig.Results().At(0).Type()) || sig.TypeParams().Len() > 0 {
				continue
			}
			t := returnedType(pass.TypesInfo, fd.Body)
			if t == nil {
				continue
			}
			named, _ := types.Unalias(ssaflow.Deref(t)).(*types.Named)
			if named == nil || named.Obj().Pkg() != pass.Pkg {
				continue
			}
			f := queueingResult{Type: types.TypeString(t, (*types.Package).Name)}
			ms := types.NewMethodSet(t)
			for i := 0; i < ms.Len(); i++ {
				m, ok := ms.At(i).Obj().(*types.Func)
				if !ok || m.Pkg() != pass.Pkg {
					continue
				}
				h, ok := ho.Of(m)
				if !ok {
					continue
				}
				qm, ok := queued[m]
				if !ok {
					qm = newQueueingMethod(pass, m, h)
				}
				f.Methods = append(f.Methods, qm)
			}
			if len(f.Methods) > 0 {
				pass.ExportObjectFact(fn, &f)
			}
		}
	}
}

// returnedType returns the one concrete type every return statement of
// body (outside function literals) returns a value of, nil aside, or
// nil.
func returnedType(info *types.Info, body *ast.BlockStmt) types.Type {
	var t types.Type
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			tv, found := info.Types[n.Results[0]]
			if !found || tv.IsNil() {
				return ok
			}
			if types.IsInterface(tv.Type) || t != nil && !types.Identical(t, tv.Type) {
				ok = false
				return false
			}
			t = tv.Type
		}
		return ok
	})
	if !ok {
		return nil
	}
	return t
}

// exportPortFact exports the handsToPort facts of p: the record it
// writes is passed, before it and with no wait between, to a method of an
// interface value a caller of another package gives the package, and
// processed in no other way on a path through that call.
func (c *checker) exportPortFact(p *position) {
	if p.client.Call == nil || p.arg == nil || p.helper || p.closure != nil || p.row != nil || p.marked || !invokes(p.fn) {
		return
	}
	for _, o := range c.origins(p) {
		var def ssa.Instruction
		if d, ok := o.(ssa.Instruction); ok && d.Parent() == p.fn {
			def = d
		}
		notDef := func(x ssa.Instruction) bool { return x == def }
		sites := c.processingSites(p.fn, o)
		if !slices.ContainsFunc(sites, func(s ssa.Instruction) bool {
			ci, ok := s.(*ssa.Call)
			return ok && ci.Common().IsInvoke()
		}) {
			continue
		}
		tainted := c.taint(o)
		var call *ssa.Call
		var args []int
		for _, s := range sites {
			ci, ok := s.(*ssa.Call)
			if !ok || !ci.Common().IsInvoke() {
				continue
			}
			var a []int
			for j, v := range ci.Common().Args {
				if tainted[v] {
					a = append(a, j)
				}
			}
			if len(a) == 0 || !ssaflow.ReachesStopping(ci, p.instr, func(x ssa.Instruction) bool { return x == def || ssaflow.IsWait(x) }) {
				continue
			}
			if call != nil {
				return // two calls: one may process the record
			}
			call, args = ci, a
		}
		if call == nil {
			continue
		}
		for _, s := range sites {
			if s == ssa.Instruction(call) {
				continue
			}
			if ci, ok := s.(*ssa.Call); ok {
				if fn := ssaflow.Callee(ci.Common()); fn != nil && handsoff.IsDecodeName(fn.Name()) {
					continue // decoding the value passed is not its effect
				}
			}
			if ssaflow.ReachesStopping(s, call, notDef) || ssaflow.ReachesStopping(call, s, notDef) {
				return // processed in place too: the port may be a side channel
			}
		}
		if f, _ := c.ho.Call(call.Common()); f != nil {
			return // the implementation is in sight: reported here
		}
		var commit string
		if p.committedBy != nil {
			commit = p.committedBy.Func
		}
		use := portUse{Method: call.Common().Method.Name(), Args: args, Func: p.client.Func, In: enclosingName(p.fn), Commit: commit}
		use.At = offsetOf(c.pass, p.instr.Pos())
		for fn, i := range c.portParams(call.Common().Value) {
			u := use
			u.Param = i
			var f handsToPort
			c.pass.ImportObjectFact(fn, &f)
			if !slices.ContainsFunc(f.Uses, func(x portUse) bool { return portKey(x) == portKey(u) }) {
				f.Uses = append(f.Uses, u)
				slices.SortFunc(f.Uses, func(a, b portUse) int { return strings.Compare(portKey(a), portKey(b)) })
			}
			c.pass.ExportObjectFact(fn, &f)
		}
		return
	}
}

// invokes reports whether fn calls a method of an interface value.
func invokes(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && call.Common().IsInvoke() {
				return true
			}
		}
	}
	return false
}

// portKey orders and identifies portUses.
func portKey(u portUse) string {
	return fmt.Sprintf("%06d %s %v %s %s %s", u.Param, u.Method, u.Args, u.Func, u.In, u.Commit)
}

// enclosingName spells the top-level function fn is (or is declared
// in) as In of portUse: Type.Method, or the function's name.
func enclosingName(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if recv := fn.Signature.Recv(); recv != nil {
		if n, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

// portParams returns the exported functions of the package, and the
// index of their parameter (receiver excluded), whose value v is: v is
// that parameter (directly or captured by a closure), or a load of an
// unexported struct field every store to which in the package stores
// such a parameter, or a load of another such field (a framework's
// App.h copied into the sarama handler it builds, groupHandler{h: a.h}:
// audit 40b/D2).
func (c *checker) portParams(v ssa.Value) map[*types.Func]int {
	return c.portParamsIn(v, 0)
}

func (c *checker) portParamsIn(v ssa.Value, depth int) map[*types.Func]int {
	v = c.captured(stripInterface(v))
	if prm, ok := v.(*ssa.Parameter); ok {
		if fn, i := exportedParam(prm); fn != nil {
			return map[*types.Func]int{fn: i}
		}
		return nil
	}
	field := loadedField(v)
	if field == nil || field.Exported() || field.Pkg() != c.pass.Pkg {
		return nil
	}
	out := map[*types.Func]int{}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || storedField(st.Addr) != field {
					continue
				}
				prm, ok := c.captured(stripInterface(st.Val)).(*ssa.Parameter)
				if !ok {
					sub := map[*types.Func]int(nil)
					if depth < 3 {
						sub = c.portParamsIn(st.Val, depth+1)
					}
					if len(sub) == 0 {
						return nil
					}
					maps.Copy(out, sub)
					continue
				}
				pf, i := exportedParam(prm)
				if pf == nil {
					return nil
				}
				out[pf] = i
			}
		}
	}
	return out
}

// stripInterface returns what an interface conversion converts.
func stripInterface(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.MakeInterface:
			if !types.IsInterface(x.X.Type()) {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
}

// captured returns the value a closure's free variable v is bound to by
// the only closure made of its function, or v.
func (c *checker) captured(v ssa.Value) ssa.Value {
	for depth := 0; depth < ssaflow.MaxValueDepth; depth++ {
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			return v
		}
		fn := fv.Parent()
		i := slices.Index(fn.FreeVars, fv)
		var bound ssa.Value
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
					if bound != nil {
						return v
					}
					bound = mc.Bindings[i]
				}
			}
		}
		if fn.Parent() == nil || bound == nil {
			return v
		}
		v = stripInterface(bound)
	}
	return v
}

// exportedParam returns the object of prm's function, and prm's index
// (receiver excluded), when the function is an exported top-level
// function or an exported method of an exported type, not generic, and
// prm is not its receiver.
func exportedParam(prm *ssa.Parameter) (*types.Func, int) {
	fn := prm.Parent()
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || !obj.Exported() || fn.TypeParams().Len() > 0 {
		return nil, -1
	}
	skip := 0
	if recv := fn.Signature.Recv(); recv != nil {
		n, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
		if !ok || !n.Obj().Exported() || n.TypeParams().Len() > 0 {
			return nil, -1
		}
		skip = 1
	}
	i := slices.Index(fn.Params, prm)
	if i < skip {
		return nil, -1
	}
	return obj, i - skip
}

// loadedField returns the struct field v loads (*x.f, or x.f of a
// struct value), or nil.
func loadedField(v ssa.Value) *types.Var {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return storedField(x.X)
		}
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok {
			return st.Field(x.Field)
		}
	}
	return nil
}

// storedField returns the struct field addr is the address of, or nil.
func storedField(addr ssa.Value) *types.Var {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	if st, ok := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct); ok {
		return st.Field(fa.Field)
	}
	return nil
}

// checkImportedPorts reports the calls of another package's functions
// carrying a handsToPort fact that pass, for the interface parameter, a
// value whose method only queues the record: the consumer writes its
// position as soon as that method returns.
func (c *checker) checkImportedPorts() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || c.inTestFile(call.Pos()) {
					continue
				}
				callee := ssaflow.Callee(call.Common())
				var f handsToPort
				if callee == nil || callee.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(callee, &f) {
					continue
				}
				for _, u := range f.Uses {
					if c.reportPort(call, callee, u) {
						break
					}
				}
			}
		}
	}
}

// reportPort reports call, a call of callee passing for u's parameter a
// value of a concrete type whose method u.Method only queues the
// arguments carrying the record, and reports whether it did.
func (c *checker) reportPort(call ssa.CallInstruction, callee *types.Func, u portUse) bool {
	impl, qm, implPos, implPkg, implName := c.portImplementation(ssaflow.Arg(call.Common(), u.Param), callee, u.Method)
	if qm.Params == nil {
		return false
	}
	for _, a := range u.Args {
		if !slices.Contains(qm.Params, a) {
			return false // the method may process that argument in place
		}
	}
	ref, _ := clientmodel.Default.CallByName(u.Func)
	noun := "record"
	if ref.Client != nil {
		noun = ref.Client.RecordNoun
	}
	verb, done := "writes the position of", "position written"
	lost := "a crash before the " + noun + " is processed loses it (at-most-once)"
	cost := lost
	switch {
	case u.Commit != "":
		verb, done = "marks", "marked"
		cost = "the commit of the marks (" + clientmodel.ShortName(u.Commit) + ") does not wait for it either, so " + lost
	case ref.Call != nil && ref.Role == clientmodel.Mark:
		verb, done = "marks", "marked"
		cost = "with auto-commit on, " + lost
	case ref.Call != nil && ref.Role == clientmodel.Store:
		verb, done = "stores the offset of", "offset stored"
		cost = "the auto-commit timer may commit the stored offset at any moment, so " + lost
	case ref.Call != nil && ref.Role == clientmodel.Commit:
		verb, done = "commits", "committed"
	}
	pos := clientmodel.ShortName(u.Func)
	msg := fmt.Sprintf("call to %s with a %s, whose %s only queues the %s for later work: package %s %s each %s (%s, in %s) as soon as %s returns, with no wait for its processing: %s",
		callee.Name(), impl, u.Method, noun, callee.Pkg().Name(), verb, noun, pos, u.In, u.Method, cost)
	fixes := c.portFix(qm.Fix, noun, implName)
	switch {
	case len(fixes) > 0:
	case len(qm.Fix) > 0:
		// go vet: the core's files are not loaded here.
		msg += "; no automatic fix: " + vetNoPortFix(implPkg.Path(), implName, noun)
	case qm.Why != "":
		// A batching worker: the other case completes the processing.
		msg += fmt.Sprintf("; no automatic fix: %s queues the %s, and %s (taken as part of its processing: a flush of what the queue's case collects), which the method can neither run in place nor wait for without holding each %s until that case runs; have that case acknowledge the %ss it completes, and write their positions in package %s once acknowledged",
			implName, noun, qm.Why, noun, noun, callee.Pkg().Path())
	default:
		msg += fmt.Sprintf("; no automatic fix: the %s is queued in package %s, whose workers cannot be found or run in place of the send, and its position written in package %s; process the %s in %s before it returns, or have the worker that processes it write its position",
			noun, implPkg.Path(), callee.Pkg().Path(), noun, implName)
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:            call.Pos(),
		Category:       CategoryCommitBefore,
		Message:        msg,
		SuggestedFixes: fixes,
		Related: []analysis.RelatedInformation{
			{Pos: c.portPosition(callee, u), Message: fmt.Sprintf("%s %s in %s (%s) as soon as %s returns", noun, done, u.In, pos, u.Method)},
			{Pos: implPos, Message: fmt.Sprintf("%s queued here: %s only sends it on a channel or to a goroutine and returns", noun, implName)},
		},
	})
	return true
}

// portImplementation returns, for v, the value passed for a port
// whose method named method is called, the concrete type it holds (as
// messages spell it), its method as a queueingMethod (Params, the
// parameters it queues, from its handsOff fact: nil when it does not,
// or when v's type is not known; Fix, the edits making it process them
// in place, or Why it cannot, if known), where the method is, and its
// package and its name as consumer.ShortFunc spells it. v converts a value of a
// concrete type to the interface, or is a call of a constructor
// carrying a queueingResult fact. A test double's method (testLike) is
// not one.
func (c *checker) portImplementation(v ssa.Value, callee *types.Func, method string) (string, queueingMethod, token.Pos, *types.Package, string) {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		if types.IsInterface(v.X.Type()) {
			break
		}
		obj, _, _ := types.LookupFieldOrMethod(v.X.Type(), true, callee.Pkg(), method)
		m, ok := obj.(*types.Func)
		if !ok || m.Pkg() == nil || c.testLike(m) {
			break
		}
		h, ok := c.ho.Of(m)
		if !ok || len(h.Params) == 0 {
			break
		}
		return types.TypeString(v.X.Type(), (*types.Package).Name), c.queueing(m, h.Params), m.Pos(), m.Pkg(), ssaflow.ShortFunc(m)
	case *ssa.Call:
		fn := ssaflow.Callee(v.Common())
		var f queueingResult
		if fn == nil || v.Common().IsInvoke() || fn.Pkg() == nil || c.testLike(fn) || !c.pass.ImportObjectFact(fn, &f) {
			break
		}
		for _, m := range f.Methods {
			if m.Name != method || len(m.Params) == 0 {
				continue
			}
			at := c.posAt(m.At)
			if !at.IsValid() {
				at = fn.Pos()
			}
			return f.Type + " (returned by " + fn.Pkg().Name() + "." + fn.Name() + ")", m, at, fn.Pkg(), strings.TrimPrefix(f.Type, "*") + "." + m.Name
		}
	}
	return "", queueingMethod{}, token.NoPos, nil, ""
}

// posAt returns the position at when this run loaded its file, else
// NoPos.
func (c *checker) posAt(at fileOffset) token.Pos {
	if f := edit.FileNamed(c.pass.Fset, at.File); f != nil && f.Size() == at.Size && at.Offset < f.Size() {
		return f.Pos(at.Offset)
	}
	return token.NoPos
}

// portPosition returns the position of u's position call when this run
// loaded its file, else of the function of callee's package making it
// (u.In: Type.Method or a function's name), or of callee when the
// package does not export it.
func (c *checker) portPosition(callee *types.Func, u portUse) token.Pos {
	if at := c.posAt(u.At); at.IsValid() {
		return at
	}
	scope := callee.Pkg().Scope()
	typ, name, isMethod := strings.Cut(u.In, ".")
	if !isMethod {
		if fn, ok := scope.Lookup(u.In).(*types.Func); ok {
			return fn.Pos()
		}
		return callee.Pos()
	}
	if tn, ok := scope.Lookup(typ).(*types.TypeName); ok {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, callee.Pkg(), name)
		if fn, ok := obj.(*types.Func); ok {
			return fn.Pos()
		}
	}
	return callee.Pos()
}

// inTestFile reports whether pos lies in a _test.go file.
func (c *checker) inTestFile(pos token.Pos) bool {
	return strings.HasSuffix(c.pass.Fset.Position(pos).Filename, "_test.go")
}

// testLike reports whether m, an implementation's method, is a test
// double's: declared in a _test.go file or in a package named like
// test doubles (porttest, fakes, mocks).
func (c *checker) testLike(m *types.Func) bool {
	if c.inTestFile(m.Pos()) {
		return true
	}
	name := m.Pkg().Name()
	switch {
	case strings.HasSuffix(name, "test"), strings.HasSuffix(name, "testing"),
		strings.HasPrefix(name, "fake"), strings.HasPrefix(name, "mock"), strings.HasPrefix(name, "stub"):
		return true
	}
	return false
}
