package clientmodel

import (
	"go/types"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestSQLExecsResolve resolves every SQL exec method against database/sql
// and the pgx v5 the examples module pins: the query parameter is a string
// followed by variadic arguments.
func TestSQLExecsResolve(t *testing.T) {
	if testing.Short() {
		t.Skip("loads pgx")
	}
	pkgs := load(t, &packages.Config{Dir: filepath.Join("..", "..", "examples")},
		"database/sql", "github.com/jackc/pgx/v5", "github.com/jackc/pgx/v5/pgxpool")
	for _, e := range append(slices.Clone(SQLExecs), SQLQueries...) {
		obj, err := lookup(pkgs, e.Func)
		if err != nil {
			t.Error(err)
			continue
		}
		sig := obj.Type().(*types.Signature)
		ps := sig.Params()
		if e.Query+2 != ps.Len() || !sig.Variadic() {
			t.Errorf("%s: want (…, query string, args ...any), have %s", e.Func, sig)
			continue
		}
		if !types.Identical(ps.At(e.Query).Type(), types.Typ[types.String]) {
			t.Errorf("%s: parameter %d is %s, not a string", e.Func, e.Query, ps.At(e.Query).Type())
		}
		got, ok := SQLExecOf(e.Func)
		if !ok {
			got, ok = SQLQueryOf(e.Func)
		}
		if !ok || got.Query != e.Query {
			t.Errorf("SQLExecOf/SQLQueryOf(%s) = %v, %v", e.Func, got, ok)
		}
	}
	// A transaction's commit takes at most a context and returns an error.
	for _, c := range SQLTxCommits {
		obj, err := lookup(pkgs, c)
		if err != nil {
			t.Error(err)
			continue
		}
		sig := obj.Type().(*types.Signature)
		if sig.Params().Len() > 1 || sig.Results().Len() != 1 || sig.Results().At(0).Type().String() != "error" {
			t.Errorf("%s: want ([ctx]) error, have %s", c, sig)
		}
		if !IsSQLTxCommit(c) {
			t.Errorf("IsSQLTxCommit(%s) = false", c)
		}
	}
	// A restore fix calls Method(ctx, query, args...).Scan(&next) and
	// compares Scan's error with NoRows.
	for _, r := range SQLReaders {
		obj, err := lookup(pkgs, "("+r.Type+")."+r.Method)
		if err != nil {
			t.Error(err)
			continue
		}
		sig := obj.Type().(*types.Signature)
		if ps := sig.Params(); ps.Len() != 3 || ps.At(0).Type().String() != "context.Context" || !sig.Variadic() {
			t.Errorf("%s.%s: want (ctx, query string, args ...any), have %s", r.Type, r.Method, sig)
		}
		if res := sig.Results(); res.Len() != 1 {
			t.Errorf("%s.%s: want one result (a row), have %s", r.Type, r.Method, sig)
		} else if m, _, _ := types.LookupFieldOrMethod(res.At(0).Type(), true, nil, "Scan"); m == nil {
			t.Errorf("%s.%s: its result has no Scan method", r.Type, r.Method)
		}
		if _, err := lookup(pkgs, r.NoRows); err != nil {
			t.Error(err)
		}
	}
}
