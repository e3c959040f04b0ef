"""Frame times of computer-against-computer play at Low (a move, so an autosave, about every half
second) with --measure-frames 40, and the autosave write times the game prints, for each binary
given: `python3 scripts/autosave-frames.py OLD_BINARY target/release/tengen`. Needs Xvfb (the
README's test packages); the home folder is made under /var/tmp, on the disk."""
import os, re, subprocess, sys, tempfile, statistics
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import Game, game_env, start_xvfb
for binary in sys.argv[1:]:
    xvfb, display = start_xvfb("1280x800x24")
    home = tempfile.mkdtemp(dir='/var/tmp')
    game = Game([binary, "--print-moves", "--measure-frames", "40", "--mode", "cvc", "--level", "low",
                 "--rule", "freestyle"], game_env(display, home, os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), os.path.join(home, "err"))
    game.process.wait(timeout=120)
    lines = game.history
    xvfb.kill()
    ms = [float(l.split("ms=")[1]) for l in lines if l.startswith("autosaved")]
    frames = [l for l in lines if l.startswith("frames")]
    print(binary)
    if ms:
        ms.sort()
        print(f"  autosaves {len(ms)}: write p50 {statistics.median(ms):.1f} ms, p95 {ms[int(len(ms)*0.95)]:.1f} ms, max {ms[-1]:.1f} ms")
    for f in frames:
        print("  " + f)
