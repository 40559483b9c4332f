#!/usr/bin/env bash
# Installs the programs Sable's tests run against: gtp-rhino, the GTP engine
# of the Debian package grhino (interop games), munge, slurmctld and slurmd
# (the one-node Slurm cluster of scripts/cluster/slurm-test.sh), and
# chromium (the headless browser that checks sable review's HTML page). Best
# effort: when it cannot install (no apt-get, not root, no network) it says
# so and exits 0, and the tests that need them skip with a message, except
# under CI=true, where they fail (internal/peer, scripts/cluster/slurm-test.sh).
set -u

# want maps a command to the Debian package that brings it.
declare -A want=([gtp-rhino]=grhino [munged]=munge [slurmctld]=slurmctld [slurmd]=slurmd [sbatch]=slurm-client [chromium]=chromium)
missing=()
for cmd in "${!want[@]}"; do
	if ! command -v "$cmd" >/dev/null 2>&1 && [ ! -x "/usr/games/$cmd" ] && [ ! -x "/usr/sbin/$cmd" ]; then
		missing+=("${want[$cmd]}")
	fi
done
if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-peers: no apt-get here; tests needing ${missing[*]} will be skipped" >&2
	exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo=(sudo -n)
	else
		echo "install-peers: not root and no sudo; tests needing ${missing[*]} will be skipped" >&2
		exit 0
	fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! { ${sudo[@]+"${sudo[@]}"} apt-get update -qq && ${sudo[@]+"${sudo[@]}"} apt-get install -y -qq "${missing[@]}"; } >&2; then
	echo "install-peers: could not install ${missing[*]}; tests needing them will be skipped" >&2
fi
exit 0
