package clientmodel

import (
	"go/parser"
	"strings"
	"testing"
)

// TestLowWaterFixes checks each client's low-water fix: it replaces
// modelled position calls, names the record's fields, and its calls,
// with their placeholders filled, are Go expressions. Whether they
// compile is checked on the hiwater goldens.
func TestLowWaterFixes(t *testing.T) {
	for _, c := range Clients {
		f := c.LowWater
		if f == nil {
			continue
		}
		if f.TopicField == "" || f.PartitionField == "" || c.OffsetField == "" || len(f.Marks) == 0 {
			t.Errorf("%s: low-water fix without record fields or calls", c.Name)
		}
		for fn, code := range f.Marks {
			if !modelsCall(c.Calls, fn) {
				t.Errorf("%s: low-water fix replaces %s, which is not a modelled call", c.Name, fn)
			}
			expr := strings.NewReplacer(FixRecv, "sess", FixRec, "msg", FixNext, "next").Replace(code)
			if strings.Contains(expr, "$") {
				t.Errorf("%s: unknown placeholder left in %s", c.Name, expr)
			}
			if _, err := parser.ParseExpr(expr); err != nil {
				t.Errorf("%s: low-water call does not parse: %v\n%s", c.Name, err, expr)
			}
		}
	}
}

// modelsCall reports whether calls models fn.
func modelsCall(calls []Call, fn string) bool {
	for _, c := range calls {
		if c.Func == fn {
			return true
		}
	}
	return false
}
