"""What the scripts that play through the game's real window share (`window-play.py`,
`online-play.py`): a screenshot of an X display (xwd), a click (xdotool), where a board point is
drawn in a 1280x800 window, and waiting for a condition. `display` None: the one DISPLAY names."""
import os, struct, subprocess, time

from PIL import Image

# Where the points of file a and i, rank 9 and 0 are drawn in a 1280x800 window (own side below).
X0, X1, Y9, Y0 = 203, 747, 114, 726


def env(display=None):
    if display is None:
        return dict(os.environ)
    return {**os.environ, "DISPLAY": f":{display}", "WGPU_BACKEND": "vulkan"}


def grab(display=None):
    d = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True, env=env(display)).stdout
    h = struct.unpack(">25I", d[:100])
    width, height, line, colours = h[4], h[5], h[12], h[19]
    offset = h[0] + colours * 12
    raw = d[offset:offset + line * height]
    return Image.frombytes("RGBX", (width, height), raw, "raw", "BGRX", line).convert("RGB")


def click(x, y, display=None):
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, env=env(display))


def point(square, bottom):
    f, r = ord(square[0]) - 97, int(square[1])
    dx, dy = (X1 - X0) / 8, (Y0 - Y9) / 9
    if bottom == "red":
        return int(X0 + f * dx), int(Y0 - r * dy)
    return int(X1 - f * dx), int(Y9 + r * dy)


def wait_until(cond, seconds, step=0.25):
    end = time.time() + seconds
    while time.time() < end:
        if cond():
            return True
        time.sleep(step)
    return False
