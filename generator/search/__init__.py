"""Strong players for any game behind the engine contract, and the balance reports they play.

* :mod:`.player`: the game-tree search player (Monte Carlo tree search with chance nodes, and search over
  the hidden states a player cannot tell apart), and the game's own policy player;
* :mod:`.match`: one seeded game between any players, and what it showed (winners, length, events);
* :mod:`.stats`: the figures of many games (Wilson intervals, quartiles);
* :mod:`.balance`: seeded games between equal search players on every core, and the report
  ``boardkit balance`` prints.

Nothing here names a game: every game is driven through :class:`~generator.play.contract.GameRules`.
"""
