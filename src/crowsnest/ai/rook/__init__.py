"""Rook bots for all seven rule sets: Greedy (the measured baseline), Easy, Normal
and Hard.

* :mod:`~crowsnest.ai.rook.greedy`, :mod:`~crowsnest.ai.rook.easy`,
  :mod:`~crowsnest.ai.rook.normal`, :mod:`~crowsnest.ai.rook.hard`: the bots.
* :mod:`~crowsnest.ai.rook.common`: a rule set's cards as the bots use them.
* :mod:`~crowsnest.ai.rook.hand`: trump, nest discard, what a hand makes, the
  Normal bid.
* :mod:`~crowsnest.ai.rook.situation`, :mod:`~crowsnest.ai.rook.odds`,
  :mod:`~crowsnest.ai.rook.play`: the Normal card play, a pure fast policy.
* :mod:`~crowsnest.ai.rook.worlds`, :mod:`~crowsnest.ai.rook.search`: Hard's
  sampled deals and rollouts; :mod:`~crowsnest.ai.rook.exact`: its exact endgames.
* :mod:`~crowsnest.ai.rook.settings`, :mod:`~crowsnest.ai.rook.margins`,
  :mod:`~crowsnest.ai.rook.candidates`, :mod:`~crowsnest.ai.rook.scorer`: Hard's
  options, the margins it judges by, each decision's candidates and their playouts,
  and a review's evidence.
"""
