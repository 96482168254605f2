"""What each page of the studio shows and what each of its forms does."""
from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response

from . import shared
from .app import Problems, fields_of, query_of, work
from .catalog import kit_files
from .drafts import (SIDES, Loaded, printer_text, read_printer, read_theme, save, theme_text, upload_name,
                     upload_text)
from .previews import Sheet, inline, page_size, part_names, part_sheets
from .workspace import PAPERS, Selection, paper_formats, saved_file, saved_names, selection_from, smallest

if TYPE_CHECKING:
    from .app import Studio

#: The parts whose files the games page links to, to read before building anything.
BOOK_PARTS = ("rulebook", "reference", "player-aid")
#: The colour-blind views of the colours page: filter name and how people call it.
VIEWS = {"": "as printed", "protan": "as with protanopia (red-blind)", "deutan": "as with deuteranopia (green-blind)",
         "tritan": "as with tritanopia (blue-blind)"}


@dataclass(frozen=True)
class Field:
    """A problem shown beside the form field it is about (None: at the top of the form)."""

    field: str | None
    text: str


def located(loaded: Loaded, lines: dict[int, str]) -> list[Field]:
    """The problems of a draft, each beside the field written on its line (``lines``: line -> field)."""
    return [Field(lines.get(p.line or 0), p.format()) for p in loaded.problems]


def field_lines(text: str) -> dict[int, str]:
    """Which field of a draft each line of its YAML holds: ``name``, ``base``, a colour key, a margin side..."""
    lines: dict[int, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        found = re.match(r"^\s*([A-Za-z0-9_-]+):", line)
        if found and not line.lstrip().startswith("#"):
            lines[number] = found.group(1)
    return lines


class Handlers:
    """The studio's pages and actions."""

    def __init__(self, studio: Studio):
        self.studio = studio
        self.space = studio.space

    # -- helpers -------------------------------------------------------------------------------------------------

    async def _game(self, request: Request) -> shared.Game:
        return await work(self.space.game, request.path_params["game"])

    def _common(self, game: shared.Game, **context: Any) -> dict[str, Any]:
        return {"game": game, "game_id": game.id, **context}

    # -- games ---------------------------------------------------------------------------------------------------

    async def games(self, request: Request) -> Response:
        """Every game under specs/: its board, players, components and books."""
        ids = await work(self.space.game_ids)
        cards = [(gid, await work(self.studio.card, gid)) for gid in ids]
        return self.studio.page("games.html", cards=cards)

    async def picture(self, request: Request) -> Response:
        """The board of a game as a picture (its smallest A4 sheet, default theme)."""
        game = await self._game(request)

        svg = await work(self.studio.picture, game)
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "private, max-age=3600"})

    async def book(self, request: Request) -> Response:
        """A book of the kit (rulebook, reference, player aid), built into the output folder as ``boardkit print
        GAME --part PART`` builds it (at once when it is up to date there)."""
        game = await self._game(request)
        name = request.path_params["name"]

        def built() -> Path:
            options = shared.kit_options(game, BOOK_PARTS, None, out=self.space.out)
            jobs = {j.name: j for j in shared.plan(game, options, lambda _: None)}
            if name not in jobs:
                raise shared.UserError(f"no book named {name}; books: {', '.join(jobs)}")
            part_options = replace(options, parts=(jobs[name].part,))
            with self.space.lock(game.id), self.space.building:
                written = shared.build(game, part_options, quiet=True)
            return next(w.path for w in written if w.path.name == name)

        path = await work(built)
        return FileResponse(path, media_type="application/pdf", content_disposition_type="inline", filename=name)

    # -- a game: its kit, previews and build ---------------------------------------------------------------------

    async def game(self, request: Request) -> Response:
        """A game's kit: paper, formats, themes, printer and parts; its files; its previews; the build button."""
        game = await self._game(request)
        query = query_of(request)
        problems: list[str] = []
        try:
            selection = await work(selection_from, game, self.space, query)
        except Problems as exc:
            problems.append(exc.text)
            selection = await work(selection_from, game, self.space, {"paper": query.get("paper", ["A4"])[:1]}
                                   if query.get("paper", ["A4"])[0] in PAPERS else {})

        def gather() -> dict[str, Any]:
            found: dict[str, Any] = {"files": [], "sheets": {}, "parts": [], "warnings": []}
            try:
                found["files"] = kit_files(self.space, game, selection)
            except Exception as exc:  # noqa: BLE001 - shown beside the form
                problems.append(shared.user_message(exc) or f"internal error: {type(exc).__name__}: {exc}")
                return found
            show = (query.get("show") or [""])[0]
            show = show if show in selection.formats else smallest(game, selection.formats)
            look = (query.get("look") or [selection.themes[0]])[0]
            look = look if look in selection.themes else selection.themes[0]
            found["show"], found["look"] = show, look
            look_ref = selection.theme_refs(self.space, game.id)[selection.themes.index(look)]
            for part in part_names(self.space, game, selection):
                try:
                    found["sheets"][part] = part_sheets(self.space, game, selection, part, show, look_ref,
                                                        found["warnings"].append)
                except Exception as exc:  # noqa: BLE001 - a part that does not fit says why, where it would be
                    found["sheets"][part] = shared.user_message(exc) or f"internal error: {exc}"
            return found

        found = await work(gather)
        latest = self.studio.builds.latest(game.id)
        pages: dict[str, int] = {}
        if latest is not None and latest.state == "done" and not problems and \
                replace(latest.options, out=self.space.out) == await work(selection.options, self.space, game):
            pages = {name: count for name, count, _ in latest.written if count}
        return self.studio.page("game.html", **self._common(
            game, selection=selection, papers=PAPERS, problems=problems, formats=paper_formats(game, selection.paper),
            themes=game.theme_names() + saved_names(self.space.themes_folder(game.id)),
            printers=shared.profile_names() + saved_names(self.space.printers_folder()),
            all_parts=list(shared.parts_of(game)), machines=shared.MACHINES, latest=latest, pages=pages, **found))

    async def start_build(self, request: Request) -> Response:
        """Start building the kit the form asks for; on to the build's page."""
        game = await self._game(request)
        fields = fields_of(await request.form())

        def start() -> str:
            selection = selection_from(game, self.space, fields)
            return self.studio.builds.start(game, selection.options(self.space, game)).id

        return RedirectResponse(f"/builds/{await work(start)}", status_code=303)

    async def build_page(self, request: Request) -> Response:
        """A build: its progress as it goes, then the download (or what stopped it)."""
        build = self.studio.builds.get(request.path_params["build"])
        if build is None:
            raise Problems("this build is no longer kept (a newer build of the game replaced it): build again")
        return self.studio.page("build.html", **self._common(build.game, build=build))

    async def build_status(self, request: Request) -> Response:
        """A build's progress, for the page's script."""
        build = self.studio.builds.get(request.path_params["build"])
        if build is None:
            return JSONResponse({"state": "gone"}, status_code=404)
        return JSONResponse({"state": build.state, "done": build.done, "total": build.total,
                             "events": [{"kind": e.kind, "text": e.text} for e in build.events],
                             "error": build.error})

    async def download(self, request: Request) -> Response:
        """The zip of a finished build (never of one that is running or failed)."""
        build = self.studio.builds.get(request.path_params["build"])
        if build is None or build.zip_data is None or request.path_params["name"] != build.filename:
            raise Problems("there is no finished kit to download here: build it first")
        return Response(build.zip_data, media_type="application/zip",
                        headers={"content-disposition": f'attachment; filename="{build.filename}"'})

    # -- colours -------------------------------------------------------------------------------------------------

    def _theme_state(self, game: shared.Game, fields: dict[str, list[str]]) -> tuple[str, str, dict[str, str]]:
        """The name, base and colours a colours form (or the page's address) holds."""
        base = (fields.get("base") or [game.theme_names()[0]])[0]
        if base not in game.theme_names():
            raise shared.UserError(f"no built-in theme named '{base}'; built-in themes: "
                                   f"{', '.join(game.theme_names())}")
        colours = dict(game.theme(base).colours)
        name = (fields.get("name") or ["mine"])[0]
        edit = (fields.get("edit") or [""])[0]
        if edit:
            theme = shared.load_theme(saved_file(self.space.themes_folder(game.id), edit), game.themes_dir)
            doc = shared.load_document(theme.source) if theme.source else None
            base = str(doc.data.get("base", base)) if doc is not None else base
            name, colours = theme.name, dict(theme.colours)
        for key in list(colours):
            if f"c:{key}" in fields:
                colours[key] = fields[f"c:{key}"][0].strip()
        return name, base, colours

    def _colour_view(self, game: shared.Game, name: str, base: str, colours: dict[str, str], fmt: str,
                     view: str) -> dict[str, Any]:
        """The colours page's live part: problems by colour, warnings by colour, the board and pieces drawn."""
        text = theme_text(game, name, base, colours)
        loaded = read_theme(self.space, game, text, f"{name}.yaml")
        found: dict[str, Any] = {"problems": located(loaded, field_lines(text)), "warnings": [], "sheets": [],
                                 "others": []}
        if loaded.value is None:
            return found
        found["warnings"] = shared.theme_warnings(game, loaded.value)
        selection = Selection(game.format(fmt).small_paper, (fmt,), (base,), shared.DEFAULT_PRINTER)
        for part in ("board", "pieces", "cards"):
            sheets = part_sheets(self.space, game, selection, part, fmt, str(loaded.path))
            found["sheets" if part == "board" else "others"] += [s for s in sheets if not s.label.endswith("backs")]
        if view:
            simulated = {k: shared.simulated(v, view) for k, v in loaded.value.colours.items()}
            seen = read_theme(self.space, game, theme_text(game, f"{name}-{view}", base, simulated),
                              f"{name}-{view}.yaml")
            if seen.value is not None:
                found["simulated"] = part_sheets(self.space, game, selection, "board", fmt, str(seen.path))
        return found

    def _preview_format(self, game: shared.Game, fields: dict[str, list[str]]) -> str:
        wanted = (fields.get("format") or [""])[0]
        return wanted if wanted in game.formats else smallest(game, paper_formats(game, "A4") or list(game.formats))

    async def colours(self, request: Request, upload: dict[str, Any] | None = None) -> Response:
        """Every colour of a theme as a picker, its warnings beside it, the board redrawn; save it as a theme file."""
        game = await self._game(request)
        fields = query_of(request) if request.method == "GET" else fields_of(await request.form())
        if upload is not None:
            fields = {**fields, **upload["fields"]}
        name, base, colours = await work(self._theme_state, game, fields)
        fmt = self._preview_format(game, fields)
        view = (fields.get("view") or [""])[0]
        view = view if view in VIEWS else ""
        found = await work(self._colour_view, game, name, base, colours, fmt, view)
        saved = None
        if request.method == "POST" and (fields.get("action") or [""])[0] == "save" and not found["problems"]:
            saved = await work(self._save_theme, game, name, base, colours)
            if isinstance(saved, list):
                found["problems"], saved = saved, None
        by_key: dict[str, list[str]] = {}
        for warning in found["warnings"]:
            for key in warning.keys:
                by_key.setdefault(key, []).append(warning.text)
        return self.studio.page("colours.html", **self._common(
            game, name=name, base=base, colours=colours, bases=game.theme_names(), fmt=fmt, view=view, views=VIEWS,
            saved=saved, upload=upload, by_key=by_key,
            saved_themes=saved_names(self.space.themes_folder(game.id)), **found))

    def _save_theme(self, game: shared.Game, name: str, base: str, colours: dict[str, str]) -> Path | list[Field]:
        """Save the theme into the output folder and load it back from there, as ``--theme`` will."""
        text = theme_text(game, name, base, colours)
        path = save(self.space.themes_folder(game.id), name, text)
        try:
            shared.load_theme(path, game.themes_dir)
        except shared.SpecError as exc:
            path.unlink(missing_ok=True)
            return [Field(None, exc.format())]
        return path

    async def colour_preview(self, request: Request) -> Response:
        """The colours page's live redraw: the previews and warnings for the colours as they are now."""
        game = await self._game(request)
        fields = fields_of(await request.form())
        name, base, colours = await work(self._theme_state, game, fields)
        fmt = self._preview_format(game, fields)
        view = (fields.get("view") or [""])[0]
        found = await work(self._colour_view, game, name, base, colours, fmt, view if view in VIEWS else "")
        template = self.studio.env.get_template("colour_live.html")
        by_key: dict[str, list[str]] = {}
        for warning in found["warnings"]:
            for key in warning.keys:
                by_key.setdefault(key, []).append(warning.text)
        return JSONResponse({"previews": template.render(game_id=game.id, view=view, views=VIEWS, **found),
                             "warnings": by_key,
                             "problems": [{"field": p.field, "text": p.text} for p in found["problems"]]})

    async def colour_upload(self, request: Request) -> Response:
        """A theme file from the person's computer, loaded as ``--theme`` loads it."""
        game = await self._game(request)
        form = await request.form()
        sent = form.get("file")
        if sent is None or isinstance(sent, str):
            raise Problems("choose a theme file (.yaml) to open")
        filename = upload_name(sent.filename, "theme.yaml")
        data = await sent.read()

        def load() -> dict[str, Any]:
            loaded = read_theme(self.space, game, upload_text(data, filename), filename)
            if loaded.value is None:
                return {"name": filename, "problems": loaded.message, "fields": {}}
            theme = loaded.value
            doc = shared.load_document(loaded.path)
            base = str(doc.data.get("base") or game.theme_names()[0])
            fields = {"name": [theme.name], "base": [base], **{f"c:{k}": [v] for k, v in theme.colours.items()}}
            return {"name": filename, "problems": "", "fields": fields}

        return await self.colours(request, upload=await work(load))

    async def saved_theme(self, request: Request) -> Response:
        """A theme the studio saved, to download."""
        game = await self._game(request)
        path = await work(saved_file, self.space.themes_folder(game.id), request.path_params["name"])
        return FileResponse(path, media_type="application/x-yaml", filename=path.name)

    # -- printer -------------------------------------------------------------------------------------------------

    def _printer_state(self, fields: dict[str, list[str]]) -> dict[str, Any]:
        """The profile a printer form (or the page's address) holds, as the form's fields."""
        edit = (fields.get("profile") or [""])[0]
        if edit:
            ref = saved_file(self.space.printers_folder(), edit) if edit.endswith(".yaml") else edit
            profile = shared.load_printer(ref)
            setup = profile.setup("A4")
            state = {"name": profile.name, "duplex": profile.duplex,
                     **{side: f"{m:g}" for side, m in zip(SIDES, setup.margins)},
                     "x": f"{setup.offset[0]:g}", "y": f"{setup.offset[1]:g}"}
            if edit == shared.DEFAULT_PRINTER:
                state["name"] = "my-printer"
        else:
            state = {"name": "my-printer", "duplex": "long", **{side: "6.35" for side in SIDES}, "x": "0", "y": "0"}
        for key in ("name", "duplex", *SIDES, "x", "y"):
            if fields.get(key):
                state[key] = fields[key][0].strip()
        state["rx"], state["ry"] = (fields.get("rx") or [""])[0].strip(), (fields.get("ry") or [""])[0].strip()
        return state

    def _printer_view(self, game: shared.Game, state: dict[str, Any], fmt: str) -> dict[str, Any]:
        text = printer_text(state["name"], {s: state[s] for s in SIDES}, state["duplex"],
                            {"x": state["x"], "y": state["y"]})
        loaded = read_printer(self.space, text, f"{state['name']}.yaml")
        found: dict[str, Any] = {"text": text, "problems": located(loaded, field_lines(text)), "sheets": [],
                                 "loaded": loaded}
        if loaded.value is None:
            return found
        selection = Selection(game.format(fmt).small_paper, (fmt,), (game.theme_names()[0],), state["name"],
                              printer_file=loaded.path)
        try:
            for part in ("pieces", "cards"):
                found["sheets"] += part_sheets(self.space, game, selection, part, fmt, game.theme_names()[0])
        except Exception as exc:  # noqa: BLE001 - a profile whose margins leave no room says so at its line
            found["problems"].append(Field(None, shared.user_message(exc) or f"internal error: {exc}"))
        return found

    async def printer(self, request: Request, upload: dict[str, Any] | None = None) -> Response:
        """The printer profile: the calibration sheet, a form for its readings, the backs moved by the offset."""
        game = await self._game(request)
        fields = query_of(request) if request.method == "GET" else fields_of(await request.form())
        if upload is not None:
            fields = {**fields, **upload["fields"]}
        state = await work(self._printer_state, fields)
        action = (fields.get("action") or [""])[0]
        problems: list[Field] = []
        if action == "add":
            try:
                state["x"] = f"{float(state['x']) + float(state['rx'] or 0):g}"
                state["y"] = f"{float(state['y']) + float(state['ry'] or 0):g}"
                state["rx"] = state["ry"] = ""
            except ValueError:
                problems.append(Field("rx", "a reading is a number of mm, such as 1.5 or -0.5 (read it off the "
                                            "scale where the line on the back crosses it)"))
        fmt = self._preview_format(game, fields)
        found = await work(self._printer_view, game, state, fmt)
        found["problems"] = problems + found["problems"]
        loaded: Loaded = found.pop("loaded")
        if action.startswith("calibration-") and loaded.value is not None and not found["problems"]:
            return await work(self._calibration, game, action.split("-", 1)[1], loaded.path)
        saved = None
        if action == "save" and loaded.value is not None and not found["problems"]:
            saved = await work(save, self.space.printers_folder(), state["name"], found["text"])
            await work(shared.load_printer, saved)
        return self.studio.page("printer.html", **self._common(
            game, state=state, fmt=fmt, formats=list(game.formats), saved=saved, upload=upload,
            saved_printers=saved_names(self.space.printers_folder()), builtin=shared.profile_names(),
            papers=PAPERS, **found))

    def _calibration(self, game: shared.Game, paper: str, profile: Path) -> Response:
        """The duplex calibration sheet for ``paper`` and this profile, as the kit writes it."""
        if paper not in [p.lower() for p in PAPERS]:
            raise shared.UserError(f"unknown paper '{paper}'; papers: {', '.join(p.lower() for p in PAPERS)}")
        fmt = next(f for f in game.formats if game.format(f).small_paper.lower() == paper)
        options = shared.kit_options(game, ("calibration",), str(profile), formats=(fmt,), out=self.space.out,
                                     previews=False)
        job = next((j for j in shared.plan(game, options, lambda _: None) if j.part == "calibration"), None)
        if job is None:
            raise shared.UserError(f"{game.title}'s kit has no pieces to print two-sided, and no calibration sheet")
        with tempfile.TemporaryDirectory(dir=self.space.temp) as folder:
            path = shared.inside(Path(folder), job.name)
            job.make(path)
            data = path.read_bytes()
        return Response(data, media_type="application/pdf",
                        headers={"content-disposition": f'attachment; filename="{job.name}"'})

    async def calibration(self, request: Request) -> Response:
        """The calibration sheet for a paper and a saved or built-in profile (``?printer=``)."""
        game = await self._game(request)
        paper = request.path_params["paper"].removeprefix("duplex-calibration-").removesuffix(".pdf")
        printer = request.query_params.get("printer", shared.DEFAULT_PRINTER)
        ref = saved_file(self.space.printers_folder(), printer) if printer.endswith(".yaml") else \
            shared.printer_path(printer)
        return await work(self._calibration, game, paper, ref)

    async def printer_upload(self, request: Request) -> Response:
        """A printer profile from the person's computer, loaded as ``--printer`` loads it."""
        await self._game(request)
        form = await request.form()
        sent = form.get("file")
        if sent is None or isinstance(sent, str):
            raise Problems("choose a printer profile file (.yaml) to open")
        filename = upload_name(sent.filename, "printer.yaml")
        data = await sent.read()

        def load() -> dict[str, Any]:
            loaded = read_printer(self.space, upload_text(data, filename), filename)
            if loaded.value is None:
                return {"name": filename, "problems": loaded.message, "fields": {}}
            setup = loaded.value.setup("A4")
            fields = {"name": [loaded.value.name], "duplex": [loaded.value.duplex],
                      **{side: [f"{m:g}"] for side, m in zip(SIDES, setup.margins)},
                      "x": [f"{setup.offset[0]:g}"], "y": [f"{setup.offset[1]:g}"]}
            return {"name": filename, "problems": "", "fields": fields}

        return await self.printer(request, upload=await work(load))

    async def saved_printer(self, request: Request) -> Response:
        """A printer profile the studio saved, to download."""
        path = await work(saved_file, self.space.printers_folder(), request.path_params["name"])
        return FileResponse(path, media_type="application/x-yaml", filename=path.name)

    # -- rule diagrams -------------------------------------------------------------------------------------------

    async def diagrams(self, request: Request) -> Response:
        """Pick a rule example, see its diagram (as the rules engine computes it)."""
        game = await self._game(request)
        chosen = request.query_params.get("example", "")

        def draw() -> dict[str, Any]:
            shown, left_out = shared.shown_examples(game)
            found: dict[str, Any] = {"shown": shown, "left_out": left_out, "chosen": chosen, "art": None,
                                     "problem": ""}
            if chosen:
                try:
                    art = shared.draw_rule_example(game, shared.check_shown(game, chosen), True)
                    found["art"] = Sheet(art.title, inline(art.svg), page_size(art.svg), (0.0, 0.0, 0.0, 0.0))
                    found["caption"] = art.caption
                except Exception as exc:  # noqa: BLE001 - shown beside the picker
                    found["problem"] = shared.user_message(exc) or f"internal error: {type(exc).__name__}: {exc}"
            return found

        return self.studio.page("diagrams.html", **self._common(game, **await work(draw)))

    # -- fonts ---------------------------------------------------------------------------------------------------

    async def font(self, request: Request) -> Response:
        """The project's fonts, so that the previews' text is set in the faces the PDFs embed."""
        name = request.path_params["name"].removesuffix(".ttf")
        if name not in shared.REPORTLAB_FONTS:
            raise Problems(f"no font named {name}")
        return FileResponse(shared.REPORTLAB_FONTS[name], media_type="font/ttf",
                            headers={"cache-control": "private, max-age=86400"})

