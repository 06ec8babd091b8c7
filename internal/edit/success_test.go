package edit

import (
	"go/ast"
	"strings"
	"testing"
)

func TestAppendOnSuccess(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
		ok               bool
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
		name: "logged failure with an else: no edit",
		body: "\t\tif err := save(x); err != nil {\n\t\t\tprintln(err)\n\t\t} else {\n\t\t\tn++\n\t\t}\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nfunc save(int) error { return nil }\n\nfunc commit(int) {}\n\nfunc f(xs []int) {\n\tn := 0\n\tfor _, x := range xs {\n" + tc.body + "\t}\n\t_ = n\n}\n"
			pass := load(t, src)
			path := Path(pass, at(t, pass, "save(x)", 0))
			var list []ast.Stmt
			for _, n := range path {
				if rs, ok := n.(*ast.RangeStmt); ok {
					list = rs.Body.List
				}
			}
			edits, ok := AppendOnSuccess(pass, path, list, nil, "commit(x)")
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
