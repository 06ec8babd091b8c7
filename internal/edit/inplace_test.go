package edit

import (
	"go/ast"
	goimporter "go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// inPlaceSrc is a function sending each value to the workers of a local
// channel: %s is the workers' body, %v the value sent.
const inPlaceSrc = `package p

type msg struct{ n int }

func save(msg) error { return nil }

func decode(int) msg { return msg{} }

func run(in []msg, n int) {
	ch := make(chan msg)
	for i := 0; i < n; i++ {
		go func() {
			for m := range ch {
BODY
			}
		}()
	}
	defer close(ch)
	for _, x := range in {
		ch <- VALUE
	}
}
`

// inPlace loads inPlaceSrc with loopBody and value and returns the pass and
// the InPlace of its send, found by Workers.
func inPlace(t *testing.T, loopBody, value string) (*InPlace, func() ([]string, bool)) {
	t.Helper()
	src := strings.Replace(strings.Replace(inPlaceSrc, "BODY", loopBody, 1), "VALUE", value, 1)
	pass := load(t, src)
	var ss *ast.SendStmt
	ast.Inspect(pass.Files[0], func(n ast.Node) bool {
		if s, ok := n.(*ast.SendStmt); ok {
			ss = s
		}
		return true
	})
	fb := body(t, pass, "run")
	ch := pass.TypesInfo.Uses[ss.Chan.(*ast.Ident)]
	loop, subst := Workers(pass, fb, ch, ss.Pos(), nil)
	in := &InPlace{Send: ss, Target: ss, Loop: loop, Subst: subst}
	return in, func() ([]string, bool) { return in.Lines(pass) }
}

func TestInPlaceLines(t *testing.T) {
	for _, tc := range []struct {
		name, body, value string
		cont              bool
		want              []string // nil: refused
	}{{
		name:  "the variable sent stands for the loop's",
		body:  "\t\t\t\tif err := save(m); err != nil {\n\t\t\t\t\tprintln(m.n)\n\t\t\t\t}",
		value: "x",
		want:  []string{"if err := save(x); err != nil {", "\tprintln(x.n)", "}"},
	}, {
		name:  "a value made from it is declared first, in a block",
		body:  "\t\t\t\t_ = save(m)",
		value: "decode(x.n)",
		want:  []string{"{", "\tm := decode(x.n)", "\t_ = save(m)", "}"},
	}, {
		name:  "a body declaring names runs in a block",
		body:  "\t\t\t\terr := save(m)\n\t\t\t\tprintln(err)",
		value: "x",
		want:  []string{"{", "\terr := save(x)", "\tprintln(err)", "}"},
	}, {
		name:  "a block first, then more: one block of its own",
		body:  "\t\t\t\t{\n\t\t\t\t\t_ = save(m)\n\t\t\t\t}\n\t\t\t\tprintln(m.n)",
		value: "x",
		want:  []string{"{", "\t_ = save(x)", "}", "println(x.n)"},
	}, {
		name:  "a break of a nested loop stays",
		body:  "\t\t\t\tfor {\n\t\t\t\t\tif save(m) == nil {\n\t\t\t\t\t\tbreak\n\t\t\t\t\t}\n\t\t\t\t}",
		value: "x",
		want:  []string{"for {", "\tif save(x) == nil {", "\t\tbreak", "\t}", "}"},
	}, {
		name:  "a continue of the workers' loop: refused",
		body:  "\t\t\t\tif m.n == 0 {\n\t\t\t\t\tcontinue\n\t\t\t\t}\n\t\t\t\t_ = save(m)",
		value: "x",
	}, {
		name:  "a continue of the workers' loop, the send ending the loop's body: kept",
		body:  "\t\t\t\tswitch m.n {\n\t\t\t\tcase 0:\n\t\t\t\t\tcontinue\n\t\t\t\tcase 1:\n\t\t\t\t\tbreak\n\t\t\t\t}\n\t\t\t\t_ = save(m)",
		value: "x",
		cont:  true,
		want:  []string{"switch x.n {", "case 0:", "\tcontinue", "case 1:", "\tbreak", "}", "_ = save(x)"},
	}, {
		name:  "a break of the workers' loop: refused",
		body:  "\t\t\t\tif m.n == 0 {\n\t\t\t\t\tbreak\n\t\t\t\t}\n\t\t\t\t_ = save(m)",
		value: "x",
		cont:  true,
	}, {
		name:  "a return: refused",
		body:  "\t\t\t\tif save(m) != nil {\n\t\t\t\t\treturn\n\t\t\t\t}",
		value: "x",
	}, {
		name:  "the loop's variable assigned: refused",
		body:  "\t\t\t\tm.n++\n\t\t\t\tm = msg{}\n\t\t\t\t_ = save(m)",
		value: "x",
	}, {
		name:  "the message handed on: refused",
		body:  "\t\t\t\tout := make(chan msg, 1)\n\t\t\t\tout <- m",
		value: "x",
	}, {
		name:  "a name of the value sent declared: refused",
		body:  "\t\t\t\tx := 1\n\t\t\t\t_, _ = x, save(m)",
		value: "x",
	}, {
		name:  "the loop's variable declared again beside the value's: refused",
		body:  "\t\t\t\tm := m\n\t\t\t\t_ = save(m)",
		value: "decode(x.n)",
	}, {
		name:  "a name meaning another thing at the send: refused",
		body:  "\t\t\t\t_ = save(m)\n\t\t\t\tprintln(i)",
		value: "x",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			in, lines := inPlace(t, tc.body, tc.value)
			if in.Loop == nil {
				t.Fatal("no workers")
			}
			in.Continue = tc.cont
			got, ok := lines()
			if ok != (tc.want != nil) {
				t.Fatalf("ok = %v, want %v: %q", ok, tc.want != nil, got)
			}
			if ok && strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestWorkers(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		found     bool
		subst     string // the text standing for db, for a named worker
	}{{
		name:  "a pool of function literals, the channel closed and measured",
		src:   "ch := make(chan int)\n\tfor i := 0; i < 4; i++ {\n\t\tgo func() {\n\t\t\tfor v := range ch {\n\t\t\t\tprintln(v)\n\t\t\t}\n\t\t}()\n\t}\n\tprintln(len(ch))\n\tch <- 1\n\tclose(ch)",
		found: true,
	}, {
		name:  "a function of the package started with the channel",
		src:   "ch := make(chan int)\n\tgo work(db, ch)\n\tch <- 1",
		found: true,
		subst: "db",
	}, {
		name: "a channel not made here: other receivers may exist",
		src:  "ch := source()\n\tgo func() {\n\t\tfor v := range ch {\n\t\t\tprintln(v)\n\t\t}\n\t}()\n\tch <- 1",
	}, {
		name: "a channel also received from: no",
		src:  "ch := make(chan int)\n\tgo func() {\n\t\tfor v := range ch {\n\t\t\tprintln(v)\n\t\t}\n\t}()\n\tch <- 1\n\t<-ch",
	}, {
		name: "a loop not started by go: no",
		src:  "ch := make(chan int, 1)\n\tch <- 1\n\tclose(ch)\n\tfor v := range ch {\n\t\tprintln(v)\n\t}",
	}, {
		name: "a channel passed to a function: no",
		src:  "ch := make(chan int)\n\tgo func() {\n\t\tfor v := range ch {\n\t\t\tprintln(v)\n\t\t}\n\t}()\n\tkeep(ch)\n\tch <- 1",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nvar db = 0\n\nfunc source() chan int { return nil }\n\nfunc keep(chan int) {}\n\nfunc work(d int, jobs <-chan int) {\n\tfor j := range jobs {\n\t\tprintln(d, j)\n\t}\n}\n\nfunc run() {\n\t" + tc.src + "\n}\n"
			pass := load(t, src)
			fb := body(t, pass, "run")
			var ch types.Object
			for id, obj := range pass.TypesInfo.Defs {
				if id.Name == "ch" {
					ch = obj
				}
			}
			loop, subst := Workers(pass, fb, ch, fb.Rbrace, nil)
			if (loop != nil) != tc.found {
				t.Fatalf("found = %v, want %v", loop != nil, tc.found)
			}
			if tc.subst != "" {
				var got []string
				for _, text := range subst {
					got = append(got, text)
				}
				if len(got) != 1 || got[0] != tc.subst {
					t.Errorf("subst = %q, want [%q]", got, tc.subst)
				}
			}
		})
	}
}

func TestGivesUp(t *testing.T) {
	for _, tc := range []struct {
		name, cases string
		want        bool
	}{
		{"a context's Done that returns", "case <-ctx.Done():\n\t\treturn", true},
		{"an empty Done case carries on", "case <-ctx.Done():", false},
		{"a Done case that logs carries on", "case <-ctx.Done():\n\t\tprintln()\n\t\treturn", false},
		{"a default skips the message", "default:\n\t\treturn", false},
		{"another type's Done", "case <-w.Done():\n\t\treturn", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nimport \"context\"\n\ntype waiter struct{}\n\nfunc (waiter) Done() <-chan struct{} { return nil }\n\nfunc f(ctx context.Context, w waiter, ch chan int) {\n\tselect {\n\tcase ch <- 1:\n\t" + tc.cases + "\n\t}\n}\n"
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
			conf := types.Config{Importer: goimporter.ForCompiler(fset, "source", nil)}
			if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
				t.Fatal(err)
			}
			pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, TypesInfo: info}
			var sel *ast.SelectStmt
			ast.Inspect(f, func(n ast.Node) bool {
				if s, ok := n.(*ast.SelectStmt); ok {
					sel = s
				}
				return true
			})
			ss := sel.Body.List[0].(*ast.CommClause).Comm.(*ast.SendStmt)
			if got := GivesUp(pass, sel, ss); got != tc.want {
				t.Errorf("GivesUp = %v, want %v", got, tc.want)
			}
		})
	}
}
