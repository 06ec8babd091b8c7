package driver

import (
	"bytes"
	"encoding/json"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// fixture returns a finding in a real file under a temp root, with a
// related position and a two-edit fix.
func fixture(t *testing.T, msg string) (string, *Finding) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "svc")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package svc\n\nfunc f() {\n\tcommit()\n\tprocess()\n}\n"
	file := filepath.Join(dir, "a,b:c.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	tf := fset.AddFile(file, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	commit := tf.Pos(strings.Index(src, "commit()"))
	process := tf.Pos(strings.Index(src, "process()"))
	a := &analysis.Analyzer{Name: "ordering", Doc: "ordering: report offsets committed before records are processed\n\nMore.", URL: "https://example.com/commitlint#readme"}
	d := analysis.Diagnostic{
		Pos: commit, End: commit + 6, Category: "commit-before-process", Message: msg,
		Related: []analysis.RelatedInformation{{Pos: process, Message: "record processed here"}},
		SuggestedFixes: []analysis.SuggestedFix{{Message: "Move commit after the record is processed", TextEdits: []analysis.TextEdit{
			{Pos: commit, End: commit + 9},
			{Pos: process + 9, End: process + 9, NewText: []byte("\n\tcommit()")},
		}}},
	}
	return root, &Finding{Analyzer: a, Diag: d, Fset: fset, Posn: fset.Position(d.Pos), End: fset.Position(d.End)}
}

func TestGitHubEscaping(t *testing.T) {
	root, f := fixture(t, "100% lost\r\nsecond line")
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, []*Finding{f}, root); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	want := "::error file=svc/a%2Cb%3Ac.go,line=4,endLine=4,col=2,endColumn=8,title=commitlint ordering/commit-before-process::100%25 lost%0D%0Asecond line%0Asvc/a,b:c.go:5: record processed here\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if strings.Count(got, "\n") != 1 {
		t.Errorf("a finding must be one line: %q", got)
	}
}

func TestSARIFShape(t *testing.T) {
	root, f := fixture(t, "call to commit before the record is processed")
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, "v0.1.0", []*analysis.Analyzer{f.Analyzer}, []*Finding{f, f}, root, nil); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string
						ShortDescription struct{ Text string }
						FullDescription  struct{ Text string }
						Help             struct{ Text string }
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string
							URIBaseID string `json:"uriBaseId"`
						}
						Region struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
				RelatedLocations    []json.RawMessage
				PartialFingerprints map[string]string
				Fixes               []struct {
					ArtifactChanges []struct {
						Replacements []json.RawMessage
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != 1 || run.Tool.Driver.Rules[0].ID != "ordering/commit-before-process" {
		t.Fatalf("rules: %+v", run.Tool.Driver.Rules)
	}
	r := run.Tool.Driver.Rules[0]
	if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" {
		t.Errorf("rule lacks descriptions: %+v", r)
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results", len(run.Results))
	}
	res := run.Results[0]
	loc := res.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "svc/a,b:c.go" && loc.ArtifactLocation.URI != "svc/a,b%3Ac.go" {
		t.Errorf("uri %q is not repo-relative", loc.ArtifactLocation.URI)
	}
	if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
		t.Errorf("uriBaseId %q", loc.ArtifactLocation.URIBaseID)
	}
	if loc.Region.StartLine != 4 || loc.Region.StartColumn != 2 || loc.Region.EndLine != 4 || loc.Region.EndColumn != 8 {
		t.Errorf("region %+v", loc.Region)
	}
	if len(res.RelatedLocations) != 1 || len(res.Fixes) != 1 || len(res.Fixes[0].ArtifactChanges[0].Replacements) != 2 {
		t.Errorf("related %d, fixes %+v", len(res.RelatedLocations), res.Fixes)
	}
	fp0 := res.PartialFingerprints["primaryLocationLineHash"]
	fp1 := run.Results[1].PartialFingerprints["primaryLocationLineHash"]
	if fp0 == "" || fp0 == fp1 {
		t.Errorf("fingerprints %q and %q must be set and distinct for two results on one line", fp0, fp1)
	}
}

func TestFormatFlag(t *testing.T) {
	for args, want := range map[string]string{
		"-format=sarif ./...":   "sarif",
		"--format github ./...": "github",
		"-json ./...":           "",
		"-format":               "",
	} {
		if got := FormatFlag(strings.Fields(args)); got != want {
			t.Errorf("FormatFlag(%q) = %q, want %q", args, got, want)
		}
	}
}

// TestSARIFValidates checks the output against the official SARIF 2.1.0
// schema (OASIS errata01, JSON Schema draft-04; testdata copy).
func TestSARIFValidates(t *testing.T) {
	root, f := fixture(t, "call to commit before the record is processed")
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, "v0.1.0", []*analysis.Analyzer{f.Analyzer}, []*Finding{f}, root, []string{"commitlint: example.com/m/broken has errors: not analyzed: example.com/m/svc, which depends on it"}); err != nil {
		t.Fatal(err)
	}
	if err := ValidateSARIF(filepath.Join("..", "..", "testdata", "sarif-schema-2.1.0.json"), buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"executionSuccessful": false`)) || !bytes.Contains(buf.Bytes(), []byte(`"toolExecutionNotifications"`)) {
		t.Errorf("a run with load problems is not marked unsuccessful with notifications:\n%s", buf.Bytes())
	}
	// A broken log must fail, or the check proves nothing.
	bad := bytes.Replace(buf.Bytes(), []byte(`"level": "error"`), []byte(`"level": "fatal"`), 1)
	if err := ValidateSARIF(filepath.Join("..", "..", "testdata", "sarif-schema-2.1.0.json"), bad); err == nil {
		t.Error("a result with level \"fatal\" validated")
	}
}
