"""The studio's pages and what their forms do: a Starlette application behind the :class:`Guard`.

Each page is a template in ``templates/``; the work behind it (planning,
drawing, loading a theme or profile, building) runs in a worker thread and
calls the package through :mod:`.shared`. A problem the command line would
report is shown on the page where the person can act on it, in the command
line's words; anything else is an internal error, shown as one line.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
import threading
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, AsyncIterator, TypeVar

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .guard import Guard

if TYPE_CHECKING:
    from . import shared
    from .catalog import GameCard

HERE = Path(__file__).resolve().parent
T = TypeVar("T")


class Problems(Exception):
    """Something the person can fix, in the command line's words (located problems, or one sentence)."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


def explain(exc: BaseException) -> str:
    """What the studio shows for an error: the command line's message, or one line for an internal error."""
    from . import shared

    return shared.user_message(exc) or f"internal error: {type(exc).__name__}: {exc} (please report it)"


async def work(func: Callable[..., T], *args: Any) -> T:
    """Run ``func`` in a worker thread; an error the command line would report becomes :class:`Problems`."""
    try:
        return await run_in_threadpool(func, *args)
    except Problems:
        raise
    except Exception as exc:  # noqa: BLE001 - shown on the page, never as a stack trace
        raise Problems(explain(exc)) from None


class Studio:
    """One running studio: its workspace, builds, token and pages."""

    def __init__(self, out: Path, token: str, port: int):
        from .builds import Builds
        from .workspace import Workspace

        self.space = Workspace(out)
        self.builds = Builds(self.space)
        self.token, self.port = token, port
        self.pictures: dict[str, str] = {}
        self.cards: dict[str, GameCard | str] = {}
        self._making, self._drawing = threading.Lock(), threading.Lock()
        self.env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]),
                               trim_blocks=True, lstrip_blocks=True)

    def card(self, game_id: str) -> GameCard | str:
        """A game's card on the games page (made once), or what stops it from loading."""
        from .catalog import game_card

        with self._making:
            if game_id not in self.cards:
                try:
                    self.cards[game_id] = game_card(self.space, self.space.game(game_id))
                except Exception as exc:  # noqa: BLE001 - a game that does not load is shown with its problems
                    self.cards[game_id] = explain(exc)
            return self.cards[game_id]

    def picture(self, game: shared.Game) -> str:
        """A game's board as a picture: its smallest A4 sheet in its first theme (drawn once)."""
        from . import shared
        from .workspace import Selection, paper_formats, smallest

        with self._drawing:
            if game.id not in self.pictures:
                fmt = smallest(game, paper_formats(game, "A4") or list(game.formats))
                selection = Selection("A4", (fmt,), (game.theme_names()[0],), shared.DEFAULT_PRINTER)
                options = selection.options(self.space, game, parts=("board",))
                job = next(j for j in shared.plan(game, options, lambda _: None) if j.part == "board")
                assert isinstance(job.make, shared.PdfMaker)
                self.pictures[game.id] = job.make.draw()[0]
            return self.pictures[game.id]

    def prepare(self) -> None:
        """Make the games page's cards and pictures ahead of the first request."""
        loaded = [game_id for game_id in self.space.game_ids() if not isinstance(self.card(game_id), str)]
        for game_id in loaded:
            try:
                self.picture(self.space.game(game_id))
            except Exception:  # noqa: BLE001 - its request shows the problem
                continue

    def page(self, template_name: str, status: int = 200, **context: Any) -> HTMLResponse:
        """A page rendered from template ``template_name``."""
        from .catalog import guide_words

        template = self.env.get_template(template_name)
        return HTMLResponse(template.render(guide_words=guide_words, **context), status_code=status)

    def problem_page(self, text: str, game_id: str | None, status: int = 400) -> HTMLResponse:
        """A page that shows one problem (a game that does not load, a build that is gone), with the way back."""
        known = game_id if game_id is not None and game_id in self.space.game_ids() else None
        return self.page("problem.html", status=status, problem=text, game_id=known)


def query_of(request: Request) -> dict[str, list[str]]:
    query: dict[str, list[str]] = {}
    for key, value in request.query_params.multi_items():
        query.setdefault(key, []).append(value)
    return query


def fields_of(form: FormData) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    for key, value in form.multi_items():
        if isinstance(value, str):
            fields.setdefault(key, []).append(value)
    return fields


def routes(studio: Studio) -> list[Route | Mount]:
    """Every page and action of the studio."""
    from . import pages

    handlers = pages.Handlers(studio)

    def wrap(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except Problems as exc:
                return studio.problem_page(exc.text, request.path_params.get("game"))
            except Exception as exc:  # noqa: BLE001 - a bug is one line on the page, never a stack trace
                return studio.problem_page(explain(exc), request.path_params.get("game"), status=500)
        return endpoint

    return [
        Route("/", wrap(handlers.games)),
        Route("/games/{game}", wrap(handlers.game)),
        Route("/games/{game}/picture.svg", wrap(handlers.picture)),
        Route("/games/{game}/build", wrap(handlers.start_build), methods=["POST"]),
        Route("/games/{game}/books/{name}", wrap(handlers.book)),
        Route("/games/{game}/colours", wrap(handlers.colours), methods=["GET", "POST"]),
        Route("/games/{game}/colours/preview", wrap(handlers.colour_preview), methods=["POST"]),
        Route("/games/{game}/colours/upload", wrap(handlers.colour_upload), methods=["POST"]),
        Route("/games/{game}/themes/{name}", wrap(handlers.saved_theme)),
        Route("/games/{game}/printer", wrap(handlers.printer), methods=["GET", "POST"]),
        Route("/games/{game}/printer/upload", wrap(handlers.printer_upload), methods=["POST"]),
        Route("/games/{game}/calibration/{paper}", wrap(handlers.calibration)),
        Route("/games/{game}/diagrams", wrap(handlers.diagrams)),
        Route("/printers/{name}", wrap(handlers.saved_printer)),
        Route("/builds/{build}", wrap(handlers.build_page)),
        Route("/builds/{build}/status", wrap(handlers.build_status)),
        Route("/builds/{build}/download/{name}", wrap(handlers.download)),
        Route("/fonts/{name}", wrap(handlers.font)),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]


def create_app(studio: Studio) -> Guard:
    """The studio's ASGI application, guarded by its token on its port."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            studio.space.close()

    app = Starlette(routes=routes(studio), lifespan=lifespan)
    return Guard(app, studio.token, studio.port)

