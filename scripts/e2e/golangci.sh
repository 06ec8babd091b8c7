#!/usr/bin/env bash
# End-to-end test of the golangci-lint module plugin (plugin/).
#
# Builds a real custom golangci-lint that includes github.com/offsetcommit/
# commitlint/plugin, using only the Go module proxy (`golangci-lint custom`
# clones golangci-lint with git, so it is replaced by the equivalent: a main
# package calling commands.Execute plus a plugins.go blank-importing the
# plugin, with `replace` pointing at this checkout). Then, on copies of
# examples/ with a .golangci.yml enabling commitlint (type: module):
#
#   1. `run` reports exactly the `// finding: <analyzer> <category>` markers
#      of examples/ (file:line and analyzer), exits 1, and writes SARIF
#      (--output.sarif.path) holding the same findings;
#   2. `run --fix` edits exactly the files with findings that carry a fix,
#      the fixed copy compiles and vets clean, and a second run reports only
#      the findings reported without a fix ("; no automatic fix: ...");
#   3. a misspelt plugin setting makes golangci-lint refuse to run, naming it.
#
# Usage: bash scripts/e2e/golangci.sh
# The binary is cached under ${COMMITLINT_E2E_CACHE:-$HOME/.cache/commitlint-e2e},
# keyed by a hash of go.mod, go.sum, the non-test files of plugin/, analyzers/
# and internal/, the golangci-lint version, the Go version and the build
# recipe below. Lint results are never cached (fresh GOLANGCI_LINT_CACHE).
# Linting examples/ needs cgo (gcc): confluent-kafka-go.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
gcl_version=v2.15.0
cache=${COMMITLINT_E2E_CACHE:-${HOME:-/tmp}/.cache/commitlint-e2e}

export GOTOOLCHAIN=local
export GOFLAGS=-buildvcs=false
export CGO_ENABLED=1 # confluent-kafka-go in examples/

work=$(mktemp -d "${TMPDIR:-/tmp}/commitlint-e2e-gcl.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

fail=0
check() { # check <description> <command...>: the check passes if the command does
	local what=$1
	shift
	if "$@" >/dev/null; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

# --- the custom binary -----------------------------------------------------

# recipe writes the build module's files into $1.
recipe() {
	cat >"$1/go.mod" <<EOF
module commitlint.invalid/golangci-lint-custom

go 1.26.0

require github.com/offsetcommit/commitlint v0.0.0

replace github.com/offsetcommit/commitlint => $src
EOF
	cat >"$1/main.go" <<'EOF'
// Command golangci-lint is golangci-lint with the commitlint module plugin,
// as `golangci-lint custom` would build it.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"
)

func main() {
	info := commands.BuildInfo{Version: "2.15.0-commitlint", Commit: "custom", Date: "(unknown)", GoVersion: runtime.Version()}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
EOF
	cat >"$1/plugins.go" <<'EOF'
package main

import _ "github.com/offsetcommit/commitlint/plugin"
EOF
}

# The README's manual recipe must be this one: its go.mod (with the clone
# at /path/to/commitlint), main.go and plugins.go.
readme_block() { # readme_block <text of the line before the block>
	awk -v intro="$1" 'index($0, intro) { on = 1; next } on && /^```/ { if (in_block) exit; in_block = 1; next } in_block { print }' "$repo/README.md"
}
mkdir -p "$work/readme-recipe"
src=/path/to/commitlint recipe "$work/readme-recipe"
for f in go.mod main.go plugins.go; do
	if diff -u "$work/readme-recipe/$f" <(readme_block "this \`$f\`") >"$work/diff"; then
		check "README's manual recipe: $f is the one built here" true
	else
		check "README's manual recipe: $f is the one built here; diff script README:" false
		sed 's/^/    /' "$work/diff"
	fi
done

# The plugin's module is built from a snapshot of the sources, so that the
# binary matches the cache key even if the tree is edited during the build.
src=$work/src
mkdir -p "$src"
(cd "$repo" && cp go.mod go.sum "$src/" && find plugin analyzers internal -type f ! -name '*_test.go' ! -path '*/testdata/*' -print0 |
	xargs -0 cp --parents -t "$src")
key=$(
	cd "$src"
	{
		echo "$gcl_version"
		go version
		mkdir -p "$work/recipe" && recipe "$work/recipe" && sed "s#$src#SRC#" "$work/recipe"/*
		cat go.mod go.sum
		find plugin analyzers internal -type f | LC_ALL=C sort | while read -r f; do echo "== $f"; cat "$f"; done
	} | sha256sum | cut -c1-16
)
bin=$cache/golangci-lint-$key

if [ -x "$bin" ]; then
	echo "== golangci-lint $gcl_version + commitlint plugin: cached $bin"
else
	echo "== building golangci-lint $gcl_version + commitlint plugin (module proxy only)"
	t=$(now)
	mkdir -p "$cache" "$work/build"
	rm -f "$cache"/golangci-lint-* # keep one binary (~50 MB) at a time
	recipe "$work/build"
	if ! (
		cd "$work/build"
		GOFLAGS="-mod=mod -buildvcs=false" go get "github.com/golangci/golangci-lint/v2@$gcl_version"
		go mod tidy
		go build -trimpath -ldflags="-s -w" -o "$bin.tmp.$$" .
	) >"$work/build.log" 2>&1; then
		tail -n 40 "$work/build.log"
		echo "FAIL building the custom golangci-lint"
		exit 1
	fi
	echo "$(grep -c '^go: downloading' "$work/build.log") modules downloaded"
	mv "$bin.tmp.$$" "$bin"
	echo "built $bin in $(since "$t")"
fi
"$bin" version

# --- expected findings ---------------------------------------------------------

# expected prints "file:line analyzer" for every marker under examples/ (a
# line may hold two: two findings at one call).
expected() {
	(cd "$repo/examples" && grep -rnoE --include='*.go' '// finding: [a-z]+ [a-z-]+' . |
		sed -E 's#^\./##; s#^([^:]+):([0-9]+):// finding: ([a-z]+) .*#\1:\2 \3#') | LC_ALL=C sort
}
expected >"$work/want"
nwant=$(wc -l <"$work/want")
[ "$nwant" -gt 0 ] || { echo "FAIL no // finding: markers in examples/"; exit 1; }

# copy makes a writable copy of examples/ in $1 with the .golangci.yml.
copy() {
	mkdir -p "$1"
	cp -R "$repo/examples/." "$1/"
	chmod -R u+w "$1"
	# examples/go.mod replaces this module with ../ (for the lowwater
	# package): point it at the checkout from the copy.
	if grep -q '^replace github.com/offsetcommit/commitlint => ' "$1/go.mod"; then
		(cd "$1" && go mod edit -replace "github.com/offsetcommit/commitlint=$repo")
	fi
	cat >"$1/.golangci.yml" <<'EOF'
version: "2"
linters:
  default: none
  enable:
    - commitlint
  settings:
    custom:
      commitlint:
        type: module
        description: Kafka consumer offset-commit checks
        settings:
          autocommit:
            strict: false
          ordering:
            ignore: []
          disable: []
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
EOF
}

# lint runs the binary in $1 with a fresh result cache; the exit code is in $rc.
lint() {
	local dir=$1
	shift
	rc=0
	(cd "$dir" && GOLANGCI_LINT_CACHE=$(mktemp -d "$work/lintcache.XXXXXX") "$bin" run "$@") || rc=$?
}

# --- 1. findings and SARIF -------------------------------------------------------

echo "== run on examples/ ($nwant expected findings)"
copy "$work/ex"
t=$(now)
lint "$work/ex" --output.text.path=stdout --output.text.print-issued-lines=false --output.json.path="$work/out.json" --output.sarif.path="$work/out.sarif" ./... >"$work/text" 2>"$work/stderr"
echo "golangci-lint run: exit $rc, $(since "$t")"
sed 's/^/    /' "$work/text"
check "exit code 1 (issues found), got $rc" [ "$rc" -eq 1 ]
[ "$rc" -eq 1 ] || sed 's/^/    /' "$work/stderr"

# golangci-lint turns each Diagnostic.Related into an issue of its own,
# "<analyzer>(related information): <message>", without a fix. Findings are
# the other issues: "file:line analyzer" from Pos and the "analyzer: "
# prefix of Text.
split_related() { # split_related <in: "file:line label" rows> <findings out> <related out>
	grep -v '(related information)$' "$1" >"$2" || true
	grep '(related information)$' "$1" >"$3" || true
}
# related_ok <related rows>: each related position sits in a file with a
# finding of the same analyzer (the other half of that bug).
related_ok() {
	local row file an
	[ -s "$1" ] || return 1
	while read -r row an; do
		file=${row%%:*}
		an=${an%(related information)}
		grep -q "^$file:[0-9]* $an\$" "$work/want" || { echo "stray related issue: $row $an" >&2; return 1; }
	done <"$1"
}
jq -r '.Issues[] | select(.FromLinter == "commitlint") | "\(.Pos.Filename):\(.Pos.Line) \(.Text | split(":")[0])"' "$work/out.json" |
	LC_ALL=C sort >"$work/all" || true
split_related "$work/all" "$work/got" "$work/related"
if diff -u "$work/want" "$work/got" >"$work/diff"; then
	check "findings = the $nwant // finding: markers (file:line analyzer)" true
else
	check "findings = the // finding: markers (file:line analyzer); diff want got:" false
	sed 's/^/    /' "$work/diff"
fi
check "$(wc -l <"$work/related") related-information issues, each in a file with a finding of its analyzer" related_ok "$work/related"
nother=$(jq '[.Issues[] | select(.FromLinter != "commitlint")] | length' "$work/out.json")
check "no issue from another linter ($nother)" [ "$nother" -eq 0 ]
nfix=$(jq '[.Issues[] | select(.SuggestedFixes | length > 0)] | length' "$work/out.json")
# A finding reported without a fix says why ("; no automatic fix: ...");
# the examples' tests list them (cmd/commitlint reportedWithoutFix).
nnofix=$(jq '[.Issues[] | select((.SuggestedFixes | length) == 0 and (.Text | contains("; no automatic fix: ")))] | length' "$work/out.json")
jq -r '.Issues[] | select((.SuggestedFixes | length) == 0 and (.Text | contains("; no automatic fix: "))) | .Pos.Filename' "$work/out.json" |
	LC_ALL=C sort -u >"$work/nofix-files"
check "every finding carries a suggested fix, or says why not ($nfix + $nnofix/$nwant)" [ $((nfix + nnofix)) -eq "$nwant" ]

# SARIF: version, the golangci-lint driver, one result per finding at the
# same file:line, rule commitlint, message prefixed with the analyzer.
if [ -s "$work/out.sarif" ]; then
	check "SARIF version 2.1.0" jq -e '.version == "2.1.0" and (.runs | length) == 1' "$work/out.sarif"
	check "SARIF tool.driver.name golangci-lint" jq -e '.runs[0].tool.driver.name == "golangci-lint"' "$work/out.sarif"
	jq -r '.runs[0].results[] | select(.ruleId == "commitlint") |
		"\(.locations[0].physicalLocation.artifactLocation.uri):\(.locations[0].physicalLocation.region.startLine) \(.message.text | split(":")[0])"' \
		"$work/out.sarif" | LC_ALL=C sort >"$work/sarif-all"
	split_related "$work/sarif-all" "$work/sarif-got" "$work/sarif-related"
	check "SARIF related-information results = the JSON ones" diff -q "$work/related" "$work/sarif-related"
	if diff -u "$work/want" "$work/sarif-got" >"$work/diff"; then
		check "SARIF results = the $nwant markers (uri:startLine analyzer, ruleId commitlint)" true
	else
		check "SARIF results = the markers; diff want got:" false
		sed 's/^/    /' "$work/diff"
	fi
	check "SARIF results all level error with a message" \
		jq -e '[.runs[0].results[] | select(.level != "error" or (.message.text | length) == 0)] | length == 0' "$work/out.sarif"
else
	check "SARIF written to --output.sarif.path" false
fi

# --- 2. --fix ----------------------------------------------------------------

echo "== run --fix on a copy of examples/"
copy "$work/fix"
t=$(now)
lint "$work/fix" --fix ./... >"$work/fixout" 2>&1
echo "golangci-lint run --fix: exit $rc, $(since "$t")"
(cd "$work" && diff -ru -x .golangci.yml -x go.mod "$repo/examples" fix >"$work/fix.diff") || true
grep -E '^\+\+\+ ' "$work/fix.diff" | awk '{print $2}' | sed 's#^fix/##' | LC_ALL=C sort -u >"$work/fixed-files"
cut -d: -f1 "$work/want" | LC_ALL=C sort -u | LC_ALL=C comm -23 - "$work/nofix-files" >"$work/want-files"
if diff -u "$work/want-files" "$work/fixed-files" >"$work/diff"; then
	check "--fix edited exactly the $(wc -l <"$work/want-files") files with findings" true
else
	check "--fix edited exactly the files with findings; diff want got:" false
	sed 's/^/    /' "$work/diff"
fi
echo "    $(grep -c '^[-+][^-+]' "$work/fix.diff") lines changed"
brc=0
t=$(now)
# go list -export compiles every package (the fixed ones included) without
# linking ~50 binaries; go vet type-checks and vets them.
(cd "$work/fix" && go list -export -f '{{.ImportPath}}' ./... >/dev/null && go vet ./...) >"$work/fixbuild.log" 2>&1 || brc=$?
check "fixed copy compiles and vets: go list -export ./... && go vet ./... ($(since "$t"))" [ "$brc" -eq 0 ]
[ "$brc" -eq 0 ] || sed 's/^/    /' "$work/fixbuild.log"
t=$(now)
lint "$work/fix" --output.text.path=stdout --output.json.path="$work/relint.json" ./... >"$work/relint" 2>&1
# What is left: the findings reported without a fix, in their files.
jq -r '.Issues[] | .Pos.Filename' "$work/relint.json" 2>/dev/null | LC_ALL=C sort -u >"$work/relint-files" || true
nleft=$(jq '[.Issues[] | select(.Text | contains("; no automatic fix: "))] | length' "$work/relint.json" 2>/dev/null || echo -1)
left_ok() { [ "$nleft" -eq "$nnofix" ] && diff -q "$work/nofix-files" "$work/relint-files"; }
check "fixed copy: golangci-lint run reports only the $nnofix findings without a fix (exit $rc, $(since "$t"))" left_ok
[ "$nleft" -eq "$nnofix" ] || sed 's/^/    /' "$work/relint"

# --- 3. bad settings --------------------------------------------------------

echo "== run with a misspelt setting (autocommit.stric)"
sed -i 's/            strict: false/            stric: true/' "$work/fix/.golangci.yml"
t=$(now)
lint "$work/fix" ./... >"$work/bad" 2>&1
echo "golangci-lint run: exit $rc, $(since "$t")"
sed 's/^/    /' "$work/bad" | head -n 5
check "refused: exit code $rc, not 0 (clean) or 1 (issues)" [ "$rc" -gt 1 ]
check "error names the unknown key" grep -q 'unknown field "stric"' "$work/bad"

if [ "$fail" -ne 0 ]; then
	echo "golangci-lint e2e: FAILED"
	exit 1
fi
echo "golangci-lint e2e: ok"
