package fencing

import (
	"go/constant"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

var (
	insertColsRE = regexp.MustCompile(`(?is)^\s*insert\s+into\s+[\w."]+\s*\(([^)]*)\)\s*values\s*\(([^)]*)\)`)
	numberedRE   = regexp.MustCompile(`^\$(\d+)$`)
)

// constKey returns, as Go source, the constant value that the offset row
// write at pos (an SQL exec call) passes for the key column key: the
// argument of the placeholder compared with it in the WHERE of an
// UPDATE, or given for it in the VALUES of an INSERT. ok is false when
// that argument is not a constant (or the statement is not understood).
func (c *checker) constKey(pos token.Pos, key string) (string, bool) {
	call, _ := edit.CallAt(c.pass, pos)
	if call == nil {
		return "", false
	}
	fn := c.calleeOf(call)
	if fn == nil {
		return "", false
	}
	ex, ok := clientmodel.SQLExecOf(fn.FullName())
	if !ok || ex.Query >= len(call.Args) || call.Ellipsis.IsValid() {
		return "", false
	}
	tv, ok := c.pass.TypesInfo.Types[call.Args[ex.Query]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	n := keyPlaceholder(constant.StringVal(tv.Value), key)
	if n < 1 || ex.Query+n >= len(call.Args) {
		return "", false
	}
	arg := call.Args[ex.Query+n]
	v, ok := c.pass.TypesInfo.Types[arg]
	if !ok || v.Value == nil {
		return "", false
	}
	if v.Value.Kind() == constant.String {
		return strconv.Quote(constant.StringVal(v.Value)), true
	}
	return v.Value.ExactString(), true
}

// keyPlaceholder returns the number of the placeholder ($n) that sql
// gives the key column: `key = $n` in an UPDATE's WHERE, or the value at
// the key's place in an INSERT's VALUES; 0 if none.
func keyPlaceholder(sql, key string) int {
	if m := insertColsRE.FindStringSubmatch(sql); m != nil {
		cols, vals := strings.Split(m[1], ","), strings.Split(m[2], ",")
		if len(cols) != len(vals) {
			return 0
		}
		for i, col := range cols {
			if strings.EqualFold(strings.Trim(strings.TrimSpace(col), `"`), key) {
				if p := numberedRE.FindStringSubmatch(strings.TrimSpace(vals[i])); p != nil {
					n, _ := strconv.Atoi(p[1])
					return n
				}
			}
		}
		return 0
	}
	re := regexp.MustCompile(`(?is)\bwhere\b.*\b` + regexp.QuoteMeta(key) + `"?\s*=\s*\$(\d+)\b`)
	if m := re.FindStringSubmatch(sql); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}
