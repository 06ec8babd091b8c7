package edit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Statements a removal leaves useless: the declarations of what only the
// removed statements used, found so that a fix removing a call does not
// leave a variable unused (which does not compile).

// calleeOf returns the function or method a call expression calls.
func calleeOf(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	return fn
}

// Removable returns sts with the statements of body that removing them
// would leave useless: the declarations of variables only sts used (a
// statement of body declaring them with := or var, from values whose
// only effects are the context package's derivations), and the calls,
// deferred or not, of the other variables they declare (`defer cancel()`,
// `cancel()`). ok is false when a variable would be left unused
// otherwise.
func Removable(pass *analysis.Pass, body *ast.BlockStmt, sts ...ast.Stmt) ([]ast.Stmt, bool) {
	drop := slices.Clone(sts)
	for round := 0; round < 4; round++ {
		unused := LeftUnused(pass, body, drop)
		if len(unused) == 0 {
			if UsedOutside(pass, body, drop) {
				return nil, false
			}
			return drop, true
		}
		for _, v := range unused {
			decl := DeclaringStmt(pass, body, v)
			if decl == nil || slices.Contains(drop, decl) {
				return nil, false
			}
			drop = append(drop, decl)
			for _, other := range DeclaredBy(pass, decl) {
				for _, s := range body.List {
					if call := callOf(s); call != nil && !slices.Contains(drop, s) && len(call.Args) == 0 && IsVar(pass, call.Fun, other) {
						drop = append(drop, s)
					}
				}
			}
		}
	}
	return nil, false
}

// callOf returns the call of a statement that is a call alone, deferred
// or not; nil otherwise.
func callOf(s ast.Stmt) *ast.CallExpr {
	switch s := s.(type) {
	case *ast.DeferStmt:
		return s.Call
	case *ast.ExprStmt:
		call, _ := ast.Unparen(s.X).(*ast.CallExpr)
		return call
	}
	return nil
}

// IsVar reports whether e is an identifier referring to v.
func IsVar(pass *analysis.Pass, e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && pass.TypesInfo.Uses[id] == v
}

// UsedOutside reports whether a variable that a drop statement declares
// is used outside them in body.
func UsedOutside(pass *analysis.Pass, body *ast.BlockStmt, drop []ast.Stmt) bool {
	for _, d := range drop {
		for _, v := range DeclaredBy(pass, d) {
			if UsedBesides(pass, body, v, drop) {
				return true
			}
		}
	}
	return false
}

// LeftUnused returns the variables declared in body (outside the drop
// statements) that the drop statements use and nothing else in body
// does.
func LeftUnused(pass *analysis.Pass, body *ast.BlockStmt, drop []ast.Stmt) []types.Object {
	inDrop := func(pos token.Pos) bool {
		for _, s := range drop {
			if s.Pos() <= pos && pos < s.End() {
				return true
			}
		}
		return false
	}
	used := map[types.Object]bool{}
	var order []types.Object
	for _, s := range drop {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if obj, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && body.Pos() <= obj.Pos() && obj.Pos() < body.End() && !inDrop(obj.Pos()) && !used[obj] {
					used[obj] = true
					order = append(order, obj)
				}
			}
			return true
		})
	}
	var out []types.Object
	for _, obj := range order {
		usedElse := false
		ast.Inspect(body, func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok && slices.Contains(drop, st) {
				return false
			}
			if id, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == obj {
				usedElse = true
			}
			return !usedElse
		})
		if !usedElse {
			out = append(out, obj)
		}
	}
	return out
}

// DeclaringStmt returns the statement of body's own list that declares v,
// when it can go: a := or var declaration whose values are made without
// effects but calls of the context package (contextOnly).
func DeclaringStmt(pass *analysis.Pass, body *ast.BlockStmt, v types.Object) ast.Stmt {
	for _, s := range body.List {
		declares := false
		for _, d := range DeclaredBy(pass, s) {
			declares = declares || d == v
		}
		if !declares {
			continue
		}
		var values []ast.Expr
		switch s := s.(type) {
		case *ast.AssignStmt:
			values = s.Rhs
		case *ast.DeclStmt:
			for _, spec := range s.Decl.(*ast.GenDecl).Specs {
				values = append(values, spec.(*ast.ValueSpec).Values...)
			}
		}
		for _, e := range values {
			if !contextOnly(pass, e) {
				return nil
			}
		}
		return s
	}
	return nil
}

// contextOnly reports whether evaluating e has no effects but the context
// package's derivations: no calls but of its functions
// (context.WithTimeout(context.Background(), 5*time.Second)), no function
// literal, no receive.
func contextOnly(pass *analysis.Pass, e ast.Expr) bool {
	free := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn := calleeOf(pass, n); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
				free = false
			}
		case *ast.FuncLit:
			free = false
		case *ast.UnaryExpr:
			free = free && n.Op != token.ARROW
		}
		return free
	})
	return free
}

// DeclaredBy returns the variables a := or var statement declares.
func DeclaredBy(pass *analysis.Pass, s ast.Stmt) []types.Object {
	var out []types.Object
	add := func(id *ast.Ident) {
		if obj, ok := pass.TypesInfo.Defs[id].(*types.Var); ok {
			out = append(out, obj)
		}
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE {
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					add(id)
				}
			}
		}
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					add(id)
				}
			}
		}
	}
	return out
}

// EffectFree reports whether evaluating a call's receiver and arguments
// has no effects: identifiers, selectors, literals and operators only.
func EffectFree(call *ast.CallExpr) bool {
	exprs := append([]ast.Expr{call.Fun}, call.Args...)
	for _, e := range exprs {
		free := true
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if n != call {
					free = false
				}
			case *ast.FuncLit:
				free = false
			case *ast.UnaryExpr:
				if n.Op == token.ARROW {
					free = false
				}
			}
			return free
		})
		if !free {
			return false
		}
	}
	return true
}

// UsedBesides reports whether obj is used in body outside the drop
// statements.
func UsedBesides(pass *analysis.Pass, body *ast.BlockStmt, obj types.Object, drop []ast.Stmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && slices.Contains(drop, st) {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}
