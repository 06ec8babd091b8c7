#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml with the real pre-commit
# (Debian's package, installed with apt-get if missing).
#
# The hook repository is a git snapshot of this checkout's working tree
# (tracked and untracked files, .gitignore honoured): `pre-commit try-repo`
# only sees committed files plus changes to tracked ones, so new files would
# otherwise be missed. Scratch git repositories are the projects under
# test, each a module with the examples' go.mod/go.sum (the real clients,
# resolved from the module cache or the proxy) and one sarama consumer:
#
#   buggy:    marks each message before applying it (ordering finding)
#   correct:  applies it, then marks it
#   monorepo: buggy's module in services/ledger/ of its repository
#
# For each hook (commitlint: language golang, built by pre-commit with
# `go install ./...`; commitlint-vet: go vet -vettool; commitlint-system:
# the binary on PATH), `pre-commit try-repo <snapshot> <hook> --all-files`
# must fail on buggy with the finding (consumer/main.go:<line>) in its
# output and pass on correct. Then the README's recipes on monorepo: a
# .pre-commit-config.yaml naming the hook repository at a commit (rev: a
# commit, as long as no release tag exists) with args: [-C,
# services/ledger, ./...] must fail with the finding, for each hook, and
# so must the `repo: local` recipe (the commitlint built from a clone, on
# PATH).
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

# consumer <file> <markfirst|markafter>: a sarama handler that marks each
# message before or after applying it.
consumer() {
	local mark='sess.MarkMessage(msg, "") // finding: ordering commit-before-process' before= after=
	if [ "$2" = markfirst ]; then before=$mark; else after=${mark%% //*}; fi
	mkdir -p "$(dirname "$1")"
	cat >"$1" <<EOF
package consumer

import "github.com/IBM/sarama"

type Handler struct{ Apply func(*sarama.ConsumerMessage) error }

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		$before
		if err := h.Apply(msg); err != nil {
			return err
		}
		$after
	}
	return nil
}
EOF
}

# project <name> <markfirst|markafter> [module dir]: a scratch git repo in
# $work/<name> with the consumer's module at its root or in module dir.
project() {
	local dir=$work/$1 mod=$work/$1/${3:-.}
	mkdir -p "$mod"
	cp "$repo/examples/go.mod" "$repo/examples/go.sum" "$mod/"
	# The examples require this module through a replace by ../ (for the
	# lowwater package), which the consumer does not import.
	(cd "$mod" && go mod edit -droprequire github.com/offsetcommit/commitlint -dropreplace github.com/offsetcommit/commitlint)
	consumer "$mod/consumer/main.go" "$2"
	(cd "$mod" && go mod download) && (cd "$dir" && git init -q && git add -A) # try-repo --all-files needs them added, not committed
}
project buggy markfirst
project correct markafter
project monorepo markfirst services/ledger
line=$(grep -n '// finding: ' "$work/buggy/consumer/main.go" | cut -d: -f1)
echo "== expected: consumer/main.go:$line on buggy and monorepo, nothing on correct"

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
	check "$hook: and nothing else" [ "$(grep -cP '^[^\t]\S*\.go:\d+:\d+: [^\t]' "$work/$hook-buggy.out")" -eq 1 ]
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

# The README's recipes, on the monorepo project: a config naming the hook
# repository at a commit, each hook given -C for the module's directory.
rev=$(cd "$hooks" && git rev-parse HEAD)
run_config() { # run_config <name> <config>: pre-commit run --all-files with it on monorepo; exit code in $rc
	local t
	t=$(now)
	printf '%s\n' "$2" >"$work/monorepo/.pre-commit-config.yaml"
	(cd "$work/monorepo" && git add .pre-commit-config.yaml)
	rc=0
	(cd "$work/monorepo" && pre-commit run --all-files) >"$work/$1-monorepo.out" 2>&1 || rc=$?
	echo "-- pre-commit run --all-files on monorepo ($1): exit $rc, $(since "$t")"
	grep -P '\.go:\d+:\d+: ' "$work/$1-monorepo.out" | head -n 4 | sed 's/^/    /'
}
for hook in commitlint commitlint-vet commitlint-system; do
	PATH=$work/bin:$PATH run_config "$hook" "repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: $hook
        args: [-C, services/ledger, ./...]"
	check "$hook with -C services/ledger: fails on the monorepo (exit $rc)" [ "$rc" -ne 0 ]
	check "$hook with -C services/ledger: shows the finding at consumer/main.go:$line" grep -qP "consumer/main.go:$line:\\d+: [^\\t]" "$work/$hook-monorepo.out"
done
# repo: local, with the commitlint built from a clone on PATH.
PATH=$work/bin:$PATH run_config local "repos:
  - repo: local
    hooks:
      - id: commitlint
        name: commitlint
        language: system
        entry: commitlint -C services/ledger ./...
        types: [go]
        pass_filenames: false"
check "repo: local: fails on the monorepo (exit $rc)" [ "$rc" -ne 0 ]
check "repo: local: shows the finding at consumer/main.go:$line" grep -qP "consumer/main.go:$line:\\d+: [^\\t]" "$work/local-monorepo.out"

if [ "$fail" -ne 0 ]; then
	echo "pre-commit e2e: FAILED"
	for f in "$work"/*.out; do
		echo "---- $(basename "$f")"
		cat "$f"
	done
	exit 1
fi
echo "pre-commit e2e: ok"
