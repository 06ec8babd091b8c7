package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Delivery reports of an asynchronous producer (clientmodel.Produce with
// ReplyField: sarama's AsyncProducer reports each message on Successes or
// Errors, carrying what the application put in its Metadata) arrive as
// deliveries finish: messages of one consumed partition go to several
// output partitions and brokers, and a failed one is reported on another
// channel, never marked. A position written from the record a report
// carries (sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "")) is
// written in completion order: the arrival-order finding, for a producer's
// reports instead of a channel of the package's own.

// delivery is a position call made for the record a delivery report
// carries.
type delivery struct {
	call *consumer.Call
	prod clientmodel.ProduceRef
	// reports is the call returning the channel of reports received;
	// method its name (a key of prod.ReplyForward).
	reports *ssa.Call
	method  string
	// send hands the record to the producer, in its message's ReplyField.
	send *ssa.Send
	// assert is the assertion of the record from the report.
	assert *ssa.TypeAssert
	// assumed is the setting the finding assumes, as finding.assumed.
	assumed string
}

// checkDeliveries reports the position calls of records carried by
// delivery reports, each with its fix, or without one, saying why, where
// no fix can be built.
func (c *checker) checkDeliveries() {
	for _, call := range c.m.Calls {
		report.Guard(c.pass, call.Pos(), func() {
			d := c.deliveryOf(call)
			if d == nil {
				return
			}
			fix, ok := c.replyFix(d)
			var fixes []analysis.SuggestedFix
			if ok {
				fixes = []analysis.SuggestedFix{fix}
			}
			c.reportDelivery(d, fixes) // without a fix where none is sure to be right (doc.go)
		})
	}
}

// deliveryOf returns the delivery-report finding of position call call,
// or nil: its record is asserted from the ReplyField of a report received
// from a producer's report channel, records are sent to the producer in
// that field by a loop that does not wait for their reports.
func (c *checker) deliveryOf(call *consumer.Call) *delivery {
	ci, assumed, ok := c.positionCall(call)
	if !ok {
		return nil
	}
	ta, ok := ssaflow.Arg(ci.Common(), call.Record).(*ssa.TypeAssert)
	if !ok || ta.CommaOk {
		return nil
	}
	ld, ok := ta.X.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	ch := receivedFrom(fa.X)
	rc, ok := ch.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := ssaflow.Callee(rc.Common())
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	cl := c.ix.Client(fn.Pkg().Path())
	if cl == nil {
		return nil
	}
	recvOf := func(full string) string { return full[:strings.LastIndex(full, ".")] }
	for i := range cl.Produces {
		p := &cl.Produces[i]
		if p.ReplyField == "" || p.ReplyForward[fn.Name()] == "" || recvOf(p.Func) != recvOf(fn.FullName()) {
			continue
		}
		st, ok := fa.X.Type().Underlying().(*types.Pointer)
		if !ok {
			continue
		}
		s, ok := st.Elem().Underlying().(*types.Struct)
		if !ok || fa.Field >= s.NumFields() || s.Field(fa.Field).Name() != p.ReplyField {
			continue
		}
		send := c.recordSend(p, ta.AssertedType, ssaflow.Receiver(rc.Common()))
		if send == nil || !c.sendsWithoutWait(send, call.Fn) {
			continue
		}
		return &delivery{call: call, prod: clientmodel.ProduceRef{Client: cl, Produce: p}, reports: rc, method: fn.Name(), send: send, assert: ta, assumed: assumed}
	}
	return nil
}

// receivedFrom returns the channel v was received from: a receive, a
// range over the channel, or a select's receive case; or nil.
func receivedFrom(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return x.X
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.UnOp:
			if t.Op == token.ARROW && x.Index == 0 {
				return t.X
			}
		case *ssa.Select:
			return ssaflow.SelectRecv(t, x.Index)
		}
	}
	return nil
}

// recordSend returns the one send statement of the package handing a
// record of type rec to producer p's channel (p.Func's result) in its
// message's ReplyField, or nil.
func (c *checker) recordSend(p *clientmodel.Produce, rec types.Type, producer ssa.Value) *ssa.Send {
	var found *ssa.Send
	for _, s := range c.sends {
		call, ok := s.Chan.(*ssa.Call)
		if !ok || !c.sameProducer(ssaflow.Receiver(call.Common()), producer) {
			continue
		}
		fn := ssaflow.Callee(call.Common())
		if fn == nil {
			continue
		}
		if pr, ok := c.ix.Produce(fn); !ok || pr.Produce != p {
			continue
		}
		if c.replyValue(s, p, rec) == nil {
			continue
		}
		if found != nil {
			return nil // several: one fix cannot make them all wait
		}
		found = s
	}
	return found
}

// sameProducer reports whether a and b may be the same producer (or
// channel): the same field of the same struct type (h.producer), or values
// with a common root.
func (c *checker) sameProducer(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	fa, fb := fieldOf(a), fieldOf(b)
	if fa != nil || fb != nil {
		return fa == fb
	}
	return ssaflow.Intersects(c.roots(a), c.roots(b))
}

// fieldOf returns the struct field v is loaded from (h.producer), or nil;
// for a field of an instance of a generic type, the generic field, which
// every instance shares (generics.go).
func fieldOf(v ssa.Value) *types.Var {
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	switch f := v.(type) {
	case *ssa.FieldAddr:
		if p, ok := f.X.Type().Underlying().(*types.Pointer); ok {
			if s, ok := p.Elem().Underlying().(*types.Struct); ok && f.Field < s.NumFields() {
				return s.Field(f.Field).Origin()
			}
		}
	case *ssa.Field:
		if s, ok := f.X.Type().Underlying().(*types.Struct); ok && f.Field < s.NumFields() {
			return s.Field(f.Field).Origin()
		}
	}
	return nil
}

// replyValue returns the record of type rec that send s stores in its
// message's ReplyField (&sarama.ProducerMessage{..., Metadata: msg}), or
// nil.
func (c *checker) replyValue(s *ssa.Send, p *clientmodel.Produce, rec types.Type) ssa.Value {
	a, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	st, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	str, ok := st.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field >= str.NumFields() || str.Field(fa.Field).Name() != p.ReplyField {
			continue
		}
		for _, r := range *fa.Referrers() {
			store, ok := r.(*ssa.Store)
			if !ok || store.Addr != ssa.Value(fa) {
				continue
			}
			if mi, ok := store.Val.(*ssa.MakeInterface); ok && types.Identical(mi.X.Type(), rec) && c.isRecord(rec) {
				return mi.X
			}
		}
	}
	return nil
}

// sendsWithoutWait reports whether the loop around send can send the next
// record before drain, the function writing the positions, has handled the
// report of this one: a path from the send back to itself that waits on
// nothing drain sends to or closes.
func (c *checker) sendsWithoutWait(send *ssa.Send, drain *ssa.Function) bool {
	sent := c.sentChans(drain)
	// The channels themselves too: a field of the handler (h.acked) the
	// drain sends to and the loop receives from has no common root.
	var raw []ssa.Value
	for _, b := range drain.Blocks {
		for _, in := range b.Instrs {
			if x, ok := in.(*ssa.Send); ok {
				raw = append(raw, x.Chan)
			}
		}
	}
	waitsOn := func(ch ssa.Value) bool {
		if ssaflow.Intersects(c.roots(ch), sent) {
			return true
		}
		for _, r := range raw {
			if c.sameProducer(ch, r) {
				return true
			}
		}
		return false
	}
	isJoin := func(in ssa.Instruction) bool {
		switch x := in.(type) {
		case ssa.CallInstruction:
			return c.isWait(x.Common())
		case *ssa.UnOp:
			return x.Op == token.ARROW && waitsOn(x.X)
		case *ssa.Select:
			for _, st := range x.States {
				if st.Dir == types.RecvOnly && waitsOn(st.Chan) {
					return true
				}
			}
		}
		return false
	}
	return c.sameCycle(send.Block(), send.Block()) &&
		reaches(send, func(in ssa.Instruction) bool { return in == ssa.Instruction(send) }, isJoin)
}

// reportDelivery reports the position call of d with its fix.
// Without fixes, the message says why none is offered.
func (c *checker) reportDelivery(d *delivery, fixes []analysis.SuggestedFix) {
	call := d.call
	noun := call.Client.RecordNoun
	msg := fmt.Sprintf("call to %s with the %s of a delivery report from %s: reports arrive as deliveries finish, not in offset order (a failed delivery is reported elsewhere and never written), and %s",
		clientmodel.ShortName(call.Func), noun, d.method, consequence(call, call.Client.Name, roleWord(call.Role)))
	if d.assumed != "" {
		msg += "; this assumes " + d.assumed + " (the configuration is not visible here)"
	}
	if len(fixes) == 0 {
		why := "a wait for each " + noun + "'s own delivery cannot be built here"
		if d.call.Fn == d.send.Parent() {
			why = "the loop drains the reports itself, so it cannot wait for its own " + noun + "'s delivery (a producer shared by several loops hands a report to any of them)"
		}
		msg += "; no automatic fix: " + why + "; write a low-water mark of the delivered offsets (the offset below which every " + noun + " is delivered)"
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:      call.Pos(),
		Category: CategoryArrival,
		Message:  msg,
		Related: []analysis.RelatedInformation{
			{Pos: d.send.Pos(), Message: noun + " handed to the producer here, with no wait for its delivery"},
			{Pos: d.reports.Pos(), Message: "delivery reports received here, in completion order"},
		},
		SuggestedFixes: fixes,
	})
}

// replyFix builds the fix of a delivery finding: each record waits for its
// own delivery, as the client's synchronous producer does, and the loop
// writes its position after the wait:
//
//	done := make(chan error, 1)
//	p.Input() <- &sarama.ProducerMessage{..., Metadata: done}
//	if err := <-done; err != nil {
//		return err
//	}
//	sess.MarkMessage(msg, "")
//
// The position call in the drain becomes the forward of the report to its
// record's channel (clientmodel.Produce.ReplyForward), and so does every
// other drain of the package's report channels (prepended to the loop
// body), so that a failed delivery ends the wait too. It needs the record
// to be the variable the send stores, the position call's other operands
// to mean the same at the send, the function sending to return just an
// error, a drain of each report channel ranging over it (or receiving in
// a select case), and no other assertion of the field's content that
// could panic on the channel.
func (c *checker) replyFix(d *delivery) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	p := d.prod.Produce
	if p.ReplyWait == "" || p.ReplyField == "" {
		return fail()
	}
	// A loop draining the reports itself (a select receiving records and
	// reports) waits for its record's delivery while it drains them
	// (selfWait).
	self := d.call.Fn == d.send.Parent()
	// The position call, a statement of its own, and the report it reads.
	ce, cpath := edit.CallAt(c.pass, d.call.Pos())
	if ce == nil || len(cpath) < 2 || d.call.Record >= len(ce.Args) {
		return fail()
	}
	markStmt, ok := cpath[1].(*ast.ExprStmt)
	if !ok {
		return fail()
	}
	// The record: asserted in the call, or into a variable by the first
	// statement of the drain's body (m := s.Metadata.(*T)), whose
	// statements after it then move after the wait (asserted).
	var asserted *assertedDrain
	ta, ok := ast.Unparen(ce.Args[d.call.Record]).(*ast.TypeAssertExpr)
	if !ok {
		if asserted, ok = c.assertedRecord(ce.Args[d.call.Record], markStmt); !ok {
			return fail()
		}
		ta = asserted.ta
	}
	sel, ok := ast.Unparen(ta.X).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != p.ReplyField {
		return fail()
	}
	rv, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || containsName(p.ReplyLocals, rv.Name) {
		return fail()
	}
	if c.otherAssertions(d, d.assert) {
		return fail()
	}
	// The send and the record it carries.
	spath := edit.Path(c.pass, d.send.Pos())
	sendStmt, ok := spath[0].(*ast.SendStmt)
	if !ok {
		for _, n := range spath {
			if s, isSend := n.(*ast.SendStmt); isSend {
				sendStmt, ok = s, true
				break
			}
		}
	}
	if !ok {
		return fail()
	}
	if _, i := stmtListOf(c.pass, sendStmt); i < 0 {
		return fail()
	}
	kv := replyField(sendStmt.Value, p.ReplyField)
	if kv == nil {
		return fail()
	}
	recID, ok := ast.Unparen(kv.Value).(*ast.Ident)
	if !ok {
		return fail()
	}
	sig := edit.Signature(c.pass, edit.Path(c.pass, sendStmt.Pos()))
	if sig == nil || sig.Results().Len() != 1 || !isErrorType(sig.Results().At(0).Type()) {
		return fail()
	}
	// The position call, moved after the wait: its operands other than
	// the record must mean the same there.
	ok = true
	var moved string
	if asserted != nil {
		// The drain's statements after the assertion, the record's
		// variable bound to the loop's.
		for _, st := range asserted.rest {
			ast.Inspect(st, func(n ast.Node) bool {
				if id, isID := n.(*ast.Ident); isID {
					if obj := c.pass.TypesInfo.Uses[id]; obj != nil && obj != asserted.v {
						if v, isVar := obj.(*types.Var); isVar && !v.IsField() && v.Parent() != c.pass.Pkg.Scope() &&
							(v.Pos() < asserted.rest[0].Pos() || v.Pos() > asserted.rest[len(asserted.rest)-1].End()) &&
							c.lookupAt(sendStmt.Pos(), id.Name) != obj {
							ok = false
						}
					}
				}
				return ok
			})
		}
		src := c.sourceOfList(&ast.BlockStmt{List: asserted.rest})
		if !ok || src == "" {
			return fail()
		}
		moved = asserted.v.Name() + " := " + recID.Name + "\n" + src
		if c.lookupAt(sendStmt.Pos(), asserted.v.Name()) != nil || declaresAtTop(&ast.BlockStmt{List: asserted.rest}) {
			moved = "{\n" + indentText(moved) + "\n}" // a scope of its own
		}
	} else {
		ast.Inspect(ce, func(n ast.Node) bool {
			if n == ast.Node(ta) {
				return false
			}
			if id, isID := n.(*ast.Ident); isID {
				if obj := c.pass.TypesInfo.Uses[id]; obj != nil {
					if _, isVar := obj.(*types.Var); isVar && c.lookupAt(sendStmt.Pos(), id.Name) != obj {
						ok = false
					}
				}
			}
			return ok
		})
		if !ok {
			return fail()
		}
		callSrc := c.src(ce)
		argSrc := c.src(ta)
		if callSrc == "" || argSrc == "" {
			return fail()
		}
		off := ta.Pos() - ce.Pos()
		moved = callSrc[:off] + recID.Name + callSrc[int(off)+len(argSrc):]
	}
	done := edit.FreeName(c.pass, sendStmt.Pos(), "done")
	if containsName(p.ReplyLocals, done) {
		return fail()
	}
	if self {
		if asserted != nil {
			return fail()
		}
		return c.selfWait(d, markStmt, sendStmt, kv, done, moved)
	}
	wait := strings.ReplaceAll(p.ReplyWait, clientmodel.FixDone, done)
	edits := []analysis.TextEdit{
		edit.InsertBefore(c.pass, sendStmt, done+" := make(chan error, 1)"),
		{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(done)},
		edit.InsertAfter(c.pass, sendStmt, wait+"\n"+moved),
	}
	forward := strings.ReplaceAll(p.ReplyForward[d.method], clientmodel.FixVar, rv.Name)
	if asserted != nil {
		last := asserted.rest[len(asserted.rest)-1]
		fe := c.replaceStmt(asserted.def, forward)
		fe.End = last.End()
		edits = append(edits, fe)
	} else {
		edits = append(edits, c.replaceStmt(markStmt, forward))
	}
	// Every other drain forwards its reports first.
	drains, ok := c.reportDrains(d, markStmt, innermostFunc(spath), nil)
	if !ok {
		return fail()
	}
	edits = append(edits, drains...)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Wait for each %s's delivery and %s it after", d.call.Client.RecordNoun, roleWord(d.call.Role)),
		TextEdits: edits,
	}, true
}

// assertedDrain is a drain whose record is asserted into a variable by
// the first statement of its body (def: v := s.Metadata.(*T), ta the
// assertion), the statements after it (rest) handling it.
type assertedDrain struct {
	def  ast.Stmt
	ta   *ast.TypeAssertExpr
	v    types.Object
	rest []ast.Stmt
}

// assertedRecord returns the drain of a position call whose record arg is
// a variable defined by the first statement of the drain's body from the
// report (m := s.Metadata.(*T)), when the statements after it, which
// hold markStmt, neither leave (return, break, continue, goto) nor read
// the report: moved after the sender's wait, they handle its own record.
func (c *checker) assertedRecord(arg ast.Expr, markStmt ast.Stmt) (*assertedDrain, bool) {
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v := c.pass.TypesInfo.Uses[id]
	if v == nil {
		return nil, false
	}
	var def *ast.AssignStmt
	for _, n := range edit.Path(c.pass, v.Pos()) {
		if as, isAs := n.(*ast.AssignStmt); isAs {
			def = as
			break
		}
	}
	if def == nil || def.Tok != token.DEFINE || len(def.Lhs) != 1 || len(def.Rhs) != 1 {
		return nil, false
	}
	if lhs, isID := def.Lhs[0].(*ast.Ident); !isID || c.pass.TypesInfo.Defs[lhs] != v {
		return nil, false
	}
	ta, ok := ast.Unparen(def.Rhs[0]).(*ast.TypeAssertExpr)
	if !ok {
		return nil, false
	}
	list, i := stmtListOf(c.pass, def)
	if i != 0 || len(list) < 2 || markStmt.Pos() < list[1].Pos() || markStmt.End() > list[len(list)-1].End() {
		return nil, false
	}
	rest := list[1:]
	report := selectorRoot(ta.X)
	if report == nil {
		return nil, false
	}
	rv := c.pass.TypesInfo.Uses[report]
	clean := true
	for _, st := range rest {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ReturnStmt, *ast.BranchStmt:
				clean = false
			case *ast.Ident:
				if c.pass.TypesInfo.Uses[x] == rv {
					clean = false
				}
			}
			return clean
		})
	}
	if !clean {
		return nil, false
	}
	return &assertedDrain{def: def, ta: ta, v: v, rest: rest}, true
}

// replyField returns the field of composite literal e (or &e) keyed by
// name, or nil.
func replyField(e ast.Expr, name string) *ast.KeyValueExpr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
				return kv
			}
		}
	}
	return nil
}

// otherAssertions reports whether the package asserts the type of the
// ReplyField of a message other than by assertion except, without a
// comma-ok (such an assertion panics once the field holds the reply
// channel), unless the message is a report of another producer.
func (c *checker) otherAssertions(d *delivery, except *ssa.TypeAssert) bool {
	field := d.prod.ReplyField
	producer := ssaflow.Receiver(d.reports.Common())
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ta, ok := in.(*ssa.TypeAssert)
				if !ok || ta == except || ta.CommaOk {
					continue
				}
				ld, ok := ta.X.(*ssa.UnOp)
				if !ok || ld.Op != token.MUL {
					continue
				}
				fa, ok := ld.X.(*ssa.FieldAddr)
				if !ok || replyFieldName(fa) != field {
					continue
				}
				if rc, ok := receivedFrom(fa.X).(*ssa.Call); ok && !c.sameProducer(ssaflow.Receiver(rc.Common()), producer) {
					continue // a report of another producer
				}
				return true
			}
		}
	}
	return false
}

// replyFieldName returns the name of the field fa addresses.
func replyFieldName(fa *ssa.FieldAddr) string {
	if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
		if s, ok := p.Elem().Underlying().(*types.Struct); ok && fa.Field < s.NumFields() {
			return s.Field(fa.Field).Name()
		}
	}
	return ""
}

// reportDrains returns the edits making every drain of the producer's
// report channels other than the one holding markStmt forward its reports
// first (clientmodel.Produce.ReplyForward): a range over the channel, or a
// select case receiving from it into a variable. ok is false when a report
// channel has no drain of that form in the package (a failed delivery
// would never end the wait), or one is received from another way.
func (c *checker) reportDrains(d *delivery, markStmt ast.Stmt, sender ast.Node, skip ast.Node) ([]analysis.TextEdit, bool) {
	p := d.prod.Produce
	isReports := func(e ast.Expr) (string, bool) { return c.reportsCall(d, e) }
	drained := map[string]bool{d.method: true}
	var edits []analysis.TextEdit
	ok := true
	forward := func(method string, v ast.Expr, body []ast.Stmt, holder ast.Node) {
		id, isID := v.(*ast.Ident)
		if !isID || id.Name == "_" || containsName(p.ReplyLocals, id.Name) {
			ok = false
			return
		}
		drained[method] = true
		if skip != nil && skip.Pos() <= holder.Pos() && holder.End() <= skip.End() {
			return // the sending loop's own select: selfWait's
		}
		if innermostFunc(edit.Path(c.pass, holder.Pos())) == sender {
			ok = false // drained by the sending loop itself: it would wait for itself
			return
		}
		if holder.Pos() <= markStmt.Pos() && markStmt.End() <= holder.End() {
			return // the drain writing the position: its call becomes the forward
		}
		text := strings.ReplaceAll(p.ReplyForward[method], clientmodel.FixVar, id.Name)
		if len(body) == 0 {
			ok = false
			return
		}
		edits = append(edits, edit.InsertBefore(c.pass, body[0], text))
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.RangeStmt:
				if m, isR := isReports(x.X); isR {
					if x.Key == nil {
						ok = false
						return false
					}
					forward(m, x.Key, x.Body.List, x)
				}
			case *ast.CommClause:
				as, isAs := x.Comm.(*ast.AssignStmt)
				if !isAs || len(as.Rhs) != 1 {
					break
				}
				if u, isU := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr); isU && u.Op == token.ARROW {
					if m, isR := isReports(u.X); isR {
						forward(m, as.Lhs[0], x.Body, x)
					}
				}
			case *ast.UnaryExpr:
				if x.Op == token.ARROW {
					if _, isR := isReports(x.X); isR && !c.coveredDrain(f, x) {
						ok = false // received another way: not forwarded
					}
				}
			}
			return ok
		})
	}
	for m := range p.ReplyForward {
		if !drained[m] {
			return nil, false
		}
	}
	return edits, ok
}

// reportsCall returns the method of the producer of d whose call e is,
// returning a channel of reports (a key of ReplyForward), when e is a
// call of it on d's producer.
func (c *checker) reportsCall(d *delivery, e ast.Expr) (string, bool) {
	p := d.prod.Produce
	recvOf := func(full string) string { return full[:strings.LastIndex(full, ".")] }
	ours := fieldOf(ssaflow.Receiver(d.reports.Common()))
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	fn, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if !ok || p.ReplyForward[fn.Name()] == "" || recvOf(fn.FullName()) != recvOf(p.Func) {
		return "", false
	}
	// The reports of a producer kept in another field are not ours.
	if rs, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && ours != nil {
		if f, ok := c.pass.TypesInfo.Uses[rs.Sel].(*types.Var); ok && f.IsField() && f.Origin() != ours {
			return "", false
		}
	}
	return fn.Name(), true
}

// selfWait builds the reply fix of a loop that drains the producer's
// reports itself, in the select holding markStmt: after the send (whose
// record field now carries channel done), the loop waits for its own
// record's delivery while it keeps draining, forwarding every report it
// receives to its record's channel (the producer may be shared by the
// loops of several claims: a report may be another loop's), and then
// writes the position of its record (moved):
//
//	for waiting := true; waiting; {
//		select {
//		case err := <-done:
//			if err != nil {
//				return err
//			}
//			sess.MarkMessage(msg, "")
//			waiting = false
//		case s := <-p.Successes():
//			<forward s>
//		case perr := <-p.Errors():
//			<forward perr>
//			... // the case's statements
//		}
//	}
//
// The wait's cases are the select's other than the one sending (a select
// receiving the records and the reports), or the select itself when it
// follows the send (a loop receiving one report after each send); the
// select's own report cases forward too. It needs the select's cases to
// leave it only by a return (no break, continue or goto, no default).
func (c *checker) selfWait(d *delivery, markStmt ast.Stmt, sendStmt *ast.SendStmt, kv *ast.KeyValueExpr, done, moved string) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	p := d.prod.Produce
	var mc *ast.CommClause
	var ss *ast.SelectStmt
	path := edit.Path(c.pass, markStmt.Pos())
	for i, n := range path {
		if k, ok := n.(*ast.CommClause); ok && i+2 < len(path) {
			mc = k
			ss, _ = path[i+2].(*ast.SelectStmt)
			break
		}
	}
	if mc == nil || ss == nil {
		return fail()
	}
	// The clause sending (inner wait), or the select following the send.
	var sc *ast.CommClause
	for _, x := range ss.Body.List {
		if k, ok := x.(*ast.CommClause); ok && k.Pos() <= sendStmt.Pos() && sendStmt.End() <= k.End() {
			sc = k
		}
	}
	if sc == nil {
		list, i := stmtListOf(c.pass, sendStmt)
		if i < 0 || i+1 >= len(list) || list[i+1] != ast.Stmt(ss) {
			return fail()
		}
	} else if sc == mc || sc.Comm != nil && sc.Comm.Pos() <= sendStmt.Pos() && sendStmt.End() <= sc.Comm.End() {
		return fail()
	}
	// Each case: its comm, the report variable and method when it drains
	// the producer, and its statements as text.
	forwardOf := func(k *ast.CommClause) (string, bool) {
		as, ok := k.Comm.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return "", false
		}
		u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return "", false
		}
		m, ok := c.reportsCall(d, u.X)
		if !ok {
			return "", false
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok || id.Name == "_" || containsName(p.ReplyLocals, id.Name) {
			return "", false
		}
		return strings.ReplaceAll(p.ReplyForward[m], clientmodel.FixVar, id.Name), true
	}
	waiting := edit.FreeName(c.pass, sendStmt.Pos(), "waiting")
	if waiting == done || containsName(p.ReplyLocals, waiting) {
		return fail()
	}
	var cases []string
	var edits []analysis.TextEdit
	for _, x := range ss.Body.List {
		k, ok := x.(*ast.CommClause)
		if !ok || k.Comm == nil {
			return fail() // a default: the wait would spin
		}
		if k == sc {
			continue
		}
		leaves := false
		ast.Inspect(k, func(n ast.Node) bool {
			if _, isBranch := n.(*ast.BranchStmt); isBranch {
				leaves = true
			}
			return !leaves
		})
		if leaves {
			return fail()
		}
		fwd, isReport := forwardOf(k)
		var body []string
		if isReport && k != mc {
			body = append(body, fwd)
		}
		for _, st := range k.Body {
			if st == markStmt {
				body = append(body, fwd)
				continue
			}
			t := c.sourceOfList(&ast.BlockStmt{List: []ast.Stmt{st}})
			if t == "" {
				return fail()
			}
			body = append(body, t)
		}
		if k == mc && !isReport {
			return fail()
		}
		comm := c.src(k.Comm)
		if comm == "" || strings.Contains(comm, "\n") {
			return fail()
		}
		cases = append(cases, "case "+comm+":\n"+indentText(strings.Join(body, "\n")))
		// The select's own report cases forward too (inner wait).
		if sc != nil && isReport {
			if k == mc {
				edits = append(edits, c.replaceStmt(markStmt, fwd))
			} else if len(k.Body) > 0 {
				edits = append(edits, edit.InsertBefore(c.pass, k.Body[0], fwd))
			} else {
				return fail()
			}
		}
	}
	wait := "for " + waiting + " := true; " + waiting + "; {\n\tselect {\n\tcase err := <-" + done + ":\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n" +
		indentText(indentText(moved)) + "\n\t\t" + waiting + " = false\n" + indentText(strings.Join(cases, "\n")) + "\n\t}\n}"
	edits = append(edits,
		edit.InsertBefore(c.pass, sendStmt, done+" := make(chan error, 1)"),
		analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(done)},
	)
	if sc != nil {
		edits = append(edits, edit.InsertAfter(c.pass, sendStmt, wait))
	} else {
		edits = append(edits, c.replaceStmt(ss, wait))
	}
	drains, ok := c.reportDrains(d, markStmt, nil, ss)
	if !ok {
		return fail()
	}
	edits = append(edits, drains...)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Wait for each %s's delivery, forwarding the reports received meanwhile, and %s it after", d.call.Client.RecordNoun, roleWord(d.call.Role)),
		TextEdits: edits,
	}, true
}

// coveredDrain reports whether receive u is the receive of a select case
// assigning it to variables (handled by reportDrains).
func (c *checker) coveredDrain(f *ast.File, u *ast.UnaryExpr) bool {
	path := edit.Path(c.pass, u.Pos())
	for i, n := range path {
		if as, ok := n.(*ast.AssignStmt); ok && i+1 < len(path) {
			if cc, ok := path[i+1].(*ast.CommClause); ok && cc.Comm == ast.Stmt(as) && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == ast.Expr(u) {
				return true
			}
		}
	}
	return false
}

// innermostFunc returns the innermost function literal or declaration of
// path, or nil.
func innermostFunc(path []ast.Node) ast.Node {
	for _, n := range path {
		switch n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return n
		}
	}
	return nil
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}
