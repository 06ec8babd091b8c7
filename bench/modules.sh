#!/usr/bin/env bash
# Benchmarks commitlint beside go vet and staticcheck on large public
# modules that use a Kafka client (issue #12), each COLD (an empty build
# cache) and WARM (a second run with the same build cache), on the same
# package pattern. Prints a markdown table and, per module, the load
# average at its start and end.
#
#   bash bench/modules.sh                    # all modules
#   MODULES="sarama watermill" bash bench/modules.sh
#   TIMEOUT=1200 bash bench/modules.sh       # seconds per run (default 900)
#
# Per cell: wall seconds, in brackets user+sys CPU seconds of the process
# and its children (the go command and the compilers it starts), and peak
# RSS of the largest process (/usr/bin/time). A run that hits TIMEOUT
# shows ">TIMEOUT" (timeout kills its whole process group, the go
# command's compilers included, so their CPU is not counted); the WARM run
# after a COLD one that timed out starts from a partly filled cache and
# is not a warm figure. The tools' exit codes are in $WORK/raw.txt (last
# field; findings make staticcheck exit 1 and commitlint 3).
#
# - commitlint: `commitlint PATTERN`, built once from the committed tree
#   (git archive HEAD, so concurrent edits of the checkout do not count).
#   Its load time (the go command listing the packages and compiling the
#   dependencies' export data, then type-checking the roots) is read from
#   its progress lines on stderr: "load" is the elapsed time printed with
#   the "analyzing N packages" phase (1 s resolution; ">=T" when no such
#   line came, T the last elapsed time printed while loading; "-" when the
#   command finished before the first progress line, after 2 s).
# - go vet: `go vet PATTERN` (vet caches its results in the build cache,
#   so WARM is a cache hit).
# - staticcheck: `staticcheck PATTERN` v0.8.2, with an empty
#   STATICCHECK_CACHE in both runs (its result cache would otherwise make
#   WARM a cache hit; commitlint has no result cache).
# - slowest package: the root package with the most dependencies (go list
#   -deps), run alone through commitlint with an empty build cache
#   (cold), then again (warm); commitlint has no per-package timing.
#
# The modules are downloaded at pinned versions into a scratch module
# cache, filled from the local module cache first
# (GOPROXY=file://$(go env GOMODCACHE)/cache/download,...) and the proxy
# after, then copied out writable. Nothing outside the scratch directory
# is written, except downloads through the normal proxy into the scratch
# module cache.
set -euo pipefail
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
TIMEOUT=${TIMEOUT:-900}
export GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
REALMOD=$(go env GOMODCACHE)
WORK=${WORK:-$(mktemp -d /tmp/commitlint-modules.XXXXXX)}
KEEP=${KEEP:-}
[ -z "$KEEP" ] && trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
export GOPROXY="file://$REALMOD/cache/download,$(go env GOPROXY)"
export GOMODCACHE="$WORK/modcache"
mkdir -p "$WORK/bin" "$WORK/src"
TREE=$(mktemp -d "$WORK/tree.XXXX")

# name | module@version | package pattern | extra module@version:subdir (a
# nested module joined through go.work) | note
CATALOG='
sarama|github.com/IBM/sarama@v1.61.1|./...||the sarama client itself
franz-go|github.com/twmb/franz-go@v1.22.3|./pkg/... ./pkg/kadm/...|github.com/twmb/franz-go/pkg/kadm@v1.20.0:pkg/kadm|kgo, kmsg users, sasl and kadm (nested module, through go.work)
watermill|github.com/ThreeDotsLabs/watermill-kafka/v3@v3.0.6|./...||Watermill Pub/Sub over sarama (framework)
otel-kafkareceiver|github.com/open-telemetry/opentelemetry-collector-contrib/receiver/kafkareceiver@v0.165.1|./...||OpenTelemetry Collector Kafka receiver over franz-go (collector component)
loki-kafka|github.com/grafana/loki/v3@v3.5.6|./pkg/kafka/...||Grafana Loki (service) Kafka ingest path over franz-go
'

echo "building tools in $WORK" >&2
rev=$(cd "$ROOT" && git rev-parse --short HEAD)
(cd "$ROOT" && git archive HEAD) | tar -x -C "$TREE"
# The tools are built with the usual module and build caches.
(cd "$TREE" && GOMODCACHE=$REALMOD go build -o commitlint ./cmd/commitlint && mv commitlint "$WORK/bin/commitlint")
[ -x "$WORK/bin/staticcheck" ] || GOMODCACHE=$REALMOD GOBIN="$WORK/bin" go install honnef.co/go/tools/cmd/staticcheck@v0.8.2

# repo_of module@version: the first three elements of its path (its
# repository on GitHub). The modules of a repository that a catalog entry
# pins are not checked against the checksum database (the proxy here does
# not serve every one of them); their dependencies are, through go.sum.
repo_of() { echo "${1%@*}" | cut -d/ -f1-3; }

dir_of() { # module@version: its directory in the scratch module cache
	(cd "$WORK" && GONOSUMDB=$(repo_of "$1") go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
}

setup() { # name module@version pattern extra
	local name=$1 mv=$2 pattern=$3 extra=$4 d="$WORK/src/$1"
	[ -d "$d" ] && return 0
	[ -f "$WORK/go.mod" ] || printf 'module scratch\n\ngo 1.24\n' >"$WORK/go.mod"
	cp -r "$(dir_of "$mv")" "$d" && chmod -R u+w "$d"
	if [ -n "$extra" ]; then
		local emv=${extra%%:*} sub=${extra#*:}
		rm -rf "${d:?}/$sub" && cp -r "$(dir_of "$emv")" "$d/$sub" && chmod -R u+w "$d/$sub"
		(cd "$d" && go work init . "./$sub")
	fi
	# A module of a multi-module repository replaces its siblings by
	# relative directories the module zip does not hold: use the
	# required versions instead (added to go.sum here).
	(cd "$d" && go mod edit -json | python3 -c 'import json,os,sys
for r in json.load(sys.stdin).get("Replace") or []:
    if r["New"]["Path"].startswith(".") and not os.path.isdir(r["New"]["Path"]): print(r["Old"]["Path"])' |
		while read -r o; do go mod edit -dropreplace="$o"; done)
	# Download what the pattern needs (tests included), nothing more.
	# shellcheck disable=SC2086 # a pattern may be several
	(cd "$d" && GONOSUMDB=$(repo_of "$mv") GOFLAGS="$GOFLAGS -mod=$([ -n "$extra" ] && echo readonly || echo mod)" timeout "$TIMEOUT" go list -e -deps -test $pattern >/dev/null)
}

# timed <dir> <label> <command...>: run once under TIMEOUT; prints
# "<wall> <cpu> <rssMB> <load>" (load: commitlint's, else "-"). The
# command's stderr is kept in $WORK/log/<label>.
timed() {
	local dir=$1 label=$2; shift 2
	local tf log="$WORK/log/$label" rc=0
	mkdir -p "$WORK/log"
	tf=$(mktemp)
	(cd "$dir" && /usr/bin/time -o "$tf" -f "%e %M %U %S" timeout "$TIMEOUT" "$@" >"$log.out" 2>"$log") || rc=$?
	local wall rss cpu ld
	read -r wall rss cpu < <(tail -1 "$tf" | awk '{printf "%s %d %.1f\n", $1, $2/1024, $3 + $4}')
	rm -f "$tf"
	[ "$rc" = 124 ] && wall=">$TIMEOUT"
	# commitlint's load time: the elapsed time on its first "analyzing"
	# progress line; without one (analysis took less than the 1 s tick),
	# at least the last elapsed time it printed while loading.
	ld=$(sed -n 's/.*analyzing [0-9]* packages.*(\([0-9hm]*[0-9.]*s\))$/\1/p' "$log" | head -1)
	[ -z "$ld" ] && ld=$(sed -n 's/^commitlint: .*(\([0-9hm]*[0-9.]*s\))$/>=\1/p' "$log" | tail -1)
	echo "$label $wall $cpu $rss ${ld:--} $rc" >>"$WORK/raw.txt"
	echo "$wall $cpu $rss ${ld:--} $rc"
}

load() { cut -d' ' -f1 /proc/loadavg; }

echo "commitlint $rev; $(go version); $(nproc) cores; timeout ${TIMEOUT}s a run"
echo
echo "| module (pattern, packages) | load start/end | commitlint cold s [cpu] (load) | go vet cold s [cpu] | staticcheck cold s [cpu] | commitlint warm s [cpu] (load) | go vet warm s [cpu] | staticcheck warm s [cpu] | RSS cold commitlint / vet / staticcheck MB | slowest package (deps): commitlint cold / warm s [cpu] |"
echo "|---|---|---|---|---|---|---|---|---|---|"

set +e # a module whose tools fail still gets a row
export WORK
while IFS='|' read -r name mv pattern extra note; do
	[ -z "$name" ] && continue
	case " ${MODULES:-$name} " in *" $name "*) ;; *) continue ;; esac
	echo "setting up $name ($mv)" >&2
	if ! setup "$name" "$mv" "$pattern" "$extra"; then
		echo "| $name | setup failed | | | | | | | | |"
		continue
	fi
	d="$WORK/src/$name"
	# shellcheck disable=SC2086
	npk=$(cd "$d" && go list -e $pattern 2>/dev/null | wc -l)
	l0=$(load)
	# One cache per tool, so each tool's COLD run compiles everything it
	# needs itself; the tools run one after the other (interleaved per
	# module) so that they see about the same load.
	cc=$(mktemp -d "$WORK/cache.XXXX"); vc=$(mktemp -d "$WORK/cache.XXXX"); sc=$(mktemp -d "$WORK/cache.XXXX")
	read -r clw clc clr cll _ < <(GOCACHE=$cc timed "$d" "$name.commitlint.cold" "$WORK/bin/commitlint" $pattern)
	read -r vw vcpu vr _ < <(GOCACHE=$vc timed "$d" "$name.vet.cold" go vet $pattern)
	read -r sw scpu sr _ < <(GOCACHE=$sc STATICCHECK_CACHE=$(mktemp -d "$WORK/scache.XXXX") timed "$d" "$name.staticcheck.cold" "$WORK/bin/staticcheck" $pattern)
	read -r clw2 clc2 _ cll2 _ < <(GOCACHE=$cc timed "$d" "$name.commitlint.warm" "$WORK/bin/commitlint" $pattern)
	read -r vw2 vcpu2 _ < <(GOCACHE=$vc timed "$d" "$name.vet.warm" go vet $pattern)
	read -r sw2 scpu2 _ < <(GOCACHE=$sc STATICCHECK_CACHE=$(mktemp -d "$WORK/scache.XXXX") timed "$d" "$name.staticcheck.warm" "$WORK/bin/staticcheck" $pattern)
	# The slowest package commitlint is likely to meet cold: the root
	# package with the most dependencies (SLOWEST=0 skips it: it is one
	# more cold build).
	sp=- sn=- pw=- pcpu=- pw2=- pcpu2=-
	[ "${SLOWEST:-1}" = 1 ] && {
	slow=$(cd "$d" && for p in $(go list -e $pattern 2>/dev/null); do echo "$(GOCACHE=$vc go list -e -deps "$p" 2>/dev/null | wc -l) $p"; done | sort -n | tail -1)
	sp=${slow#* }; sn=${slow%% *}
	pc=$(mktemp -d "$WORK/cache.XXXX")
	read -r pw pcpu _ < <(GOCACHE=$pc timed "$d" "$name.slowest.cold" "$WORK/bin/commitlint" "$sp")
	read -r pw2 pcpu2 _ < <(GOCACHE=$pc timed "$d" "$name.slowest.warm" "$WORK/bin/commitlint" "$sp")
	rm -rf "$pc"
	}
	l1=$(load)
	rm -rf "$cc" "$vc" "$sc"
	echo "| $name ($pattern, $npk) | $l0 / $l1 | $clw [$clc] ($cll) | $vw [$vcpu] | $sw [$scpu] | $clw2 [$clc2] ($cll2) | $vw2 [$vcpu2] | $sw2 [$scpu2] | $clr / $vr / $sr | ${sp#"$(cd "$d" && go list -m -f '{{.Path}}' 2>/dev/null | head -1)"} ($sn): $pw [$pcpu] / $pw2 [$pcpu2] |"
done <<<"$CATALOG"
