"""A real headless Chromium for end-to-end tests of pages and offline reports.

Debian's chromium and chromium-driver (`make system-packages` installs them; .ci/apt-packages
lists them), driven by Selenium. One browser per test process (starting one costs about two
seconds); every test gets the `browser` fixture, a BrowserPage that

- opens a file or a URL,
- saves a screenshot of what it shows, at a desktop and a phone width, under the test's
  tmp_path/screenshots (and under $JUDGE_SCREENSHOTS too when that is set, to look at them),
- collects the JavaScript console's errors and fails the test on any, at the end of the test
  or earlier with check_console().

Tests skip, saying why, only when chromium or its driver is not installed.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# The network here is closed: without these Chromium logs failed update and sync requests.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)
DESKTOP = (1280, 900)
PHONE = (390, 844)
MAX_SHOT_HEIGHT = 6000


class BrowserPage:
    def __init__(self, driver, shots: Path, label: str) -> None:
        self.driver = driver
        self.shots = shots
        self.label = label
        self.errors: list[str] = []

    def open(self, target: Path | str, width_height: tuple[int, int] = DESKTOP) -> None:
        self.driver.set_window_size(*width_height)
        self.driver.get(target.as_uri() if isinstance(target, Path) else target)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def js_async(self, script: str, *args):
        """`script` ends by calling arguments[arguments.length - 1] with its result."""
        return self.driver.execute_async_script(script, *args)

    def find(self, css: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str) -> list:
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def wait_for(self, script: str, timeout: float = 10.0):
        """Wait until the JavaScript expression `script` is truthy; return its value."""
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
            lambda driver: driver.execute_script(f"return ({script});")
        )

    def screenshot(self, name: str, width: int = DESKTOP[0]) -> Path:
        """The whole page at `width` CSS pixels, as PNG."""
        self.driver.set_window_size(width, DESKTOP[1])
        height = self.js("return document.documentElement.scrollHeight")
        metrics = {"width": width, "height": min(height, MAX_SHOT_HEIGHT)}
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {**metrics, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        try:
            shot = self.driver.execute_cdp_cmd(
                "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}
            )
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        data = base64.b64decode(shot["data"])
        path = self.shots / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        extra = os.environ.get("JUDGE_SCREENSHOTS")
        if extra:
            Path(extra).mkdir(parents=True, exist_ok=True)
            (Path(extra) / f"{self.label}-{name}.png").write_bytes(data)
        return path

    def console_errors(self) -> list[str]:
        """Console errors and uncaught exceptions since the last call."""
        fresh = [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE"
        ]
        self.errors.extend(fresh)
        return fresh

    def check_console(self) -> None:
        self.console_errors()
        assert not self.errors, "JavaScript errors:\n" + "\n".join(self.errors)

    def grant_clipboard(self) -> None:
        self.driver.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
        )

    def clipboard_text(self) -> str:
        return self.js_async(
            "const done = arguments[0];"
            "navigator.clipboard.readText().then(done, (e) => done('clipboard error: ' + e));"
        )


@pytest.fixture(scope="session")
def chromium() -> Iterator:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not shutil.which(path)]
    if missing:
        pytest.skip(
            "browser tests need Debian's chromium and chromium-driver; not installed: "
            + ", ".join(missing)
            + " (run `make system-packages` as root)"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.TemporaryDirectory(prefix="judge-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile.name}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        profile.cleanup()


@pytest.fixture
def browser(chromium, tmp_path: Path, request) -> Iterator[BrowserPage]:
    chromium.get("about:blank")
    chromium.delete_all_cookies()
    chromium.get_log("browser")  # what an earlier test left behind is not this test's
    label = re.sub(r"[^\w.-]+", "_", request.node.name)
    page = BrowserPage(chromium, tmp_path / "screenshots", label)
    yield page
    page.check_console()
