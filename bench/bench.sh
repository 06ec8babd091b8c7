#!/usr/bin/env bash
# Benchmarks commitlint against its floor (a no-op analyzer under the same
# driver), staticcheck and go vet, in one run on the same corpus and cache
# state. Prints a markdown table of medians, ratios and peak RSS.
#
#   bash bench/bench.sh [runs]        # default 5 runs per cell
#   CORPORA="x-tools scale1" bash bench/bench.sh 3   # a subset
#
# Standalone: bench/noop ./... (the floor: commitlint's own driver with one
# analyzer that does nothing), commitlint ./... and staticcheck ./...
# (empty cache each run):
# median wall seconds and, in brackets, median user+sys CPU seconds.
# Vet mode, after the same one-file edit each run, caches warm:
# go vet -vettool=noop (the vet floor: bench/noop is also a unitchecker),
# plain go vet, and go vet -vettool=commitlint.
#
# Corpus: real client libraries and x/tools from the module cache (copied
# out and made writable), the examples module, and a scaling series of the
# examples (1x, 3x, 10x copies in one module).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:-5}
export GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
WORK=$(mktemp -d /tmp/commitlint-bench.XXXXXX)
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
MOD=$(go env GOMODCACHE)

echo "building tools in $WORK" >&2
(cd "$ROOT" && go build -o "$WORK/bin/commitlint" ./cmd/commitlint && go build -o "$WORK/bin/noop" ./bench/noop)
GOBIN="$WORK/bin" go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
(cd "$ROOT/examples" && go mod download)
for m in github.com/IBM/sarama@v1.61.1 github.com/twmb/franz-go@v1.22.3 github.com/segmentio/kafka-go@v0.4.51 golang.org/x/tools@v0.52.0; do
	(cd "$ROOT/testdata/real" && go mod download "$m" 2>/dev/null || (cd "$WORK" && GOFLAGS=-mod=mod go mod download "$m"))
done

copy() { # module@version dest
	local src="$MOD/$(echo "$1" | sed 's/[A-Z]/!\L&/g')"
	cp -r "$src" "$2" && chmod -R u+w "$2"
	(cd "$2" && go mod download >/dev/null 2>&1 || true)
}
copy github.com/IBM/sarama@v1.61.1 "$WORK/sarama"
copy github.com/twmb/franz-go@v1.22.3 "$WORK/franz-go"
copy github.com/segmentio/kafka-go@v0.4.51 "$WORK/kafka-go"
copy golang.org/x/tools@v0.52.0 "$WORK/x-tools"
# The examples module replaces this module by ../ (for package lowwater):
# copies point it at the checkout.
cp -r "$ROOT/examples" "$WORK/examples"
sed -i "s#=> \.\./\$#=> $ROOT#" "$WORK/examples/go.mod"
for n in 1 3 10; do
	d="$WORK/scale$n"
	mkdir -p "$d/internal"
	# Same module path as examples, so the copies' imports of its
	# internal/demo package resolve.
	cp "$WORK/examples/go.mod" "$ROOT/examples/go.sum" "$d/"
	cp -r "$ROOT/examples/internal/demo" "$d/internal/"
	for i in $(seq 1 "$n"); do
		mkdir -p "$d/c$i"
		cp -r "$ROOT/examples/sarama" "$ROOT/examples/franzgo" "$ROOT/examples/kafkago" "$d/c$i/"
	done
done

# timed <dir> <command...>: run once, print "<wall s> <max RSS KB> <cpu s>"
# (cpu: user+sys of the command and its children, less sensitive than wall
# time to other load on the machine).
timed() {
	local dir=$1; shift
	local tf
	tf=$(mktemp)
	(cd "$dir" && /usr/bin/time -o "$tf" -f "%e %M %U %S" "$@" >/dev/null 2>&1) || true
	tail -1 "$tf" | awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}'
	rm -f "$tf"
}

# measure <dir> <command...>: median wall seconds, max RSS (MB) and median
# cpu seconds of RUNS runs.
measure() {
	local dir=$1; shift
	local times=() cpus=() rss=0 w r c
	for _ in $(seq 1 "$RUNS"); do
		read -r w r c < <(timed "$dir" "$@")
		times+=("$w"); cpus+=("$c")
		[ -n "$r" ] && [ "$r" -gt "$rss" ] && rss=$r
	done
	echo "$(median "${times[@]}") $((rss / 1024)) $(median "${cpus[@]}")"
}

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }

echo "commitlint: $(cd "$ROOT" && git describe --always --dirty 2>/dev/null || echo unknown); $(go version); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| corpus | floor (noop) s [cpu] | commitlint s [cpu] | ratio wall [cpu] | staticcheck s | commitlint/staticcheck | vet -vettool=noop (1 edit) s | go vet (1 edit) s | vet -vettool=commitlint (1 edit) s | vet commitlint/noop | vet commitlint/go vet | RSS noop / commitlint / staticcheck MB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
# staticcheck keeps a result cache of its own; commitlint standalone has
# none, so staticcheck runs with an empty cache each time.
export WORK

set +e # a corpus whose tools fail still gets a row
for c in ${CORPORA:-sarama franz-go kafka-go x-tools examples scale1 scale3 scale10}; do
	dir="$WORK/$c"
	# Warm the build cache and the module cache for this corpus.
	(cd "$dir" && go build ./... >/dev/null 2>&1 || true)
	read -r floor flrss flcpu < <(measure "$dir" "$WORK/bin/noop" ./...)
	read -r cl clrss clcpu < <(measure "$dir" "$WORK/bin/commitlint" ./...)
	read -r sc scrss _ < <(measure "$dir" bash -c 'STATICCHECK_CACHE=$(mktemp -d) "$WORK/bin/staticcheck" ./...')
	# vet after the same one-file edit: touch a file of the first package.
	f=$(cd "$dir" && ls *.go 2>/dev/null | grep -v _test | head -1)
	[ -z "$f" ] && f=$(cd "$dir" && find . -name '*.go' ! -name '*_test.go' | head -1)
	edit() { (cd "$dir" && echo "// bench $RANDOM$RANDOM" >> "$f"); }
	vnt=(); vt=(); vct=()
	# Warm vet's caches for the three tools first (facts of all
	# dependencies). The vet floor is bench/noop as a vet tool: the same
	# unitchecker driver (multichecker.Main speaks the vet protocol) with
	# an analyzer that does nothing.
	timed "$dir" go vet -vettool="$WORK/bin/noop" ./... >/dev/null
	timed "$dir" go vet ./... >/dev/null
	timed "$dir" go vet -vettool="$WORK/bin/commitlint" ./... >/dev/null
	for _ in $(seq 1 "$RUNS"); do
		edit; read -r w _ < <(timed "$dir" go vet -vettool="$WORK/bin/noop" ./...); vnt+=("$w")
		edit; read -r w _ < <(timed "$dir" go vet ./...); vt+=("$w")
		edit; read -r w _ < <(timed "$dir" go vet -vettool="$WORK/bin/commitlint" ./...); vct+=("$w")
	done
	vetn=$(median "${vnt[@]}")
	vet=$(median "${vt[@]}")
	vetc=$(median "${vct[@]}")
	echo "| $c | $floor [$flcpu] | $cl [$clcpu] | $(ratio "$cl" "$floor") [$(ratio "$clcpu" "$flcpu")] | $sc | $(ratio "$cl" "$sc") | $vetn | $vet | $vetc | $(ratio "$vetc" "$vetn") | $(ratio "$vetc" "$vet") | $flrss / $clrss / $scrss |"
done
