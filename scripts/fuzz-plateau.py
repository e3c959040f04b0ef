#!/usr/bin/env python3
"""Runs cargo-fuzz targets one at a time until libFuzzer's coverage stops growing, or a time cap.

    python3 scripts/fuzz-plateau.py --until 14:34 net/frames net/session engine/parsers ...

Each `crate/target` must be built first (`cd crates/<crate>/fuzz && cargo +nightly fuzz build -O`;
the binaries are looked for under $CARGO_TARGET_DIR, else crates/<crate>/fuzz/target). A target
runs under `nice -n 19` on one core, fed `<corpus-root>/<target>` (where its finds go) and its
committed `seeds/<target>`, with `-print_final_stats=1`. Its stderr is kept with each line's
seconds since the start in `<logs>/<target>.log`, and one JSON summary a target is appended to
`<logs>/summary.jsonl`. A target with a dictionary (`fuzz/dicts/<target>.dict`, written by
`scripts/fuzz-dicts.py`) gets it as `-dict=`.

With --parallel every target runs at once, each on a core of its own (for a machine with a core per
target), and --workers N adds N-1 more processes per target that share its corpus folder (libFuzzer
reloads the folder, so each process also runs what the others found); only the first is measured.
--bin-dir takes the binaries from a folder of their own (copied there, e.g. stripped for transport),
and --nice 0 runs them at normal priority on a machine with nothing else to do.

Plateau: `cov:` has not grown for --quiet seconds (600) AND the execs since it last grew are at
least half of the run's (the current count estimated from the latest exec/s between libFuzzer's
status lines). The run is then interrupted (SIGINT, so libFuzzer prints its final stats). Each
target gets at most --cap seconds (1500), and an even share of the time left before --until.

With --own the plateau is judged on the project's own code instead: libFuzzer prints every newly
covered point with its source line (`-print_pcs=1`), and the rule above applies to the points in
this repository's files. `cov:` counts the edges of every instrumented crate, so it keeps creeping
up for hours in the libraries' insides (a deeper JSON value cloned through another B-tree split,
another float in serde_json's parser) after the project's own code stopped showing anything new;
both are reported (own_pcs, own_t, and the files of the own points found in the run).
"""

import argparse
import datetime
import json
import os
import re
import signal
import subprocess
import threading
import time

STATUS = re.compile(r"^#(\d+)\s+(\w+)\s+cov: (\d+) ft: (\d+).*?exec/s: (\d+)")
# `-print_pcs=1`: a newly covered point, its function and its source file.
# The fuzz crate's own files (the target) come with a path relative to it.
NEW_PC = re.compile(r"^\s*NEW_PC: 0x[0-9a-f]+(?: in (.*?))?(?: ((?:/|[\w.-]+/)\S*?\.rs)(?::\d+){0,2})?$")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


BIN_DIR = None


def binary(crate, target):
    if BIN_DIR:
        return os.path.join(BIN_DIR, target)
    base = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "crates", crate, "fuzz", "target")
    return os.path.join(base, "x86_64-unknown-linux-gnu", "release", target)


def stop_within(p, seconds):
    """Waits for an interrupted fuzzer to print its final stats; kills it if it does not exit (one
    run on the 16-core machine never returned from its interrupt)."""
    try:
        p.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def run(crate, target, cap, quiet_s, corpus_root, logs, nice=19, workers=1, own=False):
    fuzz = os.path.join(ROOT, "crates", crate, "fuzz")
    corpus = os.path.join(corpus_root or os.path.join(fuzz, "corpus"), target)
    os.makedirs(corpus, exist_ok=True)
    artifacts = os.path.join(fuzz, "artifacts", target) + "/"
    os.makedirs(artifacts, exist_ok=True)
    # A target's dictionary (scripts/fuzz-dicts.py), where it has one.
    words = os.path.join(fuzz, "dicts", f"{target}.dict")
    dict_opt = [f"-dict={words}"] if os.path.exists(words) else []
    cmd = ["nice", "-n", str(nice), binary(crate, target), "-print_final_stats=1",
           f"-artifact_prefix={artifacts}", f"-max_total_time={cap + 60}",
           corpus, os.path.join(fuzz, "seeds", target)] + (["-print_pcs=1"] if own else []) + dict_opt
    # Extra workers share the corpus folder and stop at the cap; only the first one is measured.
    extra = [subprocess.Popen(cmd[:6] + dict_opt + [f"-max_total_time={cap}", f"-seed={1000 + i}", corpus],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=fuzz)
             for i in range(1, workers)]
    log = open(os.path.join(logs, f"{target}.log"), "a")
    log.write(f"# {time.strftime('%H:%M:%S', time.gmtime())} UTC cap {cap}s: {' '.join(cmd)}\n")
    log.flush()
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, cwd=fuzz,
                         text=True, errors="replace")
    st = dict(target=target, cap=cap, start=time.strftime("%H:%M:%S", time.gmtime()), init=None,
              cov=0, ft=0, execs=0, rate=0, line_t=0.0, grow_exec=0, grow_t=0.0, stop=None)
    if own:
        st.update(own_pcs=0, own_t=0.0, own_exec=0, lib_pcs=0, own_files={})
    lock = threading.Lock()

    def read():
        for line in p.stderr:
            t = time.monotonic() - t0
            log.write(f"{t:8.1f} {line}")
            m = STATUS.match(line)
            if m:
                n, kind, cov, ft, rate = int(m[1]), m[2], int(m[3]), int(m[4]), int(m[5])
                with lock:
                    if kind == "INITED":
                        st["init"] = dict(execs=n, cov=cov, ft=ft, t=round(t, 1))
                        if own:
                            st["own_t"], st["own_exec"] = round(t, 1), n
                    if cov > st["cov"]:
                        st["grow_exec"], st["grow_t"] = n, round(t, 1)
                    st.update(cov=max(cov, st["cov"]), ft=ft, execs=n, rate=rate, line_t=t)
            elif own and (pc := NEW_PC.match(line)):
                with lock:
                    path = pc[2] and os.path.join(fuzz, pc[2])
                    if path and path.startswith(ROOT + "/"):
                        rel = os.path.relpath(path, ROOT)
                        st["own_files"][rel] = st["own_files"].get(rel, 0) + 1
                        st["own_pcs"] += 1
                        st["own_t"] = round(t, 1)
                        st["own_exec"] = st["execs"] + st["rate"] * (t - st["line_t"])
                    else:
                        st["lib_pcs"] += 1
            elif line.startswith("stat::"):
                key, _, value = line[len("stat::"):].partition(":")
                st["final_" + key.strip()] = value.strip()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    while p.poll() is None:
        time.sleep(5)
        log.flush()
        t = time.monotonic() - t0
        with lock:
            if st["init"] is None:
                continue
            execs = st["execs"] + st["rate"] * (t - st["line_t"])
            grow_t, grow_exec = (st["own_t"], st["own_exec"]) if own else (st["grow_t"], st["grow_exec"])
            if t - grow_t >= quiet_s and grow_exec <= execs / 2:
                st["stop"] = "plateau"
            elif t >= cap:
                st["stop"] = "cap"
        if st["stop"]:
            p.send_signal(signal.SIGINT)
            break
    stop_within(p, 30)
    for e in extra:
        e.send_signal(signal.SIGINT)
        stop_within(e, 30)
    reader.join(timeout=30)
    st.update(rc=p.returncode, wall=round(time.monotonic() - t0, 1),
              end=time.strftime("%H:%M:%S", time.gmtime()), stop=st["stop"] or "exit")
    log.write(f"# summary {json.dumps(st)}\n")
    log.close()
    with open(os.path.join(logs, "summary.jsonl"), "a") as f:
        f.write(json.dumps(st) + "\n")
    print(json.dumps(st), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="+", help="crate/target, e.g. net/frames")
    parser.add_argument("--until", required=True, help="HH:MM (UTC) by which all runs end")
    parser.add_argument("--cap", type=int, default=1500, help="seconds at most per target")
    parser.add_argument("--quiet", type=int, default=600, help="seconds without new coverage")
    parser.add_argument("--corpus-root", help="working corpora (default crates/<crate>/fuzz/corpus)")
    parser.add_argument("--logs", default=".", help="folder for the logs and summary.jsonl")
    parser.add_argument("--parallel", action="store_true", help="run every target at once")
    parser.add_argument("--workers", type=int, default=1, help="processes per target (--parallel)")
    parser.add_argument("--bin-dir", help="folder holding the fuzz binaries by target name")
    parser.add_argument("--nice", type=int, default=19, help="niceness of the fuzzers")
    parser.add_argument("--own", action="store_true",
                        help="judge the plateau on the points in this repository's own files")
    args = parser.parse_args()
    global BIN_DIR
    BIN_DIR = args.bin_dir and os.path.abspath(args.bin_dir)
    now = datetime.datetime.now(datetime.timezone.utc)
    hour, minute = map(int, args.until.split(":"))
    until = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    deadline = time.time() + (until - now).total_seconds()
    os.makedirs(args.logs, exist_ok=True)
    if args.parallel:
        cap = int(min(args.cap, deadline - time.time()))
        threads = [threading.Thread(target=run, args=(*spec.split("/"), cap, args.quiet,
                                                      args.corpus_root, args.logs, args.nice,
                                                      args.workers, args.own))
                   for spec in args.targets]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return
    for i, spec in enumerate(args.targets):
        crate, target = spec.split("/")
        cap = int(min(args.cap, (deadline - time.time()) / (len(args.targets) - i)))
        if cap < 60:
            print(f"no time left for {spec}", flush=True)
            break
        run(crate, target, cap, args.quiet, args.corpus_root, args.logs, args.nice, own=args.own)


if __name__ == "__main__":
    main()
