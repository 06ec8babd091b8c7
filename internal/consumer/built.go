package consumer

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Services often build their consumer in a helper package
// (kafka.NewConsumer(cfg) wrapped by the application's own constructor)
// and a wiring package hands it to a loop of a third package. The helper
// package exports a BuiltFact for each function returning a consumer it
// builds; the wiring package, which sees both that fact and the loop's
// EntryFact, models the consumer the call returns (Model.Imported) with
// the settings of the fact, and adds to it the needs of what it is handed
// to (importNeeds), so that a need the configuration does not meet is
// reported at the hand-over.

// BuiltFact is the object fact exported for a function that returns a
// consumer it builds.
type BuiltFact struct {
	Ctor   string     // the client constructor's FullName
	Result int        // the result holding the consumer
	Config ConfigFact // the consumer's settings
	Site   string     // where it is built, for messages: "kafka.go:62"
	// ConfigParam is the entry key (ParamKey) of the function's
	// parameter the consumer's configuration comes from (Config is then
	// opaque): a caller passing a configuration there decides the
	// settings of the consumer its call builds. "" if none.
	ConfigParam string
	// Params are the knobs set to the function's parameters: what a
	// caller passes there overrides Config.
	Params []ParamKnob
}

// AFact marks BuiltFact as an analysis fact.
func (*BuiltFact) AFact() {}

func (f *BuiltFact) String() string { return "built(" + f.Config.settings().String() + ")" }

// exportBuilt exports a BuiltFact for each exported function or method of
// the package whose result, on every return that is not nil, is the same
// consumer built in the package, and records the function in that
// consumer's Returned.
func (b *builder) exportBuilt(m *Model) {
	if len(m.Consumers) == 0 {
		return
	}
	for _, fn := range m.SSA.SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue // only another package's calls need the fact
		}
		res := fn.Signature.Results()
		for i := range res.Len() {
			k := b.returnedConsumer(m, fn, i)
			if k == nil || k.Site == nil {
				continue
			}
			k.Returned = append(k.Returned, obj)
			p := b.pass.Fset.Position(k.Site.Pos())
			f := &BuiltFact{
				Ctor:   k.Ctor.Func,
				Result: i,
				Config: *factOf(k.Settings),
				Site:   fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line),
			}
			if key := k.Settings.OriginKey; strings.HasPrefix(key, "param:"+obj.FullName()+"#") {
				f.ConfigParam = key
			}
			for _, pk := range k.Settings.Params {
				if strings.HasPrefix(pk.Key, "param:"+obj.FullName()+"#") {
					f.Params = append(f.Params, pk)
				}
			}
			b.pass.ExportObjectFact(obj, f)
			break
		}
	}
}

// passedTo returns the settings of the consumer call, a call of callee
// (whose BuiltFact is f), builds: the fact's, over the configuration call
// passes for the parameter the fact takes it from (the constructor's own
// settings on top), when that is client's.
func (b *builder) passedTo(call *ssa.Call, callee *types.Func, client *clientmodel.Client, f *BuiltFact) *Settings {
	own := f.Config.settings()
	for _, p := range b.passedKnobs(call, callee) {
		// A constant passed for a knob's parameter: zero leaves the
		// knob unset (NewReader(brokers, 0): commits stay synchronous,
		// audit 34e/D7).
		for k, v := range p.Settings.Set {
			own.Set[k] = v
			delete(own.Unknown, k)
		}
	}
	if f.ConfigParam == "" {
		return own
	}
	for i := range callee.Type().(*types.Signature).Params().Len() {
		if ParamKey(callee, i) != f.ConfigParam {
			continue
		}
		a := ssaflow.Arg(call.Common(), i)
		if a == nil {
			break
		}
		cl, cfg := b.configOf(a)
		if cl != client {
			break
		}
		b.anchor = call
		passed := b.settings(cl, cfg)
		b.anchor = nil
		return Overlay(passed, own)
	}
	return own
}

// returnedConsumer returns the consumer built in the package that every
// return of fn gives as its i-th result (nil constants aside), or nil.
func (b *builder) returnedConsumer(m *Model, fn *ssa.Function, i int) *Consumer {
	if clientOfType(fn.Signature.Results().At(i).Type()) == nil {
		return nil
	}
	var k *Consumer
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		v := ret.Results[i]
		if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
			continue
		}
		var found *Consumer
		for _, c := range m.Consumers {
			if isConsumer(b.flow, c, v) {
				if found != nil {
					return nil // either of two consumers
				}
				found = c
			}
		}
		if found == nil || k != nil && k != found {
			return nil
		}
		// Only the consumer itself: a value with other roots may be
		// another client on some paths.
		for _, r := range b.flow.Roots(v) {
			if r != found.identity {
				return nil
			}
		}
		k = found
	}
	return k
}

// ResultEntry returns the entry key of the result of the function an
// imported consumer k (Model.Imported) is obtained from: the key of its
// received consumers in other packages (ResultKey); "" for others.
func (k *Consumer) ResultEntry() string {
	if k.From == nil {
		return ""
	}
	i := 0
	if ex, ok := k.identity.(*ssa.Extract); ok {
		i = ex.Index
	}
	return ResultKey(k.From, i)
}

// imported returns a consumer for each call of another package's function
// that returns a consumer it builds (its BuiltFact): built at the call, as
// far as this package can tell, with the fact's settings; From is the
// function called.
func (b *builder) imported(m *Model) []*Consumer {
	var out []*Consumer
	for _, fn := range m.SSA.SrcFuncs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Common().IsInvoke() {
					continue
				}
				callee := ssaflow.Callee(call.Common())
				if callee == nil || callee.Pkg() == nil || callee.Pkg() == b.pass.Pkg {
					continue
				}
				var f BuiltFact
				if !b.pass.ImportObjectFact(callee, &f) {
					continue
				}
				ctor, ok := b.ix.ConstructorByName(f.Ctor)
				if !ok {
					continue
				}
				k := &Consumer{Client: ctor.Client, Ctor: ctor, Site: call, Fn: fn, Settings: b.passedTo(call, callee, ctor.Client, &f), From: callee, BuiltAt: f.Site}
				k.identity = call
				if _, isTuple := call.Type().(*types.Tuple); isTuple {
					k.identity = nil
					for _, ref := range *call.Referrers() {
						if ex, isEx := ref.(*ssa.Extract); isEx && ex.Index == f.Result {
							k.identity = ex
						}
					}
				}
				if k.identity == nil {
					continue
				}
				// The calls the package makes on it (its handler's, a
				// session folded in: joinSessions) are the ones the
				// received consumer of its result entry holds.
				key := ResultKey(callee, f.Result)
				for _, rc := range m.Received {
					if rc.Entry == key && rc.Client == k.Client && callSites(m, callee) == 1 {
						k.Calls = slices.Clone(rc.Calls)
						k.Handlers = slices.Clone(rc.Handlers)
						rc.AdoptedBy = k
					}
				}
				out = append(out, k)
			}
		}
	}
	return out
}
