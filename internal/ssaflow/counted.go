package ssaflow

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// CountedJoin returns the workers a loop headed by in waits for, when in
// heads a loop that receives once an iteration, len(s) times, from a
// channel the workers send on, in a
// function where another loop over the same len(s) sends each iteration
// on the channel those workers receive from (kafka-konsumer's `for _, m
// := range batch { work <- m }` then `for range batch { <-done }`, the
// workers started by a go statement of the function): past that loop,
// every message handed on has been answered for. The receive must be a
// plain one (no select that can give up) and the loop left only through
// its head (no break out of it). A path that skips the loop (an empty
// batch) handed nothing on.
func CountedJoin(in *ssa.If) []*ssa.Go {
	s := countedOver(in)
	if s == nil {
		return nil
	}
	fn := in.Block().Parent()
	body := NaturalLoop(in.Block())
	delete(body, in.Block())
	var done []any
	for b := range body {
		for _, x := range b.Instrs {
			switch x := x.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					done = append(done, chanKey(x.X))
				}
			case *ssa.Select:
				return nil
			}
		}
		for _, n := range b.Succs {
			if !body[n] && n != in.Block() {
				if _, ret := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ret {
					return nil // a break out of the loop
				}
			}
		}
	}
	if len(done) == 0 || !everyIteration(in, func(x ssa.Instruction) bool {
		u, ok := x.(*ssa.UnOp)
		return ok && u.Op == token.ARROW
	}) {
		return nil
	}
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		h, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || h == in || countedOver(h) != s {
			continue
		}
		var work []any
		for sb := range NaturalLoop(h.Block()) {
			for _, x := range sb.Instrs {
				if send, ok := x.(*ssa.Send); ok {
					work = append(work, chanKey(send.Chan))
				}
			}
		}
		if len(work) == 0 || !everyIteration(h, func(x ssa.Instruction) bool { _, ok := x.(*ssa.Send); return ok }) {
			continue
		}
		if ws := answers(fn, work, done); len(ws) > 0 {
			return ws
		}
	}
	return nil
}

// answers returns the go statements of fn starting a worker that
// receives from a channel of work and sends on one of done.
func answers(fn *ssa.Function, work, done []any) []*ssa.Go {
	var out []*ssa.Go
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			g, ok := x.(*ssa.Go)
			if !ok {
				continue
			}
			var w *ssa.Function
			params := map[*ssa.Parameter]any{}
			switch v := g.Call.Value.(type) {
			case *ssa.MakeClosure:
				w, _ = v.Fn.(*ssa.Function)
			case *ssa.Function:
				w = v
				for i, p := range v.Params {
					if i < len(g.Call.Args) {
						params[p] = chanKey(g.Call.Args[i])
					}
				}
			}
			if w == nil {
				continue
			}
			key := func(v ssa.Value) any {
				if p, ok := v.(*ssa.Parameter); ok && params[p] != nil {
					return params[p]
				}
				return chanKey(v)
			}
			takes, answers := false, false
			for _, wb := range w.Blocks {
				for _, wx := range wb.Instrs {
					switch wx := wx.(type) {
					case *ssa.UnOp:
						takes = takes || wx.Op == token.ARROW && slices.Contains(work, key(wx.X))
					case *ssa.Range:
						takes = takes || slices.Contains(work, key(wx.X))
					case *ssa.Send:
						answers = answers || slices.Contains(done, key(wx.Chan))
					}
				}
			}
			if takes && answers {
				out = append(out, g)
			}
		}
	}
	return out
}

// chanKey names the channel a value holds, across the closures of one
// function: a struct field's (s.done), a local captured by a closure (the
// value bound to the free variable), or the value itself.
func chanKey(v ssa.Value) any {
	for range 8 {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			if fa, ok := x.X.(*ssa.FieldAddr); ok {
				if f := FieldVar(fa); f != nil {
					return f
				}
			}
			v = x.X
			continue
		case *ssa.FreeVar:
			bound := BoundTo(x)
			if len(bound) == 0 {
				return v
			}
			v = bound[0]
			continue
		}
		return v
	}
	return v
}

// BoundTo returns the values a closure's free variable is bound to where
// the enclosing function makes the closure, in the order it makes them.
func BoundTo(fv *ssa.FreeVar) []ssa.Value {
	fn := fv.Parent()
	i := slices.Index(fn.FreeVars, fv)
	if i < 0 || fn.Parent() == nil {
		return nil
	}
	var out []ssa.Value
	for _, b := range fn.Parent().Blocks {
		for _, x := range b.Instrs {
			if mc, ok := x.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) && i < len(mc.Bindings) {
				out = append(out, mc.Bindings[i])
			}
		}
	}
	return out
}

// countedOver returns s when in is the head of a loop bounded by len(s)
// (its condition `i < len(s)`, a range over s or a for counting to it),
// else nil.
func countedOver(in *ssa.If) ssa.Value {
	cond, ok := in.Cond.(*ssa.BinOp)
	if !ok || cond.Op != token.LSS {
		return nil
	}
	n, ok := cond.Y.(*ssa.Call)
	if !ok {
		return nil
	}
	if b, ok := n.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" || len(n.Call.Args) != 1 {
		return nil
	}
	return n.Call.Args[0]
}

// everyIteration reports whether every path from the body of the loop in
// heads (its true branch) back to in's block passes an instruction
// matching is, and at least one such path exists.
func everyIteration(in *ssa.If, is func(ssa.Instruction) bool) bool {
	head := in.Block()
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{head.Succs[0]}
	back := false
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == head {
			return false // round the loop without one
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		if slices.ContainsFunc(b.Instrs, is) {
			back = back || Reachable(b)[head]
			continue
		}
		stack = append(stack, b.Succs...)
	}
	return back
}
