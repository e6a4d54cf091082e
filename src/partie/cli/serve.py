"""``partie serve``: the web app on uvicorn, storage in SQLite by default."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

import click

from partie.cli.common import FiniteRange, lang


def check_host(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """An address to listen on: an empty one listened on every address (0.0.0.0) and
    printed ``http://:PORT/``."""
    if not value.strip():
        raise click.BadParameter("empty address (e.g. 127.0.0.1, or 0.0.0.0 for every one)")
    if value != value.strip() or len(value) > 255:
        raise click.BadParameter(f"not an address: {value[:40]!r}")
    return value


def check_db(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """A storage URL naming a SQLite file in a folder that exists: like every other
    output of the command, ``--db`` makes no folders (a typo would have made a tree of
    them); the default, in the user's data folder, is made on first run."""
    if value is None or not value.startswith("sqlite:///"):
        return value
    name = value.removeprefix("sqlite:///")
    if not name.strip():
        raise click.BadParameter("no file after sqlite:///")
    path = Path(name)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise click.BadParameter(f"folder {parent} does not exist")
    return value


PING_SECONDS = 5.0
"""Seconds between the server's pings on each websocket, and to wait for the pong."""


def default_db() -> str:
    """A SQLite file in the user's data folder (created on first run)."""
    from platformdirs import user_data_dir

    return "sqlite:///" + str(Path(user_data_dir("partie")) / "partie.sqlite3")


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    callback=check_host,
    help="Address to listen on.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0: any free port, printed).",
)
@click.option(
    "--db",
    default=None,
    callback=check_db,
    help="Storage URL, e.g. sqlite:///path/partie.sqlite3.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the browser.")
@click.option(
    "--bot-pause",
    type=FiniteRange(0, 10),
    default=0.6,
    show_default=True,
    help="Seconds a bot waits before it plays, so people can follow.",
)
@click.option("--no-warm", is_flag=True, help="Do not prepare the compiled bots at start.")
@click.option(
    "--idle-minutes",
    type=FiniteRange(0, 10080),
    default=30,
    show_default=True,
    help="Minutes after which a finished or unstarted table nobody watches leaves memory "
    "(it stays stored; 0: never).",
)
@click.option(
    "--allow-origin",
    "allow_origins",
    multiple=True,
    metavar="URL",
    help="Another origin whose pages may use this server (a reverse proxy's "
    "https://name); repeatable. Pages of any other site are refused.",
)
def serve(
    host: str,
    port: int,
    db: str | None,
    open_browser: bool,
    bot_pause: float,
    no_warm: bool,
    idle_minutes: float,
    allow_origins: tuple[str, ...],
) -> None:
    """Serve the web app: lobby, tables, play in the browser, replays."""
    import uvicorn

    from partie.server.app import ServerConfig, create_app
    from partie.server.httpguard import GuardedH11
    from partie.server.security import normalize_origin
    from partie.server.storage import open_storage

    for origin in allow_origins:
        try:
            normalize_origin(origin)
        except ValueError:
            raise click.BadParameter(
                f"{origin!r}: an origin is http(s)://name[:port]", param_hint="--allow-origin"
            ) from None
    url = db or default_db()
    # A bad URL, a missing folder (but the default one's), a path that is no regular
    # file or no database fail here, in one line (exit 2).
    open_storage(url, create_folder=db is None).close()
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        raise click.UsageError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    real_port = sock.getsockname()[1]
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    address = f"http://{shown}:{real_port}/"

    def ready() -> None:
        """Say where to go once the service is up (Ctrl-C from here stops it cleanly)."""
        if lang() == "en":
            click.echo(f"partie: open {address} in a browser (database: {url})")
        else:
            click.echo(f"partie : ouvrez {address} dans un navigateur (base : {url})")
        if open_browser:
            threading.Timer(0.5, webbrowser.open, args=(address,)).start()

    config = ServerConfig(
        db=url,
        bot_pause=bot_pause,
        warm_bots=not no_warm,
        host=host,
        port=real_port,
        idle_seconds=idle_minutes * 60,
        on_ready=ready,
        allow_origins=allow_origins,
    )
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config),
            log_level="warning",
            # Above the protocol's 64 KiB so that an oversized message gets its one-line
            # refusal; far above it, the connection is simply closed.
            ws_max_size=1024 * 1024,
            # Messages are small; compressing each one costs more CPU than it saves.
            ws_per_message_deflate=False,
            # A page that stops answering (a phone asleep, a frozen reader) is gone
            # within 10 s, not 40: its seat then shows absent and its stand-in can come.
            ws_ping_interval=PING_SECONDS,
            ws_ping_timeout=PING_SECONDS,
            # Strangers' slow clients: a request's headers within 10 s and its body
            # within 30 s (``GuardedH11``), at most 16 KiB of headers, an idle kept-alive
            # connection closed after 5 s; a stop never waits more than 3 s for them.
            http=GuardedH11,
            h11_max_incomplete_event_size=16 * 1024,
            timeout_keep_alive=5,
            timeout_graceful_shutdown=3,
            lifespan="on",
        )
    )
    server.run(sockets=[sock])
