package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- a message queued for the package's user, committed when the next is asked for ----
//
// The pump shape of commitprev.go: a method of a struct fetches and
// queues a value made from each message on a channel field, which another
// method of the struct receives from and returns to the package's user.

// queuedWhenNextAsked returns the edits for a message fetched by `m, err
// :=` in a method of a struct of the package (the pump) and queued, as a
// value of the package's message type made from it (msg :=
// toMessage(m), or &Message{...}), on a channel field of the struct that
// one other method (Consume, Next) receives from and returns to the
// package's user: the message type gains a field carrying the fetched
// message, set where the value is made; the returning method keeps the
// value it returns and writes its position (p, on the client the pump
// fetches on) when it is called again. fetch, when not "", is the fetch
// that does not commit, which replaces the one that does. It returns the
// returning method's name.
func (c *checker) queuedWhenNextAsked(path []ast.Node, as *ast.AssignStmt, list []ast.Stmt, call *ast.CallExpr, sel *ast.SelectorExpr, fetch string, p position) ([]analysis.TextEdit, string, bool) {
	pump, ok := enclosingDecl(path)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 {
		return nil, "", false
	}
	m, ok := as.Lhs[0].(*ast.Ident)
	mv := c.pass.TypesInfo.Defs[m]
	if !ok || mv == nil {
		return nil, "", false
	}
	// A failed read leaves before the send: no empty message is queued.
	check, ok := c.checkAfter(list, as).(*ast.IfStmt)
	if !ok || check.Init != nil || check.Else != nil || !isErrCheck(check.Cond) || !noreturn.Of(c.pass).EndsWithLeave(check.Body.List) {
		return nil, "", false
	}
	_, queue, ok := c.pointerReceiver(pump)
	root, rest, ok2 := c.fieldPath(sel.X)
	if !ok || !ok2 || root != c.pass.TypesInfo.Defs[pump.Recv.List[0].Names[0]] {
		return nil, "", false
	}
	// The one send of the statements after the fetch, on a field of the
	// pump's receiver, of a value of a struct type of the package.
	var sends []*ast.SendStmt
	for _, s := range after(list, as) {
		ast.Inspect(s, func(n ast.Node) bool {
			if send, ok := n.(*ast.SendStmt); ok {
				sends = append(sends, send)
			}
			_, lit := n.(*ast.FuncLit)
			return !lit
		})
	}
	if len(sends) != 1 {
		return nil, "", false
	}
	send := sends[0]
	ch := fieldOf(c.pass, send.Chan)
	if ch == nil || ch.Exported() {
		return nil, "", false
	}
	vt, ok := types.Unalias(c.pass.TypesInfo.TypeOf(send.Value)).(*types.Pointer)
	if !ok {
		return nil, "", false
	}
	msgNamed, ok := types.Unalias(vt.Elem()).(*types.Named)
	if !ok || msgNamed.Obj().Pkg() != c.pass.Pkg || msgNamed.TypeParams().Len() > 0 || msgNamed == queue {
		return nil, "", false
	}
	// The value's field carrying the fetched message, set where the
	// value is made: no other send of the package carries the type (its
	// values would lack the message, or another fix would add the field).
	if c.sendsOf(vt, send) {
		return nil, "", false
	}
	msgStruct, msgFile, ok := c.structDecl(msgNamed, false)
	if !ok {
		return nil, "", false
	}
	fetched := freeField(msgNamed, "fetched")
	carried, value := mv.Type(), m.Name // what the field holds, and what sets it
	deref := ""
	if _, ptr := types.Unalias(carried).(*types.Pointer); !ptr {
		carried, value, deref = types.NewPointer(carried), "&"+m.Name, "*"
	}
	ft, ok := c.typeIn(carried, msgFile)
	if !ok {
		return nil, "", false
	}
	addFetched, ok := c.addFields(msgStruct, []string{fmt.Sprintf("%s %s // the message as fetched: its position is written when the next is asked for", fetched, ft)})
	if !ok {
		return nil, "", false
	}
	var set analysis.TextEdit
	switch v := ast.Unparen(send.Value).(type) {
	case *ast.Ident:
		vv, _ := c.pass.TypesInfo.Uses[v].(*types.Var)
		if vv == nil {
			return nil, "", false
		}
		def, _ := c.declaration(vv)
		if def == nil || !slices.Contains(after(list, as), def) {
			return nil, "", false
		}
		set = edit.InsertAfter(c.pass, def, fmt.Sprintf("%s.%s = %s", v.Name, fetched, value))
	case *ast.UnaryExpr:
		lit, isLit := ast.Unparen(v.X).(*ast.CompositeLit)
		if v.Op != token.AND || !isLit {
			return nil, "", false
		}
		if set, ok = edit.AddElement(c.pass, lit, fmt.Sprintf("%s: %s", fetched, value)); !ok {
			return nil, "", false
		}
	default:
		return nil, "", false
	}
	// The method returning what it receives from the channel, the only
	// receiver; nothing else sends on the channel or takes it.
	out, recvs, ok := c.channelReturner(ch, send)
	if !ok {
		return nil, "", false
	}
	if _, named, ok := c.pointerReceiver(out); !ok || named != queue {
		return nil, "", false
	}
	slot, ok := c.fieldSlot(out, vt, p)
	if !ok {
		return nil, "", false
	}
	outRecv := out.Recv.List[0].Names[0].Name
	ctx := ""
	if p.ctx {
		if ctx = contextParam(c.pass, out); ctx == "" {
			return nil, "", false
		}
	}
	outFile := edit.File(c.pass, out.Pos())
	fail, imp, ok := c.failure(p, c.pass.TypesInfo.Defs[out.Name].Type().(*types.Signature), outFile)
	if !ok {
		return nil, "", false
	}
	pro := slot.prologue(func(prev string) string { return p.text(outRecv+rest, ctx, deref+prev+"."+fetched, fail) })
	edits := append(append(slot.decl, imp...), addFetched, set)
	if fetch != "" {
		edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)})
	}
	first := false
	for _, r := range recvs {
		e, isFirst := c.keepReceived(out, r, slot)
		if isFirst {
			// The receive is the body's first statement: the
			// prologue goes in the same edit.
			indent := edit.Indent(c.pass, e[0].Pos)
			e[0].NewText = []byte(strings.ReplaceAll(pro, "\n", "\n"+indent) + "\n" + indent + string(e[0].NewText))
			first = true
		}
		edits = append(edits, e...)
	}
	if !first {
		pe, ok := edit.PrependToBody(c.pass, out.Body, pro)
		if !ok {
			return nil, "", false
		}
		edits = append(edits, pe)
	}
	return edits, out.Name.Name, true
}

// sendsOf reports whether a send of the package other than send carries
// a value of type t.
func (c *checker) sendsOf(t types.Type, send *ast.SendStmt) bool {
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SendStmt); ok && s != send && types.Identical(c.pass.TypesInfo.TypeOf(s.Value), t) {
				found = true
			}
			return !found
		})
	}
	return found
}

// received is a receive from a channel in the function returning what it
// receives: `x := <-ch` (a statement, or a select case's) with the
// returns handing x out, or `return <-ch`.
type received struct {
	ret  *ast.ReturnStmt   // return <-ch
	rets []*ast.ReturnStmt // the returns of x, for x := <-ch
	x    *ast.Ident
}

// channelReturner returns the one function of the package that receives
// from the channel field ch and its receives, each of which it returns
// as its first result, when every other use of ch is the send, a close,
// or an initialisation (a key of a struct literal, an assignment).
func (c *checker) channelReturner(ch *types.Var, send *ast.SendStmt) (*ast.FuncDecl, []received, bool) {
	var out *ast.FuncDecl
	var recvs []received
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != ch {
			continue
		}
		path := edit.Path(c.pass, id.Pos())
		if len(path) < 3 {
			return nil, nil, false
		}
		if _, ok := path[1].(*ast.KeyValueExpr); ok {
			continue // Queue{msgCh: make(...)}
		}
		sel, ok := path[1].(*ast.SelectorExpr)
		if !ok || sel.Sel != id {
			return nil, nil, false
		}
		switch p := path[2].(type) {
		case *ast.SendStmt:
			if p != send {
				return nil, nil, false
			}
		case *ast.CallExpr:
			if !edit.IsBuiltin(c.pass, p.Fun, "close") {
				return nil, nil, false
			}
		case *ast.AssignStmt:
			if len(p.Lhs) != 1 || p.Lhs[0] != sel {
				return nil, nil, false
			}
		case *ast.UnaryExpr:
			if p.Op != token.ARROW || len(path) < 4 {
				return nil, nil, false
			}
			fd, ok := enclosingDecl(path)
			if !ok || out != nil && out != fd {
				return nil, nil, false
			}
			out = fd
			r, ok := c.receivedReturned(fd, p, path[3])
			if !ok {
				return nil, nil, false
			}
			recvs = append(recvs, r)
		default:
			return nil, nil, false
		}
	}
	return out, recvs, out != nil
}

// receivedReturned returns the receive u (whose parent is parent) of fd
// as a received: `return <-ch` of one result, or `x := <-ch` whose every
// return in fd mentioning x returns it as its first result, naming it
// nowhere else.
func (c *checker) receivedReturned(fd *ast.FuncDecl, u *ast.UnaryExpr, parent ast.Node) (received, bool) {
	switch p := parent.(type) {
	case *ast.ReturnStmt:
		return received{ret: p}, len(p.Results) == 1 && ast.Unparen(p.Results[0]) == u
	case *ast.AssignStmt:
		if p.Tok != token.DEFINE || len(p.Lhs) != 1 || len(p.Rhs) != 1 || ast.Unparen(p.Rhs[0]) != u {
			return received{}, false
		}
		x, ok := p.Lhs[0].(*ast.Ident)
		xv := c.pass.TypesInfo.Defs[x]
		if !ok || xv == nil {
			return received{}, false
		}
		rets, ok := ownReturns(fd.Body, fd.Type.Results.NumFields())
		if !ok {
			return received{}, false
		}
		r := received{x: x}
		for _, ret := range rets {
			if !c.mentionsAny(ret, map[types.Object]bool{xv: true}) {
				continue
			}
			if id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[id] != xv {
				return received{}, false
			}
			for _, res := range ret.Results[1:] {
				if c.mentionsAny(res, map[types.Object]bool{xv: true}) {
					return received{}, false
				}
			}
			r.rets = append(r.rets, ret)
		}
		return r, len(r.rets) > 0
	}
	return received{}, false
}

// keepReceived returns the edits keeping what r hands out in the slot:
// `slot = x` before each return of x, or `slot = <-ch; return slot` in
// place of `return <-ch` (first when that return is the body's first
// statement, where the prologue must precede it in the same edit).
func (c *checker) keepReceived(fd *ast.FuncDecl, r received, s prevSlot) ([]analysis.TextEdit, bool) {
	if r.ret != nil {
		indent := edit.Indent(c.pass, r.ret.Pos())
		text := fmt.Sprintf("%s = %s\n%sreturn %s", s.prev, edit.Source(c.pass, r.ret.Results[0]), indent, s.prev)
		return []analysis.TextEdit{{Pos: r.ret.Pos(), End: r.ret.End(), NewText: []byte(text)}}, fd.Body.List[0] == r.ret
	}
	var out []analysis.TextEdit
	for _, ret := range r.rets {
		out = append(out, edit.InsertBefore(c.pass, ret, fmt.Sprintf("%s = %s", s.prev, r.x.Name)))
	}
	return out, false
}

// contextParam returns the name of fd's context.Context parameter, or "".
func contextParam(pass *analysis.Pass, fd *ast.FuncDecl) string {
	for _, f := range fd.Type.Params.List {
		if ssaflow.IsContext(pass.TypesInfo.TypeOf(f.Type)) && len(f.Names) == 1 && f.Names[0].Name != "_" {
			return f.Names[0].Name
		}
	}
	return ""
}

// storedWhenNextAsked is queuedWhenNextAsked for the fetch f of a
// consumer that stores on delivery (auto-store on): the returning method
// stores each message when the next is asked for, a failure logged (a
// later store of the partition covers the message; returning it would
// stop a caller at a routine rebalance), and the timer commits the
// stores once auto-store is off, which the caller's fix sets.
func (c *checker) storedWhenNextAsked(k *consumer.Consumer, f *consumer.Call) ([]analysis.TextEdit, bool) {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil {
		return nil, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	if o, unknown := c.sharedWith(k, f, sel.X, func(*consumer.Consumer) bool { return false }); o != nil || unknown {
		return nil, false // the fix sets auto-store off on k alone
	}
	stmt, listp := edit.Stmt(path)
	as, ok2 := stmt.(*ast.AssignStmt)
	store := k.Client.CallName(clientmodel.Store, clientmodel.ScopeArgs)
	if !ok || !ok2 || listp == nil || store == "" || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil, false
	}
	p := position{call: store, offsets: true, logOnly: true, what: "store offset", done: "stored"}
	e, _, ok := c.queuedWhenNextAsked(path, as, *listp, call, sel, "", p)
	return e, ok
}
