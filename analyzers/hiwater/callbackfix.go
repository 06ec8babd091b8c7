package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// lowWaterFix builds the fix of a completion callback's position call: a
// low-water-mark tracker (clientmodel.LowWaterPath) made before the loop
// that makes the callbacks, each record started in it, in offset order,
// before its callback is made, and the callback writing what the tracker's
// Done returns, the smallest offset still in flight, instead of its own
// record's position:
//
//	tracker := lowwater.New()
//	for msg := range claim.Messages() {
//		if err := tracker.Start(lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); err != nil {
//			return err
//		}
//		send(msg, func(err error) {
//			if next, ok := tracker.Done(lowwater.TopicPartition{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); ok {
//				sess.MarkOffset(msg.Topic, msg.Partition, next, "")
//			}
//		})
//	}
//
// It requires the client to say how to write a low-water mark in place of
// the call (clientmodel.LowWaterFix), the call to be a statement of its
// own whose record is the captured variable itself, and the function
// making the callbacks to return just an error.
func (c *checker) lowWaterFix(cb *callback) (analysis.SuggestedFix, bool) {
	call := cb.call
	lw := call.Client.LowWater
	if lw == nil || lw.Marks[call.Func] == "" {
		return analysis.SuggestedFix{}, false
	}
	ce, cpath := edit.CallAt(c.pass, call.Pos())
	if ce == nil || call.Record >= len(ce.Args) {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := ce.Fun.(*ast.SelectorExpr)
	stmt, ok2 := cpath[1].(*ast.ExprStmt)
	recID, ok3 := ast.Unparen(ce.Args[call.Record]).(*ast.Ident)
	if !ok || !ok2 || !ok3 {
		return analysis.SuggestedFix{}, false
	}
	rec := c.pass.TypesInfo.Uses[recID]
	if rec == nil || recID.Name == "next" || recID.Name == "ok" {
		return analysis.SuggestedFix{}, false
	}
	// The loop making the callbacks, and the statement of it that makes
	// this callback.
	path := edit.Path(c.pass, cb.call.Fn.Pos())
	lit := -1
	for i, n := range path {
		if fl, ok := n.(*ast.FuncLit); ok && fl.Pos() == cb.call.Fn.Pos() {
			lit = i
			break
		}
	}
	if lit < 0 {
		return analysis.SuggestedFix{}, false
	}
	loop, body := edit.LoopOf(path[lit+1:])
	if loop == nil {
		return analysis.SuggestedFix{}, false
	}
	top := stmtAround(path[lit:], body)
	outer := loop
	for i, n := range path {
		if n == loop && i+1 < len(path) {
			if ls, ok := path[i+1].(*ast.LabeledStmt); ok {
				outer = ls
			}
		}
	}
	sig := edit.Signature(c.pass, path[lit+1:])
	if top == nil || sig == nil || sig.Results().Len() != 1 || !isErrorType(sig.Results().At(0).Type()) {
		return analysis.SuggestedFix{}, false
	}
	// The record must mean the same where Start goes, and nothing the
	// position call uses may be named like what the fix declares.
	if c.lookupAt(top.Pos(), recID.Name) != rec {
		return analysis.SuggestedFix{}, false
	}
	tracker := edit.FreeName(c.pass, outer.Pos(), "tracker")
	recv := c.src(sel.X)
	if recv == "" || strings.Contains(recv, "next") || strings.Contains(recv, tracker) {
		return analysis.SuggestedFix{}, false
	}
	file := edit.File(c.pass, call.Pos())
	pkg, imports := edit.Import(c.pass, file, clientmodel.LowWaterPath)
	if c.lookupAt(outer.Pos(), pkg) != nil && imports != nil {
		return analysis.SuggestedFix{}, false // the name is taken
	}
	r := recID.Name
	tp := fmt.Sprintf("%s.%s{Topic: %s.%s, Partition: %s.%s}", pkg, clientmodel.LowWaterKey, r, lw.TopicField, r, lw.PartitionField)
	off := r + "." + call.Client.OffsetField
	mark := strings.NewReplacer(clientmodel.FixRecv, recv, clientmodel.FixRec, r, clientmodel.FixNext, "next").Replace(lw.Marks[call.Func])
	done := fmt.Sprintf("if next, ok := %s.Done(%s, %s); ok {\n\t%s\n}", tracker, tp, off, mark)
	start := fmt.Sprintf("if err := %s.Start(%s, %s); err != nil {\n\treturn err\n}", tracker, tp, off)
	edits := append(imports,
		edit.InsertBefore(c.pass, outer, tracker+" := "+pkg+".New()"),
		edit.InsertBefore(c.pass, top, start),
		c.replaceStmt(stmt, done),
	)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Track the %ss in flight and %s the low-water mark", call.Client.RecordNoun, roleWord(call.Role)),
		TextEdits: edits,
	}, true
}

// stmtAround returns the innermost statement of a statement list (a block
// or a case's body) that holds path[0], up to the loop body body, or nil.
func stmtAround(path []ast.Node, body *ast.BlockStmt) ast.Stmt {
	for i := 0; i+1 < len(path); i++ {
		st, ok := path[i].(ast.Stmt)
		switch st.(type) {
		case *ast.CaseClause, *ast.CommClause:
			ok = false // a clause of a switch or select, not a statement of a list
		}
		if !ok {
			continue
		}
		var list []ast.Stmt
		switch p := path[i+1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		}
		for _, x := range list {
			if x == st {
				return st
			}
		}
		if path[i+1] == body {
			return nil
		}
	}
	return nil
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// lookupAt returns the object name means at pos.
func (c *checker) lookupAt(pos token.Pos, name string) types.Object {
	f := edit.File(c.pass, pos)
	if f == nil || c.pass.TypesInfo.Scopes[f] == nil {
		return nil
	}
	_, obj := c.pass.TypesInfo.Scopes[f].Innermost(pos).LookupParent(name, pos)
	return obj
}

// src returns the source of n as written.
func (c *checker) src(n ast.Node) string {
	tf := c.pass.Fset.File(n.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(n.Pos()):tf.Offset(n.End())])
}

// replaceStmt returns an edit replacing s by text, its lines indented like
// s.
func (c *checker) replaceStmt(s ast.Stmt, text string) analysis.TextEdit {
	indent := edit.Indent(c.pass, s.Pos())
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = indent + lines[i]
	}
	return analysis.TextEdit{Pos: s.Pos(), End: s.End(), NewText: []byte(strings.Join(lines, "\n"))}
}
