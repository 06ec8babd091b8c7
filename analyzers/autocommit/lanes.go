package autocommit

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- records sent on a channel held in a map, one per partition ----

// A lane is one channel of a map of channels keyed by the record's
// partition, made with its one worker the first time the loop sees the
// partition:
//
//	ch, ok := lanes[m.Partition]
//	if !ok {
//		ch = make(chan T, n)
//		lanes[m.Partition] = ch
//		go func() {
//			for m := range ch {
//				process(m)
//			}
//		}()
//	}
//	ch <- m // or lanes[m.Partition] <- m
//
// Every record of a partition goes to the same channel, and one worker
// takes them in order, so the end of the worker's loop body is after the
// processing of its record and of every earlier record of the partition:
// a commit, store or mark of the record there passes no record still in
// flight (the fixes of the three clients put one there).
type lane struct {
	v    *ast.Ident // the worker's variable for each record
	body []ast.Stmt // the worker's loop body, which processes it
	loop *ast.RangeStmt
	m    types.Object // the map of lanes
}

// laneOf returns the lane that the send ss of the record msg uses, ss
// being a statement of list. False for any other shape: a map or channel
// used anywhere else (ranged over, deleted from, passed on, closed), a key
// other than the record's partition (records of one partition would reach
// several workers, which finish them out of order), a lane with another
// worker or none, or the record used in list other than for the key and
// the send (before the send: a use that hands it on). With anyKey, the
// key may be any field of the record (string(m.Key)), converted or not,
// the same at the lookup, the store and the send: a lane per key, whose
// workers finish a partition's records out of order.
func (c *checker) laneOf(ss *ast.SendStmt, list []ast.Stmt, msg types.Object, anyKey bool) (*lane, bool) {
	i := slices.Index(list, ast.Stmt(ss))
	if i < 0 || msg == nil {
		return nil, false
	}
	id := identOf(ss.Value)
	if id == nil || c.pass.TypesInfo.Uses[id] != msg {
		return nil, false
	}
	cl := clientmodel.Default.Record(msg.Type())
	if cl == nil {
		return nil, false
	}
	partition := partitionOf(cl, msg.Name())
	if partition == "" && !anyKey {
		return nil, false
	}
	// The lookup and the if that makes a missing lane.
	var look *ast.AssignStmt
	var ifs *ast.IfStmt
	for j := 0; j+1 < i; j++ {
		as, ok := list[j].(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			continue
		}
		if _, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr); !ok {
			continue
		}
		nx, ok := list[j+1].(*ast.IfStmt)
		if !ok {
			continue
		}
		look, ifs = as, nx
		break
	}
	if look == nil {
		return nil, false
	}
	chID, okID := identOf(look.Lhs[0]), identOf(look.Lhs[1])
	if chID == nil || okID == nil {
		return nil, false
	}
	ch, okVar := c.pass.TypesInfo.Defs[chID], c.pass.TypesInfo.Defs[okID]
	if ch == nil || okVar == nil {
		return nil, false
	}
	if _, isChan := ch.Type().Underlying().(*types.Chan); !isChan {
		return nil, false
	}
	ix := ast.Unparen(look.Rhs[0]).(*ast.IndexExpr)
	mID := identOf(ix.X)
	if mID == nil {
		return nil, false
	}
	m, ok := c.pass.TypesInfo.Uses[mID].(*types.Var)
	if !ok || m.IsField() || m.Parent() == nil || m.Parent() == c.pass.Pkg.Scope() {
		return nil, false
	}
	keys := []ast.Expr{ix.Index}
	// The if: `!ok`, no init, no else; the lane made, stored in the map
	// and given its one worker, ranging over it.
	if ifs.Init != nil || ifs.Else != nil {
		return nil, false
	}
	if u, isNot := ast.Unparen(ifs.Cond).(*ast.UnaryExpr); !isNot || u.Op != token.NOT || c.pass.TypesInfo.Uses[identOf(u.X)] != okVar {
		return nil, false
	}
	made, stored, started := -1, -1, -1
	var l *lane
	for j, s := range ifs.Body.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok != token.ASSIGN {
				break
			}
			if c.pass.TypesInfo.Uses[identOf(s.Lhs[0])] == ch && isMakeChan(c.pass, s.Rhs[0]) && made < 0 {
				made = j
				continue
			}
			if lx, isIx := ast.Unparen(s.Lhs[0]).(*ast.IndexExpr); isIx && c.pass.TypesInfo.Uses[identOf(lx.X)] == m &&
				c.pass.TypesInfo.Uses[identOf(s.Rhs[0])] == ch && stored < 0 {
				stored = j
				keys = append(keys, lx.Index)
				continue
			}
		case *ast.GoStmt:
			if w := c.laneWorker(s, ch); w != nil && started < 0 {
				started, l = j, w
				continue
			}
		}
		if c.usesOf(s, ch) > 0 || c.usesOf(s, m) > 0 || c.usesOf(s, msg) > 0 {
			return nil, false
		}
	}
	if made < 0 || stored < 0 || started < 0 || made > started || made > stored {
		return nil, false
	}
	// The send: on the lane, or on the map's element for the same key.
	sendUses := 0
	switch x := ast.Unparen(ss.Chan).(type) {
	case *ast.Ident:
		if c.pass.TypesInfo.Uses[x] != ch {
			return nil, false
		}
		sendUses = 1
	case *ast.IndexExpr:
		if c.pass.TypesInfo.Uses[identOf(x.X)] != m {
			return nil, false
		}
		keys = append(keys, x.Index)
	default:
		return nil, false
	}
	// Every key is the record's partition (with anyKey, the same field
	// of the record).
	want := partition
	if anyKey {
		want = c.recordKey(keys[0], msg)
	}
	for _, k := range keys {
		if want == "" || c.recordKey(k, msg) != want {
			return nil, false
		}
	}
	// The map and the lane are used nowhere else.
	fd := c.enclosingFunc(list[0].Pos())
	if fd == nil {
		return nil, false
	}
	if c.usesOf(fd, m) != len(keys) || c.usesOf(fd, ch) != 3+sendUses {
		return nil, false
	}
	// The record: only the keys and the send use it from the lookup on;
	// no statement before them hands it on.
	inKeys := 0
	for _, k := range keys {
		inKeys += c.usesOf(k, msg)
	}
	var from []ast.Stmt
	for j, s := range list {
		if s == look {
			from = list[j : i+1]
			break
		}
		if j < i && c.handedOn([]ast.Stmt{s}, msg.Name()) {
			return nil, false
		}
	}
	n := 0
	for _, s := range from {
		n += c.usesOf(s, msg)
	}
	if n != inKeys+1 || slices.ContainsFunc(list[i+1:], func(s ast.Stmt) bool { return c.usesOf(s, msg) > 0 }) {
		return nil, false
	}
	l.m = m
	return l, true
}

// laneWorker returns the lane's worker that the go statement g starts: a
// function literal whose body is one range over ch declaring its
// variable, which the body does not hand on; the literal has no
// parameters, or one that the go statement passes ch and the range is
// over (go func(ch chan T) { for m := range ch { ... } }(ch)).
func (c *checker) laneWorker(g *ast.GoStmt, ch types.Object) *lane {
	lit, ok := g.Call.Fun.(*ast.FuncLit)
	if !ok || len(lit.Body.List) != 1 {
		return nil
	}
	over := ch
	switch {
	case len(g.Call.Args) == 0 && lit.Type.Params.NumFields() == 0:
	case len(g.Call.Args) == 1 && lit.Type.Params.NumFields() == 1 && len(lit.Type.Params.List[0].Names) == 1 &&
		c.pass.TypesInfo.Uses[identOf(g.Call.Args[0])] == ch:
		over = c.pass.TypesInfo.Defs[lit.Type.Params.List[0].Names[0]]
		if over == nil || c.usesOf(lit.Body, over) != 1 {
			return nil
		}
	default:
		return nil
	}
	rs, ok := lit.Body.List[0].(*ast.RangeStmt)
	if !ok || rs.Tok != token.DEFINE || rs.Value != nil || c.pass.TypesInfo.Uses[identOf(rs.X)] != over {
		return nil
	}
	v := identOf(rs.Key)
	if v == nil || len(rs.Body.List) == 0 || c.handedOn(rs.Body.List, v.Name) {
		return nil
	}
	return &lane{v: v, body: rs.Body.List, loop: rs}
}

// isMakeChan reports whether e is make(chan T) or make(chan T, n).
func isMakeChan(pass *analysis.Pass, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	if b, isB := pass.TypesInfo.Uses[identOf(call.Fun)].(*types.Builtin); !isB || b.Name() != "make" {
		return false
	}
	_, isChan := pass.TypesInfo.TypeOf(call.Args[0]).Underlying().(*types.Chan)
	return isChan
}

// partitionOf spells the partition of the record named rec as the client
// model does (its low-water write's Partition), conversions removed: ""
// when the model spells none.
func partitionOf(cl *clientmodel.Client, rec string) string {
	lw := clientmodel.LowWaterWriteOf(cl)
	if lw == nil || lw.Partition == "" {
		return ""
	}
	e, err := parser.ParseExpr(strings.ReplaceAll(lw.Partition, clientmodel.FixRec, rec))
	if err != nil {
		return ""
	}
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			break
		}
		e = call.Args[0]
	}
	return types.ExprString(e)
}

// recordKey spells the map key k, conversions removed, when it is the
// record msg or a field of it (m.Partition, string(m.Key)); "" otherwise.
func (c *checker) recordKey(k ast.Expr, msg types.Object) string {
	k = ast.Unparen(k)
	for {
		call, ok := k.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !c.pass.TypesInfo.Types[call.Fun].IsType() {
			break
		}
		k = ast.Unparen(call.Args[0])
	}
	root := k
	for {
		sel, ok := root.(*ast.SelectorExpr)
		if !ok {
			break
		}
		root = sel.X
	}
	if c.pass.TypesInfo.Uses[identOf(root)] != msg {
		return ""
	}
	return types.ExprString(k)
}

// enclosingFunc returns the function declaration whose body holds pos.
func (c *checker) enclosingFunc(pos token.Pos) *ast.FuncDecl {
	for _, n := range edit.Path(c.pass, pos) {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd
		}
	}
	return nil
}

// laneQueue is workerQueue for a message fetched by fetch in list and sent
// on its partition's lane: the lane's worker, its loop body, and the
// rebaser spelling the loop's expressions there (the worker is a function
// literal of the loop's function, so a name visible at its body means the
// same there).
func (c *checker) laneQueue(list []ast.Stmt, fetch ast.Stmt, msg string) (string, []ast.Stmt, rebaser) {
	as, ok := fetch.(*ast.AssignStmt)
	if !ok || len(as.Lhs) == 0 {
		return "", nil, nil
	}
	id := identOf(as.Lhs[0])
	if id == nil || id.Name != msg {
		return "", nil, nil
	}
	obj := c.pass.TypesInfo.ObjectOf(id)
	rest := after(list, fetch)
	for _, s := range rest {
		ss, ok := s.(*ast.SendStmt)
		if !ok {
			continue
		}
		l, ok := c.laneOf(ss, rest, obj, false)
		if !ok {
			return "", nil, nil
		}
		at := l.body[0].Pos()
		return l.v.Name, l.body, func(e ast.Expr) (string, []analysis.TextEdit, bool) {
			return edit.Source(c.pass, e), nil, c.rootVisibleAt(e, at)
		}
	}
	return "", nil, nil
}

// laneMarkFix builds the fix of records of poll f sent by ss on their
// partition's lane under an auto-commit that commits every poll: the
// client commits only marked records (the MarksOnly setting), and the
// lane's worker marks each record once it has processed it, on its
// success path. It needs the client's one fetch to be f (another fetch's
// records, never marked, would never be committed) and the client as the
// poll names it to be visible in the worker.
func (c *checker) laneMarkFix(k *consumer.Consumer, f *consumer.Call, ss *ast.SendStmt) (*analysis.SuggestedFix, *lane, bool) {
	if len(callsWith(k, clientmodel.Fetch)) != 1 {
		return nil, nil, false
	}
	mark := ""
	for _, call := range k.Client.Calls {
		if call.Role == clientmodel.Mark && call.PlusOne && call.Record == 0 && call.NeedsSetting == clientmodel.MarksOnly && call.NeedsValue {
			mark = clientmodel.ShortName(call.Func)
			break
		}
	}
	if mark == "" {
		return nil, nil, false
	}
	path := edit.Path(c.pass, ss.Pos())
	_, listp := edit.Stmt(path)
	id := identOf(ss.Value)
	if listp == nil || id == nil {
		return nil, nil, false
	}
	l, ok := c.laneOf(ss, *listp, c.pass.TypesInfo.Uses[id], false)
	if !ok {
		return nil, nil, false
	}
	poll, _ := edit.CallAt(c.pass, f.Pos())
	if poll == nil {
		return nil, nil, false
	}
	sel, ok := ast.Unparen(poll.Fun).(*ast.SelectorExpr)
	if !ok || !c.rootVisibleAt(sel.X, l.body[0].Pos()) {
		return nil, nil, false
	}
	cfg, ok := c.setSetting(k, clientmodel.MarksOnly, true)
	if !ok {
		return nil, nil, false
	}
	text := fmt.Sprintf("%s.%s(%s)", edit.Source(c.pass, sel.X), mark, l.v.Name)
	e, ok := edit.AppendOnSuccess(c.pass, l.body, nil, text)
	if !ok {
		return nil, nil, false
	}
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Add %s() and mark each record in its partition's worker after processing", k.Client.Spell(clientmodel.MarksOnly)),
		TextEdits: append(cfg, e...),
	}, l, true
}

// laneWaitFix builds records-outlive-poll's wait-for-workers fix
// (handoffFix) for the records of the poll loop with body body (in fd)
// that ss sends on lanes held in a map, whatever the key: each lane is
// made with its one worker, so every record sent is one a worker takes,
// and the WaitGroup counts it until that worker has processed it (Add
// before the send, Done at the end of the worker's loop body and before
// its continues, Wait after the statement of body that sends). It needs
// the map to be declared by a statement before the loop, which the
// WaitGroup's declaration follows.
func (c *checker) laneWaitFix(ss *ast.SendStmt, body *ast.BlockStmt, fd *ast.FuncDecl) ([]analysis.TextEdit, *lane, bool) {
	_, listp := edit.Stmt(edit.Path(c.pass, ss.Pos()))
	id := identOf(ss.Value)
	if listp == nil || id == nil {
		return nil, nil, false
	}
	l, ok := c.laneOf(ss, *listp, c.pass.TypesInfo.Uses[id], true)
	if !ok {
		return nil, nil, false
	}
	decl, _ := edit.Stmt(edit.Path(c.pass, l.m.Pos()))
	switch s := decl.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE {
			return nil, nil, false
		}
	case *ast.DeclStmt:
	default:
		return nil, nil, false // a parameter
	}
	if decl.End() > body.Pos() || decl.Pos() < fd.Body.Pos() {
		return nil, nil, false
	}
	var top ast.Stmt
	for _, s := range body.List {
		if s.Pos() <= ss.Pos() && ss.Pos() < s.End() {
			top = s
		}
	}
	conts, ok := c.workerExits(l.loop.Body)
	if top == nil || jumpsOut(top) || !ok {
		return nil, nil, false
	}
	h := &handoff{
		ch:    l.m,
		sends: []*ast.SendStmt{ss},
		work:  []*workerLoop{{body: l.body, end: l.loop.Body.Rbrace, conts: conts}},
		decl:  decl,
	}
	edits, ok := c.handoffFix(h, top, body, fd)
	return edits, l, ok
}
