#!/bin/sh
# Runs Sable's labelled-data pipeline on a Slurm cluster: the self-play job
# array, the merge of its games, the labelling job array, the merge of the
# labels. Each step waits for the one before it (sbatch --wait), so run this
# on a login node, in screen or tmux for long runs.
#
#   DATA=/shared/sable SHARDS=64 GAMES=100000 SEED=N scripts/cluster/slurm.sh [FIRST_STEP]
#
# Array task i runs scripts/cluster/step.sh with SLURM_ARRAY_TASK_ID=i, which
# becomes --shard i/SHARDS. When tasks of a step fail, this stops and prints
# the command that re-runs them alone; then run this again from that step's
# successor. The environment (DATA, SHARDS, GAMES, SEED, EVAL, SABLE, ...)
# goes with the jobs; SBATCH_FLAGS adds sbatch options (partition, account,
# time).
set -eu

: "${DATA:?DATA must name a directory that every node shares}"
SHARDS=${SHARDS:-4}
export DATA SHARDS
here=$(cd "$(dirname "$0")" && pwd)
steps="selfplay merge-games label merge-labels"
first=${1:-selfplay}
case " $steps " in *" $first "*) ;; *)
	echo "slurm.sh: unknown step $first (want one of: $steps)" >&2
	exit 2
	;;
esac
[ "$first" != selfplay ] || : "${SEED:?SEED must name the run: each run has its own seed}"
mkdir -p "$DATA/logs"

# The steps from the first one asked for.
todo=${steps#*"$first"}
todo="$first$todo"
for step in $todo; do
	opts="--output=$DATA/logs/$step.out"
	case $step in selfplay | label) opts="--array=0-$((SHARDS - 1)) --output=$DATA/logs/$step-%a.out" ;; esac
	echo "slurm.sh: $step" >&2
	# shellcheck disable=SC2086 # the options are words
	if ! sbatch --wait --job-name="sable-$step" $opts ${SBATCH_FLAGS:-} "$here/step.sh" "$step"; then
		echo "slurm.sh: step $step failed (logs in $DATA/logs)." >&2
		case $step in
		selfplay | label)
			next=${todo#*"$step" }
			echo "Re-run the failed tasks alone (TASKS: e.g. 2,5), then go on:" >&2
			echo "  DATA=$DATA SHARDS=$SHARDS sbatch --wait --array=TASKS --job-name=sable-$step $here/step.sh $step" >&2
			echo "  DATA=$DATA SHARDS=$SHARDS $0 ${next%% *}" >&2
			;;
		*) echo "Fix the cause, then: DATA=$DATA SHARDS=$SHARDS $0 $step" >&2 ;;
		esac
		exit 1
	fi
done
echo "slurm.sh: labels in $DATA/all.lbl" >&2
