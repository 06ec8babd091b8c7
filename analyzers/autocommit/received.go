package autocommit

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- clients received from another package (issue #12 item 1) ----
//
// A service often receives its client from a wiring package (a struct
// field, a parameter of an exported function): its settings are out of
// sight (consumer.Model.Received, opaque). The calls it makes imply the
// settings its author meant. A received client on which the package never
// commits, marks or stores (nor on any client of that library it receives:
// the wiring may hand one client to two entries), which it hands to
// nothing that could, and whose records it hands to no function of
// another package writing their positions (consumer.Model.ToWriters),
// makes progress in one configuration only: a consumer group with the
// client's default auto-commit (with auto-commit off, or outside a group,
// nothing would ever be committed). The checks whose bug holds under that
// configuration run with it assumed, and their messages say so:
//
//   - franz-go: records handed to goroutines that outlive the poll
//     (records-outlive-poll), with the same fix as a client built here
//     (a join before the next poll, harmless outside a group).
//
// kafka-go is not: a reader the service never commits on is as likely
// outside any group (a tail, a replay: markersvc.Tail), where ReadMessage
// commits nothing and its fix (FetchMessage, then CommitMessages) would
// fail on every message; in a group, ReadMessage is the commit, so the
// calls imply nothing. Its reads are checked under each value of the
// settings instead (receivedHyps, passedcfg.go), and the package that
// builds the reader and hands it over reports what its settings make
// true.
//
// Where the package commits, marks or stores on the client, the setting is
// implied by the calls but not enough for these checks, so they stay
// silent: a franz-go commit after processing implies auto-commit off or a
// flush beside it (a service that commits and hands records to goroutines
// is correct with auto-commit off); a MarkCommitRecords implies
// AutoCommitMarks, under which the timer commits only marks (the marks'
// order is the ordering analyzer's).
//
// confluent-kafka-go: a received consumer never stored or committed on
// relies on the defaults too (auto-store or auto-commit off would commit
// nothing), under which each message is stored on delivery
// (auto-store-on-delivery, receivedStored). Its fix spans two packages:
// here, store after processing; where the consumer is built, auto-store
// off, which the stores' exported need reports there (store-ignored).

// assumeDefault is the assumption a finding on a received client states.
const assumeDefault = "assuming a consumer group with the client's default auto-commit, which the service relies on (it never commits), "

// assumption returns what a finding on k assumes of its settings: "" for
// settings in sight.
func (c *checker) assumption(k *consumer.Consumer) string {
	if !c.assumed[k] {
		return ""
	}
	return assumeDefault
}

// origin returns the related information naming where k comes from: its
// constructor call, or the parameter or field it is received through.
func (c *checker) origin(k *consumer.Consumer, built string) analysis.RelatedInformation {
	if k.Site != nil {
		return related(k.Site.Pos(), built)
	}
	for _, call := range k.Calls {
		recv := ssaflow.Recv(call.Instr.Common())
		if recv == nil {
			continue
		}
		for _, r := range c.m.Flow.Roots(recv) {
			if key, _ := consumer.EntryKey(r); key != k.Entry {
				continue
			}
			switch r := r.(type) {
			case *ssa.Parameter:
				if obj := r.Object(); obj != nil {
					return related(obj.Pos(), "client received here, its settings out of sight")
				}
			case *ssa.FieldAddr:
				if v := ssaflow.FieldVar(r); v != nil {
					return related(v.Pos(), "client received here, its settings out of sight")
				}
			}
		}
	}
	return related(k.Calls[0].Pos(), "client received from another package, its settings out of sight")
}

// receivedChecks runs, on each client the package receives and never
// commits on, the checks whose bug holds under the one configuration that
// saves its progress; and on each client it builds from options it cannot
// see (a parameter's), whose group and auto-commit are neither set nor
// unset in sight, the same.
func (c *checker) receivedChecks() {
	var ks []*consumer.Consumer
	for _, k := range c.m.Received {
		if k.AdoptedBy == nil { // else checked as the imported consumer
			ks = append(ks, k)
		}
	}
	for _, k := range c.m.Consumers {
		if c.optsOutOfSight(k) {
			ks = append(ks, k)
		}
	}
	for _, k := range ks {
		// A confluent consumer is checked when received (not built from
		// options out of sight) through an entry another package fills.
		stored := k.Client.Timer == clientmodel.TimerStored && k.Site == nil && settable(k.Entry)
		if k.Client.Timer != clientmodel.TimerPreviousPoll && !stored || len(k.Calls) == 0 || c.commitsOn(k) || c.escapes(k) || c.m.ToWriters[k.Client] != "" || c.positionsItself(k) {
			continue
		}
		if stored {
			report.Guard(c.pass, k.Calls[0].Pos(), func() { c.receivedStored(k) })
			continue
		}
		report.Guard(c.pass, k.Calls[0].Pos(), func() {
			a := c.assume(k)
			for _, f := range callsWith(a, clientmodel.Fetch) {
				c.outlivePoll(a, f)
			}
		})
	}
}

// positionsItself reports whether the package's code assigns k's
// partitions at offsets it computes (semantics.Evidence.PositionedBy, an
// Assign of what a function of the application returns, or in a function
// that sets an Offset field to a value it computes:
// the positions a ledger keeps, read back in the rebalance callback): the
// service resumes from those, whatever the broker holds, and so relies on
// no auto-commit (audit 32c/3: a ledger written with each effect,
// auto-commit off in the wiring). Not a Seek (a failed message re-read),
// nor an Assign of the partitions the event gives, offsets unchanged
// (review 32-1).
func (c *checker) positionsItself(k *consumer.Consumer) bool {
	ev := semantics.For(c.pass, k)
	if ev == nil || !strings.Contains(ev.PositionedBy, "Assign") {
		return false
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		if c.pass.Fset.Position(fn.Pos()).Filename != ev.Positioned.Filename {
			continue
		}
		assigns, sets := false, false
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case ssa.CallInstruction:
					if f := ssaflow.Callee(in.Common()); f != nil && strings.Contains(f.Name(), "Assign") && c.pass.Fset.Position(in.Pos()).Line == ev.Positioned.Line {
						assigns = true
						// Offsets another function computes (c.Assign(
						// s.L.Resume(e.Partitions)); review 32-2).
						arg := ssaflow.Unconvert(ssaflow.Arg(in.Common(), 0))
						if ex, ok := arg.(*ssa.Extract); ok {
							arg = ex.Tuple // parts, err := s.L.Resume(e.Partitions)
						}
						if made, ok := arg.(*ssa.Call); ok {
							if g := ssaflow.Callee(made.Common()); g == nil || g.Pkg() == nil || !clientmodel.Default.IsClientPath(g.Pkg().Path()) {
								sets = true
							}
						}
					}
				case *ssa.Store:
					if fa, ok := in.Addr.(*ssa.FieldAddr); ok && ssaflow.FieldVar(fa) != nil && ssaflow.FieldVar(fa).Name() == "Offset" {
						if _, isConst := ssaflow.Unconvert(in.Val).(*ssa.Const); !isConst {
							sets = true
						}
					}
				}
			}
		}
		if assigns && sets {
			return true
		}
	}
	return false
}

// settable reports whether another package hands a client over through
// entry, which it builds: a parameter of an exported function, or an
// exported field of an exported struct type. A field that only this
// package can set holds a client built here, from settings the model
// could not follow (a transactional consumer's, say): nothing is assumed
// of it. Nor of a client another package's function returns: the package
// that builds it is imported by this one, so no need of this package
// reaches it.
func settable(entry string) bool {
	if strings.HasPrefix(entry, "param:") {
		return true
	}
	rest, isField := strings.CutPrefix(entry, "field:")
	if !isField {
		return false
	}
	parts := strings.Split(rest, ".")
	return len(parts) >= 3 && token.IsExported(parts[len(parts)-2]) && token.IsExported(parts[len(parts)-1])
}

// receivedStored reports a consumer received from another package whose
// offsets are stored on delivery and committed on a timer: the package
// never stores or commits on it, so it relies on the client's defaults
// (with auto-store or auto-commit off nothing would ever be committed),
// under which each message is committable once it is handed to the app.
// The fix is the part of the correct code that is in this package: store
// each message after processing it (a pool made one worker, a goroutine
// per message run in place, as for a consumer built here), logging a
// failed store. Its stores then need auto-store off in the package that
// builds the consumer, which the consumer model exports as this
// package's need (internal/consumer, needs.go): that package is then told
// at the hand-over, with its config fix (store-ignored).
func (c *checker) receivedStored(k *consumer.Consumer) {
	cl := k.Client
	fetches := callsWith(k, clientmodel.Fetch)
	if len(fetches) == 0 {
		return
	}
	var edits []analysis.TextEdit
	var rel []analysis.RelatedInformation
	title := "Store each message after processing"
	why := ""
	for _, f := range fetches {
		e, rw, ok := c.storeAfterProcessing(k, f)
		if !ok {
			why = fmt.Sprintf("the message %s returns has no sure place for the store after its processing (it is handed on where the fix cannot follow it); call %s once each message is processed", clientmodel.ShortName(f.Func), cl.CallName(clientmodel.Store, clientmodel.ScopeArgs))
			if kept := c.keptAfter(f); kept != "" {
				why = fmt.Sprintf("no statement here is sure to come after the message's processing (%s); call %s where it is processed", kept, cl.CallName(clientmodel.Store, clientmodel.ScopeArgs))
			}
			break
		}
		edits = append(edits, e...)
		switch {
		case rw.pool != nil:
			rel = append(rel, related(rw.pool.loop.Pos(), rw.pool.note()))
			title = "Start one worker and store each message after processing"
		case rw.inPlace != nil:
			for _, g := range rw.inPlace {
				rel = append(rel, related(g.Pos(), "processed in a goroutine of its own: no place in the loop is after its processing"))
			}
			title = "Process each message in place and store it after processing"
		case rw.batch:
			title = "Store each batch after it is processed"
		case rw.callers:
			title = "Store each message in the callers after processing"
		}
	}
	o := c.origin(k, "")
	o.Message = "consumer received here: where it is built, " + cl.Spell(clientmodel.AutoStore) + " must be set to false for the stores to count"
	rel = append(rel, o)
	d := analysis.Diagnostic{
		Pos:      fetches[0].Pos(),
		Category: CategoryAutoStore,
		Message: fmt.Sprintf("consumer received from another package and never stored or committed on: it relies on %s and %s being on (the defaults), under which %s stores each message's offset when it is handed to the app and commits it every %s, so a crash mid-processing loses the message (at-most-once)",
			cl.Spell(clientmodel.AutoCommit), cl.Spell(clientmodel.AutoStore), cl.EngineName(), consumer.Interval(c.pass, cl, fetches[0].Pos(), false)),
		Related: rel,
	}
	if why != "" {
		d.Message += "; no automatic fix: " + why
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: edits}}
	}
	c.report(k, d)
}

// optsOutOfSight reports whether consumer k, built in the package, has
// options from out of sight and none of the settings the timer depends
// on set in sight (explicitly or on some paths).
func (c *checker) optsOutOfSight(k *consumer.Consumer) bool {
	s := k.Settings
	if !s.Opaque || len(s.Unknown) > 0 {
		return false
	}
	for _, set := range []clientmodel.Setting{clientmodel.AutoCommit, clientmodel.MarksOnly, clientmodel.Greedy} {
		if _, ok := s.Set[set]; ok {
			return false
		}
	}
	return true
}

// commitsOn reports whether the package commits, marks or stores on k,
// or on any client of k's kind that it does not build: the wiring may hand
// the same client to two entries (a Run method's field, a Commit
// function's parameter).
func (c *checker) commitsOn(k *consumer.Consumer) bool {
	for _, call := range c.m.Calls {
		if call.Client != k.Client || call.Consumer != nil && call.Consumer != k {
			continue
		}
		switch call.Role {
		case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
			return true
		}
	}
	return false
}

// assume returns a copy of k with the settings the service relies on:
// the client's defaults in a consumer group. Findings on it say so
// (assumption).
func (c *checker) assume(k *consumer.Consumer) *consumer.Consumer {
	s := &consumer.Settings{Set: map[clientmodel.Setting]consumer.Value{}, Unknown: map[clientmodel.Setting]bool{}, Cond: map[clientmodel.Setting]bool{}}
	s.Set[clientmodel.Group] = consumer.Value{On: true}
	cp := *k
	cp.Settings = s
	c.assumed[&cp] = true
	return &cp
}

// escapes reports whether the package hands client k to something that
// could commit on it unseen: a call of a function outside the package
// (other than a client call), an interface, a method value, a result, or
// a store other than into a local variable or a struct field.
func (c *checker) escapes(k *consumer.Consumer) bool {
	recv := ssaflow.Recv(k.Calls[0].Instr.Common())
	if recv == nil {
		return true
	}
	t := recv.Type()
	modelled := map[ssa.Instruction]bool{}
	for _, call := range c.m.Calls {
		modelled[call.Instr] = true
	}
	isK := func(v ssa.Value) bool {
		if !types.Identical(v.Type(), t) {
			return false
		}
		if k.Entry == "" {
			return c.m.Is(k, v)
		}
		for _, r := range c.m.Flow.Roots(v) {
			if key, _ := consumer.EntryKey(r); key == k.Entry {
				return true
			}
		}
		return false
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					if modelled[in] {
						continue
					}
					cc := in.Common()
					if obj := ssaflow.Callee(cc); obj != nil && obj.Pkg() != nil && clientmodel.Default.IsClientPath(obj.Pkg().Path()) {
						continue // a client call the model does not list: no commit
					}
					if callee := cc.StaticCallee(); callee != nil && c.m.Flow.InPackage(callee) {
						continue // its calls are the package's
					}
					if !cc.IsInvoke() {
						if _, isClosure := cc.Value.(*ssa.MakeClosure); isClosure {
							continue
						}
					}
					for _, a := range cc.Args {
						if isK(a) {
							return true
						}
					}
					if cc.IsInvoke() && isK(cc.Value) {
						return true
					}
				case *ssa.MakeInterface:
					if isK(in.X) {
						return true
					}
				case *ssa.Return:
					for _, r := range in.Results {
						if isK(r) {
							return true // the caller may commit on it
						}
					}
				case *ssa.MakeClosure:
					// A method value (cl.CommitRecords): its calls are
					// not the model's.
					if fn, ok := in.Fn.(*ssa.Function); ok && !c.m.Flow.InPackage(fn) {
						for _, b := range in.Bindings {
							if isK(b) {
								return true
							}
						}
					}
				case *ssa.Store:
					// A local variable or a struct field: the package's
					// loads of it are followed to the entry (a
					// constructor keeping the client in its result).
					switch in.Addr.(type) {
					case *ssa.Alloc, *ssa.FieldAddr:
					default:
						if isK(in.Val) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}
