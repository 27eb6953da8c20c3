"""A real-browser test harness for the desk that `route-planner serve` serves on loopback.

Python 3.11+, the standard library and Selenium only. It drives Debian's Chromium through Debian's
chromedriver (`apt-get install chromium chromium-driver`), named explicitly so that Selenium Manager never
tries to download a browser or a driver (there is no internet). Accessibility is checked with axe-core 4.x,
whose `axe.min.js` is taken from the `axe-playwright-python` package on PyPI (only the file is used, the
package is never imported) or from the path in the environment variable DESK_AXE_JS.

    from harness import start_server, browser, assert_no_violations, screenshot

    server = start_server("/path/to/route-planner", ["--log-level", "info"])
    driver = browser()
    try:
        driver.get(server.base_url + "/")
        screenshot(driver, "/tmp/desk/home.png")
        assert_no_violations(driver, "home")
    finally:
        driver.quit()
        server.stop()

Notes, checked on Chromium 156 with chromedriver 156:
- Selenium's execute_script / execute_async_script run through DevTools, so a page's Content-Security-Policy
  (even `script-src 'none'`) does not stop them: axe can be injected into the desk's pages as they are served.
- `browser(javascript=False)` turns page scripts off with a Chrome content-setting pref: the JS-off browser is
  for checking that the desk's server-rendered flows work without scripts (navigate, fill, submit forms).
  execute_script and execute_async_script still run there, but timers do not (setTimeout and
  requestAnimationFrame callbacks never fire), so axe.run would hang: axe runs in a JS-on browser only, and
  axe_violations refuses a JS-off one at once.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from base64 import b64decode
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from served import Server, start_server  # noqa: E402,F401  (the desk test starts its servers through the harness)

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


# --------------------------------------------------------------------------------------------- the browser


def browser(javascript: bool = True, width: int = 1280, height: int = 1000) -> webdriver.Chrome:
    """A headless Debian Chromium driven by Debian's chromedriver; page scripts off when `javascript` is False."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--lang=en-GB"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.desk_javascript = javascript  # read by axe_violations
    driver.set_script_timeout(60)
    driver.set_page_load_timeout(30)
    return driver


def screenshot(driver: webdriver.Chrome, path: str | os.PathLike) -> Path:
    """Saves a PNG of the whole page, beyond the window, at `path` (its directory is created); returns the path."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
    })
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b64decode(shot["data"]))
    return path


# --------------------------------------------------------------------------------------------- accessibility

_axe_source: str | None = None


def axe_path() -> Path:
    """Where axe.min.js is: $DESK_AXE_JS, else the copy inside the axe-playwright-python package (not imported)."""
    if os.environ.get("DESK_AXE_JS"):
        return Path(os.environ["DESK_AXE_JS"])
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe.min.js not found: pip install axe-playwright-python, or set DESK_AXE_JS")
    return Path(next(iter(spec.submodule_search_locations))) / "axe.min.js"


def axe_version() -> str:
    """The axe-core version named in axe.min.js's header, e.g. '4.12.1'."""
    match = re.search(r"axe v(\d+\.\d+\.\d+)", axe_path().read_text(encoding="utf-8")[:200])
    return match.group(1) if match else "unknown"


_RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(r => done({violations: r.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      targets: v.nodes.map(n => n.target.join(' '))}))}))
  .catch(e => done({error: String(e && e.stack || e)}));
"""


def axe_violations(driver: webdriver.Chrome, tags: list[str] = WCAG_TAGS) -> list[dict]:
    """Runs axe-core on the current page for WCAG 2.0/2.1 A and AA; returns its violations, most severe first,
    each as {id, impact, help, helpUrl, targets: [CSS selector, ...]}. Injects axe into the page (again after each
    navigation); this works under the desk's Content-Security-Policy since Selenium runs scripts via DevTools."""
    global _axe_source
    if not getattr(driver, "desk_javascript", True):
        raise RuntimeError("axe needs a browser with JavaScript on: its timers never fire in a browser(javascript=False)")
    if _axe_source is None:
        _axe_source = axe_path().read_text(encoding="utf-8")
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(_axe_source)
    result = driver.execute_async_script(_RUN_AXE, list(tags))
    if "error" in result:
        raise RuntimeError(f"axe.run failed: {result['error']}")
    order = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3}
    return sorted(result["violations"], key=lambda v: (order.get(v["impact"], 4), v["id"]))


def format_violations(violations: list[dict]) -> str:
    return "\n".join(f"  [{v['impact']}] {v['id']}: {v['help']} ({len(v['targets'])}): {', '.join(v['targets'][:5])}"
                     + (" ..." if len(v["targets"]) > 5 else "") for v in violations)


def assert_no_violations(driver: webdriver.Chrome, label: str, tags: list[str] = WCAG_TAGS) -> None:
    """Raises AssertionError naming `label` and listing each axe violation on the current page, if there are any."""
    violations = axe_violations(driver, tags)
    if violations:
        raise AssertionError(f"{label} ({driver.current_url}): {len(violations)} axe-core violation(s) of "
                             f"{', '.join(tags)}:\n{format_violations(violations)}")


def wait_for(condition, timeout: float = 10.0, interval: float = 0.05):
    """Polls `condition()` until it returns something truthy, which is returned; AssertionError after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        if value := condition():
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout:g} s")
        time.sleep(interval)
