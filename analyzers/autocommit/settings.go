package autocommit

import (
	_ "embed"
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
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- settings fixes ----

// setSetting returns edits that set setting k to on for consumer k, at the
// constructor site: an option added to the constructor's arguments or
// options literal, a key added to a ConfigMap literal, or a field assigned
// after the config is built.
func (c *checker) setSetting(k *consumer.Consumer, setting clientmodel.Setting, on bool) ([]analysis.TextEdit, bool) {
	if c.hyp.decides(k, setting) {
		// The caller's configuration sets it: the package passing it
		// makes the edit (reportPassed).
		c.hyp.pending[setting] = on
		return nil, true
	}
	if k.From != nil {
		return c.importedSetting(k, setting, on)
	}
	cfg := k.Client.Config
	var knob *clientmodel.Knob
	for i := range cfg.Knobs {
		kn := &cfg.Knobs[i]
		if kn.Setting != setting {
			continue
		}
		if kn.Option != "" && kn.Value != on {
			continue
		}
		knob = kn
		break
	}
	if knob == nil {
		return nil, false
	}
	call, _ := edit.CallAt(c.pass, k.Site.Pos())
	if call == nil {
		return nil, false
	}
	if cfg.Kind != clientmodel.Options {
		// Set explicitly in this package: change the value where it is set.
		if v, ok := k.Settings.Set[setting]; ok && !c.sharedSet(k, setting, v.Pos) {
			if !v.Pos.IsValid() {
				return nil, false
			}
			e, ok := c.replaceValue(v.Pos, on)
			return []analysis.TextEdit{e}, ok
		}
		// Set where other consumers' configuration is set too: set it
		// again on this consumer's, at its call (below).
	}
	f := edit.File(c.pass, call.Pos())
	argIdx := k.Ctor.ConfigArg
	switch cfg.Kind {
	case clientmodel.Options:
		fnName := knob.Option[strings.LastIndex(knob.Option, ".")+1:]
		pkgPath := knob.Option[:strings.LastIndex(knob.Option, ".")]
		q := edit.Qualifier(c.pass, f, pkgObj(c.pass, pkgPath))
		if q == "" {
			return nil, false
		}
		opt := q + "." + fnName + "()"
		if !call.Ellipsis.IsValid() {
			e, ok := edit.AddElement(c.pass, call, opt)
			return []analysis.TextEdit{e}, ok
		}
		last := call.Args[len(call.Args)-1]
		if lit := c.literalFor(last); lit != nil {
			e, ok := edit.AddElement(c.pass, lit, opt)
			return []analysis.TextEdit{e}, ok
		}
		// A slice variable of the function built otherwise (made, then
		// appended to): append the option just before the call.
		_, path := edit.CallAt(c.pass, call.Lparen)
		stmt, _ := edit.Stmt(path)
		id, ok := ast.Unparen(last).(*ast.Ident)
		if !ok || stmt == nil {
			return nil, false
		}
		if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); !ok || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
			return nil, false
		}
		return []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s = append(%s, %s)", id.Name, id.Name, opt))}, true
	case clientmodel.KeyMap:
		if lit := c.mapLiteral(k); lit != nil {
			e, ok := edit.AddElement(c.pass, lit, fmt.Sprintf("%q: %t", knob.Key, on))
			return []analysis.TextEdit{e}, ok
		}
		// No one literal in this package (the map comes from a helper of
		// another package): set the key on the local variable passed to
		// the constructor, just before the call; a helper's result passed
		// inline is bound to a new variable first. SetKey fails only for
		// "{topic}." keys.
		if argIdx >= len(call.Args) || cfg.SetKey == "" {
			return nil, false
		}
		_, path := edit.CallAt(c.pass, call.Lparen)
		stmt, _ := edit.Stmt(path)
		if stmt == nil {
			return nil, false
		}
		setKey := func(name string) string {
			return fmt.Sprintf("_ = %s.%s(%q, %t)", name, clientmodel.ShortName(cfg.SetKey), knob.Key, on)
		}
		arg := ast.Unparen(call.Args[argIdx])
		if helper, ok := arg.(*ast.CallExpr); ok {
			name := edit.FreeName(c.pass, stmt.Pos(), "cfg")
			return []analysis.TextEdit{
				edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s := %s\n%s", name, edit.Source(c.pass, helper), setKey(name))),
				{Pos: call.Args[argIdx].Pos(), End: call.Args[argIdx].End(), NewText: []byte(name)},
			}, true
		}
		addr := false
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
			arg, addr = ast.Unparen(u.X), true
		}
		id, ok := arg.(*ast.Ident)
		if !ok {
			return nil, false
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.Parent() == nil || v.IsField() {
			return nil, false
		}
		if v.Parent() != c.pass.Pkg.Scope() && !c.sharedConfig(k) {
			return []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, setKey(id.Name))}, true
		}
		// A package-level map, or a local one another consumer is built
		// from too: set the key on this consumer's copy.
		src, ref := id.Name, ""
		if _, ptr := v.Type().Underlying().(*types.Pointer); ptr {
			src, ref = "*"+id.Name, "&"
		} else if addr {
			ref = "&"
		}
		mapsPkg, imp := edit.Import(c.pass, f, "maps")
		base := "cfg"
		if v.Parent() != c.pass.Pkg.Scope() {
			base = copyName(stmt) // one local copied for consumers side by side
		}
		name := edit.FreeName(c.pass, stmt.Pos(), base)
		return append(imp,
			edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s := %s.Clone(%s)\n%s", name, mapsPkg, src, setKey(name))),
			analysis.TextEdit{Pos: call.Args[argIdx].Pos(), End: call.Args[argIdx].End(), NewText: []byte(ref + name)},
		), true
	case clientmodel.StructFields:
		if argIdx >= len(call.Args) {
			return nil, false
		}
		id, ok := ast.Unparen(call.Args[argIdx]).(*ast.Ident)
		if !ok || c.sharedConfig(k) {
			return nil, false // a struct another consumer is built from too
		}
		_, path := edit.CallAt(c.pass, call.Lparen)
		stmt, _ := edit.Stmt(path)
		if stmt == nil {
			return nil, false
		}
		return []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s.%s = %t", id.Name, knob.Field, on))}, true
	}
	return nil, false
}

// unsettable says why setSetting built no edit for consumer k: an
// imported consumer whose configuration's file this run has not loaded
// (go vet analyzes one package at a time), or a configuration the fix
// cannot add to (options a field or a package variable holds, a struct
// built inline).
func unsettable(k *consumer.Consumer) string {
	if k.From != nil {
		return "the configuration is in another package (" + k.BuiltAt + ")"
	}
	return "the configuration is built where the fix cannot set it (not in a literal, a local variable or a key the fix can add to)"
}

// replaceValue returns an edit replacing the value set at pos (a field
// assignment, a literal entry, a SetKey call) with on.
func (c *checker) replaceValue(pos token.Pos, on bool) (analysis.TextEdit, bool) {
	for _, n := range edit.Path(c.pass, pos) {
		var val ast.Expr
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			val = n.Value
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 {
				val = n.Rhs[0]
			}
		case *ast.CallExpr:
			if len(n.Args) == 2 {
				val = n.Args[1]
			}
		}
		if val != nil {
			text := fmt.Sprintf("%t", on)
			if c.stringValued(val) {
				// A setter taking strings (set := func(k, v string)
				// {...}): the client parses "true"/"false".
				text = fmt.Sprintf("%q", text)
			}
			return analysis.TextEdit{Pos: val.Pos(), End: val.End(), NewText: []byte(text)}, true
		}
	}
	return analysis.TextEdit{}, false
}

// stringValued reports whether the value expression val stands where a
// string is expected: a string typed constant or variable passed to a
// string parameter (an untyped constant passed to an interface parameter
// takes its default type, also string, so such values keep quotes too).
func (c *checker) stringValued(val ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[val]
	if !ok {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// mapLiteral returns the one map composite literal consumer k's config is
// built from in this package, if there is exactly one.
func (c *checker) mapLiteral(k *consumer.Consumer) *ast.CompositeLit {
	if k.Config == nil {
		return nil
	}
	maps := c.configMaps(k)
	if len(maps) != 1 {
		return nil
	}
	if g, ok := maps[0].(*ssa.Global); ok {
		if c.sharedConfig(k) {
			return nil // a key added to it would change the other consumers too
		}
		return c.m.GlobalMap(c.pass, g)
	}
	mm, ok := maps[0].(*ssa.MakeMap)
	if !ok || !mm.Pos().IsValid() || c.sharedConfig(k) {
		return nil // none, or one a helper builds for other consumers too
	}
	for _, n := range edit.Path(c.pass, mm.Pos()) {
		if lit, ok := n.(*ast.CompositeLit); ok && lit.Lbrace == mm.Pos() {
			return lit
		}
	}
	return nil
}

// configMaps returns the maps consumer k's configuration is made from.
func (c *checker) configMaps(k *consumer.Consumer) []ssa.Value {
	var maps []ssa.Value
	for _, r := range c.m.Flow.Roots(k.Config) {
		if a, ok := r.(*ssa.Alloc); ok {
			maps = append(maps, c.m.Flow.Loaded(a)...)
		} else {
			maps = append(maps, r)
		}
	}
	return maps
}

// copyName is the name of the copy of a shared configuration made for the
// consumer built by stmt: its variable's name and "Cfg" (aCfg), so that
// the fixes of two consumers built side by side from one local map,
// applied together, do not declare one name twice; "cfg" when stmt
// declares none.
func copyName(stmt ast.Stmt) string {
	if as, ok := stmt.(*ast.AssignStmt); ok && len(as.Lhs) > 0 {
		if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
			return id.Name + "Cfg"
		}
	}
	return "cfg"
}

// sharedConfig reports whether another consumer of the package is built
// from the same configuration value as k (one local map or struct passed
// to both constructors): a key or field set on it sets it for both.
func (c *checker) sharedConfig(k *consumer.Consumer) bool {
	if k.Config == nil {
		return false
	}
	mine := c.m.Flow.Roots(k.Config)
	for _, o := range c.m.Consumers {
		if o != k && o.Config != nil && ssaflow.Intersects(c.m.Flow.Roots(o.Config), mine) {
			return true
		}
	}
	return false
}

// sharedSet reports whether another consumer of the package has setting
// set at the same place as k (a helper setting it for every consumer it
// configures): a value replaced there would change that consumer too.
func (c *checker) sharedSet(k *consumer.Consumer, setting clientmodel.Setting, pos token.Pos) bool {
	for _, o := range c.m.Consumers {
		if v, ok := o.Settings.Set[setting]; ok && o != k && v.Pos == pos {
			return true
		}
	}
	return false
}

// literalFor returns the composite literal an argument expression denotes:
// the literal itself, &literal, or a local variable initialised with one in
// the same function.
func (c *checker) literalFor(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return x
	case *ast.Ident:
		obj := c.pass.TypesInfo.Uses[x]
		if obj == nil {
			return nil
		}
		path := edit.Path(c.pass, obj.Pos())
		for _, n := range path {
			switch d := n.(type) {
			case *ast.AssignStmt:
				for i, l := range d.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Pos() == obj.Pos() && i < len(d.Rhs) {
						return c.literalFor(d.Rhs[i])
					}
				}
				return nil
			case *ast.ValueSpec:
				for i, id := range d.Names {
					if id.Pos() == obj.Pos() && i < len(d.Values) {
						return c.literalFor(d.Values[i])
					}
				}
				return nil
			}
		}
	}
	return nil
}

func pkgObj(pass *analysis.Pass, path string) *types.Package {
	for _, p := range pass.Pkg.Imports() {
		if p.Path() == path {
			return p
		}
	}
	return nil
}
