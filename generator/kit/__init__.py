"""Building a game's kit: which files exist, in which order they are made, and making them."""
from __future__ import annotations

import gc
import hashlib
import importlib
import multiprocessing
import os
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, cast

from ..compose.board_sheets import board_pages, check_layout
from ..errors import SpecError, UserError
from ..output.fingerprint import Manifest, build_key, inputs_digest
from ..output.gcpause import gc_paused
from ..model.geometry import cell_size_text
from ..model.game import Game, load_game
from .guide import GUIDE_FILE, GuideMaker, guide_context
from ..output.outfiles import build_lock, hold_as_worker, inside, remove_leftovers
from ..output.pdf import PdfOptions
from ..play.examples import example_standing
from ..play.registry import plugin_for, rules_for
from ..play.setup import setup_problems
from ..model.printers import load_printer, printer_path
from .piece_kit import PdfMaker, calibration_files, card_files, decal_files, mat_files, papers_for, piece_files
from ..output.progress import Progress, Written
from ..rulebook import book_files, player_aid_files
from ..rulebook.files import art_keys_of, shared_rulebook
from ..model.theme import ColourWarning, Theme, colour_warnings
from ..wording import counted
from ..model.yamlsource import load_document

if TYPE_CHECKING:
    from ..rulebook.figures import Drawn

OUTPUT_DIR = Path(__file__).resolve().parents[2] / "output"


@dataclass(frozen=True)
class Job:
    """One file of the kit: its name, the part it belongs to, and how to make it."""

    part: str
    name: str
    make: Callable[[Path], int]  # writes the file, returns its page count
    preview: bool = True  # whether make() also writes a PNG preview beside the file (when previews are on)


@dataclass(frozen=True)
class KitOptions:
    """What to build: parts, formats and themes (None means all), and where."""

    parts: tuple[str, ...] | None = None
    formats: tuple[str, ...] | None = None
    themes: tuple[str, ...] | None = None
    out: Path = OUTPUT_DIR
    previews: bool = True
    force: bool = False
    printer: Path | None = None  # printer profile file; None for specs/printers/default.yaml
    cut: tuple[str, ...] = ()  # cutting machines to make cut files for (generator.cutfiles.MACHINES)


def board_job(game: Game, theme: Theme, fmt_name: str, previews: bool, printer: Path | None) -> Job:
    """The job that writes one board PDF (and its PNG preview)."""
    fmt = game.format(fmt_name)
    name = f"board-{fmt_name}-{theme.name}.pdf"
    options = PdfOptions(title=f"{game.title} board, {fmt_name}, {theme.name} theme",
                         subject=f"{game.title} board, {cell_size_text(game.board.grid, fmt.square_mm)}")
    return Job("board", name, PdfMaker(lambda: board_pages(game, theme, fmt, printer)[0], options, previews,
                                       dpi=30 if fmt.tiled else 40))


def plan_boards(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Board PDFs: every selected format in every selected theme (each layout is checked first)."""
    for f in formats:
        check_layout(game, game.format(f), options.printer)
    return [board_job(game, theme, f, options.previews, options.printer) for theme in themes for f in formats]


def plan_pieces(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Punch sheets of the pieces for every selected format (duplex and fold-over), in the first theme."""
    return [Job("pieces", n, m) for n, m in piece_files(game, themes[0], formats, options.printer, options.previews)]


def plan_cards(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Every deck of the components spec: two-sided and fold-over card sheets on each paper the formats use."""
    return [Job("cards", n, m) for n, m in card_files(game, themes[0], papers_for(game, formats), options.printer,
                                                      options.previews)]


def plan_mats(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Every player mat of the components spec, one sheet each."""
    return [Job("mats", n, m) for n, m in mat_files(game, themes[0], options.printer, options.previews)]


def plan_calibration(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The duplex calibration sheet for the printer profile, on every paper the formats use."""
    return [Job("calibration", n, m)
            for n, m in calibration_files(game, themes[0], formats, options.printer, options.previews)]


def plan_decals(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Stickers of the board's marked squares, for a board built by hand."""
    return [Job("decals", n, m) for n, m in decal_files(game, themes[0], formats, options.printer, options.previews)]


def plan_rulebook(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The short rulebook in A4 and US Letter, and as booklets on A4 and on Letter (board formats and themes do not
    apply)."""
    return [Job("rulebook", n, m, preview=False) for n, m in book_files(game, "rulebook")]


def plan_reference(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The rules reference in the same four editions as the rulebook."""
    return [Job("reference", n, m, preview=False) for n, m in book_files(game, "reference")]


def plan_player_aid(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The player aid: an A4 and a US Letter sheet, each cut into a summary for each player."""
    return [Job("player-aid", n, m) for n, m in player_aid_files(game, options.previews)]


def plan_guide(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The print guide, describing the files of the kit in the formats and themes of this build."""
    context = guide_context(game, formats, themes, options.printer, kit_file_names(game, options, themes, formats))
    return [Job("guide", GUIDE_FILE, GuideMaker(game, context), preview=False)]


def kit_file_names(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[str]:
    """The names of every file of the kit in these formats and themes but the guide, whatever parts the build
    makes: what the guide lists."""
    return [job.name for part, planner in parts_of(game).items() if part != "guide"
            for job in planner(game, options, themes, formats)]


PartPlanner = Callable[[Game, KitOptions, list[Theme], tuple[str, ...]], list[Job]]

#: The parts of a kit, in build order; each plans its own jobs.
PARTS: dict[str, PartPlanner] = {"board": plan_boards, "pieces": plan_pieces, "cards": plan_cards,
                                 "mats": plan_mats, "calibration": plan_calibration,
                                 "decals": plan_decals, "rulebook": plan_rulebook, "reference": plan_reference,
                                 "player-aid": plan_player_aid, "guide": plan_guide}


def parts_of(game: Game) -> dict[str, PartPlanner]:
    """The parts of a game's kit: the shared ones, then those its plug-in adds (cards, mats), in build order."""
    return {**PARTS, **cast("dict[str, PartPlanner]", dict(plugin_for(game).kit_parts))}


def theme_warnings(game: Game, theme: Theme) -> list[ColourWarning]:
    """The accessibility warnings a build gives for ``theme`` on this game: text contrast, and link colours (the
    board's links) that colour-blind players may confuse."""
    return colour_warnings(theme, [link.colour for link in game.board.links])


def kit_options(game: Game, parts: tuple[str, ...] | None, printer: str | Path | None, *,
                formats: tuple[str, ...] | None = None, themes: tuple[str, ...] | None = None, out: Path = OUTPUT_DIR,
                previews: bool = True, force: bool = False, cut: tuple[str, ...] = ()) -> KitOptions:
    """The options of a build as a person asks for it (on the command line, in the studio): the parts are checked
    against the game's, the printer profile is a built-in name or a .yaml file (None: the default), and the
    cutting machines are checked by name (:func:`~generator.cutfiles.machines.check_machines`)."""
    from ..cutfiles.machines import check_machines  # the cut files' code loads only when asked for

    if parts:
        known = parts_of(game)
        unknown = [p for p in parts if p not in known]
        if unknown:
            raise UserError(f"unknown part {', '.join(unknown)}; parts: {', '.join(known)}")
    return KitOptions(parts=parts, formats=formats, themes=themes, out=out, previews=previews, force=force,
                      printer=printer_path(printer) if printer else None, cut=check_machines(cut))


def plan(game: Game, options: KitOptions, warn: Callable[[str], None]) -> list[Job]:
    """Every job of the kit that the options select, in build order.

    The game's engine is made first: a game it cannot play (a board of the wrong shape, a player too many or
    missing) is refused with the engine's own message at its line, before any part is planned on it.
    """
    rules_for(game)
    formats = options.formats or tuple(game.formats)
    for f in formats:
        game.format(f)  # unknown names fail early, with a hint
    themes = [game.theme(t) for t in (options.themes or tuple(game.theme_names()))]
    _check_theme_names(themes)
    for theme in themes:
        for warning in theme_warnings(game, theme):
            warn(warning.text)
    jobs: list[Job] = []
    for part, planner in parts_of(game).items():
        if options.parts is None or part in options.parts:
            jobs.extend(planner(game, options, themes, formats))
    return with_cut_files(game, options, themes, formats, jobs) if options.cut else jobs


def with_cut_files(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...],
                   jobs: list[Job]) -> list[Job]:
    """``jobs`` and the cut files of their punch, card and decal sheets for each machine of ``options.cut``, with
    the print guide's pages on cutting machines after the guide's own (see :mod:`generator.cutfiles`)."""
    # Imported here, when first needed, to keep start-up fast.
    from ..cutfiles.files import cut_files
    from ..cutfiles.guide import cut_context, with_cut_guide

    profile = load_printer(options.printer)
    setups = [profile.setup(paper) for paper in papers_for(game, formats)]
    cut = cut_files([(job.name, job.make) for job in jobs], options.cut, themes[0], setups, game.title)
    context = cut_context(game, cut, options.cut, profile)
    jobs = [replace(job, make=with_cut_guide(game, job.make, context)) if job.part == "guide" else job
            for job in jobs]
    return jobs + [Job("cut", name, make, preview=False) for name, make in cut.files]


def _check_theme_names(themes: list[Theme]) -> None:
    """Refuse two selected themes of the same name: their boards would overwrite each other."""
    seen: dict[str, Theme] = {}
    problems = []
    for theme in themes:
        first = seen.setdefault(theme.name, theme)
        if first is not theme and theme.source is not None:
            problems.append(load_document(theme.source).problem(
                ("name",), f"theme name '{theme.name}' is also the name of {first.source}; their boards would "
                "overwrite each other", "give this theme its own 'name:'"))
    if problems:
        raise SpecError(problems)


def check_inputs(game: Game, options: KitOptions, warn: Callable[[str], None] = lambda _: None) -> None:
    """Check what the build reads besides the planned files: the engine's layout and the component counts it
    needs, every rule example (under the options it was written for), the profile; ``warn`` hears which
    examples the books leave out, as this game's options or board change what they show.

    Raises :class:`SpecError` with every problem, before anything is written.
    """
    load_printer(options.printer)
    rules = rules_for(game)
    problems = setup_problems(game, rules)
    if not problems:
        standing = example_standing(game)
        problems += standing.problems
        left_out = standing.warning()
        if left_out and not problems:
            warn(left_out)
    if problems:
        raise SpecError(problems)


def check_book(game: Game, parts: set[str]) -> None:
    """Render the templates of the books and the player aid among ``parts`` (no layout yet): a template mistake is
    found, with its file and line, before the first file of the kit is written."""
    # Imported here, when first needed, to keep start-up fast.
    from ..rulebook.aid import TEMPLATE
    from ..rulebook.book import BOOKS
    from ..rulebook.files import shared_rulebook

    rulebook = shared_rulebook(game)
    for book in BOOKS:
        if book in parts:
            rulebook.blocks(book)
    if "player-aid" in parts:
        for side in rulebook.hooks.sides:
            rulebook.markup(TEMPLATE, side=side)


def _named_files(options: KitOptions) -> tuple[Path, ...]:
    """Spec files named on the command line (user themes, profiles) that feed the build."""
    named = [v for v in vars(options).values() if isinstance(v, (str, Path))]
    named += [v for value in vars(options).values() if isinstance(value, tuple) for v in value]
    return tuple(sorted({Path(v) for v in named if str(v).endswith((".yaml", ".yml"))}))


#: Parts whose files share work (the books' figures): built one after another in the same process.
SHARED_PARTS = ("rulebook", "reference", "player-aid")
#: The start method of the worker processes: None for the platform's default; any method works.
START_METHOD: str | None = None
#: This process's jobs and their paths, by index: planned by the build, or again by each worker as it starts.
_JOBS: list[tuple[Job, Path]] = []
#: The game of those jobs (in a worker: the one it loaded), whose books' pictures :func:`_draw` draws.
_GAME: list[Game] = []
#: What those jobs were planned for: the game's folder, the options and the output folder.
_PLANNED: list[tuple[Path, KitOptions, Path]] = []
#: Held by a build while it runs: the lists above are this process's, so two builds in one process (a studio's
#: thread and another caller) take turns instead of making each other's files.
_BUILDING = threading.Lock()


def _start_worker(game_folder: Path, options: KitOptions, modules: tuple[str, ...], folder: Path) -> None:
    """Set up a worker process: join the build that holds ``folder`` (and end with it), import the game's plug-in
    module, load the game and plan the same jobs; a worker forked from the build has them already (and the game's
    books read), and keeps them."""
    hold_as_worker(folder)
    if _PLANNED != [(game_folder, options, folder)]:
        for module in modules:
            importlib.import_module(module)
        game = load_game(game_folder)
        jobs = plan(game, options, lambda _: None)
        _JOBS[:] = [(job, inside(folder, job.name)) for job in jobs]
        _GAME[:] = [game]
        _PLANNED[:] = [(game_folder, options, folder)]
    gc.freeze()  # what the worker starts with is kept to its end: the collector need never walk it (see _jobs_gc)
    gc.disable()  # a worker collects only as _jobs_gc says (one forked from a build has it disabled already)


#: How many objects a build's jobs may leave to the collector before it runs (see :func:`_jobs_gc`): Dravakron's
#: kit leaves about 450,000 in each of its two workers, some 45 MB more than collecting after every job.
GARBAGE_LIMIT = 500_000


@contextmanager
def _jobs_gc() -> Iterator[None]:
    """Run some of the build's jobs with Python's cyclic garbage collector paused, and collect their garbage once
    it has grown past :data:`GARBAGE_LIMIT` objects.

    A build makes and drops millions of small objects (cairosvg's tree of every SVG page and picture, reportlab's
    flowables in every pass): left to run, the collector walks the heap some 2,000 times in a kit (about a tenth of
    its CPU). Paused, it runs when the garbage is worth it and walks what the jobs left, not what the build loaded
    first (frozen, see :func:`gc.freeze`): a worker's garbage is freed at its end, or when it passes the limit, so
    that a large kit's workers never hold more than the limit's worth. Collecting after every job, as before, cost
    Dravakron's kit about 0.5 CPU-s more, mostly freeing memory that the worker's end frees at once. Nothing made
    depends on when garbage is freed.
    """
    try:
        with gc_paused():
            yield
    finally:
        if gc.get_count()[0] > GARBAGE_LIMIT:
            gc.collect()


def _run(indices: list[int]) -> list[tuple[int, int, float]]:
    """Make the jobs at ``indices`` of :data:`_JOBS`; (index, pages, seconds) for each."""
    done = []
    for index in indices:
        job, path = _JOBS[index]
        start = time.perf_counter()
        with _jobs_gc():
            done.append((index, job.make(path), time.perf_counter() - start))
    return done


def _draw(keys: list[str]) -> dict[str, Drawn]:
    """Draw and convert the books' pictures named by ``keys`` (in a worker), for the books made in any worker."""
    with _jobs_gc():
        return shared_rulebook(_GAME[0]).figures.prepare(keys)


def _run_books(indices: list[int], drawn: dict[str, Drawn]) -> list[tuple[int, int, float]]:
    """Make the book jobs at ``indices`` with the pictures every worker drew (see :func:`_draw`)."""
    shared_rulebook(_GAME[0]).figures.adopt(drawn)
    return _run(indices)


def _tasks(todo: list[int], jobs: list[Job]) -> list[list[int]]:
    """Work units: the jobs of the shared parts together (first, as they take longest), every other job alone."""
    shared = [i for i in todo if jobs[i].part in SHARED_PARTS]
    return ([shared] if shared else []) + [[i] for i in todo if jobs[i].part not in SHARED_PARTS]


def workers() -> int:
    """How many processes build at once: BOARDKIT_JOBS if set, else one per core (at most two)."""
    wanted = os.environ.get("BOARDKIT_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    return min(2, os.cpu_count() or 1)


def build(game: Game, options: KitOptions, quiet: bool = False, progress: Progress | None = None) -> list[Written]:
    """Build the selected files of a game's kit into ``options.out/<game>``; returns what was written.

    A file whose inputs (specs, templates, code, named theme files) have not
    changed since it was last built is left alone, unless ``options.force``.
    Every input is checked and every path proved inside the output folder
    before the first file is written; one build at a time holds the folder,
    and removes the temporary files of saves that were killed. Files are
    made in parallel worker processes (any start method) when the machine has
    cores to spare; they end with the build's process. Every file is written
    atomically, so the output is the same. A read-only folder whose files are
    all up to date is a build that passes; one with a file to write is refused. ``progress`` hears of every
    file as it is done (by default, lines on stderr).
    """
    progress = progress if progress is not None else Progress(0, quiet)
    warned: list[str] = []

    def warn(message: str) -> None:
        warned.append(message)
        progress.warn(message)

    jobs = plan(game, options, warn)
    progress.total = len(jobs)
    folder = inside(options.out, game.id)
    paths = [inside(folder, job.name) for job in jobs]
    with _BUILDING, build_lock(folder, progress.note) as writable:
        if writable:
            remove_leftovers(folder)
        written = _build_locked(game, options, jobs, folder, paths, progress, writable)
        if writable:  # what `up_to_date` answers the next time nothing has changed
            files = [(job.name, w.pages, [p.name for p in _outputs(job, path, options)])
                     for job, path, w in zip(jobs, paths, written)]
            Manifest(folder).record_build(_key(game, options), files, warned)
        return written


def _key(game: Game, options: KitOptions) -> str:
    """The whole build's fingerprint (:func:`.fingerprint.build_key`)."""
    return build_key(game.id, game.folder, options.parts, options.formats, options.themes, options.printer,
                     options.previews, options.cut)


def _outputs(job: Job, path: Path, options: KitOptions) -> list[Path]:
    """The files a job writes: its file, and its PNG preview when previews are on."""
    return [path] + ([path.with_suffix(".png")] if options.previews and job.preview else [])


def _build_locked(game: Game, options: KitOptions, jobs: list[Job], folder: Path, paths: list[Path],
                  progress: Progress, writable: bool) -> list[Written]:
    """The build of :func:`build` once it holds the output folder: skip what is current, check, make the rest."""
    manifest = Manifest(folder)
    digest = inputs_digest(game.id, _named_files(options))
    written: dict[int, Written] = {}
    fingerprints: dict[int, str] = {}
    for index, job in enumerate(jobs):
        path = paths[index]
        outputs = _outputs(job, path, options)
        # What was selected changes some files (the pieces take the first theme, the guide lists the formats).
        selection = f"{options.themes}|{options.formats}|{options.printer}|{options.previews}" \
            + (f"|{options.cut}" if options.cut else "")
        fingerprints[index] = hashlib.sha256(f"{digest}|{job.name}|{selection}".encode()).hexdigest()
        if not options.force and manifest.is_current(job.name, fingerprints[index], outputs):
            progress.line(job.name, "up to date")
            written[index] = Written(path, manifest.pages(job.name), skipped=True)
    todo = [i for i in range(len(jobs)) if i not in written]
    if todo and not writable:
        missing = f"{counted(len(todo), 'file')} of this build {'is' if len(todo) == 1 else 'are'}"
        raise UserError(f"cannot write {paths[todo[0]]}: the folder is read-only, and {missing} missing or out of "
                        "date there; make the folder writable, or build into another folder with --out")
    if todo:
        check_inputs(game, options, progress.warn)
        book_parts = {jobs[i].part for i in todo} & set(SHARED_PARTS)
        if book_parts:
            check_book(game, book_parts)
    tasks = _tasks(todo, jobs)
    _JOBS[:] = list(zip(jobs, paths))
    _GAME[:] = [game]
    _PLANNED[:] = [(game.folder, options, folder)]
    count = min(workers(), len(todo))
    if count > 1:
        modules = (plugin_for(game).make_rules.__module__,)
        books = [i for i in todo if jobs[i].part in SHARED_PARTS]
        keys = art_keys_of(game, {jobs[i].part for i in books}) if books else []
        _collect(_in_workers(_Schedule(todo, jobs, keys, count), count, (game.folder, options, modules, folder)),
                 jobs, folder, fingerprints, manifest, progress, written)
    else:
        gc.freeze()  # what was loaded before the jobs is not walked by the collector after each (see _jobs_gc)
        try:
            _collect((item for task in tasks for item in _run(task)), jobs, folder, fingerprints, manifest, progress,
                     written)
        finally:
            gc.unfreeze()
    return [written[i] for i in range(len(jobs))]


class _Schedule:
    """The order in which workers take the build's work, a task at a time as each worker comes free.

    Every worker first draws its share of the books' pictures (:func:`_draw`); each book edition and player aid
    is then a task of its own, made with every picture drawn (:func:`_run_books`), and comes before the other
    files (the books take longest); every other file is a task of its own.
    """

    def __init__(self, todo: list[int], jobs: list[Job], keys: list[str], count: int):
        self.books = [[i] for i in todo if jobs[i].part in SHARED_PARTS]
        self.others = [[i] for i in todo if jobs[i].part not in SHARED_PARTS]
        shares = [keys[n::count] for n in range(count)] if self.books else []
        self.drawing = [share for share in shares if share]
        self.waiting = len(self.drawing)  # picture tasks not finished yet
        self.drawn: dict[str, Drawn] = {}

    def next(self) -> tuple[Callable[..., object], tuple[object, ...]] | None:
        """The next task to hand a free worker (function and arguments), or None while nothing can start."""
        if self.drawing:
            return _draw, (self.drawing.pop(0),)
        if self.books and not self.waiting:
            return _run_books, (self.books.pop(0), self.drawn)
        if self.others:
            return _run, (self.others.pop(0),)
        return None

    def done(self, result: object) -> list[tuple[int, int, float]]:
        """Take in a finished task's result; the jobs it made (index, pages, seconds)."""
        if isinstance(result, dict):
            self.drawn.update(result)
            self.waiting -= 1
            return []
        assert isinstance(result, list)
        return result


def _load_drawing_libraries() -> None:
    """Load what every worker draws and writes with (cairo's SVG reader, the PDF renderer, the PNG writer of the
    previews, and shapely, with which the piece sheets fit their marks) before the workers are forked, so that they
    share this copy instead of each loading its own (about 0.3 CPU-s a worker); a build that forks no worker never
    loads them here."""
    # Imported here, when first needed, to keep start-up fast (a build with nothing to do never loads them).
    import cairosvg  # noqa: F401
    import pypdfium2  # noqa: F401
    import shapely.geometry  # noqa: F401  (the piece sheets fit their marks with it: see render.emblems)
    from PIL import Image

    Image.preinit()  # the PNG writer's plug-in


def _in_workers(schedule: _Schedule, count: int,
                setup: tuple[Path, KitOptions, tuple[str, ...], Path]) -> Iterator[tuple[int, int, float]]:
    """Run the scheduled work in ``count`` worker processes; yield each job's result as its task ends.

    The first failure stops the build: tasks not started are cancelled and the error is raised here. A worker
    that dies (killed, out of memory) ends the build with a :class:`UserError`, never a wait for ever.
    """
    context = multiprocessing.get_context(START_METHOD)
    if context.get_start_method() == "fork":
        _load_drawing_libraries()
    gc.freeze()  # forked workers share the build's objects: a collection in a worker never walks (and copies) them
    pool = ProcessPoolExecutor(count, mp_context=context, initializer=_start_worker, initargs=setup)
    try:
        pending: set[Future[object]] = set()
        while True:
            while len(pending) < count:
                task = schedule.next()
                if task is None:
                    break
                function, arguments = task
                pending.add(pool.submit(function, *arguments))
            if not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from schedule.done(future.result())
    except BrokenProcessPool:
        raise UserError("a build process stopped without finishing its file (killed, or out of memory); "
                        "nothing half-written was kept: run the build again") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        gc.unfreeze()


def _collect(results: Iterable[tuple[int, int, float]], jobs: list[Job], folder: Path, fingerprints: dict[int, str],
             manifest: Manifest, progress: Progress, written: dict[int, Written]) -> None:
    """Record each finished job as its result comes in: manifest, progress line, written entry."""
    for index, pages, seconds in results:
        job = jobs[index]
        manifest.record(job.name, fingerprints[index], pages)
        progress.line(job.name, "done", seconds)
        written[index] = Written(folder / job.name, pages)
