"""Drako's card sheets and player mats, made from the engine's own ``decks.yaml`` and ``mats.yaml``.

The shared card and mat composers (:mod:`generator.compose.cards`,
:mod:`generator.compose.mats`) lay them out; this module only turns the
game's decks and mats into the shared :class:`~generator.model.cards.Deck` and
:class:`~generator.model.mats.Mat` they take. The kit part planners at the end
are what :data:`generator.games.drako.PLUGIN` adds to the kit as ``cards``
and ``mats`` (they replace the shared planners, which read decks and mats
from ``components.yaml``: Drako keeps them in its engine's files instead, so
there is one copy of each number).
"""
from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ....model.cards import POKER_MM, Card, Corner, Deck
from ....compose.cards import card_layout, card_pages, places_per_sheet
from ....compose.mats import check_mat_fits, mat_pages, mat_setup
from ....errors import SpecError
from ....model.faces import Face
from ....model.game import Game
from ....model.mats import Mat, Space, Track
from ....output.pdf import PdfOptions
from ....model.pieces import Components
from ....play.registry import load_components
from ....model.printers import load_printer
from ....model.printspec import PAPER_MM
from ....model.theme import Theme
from ..cards import DRAGON, DWARVES, Option
from ..spec import DrakoSpec, load_spec
from ....model.emblem_shapes import PAIR

if TYPE_CHECKING:
    from ....kit import Job, KitOptions
    from ....kit.piece_kit import Maker

#: The decks as printed: (id, side, name, ground of the back, ink of the back, emblem on the back). A deck's id
#: is its side's name: the engine names the cards its diagrams show by it.
DECKS = ((DRAGON, DRAGON, "Dragon cards", "dragon", "on-dragon", "fire"),
         (DWARVES, DWARVES, "Dwarf cards", "dwarves", "on-dwarves", "attack-two"))
#: Height of a card's corner value, mm (the shared minimum is 5 mm).
CORNER_MM = 7.0
#: Radius of the rounded-corner cut guides, mm.
ROUNDED_MM = 3.0
#: Label of the blank cards that fill a deck's last sheet (spares for lost or damaged cards).
SPARE_LABEL = "Spare"

#: The emblem (``specs/drako/emblems/drako-<symbol>.svg``) each card option shows, by side and option name.
SYMBOL_OF: dict[str, dict[str, str]] = {
    DWARVES: {"move": "move", "move-two": "move-two", "attack": "attack", "attack-two": "attack-two",
              "crossbow": "crossbow", "net": "net", "defence": "defence"},
    DRAGON: {"move": "step", "flight": "flight", "attack": "claw", "fire": "fire", "defence": "defence"},
}


def emblem_name(symbols: tuple[str, ...]) -> str:
    """The emblem of a card showing ``symbols`` (one or two of :data:`SYMBOL_OF`'s): a pair draws both."""
    return PAIR.join(f"drako-{symbol}" for symbol in symbols)


#: Words for each option on a card face, by side and symbol; {v} is the value.
WORDS: dict[str, dict[str, str]] = {
    "dwarves": {"move": "Move {v}", "move-two": "Move {v}, one or two", "attack": "Attack {v}",
                "attack-two": "Attack {v}, one or two", "crossbow": "Crossbow {v}", "net": "Net", "defence": "Defence"},
    "dragon": {"move": "Move {v}", "flight": "Flight", "attack": "Attack {v}", "fire": "Fire {v}",
               "defence": "Defence"},
}


def option_words(side: str, option: Option) -> str:
    """An option as the card's title says it: 'Attack 2', 'Net'."""
    return WORDS[side][option.symbol].format(v=option.value)


def printed_cards(spec: DrakoSpec, side: str) -> list[tuple[str, int]]:
    """Each kind of card of a side's deck (its code) and how many copies the deck holds, in spec order."""
    counts = Counter(spec.decks[side])
    return [(code, counts[code]) for code in spec.cards[side]]


def make_deck(spec: DrakoSpec, deck_id: str, side: str, name: str, ground: str, ink: str, mark: str,
              slots: int) -> Deck:
    """The printed deck of one side: a card per kind with its count, then blank spares that make it up to whole sheets of ``slots``."""
    cards = []
    for code, count in printed_cards(spec, side):
        card = spec.cards[side][code]
        symbols = tuple(SYMBOL_OF[side][o.symbol] for o in card.options)
        label = " or ".join(option_words(side, o) for o in card.options)
        value = "\u00b7".join(str(o.value) for o in card.options if o.value)
        cards.append(Card(Face(emblem_name(symbols), "paper", side, label=label), value, emblem_name(symbols), count))
    spare = -len(spec.decks[side]) % slots
    if spare:
        cards.append(Card(Face("", "paper", "muted-text", label=SPARE_LABEL), "", "", spare))
    back = Face(emblem_name((mark,)), ground, ink, label=name)
    return Deck(deck_id, name, POKER_MM, ROUNDED_MM, back, Corner(True, True, CORNER_MM, True), tuple(cards))


def printed_decks(game: Game) -> list[Deck]:
    """Both decks as printed, without the spares: the cards rule-example diagrams draw beside the board."""
    spec = load_spec(game)
    return [make_deck(spec, *entry, slots=1) for entry in DECKS]


def _track(track_id: str, label: str, x: float, y: float, count: int, pitch: float, size: float) -> Track:
    spaces = tuple(Space(f"{track_id}-{i + 1}", "circle", (round(x + i * pitch, 3), y), (size, size), str(i + 1),
                         track_id) for i in range(count))
    return Track(track_id, label, "right", spaces)


#: Wound spaces: pitch and diameter, mm (a wound marker is WOUND_MM across).
PITCH_MM, SPACE_MM = 21.0, 18.0
#: Card boxes on the mats: a card lying sideways, with a little room.
CARD_BOX_MM = (round(POKER_MM[1] + 4, 1), round(POKER_MM[0] + 4, 1))


def make_mats(spec: DrakoSpec, paper: str) -> list[Mat]:
    """The dragon's and the dwarves' mats on ``paper`` (landscape), laid out from ``mats.yaml``."""
    pw, ph = PAPER_MM[paper]
    page = (max(pw, ph), min(pw, ph))
    left, right = 14.0, page[0] - 14.0
    boxes_x = right - CARD_BOX_MM[0] / 2
    deck_box = partial(Space, shape="box", size=CARD_BOX_MM)
    first = left + SPACE_MM / 2 + 2
    rows_y = (48.0, 98.0, 148.0)
    dwarf_tracks, dwarf_spaces = [], []
    for dwarf, y in zip(spec.dwarves, rows_y):
        label = f"{dwarf.name} \u00b7 {dwarf.spaces} wounds \u00b7 {dwarf.ability.capitalize()}"
        dwarf_tracks.append(_track(dwarf.id, label, first, y, dwarf.spaces, PITCH_MM, SPACE_MM))
        if dwarf.ability in ("fury", "net"):
            x = first + max(d.spaces for d in spec.dwarves) * PITCH_MM + 6
            dwarf_spaces.append(Space(f"{dwarf.ability}-marker", "hex", (x, y), (24.0, 24.0 * 2 / 3 ** 0.5),
                                      dwarf.ability.capitalize()))
    dwarf_spaces += [deck_box(id="deck", centre=(boxes_x, 62.0), label="Dwarf deck"),
                     deck_box(id="discard", centre=(boxes_x, 140.0), label="Played cards")]
    dragon_tracks = [_track("armour", f"Armour \u00b7 {spec.armour} \u00b7 wounds go here first", first, rows_y[0],
                            spec.armour, PITCH_MM, SPACE_MM)]
    words = {"flight": "Flight", "move": "Movement", "fire": "Fire"}
    for (ability, spaces), y in zip(spec.abilities, (88.0, 128.0, 168.0)):
        dragon_tracks.append(_track(ability, f"{words[ability]} \u00b7 {spaces} \u00b7 lost when full", first, y,
                                    spaces, PITCH_MM, SPACE_MM))
    supply = Space("wound-supply", "circle", (first + 4 * PITCH_MM + 38, 138.0), (60.0, 60.0),
                   f"{spec.wound_markers} wound markers")
    dragon_spaces = [supply, deck_box(id="deck", centre=(boxes_x, 62.0), label="Dragon deck"),
                     deck_box(id="discard", centre=(boxes_x, 140.0), label="Played cards")]
    return [Mat("dragon", "Drako \u00b7 the dragon's mat", paper, page, "paper", "text", tuple(dragon_spaces),
                tuple(dragon_tracks)),
            Mat("dwarves", "Drako \u00b7 the dwarves' mat", paper, page, "paper", "text", tuple(dwarf_spaces),
                tuple(dwarf_tracks))]



def _components(game: Game) -> Components:
    from .checks import check_components

    check_components(game)
    components = load_components(game)
    if components is None:
        raise SpecError([game.documents["game"].problem(("files",), "Drako's kit needs specs/drako/components.yaml",
                                                        "add it: the pieces and the sheet settings")])
    return components


def card_files(game: Game, theme: Theme, papers: list[str], printer: Path | None,
               previews: bool) -> list[tuple[str, Maker]]:
    """``cards-<deck>-<paper>.pdf`` (fronts and backs) and ``...-foldover.pdf`` for both decks on each paper."""
    # Imported here: the kit's code loads only when a kit is built (a diagram reads the decks of this module).
    from ....kit.piece_kit import pdf_writer

    spec, components = load_spec(game), _components(game)
    profile = load_printer(printer)
    files = []
    for paper in papers:
        setup = profile.setup(paper)
        for deck_id, side, name, ground, ink, mark in DECKS:
            plain = make_deck(spec, deck_id, side, name, ground, ink, mark, 1)
            duplex, folded = (card_layout(make_deck(spec, deck_id, side, name, ground, ink, mark,
                                                    min(places_per_sheet(plain, setup, fold), len(plain.copies()))),
                                          setup, fold, deal_now=False)
                              for fold in (False, True))  # spares fill the last sheet of each; dealt when drawn
            stem = f"cards-{deck_id}-{paper.lower()}"
            files.append((f"{stem}.pdf", pdf_writer(
                partial(card_pages, components, theme, duplex),
                PdfOptions(title=f"{game.title}: {name}, two-sided", duplex=setup.duplex,
                           subject=f"Card sheets, fronts and backs; printer profile {profile.name}"), previews)))
            files.append((f"{stem}-foldover.pdf", pdf_writer(
                partial(card_pages, components, theme, folded),
                PdfOptions(title=f"{game.title}: {name}, fold-over",
                           subject="Card sheets to fold and glue, for one-sided printers"), previews)))
    return files


def mat_files(game: Game, theme: Theme, papers: list[str], printer: Path | None,
              previews: bool) -> list[tuple[str, Maker]]:
    """``mat-<side>-<paper>.pdf``: each player's mat, one landscape sheet, on each paper (laid out and checked
    first: a space that leaves its page or covers another is refused at its line of mats.yaml)."""
    from ....kit.piece_kit import pdf_writer
    from .checks import check_mats

    check_mats(game)
    spec, components = load_spec(game), _components(game)
    profile = load_printer(printer)
    files = []
    for paper in papers:
        for mat in make_mats(spec, paper):
            setup = mat_setup(mat, profile)
            check_mat_fits(mat, setup)
            files.append((f"mat-{mat.id}-{paper.lower()}.pdf", pdf_writer(
                partial(mat_pages, components, theme, mat, setup),
                PdfOptions(title=f"{game.title}: {mat.title}", subject=f"Mat; printer profile {profile.name}"),
                previews)))
    return files


def plan_cards(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Both decks, two-sided and fold-over, on each paper the selected formats use (first theme)."""
    from ....kit import Job
    from ....kit.piece_kit import papers_for

    return [Job("cards", n, m) for n, m in card_files(game, themes[0], papers_for(game, formats), options.printer,
                                                      options.previews)]


def plan_mats(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Both players' mats on each paper the selected formats use (first theme)."""
    from ....kit import Job
    from ....kit.piece_kit import papers_for

    return [Job("mats", n, m) for n, m in mat_files(game, themes[0], papers_for(game, formats), options.printer,
                                                    options.previews)]

