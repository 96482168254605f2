"""Command line: `boardkit` (or `python -m generator`) with one subcommand per task."""
from __future__ import annotations

import argparse
import gc
import json
import math
import sys
import traceback
from pathlib import Path
from typing import Callable

from . import __version__
from .errors import SpecError, UserError, user_message
from .output.gcpause import gc_paused
from .wording import counted

Handler = Callable[[argparse.Namespace], int]


def _csv(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


def up_to_date(args: argparse.Namespace) -> bool:
    """Answer a build that has nothing to do without loading the game: when the output folder's manifest records
    the same whole build (same inputs, same selection) and every file of it is there, say so as the build would
    (its warnings, a line per file, the table) and return True. False leaves the answer to the build."""
    # Imported here, when first needed, to keep start-up fast.
    from .output.fingerprint import Manifest, build_key, game_folder
    from .output.outfiles import PARTIAL_SUFFIX
    from .output.progress import Progress, Written, summary_table

    folder = game_folder(args.game)
    if folder is None or args.force or (args.printer and not args.printer.endswith((".yaml", ".yml"))):
        return False
    out = Path(args.out) / folder.name
    if not out.is_dir() or any(out.glob(f".*{PARTIAL_SUFFIX}")):
        return False  # a killed build's leftovers: the build removes them
    key = build_key(folder.name, folder, args.part, args.format, args.theme,
                    Path(args.printer) if args.printer else None, not args.no_preview, tuple(args.cut or ()))
    record = Manifest(out).build(key)
    if record is None:
        return False
    progress = Progress(len(record["files"]), args.quiet)
    for warning in record["warnings"]:
        progress.warn(warning)
    written = []
    for name, pages, _ in record["files"]:
        progress.line(name, "up to date")
        written.append(Written(out / name, pages, skipped=True))
    if not args.quiet:
        print(summary_table(written, Path(args.out)))
    return True


def cmd_print(args: argparse.Namespace) -> int:
    """Build a game's kit (or some parts, formats and themes of it)."""
    if up_to_date(args):
        return 0
    with gc_paused():  # the build collects after each of its jobs (generator.kit)
        return _build(args)


def _build(args: argparse.Namespace) -> int:
    """The build of :func:`cmd_print` once it is known to have work to do."""
    from .model.game import load_game
    from .kit import build, kit_options
    from .output.progress import summary_table

    game = load_game(args.game)
    options = kit_options(game, args.part, args.printer, formats=args.format, themes=args.theme, out=Path(args.out),
                          previews=not args.no_preview, force=args.force, cut=tuple(args.cut or ()))
    written = build(game, options, quiet=args.quiet)
    if not args.quiet:
        print(summary_table(written, Path(args.out)))
    return 0


def cmd_tts(args: argparse.Namespace) -> int:
    """Export a game to Tabletop Simulator: a saved game, its pictures and books, in OUT/GAME/tts/."""
    # Imported here, when first needed, to keep start-up fast.
    from .model.game import load_game
    from .tts import TtsOptions, export_tts

    game = load_game(args.game)
    done = export_tts(game, TtsOptions(theme=args.theme, format=args.format, image_base=args.image_base,
                                       seed=args.seed, out=Path(args.out)))
    print(f"wrote {done.save} and {done.thumbnail.name}, with {counted(len(done.files), 'file')} beside them")
    print(f"to play: copy the folder's {done.save.name} and {done.thumbnail.name} into Tabletop Simulator's Saves "
          "folder (see the README, 'Play it online'), then load the save from Games > Save & Load")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """Write the JSON Schemas of every spec format."""
    from .model import pieces, printers  # noqa: F401  (modules that own a spec format register it)
    from .play import examples  # noqa: F401
    from .model.schemas import SCHEMAS, bundle

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for kind, schema in sorted(SCHEMAS.items()):
        doc = dict(schema, **{"$schema": "https://json-schema.org/draft/2020-12/schema"})
        (out / f"{kind}.schema.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (out / "specs.schema.json").write_text(json.dumps(bundle(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(SCHEMAS) + 1} schemas to {out}/ ({', '.join(sorted(SCHEMAS))}, specs)")
    print("editors: add '# yaml-language-server: $schema=<path>/board.schema.json' at the top of a spec")
    return 0


def cmd_preflight(args: argparse.Namespace) -> int:
    """Check every PDF of a built kit; exit 1 when any check fails."""
    # Imported here, when first needed, to keep start-up fast.
    from .model.game import load_game
    from .kit import KitOptions
    from .kit.preflight import preflight, report
    from .model.printers import printer_path

    game = load_game(args.game)
    options = KitOptions(parts=args.part, formats=args.format, themes=args.theme, out=Path(args.out),
                         printer=printer_path(args.printer) if args.printer else None)
    results, ink = preflight(game, options, reproducible=not args.no_rebuild)
    print(report(results, ink))
    return 0 if all(c.ok for c in results) else 1


def cmd_diagram(args: argparse.Namespace) -> int:
    """Write the diagram of one rule example, or of every example with --all."""
    with gc_paused():
        return _diagrams(args)


def _diagrams(args: argparse.Namespace) -> int:
    """The diagrams of :func:`cmd_diagram`."""
    # Imported here, when first needed, to keep start-up fast.
    from .model.game import load_game
    from .output.outfiles import inside
    from .rulebook.diagram_files import check_shown, shown_examples, write_diagram
    from .play.examples import example_standing

    game = load_game(args.game)
    shown, left_out = shown_examples(game) if args.all else ([], {})
    refs = shown if args.all else args.example
    if not refs and not (args.all and left_out):
        raise UserError("name a rule example (file or id), or use --all")
    if args.all and left_out:
        print(f"note: {example_standing(game).warning()}", file=sys.stderr)
    for ref in refs:
        check_shown(game, ref)
    out = Path(args.out) if args.out else Path("output") / game.id / "diagrams"
    for ref in refs:
        target = out if (out.suffix and len(refs) == 1) else inside(out, f"{Path(ref).stem}.{args.format}")
        written = write_diagram(game, ref, target, None if target.suffix else args.format)
        print(f"wrote {written}")
        if len(refs) > 1:
            gc.collect()
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    """List the games under specs/ with the engine each names, and the registered engines."""
    # Imported here, when first needed, to keep start-up fast.
    from .model.game import game_folders, load_game
    from .play.registry import broken, plugins

    found = plugins()
    rows = []
    for folder in game_folders():
        try:
            game = load_game(folder)
        except SpecError as exc:
            problems = counted(len(exc.problems), "problem")
            rows.append((folder.name, "?", f"does not load: {problems}; run 'boardkit verify {folder.name}'"))
            continue
        plugin = found.get(game.rules)
        note = plugin.summary if plugin else f"no registered engine named '{game.rules}'"
        rows.append((folder.name, game.rules or "-", f"{game.title}: {note}"))
    width = max([len(r[0]) for r in rows] + [4])
    rules_width = max([len(r[1]) for r in rows] + [5])
    print(f"{'game':<{width}}  {'rules':<{rules_width}}  what it is")
    for name, rules, note in rows:
        print(f"{name:<{width}}  {rules:<{rules_width}}  {note}")
    print(f"{counted(len(rows), 'game')}; engines registered: {', '.join(found) or 'none'}")
    for package, error in broken().items():
        print(f"engine package generator/games/{package}/ does not import: {error}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Prove game specs sound with the rules model; exit 1 when one fails."""
    # Imported here, when first needed, to keep start-up fast.
    from .kit.verify import run

    return run(args)


def _count(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``, or a clear error."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is too small: give {least} or more")
        return value
    return read


def _amount(least: float, strict: bool) -> Callable[[str], float]:
    """An argparse type: a number more than ``least`` (``strict``) or at least ``least``, or a clear error."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
        if not math.isfinite(value) or value < least or (strict and value == least):
            raise argparse.ArgumentTypeError(f"{text} is out of range: give a number {'more than' if strict else 'of at least'} "
                                             f"{least:g}")
        return value
    return read


def _budget(text: str) -> object:
    """An argparse type: a search budget (``200`` playouts or ``0.5s``), or a clear error."""
    from .search.player import Budget

    try:
        return Budget.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def cmd_balance(args: argparse.Namespace) -> int:
    """Play seeded games between equal search players and print the balance report."""
    import time

    from .model.game import load_game
    from .search.balance import Played, Setup, engine, parse_changes, report, run, workers
    from .search.player import Budget, Settings, budget_for, horizon_for, tree_for

    game = load_game(args.game)
    changes = parse_changes(args.variant or [])
    rules = engine(game, changes)
    budget = budget_for(rules, args.budget if isinstance(args.budget, Budget) else None)
    settings = Settings(budget, args.rollout, horizon=horizon_for(rules, args.horizon),
                        **tree_for(rules, args.widening, args.bias, args.halving))
    setup = Setup(str(game.folder), changes, args.games, settings, args.seed)
    jobs = min(args.jobs or workers(), args.games)
    start = time.perf_counter()
    playouts = [0]
    if budget.seconds is not None:
        print("note: a budget in seconds depends on the machine's speed: the report is not reproducible",
              file=sys.stderr)

    def done(played: Played) -> None:
        playouts[0] += played.playouts
        record = played.record
        ending = (f"{', '.join(record.winners)} won ({record.ending})" if record.winners else
                  "stopped at the cap" if record.ending == "cap" else f"draw ({record.ending})")
        count = len(str(args.games))
        if not args.quiet:
            print(f"[{played.index + 1:>{count}}/{args.games}] game {played.index + 1}: {ending}, "
                  f"{record.decisions} actions ({played.seconds:.1f} s of search)", file=sys.stderr, flush=True)

    records = run(rules, setup, jobs, done)
    took = time.perf_counter() - start
    print(report(game, rules, setup, records), end="")
    print(f"{counted(args.games, 'game')} in {took:.1f} s on {counted(jobs, 'process', 'processes')} "
          f"({playouts[0] / took:,.0f} playouts a second)", file=sys.stderr)
    return 0


def cmd_studio(args: argparse.Namespace) -> int:
    """Start the studio, a local web application to make a kit from a browser."""
    # Imported here, when first needed, to keep start-up fast.
    from .studio.server import serve

    return serve(Path(args.out), args.port, browser=not args.no_browser)


#: The help line of ``balance --budget``; ``{default}`` is filled in by :class:`_BalanceHelp`.
BUDGET_HELP = ("playouts per decision (e.g. 200), or seconds (e.g. 0.5s, not reproducible); default: the game's own "
               "budget, else {default} playouts")
#: The help lines of ``balance --widening``, ``--bias`` and ``--halving``; ``{default}`` is filled in by
#: :class:`_BalanceHelp`.
WIDENING_HELP = ("how fast the search tree grows: a node visited n times weighs at most WIDENING * sqrt(n) of its "
                 "actions (default: the game's own, else {default})")
BIAS_HELP = ("head start of the rollout policy's own choice at each node of the tree, fading as the node is visited; "
             "0 for none (default: the game's own, else {default})")
HALVING_HELP = ("how many of the game's own player's first picks the root of the search weighs by sequential halving; "
                "0 weighs every action by UCT (default: the game's own, else {default})")


class _BalanceHelp(argparse.HelpFormatter):
    """The balance command's help: the search's defaults are read only when the help is printed (the search code
    loads only for the commands that use it, keeping every other command's start-up short)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.help in (BUDGET_HELP, WIDENING_HELP, BIAS_HELP, HALVING_HELP):
            from .search.player import Budget, Settings

            default = {BUDGET_HELP: Budget().text(), WIDENING_HELP: f"{Settings.widening:g}",
                       BIAS_HELP: f"{Settings.bias:g}", HALVING_HELP: f"{Settings.halving}"}[action.help]
            return action.help.format(default=default)
        return super()._get_help_string(action)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="boardkit",
        description="Turn YAML specs of board games into print-ready kits: boards, pieces, rulebooks.",
        epilog="Run 'boardkit COMMAND --help' for the options of a command.")
    parser.add_argument("--version", action="version", version=f"boardkit {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback on internal errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("print", help="build a game's print-ready kit",
                       description="Build a game's kit into OUT/GAME/: every part, format and theme unless "
                                   "narrowed with the options below.")
    p.add_argument("game", nargs="?", default="dravakron", help="game name under specs/ or a game folder "
                                                                "(default: dravakron)")
    p.add_argument("--part", type=_csv, help="comma-separated parts to build (default: all)")
    p.add_argument("--format", type=_csv, help="comma-separated print formats, e.g. a3,a4x4 (default: all)")
    p.add_argument("--theme", type=_csv, help="comma-separated built-in theme names or theme .yaml files "
                                              "(default: all built-in themes)")
    p.add_argument("--out", default="output", help="output folder (default: output)")
    p.add_argument("--no-preview", action="store_true", help="skip the PNG previews")
    p.add_argument("--force", action="store_true", help="rebuild every file, even those that are up to date")
    p.add_argument("--printer", metavar="PROFILE", help="printer profile: a name under specs/printers/ or a .yaml "
                                                        "file (default: default); sets margins and duplex offset")
    p.add_argument("--cut", type=_csv, metavar="MACHINES", help="also make cut files of every punch, card and "
                                                                 "decal sheet for cutting machines: silhouette, "
                                                                 "cricut, or both (silhouette,cricut)")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing but warnings and errors")
    p.set_defaults(handler=cmd_print)

    p = sub.add_parser("tts", help="export a game to Tabletop Simulator",
                       description="Write OUT/GAME/tts/: a Tabletop Simulator saved game of the whole table set up "
                                   "for play (board, pieces, cards, mats, rulebook and player aid), its thumbnail, "
                                   "and the pictures and books it loads.")
    p.add_argument("game", nargs="?", default="dravakron", help="game name under specs/ or a game folder "
                                                                "(default: dravakron)")
    p.add_argument("--theme", help="a built-in theme name or a theme .yaml file (default: the game's first theme)")
    p.add_argument("--format", help="the print format whose board and pieces the table copies (default: the "
                                    "first in print.yaml)")
    p.add_argument("--image-base", metavar="URL", help="the web address the pictures and books will be shared "
                                                       "from, e.g. https://example.org/dravakron/ (default: "
                                                       "file:/// paths to the export's folder)")
    p.add_argument("--seed", type=int, default=0, help="seed of the shuffles: decks, face-down pieces (default 0)")
    p.add_argument("--out", default="output", help="output folder (default: output)")
    p.set_defaults(handler=cmd_tts)

    p = sub.add_parser("preflight", help="check that a built kit is ready to print",
                       description="Check every PDF of a built kit: page sizes, embedded fonts, nothing in the "
                                   "unprintable margin, scale bars, bleed boxes, ink use, and that two builds "
                                   "are byte-identical. Exits 1 when a check fails.")
    p.add_argument("game", nargs="?", default="dravakron", help="game name (default: dravakron)")
    p.add_argument("--out", default="output", help="the output folder the kit was built into (default: output)")
    p.add_argument("--part", type=_csv, help="comma-separated parts to check (default: all)")
    p.add_argument("--format", type=_csv, help="comma-separated print formats (default: all)")
    p.add_argument("--theme", type=_csv, help="comma-separated themes (default: all built-in themes)")
    p.add_argument("--printer", metavar="PROFILE", help="the printer profile the kit was built for (default: default)")
    p.add_argument("--no-rebuild", action="store_true", help="skip the two-builds reproducibility check")
    p.set_defaults(handler=cmd_preflight)

    p = sub.add_parser("diagram", help="draw the diagram of a rule example",
                       description="Check a rule example against the rules model and draw its diagram: the "
                                   "position, the engine's moves, destinations, reach and verdict.")
    p.add_argument("example", nargs="*", help="example id (file name without .yaml) or path to its YAML file")
    p.add_argument("--game", default="dravakron", help="game name under specs/ or a game folder "
                                                       "(default: dravakron)")
    p.add_argument("--all", action="store_true", help="draw every example of the game")
    p.add_argument("--format", choices=("svg", "pdf", "png"), default="svg", help="output format (default: svg)")
    p.add_argument("--out", help="output file (one example) or folder (default: output/GAME/diagrams)")
    p.set_defaults(handler=cmd_diagram)

    p = sub.add_parser("verify", help="prove game specs sound with their rules engines",
                       description="For each game: load its specs, build the engine its game.yaml names (which "
                                   "checks the layout), play a seeded batch of self-play games checking every "
                                   "invariant after every action, that a decision always has a legal action and "
                                   "that every kind of action occurs, then check every rule example. "
                                   "Exits 1 when a game fails.")
    p.add_argument("names", nargs="*", metavar="game", help="game names or folders (default: all)")
    p.add_argument("--games", type=int, default=200, help="self-play games per spec (default 200)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first random game (default 0)")
    p.add_argument("--max-plies", type=int, help="actions per self-play game at most (default: the engine's cap)")
    p.set_defaults(handler=cmd_verify)

    p = sub.add_parser("balance", help="measure a game's balance between equal search players",
                       formatter_class=_BalanceHelp,
                       description="Play seeded games between equal game-tree search players on every core and "
                                   "print, for each seat, its wins with a 95 % interval, the draws, the games' "
                                   "length and how often each kind of action and event happens. The same "
                                   "options give the same report, byte for byte (progress goes to stderr).")
    p.add_argument("game", help="game name under specs/ or a game folder")
    p.add_argument("--variant", action="append", metavar="KEY=VALUE",
                   help="an option of game.yaml changed for this run, e.g. players=3 (repeat for more)")
    p.add_argument("--games", type=_count(1), default=100, help="how many games (default 100)")
    p.add_argument("--budget", type=_budget, help=BUDGET_HELP)
    p.add_argument("--seed", type=_count(0), default=0, help="seed of the run (default 0)")
    p.add_argument("--rollout", choices=("policy", "random"), default="policy",
                   help="how playouts end: the game's own policy (default) or random play")
    p.add_argument("--horizon", type=_count(0), help="stop each playout after this many actions and score it with "
                                                     "the engine's judgement of the position, where it has one; "
                                                     "0 plays every playout to the end (default: the engine's "
                                                     "own horizon where it has a judgement, else 0)")
    p.add_argument("--widening", type=_amount(0, True), help=WIDENING_HELP)
    p.add_argument("--bias", type=_amount(0, False), help=BIAS_HELP)
    p.add_argument("--halving", type=_count(0), help=HALVING_HELP)
    p.add_argument("--jobs", type=_count(1), help="processes to play on (default: one per core, or BOARDKIT_JOBS)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    p.set_defaults(handler=cmd_balance)

    p = sub.add_parser("games", help="list the games and the rules engine of each",
                       description="List every game folder under specs/, the rules engine its game.yaml names, "
                                   "and the engines the registry found under generator/games/.")
    p.set_defaults(handler=cmd_games)

    p = sub.add_parser("studio", help="make a kit from a browser (a local web application)",
                       description="Start boardkit studio on this machine (127.0.0.1 only) and open the browser on "
                                   "it: pick a game, recolour it, calibrate your printer, download the kit. The first "
                                   "line printed is its address, with the token every request needs.")
    p.add_argument("--port", type=int, default=0, help="port to listen on (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="print the address without opening a browser")
    p.add_argument("--out", default="output", help="output folder for saved themes and printer profiles, and the "
                                                   "books it builds (default: output)")
    p.set_defaults(handler=cmd_studio)

    p = sub.add_parser("schema", help="write JSON Schemas of the spec formats",
                       description="Write one JSON Schema per spec format, for editors that check YAML as you type.")
    p.add_argument("--out", default="output/schema", help="folder to write to (default: output/schema)")
    p.set_defaults(handler=cmd_schema)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 checks failed, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        status: int = args.handler(args)
        return status
    except (SpecError, UserError, OSError) as exc:
        print(user_message(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - last line of defence: never a bare traceback
        if args.debug:
            traceback.print_exc()
        print(f"internal error: {type(exc).__name__}: {exc}\n(run again with --debug for details, "
              "and please report it)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
