"""Why an action is refused: stable reason codes, each with the sentence a player reads.

Each sentence names the forbidden thing, as diagrams print it: "Not allowed: <sentence>.".

The codes are public (rule examples and diagrams name them): never rename or reuse one.
"""
from __future__ import annotations

#: Every reason code and its sentence.
REASONS: dict[str, str] = {
    # the turn
    "game-over": "any action once the game has ended",
    "reveal-pending": "any action before the piece just turned over has shown its colour",
    "no-flip-pending": "showing a colour when no piece has just been turned over",
    "wrong-piece-revealed": "showing the colour of a piece other than the one just turned over",
    "none-left": "showing a colour that has no face-down piece left",
    "capture-compulsory": "anything but a capture while a capture can be made",
    # phases
    "no-face-down-left": "turning a piece over in the second phase, when every piece is face up",
    "no-steps-in-phase-one": "a step in the first phase, while pieces still lie face down",
    "not-face-down": "turning over a piece that is already face up",
    # pieces
    "no-piece": "moving from a hex with no piece on it",
    "face-down-piece": "moving or capturing with a face-down piece",
    "not-your-piece": "moving a piece of the other side",
    # steps
    "not-adjacent": "a step to a hex that does not touch the piece",
    "cell-occupied": "a step onto an occupied hex",
    # captures
    "not-on-line": "a capture that leaves the straight lines of hexes",
    "landing-occupied": "a capture that lands on an occupied hex",
    "nothing-to-capture": "a capture with no piece between its start and its landing",
    "several-pieces-between": "a capture over more than one piece",
    "own-piece": "capturing a piece of one's own side",
    "face-down-untouchable": "capturing or jumping a face-down piece",
    "too-far": "a capture from a distance by a piece that is not enchanted",
    "passes-eye": "an enchanted piece flying across a Dragon Eye",
    "enemy-on-eye": "an enchanted piece taking a piece on a Dragon Eye, which means flying across that eye",
    "lands-on-eye": "an enchanted piece landing on a Dragon Eye when capturing",
    "chain-stops-early": "ending a chain while the capturing piece can still capture",
    "landing-ends-chain": "a landing that ends the chain when another landing of the same capture lets it go on",
    # the draw variant
    "declare-variant-off": "declaring a draw in a game played without the declared-draw variant",
    "draw-only-in-phase-two": "declaring a draw in the first phase",
    "eyes-not-level": "declaring a draw when the two sides hold different numbers of Dragon Eyes",
}
