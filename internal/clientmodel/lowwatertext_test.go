package clientmodel

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestTrackerCode checks the tracker code spelled for each client's
// low-water write: Start's statements and Done's if around each write
// parse as a function body, with no placeholder left.
func TestTrackerCode(t *testing.T) {
	for _, c := range Clients {
		w := LowWaterWriteOf(c)
		if w == nil {
			continue
		}
		tc := TrackerCode{W: w, Tracker: "tracker", ClientPkg: "pkg"}
		body := []string{tc.Make(), tc.Start("m", "tp")}
		for fn := range w.Calls {
			body = append(body, tc.Done("m", tc.Write(fn, "cl", "ctx", "m", "next")))
		}
		src := "package p\nfunc f() {\n" + strings.Join(body, "\n") + "\n}\n"
		if strings.Contains(src, "$") {
			t.Errorf("%s: placeholder left:\n%s", c.Name, src)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "", src, 0); err != nil {
			t.Errorf("%s: tracker code does not parse: %v\n%s", c.Name, err, src)
		}
		if tc.Write("(no.such).Call", "cl", "ctx", "m", "next") != "" {
			t.Errorf("%s: a write for a call the client does not spell", c.Name)
		}
	}
}
