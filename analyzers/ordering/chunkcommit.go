package ordering

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A commit of everything polled (franz-go's CommitUncommittedOffsets) made
// by a function given a chunk of the records a loop keeps in a buffer
// across polls (flush(ctx, buf[:n]), then buf = buf[n:]) commits the
// records the buffer still holds, not yet written: a crash, a stop or a
// failed chunk before they are loses them (hunt 46f/D1: 146 to 197 of 300
// lost; the row said at-least-once). The fix commits the chunk
// (CommitRecords(ctx, rows...)).

// checkChunkCommit reports call, a commit of everything polled, when a
// caller of its function gives it such a chunk, and says whether it did.
func (c *checker) checkChunkCommit(call *consumer.Call) bool {
	fn := call.Fn
	if fn.Parent() != nil {
		return false
	}
	for i, p := range fn.Params {
		if sl, ok := p.Type().Underlying().(*types.Slice); !ok || clientmodel.Default.Record(sl.Elem()) == nil {
			continue
		}
		for _, site := range c.flow.Callers(fn) {
			args := site.Common().Args
			if i >= len(args) {
				continue
			}
			trim := trimmedBuffer(site.Parent(), args[i])
			if trim == nil {
				continue
			}
			ce, _ := edit.CallAt(c.pass, call.Pos())
			obj := c.paramObject(fn, p)
			if ce == nil || obj == nil {
				continue
			}
			noun, name := call.Client.RecordNoun, clientmodel.ShortName(call.Func)
			d := analysis.Diagnostic{
				Pos:      ce.Pos(),
				End:      ce.Lparen,
				Category: CategoryCommitBefore,
				Message: fmt.Sprintf("call to %s in %s, given a chunk of the %ss a loop keeps across polls: it commits every %s polled, those the buffer still holds included, so a crash, a stop or a failed chunk before they are written loses them (at-most-once)",
					name, fn.Name(), noun, noun),
				Related: []analysis.RelatedInformation{
					{Pos: site.Pos(), Message: "a chunk of the buffer given here"},
					{Pos: trim.Pos(), Message: "the rest kept for later here"},
				},
			}
			if fix, ok := c.processedCommitFix(call, ce, obj, fn.Name()); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			} else {
				d.Message += "; no automatic fix: the call cannot be rewritten here; commit the chunk's " + noun + "s instead"
			}
			report.Report(c.pass, d)
			return true
		}
	}
	return false
}

// trimmedBuffer returns, when v is a prefix of a slice (buf[:n]) whose
// front fn also cuts off (buf = buf[n:]), that cut; nil otherwise.
func trimmedBuffer(fn *ssa.Function, v ssa.Value) *ssa.Slice {
	prefix, ok := v.(*ssa.Slice)
	if !ok || !zeroOrNone(prefix.Low) || prefix.High == nil {
		return nil // (buf[:n], or buf[0:n]: review 47-1/D3)
	}
	root := bufferRoot(prefix.X)
	for _, b := range fn.Blocks {
		if !ssaflow.InLoop(b) {
			continue
		}
		for _, in := range b.Instrs {
			if s, ok := in.(*ssa.Slice); ok && !zeroOrNone(s.Low) && s.High == nil && bufferRoot(s.X) == root {
				return s
			}
		}
	}
	return nil
}

// zeroOrNone reports whether v, a slice expression's low bound, is absent
// or the constant 0.
func zeroOrNone(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return v == nil || ok && k.Value != nil && constant.Sign(k.Value) == 0
}

// bufferRoot is the variable a slice value is loaded from (a captured or
// address-taken local, a field), or the value itself.
func bufferRoot(v ssa.Value) ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return u.X
	}
	return v
}

// paramObject returns the variable declaring fn's parameter p.
func (c *checker) paramObject(fn *ssa.Function, p *ssa.Parameter) types.Object {
	obj, _ := p.Object().(*types.Var)
	if obj == nil || edit.File(c.pass, obj.Pos()) == nil {
		return nil
	}
	return obj
}
