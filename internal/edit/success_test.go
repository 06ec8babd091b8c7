package edit

import (
	"go/ast"
	"slices"
	"strings"
	"testing"
)

func TestAppendOnSuccess(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
		ok               bool
		text             string // what is appended: commit(x) if empty
	}{{
		name: "logged failure at the end: an else",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t}\n",
		want: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t} else {\n\t\t\tcommit(x)\n\t\t}\n",
		ok:   true,
	}, {
		name: "logged failure, then more: a continue",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t}\n\t\tn++\n",
		want: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t\tcontinue\n\t\t}\n\t\tn++\n\t\tcommit(x)\n",
		ok:   true,
	}, {
		name: "failure returned: appended",
		body: "\t\tif err := save(x); err != nil {\n\t\t\treturn\n\t\t}\n",
		want: "\t\tif err := save(x); err != nil {\n\t\t\treturn\n\t\t}\n\t\tcommit(x)\n",
		ok:   true,
	}, {
		name: "logged failure followed by a return: no continue",
		body: "\t\tif x > 9 {\n\t\t\tif err := save(x); err != nil {\n\t\t\t\tprintln(err)\n\t\t\t}\n\t\t\treturn\n\t\t}\n\t\tn++\n",
		want: "\t\tif x > 9 {\n\t\t\tif err := save(x); err != nil {\n\t\t\t\tprintln(err)\n\t\t\t}\n\t\t\treturn\n\t\t}\n\t\tn++\n\t\tcommit(x)\n",
		ok:   true,
	}, {
		name: "logged failure inside the last check: the else only",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tif err := save(x + 1); err != nil {\n\t\t\t\tprintln(err)\n\t\t\t}\n\t\t}\n",
		want: "\t\tif err := save(x); err != nil {\n\t\t\tif err := save(x + 1); err != nil {\n\t\t\t\tprintln(err)\n\t\t\t}\n\t\t} else {\n\t\t\tcommit(x)\n\t\t}\n",
		ok:   true,
	}, {
		name: "logged failure in a nested loop: no edit",
		body: "\t\tfor i := 0; i < 3; i++ {\n\t\t\tif err := save(x); err != nil {\n\t\t\t\tprintln(err)\n\t\t\t}\n\t\t}\n",
	}, {
		name: "logged failure with an else: a continue",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t} else {\n\t\t\tn++\n\t\t}\n",
		want: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t\tcontinue\n\t\t} else {\n\t\t\tn++\n\t\t}\n\t\tcommit(x)\n",
		ok:   true,
	}, {
		name: "logged failures in an else-if chain: each a continue",
		body: "\t\tif x < 0 {\n\t\t\tn--\n\t\t} else if err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t} else if err := save(x + 1); err != nil {\n\t\t\tprintln(err)\n\t\t} else {\n\t\t\tn++\n\t\t}\n",
		want: "\t\tif x < 0 {\n\t\t\tn--\n\t\t} else if err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t\tcontinue\n\t\t} else if err := save(x + 1); err != nil {\n\t\t\tprintln(err)\n\t\t\tcontinue\n\t\t} else {\n\t\t\tn++\n\t\t}\n\t\tcommit(x)\n",
		ok:   true,
	}, {
		name: "logged failure, then a release the continue would skip: no edit",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t}\n\t\tmu.Unlock()\n",
	}, {
		name: "a failure with a fallback (it goes on on purpose), then more: no edit",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tx = 0\n\t\t}\n\t\tn++\n",
	}, {
		name: "logged failure, then a transaction's end the continue would skip: no edit",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t}\n\t\tcancel()\n",
	}, {
		name: "logged failure, then a send the continue would skip: no edit",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t}\n\t\tdone <- x\n",
	}, {
		name: "a switch telling the failures apart: in its nil case",
		body: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\tcase err == context.Canceled:\n\t\t\treturn\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n",
		want: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\t\tcommit(x)\n\t\tcase err == context.Canceled:\n\t\t\treturn\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n",
		ok:   true,
	}, {
		name: "a switch whose nil case continues: before the continue",
		body: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\t\tn++\n\t\t\tcontinue\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n",
		want: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\t\tn++\n\t\t\tcommit(x)\n\t\t\tcontinue\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n",
		ok:   true,
	}, {
		name: "a switch's nil case with a comment: after the comment",
		body: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil: // saved\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n",
		want: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil: // saved\n\t\t\tcommit(x)\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n",
		ok:   true,
	}, {
		name: "a switch on an error the processing does not assign: after it",
		body: "\t\t_ = save(x)\n\t\tswitch {\n\t\tcase lastErr == nil:\n\t\tdefault:\n\t\t\tn++\n\t\t}\n",
		want: "\t\t_ = save(x)\n\t\tswitch {\n\t\tcase lastErr == nil:\n\t\tdefault:\n\t\t\tn++\n\t\t}\n\t\tcommit(x)\n",
		ok:   true,
	}, {
		name: "a switch, text with a break (the loop's): after it",
		body: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n",
		want: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\tdefault:\n\t\t\tprintln(err)\n\t\t}\n\t\tif x > 9 {\n\t\t\tbreak\n\t\t}\n",
		ok:   true,
		text: "if x > 9 {\n\tbreak\n}",
	}, {
		name: "a switch with a case about something else: after it",
		body: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\tcase x > 3:\n\t\t\tn++\n\t\t}\n",
		want: "\t\terr := save(x)\n\t\tswitch {\n\t\tcase err == nil:\n\t\tcase x > 3:\n\t\t\tn++\n\t\t}\n\t\tcommit(x)\n",
		ok:   true,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nimport (\n\t\"context\"\n\t\"sync\"\n)\n\nvar (\n\tmu      sync.Mutex\n\tdone    chan int\n\tcancel  context.CancelFunc\n\tlastErr error\n)\n\nfunc save(int) error { return nil }\n\nfunc commit(int) {}\n\nfunc f(xs []int) {\n\tn := 0\n\tfor _, x := range xs {\n" + tc.body + "\t}\n\t_ = n\n}\n"
			pass := load(t, src)
			path := Path(pass, at(t, pass, "save(x)", 0))
			var list []ast.Stmt
			for _, n := range path {
				if rs, ok := n.(*ast.RangeStmt); ok {
					list = rs.Body.List
				}
			}
			text := tc.text
			if text == "" {
				text = "commit(x)"
			}
			edits, ok := AppendOnSuccess(pass, list, nil, text)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			got := apply(t, pass, edits...)
			if want := strings.Replace(src, tc.body, tc.want, 1); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestSuccessExits(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string // the exits' lines
	}{
		{"an exit on the record's key", "\t\tif x.Key == \"EOF\" {\n\t\t\treturn nil\n\t\t}\n", []string{"return nil"}},
		{"a case on the record's value", "\t\tswitch string(x.Value) {\n\t\tcase \"EOF\":\n\t\t\treturn nil\n\t\tcase \"\":\n\t\t\tbreak\n\t\t}\n", []string{"return nil"}},
		{"a break on the record's key", "\t\tif x.Key == \"EOF\" {\n\t\t\tbreak\n\t\t}\n", []string{"break"}},
		{"an exit on the record's offset (a bound, not handled)", "\t\tif x.Offset >= 9 {\n\t\t\treturn nil\n\t\t}\n", nil},
		{"an exit on no condition of the record", "\t\tif n > 9 {\n\t\t\treturn nil\n\t\t}\n", nil},
		{"an exit on an error", "\t\tif err := save(x); err != nil {\n\t\t\treturn nil\n\t\t}\n", nil},
		{"an exit under an init", "\t\tif k := x.Key; k == \"EOF\" {\n\t\t\treturn nil\n\t\t}\n", nil},
		{"an error returned", "\t\tif x.Key == \"EOF\" {\n\t\t\treturn errStop\n\t\t}\n", nil},
		{"an exit in a function literal", "\t\tif x.Key == \"EOF\" {\n\t\t\tfunc() error { return nil }()\n\t\t}\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nimport \"errors\"\n\nvar errStop = errors.New(\"stop\")\n\ntype rec struct {\n\tKey    string\n\tValue  []byte\n\tOffset int\n}\n\nfunc save(rec) error { return nil }\n\nfunc f(xs []rec) error {\n\tn := 0\n\tfor _, x := range xs {\n" + tc.body + "\t\tn++\n\t}\n\treturn nil\n}\n"
			pass := load(t, src)
			var list []ast.Stmt
			var x *ast.Ident
			ast.Inspect(pass.Files[0], func(n ast.Node) bool {
				if rs, ok := n.(*ast.RangeStmt); ok {
					list, x = rs.Body.List, rs.Value.(*ast.Ident)
				}
				return true
			})
			record := func(n ast.Node) bool {
				found := false
				ast.Inspect(n, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == pass.TypesInfo.Defs[x] {
						found = true
					}
					return !found
				})
				return found
			}
			var got []string
			for _, s := range SuccessExits(pass, list, record) {
				got = append(got, src[pass.Fset.Position(s.Pos()).Offset:pass.Fset.Position(s.End()).Offset])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAfterSuccess(t *testing.T) {
	leaves := func(list []ast.Stmt) bool {
		if len(list) == 0 {
			return false
		}
		_, ok := list[len(list)-1].(*ast.ReturnStmt)
		return ok
	}
	for _, tc := range []struct {
		name, body, want string // want: the source of the statement's first line, "" when none
	}{
		{"checked in the if's init", "if err := save(b); err != nil {\n\t\treturn\n\t}\n", "if err := save(b); err != nil {"},
		{"checked by the next if", "err := save(b)\n\tif err != nil {\n\t\treturn\n\t}\n", "if err != nil {"},
		{"a call returning nothing", "put(b)\n", "put(b)"},
		{"a call returning a count", "count(b)\n", "count(b)"},
		{"an error ignored", "save(b)\n", ""},
		{"a success flag ignored", "ok(b)\n", ""},
		{"an error type of its own ignored", "fail(b)\n", ""},
		{"an error logged, not left", "if err := save(b); err != nil {\n\t\tprintln(err)\n\t}\n", ""},
		{"the next if tests something else", "n := count(b)\n\tif n > 5 {\n\t\treturn\n\t}\n", ""},
		{"an else", "if err := save(b); err != nil {\n\t\treturn\n\t} else {\n\t\tprintln()\n\t}\n", ""},
		{"the error tested is not the call's", "if err := save(b); e != nil {\n\t\treturn\n\t}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nfunc save([]int) error { return nil }\n\nfunc put([]int) {}\n\nfunc count([]int) int { return 0 }\n\nfunc ok([]int) bool { return true }\n\ntype myErr struct{}\n\nfunc (*myErr) Error() string { return \"\" }\n\nfunc fail([]int) *myErr { return nil }\n\nfunc f(b []int, e error) {\n\t" + tc.body + "}\n"
			pass := load(t, src)
			var call *ast.CallExpr
			ast.Inspect(body(t, pass, "f"), func(n ast.Node) bool {
				if ce, ok := n.(*ast.CallExpr); ok && call == nil {
					if id, ok := ce.Fun.(*ast.Ident); ok && id.Name != "println" {
						call = ce
					}
				}
				return call == nil
			})
			s, ok := AfterSuccess(pass, call, leaves)
			if tc.want == "" {
				if ok {
					t.Fatalf("got %q, want none", Source(pass, s))
				}
				return
			}
			if !ok {
				t.Fatal("got none")
			}
			if got, _, _ := strings.Cut(Source(pass, s), "\n"); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
