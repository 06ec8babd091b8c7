package edit

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// ---- a send to workers, replaced by their processing in place ----
//
// A fix that cannot place a position call after the processing of
// workers receiving from a channel (several of them, a channel also
// closed or measured) replaces the send by the body of the workers'
// loop, with the value sent for the loop's variable, so that the message
// is processed in place before the position call. The workers stay,
// idle: they receive nothing more and end when the channel is closed, as
// before. The analyzers decide when to offer it and what the position
// call is; Workers, GivesUp and InPlace.Lines are the common machinery.

// Workers returns the one `for v := range ch` loop receiving from ch, a
// local variable of body (a function declaration's), and the texts that
// stand for the loop's free names at pos, where the loop's body will run
// in place of a send, when every receiver of ch runs that loop in
// goroutines. It requires:
//
//   - ch is declared in body as the one name of `ch := make(...)` or
//     `var ch = make(...)`: a channel made here has no receivers but
//     those of body;
//   - every other use of ch sends to it, closes it, measures it (len,
//     cap) or is the one loop, or, when stored is set, is the value of
//     that field's key in a composite literal;
//   - the loop is in a function literal started by go statements of body
//     (once, or in a loop: a pool), with no texts to stand for anything;
//     or in a function of the package that one go statement of body
//     starts with ch (and no loop ranges over ch in body): then the
//     function's parameters (and receiver) stand for the go statement's
//     arguments, which must be variables or field paths of them that
//     body never assigns and that mean the same at pos.
func Workers(pass *analysis.Pass, body *ast.BlockStmt, ch types.Object, pos token.Pos, stored *types.Var) (*ast.RangeStmt, map[types.Object]string) {
	if body == nil || ch == nil || ch.Pos() < body.Pos() || ch.Pos() >= body.End() {
		return nil, nil
	}
	var loops []*ast.RangeStmt
	var gos []*ast.GoStmt
	declared, ok := false, true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if !ok {
			return false
		}
		var parent, grand ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		if len(stack) > 1 {
			grand = stack[len(stack)-2]
		}
		stack = append(stack, n)
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		if pass.TypesInfo.Defs[id] == ch {
			ok = !declared && declaredMade(pass, parent, id)
			declared = true
			return true
		}
		if pass.TypesInfo.Uses[id] != ch {
			return true
		}
		switch p := parent.(type) {
		case *ast.SendStmt:
			ok = p.Chan == ast.Expr(id)
		case *ast.CallExpr:
			if g, isGo := grand.(*ast.GoStmt); isGo && g.Call == p && p.Fun != ast.Expr(id) {
				// A function started with ch: its workers.
				gos = append(gos, g)
				break
			}
			ok = len(p.Args) == 1 && p.Args[0] == ast.Expr(id) &&
				(IsBuiltin(pass, p.Fun, "close") || IsBuiltin(pass, p.Fun, "len") || IsBuiltin(pass, p.Fun, "cap"))
		case *ast.RangeStmt:
			ok = p.X == ast.Expr(id) && StartedByGo(stack[:len(stack)-1])
			loops = append(loops, p)
		case *ast.KeyValueExpr:
			key, _ := p.Key.(*ast.Ident)
			ok = stored != nil && p.Value == ast.Expr(id) && key != nil && pass.TypesInfo.Uses[key] == stored
		default:
			ok = false
		}
		return true
	})
	switch {
	case !ok || !declared:
		return nil, nil
	case len(loops) == 1 && len(gos) == 0:
		return loops[0], map[types.Object]string{}
	case len(loops) == 0 && len(gos) == 1:
		return namedWorkers(pass, body, gos[0], ch, pos)
	}
	return nil, nil
}

// declaredMade reports whether id is declared by its parent as the one
// name of `id := make(...)` or `var id = make(...)`.
func declaredMade(pass *analysis.Pass, parent ast.Node, id *ast.Ident) bool {
	makes := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && IsBuiltin(pass, call.Fun, "make")
	}
	switch p := parent.(type) {
	case *ast.AssignStmt:
		return p.Tok == token.DEFINE && len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Lhs[0] == ast.Expr(id) && makes(p.Rhs[0])
	case *ast.ValueSpec:
		return len(p.Names) == 1 && len(p.Values) == 1 && makes(p.Values[0])
	}
	return false
}

// IsBuiltin reports whether fun denotes the built-in function name.
func IsBuiltin(pass *analysis.Pass, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := pass.TypesInfo.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// namedWorkers returns the loop of the package function that go
// statement g (of body) starts with channel ch, over the parameter g
// passes ch as, and the arguments of g for the function's other
// parameters and receiver (see Workers).
func namedWorkers(pass *analysis.Pass, body *ast.BlockStmt, g *ast.GoStmt, ch types.Object, pos token.Pos) (*ast.RangeStmt, map[types.Object]string) {
	fn, ok := typeutil.Callee(pass.TypesInfo, g.Call).(*types.Func)
	if !ok || fn.Pkg() != pass.Pkg || g.Call.Ellipsis.IsValid() {
		return nil, nil
	}
	var decl *ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && pass.TypesInfo.Defs[fd.Name] == fn {
				decl = fd
			}
		}
	}
	sig := fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || sig.Variadic() || sig.Params().Len() != len(g.Call.Args) {
		return nil, nil
	}
	args := map[types.Object]ast.Expr{}
	var chParam types.Object
	for i, a := range g.Call.Args {
		args[sig.Params().At(i)] = a
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == ch {
			chParam = sig.Params().At(i)
		}
	}
	if sel, ok := ast.Unparen(g.Call.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil {
		args[sig.Recv()] = sel.X
	}
	var loop *ast.RangeStmt
	for _, st := range decl.Body.List {
		if r, ok := st.(*ast.RangeStmt); ok {
			if id, ok := ast.Unparen(r.X).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == chParam {
				loop = r
			}
		}
	}
	if loop == nil {
		return nil, nil
	}
	subst := map[types.Object]string{}
	for obj, a := range args {
		if obj == chParam {
			continue
		}
		if !isFieldPath(pass, a) {
			return nil, nil
		}
		root := ast.Unparen(a)
		for {
			sel, ok := root.(*ast.SelectorExpr)
			if !ok {
				break
			}
			root = ast.Unparen(sel.X)
		}
		id, ok := root.(*ast.Ident)
		if !ok || AssignedIn(pass, body, pass.TypesInfo.Uses[id]) || ObjectAt(pass, pos, id.Name) != pass.TypesInfo.Uses[id] {
			return nil, nil
		}
		subst[obj] = raw(pass, a)
	}
	return loop, subst
}

// isFieldPath reports whether e is a variable or a field path of one:
// the same value wherever it is evaluated, unless written.
func isFieldPath(pass *analysis.Pass, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, isVar := pass.TypesInfo.Uses[e].(*types.Var)
		return isVar
	case *ast.SelectorExpr:
		if s := pass.TypesInfo.Selections[e]; s == nil || s.Kind() != types.FieldVal {
			return false
		}
		return isFieldPath(pass, e.X)
	}
	return false
}

// StartedByGo reports whether the innermost function literal of stack
// (outermost first) is called by a go statement.
func StartedByGo(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		if i < 2 {
			return false
		}
		call, ok := stack[i-1].(*ast.CallExpr)
		if !ok || call.Fun != lit {
			return false
		}
		_, ok = stack[i-2].(*ast.GoStmt)
		return ok
	}
	return false
}

// GivesUp reports whether select statement sel may be replaced, with its
// send case ss, by processing in place: ss's case is empty, and every
// other case receives from a context's Done channel and only returns
// (`case <-ctx.Done(): return nil`), so that processing in place does
// not block on the workers and the loop ends as it did. A case that
// carries on, or a default, would skip the message where the fix
// processes it.
func GivesUp(pass *analysis.Pass, sel *ast.SelectStmt, ss *ast.SendStmt) bool {
	found := false
	for _, cl := range sel.Body.List {
		cc := cl.(*ast.CommClause)
		if cc.Comm == ast.Stmt(ss) {
			if len(cc.Body) != 0 {
				return false
			}
			found = true
			continue
		}
		es, ok := cc.Comm.(*ast.ExprStmt)
		if !ok || len(cc.Body) == 0 {
			return false
		}
		recv, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
		if !ok || recv.Op != token.ARROW || !isDoneCall(pass, recv.X) {
			return false
		}
		for _, st := range cc.Body {
			if _, isReturn := st.(*ast.ReturnStmt); !isReturn {
				return false
			}
		}
	}
	return found
}

// isDoneCall reports whether e calls the Done method of a context.
func isDoneCall(pass *analysis.Pass, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	return ok && fn.Name() == "Done" && fn.Pkg() != nil && fn.Pkg().Path() == "context"
}

// InPlace is the processing of the workers' loop, run in place of the
// send Send (the statement Target: the send, or a select making it that
// GivesUp).
type InPlace struct {
	Send   *ast.SendStmt
	Target ast.Stmt
	// Loop is the workers' loop, and Subst the texts standing at the send
	// for its free names (Workers); Lines adds the loop's variable.
	Loop  *ast.RangeStmt
	Subst map[types.Object]string
	// Reserved are the names that text added to the body (Inside) uses:
	// the body may declare none of them. Uses are expressions of that
	// text, written elsewhere, whose variables must mean the same at the
	// send.
	Reserved []string
	Uses     []ast.Expr
	// Continue lets a continue of the workers' loop stay: it continues
	// the loop around the send, which ends that loop's body (the message
	// left as the workers left it).
	Continue bool
	// Inside returns edits inside the loop's body (a position call added
	// on its success path), or nil.
	Inside func(body []ast.Stmt) ([]analysis.TextEdit, bool)
}

// Lines returns the statements that replace Target, one a line, without
// Target's indentation: the body of the workers' loop, the value sent
// standing for the loop's variable (its name when it is a variable, else
// the body declares the variable as that value first, evaluated where
// the send evaluated it), in a block when they declare names at their top
// level. It requires:
//
//   - the loop declares one variable, of the channel's element type, the
//     type of the value sent;
//   - the body assigns neither the loop's variable nor anything standing
//     for a name of it (Subst), nor takes their address;
//   - the body leaves only by running to its end (a continue of the
//     loop when Continue is set): it has no return, goto, label,
//     labelled branch, defer, go, or break or continue of the loop
//     outside nested loops, switches, selects and function literals;
//   - it declares nothing named like a name of Subst's texts or
//     Reserved, and every other name it uses means the same at the send;
//   - it has no raw string literal spanning lines (reindenting would
//     change it).
func (in *InPlace) Lines(pass *analysis.Pass) ([]string, bool) {
	loop, ss := in.Loop, in.Send
	if loop == nil || ss == nil || in.Target == nil || loop.Value != nil || loop.Tok != token.DEFINE || len(loop.Body.List) == 0 {
		return nil, false
	}
	v, ok := loop.Key.(*ast.Ident)
	if !ok || v.Name == "_" {
		return nil, false
	}
	vObj := pass.TypesInfo.Defs[v]
	chT, isChan := pass.TypesInfo.TypeOf(ss.Chan).Underlying().(*types.Chan)
	if vObj == nil || !isChan || !types.Identical(pass.TypesInfo.TypeOf(ss.Value), chT.Elem()) || !types.Identical(vObj.Type(), chT.Elem()) {
		return nil, false
	}
	if handsOn(pass, loop.Body, vObj) {
		return nil, false // the body's end is not the end of its processing
	}
	if sharesChannel(pass, loop, in.Target.Pos()) {
		return nil, false // in place, it could wait for its own sender
	}
	subst := map[types.Object]string{}
	for obj, text := range in.Subst {
		subst[obj] = text
	}
	reserved := map[string]bool{}
	for _, r := range in.Reserved {
		reserved[r] = true
	}
	pos := in.Target.Pos()
	head := ""
	if id, ok := ast.Unparen(ss.Value).(*ast.Ident); ok && isVar(pass.TypesInfo.Uses[id]) {
		// The variable sent stands for the loop's.
		if AssignedIn(pass, loop.Body, pass.TypesInfo.Uses[id]) {
			return nil, false
		}
		subst[vObj] = id.Name
	} else {
		// A value made from it (decode(msg.Value), payment{...}): the
		// body declares the loop's variable as that value first.
		if reserved[v.Name] {
			return nil, false // v would hide what the added text uses
		}
		subst[vObj] = v.Name
		head = v.Name + " := " + raw(pass, ss.Value)
	}
	for obj := range subst {
		if AssignedIn(pass, loop.Body, obj) {
			return nil, false
		}
	}
	for _, text := range subst {
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
			reserved[w] = true
		}
	}
	for _, e := range in.Uses {
		same := true
		ast.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID && isVar(pass.TypesInfo.Uses[id]) && ObjectAt(pass, pos, id.Name) != pass.TypesInfo.Uses[id] {
				same = false
			}
			return same
		})
		if !same {
			return nil, false
		}
	}
	if !inlinable(pass, loop.Body, subst, reserved, branchesKept(loop.Body, in.Continue), pos) {
		return nil, false
	}
	var inside []analysis.TextEdit
	if in.Inside != nil {
		if inside, ok = in.Inside(loop.Body.List); !ok {
			return nil, false
		}
	}
	return inlineLines(pass, loop.Body, subst, head, inside)
}

// sharesChannel reports whether the body of the workers' loop sends on or
// receives from a channel that the function around pos (where the body
// would run in place) also uses outside that loop: a worker signalling
// `done <- struct{}{}` to a loop of the sender counting its receives
// would, run in place, wait for that loop, which runs only after it (a
// deadlock that builds and vets clean).
func sharesChannel(pass *analysis.Pass, loop *ast.RangeStmt, pos token.Pos) bool {
	chans := map[types.Object]bool{}
	add := func(e ast.Expr) {
		if obj := chanObj(pass, e); obj != nil {
			chans[obj] = true
		}
	}
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt:
			add(n.Chan)
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				add(n.X)
			}
		case *ast.RangeStmt:
			if _, ok := pass.TypesInfo.TypeOf(n.X).Underlying().(*types.Chan); ok {
				add(n.X)
			}
		}
		return true
	})
	if len(chans) == 0 {
		return false
	}
	fn := enclosingFunc(pass, pos)
	if fn == nil {
		return true
	}
	shared := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if shared || n == nil || n == loop {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			if obj := chanObj(pass, e); obj != nil && chans[obj] {
				shared = true
			}
		}
		return true
	})
	return shared
}

// chanObj returns the variable or field a channel expression names, or
// nil.
func chanObj(pass *analysis.Pass, e ast.Expr) types.Object {
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = pass.TypesInfo.Uses[e]
	case *ast.SelectorExpr:
		obj = pass.TypesInfo.Uses[e.Sel]
	}
	if v, ok := obj.(*types.Var); ok {
		if _, isChan := v.Type().Underlying().(*types.Chan); isChan {
			return v
		}
	}
	return nil
}

// enclosingFunc returns the innermost function declaration or literal
// around pos, or nil.
func enclosingFunc(pass *analysis.Pass, pos token.Pos) ast.Node {
	for _, n := range Path(pass, pos) {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return n
		}
	}
	return nil
}

// handsOn reports whether body hands the value of v on for processing
// elsewhere: sends it (or a value a call makes from it) on a channel,
// uses it in a go statement, appends it, or stores it in a field,
// element or pointee; locals assigned from it are followed as v. The
// position call after the inlined body would then run before that
// processing.
func handsOn(pass *analysis.Pass, body *ast.BlockStmt, v types.Object) bool {
	tracked := map[types.Object]bool{v: true}
	derived := map[types.Object]bool{}
	mentions := func(n ast.Node, in map[types.Object]bool) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && in[pass.TypesInfo.Uses[id]] {
				found = true
			}
			return !found
		})
		return found
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt:
			found = found || mentions(n.Value, tracked) || mentions(n.Value, derived)
		case *ast.GoStmt:
			found = found || mentions(n.Call, tracked)
		case *ast.CallExpr:
			if IsBuiltin(pass, n.Fun, "append") && len(n.Args) > 1 {
				for _, a := range n.Args[1:] {
					found = found || mentions(a, tracked)
				}
			}
		case *ast.AssignStmt:
			for i, r := range n.Rhs {
				if !mentions(r, tracked) {
					continue
				}
				lhs := n.Lhs // v, err := convert(m): each result
				if len(n.Lhs) == len(n.Rhs) {
					lhs = n.Lhs[i : i+1]
				}
				_, call := ast.Unparen(r).(*ast.CallExpr)
				for _, l := range lhs {
					id, isID := ast.Unparen(l).(*ast.Ident)
					switch {
					case isID && call:
						if obj := pass.TypesInfo.ObjectOf(id); obj != nil {
							derived[obj] = true
						}
					case isID:
						if obj := pass.TypesInfo.ObjectOf(id); obj != nil {
							tracked[obj] = true
						}
					case !call:
						found = true // stored in a field, element or pointee
					}
				}
			}
		}
		return !found
	})
	return found
}

func isVar(obj types.Object) bool {
	_, ok := obj.(*types.Var)
	return ok
}

// branchesKept returns the branch statements of loop body b that stay
// right in place of the send: a break or continue without a label whose
// loop (or, for a break, switch or select) is inside b, a fallthrough,
// and, with cont, a continue of the loop itself.
func branchesKept(b *ast.BlockStmt, cont bool) map[*ast.BranchStmt]bool {
	kept := map[*ast.BranchStmt]bool{}
	var stack []ast.Node
	ast.Inspect(b, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		br, ok := n.(*ast.BranchStmt)
		if !ok || br.Label != nil || br.Tok == token.GOTO {
			return true
		}
		if br.Tok == token.FALLTHROUGH {
			kept[br] = true
			return true
		}
		// The statement it leaves: the innermost one around it in b, or
		// the workers' loop.
		for i := len(stack) - 2; i >= 0; i-- {
			switch stack[i].(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
				kept[br] = true
				return true
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if br.Tok == token.BREAK {
					kept[br] = true
					return true
				}
			}
		}
		kept[br] = cont && br.Tok == token.CONTINUE
		return true
	})
	return kept
}

// inlinable reports whether the statements of loop body b can run at pos
// in place of a send: they leave only by running to their end or by a
// branch of kept, declare nothing named as reserved, and every name they
// use from outside b means the same at pos (the objects of subst aside,
// which become their texts).
func inlinable(pass *analysis.Pass, b *ast.BlockStmt, subst map[types.Object]string, reserved map[string]bool, kept map[*ast.BranchStmt]bool, pos token.Pos) bool {
	ok := true
	var walk func(n ast.Node, inLit bool)
	walk = func(n ast.Node, inLit bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok || n == nil {
				return false
			}
			switch x := n.(type) {
			case *ast.BranchStmt:
				ok = inLit || kept[x]
			case *ast.ReturnStmt, *ast.LabeledStmt, *ast.DeferStmt, *ast.GoStmt:
				// A function literal's own.
				ok = inLit
			case *ast.BasicLit:
				if x.Kind == token.STRING && strings.HasPrefix(x.Value, "`") && strings.Contains(x.Value, "\n") {
					ok = false // reindenting would change it
				}
			case *ast.FuncLit:
				walk(x.Body, true)
				return false
			case *ast.SelectorExpr:
				walk(x.X, inLit) // x.Sel is a field, method or package member
				return false
			case *ast.KeyValueExpr:
				key, _ := x.Key.(*ast.Ident)
				if f, isField := pass.TypesInfo.Uses[key].(*types.Var); key == nil || !isField || !f.IsField() {
					walk(x.Key, inLit)
				}
				walk(x.Value, inLit)
				return false
			case *ast.Ident:
				ok = meansSameAt(pass, x, b, subst, reserved, pos)
			}
			return ok
		})
	}
	walk(b, false)
	return ok
}

// meansSameAt reports whether id, in loop body b, means the same when b
// runs at pos with subst's texts for its objects: a name declared in b is
// not reserved, and a name used from outside b is substituted or resolves
// to the same object at pos.
func meansSameAt(pass *analysis.Pass, id *ast.Ident, b *ast.BlockStmt, subst map[types.Object]string, reserved map[string]bool, pos token.Pos) bool {
	if obj := pass.TypesInfo.Defs[id]; obj != nil {
		return !reserved[id.Name]
	}
	obj := pass.TypesInfo.Uses[id]
	if _, substituted := subst[obj]; obj == nil || substituted {
		return true // a field or method name, or a substituted name
	}
	if obj.Pos() >= b.Pos() && obj.Pos() < b.End() {
		return true // declared in the body
	}
	return ObjectAt(pass, pos, id.Name) == obj
}

// inlineLines returns the statements of b, after head (a statement, or
// ""), with subst's texts for its objects and the edits inside b
// applied, dedented, as a block when they declare names at their top
// level.
func inlineLines(pass *analysis.Pass, b *ast.BlockStmt, subst map[types.Object]string, head string, inside []analysis.TextEdit) ([]string, bool) {
	first, last := b.List[0], b.List[len(b.List)-1]
	type rep struct {
		pos, end token.Pos
		text     string
	}
	var reps []rep
	ast.Inspect(b, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if text, substituted := subst[pass.TypesInfo.Uses[id]]; substituted {
				reps = append(reps, rep{id.Pos(), id.End(), text})
			}
		}
		return true
	})
	for _, e := range inside {
		if e.Pos < first.Pos() || e.End > last.End() {
			return nil, false
		}
		reps = append(reps, rep{e.Pos, e.End, string(e.NewText)})
	}
	sort.SliceStable(reps, func(i, j int) bool { return reps[i].pos > reps[j].pos })
	src := rawRange(pass, first.Pos(), last.End())
	if src == "" {
		return nil, false
	}
	prev := token.Pos(-1)
	for _, r := range reps {
		if prev >= 0 && r.end > prev {
			return nil, false // overlapping edits
		}
		i, j := int(r.pos-first.Pos()), int(r.end-first.Pos())
		src = src[:i] + r.text + src[j:]
		prev = r.pos
	}
	lines, ok := Dedent(pass, src, first.Pos())
	if !ok {
		return nil, false
	}
	if head != "" {
		lines = append([]string{head}, lines...)
	}
	declares := head != ""
	for _, s := range b.List {
		switch x := s.(type) {
		case *ast.AssignStmt:
			declares = declares || x.Tok == token.DEFINE
		case *ast.DeclStmt:
			declares = true
		}
	}
	if declares {
		for i := range lines {
			if lines[i] != "" {
				lines[i] = "\t" + lines[i]
			}
		}
		lines = append(append([]string{"{"}, lines...), "}")
	}
	return lines, true
}

// Dedent splits src, the source of statements starting at pos, into
// lines without the indentation of pos's line. False when a line is
// indented less.
func Dedent(pass *analysis.Pass, src string, pos token.Pos) ([]string, bool) {
	inner := Indent(pass, pos)
	lines := strings.Split(src, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" && !strings.HasPrefix(lines[i], inner) {
			return nil, false
		}
		lines[i] = strings.TrimPrefix(lines[i], inner)
	}
	return lines, true
}

// SyncProduce returns the text of a synchronous produce to write in
// place of call, an asynchronous one: the client's template sync (recv
// standing for the receiver, $0, $1, ... for the arguments, as written),
// or syncNoDone where the callback argument at index done is nil. False
// where the callback may be nil at run time (a variable: the client
// allows a nil callback, a call of it would panic) or the call cannot be
// rewritten (a spread argument, no selector).
func SyncProduce(pass *analysis.Pass, call *ast.CallExpr, recv, sync, syncNoDone string, done int) (string, bool) {
	if sync == "" || call.Ellipsis.IsValid() || done >= len(call.Args) {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	text := sync
	if IsNil(pass, call.Args[done]) {
		text = syncNoDone
	} else if !SurelyFunc(pass, call.Args[done]) {
		return "", false
	}
	pairs := []string{recv, raw(pass, sel.X)}
	for i, a := range call.Args {
		pairs = append(pairs, "$"+strconv.Itoa(i), raw(pass, a))
	}
	return strings.NewReplacer(pairs...).Replace(text), true
}

// IsNil reports whether e is the predeclared nil.
func IsNil(pass *analysis.Pass, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil" && pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil")
}

// SurelyFunc reports whether e is a function that cannot be nil: a
// function literal, a declared function or a method value.
func SurelyFunc(pass *analysis.Pass, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		_, ok := pass.TypesInfo.Uses[x].(*types.Func)
		return ok
	case *ast.SelectorExpr:
		sel, ok := pass.TypesInfo.Selections[x]
		if ok {
			return sel.Kind() == types.MethodVal
		}
		_, ok = pass.TypesInfo.Uses[x.Sel].(*types.Func) // pkg.Func
		return ok
	}
	return false
}

// MeansSameAt reports whether every name in e means at pos what it means
// in e.
func MeansSameAt(pass *analysis.Pass, e ast.Expr, pos token.Pos) bool {
	same := true
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, isSel := n.(*ast.SelectorExpr); isSel {
			same = same && MeansSameAt(pass, sel.X, pos)
			return false
		}
		if id, isID := n.(*ast.Ident); isID {
			if obj := pass.TypesInfo.Uses[id]; obj != nil && ObjectAt(pass, pos, id.Name) != obj {
				same = false
			}
		}
		return same
	})
	return same
}

// ObjectAt returns the object name means at pos, or nil.
func ObjectAt(pass *analysis.Pass, pos token.Pos, name string) types.Object {
	scope := innermostScope(pass, pos)
	if scope == nil {
		return nil
	}
	_, obj := scope.LookupParent(name, pos)
	return obj
}

// AssignedIn reports whether n assigns obj (=, :=, op=, ++), or takes
// its address.
func AssignedIn(pass *analysis.Pass, n ast.Node, obj types.Object) bool {
	if obj == nil {
		return false
	}
	found := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && pass.TypesInfo.ObjectOf(id) == obj
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(x.X)
		case *ast.UnaryExpr:
			found = found || x.Op == token.AND && is(x.X)
		}
		return !found
	})
	return found
}

// raw returns the source of n as written, comments kept.
func raw(pass *analysis.Pass, n ast.Node) string {
	return rawRange(pass, n.Pos(), n.End())
}

// rawRange returns the source between pos and end, comments kept, or ""
// when the file cannot be read.
func rawRange(pass *analysis.Pass, pos, end token.Pos) string {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return ""
	}
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(pos):tf.Offset(end)])
}

// PlainLiteral reports whether e is a struct literal (not its address)
// whose values only read variables and fields, convert them or are
// constants: evaluated once in place of the send, it is the value the
// worker would have received.
func PlainLiteral(pass *analysis.Pass, e ast.Expr) bool {
	cl, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false
	}
	if _, isStruct := pass.TypesInfo.TypeOf(cl).Underlying().(*types.Struct); !isStruct {
		return false
	}
	ok = true
	for _, elt := range cl.Elts {
		val := elt
		if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
			val = kv.Value
		}
		ast.Inspect(val, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				// Conversions only (string(r.Key)).
				if tv, found := pass.TypesInfo.Types[x.Fun]; !found || !tv.IsType() {
					ok = false
				}
			case *ast.FuncLit, *ast.UnaryExpr, *ast.CompositeLit, *ast.IndexExpr, *ast.SliceExpr:
				ok = false
			}
			return ok
		})
	}
	return ok
}

// IndentLines indents the lines of text that are not empty.
func IndentLines(text, indent string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = indent + l
		}
	}
	return strings.Join(lines, "\n")
}
