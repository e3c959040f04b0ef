"""What the window scripts share: Xvfb on a free display, the game started the way a player's desktop
starts it (its own home folder, no cargo environment), its printed lines, and xdotool.

Imported by idle-cpu.py, cold-start.py, monkey.py and kill-resume.py (they live beside it).
"""

import os
import queue
import re
import subprocess
import sys
import threading
import time

TICKS = os.sysconf("SC_CLK_TCK")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def cpu_seconds(pid):
    """User + system CPU seconds of a process, all threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_seconds_outside(pid, prefix):
    """CPU seconds of a process's threads whose name does not start with `prefix` (for the game:
    everything but Mesa's software rasteriser threads, `llvmpipe-N`, which a GPU would replace)."""
    total = 0.0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                text = f.read()
        except OSError:
            continue  # the thread ended
        name = text[text.index("(") + 1 : text.rindex(")")]
        if not name.startswith(prefix):
            fields = text.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def start_xvfb(screen="1280x800x24"):
    """Xvfb on a display it picks itself (-displayfd), returned once it accepts clients."""
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    number = xvfb.stdout.readline().strip()
    if not number.isdigit():
        xvfb.kill()
        sys.exit("Xvfb did not start")
    return xvfb, f":{number}"


def game_env(display, home, asset_root=None):
    """The environment of a game started from a desktop: a display, a home, a PATH, nothing else."""
    env = {
        "DISPLAY": display,
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    }
    if asset_root:
        env["BEVY_ASSET_ROOT"] = asset_root
    return env


class Game:
    """The game process with its stdout lines in a queue and its stderr kept in a file."""

    def __init__(self, command, env, stderr_path):
        self.stderr_path = stderr_path
        self.stderr_file = open(stderr_path, "a")
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=self.stderr_file, text=True,
        )
        self.lines = queue.Queue()
        # Every line ever printed, for a look back at what a wait skipped.
        self.history = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.history.append(line.strip())
            self.lines.put(line.strip())

    @property
    def pid(self):
        return self.process.pid

    def alive(self):
        return self.process.poll() is None

    def wait_line(self, prefix, limit=180):
        """The first line starting with `prefix`; exits the script if the game dies or is silent."""
        line = self.next_line(prefix, limit)
        if line is None:
            if not self.alive():
                sys.exit(f"the game exited ({self.process.returncode}) before `{prefix}`")
            sys.exit(f"no `{prefix}` line after {limit} s")
        return line

    def next_line(self, prefix, limit):
        """The first line starting with `prefix` within `limit` seconds, or None."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                if not self.alive() and self.lines.empty():
                    return None
                continue
            if line.startswith(prefix):
                return line
        return None

    def printed(self, prefix):
        """The first line starting with `prefix` printed so far, or None."""
        return next((line for line in list(self.history) if line.startswith(prefix)), None)

    def latest(self, prefix):
        """The last line starting with `prefix` printed so far, or None."""
        return next((line for line in reversed(list(self.history)) if line.startswith(prefix)), None)

    def drain(self):
        """Every line printed since the last look."""
        out = []
        while True:
            try:
                out.append(self.lines.get_nowait())
            except queue.Empty:
                return out

    def kill(self):
        if self.alive():
            self.process.kill()
        self.process.wait()
        # Every line the game printed before it died is read before anyone looks.
        self.reader.join(timeout=5)
        self.stderr_file.close()

    def errors(self):
        """Panics and ERROR log lines in what the game wrote to stderr (colours stripped)."""
        with open(self.stderr_path, errors="replace") as f:
            text = ANSI.sub("", f.read())
        return [
            line for line in text.splitlines()
            if "panicked" in line or re.search(r"\bERROR\b", line)
        ]


def word(line, key):
    """The text after `key=` in a printed line (`moves=h8,i9` gives `h8,i9`; an empty value gives
    an empty string, where splitting on `moves=` would run on into the next field)."""
    return next((w[len(key) + 1:] for w in line.split() if w.startswith(key + "=")), "")


def field(line, key):
    """`centre=640,400` in a printed line, as floats."""
    value = next(w for w in line.split() if w.startswith(key + "="))[len(key) + 1:]
    return tuple(float(p) for p in value.split(","))


def xdotool(display, *args):
    return subprocess.run(
        ["xdotool", *args], env={**os.environ, "DISPLAY": display},
        check=True, capture_output=True, text=True, timeout=60,
    ).stdout.strip()


def game_window(display):
    """The game's window, by its class (its title is in the player's language: 天元 in Chinese)."""
    return xdotool(display, "search", "--sync", "--class", "tengen").splitlines()[0]


def window_of(display, pid, limit=60):
    """The window of the game with process id `pid` (several games share a display); exits the
    script if none appears within `limit` seconds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            ids = xdotool(display, "search", "--pid", str(pid)).split()
        except subprocess.CalledProcessError:
            ids = []  # xdotool finds nothing yet
        if ids:
            return ids[-1]
        time.sleep(0.2)
    sys.exit(f"no window for process {pid} after {limit} s")


def click_moves(game, display, window, moves, what="the game"):
    """Plays `moves` (offsets in points from the centre, black first) by clicking as a person does:
    the pointer moves beside the point, pauses, then clicks; a click that places nothing is tried again.
    Exits the script, naming `what`, when a move is not played."""
    for n, (dx, dy) in enumerate(moves, start=1):
        ready = game.latest("ready") or game.wait_line("ready")
        centre, spacing = field(ready, "centre"), field(ready, "spacing")[0]
        x, y = round(centre[0] + dx * spacing), round(centre[1] - dy * spacing)
        for _ in range(4):
            xdotool(display, "mousemove", "--window", window, str(x - round(spacing)), str(y))
            time.sleep(0.1)
            xdotool(display, "mousemove", "--window", window, str(x), str(y), "click", "1")
            if game.next_line(f"placed {n} ", 10):
                break
        else:
            sys.exit(f"{what}: move {n} was not played")
