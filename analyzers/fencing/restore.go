package fencing

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// CategoryNotRestored: a consumer writes its position in the effect's
// transaction, but nothing reads it back when partitions are assigned.
const CategoryNotRestored = string(category.NotRestored)

// restores reports consumers that keep their position in an offset row
// written in the effect's transaction and never read it back on
// assignment: they resume from the broker's committed offset (or the
// client's start offset), not from the stored one.
func (c *checker) restores() {
	evs, _ := c.pass.ResultOf[semantics.Analyzer].([]*semantics.Evidence)
	for _, ev := range evs {
		s, rs := ev.Sink, ev.Restore
		// A hook that does not visibly read the row is the report's
		// "unknown", not a finding.
		if s == nil || !s.InTx || !s.WithEffect || ev.Transactional || rs == nil || rs.Hook != "" || rs.Row == nil || !rs.Write.IsValid() {
			continue
		}
		k := c.consumerAt(ev.Pos)
		if k == nil {
			continue
		}
		if k.Client.RestoreFix == nil {
			// A kafka-go group Reader cannot be told where to resume: the
			// transaction skips what is applied (restoreskip.go). Outside
			// a group, SetOffset is the fix (restoreset.go).
			switch {
			case k.Settings.Is(k.Client, clientmodel.Group):
				report.Guard(c.pass, rs.Write, func() {
					c.skipApplied(ev, k, ", and this "+k.Client.Name+" consumer cannot be told where to resume")
				})
			case k.Settings.IsNot(k.Client, clientmodel.Group):
				// Outside a group the consumer can be told where to
				// resume (restoreset.go).
				report.Guard(c.pass, rs.Write, func() { c.setOffsetFix(ev, k) })
			}
			continue
		}
		report.Guard(c.pass, rs.Write, func() { c.notRestored(ev, k) })
	}
}

// consumerAt returns the consumer the evidence at pos is about: the one
// constructed there, or a client received from another package whose
// receiving function is there.
func (c *checker) consumerAt(pos token.Position) *consumer.Consumer {
	for _, k := range c.m.Consumers {
		if c.pass.Fset.Position(k.Site.Pos()) == pos {
			return k
		}
	}
	for _, k := range c.m.Received {
		if k.Fn != nil && c.pass.Fset.Position(k.Fn.Pos()) == pos {
			return k
		}
	}
	return nil
}

// restoreSite is where a restore fix goes: the node it edits, the file,
// and the database handle as the code there spells it.
type restoreSite struct {
	file  *ast.File
	db    string
	sess  string // the handler method's session parameter (FixHandler)
	edits func(code string) []analysis.TextEdit
}

func (c *checker) notRestored(ev *semantics.Evidence, k *consumer.Consumer) {
	rs, fix := ev.Restore, k.Client.RestoreFix
	reader, dbType := c.dbReader(rs.Write)
	if reader == nil {
		return
	}
	site := c.restoreSite(k, fix, dbType)
	own, known := c.storesOwnOffset(rs)
	if site == nil || !known {
		// No place for the hook that has the handle (or the options are
		// in another package), or a stored value the hook cannot resume
		// from for sure: the transaction skips what is applied (it
		// compares the value the write stores).
		c.skipApplied(ev, k, " when partitions are assigned")
		return
	}
	sel := rs.Row.Select()
	if own {
		// The row holds the last applied record's own offset: resume
		// after it, or that record is applied again at every assignment.
		sel = strings.Replace(sel, "SELECT "+rs.Row.Col+" ", "SELECT "+rs.Row.Col+" + 1 ", 1)
	}
	args := []string{fix.Ctx, "`" + sel + "`"}
	for _, key := range rs.Row.Keys {
		low := strings.ToLower(key)
		switch {
		case strings.Contains(low, "partition"):
			args = append(args, fix.Partition)
		case strings.Contains(low, "topic"):
			args = append(args, fix.Topic)
		case strings.Contains(low, "group") && ev.Group != "":
			args = append(args, strconv.Quote(ev.Group))
		default:
			// Another key: the same constant the write passes (restorekey.go).
			v, ok := c.constKey(rs.Write, key)
			if !ok {
				// A key whose value varies (a tenant, a header): the row is
				// not one position per partition, and which one a
				// partition resumes from is not the code's to say here.
				return
			}
			args = append(args, v)
		}
	}
	var edits []analysis.TextEdit
	imp := c.importer(site.file, &edits)
	noRowsPath, noRowsName := splitFull(reader.NoRows)
	code := strings.NewReplacer(
		clientmodel.FixRead, "err := "+site.db+"."+reader.Method+"("+strings.Join(args, ", ")+").Scan(&next)",
		clientmodel.FixNoRows, imp("errors")+".Is(err, "+imp(noRowsPath)+"."+noRowsName+")",
	).Replace(fix.Code)
	pkg := k.Client.Paths[0]
	if fix.Where == clientmodel.FixOption {
		pkg, _ = splitFull(fix.Hooks[0])
	}
	if strings.Contains(code, clientmodel.FixPkg) {
		code = strings.ReplaceAll(code, clientmodel.FixPkg, imp(pkg))
	}
	code = strings.ReplaceAll(code, clientmodel.FixSess, site.sess)
	for _, p := range fix.Imports {
		imp(p)
	}
	edits = append(edits, site.edits(code)...)

	pos, end := c.rangeOf(rs.Write)
	var title string
	switch fix.Where {
	case clientmodel.FixOption:
		title = "Restore positions from " + rs.Row.Table + " with " + clientmodel.ShortName(fix.Hooks[0])
	case clientmodel.FixHandler:
		title = "Restore positions from " + rs.Row.Table + " in " + fix.Hooks[0]
	default:
		title = "Restore positions from " + rs.Row.Table + " in the rebalance callback"
	}
	var rel []analysis.RelatedInformation
	if k.Site != nil {
		rel = []analysis.RelatedInformation{{Pos: k.Site.Pos(), Message: "the consumer"}}
	}
	c.report(analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       CategoryNotRestored,
		Message:        "the position written to " + rs.Row.Table + " in the transaction is never read back when partitions are assigned: " + c.restartCost(ev, k.Client),
		Related:        rel,
		SuggestedFixes: []analysis.SuggestedFix{{Message: title, TextEdits: edits}},
	})
}

// storesOwnOffset reports whether the write of the offset row stores the
// record's own offset (m.Offset, int64(e.TopicPartition.Offset): the last
// record applied) rather than the next one to read (m.Offset + 1); known
// is false for any other value (a variable, a computed position), where
// a restore cannot tell which offset to resume at.
func (c *checker) storesOwnOffset(rs *semantics.Restore) (own, known bool) {
	ce, _ := edit.CallAt(c.pass, rs.Write)
	if ce == nil || ce.Ellipsis.IsValid() {
		return false, false
	}
	fn := c.calleeOf(ce)
	if fn == nil {
		return false, false
	}
	ex, ok := clientmodel.SQLExecOf(fn.FullName())
	if !ok || ex.Query < 1 || ex.Query >= len(ce.Args) {
		return false, false
	}
	tv := c.pass.TypesInfo.Types[ce.Args[ex.Query]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false, false
	}
	sql := constant.StringVal(tv.Value)
	if rs.Row.Marks {
		sql, _, _ = sqlrow.Number(sql)
	}
	n := colPlaceholder(sql, rs.Row.Col)
	if n < 1 || ex.Query+n >= len(ce.Args) {
		return false, false
	}
	isOffset := func(e ast.Expr) bool {
		for {
			e = ast.Unparen(e)
			call, ok := e.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || !c.pass.TypesInfo.Types[call.Fun].IsType() {
				break
			}
			e = call.Args[0] // a conversion: int64(m.Offset)
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Offset" {
			return false
		}
		// The record's own offset (m.Offset, tp.Offset of a confluent
		// message's TopicPartition), not a field of the application's.
		t := c.pass.TypesInfo.TypeOf(sel.X)
		if t == nil {
			return false
		}
		named, ok := types.Unalias(ssaflow.Deref(t)).(*types.Named)
		return ok && named.Obj().Pkg() != nil && clientmodel.Default.IsClientPath(named.Obj().Pkg().Path())
	}
	one := func(e ast.Expr) bool {
		tv := c.pass.TypesInfo.Types[e]
		return tv.Value != nil && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(1))
	}
	switch e := ast.Unparen(ce.Args[ex.Query+n]).(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD && (isOffset(e.X) && one(e.Y) || one(e.X) && isOffset(e.Y)) {
			return false, true
		}
	default:
		if isOffset(e) {
			return true, true
		}
	}
	return false, false
}

// restartCost says what a consumer that does not read its stored position
// back resumes from, and what that costs.
func (c *checker) restartCost(ev *semantics.Evidence, cl *clientmodel.Client) string {
	switch ev.CommitsToBroker() {
	case semantics.On:
		return "a restart or rebalance resumes from the broker's committed offset, behind the stored one, so the records in between are applied again (at-least-once despite the transaction)"
	case semantics.Unknown:
		return "a restart or rebalance resumes from the broker's committed offset, or from the client's start offset when nothing is committed there, not from the stored one: records are applied again, or skipped"
	}
	rs := ev.Restore
	start := cl.Prose.InitialOffset
	if rs.Start != "" {
		start = "the start offset set with " + rs.Start
	}
	why := "nothing is committed to the broker either: every restart and rebalance starts from " + start
	switch rs.StartNewest {
	case semantics.On:
		return why + ", the newest offset, so the records produced while a partition had no consumer are lost (at-most-once)"
	case semantics.Off:
		return why + ", the oldest offset, so the partition's records are applied again (at-least-once despite the transaction)"
	}
	return why + ": the newest loses what was produced meanwhile, the oldest applies everything again"
}

// handleRef is the database handle a transaction was begun on: its type,
// and the value the begin was called on (to tell it from other handles of
// the type in scope where the fix goes).
type handleRef struct {
	typ types.Type
	src ssa.Value
}

// dbReader returns how to read a row through the database the transaction
// writing at pos was begun on, and the handle.
func (c *checker) dbReader(pos token.Pos) (*clientmodel.SQLReader, handleRef) {
	var write *ssa.Call
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if call, ok := in.(*ssa.Call); ok && call.Pos() == pos {
					write = call
				}
			}
		}
	}
	if write == nil {
		return nil, handleRef{}
	}
	for _, root := range c.m.Flow.Roots(ssaflow.Recv(write.Common())) {
		if ex, ok := root.(*ssa.Extract); ok {
			root = ex.Tuple
		}
		begin, ok := root.(*ssa.Call)
		if !ok {
			continue
		}
		db := ssaflow.Recv(begin.Common())
		if db == nil {
			continue
		}
		if r, ok := clientmodel.SQLReaderOf(types.TypeString(db.Type(), nil)); ok {
			return r, handleRef{db.Type(), db}
		}
	}
	return nil, handleRef{}
}

// restoreSite finds where the client's restore fix goes for consumer k and
// how the code there spells a handle of type db.
func (c *checker) restoreSite(k *consumer.Consumer, fix *clientmodel.RestoreFix, db handleRef) *restoreSite {
	if k.Site == nil && fix.Where == clientmodel.FixOption {
		return nil // received from another package: the constructor and its options are there
	}
	switch fix.Where {
	case clientmodel.FixOption:
		call, _ := edit.CallAt(c.pass, k.Site.Pos())
		if call == nil || call.Ellipsis.IsValid() || len(call.Args) == 0 {
			return nil
		}
		name := c.handleAt(call.Pos(), db, fix.Locals)
		if name == "" {
			return nil
		}
		last := call.Args[len(call.Args)-1]
		return &restoreSite{file: edit.File(c.pass, call.Pos()), db: name, edits: func(code string) []analysis.TextEdit {
			indent := edit.Indent(c.pass, last.Pos())
			if c.pass.Fset.Position(last.End()).Line == c.pass.Fset.Position(call.Rparen).Line {
				indent = edit.Indent(c.pass, call.Pos())
			}
			e, ok := edit.AddElement(c.pass, call, indentRest(code, indent))
			if !ok {
				return nil
			}
			return []analysis.TextEdit{e}
		}}
	case clientmodel.FixHandler:
		return c.handlerSite(k, fix, db)
	case clientmodel.FixCallback:
		return c.callbackSite(k, fix, db)
	}
	return nil
}

// handlerSite is the handler method fix.Hooks[0] of k's handler: its
// receiver's one field of type db spells the handle.
func (c *checker) handlerSite(k *consumer.Consumer, fix *clientmodel.RestoreFix, db handleRef) *restoreSite {
	if len(k.Handlers) != 1 {
		return nil
	}
	prog := c.m.SSA.Pkg.Prog
	sel := prog.MethodSets.MethodSet(k.Handlers[0].Type).Lookup(nil, fix.Hooks[0])
	if sel == nil {
		return nil
	}
	obj, _ := sel.Obj().(*types.Func)
	fn := prog.FuncValue(obj)
	if fn == nil || !c.m.Flow.InPackage(fn) {
		return nil
	}
	decl, _ := fn.Syntax().(*ast.FuncDecl)
	if decl == nil || decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 || decl.Body == nil || len(decl.Body.List) == 0 {
		return nil
	}
	recv := decl.Recv.List[0].Names[0].Name
	sess := paramName(decl.Type.Params, 0)
	if sess == "" || recv == "_" || slices.Contains(fix.Locals, recv) || slices.Contains(fix.Locals, sess) {
		return nil
	}
	field := fieldOfType(fn.Signature.Recv().Type(), db.typ)
	if field == "" {
		return nil
	}
	return &restoreSite{file: edit.File(c.pass, decl.Pos()), db: recv + "." + field, sess: sess, edits: func(code string) []analysis.TextEdit {
		e, ok := edit.PrependToBody(c.pass, decl.Body, code)
		if !ok {
			return nil
		}
		return []analysis.TextEdit{e}
	}}
}

// paramName returns the name of parameter i, or "" when it is unnamed or
// blank.
func paramName(params *ast.FieldList, i int) string {
	n := 0
	for _, f := range params.List {
		for _, id := range f.Names {
			if n == i && id.Name != "_" {
				return id.Name
			}
			n++
		}
	}
	return ""
}

// callbackSite is the nil callback argument of a hook method called on k
// (Subscribe(topic, nil)): a function literal replaces it.
func (c *checker) callbackSite(k *consumer.Consumer, fix *clientmodel.RestoreFix, db handleRef) *restoreSite {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil || !slices.Contains(fix.Hooks, callee.FullName()) || !c.isConsumer(k, ssaflow.Recv(ci.Common())) {
					continue
				}
				ce, _ := edit.CallAt(c.pass, ci.Pos())
				if ce == nil || fix.Arg >= len(ce.Args) {
					continue
				}
				arg := ce.Args[fix.Arg]
				if id, ok := ast.Unparen(arg).(*ast.Ident); !ok || id.Name != "nil" || c.pass.TypesInfo.Uses[id] != types.Universe.Lookup("nil") {
					return c.ownCallbackSite(arg, fix, db) // restorecb.go
				}
				name := c.handleAt(ce.Pos(), db, fix.Locals)
				if name == "" {
					return nil
				}
				return &restoreSite{file: edit.File(c.pass, ce.Pos()), db: name, edits: func(code string) []analysis.TextEdit {
					indent := edit.Indent(c.pass, ce.Pos())
					return []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte(indentRest(code, indent))}}
				}}
			}
		}
	}
	return nil
}

// isConsumer reports whether v is consumer k: its value, or, for a
// client received from another package (no constructor here), a value
// from the same roots as the receivers of its calls.
func (c *checker) isConsumer(k *consumer.Consumer, v ssa.Value) bool {
	if v == nil {
		return false
	}
	if k.Site != nil {
		return c.m.Is(k, v)
	}
	roots := c.m.Flow.Roots(v)
	for _, call := range k.Calls {
		if r := ssaflow.Recv(call.Instr.Common()); r != nil && ssaflow.Intersects(c.m.Flow.Roots(r), roots) {
			return true
		}
	}
	return false
}

// handleAt returns the one variable in scope at pos of type db (the
// nearest scope that has any), or "" when there is none, several, or it
// would be shadowed by the fix's own names.
func (c *checker) handleAt(pos token.Pos, db handleRef, locals []string) string {
	f := edit.File(c.pass, pos)
	if f == nil {
		return ""
	}
	scope := c.pass.TypesInfo.Scopes[f]
	if scope == nil {
		return ""
	}
	inner := scope.Innermost(pos)
	for s := inner; s != nil && s != types.Universe; s = s.Parent() {
		var found []string
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if _, visible := inner.LookupParent(name, pos); ok && visible == v && types.Identical(v.Type(), db.typ) {
				found = append(found, name)
			}
		}
		if len(found) > 1 {
			// Several: the one the transaction's handle comes from.
			if found = c.sourceOf(found, s, db.src); len(found) != 1 {
				return ""
			}
		}
		switch {
		case len(found) == 1 && !slices.Contains(locals, found[0]):
			return found[0]
		case len(found) > 0:
			return ""
		}
	}
	return ""
}

// sourceOf keeps, of the names of handles declared in scope s, those that
// are parameters whose values reach src (the value the transaction was
// begun on): several handles of one type are told apart by data flow.
func (c *checker) sourceOf(names []string, s *types.Scope, src ssa.Value) []string {
	if src == nil {
		return names
	}
	want := c.m.Flow.Roots(src)
	var out []string
	for _, name := range names {
		v, _ := s.Lookup(name).(*types.Var)
		p := c.paramValue(v)
		if p != nil && ssaflow.Intersects(c.m.Flow.Roots(p), want) {
			out = append(out, name)
		}
	}
	return out
}

// paramValue returns the SSA parameter declared as v, or nil.
func (c *checker) paramValue(v *types.Var) ssa.Value {
	if v == nil {
		return nil
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, p := range fn.Params {
			if p.Object() == v {
				return p
			}
		}
	}
	return nil
}

// fieldOfType returns the one field of the struct t (or *t) of type db.
func fieldOfType(t types.Type, db types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	name := ""
	for i := 0; i < st.NumFields(); i++ {
		if types.Identical(st.Field(i).Type(), db) {
			if name != "" {
				return ""
			}
			name = st.Field(i).Name()
		}
	}
	return name
}

// rangeOf returns the range of the call whose left parenthesis is at
// lparen.
func (c *checker) rangeOf(lparen token.Pos) (token.Pos, token.Pos) {
	if call, _ := edit.CallAt(c.pass, lparen); call != nil {
		return call.Pos(), call.End()
	}
	return lparen, token.NoPos
}

// pkgName returns the name a package newly imported by path declares: as
// the type checker knows it when the package is a dependency, else guess
// (the path's last element).
func (c *checker) pkgName(path, guess string) string {
	seen := map[*types.Package]bool{}
	var find func(ps []*types.Package) string
	find = func(ps []*types.Package) string {
		for _, p := range ps {
			if seen[p] {
				continue
			}
			seen[p] = true
			if p.Path() == path {
				return p.Name()
			}
			if n := find(p.Imports()); n != "" {
				return n
			}
		}
		return ""
	}
	if n := find(c.pass.Pkg.Imports()); n != "" {
		return n
	}
	return guess
}

// importer returns a function that imports a package path into file f
// (its edits appended to edits) and returns the name to write it with.
func (c *checker) importer(f *ast.File, edits *[]analysis.TextEdit) func(string) string {
	return func(path string) string {
		name, e := edit.Import(c.pass, f, path)
		*edits = append(*edits, e...)
		if len(e) > 0 {
			name = c.pkgName(path, name)
		}
		return name
	}
}

// splitFull splits the full name of a package-level object
// ("database/sql.ErrNoRows") into its package path and name.
func splitFull(full string) (path, name string) {
	i := strings.LastIndex(full, ".")
	return full[:i], full[i+1:]
}
