"""Regenerate golden transcripts after a deliberate rules change: python -m tests.golden.regen [GAME ...]"""

import sys

from tests.golden.cases import CASES
from tests.golden.golden import case_path, transcript


def main(games: list[str]) -> None:
    for game in games or sorted(CASES):
        for case in CASES[game]:
            path = case_path(game, case)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(transcript(game, case))
            print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
