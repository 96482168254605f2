"""The studio's door: only this machine, only with the token, only small requests.

Every request must name the loopback address in its Host header (a web page
elsewhere that points its own name at 127.0.0.1, DNS rebinding, is refused)
and carry the token made when the studio started: in the address
(``?token=...``, as printed; the studio then keeps it in a cookie for that
port alone and sends the browser on to the same address without it), in that
cookie, or in the ``X-Boardkit-Token`` header. A form posted from another
site is refused by its Origin, and a request body larger than
:data:`MAX_BODY` is refused before it is read.
"""
from __future__ import annotations

import html
import secrets
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any, Awaitable, Callable, MutableMapping
from urllib.parse import parse_qsl, urlencode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The host names of the loopback address a request may be sent to.
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
#: Largest request body, in bytes: a theme or printer file (64 KB) and the form around it.
MAX_BODY = 256 * 1024
TOKEN_HEADER = b"x-boardkit-token"


def new_token() -> str:
    """A token for one run of the studio."""
    return secrets.token_urlsafe(24)


def host_name(host: str) -> str:
    """The name part of a Host header (without the port), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1]
    return host.rsplit(":", 1)[0] if ":" in host else host


@dataclass
class Guard:
    """ASGI middleware that lets through only requests from this machine's browser with the studio's token."""

    app: ASGIApp
    token: str
    port: int

    @property
    def cookie(self) -> str:
        """The cookie that keeps the token: named for the port, as cookies are shared by every port of a host."""
        return f"boardkit-studio-{self.port}"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        host = headers.get(b"host", b"").decode("latin-1")
        if host_name(host) not in LOOPBACK:
            await _refuse(send, 403, "Refused: this studio answers only at 127.0.0.1 (the address it printed), "
                                     f"not at '{host}'.")
            return
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))
        if "token" in query:
            if not secrets.compare_digest(query["token"], self.token):
                await _refuse(send, 403, "Refused: this is not the token of this studio. Open the address that "
                                         "'boardkit studio' printed when it started.")
                return
            if scope["method"] in ("GET", "HEAD"):
                await self._welcome(scope, send, query)
                return
        elif not self._carries_token(headers):
            await _refuse(send, 403, "Refused: open the studio at the address 'boardkit studio' printed when it "
                                     "started (it holds the studio's token).")
            return
        origin = headers.get(b"origin")
        if scope["method"] not in ("GET", "HEAD") and origin is not None and \
                host_name(origin.decode("latin-1").split("//", 1)[-1]) not in LOOPBACK:
            await _refuse(send, 403, "Refused: a form sent from another site.")
            return
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _refuse(send, 413, f"Refused: the request is larger than {MAX_BODY // 1024} KB (a theme or "
                                     "printer file may be at most 64 KB).")
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, _capped(receive), watched)
        except BodyTooLarge:
            if not started:
                await _refuse(send, 413, f"Refused: the request is larger than {MAX_BODY // 1024} KB.")

    def _carries_token(self, headers: dict[bytes, bytes]) -> bool:
        given = headers.get(TOKEN_HEADER)
        if given is not None:
            return secrets.compare_digest(given.decode("latin-1"), self.token)
        cookies: SimpleCookie = SimpleCookie()
        try:
            cookies.load(headers.get(b"cookie", b"").decode("latin-1"))
        except Exception:  # noqa: BLE001 - a cookie header that does not parse carries no token
            return False
        morsel = cookies.get(self.cookie)
        return morsel is not None and secrets.compare_digest(morsel.value, self.token)

    async def _welcome(self, scope: Scope, send: Send, query: dict[str, str]) -> None:
        """Keep the token in a cookie and send the browser on to the same address without it."""
        rest = urlencode({k: v for k, v in query.items() if k != "token"})
        location = scope.get("path", "/") + (f"?{rest}" if rest else "")
        cookie = f"{self.cookie}={self.token}; Path=/; HttpOnly; SameSite=Strict"
        await send({"type": "http.response.start", "status": 303,
                    "headers": [(b"location", location.encode("latin-1")), (b"set-cookie", cookie.encode("latin-1")),
                                (b"cache-control", b"no-store"), (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


def _capped(receive: Receive) -> Receive:
    """``receive`` that stops a body sent without a length once it passes :data:`MAX_BODY`."""
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge()
        return message

    return wrapped


class BodyTooLarge(Exception):
    """A request body that passed :data:`MAX_BODY` while it was read."""


async def _refuse(send: Send, status: int, text: str) -> None:
    body = (f"<!doctype html><meta charset=utf-8><title>boardkit studio</title>"
            f"<p style='font:16px sans-serif;margin:2em'>{html.escape(text, quote=False)}</p>").encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
