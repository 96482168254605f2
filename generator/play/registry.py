"""The one registry of games: every sub-package of :mod:`generator.games` that exposes ``PLUGIN``.

Adding a game means adding its folders; nothing here names a game. A game's
``game.yaml`` says ``rules: <name>`` and this registry finds the plug-in whose
:attr:`GamePlugin.rules` is that name.
"""
from __future__ import annotations

import importlib
import json
import pkgutil
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence, cast

from ..errors import Problem, SpecError
from ..model.pieces import read_components
from ..model.validate import check_instance, did_you_mean, schema_messages
from .contract import GameRules

if TYPE_CHECKING:
    from ..model.cards import Deck
    from ..model.pieces import Components
    from ..model.game import Game
    from ..model.theme import Theme


# What a plug-in hands to the layers above this one, as the registry knows it: the registry keeps these hooks and
# never looks inside them; the layer that uses one checks what it got when it takes it (the books'
# :class:`~generator.rulebook.hooks.BookHooks`, the kit's jobs and file kinds, the Tabletop Simulator table), so
# this layer imports nothing above it.

class BookMaker(Protocol):
    """Makes a game's part of its books for a theme (:class:`generator.rulebook.hooks.BookHooks`)."""

    def __call__(self, game: "Game", theme: "Theme", /) -> object: ...


class PartPlanner(Protocol):
    """Plans one part of a kit: the jobs (:class:`generator.kit.Job`) for a game, the build's options
    (:class:`generator.kit.KitOptions`), its themes and its formats (:data:`generator.kit.PARTS`)."""

    def __call__(self, game: "Game", options: Any, themes: list["Theme"], formats: tuple[str, ...], /
                 ) -> Sequence[object]: ...


class TableMaker(Protocol):
    """Sets a game's table up for play with a seed (:class:`generator.tts.setup.TableSetup`)."""

    def __call__(self, game: "Game", seed: int, /) -> object: ...


@dataclass(frozen=True)
class Recording:
    """A golden playthrough: the spec folder's game, the seed, the action cap and why it is kept."""

    game: str
    seed: int
    max_plies: int
    note: str

    @property
    def filename(self) -> str:
        """The file the playthrough is stored in (under ``tests/games/<game>/playthroughs/``)."""
        return f"{self.game}-seed-{self.seed}.txt"


@dataclass(frozen=True)
class GamePlugin:
    """What a game adds to the shared package.

    ``rules`` is the name ``game.yaml`` uses; ``make_rules`` builds the engine
    for a loaded game (raising :class:`~generator.errors.SpecError` for a
    layout the rules cannot play on); ``options_schema`` is the JSON Schema of
    ``game.yaml``'s ``options`` (the game's variants); ``recordings`` the
    seeded games kept as golden playthroughs; ``book`` the game's part of
    its rulebook (facts, pictures, example diagrams) for a theme;
    ``kit_parts`` the parts its kit adds to the shared ones (cards, mats), each a planner as in
    :data:`generator.kit.PARTS`; ``decks`` the game's decks as printed, for a game that does not list
    them in ``components.yaml`` (diagrams draw the cards an example plays from them); ``spec_checks`` the
    loaders of spec files only this game reads (a kit variant's settings), each raising
    :class:`~generator.errors.SpecError` for a bad file, so that ``verify`` and every build check them like
    the shared ones; ``pieces`` the pieces the kit prints, for a game that makes them from
    ``components.yaml``'s entries (Ejderhalar prints a kind of token per dragon), so legends and diagrams draw
    them as printed; ``file_kinds`` the descriptions of the kinds of file its own kit parts write
    (:class:`generator.model.filekinds.FileKind`), for the print guide;
    ``table`` the game's table as it is set up for play (its components as printed and where each
    one goes, read from the engine's opening; the seed shuffles what the rules shuffle), for the export to
    Tabletop Simulator (:mod:`generator.tts`).
    """

    rules: str
    make_rules: Callable[["Game"], GameRules[Any, Any]]
    options_schema: Mapping[str, Any] = field(default_factory=lambda: {"type": "object",
                                                                        "additionalProperties": False})
    summary: str = ""
    recordings: tuple[Recording, ...] = ()
    book: BookMaker | None = None
    kit_parts: Mapping[str, PartPlanner] = field(default_factory=dict)
    decks: Callable[["Game"], Sequence["Deck"]] | None = None
    spec_checks: Sequence[Callable[["Game"], object]] = ()
    pieces: Callable[["Game"], "Components"] | None = None
    file_kinds: Sequence[object] = ()
    table: TableMaker | None = None


#: Plug-ins registered by hand (the test suite's fixture games), on top of those under generator/games/.
_EXTRA: dict[str, GamePlugin] = {}


def register(plugin: GamePlugin) -> None:
    """Add a plug-in that does not live under :mod:`generator.games` (the tests' fixture games)."""
    _EXTRA[plugin.rules] = plugin


def plugins() -> dict[str, GamePlugin]:
    """Every registered game plug-in by its ``rules`` name: those under generator/games/, then extras."""
    return {**_discovered(), **_EXTRA}


#: Game packages whose import failed, with the reason (one broken game never hides the others).
_BROKEN: dict[str, str] = {}


@cache
def _discovered() -> dict[str, GamePlugin]:
    # The games' package, imported when the games are first looked for: every game imports from this layer.
    from .. import games

    found: dict[str, GamePlugin] = {}
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{games.__name__}.{info.name}")
        except Exception as exc:  # noqa: BLE001 - a broken game is reported where it is used
            _BROKEN[info.name] = f"{type(exc).__name__}: {exc}"
            continue
        plugin = getattr(module, "PLUGIN", None)
        if isinstance(plugin, GamePlugin):
            found[plugin.rules] = plugin
    return found


@cache
def _package_plugin(package: str) -> GamePlugin | None:
    """The plug-in of one package under generator/games/, if it imports and has one."""
    # The games' package, imported when the games are first looked for: every game imports from this layer.
    from .. import games

    if not package.isidentifier() or package.startswith("_") or \
            package not in {i.name for i in pkgutil.iter_modules(games.__path__) if i.ispkg}:
        return None
    try:
        module = importlib.import_module(f"{games.__name__}.{package}")
    except Exception:  # noqa: BLE001 - reported by the full scan, with the error
        return None
    plugin = getattr(module, "PLUGIN", None)
    return plugin if isinstance(plugin, GamePlugin) else None


def broken() -> dict[str, str]:
    """Game packages that failed to import, by package name, with the error."""
    _discovered()
    return dict(_BROKEN)


def plugin_for(game: "Game") -> GamePlugin:
    """The plug-in that plays ``game``; a located error when ``rules:`` names none.

    The package named like the rules (dashes as underscores) is tried first, so building one game's kit
    imports no other game; every package is scanned only when that one does not match.
    """
    if game.rules in _EXTRA:
        return _EXTRA[game.rules]
    quick = _package_plugin(game.rules.replace("-", "_"))
    if quick is not None and quick.rules == game.rules:
        return quick
    found = plugins()
    if game.rules in found:
        return found[game.rules]
    doc = game.documents.get("game")
    hint = did_you_mean(game.rules, sorted(found)) or f"registered rules: {', '.join(sorted(found)) or 'none'}"
    message = f"rules '{game.rules}' name no registered game engine" if game.rules else "game.yaml names no rules"
    failed = broken().get(game.rules.replace("-", "_"))
    if failed:
        message = f"the engine of rules '{game.rules}' does not import: {failed}"
        hint = f"fix generator/games/{game.rules.replace('-', '_')}/ (run 'python -m generator games')"
    if doc is not None:
        raise SpecError([doc.problem(("rules",) if game.rules else (), message, hint)])
    raise SpecError([Problem(game.folder / "game.yaml", None, None, message, hint)])


def rules_for(game: "Game") -> GameRules[Any, Any]:
    """The engine of a loaded game, made once per loaded game; its ``options`` are checked against the
    plug-in's schema first."""
    if game.engine:
        return cast("GameRules[Any, Any]", game.engine[0])
    plugin = plugin_for(game)
    doc = game.documents.get("game")
    if doc is not None:
        found = check_instance(doc, plugin.options_schema, ("options",))
        if found:
            raise SpecError(found)
    game.engine.append(plugin.make_rules(game))
    return cast("GameRules[Any, Any]", game.engine[0])


def load_components(game: "Game") -> "Components | None":
    """Load and check the game's components spec (None when the game has none); raise :class:`SpecError`.
    An entry that gives no count gets what the game's engine needs (:meth:`~.contract.GameRules.component_needs`).
    Read once per loaded game (a kit asks for it for every file it makes)."""
    if "components" not in game.derived:
        game.derived["components"] = read_components(
            game, lambda: {ident: need.count for ident, need in rules_for(game).component_needs().items()})
    components: "Components | None" = game.derived["components"]
    return components


def decks_for(game: "Game") -> Sequence["Deck"]:
    """The game's decks as printed: the plug-in's ``decks``, else those of ``components.yaml`` (or none)."""
    plugin = plugin_for(game)
    if plugin.decks is not None:
        return plugin.decks(game)
    components = load_components(game)
    return components.decks if components else []


def pieces_for(game: "Game") -> "Components | None":
    """The pieces the kit prints: the plug-in's ``pieces``, else those of ``components.yaml`` (None without one).

    A game whose rules name no engine (a board drawn on its own) has only its components spec.
    """
    try:
        plugin: GamePlugin | None = plugin_for(game)
    except SpecError:  # no engine to ask: the build reports it wherever one is needed
        plugin = None
    if plugin is not None and plugin.pieces is not None:
        return plugin.pieces(game)
    return load_components(game)


def option_defaults(game: "Game") -> dict[str, Any]:
    """The game's options as its rule examples were written for them: every option whose schema gives a
    ``default`` (a variant or a parameter a user may change) at that default, every other option (which game
    this is: Patrakill's mode and zones, Drako's deck and mat files) as ``game.yaml`` sets it."""
    properties = plugin_for(game).options_schema.get("properties", {})
    kept = {key: value for key, value in game.options.items() if "default" not in properties.get(key, {})}
    return {**kept, **{key: spec["default"] for key, spec in properties.items() if "default" in spec}}


def changed_options(game: "Game") -> dict[str, Any]:
    """The options ``game.yaml`` sets away from their defaults (see :func:`option_defaults`), by key."""
    defaults = option_defaults(game)
    return {key: value for key, value in game.options.items() if key in defaults and defaults[key] != value}


def variant_rules(game: "Game", defaults: bool = False) -> Callable[[Mapping[str, Any]], GameRules[Any, Any]]:
    """A maker of engines for the game with some options changed (a variant, a player count): changed from the
    game's own options, or with ``defaults`` from :func:`option_defaults` (those its rule examples were
    written for).

    Raises :class:`ValueError` naming what is wrong when the changed options are not the game's.
    """
    plugin = plugin_for(game)
    base = option_defaults(game) if defaults else game.options
    made: dict[str, GameRules[Any, Any]] = {}

    def make(options: Mapping[str, Any]) -> GameRules[Any, Any]:
        combined = {**base, **options}
        if combined == game.options:
            return rules_for(game)
        key = json.dumps(combined, sort_keys=True, default=str)
        if key not in made:
            found = schema_messages(combined, plugin.options_schema)
            if found:
                raise ValueError("; ".join(found))
            try:
                made[key] = plugin.make_rules(replace(game, options=combined))
            except SpecError as exc:
                raise ValueError("; ".join(p.message for p in exc.problems)) from None
        return made[key]

    return make
