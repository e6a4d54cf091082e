"""Reading and writing files safely: reads are bounded, writes are atomic and checked
before the work starts.

Why one module: every command that writes (records, decks, reports, deals) must refuse
the same things in the same words: a missing folder, an existing file without
``--force``, the very file being read, a path that is not a regular file. Writes go to a
temporary file in the target folder and are renamed over the target once complete, so
an interrupted or failed run never leaves half a file, and an invalid result is never
written at all.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from partie.core.errors import PartieError


class BadPath(PartieError):
    """A file or folder that cannot be read or written as asked."""

    code = "bad_path"


def _reason(exc: OSError) -> tuple[str, str]:
    text = exc.strerror or type(exc).__name__
    return text, text


def read_bounded(path: str | Path, limit: int, *, what: str | tuple[str, str]) -> bytes:
    """At most ``limit`` bytes of a regular file; a larger file, a folder, a device, a
    FIFO or a missing file is a ``BadPath`` naming the path (``/dev/zero`` is not read
    forever, a FIFO is never opened). ``what`` names the file, in French and English
    when given as a pair. Every file partie reads from a command-line flag comes here."""
    what_fr, what_en = (what, what) if isinstance(what, str) else what
    where = Path(path)
    try:
        info = where.stat()
        if stat.S_ISDIR(info.st_mode):
            raise BadPath(
                f"{what_fr} {where} : c'est un dossier", f"{what_en} {where}: is a folder"
            )
        if not stat.S_ISREG(info.st_mode):
            raise BadPath(
                f"{what_fr} {where} : pas un fichier ordinaire",
                f"{what_en} {where}: not a regular file",
            )
        if info.st_size > limit:
            raise _too_large(what_fr, what_en, where, limit)
        with where.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise BadPath(
            f"impossible de lire {what_fr} {where} : introuvable",
            f"cannot read {what_en} {where}: not found",
        ) from None
    except OSError as exc:
        fr, en = _reason(exc)
        raise BadPath(
            f"{what_fr} {where} : lecture impossible ({fr})",
            f"{what_en} {where}: cannot read ({en})",
        ) from None
    if len(data) > limit:
        raise _too_large(what_fr, what_en, where, limit)
    return data


def _too_large(what_fr: str, what_en: str, where: Path, limit: int) -> BadPath:
    return BadPath(
        f"{what_fr} {where} : trop gros (au plus {limit} octets)",
        f"{what_en} {where}: too large (at most {limit} bytes)",
    )


def check_output(
    path: str | Path,
    *,
    force: bool = False,
    inputs: Iterable[str | Path] = (),
    what: str = "--out",
    folder: bool = False,
) -> Path:
    """Refuse, before any work, an output path that cannot be written: empty, in a folder
    that does not exist, an existing file without ``force``, one of ``inputs``, or
    something other than a regular file (``/proc/...``, a device). ``folder=True`` checks
    a folder to create or fill instead (``--report DIR``)."""
    text = str(path)
    if not text.strip():
        raise BadPath(f"{what} : chemin vide", f"{what}: empty path")
    where = Path(text)
    parent = where.parent if str(where.parent) else Path(".")
    if not parent.is_dir():
        raise BadPath(
            f"{what} {where} : le dossier {parent} n'existe pas",
            f"{what} {where}: folder {parent} does not exist",
        )
    if not os.access(parent, os.W_OK):
        raise BadPath(
            f"{what} {where} : le dossier {parent} n'est pas modifiable",
            f"{what} {where}: folder {parent} is not writable",
        )
    resolved = where.resolve()
    for item in inputs:
        if Path(item).resolve() == resolved:
            raise BadPath(
                f"{what} {where} : c'est le fichier lu ; choisissez un autre chemin",
                f"{what} {where}: it is the input file; choose another path",
            )
    if where.exists() or where.is_symlink():
        mode = where.stat().st_mode if where.exists() else 0
        if folder:
            if not stat.S_ISDIR(mode):
                raise BadPath(
                    f"{what} {where} : existe et n'est pas un dossier",
                    f"{what} {where}: exists and is not a folder",
                )
            if any(where.iterdir()) and not force:
                raise BadPath(
                    f"{what} {where} : le dossier n'est pas vide (--force pour l'écraser)",
                    f"{what} {where}: the folder is not empty (--force to overwrite)",
                )
            return where
        if not stat.S_ISREG(mode):
            raise BadPath(
                f"{what} {where} : pas un fichier ordinaire",
                f"{what} {where}: not a regular file",
            )
        if not force:
            raise BadPath(
                f"{what} {where} : le fichier existe déjà (--force pour le remplacer)",
                f"{what} {where}: the file already exists (--force to replace it)",
            )
    return where


def write_atomic(
    path: str | Path, data: str | bytes, *, force: bool = True, what: str = "--out"
) -> Path:
    """Write ``data`` at ``path`` all at once: a temporary file in the same folder, then a
    rename. With ``force=False`` an existing file is refused."""
    where = check_output(path, force=force, what=what)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{where.name}.", suffix=".tmp", dir=where.parent)
    except OSError as exc:
        fr, en = _reason(exc)
        raise BadPath(
            f"{what} {where} : écriture impossible ({fr})",
            f"{what} {where}: cannot write ({en})",
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, where)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        fr, en = _reason(exc)
        raise BadPath(
            f"{what} {where} : écriture impossible ({fr})",
            f"{what} {where}: cannot write ({en})",
        ) from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return where
