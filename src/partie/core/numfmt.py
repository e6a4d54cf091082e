"""Numbers written the way a language writes them, for every figure people read
(``partie simulate``'s tables, its reports and their plots): one formatter, so a table
and the report made from the same run never disagree on ``8,00 %`` against ``8.00%``.

French takes a decimal comma, a narrow no-break space before ``%`` and between thousands
(``8,00 %``, ``16 332``), a true minus sign (``−4,30``, not the hyphen), and a semicolon
between an interval's bounds, since its comma is the decimal one. English keeps Python's
own ``format``. JSON output never goes through here: it stays plain numbers.
"""

from __future__ import annotations

THIN = "\u202f"
"""The narrow no-break space French puts before ``%`` and between thousands."""

MINUS = "\u2212"
"""The minus sign French typography writes before a negative number."""


def number(value: float, spec: str, lang: str) -> str:
    """``format(value, spec)`` as ``lang`` (``"fr"`` or ``"en"``) writes it."""
    text = format(value, spec)
    if lang == "en":
        return text
    text = text.replace(",", THIN).replace(".", ",").replace("-", MINUS)
    return text.replace("%", THIN + "%")


def bounds(low: float, high: float, spec: str, lang: str) -> str:
    """An interval's two bounds in brackets: ``[4,36 % ; 10,07 %]``, ``[4.36%, 10.07%]``."""
    sep = ", " if lang == "en" else " ; "
    return f"[{number(low, spec, lang)}{sep}{number(high, spec, lang)}]"


def interval(value: float, low: float, high: float, spec: str, lang: str, gap: str = " ") -> str:
    """A figure then its interval, ``gap`` apart: ``6,67 % [4,36 % ; 10,07 %]``."""
    return f"{number(value, spec, lang)}{gap}{bounds(low, high, spec, lang)}"


__all__ = ["MINUS", "THIN", "bounds", "interval", "number"]
