#!/usr/bin/env bash
# Cold-cache CPU of commitlint builds beside go vet on sarama and franz-go
# (the two modules where commitlint's cold CPU was over go vet's, #12): a
# smaller equivalent of the commitlint and go vet cold cells of
# bench/modules.sh, for comparing commitlint revisions.
#
#   bash bench/cold.sh                         # HEAD, 1 round
#   REVS="79b7396 HEAD" ROUNDS=2 bash bench/cold.sh
#   MODULES=franz-go bash bench/cold.sh
#
# Each run starts from an empty GOCACHE of its own (the go command
# compiles the standard library and every dependency it needs export data
# for); the tools alternate within a round so they see about the same
# machine load. Printed per run: wall seconds and, in brackets, user+sys
# CPU seconds of the process and its children (the figure to compare on a
# shared machine), and the load average at its start. The modules are
# copied from the module cache (bench/modules.sh's pinned versions;
# franz-go with kadm joined through go.work, pattern ./pkg/... ./pkg/kadm/...)
# and analyzed with their tests, as bench/modules.sh does.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-1}
export GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
WORK=$(mktemp -d /tmp/commitlint-cold.XXXXXX)
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
MOD=$(go env GOMODCACHE)

tools=()
for rev in ${REVS:-HEAD}; do
	t="$WORK/tree-$rev"
	mkdir -p "$t"
	(cd "$ROOT" && git archive "$rev") | tar -x -C "$t"
	(cd "$t" && go build -o "$WORK/bin/commitlint-$rev" ./cmd/commitlint)
	tools+=("commitlint-$rev")
done
tools+=(vet)

fetch() { # module@version: its directory in the module cache
	(cd "$ROOT/testdata/real" && go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
}
setup() { # name
	local d="$WORK/src/$1"
	case $1 in
	sarama)
		cp -r "$(fetch github.com/IBM/sarama@v1.61.1)" "$d"
		PATTERN="./..."
		;;
	franz-go)
		cp -r "$(fetch github.com/twmb/franz-go@v1.22.3)" "$d"
		chmod -R u+w "$d"
		rm -rf "$d/pkg/kadm" && cp -r "$(fetch github.com/twmb/franz-go/pkg/kadm@v1.20.0)" "$d/pkg/kadm"
		(cd "$d" && go work init . ./pkg/kadm)
		PATTERN="./pkg/... ./pkg/kadm/..."
		;;
	esac
	chmod -R u+w "$d"
	# shellcheck disable=SC2086
	(cd "$d" && GOFLAGS="$GOFLAGS -mod=mod" go list -e -deps -test $PATTERN >/dev/null 2>&1 || true)
}

echo "$(go version); $(nproc) cores"
for m in ${MODULES:-sarama franz-go}; do
	mkdir -p "$WORK/src"
	setup "$m"
	for r in $(seq 1 "$ROUNDS"); do
		for tool in "${tools[@]}"; do
			cache=$(mktemp -d "$WORK/cache.XXXX")
			l=$(cut -d' ' -f1 /proc/loadavg)
			tf=$(mktemp)
			if [ "$tool" = vet ]; then cmd=(go vet); else cmd=("$WORK/bin/$tool"); fi
			# shellcheck disable=SC2086
			(cd "$WORK/src/$m" && GOCACHE=$cache /usr/bin/time -o "$tf" -f "%e %U %S" "${cmd[@]}" $PATTERN >/dev/null 2>&1) || true
			read -r w u s < <(tail -1 "$tf")
			echo "$m round $r $tool: $w s [$(awk -v u="$u" -v s="$s" 'BEGIN {printf "%.1f", u+s}')] load $l"
			chmod -R u+w "$cache"; rm -rf "$cache" "$tf"
		done
	done
done
