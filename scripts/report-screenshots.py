#!/usr/bin/env python3
"""Renders pages of the HTML review report in headless Chromium and saves them as PNG.

Usage:
    scripts/report-screenshots.py REPORT_DIR OUT_DIR [DOC [ANCHOR]]

REPORT_DIR is `<out>/report` of `treaty run --report`. Writes OUT_DIR/report-index.png (the
index) and OUT_DIR/report-document.png (docs/DOC.html scrolled to the element with id ANCHOR;
by default portugal-montenegro-2016-pt-en at en-art-10, Article 10 of the English version).
Articles have anchors a reader can guess: `art-10` (the first language version of the first
treaty), `en-art-10`, `pt-art-10` (each version), `p-3` (protocol point 3), `t2-en-art-10`
(a later treaty); the positional ids (`t1v1a9`) work too.

Chromium (Debian package `chromium`) runs headless with a fresh profile and no network, and is
driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`): `--screenshot` alone
cannot show a page scrolled to an anchor. Only the Python standard library is needed. The PNGs
go through `pngquant` when it is installed, to keep them small.
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WIDTH, HEIGHT = 1440, 900


class Chromium:
    """A headless Chromium driven over the DevTools protocol on file descriptors 3 and 4."""

    def __init__(self, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--user-data-dir={profile}",
            "--remote-debugging-pipe",
            "about:blank",
        ]

        def wire():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(
            [chromium_binary()] + flags,
            pass_fds=(3, 4),
            preexec_fn=wire,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[index]
                    return event
            self.events.append(self.receive())
        raise RuntimeError(f"no {method} within {timeout}s")

    def close(self):
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("Chromium not found: apt-get update && apt-get install -y chromium")


def screenshot(browser, url, anchor, destination):
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send(
        "Target.attachToTarget", {"targetId": target, "flatten": True}
    )["sessionId"]
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False},
        session,
    )
    browser.send("Page.enable", session=session)
    browser.send("Page.navigate", {"url": url}, session)
    browser.wait_for("Page.loadEventFired", session)
    if anchor:
        # Scroll the text so the anchor is near the top, and the outline to its entry.
        found = browser.send(
            "Runtime.evaluate",
            {
                "expression": (
                    "(function(){var a=document.getElementById(%s);if(!a)return false;"
                    "a.scrollIntoView({block:'start'});window.scrollBy(0,-8);"
                    "var o=document.getElementById('o'+%s);"
                    "if(o){var n=o.closest('.outline');n.scrollTop=o.offsetTop-n.clientHeight/3;}"
                    "var m=document.querySelectorAll('mark.h[id]'),s=null;"
                    "for(var i=0;i<m.length;i++){if(a.compareDocumentPosition(m[i])&4){s=m[i];break;}}"
                    "var l=s&&document.querySelector('.side a[href=\"#'+s.id+'\"]');"
                    "var li=l&&l.closest('li'),d=l&&l.closest('.side');"
                    "if(li&&d){d.scrollTop=li.offsetTop-d.clientHeight/4;}"
                    "return true;})()" % (json.dumps(anchor), json.dumps(anchor))
                ),
                "returnByValue": True,
            },
            session,
        )
        if not found.get("result", {}).get("value"):
            raise RuntimeError(f"{url}: no element with id {anchor}")
    time.sleep(0.5)  # let lazily laid out sections render
    shot = browser.send("Page.captureScreenshot", {"format": "png"}, session)
    destination.write_bytes(base64.b64decode(shot["data"]))
    browser.send("Target.closeTarget", {"targetId": target})
    if shutil.which("pngquant"):
        subprocess.run(
            ["pngquant", "--force", "--skip-if-larger", "--output", str(destination), "256", str(destination)],
            check=False,
        )
    print(f"{destination}: {destination.stat().st_size} bytes")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    report = Path(sys.argv[1]).resolve()
    out = Path(sys.argv[2])
    doc = sys.argv[3] if len(sys.argv) > 3 else "portugal-montenegro-2016-pt-en"
    anchor = sys.argv[4] if len(sys.argv) > 4 else "en-art-10"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="treaty-chromium-") as profile:
        browser = Chromium(profile)
        try:
            screenshot(browser, (report / "index.html").as_uri(), None, out / "report-index.png")
            page = report / "docs" / f"{doc}.html"
            screenshot(browser, page.as_uri(), anchor, out / "report-document.png")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
