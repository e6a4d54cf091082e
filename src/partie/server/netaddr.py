"""The addresses other devices can open: a class or a group of friends on one network
needs the machine's LAN address, not ``localhost``.

Only what the server really listens on is given: bound to ``0.0.0.0`` (or ``::``), the
machine's IPv4 addresses except loopback and link-local ones; bound to one address,
that address unless it is loopback; bound to ``127.0.0.1``, nothing (other devices
cannot reach it at all).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys

_ANY = {"0.0.0.0", "::", ""}


def reachable_hosts(bound: str) -> list[str]:
    """The IPv4 addresses of this machine that other devices may use to reach a server
    bound to ``bound``, sorted; ``[]`` when none can."""
    found = _interface_addresses() or _fallback_addresses() if bound in _ANY else _named(bound)
    kept = set()
    for text in found:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        usable = not (address.is_loopback or address.is_link_local or address.is_unspecified)
        if address.version == 4 and usable:
            kept.add(str(address))
    return sorted(kept, key=lambda a: ipaddress.ip_address(a))


def _named(host: str) -> set[str]:
    """The addresses of a host the server was told to listen on by name or number."""
    try:
        return {str(info[4][0]) for info in socket.getaddrinfo(host, None, socket.AF_INET)}
    except OSError:
        return set()


def _interface_addresses() -> set[str]:
    """Every interface's IPv4 address (Linux: one ``SIOCGIFADDR`` per interface)."""
    if not sys.platform.startswith("linux"):
        return set()
    import fcntl

    siocgifaddr = 0x8915
    out = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):
                answer = fcntl.ioctl(sock.fileno(), siocgifaddr, request)
                out.add(socket.inet_ntoa(answer[20:24]))
    return out


def _fallback_addresses() -> set[str]:
    """Elsewhere: the host name's addresses, and the one a datagram would leave from
    (``connect`` on UDP sends nothing)."""
    out = set()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            out.add(str(info[4][0]))
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock,
    ):
        sock.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        out.add(sock.getsockname()[0])
    return out
