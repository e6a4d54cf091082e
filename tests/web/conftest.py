"""Browser tests: the real ``partie serve`` in a subprocess, real headless Chromium.

One server and one browser per test module keep the tests lean; each test opens its own
browser contexts (a context is a separate browser profile: its own ``localStorage``, so
its own seat). Screenshots of each step go to ``tests/artifacts/web/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import CHROMIUM, CHROMIUM_ARGS, Server, Shots
from playwright import sync_api as playwright_api

# The machine running the suite may be busy: wait longer than Playwright's 5 s default
# before calling a missing element a failure (a passing step does not wait at all).
playwright_api.expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("serve") / "partie.sqlite3"
    running = Server(db=db)
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # The pages' Content-Security-Policy forbids evaluating strings, which
        # Playwright's ``wait_for_function("...")`` does in the page: the tests' own
        # contexts bypass it; ``test_web_defences.py`` checks the pages under it.
        new_context, new_page = launched.new_context, launched.new_page

        def context_bypassing_csp(**kw: Any) -> Any:
            kw.setdefault("bypass_csp", True)
            return new_context(**kw)

        def page_bypassing_csp(**kw: Any) -> Any:
            kw.setdefault("bypass_csp", True)
            return new_page(**kw)

        launched.new_context = context_bypassing_csp
        launched.new_page = page_bypassing_csp
        yield launched
        launched.close()


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Shots:
    return Shots(request.node.name)
