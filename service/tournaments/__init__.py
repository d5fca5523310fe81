"""Tournaments: the aggregate, its service, standings and pairing; a layer above the game ledger.

`aggregate` holds the event-sourced Tournament, `app` the service that pairs
rounds, links games and records rulings (ending the ruled games in their own
streams), `standings` the pure arithmetic of points, `tiebreaks` the
tie-breaks (Buchholz with FIDE's virtual opponent for unplayed games),
`pairing` / `dutch` how each round is seated, `rederive` the pairing of a
round from the tournament's history (made and audited by the same code) and
`explain` why a round was paired as it was. The ledger knows nothing of
tournaments; tournaments use the ledger.
"""
