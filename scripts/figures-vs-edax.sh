#!/usr/bin/env bash
# Prints the search-speed figures table of issue 13: Sable beside Edax 4.6
# run with zero weights, one process at a time, in one sitting. Run it on a
# quiet machine: nothing else should be running, since the times are the
# engines' own wall times (the process CPU seconds are printed beside them
# as a check).
#
# Rows: FFO #20-#39 and #40-#49 (add 40-59 to the arguments for #40-#59) on
# 1 and 2 threads: time, nodes, nodes/s; then the bench rates (sable bench at
# depth 12 and its endgame part, Edax at level 12 on the same 35 positions).
#
# Edax is built outside the repository from its public source, never
# committed:
#   git clone https://github.com/abulmo/edax-reversi /work/edax   (or a copy of it)
#   mkdir -p /work/edax/bin && cd /work/edax/src && make build ARCH=x86-64-v3 CC=gcc OS=linux
#   ../shared/tools/edax-zero-weights.py /work/edax
#
# Usage: EDAX_DIR=/work/edax scripts/figures-vs-edax.sh [20-39] [40-49] [40-59] [bench]
#        (default: 20-39 40-49 bench). THREADS="1 2" sets the thread counts;
#        BENCH_ARGS adds flags to sable bench (e.g. "--depth 4" to try the script).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${EDAX_DIR:?set EDAX_DIR to a built Edax 4.6 (see the comment at the top)}"
shared=${SHARED:-../shared}
threads=${THREADS:-1 2}
edax=$(ls "$EDAX_DIR"/bin/*dax* | head -1)
[ -f "$EDAX_DIR/data/eval.dat" ] || { echo "no $EDAX_DIR/data/eval.dat: run edax-zero-weights.py" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sable" ./cmd/sable

# timed CMD...: runs CMD, its output to $tmp/out, and sets cpu (seconds).
timed() {
	/usr/bin/time -f "%U %S" -o "$tmp/time" "$@" >"$tmp/out" 2>&1 || true
	read -r user sys <"$tmp/time"
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}

# row WORK THREADS ENGINE NODES SECONDS: prints one table row; the time and
# nodes/s are the engine's own (search only, without start-up), the CPU
# seconds those of the whole process.
row() {
	awk -v w="$1" -v t="$2" -v e="$3" -v n="$4" -v s="$5" -v cpu="$cpu" 'BEGIN {
		printf "| %s | %s | %s | %.2f s | %.1f M | %.1f M | %.2f s |\n", w, t, e, s, n / 1e6, n / 1e6 / s, cpu }'
}

# sable_total: nodes and seconds from the "total:" line of sable solve.
sable_total() { awk '/^total:/ { gsub(",", ""); print $4, $4 / $(NF - 1) }' "$tmp/out"; }

# edax_total: nodes and seconds from the summary line of edax -solve -q.
edax_total() {
	awk '/nodes in/ { for (i = 1; i <= NF; i++) if ($i == "in") { k = split($(i + 1), a, ":"); s = 0
		for (j = 1; j <= k; j++) s = s * 60 + a[j]; print $2, s; exit } }' "$tmp/out"
}

echo "| work | threads | engine | time | nodes | nodes/s | process CPU (user+sys) |"
echo "|---|---|---|---|---|---|---|"
for what in "${@:-20-39 40-49 bench}"; do
	for w in $what; do
		case $w in
		20-39) cp "$shared/data/ffo/fforum-20-39.obf" "$tmp/p.obf" ;;
		40-49) head -10 "$shared/data/ffo/fforum-40-59.obf" >"$tmp/p.obf" ;;
		40-59) cp "$shared/data/ffo/fforum-40-59.obf" "$tmp/p.obf" ;;
		bench)
			# Sable's bench (midgame, then endgame part), then Edax at level 12
			# on the same positions.
			timed "$tmp/sable" bench ${BENCH_ARGS:-}
			read -r n r < <(awk '/^total nodes/ { n = $NF } /^nodes\/s:/ { print n, $2 }' "$tmp/out")
			row "bench, depth 12" 1 Sable "$n" "$(awk -v n="$n" -v r="$r" 'BEGIN { print n / r }')"
			read -r n r < <(awk '/^endgame total nodes/ { n = $NF } /^endgame nodes\/s:/ { print n, $3 }' "$tmp/out")
			row "bench endgame (FFO #40-#44)" 1 Sable "$n" "$(awk -v n="$n" -v r="$r" 'BEGIN { print n / r }')"
			grep -v '^#' bench/positions.txt | grep . >"$tmp/bench.obf"
			timed sh -c "cd '$EDAX_DIR' && '$edax' -solve '$tmp/bench.obf' -l 12 -n 1 -q"
			row "bench positions, level 12" 1 Edax $(edax_total)
			continue
			;;
		*) echo "unknown work $w (20-39, 40-49, 40-59, bench)" >&2; exit 2 ;;
		esac
		for t in $threads; do
			timed "$tmp/sable" solve --threads "$t" "$tmp/p.obf"
			grep -q ' !' "$tmp/out" && echo "Sable: a wrong score on FFO #$w, $t threads" >&2
			row "FFO #$w" "$t" Sable $(sable_total)
			timed sh -c "cd '$EDAX_DIR' && '$edax' -solve '$tmp/p.obf' -n '$t' -q"
			row "FFO #$w" "$t" Edax $(edax_total)
		done
	done
done
