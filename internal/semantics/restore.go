package semantics

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Restore is how a consumer that writes its position in its own database
// resumes when partitions are assigned: from that position (a restore hook
// reading the offset row back), or from the broker's.
type Restore struct {
	// Row is the offset row the consumer writes; nil when its statement
	// is not understood.
	Row *sqlrow.Row
	// Write is the position of the call writing the offset row.
	Write token.Pos
	// Hook is the short name of the restore hook the consumer uses ("" if
	// none), Pos where it is called or registered.
	Hook string
	Pos  token.Position
	// Reads reports that the hook's code reads the offset row back (any
	// query, when Row is not understood).
	Reads bool
	// Start is the setting with which the code chooses where a partition
	// without a committed offset starts ("" when the client's default
	// holds), and StartNewest whether that is the newest offset (Unknown
	// when the analysis cannot read the value set).
	Start       string
	StartNewest Tri
}

// Restored reports whether the consumer resumes from the position it
// stores: a restore hook that reads the offset row.
func (r *Restore) Restored() bool { return r != nil && r.Hook != "" && r.Reads }

// restore finds, for a consumer with an offset row, the row it writes and
// the restore hook that reads it back on assignment.
func (g *gatherer) restore() {
	if g.ev.Sink == nil {
		return
	}
	rs := &Restore{Start: g.ev.Start, StartNewest: g.ev.StartNewest}
	g.ev.Restore = rs
	calls(g.funcs(), func(ci ssa.CallInstruction, callee *types.Func) {
		ex, ok := clientmodel.SQLExecOf(callee.FullName())
		if !ok || g.posn(ci.Pos()) != g.ev.Sink.Pos {
			return
		}
		rs.Write = ci.Pos()
		if q, ok := ssaflow.ConstString(ssaflow.Arg(ci.Common(), ex.Query)); ok {
			rs.Row = sqlrow.Position(q)
		}
	})
	for _, r := range g.c.Client.Restores {
		if fn, pos := g.hook(r); fn != nil {
			reads := g.readsRow(fn, rs.Row)
			if rs.Hook == "" || reads && !rs.Reads {
				rs.Hook, rs.Pos, rs.Reads = clientmodel.ShortName(r.Func), g.posn(pos), reads
			}
		}
	}
}

// positioned finds a call of the client setting where partitions start
// (a restore call: Assign, Seek, sarama's ResetOffset in Setup, kafka-go's
// SetOffset) that the consumer's code makes, unless it provably leaves the
// broker's position in charge: it assigns the partitions a rebalance event
// gives (c.Assign(e.Partitions)) with no Offset set in the function, or
// passes a constant integer offset (a logical one: OffsetStored).
func (g *gatherer) positioned() {
	for _, r := range g.c.Client.Restores {
		if r.Kind != clientmodel.RestoreCall {
			continue
		}
		fns := g.funcs()
		if r.In != "" {
			fns = g.handlerMethods(r.In)
		}
		calls(fns, func(ci ssa.CallInstruction, callee *types.Func) {
			if g.ev.PositionedBy == "" && callee.FullName() == r.Func && !brokerPosition(ci) {
				g.ev.Positioned, g.ev.PositionedBy = g.posn(ci.Pos()), clientmodel.ShortName(r.Func)
			}
		})
		if g.ev.PositionedBy == "" {
			if fn, pos := boundMethod(fns, r.Func); fn != nil { // assign := c.Assign
				g.ev.Positioned, g.ev.PositionedBy = g.posn(pos), clientmodel.ShortName(r.Func)
			}
		}
	}
}

// brokerPosition reports whether restore call ci provably leaves where
// partitions start to the broker: its first argument is a constant integer
// (a logical offset), or the Partitions field of a rebalance event as it
// comes, the function storing no Offset field anywhere.
func brokerPosition(ci ssa.CallInstruction) bool {
	v := ssaflow.Unconvert(ssaflow.Arg(ci.Common(), 0))
	if v == nil {
		return false
	}
	if k, ok := v.(*ssa.Const); ok {
		b, isBasic := k.Type().Underlying().(*types.Basic)
		return isBasic && b.Info()&types.IsInteger != 0
	}
	var field *types.Var
	switch x := v.(type) {
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
			field = st.Field(x.Field)
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			field = ssaflow.FieldVar(fa)
		}
	}
	if field == nil || field.Name() != "Partitions" {
		return false
	}
	for _, b := range ci.Parent().Blocks {
		for _, in := range b.Instrs {
			if st, ok := in.(*ssa.Store); ok {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
					if f := ssaflow.FieldVar(fa); f != nil && f.Name() == "Offset" {
						return false // e.Partitions[i].Offset = x
					}
				}
			}
		}
	}
	return true
}

// initial finds where the code sets the offset a partition without a
// committed offset starts from: a config map key, a config field or an
// option of the client's Start knob; the client's default otherwise, or
// Unknown when part of the configuration is out of sight.
func (g *gatherer) initial() {
	ev, cl := g.ev, g.c.Client
	ev.StartNewest = map[bool]Tri{true: On, false: Off}[cl.Prose.InitialNewest]
	if g.c.Settings.Opaque {
		ev.StartNewest = Unknown
	}
	st := cl.Start
	if st == nil {
		return
	}
	set := func(name string, v ssa.Value) {
		ev.Start, ev.StartNewest = name, Unknown
		switch c := constText(v); {
		case c != "" && slices.Contains(st.Newest, c):
			ev.StartNewest = On
		case c != "" && slices.Contains(st.Oldest, c):
			ev.StartNewest = Off
		}
		if call, ok := v.(*ssa.Call); ok {
			if fn := ssaflow.Callee(call.Common()); fn != nil {
				switch {
				case slices.Contains(st.NewestCall, fn.FullName()):
					ev.StartNewest = On
				case slices.Contains(st.OldestCall, fn.FullName()):
					ev.StartNewest = Off
				}
			}
		}
	}
	optionSet := false // Option is set: Fallback does not set the start
	field := st.Field[strings.LastIndex(st.Field, ".")+1:]
	// Maps and structs: only this consumer's config (another consumer
	// built in the same function has its own).
	var config []ssa.Value
	funcs := g.funcs()
	if g.c.Config != nil {
		for _, r := range g.m.Flow.Roots(g.c.Config) {
			config = append(config, r)
			if a, ok := r.(*ssa.Alloc); ok {
				config = append(config, g.m.Flow.Loaded(a)...) // the map a *ConfigMap points to
			}
		}
		if copied := consumer.CopiedFrom(g.m.Flow, config); len(copied) > 0 {
			// A copy of a configuration made elsewhere (c := *m.base):
			// where it is made and set is outside the consumer's code.
			config = append(config, copied...)
			funcs = g.m.Flow.Funcs()
		}
		// A config passed by value (NewReader(cfg)) is a load of its
		// variable: fields assigned to the variable after its literal
		// (cfg.StartOffset = ...) are stored there, not in the literal.
		if u, ok := g.c.Config.(*ssa.UnOp); ok && u.Op == token.MUL {
			config = append(config, g.m.Flow.Roots(u.X)...)
		}
	}
	ours := func(v ssa.Value) bool {
		for {
			fa, ok := v.(*ssa.FieldAddr) // a nested field: its struct's base
			if !ok {
				break
			}
			v = fa.X
		}
		return ssaflow.Intersects(g.m.Flow.Roots(v), config)
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.MapUpdate:
					if k, ok := ssaflow.ConstString(x.Key); ok && st.Key != "" && k == st.Key && ours(x.Map) {
						set(st.Key, x.Value)
					}
				case *ssa.Store:
					fa, ok := x.Addr.(*ssa.FieldAddr)
					if !ok || st.Field == "" {
						continue
					}
					if f := ssaflow.FieldVar(fa); f != nil && f.Name() == field && f.Pkg() != nil && slices.Contains(cl.Paths, f.Pkg().Path()) && ours(fa.X) {
						set(st.Field, x.Val)
					}
				case ssa.CallInstruction:
					callee := ssaflow.Callee(x.Common())
					switch {
					case callee == nil:
					case st.Option != "" && callee.FullName() == st.Option:
						set(clientmodel.ShortName(st.Option), ssaflow.Arg(x.Common(), 0))
						optionSet = true
					case st.Fallback != "" && callee.FullName() == st.Fallback && !optionSet:
						set(clientmodel.ShortName(st.Fallback), ssaflow.Arg(x.Common(), 0))
					case cl.Config.SetKey != "" && callee.FullName() == cl.Config.SetKey:
						if k, ok := ssaflow.ConstString(ssaflow.Arg(x.Common(), 0)); ok && k == st.Key && ours(ssaflow.Recv(x.Common())) {
							set(st.Key, ssaflow.Arg(x.Common(), 1))
						}
					}
				}
			}
		}
	}
}

// constText returns a constant's value as text (a string as written, an
// integer in decimal), looking through conversions; "" if v is not one.
func constText(v ssa.Value) string {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.Const:
			switch {
			case x.Value == nil:
			case x.Value.Kind() == constant.String:
				return constant.StringVal(x.Value)
			case x.Value.Kind() == constant.Int:
				return x.Value.ExactString()
			}
		}
		return ""
	}
}

// hook returns the function whose code restores positions through r (the
// option's callback, or the function making the call) and where, or nil.
func (g *gatherer) hook(r clientmodel.Restore) (*ssa.Function, token.Pos) {
	fns := g.funcs()
	if r.In != "" {
		fns = g.handlerMethods(r.In)
	}
	var found *ssa.Function
	var at token.Pos
	calls(fns, func(ci ssa.CallInstruction, callee *types.Func) {
		if found != nil || callee.FullName() != r.Func {
			return
		}
		switch r.Kind {
		case clientmodel.RestoreOption:
			if cb := funcOf(ssaflow.Arg(ci.Common(), r.Arg)); cb != nil {
				found, at = cb, ci.Pos()
			}
		case clientmodel.RestoreCall:
			found, at = ci.Parent(), ci.Pos()
		}
	})
	if found == nil && r.Kind == clientmodel.RestoreCall {
		found, at = boundMethod(fns, r.Func) // assign := c.Assign; ...; assign(partitions)
	}
	return found, at
}

// boundMethod returns the function of fns that takes the method named
// full as a value (c.Assign), and where.
func boundMethod(fns []*ssa.Function, full string) (*ssa.Function, token.Pos) {
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				mc, ok := in.(*ssa.MakeClosure)
				if !ok {
					continue
				}
				w, ok := mc.Fn.(*ssa.Function)
				if !ok || w.Synthetic == "" {
					continue
				}
				if obj, ok := w.Object().(*types.Func); ok && obj.FullName() == full {
					return fn, mc.Pos()
				}
			}
		}
	}
	return nil, token.NoPos
}

// restores reports whether call is a restore call made in the handler
// method the model says it restores in (sarama's MarkOffset in Setup): it
// sets where the claims start, it does not mark a processed record.
func (g *gatherer) restores(call *consumer.Call) bool {
	for _, r := range g.c.Client.Restores {
		if r.Kind == clientmodel.RestoreCall && r.In != "" && r.Func == call.Func &&
			slices.Contains(g.handlerMethods(r.In), call.Fn) {
			return true
		}
	}
	return false
}

// handlerMethods returns the handler method name of the consumer's
// handlers, and what it reaches in the package.
func (g *gatherer) handlerMethods(name string) []*ssa.Function {
	set := map[*ssa.Function]bool{}
	prog := g.m.SSA.Pkg.Prog
	for _, h := range g.c.Handlers {
		sel := prog.MethodSets.MethodSet(h.Type).Lookup(nil, name)
		if sel == nil {
			continue
		}
		obj, ok := sel.Obj().(*types.Func)
		if !ok {
			continue
		}
		if fn := prog.FuncValue(obj); fn != nil && g.m.Flow.InPackage(fn) {
			g.m.Flow.Reach(fn, set)
		}
	}
	return sortedFuncs(set)
}

// readsRow reports whether fn, or what it reaches in the package, runs a
// query that reads row (any query when row is nil).
func (g *gatherer) readsRow(fn *ssa.Function, row *sqlrow.Row) bool {
	set := map[*ssa.Function]bool{}
	g.m.Flow.Reach(fn, set)
	reads := false
	calls(sortedFuncs(set), func(ci ssa.CallInstruction, callee *types.Func) {
		q, ok := clientmodel.SQLQueryOf(callee.FullName())
		if !ok || reads {
			return
		}
		text, ok := ssaflow.ConstString(ssaflow.Arg(ci.Common(), q.Query))
		reads = row == nil || ok && row.Reads(text)
	})
	return reads
}
