#!/usr/bin/env bash
# Chained labels, Buro's method for Logistello (docs/training.md, "Chained
# labels"): fit the late phases on the usual labels (exact from 20 empties in
# self-play games), then, phase by phase towards the opening, label the
# positions of a phase by a shallow search whose leaves lie in the phases
# already fitted, and fit that phase alone from the weights of the step
# before. Last, all phases are refitted together on all those labels, with
# the same settings as a fit on the usual labels, so that the two compare.
#
#   W=/work/evalwork/chain GAMES=data/selfplay/a.games,data/selfplay/b.games \
#     WTHOR=../shared/data/wthor INIT=eval/weights.sew scripts/chain-labels.sh
#
# W holds every file: the labels of each phase (W/wP.lbl from WTHOR, W/sP.lbl
# from the games, with their caches), the weights after each step (W/cP.sew)
# and the result, W/chained.sew. A rerun resumes where it stopped. Copy an
# earlier run's WTHOR solves to W/wlate.lbl.solved to skip solving.
#   GAMES    self-play games files, comma-separated (required)
#   WTHOR    a directory of WTHOR files ("" for none)
#   INIT     the weights the first fit starts from and regularises towards
#   DEPTH    search depth (default 4: every leaf is in a later phase, two
#            phases of 2 plies on)
#   REPEAT   times the games' labels are listed in each fit (default 4)
#   RESULT_WEIGHT  the share of the game-result label in a searched one
#            (label --result-weight; default 0: the search value alone)
#   SABLE    the sable command (default: go run ./cmd/sable)
#   TRAIN    flags for every fit (default --model mobility)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${W:?set W to the work directory}" "${GAMES:?set GAMES to the self-play games files}" "${INIT:?set INIT to the starting weights}"
WTHOR=${WTHOR-../shared/data/wthor}
DEPTH=${DEPTH:-4}
REPEAT=${REPEAT:-4}
RESULT_WEIGHT=${RESULT_WEIGHT:-0}
SABLE=${SABLE:-go run ./cmd/sable}
TRAIN=${TRAIN:---model mobility}
width=2 phases=30 # eval.NumPhases weight sets of 2 plies each
last=19           # the last phase searched: 21-22 empties; the later ones have the usual labels
mkdir -p "$W"

# label NAME ARGS...: the labels of W/wNAME.lbl (WTHOR) and W/sNAME.lbl (the
# games), and sets files to the list that a fit reads.
label() {
	local name=$1
	shift
	files=""
	if [ -n "$WTHOR" ]; then
		$SABLE label --wthor "$WTHOR" --out "$W/w$name.lbl" --workers 2 "$@" 2>&1 | grep -v "valued"
		files=$W/w$name.lbl
	fi
	$SABLE label --games "$GAMES" --out "$W/s$name.lbl" --workers 2 "$@" 2>&1 | grep -v "valued"
	for _ in $(seq "$REPEAT"); do files=${files:+$files,}$W/s$name.lbl; done
}

# fit OUT ARGS...: fits the labels of all files so far into OUT.
all=""
fit() {
	local out=$1
	shift
	all=${all:+$all,}$files
	# shellcheck disable=SC2086 # TRAIN is words
	$SABLE train $TRAIN --labels "$files" --out "$out" "$@" >"$out.report"
	grep "^| [0-9]" "$out.report"
}

late=$((60 - width * (last + 1))) # the most empties of the late phases
echo "chain: phases $((last + 1))-$((phases - 1)) (0-$late empties), usual labels" >&2
label late --empties "0-$late"
fit "$W/c$((last + 1)).sew" --phases "$((last + 1))-$((phases - 1))" --init "$INIT"
for p in $(seq "$last" -1 0); do
	lo=$((61 - width * (p + 1))) hi=$((60 - width * p)) prev=$W/c$((p + 1)).sew
	echo "chain: phase $p ($lo-$hi empties), depth-$DEPTH searches with $prev" >&2
	# Mixed with the result, a label needs the solves the late labels made.
	if [ "$RESULT_WEIGHT" != 0 ] && [ -n "$WTHOR" ] && [ ! -e "$W/w$p.lbl.solved" ]; then
		cp "$W/wlate.lbl.solved" "$W/w$p.lbl.solved"
	fi
	label "$p" --empties "$lo-$hi" --search-depth "$DEPTH" --eval "$prev" --result-weight "$RESULT_WEIGHT"
	fit "$W/c$p.sew" --phases "$p" --init "$prev"
done
echo "chain: all phases refitted together into $W/chained.sew" >&2
files=$all
# shellcheck disable=SC2086 # TRAIN is words
$SABLE train $TRAIN --labels "$all" --init "$INIT" --out "$W/chained.sew" >"$W/chained.sew.report"
cat "$W/chained.sew.report"
