package driver

import (
	"fmt"
	"io"
	"strings"
)

// GitHub Actions workflow command escaping (actions/toolkit command.ts).
var (
	ghData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// WriteGitHub prints one ::error workflow command per finding, with the
// file relative to root, so GitHub Actions annotates the pull request.
func WriteGitHub(w io.Writer, findings []*Finding, root string) error {
	for _, f := range findings {
		props := []string{
			"file=" + ghProperty.Replace(relPath(root, f.Posn.Filename)),
			fmt.Sprintf("line=%d", f.Posn.Line),
			fmt.Sprintf("endLine=%d", f.End.Line),
		}
		if f.Posn.Line == f.End.Line {
			props = append(props, fmt.Sprintf("col=%d", f.Posn.Column), fmt.Sprintf("endColumn=%d", max(f.End.Column, f.Posn.Column)))
		} else {
			props = append(props, fmt.Sprintf("col=%d", f.Posn.Column))
		}
		props = append(props, "title="+ghProperty.Replace("commitlint "+f.Rule()))
		msg := f.Diag.Message
		for _, r := range f.Diag.Related {
			p := f.Fset.Position(r.Pos)
			msg += fmt.Sprintf("\n%s:%d: %s", relPath(root, p.Filename), p.Line, r.Message)
		}
		if _, err := fmt.Fprintf(w, "::error %s::%s\n", strings.Join(props, ","), ghData.Replace(msg)); err != nil {
			return err
		}
	}
	return nil
}
