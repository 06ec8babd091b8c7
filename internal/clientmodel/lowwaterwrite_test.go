package clientmodel

import (
	"go/parser"
	"strings"
	"testing"
)

// TestLowWaterWrites checks each client's low-water write: it replaces
// modelled calls taking one record, and its expressions, with their
// placeholders filled, are Go expressions. Whether they compile is checked
// on the hiwater goldens.
func TestLowWaterWrites(t *testing.T) {
	spelled := 0
	for _, c := range Clients {
		w := LowWaterWriteOf(c)
		if w == nil {
			continue
		}
		spelled++
		if len(w.Calls) == 0 || w.Topic == "" || w.Partition == "" || w.Offset == "" {
			t.Errorf("%s: low-water write without calls or record fields", c.Name)
		}
		fill := strings.NewReplacer(FixRecv, "cl", FixRec, "r", FixNext, "next", FixPkg, "pkg", FixArg, "ctx")
		exprs := []string{w.Topic, w.Partition, w.Offset}
		for fn, code := range w.Calls {
			if !modelsCall(c.Calls, fn) {
				t.Errorf("%s: low-water write replaces %s, which is not a modelled call", c.Name, fn)
			}
			if strings.Contains(code, FixPkg) && w.Pkg == "" {
				t.Errorf("%s: %s names the client's package, but Pkg is empty", c.Name, code)
			}
			exprs = append(exprs, code)
		}
		for _, e := range exprs {
			expr := fill.Replace(e)
			if strings.Contains(expr, "$") {
				t.Errorf("%s: unknown placeholder left in %s", c.Name, expr)
			}
			if _, err := parser.ParseExpr(expr); err != nil {
				t.Errorf("%s: low-water expression does not parse: %v\n%s", c.Name, err, expr)
			}
		}
	}
	if spelled < 4 {
		t.Errorf("%d clients spell a low-water write, want every client", spelled)
	}
}
