package ordering

import (
	_ "embed"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// summarise computes which in-package functions write the position of a
// parameter (iterating to a fixed point for helpers calling helpers) and
// exports facts for them.
func (c *checker) summarise() {
	for changed := true; changed; {
		changed = false
		for _, fn := range c.m.SSA.SrcFuncs {
			if c.helpers[fn] != nil || len(fn.Params) == 0 {
				continue
			}
			if f := c.summary(fn); f != nil {
				c.helpers[fn] = f
				changed = true
			}
		}
	}
	for fn, f := range c.helpers {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && obj.Exported() {
			c.pass.ExportObjectFact(obj, f)
		}
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		skip := 0
		if fn.Signature.Recv() != nil {
			skip = 1
		}
		var f doesNotProcess
		for i := skip; i < len(fn.Params); i++ {
			if c.isRecordish(fn.Params[i].Type()) && !c.paramProcessed(fn, i, 0) {
				f.Params = append(f.Params, i-skip)
			}
		}
		if len(f.Params) > 0 {
			c.pass.ExportObjectFact(obj, &f)
		}
	}
}

// summary returns the fact for fn if a position call in it writes the
// position of one of its parameters.
func (c *checker) summary(fn *ssa.Function) *commitsParam {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var arg ssa.Value
			var name string
			var row *sqlrow.Row
			if ref, ok := clientmodel.Default.Call(ssaflow.Callee(ci.Common())); ok &&
				(ref.Role == clientmodel.Commit || ref.Role == clientmodel.Mark || ref.Role == clientmodel.Store) && ref.Record >= 0 {
				arg, name = ssaflow.Arg(ci.Common(), ref.Record), ref.Func
			} else if f := c.helperFact(ci); f != nil {
				arg, name = ssaflow.Arg(ci.Common(), f.Param), f.Func
				if sc := ssaflow.Body(ci.Common().StaticCallee()); sc != nil {
					row = c.rows[sc]
				}
			} else if r, a, n := c.rowWrite(ci); r != nil {
				arg, name, row = a, n, r
			} else if r, a, _ := c.rowCommit(ci); r != nil {
				arg, name, row = a, ssaflow.Callee(ci.Common()).FullName(), r
			}
			if arg == nil {
				continue
			}
			if !onEveryReturn(ci) {
				continue // a commit on some paths only (behind a flag)
			}
			// Param counts the signature's parameters, as ssaflow.Arg
			// does: the receiver of a method is not one.
			skip := 0
			if fn.Signature.Recv() != nil {
				skip = 1
			}
			for _, o := range c.origins(&position{arg: arg, fn: fn}) {
				for i, p := range fn.Params {
					if o == p && i >= skip && c.isRecordish(p.Type()) {
						if row != nil {
							c.rows[fn] = row
						}
						return &commitsParam{Param: i - skip, Func: name}
					}
				}
			}
			if i := carrierParam(fn, arg, ssaflow.Elems(arg)); i >= skip {
				// A record kept in a field of a parameter (an envelope,
				// Doc{Msg: m, ID: ...}): the call writes the position
				// of the record the parameter carries.
				if row != nil {
					c.rows[fn] = row
				}
				return &commitsParam{Param: i - skip, Func: name}
			}
			if row == nil {
				if i := offsetParam(fn, arg); i >= skip {
					return &commitsParam{Param: i - skip, Func: name}
				}
			}
		}
	}
	return nil
}

// carrierParam returns the index of the parameter of fn that arg, a
// record (or the one element of elems, arg's elements), is a field of:
// p.Msg, p.Env.Msg, with p a struct or a pointer to one, or the copy of
// a struct parameter SSA makes to address its fields. -1 if none.
func carrierParam(fn *ssa.Function, arg ssa.Value, elems []ssa.Value) int {
	if len(elems) == 1 {
		// The record passed alone to a variadic commit:
		// CommitRecords(ctx, e.Msg).
		if i := carrierParam(fn, elems[0], nil); i >= 0 {
			return i
		}
	}
	v, through := arg, false
	for range ssaflow.MaxValueDepth {
		switch x := v.(type) {
		case *ssa.Field:
			v, through = x.X, true
			continue
		case *ssa.FieldAddr:
			v, through = x.X, true
			continue
		case *ssa.UnOp:
			if x.Op == token.MUL {
				v = x.X
				continue
			}
		case *ssa.Alloc:
			// The parameter's copy, when its fields are addressed.
			for _, ref := range *x.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == ssa.Value(x) {
					if p, ok := st.Val.(*ssa.Parameter); ok && through {
						return slices.Index(fn.Params, p)
					}
				}
			}
		case *ssa.Parameter:
			if through {
				return slices.Index(fn.Params, x)
			}
		}
		break
	}
	return -1
}

// onEveryReturn reports whether instr runs on every path that returns
// from its function.
func onEveryReturn(instr ssa.Instruction) bool {
	returns := 0
	for _, b := range instr.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			returns++
			if !ssaflow.Dominates(instr, ret) {
				return false
			}
		}
	}
	return returns > 0
}

// helperFact returns the commitsParam summary of the function ci calls.
func (c *checker) helperFact(ci *ssa.Call) *commitsParam {
	cc := ci.Common()
	if cc.IsInvoke() {
		return nil
	}
	// A method of a generic type called in its body calls an instance
	// (c.ack[T]): its summary is its generic body's.
	if sc := ssaflow.Body(cc.StaticCallee()); sc != nil && c.flow.InPackage(sc) {
		return c.helpers[sc]
	}
	callee := ssaflow.Callee(cc)
	if callee == nil || callee.Pkg() == c.pass.Pkg {
		return nil
	}
	var f commitsParam
	if c.pass.ImportObjectFact(callee, &f) {
		return &f
	}
	return nil
}

// offsetParam returns the index in fn.Params of the integer parameter
// whose value a record literal built for the position call (arg, or the
// elements of the slice arg passes) takes as its Offset: a helper
// commitUpTo(ctx, cl, topic, part, off) committing &kgo.Record{...,
// Offset: off} writes the position of the record its caller takes off
// from. -1 if there is none.
func offsetParam(fn *ssa.Function, arg ssa.Value) int {
	var lits []ssa.Value // addresses of record literals
	for _, v := range append([]ssa.Value{arg}, ssaflow.Elems(arg)...) {
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
			v = u.X
		}
		if sl, ok := v.(*ssa.Slice); ok {
			v = sl.X
		}
		a, ok := v.(*ssa.Alloc)
		if !ok {
			continue
		}
		lits = append(lits, a)
		for _, ref := range *a.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok {
				lits = append(lits, ia) // []kafka.Message{{..., Offset: off}}
			}
		}
	}
	for _, lit := range lits {
		for _, ref := range *lit.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != lit {
				continue
			}
			// A record literal: its commit writes the position after its
			// Offset (confluent's TopicPartition holds the next offset
			// itself, one past the record: not this shape).
			cl := clientmodel.Default.Record(fa.X.Type())
			st, ok := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
			if cl == nil || !ok || st.Field(fa.Field).Name() != cl.OffsetField {
				continue
			}
			for _, rr := range *fa.Referrers() {
				store, ok := rr.(*ssa.Store)
				if !ok || store.Addr != fa {
					continue
				}
				// The parameter itself, maybe converted (kafka.Offset(off)):
				// off+1 or off-1 is another record's position.
				v := store.Val
				for {
					if cv, ok := v.(*ssa.Convert); ok {
						v = cv.X
					} else if ct, ok := v.(*ssa.ChangeType); ok {
						v = ct.X
					} else {
						break
					}
				}
				for i, p := range fn.Params {
					if _, basic := p.Type().Underlying().(*types.Basic); basic && v == ssa.Value(p) {
						return i
					}
				}
			}
		}
	}
	return -1
}
