"""The seeded golden playthroughs: tests/golden/<game>/cases.json lists name, seats, seed, options."""

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

CASES: dict[str, list[dict[str, Any]]] = {
    path.parent.name: json.loads(path.read_text()) for path in sorted(HERE.glob("*/cases.json"))
}
