package semantics

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// heldAcrossPolls reports whether the loop around fetch (an instruction
// of its function) keeps records across its iterations, unprocessed, when
// it fetches again: a slice of records kept by the loop (a phi at its
// header, or a variable made before it that a closure captures) that an
// append of records feeds, with a way back to the fetch on which the
// slice is not emptied, and emptied somewhere (a buffer, flushed: a
// history of records already processed, only ever trimmed, is none), and
// not flushed whenever it holds any (flushedWhenAny). It returns the
// name of the variable holding them, "" if there is none.
func (g *gatherer) heldAcrossPolls(fetch ssa.Instruction) string {
	b := fetch.Block()
	after := ssaflow.Reachable(b)
	fn := b.Parent()
	for _, h := range fn.Blocks {
		if !after[h] || !h.Dominates(b) {
			continue // not the header of a loop around fetch
		}
		loop := map[*ssa.BasicBlock]bool{} // memo: in the loop of h
		inLoop := func(x *ssa.BasicBlock) bool {
			in, ok := loop[x]
			if !ok {
				in = h.Dominates(x) && ssaflow.Reachable(x)[h]
				loop[x] = in
			}
			return in
		}
		for _, in := range h.Instrs {
			phi, ok := in.(*ssa.Phi)
			if !ok {
				break
			}
			slice := func(v ssa.Value) bool { return v == phi || g.appendedTo(v) == phi }
			if sl, ok := phi.Type().Underlying().(*types.Slice); ok && g.isRecord(sl.Elem()) && g.heldPhi(phi, inLoop) &&
				!flushedWhenAny(fetch, inLoop, slice) && !g.processedBeside(fetch, inLoop, slice) {
				return varName(phi.Comment)
			}
		}
		for _, fb := range fn.Blocks {
			for _, in := range fb.Instrs {
				alloc, ok := in.(*ssa.Alloc)
				if !ok {
					continue
				}
				slice := func(v ssa.Value) bool { u, ok := v.(*ssa.UnOp); return ok && u.Op == token.MUL && u.X == alloc }
				if g.heldAlloc(alloc, fetch, inLoop) && !flushedWhenAny(fetch, inLoop, slice) && !g.processedBeside(fetch, inLoop, slice) {
					return varName(alloc.Comment)
				}

			}
		}
	}
	return ""
}

// varName is the name of the variable an SSA value's comment gives
// ("buf", or "the buffer" when it gives none).
func varName(comment string) string {
	if comment == "" || strings.ContainsAny(comment, " :") {
		return "a slice"
	}
	return comment
}

// processedBeside reports whether a call of the application in the loop
// (inLoop) is given the records of fetch other than through the slice
// (slice tells its values apart): they are processed as they come, and
// the slice is a history of records already processed (recent =
// append(recent, recs...), trimmed when large), no buffer (review
// 34-2/D6).
func (g *gatherer) processedBeside(fetch ssa.Instruction, inLoop func(*ssa.BasicBlock) bool, slice func(ssa.Value) bool) bool {
	fv, ok := fetch.(ssa.Value)
	if !ok {
		return false
	}
	// fromFetch walks back from v to fetch, not through the slice.
	var fromFetch func(v ssa.Value, depth int) bool
	fromFetch = func(v ssa.Value, depth int) bool {
		if v == fv {
			return true
		}
		if depth > 6 || slice(v) {
			return false
		}
		if call, ok := v.(*ssa.Call); ok {
			// fs.Records(): a method of what the fetch returned.
			return call.Call.Signature().Recv() != nil && len(call.Call.Args) > 0 && fromFetch(call.Call.Args[0], depth+1)
		}
		if p := ssaflow.Part(v); p != nil {
			return fromFetch(p, depth+1)
		}
		return false
	}
	for _, b := range fetch.Parent().Blocks {
		if !inLoop(b) {
			continue
		}
		for _, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok || !g.appCall(call) {
				continue
			}
			if _, builtin := call.Call.Value.(*ssa.Builtin); builtin {
				continue // the append to the slice, a len
			}
			if slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return fromFetch(a, 0) }) {
				return true
			}
		}
	}
	return false
}

// heldPhi reports whether a loop header's phi takes, back from the loop,
// an append of records (through phis of the loop) and, on some edge, an
// emptied slice: emptied in the loop (buf = buf[:0]), or fresh on entry
// from an enclosing loop (a batch declared in the outer loop's body).
func (g *gatherer) heldPhi(phi *ssa.Phi, inLoop func(*ssa.BasicBlock) bool) bool {
	appended, emptied := false, false
	for i, e := range phi.Edges {
		pred := phi.Block().Preds[i]
		if !inLoop(pred) {
			emptied = emptied || emptying(e) && ssaflow.InLoop(pred)
			continue
		}
		var walk func(v ssa.Value, seen map[ssa.Value]bool)
		walk = func(v ssa.Value, seen map[ssa.Value]bool) {
			if seen[v] || len(seen) > 16 {
				return
			}
			seen[v] = true
			switch {
			case emptying(v):
				emptied = true
			case g.appendedTo(v) != nil:
				appended = true
			}
			if p, ok := v.(*ssa.Phi); ok && p != phi && inLoop(p.Block()) {
				for _, x := range p.Edges {
					walk(x, seen)
				}
			}
		}
		walk(e, map[ssa.Value]bool{})
	}
	return appended && emptied
}

// heldAlloc reports whether the variable alloc, made before the loop
// around fetch, gets records appended in the loop (directly, or by a
// closure the loop makes: fs.EachRecord(func(r) { buf = append(buf, r) })),
// is emptied somewhere (by the function or a closure of it), and may come
// back to fetch after an append without being emptied (a reset at the top
// of the loop, before the fetch, empties it: review 33-2/2).
func (g *gatherer) heldAlloc(alloc *ssa.Alloc, fetch ssa.Instruction, inLoop func(*ssa.BasicBlock) bool) bool {
	ptr, ok := alloc.Type().(*types.Pointer)
	if !ok {
		return false
	}
	if sl, ok := ptr.Elem().Underlying().(*types.Slice); !ok || !g.isRecord(sl.Elem()) || inLoop(alloc.Block()) {
		return false
	}
	// Where the loop appends (the store, or the closure's making), and
	// the instructions that empty the variable.
	var appends []site
	resets := map[ssa.Instruction]bool{}
	for _, ref := range *alloc.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != alloc {
				continue
			}
			if emptying(x.Val) {
				resets[x] = true
			} else if g.appendsTo(x.Val, alloc) && inLoop(x.Block()) {
				appends = append(appends, site{x.Block(), index(x)})
			}
		case *ssa.MakeClosure:
			fv := closureVar(x, alloc)
			if fv == nil {
				continue
			}
			app, reset := g.storesTo(fv)
			if reset {
				// Calls of the closure empty the variable.
				for _, r := range *x.Referrers() {
					if c, ok := r.(ssa.CallInstruction); ok && c.Common().Value == x {
						resets[c] = true
					}
					if st, ok := r.(*ssa.Store); ok {
						for _, ld := range *st.Addr.Referrers() {
							if u, ok := ld.(*ssa.UnOp); ok && u.Op == token.MUL {
								for _, c := range *u.Referrers() {
									if ci, ok := c.(ssa.CallInstruction); ok && ci.Common().Value == u {
										resets[ci] = true
									}
								}
							}
						}
					}
				}
			}
			if app && inLoop(x.Block()) {
				appends = append(appends, site{x.Block(), index(x)})
			}
		}
	}
	return heldFrom(appends, resets, fetch, inLoop)
}

// A site is an instruction of a block: its index there.
type site struct {
	b *ssa.BasicBlock
	i int
}

// heldFrom reports whether an append (in appends) may come back to the
// fetch without one of the resets on the way.
func heldFrom(appends []site, resets map[ssa.Instruction]bool, fetch ssa.Instruction, inLoop func(*ssa.BasicBlock) bool) bool {
	if len(appends) == 0 || len(resets) == 0 {
		return false
	}
	// resetIn reports a reset among b's instructions from index from up
	// to the fetch, when b holds it, else to b's end.
	resetIn := func(b *ssa.BasicBlock, from int) bool {
		for _, in := range b.Instrs[from:] {
			if in == fetch {
				return false
			}
			if resets[in] {
				return true
			}
		}
		return false
	}
	reachesFetch := func(b *ssa.BasicBlock, from int) bool {
		return b == fetch.Block() && from <= index(fetch)
	}
	for _, a := range appends {
		if resetIn(a.b, a.i+1) {
			continue
		}
		if reachesFetch(a.b, a.i+1) {
			return true
		}
		seen := map[*ssa.BasicBlock]bool{}
		stack := append([]*ssa.BasicBlock(nil), a.b.Succs...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[x] || !inLoop(x) || resetIn(x, 0) {
				continue
			}
			if reachesFetch(x, 0) {
				return true // back at the fetch with the records appended
			}
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// flushedWhenAny reports whether the loop's tests of the slice's length
// (slice tells its values apart) leave nothing held at the next fetch:
// one against 0 (if len(buf) > 0 { write; reset }) lies on every path
// from each threshold test (for len(buf) >= 40 { write 40 }) back to the
// fetch, so the path skipping the reset is taken only with nothing held
// (review 34-2/D7: chunks, then the remainder). A threshold no such test
// follows, or no length test at all, holds.
func flushedWhenAny(fetch ssa.Instruction, inLoop func(*ssa.BasicBlock) bool, slice func(ssa.Value) bool) bool {
	// The slice, also as an inner loop's phi taking what is left of it
	// (for len(buf) >= 40 { ...; buf = buf[40:] }).
	var held func(v ssa.Value, seen map[ssa.Value]bool) bool
	held = func(v ssa.Value, seen map[ssa.Value]bool) bool {
		if slice(v) {
			return true
		}
		if seen[v] {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Slice:
			return held(x.X, seen)
		case *ssa.Phi:
			return inLoop(x.Block()) && slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return held(e, seen) })
		}
		return false
	}
	zero := map[*ssa.BasicBlock]bool{}
	var thresholds []*ssa.BasicBlock
	for _, b := range fetch.Parent().Blocks {
		if !inLoop(b) || len(b.Instrs) == 0 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		for _, pair := range [][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
			call, ok := pair[0].(*ssa.Call)
			if !ok || len(call.Call.Args) != 1 {
				continue
			}
			if bi, ok := call.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" || !held(call.Call.Args[0], map[ssa.Value]bool{}) {
				continue
			}
			switch pair[1].(type) {
			case *ssa.Phi, *ssa.BinOp:
				continue // a range's index (for _, r := range buf: i+1 < len)
			}
			c, ok := pair[1].(*ssa.Const)
			if !ok || c.Value == nil || constant.Sign(c.Value) != 0 {
				thresholds = append(thresholds, b)
				continue
			}
			// The branch taken with records held must empty the
			// slice on every path back to the fetch: one testing more
			// first (len(buf) > 0 && time.Since(last) > d, or len(buf)
			// < 40 after an idle guard) may keep them (review 35-1/D3,
			// D8); one checking the write's error and stopping does
			// not (review 35-2/D3).
			op := cmp.Op
			if pair[0] == cmp.Y {
				op = map[token.Token]token.Token{token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ}[op]
			}
			held := b.Succs[0] // len(buf) > 0, != 0
			if op == token.EQL || op == token.LEQ {
				held = b.Succs[1]
			}
			if emptiedOnTheWay(held, fetch.Block(), inLoop) {
				zero[b] = true
			}
		}
	}
	if len(zero) == 0 {
		return false
	}
	for _, t := range thresholds {
		// Back at the fetch without passing a test against 0?
		seen := map[*ssa.BasicBlock]bool{}
		stack := append([]*ssa.BasicBlock(nil), t.Succs...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[x] || !inLoop(x) || zero[x] {
				continue
			}
			if x == fetch.Block() {
				return false
			}
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return true
}

// emptiedOnTheWay reports whether every path from b back to the block
// of the fetch, in the loop, passes a block emptying a slice (buf =
// buf[:0], a store of nil or an empty slice, or an edge of nil or an
// empty slice into a phi of the loop).
func emptiedOnTheWay(b, fetch *ssa.BasicBlock, inLoop func(*ssa.BasicBlock) bool) bool {
	empties := func(x *ssa.BasicBlock) bool {
		for _, in := range x.Instrs {
			switch v := in.(type) {
			case *ssa.Slice:
				if emptying(v) {
					return true
				}
			case *ssa.Store:
				if emptying(v.Val) {
					return true
				}
			}
		}
		for _, s := range x.Succs {
			i := slices.Index(s.Preds, x)
			for _, in := range s.Instrs {
				phi, ok := in.(*ssa.Phi)
				if !ok {
					break
				}
				if emptying(phi.Edges[i]) {
					return true
				}
			}
		}
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] || !inLoop(x) || empties(x) {
			continue
		}
		if x == fetch {
			return false
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return true
}

// appendsTo reports whether v appends records to what alloc holds
// (append(*alloc, m), append(*alloc, fs.Records()...)).
func (g *gatherer) appendsTo(v ssa.Value, alloc *ssa.Alloc) bool {
	ld, ok := g.appendedTo(v).(*ssa.UnOp)
	return ok && ld.Op == token.MUL && ld.X == alloc
}

// closureVar returns the free variable of mc's function bound to v.
func closureVar(mc *ssa.MakeClosure, v ssa.Value) *ssa.FreeVar {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil
	}
	for i, b := range mc.Bindings {
		if b == v && i < len(fn.FreeVars) {
			return fn.FreeVars[i]
		}
	}
	return nil
}

// storesTo reports whether the closure whose free variable fv is appends
// records to it, and whether it empties it.
func (g *gatherer) storesTo(fv *ssa.FreeVar) (appends, empties bool) {
	for _, ref := range *fv.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != fv {
			continue
		}
		if emptying(st.Val) {
			empties = true
		} else if ld, ok := g.appendedTo(st.Val).(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == fv {
			appends = true
		}
	}
	return appends, empties
}

// emptying reports whether v is an empty slice: nil, s[:0], []T{}, or one
// made with length 0.
func emptying(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Slice:
		if a, ok := x.X.(*ssa.Alloc); ok {
			// []T{}: a slice of a new array of none.
			if arr, ok := a.Type().(*types.Pointer).Elem().Underlying().(*types.Array); ok && arr.Len() == 0 {
				return true
			}
		}
		c, ok := x.High.(*ssa.Const)
		return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) == 0
	case *ssa.MakeSlice:
		c, ok := x.Len.(*ssa.Const)
		return ok && c.Value != nil && constant.Sign(c.Value) == 0
	}
	return false
}

// index returns the index of in in its block.
func index(in ssa.Instruction) int {
	for i, x := range in.Block().Instrs {
		if x == in {
			return i
		}
	}
	return -1
}

// txTypes are the database transactions whose Commit makes writes
// durable: a position written while one is open precedes its effect.
var txTypes = []string{"database/sql.Tx", "github.com/jmoiron/sqlx.Tx", "github.com/jackc/pgx/v5.Tx", "github.com/jackc/pgx/v4.Tx"}

// openTxAt is openTx for pos, or, when its function opens none and
// every call of it in the consumer's code (in the package when none is)
// is in a transaction openTx finds
// there, that transaction: the commit made by a helper the transaction's
// callback calls (ack(ctx, r, m) in repo.WithTx's function: review
// 33-2/E6b). At a call site, the call itself (via) is not counted as a
// write of the transaction it hands on: the helper wrote none in it (a
// read-only transaction handed to it). depth bounds the callers followed.
func (g *gatherer) openTxAt(pos, via ssa.Instruction, depth int) string {
	tx, committed := openTx(pos, via)
	if tx != "" || committed || depth >= 2 {
		return tx // a transaction the function commits before pos is its callers' no more (review 34-2/D8)
	}
	callers := g.m.Flow.Callers(pos.Parent())
	// A helper shared by consumers (ack(ctx, r, m) called in one's
	// transaction and after another's file write) answers for each
	// through the calls in its own code (review 34-2/D9).
	if own := slices.DeleteFunc(slices.Clone(callers), func(c ssa.CallInstruction) bool { return !g.extent[c.Parent()] }); len(own) > 0 {
		callers = own
	}
	if len(callers) == 0 {
		return ""
	}
	for _, c := range callers {
		t := g.openTxAt(c, c, depth+1)
		if t == "" {
			return ""
		}
		tx = t
	}
	return tx
}

// openTx names the transaction the function of pos (a position call) is
// given, by parameter or capture, or begins, writes to (an Exec on it, or handing it
// to another function) and does not commit before pos: committed after
// pos, by the function or its caller, if at all; "" when none. A
// transaction only read (a dedup query) is none (review 33-2/7).
// committed reports a transaction the function commits before pos.
func openTx(pos, via ssa.Instruction) (tx string, committed bool) {
	fn := pos.Parent()
	vars := make([]ssa.Value, 0, len(fn.Params)+len(fn.FreeVars))
	for _, p := range fn.Params {
		vars = append(vars, p)
	}
	for _, fv := range fn.FreeVars {
		vars = append(vars, fv)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if ex, ok := in.(*ssa.Extract); ok {
				vars = append(vars, ex) // tx, err := db.BeginTx(ctx, nil)
			}
		}
	}
	for _, v := range vars {
		t := v.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || !slices.Contains(txTypes, named.Obj().Pkg().Path()+"."+named.Obj().Name()) {
			continue
		}
		isTx := func(x ssa.Value) bool { return x == v }
		// A commit of an earlier transaction, begun again on the way
		// (the loop's next iteration), commits none of this one's
		// writes (audit 34c/D2).
		var begin ssa.Instruction
		if ex, ok := v.(*ssa.Extract); ok {
			begin, _ = ex.Tuple.(ssa.Instruction)
		}
		written, committedBefore := false, false
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				c, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				f := ssaflow.Callee(c.Common())
				onTx := ssaflow.Derives(ssaflow.Recv(c.Common()), isTx)
				switch {
				case f != nil && onTx && f.Name() == "Commit":
					committedBefore = committedBefore || ssaflow.ReachesStopping(in, pos, func(x ssa.Instruction) bool { return x == begin })
				case f != nil && onTx && strings.HasPrefix(f.Name(), "Exec"):
					written = true
				case !onTx && in != via && slices.ContainsFunc(c.Common().Args, func(a ssa.Value) bool { return ssaflow.Derives(a, isTx) }):
					written = true // handed to a repository's insert
				}
			}
		}
		committed = committed || committedBefore
		if written && !committedBefore {
			if ex, ok := v.(*ssa.Extract); ok {
				if c, ok := ex.Tuple.(ssa.CallInstruction); ok && ssaflow.Callee(c.Common()) != nil {
					return "begun by " + ssaflow.Callee(c.Common()).Name(), false
				}
			}
			return v.Name(), false
		}
	}
	return "", committed
}
