"""Starting the studio: a free port on 127.0.0.1, a new token, the address printed first, the browser opened."""
from __future__ import annotations

import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import Studio

#: The only address the studio listens on.
HOST = "127.0.0.1"


def listen(port: int) -> socket.socket:
    """A socket listening on 127.0.0.1 at ``port`` (0: a free port the system picks)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a port left by the last run is free again at once
    try:
        sock.bind((HOST, port))
    except OSError as exc:
        sock.close()
        from ..errors import UserError

        raise UserError(f"cannot listen on {HOST}:{port} ({exc.strerror}); leave out --port to use a free port, "
                        "or name another") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def warm_up(studio: Studio) -> None:
    """Make what the first pages need (the kit's modules, the games page) while the browser opens, and start the
    server of the build's worker processes."""
    studio.prepare()
    from .builds import use_worker_server

    use_worker_server()


def serve(out: Path, port: int = 0, browser: bool = True) -> int:
    """Run the studio until it is stopped (Ctrl+C); the first line printed is its address, token included."""
    import uvicorn

    from .guard import new_token

    sock = listen(port)
    port = sock.getsockname()[1]
    token = new_token()
    url = f"http://{HOST}:{port}/?token={token}"
    print(url, flush=True)
    print(f"boardkit studio: open the address above in your browser; saved themes and profiles go to {out}/studio/. "
          "Ctrl+C stops it.", file=sys.stderr, flush=True)
    from .app import Studio, create_app

    studio = Studio(out, token, port)
    app = create_app(studio)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    threading.Thread(target=warm_up, args=(studio,), name="studio-warm-up", daemon=True).start()
    if browser:
        threading.Timer(0.3, webbrowser.open, args=(url,)).start()
    server.run(sockets=[sock])
    return 0
