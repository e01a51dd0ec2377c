#!/usr/bin/env python3
"""Renders the regression corpus in samples/ from conversations.json.

Each conversation is laid out once as a tall HTML page (to learn where every bubble
sits), then photographed as a phone screen (390x844 CSS px at 3x = 1170x2532) at
overlapping scroll offsets, the way a person screenshots a long chat. Every PNG gets the
XMP packet iOS writes into screenshots (UserComment "Screenshot", DateCreated) so the
scanner sees the same evidence it sees on a real phone. A truth.json records the
messages, their speakers, and which messages each shot shows (and which it cuts off).

Needs Debian's chromium, pngquant and fonts-inter. Run from anywhere:
    python3 samples/generator/make_samples.py [folder ...]
"""
import datetime as dt
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
# REPLYSHOT_SAMPLES_OUT, _FONT, _WIDTH and _HEIGHT render variants elsewhere (robustness checks
# on screens the regression corpus does not have); the committed samples use the defaults.
SAMPLES = os.environ.get("REPLYSHOT_SAMPLES_OUT", os.path.dirname(HERE))
FONT = os.environ.get("REPLYSHOT_SAMPLES_FONT", "Inter, 'Noto Sans', sans-serif")
WIDTH = int(os.environ.get("REPLYSHOT_SAMPLES_WIDTH", "390"))
HEIGHT = int(os.environ.get("REPLYSHOT_SAMPLES_HEIGHT", "844"))
SCALE = 3
# With REPLYSHOT_SAMPLES_KEYBOARD=1 the keyboard is open, as when someone screenshots mid-reply.
KEYBOARD_H = 291 if os.environ.get("REPLYSHOT_SAMPLES_KEYBOARD") == "1" else 0
STATUS_H = 47
HOME_H = 34

TELEGRAM_DOODLES = ("url(\"data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='96' height='96'>"
                    "<g fill='none' stroke='%2333502f' stroke-opacity='0.22' stroke-width='2'>"
                    "<circle cx='20' cy='22' r='9'/><path d='M52 10 l13 13 l-13 13 z'/>"
                    "<rect x='62' y='58' width='17' height='12' rx='3'/><path d='M8 66 q10 -15 20 0 t20 0'/>"
                    "<path d='M74 30 h11 M79.5 24.5 v11'/></g></svg>\")")
TELEGRAM_WALLPAPER = (TELEGRAM_DOODLES + ", radial-gradient(circle at 12% 18%, #dbe8a6 0, transparent 55%), "
                      "radial-gradient(circle at 88% 28%, #8fc6a9 0, transparent 55%), "
                      "radial-gradient(circle at 18% 88%, #a9cf9f 0, transparent 55%), "
                      "radial-gradient(circle at 85% 82%, #e5e19f 0, transparent 55%), #b9d8a9")

SKINS = {
    "imessage-light": dict(bg="#ffffff", fg="#000000", them_bg="#e9e9eb", them_fg="#000000",
                           me_bg="#0b84fe", me_fg="#ffffff", bar_bg="#f6f6f6", bar_fg="#000000",
                           muted="#8a8a8e", line="#d8d8d8", header="imessage", input="iMessage",
                           radius=18, font_size=17),
    "imessage-dark": dict(bg="#000000", fg="#ffffff", them_bg="#262628", them_fg="#ffffff",
                          me_bg="#0b84fe", me_fg="#ffffff", bar_bg="#161618", bar_fg="#ffffff",
                          muted="#8d8d93", line="#2c2c2e", header="imessage", input="iMessage",
                          radius=18, font_size=17),
    "hinge": dict(bg="#ffffff", fg="#111111", them_bg="#f1f0ee", them_fg="#111111",
                  me_bg="#5c2d91", me_fg="#ffffff", bar_bg="#ffffff", bar_fg="#111111",
                  muted="#77757a", line="#e6e4e1", header="left", input="Send a message",
                  radius=20, font_size=17),
    "instagram-dark": dict(bg="#000000", fg="#f5f5f5", them_bg="#262626", them_fg="#f5f5f5",
                           me_bg="#7b3ff2", me_fg="#ffffff", bar_bg="#000000", bar_fg="#f5f5f5",
                           muted="#a8a8a8", line="#262626", header="avatar", input="Message...",
                           radius=22, font_size=16),
    "tinder": dict(bg="#ffffff", fg="#21262e", them_bg="#eef1f5", them_fg="#21262e",
                   me_bg="#1f8ef1", me_fg="#ffffff", bar_bg="#ffffff", bar_fg="#21262e",
                   muted="#7c8591", line="#e4e7ec", header="imessage", input="Type a message",
                   radius=20, font_size=16),
    "slack": dict(bg="#ffffff", fg="#1d1c1d", them_bg="#ffffff", them_fg="#1d1c1d",
                  me_bg="#ffffff", me_fg="#1d1c1d", bar_bg="#3f0e40", bar_fg="#ffffff",
                  muted="#616061", line="#dddddd", header="channel", input="Message #design-team",
                  radius=0, font_size=16, layout="posts"),
    "gmail": dict(bg="#ffffff", fg="#1f1f1f", them_bg="#ffffff", them_fg="#1f1f1f",
                  me_bg="#ffffff", me_fg="#1f1f1f", bar_bg="#ffffff", bar_fg="#1f1f1f",
                  muted="#5e5e5e", line="#e0e0e0", header="mail", input="Reply",
                  radius=0, font_size=16, layout="email"),
    # Telegram's default look: the chat over a wallpaper shaded from corner to corner with
    # doodles drawn over it, which stays put while the messages scroll. The reader has no
    # one page colour to go by here.
    "telegram": dict(bg="#ffffff", fg="#000000", them_bg="#ffffff", them_fg="#000000",
                     me_bg="#effdde", me_fg="#000000", bar_bg="#517da2", bar_fg="#ffffff",
                     muted="#8a9aa8", line="#dfe5ea", header="avatar", input="Message",
                     radius=16, font_size=17, wallpaper=TELEGRAM_WALLPAPER),
    "whatsapp": dict(bg="#efeae2", fg="#111b21", them_bg="#ffffff", them_fg="#111b21",
                     me_bg="#d9fdd3", me_fg="#111b21", bar_bg="#f6f6f6", bar_fg="#111b21",
                     muted="#667781", line="#d1d7db", header="avatar", input="",
                     radius=8, font_size=17),
}

CSS = """
* { box-sizing: border-box; }
body { margin:0; width:{width}px; height:{height}px; overflow:hidden; background:{bg}; color:{fg};
       font-family: {font}; font-size:{font_size}px; position:relative; }
.status { position:absolute; top:0; left:0; right:0; height:47px; background:{bar_bg}; color:{bar_fg};
          font-weight:600; font-size:16px; z-index:3; }
.status .clock { position:absolute; left:44px; top:16px; }
.status .right { position:absolute; right:26px; top:16px; font-size:14px; letter-spacing:1px; }
.header { position:absolute; top:47px; left:0; right:0; background:{bar_bg}; color:{bar_fg};
          border-bottom:1px solid {line}; z-index:3; }
.viewport { position:absolute; left:0; right:0; overflow:hidden; background:{wallpaper}; }
.content { position:absolute; left:0; right:0; padding:8px 0 10px; }
.row { display:flex; padding:0 14px; margin-top:2px; }
.row.gap { margin-top:10px; }
.row.me { justify-content:flex-end; }
.bubble { max-width:262px; padding:8px 13px; border-radius:{radius}px; line-height:22px; }
.me .bubble { background:{me_bg}; color:{me_fg}; }
.them .bubble { background:{them_bg}; color:{them_fg}; }
.time { font-size:11px; color:{muted}; float:right; margin:9px -4px -4px 10px; }
.stamp { text-align:center; color:{muted}; font-size:12px; margin:14px 0 6px; font-weight:500; }
.receipt { text-align:right; color:{muted}; font-size:11px; padding:2px 18px 0; }
.inputbar { position:absolute; left:0; right:0; bottom:{keyboard_h}px; height:{input_h}px; background:{bar_bg};
            border-top:1px solid {line}; z-index:3; }
.field { position:absolute; left:52px; right:16px; top:8px; height:36px; border:1px solid {line};
         border-radius:18px; color:{muted}; padding:7px 14px; font-size:16px; background:{bg}; }
.plus { position:absolute; left:14px; top:12px; width:28px; height:28px; border-radius:14px;
        background:{line}; color:{muted}; text-align:center; line-height:27px; font-size:22px; }
.post { display:flex; padding:6px 16px 0; }
.post.first { padding-top:14px; }
.avatar { width:38px; height:38px; border-radius:6px; color:#fff; font-weight:700; text-align:center;
          line-height:38px; font-size:15px; flex:none; margin-right:10px; }
.post .body { flex:1; }
.post.cont .body { margin-left:48px; }
.meta { line-height:22px; } .meta b { font-weight:800; } .meta .t { color:{muted}; font-size:12px; margin-left:6px; }
.post .text { line-height:23px; }
.subject { font-size:22px; line-height:30px; padding:16px 16px 8px; font-weight:500; }
.sender { display:flex; padding:8px 16px 10px; align-items:center; }
.sender .avatar { border-radius:20px; width:40px; height:40px; line-height:40px; }
.sender .who { flex:1; line-height:20px; } .sender .who b { font-weight:700; } .sender .to { color:{muted}; font-size:13px; }
.sender .date { color:{muted}; font-size:13px; }
.para { padding:0 16px; margin:0 0 16px; line-height:23px; }
.keyboard { position:absolute; left:0; right:0; bottom:0; height:{keyboard_h}px; background:#d1d3d9; z-index:4; }
.keyboard .key { display:inline-block; width:31px; height:42px; margin:5px 2px; background:#fff; border-radius:5px;
                 text-align:center; line-height:42px; font-size:22px; color:#000; }
.home { position:absolute; bottom:8px; left:128px; width:134px; height:5px; border-radius:3px;
        background:{bar_fg}; }
"""

HEADERS = {
    # iMessage: back chevron, a round avatar with initials and the name centred under it.
    "imessage": (96, """<div style="position:absolute;left:10px;top:10px;font-size:30px;color:#0b84fe">&#8249;</div>
        <div style="position:absolute;left:171px;top:6px;width:48px;height:48px;border-radius:24px;
             background:linear-gradient(#a5abb8,#858994);color:#fff;text-align:center;line-height:48px;
             font-size:20px;font-weight:600">{initials}</div>
        <div style="position:absolute;left:0;right:0;top:60px;text-align:center;font-size:12px">{title} &#8250;</div>"""),
    # Hinge: name left-aligned and bold after a back chevron, a menu on the right.
    "left": (60, """<div style="position:absolute;left:12px;top:10px;font-size:30px">&#8249;</div>
        <div style="position:absolute;left:44px;top:16px;font-size:22px;font-weight:700">{title}</div>
        <div style="position:absolute;right:18px;top:14px;font-size:22px;font-weight:700">&#8943;</div>"""),
    # Slack: a coloured bar with the channel name and member count.
    "channel": (58, """<div style="position:absolute;left:12px;top:10px;font-size:30px">&#8249;</div>
        <div style="position:absolute;left:44px;top:8px;font-size:18px;font-weight:800">{title}</div>
        <div style="position:absolute;left:44px;top:32px;font-size:12px;opacity:.8">14 members</div>"""),
    # Gmail: back arrow and action icons, no title.
    "mail": (52, """<div style="position:absolute;left:14px;top:8px;font-size:28px">&#8592;</div>
        <div style="position:absolute;right:18px;top:12px;font-size:20px;letter-spacing:18px">&#9634;&#9993;&#8942;</div>"""),
    # WhatsApp: chevron, avatar, name with a status line under it.
    "avatar": (62, """<div style="position:absolute;left:8px;top:12px;font-size:30px;color:#007aff">&#8249;</div>
        <div style="position:absolute;left:34px;top:12px;width:38px;height:38px;border-radius:19px;
             background:#a8b4bd;color:#fff;text-align:center;line-height:38px;font-weight:600">{initials}</div>
        <div style="position:absolute;left:82px;top:11px;font-size:17px;font-weight:600">{title}</div>
        <div style="position:absolute;left:82px;top:33px;font-size:12px;color:#667781">{subtitle}</div>"""),
}


def css_for(skin):
    text = CSS
    for key, value in skin.items():
        text = text.replace("{" + key + "}", str(value))
    text = text.replace("{layout}", "").replace("{font}", FONT).replace("{wallpaper}", "none")
    return text.replace("{input_h}", str(52 + HOME_H)).replace("{width}", str(WIDTH)).replace("{height}", str(HEIGHT)).replace("{keyboard_h}", str(KEYBOARD_H))


AVATAR_COLOURS = ["#e8912d", "#2bac76", "#1d9bd1", "#e01e5a", "#4a154b"]


def posts_html(conv):
    """Slack-style posts: avatar, bold name and time, then the text; a run by one author
    shows the header once."""
    parts, previous, index = [], None, 0
    authors = sorted({it["a"] for it in conv["items"] if "a" in it})
    for item in conv["items"]:
        if "stamp" in item:
            parts.append(f'<div class="stamp">{html.escape(item["stamp"])}</div>')
            previous = None
            continue
        text = f'<div class="text" data-i="{index}">{html.escape(item["t"])}</div>'
        if item["a"] == previous:
            parts.append(f'<div class="post cont"><div class="body">{text}</div></div>')
        else:
            colour = AVATAR_COLOURS[authors.index(item["a"]) % len(AVATAR_COLOURS)]
            initials = "".join(w[0] for w in item["a"].split()[:2])
            parts.append(f'<div class="post first"><div class="avatar" style="background:{colour}">{initials}</div>'
                         f'<div class="body"><div class="meta"><b>{html.escape(item["a"])}</b><span class="t">{item["time"]}</span></div>'
                         f'{text}</div></div>')
        previous = item["a"]
        index += 1
    return "".join(parts)


def email_html(conv):
    """One e-mail: subject, sender row, then the body as paragraphs (one message each)."""
    sender = conv["sender"]
    parts = [f'<div class="subject">{html.escape(conv["subject"])}</div>',
             f'<div class="sender"><div class="avatar" style="background:#1a73e8">{sender[0]}</div>'
             f'<div class="who"><b>{html.escape(sender)}</b><br><span class="to">to me</span></div>'
             f'<div class="date">{conv.get("date", "Nov 21")}</div></div>']
    for index, item in enumerate(conv["items"]):
        parts.append(f'<div class="para bubble-like" data-i="{index}">{html.escape(item["t"])}</div>')
    return "".join(parts)


def content_html(conv, skin):
    """The scrolling part: day stamps, bubbles and the read receipt, tagged for layout."""
    layout = skin.get("layout", "bubbles")
    if layout == "posts":
        return posts_html(conv)
    if layout == "email":
        return email_html(conv)
    parts, previous, index = [], None, 0
    last_me = max((i for i, it in enumerate(conv["items"]) if it.get("s") == "me"), default=-1)
    for position, item in enumerate(conv["items"]):
        if "stamp" in item:
            parts.append(f'<div class="stamp">{html.escape(item["stamp"])}</div>')
            previous = None
            continue
        gap = " gap" if previous != item["s"] else ""
        time = f'<span class="time">{item["time"]}</span>' if item.get("time") else ""
        parts.append(f'<div class="row {item["s"]}{gap}"><div class="bubble" data-i="{index}">'
                     f'{html.escape(item["t"])}{time}</div></div>')
        if position == last_me and skin["header"] == "imessage":
            parts.append('<div class="receipt">Delivered</div>')
        previous = item["s"]
        index += 1
    return "".join(parts)


def page(conv, skin, offset, measure=False):
    header_h, header = HEADERS[skin["header"]]
    title = conv["title"]
    initials = "".join(w[0] for w in title.split()[:2]).upper()
    # A conversation in another language brings its own header subtitle and composer text.
    header = header.format(title=html.escape(title), initials=initials,
                           subtitle=html.escape(conv.get("subtitle", "online")))
    input_h = 52 + HOME_H
    top = STATUS_H + header_h
    viewport_h = HEIGHT - top - input_h - KEYBOARD_H
    placeholder = conv.get("input", skin["input"])
    script = ""
    if measure:
        script = """<script>
        const out = {height: document.querySelector('.content').scrollHeight, bubbles: []};
        for (const b of document.querySelectorAll('.bubble, .post .text, .para')) {
          out.bubbles.push({i: +b.dataset.i, top: b.offsetTop, bottom: b.offsetTop + b.offsetHeight});
        }
        document.getElementById('layout').textContent = JSON.stringify(out);
        </script>"""
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>{css_for(skin)}</style></head><body>
<div class="status"><span class="clock">9:41</span><span class="right">&#9679;&#9679;&#9679; 5G 87%</span></div>
<div class="header" style="height:{header_h}px">{header}</div>
<div class="viewport" style="top:{top}px;height:{viewport_h}px">
  <div class="content" style="top:{-offset}px">{content_html(conv, skin)}</div></div>
<div class="inputbar"><div class="plus">+</div><div class="field">{html.escape(placeholder)}</div>{'' if KEYBOARD_H else '<div class="home"></div>'}</div>
{keyboard_html()}
<pre id="layout" style="display:none"></pre>{script}</body></html>""", viewport_h


def keyboard_html():
    if not KEYBOARD_H:
        return ""
    rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
    keys = "".join(f'<div style="text-align:center">{"".join(f"<span class=key>{k}</span>" for k in row)}</div>' for row in rows)
    return f'<div class="keyboard">{keys}<div style="text-align:center"><span class=key style="width:180px">space</span></div></div>'


def chromium(args):
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or "chromium"
    return subprocess.run([browser, "--headless=new", "--no-sandbox", "--hide-scrollbars",
                           "--disable-gpu", f"--window-size={WIDTH},{HEIGHT}",
                           f"--force-device-scale-factor={SCALE}"] + args,
                          check=True, capture_output=True, text=True).stdout


def measure(conv, skin, work):
    source, viewport_h = page(conv, skin, 0, measure=True)
    path = os.path.join(work, "measure.html")
    with open(path, "w") as f:
        f.write(source)
    dom = chromium(["--dump-dom", path])
    layout = json.loads(html.unescape(re.search(r'<pre id="layout"[^>]*>(.*?)</pre>', dom, re.S).group(1)))
    return layout, viewport_h


def scroll_offsets(content_h, viewport_h, shots):
    """Newest shot shows the bottom; each earlier one scrolls up by ~60% of a screen."""
    bottom = max(0, content_h - viewport_h)
    step = int(viewport_h * 0.6)
    if shots > 1 and bottom // (shots - 1) < step:
        step = bottom // (shots - 1)
    return sorted(max(0, bottom - k * step) for k in range(shots))


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def add_screenshot_metadata(path, captured):
    """Insert the iTXt XMP packet iOS writes into every screenshot, right after IHDR."""
    stamp = captured.strftime("%Y-%m-%dT%H:%M:%S+00:00")
    xmp = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" '
           'xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">'
           f'<exif:PixelXDimension>{WIDTH * SCALE}</exif:PixelXDimension>'
           f'<exif:PixelYDimension>{HEIGHT * SCALE}</exif:PixelYDimension>'
           '<exif:UserComment><rdf:Alt><rdf:li xml:lang="x-default">Screenshot</rdf:li></rdf:Alt></exif:UserComment>'
           f'<photoshop:DateCreated>{stamp}</photoshop:DateCreated>'
           '</rdf:Description></rdf:RDF></x:xmpmeta>')
    itxt = b"XML:com.adobe.xmp\x00\x00\x00\x00\x00" + xmp.encode()
    with open(path, "rb") as f:
        data = f.read()
    ihdr_end = 8 + 8 + 13 + 4
    data = data[:ihdr_end] + png_chunk(b"iTXt", itxt) + data[ihdr_end:]
    with open(path, "wb") as f:
        f.write(data)
    os.utime(path, (captured.timestamp(), captured.timestamp()))


def render(conv):
    skin = SKINS[conv["skin"]]
    out_dir = os.path.join(SAMPLES, conv["folder"])
    os.makedirs(out_dir, exist_ok=True)
    for old in os.listdir(out_dir):
        if old.upper().endswith(".PNG"):
            os.remove(os.path.join(out_dir, old))
    messages = []
    for it in conv["items"]:
        if "t" not in it:
            continue
        author = it.get("a") or conv.get("sender")
        speaker = it.get("s") or ("me" if author == conv.get("me") else "them")
        messages.append(dict(speaker=speaker, author=author, text=it["t"]))
    start = dt.datetime.fromisoformat(conv["capturedAt"].replace("Z", "+00:00"))
    with tempfile.TemporaryDirectory() as work:
        layout, viewport_h = measure(conv, skin, work)
        shots = []
        for n, offset in enumerate(scroll_offsets(layout["height"], viewport_h, conv["shots"])):
            name = f"IMG_{conv['firstImage'] + n}.PNG"
            source, _ = page(conv, skin, offset)
            html_path = os.path.join(work, f"shot{n}.html")
            with open(html_path, "w") as f:
                f.write(source)
            raw = os.path.join(work, f"shot{n}.png")
            chromium([f"--screenshot={raw}", html_path])
            target = os.path.join(out_dir, name)
            subprocess.run(["pngquant", "--force", "--quality=70-95", "--strip", "--output", target, "256", raw],
                           check=True)
            captured = start + dt.timedelta(seconds=7 * n)
            add_screenshot_metadata(target, captured)
            visible, cut = [], []
            for b in layout["bubbles"]:
                top, bottom = b["top"] - offset, b["bottom"] - offset
                if bottom <= 0 or top >= viewport_h:
                    continue
                visible.append(b["i"])
                if top < 0 or bottom > viewport_h:
                    cut.append(b["i"])
            shots.append(dict(file=name, capturedAt=captured.strftime("%Y-%m-%dT%H:%M:%SZ"),
                              scrollOffsetPx=offset * SCALE, messages=visible, cutOff=cut))
    truth = dict(app=conv["bundleId"], title=conv["title"], skin=conv["skin"], messages=messages, shots=shots)
    if conv.get("me"):
        truth["me"] = conv["me"]
    truth["risk"] = conv.get("risk", "none")
    truth["language"] = conv.get("language", "eng")
    with open(os.path.join(out_dir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"{conv['folder']}: {len(shots)} shots, {len(messages)} messages", file=sys.stderr)


def main():
    with open(os.path.join(HERE, "conversations.json")) as f:
        conversations = json.load(f)
    wanted = set(sys.argv[1:])
    for conv in conversations:
        if not wanted or conv["folder"] in wanted:
            render(conv)


if __name__ == "__main__":
    main()
