package autocommit

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- stores ignored while explicit commits race the processing ----

// storeRace decides whether stores ignored under auto-store, with the
// auto-commit timer off, lose messages: the explicit commit of the
// stored offsets (confluent's Commit()) then commits the offsets stored
// on delivery, which is what a synchronous loop has processed, but not
// what is still being processed when the commit runs on a goroutine of
// its own (a ticker's), or when the messages are handed to goroutines
// (which make the ignored stores) that the committing code does not wait
// for. It returns what the commit does, for the message, and the related
// information: the commit, the fetch, and the workers whose stores, once
// effective, are last-write-wins.
func (c *checker) storeRace(k *consumer.Consumer, bad []positionUse) (string, []analysis.RelatedInformation, bool) {
	var stores []*consumer.Call
	for _, b := range bad {
		if b.need != nil || b.call == nil {
			// Another package's stores: its commits are out of sight,
			// but that package says whether they race (storesRace).
			return c.racedElsewhere(bad)
		}
		stores = append(stores, b.call)
	}
	var commits []*consumer.Call
	for _, cm := range callsWith(k, clientmodel.Commit) {
		if cm.Scope == clientmodel.ScopeMarked {
			commits = append(commits, cm)
		}
	}
	fetches := callsWith(k, clientmodel.Fetch)
	if len(commits) == 0 || len(fetches) == 0 {
		return "", nil, false
	}
	g := c.goroutines()
	fetchRoots := g.roots(fetches[0].Fn)
	for _, f := range fetches[1:] {
		if g.elsewhere(f.Fn, fetchRoots) || g.elsewhere(fetches[0].Fn, g.roots(f.Fn)) {
			return "", nil, false // fetched on several goroutines: not a shape this check knows
		}
	}
	cl := k.Client
	commitName := clientmodel.ShortName(commits[0].Func)
	fetchRel := related(fetches[0].Pos(), clientmodel.ShortName(fetches[0].Func)+" stores each message's offset here, as it hands the message over")
	// A commit on a goroutine of its own runs whenever it will: the
	// fetching goroutine, or the workers, hold messages delivered and
	// stored, not yet processed.
	for _, cm := range commits {
		if g.elsewhere(cm.Fn, fetchRoots) {
			rel := []analysis.RelatedInformation{
				related(cm.Pos(), commitName+" runs on a goroutine other than the fetch's and commits the offsets stored on delivery"),
				fetchRel,
			}
			return fmt.Sprintf("%s, run on a goroutine other than the fetch's, commits them while the messages are processed", commitName), append(rel, c.poolNotes(g, stores, cl)...), true
		}
	}
	// The commits run on the fetching goroutine: they commit what was
	// delivered before them, which goroutines storing the messages may
	// still process, unless that goroutine waits for them (a WaitGroup,
	// an errgroup, a receive: taken as a join).
	var async []*consumer.Call
	for _, s := range stores {
		if g.elsewhere(s.Fn, fetchRoots) {
			async = append(async, s)
		}
	}
	if len(async) == 0 {
		return "", nil, false
	}
	for _, cm := range commits {
		if joins(cm.Fn) {
			return "", nil, false
		}
	}
	rel := []analysis.RelatedInformation{
		related(commits[0].Pos(), commitName+" commits the offsets stored on delivery, of messages the goroutines may not have processed yet"),
		fetchRel,
	}
	return fmt.Sprintf("%s commits them while the goroutines the messages are handed to still process them", commitName), append(rel, c.poolNotes(g, async, cl)...), true
}

// storesRace is the object fact of a function (per parameter) or a struct
// field through which a package receives a confluent consumer that it
// stores on from goroutines its commits do not wait for (or commits from
// a goroutine of its own): Race says how the commit races the
// processing (storeRace's words). The package building the consumer with
// auto-store on, where auto-commit is off, reports the ignored stores
// with it (audit 36b/D4: a service's worker storing, its loop's ticker
// committing, main building the consumer: 62 of 300 lost, no finding).
type storesRace struct {
	Race string
}

func (*storesRace) AFact()           {}
func (f *storesRace) String() string { return "storesRace(" + f.Race + ")" }

// exportStoresRace exports storesRace on the entries of the received
// consumers whose stores race their commits.
func (c *checker) exportStoresRace() {
	for _, k := range c.m.Received {
		if k.Client.Timer != clientmodel.TimerStored {
			continue
		}
		var uses []positionUse
		for _, call := range k.Calls {
			if call.Role == clientmodel.Store && call.NeedsSetting == clientmodel.AutoStore {
				uses = append(uses, positionUse{CallRef: call.CallRef, pos: call.Pos(), call: call})
			}
		}
		if len(uses) == 0 {
			continue
		}
		race, _, ok := c.storeRace(k, uses)
		if !ok {
			continue
		}
		for _, u := range uses {
			recv := ssaflow.Recv(u.call.Instr.Common())
			if recv == nil {
				continue
			}
			for _, r := range c.m.Flow.Roots(recv) {
				if obj, _ := consumer.EntryObject(r); obj != nil && obj.Pkg() == c.pass.Pkg {
					c.pass.ExportObjectFact(obj, &storesRace{Race: race})
				}
			}
		}
	}
}

// relayStoresRace exports storesRace on the entries of this package
// through which a client reaches a function of another package that
// races (app.Start(ctx, c) handing c to service.New: review 36-2/D12).
func (c *checker) relayStoresRace() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				var f storesRace
				if callee == nil || callee.Pkg() == nil || callee.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(callee, &f) {
					continue
				}
				for _, a := range ci.Common().Args {
					if !clientValue(a) {
						continue // a notifier passed beside it
					}
					for _, r := range c.m.Flow.Roots(a) {
						if obj, _ := consumer.EntryObject(r); obj != nil && obj.Pkg() == c.pass.Pkg {
							c.pass.ExportObjectFact(obj, &storesRace{Race: f.Race})
						}
					}
				}
			}
		}
	}
}

// clientValue reports whether v is a value of a client package's type
// (*kafka.Consumer).
func clientValue(v ssa.Value) bool {
	n, ok := types.Unalias(ssaflow.Deref(v.Type())).(*types.Named)
	return ok && n.Obj().Pkg() != nil && clientmodel.Default.IsClientPath(n.Obj().Pkg().Path())
}

// racedElsewhere is storeRace for stores of other packages (needs): the
// race their packages found (storesRace), when every one has one.
func (c *checker) racedElsewhere(bad []positionUse) (string, []analysis.RelatedInformation, bool) {
	race := ""
	for _, b := range bad {
		var f storesRace
		if b.need == nil || b.need.Entry == nil || !c.pass.ImportObjectFact(b.need.Entry, &f) {
			return "", nil, false
		}
		if race == "" {
			race = f.Race
		}
	}
	return race, nil, true
}

// poolNotes says, of each store made by a pool of workers (a goroutine
// started in a loop or by several go statements), that once effective
// its stores are last-write-wins.
func (c *checker) poolNotes(g *goroutines, stores []*consumer.Call, cl *clientmodel.Client) []analysis.RelatedInformation {
	var rel []analysis.RelatedInformation
	for _, s := range stores {
		for r := range g.roots(s.Fn) {
			if g.pool[r] {
				rel = append(rel, related(s.Pos(), fmt.Sprintf("made by a pool of workers: once %s is off, their stores are last-write-wins and can pass a message another worker still processes (hiwater/concurrent-commit)", cl.Spell(clientmodel.AutoStore))))
				break
			}
		}
	}
	return rel
}

// goroutines is the package's static call graph with its go statements:
// which goroutines (functions a go statement starts) reach each function.
type goroutines struct {
	callees map[*ssa.Function][]*ssa.Function
	started map[*ssa.Function]bool // functions a go statement starts
	pool    map[*ssa.Function]bool // started in a loop, or by several go statements
	memo    map[*ssa.Function]map[*ssa.Function]bool
}

// goroutines builds the package's goroutines once.
func (c *checker) goroutines() *goroutines {
	if c.goGraph != nil {
		return c.goGraph
	}
	g := &goroutines{
		callees: map[*ssa.Function][]*ssa.Function{},
		started: map[*ssa.Function]bool{},
		pool:    map[*ssa.Function]bool{},
		memo:    map[*ssa.Function]map[*ssa.Function]bool{},
	}
	count := map[*ssa.Function]int{}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := staticFunc(ci.Common())
				if callee == nil {
					continue
				}
				if _, isGo := in.(*ssa.Go); isGo {
					g.started[callee] = true
					count[callee]++
					if count[callee] > 1 || inCycle(b) {
						g.pool[callee] = true
					}
					continue
				}
				g.callees[fn] = append(g.callees[fn], callee)
			}
		}
	}
	c.goGraph = g
	return g
}

// roots returns the goroutines that reach fn through calls: the
// functions go statements start from which fn is called (fn itself when
// started). Empty for a function only the goroutine that calls the
// package runs.
func (g *goroutines) roots(fn *ssa.Function) map[*ssa.Function]bool {
	fn = origin(fn)
	if r, ok := g.memo[fn]; ok {
		return r
	}
	out := map[*ssa.Function]bool{}
	for s := range g.started {
		if g.reaches(s, fn) {
			out[s] = true
		}
	}
	g.memo[fn] = out
	return out
}

// elsewhere reports whether a goroutine other than those of fetchRoots
// runs fn: one that reaches fn and not the fetch. A function reached by
// no goroutine (called by the package's caller, or a callback the client
// runs inside the fetch, as a rebalance callback) is not elsewhere.
func (g *goroutines) elsewhere(fn *ssa.Function, fetchRoots map[*ssa.Function]bool) bool {
	for r := range g.roots(fn) {
		if !fetchRoots[r] {
			return true
		}
	}
	return false
}

// reaches reports whether from calls to (directly or not), staying on
// its goroutine.
func (g *goroutines) reaches(from, to *ssa.Function) bool {
	seen := map[*ssa.Function]bool{}
	work := []*ssa.Function{from}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if f == to {
			return true
		}
		if seen[f] {
			continue
		}
		seen[f] = true
		work = append(work, g.callees[f]...)
	}
	return false
}

// staticFunc returns the function a call runs, when static (a generic
// function's instance as its origin); a function literal called or
// started directly included.
func staticFunc(cc *ssa.CallCommon) *ssa.Function {
	if cc.IsInvoke() {
		return nil
	}
	if fn := cc.StaticCallee(); fn != nil {
		return origin(fn)
	}
	return nil
}

// origin returns a generic function's instance as the generic function,
// whose body is the one of the package's source.
func origin(fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}

// inCycle reports whether b can run again after itself (it is in a loop).
func inCycle(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// errorChan reports whether ch carries errors.
func errorChan(ch ssa.Value) bool {
	c, ok := ch.Type().Underlying().(*types.Chan)
	return ok && types.Identical(c.Elem(), types.Universe.Lookup("error").Type())
}

// joins reports whether fn waits for other goroutines: it calls a Wait
// method (sync.WaitGroup, errgroup.Group) or receives from a channel that
// may signal work done (not a ticker's, not its caller's context's Done:
// ssaflow.NoWork).
func joins(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.UnOp:
				if in.Op == token.ARROW && !ssaflow.NoWork(in.X) {
					return true
				}
			case *ssa.Select:
				// Not a select on a ticker, the context and the
				// workers' errors only (a commit ticker's loop: audit
				// 36b/D4, review 36-2/D11): an error reports a failure,
				// not that the work is done.
				for _, st := range in.States {
					if st.Dir != types.SendOnly && !ssaflow.NoWork(st.Chan) && !errorChan(st.Chan) {
						return true
					}
				}
			case ssa.CallInstruction:
				cc := in.Common()
				if cc.IsInvoke() && cc.Method.Name() == "Wait" {
					return true
				}
				if f := cc.StaticCallee(); f != nil && f.Name() == "Wait" {
					return true
				}
			}
		}
	}
	return false
}
