package ordering

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// report reports commit p made before site processes its record, with the
// fix that moves it after the processing.
func (c *checker) report(p *position, site ssa.Instruction) {
	if fn := ssaflow.Callee(p.instr.Common()); p.helper && fn != nil && c.movedToCallers[fn] {
		return // the finding in the helper moves its commit here
	}
	client := clientmodel.ShortName(p.client.Func)
	name := client
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	if p.helper {
		name += " (" + client + ")"
	}
	if p.closure != nil {
		name = p.closure.name
	}
	noun := p.client.Client.RecordNoun
	subject, object := "the "+noun+" is", "the "+noun
	if c.isBatch(p) || p.closure != nil && p.closure.iterator {
		subject, object = "the "+noun+"s are", "the "+noun+"s"
	}
	var msg string
	processed := noun
	if p.closure != nil && p.closure.iterator {
		processed = noun + "s"
	}
	related := []analysis.RelatedInformation{{Pos: site.Pos(), Message: processed + " processed here"}}

	if p.returned != nil {
		what, them := object, "it"
		if c.isBatch(p) || p.client.Scope == clientmodel.ScopePolled {
			what, them = "the "+noun+"s", "them"
		}
		related = []analysis.RelatedInformation{
			{Pos: p.returned.Pos(), Message: what + " returned here, after the commit, to a caller that processes " + them},
			{Pos: site.Pos(), Message: strings.TrimPrefix(what, "the ") + " processed here, by the caller"},
		}
	}
	switch {
	case p.closure != nil:
		cost := "a crash between them loses " + object + " (at-most-once)"
		switch p.client.Role {
		case clientmodel.Mark:
			cost = "with auto-commit on, " + cost
		case clientmodel.Store:
			cost = "the auto-commit timer may commit the stored offset at any moment, so " + cost
		}
		msg = fmt.Sprintf("call to %s, a closure that %s, before %s processed: %s", name, closureVerb(p), subject, cost)
		if p.closure.iterator {
			msg = fmt.Sprintf("call to %s, whose function %s, before %s processed: %s", name, closureVerb(p), subject, cost)
		}
		related = append(related, analysis.RelatedInformation{Pos: p.closure.inner.Pos(), Message: "offset written here, in the closure"})
		if p.closure.iterator {
			related[len(related)-1].Message = "offset written here, in the function " + name + " runs"
		}
	case p.marked:
		marks := c.marksBefore(p)
		what := "marked"
		if marks[0].Role == clientmodel.Store {
			what = "stored"
		}
		msg = fmt.Sprintf("call to %s before %s processed: it commits the offset %s by %s above, so a crash between them loses %s (at-most-once)",
			name, subject, what, clientmodel.ShortName(marks[0].Func), object)
		related = append(related, analysis.RelatedInformation{Pos: marks[0].Pos(), Message: "offset " + what + " here"})
	case p.row != nil && p.rowExec != nil:
		msg = fmt.Sprintf("call to %s commits the offset row (%s.%s) before %s processed: the consumer resumes from that row, so a crash between them loses %s (at-most-once)",
			name, p.row.Table, p.row.Col, subject, object)
		related = append(related, analysis.RelatedInformation{Pos: p.rowExec.Pos(), Message: "offset row written here"})
	case p.row != nil:
		msg = fmt.Sprintf("call to %s writes the offset row (%s.%s) before %s processed: the consumer resumes from that row, so a crash between them loses %s (at-most-once)",
			name, p.row.Table, p.row.Col, subject, object)
	case c.batchLast(p) && (p.client.Role == clientmodel.Mark || p.client.Role == clientmodel.Store || p.client.Scope == clientmodel.ScopeArgs):
		// The last record of a batch: its position passes the batch's
		// records of its partition, not those of the others.
		what := "commits its partition past"
		cost := "so a crash between them loses them"
		switch p.client.Role {
		case clientmodel.Mark:
			what, cost = "marks its partition past", "so with auto-commit on a crash between them loses them"
		case clientmodel.Store:
			what, cost = "stores its partition's offset past", "and the auto-commit timer may commit it at any moment, so a crash between them loses them"
		}
		msg = fmt.Sprintf("call to %s with the batch's last %s before the batch is processed: it %s every %s of the batch from that partition, %s (at-most-once)", name, noun, what, noun, cost)
		related[0].Message = "batch processed here"
	case p.client.Role == clientmodel.Mark:
		when, between := "before "+subject+" processed", "between them"
		if p.kept != nil {
			when, between = "as "+object+" is kept in a batch processed later", "before the batch is processed"
			related[0].Message = "batch processed here"
		}
		cost := "with auto-commit on, a crash " + between
		switch ci, ok := committerInstr(p); {
		case p.committedBy == nil && !autoCommitOn(p) && c.marksCommitAfter(p, site) != nil:
			// The configuration is out of sight, and a commit of the
			// marks follows the mark (audit 36c/D5: "with auto-commit
			// on" was said of a group built with it off).
			mc := c.marksCommitAfter(p, site)
			cost = fmt.Sprintf("the %s below sends it (as auto-commit would), so a crash %s", clientmodel.ShortName(mc.Func), between)
			related = append(related, analysis.RelatedInformation{Pos: mc.Pos(), Message: "the mark committed here"})
		case ok && ssaflow.Dominates(ci, site):
			// This claim's own commit, between the mark and the processing.
			cost = fmt.Sprintf("auto-commit is off, but the %s below sends it, so a crash %s", clientmodel.ShortName(p.committedBy.Func), between)
			related = append(related, analysis.RelatedInformation{Pos: p.committedBy.Pos(), Message: "the mark committed here"})
		case p.otherClaims != nil:
			cost = fmt.Sprintf("auto-commit is off, but the %s every claim runs sends the marks of all the session's claims, so once another claim commits, a crash %s", clientmodel.ShortName(p.otherClaims.Func), between)
			related = append(related, analysis.RelatedInformation{Pos: p.otherClaims.Pos(), Message: "the session's marks committed here, by each claim"})
		}
		msg = fmt.Sprintf("call to %s %s: %s loses %s (at-most-once)", name, when, cost, object)
	case p.client.Role == clientmodel.Store:
		msg = fmt.Sprintf("call to %s before %s processed: the auto-commit timer may commit the stored offset at any moment, so a crash between them loses %s (at-most-once)", name, subject, object)
	case p.client.Scope == clientmodel.ScopePolled:
		msg = fmt.Sprintf("call to %s before the polled %ss are processed: it commits everything polled, this batch included, so a crash between them loses the batch (at-most-once)", name, noun)
	case p.client.Scope == clientmodel.ScopeMarked && p.client.Client.Spell(clientmodel.AutoStore) != "":
		msg = fmt.Sprintf("call to %s before %s processed: with %s on it commits the offsets of %ss already handed out, so a crash between them loses %s (at-most-once)",
			name, subject, p.client.Client.Spell(clientmodel.AutoStore), noun, object)
	default:
		msg = fmt.Sprintf("call to %s before %s processed: a crash between them loses %s (at-most-once)", name, subject, object)
	}
	// Reported even when no fix is built: TestEveryFindingHasAFix fails
	// on such a finding, so the missing fix gets built instead of the bug
	// going silent.
	var fixes []analysis.SuggestedFix
	if p.nth != nil {
		if fix, ok := c.moveGuardAfter(p.nth, name); ok {
			fixes = append(fixes, fix)
		}
	} else if p.kept != nil {
		if fix, ok := c.keptFix(p, name); ok {
			fixes = append(fixes, fix)
		} else if fix, ok := c.moveAfter(p, site); ok {
			// A batch written when it is full, in the loop's body: its
			// records kept beside it (pendingFix).
			fixes = append(fixes, fix)
		}
	} else if fix, ok := c.moveAfter(p, site); ok {
		fixes = append(fixes, fix)
	}
	if len(fixes) == 0 {
		msg += "; no automatic fix: " + c.noMoveWhy(p, name)
	}
	if fn := ssaflow.Callee(p.instr.Common()); p.helper && fn != nil && fn.Pkg() != c.pass.Pkg && fn.Pos().IsValid() {
		// A helper of another package: the report finds the consumer
		// the finding belongs to by this position, in its code.
		related = append(related, analysis.RelatedInformation{Pos: fn.Pos(), Message: fn.Name() + " calls " + client + " on the consumer"})
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:            p.instr.Pos(),
		Category:       CategoryCommitBefore,
		Message:        msg,
		Related:        related,
		SuggestedFixes: fixes,
	})
}

// committerInstr returns the call of p's committedBy, the commit of
// the marks p's function makes after p, when p's marks are committed by
// the other claims too (otherClaims).
func committerInstr(p *position) (*ssa.Call, bool) {
	if p.otherClaims == nil || p.committedBy == nil {
		return nil, false
	}
	ci, ok := p.committedBy.Instr.(*ssa.Call)
	return ci, ok
}

// onlyLogsBlock reports whether s is nil, or a block of log lines only.
func (c *checker) onlyLogsBlock(s ast.Stmt) bool {
	if s == nil {
		return true
	}
	b, ok := s.(*ast.BlockStmt)
	return ok && !slices.ContainsFunc(b.List, func(x ast.Stmt) bool { return !c.onlyLogsStmt(x) })
}

// onlyLogsStmt reports whether s is a call of an ignored function (a log
// line) as a statement.
func (c *checker) onlyLogsStmt(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return ok && c.ignored(fn)
}

// autoCommitOn reports whether p's consumer is known to commit on a
// timer.
func autoCommitOn(p *position) bool {
	return p.k != nil && p.k.Settings != nil && p.k.Settings.Is(p.client.Client, clientmodel.AutoCommit)
}

// marksCommitAfter returns the commit of what is marked or stored (sarama's
// sess.Commit()) of p's client that p, a mark or store, is followed by in
// its function before the processing at site, or nil.
func (c *checker) marksCommitAfter(p *position, site ssa.Instruction) *consumer.Call {
	if p.client.Role != clientmodel.Mark && p.client.Role != clientmodel.Store {
		return nil
	}
	for _, call := range c.m.Calls {
		ci, ok := call.Instr.(*ssa.Call)
		if ok && call.Fn == p.fn && call.Client == p.client.Client && call.Role == clientmodel.Commit && call.Scope == clientmodel.ScopeMarked &&
			ssaflow.Dominates(p.instr, ci) && ssaflow.ReachesStopping(ci, site, func(x ssa.Instruction) bool { return x == p.instr }) {
			return call
		}
	}
	return nil
}

// commitsMarks returns the commit of what is marked or stored on p's
// client that s only makes: the call as a statement, in an if's init
// (`if _, err := c.Commit(); err != nil { ... }`), or as the one
// statement of an if with no init and no else (`if h.sync {
// sess.Commit() }`); nil otherwise.
func (c *checker) commitsMarks(s ast.Stmt, p *position) *consumer.Call {
	var x ast.Expr
	switch st := s.(type) {
	case *ast.ExprStmt:
		x = st.X
	case *ast.IfStmt:
		if as, ok := st.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && st.Else == nil {
			x = as.Rhs[0]
		} else if st.Init == nil && c.onlyLogsBlock(st.Else) {
			// if h.sync { log; sess.Commit() } else { log }: review
			// 36-2/D13.
			var mc *consumer.Call
			for _, b := range st.Body.List {
				if k := c.commitsMarks(b, p); k != nil && mc == nil {
					mc = k
				} else if !c.onlyLogsStmt(b) {
					return nil
				}
			}
			return mc
		}
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	for _, k := range c.m.Calls {
		if k.Pos() == call.Lparen && k.Client == p.client.Client && k.Role == clientmodel.Commit && k.Scope == clientmodel.ScopeMarked {
			return k
		}
	}
	return nil
}

// noMoveWhy says why the commit p (called name) could not be moved after
// the processing, and what to do instead, for a finding without a fix.
func (c *checker) noMoveWhy(p *position, name string) string {
	switch {
	case p.nth != nil:
		return "the statements between the guarded " + name + " and the processing set what it uses, or use what it sets; call it after the processing"
	case p.somePaths:
		return "the statements after it process the " + p.client.Client.RecordNoun + " on some paths only (a batch written when it is full), so moved after them " + name + " would still come first on the others; keep the " + p.client.Client.RecordNoun + "s beside the batch and call " + name + " for each of them once the batch is written"
	case p.startedWhy != "":
		return p.startedWhy
	case p.keptFor != "":
		return "no statement here is sure to come after the " + p.client.Client.RecordNoun + "'s processing (" + p.keptFor + "); call " + name + " where it is processed"
	case p.returned != nil && c.collects(p):
		return name + " is made for each " + p.client.Client.RecordNoun + " of what its function collects in a loop and returns, so no call of the callers stands for it; make it in the callers, for each " + p.client.Client.RecordNoun + " returned, once they are processed"
	case p.returned != nil || c.recordLeaves(p):
		return name + " cannot be moved to each caller after its processing (a caller's argument for a parameter it uses cannot be evaluated first, or its error check returns more than an error); make it in the callers, after the processing"
	}
	return name + " cannot be moved after the processing within its block here (the processing is elsewhere, or the statements between them depend on each other); call it after the processing, on its success path"
}

// collects reports whether p's call is in a loop of its function,
// which returns a slice (p.returned): a batch collected a record at a
// time, each written as it joins.
func (c *checker) collects(p *position) bool {
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	if loop, _ := edit.LoopOf(path); loop == nil {
		return false
	}
	return slices.ContainsFunc(p.returned.Results, func(v ssa.Value) bool {
		_, isSlice := v.Type().Underlying().(*types.Slice)
		return isSlice
	})
}

// batchLast reports whether p writes the position of the last record of
// a batch processed after it (if last != nil { commit(last) }, or
// batch[len(batch)-1]), rather than of the record just fetched.
func (c *checker) batchLast(p *position) bool {
	return p.returned == nil && (p.nth != nil && p.nth.last || lastOfBatch(p.arg) != nil)
}

// isBatch reports whether p writes the positions of a batch: its record
// argument is a slice passed with ..., or a slice of records.
func (c *checker) isBatch(p *position) bool {
	if p.arg == nil {
		return false
	}
	call, _ := edit.CallAt(c.pass, p.instr.Pos())
	if call != nil && call.Ellipsis.IsValid() {
		return true
	}
	if _, isSlice := p.arg.Type().Underlying().(*types.Slice); isSlice && call != nil && !call.Ellipsis.IsValid() {
		// A variadic call with single records: not a batch.
		if sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature); ok && sig.Variadic() {
			return false
		}
		return c.isRecordish(p.arg.Type())
	}
	return false
}

// moveAfter builds the fix: move the statement making the position call
// (with the error check right after it) after the last statement of the
// same list that processes the record.
func (c *checker) moveAfter(p *position, site ssa.Instruction) (analysis.SuggestedFix, bool) {
	name := "commit"
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	if p.closure != nil {
		name = p.closure.name
	}
	if c.recordLeaves(p) {
		// Processed (also) after the function returns: a commit moved
		// within it would still come first.
		return c.moveToCaller(p, name)
	}
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	if path == nil {
		return analysis.SuggestedFix{}, false
	}
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	if idx < 0 {
		return analysis.SuggestedFix{}, false
	}
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1 // keep the error handling with the call
	}
	// The last statement of the list that processes the record.
	target := -1
	for i := last + 1; i < len(list); i++ {
		if c.containsProcessing(list[i], p) {
			target = i
		}
	}
	if target < 0 {
		// The commit retried in a loop (for { if commit() == nil { break } }),
		// the processing after it: the whole loop moves.
		if loop, outer := retryLoop(path, stmt); loop != nil && len(c.sitesIn(loop, p)) == 0 && !branchesOut(loop) {
			list, idx, last = *outer, indexOf(*outer, loop), indexOf(*outer, loop)
			stmt = loop
			for i := last + 1; i < len(list); i++ {
				if c.containsProcessing(list[i], p) {
					target = i
				}
			}
		}
	}
	if target < 0 {
		return analysis.SuggestedFix{}, false
	}
	// Past the tests of what the processing answers (code := post(v); if
	// code >= 500 { return err }; applied := apply(v); if !applied {
	// return errRefused }): moved between, the call writes the position
	// of a record whose failure the tests then find (trial 41e/D17, D18:
	// the fixed code lost 3 of 300 and re-linted silent).
	for target+1 < len(list) {
		ifs, ok := list[target+1].(*ast.IfStmt)
		if !ok || !c.testsAnswer(ifs, list[last+1:target+1]) {
			break
		}
		target++
	}
	// A processing that may keep the record for later (h.B.Add(msg.Value)
	// buffering it; handsoff.Result.KeptBy): moved after it, the call
	// would still come before the record's effect (review 32-1).
	mentions := c.mentionsRecord(path[0])
	for _, s := range list[last+1 : target+1] {
		ast.Inspect(s, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && p.keptFor == "" {
				p.keptFor = c.ho.KeptBy(call, func(a ast.Expr) bool { return mentions(a) }, true)
			}
			_, lit := n.(*ast.FuncLit)
			return p.keptFor == "" && !lit
		})
		if p.keptFor != "" {
			return analysis.SuggestedFix{}, false
		}
	}
	if ifs, batch := batchFlush(list, target); ifs != nil && !slices.ContainsFunc(list[last+1:target], func(s ast.Stmt) bool { return c.processesEveryPath(s, p) }) {
		// A batch the record joined, written when it is full (if
		// len(batch) >= size { flush() }): moved after the if, the call
		// would still come first whenever the batch is not full.
		if fix, ok := c.pendingFix(p, path, list, idx, last, target, ifs, batch, name); ok {
			return fix, true
		}
		p.somePaths = true
		return analysis.SuggestedFix{}, false
	}
	// After a return the commit would never run, and after a go statement
	// it would still run before the processing: those are rewritten
	// (rewrite.go). A goroutine before the last processing is not.
	// A go statement processing the record before the last processing
	// runs its call in place: moved after the last processing, the
	// commit would still come before the goroutine's work.
	_, isReturn := list[target].(*ast.ReturnStmt)
	var inPlace []analysis.TextEdit
	var waited []string
	serial := false // a helper's go keyword dropped
	for i := last + 1; i <= target; i++ {
		if helped := c.helperSites(list[i], p); len(helped) > 0 {
			// A call of a function of the package that only starts
			// goroutines for the record (processFetch(fetches)):
			// moved after it, the call would still come before their
			// work, unless that function waits for them.
			if slices.ContainsFunc(c.sitesIn(list[i], p), func(site ssa.Instruction) bool {
				return c.startsLater(site) && (c.later[site] == nil || len(c.later[site].helpers) == 0)
			}) {
				return analysis.SuggestedFix{}, false // goroutines of its own too
			}
			for _, lw := range helped {
				edits, msg, why := c.helperFix(lw, name, p.client.Client.RecordNoun)
				if why != "" {
					p.startedWhy = why
					return analysis.SuggestedFix{}, false
				}
				for _, e := range edits {
					// Sites of one helper call share its edits (audit
					// 34e/D1: overlapping edits, the finding lost).
					if !slices.ContainsFunc(inPlace, func(x analysis.TextEdit) bool {
						return x.Pos == e.Pos && x.End == e.End && string(x.NewText) == string(e.NewText)
					}) {
						inPlace = append(inPlace, e)
					}
				}
				serial = serial || strings.HasSuffix(msg, oneAtATime)
				if h := lw.helpers[0].Name(); !slices.Contains(waited, h) {
					waited = append(waited, h)
				}
			}
			continue
		}
		if !c.startsGoroutine(list[i], p) || i == target && !isReturn {
			continue
		}
		gos, ok := c.goStmtsIn(list[i], p)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		for _, g := range gos {
			text, imports, ok := c.goInPlace(edit.Signature(c.pass, path), g, p.client.Client.RecordNoun)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			e, ok := c.lineEdit(g, text)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			for _, im := range imports {
				if !slices.ContainsFunc(inPlace, func(x analysis.TextEdit) bool { return x.Pos == im.Pos && string(x.NewText) == string(im.NewText) }) {
					inPlace = append(inPlace, im)
				}
			}
			inPlace = append(inPlace, e)
		}
	}
	fix, ok := c.moveAfterTo(p, path, list, idx, last, target, name)
	if !ok || len(inPlace) == 0 {
		return fix, ok
	}
	fix.Message = fmt.Sprintf("Run the goroutine's work in place and move %s after the %s is processed%s", name, p.client.Client.RecordNoun, oneAtATime)
	if len(waited) > 0 {
		fix.Message = fmt.Sprintf("Make %s finish the work it starts before it returns, and move %s after it", strings.Join(waited, " and "), name)
		if serial {
			fix.Message += oneAtATime
		}
	}
	fix.TextEdits = append(fix.TextEdits, inPlace...)
	return fix, true
}

// testsAnswer reports whether ifs tests (in its init or condition) a
// variable one of stmts assigns.
func (c *checker) testsAnswer(ifs *ast.IfStmt, stmts []ast.Stmt) bool {
	assigned := map[types.Object]bool{}
	for _, s := range stmts {
		if as, ok := s.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil {
						assigned[obj] = true
					}
				}
			}
		}
	}
	found := false
	for _, n := range []ast.Node{ifs.Init, ifs.Cond} {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && assigned[c.pass.TypesInfo.Uses[id]] {
				found = true
			}
			return !found
		})
	}
	return found
}

// moveAfterTo builds the fix moving list[idx..last] after list[target]
// (see moveAfter), path running from the commit call up.
func (c *checker) moveAfterTo(p *position, path []ast.Node, list []ast.Stmt, idx, last, target int, name string) (analysis.SuggestedFix, bool) {
	stmt := list[idx]
	_, isReturn := list[target].(*ast.ReturnStmt)
	// A call of a function of the package starting the work is made to
	// wait for it (helperFix): the commit then follows it as it is.
	rewrite := isReturn || c.startsGoroutine(list[target], p) && len(c.helperSites(list[target], p)) == 0
	if !rewrite {
		// Keep the checks of the processing's outcome before the commit:
		// `if indexErr != nil { return indexErr }` after an EachRecord,
		// or a switch telling its errors apart (`var terr *TransientError;
		// switch { case err == nil: ... }`), whose nil case gets it.
		for target+1 < len(list) {
			switch {
			case isNilCheck(list[target+1]) || edit.SuccessCase(c.pass, list[target+1], list[last+1:target+1]) != nil:
				target++
				continue
			case target+2 < len(list) && edit.IsBareVar(list[target+1]) && edit.SuccessCase(c.pass, list[target+2], list[last+1:target+1]) != nil:
				target += 2
				continue
			}
			break
		}
	}
	// A context made for the call alone right before it (cctx, cancel :=
	// context.WithTimeout(ctx, 5*time.Second)) moves with it, and so does
	// its release right after (cancel()): left behind, its time would run
	// during the processing, or it would be cancelled before the moved
	// call (audit 28d/3: every commit failed, the consumer stopped).
	for idx > 0 {
		if c.contextFor(list[idx-1], list[idx:last+1], list[last+1:]) {
			idx--
			continue
		}
		// cctx, cancel := context.WithTimeout(...); defer cancel()
		if idx > 1 && c.releases(list[idx-1], list[idx-2]) && c.contextFor(list[idx-2], list[idx-1:last+1], list[last+1:]) {
			idx -= 2
			continue
		}
		break
	}
	// A commit of the marks right after a mark (sess.MarkMessage(m, "");
	// sess.Commit()) moves with it: left behind, it would commit the
	// previous record's mark, and a claim's last mark never (audit
	// 36c/D5).
	for (p.client.Role == clientmodel.Mark || p.client.Role == clientmodel.Store) && last+1 < target {
		// Log lines between them move too (review 36-1/D9).
		next := last + 1
		for next < target && c.onlyLogsStmt(list[next]) {
			next++
		}
		if next >= target {
			break
		}
		mc := c.commitsMarks(list[next], p)
		if mc == nil {
			break
		}
		if last == idx {
			name += " and " + clientmodel.ShortName(mc.Func)
		}
		last = next
	}
	// Statements right after the moved ones that read what they define
	// (a log of the committed offsets, the context's release) and
	// process nothing move with them.
	for last+1 < target && !c.containsProcessing(list[last+1], p) && c.readsDefinedBy(list[idx:last+1], list[last+1]) {
		last++
	}
	// The moved statements may not define anything the statements they
	// move past use.
	for i := idx; i <= last; i++ {
		if c.definesUsedIn(list[i], list[last+1:target+1], list[target+1:]) {
			return analysis.SuggestedFix{}, false
		}
	}
	tf := c.pass.Fset.File(stmt.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.SuggestedFix{}, false
	}
	// Cut whole lines [start of stmt's line, end of last moved stmt's line].
	start := tf.LineStart(tf.Line(list[idx].Pos()))
	endOff := tf.Offset(list[last].End())
	for endOff < len(content) && content[endOff] != '\n' {
		endOff++
	}
	if endOff < len(content) {
		endOff++
	}
	moved := string(content[tf.Offset(start):endOff])
	cut := analysis.TextEdit{Pos: start, End: tf.Pos(endOff)}
	// An exit the record itself decides, in what the call moves past
	// (if string(m.Key) == "EOF" { return nil }), gets the call too.
	past := list[last+1 : target+1]
	if rewrite {
		past = list[last+1 : target]
	}
	text := strings.TrimSuffix(reindent(moved, edit.Indent(c.pass, list[idx].Pos())), "\n")
	var exits []analysis.TextEdit
	for _, x := range edit.SuccessExits(c.pass, past, c.mentionsRecord(path[0])) {
		exits = append(exits, edit.InsertBefore(c.pass, x, text))
	}
	var fix analysis.SuggestedFix
	var ok bool
	if rewrite {
		fix, ok = c.rewriteAfter(path, list[target], moved, cut, name, p.client.Client.RecordNoun)
	} else {
		fix, ok = c.moveAfterPast(p, list, last, target, name, tf, content, moved, text, cut), true
	}
	fix.TextEdits = append(fix.TextEdits, exits...)
	return fix, ok
}

// contextFor reports whether s makes a context for the moved statements
// alone: `ctx2, cancel := context.WithTimeout(...)` (or WithDeadline,
// WithCancel, WithTimeoutCause, WithDeadlineCause), whose variables the
// moved statements use and the rest (rest) uses only to call the cancel
// function (cancel(), defer cancel()).
func (c *checker) contextFor(s ast.Stmt, moved, rest []ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || !strings.HasPrefix(fn.Name(), "With") || fn.Name() == "WithValue" {
		return false
	}
	defined := map[types.Object]bool{}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			continue
		}
		obj := c.pass.TypesInfo.Defs[id]
		if obj == nil {
			return false // a variable assigned again (ctx, cancel := ...WithTimeout(ctx, d)): the processing's too
		}
		defined[obj] = true
	}
	usedByMoved := false
	for _, m := range moved {
		ast.Inspect(m, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && defined[c.pass.TypesInfo.Uses[id]] {
				usedByMoved = true
			}
			return !usedByMoved
		})
	}
	if !usedByMoved {
		return false
	}
	for _, r := range rest {
		bad := false
		ast.Inspect(r, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && defined[c.pass.TypesInfo.Uses[id]] && len(n.Args) == 0 {
					return false // the release: cancel()
				}
			case *ast.Ident:
				if defined[c.pass.TypesInfo.Uses[n]] {
					bad = true
				}
			}
			return !bad
		})
		if bad {
			return false
		}
	}
	return true
}

// releases reports whether s is `defer cancel()` for a function variable
// that def defines.
func (c *checker) releases(s, def ast.Stmt) bool {
	ds, ok := s.(*ast.DeferStmt)
	if !ok || len(ds.Call.Args) != 0 {
		return false
	}
	id, ok := ast.Unparen(ds.Call.Fun).(*ast.Ident)
	as, isAssign := def.(*ast.AssignStmt)
	if !ok || !isAssign {
		return false
	}
	obj := c.pass.TypesInfo.Uses[id]
	return obj != nil && slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool {
		lid, ok := l.(*ast.Ident)
		return ok && c.pass.TypesInfo.Defs[lid] == obj
	})
}

// mentionsRecord returns whether a node mentions a variable given to the
// position call n (the record, or the records, it writes the position of;
// not a context).
func (c *checker) mentionsRecord(n ast.Node) func(ast.Node) bool {
	objs := map[types.Object]bool{}
	if call, ok := n.(*ast.CallExpr); ok {
		for _, a := range call.Args {
			ast.Inspect(a, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && !ssaflow.IsContext(v.Type()) {
						objs[v] = true
					}
				}
				return true
			})
		}
	}
	return func(m ast.Node) bool {
		found := false
		ast.Inspect(m, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok && objs[c.pass.TypesInfo.Uses[id]] {
				found = true
			}
			return !found
		})
		return found
	}
}

// moveAfterPast is moveAfterTo's plain move once the moved text (cut, of
// file tf holding content; text reindented) is known: the commit goes on
// the processing's success path, so that a failure logged and carried on
// from (`if err := save(msg); err != nil { log... }`, also in an else-if
// chain or followed by more statements) is not committed.
func (c *checker) moveAfterPast(p *position, list []ast.Stmt, last, target int, name string, tf *token.File, content []byte, moved, text string, cut analysis.TextEdit) analysis.SuggestedFix {
	upto := list[:target+1]
	if e, ok := edit.AppendOnSuccess(c.pass, upto, list[last], text); ok && !plainAppend(e, upto) {
		return analysis.SuggestedFix{
			Message:   fmt.Sprintf("Move %s after the %s is processed, on its success path", name, p.client.Client.RecordNoun),
			TextEdits: append([]analysis.TextEdit{cut}, e...),
		}
	}
	insertOff := tf.Offset(list[target].End())
	for insertOff < len(content) && content[insertOff] != '\n' {
		insertOff++
	}
	if insertOff < len(content) {
		insertOff++
	}
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Move %s after the %s is processed", name, p.client.Client.RecordNoun),
		TextEdits: []analysis.TextEdit{
			cut,
			{Pos: tf.Pos(insertOff), End: tf.Pos(insertOff), NewText: []byte(moved)},
		},
	}
}

// plainAppend reports whether edits only append statements after the
// last statement of list: no failure was carried on from.
func plainAppend(edits []analysis.TextEdit, list []ast.Stmt) bool {
	return len(edits) == 1 && edits[0].Pos == list[len(list)-1].End() && strings.HasPrefix(string(edits[0].NewText), "\n")
}

func indexOf(list []ast.Stmt, s ast.Stmt) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// isErrCheckOf reports whether s is `if err != nil { ... }`.
func isErrCheckOf(s ast.Stmt) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil {
		return false
	}
	be, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "err" && y.Name == "nil"
}

// checksCall reports whether ifs is `if err := ce; err != nil { ... }`
// (any name, or _, ... := ce) with no else.
func checksCall(ifs *ast.IfStmt, ce *ast.CallExpr) bool {
	as, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || ifs.Else != nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(ce) || len(as.Lhs) == 0 {
		return false
	}
	v, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	be, isBin := ifs.Cond.(*ast.BinaryExpr)
	if !ok || !isBin || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == v.Name && y.Name == "nil"
}

// isNilCheck reports whether s is `if x != nil { ... }` with no else.
func isNilCheck(s ast.Stmt) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil {
		return false
	}
	be, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	_, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && y.Name == "nil"
}

// definesErr reports whether s assigns a variable named err.
func definesErr(s ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok {
		return false
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == "err" {
			return true
		}
	}
	return false
}

// definesUsedIn reports whether s declares or assigns a variable that a
// statement of later uses, or, when the move puts s before rest, that
// rest reads before writing it. A variable s only assigns (err = ...)
// that later writes before reading it is not a use: s's value is dead
// there, as it is after the move when rest writes it before reading.
func (c *checker) definesUsedIn(s ast.Stmt, later, rest []ast.Stmt) bool {
	declared := map[types.Object]bool{}
	assigned := map[types.Object]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				if obj := c.pass.TypesInfo.Defs[id]; obj != nil {
					declared[obj] = true
				} else if obj := c.pass.TypesInfo.Uses[id]; obj != nil && as.Tok == token.ASSIGN && n == s {
					assigned[obj] = true
				} else if obj != nil {
					declared[obj] = true // assigned inside s (op=, nested): treat as a use
				}
			}
		}
		return true
	})
	for obj := range declared {
		for _, l := range later {
			if c.mentions(l, obj) {
				return true
			}
		}
	}
	for obj := range assigned {
		if c.readsBeforeWrite(later, obj) || c.readsBeforeWrite(rest, obj) {
			return true
		}
	}
	return false
}

// readsBeforeWrite reports whether stmts read obj before a top-level
// plain assignment (obj = ..., or obj, x = ...) writes it.
func (c *checker) readsBeforeWrite(stmts []ast.Stmt, obj types.Object) bool {
	for _, st := range stmts {
		if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN {
			for _, r := range as.Rhs {
				if c.mentions(r, obj) {
					return true
				}
			}
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
					return false
				}
				if c.mentions(l, obj) {
					return true
				}
			}
			continue
		}
		if c.mentions(st, obj) {
			return true
		}
	}
	return false
}

// mentions reports whether n refers to obj.
func (c *checker) mentions(n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// containsProcessing reports whether s contains a call processing p's record.
func (c *checker) containsProcessing(s ast.Stmt, p *position) bool {
	return len(c.sitesIn(s, p)) > 0
}

// processesEveryPath reports whether every path through s processes p's
// record: a statement that is no branch and processes it, a branch whose
// header processes it (if err := save(m); err != nil) or all of whose
// branches do (an if with an else, a switch with a default, a select), a
// block one of whose statements does, a loop whose body does (over the
// batch: an iteration that does not run has no record to process).
func (c *checker) processesEveryPath(s ast.Stmt, p *position) bool {
	in := func(n ast.Node) bool { return len(c.sitesIn(n, p)) > 0 }
	clauses := func(body *ast.BlockStmt, needDefault bool) bool {
		hasDefault := false
		for _, cl := range body.List {
			var list []ast.Stmt
			switch cl := cl.(type) {
			case *ast.CaseClause:
				hasDefault = hasDefault || cl.List == nil
				list = cl.Body
			case *ast.CommClause:
				if cl.Comm != nil && in(cl.Comm) {
					continue
				}
				list = cl.Body
			}
			if !slices.ContainsFunc(list, func(x ast.Stmt) bool { return c.processesEveryPath(x, p) }) {
				return false
			}
		}
		return hasDefault || !needDefault
	}
	switch s := s.(type) {
	case *ast.IfStmt:
		if s.Init != nil && in(s.Init) || in(s.Cond) {
			return true
		}
		return s.Else != nil && c.processesEveryPath(s.Body, p) && c.processesEveryPath(s.Else, p)
	case *ast.BlockStmt:
		return slices.ContainsFunc(s.List, func(x ast.Stmt) bool { return c.processesEveryPath(x, p) })
	case *ast.LabeledStmt:
		return c.processesEveryPath(s.Stmt, p)
	case *ast.SwitchStmt:
		if s.Init != nil && in(s.Init) || s.Tag != nil && in(s.Tag) {
			return true
		}
		return clauses(s.Body, true)
	case *ast.TypeSwitchStmt:
		if s.Init != nil && in(s.Init) || in(s.Assign) {
			return true
		}
		return clauses(s.Body, true)
	case *ast.SelectStmt:
		return clauses(s.Body, false)
	case *ast.ForStmt:
		// A loop over the batch, or retrying the record: an iteration
		// that does not run has no record to process.
		return s.Init != nil && in(s.Init) || s.Cond != nil && in(s.Cond) || c.processesEveryPath(s.Body, p)
	case *ast.RangeStmt:
		return in(s.X) || c.processesEveryPath(s.Body, p)
	}
	return c.containsProcessing(s, p)
}

// startsGoroutine reports whether s processes p's record in a go statement,
// or starts that work for later otherwise (later.go).
func (c *checker) startsGoroutine(s ast.Stmt, p *position) bool {
	for _, site := range c.sitesIn(s, p) {
		if c.startsLater(site) {
			return true
		}
	}
	return false
}

// helperSites returns the work started for later by calls of functions
// of the package in s that process p's record (laterWork with helpers).
func (c *checker) helperSites(s ast.Stmt, p *position) []*laterWork {
	var out []*laterWork
	for _, site := range c.sitesIn(s, p) {
		if lw := c.later[site]; lw != nil && len(lw.helpers) > 0 {
			out = append(out, lw)
		}
	}
	return out
}

// goStmtsIn returns the go statements of s, s itself or nested in its
// branches (if len(msg.Value) > max { go audit(msg) }), that start the
// processing of p's record; ok is false when s starts that work for
// later otherwise (later.go), which no go statement run in place undoes.
func (c *checker) goStmtsIn(s ast.Stmt, p *position) (gos []*ast.GoStmt, ok bool) {
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // another function: its sites are not p's
		case *ast.GoStmt:
			if c.startsGoroutine(n, p) {
				gos = append(gos, n)
			}
			return false
		}
		return true
	})
	for _, site := range c.sitesIn(s, p) {
		if c.startsLater(site) && !slices.ContainsFunc(gos, func(g *ast.GoStmt) bool { return g.Pos() <= site.Pos() && site.Pos() < g.End() }) {
			return nil, false
		}
	}
	return gos, true
}

// sitesIn returns the instructions of s that process p's record.
func (c *checker) sitesIn(s ast.Node, p *position) []ssa.Instruction {
	var out []ssa.Instruction
	for _, o := range c.origins(p) {
		for _, site := range c.processingSites(p.fn, o) {
			if s.Pos() <= site.Pos() && site.Pos() < s.End() {
				out = append(out, site)
			}
		}
	}
	return out
}

// retryLoop returns the for statement whose body is the list of stmt, and
// the list the loop sits in, or nil.
func retryLoop(path []ast.Node, stmt ast.Stmt) (*ast.ForStmt, *[]ast.Stmt) {
	for i, n := range path {
		if n != ast.Node(stmt) || i+2 >= len(path) {
			continue
		}
		loop, ok := path[i+2].(*ast.ForStmt)
		if !ok || path[i+1] != ast.Node(loop.Body) {
			return nil, nil
		}
		if st, list := edit.Stmt(path[i+2:]); st == ast.Stmt(loop) && list != nil {
			return loop, list
		}
		return nil, nil
	}
	return nil, nil
}

// branchesOut reports whether s holds a labeled branch or a goto, which
// may leave it for a place the move would change.
func branchesOut(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && (b.Label != nil || b.Tok == token.GOTO) {
			found = true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		return !found
	})
	return found
}

// readsDefinedBy reports whether s mentions a variable that a statement of
// moved declares.
func (c *checker) readsDefinedBy(moved []ast.Stmt, s ast.Stmt) bool {
	for _, m := range moved {
		found := false
		ast.Inspect(m, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				if obj := c.pass.TypesInfo.Defs[id]; obj != nil && c.mentions(s, obj) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// pendingFix builds the fix of a position call p (called name), in the
// body of a loop over the records, made before an if statement without
// an else that processes the record on every path of its body (a batch
// written when it is full: if len(batch) >= size { flush() }): the
// record is kept in a slice declared before the loop, and the call,
// moved to the end of the if's body, runs for each record kept there
// once the body has processed them, which then empties the slice. A
// batch the loop leaves unwritten when it ends keeps its records
// unwritten: they are replayed, not lost.
func (c *checker) pendingFix(p *position, path []ast.Node, list []ast.Stmt, idx, last, target int, ifs *ast.IfStmt, batch ast.Expr, name string) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	if p.arg == nil || !c.processesEveryPath(ifs.Body, p) || c.startsGoroutine(ifs, p) || hasGo(ifs.Body) {
		return fail() // the batch is handed to a goroutine: not written when the if ends
	}
	if n := len(ifs.Body.List); n == 0 {
		return fail()
	} else if _, ret := ifs.Body.List[n-1].(*ast.ReturnStmt); ret {
		return fail() // return save(batch): the calls would precede it
	}
	for i := last + 1; i < target; i++ {
		if c.containsProcessing(list[i], p) {
			return fail()
		}
	}
	loop, body := edit.LoopOf(path)
	if loop == nil || len(body.List) == 0 || &body.List[0] != &list[0] {
		return fail() // the call is not a statement of the loop's body
	}
	// One batch, a variable declared beside the loop (not a batch per
	// partition in a map, nor one the loop's own iterations make anew):
	// the records kept are the batch's.
	bid, ok := batch.(*ast.Ident)
	if !ok || !c.declaredBefore(c.pass.TypesInfo.Uses[bid], loop, path) {
		return fail()
	}
	call, _ := edit.CallAt(c.pass, p.instr.Pos())
	if call == nil || p.client.Record < 0 || p.client.Record >= len(call.Args) {
		return fail()
	}
	rec, ok := ast.Unparen(call.Args[p.client.Record]).(*ast.Ident)
	if !ok || c.pass.TypesInfo.Uses[rec] == nil {
		return fail()
	}
	for i := idx; i <= last; i++ {
		if c.definesUsedIn(list[i], list[last+1:target+1], list[target+1:]) {
			return fail()
		}
	}
	f := edit.File(c.pass, loop.Pos())
	unnamed := false
	typ := types.TypeString(c.pass.TypesInfo.TypeOf(rec), func(pkg *types.Package) string {
		q := edit.Qualifier(c.pass, f, pkg)
		unnamed = unnamed || q == "" && pkg != c.pass.Pkg
		return q
	})
	if unnamed {
		return fail()
	}
	pending := edit.FreeName(c.pass, loop.Pos(), "pending")
	if edit.FreeName(c.pass, list[idx].Pos(), pending) != pending || edit.FreeName(c.pass, ifs.Body.Rbrace, pending) != pending || c.declaresIn(path, pending) {
		return fail()
	}
	text, keep, ok := c.cutLines(list[idx], list[last])
	if !ok {
		return fail()
	}
	// The call's lines (its comments with them) become the append.
	keep.NewText = fmt.Appendf(nil, "%s%s = append(%s, %s)\n", edit.Indent(c.pass, list[idx].Pos()), pending, pending, rec.Name)
	moved := strings.TrimSuffix(reindent(text, ""), "\n")
	each, ok := edit.AppendToList(c.pass, ifs.Body.List, ifs.Body.Rbrace,
		fmt.Sprintf("for _, %s := range %s {\n%s\n}\n%s = %s[:0]", rec.Name, pending, edit.IndentLines(moved, "\t"), pending, pending))
	if !ok {
		return fail()
	}
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Keep the %ss until the statement processing them runs, and call %s for each of them after it", p.client.Client.RecordNoun, name),
		TextEdits: []analysis.TextEdit{
			edit.InsertBefore(c.pass, loop, fmt.Sprintf("var %s []%s", pending, typ)),
			keep,
			each,
		},
	}, true
}

// batchFlush returns list[target] when it is an if statement without an
// else whose condition measures a batch (len(batch) >= size) that a
// statement of list before it appends to (batch = append(batch, ...)),
// and that batch expression.
func batchFlush(list []ast.Stmt, target int) (*ast.IfStmt, ast.Expr) {
	ifs, ok := list[target].(*ast.IfStmt)
	if !ok || ifs.Else != nil {
		return nil, nil
	}
	var measured []ast.Expr
	header := []ast.Stmt{&ast.ExprStmt{X: ifs.Cond}}
	if ifs.Init != nil {
		header = append(header, ifs.Init) // if n := len(batch); n >= size
	}
	ast.Inspect(&ast.BlockStmt{List: header}, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" {
				measured = append(measured, call.Args[0])
			}
		}
		return true
	})
	for _, st := range list[:target] {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		call, ok := as.Rhs[0].(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			continue
		}
		if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "append" || types.ExprString(call.Args[0]) != types.ExprString(as.Lhs[0]) {
			continue
		}
		for _, m := range measured {
			if types.ExprString(m) == types.ExprString(as.Lhs[0]) {
				return ifs, m
			}
		}
	}
	return nil, nil
}

// hasGo reports whether b holds a go statement.
func hasGo(b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		_, isGo := n.(*ast.GoStmt)
		found = found || isGo
		return !found
	})
	return found
}

// declaredBefore reports whether obj, a variable, is declared by a
// statement of the list holding loop, before it (path runs from inside
// the loop up).
func (c *checker) declaredBefore(obj types.Object, loop ast.Stmt, path []ast.Node) bool {
	if obj == nil {
		return false
	}
	i := slices.Index(path, ast.Node(loop))
	if i < 0 {
		return false
	}
	_, listp := edit.Stmt(path[i:])
	if listp == nil {
		return false
	}
	for _, st := range *listp {
		if st == loop {
			return false
		}
		if st.Pos() <= obj.Pos() && obj.Pos() < st.End() {
			return true
		}
	}
	return false
}

// declaresIn reports whether the function around path declares name
// anywhere in its body (a declaration after the loop would clash with
// one the fix makes before it).
func (c *checker) declaresIn(path []ast.Node, name string) bool {
	_, body := edit.FuncOf(path)
	if body == nil {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name && c.pass.TypesInfo.Defs[id] != nil {
			found = true
		}
		return !found
	})
	return found
}
