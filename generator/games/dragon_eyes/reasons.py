"""Why an action is refused: stable reason codes, each with the sentence a player reads.

The codes are public (rule examples and diagrams name them): never rename or reuse one.
"""
from __future__ import annotations

#: Every reason code and its sentence.
REASONS: dict[str, str] = {
    # the turn
    "game-over": "the game has ended; no action can follow",
    "reveal-pending": "a piece was just turned over: chance must show whose it is before anyone acts",
    "no-flip-pending": "no piece is waiting to be revealed, so there is nothing for chance to show",
    "wrong-piece-revealed": "the reveal must name the hex of the piece that was just turned over",
    "none-left": "that side has no face-down piece left, so the flipped piece cannot be one of its own",
    "capture-compulsory": "a capture is available, and taking one is the only action allowed this turn",
    # phases
    "no-face-down-left": "every piece is face up: flipping belongs to the first phase only",
    "no-steps-in-phase-one": "pieces step only in the second phase, once no piece is face down",
    "not-face-down": "only a face-down piece can be turned over",
    # pieces
    "no-piece": "there is no piece on that hex",
    "face-down-piece": "a face-down piece belongs to nobody yet and cannot act",
    "not-your-piece": "that piece belongs to the other side",
    # steps
    "not-adjacent": "a step goes to one of the six hexes touching the piece",
    "cell-occupied": "a step ends on an empty hex",
    # captures
    "not-on-line": "a capture moves along one of the three straight lines of hexes",
    "landing-occupied": "a capture lands on an empty hex",
    "nothing-to-capture": "no piece lies between the start and the landing, so nothing is captured",
    "several-pieces-between": "more than one piece lies on the way: a capture passes over exactly one piece",
    "own-piece": "a piece never captures a piece of its own side",
    "face-down-untouchable": "face-down pieces belong to nobody yet: they are never captured or jumped",
    "too-far": "a piece that is not enchanted jumps only a neighbouring enemy, onto the hex just behind it",
    "passes-eye": "an enchanted piece may not fly across a Dragon Eye",
    "enemy-on-eye": "flying over a piece on a Dragon Eye crosses that eye, which an enchanted piece may not do",
    "lands-on-eye": "an enchanted piece may not land on a Dragon Eye when capturing",
    "chain-stops-early": "the capturing piece can still capture, so the chain must go on",
    "landing-ends-chain": "another landing of this capture lets the enchanted piece go on capturing; "
                          "it must take such a landing",
    # the draw variant
    "declare-variant-off": "declaring a draw is a variant these rules do not use",
    "draw-only-in-phase-two": "a draw can be declared only in the second phase",
    "eyes-not-level": "a draw can be declared only when both sides hold as many Dragon Eyes",
}
