"""Checks harness.py end to end, without route-planner: `python3 Tools/desk_browser/selftest.py [SHOT_DIR]`.

A stand-in for `route-planner serve` (a small http.server, written to a temp dir with its pages) serves them on
127.0.0.1 with the kind of Content-Security-Policy the desk sends: `script-src 'none'` everywhere but /selfjs/,
where it is `script-src 'self'`. Then it checks start_server (listening line, stderr drained, failure message,
SIGTERM), browser with and without JavaScript, execute_script under the CSP, axe on a bad and a clean page, and
a full-page screenshot (saved in SHOT_DIR, /tmp/desk_browser_selftest unless given). Exits non-zero on failure.
"""

import os
import stat
import struct
import sys
import tempfile
import textwrap
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import (axe_path, axe_version, axe_violations, assert_no_violations, browser,  # noqa: E402
                     screenshot, start_server)

FAKE_SERVE = r'''#!{python}
"""A stand-in for `route-planner serve --port 0 ROOT [--spew BYTES] [--fail]`."""
import functools, http.server, signal, sys
args = sys.argv[1:]
assert args[:3] == ["serve", "--port", "0"], args
root = args[3]
if "--fail" in args:
    sys.stderr.write("fake serve: error: could not load the schedule\n"); sys.exit(3)
CSP_NONE = "default-src 'self'; script-src 'none'; frame-ancestors 'none'"
CSP_SELF = "default-src 'self'; script-src 'self'; frame-ancestors 'none'"
class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP_SELF if self.path.startswith("/selfjs/") else CSP_NONE)
        super().end_headers()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=root))
def stop(*_):
    sys.stderr.write("fake serve: stopped\n"); sys.stderr.flush(); sys.exit(0)
signal.signal(signal.SIGTERM, stop)
sys.stderr.write(f"fake serve: listening on http://127.0.0.1:{{server.server_port}} (GET /)\n"); sys.stderr.flush()
if "--spew" in args:  # far more than a pipe holds (64 KiB): blocks unless the harness keeps reading
    line = "x" * 99 + "\n"
    for _ in range(int(args[args.index("--spew") + 1]) // 100): sys.stderr.write(line)
    sys.stderr.flush()
server.serve_forever()
'''

PAGES = {
    "bad.html": """<!doctype html><html><head><link rel="stylesheet" href="/bad.css"></head><body>
        <p class="faint">Low-contrast text that nobody can read.</p>
        <form><input type="text" name="port"><button type="submit">Go</button></form></body></html>""",
    # Inline style is blocked by default-src 'self' just as inline script is: styles must be files too.
    "bad.css": ".faint { color: #bbbbbb; background: #ffffff; }",
    "good.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clean page</title>
        <link rel="stylesheet" href="/good.css"></head><body><main><h1>Routes</h1>
        <form action="/good.html" method="get"><label for="from">From port</label>
        <input id="from" name="from" type="text"><label for="to">To port</label>
        <input id="to" name="to" type="text"><button type="submit">Search</button></form>
        """ + "".join(f"<p>Paragraph {i} of a long page.</p>" for i in range(60)) + """
        <p id="end">End of the page.</p></main></body></html>""",
    "good.css": "body { font: 16px sans-serif; color: #111; background: #fff; } p { margin: 1.5em 0; }",
    "inline.html": """<!doctype html><html lang="en"><head><title>Inline</title></head><body><main>
        <p id="t">original</p><script>document.getElementById('t').textContent = 'changed';</script>
        </main></body></html>""",
    "selfjs/page.html": """<!doctype html><html lang="en"><head><title>Self JS</title>
        <script src="/selfjs/app.js" defer></script></head><body><main><p id="t">original</p></main></body></html>""",
    "selfjs/app.js": "document.getElementById('t').textContent = 'changed';",
}

failures: list[str] = []


def check(condition: bool, what: str) -> None:
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def png_size(path: Path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


def main() -> int:
    shots = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/desk_browser_selftest")
    print(f"axe-core {axe_version()} from {axe_path()}")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp, "site")
        for name, text in PAGES.items():
            Path(root, name).parent.mkdir(parents=True, exist_ok=True)
            Path(root, name).write_text(textwrap.dedent(text))
        fake = Path(tmp, "fake-serve")
        fake.write_text(FAKE_SERVE.format(python=sys.executable))
        fake.chmod(fake.stat().st_mode | stat.S_IXUSR)

        try:
            start_server(fake, [str(root), "--fail"])
            check(False, "start_server raises when the server exits")
        except RuntimeError as error:
            check("exited with status 3" in str(error) and "could not load the schedule" in str(error),
                  f"start_server raises with the server's stderr: {str(error).splitlines()[0]}")

        server = start_server(fake, [str(root), "--spew", "2000000"], env=dict(os.environ))
        check(server.base_url.startswith("http://127.0.0.1:"), f"listening at {server.base_url}")
        with urllib.request.urlopen(server.base_url + "/good.html", timeout=10) as response:
            check(response.status == 200 and "script-src 'none'" in response.headers["Content-Security-Policy"],
                  "answers after 2 MB of stderr, with the CSP header")

        on = browser()
        try:
            on.get(server.base_url + "/inline.html")
            check(on.find_element("id", "t").text == "original", "CSP blocks the page's inline script")
            check(on.execute_script("return 6 * 7") == 42, "execute_script works under script-src 'none'")
            on.get(server.base_url + "/selfjs/page.html")
            check(on.find_element("id", "t").text == "changed", "JS on: the page's own script runs")

            on.get(server.base_url + "/bad.html")
            bad = axe_violations(on)
            ids = {v["id"] for v in bad}
            for v in bad:
                print(f"     [{v['impact']}] {v['id']}: {v['help']} {v['targets']}")
            check({"label", "color-contrast", "html-has-lang", "document-title"} <= ids,
                  "axe finds label, color-contrast, html-has-lang, document-title on the bad page")
            try:
                assert_no_violations(on, "bad page")
                check(False, "assert_no_violations raises on the bad page")
            except AssertionError as error:
                check("bad page" in str(error) and "label" in str(error), "assert_no_violations raises, listing them")

            on.get(server.base_url + "/good.html")
            check(axe_violations(on) == [], "axe finds nothing on the clean page")
            assert_no_violations(on, "clean page")
            shot = screenshot(on, shots / "good.png")
            width, height = png_size(shot)
            check(width == 1280 and height > 3000, f"full-page screenshot {shot}: {width}x{height}")
        finally:
            on.quit()

        off = browser(javascript=False)
        try:
            off.get(server.base_url + "/selfjs/page.html")
            check(off.find_element("id", "t").text == "original", "JS off: the page's own script does not run")
            check(off.execute_script("return 6 * 7") == 42, "JS off: execute_script still works")
            check(off.execute_script("return typeof document.getElementById('t').textContent") == "string",
                  "JS off: execute_script sees the DOM")
            off.get(server.base_url + "/good.html?from=NLRTM&to=SGSIN")
            off.find_element("id", "from").send_keys("DEHAM")
            off.find_element("css selector", "button[type=submit]").click()
            check("from=NLRTMDEHAM" in off.current_url, f"JS off: a form submits: {off.current_url}")
            check(axe_violations(off) == [], "JS off: axe runs too (via DevTools)")
            screenshot(off, shots / "good-nojs.png")
        finally:
            off.quit()

        status = server.stop()
        check(status == 0 and "stopped" in server.stderr_text(), f"stop(): SIGTERM, exit status {status}")
        check(sum(len(line) for line in server.log) > 2_000_000, "all of stderr was read")
    print(f"{len(failures)} failure(s)" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
