package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/midpoll"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// revokes checks the commit points around rebalances: the revoke
// callbacks registered as options (franz-go) or passed to Subscribe
// (confluent-kafka-go).
func (c *checker) revokes() {
	for _, k := range c.m.Consumers {
		if k.Client.Handler != nil || len(k.Client.RevokeHooks) == 0 {
			continue // sarama: Cleanup is a handler method, see autocommit
		}
		report.Guard(c.pass, k.Site.Pos(), func() {
			switch k.Client.Config.Kind {
			case clientmodel.Options:
				c.optionRevoke(k)
			case clientmodel.KeyMap:
				c.callbackRevoke(k)
				c.workerRevokes(k)
			}
		})
	}
}

// revokedHook returns the hook if fn is the client's revoke hook (not the
// lost hook, which has no default to replace), else nil.
func revokedHook(k *consumer.Consumer, fn *types.Func) *clientmodel.RevokeHook {
	if fn == nil {
		return nil
	}
	if h := k.Client.Hook(fn.FullName()); h != nil && h.Kind == clientmodel.HookRevoked {
		return h
	}
	return nil
}

// ---- franz-go: OnPartitionsRevoked ----

// optionRevoke checks the OnPartitionsRevoked options of a franz-go client.
func (c *checker) optionRevoke(k *consumer.Consumer) {
	if _, fixed := k.Ctor.Fixed[clientmodel.AutoCommit]; fixed {
		return // a transactional session wraps the revoke callback and aborts
	}
	if k.Config == nil {
		return
	}
	for _, opt := range c.optionCalls(k.Config, map[ssa.Value]bool{}, 0) {
		hook := revokedHook(k, ssaflow.Callee(opt.Common()))
		if hook == nil {
			continue
		}
		for _, cb := range c.callbacks(ssaflow.Arg(opt.Common(), hook.Arg)) {
			commits, opaque := c.reachCommits(cb, k.Client)
			s, cl := k.Settings, k.Client
			if len(commits) == 0 && !opaque && s.Is(cl, clientmodel.Group) && s.Is(cl, clientmodel.AutoCommit) {
				c.reportRevokeNoCommit(k, opt, cb)
			}
			for _, cm := range commits {
				if cm.ref.Scope != clientmodel.ScopePolled {
					continue
				}
				switch {
				case s.IsNot(cl, clientmodel.BlockRebalance):
					c.reportInFlight(k, opt, cb, cm)
				case s.Is(cl, clientmodel.BlockRebalance) && midpoll.Leaves(c.pass, k) != nil:
					// Rebalances wait for the poll, the Close after a
					// poll left half processed does not (audit 37c/D4,
					// c19: 279 of 300 lost at a SIGTERM).
					c.reportInFlight(k, opt, cb, cm)
				}
			}
		}
	}
}

// callbacks returns the functions of the package the callback v may be:
// callbackFunc's, or those the callers of v's function pass for it (a
// hooks struct's field handed to a helper building the client: audit
// 34c/D5). None when the analysis cannot see it.
func (c *checker) callbacks(v ssa.Value) []*ssa.Function {
	if cb := c.callbackFunc(v); cb != nil {
		return []*ssa.Function{cb}
	}
	var out []*ssa.Function
	for _, x := range consumer.CallerValues(c.m.Flow, v) {
		if cb := c.callbackFunc(x); cb != nil && !slices.Contains(out, cb) {
			out = append(out, cb)
		}
	}
	return out
}

// commitCall is a commit call reached from a callback.
type commitCall struct {
	instr ssa.CallInstruction
	ref   clientmodel.CallRef
}

// reachCommits returns the commit calls fn makes, directly or through
// in-package functions and closures, a call of an application
// interface's method on a value that may be the client included
// (consumer.SeamCallee: a one-method seam tests replace). opaque reports
// a call the analysis cannot follow that is given a consumer of cl: a
// helper of another package or a dynamic call, which may commit, or an
// interface's commit method called on a value it cannot trace.
func (c *checker) reachCommits(fn *ssa.Function, cl *clientmodel.Client) (out []commitCall, opaque bool) {
	c.reachedFrom(fn, func(ci ssa.CallInstruction) {
		obj, maybe := consumer.SeamCallee(c.m.Flow, ci.Common(), cl)
		if obj != nil {
			if ref, ok := c.ix.Call(obj); ok && ref.Role == clientmodel.Commit {
				out = append(out, commitCall{ci, ref})
			}
		}
		if maybe != "" {
			if ref, ok := c.ix.CallByName(maybe); ok && ref.Role == clientmodel.Commit {
				opaque = true
			}
		}
		callee := ci.Common().StaticCallee()
		if (callee == nil || !c.m.Flow.InPackage(callee)) && !c.isClientFunc(obj) && passes(ci.Common(), cl.Consumer) {
			opaque = true
		}
	})
	return out, opaque
}

// isClientFunc reports whether fn belongs to a client package.
func (c *checker) isClientFunc(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && c.ix.IsClientPath(fn.Pkg().Path())
}

// passes reports whether a call is given a value of the named type (its
// receiver included).
func passes(cc *ssa.CallCommon, typeName string) bool {
	vals := append([]ssa.Value{}, cc.Args...)
	if cc.IsInvoke() {
		vals = append(vals, cc.Value)
	}
	for _, v := range vals {
		if types.TypeString(v.Type(), nil) == typeName {
			return true
		}
	}
	return false
}

// optionCalls returns the client option calls an options value is made
// of: the constructor's variadic arguments, slices built with literals and
// append, in-package helpers' results, parameters' arguments.
func (c *checker) optionCalls(v ssa.Value, seen map[ssa.Value]bool, depth int) []*ssa.Call {
	if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
		return nil
	}
	seen[v] = true
	var out []*ssa.Call
	rec := func(x ssa.Value) { out = append(out, c.optionCalls(x, seen, depth+1)...) }
	switch x := v.(type) {
	case *ssa.Slice:
		rec(x.X)
	case *ssa.Alloc:
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
						rec(st.Val)
					}
				}
			case *ssa.Store:
				if r.Addr == x {
					rec(r.Val)
				}
			}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			for _, r := range c.m.Flow.Loaded(x.X) {
				rec(r)
			}
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			rec(e)
		}
	case *ssa.MakeInterface:
		rec(x.X)
	case *ssa.ChangeInterface:
		rec(x.X)
	case *ssa.ChangeType:
		rec(x.X)
	case *ssa.Extract:
		rec(x.Tuple)
	case *ssa.Parameter:
		fn := x.Parent()
		for i, p := range fn.Params {
			if p != x {
				continue
			}
			for _, site := range c.m.Flow.Callers(fn) {
				if args := site.Common().Args; i < len(args) {
					rec(args[i])
				}
			}
		}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Call.Args {
				rec(a)
			}
			break
		}
		if callee := x.Call.StaticCallee(); callee != nil && c.m.Flow.InPackage(callee) {
			for _, b := range callee.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
					for _, r := range ret.Results {
						rec(r)
					}
				}
			}
			break
		}
		if obj := ssaflow.Callee(x.Common()); obj != nil && obj.Pkg() != nil && c.ix.IsClientPath(obj.Pkg().Path()) {
			out = append(out, x)
		}
	}
	return out
}

// callbackFunc returns the in-package function a callback value is: a
// function literal, a function, or a bound method value.
func (c *checker) callbackFunc(v ssa.Value) *ssa.Function {
	var bound ssa.Value // the receiver of a method value
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.MakeClosure:
			if len(x.Bindings) == 1 {
				bound = x.Bindings[0]
			}
			v = x.Fn
			continue
		}
		break
	}
	fn, ok := v.(*ssa.Function)
	if !ok {
		return nil
	}
	if fn.Synthetic != "" {
		// A bound method value (h.onRevoke): the method itself.
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return nil
		}
		if recv := obj.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) && bound != nil {
			// A method value of an interface (h.Revoked): the method of
			// the one concrete type the receiver can hold.
			fn = c.implementation(bound, obj)
		} else {
			fn = fn.Prog.FuncValue(obj)
		}
	}
	if fn == nil || !c.m.Flow.InPackage(fn) || fn.Syntax() == nil {
		return nil
	}
	return fn
}

// funcSyntax returns the parameters and body of a function's syntax.
func funcSyntax(fn *ssa.Function) (*ast.FieldList, *ast.BlockStmt) {
	switch f := fn.Syntax().(type) {
	case *ast.FuncLit:
		return f.Type.Params, f.Body
	case *ast.FuncDecl:
		return f.Type.Params, f.Body
	}
	return nil, nil
}

// paramName returns the name of parameter i of a function's syntax, and
// an edit naming it when it is blank.
func (c *checker) paramName(params *ast.FieldList, i int, want string, body *ast.BlockStmt) (string, []analysis.TextEdit, bool) {
	names, edits, ok := c.paramNames(params, map[int]string{i: want}, body)
	return names[i], edits, ok
}

// paramNames returns the names of parameters of a function's syntax
// (wants: index to the name to give it), and the edits naming them where
// they are blank; parameters without names (all of them, then) are each
// named, the others "_".
func (c *checker) paramNames(params *ast.FieldList, wants map[int]string, body *ast.BlockStmt) (map[int]string, []analysis.TextEdit, bool) {
	if len(params.List) > 0 && len(params.List[0].Names) == 0 {
		names := map[int]string{}
		var edits []analysis.TextEdit
		for i, f := range params.List {
			name := "_"
			if want, ok := wants[i]; ok {
				name = c.unusedName(want, body)
				names[i] = name
			}
			edits = append(edits, analysis.TextEdit{Pos: f.Type.Pos(), End: f.Type.Pos(), NewText: []byte(name + " ")})
		}
		return names, edits, len(names) == len(wants)
	}
	names := map[int]string{}
	var edits []analysis.TextEdit
	for i, want := range wants {
		name, e, ok := c.oneParamName(params, i, want, body)
		if !ok {
			return nil, nil, false
		}
		names[i] = name
		edits = append(edits, e...)
	}
	return names, edits, true
}

// unusedName returns want, or a free variant of it when body refers to
// something of that name (a parameter named so would capture it).
func (c *checker) unusedName(want string, body *ast.BlockStmt) string {
	used := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == want {
			used = true
		}
		return !used
	})
	if !used {
		return want
	}
	return edit.FreeName(c.pass, body.Lbrace+1, want)
}

// oneParamName is paramName for named parameters; ok is false for
// unnamed ones.
func (c *checker) oneParamName(params *ast.FieldList, i int, want string, body *ast.BlockStmt) (string, []analysis.TextEdit, bool) {
	n := 0
	for _, f := range params.List {
		if len(f.Names) == 0 {
			return "", nil, false
		}
		for _, id := range f.Names {
			if n == i {
				if id.Name != "_" {
					return id.Name, nil, true
				}
				name := want
				if body != nil && len(body.List) > 0 {
					name = edit.FreeName(c.pass, body.List[0].Pos(), want)
				}
				return name, []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte(name)}}, true
			}
			n++
		}
	}
	return "", nil, false
}

// prependStmts returns an edit inserting text as the first statements of
// a block or case body (which may be empty).
func (c *checker) prependStmts(list []ast.Stmt, open token.Pos, text string) analysis.TextEdit {
	if len(list) > 0 {
		return edit.InsertBefore(c.pass, list[0], text)
	}
	indent := edit.Indent(c.pass, open) + "\t"
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		b.WriteString("\n" + indent + l)
	}
	at := open + 1
	// After a comment ending the line, if any.
	tf := c.pass.Fset.File(open)
	if content, err := c.pass.ReadFile(tf.Name()); err == nil {
		eol := tf.Offset(at)
		for eol < len(content) && content[eol] != '\n' {
			eol++
		}
		if rest := strings.TrimSpace(string(content[tf.Offset(at):eol])); rest == "" || strings.HasPrefix(rest, "//") {
			at = tf.Pos(eol)
		}
	}
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(b.String())}
}

// blockRebalanceEdits adds kgo.BlockRebalanceOnPoll() next to the revoke
// option and cl.AllowRebalance() at the top of every poll loop of k, so
// that revoke callbacks run between a batch's processing and the next poll.
func (c *checker) blockRebalanceEdits(k *consumer.Consumer, opt *ssa.Call) ([]analysis.TextEdit, bool) {
	optCall, path := edit.CallAt(c.pass, opt.Pos())
	if optCall == nil || len(path) < 2 {
		return nil, false
	}
	sel, ok := ast.Unparen(optCall.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	q := c.text(sel.X)
	e, ok := edit.AddElement(c.pass, path[1], q+"."+clientmodel.BareName(k.Client.Spell(clientmodel.BlockRebalance))+"()")
	if !ok {
		return nil, false
	}
	allows, ok := c.allowRebalanceEdits(k)
	return append([]analysis.TextEdit{e}, allows...), ok
}

// allowRebalanceEdits adds cl.AllowRebalance() at the top of every poll
// loop of k (right before a poll made outside a loop), where the previous
// poll's records are done, and deferred right before the loop, so that a
// Close when its function returns can leave the group; false when k is
// not polled in this package or a poll cannot be reached.
func (c *checker) allowRebalanceEdits(k *consumer.Consumer) ([]analysis.TextEdit, bool) {
	var edits []analysis.TextEdit
	loops := map[ast.Stmt]bool{}
	polls := 0
	for _, call := range k.Calls {
		if call.Role != clientmodel.Fetch {
			continue
		}
		polls++
		pc, ppath := edit.CallAt(c.pass, call.Pos())
		if pc == nil {
			return nil, false
		}
		recv, ok := c.recvText(pc)
		if !ok {
			return nil, false
		}
		allow := recv + "." + clientmodel.ShortName(k.Client.AllowRebalance) + "()"
		loop, body := edit.LoopOf(ppath)
		if loop == nil || body == nil {
			// A poll outside a loop (a helper that polls once, called
			// from the loop): allow rebalances right before it, when the
			// previous batch is done.
			st, list := edit.Stmt(ppath)
			if st == nil || list == nil {
				return nil, false
			}
			edits = append(edits, edit.InsertBefore(c.pass, st, allow))
			continue
		}
		if loops[loop] {
			continue
		}
		loops[loop] = true
		// Released when the loop's function returns too: a deferred
		// Close would otherwise wait to leave the group for a release
		// that never comes (audit 32d/14: SIGTERM'd members hung); and
		// right before a Close the function makes itself after the loop,
		// which runs before the deferred release (audit 33d/3).
		edits = append(edits, c.prependStmts(body.List, body.Lbrace, allow), edit.InsertBefore(c.pass, loop, "defer "+allow))
		for _, cl := range c.closesAfter(ppath, loop, ast.Unparen(pc.Fun).(*ast.SelectorExpr).X) {
			edits = append(edits, edit.InsertBefore(c.pass, cl, allow))
		}
	}
	if polls == 0 {
		return nil, false // the poll loop is elsewhere: no complete fix
	}
	return edits, true
}

// closesAfter returns the statements of the function around path (no
// function literal crossed) that close the client recv names (recv.Close(),
// not deferred; recv naming the same variable, not one that shadows it)
// after loop.
func (c *checker) closesAfter(path []ast.Node, loop ast.Stmt, recv ast.Expr) []ast.Stmt {
	_, body := edit.FuncOf(path)
	if body == nil {
		return nil
	}
	var out []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		es, ok := n.(*ast.ExprStmt)
		if !ok || es.Pos() < loop.End() {
			return true
		}
		if call, ok := es.X.(*ast.CallExpr); ok && len(call.Args) == 0 {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && c.sameRef(sel.X, recv) {
				out = append(out, es)
			}
		}
		return true
	})
	return out
}

// sameRef reports whether a and b name the same variable, or the same
// field of it (x.client): the same objects all along, not the same text.
func (c *checker) sameRef(a, b ast.Expr) bool {
	a, b = ast.Unparen(a), ast.Unparen(b)
	switch x := a.(type) {
	case *ast.Ident:
		y, ok := b.(*ast.Ident)
		return ok && c.pass.TypesInfo.ObjectOf(x) != nil && c.pass.TypesInfo.ObjectOf(x) == c.pass.TypesInfo.ObjectOf(y)
	case *ast.SelectorExpr:
		y, ok := b.(*ast.SelectorExpr)
		return ok && c.pass.TypesInfo.ObjectOf(x.Sel) == c.pass.TypesInfo.ObjectOf(y.Sel) && c.sameRef(x.X, y.X)
	}
	return false
}

// reportRevokeNoCommit reports an OnPartitionsRevoked callback that
// commits nothing while auto-commit is on.
func (c *checker) reportRevokeNoCommit(k *consumer.Consumer, opt *ssa.Call, cb *ssa.Function) {
	if !slices.ContainsFunc(k.Calls, func(call *consumer.Call) bool { return call.Role == clientmodel.Fetch }) {
		// Polled in another package: whether that code commits each
		// poll (so that the default revoke's commit is not missed) is
		// not known here.
		return
	}
	s, cl := k.Settings, k.Client
	polled := cl.CallName(clientmodel.Commit, clientmodel.ScopePolled)
	commit := polled
	if s.Is(cl, clientmodel.MarksOnly) {
		commit = cl.CallName(clientmodel.Commit, clientmodel.ScopeMarked)
	}
	fix := "Commit in the revoke callback"
	if commit == polled && !s.Is(cl, clientmodel.BlockRebalance) {
		fix = "Commit in the revoke callback and block rebalances while a poll is processed"
	}
	edits, why := c.revokeCommitEdits(k, opt, cb, commit)
	unsafe := c.commitUnsafe(k, cb, commit)
	// (With marks only, the default revoke commits the marks: trial
	// 43c/D3.)
	what := "the processed polls"
	if commit != polled {
		what = "the marked records"
	}
	msg := fmt.Sprintf("this %s callback commits nothing, and it replaces %s's default revoke, which commits %s while auto-commit is on: every rebalance and deploy makes the partitions' next owner replay up to %s of records (duplicates)",
		clientmodel.BareName(revokedHook(k, ssaflow.Callee(opt.Common())).Func), cl.Name, what, consumer.Interval(c.pass, cl, opt.Pos(), k.From == nil))
	pos, end := c.callRange(opt.Pos())
	d := analysis.Diagnostic{Pos: pos, End: end, Category: CategoryRevoke, Message: msg}
	if _, body := funcSyntax(cb); body != nil {
		d.Related = []analysis.RelatedInformation{{Pos: body.Pos(), Message: "the revoke callback"}}
	}
	switch {
	case unsafe != "":
		d.Message += "; no automatic fix: " + unsafe
	case why != "":
		d.Message += "; no automatic fix: " + why + "; " + report.LowerFirst(fix)
	default:
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: fix, TextEdits: edits}}
	}
	c.report(d)
}

// commitUnsafe says why commit in k's revoke callback cb would do harm,
// or "": a callback also run for lost partitions would commit positions it
// no longer owns (any commit), and a commit of everything polled would
// commit records still queued for workers, or held across polls,
// unprocessed.
func (c *checker) commitUnsafe(k *consumer.Consumer, cb *ssa.Function, commit string) string {
	if c.alsoLost(k, cb) {
		// Marks too (trial 33b/7, file.d's shape).
		return "the callback is also the lost-partitions callback, where a commit writes positions for partitions this member no longer owns; commit in a revoke callback of its own"
	}
	if commit != k.Client.CallName(clientmodel.Commit, clientmodel.ScopePolled) {
		return ""
	}
	ev := semantics.For(c.pass, k)
	if ev == nil {
		return "what the poll loop does with the records is not known here, and " + commit + " in the callback would commit any still being processed; commit there only once every polled record is processed"
	}
	if ev.InFlight() {
		return "records are handed to goroutines that may still hold them when the callback runs, and " + commit + " there would commit them unprocessed (lost); have the callback stop the workers and wait for them, then commit the records they processed"
	}
	if ev.Holds() || ev.HeldAcrossPolls != "" {
		// The callback runs inside a poll while the loop holds records
		// of earlier polls, not yet written (audit 32d/15: the fix
		// committed 20 of them at each revoke, where none were).
		return "the loop holds records across polls before it processes them, and " + commit + " in the callback (which runs inside a poll) would commit the held records unprocessed (lost); process or drop the held records before the callback commits"
	}
	if at := midpoll.Leaves(c.pass, k); at != nil {
		return fmt.Sprintf("the poll loop can leave a poll half processed (line %d), and the client's Close then runs the callback as the member leaves its group: %s there would commit the records the loop abandoned (lost); mark each record once processed (%s, with %s) and commit the marks in the callback (%s)",
			c.pass.Fset.Position(at.Pos()).Line, commit, k.Client.CallName(clientmodel.Mark, clientmodel.ScopeArgs), k.Client.Spell(clientmodel.MarksOnly), k.Client.CallName(clientmodel.Commit, clientmodel.ScopeMarked))
	}
	return ""
}

// revokeCommitEdits returns the edits that make the revoke callback cb
// commit with commit (and, when the commit is of the polls and rebalances
// are not blocked, block them while a poll is processed), or why they
// cannot be built.
func (c *checker) revokeCommitEdits(k *consumer.Consumer, opt *ssa.Call, cb *ssa.Function, commit string) ([]analysis.TextEdit, string) {
	params, body := funcSyntax(cb)
	if params == nil || body == nil {
		return nil, "the callback's body is not in this package"
	}
	names, edits, ok := c.paramNames(params, map[int]string{0: "ctx", 1: "cl"}, body)
	if !ok {
		return nil, "the callback's context and client parameters cannot be named"
	}
	s, cl := k.Settings, k.Client
	if commit == cl.CallName(clientmodel.Commit, clientmodel.ScopePolled) && !s.Is(cl, clientmodel.BlockRebalance) {
		if !s.IsNot(cl, clientmodel.BlockRebalance) {
			return nil, "whether rebalances wait for the poll being processed is not known here, and committing the polls in the callback is right only if they do"
		}
		be, ok := c.blockRebalanceEdits(k, opt)
		if !ok {
			return nil, cl.Spell(clientmodel.BlockRebalance) + " cannot be added with its " + clientmodel.ShortName(cl.AllowRebalance) + " where the client is polled (another package, or a poll the fix cannot reach)"
		}
		edits = append(edits, be...)
	}
	f := edit.File(c.pass, body.Pos())
	logged, imports := edit.LogErr(c.pass, f, "commit on revoke", "err")
	text := fmt.Sprintf("if err := %s.%s(%s); err != nil {\n\t%s\n}", names[1], commit, names[0], logged)
	edits = append(edits, c.prependStmts(body.List, body.Lbrace, text))
	return append(edits, imports...), ""
}

// implementation returns the method m of the one concrete type the
// interface value v holds (its roots), nil when they are several or not
// known.
func (c *checker) implementation(v ssa.Value, m *types.Func) *ssa.Function {
	var out *ssa.Function
	for _, r := range c.m.Flow.Roots(v) { // through MakeInterface
		t := r.Type()
		if mi, ok := r.(*ssa.MakeInterface); ok {
			t = mi.X.Type()
		}
		if types.IsInterface(t) {
			return nil
		}
		sel := c.m.SSA.Pkg.Prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
		if sel == nil {
			return nil
		}
		fn := c.m.SSA.Pkg.Prog.MethodValue(sel)
		if fn == nil || out != nil && out != fn {
			return nil
		}
		out = fn
	}
	return out
}

// alsoLost reports whether cb is also registered among k's options as
// its lost-partitions hook (franz-go OnPartitionsLost).
func (c *checker) alsoLost(k *consumer.Consumer, cb *ssa.Function) bool {
	for _, ci := range c.optionCalls(k.Config, map[ssa.Value]bool{}, 0) {
		callee := ssaflow.Callee(ci.Common())
		if callee == nil {
			continue
		}
		for _, h := range k.Client.RevokeHooks {
			if h.Kind == clientmodel.HookLost && h.Func == callee.FullName() && c.callbackFunc(ssaflow.Arg(ci.Common(), h.Arg)) == cb {
				return true
			}
		}
	}
	return false
}

// reportInFlight reports CommitUncommittedOffsets in a revoke callback of
// a client without BlockRebalanceOnPoll, or with it where the poll loop
// can leave a poll half processed: the client's Close runs the callback
// then.
func (c *checker) reportInFlight(k *consumer.Consumer, opt *ssa.Call, cb *ssa.Function, cm commitCall) {
	held := k.Settings.Is(k.Client, clientmodel.BlockRebalance)
	title := "Block rebalances while a poll is processed"
	edits, ok := c.blockRebalanceEdits(k, opt)
	if held {
		edits, ok = nil, false
	}
	if ev := semantics.For(c.pass, k); ok && (ev == nil || ev.InFlight()) {
		// Records the loop hands to goroutines or a channel outlive the
		// poll: rebalances blocked only while it runs would still find
		// them in flight.
		edits, ok = nil, false
	}
	midPoll := midpoll.Leaves(c.pass, k)
	if midPoll != nil {
		// Rebalances blocked while a poll is processed do not stop the
		// Close after a poll left half processed from running the
		// callback (audit 37c/D4): the commit goes.
		edits, ok = nil, false
	}
	if ok {
		// The commit's error, if discarded, is logged too: this finding
		// takes the call's place from swallowed-commit-error's.
		if e, logs := c.logDiscardedCommit(cm); logs {
			edits = append(edits, e...)
			title += ", and log the commit's error"
		}
	} else {
		// No place for AllowRebalance (the client is polled in another
		// package): take the commit out (revokedrop.go).
		edits, title, ok = c.dropRevokeCommit(k, opt, cb, cm)
	}
	pos, end := c.callRange(cm.instr.Pos())
	hook := clientmodel.BareName(revokedHook(k, ssaflow.Callee(opt.Common())).Func)
	d := analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: CategoryRevokeInFlight,
		Message: fmt.Sprintf("this %s callback calls %s without %s: the callback can run while the poll loop is still processing, and it commits everything polled, those records included: if their processing then fails or the process crashes, the partitions' next owner starts after them (lost)",
			hook, clientmodel.ShortName(cm.ref.Func), k.Client.Spell(clientmodel.BlockRebalance)),
		Related: []analysis.RelatedInformation{{Pos: opt.Pos(), Message: "the revoke callback is registered here"}},
	}
	switch {
	case held:
		d.Message = fmt.Sprintf("this %s callback calls %s, which commits everything polled; %s holds rebalances back until the loop allows them between polls, but the client's Close runs the callback too, as the member leaves its group, and the loop can leave a poll half processed (line %d): the records it abandoned are committed, and the partitions' next owner starts after them (lost at a failed write or a shutdown)",
			hook, clientmodel.ShortName(cm.ref.Func), k.Client.Spell(clientmodel.BlockRebalance), c.pass.Fset.Position(midPoll.Pos()).Line)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: midPoll.Pos(), Message: "the loop leaves a poll half processed here"})
	case midPoll != nil:
		d.Message += fmt.Sprintf("; so can the client's Close, after the loop leaves a poll half processed (line %d)", c.pass.Fset.Position(midPoll.Pos()).Line)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: midPoll.Pos(), Message: "the loop leaves a poll half processed here"})
	}
	if ok {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   title,
			TextEdits: edits,
		}}
	} else if held || midPoll != nil {
		// Blocking rebalances is no fix: the Close runs the callback.
		d.Message += fmt.Sprintf("; no automatic fix: %s; mark each record once processed (%s, with %s) and commit the marks in the callback (%s)",
			dropRefused, k.Client.CallName(clientmodel.Mark, clientmodel.ScopeArgs), k.Client.Spell(clientmodel.MarksOnly), k.Client.CallName(clientmodel.Commit, clientmodel.ScopeMarked))
	} else {
		// Neither fix is built: the bug is reported all the same (#13).
		d.Message += fmt.Sprintf("; no automatic fix: %s cannot be added where the client is polled (another package, or a receiver that cannot be written again), and %s; pass %s and call %s between polls, or remove the commit from the callback's run",
			clientmodel.ShortName(k.Client.AllowRebalance), dropRefused, k.Client.Spell(clientmodel.BlockRebalance), clientmodel.ShortName(k.Client.AllowRebalance))
	}
	c.report(d)
}

// dropRefused says why dropRevokeCommit builds no edits.
const dropRefused = "the commit cannot be taken out of the callback here (such as from a function literal of a function others call too; a function that does more and has other callers, with results besides one error that only the commit gives, or a return besides the commit's, a last return nil and leading guards' early returns; or a declaration with effects, not a call alone, that it would leave unused)"

// logDiscardedCommit returns the edits that check and log the error of
// a commit call whose statement discards it (the call alone, or its one
// result assigned to a blank); ok is false otherwise.
func (c *checker) logDiscardedCommit(cm commitCall) ([]analysis.TextEdit, bool) {
	call, path := edit.CallAt(c.pass, cm.instr.Pos())
	if call == nil || len(path) < 2 {
		return nil, false
	}
	if sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature); !ok || sig.Results().Len() != 1 {
		return nil, false
	}
	switch st := path[1].(type) {
	case *ast.ExprStmt:
	case *ast.AssignStmt:
		if id, ok := st.Lhs[0].(*ast.Ident); !ok || len(st.Lhs) != 1 || id.Name != "_" {
			return nil, false
		}
	default:
		return nil, false
	}
	st := path[1].(ast.Stmt)
	f := edit.File(c.pass, st.Pos())
	errName := c.errName(st.Pos())
	logged, imports := edit.LogErr(c.pass, f, "commit on revoke", errName)
	text := fmt.Sprintf("if %s := %s; %s != nil {\n\t%s\n}", errName, c.text(call), errName, logged)
	return append(imports, c.replaceStmt(st, text)...), true
}

// ---- confluent-kafka-go: RebalanceCb ----

// callbackRevoke checks the rebalance callbacks passed to Subscribe or
// SubscribeTopics on a confluent consumer with auto-commit off that
// commits in batches.
func (c *checker) callbackRevoke(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.IsNot(cl, clientmodel.AutoCommit) {
		return
	}
	batched := c.batchedCommit(k)
	if batched == nil {
		return // no commits (positions kept elsewhere), or one per message
	}
	// Commit() commits the stored offsets: right only when something
	// stores them (auto-store, or the code's own stores).
	stores := s.Is(cl, clientmodel.AutoStore)
	for _, call := range k.Calls {
		stores = stores || call.Role == clientmodel.Store
	}
	if !stores {
		return
	}
	if ev := semantics.For(c.pass, k); ev != nil && ev.Holds() {
		// The loop holds messages across polls and commits each batch
		// once written: at a revoke no processed message waits for a
		// commit (the held ones are not processed yet), and a commit of
		// the stored offsets there would commit the held ones unwritten
		// (autocommit's storedRevoke).
		return
	}
	c.eventCallbacks(k, func(hook *clientmodel.RevokeHook, _ ssa.CallInstruction, cb *ssa.Function) {
		c.revokedCase(k, hook, cb, batched)
	})
}

// eventsHook returns the hook if fn is one of the client's methods that
// register a rebalance callback, else nil.
func eventsHook(k *consumer.Consumer, fn *types.Func) *clientmodel.RevokeHook {
	if fn == nil {
		return nil
	}
	if h := k.Client.Hook(fn.FullName()); h != nil && h.Kind == clientmodel.HookEvents {
		return h
	}
	return nil
}

// batchedCommit returns a commit call of k that does not run after every
// message: inside an if on something other than an error, or in a loop
// other than the one that fetches. Nil when k never commits or commits
// after every message.
func (c *checker) batchedCommit(k *consumer.Consumer) *consumer.Call {
	fetchLoops := map[ast.Stmt]bool{}
	for _, call := range k.Calls {
		if call.Role == clientmodel.Fetch {
			if _, path := edit.CallAt(c.pass, call.Pos()); path != nil {
				if loop, _ := edit.LoopOf(path); loop != nil {
					fetchLoops[loop] = true
				}
			}
		}
	}
	if len(fetchLoops) == 0 {
		return nil
	}
	for _, call := range k.Calls {
		if call.Role != clientmodel.Commit {
			continue
		}
		_, path := edit.CallAt(c.pass, call.Pos())
		if path == nil {
			continue
		}
		loop, _ := edit.LoopOf(path)
		if loop == nil {
			continue // after the loop: a final commit
		}
		if !fetchLoops[loop] {
			return call // a commit loop of its own (a ticker)
		}
		for i := 1; i < len(path) && path[i] != loop; i++ {
			if ifs, ok := path[i].(*ast.IfStmt); ok && (path[i-1] == ifs.Body || path[i-1] == ifs.Else) && !c.mentionsError(ifs.Cond) {
				return call
			}
		}
	}
	return nil
}

// mentionsError reports whether an expression involves an error value.
func (c *checker) mentionsError(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if t := c.pass.TypesInfo.TypeOf(x); t != nil && types.Implements(t, errorType.Underlying().(*types.Interface)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// revokedCase reports the RevokedPartitions case of a rebalance callback
// that does not commit.
func (c *checker) revokedCase(k *consumer.Consumer, hook *clientmodel.RevokeHook, cb *ssa.Function, batched *consumer.Call) {
	params, body := funcSyntax(cb)
	if params == nil || body == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSwitchStmt)
		if !ok {
			return true
		}
		for _, st := range ts.Body.List {
			cc := st.(*ast.CaseClause)
			if !c.listsType(cc, hook.RevokeEvent) || c.clauseCommits(cc, k.Client) {
				continue
			}
			cName, pe, ok := c.paramName(params, 0, "c", body)
			if !ok {
				continue
			}
			f := edit.File(c.pass, cc.Pos())
			logged, imports := edit.LogErr(c.pass, f, "commit on revoke", "err")
			text := fmt.Sprintf("if !%s.%s() {\n\tif _, err := %s.%s(); err != nil {\n\t\t%s\n\t}\n}",
				cName, clientmodel.ShortName(k.Client.AssignmentLost), cName, k.Client.CallName(clientmodel.Commit, clientmodel.ScopeMarked), logged)
			edits := append(pe, imports...)
			edits = append(edits, c.prependStmts(cc.Body, cc.Colon, text))
			d := analysis.Diagnostic{
				Pos:      cc.Pos(),
				End:      cc.Colon,
				Category: CategoryRevoke,
				Message: fmt.Sprintf("the %s case commits nothing while %s is off and the loop commits in batches: the messages processed since the last commit are replayed by the partitions' next owner at every rebalance and deploy (duplicates)",
					clientmodel.BareName(hook.RevokeEvent), k.Client.Spell(clientmodel.AutoCommit)),
				Related: []analysis.RelatedInformation{{Pos: batched.Pos(), Message: clientmodel.ShortName(batched.Func) + " commits only some of the time"}},
			}
			if !k.Settings.IsNot(k.Client, clientmodel.AutoStore) {
				// The callback runs inside a poll, while the loop may
				// hold a batch (audit 32d/13), or inside the client's
				// Close, which polls out what it had prefetched, storing
				// each message's offset as it hands it over, then serves
				// the revoke: a Commit() there commits them (audit
				// 37c/D11: 17 to 277 of 300 lost at a SIGTERM).
				d.Message += fmt.Sprintf("; no automatic fix: with %s on, the offsets stored when the callback runs include messages handed over and not processed (those the loop holds, or those the client's Close polls out as it leaves the group), which a commit there would commit; set it to false, store each message once processed, then commit on revoke", k.Client.Spell(clientmodel.AutoStore))
			} else {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   "Commit the stored offsets on revoke unless the assignment was lost",
					TextEdits: edits,
				}}
			}
			c.report(d)
		}
		return false
	})
}

// collectsAcrossPolls reports whether a fetch of k's returns a message
// whose data the fetch's loop appends to a slice declared outside that
// loop (rows = append(rows, [2][]byte{m.Key, m.Value}), written after
// the loop): the loop holds messages across polls.
func (c *checker) collectsAcrossPolls(k *consumer.Consumer) bool {
	for _, call := range k.Calls {
		if call.Role != clientmodel.Fetch {
			continue
		}
		_, path := edit.CallAt(c.pass, call.Pos())
		st, _ := edit.Stmt(path)
		as, ok := st.(*ast.AssignStmt)
		loop, body := edit.LoopOf(path)
		if !ok || loop == nil || body == nil || len(as.Lhs) == 0 {
			continue
		}
		msg, ok := as.Lhs[0].(*ast.Ident)
		if !ok || msg.Name == "_" {
			continue
		}
		found := false
		ast.Inspect(body, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
				return !found
			}
			if app, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); !ok || !edit.IsBuiltin(c.pass, app.Fun, "append") {
				return !found
			}
			dst, ok := a.Lhs[0].(*ast.Ident)
			if !ok || c.pass.TypesInfo.Uses[dst] == nil || c.pass.TypesInfo.Uses[dst].Pos() >= loop.Pos() {
				return !found
			}
			ast.Inspect(a.Rhs[0], func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == c.pass.TypesInfo.Defs[msg] && c.pass.TypesInfo.Defs[msg] != nil {
					found = true
				}
				return !found
			})
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// listsType reports whether a type switch case lists the named type event
// (the client's revocation event).
func (c *checker) listsType(cc *ast.CaseClause, event string) bool {
	for _, e := range cc.List {
		n, ok := c.pass.TypesInfo.TypeOf(e).(*types.Named)
		if ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path()+"."+n.Obj().Name() == event {
			return true
		}
	}
	return false
}

// clauseCommits reports whether a case body commits, directly or through
// an in-package function (or may: a helper of another package given the
// consumer).
func (c *checker) clauseCommits(cc *ast.CaseClause, cl *clientmodel.Client) bool {
	commits := false
	for _, st := range cc.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || commits {
				return !commits
			}
			fn := c.calleeOf(call)
			if fn == nil {
				return true
			}
			if ref, ok := c.ix.Call(fn); ok && ref.Role == clientmodel.Commit {
				commits = true
			} else if f := c.m.SSA.Pkg.Prog.FuncValue(fn); f != nil && c.m.Flow.InPackage(f) {
				found, opaque := c.reachCommits(f, cl)
				commits = len(found) > 0 || opaque
			} else if !c.isClientFunc(fn) && c.passesAST(call, cl.Consumer) {
				commits = true // a helper of another package given the consumer
			}
			return !commits
		})
	}
	return commits
}

// callRange returns the extent of the call expression whose left
// parenthesis is at lparen (the position SSA gives a call).
func (c *checker) callRange(lparen token.Pos) (token.Pos, token.Pos) {
	if call, _ := edit.CallAt(c.pass, lparen); call != nil {
		return call.Pos(), call.End()
	}
	return lparen, token.NoPos
}

// passesAST reports whether a call expression is given a value of the
// named type (its receiver included).
func (c *checker) passesAST(call *ast.CallExpr, typeName string) bool {
	exprs := append([]ast.Expr{}, call.Args...)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		exprs = append(exprs, sel.X)
	}
	for _, e := range exprs {
		if t := c.pass.TypesInfo.TypeOf(e); t != nil && types.TypeString(t, nil) == typeName {
			return true
		}
	}
	return false
}
