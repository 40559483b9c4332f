#!/usr/bin/env bash
# Installs the programs Sable's interop tests play against: gtp-rhino, the
# GTP engine of the Debian package grhino. Best effort: when it cannot
# install (no apt-get, not root, no network) it says so and exits 0, and the
# tests that need gtp-rhino skip with a message.
set -u

if command -v gtp-rhino >/dev/null 2>&1 || [ -x /usr/games/gtp-rhino ]; then
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-peers: no apt-get here; the gtp-rhino games will be skipped" >&2
	exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo=(sudo -n)
	else
		echo "install-peers: not root and no sudo; the gtp-rhino games will be skipped" >&2
		exit 0
	fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! { ${sudo[@]+"${sudo[@]}"} apt-get update -qq && ${sudo[@]+"${sudo[@]}"} apt-get install -y -qq grhino; } >&2; then
	echo "install-peers: could not install grhino; the gtp-rhino games will be skipped" >&2
fi
exit 0
