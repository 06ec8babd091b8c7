package edit

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// FileEdit is a text edit by file name and byte offsets, so that it can
// cross packages in a fact (a fix of one package's finding that edits
// another's file); Size is the file's, to tell the file from the stand-in
// a front end makes for a package it reads from export data (go vet),
// whose lines only are known.
type FileEdit struct {
	File       string
	Size       int
	Start, End int
	Text       string
}

// Portable returns e, an edit of a file of fset, as a FileEdit.
func Portable(fset *token.FileSet, e analysis.TextEdit) FileEdit {
	tf := fset.File(e.Pos)
	end := e.End
	if !end.IsValid() {
		end = e.Pos
	}
	return FileEdit{File: tf.Name(), Size: tf.Size(), Start: tf.Offset(e.Pos), End: tf.Offset(end), Text: string(e.NewText)}
}

// Resolve returns edits as edits of the files of fset, when fset holds
// each file they edit (by name, with the same size): ok is false
// otherwise (go vet, which reads the other package from export data).
func Resolve(fset *token.FileSet, edits []FileEdit) (out []analysis.TextEdit, ok bool) {
	for _, e := range edits {
		tf := FileNamed(fset, e.File)
		if tf == nil || tf.Size() != e.Size || e.End > tf.Size() {
			return nil, false
		}
		out = append(out, analysis.TextEdit{Pos: tf.Pos(e.Start), End: tf.Pos(e.End), NewText: []byte(e.Text)})
	}
	return out, len(out) > 0
}

// FileNamed returns the file of fset with the given name, or nil.
func FileNamed(fset *token.FileSet, name string) *token.File {
	var out *token.File
	fset.Iterate(func(f *token.File) bool {
		if f.Name() == name {
			out = f
			return false
		}
		return true
	})
	return out
}
