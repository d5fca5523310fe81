"""Swiss pairing at tables of two (service.tournaments.dutch): the FIDE Dutch system's basics.

Published examples, with their numbers:
- FIDE Handbook C.04.1 "Swiss System Based on Rating", D.1 (transpositions) and D.2 (exchanges), the example
  "S1 contains players 1, 2, 3 and 4; S2 contains players 5, 6, 7 and 8" with its sequences a) to r)
  (http://arbitri.lombardiascacchi.com/handbook/handbook.asp-level=C0401D.htm, a mirror of
  fide.com/official/handbook.asp?level=C0401D).
- Round 1 "top half against bottom half": C.04.1 C.4 to C.6 (the highest players in S1, S1[i] against S2[i])
  applied to round 1's single bracket, and C.04.3 A.2 (pairing order: score, then pairing number); with
  colours alternating by board, 8 players give 1-5, 6-2, 3-7, 8-4.
No published worked example of a whole later round was found that fits this implementation's subset (no
colour criteria), so later rounds are tested by construction: score brackets, floaters, the completion check,
no rematch while one can be avoided, byes, and seats.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.tournaments.dutch import Field, _Pairer, exchanges, pair_round, seat_pair, seat_wish

SEEDS = [f"p{i}" for i in range(1, 9)]


def field(
    seeds: list[str],
    points: dict[str, float] | None = None,
    met: list[tuple[str, str]] = (),  # type: ignore[assignment]
    byes: tuple[str, ...] = (),
    seats: dict[str, list[int]] | None = None,
) -> Field:
    meetings: dict[frozenset[str], int] = {}
    for a, b in met:
        meetings[frozenset((a, b))] = meetings.get(frozenset((a, b)), 0) + 1
    return Field(seeds, points or {}, meetings, byes, seats or {})


def pairs_of(tables: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(t) for t in tables}


def test_d1_transpositions_of_s2_in_the_handbooks_order() -> None:
    """C.04.1 D.1: 5-6-7-8 first, then 5-6-8-7; 5-7-6-8; 5-7-8-6; 5-8-6-7; 5-8-7-6; 6-5-7-8; 6-5-8-7, etc."""
    s1, s2 = ["1", "2", "3", "4"], ["5", "6", "7", "8"]
    found = ["-".join(a) for a, _ in zip(_Pairer([*s1, *s2], {}, {}, 0).arrangements(s1, s2), range(8), strict=False)]
    assert found == ["5-6-7-8", "5-6-8-7", "5-7-6-8", "5-7-8-6", "5-8-6-7", "5-8-7-6", "6-5-7-8", "6-5-8-7"]


def test_d2_exchanges_between_s1_and_s2_in_the_handbooks_order() -> None:
    """C.04.1 D.2: one player a) 4 and 5 ... i) 2 and 7; two players j) 3+4 with 5+6 ... r) 2+3 with 6+7."""
    bracket = [str(n) for n in range(1, 9)]
    moved = []
    for s1, _ in list(exchanges(bracket[:4], bracket[4:], bracket))[1:]:
        out = sorted(set(bracket[:4]) - set(s1))
        into = sorted(set(s1) - set(bracket[:4]))
        moved.append(f"{'+'.join(out)}/{'+'.join(into)}")
    one = ["4/5", "4/6", "3/5", "4/7", "3/6", "2/5", "3/7", "2/6", "2/7"]  # a) to i)
    two = ["3+4/5+6", "3+4/5+7", "2+4/5+6", "3+4/6+7", "2+4/5+7", "2+3/5+6", "2+4/6+7", "2+3/5+7", "2+3/6+7"]
    assert moved == one + two  # j) to r)


def test_round_one_pairs_the_top_half_against_the_bottom_half() -> None:
    tables, byes = pair_round(field(SEEDS), 1)
    assert tables == [["p1", "p5"], ["p6", "p2"], ["p3", "p7"], ["p8", "p4"]] and byes == []
    six, _ = pair_round(field(SEEDS[:6]), 1)
    assert six == [["p1", "p4"], ["p5", "p2"], ["p3", "p6"]]  # the 1-4, 2-5, 3-6


def test_round_one_with_an_odd_field_gives_the_lowest_seed_the_bye() -> None:
    tables, byes = pair_round(field(SEEDS[:7]), 1)
    assert byes == ["p7"] and pairs_of(tables) == {frozenset(p) for p in (("p1", "p4"), ("p2", "p5"), ("p3", "p6"))}


def test_later_rounds_pair_within_score_groups_top_half_against_bottom_half() -> None:
    winners = {"p1": 1.0, "p6": 1.0, "p3": 1.0, "p8": 1.0}
    met = [("p1", "p5"), ("p6", "p2"), ("p3", "p7"), ("p8", "p4")]
    tables, _ = pair_round(field(SEEDS, winners, met), 2)
    # Winners by seed: p1 p3 | p6 p8 -> p1-p6, p3-p8; losers p2 p4 | p5 p7 -> p2-p5, p4-p7.
    assert pairs_of(tables) == {frozenset(p) for p in (("p1", "p6"), ("p3", "p8"), ("p2", "p5"), ("p4", "p7"))}
    assert [set(t) for t in tables][:2] == [{"p1", "p6"}, {"p3", "p8"}]  # the top score group at the top tables


def test_a_rematch_is_avoided_by_the_next_transposition() -> None:
    points = dict.fromkeys(["p1", "p2", "p3", "p4"], 1.0)
    tables, _ = pair_round(field(SEEDS[:4], points, [("p1", "p3")]), 2)
    assert pairs_of(tables) == {frozenset(("p1", "p4")), frozenset(("p2", "p3"))}


def test_an_odd_bracket_floats_its_lowest_player_down_to_meet_the_top_of_the_next() -> None:
    points = {"p1": 1.0, "p2": 1.0, "p3": 1.0, "p4": 0.0, "p5": 0.0, "p6": 0.0}
    tables, _ = pair_round(field(SEEDS[:6], points), 2)
    # Bracket 1: p1-p2 (S1 [p1], S2 [p2, p3]), p3 floats; bracket 0: the MDP p3 first, against p4; p5-p6.
    assert pairs_of(tables) == {frozenset(("p1", "p2")), frozenset(("p3", "p4")), frozenset(("p5", "p6"))}


def test_the_completion_check_floats_players_so_the_last_bracket_can_be_paired() -> None:
    points = dict.fromkeys(["p1", "p2", "p3", "p4"], 1.0)
    tables, _ = pair_round(field(SEEDS[:6], points, [("p5", "p6")]), 2)
    # p5-p6 met: the top bracket pairs one fewer (p1-p2) and floats p3 and p4 down to meet them.
    assert pairs_of(tables) == {frozenset(("p1", "p2")), frozenset(("p3", "p5")), frozenset(("p4", "p6"))}


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    points = {"p1": 1.0, "p2": 1.0, "p3": 0.0, "p4": 0.0, "p5": 0.0}
    _, byes = pair_round(field(SEEDS[:5], points, byes=("p5",)), 2)
    assert byes == ["p4"]
    _, byes = pair_round(field(SEEDS[:5], points, met=[("p1", "p2"), ("p3", "p4")], byes=("p5",)), 2)
    assert byes == ["p4"]
    # p3 may meet only p4: p4 sitting out would leave p3 nobody, so p3 (the next one up) sits out.
    blocked = [("p3", "p1"), ("p3", "p2"), ("p3", "p5")]
    _, byes = pair_round(field(SEEDS[:5], points, met=blocked, byes=("p5",)), 2)
    assert byes == ["p3"]  # the lowest-ranked eligible player whose bye lets everyone else be paired


def test_rematches_only_when_unavoidable_and_then_the_fewest_meetings() -> None:
    every = [frozenset(p) for p in combinations(SEEDS[:4], 2)]
    met = [tuple(sorted(p)) for p in every] + [("p1", "p2")]  # all met once, p1-p2 twice
    tables, byes = pair_round(field(SEEDS[:4], met=met), 4)  # type: ignore[arg-type]
    assert not byes and len(tables) == 2 and frozenset(("p1", "p2")) not in pairs_of(tables)


def test_seats_follow_the_players_history() -> None:
    assert seat_wish([0]) == (1, 2) and seat_wish([1]) == (0, 2)
    assert seat_wish([0, 1]) == (0, 1) and seat_wish([0, 0]) == (1, 3)  # alternate; then absolute
    ranked = ["a", "b"]
    assert seat_pair("a", "b", ranked, {"a": [0], "b": [1]}, 0, 2) == ["b", "a"]  # each gets the other seat
    assert seat_pair("a", "b", ranked, {"a": [0], "b": [0, 0]}, 0, 3) == ["a", "b"]  # b's wish is absolute
    assert seat_pair("a", "b", ranked, {"a": [1], "b": [1]}, 0, 2) == ["a", "b"]  # equal: the higher-ranked
    assert seat_pair("a", "b", ranked, {"a": [1, 0], "b": [0, 0]}, 0, 3) == ["a", "b"]  # b: absolute for seat 1


def test_the_round_two_colours_of_an_eight_player_swiss() -> None:
    seats = {p: [0] if p in ("p1", "p6", "p3", "p8") else [1] for p in SEEDS}
    winners = {"p1": 1.0, "p2": 1.0, "p3": 1.0, "p4": 1.0}
    met = [("p1", "p5"), ("p6", "p2"), ("p3", "p7"), ("p8", "p4")]
    tables, _ = pair_round(field(SEEDS, winners, met, seats=seats), 2)
    by_pair = {frozenset(t): t for t in tables}
    assert by_pair[frozenset(("p1", "p3"))] == ["p3", "p1"]  # both sat first: the higher-ranked p1 alternates
    assert by_pair[frozenset(("p2", "p4"))] == ["p2", "p4"]  # both sat second: p2 alternates


def _rematch_free_exists(players: list[str], met: set[frozenset[str]]) -> bool:
    if not players:
        return True
    head, rest = players[0], players[1:]
    return any(frozenset((head, q)) not in met and _rematch_free_exists([r for r in rest if r != q], met) for q in rest)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 11), rounds=st.integers(1, 6), data=st.data())
def test_random_swiss_tournaments_never_rematch_while_avoidable(n: int, rounds: int, data: st.DataObject) -> None:
    seeds = [f"p{i}" for i in range(1, n + 1)]
    points = dict.fromkeys(seeds, 0.0)
    met: dict[frozenset[str], int] = {}
    byes: set[str] = set()
    seats: dict[str, list[int]] = {p: [] for p in seeds}
    for r in range(1, rounds + 1):
        tables, bye = pair_round(Field(seeds, points, met, frozenset(byes), seats), r)
        seated = [p for t in tables for p in t] + bye
        assert sorted(seated) == sorted(seeds) and len(bye) == n % 2
        rematches = [frozenset(t) for t in tables if frozenset(t) in met]
        if bye and bye[0] in byes:  # a second bye only when every first one would have forced a rematch
            fresh = [p for p in seeds if p not in byes]
            assert not any(_rematch_free_exists([q for q in seeds if q != p], set(met)) for p in fresh)
        if rematches:  # only when no choice of bye (or none) would have avoided every rematch
            choices = [[q for q in seeds if q != p] for p in seeds] if bye else [seeds]
            assert not any(_rematch_free_exists(c, set(met)) for c in choices), (r, tables, met)
        byes |= set(bye)
        for p in bye:
            points[p] += 1.0
        for a, b in tables:
            met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
            seats[a].append(0)
            seats[b].append(1)
            result = data.draw(st.sampled_from([(1.0, 0.0), (0.5, 0.5), (0.0, 1.0)]))
            points[a] += result[0]
            points[b] += result[1]


def test_a_large_field_pairs_quickly() -> None:
    seeds = [f"p{i}" for i in range(1, 201)]
    points = {p: float(i % 4) / 2 for i, p in enumerate(seeds)}
    met = [(seeds[i], seeds[i + 1]) for i in range(0, 199, 2)]
    tables, byes = pair_round(field(seeds, points, met), 3)
    assert len(tables) == 100 and not byes and not pairs_of(tables) & {frozenset(m) for m in met}
