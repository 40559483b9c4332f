#!/bin/sh
# One step of Sable's labelled-data pipeline, the same on every scheduler.
#
#   step.sh selfplay       shard i of n: play its games into $DATA/sp-i.games
#   step.sh merge-games    join the shards' games into $DATA/sp.games
#   step.sh label          shard i of n: value its boards into $DATA/part-i.lbl.*
#   step.sh merge-labels   join the shards' values into the labels $DATA/all.lbl
#
# The shard index i comes from the scheduler: SLURM_ARRAY_TASK_ID (a Slurm
# job array), JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), or SHARD;
# n from SHARDS (default: SLURM_ARRAY_TASK_COUNT, else 1). Every step is
# deterministic and resumes what an earlier run of it left, so a failed
# shard is re-run alone and the merged files equal one machine's.
# $DATA is a directory that every node shares; the settings below may be
# overridden from the environment (Slurm's sbatch passes it on).
#
#SBATCH --job-name=sable-data
#SBATCH --cpus-per-task=1
set -eu

: "${DATA:?DATA must name the shared data directory}"
SABLE=${SABLE:-sable}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-1}}
i=${SLURM_ARRAY_TASK_ID:-${JOB_COMPLETION_INDEX:-${SHARD:-0}}}
GAMES=${GAMES:-1000}
EVAL=${EVAL:-/opt/sable/weights.sew}
# The recipe of the corpus's random-start runs (data/README.md): depth-8
# games exact from 16 empties after 12-40 random moves, labelled by their
# results and solved endings. Its runs from WTHOR prefixes need an openings
# file on the data volume (docs/cluster.md).
SELFPLAY_FLAGS=${SELFPLAY_FLAGS:---depth 8 --selectivity 73 --exact 16 --random 12-40}
LABEL_FLAGS=${LABEL_FLAGS:-}

# shards lists "$DATA/PREFIX-0SUFFIX" ... up to n-1: every shard, so that a
# missing one fails the merge instead of leaving a gap.
shards() {
	k=0
	while [ "$k" -lt "$SHARDS" ]; do
		printf '%s ' "$DATA/$1-$k$2"
		k=$((k + 1))
	done
}

mkdir -p "$DATA"
case "${1:-}" in
selfplay)
	# shellcheck disable=SC2086 # the flags are words
	exec "$SABLE" selfplay --games "$GAMES" --seed "${SEED:?SEED must name the run: each run has its own seed}" \
		$SELFPLAY_FLAGS --eval "$EVAL" --shard "$i/$SHARDS" --out "$DATA/sp-$i.games"
	;;
merge-games)
	# shellcheck disable=SC2046
	exec "$SABLE" selfplay --merge --out "$DATA/sp.games" $(shards sp .games)
	;;
label)
	# shellcheck disable=SC2086
	exec "$SABLE" label --games "$DATA/sp.games" $LABEL_FLAGS --eval "$EVAL" --shard "$i/$SHARDS" --out "$DATA/part-$i.lbl"
	;;
merge-labels)
	# shellcheck disable=SC2046,SC2086
	exec "$SABLE" label --games "$DATA/sp.games" $LABEL_FLAGS --eval "$EVAL" --out "$DATA/all.lbl" --merge $(shards part .lbl)
	;;
*)
	echo "usage: step.sh selfplay|merge-games|label|merge-labels" >&2
	exit 2
	;;
esac
