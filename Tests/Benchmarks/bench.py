#!/usr/bin/env python3
"""replyshot's speed and memory against the Tesseract CLI, in one run (`make bench`).

Reference: Tesseract's CLI once per screenshot, as pytesseract runs it. Both are measured
alternately on the same screenshots; wall time is the median of the runs, peak memory is the
largest resident set of one process (os.wait4 reports it per child). Also shown: replyshot
reading every shot whole, with one worker, without its OpenMP fix, and with English data only
(`--lang eng`: the cost of choosing each shot's language), and how its time grows
with 1, 2, 4 and 8 screenshots.

    python3 Tests/Benchmarks/bench.py [--runs 7]
"""
import argparse
import ctypes
import ctypes.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "release", "replyshot")
SAMPLE = os.path.join(ROOT, "samples", "hinge-olivia")


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_THREAD_LIMIT", "REPLYSHOT_NO_REEXEC")}
    env.update(extra)
    return env


def run(argv, env):
    """Wall seconds and peak RSS (MiB) of one process."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        proc = subprocess.Popen(argv, stdout=devnull, stderr=devnull, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"benchmark command failed: {' '.join(argv)}")
    return elapsed, usage.ru_maxrss / 1024


def tesseract_loop(shots):
    total, peak = 0.0, 0.0
    for shot in shots:
        seconds, rss = run(["tesseract", shot, "-"], clean_env())
        total += seconds
        peak = max(peak, rss)
    return total, peak


def replyshot(folder, *flags, **env):
    return run([BINARY, "analyze", folder, "--since", "all", "--limit", "100", "--format", "json", "--no-history", *flags],
               clean_env(**env))


def shots_in(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.upper().endswith(".PNG"))


def true_colour_copies(shots, folder):
    """The same screenshots as 24-bit PNGs (phones save those; the samples are palette PNGs),
    written through Leptonica, which both programs read with."""
    lept = ctypes.CDLL(ctypes.util.find_library("leptonica") or ctypes.util.find_library("lept") or "liblept.so.5")
    lept.pixRead.restype = lept.pixConvertTo32.restype = ctypes.c_void_p
    lept.pixRead.argtypes = [ctypes.c_char_p]
    lept.pixConvertTo32.argtypes = [ctypes.c_void_p]
    lept.pixWrite.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int]
    lept.pixDestroy.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    copies = []
    for shot in shots:
        decoded = ctypes.c_void_p(lept.pixRead(shot.encode()))
        rgb = ctypes.c_void_p(lept.pixConvertTo32(decoded))
        target = os.path.join(folder, os.path.basename(shot))
        if lept.pixWrite(target.encode(), rgb, 3) != 0:  # 3: IFF_PNG
            sys.exit(f"could not write {target}")
        lept.pixDestroy(ctypes.byref(decoded))
        lept.pixDestroy(ctypes.byref(rgb))
        shutil.copystat(shot, target)
        copies.append(target)
    return copies


def recall(folder, *flags):
    out = subprocess.run([BINARY, "eval", folder, "--format", "json", *flags], capture_output=True, text=True, check=True,
                         env=clean_env()).stdout
    return json.loads(out)[-1]["recall"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if not shutil.which("tesseract"):
        sys.exit("the tesseract CLI is needed for the reference (Debian: tesseract-ocr)")
    shots = shots_in(SAMPLE)
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "unknown CPU") \
        if os.path.exists("/proc/cpuinfo") else "unknown CPU"
    print(f"machine: {os.cpu_count()} cores, {cpu}")
    linked = subprocess.run(["ldd", BINARY], capture_output=True, text=True).stdout if shutil.which("ldd") else ""
    print(f"binary: {os.path.relpath(BINARY, ROOT)}, Swift runtime {'shared' if 'libswiftCore' in linked else 'linked in statically'}")
    print(f"sample: {os.path.relpath(SAMPLE, ROOT)} ({len(shots)} screenshots, 1170x2532), {args.runs} alternating runs\n")

    replyshot(SAMPLE)  # warm the page cache for both
    tesseract_loop(shots[:1])
    true_colour = tempfile.mkdtemp()
    true_shots = true_colour_copies(shots, true_colour)
    variants = [("tesseract CLI, once per screenshot", lambda: tesseract_loop(shots)),
                ("replyshot analyze (offline generator)", lambda: replyshot(SAMPLE)),
                ("  every shot recognised whole (--read-whole)", lambda: replyshot(SAMPLE, "--read-whole")),
                ("  one OCR worker (--jobs 1)", lambda: replyshot(SAMPLE, "--jobs", "1")),
                ("  without the OMP_THREAD_LIMIT re-exec", lambda: replyshot(SAMPLE, REPLYSHOT_NO_REEXEC="1")),
                ("tesseract CLI, same shots as 24-bit PNGs", lambda: tesseract_loop(true_shots)),
                ("replyshot analyze, same shots as 24-bit PNGs", lambda: replyshot(true_colour)),
                ("replyshot analyze --lang eng (no language choice)", lambda: replyshot(SAMPLE, "--lang", "eng"))]
    samples = [[] for _ in variants]
    for _ in range(args.runs):
        for index, (_, measure) in enumerate(variants):
            samples[index].append(measure())

    rows = [(name, statistics.median(s[0] for s in runs), max(s[1] for s in runs))
            for (name, _), runs in zip(variants, samples)]
    _, cli_wall, cli_rss = rows[0]
    print(f"{'':50} {'median wall':>12} {'ratio':>7} {'peak RSS':>10} {'ratio':>7}")
    for index, (name, wall, rss) in enumerate(rows):
        # The 24-bit rows compare against the CLI reading the same 24-bit files.
        reference = rows[5] if index in (5, 6) else rows[0]
        print(f"{name:50} {wall:10.2f} s {wall / reference[1]:6.2f}x {rss:7.0f} MiB {rss / reference[2]:6.2f}x")
    shutil.rmtree(true_colour)
    _, wall, rss = rows[1]
    print(f"\ntargets for replyshot analyze: time <= 0.40x: {'met' if wall / cli_wall <= 0.4 else 'MISSED'}"
          f" ({wall / cli_wall:.2f}x), peak memory <= 1.50x: {'met' if rss / cli_rss <= 1.5 else 'MISSED'} ({rss / cli_rss:.2f}x)")
    english = rows[7][1]
    print(f"--lang auto (the default) against --lang eng on this English sample: {wall / english:.2f}x time,"
          f" target <= 1.10x: {'met' if wall / english <= 1.1 else 'MISSED'}")
    print(f"recall on the sample: {recall(SAMPLE):.3f}, every shot recognised whole: {recall(SAMPLE, '--read-whole'):.3f},"
          f" with --lang eng: {recall(SAMPLE, '--lang', 'eng'):.3f}")

    print("\nscaling (median of 3 runs):")
    pool = shots_in(os.path.join(ROOT, "samples", "imessage-light-jordan")) + shots
    with tempfile.TemporaryDirectory() as work:
        base = None
        for count in (1, 2, 4, 8):
            folder = os.path.join(work, str(count))
            os.makedirs(folder)
            for index, source in enumerate(pool[:count]):
                shutil.copy2(source, os.path.join(folder, f"IMG_{5000 + index}.PNG"))
            wall = statistics.median(replyshot(folder)[0] for _ in range(3))
            base = base or wall
            print(f"  {count} screenshot{'s' if count > 1 else ' '}: {wall:6.2f} s  ({wall / count:5.2f} s per screenshot, {wall / base:4.1f}x one)")

    print("\nwatch: last screenshot written -> latest.json ready with it (3 screenshots, 0.3 s apart)")
    for quiet in ("2", "0.5"):
        print(f"  --quiet {quiet}: {watch_latency(quiet):5.2f} s (the quiet period is part of it)")

    print("\nscan of a folder with 20,000 files (19,999 decoys, one screenshot):")
    with tempfile.TemporaryDirectory() as work:
        for index in range(19999):
            with open(os.path.join(work, f"IMG_{index:05d}.{'PNG' if index % 2 else 'txt'}"), "wb") as f:
                f.write(b"\x89PNG\r\n\x1a\n" if index % 2 else b"note")
        shutil.copy(shots[0], os.path.join(work, "IMG_99999.PNG"))
        seconds, rss = run([BINARY, "analyze", work, "--since", "all", "--format", "json", "--no-history"], clean_env())
        print(f"  {seconds:5.2f} s, peak RSS {rss:.0f} MiB")


def watch_latency(quiet="2"):
    """Seconds from the last byte of the last screenshot written to latest.json being ready."""
    with tempfile.TemporaryDirectory() as work:
        folder, outbox, data = (os.path.join(work, d) for d in ("in", "out", "data"))
        for d in (folder, outbox, data):
            os.makedirs(d)
        env = clean_env(XDG_DATA_HOME=data)
        proc = subprocess.Popen([BINARY, "watch", folder, "--outbox", outbox, "--quiet", quiet, "--app", "com.hinge.Hinge"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        time.sleep(1.5)
        for shot in shots_in(SAMPLE):
            with open(shot, "rb") as f:
                payload = f.read()
            with open(os.path.join(folder, os.path.basename(shot)), "wb") as f:
                f.write(payload)
            time.sleep(0.3)
        written = time.perf_counter()
        last = os.path.basename(shots_in(SAMPLE)[-1])
        latest = os.path.join(outbox, "latest.json")
        while time.perf_counter() - written < 60:
            try:
                with open(latest) as f:
                    session = json.load(f)
                    if session.get("state") == "ready" and last in session.get("files", []):
                        break
            except (OSError, ValueError):
                pass
            time.sleep(0.02)
        elapsed = time.perf_counter() - written
        proc.terminate()
        proc.wait()
        return elapsed


if __name__ == "__main__":
    main()
