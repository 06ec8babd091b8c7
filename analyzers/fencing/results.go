package fencing

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
)

// site is one call of a commit or transaction call whose results matter,
// with the syntax around it.
type site struct {
	call *ast.CallExpr
	ref  clientmodel.ResultRef
	path []ast.Node // from the call up to the file
	file *ast.File
	// stmt is the statement holding the call: an expression statement or
	// an assignment of its results; list the statement list holding it
	// (nil for an if's init), ifInit the if whose init it is.
	stmt   ast.Stmt
	list   []ast.Stmt
	ifInit *ast.IfStmt
	// The error result: discarded (blank or unassigned), or a variable.
	errBlank bool
	errObj   types.Object
	// The committed result (franz-go End).
	commBlank bool
	commObj   types.Object
	// check is the `if err != nil` right after (or around) the call.
	check *ast.IfStmt
	// abort is the abort statement of a check that aborts and carries on.
	abort ast.Stmt
	// fn and sig are the enclosing function; loop the innermost loop in it
	// around the call.
	fn   ast.Node
	sig  *types.Signature
	loop ast.Stmt
	// consume reports whether loop is a consume loop: it fetches records
	// (not a retry loop around the call).
	consume bool
	// readsOn, for a call in a helper without results and without a
	// loop around the call (fd), names the function whose consume loop
	// calls it as a statement, when every call of the helper is one:
	// when the helper returns, that loop reads on.
	readsOn string
	fd      *ast.FuncDecl
	nres    int
}

// errState is what the code does with a call's error.
type errState int

const (
	errUnknown   errState = iota
	errDiscarded          // blank, never assigned, or never read
	errLogged             // checked, and the branch only logs and carries on
	errHandled            // checked, and the branch returns, stops or aborts
	errAbortedOn          // checked, and the branch aborts and carries on (site.abort)
)

// results checks every call whose results say whether a commit or a
// transaction happened: discarded or only-logged errors, ignored fencing
// errors, and ignored committed results or missing aborts.
func (c *checker) results() {
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if fn := c.calleeOf(call); fn != nil {
				if ref, ok := c.ix.Result(fn); ok {
					report.Guard(c.pass, call.Pos(), func() { c.result(f, call, ref) })
				} else if fn.Pkg() == c.pass.Pkg {
					report.Guard(c.pass, call.Pos(), func() {
						if w := c.commitWrapper(fn); w != nil {
							c.wrapperCall(f, call, fn, w) // wrapper.go
						}
					})
				} else if w := c.importedWrapper(fn); w != nil {
					report.Guard(c.pass, call.Pos(), func() { c.wrapperCall(f, call, fn, w) }) // wrapfact.go
				}
			}
			return true
		})
	}
}

// newSite describes the call, or returns nil for shapes not modelled
// (a deferred or go call, a result stored in a field, a call nested in an
// expression: the error flows somewhere the analysis does not follow).
func (c *checker) newSite(f *ast.File, call *ast.CallExpr, ref clientmodel.ResultRef) *site {
	_, path := edit.CallAt(c.pass, call.Lparen)
	if len(path) < 3 {
		return nil
	}
	sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if !ok {
		return nil
	}
	s := &site{call: call, ref: ref, path: path, file: f, nres: sig.Results().Len()}
	switch p := path[1].(type) {
	case *ast.ExprStmt:
		s.stmt, s.errBlank, s.commBlank = p, true, true
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || len(p.Lhs) != s.nres {
			return nil
		}
		s.stmt = p
		var ok bool
		if s.errBlank, s.errObj, ok = c.lhs(p.Lhs[ref.Err]); !ok {
			return nil
		}
		if ref.Committed >= 0 {
			if s.commBlank, s.commObj, ok = c.lhs(p.Lhs[ref.Committed]); !ok {
				return nil
			}
		}
	default:
		return nil
	}
	if ifs, ok := path[2].(*ast.IfStmt); ok && ifs.Init == s.stmt {
		s.ifInit = ifs
	} else {
		s.list = stmtList(path[1:])
		if s.list == nil {
			return nil
		}
	}
	s.fn, s.sig = c.funcOf(path)
	if s.fn == nil || s.sig == nil {
		return nil
	}
	loop, _ := edit.LoopOf(path)
	s.loop = loop
	s.consume = loop != nil && c.fetchesIn(loop)
	if fd, ok := s.fn.(*ast.FuncDecl); ok && loop == nil && s.sig.Results().Len() == 0 {
		s.fd, s.readsOn = fd, c.readOnBy(fd)
	}
	return s
}

// readOnBy returns the name of the function whose consume loop calls fd
// as a statement, when every call of fd in the package is one (ConsumeClaim
// calling h.relay(msg) for each message), else "".
func (c *checker) readOnBy(fd *ast.FuncDecl) string {
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return ""
	}
	by, ok := "", true
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, isCall := n.(*ast.CallExpr)
			if !ok || !isCall || c.calleeOf(call) != fn {
				return ok
			}
			_, path := edit.CallAt(c.pass, call.Lparen)
			if len(path) < 2 {
				ok = false
				return false
			}
			loop, _ := edit.LoopOf(path)
			caller, _ := c.funcOf(path)
			cd, isDecl := caller.(*ast.FuncDecl)
			es, isStmt := path[1].(*ast.ExprStmt)
			if !isStmt || es.X != call || loop == nil || !c.fetchesIn(loop) || !isDecl || c.leavesAfter(path[1:], es) {
				ok = false
				return false
			}
			by = cd.Name.Name
			return true
		})
	}
	if !ok {
		return ""
	}
	return by
}

// leavesAfter reports whether the statement after s (in the list path
// leads to) is an if whose body leaves the loop or the function (a check
// of what the call left behind: if h.aborted > 0 { return errAborted }):
// the loop may not read on.
func (c *checker) leavesAfter(path []ast.Node, s ast.Stmt) bool {
	list := stmtList(path)
	ifs, ok := edit.Next(list, s).(*ast.IfStmt)
	if !ok || len(ifs.Body.List) == 0 {
		return false
	}
	last := ifs.Body.List[len(ifs.Body.List)-1]
	if br, isBranch := last.(*ast.BranchStmt); isBranch {
		return br.Tok == token.BREAK || br.Tok == token.GOTO
	}
	_, isReturn := last.(*ast.ReturnStmt)
	return isReturn || c.terminal(last)
}

// lhs classifies the left-hand side an assignment stores a result in.
func (c *checker) lhs(e ast.Expr) (blank bool, obj types.Object, ok bool) {
	id, isID := e.(*ast.Ident)
	if !isID {
		return false, nil, false
	}
	if id.Name == "_" {
		return true, nil, true
	}
	obj = c.pass.TypesInfo.ObjectOf(id)
	if _, isVar := obj.(*types.Var); !isVar {
		return false, nil, false
	}
	return false, obj, true
}

// isNilCheck reports whether cond is `obj != nil`.
func (c *checker) isNilCheck(cond ast.Expr, obj types.Object) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	isObj := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == obj
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		_, isNil := c.pass.TypesInfo.Uses[id].(*types.Nil)
		return ok && isNil
	}
	return isObj(be.X) && isNil(be.Y) || isNil(be.X) && isObj(be.Y)
}

// errState finds the check of the call's error and says what it does.
func (c *checker) errState(s *site) errState {
	if s.errBlank {
		return errDiscarded
	}
	if s.ifInit != nil {
		if !c.isNilCheck(s.ifInit.Cond, s.errObj) {
			return errUnknown
		}
		s.check = s.ifInit
	} else if ifs, ok := edit.Next(s.list, s.stmt).(*ast.IfStmt); ok && ifs.Init == nil && c.mentions(ifs.Cond, s.errObj) {
		if !c.isNilCheck(ifs.Cond, s.errObj) {
			return errUnknown
		}
		s.check = ifs
	} else {
		if !c.neverRead(s) {
			return errUnknown
		}
		return errDiscarded
	}
	switch kind := c.branch(s.check.Body.List, s.loop); kind {
	case branchLogs, branchLogsContinue:
		if kind == branchLogs && c.terminal(edit.Next(s.list, s.check)) {
			return errHandled // the loop stops right after
		}
		return errLogged
	case branchHandles:
		if abort := c.abortsOn(s.check.Body.List, s.readsOn != ""); abort != nil && !c.terminal(edit.Next(s.list, s.check)) {
			s.abort = abort
			return errAbortedOn
		}
		return errHandled
	}
	return errUnknown
}

// neverRead reports whether the error the call returns is never read: in
// SSA form (pruned of dead phis) its value has no referrers. A variable
// that a closure captures or whose address is taken has referrers.
func (c *checker) neverRead(s *site) bool {
	call := c.ssaCall(s.call.Lparen)
	if call == nil {
		return false
	}
	var v ssa.Value = call
	if s.nres > 1 {
		v = nil
		for _, ref := range *call.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == s.ref.Err {
				v = ex
			}
		}
		if v == nil {
			return true // the error result is not even extracted
		}
	}
	return len(*v.Referrers()) == 0
}

// ssaCall returns the SSA call whose left parenthesis is at lparen.
func (c *checker) ssaCall(lparen token.Pos) *ssa.Call {
	if c.calls == nil {
		c.calls = map[token.Pos]*ssa.Call{}
		for _, fn := range c.m.SSA.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(*ssa.Call); ok {
						c.calls[call.Pos()] = call
					}
				}
			}
		}
	}
	return c.calls[lparen]
}

// branchKind is what a branch taken on an error does.
type branchKind int

const (
	branchOther        branchKind = iota // something the analysis does not judge
	branchLogs                           // only logs or counts, then falls through
	branchLogsContinue                   // only logs or counts, then continues the loop
	branchHandles                        // returns, stops the loop, cancels, aborts or exits
)

// branch classifies a list of statements run when an error occurred.
func (c *checker) branch(list []ast.Stmt, loop ast.Stmt) branchKind {
	kind := branchLogs
	for i, st := range list {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			return branchHandles
		case *ast.ExprStmt:
			call, ok := ast.Unparen(st.X).(*ast.CallExpr)
			switch {
			case !ok:
				return branchOther
			case c.terminates(call), c.isCancel(call), c.isAbort(call):
				return branchHandles
			case !c.isLogging(call):
				return branchOther
			}
		case *ast.IfStmt:
			// if aerr := p.AbortTransaction(ctx); aerr != nil { ... }
			if as, ok := st.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && c.abortFailed(as, st.Cond) {
				if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && c.isAbort(call) {
					return branchHandles
				}
			}
			return branchOther
		case *ast.IncDecStmt, *ast.EmptyStmt:
		case *ast.AssignStmt:
			if call := blankCall(st); call != nil && c.isAbort(call) {
				return branchHandles // _ = p.AbortTransaction(ctx)
			}
			if st.Tok != token.ADD_ASSIGN {
				return branchOther
			}
		case *ast.BranchStmt:
			switch {
			case st.Tok == token.CONTINUE && i == len(list)-1 && loop != nil:
				kind = branchLogsContinue
			case st.Tok == token.BREAK && st.Label == nil:
				// Breaks the loop only if no switch or select is in between:
				// not judged.
				return branchOther
			default:
				return branchOther
			}
		default:
			return branchOther
		}
	}
	return kind
}

// isAbort reports whether call aborts a transaction: one of the model's
// aborts, with its boolean argument the constant false where it has one.
func (c *checker) isAbort(call *ast.CallExpr) bool {
	fn := c.calleeOf(call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	cl := c.ix.Client(fn.Pkg().Path())
	if cl == nil {
		return false
	}
	for _, a := range cl.TxnAbort {
		if a.Func != fn.FullName() {
			continue
		}
		if a.FalseArg < 0 {
			return true
		}
		if a.FalseArg < len(call.Args) {
			if tv, ok := c.pass.TypesInfo.Types[call.Args[a.FalseArg]]; ok && tv.Value != nil && tv.Value.String() == "false" {
				return true
			}
		}
	}
	return false
}

// terminal reports whether s ends the loop or the function (return,
// break, goto, panic, exit).
func (c *checker) terminal(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK || s.Tok == token.GOTO
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok {
			return c.terminates(call) || c.isCancel(call)
		}
	}
	return false
}

// result checks one call.
func (c *checker) result(f *ast.File, call *ast.CallExpr, ref clientmodel.ResultRef) {
	s := c.newSite(f, call, ref)
	if s == nil {
		c.deferredCommit(f, call, ref) // deferred.go
		return
	}
	if ref.NeedsSetting != "" && !c.settingHolds(call, ref) {
		return
	}
	if k := c.consumerOf(call); k != nil && k.Settings.IsNot(k.Client, clientmodel.Group) && !groupCommit(ref) {
		return // not in a group: commits fail whatever the code does
	}
	if ref.Committed < 0 && c.isAbort(call) {
		return // EndTransaction(ctx, TryAbort) commits nothing: no output to lose
	}
	if ref.Swallow == clientmodel.SwallowSkips {
		c.beginSkipped(s) // begin.go
		return
	}
	if ref.Swallow != clientmodel.SwallowReplays && !s.consume && s.loop == nil {
		// A transaction in a function literal called in place in the
		// loop, whose return ends only the literal (beginlit.go).
		if il := c.invokedLitOf(s); il != nil && c.swallowedInLit(s, il) {
			return
		}
	}
	state := c.errState(s)
	if state == errAbortedOn {
		// Whatever failed, the abort discards the transaction's output
		// while the consumer has moved past its records.
		if ref.Swallow != clientmodel.SwallowReplays && ref.Swallow != clientmodel.SwallowStalls && (s.consume || s.readsOn != "") {
			c.abortWithoutRewind(s, s.abort) // abort.go
		}
		state = errHandled
	}
	if ref.Swallow == clientmodel.SwallowResurfaces {
		return // its error comes back from the transaction's commit
	}
	switch {
	case state == errDiscarded:
		c.reportSwallowed(s, false)
	case state == errLogged && ref.Swallow != clientmodel.SwallowReplays && s.consume:
		c.reportSwallowed(s, true)
	default:
		c.responsesDropped(s) // folds.go
	}
	if ref.Swallow != clientmodel.SwallowReplays && s.errObj != nil {
		c.fencingIgnored(s)
	}
	if ref.Swallow == clientmodel.SwallowReplays && s.errObj != nil {
		c.groupFencingIgnored(s)
	}
	if state == errHandled && ref.Abort != "" {
		c.missingAbort(s)
	}
	if state == errHandled && ref.Committed >= 0 && !c.isAbort(call) {
		c.committedIgnored(s)
	}
}

// settingHolds reports whether the consumer the call is made on is known
// to have the setting the call's error needs (kafka-go: synchronous
// commits).
func (c *checker) settingHolds(call *ast.CallExpr, ref clientmodel.ResultRef) bool {
	k := c.consumerOf(call)
	if k == nil {
		return false
	}
	on, known := k.Settings.Get(k.Client, ref.NeedsSetting)
	return known && on == ref.NeedsValue
}

// consumerOf returns the consumer a modelled call is made on, if known.
func (c *checker) consumerOf(call *ast.CallExpr) *consumer.Consumer {
	for _, mc := range c.m.Calls {
		if mc.Pos() == call.Lparen {
			return mc.Consumer
		}
	}
	return nil
}

// what names the call's operation in wrapped errors.
func what(ref clientmodel.ResultRef) string {
	switch {
	case ref.Committed >= 0:
		return "end transaction"
	case ref.Swallow == clientmodel.SwallowReplays:
		return "commit offsets"
	case ref.Swallow == clientmodel.SwallowRedoes:
		return "send offsets"
	case ref.Swallow == clientmodel.SwallowSkips:
		return "begin transaction"
	case ref.Swallow == clientmodel.SwallowResurfaces:
		return "add offsets to transaction"
	}
	return "commit transaction"
}

// cost says what carrying on after the call's failure costs with its
// client.
func cost(ref clientmodel.ResultRef) string {
	name := clientmodel.ShortName(ref.Func)
	switch ref.Swallow {
	case clientmodel.SwallowLoses:
		if ref.Begin != "" {
			until := "the transaction is aborted"
			if ref.Abort != "" {
				until = ref.Abort + " is called"
			}
			return ref.Client.Name + " accepts no " + ref.Begin + " after a failed " + name + " until " + until + ", so every later transaction fails while the loop goes on: alive but making no progress until a restart redoes the records from the committed offsets (an abort here without a rewind would lose them instead)"
		}
		return "the consumer has already moved past the batch, so the next successful transaction commits later offsets and the failed batch's output is lost"
	case clientmodel.SwallowStalls:
		return "errors of " + name + " are not retryable (the transactional session is fenced or failed), so the loop keeps polling while every " + name + " fails: alive but making no progress"
	case clientmodel.SwallowRedoes:
		return "if the transaction still commits (after a retriable failure it does), its output is committed without the consumed offsets, so the batch is consumed and its output produced again (duplicates despite the transaction)"
	}
	return "a failed commit, such as one rejected after a rebalance, goes unnoticed, and a restart or the partition's next owner replays everything since the last successful commit (duplicates)"
}

// groupCommit reports whether ref commits a group's offsets by itself
// (kadm, Generation.CommitOffsets): it works for a consumer that is not a
// group member, so its failures matter there too.
func groupCommit(ref clientmodel.ResultRef) bool {
	call, ok := clientmodel.Default.CallByName(ref.Func)
	return ok && call.GroupCommit
}
