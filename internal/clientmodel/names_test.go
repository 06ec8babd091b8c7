package clientmodel

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestNoClientNamesOutsideModel keeps client knowledge in this package: no
// string in the code of the analyzers or the report's semantics names a
// client, one of its packages, or a distinctive name from its tables (a
// type, method, option, config field or key). Documentation (doc.go) and
// tests may name clients; code asks the model.
func TestNoClientNamesOutsideModel(t *testing.T) {
	vocab := clientVocabulary()
	for _, w := range []string{"kgo", "sarama", "StoreMessage", "group.id", "franz-go", "RevokedPartitions"} {
		if !vocab[w] {
			t.Fatalf("vocabulary misses %q: the check below would pass vacuously", w)
		}
	}
	var hits []string
	for _, dir := range []string{"../../analyzers", "../semantics"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || d.Name() == "doc.go" {
				return nil
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				var names []string
				for _, w := range literalWords(s) {
					if vocab[w] && !slices.Contains(names, w) {
						names = append(names, w)
					}
				}
				if len(names) > 0 {
					hits = append(hits, fset.Position(lit.Pos()).String()+": "+strings.Join(names, ", "))
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(hits) > 0 {
		t.Errorf("%d strings outside internal/clientmodel name a client; move the knowledge into the model:\n%s",
			len(hits), strings.Join(hits, "\n"))
	}
}

// literalWords splits s into the words a client name could be: identifiers,
// dotted keys (group.id) and hyphenated names (franz-go), and the
// qualifiers of qualified names (kgo in kgo.ConsumerGroup).
func literalWords(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '-' && r != '_' && r != '/'
	}) {
		f = strings.Trim(f, ".-/")
		out = append(out, f)
		for _, p := range strings.FieldsFunc(f, func(r rune) bool { return r == '.' || r == '/' }) {
			out = append(out, p)
		}
	}
	return out
}

// clientVocabulary collects every distinctive name in the client tables:
// client names, package paths and their last elements, and the CamelCase
// identifiers and dotted keys of every entry. Plain words a message may use
// for what they mean (Commit, Poll, End, Topic) are not distinctive.
func clientVocabulary() map[string]bool {
	vocab := map[string]bool{}
	add := func(s string) {
		if s == "" {
			return
		}
		upper := 0
		for _, r := range s {
			if unicode.IsUpper(r) {
				upper++
			}
		}
		if upper >= 2 || strings.Contains(s, ".") && !strings.Contains(s, "/") && !strings.Contains(s, " ") {
			vocab[s] = true
		}
	}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				walk(k)
				walk(v.MapIndex(k))
			}
		case reflect.String:
			s := v.String()
			add(s)
			for _, w := range literalWords(s) {
				add(w)
			}
		}
	}
	for _, c := range Clients {
		vocab[c.Name] = true
		for _, p := range c.Paths {
			vocab[p] = true
			vocab[p[strings.LastIndex(p, "/")+1:]] = true
		}
		walk(reflect.ValueOf(c).Elem())
	}
	// Words the model uses in its own prose, not names.
	for w := range vocab {
		if strings.Contains(w, " ") || slices.Contains([]string{"v2"}, w) {
			delete(vocab, w)
		}
	}
	return vocab
}
