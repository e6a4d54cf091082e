"""Short table codes and secret tokens.

A code is read aloud and typed on a phone: six characters from an alphabet without the
look-alikes (0/O, 1/I/l), shown as ``ABC-DEF``; typing is forgiving about case and
the dash. A token is the only proof of a seat; only its SHA-256 is ever kept.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
_CODE = re.compile(f"^[{ALPHABET}]{{{LENGTH}}}$")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize_code(text: str) -> str | None:
    """``"abc-def"`` → ``"ABCDEF"``; ``None`` when it cannot be a code."""
    code = text.strip().upper().replace("-", "").replace(" ", "")
    return code if _CODE.match(code) else None


def show_code(code: str) -> str:
    return f"{code[:3]}-{code[3:]}"


def new_token() -> str:
    """32 url-safe random characters (192 bits)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return bool(stored_hash) and hmac.compare_digest(token_hash(token), str(stored_hash))
