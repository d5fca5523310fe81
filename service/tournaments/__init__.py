"""Tournaments: the aggregate, its service, standings and pairing; a layer above the game ledger.

`aggregate` holds the event-sourced Tournament, `app` the service that pairs
rounds, links games and records rulings (ending the ruled games in their own
streams), `standings` the pure arithmetic of points and tie-breaks, and
`pairing` / `dutch` how each round is seated. The ledger knows nothing of
tournaments; tournaments use the ledger.
"""
