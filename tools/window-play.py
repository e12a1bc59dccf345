#!/usr/bin/env python3
"""Plays a whole game through the real window, as a new player would: real clicks (xdotool)
on a 1280x800 window under Xvfb, screenshots (xwd) along the way. The moves are chosen by a
greedy stand-in player (captures first, else random) from `jieqi-cli moves`; after every
move the autosave must hold exactly the moves clicked, so a lost or misread click stops the
run with a screenshot instead of playing on blind.

    hotseat:  both sides clicked; every handoff cover waited for and clicked away
    computer: Red clicked; the computer's replies are read back from the autosave

Needs xvfb, xauth, mesa-vulkan-drivers, xdotool, x11-apps (xwd) and Pillow, and debug builds
of jieqi and jieqi-cli. Example (hot-seat Jieqi, deal 33, at most 300 plies):

    xvfb-run -a -s "-screen 0 1280x800x24" tools/window-play.py hotseat --seed 33 --out shots
"""
import argparse, json, os, random, struct, subprocess, sys, tempfile, time

from PIL import Image

TARGET = os.environ.get("CARGO_TARGET_DIR", "target")
GAME = f"{TARGET}/debug/jieqi"
CLI = f"{TARGET}/debug/jieqi-cli"
# Where the points of file a and i, rank 9 and 0 are drawn in a 1280x800 window (Red below).
X0, X1, Y9, Y0 = 203, 747, 114, 726
START_POINTS = [(0, "abcdefghi"), (9, "abcdefghi"), (2, "bh"), (7, "bh"), (3, "acegi"), (6, "acegi")]


def grab():
    d = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    h = struct.unpack(">25I", d[:100])
    width, height, line, colours = h[4], h[5], h[12], h[19]
    offset = h[0] + colours * 12
    raw = d[offset:offset + line * height]
    return Image.frombytes("RGBX", (width, height), raw, "raw", "BGRX", line).convert("RGB")


def click(x, y):
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)


def point(square, bottom):
    f, r = ord(square[0]) - 97, int(square[1])
    dx, dy = (X1 - X0) / 8, (Y0 - Y9) / 9
    if bottom == "red":
        return int(X0 + f * dx), int(Y0 - r * dy)
    return int(X1 - f * dx), int(Y9 + r * dy)


def wait_until(cond, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if cond():
            return True
        time.sleep(0.25)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["hotseat", "computer"])
    ap.add_argument("--variant", default="jieqi")
    ap.add_argument("--seed", default="21")
    ap.add_argument("--level", default="club")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--out", default="window-play")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    config = tempfile.mkdtemp()
    args = [GAME, "--variant", a.variant, "--seed", a.seed, "--config-dir", config]
    if a.mode == "computer":
        args += ["--computer", a.level, "--human", "red"]
    env = dict(os.environ, WGPU_BACKEND="vulkan")
    game = subprocess.Popen(args, env=env, stdout=open(f"{a.out}/game.log", "w"), stderr=subprocess.STDOUT)
    rng = random.Random(int(a.seed))
    occupied = {f"{f}{r}" for r, files in START_POINTS for f in files}

    def shot(name):
        grab().save(f"{a.out}/{name}.png")
        print("screenshot", name, flush=True)

    def saved():
        try:
            with open(f"{config}/autosave.json") as f:
                return json.load(f)["moves"]
        except (OSError, ValueError, KeyError):
            return None

    def legal(moves):
        cmd = [CLI, "moves", "--variant", a.variant, "--seed", a.seed] + (["--moves"] + moves if moves else [])
        return subprocess.run(cmd, capture_output=True, text=True).stdout.split()

    def covered():
        # The cover is one flat colour over the board and the side panel.
        im = grab()
        return im.getpixel((475, 420)) == im.getpixel((1100, 300)) == im.getpixel((300, 200))

    def play(move, bottom):
        (fx, fy), (tx, ty) = point(move[:2], bottom), point(move[2:4], bottom)
        click(fx, fy)
        time.sleep(0.3)
        click(tx, ty)

    moves, side, verdict = [], "red", "stopped at the ply limit"
    time.sleep(12)
    shot("start")
    try:
        while len(moves) < a.max_plies:
            options = legal(moves)
            if not options:
                verdict = "the game is over"
                break
            captures = [m for m in options if m[2:4] in occupied]
            move = rng.choice(captures or options)
            print(len(moves), side, move, flush=True)
            play(move, side if a.mode == "hotseat" else "red")
            want = moves + [move]
            if not wait_until(lambda: (saved() or [])[: len(want)] == want, 8):
                verdict = f"LOST CLICK: {move} not played"
                shot("lost-click")
                break
            if a.mode == "computer":
                # The computer's reply (or the end).
                wait_until(lambda: len(saved() or []) > len(want) or not legal(want), 120)
                if len(moves) in (6, 24):
                    shot(f"ply-{len(moves):03d}")
            moves = saved()
            for m in moves[len(want) - 1:]:
                occupied.discard(m[:2])
                occupied.add(m[2:4])
            if a.mode == "hotseat":
                if not legal(moves):
                    continue
                if not wait_until(covered, 10):
                    verdict = "NO COVER"
                    shot("no-cover")
                    break
                if len(moves) in (1, 10):
                    shot(f"cover-{len(moves):03d}")
                click(1100, 700)
                if not wait_until(lambda: not covered(), 5):
                    verdict = "LOST CLICK: the cover stayed"
                    shot("cover-stayed")
                    break
                side = "black" if side == "red" else "red"
        time.sleep(2)
        shot("end")
    finally:
        game.kill()
    print(f"{verdict} after {len(moves)} plies: {' '.join(moves)}", flush=True)
    return 0 if not verdict.startswith(("LOST", "NO")) else 1


if __name__ == "__main__":
    sys.exit(main())
