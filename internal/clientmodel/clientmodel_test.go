package clientmodel

import (
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// lookup resolves a model name ("pkg.F", "(*pkg.T).M", "(pkg.I).M",
// "*pkg.T", "pkg.T") in pkgs, keyed by path.
func lookup(pkgs map[string]*types.Package, name string) (types.Object, error) {
	name = strings.TrimPrefix(name, "*")
	recv, member := "", ""
	if strings.HasPrefix(name, "(") {
		i := strings.Index(name, ").")
		if i < 0 {
			return nil, fmt.Errorf("malformed name %q", name)
		}
		recv, member = strings.TrimPrefix(name[1:i], "*"), name[i+2:]
		name = recv
	}
	dot := strings.LastIndex(name, ".")
	if dot < 0 {
		return nil, fmt.Errorf("malformed name %q", name)
	}
	pkg := pkgs[name[:dot]]
	if pkg == nil {
		return nil, fmt.Errorf("package %s not loaded", name[:dot])
	}
	obj := pkg.Scope().Lookup(name[dot+1:])
	if obj == nil {
		return nil, fmt.Errorf("%s: no %s in %s", name, name[dot+1:], pkg.Path())
	}
	if member == "" {
		return obj, nil
	}
	t := obj.Type()
	if !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, pkg, member)
	if m == nil {
		return nil, fmt.Errorf("%s has no method %s", recv, member)
	}
	return m, nil
}

// field resolves a dotted field path from a struct type.
func field(t types.Type, path string) (*types.Var, error) {
	var v *types.Var
	for _, f := range strings.Split(path, ".") {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, f)
		fv, ok := obj.(*types.Var)
		if !ok {
			return nil, fmt.Errorf("no field %s in %s", f, t)
		}
		v, t = fv, fv.Type()
	}
	return v, nil
}

// checkModel resolves every name of every client table in pkgs.
func checkModel(t *testing.T, pkgs map[string]*types.Package) {
	for _, c := range Clients {
		if pkgs[c.Paths[0]] == nil {
			t.Errorf("%s: package %s not loaded", c.Name, c.Paths[0])
			continue
		}
		var names []string
		names = append(names, c.Records...)
		for _, r := range c.Records {
			for _, f := range c.Coordinates {
				names = append(names, "("+r+")."+f)
			}
		}
		names = append(names, c.Consumer, c.Config.Type)
		names = append(names, c.Config.Builders...)
		for _, h := range c.RevokeHooks {
			names = append(names, h.Func)
			if h.RevokeEvent != "" {
				names = append(names, h.RevokeEvent)
			}
		}
		names = append(names, c.Partitions...)
		names = append(names, c.Feeds...)
		names = append(names, c.OffsetsFrom...)
		for _, tc := range c.TxnCommit {
			if !slices.Contains(c.Txn, tc) {
				t.Errorf("%s: transaction commit %s is not in Txn", c.Name, tc)
			}
		}
		for _, call := range c.Calls {
			if call.CommitWith != "" {
				names = append(names, call.CommitWith)
			}
		}
		names = append(names, c.Fencing...)
		names = append(names, c.GroupFencing...)
		for _, g := range c.GroupFencing {
			if !slices.Contains(c.Fencing, g) {
				t.Errorf("%s: group fencing error %s is not in Fencing", c.Name, g)
			}
		}
		names = append(names, c.Txn...)
		if c.Config.SetKey != "" {
			names = append(names, c.Config.SetKey)
		}
		for _, k := range c.Constructors {
			names = append(names, k.Func)
			if k.FromClient != "" {
				names = append(names, k.FromClient)
			}
		}
		if h := c.Handler; h != nil {
			names = append(names, h.Interface, h.Session, h.Run,
				"("+h.Interface+")."+h.Consume, "("+h.Interface+")."+h.Cleanup)
		}
		for _, r := range c.Restores {
			names = append(names, r.Func)
			if r.In != "" {
				if c.Handler == nil {
					t.Errorf("%s: restore %s runs in handler method %s, but the client has no handler", c.Name, r.Func, r.In)
				} else {
					names = append(names, "("+c.Handler.Interface+")."+r.In)
				}
			}
		}
		if f := c.RestoreFix; f != nil {
			for _, h := range f.Hooks {
				if f.Where == FixHandler {
					if c.Handler != nil {
						names = append(names, "("+c.Handler.Interface+")."+h)
					}
					continue
				}
				names = append(names, h)
			}
		}
		for _, n := range names {
			if _, err := lookup(pkgs, n); err != nil {
				t.Errorf("%s (%s): %v", c.Name, c.Paths[0], err)
			}
		}
		for _, r := range c.Results {
			obj, err := lookup(pkgs, r.Func)
			if err != nil {
				t.Errorf("%s (%s): %v", c.Name, c.Paths[0], err)
				continue
			}
			checkResult(t, c, r, obj)
		}
		// Calls whose arguments the model reads: the argument must exist.
		argCalls := map[string][]int{}
		for _, h := range c.RevokeHooks {
			if h.Kind != HookCleanup {
				argCalls[h.Func] = append(argCalls[h.Func], h.Arg)
			}
		}
		for _, a := range c.TxnAbort {
			argCalls[a.Func] = append(argCalls[a.Func], a.FalseArg)
		}
		for _, r := range c.Restores {
			if r.Kind == RestoreOption {
				argCalls[r.Func] = append(argCalls[r.Func], r.Arg)
			}
		}
		if f := c.RestoreFix; f != nil && f.Where == FixCallback {
			for _, h := range f.Hooks {
				argCalls[h] = append(argCalls[h], f.Arg)
			}
		}
		for _, sites := range [][]NameSite{c.Names.Group, c.Names.Topics, c.Names.Interval} {
			for _, ns := range sites {
				if ns.Func != "" {
					argCalls[ns.Func] = append(argCalls[ns.Func], ns.Arg)
				}
			}
		}
		for fn, args := range argCalls {
			obj, err := lookup(pkgs, fn)
			if err != nil {
				t.Errorf("%s (%s): %v", c.Name, c.Paths[0], err)
				continue
			}
			for _, a := range args {
				if a >= obj.Type().(*types.Signature).Params().Len() {
					t.Errorf("%s: argument %d out of range for %s", c.Name, a, fn)
				}
			}
		}
		for _, call := range c.Calls {
			obj, err := lookup(pkgs, call.Func)
			if err != nil {
				t.Errorf("%s (%s): %v", c.Name, c.Paths[0], err)
				continue
			}
			sig := obj.Type().(*types.Signature)
			if call.Record >= sig.Params().Len() {
				t.Errorf("%s: record argument %d out of range for %s", c.Name, call.Record, sig)
			}
		}
		for _, pr := range c.Produces {
			obj, err := lookup(pkgs, pr.Func)
			if err != nil {
				t.Errorf("%s (%s): %v", c.Name, c.Paths[0], err)
				continue
			}
			checkProduce(t, c, pr, obj.Type().(*types.Signature))
			if pr.AsyncField != "" {
				recv := obj.Type().(*types.Signature).Recv()
				if f, err := field(recv.Type(), pr.AsyncField); err != nil || pr.Async {
					t.Errorf("%s: %s: async field %s: %v (or on a call always asynchronous)", c.Name, pr.Func, pr.AsyncField, err)
				} else if b, ok := f.Type().(*types.Basic); !ok || b.Kind() != types.Bool {
					t.Errorf("%s: %s: async field %s is not a bool", c.Name, pr.Func, pr.AsyncField)
				}
			}
			if pr.Flush != "" {
				// A flush that gives up after a timeout has no call text:
				// its fix waits for each delivery report instead.
				if _, err := lookup(pkgs, pr.Flush); err != nil || !pr.Async || (pr.FlushCall == "") != pr.FlushCounts || pr.FlushCounts && pr.Wait == "" {
					t.Errorf("%s: %s: flush %s: %v (or on a synchronous call, or with no call text, or a counting flush with one or with no wait)", c.Name, pr.Func, pr.Flush, err)
				}
				filled := strings.NewReplacer(FixRecv, "r", "$0", "a0").Replace(pr.FlushCall)
				if _, err := parser.ParseExpr(filled); !pr.FlushCounts && (err != nil || strings.Contains(filled, "$")) {
					t.Errorf("%s: %s: flush call %q does not parse: %v", c.Name, pr.Func, pr.FlushCall, err)
				}
			}
			if _, ok := pr.ReplyForward[pr.ReplyKeptOn]; pr.ReplyKeptOn != "" && (!ok || pr.ReplyKeeps == "") {
				t.Errorf("%s: %s: kept report channel %s is not forwarded, or has no setting", c.Name, pr.Func, pr.ReplyKeptOn)
			}
			if pr.ReplyWaitEnds != "" {
				filled := strings.NewReplacer(FixDone, "done", FixSess, "sess").Replace(pr.ReplyWaitEnds)
				if _, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc f() error {\n"+filled+"\n}", 0); err != nil || strings.Contains(filled, "$") || pr.ReplyWait == "" || c.Handler == nil {
					t.Errorf("%s: %s: wait %q does not parse, or has no plain wait or session: %v", c.Name, pr.Func, pr.ReplyWaitEnds, err)
				}
			}
			if pr.ReplyNew != "" {
				nobj, err := lookup(pkgs, pr.ReplyNew)
				if err != nil {
					t.Errorf("%s (%s): %v", c.Name, c.Paths[0], err)
				} else if sig := nobj.Type().(*types.Signature); pr.ReplyNewConfig >= sig.Params().Len() || sig.Results().Len() == 0 {
					t.Errorf("%s: %s: config argument %d out of range, or no producer returned", c.Name, pr.ReplyNew, pr.ReplyNewConfig)
				}
				if _, ok := pr.ReplyForward[pr.ReplyOn]; !ok || pr.ReplyNeeds == "" {
					t.Errorf("%s: %s: ReplyOn %q is not a forwarded report channel, or nothing turns it on", c.Name, pr.Func, pr.ReplyOn)
				}
			}
		}
		cfg, err := lookup(pkgs, c.Config.Type)
		if err != nil {
			continue
		}
		for _, sites := range [][]NameSite{c.Names.Group, c.Names.Topics, c.Names.Interval} {
			for _, ns := range sites {
				if ns.Field != "" {
					if _, err := field(cfg.Type(), ns.Field); err != nil {
						t.Errorf("%s: name field: %v", c.Name, err)
					}
				}
			}
		}
		if st := c.Start; st != nil {
			switch {
			case st.Field != "":
				if _, err := field(cfg.Type(), st.Field); err != nil {
					t.Errorf("%s: start offset field: %v", c.Name, err)
				}
			case st.Option != "":
				if _, err := lookup(pkgs, st.Option); err != nil {
					t.Errorf("%s: start offset option: %v", c.Name, err)
				}
			case st.Key == "":
				t.Errorf("%s: start offset names no field, option or key", c.Name)
			}
		}
		for _, k := range c.Config.Knobs {
			switch {
			case k.Field != "":
				if _, err := field(cfg.Type(), k.Field); err != nil {
					t.Errorf("%s: knob %s: %v", c.Name, k.Setting, err)
				}
			case k.Option != "":
				obj, err := lookup(pkgs, k.Option)
				if err != nil {
					t.Errorf("%s: knob %s: %v", c.Name, k.Setting, err)
					continue
				}
				res := obj.Type().(*types.Signature).Results()
				if res.Len() != 1 || !types.AssignableTo(res.At(0).Type(), cfg.Type()) {
					t.Errorf("%s: option %s does not return a %s", c.Name, k.Option, c.Config.Type)
				}
			case k.Key == "":
				t.Errorf("%s: knob %s names no field, option or key", c.Name, k.Setting)
			}
		}
	}
}

// load type-checks the packages matching patterns in dir and returns every
// package of the import graph by path.
func load(t *testing.T, cfg *packages.Config, patterns ...string) map[string]*types.Package {
	t.Helper()
	cfg.Mode = packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps
	roots, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*types.Package{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		if p.Types != nil {
			out[p.PkgPath] = p.Types
		}
	})
	return out
}

// TestModelResolvesAgainstRealLibraries resolves every name in the model
// against the pinned client libraries (testdata/real/go.mod), so an upstream
// rename or a typo fails here instead of silently disabling a check.
func TestModelResolvesAgainstRealLibraries(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real client libraries")
	}
	real := load(t, &packages.Config{Dir: filepath.Join("..", "..", "testdata", "real")}, "./...")
	checkModel(t, real)
}

// TestStubsMatchRealLibraries checks that every declaration in the client
// stubs under testdata/src exists in the real library with the same type, so
// analyzer tests cannot pass on a stub that disagrees with the real API.
func TestStubsMatchRealLibraries(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real client libraries")
	}
	real := load(t, &packages.Config{Dir: filepath.Join("..", "..", "testdata", "real")}, "./...")
	gopath, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	var stubPaths []string
	for _, c := range Clients {
		for _, p := range c.Paths {
			if _, err := os.Stat(filepath.Join(gopath, "src", p)); err == nil {
				stubPaths = append(stubPaths, p)
			}
		}
	}
	if len(stubPaths) == 0 {
		t.Fatal("no client stubs found under testdata/src")
	}
	stubs := load(t, &packages.Config{
		Dir: gopath,
		Env: append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS="),
	}, stubPaths...)
	checked := 0
	for _, p := range stubPaths {
		sp, rp := stubs[p], real[p]
		if sp == nil || rp == nil {
			t.Errorf("%s: stub or real package missing", p)
			continue
		}
		names := sp.Scope().Names()
		sort.Strings(names)
		for _, n := range names {
			so := sp.Scope().Lookup(n)
			if !so.Exported() {
				continue
			}
			ro := rp.Scope().Lookup(n)
			if ro == nil {
				t.Errorf("stub %s.%s does not exist in the real library", p, n)
				continue
			}
			checked++
			if tn, ok := so.(*types.TypeName); ok {
				checkTypeName(t, p, tn, ro)
				continue
			}
			if s, r := typeString(so.Type()), typeString(ro.Type()); s != r {
				t.Errorf("stub %s.%s has type %s, real has %s", p, n, s, r)
			}
		}
	}
	t.Logf("%d stub declarations match the real libraries", checked)
}

func checkTypeName(t *testing.T, p string, stub *types.TypeName, real types.Object) {
	rt, ok := real.(*types.TypeName)
	if !ok {
		t.Errorf("stub %s.%s is a type, real is %T", p, stub.Name(), real)
		return
	}
	// Methods (and interface methods) the stub declares must exist with
	// identical signatures; struct fields the stub declares must exist
	// with identical types. The stub may declare fewer.
	st := stub.Type()
	if !types.IsInterface(st) {
		st = types.NewPointer(st)
	}
	ms := types.NewMethodSet(st)
	for i := 0; i < ms.Len(); i++ {
		sm := ms.At(i).Obj()
		recv := rt.Type()
		if !types.IsInterface(recv) {
			recv = types.NewPointer(recv)
		}
		rm, _, _ := types.LookupFieldOrMethod(recv, true, rt.Pkg(), sm.Name())
		if rm == nil {
			t.Errorf("stub method %s.%s.%s does not exist in the real library", p, stub.Name(), sm.Name())
			continue
		}
		if s, r := typeString(sm.Type()), typeString(rm.Type()); s != r {
			t.Errorf("stub method %s.%s.%s has type %s, real has %s", p, stub.Name(), sm.Name(), s, r)
		}
	}
	if st, ok := stub.Type().Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			rf, _, _ := types.LookupFieldOrMethod(rt.Type(), true, rt.Pkg(), f.Name())
			if rf == nil {
				t.Errorf("stub field %s.%s.%s does not exist in the real library", p, stub.Name(), f.Name())
				continue
			}
			if err := sameShape(f.Type(), rf.Type()); err != nil {
				t.Errorf("stub field %s.%s.%s: %v", p, stub.Name(), f.Name(), err)
			}
		}
	} else if s, r := typeString(stub.Type().Underlying()), typeString(rt.Type().Underlying()); s != r {
		if _, isIface := stub.Type().Underlying().(*types.Interface); !isIface {
			t.Errorf("stub type %s.%s is %s, real is %s", p, stub.Name(), s, r)
		}
	}
}

// sameShape reports whether a stub type matches the real one: identical
// type strings, or, for anonymous structs (sarama's nested Config), every
// stub field present in the real struct with the same shape.
func sameShape(stub, real types.Type) error {
	ss, ok1 := stub.(*types.Struct)
	rs, ok2 := real.(*types.Struct)
	if !ok1 || !ok2 {
		if s, r := typeString(stub), typeString(real); s != r {
			return fmt.Errorf("stub has type %s, real has %s", s, r)
		}
		return nil
	}
	for i := 0; i < ss.NumFields(); i++ {
		f := ss.Field(i)
		var rf *types.Var
		for j := 0; j < rs.NumFields(); j++ {
			if rs.Field(j).Name() == f.Name() {
				rf = rs.Field(j)
			}
		}
		if rf == nil {
			return fmt.Errorf("no field %s in the real struct", f.Name())
		}
		if err := sameShape(f.Type(), rf.Type()); err != nil {
			return fmt.Errorf("%s: %v", f.Name(), err)
		}
	}
	return nil
}

func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Path() })
}

func TestIndex(t *testing.T) {
	ix := Default
	if !ix.IsClientPath("github.com/twmb/franz-go/pkg/kgo") || ix.IsClientPath("fmt") {
		t.Error("IsClientPath")
	}
	for _, c := range Clients {
		for _, call := range c.Calls {
			if _, ok := ix.calls[call.Func]; !ok {
				t.Errorf("%s not indexed", call.Func)
			}
		}
	}
	if got := ShortName("(*github.com/twmb/franz-go/pkg/kgo.Client).CommitRecords"); got != "CommitRecords" {
		t.Errorf("ShortName = %q", got)
	}
	if got := ShortName("github.com/twmb/franz-go/pkg/kgo.GreedyAutoCommit"); got != "kgo.GreedyAutoCommit" {
		t.Errorf("ShortName = %q", got)
	}
}

// checkResult checks that a Result's indexes name an error and a bool
// result of the real signature, and that its Abort method exists on the
// same receiver with an error result.
func checkResult(t *testing.T, c *Client, r Result, obj types.Object) {
	t.Helper()
	sig := obj.Type().(*types.Signature)
	res := sig.Results()
	if r.Err < 0 || r.Err >= res.Len() || !types.Identical(res.At(r.Err).Type(), types.Universe.Lookup("error").Type()) {
		t.Errorf("%s: %s: result %d is not an error", c.Name, r.Func, r.Err)
	}
	if r.Committed >= 0 {
		if r.Committed >= res.Len() || !types.Identical(res.At(r.Committed).Type(), types.Typ[types.Bool]) {
			t.Errorf("%s: %s: result %d is not a bool", c.Name, r.Func, r.Committed)
		}
	}
	if r.Swallow == 0 {
		t.Errorf("%s: %s: no Swallow cost", c.Name, r.Func)
	}
	if r.Folds != "" {
		m, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, obj.Pkg(), r.Folds)
		f, ok := m.(*types.Func)
		if !ok {
			t.Errorf("%s: %s: no folding method %s", c.Name, r.Func, r.Folds)
		} else if fs := f.Type().(*types.Signature); !types.Identical(fs.Params(), sig.Params()) ||
			fs.Results().Len() != 1 || !types.Identical(fs.Results().At(0).Type(), types.Universe.Lookup("error").Type()) {
			t.Errorf("%s: %s: %s does not take the same arguments and return only an error", c.Name, r.Func, r.Folds)
		}
	}
	if r.Abort != "" {
		recv := sig.Recv().Type()
		m, _, _ := types.LookupFieldOrMethod(recv, true, obj.Pkg(), r.Abort)
		f, ok := m.(*types.Func)
		if !ok {
			t.Errorf("%s: %s: no abort method %s", c.Name, r.Func, r.Abort)
			return
		}
		ar := f.Type().(*types.Signature).Results()
		if ar.Len() != 1 || !types.Identical(ar.At(0).Type(), types.Universe.Lookup("error").Type()) {
			t.Errorf("%s: %s: abort method %s does not return an error", c.Name, r.Func, r.Abort)
		}
	}
}

// TestLowWaterResolves resolves every low-water function against the
// lowwater package, which must return the position as its first result.
func TestLowWaterResolves(t *testing.T) {
	pkgs := load(t, &packages.Config{Dir: filepath.Join("..", "..")}, "github.com/offsetcommit/commitlint/lowwater")
	for _, name := range LowWater {
		obj, err := lookup(pkgs, name)
		if err != nil {
			t.Error(err)
			continue
		}
		if res := obj.Type().(*types.Signature).Results(); res.Len() == 0 {
			t.Errorf("%s returns nothing", name)
		}
	}
}

// TestRestoreFixesParse checks that each client's restore fix code, with
// its placeholders filled as the fencing analyzer fills them, is Go: an
// expression for an option or a callback, statements for a handler
// method. Whether it compiles is checked on the analyzer's goldens.
func TestRestoreFixesParse(t *testing.T) {
	for _, c := range Clients {
		f := c.RestoreFix
		if f == nil {
			continue
		}
		if f.Topic == "" || f.Partition == "" || f.Ctx == "" || len(f.Hooks) == 0 {
			t.Errorf("%s: restore fix without key expressions, context or hook", c.Name)
		}
		// $READ holds the context expression, which may hold $SESS: it is
		// filled first.
		code := strings.NewReplacer("$READ", "err := db.QueryRow("+f.Ctx+", q, "+f.Topic+", "+f.Partition+").Scan(&next)",
			"$NOROWS", "errors.Is(err, sql.ErrNoRows)").Replace(f.Code)
		code = strings.NewReplacer("$PKG", c.Paths[0][strings.LastIndex(c.Paths[0], "/")+1:], "$SESS", "sess").Replace(code)
		if strings.Contains(code, "$") {
			t.Errorf("%s: unknown placeholder left in %s", c.Name, code)
		}
		var err error
		if f.Where == FixHandler {
			_, err = parser.ParseFile(token.NewFileSet(), "fix.go", "package p\nfunc f() error {\n"+code+"\nreturn nil\n}", 0)
		} else {
			_, err = parser.ParseExpr(code)
		}
		if err != nil {
			t.Errorf("%s: restore fix does not parse: %v\n%s", c.Name, err, code)
		}
	}
}

// checkProduce checks a produce call's indexes against its signature: the
// record argument (or, at -1, a channel result of the record type a send
// takes), the delivery callback or channel, and that the synchronous
// replacement of an asynchronous call is an expression naming only the
// call's arguments.
func checkProduce(t *testing.T, c *Client, pr Produce, sig *types.Signature) {
	t.Helper()
	if pr.Record >= sig.Params().Len() {
		t.Errorf("%s: %s: record argument %d out of range", c.Name, pr.Func, pr.Record)
	}
	if pr.Record < 0 {
		if sig.Results().Len() != 1 {
			t.Errorf("%s: %s: a produce without a record argument must return its channel", c.Name, pr.Func)
		} else if ch, ok := sig.Results().At(0).Type().(*types.Chan); !ok || ch.Dir() == types.RecvOnly || !pr.Async {
			t.Errorf("%s: %s: returns %s, not an asynchronous send channel", c.Name, pr.Func, sig.Results().At(0).Type())
		}
	}
	if pr.Done >= sig.Params().Len() || pr.Done >= 0 && !pr.Async {
		t.Errorf("%s: %s: delivery argument %d out of range, or on a synchronous call", c.Name, pr.Func, pr.Done)
	}
	if (pr.Sync != "" || pr.SyncNoDone != "") && (!pr.Async || pr.Done < 0 || pr.Sync == "" || pr.SyncNoDone == "") {
		t.Errorf("%s: %s: a synchronous replacement needs an asynchronous call with a callback, and both texts", c.Name, pr.Func)
	}
	if pr.Wait != "" {
		if pr.Done < 0 {
			t.Errorf("%s: %s: a wait without a delivery channel", c.Name, pr.Func)
		} else if _, ok := sig.Params().At(pr.Done).Type().(*types.Chan); !ok {
			t.Errorf("%s: %s: a wait on argument %d, which is not a channel", c.Name, pr.Func, pr.Done)
		}
		filled := strings.NewReplacer(FixDone, "done", FixPkg, "kafka").Replace(pr.Wait)
		if _, err := parser.ParseExpr(filled); err != nil || strings.Contains(filled, "$") {
			t.Errorf("%s: %s: wait %q does not parse: %v", c.Name, pr.Func, pr.Wait, err)
		}
	}
	if pr.SyncErr != "" && pr.SyncNoDone == "" {
		t.Errorf("%s: %s: SyncErr without SyncNoDone", c.Name, pr.Func)
	}
	for _, text := range []string{pr.Sync, pr.SyncNoDone, pr.SyncNoDone + pr.SyncErr} {
		if text == "" {
			continue
		}
		args := []string{FixRecv, "r"}
		for i := range sig.Params().Len() {
			args = append(args, "$"+strconv.Itoa(i), "a"+strconv.Itoa(i))
		}
		filled := strings.NewReplacer(args...).Replace(text)
		if strings.Contains(filled, "$") {
			t.Errorf("%s: %s: unknown placeholder in %q", c.Name, pr.Func, text)
		}
		if _, err := parser.ParseExpr(filled); err != nil {
			t.Errorf("%s: %s: %q does not parse: %v", c.Name, pr.Func, text, err)
		}
		if !strings.Contains(text, "$"+strconv.Itoa(pr.Record)) {
			t.Errorf("%s: %s: %q does not produce the record", c.Name, pr.Func, text)
		}
	}
}
