package handsoff

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// A function of a package the consumer's does not see in SSA form (a
// Kafka-free handler package: handler.File's Handle writing a file) can
// still be known to finish its work before it returns: the report may
// then take a record handed to it, through an interface the wiring
// gives the consumer, as processed when the call returns.

// SyncFact is the fact of a function whose work is done when it returns,
// as far as its syntax shows: it starts no goroutine, sends on no
// channel, selects on none, keeps no parameter beyond the call
// (KeepsFact), makes no function literal other than one called or
// deferred in place, calls no function value and no interface method,
// and every function it calls is a builtin, a conversion, a function of
// the standard library that does not start work for later (time.AfterFunc
// and its kind do), or a function with this fact.
type SyncFact struct{}

func (*SyncFact) AFact()         {}
func (*SyncFact) String() string { return "sync" }

// Sync reports whether fn carries SyncFact.
func (r *Result) Sync(fn *types.Func) bool {
	return fn != nil && r.pass.ImportObjectFact(fn.Origin(), new(SyncFact))
}

// startsLater are functions of the standard library that run work after
// they return (a timer's function, a goroutine, a process, a server).
var startsLater = map[string]bool{
	"time.AfterFunc":                    true,
	"context.AfterFunc":                 true,
	"(*sync.WaitGroup).Go":              true,
	"(*os/exec.Cmd).Start":              true,
	"os/signal.Notify":                  true,
	"runtime.SetFinalizer":              true,
	"runtime.AddCleanup":                true,
	"net/http.ListenAndServe":           true,
	"net/http.ListenAndServeTLS":        true,
	"net/http.Serve":                    true,
	"net/http.Handle":                   true,
	"net/http.HandleFunc":               true,
	"(*net/http.Server).Serve":          true,
	"(*net/http.Server).ListenAndServe": true,
}

// exportSync exports the SyncFact of the package's functions (decls): a
// function calling another of the package has it only when that one has
// it too (a cycle has it nowhere).
func exportSync(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	const (
		visiting = iota + 1
		yes
		no
	)
	state := map[*types.Func]int{}
	var sync func(fn *types.Func) bool
	sync = func(fn *types.Func) bool {
		switch state[fn] {
		case visiting, no:
			return false
		case yes:
			return true
		}
		fd := decls[fn]
		if fd == nil {
			state[fn] = no
			return false
		}
		state[fn] = visiting
		callees, ok := syncBody(pass, fn, fd)
		for _, c := range callees {
			ok = ok && sync(c)
		}
		state[fn] = no
		if ok {
			state[fn] = yes
			pass.ExportObjectFact(fn, new(SyncFact))
		}
		return ok
	}
	for fn := range decls {
		sync(fn)
	}
}

// syncBody reports whether fd's body, declaring fn, is synchronous but
// for the functions of the package it calls, which it returns.
func syncBody(pass *analysis.Pass, fn *types.Func, fd *ast.FuncDecl) ([]*types.Func, bool) {
	if pass.ImportObjectFact(fn, new(KeepsFact)) {
		return nil, false
	}
	var local []*types.Func
	inPlace := map[*ast.FuncLit]bool{}
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt, *ast.SendStmt, *ast.SelectStmt:
			ok = false
		case *ast.DeferStmt:
			if lit, isLit := ast.Unparen(n.Call.Fun).(*ast.FuncLit); isLit {
				inPlace[lit] = true
			}
		case *ast.FuncLit:
			ok = inPlace[n]
		case *ast.CallExpr:
			if lit, isLit := ast.Unparen(n.Fun).(*ast.FuncLit); isLit {
				inPlace[lit] = true
				return true
			}
			var callee *types.Func
			callee, ok = syncCall(pass, n)
			if callee != nil {
				local = append(local, callee)
			}
		}
		return ok
	})
	return local, ok
}

// syncCall reports whether call is a builtin, a conversion, an error's
// Error, or a static call of a function synchronous as far as is known;
// a function of the package is returned, to be judged by its body.
func syncCall(pass *analysis.Pass, call *ast.CallExpr) (*types.Func, bool) {
	if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return nil, true
	}
	fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return nil, false // a function value
	}
	if fn.Pkg() == nil {
		return nil, true // the error interface's Error
	}
	fn = fn.Origin()
	if sig := fn.Signature(); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return nil, false // an interface's method: its implementations are not known
	}
	if fn.Pkg() == pass.Pkg {
		return fn, true
	}
	if path := fn.Pkg().Path(); !strings.Contains(strings.Split(path, "/")[0], ".") {
		return nil, !startsLater[fn.FullName()] // the standard library
	}
	return nil, pass.ImportObjectFact(fn, new(SyncFact))
}
