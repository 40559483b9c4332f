#!/usr/bin/env bash
# Takes docs/quarry.png: Sable (White) playing GRhino (Black) in the Quarry
# GUI, run headless under Xvfb. It builds Sable, gives Quarry a private
# home whose configuration lists Sable as a GTP engine (the same entry a
# user makes with Quarry's "Manage Engine List"), starts a new Reversi game
# from the Control Center with the keyboard, waits for the end of the game
# and captures the game window. Sable's side of the session is kept in
# sable-gtp.log in the work directory, which the script prints at the end.
#
# Needs: apt-get install xvfb quarry grhino xdotool imagemagick
# Usage: scripts/quarry-screenshot.sh [OUTPUT.png]   (default docs/quarry.png)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/quarry.png}
for tool in Xvfb xdotool import; do
	command -v "$tool" >/dev/null || { echo "quarry-screenshot: $tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
quarry=$(command -v quarry || echo /usr/games/quarry)
rhino=$(command -v gtp-rhino || echo /usr/games/gtp-rhino)
[ -x "$quarry" ] && [ -x "$rhino" ] || { echo "quarry-screenshot: needs quarry and grhino (apt-get install quarry grhino)" >&2; exit 2; }

work=$(mktemp -d)
pids=()
cleanup() {
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/sable" ./cmd/sable
mkdir -p "$work/home"
cat >"$work/home/.quarry" <<EOF
[GTP Engine "Sable "]
Screen name format	= "%n %v"
Name			= "Sable"
Command line		= "$work/sable --level 10 --log $work/sable-gtp.log"
Supported games		= "Reversi"

[GTP Engine "GRhino Reversi "]
Screen name format	= "%n %v"
Name			= "GRhino Reversi"
Command line		= "$rhino"
Supported games		= "Reversi"

[New Game Parameters]
Game			= "Reversi"
White player name	= "Sable"
White is computer	= true
Engine playing white	= "Sable"
Black player name	= "GRhino"
Black is computer	= true
Engine playing black	= "GRhino Reversi"

[New Reversi Game Parameters]
Board size		= 8
Time control type	= 0
EOF

display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
pids+=($!)
export DISPLAY=$display
sleep 2
HOME="$work/home" "$quarry" >/dev/null 2>&1 &
pids+=($!)

# wait_window NAME: the id of the first visible window whose title matches.
wait_window() {
	for _ in $(seq 50); do
		if id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1) && [ -n "$id" ]; then
			echo "$id"
			return
		fi
		sleep 0.2
	done
	echo "quarry-screenshot: no window \"$1\"" >&2
	exit 1
}

center=$(wait_window "Quarry Control Center")
# There is no window manager: focus the windows and use the mnemonics.
xdotool windowfocus "$center" key alt+n # New Game
dialog=$(wait_window "^New Game$")
xdotool windowfocus "$dialog" key alt+f # Game & Players: Forward
sleep 1
xdotool windowfocus "$dialog" key alt+p # Game Rules: Play
game=$(wait_window " vs\\. ")
# A game at these levels takes seconds. It is over when Quarry has asked
# for moves and then sent nothing for three seconds.
last=-1 still=0
for _ in $(seq 120); do
	size=$(wc -c <"$work/sable-gtp.log" 2>/dev/null || echo 0)
	if [ "$size" -eq "$last" ] && grep -q '^> genmove' "$work/sable-gtp.log"; then
		still=$((still + 1))
		[ "$still" -ge 6 ] && break
	else
		still=0
	fi
	last=$size
	sleep 0.5
done
mkdir -p "$(dirname "$out")"
import -window "$game" "$out"
echo "quarry-screenshot: wrote $out" >&2
echo "--- Sable's GTP session (sable-gtp.log) ---" >&2
cat "$work/sable-gtp.log" >&2
