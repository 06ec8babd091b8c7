#!/usr/bin/env bash
# End-to-end test of `commitlint report -format=mermaid`: mermaid itself
# must accept the flowcharts.
#
# mermaid's parser (the npm package, run under node with jsdom standing in
# for the browser's DOM) parses:
#
#   1. the flowchart of examples/, fresh from the command; each consumer of
#      the JSON report must be one node, in one guarantee class;
#   2. the checked-in goldens: cmd/commitlint/testdata/examples.golden.mmd
#      and internal/semantics/testdata/mermaid.golden.mmd (names full of
#      quotes, brackets, pipes, entities, HTML and keywords), and the
#      README's mermaid sample;
#   3. a broken flowchart, which must be refused (the check can fail).
#
# Parsing is what GitHub needs before it renders: a diagram that parses is
# drawn. mermaid-cli (mmdc) would also render, but needs a headless
# Chromium (puppeteer's download is not reachable, Debian's chromium is
# ~300 MB): not worth it for a syntax check.
#
# Usage: bash scripts/e2e/mermaid.sh
# node and npm come from Debian (apt-get) if missing; the npm packages are
# installed once under ${COMMITLINT_E2E_CACHE:-$HOME/.cache/commitlint-e2e},
# keyed by their pinned versions.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
mermaid_version=11.17.2
jsdom_version=26.1.0
cache=${COMMITLINT_E2E_CACHE:-${HOME:-/tmp}/.cache/commitlint-e2e}/mermaid-$mermaid_version-jsdom-$jsdom_version

export GOTOOLCHAIN=local
export GOFLAGS=-buildvcs=false
export CGO_ENABLED=1 # confluent-kafka-go in examples/

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "== installing node and npm (apt)"
	if ! apt-get install -y -qq nodejs npm >/dev/null 2>&1; then
		apt-get update -qq
		apt-get install -y -qq nodejs npm >/dev/null
	fi
fi
echo "node $(node --version)"

if [ ! -d "$cache/node_modules/mermaid" ] || [ ! -d "$cache/node_modules/jsdom" ]; then
	echo "== installing mermaid@$mermaid_version and jsdom@$jsdom_version (npm)"
	rm -rf "$cache.tmp"
	mkdir -p "$cache.tmp"
	(cd "$cache.tmp" && echo '{"private":true}' >package.json &&
		npm install --no-audit --no-fund --silent "mermaid@$mermaid_version" "jsdom@$jsdom_version")
	rm -rf "$cache"
	mv "$cache.tmp" "$cache"
fi

# check.mjs FILE.mmd [REPORT.json]: parses FILE with mermaid; with a JSON
# report, also checks that each of its consumers is one node in one class.
cat >"$cache/check.mjs" <<'EOF'
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
const { window } = new JSDOM("");
globalThis.window = window;
globalThis.document = window.document;
const { default: mermaid } = await import("mermaid");

const [file, report] = process.argv.slice(2);
const text = readFileSync(file, "utf8");
try {
	await mermaid.parse(text);
} catch (e) {
	console.log(`${file}: ${e.message ?? e}`);
	process.exit(1);
}
if (report) {
	const rows = JSON.parse(readFileSync(report, "utf8"));
	const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
	const classes = ["effectively_once", "at_least_once", "at_most_once", "neither", "unknown"];
	const consumers = [...diagram.db.getVertices().values()].filter((v) => v.id.startsWith("consumer_"));
	const problems = [];
	if (consumers.length !== rows.length) {
		problems.push(`${consumers.length} consumer nodes, ${rows.length} rows in the report`);
	}
	for (const row of rows) {
		const v = consumers.filter((v) => v.text.includes(`<br>${row.consumer}<br>`));
		if (v.length !== 1) {
			problems.push(`${row.consumer}: ${v.length} nodes`);
		} else if (v[0].classes.length !== 1 || v[0].classes[0] !== row.guarantee.replaceAll("-", "_")) {
			problems.push(`${row.consumer}: classes ${v[0].classes}, guarantee ${row.guarantee}`);
		}
	}
	for (const v of consumers) {
		if (!v.classes.every((c) => classes.includes(c))) problems.push(`${v.id}: unknown class ${v.classes}`);
	}
	if (problems.length > 0) {
		console.log(`${file}:\n  ${problems.join("\n  ")}`);
		process.exit(1);
	}
}
EOF

work=$(mktemp -d "${TMPDIR:-/tmp}/commitlint-e2e-mermaid.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail=0
check() { # check <description> <command...>: the check passes if the command does
	local what=$1
	shift
	if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}

echo "== building commitlint"
(cd "$repo" && go build -o "$work/commitlint" ./cmd/commitlint)
"$work/commitlint" -C "$repo/examples" report -format=mermaid ./... >"$work/examples.mmd"
"$work/commitlint" -C "$repo/examples" report -format=json ./... >"$work/examples.json"

check "mermaid parses the examples' flowchart, one node per consumer in its guarantee's class" \
	node "$cache/check.mjs" "$work/examples.mmd" "$work/examples.json"
check "mermaid parses cmd/commitlint/testdata/examples.golden.mmd" \
	node "$cache/check.mjs" "$repo/cmd/commitlint/testdata/examples.golden.mmd"
check "mermaid parses internal/semantics/testdata/mermaid.golden.mmd (hostile names)" \
	node "$cache/check.mjs" "$repo/internal/semantics/testdata/mermaid.golden.mmd"
awk '/^```mermaid$/ { on = 1; next } /^```$/ { on = 0 } on' "$repo/README.md" >"$work/readme.mmd"
if [ -s "$work/readme.mmd" ]; then
	check "mermaid parses the README's sample" node "$cache/check.mjs" "$work/readme.mmd"
else
	echo "FAIL no mermaid sample in README.md"
	fail=1
fi
# A label with a bare quote, as an unescaped name would give.
sed 's/\["loyalty-awarder/["loyalty"awarder/' "$work/examples.mmd" >"$work/broken.mmd"
if cmp -s "$work/examples.mmd" "$work/broken.mmd"; then
	echo "FAIL could not make a broken flowchart (no loyalty-awarder consumer?)"
	fail=1
else
	check "mermaid refuses a flowchart with an unescaped quote" \
		eval '! node "$cache/check.mjs" "$work/broken.mmd" >/dev/null'
fi
exit $fail
