#!/usr/bin/env python3
"""Plays a timed Jieqi game online through three real game windows, each on a display of its
own (Xvfb :91, :92, :93), as three people on three computers would (issue 58):

    Red    hosts on its own computer (`jieqi --online host`: the server runs in the game) and
           reads out the address and the invite (the script reads them from its stdout);
    Black  joins with them, through a TCP relay the script holds, so that its connection can
           be cut in the middle of the game;
    a third window watches.

Moves are real clicks (xdotool) on the mover's window, chosen by a greedy stand-in player
(a face-down piece taken when one can be, else a capture, else at random) from `jieqi-cli
moves` on the position the mover's game keeps in its `online.json` (its own
viewer-relative knowledge). After every move both players' files must show it, so a lost
click stops the run with a screenshot. In the middle the relay cuts Black's connection and
refuses it for a few seconds ("Reconnecting…" on Black's screen, "(away)" on Red's), then lets
it through: Black's game takes its seat back by itself. After --plies moves nobody moves: the
clock of the side to move runs down to its flag, and every window shows the result card.

With --duplicate the game is game 1 of a duplicate match: after its flag falls, Red presses
"Play game 2 — swap colours" on its card, Black accepts the server's offer from its side panel,
the spectator follows them ("Watch game 2"), and game 2 is played on the same deal with the
colours swapped (the same stand-in moves where
they are legal) until its flag falls and the match is decided.

Screenshots of the three screens side by side at the same moments go to --out.

Needs xvfb, xdotool, x11-apps (xwd), mesa-vulkan-drivers, Pillow, and debug builds of jieqi
and jieqi-cli:

    CARGO_TARGET_DIR=… tools/online-play.py --out shots
"""
import argparse, json, os, random, socket, subprocess, sys, tempfile, threading, time

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xwindow import click, env, grab, point, wait_until  # noqa: E402

TARGET = os.environ.get("CARGO_TARGET_DIR", "target")
GAME = f"{TARGET}/debug/jieqi"
CLI = f"{TARGET}/debug/jieqi-cli"
DISPLAYS = {"red": 91, "black": 92, "watch": 93}


def start_display(n):
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until(lambda: os.path.exists(f"/tmp/.X11-unix/X{n}"), 10) or sys.exit(f"Xvfb :{n} did not start")
    return proc


class Relay:
    """A TCP relay to the server: cut() closes every connection through it, and while
    closed it refuses new ones (a network gone for a while)."""

    def __init__(self, upstream):
        self.upstream = upstream
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.open = True
        self.sockets = []
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.server.accept()
            if not self.open:
                client.close()
                continue
            try:
                up = socket.create_connection(self.upstream)
            except OSError:
                client.close()
                continue
            self.sockets += [client, up]
            for a, b in ((client, up), (up, client)):
                threading.Thread(target=self.pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def pipe(a, b):
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        self.open = False
        for s in self.sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass
        self.sockets = []


def seat(config):
    try:
        with open(f"{config}/online.json") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def legal(position):
    out = subprocess.run([CLI, "moves", "--fen", position], capture_output=True, text=True, check=True)
    return out.stdout.split()


def cell(position, square):
    """The FEN letter on `square` (None: empty)."""
    rows = position.split()[0].split("/")
    row = rows[9 - int(square[1])]
    at = 0
    for c in row:
        if c.isdigit():
            at += int(c)
        else:
            if at == ord(square[0]) - 97:
                return c
            at += 1
    return None


def choose(position, rng, mover):
    moves = legal(position)
    theirs = (lambda c: c.islower()) if mover == "red" else (lambda c: c.isupper())
    face_down = [m for m in moves if (c := cell(position, m[2:4])) and c in "xX" and theirs(c)]
    captures = [m for m in moves if (c := cell(position, m[2:4])) and theirs(c)]
    return rng.choice(face_down or captures or moves)


# Where the side panel's buttons are in a 1280x800 window: the result card's "Play game 2 —
# swap colours", and "Accept" under an offer.
AGAIN = (318, 625)
ACCEPT = (1037, 177)


def play(a, rng, players, shot, relay, cut, prefix=""):
    """Plays --plies moves by clicks on the movers' windows, then waits for the flag.
    `players`: each colour's window (a key of DISPLAYS) and config folder."""
    both = lambda ok: all(ok(seat(config)) for _, config in players.values())
    took_face_down = False
    for ply in range(a.plies):
        mover = "red" if ply % 2 == 0 else "black"
        window, config = players[mover]
        display = DISPLAYS[window]
        position = seat(config)["position"]
        move = choose(position, rng, mover)
        took_face_down |= (cell(position, move[2:4]) or "") in "xX"
        click(*point(move[:2], mover), display=display)
        time.sleep(0.3)
        click(*point(move[2:4], mover), display=display)
        if not wait_until(lambda: both(lambda s: s and s["plies"] == ply + 1), 15):
            shot(f"failed-{prefix}ply-{ply + 1}")
            sys.exit(f"ply {ply + 1} ({mover} {move}) did not arrive on both screens")
        print(f"{ply + 1}. {mover} {move}")
        time.sleep(1)
        if took_face_down and not os.path.exists(f"{a.out}/{prefix}2-face-down-capture.png"):
            shot(f"{prefix}2-face-down-capture")
        if cut and ply + 1 == a.cut_at:
            relay.cut()
            time.sleep(2.5)
            shot("3-connection-cut")
            relay.open = True
            time.sleep(4)
            shot("4-back")
    # Nobody moves: the side to move's clock runs down to its flag.
    if wait_until(lambda: both(lambda s: s and s["done"]), 44) is False:
        shot(f"{prefix}5-clock-running-down")
    if not wait_until(lambda: both(lambda s: s and s["done"]), 150):
        shot(f"failed-{prefix}no-end")
        sys.exit("the game did not end")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--plies", type=int, default=16)
    p.add_argument("--cut-at", type=int, default=7, help="the ply after which Black's connection is cut")
    p.add_argument("--clock", default="1+0")
    p.add_argument("--seed", type=int, default=5, help="the stand-in players' choices")
    p.add_argument("--out", default="online-shots")
    p.add_argument("--duplicate", action="store_true", help="a duplicate match: game 2 follows")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    xs = [start_display(n) for n in DISPLAYS.values()]
    tmp = tempfile.mkdtemp(prefix="online-play-")
    games = []

    def launch(who, *args):
        config = f"{tmp}/{who}"
        os.makedirs(config)
        log = open(f"{tmp}/{who}.log", "w")
        proc = subprocess.Popen([GAME, "--config-dir", config, "--size", "1280x800", *args],
                                stdout=subprocess.PIPE, stderr=log, text=True, env=env(DISPLAYS[who]))
        games.append(proc)
        return config, proc

    def shot(name):
        ims = [grab(n) for n in DISPLAYS.values()]
        for who, im in zip(DISPLAYS, ims):
            im.save(f"{a.out}/{name}-{who}.png")
        wide = Image.new("RGB", (1280 * 3 + 40, 800), "white")
        for i, im in enumerate(ims):
            wide.paste(im, (i * (1280 + 20), 0))
        wide.resize((wide.width // 2, wide.height // 2), Image.LANCZOS).save(f"{a.out}/{name}.png")
        print(f"screenshot {name}")

    try:
        match = ["--duplicate"] if a.duplicate else []
        red, red_proc = launch("red", "--variant", "jieqi", "--clock", a.clock, "--online", "host",
                               "--human", "red", "--name", "Ann", *match)
        line = ""
        deadline = time.time() + 60
        while not line.startswith("invite ") and time.time() < deadline:
            line = red_proc.stdout.readline().strip()
        if not line.startswith("invite "):
            sys.exit("the host printed no invite")
        _, address, *code = line.split()
        code = " ".join(code)
        host, port = address.rsplit(":", 1)
        print(f"hosting at {address}, invite {code}")
        relay = Relay(("127.0.0.1", int(port)))
        black, _ = launch("black", "--online", "join", "--server", f"127.0.0.1:{relay.port}",
                          "--code", code, "--name", "Bo")
        watch, _ = launch("watch", "--online", "watch", "--server", f"127.0.0.1:{port}", "--code", code[:14],
               "--name", "Cy")
        both = lambda ok: ok(seat(red)) and ok(seat(black))
        if not wait_until(lambda: both(lambda s: s and s.get("position")), 60):
            shot("failed-seating")
            sys.exit("the players were not seated")
        time.sleep(3)
        shot("1-seated")
        play(a, rng, {"red": ("red", red), "black": ("black", black)}, shot, relay, cut=True)
        time.sleep(3)
        shot("6-flag-fell")
        if a.duplicate:
            # Game 2: Ann (the host) asks for it on her card, Bo accepts in his side panel.
            first = seat(red)["game"]
            click(*AGAIN, display=DISPLAYS["red"])
            if not wait_until(lambda: (seat(red) or {}).get("game") != first, 15):
                shot("failed-game-2-asked")
                sys.exit("game 2 was not made")
            time.sleep(2)
            shot("7-game-2-offered")
            click(*ACCEPT, display=DISPLAYS["black"])
            if not wait_until(lambda: seat(black)["game"] == seat(red)["game"] and seat(black).get("position"), 15):
                shot("failed-game-2-joined")
                sys.exit("game 2 was not joined")
            # The spectator follows them ("Watch game 2" where Ann's button was).
            click(*AGAIN, display=DISPLAYS["watch"])
            if not wait_until(lambda: seat(watch)["game"] == seat(red)["game"], 15):
                shot("failed-game-2-watched")
                sys.exit("the spectator did not follow to game 2")
            time.sleep(3)
            shot("8-game-2-seated")
            # The colours swapped: Bo plays Red now, on the display called black.
            play(a, rng, {"red": ("black", black), "black": ("red", red)}, shot, relay, cut=False,
                 prefix="9")
            time.sleep(4)
            shot("10-match-decided")
        print("done:", a.out)
    finally:
        for g in games:
            g.terminate()
        for x in xs:
            x.terminate()


if __name__ == "__main__":
    main()
