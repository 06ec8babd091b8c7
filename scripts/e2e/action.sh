#!/usr/bin/env bash
# End-to-end test of action.yml, the composite GitHub Action, without
# GitHub: a small runner (Python, PyYAML) runs its steps as the Actions
# runner would (bash -eo pipefail, the step's env with ${{ inputs.* }}
# substituted, working-directory, GITHUB_OUTPUT, RUNNER_TEMP,
# GITHUB_ACTION_PATH = this checkout) on a scratch repository whose module
# lives in services/ledger (the README's working-directory case):
#
#   1. format github: the step fails (findings) and prints an ::error
#      annotation at the repository-relative path of the finding;
#   2. format sarif: the step succeeds, the sarif-file output is an
#      absolute path to a file that exists, and its result URI is
#      repository-relative (what upload-sarif and code scanning need).
#
# Usage: bash scripts/e2e/action.sh
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)

export GOTOOLCHAIN=local
export GOFLAGS=-buildvcs=false

work=$(mktemp -d "${TMPDIR:-/tmp}/commitlint-e2e-action.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

fail=0
check() { # check <description> <command...>: the check passes if the command does
	local what=$1
	shift
	if "$@" >/dev/null; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}

python3 -c 'import yaml' 2>/dev/null || {
	apt-get install -y -qq python3-yaml >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq python3-yaml >/dev/null; }
}

# The scratch repository: a .git directory (the repository root) and the
# module in services/ledger, a sarama handler that marks before applying.
ws=$work/workspace
mod=$ws/services/ledger
mkdir -p "$ws/.git" "$mod/consumer"
cp "$repo/examples/go.mod" "$repo/examples/go.sum" "$mod/"
# The examples require this module through a replace by ../ (for the
# lowwater package), which the consumer does not import.
(cd "$mod" && go mod edit -droprequire github.com/offsetcommit/commitlint -dropreplace github.com/offsetcommit/commitlint)
cat >"$mod/consumer/main.go" <<'EOF'
package consumer

import "github.com/IBM/sarama"

type Handler struct{ Apply func(*sarama.ConsumerMessage) error }

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "") // finding: ordering commit-before-process
		if err := h.Apply(msg); err != nil {
			return err
		}
	}
	return nil
}
EOF
(cd "$mod" && go mod download)
line=$(grep -n '// finding: ' "$mod/consumer/main.go" | cut -d: -f1)

# run_action <name> <input=value>...: runs action.yml's steps; output in
# $work/<name>.out, outputs in $work/<name>.outputs, exit status in $rc.
run_action() {
	local name=$1
	shift
	rc=0
	python3 - "$repo/action.yml" "$ws" "$work/$name" "$@" >"$work/$name.out" 2>&1 <<'EOF' || rc=$?
import os, re, subprocess, sys, yaml

action_file, workspace, state, *given = sys.argv[1:]
action = yaml.safe_load(open(action_file))
inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
for kv in given:
    k, v = kv.split("=", 1)
    inputs[k] = v
os.makedirs(state + ".tmp", exist_ok=True)
output_file = state + ".github_output"
open(output_file, "w").close()
steps = {}

def expand(text):
    def sub(m):
        expr = m.group(1).strip()
        if expr.startswith("inputs."):
            return inputs[expr[len("inputs."):]]
        s = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
        if s:
            return steps.get(s.group(1), {}).get(s.group(2), "")
        sys.exit("unsupported expression: " + expr)
    return re.sub(r"\$\{\{(.*?)\}\}", sub, str(text))

for step in action["runs"]["steps"]:
    env = dict(os.environ, GITHUB_ACTION_PATH=os.path.dirname(action_file), RUNNER_TEMP=state + ".tmp",
               GITHUB_OUTPUT=output_file, GITHUB_WORKSPACE=workspace)
    env.update({k: expand(v) for k, v in step.get("env", {}).items()})
    cwd = os.path.join(workspace, expand(step.get("working-directory", ".")))
    print("-- step:", step.get("name", step.get("id")), flush=True)
    open(output_file, "w").close()
    rc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", expand(step["run"])], cwd=cwd, env=env).returncode
    outs = dict(l.split("=", 1) for l in open(output_file).read().splitlines() if "=" in l)
    if "id" in step:
        steps[step["id"]] = outs
    if rc != 0:
        print("step failed: exit", rc, flush=True)
        sys.exit(rc)
with open(state + ".outputs", "w") as f:
    for k, v in action.get("outputs", {}).items():
        f.write(k + "=" + expand(v["value"]) + "\n")
EOF
	sed 's/^/    /' "$work/$name.out" | head -n 12
}

echo "== action.yml, format github, working-directory services/ledger"
run_action github working-directory=services/ledger
check "the step fails on findings (exit $rc)" [ "$rc" -ne 0 ]
check "annotation at the repository-relative path services/ledger/consumer/main.go:$line" \
	grep -q "^::error file=services/ledger/consumer/main.go,line=$line," "$work/github.out"

echo "== action.yml, format sarif, working-directory services/ledger"
run_action sarif working-directory=services/ledger format=sarif
check "the step succeeds: findings go to code scanning (exit $rc)" [ "$rc" -eq 0 ]
sarif=$(sed -n 's/^sarif-file=//p' "$work/sarif.outputs")
echo "    sarif-file=$sarif"
check "the sarif-file output is absolute" [ "${sarif#/}" != "$sarif" ]
check "the sarif-file output names the file written" [ -s "$sarif" ]
check "its result URI is repository-relative" \
	python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["runs"][0]; sys.exit(r["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] != "services/ledger/consumer/main.go" or r["originalUriBaseIds"]["%SRCROOT%"]["uri"] != "file://" + sys.argv[2] + "/")' "$sarif" "$ws"

if [ "$fail" -ne 0 ]; then
	echo "action e2e: FAILED"
	for f in "$work"/*.out; do
		echo "---- $(basename "$f")"
		cat "$f"
	done
	exit 1
fi
echo "action e2e: ok"
