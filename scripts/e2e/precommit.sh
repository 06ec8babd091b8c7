#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml with the real pre-commit
# (Debian's package, installed with apt-get if missing).
#
# The hook repository is a git snapshot of this checkout's working tree
# (tracked and untracked files, .gitignore honoured): `pre-commit try-repo`
# only sees committed files plus changes to tracked ones, so new files would
# otherwise be missed. Two scratch git repositories are the projects under
# test, each a module with the examples' go.mod/go.sum (the real clients,
# resolved from the module cache or the proxy) and one consumer:
#
#   buggy:   examples/kafkago/readmessage (ReadMessage commits first)
#   correct: examples/kafkago/fetchcommit (commits after processing)
#
# For each hook (commitlint: language golang, built by pre-commit with
# `go install ./...`; commitlint-vet: go vet -vettool; commitlint-system:
# the binary on PATH), `pre-commit try-repo <snapshot> <hook> --all-files`
# must fail on buggy with the finding (main.go:<marker line>) in its output
# and pass on correct.
#
# Usage: bash scripts/e2e/precommit.sh
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)

export GOTOOLCHAIN=local
export GOFLAGS=-buildvcs=false
export PRE_COMMIT_COLOR=never
# Git in the scratch repositories, whoever runs this.
export GIT_AUTHOR_NAME=e2e GIT_AUTHOR_EMAIL=e2e@invalid GIT_COMMITTER_NAME=e2e GIT_COMMITTER_EMAIL=e2e@invalid
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

if ! command -v pre-commit >/dev/null; then
	echo "== installing pre-commit (apt)"
	if ! apt-get install -y -qq pre-commit >/dev/null 2>&1; then
		apt-get update -qq
		apt-get install -y -qq pre-commit >/dev/null
	fi
fi
pre-commit --version

work=$(mktemp -d "${TMPDIR:-/tmp}/commitlint-e2e-pc.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

fail=0
check() { # check <description> <command...>: the check passes if the command does
	local what=$1
	shift
	if "$@" >/dev/null; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

# The hook repository: a one-commit snapshot of the working tree.
hooks=$work/hookrepo
mkdir -p "$hooks"
(cd "$repo" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$hooks" 2>/dev/null) || true
[ -f "$hooks/.pre-commit-hooks.yaml" ] || { echo "FAIL no .pre-commit-hooks.yaml in $repo"; exit 1; }
(cd "$hooks" && git init -q && git add -A && git commit -qm snapshot)

# project <name> <examples scenario dir>: a scratch git repo in $work/<name>.
project() {
	local dir=$work/$1
	mkdir -p "$dir/consumer"
	cp "$repo/examples/go.mod" "$repo/examples/go.sum" "$dir/"
	cp "$repo/examples/$2/main.go" "$dir/consumer/main.go"
	(cd "$dir" && go mod download && git init -q && git add -A) # try-repo --all-files needs them added, not committed
}
project buggy kafkago/readmessage
project correct kafkago/fetchcommit
line=$(grep -n '// finding: ' "$work/buggy/consumer/main.go" | cut -d: -f1)
echo "== expected: consumer/main.go:$line (examples/kafkago/readmessage), nothing on examples/kafkago/fetchcommit"

# try <hook> <project>: runs try-repo; output in $work/<hook>-<project>.out, exit code in $rc.
try() {
	local t
	t=$(now)
	rc=0
	(cd "$work/$2" && pre-commit try-repo "$hooks" "$1" --all-files) >"$work/$1-$2.out" 2>&1 || rc=$?
	echo "-- pre-commit try-repo <snapshot> $1 --all-files on $2: exit $rc, $(since "$t")"
	# the hook's output follows the third ===== line (after the config)
	awk '/^=+$/ { n++; next } n >= 3 && NF { print "    " $0 }' "$work/$1-$2.out" | head -n 20
}

run_hook() { # run_hook <hook>
	local hook=$1
	try "$hook" buggy
	check "$hook: fails on buggy code (exit $rc)" [ "$rc" -ne 0 ]
	check "$hook: reports Failed" grep -q 'Failed$' "$work/$hook-buggy.out"
	check "$hook: shows the finding at consumer/main.go:$line" grep -qP "consumer/main.go:$line:\\d+: [^\\t]" "$work/$hook-buggy.out"
	check "$hook: and nothing else" [ "$(grep -cP '\.go:\d+:\d+: [^\t]' "$work/$hook-buggy.out")" -eq 1 ]
	try "$hook" correct
	check "$hook: passes on correct code (exit $rc)" [ "$rc" -eq 0 ]
	check "$hook: reports Passed" grep -qE 'Passed$' "$work/$hook-correct.out"
}

run_hook commitlint
run_hook commitlint-vet

# commitlint-system needs the binary on PATH; without it the hook must fail.
rc=0
(cd "$work/buggy" && env PATH="$(dirname "$(command -v go)"):/usr/bin:/bin" pre-commit try-repo "$hooks" commitlint-system --all-files) >"$work/nobin.out" 2>&1 || rc=$?
check "commitlint-system: fails with no commitlint on PATH (exit $rc)" [ "$rc" -ne 0 ]
# shellcheck disable=SC2016 # the backquotes are literal
check "commitlint-system: says the executable is missing" grep -q 'Executable `commitlint` not found' "$work/nobin.out"
mkdir -p "$work/bin"
(cd "$repo" && go build -o "$work/bin/commitlint" ./cmd/commitlint)
PATH=$work/bin:$PATH run_hook commitlint-system

if [ "$fail" -ne 0 ]; then
	echo "pre-commit e2e: FAILED"
	for f in "$work"/*.out; do
		echo "---- $(basename "$f")"
		cat "$f"
	done
	exit 1
fi
echo "pre-commit e2e: ok"
