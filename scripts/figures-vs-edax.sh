#!/usr/bin/env bash
# Prints the search-speed figures table of issue 13: Sable beside Edax 4.6
# run with zero weights, one process at a time, in one sitting. Run it on a
# quiet machine: nothing else should be running, since the times are wall
# times (the user CPU seconds are printed beside them as a check).
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
#        (default: 20-39 40-49 bench). THREADS="1 2" sets the thread counts.
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

# timed CMD...: runs CMD, its output to $tmp/out, and sets wall and cpu (seconds).
timed() {
	/usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >"$tmp/out" 2>&1 || true
	read -r wall user sys <"$tmp/time"
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}

# row WORK THREADS ENGINE NODES: prints one table row from wall, cpu and NODES.
row() {
	awk -v w="$1" -v t="$2" -v e="$3" -v n="$4" -v wall="$wall" -v cpu="$cpu" 'BEGIN {
		printf "| %s | %s | %s | %.2f s | %.2f s | %.1f M | %.1f M |\n", w, t, e, wall, cpu, n / 1e6, n / 1e6 / wall }'
}

echo "| work | threads | engine | time (wall) | CPU (user+sys) | nodes | nodes/s (wall) |"
echo "|---|---|---|---|---|---|---|"
for what in "${@:-20-39 40-49 bench}"; do
	for w in $what; do
		case $w in
		20-39) cp "$shared/data/ffo/fforum-20-39.obf" "$tmp/p.obf" ;;
		40-49) head -10 "$shared/data/ffo/fforum-40-59.obf" >"$tmp/p.obf" ;;
		40-59) cp "$shared/data/ffo/fforum-40-59.obf" "$tmp/p.obf" ;;
		bench)
			# Sable's bench, then Edax at level 12 on the same positions.
			timed "$tmp/sable" bench
			n=$(awk '/^total nodes/ { print $NF }' "$tmp/out")
			s=$(awk '/^time:/ { print $2 }' "$tmp/out")
			echo "| bench depth 12 | 1 | Sable | $s | | $((n / 1000000)) M | $(awk '/^nodes\/s:/ { printf "%.1f M", $2 / 1e6 }' "$tmp/out") |"
			n=$(awk '/^endgame total nodes/ { print $NF }' "$tmp/out")
			s=$(awk '/^endgame time:/ { print $3 }' "$tmp/out")
			echo "| bench endgame (FFO #40-#44) | 1 | Sable | $s | | $((n / 1000000)) M | $(awk '/^endgame nodes\/s:/ { printf "%.1f M", $3 / 1e6 }' "$tmp/out") |"
			grep -v '^#' bench/positions.txt | grep . >"$tmp/bench.obf"
			timed sh -c "cd '$EDAX_DIR' && '$edax' -solve '$tmp/bench.obf' -l 12 -n 1 -q"
			n=$(awk '/nodes in/ { print $2 }' "$tmp/out")
			row "bench positions, level 12" 1 "Edax" "$n"
			continue
			;;
		*) echo "unknown work $w (20-39, 40-49, 40-59, bench)" >&2; exit 2 ;;
		esac
		for t in $threads; do
			timed "$tmp/sable" solve --threads "$t" "$tmp/p.obf"
			grep -q ' !' "$tmp/out" && echo "Sable: a wrong score on FFO $w" >&2
			n=$(awk '/^total:/ { print $5 }' "$tmp/out")
			row "FFO #$w" "$t" Sable "$n"
			timed sh -c "cd '$EDAX_DIR' && '$edax' -solve '$tmp/p.obf' -n '$t' -q"
			n=$(awk '/nodes in/ { print $2 }' "$tmp/out")
			row "FFO #$w" "$t" Edax "$n"
		done
	done
done
