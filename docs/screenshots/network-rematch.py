"""A network game after a rematch, in two windows at 800x560 (host in Russian, guest in English):
the host wins with five in a row, offers a rematch, the guest accepts, and the colours change
hands. One screenshot of both windows after the game ends, one after the rematch.

    python3 docs/screenshots/network-rematch.py target/release/tengen OUT_DIR [HX,HY GX,GY]

Without the Rematch buttons' places (window coordinates, host's then guest's) it stops at the
result, to find them on `OUT_DIR/network-over.png`."""
import os, sys, time, subprocess, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts'))
from xharness import Game, field, game_env, start_xvfb, window_of, xdotool

binary, out = sys.argv[1], sys.argv[2]
buttons = [tuple(arg.split(",")) for arg in sys.argv[3:5]]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
xvfb, display = start_xvfb("1620x580x24")
home = tempfile.mkdtemp()


def shoot(name):
    time.sleep(2)
    xdotool(display, "mousemove", "1615", "575")
    time.sleep(1)
    path = os.path.join(out, name)
    subprocess.run(["import", "-window", "root", "-crop", "1620x560+0+0", path],
                   env={**os.environ, "DISPLAY": display}, check=True)
    print("wrote", path)


host = Game([binary, "--print-moves", "--host", "0", "--rule", "freestyle", "--lang", "ru"],
            game_env(display, os.path.join(home, "h"), root), os.path.join(home, "h.err"))
port = host.wait_line("hosting").split("port=")[1].split()[0]
hw = window_of(display, host.pid)
guest = Game([binary, "--print-moves", "--join", f"127.0.0.1:{port}", "--rule", "freestyle",
              "--lang", "en"], game_env(display, os.path.join(home, "g"), root),
             os.path.join(home, "g.err"))
gw = window_of(display, guest.pid)
for w, x in ((hw, 0), (gw, 820)):
    xdotool(display, "windowsize", w, "800", "560")
    xdotool(display, "windowmove", w, str(x), "0")
games = {hw: host, gw: guest}
for g in games.values():
    g.wait_line("network connected")

# The host (black) makes five in a row; the guest (white) plays beside it.
moves = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]
for n, (dx, dy) in enumerate(moves, start=1):
    w = hw if n % 2 else gw
    game = games[w]
    time.sleep(1)
    ready = game.latest("ready") or game.wait_line("ready")
    centre, spacing = field(ready, "centre"), field(ready, "spacing")[0]
    x, y = round(centre[0] + dx * spacing), round(centre[1] - dy * spacing)
    xdotool(display, "windowfocus", "--sync", w)
    xdotool(display, "mousemove", "--window", w, str(x - round(spacing)), str(y))
    time.sleep(0.3)
    xdotool(display, "mousemove", "--window", w, str(x), str(y))
    time.sleep(0.3)
    xdotool(display, "click", "1")
    for g in games.values():
        if not g.next_line(f"placed {n} ", 20):
            sys.exit(f"move {n} was not played")
shoot("network-over.png")
if len(buttons) == 2:
    for (w, (bx, by)) in zip((hw, gw), buttons):
        xdotool(display, "windowfocus", "--sync", w)
        xdotool(display, "mousemove", "--window", w, bx, str(int(by) + 6))
        time.sleep(0.4)
        xdotool(display, "mousemove", "--window", w, bx, by)
        time.sleep(0.4)
        xdotool(display, "click", "1")
        time.sleep(2)
    for g in games.values():
        if not g.wait_line("mode network", 20):
            sys.exit("no rematch")
    shoot("network-rematch.png")
host.kill(); guest.kill(); xvfb.kill()
