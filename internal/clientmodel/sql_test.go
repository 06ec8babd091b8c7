package clientmodel

import (
	"go/types"
	"path/filepath"
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
	for _, e := range SQLExecs {
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
		if got, ok := SQLExecOf(e.Func); !ok || got.Query != e.Query {
			t.Errorf("SQLExecOf(%s) = %v, %v", e.Func, got, ok)
		}
	}
}
