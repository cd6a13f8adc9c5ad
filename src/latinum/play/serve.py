"""The game in a web browser, served by textual-serve (the optional ``web`` extra).

Every browser tab that opens the page starts its own ``latinum play``
process, which draws through Textual's web driver; the page shows it in a
terminal emulator (xterm.js, shipped with textual-serve) and sends back keys
and clicks. The page is latinum's own: it asks nothing of other sites and
finds the game's address from its own, whatever name the server is reached by.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import shlex
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from ..errors import MissingExtra

INSTALL = "pip install 'latinum[web]'"
#: The folder of the page template, named ``app_index.html`` as textual-serve expects.
TEMPLATES = Path(__file__).with_name("templates")


def is_loopback(host: str) -> bool:
    """True when ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def play_command(arguments: list[str]) -> str:
    """The shell command that starts one browser tab's game: ``latinum play ARGUMENTS``."""
    return shlex.join([sys.executable, "-m", "latinum", "play", *arguments])


def require() -> None:
    """Raise MissingExtra, saying what to install, unless textual-serve is installed."""
    _server_class()


def serve(arguments: list[str], host: str, port: int, announce: Callable[[str], None]) -> None:
    """Serve ``latinum play ARGUMENTS`` on ``host``:``port`` until interrupted (SIGINT, SIGTERM).

    ``announce`` receives the page's address once the server listens. Raises
    OSError when the address cannot be used (a port in use, a host not of this machine).
    """
    server = _server_class()(play_command(arguments), host=host, port=port, title="latinum")
    server.initialize_logging()
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    for stop in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C still interrupts
            loop.add_signal_handler(stop, server.request_exit)
    from aiohttp import web  # textual-serve's own web framework

    web.run_app(
        server._make_app(),
        host=host,
        port=port,
        handle_signals=False,
        loop=loop,
        print=lambda _: announce(f"http://{_url_host(host)}:{port}/"),
    )


def _server_class() -> type:
    try:
        from textual_serve.server import Server
    except ImportError:
        raise MissingExtra(f"latinum serve needs textual-serve: {INSTALL}") from None

    class GameServer(Server):
        """textual-serve's server with latinum's page and a clean stop."""

        def __init__(self, command: str, host: str, port: int, title: str) -> None:
            super().__init__(command, host=host, port=port, title=title)
            self.templates_path = TEMPLATES
            self.sessions: set[asyncio.Task] = set()

        async def handle_websocket(self, request):
            session = asyncio.current_task()
            self.sessions.add(session)
            try:
                return await super().handle_websocket(request)
            finally:
                self.sessions.discard(session)

        async def on_startup(self, app) -> None:
            """Nothing to print: :func:`serve` announces the address once it listens."""

        async def on_shutdown(self, app) -> None:
            # Each tab's game is told to quit (it saves as it goes) rather than
            # waited for until its browser tab is closed.
            for session in list(self.sessions):
                session.cancel()
            await asyncio.gather(*self.sessions, return_exceptions=True)

        def initialize_logging(self) -> None:
            logging.basicConfig(level=logging.WARNING, format="latinum serve: %(message)s")

    return GameServer


def _url_host(host: str) -> str:
    """``host`` as written in an address: a name for every address, brackets for IPv6."""
    if host in ("0.0.0.0", "::", ""):
        return socket.gethostname()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
