#!/bin/bash
# Reads every real shot again as eight variants a user's pictures may be (the top and the
# bottom 45%, 40% and 150% the size, negated, turned a quarter, the middle 60% of the width,
# 8×8 pixels) and as three overlapping shots of one scroll (top, bottom, whole), and lists any
# run that does not end well: a trap or an error is a fault to fix, whatever the text read.
# Needs ImageMagick's `convert` and `identify`; `make variants` builds the release binary first.
set -u
binary=${1:-.build/release/replyshot}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=0 faults=0
for shot in samples/real/*/screen.*; do
    name=$(basename "$(dirname "$shot")")
    width=$(identify -format '%w' "$shot[0]") height=$(identify -format '%h' "$shot[0]") || continue
    dir="$work/$name"
    mkdir -p "$dir"
    # (ImageMagick's warnings about a picture's colour profile are no fault of the reader's.)
    convert "$shot[0]" -crop "${width}x$((height * 45 / 100))+0+0" +repage "$dir/top.png" 2>/dev/null
    convert "$shot[0]" -crop "${width}x$((height * 45 / 100))+0+$((height * 55 / 100))" +repage "$dir/bottom.png" 2>/dev/null
    convert "$shot[0]" -resize 40% "$dir/small.png" 2>/dev/null
    convert "$shot[0]" -resize 150% "$dir/large.png" 2>/dev/null
    convert "$shot[0]" -negate "$dir/negated.png" 2>/dev/null
    convert "$shot[0]" -rotate 90 "$dir/turned.png" 2>/dev/null
    convert "$shot[0]" -crop "$((width * 60 / 100))x${height}+$((width * 20 / 100))+0" +repage "$dir/narrow.png" 2>/dev/null
    convert "$shot[0]" -resize '8x8!' "$dir/tiny.png" 2>/dev/null
    for variant in "$dir"/*.png; do
        runs=$((runs + 1))
        if ! timeout 120 "$binary" analyze "$variant" --generator offline --format json >/dev/null 2>"$dir/err"; then
            faults=$((faults + 1))
            echo "$name/$(basename "$variant"): $(tail -1 "$dir/err")"
        fi
    done
    runs=$((runs + 1))
    if ! timeout 300 "$binary" analyze "$dir/top.png" "$dir/bottom.png" "$shot" --generator offline --format json \
        >/dev/null 2>"$dir/err"; then
        faults=$((faults + 1))
        echo "$name/stitched: $(tail -1 "$dir/err")"
    fi
    rm -rf "$dir"
done
echo "$runs runs, $faults faults"
[ "$faults" -eq 0 ]
