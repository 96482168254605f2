"""Fits the weights of a game's judgement (``GameRules.evaluate``) to the results of seeded self-play games.

The engine of a two-seat game with a judgement exposes it as ``rules.judge``: ``features(state)`` (the first
seat's lead in each thing the judgement weighs) and ``WEIGHTS`` in its module. This script plays seeded games
with the game's own policy, takes every ``--every``-th position where a player decides, labels it with how the
game ended for the first seat (1 a win, 0 a loss, 0.5 a draw or the action cap) and fits a logistic regression
(Newton's method with a small ridge) of the labels on the features. It prints the fitted weights and, on games
kept apart, the log-loss and accuracy of the fitted weights and of those in the module. Self-play is not
search play: a fit is a starting point, and the benchmark (bench/bench_search.py) judges the weights.

    python bench/fit_judgement.py <game> [--games 400] [--every 3] [--seed 0]
"""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

import numpy as np

from generator.model.game import load_game
from generator.play.contract import CHANCE
from generator.play.registry import rules_for
from generator.play.selfplay import random_game


def positions(rules: Any, seeds: range, every: int) -> tuple[np.ndarray, np.ndarray]:
    """The features and first-seat labels of every ``every``-th decision of the games of ``seeds``."""
    rows: list[tuple[float, ...]] = []
    labels: list[float] = []
    first = rules.players[0]
    for seed in seeds:
        plies = list(random_game(rules, seed))
        result = rules.result(plies[-1].state)
        label = 0.5 if result is None or not result.winners else float(first in result.winners)
        decisions = [p.state for p in plies[:-1] if p.decider not in (None, CHANCE)]
        for state in decisions[seed % every::every]:
            rows.append(rules.judge.features(state))
            labels.append(label)
    return np.array(rows, dtype=float), np.array(labels, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-2, rounds: int = 30) -> np.ndarray:
    """Logistic regression weights (no intercept: a judgement of the first seat's lead) by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, gradient)
    return w


def score(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Log-loss and accuracy (of the decided labels) of weights ``w``."""
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    accuracy = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else 0.0
    return loss, accuracy


def main(argv: list[str]) -> None:
    """Fit one game's judgement and print the weights and how well they predict."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rules = rules_for(load_game(args.game))
    judge = getattr(rules, "judge", None)
    if judge is None:
        sys.exit(f"{args.game}: its engine has no judgement to fit (no 'judge' attribute)")
    module = importlib.import_module(type(judge).__module__)
    train = range(args.seed, args.seed + args.games)
    test = range(args.seed + args.games, args.seed + args.games + max(1, args.games // 4))
    x, y = positions(rules, train, args.every)
    tx, ty = positions(rules, test, args.every)
    w = fit(x, y)
    print(f"{args.game}: {len(y)} positions of {args.games} games to fit, {len(ty)} of {len(test)} to test")
    print("  fitted WEIGHTS = (" + ", ".join(f"{v:.3g}" for v in w) + ")")
    for name, weights in (("fitted", w), ("module", np.array(module.WEIGHTS, dtype=float))):
        loss, accuracy = score(tx, ty, weights)
        print(f"  {name:<7} log-loss {loss:.3f}, right on {accuracy:.1%} of decided positions")


if __name__ == "__main__":
    main(sys.argv[1:])
