package ordering

import (
	_ "embed"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/observe"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// processingSites returns the instructions of fn that process values
// derived from origin: calls (other than client calls and ignored
// packages) and go statements taking a derived value, and calls passing a
// closure that processes a derived value. A deferred call is not one: it
// runs when the function returns, not where it is written, so no move of
// a commit could put it after it.
func (c *checker) processingSites(fn *ssa.Function, origin ssa.Value) []ssa.Instruction {
	key := siteKey{fn, origin}
	if sites, ok := c.sites[key]; ok {
		return sites
	}
	tainted := c.taint(origin)
	var sites []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, isDefer := instr.(*ssa.Defer); isDefer {
				continue
			}
			if c.processes_(instr, tainted, 0) {
				sites = append(sites, instr)
				if lw := c.laterOf(instr, tainted); lw != nil {
					c.later[instr] = lw
				}
			}
		}
	}
	c.sites[key] = sites
	return sites
}

// taint returns origin and the values derived from it: fields, elements,
// loads, results of calls that take a derived value, what such calls write
// through pointer arguments (a decoded struct), closure parameters of
// calls on derived values (EachRecord), captured variables.
func (c *checker) taint(origin ssa.Value) map[ssa.Value]bool {
	out := ssaflow.Forward(origin, c.taintStep)
	if in, ok := origin.(ssa.Instruction); ok && in.Parent() != nil {
		// The same field read again (b.Messages committed, then
		// ranged over): the same records.
		for _, r := range sameFieldReads(in.Parent(), []ssa.Value{origin}) {
			maps.Copy(out, ssaflow.Forward(r, c.taintStep))
		}
	}
	return out
}

// taintApart is taint without what the instructions that run only
// with at make: those at dominates, and those before it in its block
// (msgs = append(msgs, m); session.MarkMessage(m, "")). A use of the
// record it reaches is reached other than through what is done with
// the record around at.
func (c *checker) taintApart(origin ssa.Value, at ssa.Instruction) map[ssa.Value]bool {
	return ssaflow.Forward(origin, func(v ssa.Value, ref ssa.Instruction, add func(ssa.Value)) {
		if ref.Parent() == at.Parent() && (ssaflow.Dominates(at, ref) || ref.Block() == at.Block() && ssaflow.Dominates(ref, at)) {
			return
		}
		c.taintStep(v, ref, add)
	})
}

// taintStep is taint's step: the values ref derives from v.
func (c *checker) taintStep(v ssa.Value, ref ssa.Instruction, add func(ssa.Value)) {
	switch r := ref.(type) {
	case ssa.CallInstruction:
		cc := r.Common()
		if ref, ok := clientmodel.Default.Call(ssaflow.Callee(cc)); ok && ref.Role != clientmodel.Fetch && ref.Role != clientmodel.FetchCommit {
			// A commit, mark or store: what it returns says how the
			// write went (an error to log), it is not the record.
			break
		}
		// An error a call returns says how the call went, not
		// what the record holds: kept in a variable the function
		// reuses (a named result a deferred report reads), it
		// would make every later use of that variable, the
		// commit's own error included, processing.
		if cv, ok := r.(ssa.Value); ok && !isError(cv.Type()) {
			add(cv)
		}
		recv := ssaflow.Recv(cc)
		for _, a := range cc.Args {
			if a == recv {
				continue
			}
			// Results written through pointers to local
			// variables: json.Unmarshal(v, &ev).
			if mi, ok := a.(*ssa.MakeInterface); ok {
				a = mi.X
			}
			if al, ok := a.(*ssa.Alloc); ok && a != v {
				add(al)
			}
			if lit := ssaflow.Literal(a); lit != nil {
				client := ssaflow.Callee(cc) != nil && c.isClient(ssaflow.Callee(cc))
				for _, p := range lit.Params {
					// A client's iterator hands records (EachRecord,
					// EachPartition), not a topic name, a partition
					// number or an error (EachError's callback).
					if _, basic := p.Type().Underlying().(*types.Basic); !client || !basic && !isError(p.Type()) {
						add(p)
					}
				}
			}
		}
		// A value handed to a method of an object this function
		// created (a transaction, a batch, a buffered writer) is
		// part of that object's effect: tx.Exec(ctx, q, msg.Value)
		// then tx.Commit(ctx).
		if recv != nil && recv != v && c.carriesEffect(cc, recv) {
			add(recv)
		}
	case *ssa.MakeClosure:
		for i, bnd := range r.Bindings {
			if bnd == v {
				add(r.Fn.(*ssa.Function).FreeVars[i])
			}
		}
	case *ssa.Store:
		if r.Val == v {
			if al := ssaflow.LocalAggregate(r.Addr); al != nil {
				add(al)
			}
			// A variable a callback captures (EachRecord(func(r)
			// { vals = append(vals, r.Value) })): its function's.
			if fv, ok := r.Addr.(*ssa.FreeVar); ok {
				for _, b := range ssaflow.BoundTo(fv) {
					add(b)
				}
			}
		}
	case *ssa.Range, *ssa.Next:
		add(r.(ssa.Value))
	case *ssa.Extract:
		// The error a fetch returns beside its record carries
		// nothing of the record.
		if isFetch(v) && !c.isRecordish(r.Type()) || isError(r.Type()) {
			return
		}
		add(r)
	case ssa.Value:
		add(r)
	}
}

// carriesEffect reports whether recv, the receiver of call cc, takes the
// effect of a value passed to it: it is the result of a call in this
// function (pool.Begin, NewBatch), not a parameter, global or field, and
// neither cc nor the call that made recv is a client or ignored call.
func (c *checker) carriesEffect(cc *ssa.CallCommon, recv ssa.Value) bool {
	if fn := ssaflow.Callee(cc); fn == nil || c.ignored(fn) || c.isClient(fn) {
		return false
	}
	if ex, ok := recv.(*ssa.Extract); ok {
		recv = ex.Tuple
	}
	mk, ok := recv.(*ssa.Call)
	if !ok {
		return false
	}
	fn := ssaflow.Callee(mk.Common())
	return fn != nil && !c.ignored(fn) && !c.isClient(fn)
}

// isClient reports whether fn belongs to a modelled client package.
func (c *checker) isClient(fn *types.Func) bool {
	return fn.Pkg() != nil && clientmodel.Default.IsClientPath(fn.Pkg().Path())
}

// processes_ reports whether instr processes a tainted value.
func (c *checker) processes_(instr ssa.Instruction, tainted map[ssa.Value]bool, depth int) bool {
	ci, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	cc := ci.Common()
	if _, isBuiltin := cc.Value.(*ssa.Builtin); isBuiltin {
		return false
	}
	callee := ssaflow.Callee(cc)
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	// The tainted arguments, as indices into args.
	var hits []int
	for i, a := range args {
		if tainted[a] {
			hits = append(hits, i)
		}
	}
	if callee != nil {
		if pr, ok := clientmodel.Default.Produce(callee); ok {
			// Producing a derived record is its effect when the call
			// waits for the delivery; an asynchronous produce (its
			// callback included) runs later: a hand-off (handoff.go).
			return pr.Record >= 0 && tainted[ssaflow.Arg(cc, pr.Record)] && !c.isAsync(cc, pr)
		}
	}
	// A closure passed to a call on a tainted receiver (EachRecord) that
	// processes its tainted parameter, or one capturing a tainted value
	// that a helper runs (retry.Do(ctx, 3, func(ctx) error { return
	// save(ctx, msg.Value) }): fix-quality hunt 46x/D1).
	for _, a := range cc.Args {
		if lit := ssaflow.Literal(a); lit != nil && (len(hits) > 0 || captures(a, tainted)) && depth < 3 {
			if c.funcProcesses(lit, tainted, depth+1) {
				return true
			}
		}
	}
	if mc, ok := cc.Value.(*ssa.MakeClosure); ok && depth < 3 {
		// A directly called or go'd closure capturing a tainted value.
		if c.funcProcesses(mc.Fn.(*ssa.Function), tainted, depth+1) {
			return true
		}
	}
	if c.queuedClosure(cc, tainted, depth) != nil || c.spawnsProcessing(ci, tainted, depth) {
		return true // processed later, by another goroutine (laterWork)
	}
	if len(hits) == 0 {
		return false
	}
	if prm, _ := handlerParam(cc); prm != nil && c.handlerHandsOff(cc, hits) {
		return false // every handler passed only queues it: a hand-off
	}
	if callee != nil && c.ignored(callee) {
		return false
	}
	if call, ok := ci.(*ssa.Call); ok && cc.Signature().Results().Len() > 0 && c.logField(call, 0) {
		return false // a log line's field (kslog.Record(r), audit 36a/D2)
	}
	if callee != nil && c.isClient(callee) {
		return false // a client call (a commit, a record method)
	}
	if cc.Signature().Results().Len() == 0 && !slices.ContainsFunc(hits, func(i int) bool { return !c.coordinate(args[i], tainted, 0) }) {
		// Handed only where and when the record was written (a metric
		// labelled by its topic, a latency from its timestamp) and
		// answering nothing: telemetry or bookkeeping, not its effect.
		return false
	}
	if res := cc.Signature().Results(); res.Len() == 1 && ssaflow.IsContext(res.At(0).Type()) && !cc.IsInvoke() && cc.Signature().Recv() == nil {
		// A function deriving a context that carries the record's
		// fields for log lines or traces (obs.WithFields(ctx, ...)):
		// the effect of a record is never a context.
		return false
	}
	if c.handsOffArgs(cc, hits) {
		return false // queued by another package for work done later: a hand-off
	}
	if f, _ := c.producerCall(cc); f != nil && argsAmong(cc, hits, f.Params, true) {
		// Produced asynchronously by a wrapper: a hand-off. Its
		// receiver, when built by this function, is tainted by what
		// it is given (carriesEffect): it is not a record.
		return false
	}
	if releasesAnswer(cc, tainted) {
		return false
	}
	if sc := cc.StaticCallee(); sc != nil && c.flow.InPackage(sc) && !cc.IsInvoke() {
		if depth >= 3 {
			return true
		}
		// An in-package helper: it processes if its body does.
		for _, hit := range hits {
			if c.paramProcessed(sc, hit, depth+1) {
				return true
			}
		}
		return false
	}
	if callee != nil && callee.Pkg() != c.pass.Pkg {
		// A function of another package that says which of its record
		// parameters it only passes on (to a commit, a log).
		var f doesNotProcess
		if c.pass.ImportObjectFact(callee, &f) {
			recv := 0
			if sig, ok := callee.Type().(*types.Signature); ok && sig.Recv() != nil {
				recv = 1
			}
			for _, hit := range hits {
				if !slices.Contains(f.Params, hit-recv) {
					return true
				}
			}
			return false
		}
	}
	return true
}

// coordinate reports whether v is one of a record's coordinates (its
// topic, partition, offset or timestamp: the client model's
// Coordinates), read from the record or from a copy, converted, or passed
// through a formatting or conversion call (strconv.Itoa) given nothing
// else of the record.
func (c *checker) coordinate(v ssa.Value, tainted map[ssa.Value]bool, depth int) bool {
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.FieldAddr:
			if coord, record := clientmodel.Default.RecordField(x.X.Type(), x.Field); record {
				return coord
			}
			v = x.X
		case *ssa.Field:
			if coord, record := clientmodel.Default.RecordField(x.X.Type(), x.Field); record {
				return coord
			}
			v = x.X
		case *ssa.Call:
			callee := ssaflow.Callee(x.Common())
			if callee == nil || !c.ignored(callee) || depth > 2 {
				return false
			}
			for _, a := range x.Call.Args {
				if tainted[a] && !c.coordinate(a, tainted, depth+1) {
					return false
				}
			}
			return true
		default:
			return false
		}
	}
}

// releasesAnswer reports a Close() of what a call given the record's data
// returned, reached through its fields (resp.Body.Close() after
// http.Post(url, ct, bytes.NewReader(m.Value)), rows.Close() after
// db.Query(q, m.Key)), when nothing hands that value the record's data
// afterwards: the call was the processing, and closing its answer
// releases it. A file or writer the data is then written to (f, _ :=
// os.Create(name); f.Write(m.Value)) is where the effect goes, and its
// Close may be where the write fails: processing.
func releasesAnswer(cc *ssa.CallCommon, tainted map[ssa.Value]bool) bool {
	recv := ssaflow.Recv(cc)
	if recv == nil || cc.Signature().Params().Len() != 0 {
		return false
	}
	if m := ssaflow.Callee(cc); m == nil || m.Name() != "Close" {
		return false
	}
	answer := answerCall(recv)
	if answer == nil || !slices.ContainsFunc(answer.Call.Args, func(a ssa.Value) bool { return tainted[a] }) {
		return false
	}
	for _, b := range answer.Parent().Blocks {
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			r := ssaflow.Recv(ci.Common())
			if r == nil || answerCall(r) != answer {
				continue
			}
			for _, a := range ci.Common().Args {
				if a != r && tainted[a] {
					return false // handed the record's data: an effect's carrier
				}
			}
		}
	}
	return true
}

// answerCall returns the call whose result v is, or a field of, nil if
// none.
func answerCall(v ssa.Value) *ssa.Call {
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			v = x.X
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Call:
			return x
		default:
			return nil
		}
	}
}

// funcProcesses reports whether a closure processes tainted values (its
// parameters and free variables are tainted by the caller).
func (c *checker) funcProcesses(fn *ssa.Function, tainted map[ssa.Value]bool, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c.processes_(instr, tainted, depth) {
				return true
			}
		}
	}
	return false
}

// paramProcessed reports whether fn processes its parameter i.
func (c *checker) paramProcessed(fn *ssa.Function, i, depth int) bool {
	key := procKey{fn, i}
	if v, ok := c.processes[key]; ok {
		return v
	}
	c.processes[key] = true // assume yes inside cycles
	res := false
	if i < len(fn.Params) {
		tainted := c.taint(fn.Params[i])
		res = c.funcProcesses(fn, tainted, depth) || c.stubOfWork(fn, tainted)
	}
	c.processes[key] = res
	return res
}

// stubOfWork reports whether fn, whose parameter taints tainted, is work
// that can fail with nothing written yet: its last result is an error,
// its body calls nothing but builtins and logging, and it logs the
// parameter (func saveBatch(evs []*event) error { log.Printf("saving %d",
// len(evs)); return nil }). Its contract is the processing's, whatever
// its body does today: a caller committing before it loses the record
// once the body is written. A logging helper without an error result is
// not one.
func (c *checker) stubOfWork(fn *ssa.Function, tainted map[ssa.Value]bool) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	logs := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Go, *ssa.Send, *ssa.Select, *ssa.MakeClosure:
				return false
			case ssa.CallInstruction:
				cc := x.Common()
				if _, ok := cc.Value.(*ssa.Builtin); ok {
					continue
				}
				callee := ssaflow.Callee(cc)
				if callee == nil || !c.ignored(callee) {
					return false
				}
				for _, a := range cc.Args {
					if tainted[a] {
						logs = true
					}
				}
			}
		}
	}
	return logs
}

// ignored reports whether calls of fn are not processing.
func (c *checker) ignored(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return true
	}
	if c.ignoredPath(fn.Pkg().Path()) {
		return true
	}
	// A project's own logger: a method named like logging whose last
	// parameter is ...any, as every logging signature has. A method of
	// that name taking anything else (Print(ctx, doc) on an application
	// interface) may be the effect.
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	if sig.Recv() == nil {
		// A project's logger package (applog.Debugf(format, args...)):
		// a function named like logging, taking ...any and returning
		// nothing (audit 36a/D1).
		return sig.Results().Len() == 0 && observe.LoggerMethod(fn.Name()) && takesAnys(sig)
	}
	switch fn.Name() {
	case "Print", "Printf", "Println", "Debug", "Debugf", "Info", "Infof", "Warn", "Warnf", "Error", "Errorf",
		"Debugw", "Infow", "Warnw", "Errorw", "Log", "Logf":
		if takesAnys(sig) {
			return true
		}
	case "String":
		return sig.Params().Len() == 0
	}
	return appLogger(fn, sig)
}

// ignoredPath reports whether the package path is one whose calls are
// not processing (logging, metrics, formatting, -ordering.ignore).
func (c *checker) ignoredPath(path string) bool {
	for _, p := range c.ignore {
		if strings.HasSuffix(p, "/...") {
			if strings.HasPrefix(path, strings.TrimSuffix(p, "...")) || path == strings.TrimSuffix(p, "/...") {
				return true
			}
			continue
		}
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// logField reports whether v, a call's result, builds a log line's field:
// a value of a logging package's type (slog.Attr, zap.Field) used only
// in logging (onlyLogged), or given only to calls making one
// (kslog.Record(format(r))). A result merely logged (n := st.Put(...);
// log.Printf("%d", n)) is not: the call may be the effect (review
// 36-2/D4).
func (c *checker) logField(v ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	if c.logType(v.Type()) {
		return c.onlyLogged(v, 0)
	}
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert:
			if !c.logField(r.(ssa.Value), depth+1) {
				return false
			}
		case *ssa.Call:
			if !c.logField(r, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// logType reports whether t (or what it points to, or holds) is a named
// type of a package whose calls are not processing (a logger's field).
func (c *checker) logType(t types.Type) bool {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		}
		break
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && c.ignoredPath(n.Obj().Pkg().Path())
}

// onlyLogged reports whether v, a call's result, is used only as an
// argument of calls that are not processing (ignored: a logger's), also
// through an interface conversion, a variadic list, or the results of
// calls it is given that are only logged in turn (depth bounded).
func (c *checker) onlyLogged(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 || depth > 3 {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert:
			if !c.onlyLogged(r.(ssa.Value), depth+1) {
				return false
			}
		case *ssa.Store:
			// An element of a variadic list: the list is only logged.
			ia, ok := r.Addr.(*ssa.IndexAddr)
			if !ok || r.Val != v {
				return false
			}
			arr, ok := ia.X.(*ssa.Alloc)
			if !ok {
				return false
			}
			for _, ar := range *arr.Referrers() {
				if sl, ok := ar.(*ssa.Slice); ok && !c.onlyLogged(sl, depth+1) {
					return false
				}
			}
		case *ssa.Call:
			f := ssaflow.Callee(r.Common())
			if f == nil || !c.ignored(f) && (r.Common().Signature().Results().Len() == 0 || !c.onlyLogged(r, depth+1)) {
				return false
			}
		default:
			if _, isIndex := r.(*ssa.IndexAddr); isIndex {
				continue // the variadic list's own elements
			}
			return false
		}
	}
	return true
}

// logLevels are the words a logging method's name starts with.
var logLevels = []string{"Trace", "Debug", "Info", "Warn", "Warning", "Error", "Fatal", "Panic", "Print", "Log"}

// appLogger reports whether fn is a logging method of an application's
// logger type: a method whose name starts with a level word (Info,
// InfoWithError, Errorf, ...) on a type whose name has the word Log or
// Logger in it (observability.Logger, AppLogger, an interface named
// logger), taking only a context, text, an error and a variadic list of
// fields: it writes a line, whatever it is given. A method taking
// anything else (an AuditLog's Log(ctx, entry)) may be the effect.
func appLogger(fn *types.Func, sig *types.Signature) bool {
	name := fn.Name()
	level := false
	for _, l := range logLevels {
		if rest, ok := strings.CutPrefix(name, l); ok && (rest == "" || rest[0] >= 'A' && rest[0] <= 'Z' || rest == "f" || rest == "w" || rest == "ln") {
			level = true
			break
		}
	}
	if !level {
		return false
	}
	named, ok := types.Unalias(ssaflow.Deref(sig.Recv().Type())).(*types.Named)
	if !ok || !namesLogger(named.Obj().Name()) {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			continue // fields, key-value pairs
		}
		if !textual(t) {
			return false
		}
	}
	return true
}

// namesLogger reports whether a type name has the word log or logger in
// it, split at its capitals: Logger, ZapLogger, logger, AppLog; not
// Catalog or Blog.
func namesLogger(name string) bool {
	word := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || name[i] >= 'A' && name[i] <= 'Z' {
			switch strings.ToLower(name[word:i]) {
			case "log", "logger", "logging":
				return true
			}
			word = i
		}
	}
	return false
}

// textual reports whether t is what a log line is made of: a context, a
// string, an error.
func textual(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	if ssaflow.IsContext(t) {
		return true
	}
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// takesAnys reports whether sig's last parameter is ...any.
func takesAnys(sig *types.Signature) bool {
	if !sig.Variadic() {
		return false
	}
	last, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if !ok {
		return false
	}
	iface, ok := last.Elem().Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// reachesAvoiding reports whether to is reachable from from without
// executing avoid.
func reachesAvoiding(from, to, avoid ssa.Instruction) bool {
	if from.Block() == to.Block() {
		after := false
		for _, instr := range from.Block().Instrs {
			if instr == from {
				after = true
			} else if instr == avoid && after {
				return false
			} else if instr == to && after {
				return true
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), from.Block().Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			if instr == to {
				return true
			}
			if instr == avoid {
				goto next
			}
		}
		stack = append(stack, b.Succs...)
	next:
	}
	return false
}

// onFailureOf reports whether site runs only when call returned an error:
// it is in the branch of an `if err != nil` (or the else of `if err ==
// nil`) on call's error result. There the position was not written, so
// nothing is lost if the work there is the record's (a log of the failed
// commit under the record's context, an alert); and a fix moving the call
// carries its error check with it, so counting that work would report the
// moved call again.
func onFailureOf(call *ssa.Call, site ssa.Instruction) bool {
	isErr := func(v ssa.Value) bool {
		if v == ssa.Value(call) {
			return true
		}
		ex, ok := v.(*ssa.Extract)
		return ok && ex.Tuple == ssa.Value(call) && types.Identical(ex.Type(), types.Universe.Lookup("error").Type())
	}
	for b := site.Block(); b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		pred := b.Preds[0]
		if len(pred.Instrs) == 0 {
			continue
		}
		ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
			continue
		}
		x, y := cmp.X, cmp.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, y = y, x
		}
		if k, isConst := y.(*ssa.Const); !isConst || !k.IsNil() || !isErr(x) {
			continue
		}
		failing := pred.Succs[0] // err != nil: the true branch
		if cmp.Op == token.EQL {
			failing = pred.Succs[1]
		}
		if b == failing {
			return true
		}
	}
	return false
}

// captures reports whether v is a closure binding a tainted value.
func captures(v ssa.Value, tainted map[ssa.Value]bool) bool {
	mc, ok := v.(*ssa.MakeClosure)
	return ok && slices.ContainsFunc(mc.Bindings, func(b ssa.Value) bool { return tainted[b] })
}
