package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Partition workers started by a rebalance callback (confluent): the
// callback starts a goroutine per assigned partition that commits what
// it processed, and never handles a revocation. After a revoke the
// worker keeps processing the records already handed to it and keeps
// committing a partition the consumer no longer owns.

// workerRevokes checks the goroutines that k's rebalance callbacks start.
func (c *checker) workerRevokes(k *consumer.Consumer) {
	c.eventCallbacks(k, func(hook *clientmodel.RevokeHook, reg ssa.CallInstruction, cb *ssa.Function) {
		c.revokedWorkers(k, hook, reg, cb)
	})
}

// eventCallbacks calls f with each rebalance callback registered on k
// (Subscribe, SubscribeTopics) that the analysis can see.
func (c *checker) eventCallbacks(k *consumer.Consumer, f func(*clientmodel.RevokeHook, ssa.CallInstruction, *ssa.Function)) {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				hook := eventsHook(k, ssaflow.Callee(ci.Common()))
				if hook == nil || !c.m.Is(k, ssaflow.Recv(ci.Common())) {
					continue
				}
				if cb := c.callbackFunc(ssaflow.Arg(ci.Common(), hook.Arg)); cb != nil {
					f(hook, ci, cb)
				}
			}
		}
	}
}

// revokedWorkers reports the goroutines a rebalance callback starts that
// commit k's records, when the callback does nothing on the revocation
// event that could stop them (neither it nor the functions of the
// package it calls assert an event to that type, or only in branches
// that log and call the client; nor do they hand the event to code the
// analysis cannot see).
func (c *checker) revokedWorkers(k *consumer.Consumer, hook *clientmodel.RevokeHook, reg ssa.CallInstruction, cb *ssa.Function) {
	if cb.Signature.Params().Len() < 2 {
		return
	}
	sig, ok := cb.Signature.Params().At(1).Type().(*types.Named)
	if !ok {
		return
	}
	eventType := types.TypeString(sig, nil)
	var gos []*ssa.Go
	asserts := false
	seen := map[*ssa.Function]bool{}
	var walk func(*ssa.Function) bool
	walk = func(f *ssa.Function) bool {
		if f == nil || seen[f] || !c.m.Flow.InPackage(f) {
			return true
		}
		seen[f] = true
		for _, anon := range f.AnonFuncs {
			if !walk(anon) {
				return false
			}
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.TypeAssert:
					if named, ok := x.AssertedType.(*types.Named); ok && named.Obj().Pkg() != nil &&
						named.Obj().Pkg().Path()+"."+named.Obj().Name() == hook.RevokeEvent {
						asserts = true // judged below: does its branch stop anything?
					}
				case *ssa.Go:
					gos = append(gos, x)
					continue // the goroutine is a worker, not the callback
				}
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ci.Common().StaticCallee()
				if (callee == nil || !c.m.Flow.InPackage(callee)) && !c.isClientFunc(ssaflow.Callee(ci.Common())) && passes(ci.Common(), eventType) {
					return false // the event goes where the analysis cannot see
				}
				if !walk(callee) {
					return false
				}
			}
		}
		return true
	}
	if !walk(cb) {
		return
	}
	for f := range seen {
		if c.otherEvents(f) {
			return // a default or else branch may handle the revocation
		}
	}
	if asserts && !c.revokeBranchesInert(seen, hook) {
		return // the callback handles revocations, maybe stopping the workers
	}
	for _, g := range gos {
		w := g.Call.StaticCallee()
		if w == nil {
			continue
		}
		commits, _ := c.reachCommits(w, k.Client)
		var mine []commitCall
		for _, cm := range commits {
			if r := ssaflow.Recv(cm.instr.Common()); c.m.Is(k, r) || c.callbackConsumer(r, g, w, cb) {
				mine = append(mine, cm)
			}
		}
		if len(mine) == 0 {
			continue
		}
		// The fix goes at the top of the function that starts the
		// worker, on the revocation: it must see every event.
		edits, why, ok := c.stopWorkersFix(k, hook, eventType, g, w, cb)
		noun := k.Client.RecordNoun
		event := clientmodel.BareName(hook.RevokeEvent)
		d := analysis.Diagnostic{
			Pos:      g.Pos(),
			End:      g.Pos() + token.Pos(len("go")),
			Category: CategoryRevoke,
			Message: fmt.Sprintf("this worker, started by the rebalance callback, commits its partition's %ss, and the callback does not stop it on %s: after a revoke the worker keeps processing the %ss handed to it and committing a partition this consumer no longer owns, so its next owner processes them again and a stale commit can move the group's position back (duplicates)",
				noun, event, noun),
			Related: []analysis.RelatedInformation{
				{Pos: mine[0].instr.Pos(), Message: "the worker commits here"},
				{Pos: reg.Pos(), Message: "the rebalance callback is registered here"},
			},
		}
		if ok {
			if why != "" {
				d.Message += "; " + why
			}
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Stop the revoked partitions' workers in the rebalance callback and wait for them to return",
				TextEdits: edits,
			}}
		} else {
			// The bug holds; only the fix is not built (#13).
			if why == "" {
				why = fmt.Sprintf("the fix closes the worker's channel, which it finds only in a sync.Map or a map field (under no lock, or a mutex of the same struct) keyed by the assigned partition and sent on only by the poll loop, for a worker that returns when its channel closes, started in a function that sees every event or that only the callback calls; on %s, have the callback close each revoked partition's channel (or cancel its worker) and wait for the worker to return before it returns", event)
			}
			d.Message += "; no automatic fix: " + why
		}
		c.report(d)
	}
}

// stopWorkersFix builds the fix for a worker started by g in a function
// of the rebalance callback: the worker's channel comes from a map field
// of the function's receiver (or of a parameter), a sync.Map loaded by a
// key, or a Go map the function stores it in by a key (and takes no lock
// for), the key
// made of the variable of a range over the assigned event's partitions;
// the worker returns when that channel is closed. The fix records a
// channel per key that a wrapper around the worker closes when it
// returns (in a new sync.Map field beside the channels'), and, at the top
// of the function, on a revocation, deletes and closes each revoked
// partition's channel and waits for its worker. The callback runs on the
// poll loop's goroutine (inside Poll), so no send to a channel races its
// close, and after the revoke the poll loop receives no message of a
// revoked partition. A lock of the map that the poll loop holds around
// the poll is taken out of the function (it would wait for itself), and
// the note returned says so; without a fix, the string says why.
func (c *checker) stopWorkersFix(k *consumer.Consumer, hook *clientmodel.RevokeHook, eventType string, g *ssa.Go, w, cb *ssa.Function) ([]analysis.TextEdit, string, bool) {
	fn := g.Parent()
	path := edit.Path(c.pass, g.Pos())
	var gs *ast.GoStmt
	for _, n := range path {
		if x, ok := n.(*ast.GoStmt); ok && x.Go == g.Pos() {
			gs = x
			break
		}
	}
	if gs == nil {
		return nil, "", false
	}
	ftype, body := edit.FuncOf(path)
	if _, fnBody := funcSyntax(fn); ftype == nil || body == nil || fnBody == nil || body != fnBody {
		return nil, "", false
	}
	// The worker's channel argument.
	chIdx := -1
	for i, a := range gs.Call.Args {
		if _, ok := c.pass.TypesInfo.TypeOf(a).Underlying().(*types.Chan); ok {
			if chIdx >= 0 {
				return nil, "", false
			}
			chIdx = i
		}
	}
	if chIdx < 0 {
		return nil, "", false
	}
	argOff := len(g.Call.Args) - len(gs.Call.Args) // a static method call's receiver
	if argOff < 0 || chIdx+argOff >= len(g.Call.Args) {
		return nil, "", false
	}
	src, ok := c.workerChannel(g.Call.Args[chIdx+argOff], fn, body)
	if !ok {
		return nil, "", false
	}
	fa := src.field
	if !c.sendsOnPollGoroutine(k, src.chType, fieldVar(fa)) {
		return nil, "", false // a send could race the close
	}
	// The callback runs inside the poll: a lock held around it is held
	// while the callback runs, and the worker the fix waits for must not
	// need it.
	held := c.heldAroundPoll(k)
	var unlock []analysis.TextEdit // the callback's own locking, taken out
	note := ""
	if src.lock != nil && held[src.lock] != "" {
		locks := fmt.Sprintf("locks %s, which the poll loop holds around %s, inside which the callback runs: it waits for itself at the first assignment, before any worker starts",
			c.text(src.recv)+"."+src.lock.Name(), held[src.lock])
		var ok bool
		if unlock, ok = c.lockStmts(body, src); !ok {
			return nil, fmt.Sprintf("the callback %s; take that lock out of the callback (the poll loop's hold guards the map while the callback runs), then on %s close each revoked partition's channel and wait for its worker",
				locks, clientmodel.BareName(hook.RevokeEvent)), false
		}
		// The poll loop's hold guards the map while the callback runs.
		note = "the callback also " + locks + " (the fix takes that lock out of the callback)"
		src.lock = nil
	}
	if v := c.workerLocks(w, held); v != nil {
		locks := fmt.Sprintf("the worker locks %s, which the poll loop holds around %s, inside which the callback runs: a callback waiting for the worker would wait for itself", c.text(src.recv)+"."+v.Name(), held[v])
		out, ok := c.pollOutOfHold(k, cb, v)
		if !ok {
			return nil, fmt.Sprintf("%s; take that lock around the map's reads only, not around the poll (the callback taking it for its own), or give the worker a lock of its own, then on %s close each revoked partition's channel and wait for its worker",
				locks, clientmodel.BareName(hook.RevokeEvent)), false
		}
		unlock = append(unlock, out...)
		if note != "" {
			note += "; "
		}
		note += locks + " (the fix takes " + held[v] + " out of that hold: the loop locks right after it)"
	}
	// The key is made of the variable of a range over the assigned
	// event's partitions, a range the go statement is in.
	rng, part := c.partitionRange(path, hook)
	if rng == nil {
		return nil, "", false
	}
	key := src.key
	pv := c.pass.TypesInfo.ObjectOf(rng.Value.(*ast.Ident))
	keyOK := true
	ast.Inspect(key, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := c.pass.TypesInfo.Uses[n].(*types.Var); ok && !v.IsField() && v != pv {
				keyOK = false
			}
		case *ast.CallExpr, *ast.FuncLit:
			keyOK = false
		}
		return keyOK
	})
	if !keyOK || key.Pos() < rng.Body.Lbrace {
		return nil, "", false
	}
	// Where the revocation is handled: the top of the function, when it
	// sees every event; else the top of the callback, when the function
	// is called by it alone, with its receiver (or parameter).
	recvText := c.text(src.recv)
	mapText := c.text(src.mapExpr)
	top, topFile, params := body.Lbrace+1, edit.File(c.pass, gs.Pos()), ftype.Params
	if !c.seesEveryEvent(cb, fn) {
		cbParams, cbBody, cbRecv, ok := c.callbackHolder(cb, fn, src)
		if !ok {
			return nil, "", false
		}
		recvText, mapText = cbRecv, cbRecv+"."+ast.Unparen(src.mapExpr).(*ast.SelectorExpr).Sel.Name
		top, topFile, params = cbBody.Lbrace+1, edit.File(c.pass, cbBody.Pos()), cbParams
	}
	// The event parameter of the function, where the revocation is
	// handled.
	evName := ""
	for _, f := range params.List {
		if types.TypeString(c.pass.TypesInfo.TypeOf(f.Type), nil) == eventType && len(f.Names) == 1 && f.Names[0].Name != "_" {
			evName = f.Names[0].Name
		}
	}
	if evName == "" {
		return nil, "", false
	}
	// The worker returns when its channel is closed.
	if !c.returnsOnClose(w, chIdx) {
		return nil, "", false
	}
	// The struct the channels' field belongs to, declared in this package.
	st, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil, "", false
	}
	named, ok := types.Unalias(st.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg {
		return nil, "", false
	}
	strct, ok := named.Underlying().(*types.Struct)
	if !ok || fa.Field >= strct.NumFields() {
		return nil, "", false
	}
	chField := strct.Field(fa.Field)
	var fieldNode *ast.Field
	for _, n := range edit.Path(c.pass, chField.Pos()) {
		if x, ok := n.(*ast.Field); ok {
			fieldNode = x
			break
		}
	}
	if fieldNode == nil {
		return nil, "", false
	}
	doneField := "workerDone"
	for i := 2; ; i++ {
		if obj, _, _ := types.LookupFieldOrMethod(named, true, c.pass.Pkg, doneField); obj == nil {
			break
		}
		doneField = fmt.Sprintf("workerDone%d", i)
	}
	revType, ok := c.typeText(c.revokeEventType(hook), topFile)
	if !ok {
		return nil, "", false
	}
	topChType, ok := c.typeText(src.chType, topFile)
	if !ok {
		return nil, "", false
	}
	var edits []analysis.TextEdit
	// The field: its line after the channels' field.
	fieldFile := edit.File(c.pass, fieldNode.Pos())
	syncName, imps := edit.Import(c.pass, fieldFile, "sync")
	edits = append(edits, imps...)
	fieldEnd := c.endOfLine(fieldNode.End())
	edits = append(edits, analysis.TextEdit{Pos: fieldEnd, End: fieldEnd,
		NewText: []byte("\n" + edit.Indent(c.pass, fieldNode.Pos()) + doneField + " " + syncName + ".Map // same keys -> chan struct{}, closed when the key's worker returns")})
	// The wrapper recording when the worker returns.
	doneMap := c.text(src.recv) + "." + doneField
	done := edit.FreeName(c.pass, gs.Pos(), "done")
	record := fmt.Sprintf("%s := make(chan struct{})\n%s.Store(%s, %s)", done, doneMap, c.text(key), done)
	topDone := recvText + "." + doneField
	wrap := fmt.Sprintf("go func() {\n\tdefer close(%s)\n\t%s\n}()", done, c.text(gs.Call))
	for _, id := range idents(gs.Call) {
		if id.Name == done {
			return nil, "", false
		}
	}
	if !c.stableAfter(gs.Call.Fun, body, gs.Pos()) || c.capturesLoopVar(gs.Call, body) {
		return nil, "", false
	}
	for _, a := range gs.Call.Args {
		if !c.stableAfter(a, body, gs.Pos()) && !c.stableTypeAssert(a, body, gs.Pos()) {
			return nil, "", false
		}
	}
	edits = append(edits, edit.InsertBefore(c.pass, gs, record))
	edits = append(edits, c.replaceStmt(gs, wrap)...)
	// The revocation, at the top of the function (or the callback).
	names := map[string]string{}
	for _, n := range []string{"revoked", "ok", "v", "ch", "done"} {
		names[n] = edit.FreeName(c.pass, top, n)
	}
	pname := rng.Value.(*ast.Ident).Name
	for _, n := range []string{evName, recvText, pname} {
		for _, m := range names {
			if n == m {
				return nil, "", false
			}
		}
	}
	if strings.Contains(topChType+" "+revType+" "+mapText, pname+".") {
		return nil, "", false // the loop's variable would shadow a name they use
	}
	stop := fmt.Sprintf(`if %[1]s, %[2]s := %[3]s.LoadAndDelete(%[4]s); %[2]s {
	close(%[1]s.(%[5]s))`, names["v"], names["ok"], mapText, c.text(key), topChType)
	if src.plain {
		stop = fmt.Sprintf(`if %[1]s, %[2]s := %[3]s[%[4]s]; %[2]s {
	delete(%[3]s, %[4]s)
	close(%[1]s)`, names["ch"], names["ok"], mapText, c.text(key))
	}
	if src.plain && src.lock != nil {
		// The map under its lock; the channel closed, and the worker
		// waited for, without it (the worker may take it).
		stop = fmt.Sprintf(`%[5]s.%[6]s.Lock()
%[1]s, %[2]s := %[3]s[%[4]s]
delete(%[3]s, %[4]s)
%[5]s.%[6]s.Unlock()
if %[2]s {
	close(%[1]s)`, names["ch"], names["ok"], mapText, c.text(key), recvText, src.lock.Name())
	}
	revoke := fmt.Sprintf(`if %[1]s, %[2]s := %[3]s.(%[4]s); %[2]s {
	// Stop the revoked partitions' workers and wait for their last
	// commits while the partitions are still assigned.
	for _, %[5]s := range %[1]s.%[6]s {
		%[7]s
			if %[8]s, %[2]s := %[9]s.LoadAndDelete(%[10]s); %[2]s {
				<-%[8]s.(chan struct{})
			}
		}
	}
}`, names["revoked"], names["ok"], evName, revType, pname, part, indentRest(stop, "\t\t"), names["done"], topDone, c.text(key))
	topBody := body
	if top != body.Lbrace+1 {
		_, topBody = funcSyntax(cb)
	}
	edits = append(edits, c.prependStmts(topBody.List, topBody.Lbrace, revoke))
	return append(edits, unlock...), note, true
}

// lockStmts returns the edits removing the statements of body (outside
// its function literals) that lock or unlock src.lock of src.recv, the
// deferred unlock included; false when there is none, when locks and
// unlocks do not pair, or when one is not a statement of its own.
func (c *checker) lockStmts(body *ast.BlockStmt, src *chanSource) ([]analysis.TextEdit, bool) {
	recv, _ := ast.Unparen(src.recv).(*ast.Ident)
	if recv == nil {
		return nil, false
	}
	// isLock reports whether call is recv.lock.Lock() or .Unlock().
	isLock := func(call *ast.CallExpr) (string, bool) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(call.Args) != 0 || sel.Sel.Name != "Lock" && sel.Sel.Name != "Unlock" {
			return "", false
		}
		f, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok || c.pass.TypesInfo.Uses[f.Sel] != src.lock {
			return "", false
		}
		x, ok := ast.Unparen(f.X).(*ast.Ident)
		return sel.Sel.Name, ok && c.pass.TypesInfo.Uses[x] == c.pass.TypesInfo.Uses[recv]
	}
	var edits []analysis.TextEdit
	locks, unlocks, ok := 0, 0, true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		var call *ast.CallExpr
		var stmt ast.Stmt
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			call, _ = ast.Unparen(n.X).(*ast.CallExpr)
			stmt = n
		case *ast.DeferStmt:
			call, stmt = n.Call, n
		case *ast.CallExpr:
			if _, isLk := isLock(n); isLk {
				ok = false // a lock used other than as a statement of its own
			}
			return true
		}
		if call == nil {
			return true
		}
		name, isLk := isLock(call)
		if !isLk {
			return true
		}
		e, removed := edit.RemoveStmt(c.pass, stmt)
		if !removed {
			ok = false
			return false
		}
		edits = append(edits, e)
		if name == "Lock" {
			locks++
		} else {
			unlocks++
		}
		return false
	})
	return edits, ok && locks > 0 && locks == unlocks
}

// callbackHolder returns the callback's parameters and body, and the
// name there of the value holding the workers' channels (src.recv in
// fn), when fn, unexported, is called only by the callback cb, directly,
// each time with the same parameter of cb (its receiver, say) for that
// value, which cb does not assign.
func (c *checker) callbackHolder(cb, fn *ssa.Function, src *chanSource) (*ast.FieldList, *ast.BlockStmt, string, bool) {
	params, body := funcSyntax(cb)
	p, ok := src.field.X.(*ssa.Parameter)
	j := slices.Index(fn.Params, p)
	if params == nil || body == nil || !ok || j < 0 || !c.calledOnlyBy(fn, map[*ssa.Function]bool{cb: true}) {
		return nil, nil, "", false
	}
	if _, isSel := ast.Unparen(src.mapExpr).(*ast.SelectorExpr); !isSel {
		return nil, nil, "", false
	}
	var holder *ssa.Parameter
	for _, site := range c.m.Flow.Callers(fn) {
		args := site.Common().Args
		if j >= len(args) {
			return nil, nil, "", false
		}
		a, ok := args[j].(*ssa.Parameter)
		if !ok || a.Parent() != cb || holder != nil && a != holder {
			return nil, nil, "", false
		}
		holder = a
	}
	if holder == nil || holder.Object() == nil || holder.Name() == "_" || holder.Name() == "" {
		return nil, nil, "", false
	}
	// cb neither assigns it nor takes its address.
	obj := holder.Object()
	assigned := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && c.pass.TypesInfo.ObjectOf(id) == obj {
					assigned = true
				}
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && x.Op == token.AND && c.pass.TypesInfo.Uses[id] == obj {
				assigned = true
			}
		}
		return !assigned
	})
	if assigned {
		return nil, nil, "", false
	}
	return params, body, holder.Name(), true
}

// callbackConsumer reports whether v, in the worker w that g starts, is
// the consumer the client passes the callback cb (its first parameter):
// a parameter of w given it by g, in cb or in a function cb's entry
// block calls with it.
func (c *checker) callbackConsumer(v ssa.Value, g *ssa.Go, w, cb *ssa.Function) bool {
	p, ok := v.(*ssa.Parameter)
	consumerParam := cbParam(cb, 0)
	if !ok || p.Parent() != w || consumerParam == nil {
		return false
	}
	i := slices.Index(w.Params, p)
	if i < 0 || i >= len(g.Call.Args) {
		return false
	}
	a, ok := g.Call.Args[i].(*ssa.Parameter)
	if !ok {
		return false
	}
	fn := g.Parent()
	if fn == cb {
		return a == consumerParam
	}
	j := slices.Index(fn.Params, a)
	if j < 0 || len(cb.Blocks) == 0 {
		return false
	}
	for _, instr := range cb.Blocks[0].Instrs {
		if call, ok := instr.(*ssa.Call); ok && call.Call.StaticCallee() == fn && j < len(call.Call.Args) && call.Call.Args[j] == consumerParam {
			return true
		}
	}
	return false
}

// seesEveryEvent reports whether fn runs for every event the callback cb
// gets: it is cb, or cb's entry block calls it with cb's event.
func (c *checker) seesEveryEvent(cb, fn *ssa.Function) bool {
	if fn == cb {
		return true
	}
	ev := cbParam(cb, 1)
	if len(cb.Blocks) == 0 || ev == nil {
		return false
	}
	for _, instr := range cb.Blocks[0].Instrs {
		call, ok := instr.(*ssa.Call)
		if !ok || call.Call.StaticCallee() != fn {
			continue
		}
		for _, a := range call.Call.Args {
			if a == ev {
				return true
			}
		}
	}
	return false
}

// cbParam returns parameter i of the callback's signature (a method's
// receiver not counted), or nil.
func cbParam(cb *ssa.Function, i int) *ssa.Parameter {
	off := len(cb.Params) - cb.Signature.Params().Len()
	if off < 0 || off+i >= len(cb.Params) {
		return nil
	}
	return cb.Params[off+i]
}

// revokeBranchesInert reports whether every branch of the functions fs
// taken on the revocation event (a type switch's case listing only it,
// the body of an if asserting it) does nothing that could stop a worker:
// it only logs, calls the client's methods (Unassign, Commit), assigns
// local variables and returns.
func (c *checker) revokeBranchesInert(fs map[*ssa.Function]bool, hook *clientmodel.RevokeHook) bool {
	isRevoke := func(e ast.Expr) bool {
		n, ok := c.pass.TypesInfo.TypeOf(e).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path()+"."+n.Obj().Name() == hook.RevokeEvent
	}
	ok := true
	for f := range fs {
		if f.Syntax() == nil || f.Parent() != nil {
			continue
		}
		handled := map[*ast.TypeAssertExpr]bool{}
		ast.Inspect(f.Syntax(), func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.TypeSwitchStmt:
				for _, st := range x.Body.List {
					cc := st.(*ast.CaseClause)
					if !c.listsType(cc, hook.RevokeEvent) {
						continue
					}
					if len(cc.List) != 1 || !c.inert(cc.Body) {
						ok = false
					}
				}
			case *ast.IfStmt:
				as, isAs := x.Init.(*ast.AssignStmt)
				if !isAs || len(as.Rhs) != 1 || len(as.Lhs) != 2 {
					break
				}
				ta, isTA := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
				if !isTA || ta.Type == nil || !isRevoke(ta.Type) {
					break
				}
				okID, isID := as.Lhs[1].(*ast.Ident)
				cond, condID := ast.Unparen(x.Cond).(*ast.Ident)
				if !isID || !condID || c.pass.TypesInfo.ObjectOf(okID) != c.pass.TypesInfo.Uses[cond] || !c.inert(x.Body.List) {
					ok = false
				}
				handled[ta] = true
			case *ast.TypeAssertExpr:
				if x.Type != nil && isRevoke(x.Type) && !handled[x] {
					ok = false // asserted in a shape not judged
				}
			}
			return ok
		})
	}
	return ok
}

// inert reports whether statements only log, call the client's methods,
// assign local variables and return.
func (c *checker) inert(list []ast.Stmt) bool {
	ok := true
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				fn := c.calleeOf(x)
				if fn == nil || !(c.isLogging(x) || c.isClientFunc(fn)) {
					ok = false
				}
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if _, isID := l.(*ast.Ident); !isID {
						ok = false
					}
				}
			case *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit, *ast.IncDecStmt:
				ok = false
			case *ast.UnaryExpr:
				if x.Op == token.ARROW {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// otherEvents reports whether a function's syntax has a branch for the
// events a type switch or assertion does not name: a type switch's
// default clause, or an else after an if asserting a type, that does
// something.
func (c *checker) otherEvents(f *ssa.Function) bool {
	if f.Syntax() == nil || f.Parent() != nil {
		return false // a closure is inspected with its parent
	}
	found := false
	ast.Inspect(f.Syntax(), func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.TypeSwitchStmt:
			for _, st := range x.Body.List {
				if cc, ok := st.(*ast.CaseClause); ok && cc.List == nil && len(cc.Body) > 0 {
					found = true
				}
			}
		case *ast.IfStmt:
			if x.Else == nil {
				break
			}
			if as, ok := x.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				if _, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// chanSource is where a worker's channel comes from: a map field of the
// receiver (or a parameter) of the function starting the worker.
type chanSource struct {
	mapExpr ast.Expr // s.channels
	recv    ast.Expr // s
	key     ast.Expr
	field   *ssa.FieldAddr
	chType  types.Type
	// plain is a Go map (map[K]chan T, indexed and deleted in place),
	// else a sync.Map.
	plain bool
	// lock, for a plain map, is the mutex field of recv that guards it
	// (the function starting the worker takes it), or nil.
	lock *types.Var
}

// workerChannel traces a worker's channel argument v in fn to the map it
// is kept in: a value loaded from a sync.Map field (Load, LoadOrStore)
// and asserted to the channel's type, or a channel stored in a map field
// (s.workers[key] = ch) in fn.
func (c *checker) workerChannel(v ssa.Value, fn *ssa.Function, body *ast.BlockStmt) (*chanSource, bool) {
	if ta, ok := v.(*ssa.TypeAssert); ok && !ta.CommaOk {
		ex, ok := ta.X.(*ssa.Extract)
		if !ok || ex.Index != 0 {
			return nil, false
		}
		load, ok := ex.Tuple.(*ssa.Call)
		if !ok {
			return nil, false
		}
		lf := ssaflow.Callee(load.Common())
		if lf == nil || (lf.FullName() != "(*sync.Map).Load" && lf.FullName() != "(*sync.Map).LoadOrStore") {
			return nil, false
		}
		fa, ok := load.Call.Args[0].(*ssa.FieldAddr)
		if !ok {
			return nil, false
		}
		loadCall, _ := edit.CallAt(c.pass, load.Pos())
		if loadCall == nil || len(loadCall.Args) == 0 {
			return nil, false
		}
		loadSel, ok := ast.Unparen(loadCall.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		return c.chanSourceOf(&chanSource{mapExpr: loadSel.X, key: loadCall.Args[0], field: fa, chType: ta.AssertedType}, fn, body)
	}
	// A channel stored in a map field: the one update of fn storing it.
	var mu *ssa.MapUpdate
	var lock *ssa.FieldAddr
	var store *ssa.Call // or a sync.Map field's Store
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if f := ssaflow.Callee(call.Common()); f != nil && f.FullName() == "(*sync.Map).Store" && len(call.Call.Args) == 3 {
					if mi, ok := call.Call.Args[2].(*ssa.MakeInterface); ok && mi.X == v {
						if store != nil {
							return nil, false
						}
						store = call
					}
				}
			}
			switch x := instr.(type) {
			case *ssa.MapUpdate:
				if x.Value == v {
					if mu != nil {
						return nil, false
					}
					mu = x
				}
			case ssa.CallInstruction:
				if f := ssaflow.Callee(x.Common()); f != nil && f.Pkg() != nil && f.Pkg().Path() == "sync" && (f.Name() == "Lock" || f.Name() == "RLock") {
					// A lock guards the map: the revocation takes it too,
					// when it is a mutex field of the map's struct.
					lfa, ok := ssaflow.Recv(x.Common()).(*ssa.FieldAddr)
					if !ok || f.Name() != "Lock" || (lock != nil && fieldVar(lock) != fieldVar(lfa)) {
						return nil, false
					}
					lock = lfa
				}
			}
		}
	}
	if store != nil && mu == nil && lock == nil {
		fa, ok := store.Call.Args[0].(*ssa.FieldAddr)
		if !ok {
			return nil, false
		}
		sc, _ := edit.CallAt(c.pass, store.Pos())
		if sc == nil || len(sc.Args) != 2 {
			return nil, false
		}
		sel, ok := ast.Unparen(sc.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		return c.chanSourceOf(&chanSource{mapExpr: sel.X, key: sc.Args[0], field: fa, chType: v.Type()}, fn, body)
	}
	if mu == nil || store != nil {
		return nil, false
	}
	load, ok := mu.Map.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || lock != nil && (lock.X != fa.X || fieldVar(lock) == nil) {
		return nil, false
	}
	var idx *ast.IndexExpr
	for _, n := range edit.Path(c.pass, mu.Pos()) {
		if x, ok := n.(*ast.IndexExpr); ok && x.Lbrack == mu.Pos() {
			idx = x
			break
		}
	}
	if idx == nil {
		return nil, false
	}
	src := &chanSource{mapExpr: idx.X, key: idx.Index, field: fa, chType: v.Type(), plain: true}
	if lock != nil {
		src.lock = fieldVar(lock)
	}
	return c.chanSourceOf(src, fn, body)
}

// chanSourceOf completes src: its map is a field of fn's receiver or
// parameter, not assigned in fn, written as a selector of it.
func (c *checker) chanSourceOf(src *chanSource, fn *ssa.Function, body *ast.BlockStmt) (*chanSource, bool) {
	if p, ok := src.field.X.(*ssa.Parameter); !ok || p.Parent() != fn {
		return nil, false
	}
	sel, ok := ast.Unparen(src.mapExpr).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	recv, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, false
	}
	// Neither the receiver nor the field is assigned (the map's elements
	// may be), nor the receiver's address taken.
	obj := c.pass.TypesInfo.Uses[recv]
	text := c.text(src.mapExpr)
	assigned := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				l = ast.Unparen(l)
				if id, isID := l.(*ast.Ident); isID && c.pass.TypesInfo.ObjectOf(id) == obj {
					assigned = true
				}
				if _, isSel := l.(*ast.SelectorExpr); isSel && c.text(l) == text {
					assigned = true
				}
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && x.Op == token.AND && c.pass.TypesInfo.Uses[id] == obj {
				assigned = true
			}
		}
		return !assigned
	})
	if obj == nil || assigned {
		return nil, false
	}
	src.recv = sel.X
	return src, true
}

// capturesLoopVar reports whether the call mentions a variable a loop
// of body declares, in a file of a Go version before 1.22: a closure
// would then see the loop's last value.
func (c *checker) capturesLoopVar(call *ast.CallExpr, body *ast.BlockStmt) bool {
	f := edit.File(c.pass, call.Pos())
	if v := c.pass.TypesInfo.FileVersions[f]; v != "" && version.Compare(v, "go1.22") >= 0 {
		return false
	}
	loopVars := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{x.Key, x.Value} {
				if id, ok := e.(*ast.Ident); ok && x.Tok == token.DEFINE {
					loopVars[c.pass.TypesInfo.Defs[id]] = true
				}
			}
		case *ast.ForStmt:
			if as, ok := x.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						loopVars[c.pass.TypesInfo.Defs[id]] = true
					}
				}
			}
		}
		return true
	})
	for _, id := range idents(call) {
		if loopVars[c.pass.TypesInfo.Uses[id]] {
			return true
		}
	}
	return false
}

// sendsOnPollGoroutine reports whether every send on a channel of type
// t in the package, but those on channels read from another map field
// than field, is made by a function that polls k (the goroutine the
// rebalance callback runs on, inside the poll), not by a closure.
func (c *checker) sendsOnPollGoroutine(k *consumer.Consumer, t types.Type, field *types.Var) bool {
	polls := map[*ssa.Function]bool{}
	for _, call := range k.Calls {
		if call.Role == clientmodel.Fetch && call.Fn != nil {
			polls[call.Fn] = true
		}
	}
	// The functions polling another consumer of the client too: a
	// struct type can serve several consumers, each instance one.
	for _, other := range c.m.Consumers {
		if other.Client == k.Client {
			for _, call := range other.Calls {
				if call.Role == clientmodel.Fetch && call.Fn != nil {
					polls[call.Fn] = true
				}
			}
		}
	}
	sends := 0
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if snd, ok := instr.(*ssa.Send); ok && types.Identical(snd.Chan.Type(), t) {
					if f := chanField(snd.Chan); f != nil && f != field {
						continue // another map's channel
					}
					if !polls[fn] && !c.calledOnlyBy(fn, polls) {
						return false
					}
					sends++
				}
			}
		}
	}
	return sends > 0
}

// heldAroundPoll returns the locks (mutex fields or variables) held
// around a poll of k, each with the poll's name: held by the function
// polling, or by a function of the package calling it, directly or
// through others (lockedAround). The rebalance callback runs inside the
// poll, under them.
func (c *checker) heldAroundPoll(k *consumer.Consumer) map[*types.Var]string {
	held := map[*types.Var]string{}
	for _, call := range k.Calls {
		if call.Role != clientmodel.Fetch || call.Fn == nil {
			continue
		}
		poll := clientmodel.BareName(call.Func)
		seen := map[*ssa.Function]bool{}
		var up func(fn *ssa.Function, at token.Pos)
		up = func(fn *ssa.Function, at token.Pos) {
			for fn.Parent() != nil {
				fn = fn.Parent() // a closure: its lines are its parent's
			}
			for v := range c.lockedAround(fn.Syntax(), at) {
				held[v] = poll
			}
			if seen[fn] {
				return
			}
			seen[fn] = true
			for _, site := range c.m.Flow.Callers(fn) {
				up(site.Parent(), site.Pos())
			}
		}
		up(call.Fn, call.Pos())
	}
	return held
}

// lockedAround returns the locks that fn's body holds at position at:
// taken by a Lock or RLock statement before it in a
// statement list and not released by an Unlock or RUnlock statement of
// that list in between (a deferred unlock releases it only at return).
func (c *checker) lockedAround(fn ast.Node, at token.Pos) map[*types.Var]bool {
	held := map[*types.Var]bool{}
	if fn == nil {
		return held
	}
	scan := func(list []ast.Stmt) {
		for i, st := range list {
			v, op := c.lockStmt(st)
			if v == nil || (op != "Lock" && op != "RLock") {
				continue
			}
			end := fn.End()
			for _, later := range list[i+1:] {
				if u, uop := c.lockStmt(later); u == v && (uop == "Unlock" || uop == "RUnlock") {
					end = later.Pos()
					break
				}
			}
			if st.End() <= at && at < end {
				held[v] = true
			}
		}
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BlockStmt:
			scan(x.List)
		case *ast.CaseClause:
			scan(x.Body)
		case *ast.CommClause:
			scan(x.Body)
		}
		return true
	})
	return held
}

// lockStmt returns the mutex a statement locks or unlocks (`s.mu.Lock()`,
// a promoted `s.Lock()` naming the embedded mutex), and the method.
func (c *checker) lockStmt(st ast.Stmt) (*types.Var, string) {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return nil, ""
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return nil, ""
	}
	return c.lockCall(call)
}

// lockCall returns the mutex a call of sync's Lock, RLock, Unlock or
// RUnlock is made on, and the method; nil for another call, or a mutex
// that is not a variable or field.
func (c *checker) lockCall(call *ast.CallExpr) (*types.Var, string) {
	fn := c.calleeOf(call)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if fn == nil || !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return nil, ""
	}
	var v *types.Var
	if s := c.pass.TypesInfo.Selections[sel]; s != nil && len(s.Index()) > 1 {
		// Promoted from an embedded mutex: the field on the path.
		t := s.Recv()
		for _, i := range s.Index()[:len(s.Index())-1] {
			if p, isPtr := t.Underlying().(*types.Pointer); isPtr {
				t = p.Elem()
			}
			st, isStruct := t.Underlying().(*types.Struct)
			if !isStruct {
				return nil, ""
			}
			v = st.Field(i)
			t = v.Type()
		}
	} else {
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.Ident:
			v, _ = c.pass.TypesInfo.Uses[x].(*types.Var)
		case *ast.SelectorExpr:
			v, _ = c.pass.TypesInfo.Uses[x.Sel].(*types.Var)
		}
	}
	return v, fn.Name()
}

// workerLocks returns a lock of held that the worker w, or a function
// of the package it calls, takes; or nil.
func (c *checker) workerLocks(w *ssa.Function, held map[*types.Var]string) *types.Var {
	if len(held) == 0 {
		return nil
	}
	for _, f := range c.reached(w) {
		if f.Syntax() == nil || f.Parent() != nil {
			continue // a closure: its syntax is its parent's
		}
		var found *types.Var
		ast.Inspect(f.Syntax(), func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if v, op := c.lockCall(call); held[v] != "" && (op == "Lock" || op == "RLock") {
					found = v
				}
			}
			return found == nil
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// calledOnlyBy reports whether fn, an unexported function or method of
// the package (not a closure), is called only by functions of set, and
// only directly (no go or defer statement, no function value): it runs
// on their goroutine.
func (c *checker) calledOnlyBy(fn *ssa.Function, set map[*ssa.Function]bool) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Exported() || fn.Parent() != nil {
		return false
	}
	sites := c.m.Flow.Callers(fn)
	for _, site := range sites {
		call, ok := site.(*ssa.Call)
		if !ok || !set[call.Parent()] || call.Common().IsInvoke() {
			return false
		}
	}
	uses := 0
	for _, o := range c.pass.TypesInfo.Uses {
		if o == obj {
			uses++
		}
	}
	return len(sites) > 0 && uses == len(sites)
}

// chanField returns the field a channel value is read from (a
// sync.Map's Load or LoadOrStore asserted to the channel's type, an
// index of a map field, or a channel field), or nil.
func chanField(v ssa.Value) *types.Var {
	switch x := v.(type) {
	case *ssa.TypeAssert:
		ex, ok := x.X.(*ssa.Extract)
		if !ok {
			return nil
		}
		call, ok := ex.Tuple.(*ssa.Call)
		if !ok || len(call.Call.Args) == 0 {
			return nil
		}
		if fa, ok := call.Call.Args[0].(*ssa.FieldAddr); ok {
			return fieldVar(fa)
		}
	case *ssa.Lookup:
		if load, ok := x.X.(*ssa.UnOp); ok && load.Op == token.MUL {
			if fa, ok := load.X.(*ssa.FieldAddr); ok {
				return fieldVar(fa)
			}
		}
	case *ssa.UnOp:
		// A channel field of a struct (w.ch): not a map's.
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fieldVar(fa)
		}
	}
	return nil
}

// fieldVar returns the field a FieldAddr addresses.
func fieldVar(fa *ssa.FieldAddr) *types.Var {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field)
}

// idents returns the identifiers in n.
func idents(n ast.Node) []*ast.Ident {
	var out []*ast.Ident
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			out = append(out, id)
		}
		return true
	})
	return out
}

// stableTypeAssert is stableAfter for a type assertion of a stable
// expression (v.(chan T)): it panics or not the same way later.
func (c *checker) stableTypeAssert(e ast.Expr, fn ast.Node, pos token.Pos) bool {
	ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
	return ok && ta.Type != nil && c.stableAfter(ta.X, fn, pos)
}

// endOfLine returns the end of the line holding pos.
func (c *checker) endOfLine(pos token.Pos) token.Pos {
	tf := c.pass.Fset.File(pos)
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return pos
	}
	eol := tf.Offset(pos)
	for eol < len(content) && content[eol] != '\n' {
		eol++
	}
	return tf.Pos(eol)
}

// revokeEventType returns the type of the client's revocation event.
func (c *checker) revokeEventType(hook *clientmodel.RevokeHook) types.Type {
	for _, p := range c.pass.Pkg.Imports() {
		if obj := p.Scope().Lookup(clientmodel.BareName(hook.RevokeEvent)); obj != nil && p.Path()+"."+obj.Name() == hook.RevokeEvent {
			return obj.Type()
		}
	}
	return nil
}

// partitionRange returns the innermost range statement of path over a
// field of a struct event (the assigned partitions) whose value variable
// is named, when the revocation event has a field of that name and type;
// and that field's name.
func (c *checker) partitionRange(path []ast.Node, hook *clientmodel.RevokeHook) (*ast.RangeStmt, string) {
	rev := c.revokeEventType(hook)
	if rev == nil {
		return nil, ""
	}
	for _, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			return nil, ""
		}
		rng, ok := n.(*ast.RangeStmt)
		if !ok {
			continue
		}
		id, ok := rng.Value.(*ast.Ident)
		if !ok || id.Name == "_" || rng.Tok != token.DEFINE {
			return nil, ""
		}
		// The revocation event's field of the ranged slice's type (the
		// assigned event's partitions, or a parameter given them): the
		// key made of the range's value names a partition either way.
		st, ok := rev.Underlying().(*types.Struct)
		if !ok {
			return nil, ""
		}
		name := ""
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Exported() && types.Identical(f.Type(), c.pass.TypesInfo.TypeOf(rng.X)) {
				if name != "" {
					return nil, ""
				}
				name = f.Name()
			}
		}
		if name == "" {
			return nil, ""
		}
		return rng, name
	}
	return nil, ""
}

// returnsOnClose reports whether worker function w returns when its
// parameter i (a channel) is closed: it ranges over it, or receives
// from it with a second result that an if tests (`if !ok { return }`).
func (c *checker) returnsOnClose(w *ssa.Function, i int) bool {
	params, body := funcSyntax(w)
	if params == nil || body == nil {
		return false
	}
	var param types.Object
	n := 0
	for _, f := range params.List {
		for _, id := range f.Names {
			if n == i {
				param = c.pass.TypesInfo.Defs[id]
			}
			n++
		}
	}
	if param == nil {
		return false
	}
	isParam := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == param
	}
	oks := map[types.Object]bool{}
	ranged := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.RangeStmt:
			if isParam(x.X) {
				ranged = true
			}
		case *ast.AssignStmt:
			if len(x.Lhs) == 2 && len(x.Rhs) == 1 {
				if u, ok := ast.Unparen(x.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW && isParam(u.X) {
					if id, ok := x.Lhs[1].(*ast.Ident); ok {
						if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil {
							oks[obj] = true
						}
					}
				}
			}
		}
		return true
	})
	if ranged {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		u, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			return true
		}
		id, ok := ast.Unparen(u.X).(*ast.Ident)
		if !ok || !oks[c.pass.TypesInfo.Uses[id]] || len(ifs.Body.List) == 0 {
			return true
		}
		if _, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); ok {
			found = true
		}
		return !found
	})
	return found
}
