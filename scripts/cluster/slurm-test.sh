#!/bin/bash
# Tests the Slurm recipe on a real one-node Slurm cluster that it starts and
# stops itself: a generated munge key, a slurm.conf naming this host with its
# CPUs, then munged, slurmctld and slurmd as root. It runs slurm.sh on tiny
# data with 4 shards, kills one task of the labelling array while it runs,
# re-runs that task alone, merges, and checks the games and labels against a
# single-machine run, byte for byte.
#
#   SABLE=/path/to/sable scripts/cluster/slurm-test.sh
#
# Exit 77 means skipped (not root, or Slurm/munge not installed); under
# CI=true those are failures instead.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
skip() {
	if [ "${CI:-}" = true ]; then
		echo "slurm-test: FAIL (CI=true): $*" >&2
		exit 1
	fi
	echo "slurm-test: skipped: $*" >&2
	exit 77
}
[ "$(id -u)" -eq 0 ] || skip "not root: munged, slurmctld and slurmd must start as root"
for cmd in munged slurmctld slurmd sbatch squeue scancel sinfo; do
	command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] ||
		skip "$cmd not installed (Debian: apt-get install munge slurmctld slurmd slurm-client)"
done
export PATH=$PATH:/usr/sbin
: "${SABLE:?SABLE must name a built sable binary}"

D=$(mktemp -d /tmp/sable-slurm.XXXXXX)
chmod 755 "$D"
pids=()
cleanup() {
	for pidfile in "$D/slurmd.pid" "$D/slurmctld.pid" "$D/munged.pid"; do
		[ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
	done
	for p in ${pids[@]+"${pids[@]}"}; do kill "$p" 2>/dev/null || true; done
	sleep 1
	[ "${KEEP:-}" = 1 ] || rm -rf "$D"
}
trap cleanup EXIT
fail() {
	echo "slurm-test: FAIL: $*" >&2
	for log in "$D"/*.log "$D"/data/logs/*; do
		[ -f "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }
	done
	exit 1
}

# Munge with a fresh key, on a private socket.
mkdir -p "$D/munge"
chmod 700 "$D/munge"
head -c 1024 /dev/urandom >"$D/munge/munge.key"
chmod 400 "$D/munge/munge.key"
munged --force --key-file="$D/munge/munge.key" --socket="$D/munge/socket" \
	--pid-file="$D/munged.pid" --log-file="$D/munged.log" --seed-file="$D/munge/seed" ||
	fail "munged did not start"

# A one-node cluster on free ports.
host=$(hostname -s)
cpus=$(nproc)
port=$((20000 + RANDOM % 20000))
cat >"$D/slurm.conf" <<CONF
ClusterName=sabletest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$D/munge/socket
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
PlugStackConfig=$D/plugstack.conf
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=sabletest Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
CONF
: >"$D/plugstack.conf"
mkdir -p "$D/state" "$D/spool"
export SLURM_CONF=$D/slurm.conf
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
for _ in $(seq 60); do
	state=$(sinfo -h -o %T 2>/dev/null || true)
	[ "$state" = idle ] && break
	sleep 1
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (state: ${state:-none})"

# Tiny data: 12 games of depth-2 self-play, labelled by solves at 8 empties
# and depth-2 searches with probcut, all with the hand-written evaluation.
export GAMES=12 SEED=1 EVAL=simple SELFPLAY_FLAGS="--depth 2 --exact 8 --random 8-12" \
	LABEL_FLAGS="--exact-empties 8 --search-depth 2 --selectivity 73"

# Single machine: the same steps as one shard.
DATA=$D/one SHARDS=1 SABLE=$SABLE sh -c "
	$here/step.sh selfplay && $here/step.sh merge-games &&
	$here/step.sh label && $here/step.sh merge-labels" >"$D/one.log" 2>&1 || fail "single-machine run failed"

# The cluster, with a sable that holds label task 2 until it is killed.
cat >"$D/sable-held" <<WRAP
#!/bin/sh
case "\$*" in *"label "*"--shard 2/4"*)
	if [ -e "$D/hold" ]; then touch "$D/held"; sleep 600; fi ;;
esac
exec "$SABLE" "\$@"
WRAP
chmod +x "$D/sable-held"
touch "$D/hold"
DATA=$D/data SHARDS=4 SABLE=$D/sable-held "$here/slurm.sh" >"$D/driver.log" 2>&1 &
driver=$!
pids+=("$driver")
for _ in $(seq 120); do
	[ -e "$D/held" ] && break
	kill -0 "$driver" 2>/dev/null || fail "slurm.sh ended before label task 2 ran: $(cat "$D/driver.log")"
	sleep 1
done
[ -e "$D/held" ] || fail "label task 2 did not start in 120 s"
task=$(squeue -h -n sable-label -t RUNNING -o '%i' | grep '_2$' || true)
[ -n "$task" ] || fail "label task 2 is not running: $(squeue)"
scancel --signal=KILL --full "$task" || fail "scancel $task"
if wait "$driver"; then fail "slurm.sh succeeded although label task 2 was killed"; fi
grep -q "step label failed" "$D/driver.log" || fail "slurm.sh did not report the failed step: $(cat "$D/driver.log")"
[ ! -e "$D/data/all.lbl" ] || fail "labels were merged without shard 2"

# Re-run task 2 alone, then merge.
rm "$D/hold"
DATA=$D/data SHARDS=4 SABLE=$SABLE sbatch --wait --array=2 --job-name=sable-label \
	--output="$D/data/logs/label-rerun-%a.out" "$here/step.sh" label >/dev/null || fail "re-run of label task 2 failed"
DATA=$D/data SHARDS=4 SABLE=$SABLE "$here/slurm.sh" merge-labels >>"$D/driver.log" 2>&1 || fail "merge after the re-run failed"

cmp "$D/one/sp.games" "$D/data/sp.games" || fail "merged games differ from the single-machine run's"
cmp "$D/one/all.lbl" "$D/data/all.lbl" || fail "merged labels differ from the single-machine run's"
echo "slurm-test: ok: 4-task arrays on $host ($cpus CPUs), task 2 killed and re-run alone, $(wc -c <"$D/data/all.lbl") label bytes equal to one machine's"
