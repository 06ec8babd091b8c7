package semantics

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// names finds the group, the topics and the auto-commit interval where the
// code spells them as constants.
func (g *gatherer) names() {
	ev, cl := g.ev, g.c.Client
	if cl.Config.Interval != "" {
		ev.Interval = cl.Config.Interval
	}
	fns := g.funcs()
	setInterval := func(v ssa.Value, site clientmodel.NameSite) {
		ms := site.Millis
		ev.IntervalCode = true
		ev.Interval, ev.TimerOff = "", false
		if k, ok := v.(*ssa.MakeInterface); ok {
			v = k.X
		}
		if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
			if n, ok := constant.Int64Val(k.Value); ok {
				ev.TimerOff = n == 0 && site.ZeroOff
				if ms {
					ev.Interval = fmt.Sprintf("%d ms", n)
				} else {
					ev.Interval = time.Duration(n).String()
				}
			}
		}
	}
	// A helper may be shared by several consumers: a name set to
	// different constants is left out.
	groups := map[string]bool{}
	setGroup := func(v ssa.Value) {
		if s, ok := ssaflow.ConstString(v); ok {
			groups[s] = true
		} else {
			groups[""] = true
		}
	}
	defer func() {
		if len(groups) == 1 {
			for k := range groups {
				ev.Group = k
			}
		}
	}()
	addTopics := func(v ssa.Value) {
		for _, t := range constStrs(v) {
			if t != "" {
				ev.Topics = append(ev.Topics, t)
			}
		}
	}
	// Names are taken from the consumer's own config first (several
	// consumers may be configured in one function), else from anything its
	// functions set (a config built by a helper).
	own := g.configValues()
	each := func(sites []clientmodel.NameSite, visit func(ssa.Value)) {
		found := false
		for _, site := range sites {
			g.nameValues(fns, site, own, func(v ssa.Value) { found = true; visit(v) })
		}
		if !found && own != nil {
			for _, site := range sites {
				g.nameValues(fns, site, nil, visit)
			}
		}
	}
	each(cl.Names.Group, setGroup)
	each(cl.Names.Topics, addTopics)
	for _, site := range cl.Names.Interval {
		each([]clientmodel.NameSite{site}, func(v ssa.Value) { setInterval(v, site) })
	}
	if t := optionsApplied(own); !ev.IntervalCode && (t != nil || g.c.Settings.Opaque) {
		// The config handed to option functions (for _, o := range opts
		// { o(cfg) }), or coming from the constructor's callers: one of
		// the package's functions taking it, or any, that sets the
		// interval may be among them (audit 41b/D7, D6: the default was
		// said of WithCommitInterval(200ms), of an options helper's
		// AutoCommitInterval(time.Second)).
		opts := slices.DeleteFunc(packageFuncs(g.m.SSA.Pkg), func(f *ssa.Function) bool {
			return t != nil && !slices.ContainsFunc(f.Params, func(p *ssa.Parameter) bool { return types.Identical(p.Type(), t) })
		})
		for _, site := range cl.Names.Interval {
			g.nameValues(opts, site, nil, func(ssa.Value) {
				ev.IntervalCode, ev.Interval, ev.TimerOff = true, "", false
			})
		}
	}
	if iv := g.c.Settings.Interval; !ev.IntervalCode && iv != "" && !strings.HasPrefix(iv, "0") {
		// Set by a helper of another package building the configuration
		// (its ConfigFact; audit 37b/D14).
		ev.IntervalCode, ev.TimerOff = true, false
		ev.Interval = strings.TrimPrefix(iv, "interval set in code")
	}
	slices.Sort(ev.Topics)
	ev.Topics = slices.Compact(ev.Topics)
}

// nameValues visits the values the consumer's code gives a name at site:
// the argument of this consumer's constructor, of a method called on this
// consumer or of an option function; the value of a config map key; or
// the value stored in a config struct field.
//
// With own set, only option calls, map keys and struct fields of the
// consumer's own config count (configValues).
func (g *gatherer) nameValues(fns []*ssa.Function, site clientmodel.NameSite, own map[ssa.Value]bool, visit func(ssa.Value)) {
	mine := func(vs ...ssa.Value) bool {
		if own == nil {
			return true
		}
		for _, v := range vs {
			if own[v] {
				return true
			}
			for _, r := range g.m.Flow.Roots(v) {
				if own[r] {
					return true
				}
			}
		}
		return false
	}
	cl := g.c.Client
	switch {
	case g.c.Site != nil && site.Func == g.c.Ctor.Func:
		visit(ssaflow.Arg(g.c.Site.Common(), site.Arg))
	case site.Func != "":
		calls(fns, func(ci ssa.CallInstruction, callee *types.Func) {
			if callee.FullName() != site.Func {
				return
			}
			if sig, ok := callee.Type().(*types.Signature); ok && sig.Recv() != nil && !g.onConsumer(ci) {
				return
			}
			if v := ci.Value(); v != nil && !mine(v) && (callee.Type().(*types.Signature).Recv() == nil) {
				return // an option of another consumer's config
			}
			visit(ssaflow.Arg(ci.Common(), site.Arg))
		})
	case site.Key != "":
		for _, b := range blocks(fns) {
			for _, in := range b.Instrs {
				var key, val ssa.Value
				switch x := in.(type) {
				case *ssa.MapUpdate:
					if mine(x.Map) {
						key, val = x.Key, x.Value
					}
				case ssa.CallInstruction:
					if callee := ssaflow.Callee(x.Common()); callee != nil && callee.FullName() == cl.Config.SetKey && len(x.Common().Args) == 3 && mine(x.Common().Args[0]) {
						key, val = x.Common().Args[1], x.Common().Args[2]
					}
				}
				if k, ok := ssaflow.ConstString(key); ok && k == site.Key {
					visit(val)
				}
			}
		}
	case site.Field != "":
		path := strings.Split(site.Field, ".")
		for _, b := range blocks(fns) {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok {
					continue
				}
				if base := ssaflow.FieldPath(st.Addr, path); base == nil || !mine(base) {
					continue
				}
				if f := ssaflow.FieldVar(st.Addr.(*ssa.FieldAddr)); f.Pkg() != nil && slices.Contains(cl.Paths, f.Pkg().Path()) {
					visit(st.Val)
				}
			}
		}
	}
}

// configValues returns the values the consumer's config is built from (the
// option values of its constructor's options, the map or struct of its
// config) as far as they are visible in its function, or nil when it has
// no config argument.
func (g *gatherer) configValues() map[ssa.Value]bool {
	if g.c.Site == nil || g.c.Config == nil {
		return nil
	}
	own := map[ssa.Value]bool{}
	ssaflow.Derives(g.c.Config, func(v ssa.Value) bool {
		own[v] = true
		for _, r := range g.m.Flow.Roots(v) {
			own[r] = true
		}
		return false
	})
	return own
}

// optionsApplied returns the type of a value of own, a consumer's config,
// that is given to a call of a function value (an option: o(cfg)), nil
// if none is.
func optionsApplied(own map[ssa.Value]bool) types.Type {
	for v := range own {
		if v.Referrers() == nil {
			continue
		}
		for _, ref := range *v.Referrers() {
			ci, ok := ref.(ssa.CallInstruction)
			if !ok || ci.Common().IsInvoke() || ci.Common().StaticCallee() != nil {
				continue
			}
			if _, builtin := ci.Common().Value.(*ssa.Builtin); !builtin && slices.Contains(ci.Common().Args, v) {
				return v.Type()
			}
		}
	}
	return nil
}

func blocks(fns []*ssa.Function) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, fn := range fns {
		out = append(out, fn.Blocks...)
	}
	return out
}

// revokes finds the revoke callbacks registered for the consumer.
func (g *gatherer) revokes() {
	cl := g.c.Client
	// scan reports whether fn commits, and whether it may, through an
	// interface's commit method called on a value the analysis cannot
	// trace (consumer.SeamCallee, which also resolves a one-method seam
	// holding the client). A commit that needs a setting the consumer
	// lacks (franz-go's CommitMarkedOffsets without AutoCommitMarks)
	// commits nothing; one whose setting is not known may.
	polled := false // set by scan: a commit of every polled position
	var polledAt token.Position
	scan := func(fn *ssa.Function) (found, maybe bool) {
		polled, polledAt = false, token.Position{}
		set := map[*ssa.Function]bool{}
		g.m.Flow.Reach(fn, set)
		calls(sortedFuncs(set), func(ci ssa.CallInstruction, _ *types.Func) {
			callee, may := consumer.SeamCallee(g.m.Flow, ci.Common(), cl)
			if ref, ok := clientmodel.Default.Call(callee); ok && ref.Client == cl && ref.Role == clientmodel.Commit {
				if !polled && g.commitsPolled(ref) {
					polled, polledAt = true, g.posn(ci.Pos())
				}
				on, known := false, false
				if ref.NeedsSetting != "" && g.c.Settings != nil {
					on, known = g.c.Settings.Get(cl, ref.NeedsSetting)
				}
				switch {
				case ref.NeedsSetting == "":
					found = true
				case !known:
					maybe = true
				case on == ref.NeedsValue:
					found = true
				}
			}
			if ref, ok := clientmodel.Default.CallByName(may); ok && ref.Role == clientmodel.Commit {
				maybe = true
			}
		})
		return found, maybe
	}
	commits := func(fn *ssa.Function) bool {
		found, _ := scan(fn)
		return found
	}
	for _, h := range cl.RevokeHooks {
		switch h.Kind {
		case clientmodel.HookRevoked:
			calls(g.funcs(), func(ci ssa.CallInstruction, callee *types.Func) {
				if callee.FullName() != h.Func {
					return
				}
				if fn := funcOf(ssaflow.Arg(ci.Common(), h.Arg)); fn != nil {
					found, maybe := scan(fn)
					if !found && g.c.Settings != nil && g.c.Settings.Revoke == consumer.RevokeCommits && g.callsOut(fn) {
						// It calls a function of another package that
						// commits (prog.Commit(ctx, cl): its
						// consumer.RevokeFact, which the model read).
						found = true
					}
					elsewhere := ""
					if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != g.pass.Pkg && g.c.Settings != nil {
						// Another package's method (svc.Revoked): what
						// the consumer's model read of it there
						// (consumer.RevokeFact).
						found, maybe = g.c.Settings.Revoke == consumer.RevokeCommits, g.c.Settings.Revoke == consumer.RevokeUnknown
						polled, polledAt = found && g.c.Settings.RevokePolled, token.Position{}
						if polled {
							polledAt = g.posn(ci.Pos()) // where the callback is given: its commit is in another package
						}
						elsewhere = ssaflow.ShortFunc(obj)
						sig := obj.Type().(*types.Signature)
						for i := range sig.Params().Len() {
							if n, ok := types.Unalias(ssaflow.Deref(sig.Params().At(i).Type())).(*types.Named); ok && n.Obj().Pkg() != nil && clientmodel.Default.Client(n.Obj().Pkg().Path()) == cl {
								g.ev.Callbacks = append(g.ev.Callbacks, consumer.ParamKey(obj, i))
							}
						}
					}
					g.ev.Revokes = append(g.ev.Revokes, &Revoke{Pos: g.posn(ci.Pos()), Commits: found, Polled: polled, Commit: polledAt, HandlesRevoke: true,
						Cond: g.c.Settings != nil && g.c.Settings.RevokeCond, Unknown: maybe && !found, Elsewhere: elsewhere})
				}
			})
		case clientmodel.HookEvents:
			calls(g.funcs(), func(ci ssa.CallInstruction, callee *types.Func) {
				if callee.FullName() != h.Func || !g.onConsumer(ci) {
					return
				}
				fn := funcOf(ssaflow.Arg(ci.Common(), h.Arg))
				if fn == nil {
					return
				}
				set := map[*ssa.Function]bool{}
				g.m.Flow.Reach(fn, set)
				found := commits(fn) // sets polled
				r := &Revoke{Pos: g.posn(ci.Pos()), Commits: found, Polled: polled, Commit: polledAt}
				for f := range set {
					for _, b := range f.Blocks {
						for _, in := range b.Instrs {
							if ta, ok := in.(*ssa.TypeAssert); ok && typeFullName(ta.AssertedType) == h.RevokeEvent {
								r.HandlesRevoke = true
							}
						}
					}
				}
				g.ev.Revokes = append(g.ev.Revokes, r)
			})
		case clientmodel.HookCleanup:
			for _, hd := range g.c.Handlers {
				if hd.Cleanup != nil && g.m.Flow.InPackage(hd.Cleanup) && commits(hd.Cleanup) {
					g.ev.Revokes = append(g.ev.Revokes, &Revoke{Pos: g.posn(hd.Cleanup.Pos()), Commits: true, HandlesRevoke: true})
				}
			}
		}
	}
	// A callback among options an options helper of another package
	// returns (its ConfigFact says what it does): it replaces the
	// default revoke all the same.
	if len(g.ev.Revokes) == 0 && g.c.Settings != nil && g.c.Settings.Revoke != consumer.RevokeNone {
		g.ev.Revokes = append(g.ev.Revokes, &Revoke{Pos: g.posn(g.c.Site.Pos()), HandlesRevoke: true,
			Commits: g.c.Settings.Revoke == consumer.RevokeCommits, Unknown: g.c.Settings.Revoke == consumer.RevokeUnknown})
	}
}

// callsOut reports whether fn, or what it reaches in the package, calls
// a function of another package that is not the client's.
func (g *gatherer) callsOut(fn *ssa.Function) bool {
	set := map[*ssa.Function]bool{}
	g.m.Flow.Reach(fn, set)
	out := false
	calls(sortedFuncs(set), func(_ ssa.CallInstruction, callee *types.Func) {
		if callee.Pkg() != nil && callee.Pkg() != g.pass.Pkg && !clientmodel.Default.IsClientPath(callee.Pkg().Path()) {
			out = true
		}
	})
	return out
}

// commitsPolled reports whether ref, a commit call with no record of its
// own, writes every position the client handed out: a commit of the
// polls, or of the stored offsets while auto-store stores each message as
// the poll returns it (on, or not known to be off).
func (g *gatherer) commitsPolled(ref clientmodel.CallRef) bool {
	switch {
	case ref.Record >= 0:
		return false
	case ref.Scope == clientmodel.ScopePolled:
		return true
	case ref.Scope != clientmodel.ScopeMarked || g.c.Client.Timer != clientmodel.TimerStored:
		return false
	}
	return g.c.Settings == nil || !g.c.Settings.IsNot(g.c.Client, clientmodel.AutoStore)
}

// typeFullName is "path.Name" for a named type, else "".
func typeFullName(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return ""
}

// revokeFuncs returns the functions reached from the consumer's revoke
// callbacks (sarama's Cleanup included).
func (g *gatherer) revokeFuncs() map[*ssa.Function]bool {
	set := map[*ssa.Function]bool{}
	// (Any function of the package registering one, not only the
	// consumer's: an options helper whose result its callers pass, audit
	// 41b/D6, whose callback's commit was read as the loop's.)
	for _, fn := range packageFuncs(g.m.SSA.Pkg) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil || g.c.Client.Hook(callee.FullName()) == nil {
					continue
				}
				for _, a := range ci.Common().Args {
					if f := funcOf(a); f != nil {
						// (Not the goroutines it starts: lanes storing
						// each message, trial 41c/D4.)
						g.m.Flow.ReachInPlace(f, set)
					}
				}
			}
		}
	}
	for _, h := range g.c.Handlers {
		if h.Cleanup != nil {
			g.m.Flow.Reach(h.Cleanup, set)
		}
	}
	return set
}
