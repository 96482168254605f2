"""Balance reports: seeded games between equal search players, on every core, and what they show.

``boardkit balance <game>`` plays ``games`` games in which every seat is a :class:`~.player.SearchPlayer`
with the same budget, and prints, for each seat, its wins with a 95 % Wilson interval, the draws and the
games stopped at the action cap, how long games last, how they ended, and how often each kind of action
and event happened (every kind of action the game has is listed, so one that never happens shows 0).

Game ``i`` of a run with seed ``s`` is seeded from ``(s, i)`` alone and its players from ``(s, i, seat)``:
the games are the same whichever process plays them and in whatever order they finish, so the same seed
gives the same report, byte for byte. Timings go to the progress lines on stderr, never into the report.
"""
from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

import yaml

from ..errors import UserError
from ..model.game import Game, load_game
from ..output.outfiles import end_with_parent
from ..play.contract import GameRules
from ..play.registry import variant_rules
from .match import CAPPED, GameRecord, mix, play
from .player import Player, PolicyPlayer, SearchPlayer, Settings
from .stats import percent, quartiles, wilson

#: The process start method (None: the platform's default); tests may set another.
START_METHOD: str | None = None


@dataclass(frozen=True)
class Setup:
    """What a balance run plays: the game (a name under specs/ or a folder), the options changed from its
    ``game.yaml`` (a variant), how many games, the search players' settings, the seed, and ``against``: None
    for search players on every seat, else which seats they hold against the game's policy player (see
    :func:`search_seats`)."""

    game: str
    changes: Mapping[str, Any] = field(default_factory=dict)
    games: int = 100
    settings: Settings = Settings()
    seed: int = 0
    against: str | None = None


@dataclass(frozen=True)
class Played:
    """One finished game of a run: its number, its record, and what its players' searches cost (playouts, seconds
    of processor time, actions played out in rollouts)."""

    index: int
    record: GameRecord
    playouts: int
    seconds: float
    actions: int = 0


def parse_changes(texts: Sequence[str]) -> dict[str, Any]:
    """Read ``--variant`` values, each ``key=value`` with a YAML value (``players=3``, ``factions=[blue, green]``);
    a :class:`UserError` naming the one that cannot be read."""
    found: dict[str, Any] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UserError(f"--variant {text}: write an option of game.yaml and its value, as key=value "
                            "(for example players=3)")
        try:
            found[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or "a YAML error"
            raise UserError(f"--variant {text}: the value does not read as YAML ({problem})") from None
    return found


def engine(game: Game, changes: Mapping[str, Any]) -> GameRules[Any, Any]:
    """The game's engine with ``changes`` made to its options; a :class:`UserError` saying what is wrong."""
    try:
        return variant_rules(game)(changes)
    except ValueError as exc:
        shown = " ".join(f"{key}={_shown(value)}" for key, value in changes.items())
        raise UserError(f"--variant {shown}: {exc}; the options of {game.id} are in "
                        f"{game.folder / 'game.yaml'}") from None


#: Which seats search players hold against the game's policy player: the last seat in even games and the others
#: in odd ones, the last seat only, or the others only.
AGAINST = ("alternate", "last", "others")


def search_seats(rules: GameRules[Any, Any], setup: Setup, index: int) -> tuple[str, ...]:
    """The seats search players hold in game ``index``: every seat, or as ``setup.against`` says (the game's
    policy player holds the rest)."""
    seats = rules.players
    if setup.against is None:
        return seats
    last = setup.against == "last" or (setup.against == "alternate" and index % 2 == 0)
    return seats[-1:] if last else seats[:-1]


def players_for(rules: GameRules[Any, Any], setup: Setup, index: int) -> dict[str, Player[Any, Any]]:
    """The players of game ``index``, each seeded from the run, the game and the seat: search players (see
    :func:`search_seats`), and the game's policy player on any other seat."""
    searching = search_seats(rules, setup, index)
    return {seat: SearchPlayer(rules, mix(setup.seed, index, number), setup.settings)
            if seat in searching else PolicyPlayer(rules, mix(setup.seed, index, number))
            for number, seat in enumerate(rules.players)}


def play_one(rules: GameRules[Any, Any], setup: Setup, index: int) -> Played:
    """Play game ``index`` of the run."""
    players = players_for(rules, setup, index)
    record = play(rules, players, mix(setup.seed, index))
    searched = [p for p in players.values() if isinstance(p, SearchPlayer)]
    return Played(index, record, sum(p.stats.playouts for p in searched), sum(p.stats.seconds for p in searched),
                  sum(p.stats.actions for p in searched))


#: The engine and setup of this worker process (set by :func:`_start_worker`).
_WORKER: list[tuple[GameRules[Any, Any], Setup]] = []


def _start_worker(setup: Setup) -> None:
    """Set up a worker process: end with the run's process, and build the game's engine once."""
    end_with_parent()
    _WORKER[:] = [(engine(load_game(setup.game), setup.changes), setup)]


def _work(index: int) -> Played:
    """Play one game in a worker process."""
    rules, setup = _WORKER[0]
    return play_one(rules, setup, index)


def workers() -> int:
    """How many processes play at once: BOARDKIT_JOBS if set, else one per core."""
    wanted = os.environ.get("BOARDKIT_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    return os.cpu_count() or 1


def run(rules: GameRules[Any, Any], setup: Setup, jobs: int | None = None,
        done: Callable[[Played], None] = lambda played: None) -> list[GameRecord]:
    """Play the run's games on ``jobs`` processes (default :func:`workers`); ``done`` hears of each game as it
    ends. Returns the records in game order, the same for any number of processes."""
    count = min(jobs or workers(), setup.games)
    found: dict[int, GameRecord] = {}
    source = (_in_workers(setup, count) if count > 1 else
              (play_one(rules, setup, index) for index in range(setup.games)))
    for played in source:
        found[played.index] = played.record
        done(played)
    return [found[index] for index in range(setup.games)]


def _in_workers(setup: Setup, count: int) -> Iterator[Played]:
    """Play the games in ``count`` worker processes, yielding each as it ends; a dead worker ends the run with
    a :class:`UserError`, never a wait for ever."""
    context = multiprocessing.get_context(START_METHOD)
    pool = ProcessPoolExecutor(count, mp_context=context, initializer=_start_worker, initargs=(setup,))
    try:
        pending: set[Future[Played]] = {pool.submit(_work, index) for index in range(setup.games)}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: f.result().index):
                yield future.result()
    except BrokenProcessPool:
        raise UserError("a process playing the games stopped (killed, or out of memory): run the balance "
                        "again") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# -- the report ------------------------------------------------------------------------------------------


def report(game: Game, rules: GameRules[Any, Any], setup: Setup, records: Sequence[GameRecord]) -> str:
    """The balance report: the same records give the same text, byte for byte."""
    games = len(records)
    decided = [r for r in records if r.winners]
    capped = sum(1 for r in records if r.ending == CAPPED)
    changed = ", ".join(f"{key}={_shown(value)}" for key, value in setup.changes.items())
    lines = [f"{game.title}: {games} games between equal search players",
             f"  options: {changed or 'as in ' + game.id + '/game.yaml'}",
             f"  players: {setup.settings.text()}; seed {setup.seed}",
             "",
             f"{'seat':<12} {'wins':>6} {'of games':>9} {'of decided':>11}  95 % interval (decided)"]
    for seat in rules.players:
        wins = sum(1 for r in decided if seat in r.winners)
        low, high = wilson(wins, len(decided))
        lines.append(f"{seat:<12} {wins:>6} {percent(wins / games):>9} "
                     f"{percent(wins / len(decided)) if decided else '-':>11}  "
                     f"{percent(low)} - {percent(high)}")
    draws = games - len(decided)
    lines.append(f"{'draws':<12} {draws:>6} {percent(draws / games):>9}  "
                 f"({capped} stopped at the action cap of {rules.max_plies})")
    lengths = [r.decisions for r in records]
    first, median, third = quartiles(lengths)
    lines += ["", f"game length (players' actions): mean {sum(lengths) / games:.1f}, quartiles "
                  f"{first:g} / {median:g} / {third:g}, shortest {min(lengths)}, longest {max(lengths)}"]
    endings = Counter(r.ending for r in records)
    lines.append("endings: " + ", ".join(f"{reason} {count}" for reason, count in
                                         sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))))
    kinds = list(rules.action_kinds) + sorted({k for r in records for k in r.actions} - set(rules.action_kinds))
    lines += ["", "actions by kind (every kind of the game)"] + _counts(kinds, [r.actions for r in records])
    events = sorted({k for r in records for k in r.events})
    lines += ["", "events by kind (those that happened)"] + _counts(events, [r.events for r in records])
    return "\n".join(lines) + "\n"


def _counts(kinds: Sequence[str], tallies: Sequence[Mapping[str, int]]) -> list[str]:
    """One line per kind: how many in all, per game, and in how many games it happened."""
    games = len(tallies)
    width = max([len(k) for k in kinds] + [4])
    rows = [f"  {'kind':<{width}} {'in all':>8} {'a game':>7} {'in games':>9}"]
    for kind in kinds:
        total = sum(t.get(kind, 0) for t in tallies)
        seen = sum(1 for t in tallies if t.get(kind, 0))
        rows.append(f"  {kind:<{width}} {total:>8} {total / games:>7.2f} {percent(seen / games):>9}")
    return rows


def _shown(value: Any) -> str:
    """An option's value as the command line writes it."""
    if isinstance(value, list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)
