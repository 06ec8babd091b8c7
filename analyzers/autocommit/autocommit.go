package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

//go:embed doc.go
var doc string

// Categories of findings; each is a heading of the README.
const (
	CategoryAutoStore     = "auto-store-on-delivery"
	CategoryStoreIgnored  = "store-ignored"
	CategoryMarksIgnored  = "marks-ignored"
	CategoryGreedy        = "greedy-auto-commit"
	CategoryOutlivePoll   = "records-outlive-poll"
	CategoryReadCommits   = "read-commits-first"
	CategoryMarksDiscard  = "marks-discarded"
	CategoryAutoCommitted = "auto-commit-timer"
)

// Config is the analyzer's configuration.
type Config struct {
	// Strict reports every enabled auto-commit, not only those that can
	// lose records given the code around them.
	Strict bool
}

// Analyzer is the autocommit analyzer with its default configuration and
// flags.
var Analyzer = New(Config{})

// New returns an autocommit analyzer for cfg. Its -strict flag, when set,
// overrides cfg.Strict.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "autocommit",
		Doc:      report.Doc(doc, "autocommit"),
		URL:      report.URL,
		Requires: []*analysis.Analyzer{consumer.Analyzer},
	}
	strict := a.Flags.Bool("strict", cfg.Strict, "report every enabled auto-commit, saying what the client's timer commits")
	a.Run = func(pass *analysis.Pass) (any, error) {
		m := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return nil, nil
		}
		c := &checker{pass: pass, m: m, strict: *strict}
		c.run()
		return nil, nil
	}
	return report.HonourIgnores(a)
}

type checker struct {
	pass   *analysis.Pass
	m      *consumer.Model
	strict bool
	// reported consumers, so strict mode adds nothing to a finding.
	reported map[*consumer.Consumer]bool
}

func (c *checker) run() {
	c.reported = map[*consumer.Consumer]bool{}
	for _, k := range c.m.Consumers {
		report.Guard(c.pass, k.Site.Pos(), func() {
			switch k.Client.Timer {
			case clientmodel.TimerStored:
				c.storedTimer(k)
			case clientmodel.TimerPreviousPoll:
				c.previousPoll(k)
			case clientmodel.TimerMarked:
				c.marked(k)
			case clientmodel.TimerNone:
				c.fetchCommit(k)
			}
			c.ineffective(k)
			if c.strict && !c.reported[k] {
				c.strictReport(k)
			}
		})
	}
}

func (c *checker) report(k *consumer.Consumer, d analysis.Diagnostic) {
	if len(d.SuggestedFixes) == 0 {
		// No fix that is sure to be right: stay silent (see doc.go).
		return
	}
	c.reported[k] = true
	report.Report(c.pass, d)
}

func related(pos token.Pos, msg string) analysis.RelatedInformation {
	return analysis.RelatedInformation{Pos: pos, Message: msg}
}

// callsWith returns k's calls with the given roles.
func callsWith(k *consumer.Consumer, roles ...clientmodel.Role) []*consumer.Call {
	var out []*consumer.Call
	for _, call := range k.Calls {
		for _, r := range roles {
			if call.Role == r {
				out = append(out, call)
			}
		}
	}
	return out
}

// ---- confluent: stored offsets committed on a timer ----

// storedTimer reports a consumer whose offsets are stored on delivery and
// committed on a timer (librdkafka's defaults), when it stores nothing
// itself: the fix disables auto-store and stores after processing.
func (c *checker) storedTimer(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.Is(cl, clientmodel.AutoCommit) || !s.Is(cl, clientmodel.AutoStore) {
		return
	}
	if len(callsWith(k, clientmodel.Store, clientmodel.Commit)) > 0 {
		return // stores are reported by ineffective; commits change the shape
	}
	fetches := callsWith(k, clientmodel.Fetch)
	if len(fetches) == 0 {
		return // the loop is elsewhere: no complete fix from here
	}
	cfgEdits, ok := c.setSetting(k, clientmodel.AutoStore, false)
	if !ok {
		return
	}
	edits := cfgEdits
	var rel []analysis.RelatedInformation
	for _, f := range fetches {
		e, ok := c.storeAfterProcessing(k, f)
		if !ok {
			return
		}
		edits = append(edits, e...)
		rel = append(rel, related(f.Pos(), clientmodel.ShortName(f.Func)+" hands the message to the app and stores its offset here"))
	}
	c.report(k, analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoStore,
		Message: fmt.Sprintf("enable.auto.commit and enable.auto.offset.store are on: librdkafka stores each message's offset when it is handed to the app and commits it every %s, so a crash mid-processing loses the message (at-most-once)",
			cl.Config.Interval),
		Related: rel,
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Disable enable.auto.offset.store and store each message after processing",
			TextEdits: edits,
		}},
	})
}

// storeAfterProcessing inserts a StoreMessage of the fetched message at the
// end of the block that processes it.
func (c *checker) storeAfterProcessing(k *consumer.Consumer, f *consumer.Call) ([]analysis.TextEdit, bool) {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil {
		return nil, false
	}
	recv, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	recvSrc := edit.Source(c.pass, recv.X)
	msg, list, end, stmt := c.messageScope(call, path)
	if msg == "" {
		return nil, false
	}
	body, extra, ok := c.errHandling(path, stmt, "store offset")
	if !ok {
		return nil, false
	}
	text := fmt.Sprintf("if _, err := %s.StoreMessage(%s); err != nil {\n%s\n}", recvSrc, msg, body)
	e, ok := edit.AppendToList(c.pass, list, end, text)
	if !ok {
		return nil, false
	}
	return append(extra, e), true
}

// messageScope finds, for a confluent fetch call, the expression naming the
// message and the statement list that processes it: the block after
// `msg, err := c.ReadMessage(...)`, or the `case *kafka.Message:` clause of
// a type switch over `c.Poll(...)`.
func (c *checker) messageScope(call *ast.CallExpr, path []ast.Node) (msg string, list []ast.Stmt, end token.Pos, stmt ast.Stmt) {
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return "", nil, 0, nil
	}
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 || ast.Unparen(s.Rhs[0]) != call {
			return "", nil, 0, nil
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		if !ok || id.Name == "_" {
			return "", nil, 0, nil
		}
		if len(s.Lhs) == 2 {
			// msg, err := c.ReadMessage(...): process in the rest of the list.
			if !c.processedAfter(*listp, stmt, id.Name, s.Lhs[1]) {
				return "", nil, 0, nil
			}
			return id.Name, *listp, 0, stmt
		}
		// ev := c.Poll(...): find the type switch over ev.
		for _, later := range *listp {
			if later.Pos() <= s.Pos() {
				continue
			}
			if ts, ok := later.(*ast.TypeSwitchStmt); ok {
				if name, body := c.messageCase(ts, id.Name); name != "" {
					return name, body, 0, stmt
				}
			}
		}
	case *ast.TypeSwitchStmt:
		if name, body := c.messageCase(s, ""); name != "" {
			return name, body, 0, stmt
		}
	}
	return "", nil, 0, nil
}

// messageCase returns the bound variable and body of the clause of ts that
// handles a record type, if ts switches over subject (or anything when
// subject is "") with a bound variable.
func (c *checker) messageCase(ts *ast.TypeSwitchStmt, subject string) (string, []ast.Stmt) {
	as, ok := ts.Assign.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 {
		return "", nil
	}
	ta, ok := as.Rhs[0].(*ast.TypeAssertExpr)
	if !ok {
		return "", nil
	}
	if subject != "" {
		if id, ok := ta.X.(*ast.Ident); !ok || id.Name != subject {
			return "", nil
		}
	}
	name := as.Lhs[0].(*ast.Ident).Name
	for _, cc := range ts.Body.List {
		clause := cc.(*ast.CaseClause)
		if len(clause.List) != 1 || len(clause.Body) == 0 {
			continue
		}
		if t := c.pass.TypesInfo.TypeOf(clause.List[0]); t != nil && clientmodel.Default.Record(t) != nil {
			if c.handedOn(clause.Body, name) {
				return "", nil
			}
			return name, clause.Body
		}
	}
	return "", nil
}

// errHandling returns the statements to run when an inserted position call
// fails, so that a failed commit stops the consumer instead of being
// swallowed: `return fmt.Errorf(...)` in a function returning only an error,
// `log.Printf(...); return` in one returning nothing, else the body of the
// error check that follows the fetch (the loop's own policy for a failed
// client call). what names the call in the message ("commit offset").
func (c *checker) errHandling(path []ast.Node, fetch ast.Stmt, what string) (string, []analysis.TextEdit, bool) {
	f := edit.File(c.pass, path[0].Pos())
	ft, _ := edit.FuncOf(path)
	if ft != nil && ft.Results == nil {
		name, edits := edit.Import(c.pass, f, "log")
		return fmt.Sprintf("%s.Printf(\"%s: %%v\", err)\nreturn", name, what), edits, true
	}
	if ft != nil && len(ft.Results.List) == 1 && len(ft.Results.List[0].Names) <= 1 {
		if t := c.pass.TypesInfo.TypeOf(ft.Results.List[0].Type); t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) {
			name, edits := edit.Import(c.pass, f, "fmt")
			return fmt.Sprintf("return %s.Errorf(\"%s: %%w\", err)", name, what), edits, true
		}
	}
	if fetch != nil {
		if _, listp := edit.Stmt(pathTo(path, fetch)); listp != nil {
			for i, s := range *listp {
				if s != fetch || i+1 >= len(*listp) {
					continue
				}
				if ifs, ok := (*listp)[i+1].(*ast.IfStmt); ok && ifs.Init == nil && isErrCheck(ifs.Cond) && len(ifs.Body.List) > 0 {
					return c.bodySource(ifs.Body), nil, true
				}
			}
		}
	}
	return "", nil, false
}

// processedAfter reports whether the end of list, where a fix appends the
// position call for the record msg fetched by `msg, err := fetch`, is
// reached only after msg was processed: the statement after fetch exits
// the list when err is not nil (so the end is reached only with a record),
// and the rest of the list does not hand msg on for later processing.
func (c *checker) processedAfter(list []ast.Stmt, fetch ast.Stmt, msg string, errExpr ast.Expr) bool {
	errID, ok := errExpr.(*ast.Ident)
	if !ok || errID.Name == "_" {
		return false
	}
	for i, s := range list {
		if s != fetch || i+1 >= len(list) {
			continue
		}
		ifs, ok := list[i+1].(*ast.IfStmt)
		if !ok || ifs.Init != nil || len(ifs.Body.List) == 0 || !exits(ifs.Body.List[len(ifs.Body.List)-1]) {
			return false
		}
		be, ok := ifs.Cond.(*ast.BinaryExpr)
		if !ok || be.Op != token.NEQ {
			return false
		}
		x, ok1 := be.X.(*ast.Ident)
		y, ok2 := be.Y.(*ast.Ident)
		if !ok1 || !ok2 || x.Name != errID.Name || y.Name != "nil" {
			return false
		}
		return !c.handedOn(list[i+1:], msg)
	}
	return false
}

// exits reports whether s leaves its statement list.
func exits(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok != token.FALLTHROUGH
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// handedOn reports whether stmts hand the record named msg on for
// processing elsewhere: send it (or anything made from it) on a channel,
// use it in a go statement, append it, or store it in a field, element or
// pointee. Then the end of stmts is not the end of its processing, and a
// position call there would run before the record is processed. Local
// variables assigned from the record are followed as the record.
func (c *checker) handedOn(stmts []ast.Stmt, msg string) bool {
	tracked := map[string]bool{msg: true}
	mentions := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && tracked[id.Name] {
				found = true
			}
			return !found
		})
		return found
	}
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SendStmt:
				found = found || mentions(n.Value)
			case *ast.GoStmt:
				found = found || mentions(n.Call)
			case *ast.CallExpr:
				if isBuiltin(c.pass, n.Fun, "append") && len(n.Args) > 1 {
					for _, a := range n.Args[1:] {
						found = found || mentions(a)
					}
				}
			case *ast.AssignStmt:
				// The value of a call made with the record is its result
				// (append is checked above).
				for i, r := range n.Rhs {
					if _, call := ast.Unparen(r).(*ast.CallExpr); call || !mentions(r) {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) {
						return true
					}
					if id, ok := n.Lhs[i].(*ast.Ident); ok {
						tracked[id.Name] = true
					} else {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// pathTo returns the suffix of path starting at n (or path if n is absent).
func pathTo(path []ast.Node, n ast.Node) []ast.Node {
	for i, p := range path {
		if p == n {
			return path[i:]
		}
	}
	return path
}

func isErrCheck(cond ast.Expr) bool {
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "err" && y.Name == "nil"
}

// bodySource returns the source of a block's statements, dedented to the
// block's own level.
func (c *checker) bodySource(b *ast.BlockStmt) string {
	tf := c.pass.Fset.File(b.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	first, last := b.List[0], b.List[len(b.List)-1]
	indent := edit.Indent(c.pass, first.Pos())
	start := tf.Offset(tf.LineStart(tf.Line(first.Pos())))
	src := string(content[start:tf.Offset(last.End())])
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		lines = append(lines, strings.TrimPrefix(l, indent))
	}
	return strings.Join(lines, "\n")
}

// ---- settings fixes ----

// setSetting returns edits that set setting k to on for consumer k, at the
// constructor site: an option added to the constructor's arguments or
// options literal, a key added to a ConfigMap literal, or a field assigned
// after the config is built.
func (c *checker) setSetting(k *consumer.Consumer, setting clientmodel.Setting, on bool) ([]analysis.TextEdit, bool) {
	cfg := k.Client.Config
	var knob *clientmodel.Knob
	for i := range cfg.Knobs {
		kn := &cfg.Knobs[i]
		if kn.Setting != setting {
			continue
		}
		if kn.Option != "" && kn.Value != on {
			continue
		}
		knob = kn
		break
	}
	if knob == nil {
		return nil, false
	}
	call, _ := edit.CallAt(c.pass, k.Site.Pos())
	if call == nil {
		return nil, false
	}
	if cfg.Kind != clientmodel.Options {
		// Set explicitly in this package: change the value where it is set.
		if v, ok := k.Settings.Set[setting]; ok {
			if !v.Pos.IsValid() {
				return nil, false
			}
			e, ok := c.replaceValue(v.Pos, on)
			return []analysis.TextEdit{e}, ok
		}
	}
	f := edit.File(c.pass, call.Pos())
	argIdx := k.Ctor.ConfigArg
	switch cfg.Kind {
	case clientmodel.Options:
		fnName := knob.Option[strings.LastIndex(knob.Option, ".")+1:]
		pkgPath := knob.Option[:strings.LastIndex(knob.Option, ".")]
		q := edit.Qualifier(c.pass, f, pkgObj(c.pass, pkgPath))
		if q == "" {
			return nil, false
		}
		opt := q + "." + fnName + "()"
		if !call.Ellipsis.IsValid() {
			e, ok := edit.AddElement(c.pass, call, opt)
			return []analysis.TextEdit{e}, ok
		}
		if lit := c.literalFor(call.Args[len(call.Args)-1]); lit != nil {
			e, ok := edit.AddElement(c.pass, lit, opt)
			return []analysis.TextEdit{e}, ok
		}
	case clientmodel.KeyMap:
		if lit := c.mapLiteral(k); lit != nil {
			e, ok := edit.AddElement(c.pass, lit, fmt.Sprintf("%q: %t", knob.Key, on))
			return []analysis.TextEdit{e}, ok
		}
		// No one literal in this package (the map comes from a helper of
		// another package): set the key on the local variable passed to
		// the constructor, just before the call. SetKey fails only for
		// "{topic}." keys.
		if argIdx >= len(call.Args) || cfg.SetKey == "" {
			return nil, false
		}
		arg := ast.Unparen(call.Args[argIdx])
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
			arg = ast.Unparen(u.X)
		}
		id, ok := arg.(*ast.Ident)
		if !ok {
			return nil, false
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || v.IsField() {
			return nil, false
		}
		_, path := edit.CallAt(c.pass, call.Lparen)
		stmt, _ := edit.Stmt(path)
		if stmt == nil {
			return nil, false
		}
		return []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, fmt.Sprintf("_ = %s.%s(%q, %t)", id.Name, clientmodel.ShortName(cfg.SetKey), knob.Key, on))}, true
	case clientmodel.StructFields:
		if argIdx >= len(call.Args) {
			return nil, false
		}
		id, ok := ast.Unparen(call.Args[argIdx]).(*ast.Ident)
		if !ok {
			return nil, false
		}
		_, path := edit.CallAt(c.pass, call.Lparen)
		stmt, _ := edit.Stmt(path)
		if stmt == nil {
			return nil, false
		}
		return []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s.%s = %t", id.Name, knob.Field, on))}, true
	}
	return nil, false
}

// replaceValue returns an edit replacing the value set at pos (a field
// assignment, a literal entry, a SetKey call) with on.
func (c *checker) replaceValue(pos token.Pos, on bool) (analysis.TextEdit, bool) {
	for _, n := range edit.Path(c.pass, pos) {
		var val ast.Expr
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			val = n.Value
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 {
				val = n.Rhs[0]
			}
		case *ast.CallExpr:
			if len(n.Args) == 2 {
				val = n.Args[1]
			}
		}
		if val != nil {
			return analysis.TextEdit{Pos: val.Pos(), End: val.End(), NewText: fmt.Appendf(nil, "%t", on)}, true
		}
	}
	return analysis.TextEdit{}, false
}

// mapLiteral returns the one map composite literal consumer k's config is
// built from in this package, if there is exactly one.
func (c *checker) mapLiteral(k *consumer.Consumer) *ast.CompositeLit {
	if k.Config == nil {
		return nil
	}
	var maps []ssa.Value
	for _, r := range c.m.Flow.Roots(k.Config) {
		if a, ok := r.(*ssa.Alloc); ok {
			maps = append(maps, c.m.Flow.Loaded(a)...)
		} else {
			maps = append(maps, r)
		}
	}
	if len(maps) != 1 {
		return nil
	}
	mm, ok := maps[0].(*ssa.MakeMap)
	if !ok || !mm.Pos().IsValid() {
		return nil
	}
	for _, n := range edit.Path(c.pass, mm.Pos()) {
		if lit, ok := n.(*ast.CompositeLit); ok && lit.Lbrace == mm.Pos() {
			return lit
		}
	}
	return nil
}

// literalFor returns the composite literal an argument expression denotes:
// the literal itself, &literal, or a local variable initialised with one in
// the same function.
func (c *checker) literalFor(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return x
	case *ast.Ident:
		obj := c.pass.TypesInfo.Uses[x]
		if obj == nil {
			return nil
		}
		path := edit.Path(c.pass, obj.Pos())
		for _, n := range path {
			switch d := n.(type) {
			case *ast.AssignStmt:
				for i, l := range d.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Pos() == obj.Pos() && i < len(d.Rhs) {
						return c.literalFor(d.Rhs[i])
					}
				}
				return nil
			case *ast.ValueSpec:
				for i, id := range d.Names {
					if id.Pos() == obj.Pos() && i < len(d.Values) {
						return c.literalFor(d.Values[i])
					}
				}
				return nil
			}
		}
	}
	return nil
}

func pkgObj(pass *analysis.Pass, path string) *types.Package {
	for _, p := range pass.Pkg.Imports() {
		if p.Path() == path {
			return p
		}
	}
	return nil
}

// ---- marks and stores that do nothing ----

// ineffective reports position calls that do nothing under the consumer's
// settings (franz-go marks without AutoCommitMarks, confluent stores while
// auto-store is on); the fix changes the setting, which the existing calls
// then make effective.
func (c *checker) ineffective(k *consumer.Consumer) {
	var bad, badCommits []*consumer.Call
	for _, call := range k.Calls {
		if call.NeedsSetting == "" || call.Role == clientmodel.FetchCommit || call.Role == clientmodel.Fetch {
			continue
		}
		on, known := k.Settings.Get(k.Client, call.NeedsSetting)
		if known && on != call.NeedsValue {
			if call.Role == clientmodel.Commit {
				badCommits = append(badCommits, call)
			} else {
				bad = append(bad, call)
			}
		}
	}
	// Report at a mark or store when there is one: the commit is the
	// second half of the same mistake.
	bad = append(bad, badCommits...)
	if len(bad) == 0 {
		return
	}
	first := bad[0]
	timer := k.Settings.Is(k.Client, clientmodel.AutoCommit)
	commit := "" // the commit that sends the ignored positions, when the timer is off
	if !timer {
		// Without the timer an ignored store loses nothing by itself: the
		// explicit commits decide (confluent's Commit sends the offsets
		// auto-stored on delivery, which a synchronous loop has processed).
		// Ignored marks matter only when every commit sends marked
		// positions (CommitMarkedOffsets, itself a no-op then): nothing is
		// ever committed. With no commit, making marks effective would not
		// help; with a commit of explicit records or offsets, the no-op
		// mark is useless but loses nothing.
		if first.NeedsSetting != clientmodel.MarksOnly {
			return
		}
		commits := callsWith(k, clientmodel.Commit)
		if len(commits) == 0 {
			return
		}
		for _, cm := range commits {
			if cm.Scope != clientmodel.ScopeMarked {
				return
			}
		}
		commit = clientmodel.ShortName(commits[0].Func)
	}
	edits, ok := c.setSetting(k, first.NeedsSetting, first.NeedsValue)
	if !ok {
		return
	}
	var rel []analysis.RelatedInformation
	for _, b := range bad[1:] {
		rel = append(rel, related(b.Pos(), clientmodel.ShortName(b.Func)+" also does nothing"))
	}
	rel = append(rel, related(k.Site.Pos(), "consumer created here"))
	name := clientmodel.ShortName(first.Func)
	var d analysis.Diagnostic
	switch first.NeedsSetting {
	case clientmodel.AutoStore:
		d = analysis.Diagnostic{
			Category: CategoryStoreIgnored,
			Message: fmt.Sprintf("offset store does nothing while enable.auto.offset.store is on: %s returns ErrInvalidArg and offsets are stored when messages are handed to the app, so a crash mid-processing loses the message (at-most-once)",
				name),
			SuggestedFixes: []analysis.SuggestedFix{{Message: "Disable enable.auto.offset.store", TextEdits: edits}},
		}
	default:
		d = analysis.Diagnostic{
			Category: CategoryMarksIgnored,
			Message: fmt.Sprintf("mark is a no-op without kgo.AutoCommitMarks(): %s changes nothing and auto-commit commits every polled record, marked or not, so a record left unmarked after a failure is committed anyway (lost)",
				name),
			SuggestedFixes: []analysis.SuggestedFix{{Message: "Add kgo.AutoCommitMarks()", TextEdits: edits}},
		}
		if !timer {
			// Auto-commit is off and every commit is CommitMarkedOffsets,
			// itself a no-op without AutoCommitMarks.
			d.Message = fmt.Sprintf("mark is a no-op without kgo.AutoCommitMarks(): %s changes nothing and %s commits nothing, so with auto-commit off no offset is ever committed and a restart replays everything",
				name, commit)
		}
	}
	d.Pos, d.Related = first.Pos(), rel
	c.report(k, d)
}

// ---- franz-go: the previous poll is committed ----

func (c *checker) previousPoll(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.Is(cl, clientmodel.Group) || !s.Is(cl, clientmodel.AutoCommit) || s.Is(cl, clientmodel.MarksOnly) {
		return
	}
	if _, known := s.Get(cl, clientmodel.MarksOnly); !known {
		return
	}
	if s.Is(cl, clientmodel.Greedy) {
		c.greedy(k)
		return
	}
	if _, known := s.Get(cl, clientmodel.Greedy); !known {
		return
	}
	for _, f := range callsWith(k, clientmodel.Fetch) {
		c.outlivePoll(k, f)
	}
}

func (c *checker) greedy(k *consumer.Consumer) {
	v := k.Settings.Set[clientmodel.Greedy]
	if !v.Pos.IsValid() {
		return // set in another package
	}
	call, path := edit.CallAt(c.pass, v.Pos)
	if call == nil || len(path) < 2 {
		return
	}
	e, ok := c.removeOption(path, call)
	if !ok {
		return
	}
	c.report(k, analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: CategoryGreedy,
		Message: fmt.Sprintf("kgo.GreedyAutoCommit commits each poll as soon as it is returned, every %s, before its records are processed: a crash loses them (at-most-once)",
			k.Client.Config.Interval),
		Related: []analysis.RelatedInformation{related(k.Site.Pos(), "client created here")},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Remove kgo.GreedyAutoCommit",
			TextEdits: []analysis.TextEdit{e},
		}},
	})
}

// removeOption returns an edit removing the option call x (path[0]) from
// the list it is an element of: a variadic options argument, a slice
// literal, or the elements appended by append (the whole `opts =
// append(opts, x)` statement when x is its only element). An option passed
// to a non-variadic parameter or bound to a variable is not removable.
func (c *checker) removeOption(path []ast.Node, x *ast.CallExpr) (analysis.TextEdit, bool) {
	switch p := path[1].(type) {
	case *ast.CompositeLit:
		return edit.RemoveElement(c.pass, p, x)
	case *ast.CallExpr:
		if p.Ellipsis.IsValid() {
			return analysis.TextEdit{}, false
		}
		if isBuiltin(c.pass, p.Fun, "append") {
			if len(p.Args) < 2 || p.Args[0] == x {
				return analysis.TextEdit{}, false
			}
			if len(p.Args) > 2 {
				return edit.RemoveElement(c.pass, p, x)
			}
			// opts = append(opts, x): remove the statement.
			if len(path) < 4 {
				return analysis.TextEdit{}, false
			}
			as, ok := path[2].(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != p {
				return analysis.TextEdit{}, false
			}
			l, ok1 := ast.Unparen(as.Lhs[0]).(*ast.Ident)
			r, ok2 := ast.Unparen(p.Args[0]).(*ast.Ident)
			if !ok1 || !ok2 || c.pass.TypesInfo.ObjectOf(l) == nil || c.pass.TypesInfo.ObjectOf(l) != c.pass.TypesInfo.ObjectOf(r) {
				return analysis.TextEdit{}, false
			}
			if _, inBlock := path[3].(*ast.BlockStmt); !inBlock {
				if _, inClause := path[3].(*ast.CaseClause); !inClause {
					return analysis.TextEdit{}, false
				}
			}
			return edit.RemoveStmt(c.pass, as)
		}
		sig, ok := c.pass.TypesInfo.TypeOf(p.Fun).(*types.Signature)
		if !ok || !sig.Variadic() {
			return analysis.TextEdit{}, false
		}
		for i, a := range p.Args {
			if a == x && i >= sig.Params().Len()-1 {
				return edit.RemoveElement(c.pass, p, x)
			}
		}
	}
	return analysis.TextEdit{}, false
}

// isBuiltin reports whether fun denotes the built-in function name.
func isBuiltin(pass *analysis.Pass, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := pass.TypesInfo.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// outlivePoll reports records of poll f handed to goroutines inside the
// poll loop with no join before the next poll.
func (c *checker) outlivePoll(k *consumer.Consumer, f *consumer.Call) {
	call, ok := f.Instr.(*ssa.Call)
	if !ok || !ssaflow.InLoop(call.Block()) {
		return
	}
	_, pollPath := edit.CallAt(c.pass, call.Pos())
	loop, body := edit.LoopOf(pollPath)
	if loop == nil {
		return
	}
	tainted := c.recordsOf(call)
	for _, g := range c.goStmtsIn(f.Fn, tainted) {
		if g.Pos() < body.Pos() || g.Pos() > body.End() {
			continue
		}
		if c.joined(f.Fn, call) {
			return
		}
		c.reportOutlive(k, f, g, loop, body)
	}
}

// recordsOf returns the values derived from a poll's result in the
// function and its closures: the fetches, their records, fields of those.
func (c *checker) recordsOf(poll *ssa.Call) map[ssa.Value]bool {
	tainted := map[ssa.Value]bool{poll: true}
	work := []ssa.Value{poll}
	add := func(v ssa.Value) {
		if v != nil && !tainted[v] {
			tainted[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch r := ref.(type) {
			case *ssa.Call:
				cc := r.Common()
				add(r)
				// A closure passed with a tainted receiver (EachRecord,
				// EachPartition) receives tainted parameters.
				for _, a := range cc.Args {
					if mc, ok := a.(*ssa.MakeClosure); ok {
						for _, p := range mc.Fn.(*ssa.Function).Params {
							add(p)
						}
					}
					if fn, ok := a.(*ssa.Function); ok {
						for _, p := range fn.Params {
							add(p)
						}
					}
				}
			case *ssa.MakeClosure:
				for i, bnd := range r.Bindings {
					if bnd == v {
						add(r.Fn.(*ssa.Function).FreeVars[i])
					}
				}
			case *ssa.Store:
				if r.Val == v {
					add(r.Addr)
				}
			case ssa.Value:
				add(r)
			}
		}
	}
	return tainted
}

// goStmtsIn returns the go statements in fn (and its closures) that pass a
// tainted value to the new goroutine.
func (c *checker) goStmtsIn(fn *ssa.Function, tainted map[ssa.Value]bool) []*ssa.Go {
	var out []*ssa.Go
	var visit func(*ssa.Function)
	visit = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				g, ok := instr.(*ssa.Go)
				if !ok {
					continue
				}
				hit := false
				for _, a := range g.Call.Args {
					hit = hit || tainted[a]
				}
				if mc, ok := g.Call.Value.(*ssa.MakeClosure); ok {
					for _, bnd := range mc.Bindings {
						hit = hit || tainted[bnd]
					}
				}
				if hit {
					out = append(out, g)
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	visit(fn)
	return out
}

// joined reports whether fn waits for goroutines (sync.WaitGroup.Wait,
// errgroup's Wait) or receives from a channel in the poll loop: a join
// before the next poll. Waits in the in-package functions the loop calls
// and in the function literals it passes to calls (EachPartition(func(…)
// {…; wg.Wait()})) count too, not those in go or defer statements. Any
// such wait counts; when in doubt, stay silent.
func (c *checker) joined(fn *ssa.Function, poll *ssa.Call) bool {
	seen := map[*ssa.Function]bool{}
	var waits func(instr ssa.Instruction) bool
	waitsIn := func(f *ssa.Function) bool {
		if f == nil || seen[f] || !c.m.Flow.InPackage(f) {
			return false
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if waits(instr) {
					return true
				}
			}
		}
		return false
	}
	waits = func(instr ssa.Instruction) bool {
		switch in := instr.(type) {
		case *ssa.Go, *ssa.Defer:
			return false // runs elsewhere or later
		case ssa.CallInstruction:
			callee := consumer.Callee(in.Common())
			if callee != nil && callee.Name() == "Wait" && callee.Pkg() != nil &&
				(callee.Pkg().Path() == "sync" || strings.HasSuffix(callee.Pkg().Path(), "/errgroup")) {
				return true
			}
			if waitsIn(in.Common().StaticCallee()) {
				return true
			}
			for _, a := range in.Common().Args {
				switch a := a.(type) {
				case *ssa.MakeClosure:
					if f, ok := a.Fn.(*ssa.Function); ok && waitsIn(f) {
						return true
					}
				case *ssa.Function:
					if waitsIn(a) {
						return true
					}
				}
			}
		case *ssa.UnOp:
			return in.Op == token.ARROW
		case *ssa.Select:
			return true
		}
		return false
	}
	loop := ssaflow.Reachable(poll.Block())
	for b := range loop {
		if !ssaflow.Reachable(b)[poll.Block()] {
			continue
		}
		for _, instr := range b.Instrs {
			if waits(instr) {
				return true
			}
		}
	}
	return false
}

// jumpsOut reports whether s contains a labelled continue or a goto, which
// may leave s for the next iteration of an enclosing loop.
func jumpsOut(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && (b.Tok == token.GOTO || b.Tok == token.CONTINUE && b.Label != nil) {
			found = true
		}
		return !found
	})
	return found
}

// unusedName returns name, or name with a numeric suffix, that is neither
// declared where block starts nor spelled anywhere inside it, so that a
// variable declared at the top of block shadows nothing the block uses
// and collides with no later declaration.
func (c *checker) unusedName(block *ast.BlockStmt, name string) string {
	used := map[string]bool{}
	ast.Inspect(block, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	cand := name
	for i := 2; used[cand] || edit.FreeName(c.pass, block.Lbrace+1, cand) != cand; i++ {
		cand = name + strconv.Itoa(i)
	}
	return cand
}

func (c *checker) reportOutlive(k *consumer.Consumer, f *consumer.Call, g *ssa.Go, loop ast.Stmt, body *ast.BlockStmt) {
	path := edit.Path(c.pass, g.Pos())
	var gs *ast.GoStmt
	for _, n := range path {
		if s, ok := n.(*ast.GoStmt); ok {
			gs = s
			break
		}
	}
	if gs == nil {
		return
	}
	lit, ok := gs.Call.Fun.(*ast.FuncLit)
	if !ok || len(lit.Body.List) == 0 {
		return // only a function literal can take the Done without moving arguments' evaluation
	}
	// Wait right after the statement of the loop body that starts the
	// goroutines, so that no path (a later continue) reaches the next
	// poll without the join; a labelled continue or goto inside that
	// statement could still skip it.
	var top ast.Stmt
	for _, s := range body.List {
		if s.Pos() <= gs.Pos() && gs.Pos() < s.End() {
			top = s
		}
	}
	if top == nil || jumpsOut(top) {
		return
	}
	file := edit.File(c.pass, g.Pos())
	syncName, imp := edit.Import(c.pass, file, "sync")
	wg := c.unusedName(body, "wg")
	var edits []analysis.TextEdit
	edits = append(edits, imp...)
	first := body.List[0]
	edits = append(edits, edit.InsertBefore(c.pass, first, fmt.Sprintf("var %s %s.WaitGroup", wg, syncName)))
	edits = append(edits, edit.InsertBefore(c.pass, gs, wg+".Add(1)"))
	e, ok := edit.PrependToBody(c.pass, lit.Body, "defer "+wg+".Done()")
	if !ok {
		return
	}
	edits = append(edits, e, edit.InsertAfter(c.pass, top, wg+".Wait()"))
	c.report(k, analysis.Diagnostic{
		Pos:      gs.Pos(),
		End:      gs.Call.Lparen,
		Category: CategoryOutlivePoll,
		Message: fmt.Sprintf("record handed to a goroutine while the loop polls again: franz-go's auto-commit commits every poll before the latest, so the next %s makes this record committable before it is processed; a crash loses it (at-most-once)",
			clientmodel.ShortName(f.Func)),
		Related: []analysis.RelatedInformation{related(f.Pos(), "records polled here; the next iteration polls again without waiting")},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Wait for the goroutines before the next poll",
			TextEdits: edits,
		}},
	})
}

// ---- kafka-go: ReadMessage commits before returning ----

func (c *checker) fetchCommit(k *consumer.Consumer) {
	for _, f := range callsWith(k, clientmodel.FetchCommit) {
		if on, known := k.Settings.Get(k.Client, f.NeedsSetting); !known || on != f.NeedsValue {
			continue
		}
		c.readCommitsFirst(k, f)
	}
}

func (c *checker) readCommitsFirst(k *consumer.Consumer, f *consumer.Call) {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil || len(call.Args) != 1 {
		return
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || ast.Unparen(as.Rhs[0]) != call {
		return
	}
	msg, ok := as.Lhs[0].(*ast.Ident)
	if !ok || msg.Name == "_" || !c.processedAfter(*listp, stmt, msg.Name, as.Lhs[1]) {
		return
	}
	fetch := fetchName(k.Client)
	commit := commitName(k.Client)
	if fetch == "" || commit == "" {
		return
	}
	body, extra, ok := c.errHandling(path, stmt, "commit offset")
	if !ok {
		return
	}
	text := fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n%s\n}",
		edit.Source(c.pass, sel.X), commit, edit.Source(c.pass, call.Args[0]), msg.Name, body)
	e, ok := edit.AppendToList(c.pass, *listp, 0, text)
	if !ok {
		return
	}
	edits := append(extra, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)}, e)
	c.report(k, analysis.Diagnostic{
		Pos:      f.Pos(),
		Category: CategoryReadCommits,
		Message: fmt.Sprintf("group reader's %s commits the message before returning it: a crash while it is processed loses it (at-most-once)",
			sel.Sel.Name),
		Related: []analysis.RelatedInformation{related(k.Site.Pos(), "group reader created here")},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Fetch with %s and commit after processing", fetch),
			TextEdits: edits,
		}},
	})
}

// fetchName returns the client's fetch call that does not commit.
func fetchName(cl *clientmodel.Client) string {
	for _, call := range cl.Calls {
		if call.Role == clientmodel.Fetch {
			return clientmodel.ShortName(call.Func)
		}
	}
	return ""
}

// commitName returns the client's synchronous commit of records (+1).
func commitName(cl *clientmodel.Client) string {
	for _, call := range cl.Calls {
		if call.Role == clientmodel.Commit && call.PlusOne && call.Sync {
			return clientmodel.ShortName(call.Func)
		}
	}
	return ""
}

// ---- sarama: marks discarded with auto-commit off ----

func (c *checker) marked(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.IsNot(cl, clientmodel.AutoCommit) {
		return
	}
	marks := callsWith(k, clientmodel.Mark)
	if len(marks) == 0 {
		return
	}
	// Commits behind a counter only (if n%100 == 0 { sess.Commit() })
	// leave the marks made since the last one to be discarded at session
	// end, unless something flushes them (a deferred Commit, one after the
	// loop, one in Cleanup).
	commits := callsWith(k, clientmodel.Commit)
	batch, batched := batchedOnly(commits)
	if len(commits) > 0 && !batched {
		return
	}
	// A commit in the package on the same session type that is not known
	// to be another consumer's may be the handler's (a commit ticker, a
	// helper): stay silent then. A commit bound to another consumer's
	// handler still counts if k's handlers reach it too (a shared handler).
	for _, call := range c.m.Calls {
		if call.Client != cl || call.Role != clientmodel.Commit {
			continue
		}
		if call.Consumer == k && batched {
			continue // judged above
		}
		if call.Consumer == nil || call.Consumer == k {
			return
		}
		for _, h := range k.Handlers {
			if h.Reach[call.Fn] {
				return
			}
		}
	}
	var edits []analysis.TextEdit
	for _, h := range k.Handlers {
		e, ok := c.deferCommit(h)
		if !ok {
			return
		}
		edits = append(edits, e...)
	}
	if len(edits) == 0 {
		return
	}
	pos := k.Site.Pos()
	if v := s.Set[clientmodel.AutoCommit]; v.Pos.IsValid() {
		pos = v.Pos
	}
	rel := []analysis.RelatedInformation{related(marks[0].Pos(), "marked here, never committed")}
	msg := "auto-commit is off and the handler never calls Commit: sarama discards marks at session end, so nothing is committed and a restart replays everything, or with the default Offsets.Initial (OffsetNewest) skips what was produced while the group was down"
	if batched {
		rel = []analysis.RelatedInformation{
			related(marks[0].Pos(), "marked here"),
			related(commits[0].Pos(), fmt.Sprintf("committed only every %d marks", batch)),
		}
		msg = fmt.Sprintf("auto-commit is off and the handler commits only every %d marks, with nothing to commit the rest when ConsumeClaim returns: sarama discards the marks made since the last Commit at session end, so every rebalance and every deploy makes the partition's next owner replay up to %d messages (duplicates)", batch, batch-1)
	}
	if pos != k.Site.Pos() {
		rel = append(rel, related(k.Site.Pos(), "consumer group created here"))
	}
	c.report(k, analysis.Diagnostic{
		Pos:      pos,
		Category: CategoryMarksDiscard,
		Message:  msg,
		Related:  rel,
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Commit marks when ConsumeClaim returns",
			TextEdits: edits,
		}},
	})
}

// batchedOnly reports whether every commit call runs behind a counter (the
// same constant N for all) inside a loop, with none deferred, none outside
// a loop (a flush after it) and none in Cleanup; it returns N. It is false
// for no calls.
func batchedOnly(commits []*consumer.Call) (int64, bool) {
	var n int64
	for _, call := range commits {
		ci, ok := call.Instr.(*ssa.Call)
		if !ok || !ssaflow.InLoop(ci.Block()) || call.Fn.Name() == "Cleanup" {
			return 0, false
		}
		m, ok := ssaflow.CounterGuard(ci)
		if !ok || n != 0 && m != n {
			return 0, false
		}
		n = m
	}
	return n, n > 0
}

// deferCommit inserts `defer session.Commit()` at the top of the handler's
// ConsumeClaim, which runs on every path out of it, for both rebalance
// strategies.
func (c *checker) deferCommit(h *consumer.Handler) ([]analysis.TextEdit, bool) {
	if h.Consume == nil || h.Consume.Syntax() == nil {
		return nil, false
	}
	fd, ok := h.Consume.Syntax().(*ast.FuncDecl)
	if !ok || fd.Body == nil || len(fd.Type.Params.List) == 0 {
		return nil, false
	}
	p := fd.Type.Params.List[0]
	if len(p.Names) == 0 || p.Names[0].Name == "_" {
		return nil, false
	}
	e, ok := edit.PrependToBody(c.pass, fd.Body, "defer "+p.Names[0].Name+".Commit()")
	return []analysis.TextEdit{e}, ok
}

// ---- strict mode ----

func (c *checker) strictReport(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.Is(cl, clientmodel.AutoCommit) || !s.Is(cl, clientmodel.Group) {
		return
	}
	switch cl.Timer {
	case clientmodel.TimerMarked:
		c.strictMarked(k)
	case clientmodel.TimerPreviousPoll:
		c.strictPreviousPoll(k)
	case clientmodel.TimerStored:
		c.strictStored(k)
	}
}

func (c *checker) strictMarked(k *consumer.Consumer) {
	cfg, ok := c.setSetting(k, clientmodel.AutoCommit, false)
	if !ok {
		return
	}
	edits := cfg
	for _, h := range k.Handlers {
		e, ok := c.deferCommit(h)
		if !ok {
			return
		}
		edits = append(edits, e...)
	}
	if len(k.Handlers) == 0 {
		return
	}
	c.report(k, analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoCommitted,
		Message: fmt.Sprintf("auto-commit is on: sarama commits marked offsets every %s; a crash replays what was marked since the last tick, and a mark made before processing is lost (choose the commit point explicitly)",
			k.Client.Config.Interval),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Disable auto-commit and commit marks when ConsumeClaim returns",
			TextEdits: edits,
		}},
	})
}

func (c *checker) strictPreviousPoll(k *consumer.Consumer) {
	if k.Settings.Is(k.Client, clientmodel.MarksOnly) {
		return
	}
	cfg, ok := c.setSetting(k, clientmodel.AutoCommit, false)
	if !ok {
		return
	}
	fetches := callsWith(k, clientmodel.Fetch)
	if len(fetches) == 0 {
		return
	}
	edits := cfg
	for _, f := range fetches {
		call, path := edit.CallAt(c.pass, f.Pos())
		if call == nil || len(call.Args) == 0 {
			return
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return
		}
		loop, body := edit.LoopOf(path)
		if loop == nil {
			return
		}
		stmt, _ := edit.Stmt(path)
		handling, extra, ok := c.errHandling(path, stmt, "commit offsets")
		if !ok {
			return
		}
		text := fmt.Sprintf("if err := %s.CommitUncommittedOffsets(%s); err != nil {\n%s\n}", edit.Source(c.pass, sel.X), edit.Source(c.pass, call.Args[0]), handling)
		e, ok := edit.AppendToList(c.pass, body.List, body.Rbrace, text)
		if !ok {
			return
		}
		edits = append(edits, extra...)
		edits = append(edits, e)
	}
	c.report(k, analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoCommitted,
		Message: fmt.Sprintf("auto-commit is on: franz-go commits every poll before the latest one every %s; a synchronous loop is at-least-once, but records that outlive their poll are lost on a crash (choose the commit point explicitly)",
			k.Client.Config.Interval),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Disable auto-commit and commit after processing each poll",
			TextEdits: edits,
		}},
	})
}

func (c *checker) strictStored(k *consumer.Consumer) {
	if !k.Settings.IsNot(k.Client, clientmodel.AutoStore) {
		return // auto-store on is reported by storedTimer
	}
	stores := callsWith(k, clientmodel.Store)
	if len(stores) == 0 {
		return
	}
	cfg, ok := c.setSetting(k, clientmodel.AutoCommit, false)
	if !ok {
		return
	}
	edits := cfg
	for _, st := range stores {
		call, _ := edit.CallAt(c.pass, st.Pos())
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if call == nil || !ok || sel.Sel.Name != "StoreMessage" {
			return
		}
		edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("CommitMessage")})
	}
	c.report(k, analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoCommitted,
		Message: fmt.Sprintf("auto-commit is on: librdkafka commits the stored offsets every %s; a crash replays what was stored since the last tick (choose the commit point explicitly)",
			k.Client.Config.Interval),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Disable auto-commit and commit each message after processing",
			TextEdits: edits,
		}},
	})
}
