#!/usr/bin/env bash
# Robustness sweep (issue #8): runs commitlint over every package of a large
# real corpus and fails on any panic, internal error or crash; prints every
# finding, for triage (library code that is not a consumer should draw none).
#
#   bash scripts/sweep/sweep.sh            # standalone (-json) over the corpus
#   SWEEP_VET=1 bash scripts/sweep/sweep.sh  # also go vet -vettool=commitlint
#
# Corpus: a throwaway module whose main package imports golangci-lint v2
# (the version scripts/e2e/golangci.sh builds) and the Kafka clients
# (sarama, the old Shopify path, franz-go and kadm, kafka-go,
# confluent-kafka-go v1 and v2), so that the Kafka-aware paths (gate,
# SSA, facts) run on real library code too. Analyzed: the standard
# library and every loadable package of every module of its build list
# (over 2,000 packages; test files excluded: their test-only dependencies
# are not in the corpus's go.sum). Needs the module proxy or a filled module cache,
# and gcc (confluent-kafka-go is cgo). Takes several minutes and several
# GB of memory: not run by CI.
#
# Exit status: 0 if no crash, no panic, no internal error and no
# analysis error; 1 otherwise. Findings do not fail the sweep: each must be
# triaged (see BENCHMARKS.md, "Robustness sweep").
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
GCL_VERSION=v2.15.0
export GOTOOLCHAIN=local GOFLAGS=-buildvcs=false CGO_ENABLED=1
WORK=$(mktemp -d "${TMPDIR:-/tmp}/commitlint-sweep.XXXXXX")
if [ -z "${SWEEP_KEEP:-}" ]; then
	trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
else
	echo "keeping $WORK" >&2
fi
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

echo "== building commitlint"
(cd "$ROOT" && go build -o "$WORK/bin/commitlint" ./cmd/commitlint && go build -o "$WORK/bin/sweep" ./scripts/sweep)

echo "== corpus module: golangci-lint $GCL_VERSION + Kafka clients"
mkdir -p "$WORK/corpus"
cd "$WORK/corpus"
cat >go.mod <<'EOF'
module commitlint.invalid/sweep

go 1.26.0
EOF
cat >main.go <<'EOF'
// Command sweep exists only to pull a large real dependency graph.
package main

import (
	"github.com/golangci/golangci-lint/v2/pkg/commands"

	_ "github.com/IBM/sarama"
	_ "github.com/Shopify/sarama"
	_ "github.com/confluentinc/confluent-kafka-go/kafka"
	_ "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	_ "github.com/segmentio/kafka-go"
	_ "github.com/twmb/franz-go/pkg/kadm"
	_ "github.com/twmb/franz-go/pkg/kgo"
)

func main() { _ = commands.Execute(commands.BuildInfo{}) }
EOF
# Positive control: two example consumers (one with a finding marker, one
# without) analyzed in the same run; their findings must be exactly the
# markers, which shows the sweep really exercised the Kafka paths.
mkdir -p control
cp -r "$ROOT/examples/sarama/txncommit" "$ROOT/examples/sarama/txnabort" control/
rm -f control/*/*.json
# The client versions are those of testdata/real (the ones the analyzers'
# models are checked against).
reqs=("github.com/golangci/golangci-lint/v2@$GCL_VERSION")
while read -r mod ver; do
	reqs+=("$mod@$ver")
done < <(awk '/^require \(/ {r=1; next} r && /^\)/ {exit} r {print $1, $2}' "$ROOT/testdata/real/go.mod")
GOFLAGS="-mod=mod -buildvcs=false" go get "${reqs[@]}" >"$WORK/get.log" 2>&1 || { cat "$WORK/get.log"; exit 1; }
go mod tidy >>"$WORK/get.log" 2>&1 || { cat "$WORK/get.log"; exit 1; }

# The package list: the main package's dependencies, the whole standard
# library, and every package of every module in the build list whose
# packages load from the module cache alone (GOPROXY=off: some modules'
# other packages import modules outside this build list; those are left
# out, and so is any package with a load error, e.g. other-OS only).
: >"$WORK/mods"
for m in $(go list -m -f '{{if not .Main}}{{.Path}}{{end}}' all); do
	if GOPROXY=off go list -e "$m/..." >/dev/null 2>&1; then echo "$m/..." >>"$WORK/mods"; fi
done
GOPROXY=off go list -e -deps -f '{{if and (not .Error) (not .DepsErrors)}}{{.ImportPath}}{{end}}' . ./control/... std $(cat "$WORK/mods") 2>/dev/null |
	grep . | grep -vx 'commitlint.invalid/sweep' | LC_ALL=C sort -u >"$WORK/pkgs"
# Named one by one, packages of modules the pruned module graph only reaches
# indirectly need those modules in go.mod: add them (from the cache).
GOPROXY=off GOFLAGS="-mod=mod -buildvcs=false" go list -e $(cat "$WORK/pkgs") >/dev/null 2>>"$WORK/get.log"
npkgs=$(wc -l <"$WORK/pkgs")
nstd=$(GOPROXY=off go list -f '{{if .Standard}}{{.ImportPath}}{{end}}' $(cat "$WORK/pkgs") | grep -c .)
nmods=$(GOPROXY=off go list -f '{{with .Module}}{{.Path}}{{end}}' $(cat "$WORK/pkgs") | sort -u | grep -c .)
echo "packages: $npkgs ($nstd standard library, $((npkgs - nstd)) from $nmods modules)"
if [ "$npkgs" -lt 2000 ]; then echo "FAIL corpus has fewer than 2000 packages"; exit 1; fi

fail=0
echo "== standalone: commitlint -json -test=false <$npkgs packages>"
t=$(now)
set +e
/usr/bin/time -o "$WORK/time" -f "%e s, max RSS %M KB" \
	"$WORK/bin/commitlint" -json -test=false $(cat "$WORK/pkgs") >"$WORK/out.json" 2>"$WORK/err"
code=$?
set -e
echo "exit $code, $(cat "$WORK/time") ($(since "$t") s wall)"
if [ "$code" -ne 0 ]; then
	echo "FAIL exit status $code (with -json it is 0 unless the run failed)"
	fail=1
fi
if grep -qE 'panic:|goroutine [0-9]+ \[|internal error|fatal error:' "$WORK/err"; then
	echo "FAIL panic or internal error on stderr:"
	grep -nE -B2 -A10 'panic:|internal error|fatal error:' "$WORK/err" | head -80
	fail=1
fi
if [ -s "$WORK/err" ]; then
	echo "-- stderr ($(wc -l <"$WORK/err") lines; package load errors are listed here):"
	head -40 "$WORK/err"
fi
# sweep (main.go) reads the -json tree: analysis errors (internal errors
# included) fail the sweep, findings are listed.
"$WORK/bin/sweep" -control "$WORK/corpus/control" <"$WORK/out.json" || fail=1

if [ -n "${SWEEP_VET:-}" ]; then
	echo "== vet mode: go vet -vettool=commitlint <$npkgs packages>"
	t=$(now)
	set +e
	go vet -vettool="$WORK/bin/commitlint" $(cat "$WORK/pkgs") >"$WORK/vet.out" 2>&1
	code=$?
	set -e
	echo "exit $code in $(since "$t") s"
	if grep -qE 'panic:|goroutine [0-9]+ \[|internal error|fatal error:' "$WORK/vet.out"; then
		echo "FAIL panic or internal error in vet mode:"
		grep -nE -B2 -A10 'panic:|internal error|fatal error:' "$WORK/vet.out" | head -80
		fail=1
	fi
	# Anything vet printed that is not a "# pkg" header is a finding or an
	# error: list it.
	grep -v '^#' "$WORK/vet.out" | sed 's/^/  vet: /' || true
	if [ "$code" -ne 0 ] && ! grep -qvE '^#' "$WORK/vet.out"; then
		echo "FAIL go vet exit $code with no output"
		fail=1
	fi
fi

if [ "$fail" -ne 0 ]; then
	echo "SWEEP FAILED"
	exit 1
fi
echo "SWEEP OK"
