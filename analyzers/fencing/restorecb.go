package fencing

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ownCallbackSite is where the restore goes when the consumer subscribes
// with a rebalance callback of the application's (a function literal, a
// function or a method value of the package) that does not assign: the
// assignment of the stored positions is added inside the callback, in the
// case of its type switch on the event that handles assigned partitions,
// else in an if on that event type at the top of its body. The callback's
// code after it still runs.
func (c *checker) ownCallbackSite(arg ast.Expr, fix *clientmodel.RestoreFix, db handleRef) *restoreSite {
	ftype, body, recv := c.callbackDecl(arg)
	if ftype == nil || body == nil || len(body.List) == 0 {
		return nil
	}
	cons, ev := paramName(ftype.Params, 0), paramName(ftype.Params, 1)
	if cons == "" || ev == "" {
		return nil
	}
	t0 := callbackTemplate(fix.Code)
	if t0 == nil {
		return nil
	}
	// The names the inserted code declares, which must not hide the
	// callback's parameters or the handle.
	var locals []string
	for _, l := range fix.Locals {
		if l != t0.cons && l != t0.ev {
			locals = append(locals, l)
		}
	}
	if slices.Contains(locals, cons) || slices.Contains(locals, ev) {
		return nil
	}
	name := c.handleAt(body.Lbrace+1, db, locals)
	if name == "" && recv != nil && len(recv.Names) == 1 {
		if f := fieldOfType(c.pass.TypesInfo.TypeOf(recv.Type), db.typ); f != "" && !slices.Contains(locals, recv.Names[0].Name) {
			name = recv.Names[0].Name + "." + f
		}
	}
	if name == "" {
		return nil
	}
	return &restoreSite{file: edit.File(c.pass, body.Pos()), db: name, edits: func(code string) []analysis.TextEdit {
		t := callbackTemplate(code)
		if t == nil {
			return nil
		}
		rename := func(s, assigned string) string {
			s = regexp.MustCompile(`\b`+t.ev+`\b`).ReplaceAllString(s, ev)
			s = regexp.MustCompile(`\b`+t.cons+`\.`).ReplaceAllString(s, cons+".")
			return regexp.MustCompile(`\b`+t.assigned+`\b`).ReplaceAllString(s, assigned)
		}
		assign := fmt.Sprintf("if err := %s; err != nil {\n\treturn err\n}", t.assign)
		if cc, bound := c.assignedCase(body, ev, t.typ); cc != nil && !c.declaresAny(cc, locals) {
			text := rename(t.loop+"\n"+assign, bound)
			indent := edit.Indent(c.pass, cc.Pos()) + "\t"
			return []analysis.TextEdit{{Pos: cc.Colon + 1, End: cc.Colon + 1, NewText: []byte("\n" + indent + indentRest(text, indent))}}
		}
		text := rename(fmt.Sprintf("if %s, ok := %s.(%s); ok {\n%s\n}", t.assigned, t.ev, t.typText, indentBody(t.loop+"\n"+assign)), t.assigned)
		e, ok := edit.PrependToBody(c.pass, body, text)
		if !ok {
			return nil
		}
		return []analysis.TextEdit{e}
	}}
}

// callbackDecl returns the signature syntax and body of a callback
// argument written as a function literal, or naming a function or method
// of the package (recv is the method's receiver).
func (c *checker) callbackDecl(arg ast.Expr) (*ast.FuncType, *ast.BlockStmt, *ast.Field) {
	var fn *types.Func
	switch a := ast.Unparen(arg).(type) {
	case *ast.FuncLit:
		return a.Type, a.Body, nil
	case *ast.Ident:
		fn, _ = c.pass.TypesInfo.Uses[a].(*types.Func)
	case *ast.SelectorExpr:
		if sel := c.pass.TypesInfo.Selections[a]; sel != nil && sel.Kind() == types.MethodVal {
			fn, _ = sel.Obj().(*types.Func)
		}
	}
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil, nil, nil
	}
	decl := c.funcDecl(fn)
	if decl == nil {
		return nil, nil, nil
	}
	var recv *ast.Field
	if decl.Recv != nil && len(decl.Recv.List) == 1 {
		recv = decl.Recv.List[0]
	}
	return decl.Type, decl.Body, recv
}

// cbTemplate is the client's restore callback taken apart: its parameter
// names, the type assertion to the assigned event (typText as written,
// typ its name), the variable it binds, the statements building the
// assignment, and the assigning call.
type cbTemplate struct {
	cons, ev, assigned string
	typText, typ       string
	loop, assign       string
}

var (
	cbHeadRE   = regexp.MustCompile(`^func\((\w+) [^,]+, (\w+) [^)]+\) error \{\n`)
	cbAssertRE = regexp.MustCompile(`^\t(\w+), ok := (\w+)\.\(([\w.$]+)\)\n\tif !ok \{\n\t\treturn nil\n\t\}\n`)
	cbTailRE   = regexp.MustCompile(`\n\treturn ([^\n]+)\n\}$`)
)

// callbackTemplate parses the client's restore callback code (the
// model's RestoreFix.Code with its placeholders replaced): a function of
// the consumer and the event that asserts the assigned event, returns nil
// for others, builds the partitions and returns the assigning call. nil
// for code of another shape.
func callbackTemplate(code string) *cbTemplate {
	h := cbHeadRE.FindStringSubmatch(code)
	if h == nil {
		return nil
	}
	rest := code[len(h[0]):]
	a := cbAssertRE.FindStringSubmatch(rest)
	if a == nil || a[2] != h[2] {
		return nil
	}
	rest = rest[len(a[0]):]
	tail := cbTailRE.FindStringSubmatchIndex(rest)
	if tail == nil {
		return nil
	}
	loop := rest[:tail[0]]
	lines := strings.Split(loop, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "\t")
	}
	typ := a[3]
	if i := strings.LastIndex(typ, "."); i >= 0 {
		typ = typ[i+1:]
	}
	return &cbTemplate{
		cons: h[1], ev: h[2], assigned: a[1], typText: a[3], typ: typ,
		loop: strings.Join(lines, "\n"), assign: rest[tail[2]:tail[3]],
	}
}

// assignedCase returns the case of a type switch on the event ev, at the
// top level of body, that handles the type named typ alone and binds the
// event (switch e := ev.(type)), with the name it binds.
func (c *checker) assignedCase(body *ast.BlockStmt, ev, typ string) (*ast.CaseClause, string) {
	for _, st := range body.List {
		ts, ok := st.(*ast.TypeSwitchStmt)
		if !ok {
			continue
		}
		as, ok := ts.Assign.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		ta, ok := as.Rhs[0].(*ast.TypeAssertExpr)
		if id, isID := ta.X.(*ast.Ident); !ok || !isID || id.Name != ev {
			continue
		}
		bound := as.Lhs[0].(*ast.Ident).Name
		if bound == "_" {
			continue
		}
		for _, s := range ts.Body.List {
			cc := s.(*ast.CaseClause)
			if len(cc.List) != 1 {
				continue
			}
			if n, ok := c.pass.TypesInfo.TypeOf(cc.List[0]).(*types.Named); ok && n.Obj().Name() == typ {
				return cc, bound
			}
		}
	}
	return nil, ""
}

// declaresAny reports whether the case clause declares one of names.
func (c *checker) declaresAny(cc *ast.CaseClause, names []string) bool {
	scope := c.pass.TypesInfo.Scopes[cc]
	if scope == nil {
		return true
	}
	for _, n := range names {
		if scope.Lookup(n) != nil {
			return true
		}
	}
	return false
}
