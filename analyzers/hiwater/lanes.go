package hiwater

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Lanes are channels kept in a slice, array or map, each drained by a
// worker of its own. Routed by partition (lanes[r.Partition%n] <- r),
// every record of a partition goes to one lane and is processed in order.
// Routed by anything else of the record (its key, value or offset:
// lanes[hash(r.Key)%n] <- r), the records of one partition spread over
// lanes that run concurrently, and lane workers writing their own
// records' positions write them out of order.

// partitionFields are the fields that route a partition's records to one
// lane: a record's topic, and a partition, of the record or of a struct
// it holds; reading only these (or none of the record) keeps a partition
// in one lane.
var partitionFields = map[string]bool{"Topic": true, "Partition": true}

// laneBacklog ends the title of the fix routing a key's lane by
// partition: a poll hands its records partition after partition, so a
// lane that fills blocks the loop while the others are idle (audit
// 36c/D2: 4.1x slower with 16-slot lanes, 1.2x with 256).
const laneBacklog = " (a poll's records come partition after partition: give each lane room for a poll, or a full lane stalls the others)"

// laneSend returns where the records of a partition are routed, by
// something other than their partition, to the lane that l's worker
// receives from (channel ch): the arrow of a send statement or of a
// select's send case, or token.NoPos.
func (c *checker) laneSend(l *launch, ch ssa.Value) token.Pos {
	gb := l.instr.Block()
	if !c.sameCycle(gb, gb) || edit.SingleIteration(c.pass, l.instr.Pos()) {
		return token.NoPos
	}
	colls := c.laneCollections(ch)
	if len(colls) == 0 {
		return token.NoPos
	}
	spreads := func(chv, x ssa.Value) bool {
		coll, idx := elementOf(chv)
		return coll != nil && ssaflow.Intersects(c.roots(coll), colls) && c.recordDerived(x) &&
			(c.spreadsPartition(idx) || c.roundRobin(idx, x))
	}
	for _, send := range c.chanSends() {
		if spreads(send.ch, send.x) {
			return send.pos
		}
	}
	return token.NoPos
}

// laneCollections returns the roots of the collections that channel ch is
// an element of: ch is loaded from one (lanes[i]), or made and stored into
// one (ch := make(chan T); lanes[i] = ch).
func (c *checker) laneCollections(ch ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range c.roots(ch) {
		if coll, _ := elementAddr(r); coll != nil {
			out = append(out, c.roots(coll)...)
			continue
		}
		mc, ok := r.(*ssa.MakeChan)
		if !ok {
			continue
		}
		out = append(out, c.storedInto(mc, 0)...)
	}
	return out
}

// storedInto returns the roots of the collections v is stored into as an
// element, directly or through a local variable (ch := make(chan T);
// lanes[i] = ch, with ch captured by the worker).
func (c *checker) storedInto(v ssa.Value, depth int) []ssa.Value {
	if depth > 2 {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *v.Referrers() {
		switch st := ref.(type) {
		case *ssa.Store:
			if st.Val != v {
				continue
			}
			if coll, _ := elementAddr(st.Addr); coll != nil {
				if ap := appendedBy(coll); ap != nil {
					// lanes = append(lanes, ch), d.lanes = append(d.lanes,
					// ch): the slice the append makes.
					out = append(out, c.roots(ap)...)
					continue
				}
				out = append(out, c.roots(coll)...)
				continue
			}
			if a, ok := st.Addr.(*ssa.Alloc); ok {
				for _, ar := range *a.Referrers() {
					if ld, ok := ar.(*ssa.UnOp); ok && ld.Op == token.MUL {
						out = append(out, c.storedInto(ld, depth+1)...)
					}
				}
			}
		case *ssa.MapUpdate:
			if st.Value == v {
				out = append(out, c.roots(st.Map)...)
			}
		}
	}
	return out
}

// appendedBy returns the call of append whose variadic arguments are
// held in coll (the array of append(lanes, ch)), or nil.
func appendedBy(coll ssa.Value) *ssa.Call {
	a, ok := coll.(*ssa.Alloc)
	if !ok {
		return nil
	}
	for _, ref := range *a.Referrers() {
		sl, ok := ref.(*ssa.Slice)
		if !ok || sl.X != a {
			continue
		}
		for _, sr := range *sl.Referrers() {
			call, ok := sr.(*ssa.Call)
			if !ok {
				continue
			}
			if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(call.Call.Args) == 2 && call.Call.Args[1] == ssa.Value(sl) {
				return call
			}
		}
	}
	return nil
}

// elementOf returns the collection and index a channel value is read
// from: *lanes[i] of a slice or array variable, an array value's element,
// or a map's.
func elementOf(v ssa.Value) (coll, idx ssa.Value) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return elementAddr(x.X)
		}
	case *ssa.Index:
		return x.X, x.Index
	case *ssa.Lookup:
		return x.X, x.Index
	}
	return nil, nil
}

// elementAddr returns the collection and index of an element's address.
func elementAddr(v ssa.Value) (coll, idx ssa.Value) {
	switch x := v.(type) {
	case *ssa.IndexAddr:
		return x.X, x.Index
	case *ssa.Index:
		return x.X, x.Index
	case *ssa.Lookup:
		return x.X, x.Index
	}
	return nil, nil
}

// spreadsPartition reports whether a lane index is computed from a field
// of a record other than its topic and partition (its key, value, offset,
// headers), through arithmetic, conversions and calls: the records of one
// partition then go to different lanes. An index not computed from a
// record field (a counter, a partition) is not (a counter advanced per
// record is roundRobin's).
func (c *checker) spreadsPartition(idx ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.FieldAddr:
			return c.spreadingField(x.X.Type(), x.Field) || !partitionFields[fieldName(x.X.Type(), x.Field)] && walk(x.X, depth+1)
		case *ssa.Field:
			return c.spreadingField(x.X.Type(), x.Field) || !partitionFields[fieldName(x.X.Type(), x.Field)] && walk(x.X, depth+1)
		case *ssa.UnOp:
			return walk(x.X, depth+1)
		case *ssa.BinOp:
			return walk(x.X, depth+1) || walk(x.Y, depth+1)
		case *ssa.Convert:
			return walk(x.X, depth+1)
		case *ssa.ChangeType:
			return walk(x.X, depth+1)
		case *ssa.MakeInterface:
			return walk(x.X, depth+1)
		case *ssa.Slice:
			return walk(x.X, depth+1)
		case *ssa.Extract:
			return walk(x.Tuple, depth+1)
		case *ssa.Call:
			for _, a := range x.Call.Args {
				if walk(a, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return walk(idx, 0)
}

// roundRobin reports whether a lane index is computed from a counter that
// the loop sending record x advances for each record (lanes[next%n] <- m;
// next++, or the index of a range over the batch): consecutive records of
// a partition go to different lanes. The record must differ per iteration
// of the counter's loop (the same record sent to every lane in an inner
// loop is a broadcast, not a spread).
func (c *checker) roundRobin(idx, x ssa.Value) bool {
	xb := definedIn(x)
	if xb == nil {
		return false
	}
	isStep := func(v ssa.Value, self func(ssa.Value) bool) bool {
		b, ok := v.(*ssa.BinOp)
		if !ok || b.Op != token.ADD && b.Op != token.SUB {
			return false
		}
		_, cx := b.X.(*ssa.Const)
		_, cy := b.Y.(*ssa.Const)
		return self(b.X) && cy || self(b.Y) && cx
	}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
			return false
		}
		seen[v] = true
		switch y := v.(type) {
		case *ssa.BinOp:
			return walk(y.X, depth+1) || walk(y.Y, depth+1)
		case *ssa.Convert:
			return walk(y.X, depth+1)
		case *ssa.ChangeType:
			return walk(y.X, depth+1)
		case *ssa.Phi:
			// An induction variable: i = phi(0, i+1) in x's loop.
			for _, e := range y.Edges {
				if isStep(e, func(w ssa.Value) bool { return w == ssa.Value(y) }) && c.sameCycle(y.Block(), xb) {
					return true
				}
			}
		case *ssa.UnOp:
			if y.Op != token.MUL {
				return false
			}
			// A counter in memory (a variable or a field) stored back
			// incremented in x's loop.
			same := func(w ssa.Value) bool {
				ld, ok := w.(*ssa.UnOp)
				return ok && ld.Op == token.MUL && sameAddress(ld.X, y.X)
			}
			for _, b := range y.Parent().Blocks {
				for _, in := range b.Instrs {
					if st, ok := in.(*ssa.Store); ok && sameAddress(st.Addr, y.X) && isStep(st.Val, same) && c.sameCycle(b, xb) {
						return true
					}
				}
			}
		}
		return false
	}
	return walk(idx, 0)
}

// definedIn returns the block defining v, or nil.
func definedIn(v ssa.Value) *ssa.BasicBlock {
	if in, ok := v.(ssa.Instruction); ok {
		return in.Block()
	}
	return nil
}

// sameAddress reports whether a and b address the same variable: one
// value, or the same field of the same value.
func sameAddress(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	fa, ok1 := a.(*ssa.FieldAddr)
	fb, ok2 := b.(*ssa.FieldAddr)
	return ok1 && ok2 && fa.Field == fb.Field && sameAddress(fa.X, fb.X)
}

// spreadingField reports whether field i of t is a field of a record
// other than its topic and partition, and not a struct holding them.
func (c *checker) spreadingField(t types.Type, i int) bool {
	if !c.recordish(t) || partitionFields[fieldName(t, i)] {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() {
		return false
	}
	if fs, ok := s.Field(i).Type().Underlying().(*types.Struct); ok {
		for j := 0; j < fs.NumFields(); j++ {
			if fs.Field(j).Name() == "Partition" {
				return false // the record's topic and partition, read further on
			}
		}
	}
	return true
}

// recordish reports whether t is a record type, a pointer to one, or the
// value a record pointer points to.
func (c *checker) recordish(t types.Type) bool {
	if c.isRecord(t) || c.isRecord(types.NewPointer(t)) {
		return true
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return c.isRecord(p.Elem())
	}
	return false
}

// fieldName returns the name of field i of the struct t (or *t) is.
func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return ""
}

// laneFix routes each partition's records to one lane: the index of the
// send (lanes[hash(m.Key)%n] <- m) becomes the record's partition modulo
// the number of lanes (lanes[int(m.Partition)%len(lanes)] <- m), or, for a
// record without a Partition field of its own, the first lane (every
// record then goes to one worker, in order). Lanes kept in a map with an
// integer key go to the first key, when the map is filled only by counting loops
// from a constant (filledFrom).
func (c *checker) laneFix(s *site) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	if !s.send.IsValid() {
		return fail()
	}
	var ss *ast.SendStmt
	for _, n := range edit.Path(c.pass, s.send) {
		if x, ok := n.(*ast.SendStmt); ok {
			ss = x
			break
		}
	}
	if ss == nil {
		return fail()
	}
	ix, ok := ast.Unparen(ss.Chan).(*ast.IndexExpr)
	if !ok {
		return fail()
	}
	switch c.pass.TypesInfo.TypeOf(ix.X).Underlying().(type) {
	case *types.Slice, *types.Array:
	case *types.Map:
		// Lanes in a map: key 0 exists when the map is filled by a
		// counting loop from 0 (any send reaching a lane proves it ran).
		first, ok := c.filledFrom(ast.Unparen(ix.X))
		if !ok {
			return fail()
		}
		target, dead, ok := c.indexTarget(ix.Index, nil)
		if !ok {
			return fail()
		}
		return analysis.SuggestedFix{
			Message:   "Send every record to the first lane",
			TextEdits: append([]analysis.TextEdit{{Pos: target.Pos(), End: target.End(), NewText: []byte(first)}}, dead...),
		}, true
	default:
		return fail()
	}
	// The record sent, by a name or a field path to mention it with.
	val := ast.Unparen(ss.Value)
	switch val.(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		val = nil
	}
	coll := ast.Unparen(ix.X)
	switch coll.(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		coll = nil
	}
	if val != nil && coll != nil {
		t := c.pass.TypesInfo.TypeOf(val)
		if obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, "Partition"); obj != nil {
			if v, ok := obj.(*types.Var); ok && v.IsField() {
				if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
					text := "int(" + edit.Source(c.pass, val) + ".Partition)%len(" + edit.Source(c.pass, coll) + ")"
					target, dead, ok := c.indexTarget(ix.Index, []ast.Expr{val, coll})
					if !ok {
						return fail()
					}
					return analysis.SuggestedFix{
						Message:   "Route each partition to one lane" + laneBacklog,
						TextEdits: append([]analysis.TextEdit{{Pos: target.Pos(), End: target.End(), NewText: []byte(text)}}, dead...),
					}, true
				}
			}
		}
	}
	target, dead, ok := c.indexTarget(ix.Index, nil)
	if !ok {
		return fail()
	}
	return analysis.SuggestedFix{
		Message:   "Send every record to the first lane",
		TextEdits: append([]analysis.TextEdit{{Pos: target.Pos(), End: target.End(), NewText: []byte("0")}}, dead...),
	}, true
}

// indexTarget returns the expression a lane fix replaces for the index of
// a send, and the edits keeping the file compiling (deadAfter): the index
// itself; or, for an index that is a local variable read nowhere else and
// defined just for it (idx := lane(m.Key, n); lanes[idx] <- m), the
// expression defining it, so that the variable stays used (idx :=
// int(m.Partition)%len(lanes)). The expressions in mentions, which the
// new index names, must mean the same at the definition, and the calls
// of the definition dropped must be of functions (not methods or function
// values) given no address; a definition calling anything else keeps its
// old expression evaluated, before it, by a statement of its own (_ =
// h.router.Lane(m.Key)).
func (c *checker) indexTarget(index ast.Expr, mentions []ast.Expr) (ast.Expr, []analysis.TextEdit, bool) {
	keep := func() (ast.Expr, []analysis.TextEdit, bool) {
		dead, ok := c.deadAfter(index)
		return index, dead, ok
	}
	id, ok := ast.Unparen(index).(*ast.Ident)
	if !ok {
		return keep()
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || c.isParam(v) {
		return keep()
	}
	f := edit.File(c.pass, id.Pos())
	if f == nil {
		return keep()
	}
	var def *ast.Ident
	others := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if x, isID := n.(*ast.Ident); isID {
			if c.pass.TypesInfo.Defs[x] == v {
				def = x
			} else if c.pass.TypesInfo.Uses[x] == v && x != id {
				others++
			}
		}
		return true
	})
	if def == nil || others > 0 {
		return keep()
	}
	as, ok := edit.Path(c.pass, def.Pos())[1].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return keep()
	}
	rhs := as.Rhs[0]
	for _, m := range mentions {
		root := m
		for {
			if sel, isSel := ast.Unparen(root).(*ast.SelectorExpr); isSel {
				root = sel.X
				continue
			}
			break
		}
		rid, isID := ast.Unparen(root).(*ast.Ident)
		if !isID || c.lookupAt(as.Pos(), rid.Name) != c.pass.TypesInfo.Uses[rid] {
			return keep()
		}
	}
	pure := true
	ast.Inspect(rhs, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND || x.Op == token.ARROW {
				pure = false
			}
		case *ast.CallExpr:
			if tv, isT := c.pass.TypesInfo.Types[x.Fun]; isT && (tv.IsType() || tv.IsBuiltin()) {
				break
			}
			var fid *ast.Ident
			switch fn := ast.Unparen(x.Fun).(type) {
			case *ast.Ident:
				fid = fn
			case *ast.SelectorExpr:
				if _, isPkg := c.pass.TypesInfo.Uses[identOf(fn.X)].(*types.PkgName); isPkg {
					fid = fn.Sel
				}
			}
			if fid == nil {
				// A method of the package dropped with the definition
				// (idx := h.router.lane(m.Key, n)), when it waits on no
				// channel and starts no goroutine.
				pure = c.droppableMethod(x)
				break
			}
			if fn, isFn := c.pass.TypesInfo.Uses[fid].(*types.Func); !isFn || fn.Type().(*types.Signature).Recv() != nil {
				pure = false
			}
		}
		return pure
	})
	if !pure {
		// A call whose effects are not known (a method through an
		// interface, a function value): the definition takes the new
		// index, and the old one is still evaluated, for its effects,
		// by a statement of its own before it.
		if _, i := stmtListOf(c.pass, as); i < 0 {
			return keep()
		}
		src := c.src(rhs)
		if src == "" {
			return keep()
		}
		return rhs, []analysis.TextEdit{edit.InsertBefore(c.pass, as, "_ = "+src+" // no longer chooses the lane; kept for what else it does")}, true
	}
	dead, ok := c.deadAfter(rhs)
	return rhs, dead, ok
}

// identOf returns e as an identifier, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// deadAfter returns the edits that keep the file compiling once
// expression e is replaced: a local variable read only in e (a counter,
// the index of a range over the batch) would be declared and not used. A
// range key becomes _ (for _, r := range batch); a counter declared with
// a constant and otherwise only stepped (next := 0; next++) loses its
// declaration and its steps. ok is false for any other such variable.
func (c *checker) deadAfter(e ast.Expr) ([]analysis.TextEdit, bool) {
	f := edit.File(c.pass, e.Pos())
	if f == nil {
		return nil, false
	}
	in := func(n ast.Node) bool { return e.Pos() <= n.Pos() && n.End() <= e.End() }
	locals := map[*types.Var]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != nil && v.Parent() != c.pass.Pkg.Scope() && !c.isParam(v) {
				locals[v] = true
			}
		}
		return true
	})
	var edits []analysis.TextEdit
	for v := range locals {
		// The reads of v outside e, and the statements only writing it.
		reads := 0
		var writes []ast.Stmt
		var def ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.IncDecStmt:
				if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
					writes = append(writes, x)
					return false
				}
			case *ast.AssignStmt:
				if len(x.Lhs) == 1 && x.Tok != token.DEFINE {
					if id, ok := ast.Unparen(x.Lhs[0]).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
						if hasCall(x.Rhs[0]) {
							reads++ // its call must stay
						}
						writes = append(writes, x) // v = v + 1 reads v only to write it
						return false
					}
				}
			case *ast.Ident:
				if c.pass.TypesInfo.Defs[x] == v {
					def = x
				} else if c.pass.TypesInfo.Uses[x] == v && !in(x) {
					reads++
				}
			}
			return true
		})
		if reads > 0 {
			continue
		}
		if def == nil {
			return nil, false
		}
		path := edit.Path(c.pass, def.Pos())
		switch d := path[1].(type) {
		case *ast.RangeStmt:
			if d.Key != ast.Expr(def.(*ast.Ident)) || d.Value == nil || len(writes) > 0 {
				return nil, false
			}
			edits = append(edits, analysis.TextEdit{Pos: d.Key.Pos(), End: d.Key.End(), NewText: []byte("_")})
		case *ast.AssignStmt:
			if d.Tok != token.DEFINE || len(d.Lhs) != 1 || len(d.Rhs) != 1 {
				return nil, false
			}
			if tv, ok := c.pass.TypesInfo.Types[d.Rhs[0]]; !ok || tv.Value == nil {
				return nil, false // not a constant: its computation would be dropped
			}
			for _, st := range append([]ast.Stmt{d}, writes...) {
				if as, ok := st.(*ast.AssignStmt); ok && as != d && hasCall(as.Rhs[0]) {
					return nil, false
				}
				rm, ok := edit.RemoveStmt(c.pass, st)
				if !ok {
					return nil, false
				}
				edits = append(edits, rm)
			}
		default:
			return nil, false
		}
	}
	return edits, true
}

// filledFrom returns the first key of the map coll (a variable or a
// field) when it is written only by coll[i] = ... in loops counting i up
// by one from the same constant (for i := 0; i < n; i++, for i := 1; i <=
// n; i++, for i := range n, or the index of a range over a slice), and
// never deleted from, in the package: then if any lane exists, the lane of
// that key does.
func (c *checker) filledFrom(coll ast.Expr) (string, bool) {
	obj := c.namedVar(coll)
	if obj == nil {
		return "", false
	}
	m, ok := obj.Type().Underlying().(*types.Map)
	if !ok {
		return "", false
	}
	if b, ok := m.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		// Keys of another type: a local map filled by a range over a
		// slice of keys (for _, k := range keys { lanes[k] = ... }).
		return c.rangeFirst(coll, obj)
	}
	fills, ok, first := 0, true, ""
	visit := func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			if id, isID := ast.Unparen(x.Fun).(*ast.Ident); isID && id.Name == "delete" && len(x.Args) > 0 && c.namedVar(x.Args[0]) == obj {
				ok = false
			}
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				ie, isIx := ast.Unparen(l).(*ast.IndexExpr)
				if !isIx || c.namedVar(ie.X) != obj {
					continue
				}
				k, counts := c.countsFrom(ie.Index)
				if !counts || first != "" && k != first {
					ok = false
				}
				first = k
				fills++
			}
		}
		return ok
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, visit)
	}
	return first, ok && fills > 0
}

// rangeFirst returns the first key of local map obj (coll, at the send)
// when it is written only by obj[k] = ... in one range over a slice of
// keys (for _, k := range keys, or h.keys), k not assigned in the loop,
// and never deleted from: keys[0] then has a lane if any key does. The
// slice must be a variable, or a field of one, that the function does not
// assign and that means the same at the send.
func (c *checker) rangeFirst(coll ast.Expr, obj types.Object) (string, bool) {
	fail := func() (string, bool) { return "", false }
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return fail()
	}
	_, fbody := edit.FuncOf(edit.Path(c.pass, coll.Pos()))
	if fbody == nil {
		return fail()
	}
	var rs *ast.RangeStmt
	fills := 0
	ok = true
	ast.Inspect(fbody, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			if id := identOf(x.Fun); id != nil && id.Name == "delete" && len(x.Args) > 0 && identOf(x.Args[0]) != nil && c.pass.TypesInfo.Uses[identOf(x.Args[0])] == obj {
				ok = false
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && identOf(x.X) != nil && c.pass.TypesInfo.Uses[identOf(x.X)] == obj {
				ok = false
			}
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id := identOf(l); id != nil && c.pass.TypesInfo.Uses[id] == obj {
					ok = false // the map replaced
				}
				ie, isIx := ast.Unparen(l).(*ast.IndexExpr)
				if !isIx || identOf(ie.X) == nil || c.pass.TypesInfo.Uses[identOf(ie.X)] != obj {
					continue
				}
				fills++
				k := identOf(ie.Index)
				loop, _ := edit.LoopOf(edit.Path(c.pass, ie.Pos()))
				r, isRange := loop.(*ast.RangeStmt)
				if k == nil || !isRange || identOf(r.Value) == nil || c.pass.TypesInfo.Defs[identOf(r.Value)] != c.pass.TypesInfo.Uses[k] {
					ok = false
					continue
				}
				if kv, isVar := c.pass.TypesInfo.Uses[k].(*types.Var); !isVar || c.assignedIn(r.Body, kv) {
					ok = false
				}
				rs = r
			}
		}
		return ok
	})
	if !ok || fills != 1 || rs == nil {
		return fail()
	}
	if _, isSlice := c.pass.TypesInfo.TypeOf(rs.X).Underlying().(*types.Slice); !isSlice {
		return fail()
	}
	// The slice: keys or h.keys, unchanged in the function, the same at
	// the send.
	x := ast.Unparen(rs.X)
	root := x
	if sel, isSel := x.(*ast.SelectorExpr); isSel {
		root = ast.Unparen(sel.X)
	}
	rid := identOf(root)
	if rid == nil {
		return fail()
	}
	rv, isVar := c.pass.TypesInfo.Uses[rid].(*types.Var)
	if !isVar || rv.Parent() == c.pass.Pkg.Scope() || c.lookupAt(coll.Pos(), rid.Name) != rv || c.assignedIn(fbody, rv) {
		return fail()
	}
	text := c.src(x)
	if text == "" {
		return fail()
	}
	changed := false
	ast.Inspect(fbody, func(n ast.Node) bool {
		if as, isAs := n.(*ast.AssignStmt); isAs {
			for _, l := range as.Lhs {
				if c.src(l) == text {
					changed = true
				}
			}
		}
		return !changed
	})
	if changed {
		return fail()
	}
	return text + "[0]", true
}

// countsFrom returns the first value of index when it is the variable of
// the loop around it counting up by one from a constant: for i := k; i <
// n; i++ (k), for i := range n, or the index of a range over a slice or
// an array (0).
func (c *checker) countsFrom(index ast.Expr) (string, bool) {
	id, ok := ast.Unparen(index).(*ast.Ident)
	if !ok {
		return "", false
	}
	v := c.pass.TypesInfo.Uses[id]
	if v == nil {
		return "", false
	}
	fail := func() (string, bool) { return "", false }
	loop, _ := edit.LoopOf(edit.Path(c.pass, id.Pos()))
	switch l := loop.(type) {
	case *ast.ForStmt:
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
			return fail()
		}
		if lid, ok := init.Lhs[0].(*ast.Ident); !ok || c.pass.TypesInfo.Defs[lid] != v {
			return fail()
		}
		tv, ok := c.pass.TypesInfo.Types[init.Rhs[0]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return fail()
		}
		post, ok := l.Post.(*ast.IncDecStmt)
		if !ok || post.Tok != token.INC {
			return fail()
		}
		pid, ok := ast.Unparen(post.X).(*ast.Ident)
		if !ok || c.pass.TypesInfo.Uses[pid] != v {
			return fail()
		}
		// i is not assigned in the body.
		assigned := false
		ast.Inspect(l.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, lh := range x.Lhs {
					if lid, ok := ast.Unparen(lh).(*ast.Ident); ok && c.pass.TypesInfo.Uses[lid] == v {
						assigned = true
					}
				}
			case *ast.IncDecStmt:
				if lid, ok := ast.Unparen(x.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[lid] == v {
					assigned = true
				}
			}
			return !assigned
		})
		if assigned {
			return fail()
		}
		return tv.Value.ExactString(), true
	case *ast.RangeStmt:
		k, ok := l.Key.(*ast.Ident)
		if !ok || c.pass.TypesInfo.Defs[k] != v {
			return fail()
		}
		switch t := c.pass.TypesInfo.TypeOf(l.X).Underlying().(type) {
		case *types.Basic:
			if t.Info()&types.IsInteger != 0 && l.Value == nil {
				return "0", true
			}
		case *types.Slice, *types.Array:
			return "0", true
		case *types.Pointer:
			if _, isArray := t.Elem().Underlying().(*types.Array); isArray {
				return "0", true
			}
		}
	}
	return fail()
}

// droppableMethod reports whether call, a method call, can be dropped with
// the definition of a lane index: a method of the package, called on a
// concrete value (not through an interface), whose body, and the bodies of
// the package's functions it calls, neither touch a channel (a free-lane
// queue the workers give their lane back to would then fill and block
// them) nor start a goroutine, defer, or call a function value. What else
// it changes (a round-robin counter) served only the lane it picked.
func (c *checker) droppableMethod(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := c.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg || types.IsInterface(s.Recv()) {
		return false
	}
	sfn := c.m.SSA.Pkg.Prog.FuncValue(fn)
	return sfn != nil && c.quietBody(sfn, map[*ssa.Function]bool{}, 0)
}

// quietBody reports whether fn and the functions of the package it calls
// statically (up to a few levels) use no channel, start no goroutine,
// defer nothing and make no call the analysis cannot see the target of
// other than a function of another package.
func (c *checker) quietBody(fn *ssa.Function, seen map[*ssa.Function]bool, depth int) bool {
	if seen[fn] {
		return true
	}
	seen[fn] = true
	if depth > 3 || len(fn.Blocks) == 0 || fn.Recover != nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Send, *ssa.Select, *ssa.Go, *ssa.Defer, *ssa.MakeChan:
				return false
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return false
				}
			case *ssa.Call:
				cc := x.Common()
				if bi, ok := cc.Value.(*ssa.Builtin); ok {
					if bi.Name() == "close" {
						return false
					}
					continue
				}
				sc := ssaflow.Body(cc.StaticCallee())
				if sc == nil {
					if cc.IsInvoke() && stdInterface(cc.Method) {
						continue // a standard interface's method, a hash.Hash32's Write
					}
					return false // a function value
				}
				if c.m.Flow.InPackage(sc) && !c.quietBody(sc, seen, depth+1) {
					return false
				}
			}
		}
	}
	for _, a := range fn.AnonFuncs {
		if !c.quietBody(a, seen, depth+1) {
			return false
		}
	}
	return true
}

// stdInterface reports whether m is a method of an interface of the
// standard library (hash.Hash32), whose implementations the program
// takes from there.
func stdInterface(m *types.Func) bool {
	return m != nil && m.Pkg() != nil && !strings.Contains(m.Pkg().Path(), ".")
}
