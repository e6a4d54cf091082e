import sys
from pathlib import Path

import pytest

# tests/conformance.py is a helper module shared by the games' tests.
sys.path.insert(0, str(Path(__file__).parent))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that opens Chromium (it asks for the ``browser`` fixture) is marked
    ``browser``, so ``scripts/test --quick`` can leave it out with the ``slow`` ones."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
