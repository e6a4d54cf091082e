"""The Unicode font embedded in every PDF: DejaVu Sans (accents, ★ ■ ● ◀ ▶, arrows).

It comes with matplotlib, a dependency of partie, with its licence (``LICENSE_DEJAVU``
next to the font files); Debian's copy is used when matplotlib's cannot be found.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

from partie.core.errors import PartieError

FILES = {
    "": "DejaVuSans.ttf",
    "B": "DejaVuSans-Bold.ttf",
    "I": "DejaVuSans-Oblique.ttf",
    "BI": "DejaVuSans-BoldOblique.ttf",
}
SYSTEM = Path("/usr/share/fonts/truetype/dejavu")


class NoFont(PartieError):
    code = "no_font"


@cache
def font_dir() -> Path:
    """The folder holding the DejaVu Sans files."""
    spec = importlib.util.find_spec("matplotlib")
    candidates = []
    if spec and spec.submodule_search_locations:
        base = Path(next(iter(spec.submodule_search_locations)))
        candidates.append(base / "mpl-data" / "fonts" / "ttf")
    candidates.append(SYSTEM)
    for folder in candidates:
        if all((folder / name).is_file() for name in FILES.values()):
            return folder
    raise NoFont(
        "police DejaVu Sans introuvable (installez matplotlib ou fonts-dejavu-core)",
        "DejaVu Sans font not found (install matplotlib or fonts-dejavu-core)",
    )
