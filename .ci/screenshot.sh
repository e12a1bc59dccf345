#!/usr/bin/env bash
# Renders Xiangqi, Jieqi and Banqi positions to PNG files in a real window under Xvfb, drawn by
# Mesa's software Vulkan driver (no GPU needed), and checks that real pictures came out: a
# PNG of the asked size, more than a few KB, with many colours.
#
# usage: .ci/screenshot.sh [--release] [OUT_DIR]     (default OUT_DIR: target/screenshots)
# Installs xvfb, xauth, mesa-vulkan-drivers and libvulkan1 with apt-get if missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."

profile=debug
build_flag=()
if [ "${1:-}" = "--release" ]; then
  profile=release
  build_flag=(--release)
  shift
fi
out="${1:-target/screenshots}"
mkdir -p "$out"

missing=()
for pkg in xvfb xauth mesa-vulkan-drivers libvulkan1; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== build ($profile)"
cargo build "${build_flag[@]}" -p jieqi-game --locked
bin="${CARGO_TARGET_DIR:-target}/$profile/jieqi"

W=1280
H=800
failed=0

# check FILE: a PNG of W x H, over 20 KB, with at least 64 distinct colours.
check() {
  python3 - "$1" "$W" "$H" <<'PY'
import struct, sys, zlib
path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
assert len(data) > 20_000, f"only {len(data)} bytes"
pos, idat, w = 8, b"", None
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
assert (w, h) == (want_w, want_h), f"{w}x{h}, wanted {want_w}x{want_h}"
assert depth == 8 and ctype in (2, 6), f"unexpected PNG colour type {ctype}"
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
prev, colours = bytearray(stride), set()
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 4 == 0:
        colours.update(bytes(line[x:x + 3]) for x in range(0, stride, bpp * 2))
    prev = line
assert len(colours) >= 64, f"only {len(colours)} colours: a blank picture?"
print(f"ok: {path}: {w}x{h}, {len(data) // 1024} KB, {len(colours)}+ colours")
PY
}

shoot() {
  local name="$1"
  shift
  local file="$out/$name.png"
  rm -f "$file"
  echo "== $name: jieqi $*"
  local runtime
  runtime="$(mktemp -d)"
  if ! XDG_RUNTIME_DIR="$runtime" timeout 300 xvfb-run -a -s "-screen 0 ${W}x${H}x24" \
      env WGPU_BACKEND=vulkan "$bin" --size "${W}x${H}" --screenshot "$file" "$@" \
      >"$out/$name.log" 2>&1; then
    echo "FAILED: $name did not run (log: $out/$name.log)"
    tail -20 "$out/$name.log"
    failed=1
    return
  fi
  if ! check "$file"; then
    echo "FAILED: $name is not a real picture"
    failed=1
  fi
}

shoot xiangqi --moves "h2e2 h9g7 h0g2 i9h9" --select e2
shoot jieqi-black-view --variant jieqi --seed 7 --moves "b2b9 h9g7 h2h6" --view black --select g7
shoot handoff --variant jieqi --seed 7 --moves "b2b9" --cover
shoot result --variant jieqi --seed 7 --moves "b2b9 h9g7 h2h6 b7b3" --resign black
shoot analysis-de --moves "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2" --browse 4 --language de
# The analysis board on a Jieqi game as Red knows it, the engine thinking (three lines).
shoot analysis-board --variant jieqi --seed 7 --moves "b2b9 h9g7 h2h6 b7b3" --view red \
  --open analysis
shoot takeback --moves "h2e2 h9g7 h0g2" --ask-takeback red
shoot abandon --moves "h2e2 h9g7" --ask-new-game
# The mover's reveal frame: Red's view after its face-down piece took the one on b9.
shoot reveal --variant jieqi --seed 7 --moves "b2b9" --view red
shoot settings --variant jieqi --seed 7 --moves "b2b9 h9g7" --open settings
shoot new-game --variant jieqi --seed 7 --moves "b2b9 h9g7" --open new-game
shoot hint --moves "h2e2 h9g7" --hint
shoot odds --variant jieqi --seed 7 --moves "b2b9 h9g7" --view red --reveal-values
# A finished Jieqi game reviewed, the position after its first move shown (graph, marks, arrow).
shoot review --variant jieqi --seed 7 --moves "b2b9 h9g7 h2h6 b7b3 e3e4 c6c5" --resign black \
  --review --browse 1
# Playing on from the position after two plies of it, against the computer.
shoot play-on --variant jieqi --seed 7 --moves "b2b9 h9g7 h2h6 b7b3 e3e4 c6c5" --resign black \
  --browse 2 --play-on beginner
# Duplicate Jieqi: game 1 over (the deal still hidden), then the match decided by game 2.
shoot duplicate-between --variant jieqi --seed 7 --duplicate --moves "b2b9 h9g7 h2h6 b7b3" \
  --resign black
shoot duplicate-decided --variant jieqi --seed 7 --duplicate --moves "b2b9 h9g7 h2h6 b7b3" \
  --resign black --again --then-resign red
# Smaller windows: the board stays the largest thing, no text is cut or split.
for size in 900x600 640x480; do
  W="${size%x*}"
  H="${size#*x}"
  shoot "xiangqi-$size" --moves "h2e2 h9g7 h0g2 i9h9" --select e2
  shoot "reveal-$size" --variant jieqi --seed 7 --moves "b2b9" --view red
  shoot "handoff-$size" --variant jieqi --seed 7 --moves "b2b9" --cover
  shoot "result-$size" --variant jieqi --seed 7 --moves "b2b9 h9g7 h2h6 b7b3" --resign black
  shoot "settings-$size" --variant jieqi --seed 7 --moves "b2b9 h9g7" --open settings
  shoot "review-$size" --moves "h2e2 h9g7 h0g2 i9h9 a0a1 b7b0" --review --browse 5
done
# Clocks beside the players (a 5+3 game, Black's running), small and in each language.
W=640
H=480
for language in en de zh; do
  shoot "clock-640x480-$language" --variant jieqi --seed 7 --clock 5+3 --moves "b2b9 h9g7 h2h6 b7b3" \
    --view red --language "$language"
done
W=1280
H=800
shoot new-game-clock --variant jieqi --seed 7 --clock 10+5 --open new-game
# Play online… (the window only: nothing connects).
shoot online-window --variant jieqi --open online
shoot rules-zh --open rules --language zh
shoot letters --variant jieqi --seed 7 --moves "b2b9 h9g7 h2h6 b7b3 b0c2" --letters-only
shoot banqi --variant banqi --seed 7 --moves "a1 b1 c2 d1 a2 h4 b2 c1"
shoot banqi-computer --variant banqi --seed 11 --computer club --human black --language zh \
  --moves "d2 e3 d3 e2 c3 f3"
shoot banqi-table --variant banqi --seed 7 --table --moves "a1 b1 c2 d1 a2 h4 b2 c1"

# Statistics and the resume offer read the files in a folder of their own.
files="$(mktemp -d)"
cat >"$files/stats.json" <<'JSON'
{"version":1,"rows":[
 {"variant":"xiangqi","computer":null,"red_wins":3,"black_wins":2,"draws":1},
 {"variant":"xiangqi","computer":"Club","red_wins":4,"black_wins":5,"draws":0},
 {"variant":"jieqi","computer":null,"red_wins":2,"black_wins":3,"draws":1},
 {"variant":"jieqi","computer":"Club","red_wins":1,"black_wins":4,"draws":0},
 {"variant":"jieqi","computer":"Club","with_takebacks":true,"red_wins":2,"black_wins":0,"draws":0}],
 "matches":[
 {"variant":"jieqi","computer":null,"player_one":2,"player_two":1,"even":1},
 {"variant":"jieqi","computer":"Club","player_one":1,"player_two":2,"even":0}]}
JSON
shoot stats --config-dir "$files" --open stats
# A few moves played by --bench-frames leave an unfinished game behind: the next start offers it.
XDG_RUNTIME_DIR="$(mktemp -d)" timeout 300 xvfb-run -a -s "-screen 0 ${W}x${H}x24" \
  env WGPU_BACKEND=vulkan "$bin" --size "${W}x${H}" --config-dir "$files" --variant jieqi \
  --bench-frames 30 >"$out/resume-prep.log" 2>&1 || { echo "FAILED: resume-prep"; failed=1; }
if [ ! -s "$files/autosave.json" ]; then
  echo "FAILED: no autosave.json after moves were played"
  failed=1
fi
shoot resume --config-dir "$files"

if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "all screenshots ok in $out"
