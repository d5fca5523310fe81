"""Stores written by older builds, rebuilt from the stored events they recorded (tests/replay/fixtures/).

`pre_rulings/` was made by `make_fixture.py.txt` at main fbefb81, before rulings ended games and before
tournaments left service.ledger: a Swiss tournament of five with a forfeit of an unplayed game and a score
correction, two rounds played out. `store.jsonl.gz` holds every stored event exactly as that build wrote
it (topic, state bytes); `verify.jsonl` is what that build's `playledger-replay verify --json` printed;
`tournament.cert.json` is its signed tournament certificate (format 1; key `signer.pub`).

`pre_pairing_audit/` was made by its `make_fixture.py.txt` at main 4de45ec, before issue 37: a Swiss of five
over two rounds with a forfeit of a game never played, its signed tournament certificate of format 2 (the
standings as that build counted forfeits, no pairing history; key `signer.pub`) and its stored events.
"""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path
from uuid import UUID

from eventsourcing.persistence import StoredEvent

from service.ledger.app import Ledger
from service.ledger.store import persistence_env

FIXTURES = Path(__file__).parent / "fixtures"
PRE_RULINGS = FIXTURES / "pre_rulings"
PRE_RULINGS_TOURNAMENT = UUID("f7d5a6b1-df0f-42bb-b87e-57d60c49c89b")
PRE_RULINGS_FORFEITED = UUID("16f846c0-81c0-4681-885b-ae8d5beac502")  # forfeited before it was played
PRE_RULINGS_STANDINGS = [("p1", 2.0), ("p2", 1.0), ("p3", 1.0), ("p5", 1.0), ("p4", 1.0)]
PRE_PAIRING_AUDIT = FIXTURES / "pre_pairing_audit"
PRE_PAIRING_AUDIT_TOURNAMENT = UUID("1d734b5b-d718-46ee-8907-8dffe6884df0")


def load_old_store(url: str, folder: Path = PRE_RULINGS) -> int:
    """Insert the old build's stored events, in their original order, into an empty store; returns how many."""
    ledger = Ledger(persistence_env(url))
    try:
        with gzip.open(folder / "store.jsonl.gz", "rt", encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh]
        for row in rows:  # one at a time: the notification ids then follow the original order
            stored = StoredEvent(
                originator_id=UUID(row["originator_id"]),
                originator_version=row["originator_version"],
                topic=row["topic"],
                state=base64.b64decode(row["state"]),
            )
            ledger.recorder.insert_events([stored])
        return len(rows)
    finally:
        ledger.close()
