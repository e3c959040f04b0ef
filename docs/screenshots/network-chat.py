"""A network game in two windows (host in Russian, guest in English, 800x800 each) and three chat
lines typed into the network section; one screenshot of both windows.

    python3 docs/screenshots/network-chat.py target/debug/tengen ru docs/screenshots/network-chat-ru-en.png 1

The chat fields are clicked where they sit at 800x800 in these languages (host 674, guest 611);
an argument of 0 takes the screenshot before any chat, to find them again after a layout change."""
import os, sys, time, subprocess, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts'))
from xharness import Game, field, game_env, start_xvfb, window_of, xdotool, click_moves
binary, lang, out = sys.argv[1], sys.argv[2], sys.argv[3]
xvfb, display = start_xvfb("1640x820x24")
home = tempfile.mkdtemp()
host = Game([binary, "--print-moves", "--host", "0", "--rule", "freestyle", "--lang", lang],
            game_env(display, os.path.join(home, "h"), os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')), os.path.join(home, "h.err"))
port = host.wait_line("hosting").split("port=")[1].split()[0]
hw = window_of(display, host.pid)
guest = Game([binary, "--print-moves", "--join", f"127.0.0.1:{port}", "--rule", "freestyle", "--lang", "en"],
             game_env(display, os.path.join(home, "g"), os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')), os.path.join(home, "g.err"))
gw = window_of(display, guest.pid)
for w, x in ((hw, 0), (gw, 820)):
    xdotool(display, "windowsize", w, "800", "800"); xdotool(display, "windowmove", w, str(x), "0")
time.sleep(3)
host.wait_line("ready"); guest.wait_line("ready")
def chat(w, text, y):
    # The chat field sits in the network section; find it by clicking where it is at 800x560.
    xdotool(display, "windowfocus", "--sync", w); time.sleep(0.3)
    xdotool(display, "mousemove", "--window", w, "592", str(y)); time.sleep(0.3)
    xdotool(display, "click", "1"); time.sleep(0.5)
    xdotool(display, "type", "--delay", "40", text); xdotool(display, "key", "Return"); time.sleep(1.5)
y = int(sys.argv[4]) if len(sys.argv) > 4 else 470
if y == 0:
    time.sleep(2); subprocess.run(["import", "-window", "root", out], env={**os.environ, "DISPLAY": display}, check=True); host.kill(); guest.kill(); xvfb.kill(); sys.exit(0)
chat(hw, "good luck!", 674)
chat(gw, "thanks, you too", 611)
chat(hw, "let us play", 674)
time.sleep(2)
xdotool(display, "mousemove", "790", "590"); time.sleep(1)
subprocess.run(["import", "-window", "root", "-crop", "1640x800+0+0", out], env={**os.environ, "DISPLAY": display}, check=True)
host.kill(); guest.kill(); xvfb.kill()
print("wrote", out)
