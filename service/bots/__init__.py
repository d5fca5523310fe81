"""Bots: pure policies over a game's rules, the server's players for seats named as bots (issue 20).

A policy sees what its seat may know and nothing more: it gets the state only through the game's
`resample(state, seat, rng)`, which keeps what the seat knows and redraws everything hidden from it
(OpenSpiel's resample_from_infostate), so its choice is a function of the seat's information set and
its own random stream. Like the rules, policies are pure and deterministic (no clock, no I/O, no
global randomness): given the game's seed and version the server can re-derive every bot move, and
replay does.

- `random`: any of the seat's legal commands, uniformly.
- `greedy`: the command whose outcome the game's own `evaluate(state, seat)` rates best, averaged
  over a few determinizations of the hidden information.
- `search`: information-set Monte Carlo tree search with determinization (SO-ISMCTS, Cowling,
  Powley & Whitehouse 2012) over the pure decider, with a fixed iteration budget. From policy 3 each
  tree node keeps the reward of the seat whose move led to it, so UCB picks the others' moves for
  their own good (as SO-ISMCTS does; before, the tree let them play for the bot), and playouts stop
  after 2 random plies for the game's evaluation (the "early playout termination" of Lorentz 2016).
  From policy 4 the others choose by what they have seen: a game's `secret(command)` hook names the
  moves they see only as made (the Ant's marker), so the tree no longer lets them know the bot's secret.

Every version a bot move was recorded with stays reachable: `policies.TUNINGS` maps a version (and,
from 3, a game) to how its search runs, and tests/bots/pinned.json holds what each version chose.
"""

from service.bots.policies import LEVELS, POLICY_VERSION, POLICY_VERSIONS, Policy, choose, hooks_of, supported

__all__ = ["LEVELS", "POLICY_VERSION", "POLICY_VERSIONS", "Policy", "choose", "hooks_of", "supported"]
