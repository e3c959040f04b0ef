//! The sounds are heard: the real game plays into a real sound server (PulseAudio with a null sink,
//! its monitor recorded by `parec`), and the recording must hold the stone's click, the undo and the
//! win's chime, each where the game said it started it, and nothing before the first move. A second
//! run at a quarter of the volume must record the same undo at about a quarter of the loudness. With
//! no sound device at all, the game says so once and goes on.
//!
//! Needs `pulseaudio`, `pulseaudio-utils` (parec) and `libasound2-plugins` (ALSA into PulseAudio),
//! installed by scripts/setup-debian.sh; where they are missing the test says so and skips.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::smoke::{Reaper, field, game_window, printed_lines, run, start_xvfb, wait_line};

const RATE: f64 = 44_100.0;
const WAIT: Duration = Duration::from_secs(120);

fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A PulseAudio server of this test's own, with one null sink, reached at `socket`.
struct SoundServer {
    _server: Reaper,
    socket: String,
}

fn start_sound_server(dir: &Path) -> SoundServer {
    let socket = dir.join("native").to_string_lossy().into_owned();
    let mut server = Command::new("pulseaudio")
        .args([
            "--daemonize=no",
            "-n",
            "--exit-idle-time=-1",
            "--load=module-null-sink sink_name=tengen",
            &format!("--load=module-native-protocol-unix auth-anonymous=1 socket={socket}"),
        ])
        .env("HOME", dir)
        .env("PULSE_RUNTIME_PATH", dir.join("runtime"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("pulseaudio starts");
    // Ready once a client can list the sink.
    for _ in 0..200 {
        let listed = Command::new("pactl")
            .args(["list", "short", "sinks"])
            .env("PULSE_SERVER", format!("unix:{socket}"))
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("tengen"));
        if listed {
            return SoundServer {
                _server: Reaper(server),
                socket,
            };
        }
        if let Ok(Some(status)) = server.try_wait() {
            panic!("pulseaudio exited ({status})");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("pulseaudio did not come up");
}

/// What one run recorded: the samples (mono, 44.1 kHz) and when each printed line arrived, in seconds
/// from the start of the recording.
struct Recording {
    samples: Vec<i16>,
    events: Vec<(String, f64)>,
}

impl Recording {
    /// Seconds into the recording where the first sound begins.
    fn onset(&self) -> f64 {
        let first = self
            .samples
            .iter()
            .position(|s| i32::from(*s).abs() > 1000)
            .expect("a sound in the recording");
        first as f64 / RATE
    }

    /// Where the game's line `line` falls in the recording: the first sound the game started (its
    /// first stone) sets the clock, so the recording's own start-up delay does not matter.
    fn heard_at(&self, line: &str) -> f64 {
        self.at(line) - self.at("sound place") + self.onset()
    }

    fn peak(&self, from: f64, to: f64) -> i32 {
        let index = |t: f64| ((t.max(0.0) * RATE) as usize).min(self.samples.len());
        self.samples[index(from)..index(to)]
            .iter()
            .map(|&s| i32::from(s).abs())
            .max()
            .unwrap_or(0)
    }

    fn at(&self, line: &str) -> f64 {
        self.events
            .iter()
            .find(|(l, _)| l == line)
            .unwrap_or_else(|| panic!("no `{line}` in {:?}", self.events))
            .1
    }
}

/// Plays `moves` (points from the centre, right and up) by clicking as a person does, each once the
/// game sees the pointer over it, and waits for the stone.
struct Player<'a> {
    display: &'a str,
    window: String,
    lines: &'a Receiver<String>,
    game: &'a mut Reaper,
    centre: (f32, f32),
    spacing: f32,
    placed: usize,
    pointer: String,
    start: Instant,
    events: Vec<(String, f64)>,
}

impl Player<'_> {
    /// The next line starting with `prefix`; every line read on the way is kept with its time, and
    /// the pointer's last position noted.
    fn wait(&mut self, prefix: &str) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            assert!(
                self.game.0.try_wait().ok().flatten().is_none(),
                "the game exited while waiting for `{prefix}`"
            );
            assert!(
                Instant::now() < deadline,
                "no `{prefix}` line: {:?}",
                self.events
            );
            let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) else {
                continue;
            };
            self.keep(line.clone());
            if line.starts_with(prefix) {
                return line;
            }
        }
    }

    /// Clicks the point `dx`, `dy` from the centre (right and up) once the game sees the pointer
    /// there, and waits for the stone.
    fn click(&mut self, dx: i32, dy: i32) {
        let x = (self.centre.0 + dx as f32 * self.spacing)
            .round()
            .to_string();
        let y = (self.centre.1 - dy as f32 * self.spacing)
            .round()
            .to_string();
        let column = char::from(b'a' + u8::try_from(7 + dx).expect("on the board"));
        let over = format!("pointer over {column}{}", 8 + dy);
        let w = self.window.clone();
        run(
            self.display,
            "xdotool",
            &["mousemove", "--window", &w, &x, &y],
        );
        if self.pointer != over {
            self.wait(&over);
        }
        run(self.display, "xdotool", &["click", "1"]);
        self.placed += 1;
        self.wait(&format!("placed {} ", self.placed));
    }

    /// Lets `seconds` of the recording pass after the line `since` arrived, reading (and keeping)
    /// the game's lines meanwhile: a sound needs real time to die away, so here the wall clock is
    /// what is measured, not what is waited on for an event.
    fn let_pass_since(&mut self, since: &str, seconds: f64) {
        let from = self
            .events
            .iter()
            .find(|(l, _)| l.starts_with(since))
            .unwrap_or_else(|| panic!("no `{since}` yet"))
            .1;
        while self.start.elapsed().as_secs_f64() < from + seconds {
            assert!(
                self.game.0.try_wait().ok().flatten().is_none(),
                "the game exited while a sound died away"
            );
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(50)) {
                self.keep(line);
            }
        }
    }

    /// Keeps a line read with its time, and notes the pointer's last position.
    fn keep(&mut self, line: String) {
        if line.starts_with("pointer ") {
            self.pointer = line.clone();
        }
        self.events.push((line, self.start.elapsed().as_secs_f64()));
    }

    fn undo(&mut self) {
        let w = self.window.clone();
        // Through XTEST to the focused window, as a keyboard's keys come.
        run(self.display, "xdotool", &["windowfocus", "--sync", &w]);
        run(self.display, "xdotool", &["key", "ctrl+z"]);
        self.placed -= 1;
        self.wait("sound undo");
    }
}

/// One game at `volume`: a stone, its undo, then black's five against white's four stones.
fn record_a_game(volume: f32) -> Recording {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_sound_server(dir.path());
    let (_xvfb, display) = start_xvfb();
    let config = dir.path().join("config/tengen");
    std::fs::create_dir_all(&config).expect("config folder");
    std::fs::write(
        config.join("settings.json"),
        format!("{{\"version\": 2, \"sound\": true, \"volume\": {volume}}}"),
    )
    .expect("settings");
    // A stream of silence keeps the null sink running from now on: an idle sink gives its monitor
    // nothing, so the recording would start only with the game's first sound.
    let silence = Command::new("pacat")
        .args([
            "-d",
            "tengen",
            "--format=s16le",
            "--rate=44100",
            "--channels=1",
            "--raw",
            "/dev/zero",
        ])
        .env("PULSE_SERVER", format!("unix:{}", server.socket))
        .stderr(Stdio::null())
        .spawn()
        .expect("pacat starts");
    let _silence = Reaper(silence);
    let recording = dir.path().join("recording.raw");
    let parec = Command::new("parec")
        .args([
            "-d",
            "tengen.monitor",
            "--format=s16le",
            "--rate=44100",
            "--channels=1",
            "--raw",
            "--latency-msec=10",
        ])
        .env("PULSE_SERVER", format!("unix:{}", server.socket))
        .stdout(std::fs::File::create(&recording).expect("recording file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("parec starts");
    let parec = Reaper(parec);
    // The game starts once the recording runs (parec takes a moment to connect).
    let deadline = Instant::now() + WAIT;
    while std::fs::metadata(&recording).map_or(0, |m| m.len()) < 8_820 {
        assert!(Instant::now() < deadline, "parec records nothing");
        std::thread::sleep(Duration::from_millis(20));
    }
    let start = Instant::now();
    let mut game = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--mode", "hvh", "--rule", "freestyle", "--print-moves"])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISPLAY", &display)
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .env("PULSE_SERVER", format!("unix:{}", server.socket))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the game starts");
    let lines = printed_lines(&mut game);
    let mut game = Reaper(game);
    let ready = wait_line(&lines, &mut game, "ready", WAIT);
    let mut player = Player {
        display: &display,
        window: game_window(&display),
        lines: &lines,
        game: &mut game,
        centre: field(&ready, "centre"),
        spacing: field(&ready, "spacing").0,
        placed: 0,
        pointer: String::new(),
        start,
        events: Vec::new(),
    };
    player.click(0, 0);
    player.wait("sound place");
    // The stone's click (0.3 s) is over before the undo's starts, so each is measured alone. The
    // board settles sooner than that on a fast machine, so the recording's own time is let pass too.
    player.wait("settled moves=1");
    player.let_pass_since("sound place", 0.45);
    player.undo();
    for n in 0..4 {
        player.click(n, 0);
        player.click(n - 7, -7);
    }
    player.click(4, 0);
    player.wait("sound win");
    // The chime lasts 1.7 s: recorded in full before the recording stops.
    let won = player.events.last().expect("the win").1;
    let events = player.events;
    while start.elapsed().as_secs_f64() < won + 2.2 {
        wait_line_or_time(&lines, &mut game);
    }
    drop(parec);
    let bytes = std::fs::read(&recording).expect("the recording");
    // Kept for a look after a failure (mono, 16-bit, 44.1 kHz, raw).
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sound-{volume}.raw"));
    let _ = std::fs::write(&kept, &bytes);
    let samples = bytes
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    Recording { samples, events }
}

/// Lets time pass while the game runs, without a fixed sleep: the game's own lines (or a short
/// wait for one) pace the loop.
fn wait_line_or_time(lines: &Receiver<String>, game: &mut Reaper) {
    assert!(game.0.try_wait().ok().flatten().is_none(), "the game died");
    let _ = lines.recv_timeout(Duration::from_millis(100));
}

#[test]
fn placing_undoing_and_winning_are_heard_and_the_volume_scales_them() {
    if !["pulseaudio", "parec", "pacat", "pactl"]
        .into_iter()
        .all(installed)
    {
        eprintln!(
            "SKIPPED: the sound check needs pulseaudio, pulseaudio-utils and libasound2-plugins \
             (scripts/setup-debian.sh installs them)"
        );
        return;
    }
    let loud = record_a_game(1.0);
    let first = loud.onset();
    // The first sound is the first stone's, where the game said it started it; nothing before it
    // (the silent probe at start included).
    let quiet = loud.peak(0.0, first - 0.05);
    assert!(quiet < 200, "sound before the first move: peak {quiet}");
    let place = loud.peak(first, first + 0.3);
    assert!(place > 2000, "the stone was not heard: peak {place}");
    let undo_at = loud.heard_at("sound undo");
    assert!(
        undo_at > first + 0.3,
        "the undo came after the stone's click"
    );
    let undo = loud.peak(undo_at - 0.1, undo_at + 0.35);
    assert!(undo > 1500, "the undo was not heard: peak {undo}");
    // The winning stone's click is over within 0.3 s; the chime goes on.
    let win_at = loud.heard_at("sound win");
    let chime = loud.peak(win_at + 0.5, win_at + 1.5);
    assert!(chime > 500, "the win was not heard: peak {chime}");

    let soft = record_a_game(0.25);
    let soft_at = soft.heard_at("sound undo");
    let soft_undo = soft.peak(soft_at - 0.1, soft_at + 0.35);
    let ratio = f64::from(soft_undo) / f64::from(undo);
    eprintln!(
        "heard (peaks of 32767): before the first move {quiet}, stone {place}, undo {undo}, win \
         chime {chime}; at a quarter of the volume the undo {soft_undo} ({ratio:.2} of it)"
    );
    assert!(
        (0.15..0.4).contains(&ratio),
        "a quarter of the volume gave {ratio:.2} of the loudness ({soft_undo} against {undo})"
    );
}

#[test]
fn with_no_sound_device_the_game_says_so_once_and_plays_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_xvfb, display) = start_xvfb();
    let mut game = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--mode", "hvh", "--print-moves"])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISPLAY", &display)
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("XDG_DATA_HOME", dir.path().join("data"))
        // No sound server to reach and no sound card on a test machine.
        .env("PULSE_SERVER", "unix:/nonexistent")
        .env("ALSA_CARD", "none")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the game starts");
    let lines = printed_lines(&mut game);
    let mut game = Reaper(game);
    wait_line(&lines, &mut game, "ready", WAIT);
    wait_line(&lines, &mut game, "sound-device missing", WAIT);
    assert!(game.0.try_wait().ok().flatten().is_none(), "the game died");
}
