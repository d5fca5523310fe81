"""A scripted quick person at a Baba Yaga Mode R table, over the wire like any client app.

It sees only its seat's view and the public events, reacts in `reaction_s` (500 ms) to what it can do,
and chooses as the greedy bot does, from a perfect memory of every tile it has seen face up:

- searching, it turns back a wrong tile at once, ends the search once the spell's ingredients are face
  up, else turns over a tile it remembers holds a wanted ingredient, else one it has never seen, lifting
  the House or moving its keyhole lens when that is the only way on;
- flying, it steps the witch `reaction_s` after she may move;
- placing the witch, choosing a target, a House or a swap: the first of its legal commands, except that
  a targeted effect goes to the seat with the most spells cast.

A refused command (too soon, the round over) is looked at again after the next event or 100 ms.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from playledger_client import Client, PlayLedgerError, args_of, to_dict

POLL_S = 0.1  # looked again at least this often (events wake it sooner)


@dataclass
class Person:
    client: Client  # holding the seat's token
    game: str
    seat: int
    reaction_s: float = 0.5
    memory: dict[str, str] = field(default_factory=dict)  # clue -> ingredient, from tiles seen face up
    actions: int = 0
    refused: int = 0
    _woken: threading.Event = field(default_factory=threading.Event)

    def play(self, deadline_s: float = 1800) -> dict[str, Any]:
        """Play until the game ends; its final view."""
        threading.Thread(target=self._watch, daemon=True).start()
        end = time.monotonic() + deadline_s
        since: float | None = None  # when the current chance to act began
        while time.monotonic() < end:
            view = to_dict(self.client.get_game(self.game).view)
            self._remember(view)
            if view.get("phase") == "finished" or view.get("winners") is not None:
                return view
            legal = self.client.legal_commands(self.game) if self.seat in view.get("to_act", []) else []
            if not legal:
                since = None
                self._wait(POLL_S)
                continue
            now = time.monotonic()
            since = now if since is None else since
            due = since + self.reaction_s
            race = view.get("race") or {}
            if race and race.get("due_flyer") == self.seat and view.get("active") != self.seat:
                due = max(due, _local(race.get("next_step_at_ms")) + self.reaction_s)  # she may move, then a reaction
            elif race:
                due = max(due, _local(race.get("next_search_at_ms")))
            if now < due:
                self._wait(due - now)
                continue  # look again: the game may have moved on meanwhile
            command_type, args = self._choose(view, legal)
            try:
                self.client.submit(self.game, command_type, args)
                self.actions += 1
                since = time.monotonic()  # a searcher's next action counts from this one
            except PlayLedgerError:
                self.refused += 1
                self._wait(POLL_S)
        raise TimeoutError(f"{self.game} did not end within {deadline_s:g} s")

    def _watch(self) -> None:
        try:
            for _ in self.client.watch(self.game):
                self._woken.set()
        except PlayLedgerError:
            pass
        self._woken.set()

    def _wait(self, seconds: float) -> None:
        self._woken.wait(max(0.0, seconds))
        self._woken.clear()

    def _remember(self, view: dict[str, Any]) -> None:
        for tile in view.get("forest") or []:
            if tile.get("face_up") and tile.get("clue") and tile.get("ingredient"):
                self.memory[tile["clue"]] = tile["ingredient"]

    def _choose(self, view: dict[str, Any], legal: list[Any]) -> tuple[str, dict[str, Any]]:
        options = [(c.command_type, args_of(c)) for c in legal]
        by_type: dict[str, list[dict[str, Any]]] = {}
        for kind, args in options:
            by_type.setdefault(kind, []).append(args)
        if view.get("phase") == "race" and view.get("active") == self.seat:
            return self._search(view, by_type)
        if "step_witch" in by_type:
            return "step_witch", by_type["step_witch"][0]
        if "choose_target" in by_type:
            casts = view.get("casts") or []
            best = max(by_type["choose_target"], key=lambda a: casts[a["player"]] if a["player"] < len(casts) else 0)
            return "choose_target", best
        return options[0]

    def _search(self, view: dict[str, Any], by_type: dict[str, list[dict[str, Any]]]) -> tuple[str, dict[str, Any]]:
        race = view.get("race") or {}
        if race.get("blocked"):
            for kind in ("flip_down", "replace_house"):
                if kind in by_type:
                    return kind, by_type[kind][0]
        wanted = set((view.get("card") or {}).get("ingredients") or [])
        tiles = {tuple(t["cell"]): t for t in view.get("forest") or []}
        correct_up = [t for t in tiles.values() if t.get("face_up") and t.get("ingredient") in wanted]
        if len(correct_up) >= int(view.get("required") or 3) and "end_search" in by_type:
            return "end_search", {}
        found = {t["ingredient"] for t in correct_up}
        known, unknown = [], []
        for args in by_type.get("flip_up", []):
            clue = tiles.get(tuple(args["cell"]), {}).get("clue")
            ingredient = self.memory.get(clue) if clue else None
            if ingredient is None:
                unknown.append(args)
            elif ingredient in wanted and ingredient not in found:
                known.append(args)
        if known:
            return "flip_up", known[0]
        if unknown:
            return "flip_up", unknown[0]
        if "lift_house" in by_type:
            return "lift_house", {}
        if "move_lens" in by_type:
            return "move_lens", by_type["move_lens"][0]
        return "end_search", {}


def _local(server_ms: Any) -> float:
    """A server time (ms since the epoch) on this process's monotonic clock (same machine: same wall clock)."""
    if not isinstance(server_ms, (int, float)):
        return 0.0
    return time.monotonic() + (float(server_ms) / 1000 - time.time())
