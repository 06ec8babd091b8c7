package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// replyFix builds the fix of a position call made after (or before) a
// send of its record on the input channel of a producer that reports
// deliveries on channels of its own (clientmodel.Produce.ReplyWait:
// sarama's AsyncProducer), as the client's synchronous producer is built
// on it: the record carries a buffered channel of its own in the field
// ReplyField, the loops of the package draining the producer's reports
// forward each report to its record's channel first, and the send is
// followed by a wait on the channel, returning the delivery's error:
//
//	p.Input() <- &sarama.ProducerMessage{...}    delivered := make(chan error, 1)
//	sess.MarkMessage(msg, "")                    p.Input() <- &sarama.ProducerMessage{..., Metadata: delivered}
//	                                             if err := <-delivered; err != nil {
//	                                             	return err
//	                                             }
//	                                             sess.MarkMessage(msg, "")
//	for m := range p.Successes() {               for m := range p.Successes() {
//		...                                          if reply, ok := m.Metadata.(chan error); ok {
//	                                                 	reply <- nil
//	                                                 }
//	                                                 ...
//
// Each sender then goes on only once its own record is delivered, so its
// marks follow their records' deliveries, in order, whichever claims share
// the producer. A mark made before the send moves after the wait. It
// requires:
//
//   - the send is a statement of its own, on `X.Input()` with X a
//     variable or field path, of a &T{...} literal with keyed fields and
//     no ReplyField, or of a variable;
//   - the enclosing function returns exactly an error (the failed
//     delivery is returned: the claim stops before marking past it);
//   - the package sets the config field ReplyNeeds to true and never sets
//     ReplyKeeps to false (else a report may never come), and drains
//     every report channel of values of the producer's type in a range
//     loop, and reads them nowhere else (reportDrains).
func (c *checker) replyFix(p *position, h *handOff, path []ast.Node, name string) (analysis.SuggestedFix, bool) {
	pr := h.produce
	ss := sendStmtAt(path, h.instr)
	if ss == nil {
		return analysis.SuggestedFix{}, false
	}
	sp := edit.Path(c.pass, ss.Pos())
	for len(sp) > 0 && sp[0] != ast.Node(ss) {
		sp = sp[1:]
	}
	if st, list := edit.Stmt(sp); st != ast.Stmt(ss) || list == nil {
		return analysis.SuggestedFix{}, false
	}
	call, ok := ast.Unparen(ss.Chan).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !c.isPure(sel.X) {
		return analysis.SuggestedFix{}, false
	}
	prodType := c.pass.TypesInfo.TypeOf(sel.X)
	prod := c.raw(sel.X)
	for _, w := range strings.FieldsFunc(prod, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		for _, l := range pr.ReplyLocals {
			if w == l {
				return analysis.SuggestedFix{}, false // shadowed in the wait
			}
		}
	}
	zeros, ok := c.errorResult(sp)
	var contract []analysis.TextEdit
	if !ok {
		// A sending function without results gets an error result, its
		// callers returning it (addErrorResult).
		if contract, ok = c.addErrorResult(sp); !ok {
			return analysis.SuggestedFix{}, false
		}
	}
	keepsOff := c.setsConfig(pr.ReplyKeeps, false)
	drains, drained, stops, ok := c.reportDrains(prodType, pr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	on := c.setsConfig(pr.ReplyNeeds, true)
	foreign := !on && !keepsOff && len(drained) == len(pr.ReplyForward) && !c.buildsProducer(pr) && !c.setsConfig(pr.ReplyNeeds, false)
	if foreign {
		// Another package builds the producer whose reports this one
		// drains: the setting is out of sight. If it is off the Successes
		// drain receives nothing, so the wait also ends with the session,
		// without the mark (a stall, never a loss).
		stops = true
	}
	undrainedKept := pr.ReplyKeptOn != "" && !drained[pr.ReplyKeptOn]
	if undrainedKept && !keepsOff {
		// Failures are reported but read nowhere in the package: the fix
		// drains them, and another package may drain them too, taking
		// some; the wait for one it took ends with the session.
		stops = true
	}
	waitText := pr.ReplyWait
	if stops {
		// A drain may stop: the wait also ends with the session the
		// sender marks through, so the handler can return.
		sess, ok := c.sessionOf(p, ss.Pos())
		if !ok || pr.ReplyWaitEnds == "" {
			return analysis.SuggestedFix{}, false
		}
		waitText = strings.ReplaceAll(pr.ReplyWaitEnds, clientmodel.FixSess, sess)
	}
	var edits []analysis.TextEdit
	if foreign {
		// Forwarded by the package's own drains, nothing to turn on here.
	} else if !on || !drained[pr.ReplyOn] || keepsOff || undrainedKept {
		// Nothing reports deliveries (or failures) yet, or nothing in
		// the package drains the reports turned on: turned on where the
		// package builds the producer, with a drain of its own
		// (replyenable.go).
		es, ok := c.enableReports(prodType, pr, drained, !on, !on || !drained[pr.ReplyOn], keepsOff)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, es...)
	} else if len(drained) != len(pr.ReplyForward) {
		return analysis.SuggestedFix{}, false
	}
	done := edit.FreeName(c.pass, ss.Pos(), "delivered")
	before := fmt.Sprintf("%s := make(chan error, 1)", done)
	switch v := ast.Unparen(ss.Value).(type) {
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(v.X).(*ast.CompositeLit)
		if v.Op != token.AND || !ok || !c.hasField(c.pass.TypesInfo.TypeOf(lit), pr.ReplyField) {
			return analysis.SuggestedFix{}, false
		}
		e, ok := c.addKey(lit, pr.ReplyField, done)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, e)
	case *ast.Ident:
		if _, isVar := c.pass.TypesInfo.Uses[v].(*types.Var); !isVar || !c.hasField(c.pass.TypesInfo.TypeOf(v), pr.ReplyField) {
			return analysis.SuggestedFix{}, false
		}
		before += fmt.Sprintf("\n%s.%s = %s", v.Name, pr.ReplyField, done)
	default:
		return analysis.SuggestedFix{}, false
	}
	wait := strings.NewReplacer(clientmodel.FixDone, done, "return ", "return "+zeros).Replace(waitText)
	for _, d := range drains {
		es, ok := c.forwardEdits(d, pr)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, es...)
	}
	edits = append(edits, edit.InsertBefore(c.pass, ss, before))
	if h.after {
		// The position call comes first: it moves after the wait, with
		// its error check, when it sits in the same list as the send.
		moved, cut, ok := c.cutBefore(path, ss)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		wait += "\n" + moved
		edits = append(edits, cut)
	}
	edits = append(edits, edit.InsertAfter(c.pass, ss, wait))
	edits = append(edits, contract...)
	title := fmt.Sprintf("Wait for the delivery of the produced %s before calling %s", p.client.Client.RecordNoun, name)
	if contract != nil {
		title += ", returning its failure to the callers"
	}
	return analysis.SuggestedFix{Message: title, TextEdits: edits}, true
}

// addErrorResult returns the edits giving the function of path, a
// function or method of the package without results, an error result
// (its returns return nil, and so does its end), and making each of its
// callers check it (`if err := f(...); err != nil { return ..., err }`),
// so a failed delivery stops the caller before it goes on to mark a
// later message (a later mark commits past the failed one). It requires:
//
//   - an unexported function or method, not a function literal, and no
//     interface type of the package with a method of its name (an
//     unexported method satisfies only those);
//   - each use of it the callee of a call statement in a function of
//     the package, other than itself, whose last result is an error;
//   - a last statement that does not end the function otherwise (a call
//     that never returns, an endless loop), so the added return is
//     reachable.
func (c *checker) addErrorResult(path []ast.Node) ([]analysis.TextEdit, bool) {
	var fd *ast.FuncDecl
	for _, n := range path {
		if _, isLit := n.(*ast.FuncLit); isLit {
			return nil, false
		}
		if d, ok := n.(*ast.FuncDecl); ok {
			fd = d
			break
		}
	}
	if fd == nil || fd.Body == nil || len(fd.Body.List) == 0 || fd.Type.Results != nil {
		return nil, false
	}
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok || fn.Exported() || fn.Signature().Results().Len() != 0 {
		return nil, false
	}
	ok = true
	var calls []ast.Node
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if it, isIface := n.(*ast.InterfaceType); isIface && fn.Signature().Recv() != nil {
				for _, m := range it.Methods.List {
					for _, name := range m.Names {
						if name.Name == fn.Name() {
							ok = false
						}
					}
				}
			}
			return ok
		})
	}
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fn || !ok {
			continue
		}
		p := edit.Path(c.pass, id.Pos())
		i := 1
		if i < len(p) {
			if sel, isSel := p[i].(*ast.SelectorExpr); isSel && sel.Sel == id {
				i++
			}
		}
		if i+1 >= len(p) {
			ok = false
			break
		}
		call, isCall := p[i].(*ast.CallExpr)
		es, isStmt := p[i+1].(*ast.ExprStmt)
		if !isCall || !isStmt || ast.Unparen(call.Fun) != p[i-1] || es.X != ast.Expr(call) {
			ok = false
			break
		}
		if outer, _ := edit.FuncOf(p); outer == fd.Type {
			ok = false // recursive
			break
		}
		calls = append(calls, es)
	}
	if !ok || len(calls) == 0 {
		return nil, false
	}
	edits := []analysis.TextEdit{{Pos: fd.Type.Params.End(), End: fd.Type.Params.End(), NewText: []byte(" error")}}
	for _, n := range calls {
		es := n.(*ast.ExprStmt)
		zeros, ok := c.errorResult(edit.Path(c.pass, es.Pos()))
		if !ok {
			return nil, false
		}
		text := fmt.Sprintf("if err := %s; err != nil {\n\treturn %serr\n}", c.raw(es.X), zeros)
		if strings.Contains(c.raw(es.X), "\n") {
			return nil, false
		}
		edits = append(edits, analysis.TextEdit{Pos: es.Pos(), End: es.End(), NewText: []byte(strings.ReplaceAll(text, "\n", "\n"+edit.Indent(c.pass, es.Pos())))})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch r := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			edits = append(edits, analysis.TextEdit{Pos: r.End(), End: r.End(), NewText: []byte(" nil")})
		}
		return true
	})
	last := fd.Body.List[len(fd.Body.List)-1]
	switch l := last.(type) {
	case *ast.ReturnStmt:
		return edits, true
	case *ast.ForStmt:
		if l.Cond == nil {
			return nil, false
		}
	case *ast.SelectStmt, *ast.BranchStmt:
		return nil, false
	}
	if c.leaves(last) {
		return nil, false
	}
	// A line of its own before the closing brace, after any comment
	// ending the last statement's line.
	indent := edit.Indent(c.pass, fd.Body.Rbrace)
	return append(edits, analysis.TextEdit{Pos: fd.Body.Rbrace, End: fd.Body.Rbrace, NewText: []byte("\treturn nil\n" + indent)}), true
}

// buildsProducer reports whether the package calls the constructor
// pr.ReplyNew (it may then set the reports on in its config).
func (c *checker) buildsProducer(pr *clientmodel.ProduceRef) bool {
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && !found {
				if fn, ok := typeutilCallee(c, call); ok && fn.FullName() == pr.ReplyNew {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// cutBefore returns the text of the statement of the call of path (with
// its error check), dedented, and the edit deleting it, when it precedes
// s in one list and the statements from it to s neither set what it uses
// nor use what it sets.
func (c *checker) cutBefore(path []ast.Node, s ast.Stmt) (string, analysis.TextEdit, bool) {
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp == nil {
		return "", analysis.TextEdit{}, false
	}
	list := *listp
	idx, at := indexOf(list, stmt), indexOf(list, s)
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	if idx < 0 || at <= last {
		return "", analysis.TextEdit{}, false
	}
	moved, between := list[idx:last+1], list[last+1:at+1]
	for _, b := range between {
		if c.definesUsedIn(b, moved, nil) {
			return "", analysis.TextEdit{}, false
		}
	}
	for _, m := range moved {
		if c.definesUsedIn(m, between, list[at+1:]) {
			return "", analysis.TextEdit{}, false
		}
	}
	first, end := list[idx], list[last]
	text, cut, ok := c.cutLines(first, end)
	if !ok {
		return "", analysis.TextEdit{}, false
	}
	// Whole lines, comments kept: without the first line's indentation
	// and the final newline, as dedent takes them.
	text = strings.TrimSuffix(strings.TrimPrefix(text, edit.Indent(c.pass, first.Pos())), "\n")
	lines, ok := c.dedent(text, first.Pos())
	return strings.Join(lines, "\n"), cut, ok
}

// returnsError reports whether the innermost function of path returns
// exactly an error.
func (c *checker) returnsError(path []ast.Node) bool {
	for _, n := range path {
		var ft *ast.FuncType
		switch f := n.(type) {
		case *ast.FuncDecl:
			ft = f.Type
		case *ast.FuncLit:
			ft = f.Type
		default:
			continue
		}
		if ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 {
			return false
		}
		return types.Identical(c.pass.TypesInfo.TypeOf(ft.Results.List[0].Type), types.Universe.Lookup("error").Type())
	}
	return false
}

// errorResult returns the zero values of the results but the last of
// the innermost function of path, each followed by ", " (as its return
// statements write them), when its last result is an error, and the
// function's file can spell them.
func (c *checker) errorResult(path []ast.Node) (string, bool) {
	sig := edit.Signature(c.pass, path)
	if sig == nil || len(path) == 0 {
		return "", false
	}
	res := sig.Results()
	if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	f, _ := path[len(path)-1].(*ast.File)
	return edit.LeadingZeros(c.pass, sig, f)
}

// setsConfig reports whether the package assigns value to a field path
// ending in field (x.Producer.Return.Successes = true).
func (c *checker) setsConfig(field string, value bool) bool {
	if field == "" {
		return !value // nothing needed, nothing turned off
	}
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || found || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				return !found
			}
			for i, l := range as.Lhs {
				if _, isSel := ast.Unparen(l).(*ast.SelectorExpr); !isSel || !strings.HasSuffix(c.raw(l), "."+field) {
					continue
				}
				tv := c.pass.TypesInfo.Types[as.Rhs[i]]
				if tv.Value == nil {
					found = found || !value // unknown: may turn it off, does not turn it on
					continue
				}
				found = found || tv.Value.String() == fmt.Sprint(value)
			}
			return !found
		})
	}
	return found
}

// reportDrains returns the loops of the package that drain a channel of
// reports of a producer of type t (for r := range p.Successes()), or the
// cases of a select in a loop that receive from one (case r :=
// <-p.Successes():), the report channels they drain, and whether a drain
// may stop before its channel closes (leavesLoop), when every read of
// such a channel is one: the caller requires every report channel of
// pr.ReplyForward to have one, since without them nobody forwards the
// reports (a drainer in another package would take them, and the wait
// never ends).
func (c *checker) reportDrains(t types.Type, pr *clientmodel.ProduceRef) ([]ast.Node, map[string]bool, bool, bool) {
	var loops []ast.Node
	drained := map[string]bool{}
	ok, stops := true, false
	for _, f := range c.pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			stack = append(stack, n)
			call, isCall := n.(*ast.CallExpr)
			if !ok || !isCall {
				return ok
			}
			sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !isSel || !types.Identical(c.pass.TypesInfo.TypeOf(sel.X), t) {
				return true
			}
			if ch, isChan := c.pass.TypesInfo.TypeOf(call).(*types.Chan); !isChan || ch.Dir() != types.RecvOnly {
				return true
			}
			_, known := pr.ReplyForward[sel.Sel.Name]
			if cc := caseReceiving(stack); known && cc != nil {
				stops = stops || edit.LeavesLoop(stack[len(stack)-7].(*ast.BlockStmt).List, false)
				loops = append(loops, cc)
				drained[sel.Sel.Name] = true
				return true
			}
			rs, isRange := stack[len(stack)-2].(*ast.RangeStmt)
			if !known || !isRange || rs.X != ast.Expr(call) || rs.Value != nil {
				ok = false
				return false
			}
			stops = stops || edit.LeavesLoop(rs.Body.List, false)
			loops = append(loops, rs)
			drained[sel.Sel.Name] = true
			return true
		})
	}
	if !ok {
		return nil, nil, false, false
	}
	return loops, drained, stops, true
}

// startsWith reports whether the first statement of list is fwd with
// name for its variable.
func (c *checker) startsWith(list []ast.Stmt, fwd, name string) bool {
	if len(list) == 0 {
		return false
	}
	lines, ok := c.dedent(c.raw(list[0]), list[0].Pos())
	return ok && strings.Join(lines, "\n") == strings.ReplaceAll(fwd, clientmodel.FixVar, name)
}

// caseReceiving returns the comm clause of a select whose case receives
// (into one variable or none) the value of the call at the top of stack,
// when the select is the whole body of a for loop with no condition (the
// clause runs for each report), or nil.
func caseReceiving(stack []ast.Node) *ast.CommClause {
	if len(stack) < 8 {
		return nil
	}
	un, ok := stack[len(stack)-2].(*ast.UnaryExpr)
	if !ok || un.Op != token.ARROW {
		return nil
	}
	cc, ok := stack[len(stack)-4].(*ast.CommClause)
	if !ok {
		return nil
	}
	switch comm := stack[len(stack)-3].(type) {
	case *ast.ExprStmt:
		if cc.Comm != ast.Stmt(comm) {
			return nil
		}
	case *ast.AssignStmt:
		if cc.Comm != ast.Stmt(comm) || len(comm.Lhs) != 1 || comm.Rhs[0] != ast.Expr(un) {
			return nil
		}
		if _, isID := comm.Lhs[0].(*ast.Ident); !isID {
			return nil
		}
	default:
		return nil
	}
	sel, ok1 := stack[len(stack)-6].(*ast.SelectStmt)
	body, ok2 := stack[len(stack)-7].(*ast.BlockStmt)
	loop, ok3 := stack[len(stack)-8].(*ast.ForStmt)
	if !ok1 || !ok2 || !ok3 || loop.Body != body || loop.Cond != nil || len(body.List) != 1 || body.List[0] != ast.Stmt(sel) {
		return nil
	}
	return cc
}

// forwardEdits returns the edits making the drain d (a range loop, or a
// select case, caseReceiving) forward each report first (naming its
// variable when it has none), or none when it already does.
func (c *checker) forwardEdits(d ast.Node, pr *clientmodel.ProduceRef) ([]analysis.TextEdit, bool) {
	if cc, ok := d.(*ast.CommClause); ok {
		return c.forwardCaseEdits(cc, pr)
	}
	rs := d.(*ast.RangeStmt)
	sel := ast.Unparen(rs.X).(*ast.CallExpr).Fun.(*ast.SelectorExpr)
	fwd := pr.ReplyForward[sel.Sel.Name]
	var edits []analysis.TextEdit
	name := ""
	switch k := rs.Key.(type) {
	case nil:
		name = edit.FreeName(c.pass, rs.Body.Lbrace+1, "report")
		edits = append(edits, analysis.TextEdit{Pos: rs.Range, End: rs.Range, NewText: []byte(name + " := ")})
	case *ast.Ident:
		name = k.Name
		if name == "_" {
			name = edit.FreeName(c.pass, rs.Body.Lbrace+1, "report")
			edits = append(edits, analysis.TextEdit{Pos: k.Pos(), End: k.End(), NewText: []byte(name)})
		}
	default:
		return nil, false
	}
	for _, l := range pr.ReplyLocals {
		if name == l {
			return nil, false // the forward would shadow it
		}
	}
	if c.startsWith(rs.Body.List, fwd, name) {
		return nil, true
	}
	text := strings.ReplaceAll(fwd, clientmodel.FixVar, name)
	if len(rs.Body.List) > 0 {
		e, ok := edit.PrependToBody(c.pass, rs.Body, text)
		return append(edits, e), ok
	}
	// An empty body: the statement on lines of its own after the brace,
	// what the body holds (a comment) after it.
	indent := edit.Indent(c.pass, rs.Pos())
	body := "\n" + indent + "\t" + strings.ReplaceAll(text, "\n", "\n"+indent+"\t")
	tf := c.pass.Fset.File(rs.Pos())
	if tf.Line(rs.Body.Lbrace) == tf.Line(rs.Body.Rbrace) {
		body += "\n" + indent
	}
	return append(edits, analysis.TextEdit{Pos: rs.Body.Lbrace + 1, End: rs.Body.Lbrace + 1, NewText: []byte(body)}), true
}

// hasField reports whether t (or what it points to) is a struct with a
// field named name.
func (c *checker) hasField(t types.Type, name string) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, name)
	v, ok := obj.(*types.Var)
	return ok && v.IsField()
}

// addKey returns the edit adding `key: value` to the keyed literal lit,
// which does not set key.
func (c *checker) addKey(lit *ast.CompositeLit, key, value string) (analysis.TextEdit, bool) {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return analysis.TextEdit{}, false
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == key {
			return analysis.TextEdit{}, false
		}
	}
	if len(lit.Elts) == 0 {
		return analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(key + ": " + value)}, true
	}
	last := lit.Elts[len(lit.Elts)-1]
	tf := c.pass.Fset.File(last.End())
	if tf.Line(last.End()) == tf.Line(lit.Rbrace) {
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + key + ": " + value)}, true
	}
	// One element a line, each with its comma: a line of its own after
	// the last one.
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.TextEdit{}, false
	}
	off := tf.Offset(last.End())
	if off >= len(content) || content[off] != ',' {
		return analysis.TextEdit{}, false
	}
	at := tf.Pos(off + 1)
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + edit.Indent(c.pass, last.Pos()) + key + ": " + value + ",")}, true
}

// forwardCaseEdits returns the edits making the select case cc, which
// receives a report, forward it first (naming the received value when
// the case drops it). The forward checks the report is not nil: a closed
// report channel gives the zero value, which the range loops never see.
func (c *checker) forwardCaseEdits(cc *ast.CommClause, pr *clientmodel.ProduceRef) ([]analysis.TextEdit, bool) {
	var recv *ast.UnaryExpr
	var edits []analysis.TextEdit
	name := ""
	switch comm := cc.Comm.(type) {
	case *ast.ExprStmt:
		recv = ast.Unparen(comm.X).(*ast.UnaryExpr)
		name = edit.FreeName(c.pass, cc.Colon, "report")
		edits = append(edits, analysis.TextEdit{Pos: comm.Pos(), End: comm.Pos(), NewText: []byte(name + " := ")})
	case *ast.AssignStmt:
		recv = comm.Rhs[0].(*ast.UnaryExpr)
		id := comm.Lhs[0].(*ast.Ident)
		name = id.Name
		if name == "_" {
			if comm.Tok != token.ASSIGN {
				return nil, false
			}
			name = edit.FreeName(c.pass, cc.Colon, "report")
			edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: comm.TokPos + token.Pos(len(comm.Tok.String())), NewText: []byte(name + " :=")})
		}
	default:
		return nil, false
	}
	sel := ast.Unparen(ast.Unparen(recv.X).(*ast.CallExpr).Fun).(*ast.SelectorExpr)
	fwd := pr.ReplyForward[sel.Sel.Name]
	for _, l := range pr.ReplyLocals {
		if name == l {
			return nil, false // the forward would shadow it
		}
	}
	guarded := "if " + clientmodel.FixVar + " != nil {\n\t" + strings.ReplaceAll(fwd, "\n", "\n\t") + "\n}"
	if c.startsWith(cc.Body, guarded, name) {
		return nil, true
	}
	text := strings.ReplaceAll(guarded, clientmodel.FixVar, name)
	if len(cc.Body) > 0 {
		return append(edits, edit.InsertBefore(c.pass, cc.Body[0], text)), true
	}
	indent := edit.Indent(c.pass, cc.Pos()) + "\t"
	return append(edits, analysis.TextEdit{Pos: cc.Colon + 1, End: cc.Colon + 1, NewText: []byte("\n" + indent + strings.ReplaceAll(text, "\n", "\n"+indent))}), true
}

// sessionOf returns the text of the receiver of the position call p when
// it is the client's handler session (clientmodel.Handler.Session), a
// variable or field path meaning at pos what it means at p.
func (c *checker) sessionOf(p *position, pos token.Pos) (string, bool) {
	h := p.client.Client.Handler
	call, _ := edit.CallAt(c.pass, p.instr.Pos())
	if h == nil || call == nil {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !c.isPure(sel.X) || !edit.MeansSameAt(c.pass, sel.X, pos) {
		return "", false
	}
	named, ok := c.pass.TypesInfo.TypeOf(sel.X).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path()+"."+named.Obj().Name() != h.Session {
		return "", false
	}
	return c.raw(sel.X), true
}
