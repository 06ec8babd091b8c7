package fencing

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// fetchesIn reports whether a loop fetches records itself (outside
// function literals): a consume loop, not a retry loop.
func (c *checker) fetchesIn(loop ast.Node) bool {
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := c.calleeOf(n)
			if fn == nil || fn.Pkg() == nil {
				break
			}
			if fn.Pkg() == c.pass.Pkg {
				found = c.helperFetches(fn)
				break
			}
			if !c.ix.IsClientPath(fn.Pkg().Path()) {
				break
			}
			if ref, ok := c.ix.Call(fn); ok && (ref.Role == clientmodel.Fetch || ref.Role == clientmodel.FetchCommit) || c.ix.Feed(fn) {
				found = true
			}
		}
		return !found
	})
	return found
}

// helperFetches reports whether fn, a function of the package, returns
// records (or a batch of them) that it, or a function it calls, fetches:
// a helper such as fetchBatch(ctx, cl) makes the loop calling it a consume
// loop.
func (c *checker) helperFetches(fn *types.Func) bool {
	if c.helperFetch == nil {
		c.helperFetch = map[*types.Func]bool{}
	}
	if v, ok := c.helperFetch[fn]; ok {
		return v
	}
	c.helperFetch[fn] = false // a recursive helper adds nothing
	returnsRecords := false
	res := fn.Type().(*types.Signature).Results()
	for i := range res.Len() {
		t := res.At(i).Type()
		if s, ok := t.Underlying().(*types.Slice); ok {
			t = s.Elem()
		}
		returnsRecords = returnsRecords || c.ix.Record(t) != nil
	}
	f := c.m.SSA.Pkg.Prog.FuncValue(fn)
	if !returnsRecords || f == nil {
		return false
	}
	reach := map[*ssa.Function]bool{}
	c.m.Flow.Reach(f, reach)
	for _, call := range c.m.Calls {
		if (call.Role == clientmodel.Fetch || call.Role == clientmodel.FetchCommit) && reach[call.Fn] {
			c.helperFetch[fn] = true
			return true
		}
	}
	return false
}
