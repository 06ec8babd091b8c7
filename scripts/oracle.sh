#!/usr/bin/env bash
# Full crash-experiment matrix (oracle/): every example consumer is run
# RUNS times under seeded SIGKILLs against kfake and a throwaway PostgreSQL
# (some with a few effects failing once: Example.FailFirst), each outcome
# checked against its report row, and every buggy example checked again
# after commitlint -fix; with the orders shipper, the control of the
# failures (TestFailureControl: the shipper skipping a failed save loses
# it). Prints the table for the README's "Verified by crash experiments"
# section; with -w it also writes it there.
#
#   scripts/oracle.sh [-w]         SEED=N to replay, RUNS=N runs per example
#   ONLY=service/orders-indexer,franzgo/manual scripts/oracle.sh [-w]
#                                  only these examples (oracle.Examples' Dir);
#                                  with -w their rows replace theirs in the
#                                  README's table and the other rows stay
set -euo pipefail
cd "$(dirname "$0")/.."

export GOTOOLCHAIN=local
export GOFLAGS=-buildvcs=false
export CGO_ENABLED=1 # confluent-kafka-go needs cgo

write=false
[ "${1:-}" = "-w" ] && write=true

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi

seed=${SEED:-$(( $(date +%s) % 1000000000 ))}
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tsv=$tmp/runs.tsv
go build -o "$tmp/commitlint" ./cmd/commitlint # before the long run: the fix checks need it

echo "oracle: seed $seed, $runs runs per example (replay: ${ONLY:+ONLY=$ONLY }SEED=$seed RUNS=$runs $0)" >&2
status=0
select=-oracle.full
[ -n "${ONLY:-}" ] && select="-oracle.only=$ONLY"
(cd oracle && go test -count=1 -timeout 120m -run 'TestVerdicts|TestFixes|TestFailureControl' \
	"$select" -oracle.runs="$runs" -oracle.seed="$seed" -oracle.table="$tsv" -oracle.commitlint="$tmp/commitlint" .) >&2 || status=$?

# One line per consumer: runs, records, lost, duplicated and stalled
# (transactional examples: no output, but the group's offsets not past
# them, so a restart reads them again) summed over its runs; the seed is
# the base seed (run r used seed+r).
table=$({
	echo "| consumer | verdict | runs | records | lost | duplicated | stalled | seed |"
	echo "|---|---|---|---|---|---|---|---|"
	sort -t $'\t' -k1,1 -k3,3n "$tsv" | awk -F '\t' -v seed="$seed" '
		{ key = $1 "\t" $2; if (!(key in runs)) order[n++] = key
		  runs[key]++; recs[key] += $4; lost[key] += $5; dup[key] += $6; stall[key] += $7 }
		END { for (i = 0; i < n; i++) { k = order[i]; split(k, f, "\t")
			printf "| %s | %s | %d | %d | %d | %d | %d | %s |\n", f[1], f[2], runs[k], recs[k], lost[k], dup[k], stall[k], seed } }'
})
echo "$table"

if $write; then
	start='<!-- oracle table: scripts/oracle.sh -w -->'
	end='<!-- end oracle table -->'
	grep -qF "$start" README.md || { echo "README.md has no '$start' marker" >&2; exit 1; }
	if [ -n "${ONLY:-}" ]; then
		# The README's rows of the other consumers stay; the rows of these
		# (and of their fixes) are replaced; sorted by consumer as the script
		# sorts them.
		table=$({
			echo "$table" | head -2
			{
				awk -v start="$start" -v end="$end" -v only="$ONLY" '
					BEGIN { n = split(only, o, ","); for (i = 1; i <= n; i++) skip[o[i]] = 1 }
					$0 == start { in_table = 1; next }
					$0 == end { in_table = 0 }
					in_table && /^\| / && !/^\| consumer \|/ {
						split($0, f, " \\| "); c = substr(f[1], 3); sub(/ .*$/, "", c)
						if (!(c in skip)) print }' README.md
				echo "$table" | tail -n +3
			} | awk -F ' [|] ' '{ c = substr($1, 3); print c "\t" $0 }' | LC_ALL=C sort -t $'\t' -k1,1 -s | cut -f2-
		})
	fi
	awk -v start="$start" -v end="$end" -v table="$table" '
		$0 == start { print; print table; skip = 1; next }
		$0 == end { skip = 0 }
		!skip { print }' README.md > README.md.tmp && mv README.md.tmp README.md
fi
exit $status
