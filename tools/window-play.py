#!/usr/bin/env python3
"""Plays a whole game through the real window, as a new player would: real clicks (xdotool)
on a 1280x800 window under Xvfb, screenshots (xwd) along the way. The moves are chosen by a
greedy stand-in player (captures first, else random) from `jieqi-cli moves`; after every
move the autosave must hold exactly the moves clicked, so a lost or misread click stops the
run with a screenshot instead of playing on blind.

    hotseat:  both sides clicked; every handoff cover waited for and clicked away
    computer: Red clicked; the computer's replies are read back from the autosave

With --review, a game that ended is then reviewed as a player would: "Review the game" clicked
on the result card, the review waited for, the marked moves and the turning point stepped to
with the arrow keys (which ones, `jieqi-cli review` says from the autosave), "Play on from
here" clicked at a marked move and "Back to the review" after one move of the new game; a
screenshot at every step.

Needs xvfb, xauth, mesa-vulkan-drivers, xdotool, x11-apps (xwd) and Pillow, and debug builds
of jieqi and jieqi-cli. Example (hot-seat Jieqi, deal 33, at most 300 plies):

    xvfb-run -a -s "-screen 0 1280x800x24" tools/window-play.py hotseat --seed 33 --out shots
"""
import argparse, json, os, random, re, subprocess, sys, tempfile, time

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xwindow import click, grab, point, wait_until  # noqa: E402

TARGET = os.environ.get("CARGO_TARGET_DIR", "target")
GAME = f"{TARGET}/debug/jieqi"
CLI = f"{TARGET}/debug/jieqi-cli"
START_POINTS = [(0, "abcdefghi"), (9, "abcdefghi"), (2, "bh"), (7, "bh"), (3, "acegi"), (6, "acegi")]


# The look's colours (crates/game/src/hud/style.rs): the result card's Again button, the
# graph's background, a button at rest.
CINNABAR, WALNUT_DARK, BUTTON = (164, 48, 36), (28, 20, 15), (86, 62, 42)


def rows_with(im, colour, x0, x1, y0=0, y1=800):
    """The rows between y0 and y1 where `colour` fills a run of 6 pixels between x0 and x1."""
    px = im.load()
    found = []
    for y in range(y0, y1):
        run = 0
        for x in range(x0, x1):
            run = run + 1 if px[x, y] == colour else 0
            if run >= 6:
                found.append(y)
                break
    return found


def groups(rows):
    """Consecutive rows, as (first, last) pairs."""
    out = []
    for y in rows:
        if out and y == out[-1][1] + 1:
            out[-1] = (out[-1][0], y)
        else:
            out.append((y, y))
    return out


def key(*names):
    window = subprocess.run(["xdotool", "search", "--name", "Jieqi"], capture_output=True,
                            text=True).stdout.split()
    if window:
        subprocess.run(["xdotool", "windowfocus", "--sync", window[0]], check=False)
    for name in names:
        subprocess.run(["xdotool", "key", name], check=True)
        time.sleep(0.15)


def review(a, config, shot):
    """Reviews the game that just ended through the window; a verdict if something failed."""
    im = grab()
    again = groups(rows_with(im, CINNABAR, 140, 940))
    if not again:
        shot("no-result-card")
        return "NO RESULT CARD"
    top, bottom = again[-1]
    px = im.load()
    right = max(x for x in range(140, 940) if px[x, (top + bottom) // 2] == CINNABAR)
    # "Review the game" stands right of Again on the card's last row.
    click(right + 76, (top + bottom) // 2)
    time.sleep(1.5)
    shot("review-running")
    # What the review will find, from the autosave, by the command line's review.
    out = subprocess.run([CLI, "review", f"{config}/autosave.json", "--notation", "iccs"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return f"NO REVIEW: {out.stderr.strip()}"
    record = re.sub(r"\{[^}]*\}", " ", out.stdout.split("\n\n", 1)[1])
    plies = [w for w in record.split() if not w[0].isdigit() and w not in ("1-0", "0-1", "1/2-1/2", "*")]
    marked = [i + 1 for i, w in enumerate(plies) if w.endswith(("?", "?!"))]
    turned = int(out.stderr.split("the game turned at ply ")[1].split()[0]) if "turned" in out.stderr else None
    print("review:", out.stderr.strip().replace("\n", "; "), flush=True)
    print("marked plies:", marked, flush=True)
    time.sleep(max(5, len(plies) / 8))
    shot("review-done")
    for name, ply in (("review-turning-point", turned), ("review-marked", marked[0] if marked else None)):
        if ply is None:
            continue
        key("Home", *(["Right"] * ply))
        time.sleep(1)
        shot(name)
    if not marked:
        return None
    # Play on from the position after the first marked move: the button is the first one
    # under the graph.
    key("Home", *(["Right"] * marked[0]))
    time.sleep(1)
    im = grab()
    graph = groups(rows_with(im, WALNUT_DARK, 960, 1270, 300, 800))
    graph = [g for g in graph if g[1] - g[0] > 30]
    if not graph:
        shot("no-graph")
        return "NO GRAPH"
    buttons = groups(rows_with(im, BUTTON, 958, 1010, graph[0][1], 800))
    if not buttons:
        shot("no-play-on")
        return "NO PLAY-ON BUTTON"
    click(1000, sum(buttons[0]) // 2)
    time.sleep(2)
    shot("play-on")
    # The way back: the lowest button at the panel's left edge above the move list.
    im = grab()
    buttons = groups(rows_with(im, BUTTON, 958, 1000, 200, 800))
    if not buttons:
        return "NO BACK BUTTON"
    click(1000, sum(buttons[-1]) // 2)
    time.sleep(2)
    shot("back-to-review")
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["hotseat", "computer"])
    ap.add_argument("--variant", default="jieqi")
    ap.add_argument("--seed", default="21")
    ap.add_argument("--level", default="club")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--out", default="window-play")
    ap.add_argument("--review", action="store_true", help="review the game once it has ended")
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
        if a.review and verdict == "the game is over":
            verdict = review(a, config, shot) or verdict
    finally:
        game.kill()
    print(f"{verdict} after {len(moves)} plies: {' '.join(moves)}", flush=True)
    return 0 if not verdict.startswith(("LOST", "NO")) else 1


if __name__ == "__main__":
    sys.exit(main())
