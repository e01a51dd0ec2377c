#!/usr/bin/env python3
"""How the reader holds up when the real corpus comes at other sizes (`make sizes`).

Users' screenshots are not all the size of the corpus's: a README shows a capture scaled
down, a store page one scaled up, and any resize softens the letters and the edges of the
bubbles. This reads every real conversation as it is stored and again as copies made with
ImageMagick, and prints the scores side by side in one table:

- 70% and 140%: the whole screen scaled (Lanczos, ImageMagick's default), the truth's
  scroll area scaled with it;
- 140% and back: scaled up and down again to the stored size, so only the softening of a
  resize differs from the stored shot (its geometry is the same).

Nothing here is a pass or a fail: the table shows how far the reader's scores depend on the
size and sharpness it was tuned on.

    python3 Tests/Benchmarks/sizes.py [--binary .build/release/replyshot] [--corpus samples/real]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (label, ImageMagick resize steps in percent, factor for the truth's pixel coordinates)
VARIANTS = [
    ("70%", ["70%"], 0.7),
    ("140%", ["140%"], 1.4),
    ("140% and back", ["140%", f"{100 / 1.4:.4f}%"], 1.0),
]


def copy_scaled(corpus, target, steps, factor):
    """Every conversation of `corpus` into `target`, each shot resized by `steps` (as PNG)."""
    for name in sorted(os.listdir(corpus)):
        source = os.path.join(corpus, name)
        truth_path = os.path.join(source, "truth.json")
        if not os.path.isfile(truth_path):
            continue
        with open(truth_path, encoding="utf-8") as handle:
            truth = json.load(handle)
        folder = os.path.join(target, name)
        os.makedirs(folder)
        for shot in truth["shots"]:
            stem = os.path.splitext(shot["file"])[0]
            command = ["convert", os.path.join(source, shot["file"]) + "[0]"]
            for step in steps:
                command += ["-resize", step]
            # ImageMagick's warnings about a picture's colour profile are not the reader's.
            subprocess.run(command + [os.path.join(folder, stem + ".png")], check=True, stderr=subprocess.DEVNULL)
            shot["file"] = stem + ".png"
            if shot.get("scrollArea"):
                shot["scrollArea"] = {key: int(value * factor) for key, value in shot["scrollArea"].items()}
        with open(os.path.join(folder, "truth.json"), "w", encoding="utf-8") as handle:
            json.dump(truth, handle)


def scores(binary, corpus):
    """The English conversations' totals from `replyshot eval --format json`."""
    result = subprocess.run(
        [binary, "eval", corpus, "--format", "json"], capture_output=True, text=True, check=True
    )
    rows = [row for row in json.loads(result.stdout) if row["conversation"] != "TOTAL"]
    rows = [row for row in rows if row.get("language", "eng") == "eng"]
    total = lambda key: sum(row["score"][key] for row in rows)
    found = total("found")
    shots = sum(row["shots"] for row in rows)
    cer = sum(row["score"]["meanCharacterErrorRate"] * row["score"]["found"] for row in rows)
    return {
        "shots": shots,
        "recall": found / max(1, total("truthMessages")),
        "duplicates": total("duplicates"),
        "noise": total("noise") / max(1, shots),
        "speakers": total("speakersRight") / max(1, found),
        "authors": total("authorsRight") / max(1, total("authorsExpected")),
        "cer": cer / max(1, found),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "replyshot"))
    parser.add_argument("--corpus", default=os.path.join(ROOT, "samples", "real"))
    args = parser.parse_args()
    if shutil.which("convert") is None:
        sys.exit("sizes.py needs ImageMagick's convert (apt-get install imagemagick).")
    table = [("as stored", scores(args.binary, args.corpus))]
    work = tempfile.mkdtemp(prefix="replyshot-sizes-")
    try:
        for label, steps, factor in VARIANTS:
            print(f"reading the corpus at {label}…", file=sys.stderr)
            target = os.path.join(work, label.replace(" ", "-").replace("%", ""))
            copy_scaled(args.corpus, target, steps, factor)
            table.append((label, scores(args.binary, target)))
    finally:
        shutil.rmtree(work)
    print("| size | shots | recall | duplicates | noise/shot | speakers | authors | CER |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for label, s in table:
        print(
            f"| {label} | {s['shots']} | {s['recall']:.1%} | {s['duplicates']} | {s['noise']:.2f} "
            f"| {s['speakers']:.1%} | {s['authors']:.1%} | {s['cer']:.3f} |"
        )


if __name__ == "__main__":
    main()
