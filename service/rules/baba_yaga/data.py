"""Components, geometry and every ASSUMED value of the spec (shared/rules/baba-yaga.md).

The spell cards, the ingredients, the forest clues (spec §3), the timing
parameters (§11.9) and the engine's safety bounds are assumptions; they live
here, in one place, so that a correction never touches the logic.
"""

from __future__ import annotations

from enum import StrEnum

from service.rules.core import OptionSpec

Cell = tuple[int, int]  # (row from the top, column from the left), spec §1

BOARD_SIZE = 5
CENTRE = 2


class End(StrEnum):
    """The four ends of the witch's two paths (§1): N/S belong to V, W/E to H."""

    N = "N"
    S = "S"
    W = "W"
    E = "E"


class Quadrant(StrEnum):
    """The four 2x2 forest quadrants (§1), the possible places of the Keyhole lens (§11.5)."""

    NW = "NW"
    NE = "NE"
    SW = "SW"
    SE = "SE"


class Hand(StrEnum):
    """The flyer's hand in the two-player game (BY-V3, §11.5)."""

    L = "L"
    R = "R"


class Effect(StrEnum):
    """The seven spell effects (§3.3)."""

    REDUCE = "E-REDUCE"
    SWAP = "E-SWAP"
    BLIND = "E-BLIND"
    TINY = "E-TINY"
    SHORTEN = "E-SHORTEN"
    EXTEND = "E-EXTEND"
    HOUSE = "E-HOUSE"


class HouseTiming(StrEnum):
    """BY-E7: the House is placed right away or at the start of the caster's next turn."""

    NOW = "now"
    NEXT = "next"


class Level(StrEnum):
    """The difficulty levels (§10.1)."""

    WALK = "walk"  # 1: any 3 of the 4 ingredients, effects ignored
    RUN = "run"  # 2: any 3 of the 4, effects applied
    TOUGH = "tough"  # 3: all 4, effects applied


# --- geometry (§1) ---------------------------------------------------------------------------
ALL_CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(BOARD_SIZE) for c in range(BOARD_SIZE))
PATH_CELLS: tuple[Cell, ...] = tuple(cell for cell in ALL_CELLS if CENTRE in cell)
FOREST_CELLS: tuple[Cell, ...] = tuple(cell for cell in ALL_CELLS if CENTRE not in cell)

END_CELL: dict[End, Cell] = {End.N: (0, 2), End.S: (4, 2), End.W: (2, 0), End.E: (2, 4)}
END_DIRECTION: dict[End, Cell] = {End.N: (1, 0), End.S: (-1, 0), End.W: (0, 1), End.E: (0, -1)}
ENDS: tuple[End, ...] = tuple(End)
NORMAL_PATH_LENGTH = 5  # tiles on one path of the cross
SHORTEN_DELTA = -1  # BY-E5
EXTEND_DELTA = 1  # BY-E6

QUADRANT_CELLS: dict[Quadrant, tuple[Cell, ...]] = {
    Quadrant.NW: ((0, 0), (0, 1), (1, 0), (1, 1)),
    Quadrant.NE: ((0, 3), (0, 4), (1, 3), (1, 4)),
    Quadrant.SW: ((3, 0), (3, 1), (4, 0), (4, 1)),
    Quadrant.SE: ((3, 3), (3, 4), (4, 3), (4, 4)),
}
QUADRANTS: tuple[Quadrant, ...] = tuple(Quadrant)


# --- ingredients and clues (§3.1, ASSUMED: BY-G3, BY-G4) -------------------------------------
# id -> (name, clue id, clue art brief). The clue is a public, opaque asset id.
INGREDIENTS: dict[str, tuple[str, str, str]] = {
    "I01": ("Fly agaric", "C01", "red-capped stump"),
    "I02": ("Frog", "C02", "lily pad"),
    "I03": ("Bat wing", "C03", "dark cave mouth"),
    "I04": ("Spider", "C04", "cobweb between branches"),
    "I05": ("Raven feather", "C05", "black bird on a branch"),
    "I06": ("Snail", "C06", "silvery slime trail"),
    "I07": ("Rat tail", "C07", "hole under a root"),
    "I08": ("Toad wart", "C08", "mossy stone"),
    "I09": ("Moth", "C09", "lantern glow"),
    "I10": ("Newt eye", "C10", "puddle"),
    "I11": ("Mandrake root", "C11", "leafy tuft in the soil"),
    "I12": ("Nettle", "C12", "stinging weeds"),
    "I13": ("Wolf tooth", "C13", "paw prints"),
    "I14": ("Black cat hair", "C14", "glowing eyes in the dark"),
    "I15": ("Acorn", "C15", "oak leaves"),
    "I16": ("Bone", "C16", "skull on a fence post"),
}
INGREDIENT_IDS: tuple[str, ...] = tuple(INGREDIENTS)
# What views and events show of a Forest face: the clue's art key ("lily-pad"), not the spec's clue id.
# The spec numbers clue C(k) for ingredient I(k), so publishing "C02" would hand every client the
# clue -> ingredient table that §12 keeps from them; the art key is what a client renders anyway.
CLUE_OF: dict[str, str] = {i: art.replace(" ", "-") for i, (_, _, art) in INGREDIENTS.items()}

# --- spell cards (§3.2, ASSUMED: BY-G5, BY-G6) -----------------------------------------------
SPELLS: dict[str, tuple[tuple[str, str, str, str], Effect]] = {
    "S01": (("I01", "I02", "I04", "I08"), Effect.REDUCE),
    "S02": (("I02", "I03", "I05", "I09"), Effect.SWAP),
    "S03": (("I03", "I04", "I06", "I10"), Effect.BLIND),
    "S04": (("I04", "I05", "I07", "I11"), Effect.TINY),
    "S05": (("I05", "I06", "I08", "I12"), Effect.SHORTEN),
    "S06": (("I06", "I07", "I09", "I13"), Effect.EXTEND),
    "S07": (("I07", "I08", "I10", "I14"), Effect.HOUSE),
    "S08": (("I08", "I09", "I11", "I15"), Effect.REDUCE),
    "S09": (("I09", "I10", "I12", "I16"), Effect.SWAP),
    "S10": (("I01", "I10", "I11", "I13"), Effect.BLIND),
    "S11": (("I02", "I11", "I12", "I14"), Effect.TINY),
    "S12": (("I03", "I12", "I13", "I15"), Effect.SHORTEN),
    "S13": (("I04", "I13", "I14", "I16"), Effect.EXTEND),
    "S14": (("I01", "I05", "I14", "I15"), Effect.HOUSE),
    "S15": (("I02", "I06", "I15", "I16"), Effect.REDUCE),
    "S16": (("I01", "I03", "I07", "I16"), Effect.SWAP),
    "S17": (("I01", "I05", "I09", "I13"), Effect.BLIND),
    "S18": (("I02", "I06", "I10", "I14"), Effect.TINY),
    "S19": (("I03", "I07", "I11", "I15"), Effect.SHORTEN),
    "S20": (("I04", "I08", "I12", "I16"), Effect.EXTEND),
}
SPELL_IDS: tuple[str, ...] = tuple(SPELLS)
CARDS_PER_PLAYER = 3  # BY-S3
SPELLS_TO_WIN = 3  # BY-30

# §3.3 who an effect is aimed at, and when it acts.
SELF_EFFECTS: frozenset[Effect] = frozenset({Effect.REDUCE, Effect.EXTEND})  # placed in front of the caster
OPPONENT_EFFECTS: frozenset[Effect] = frozenset({Effect.BLIND, Effect.TINY, Effect.SHORTEN})  # target an opponent
EXCLUSIVE_EFFECTS: frozenset[Effect] = frozenset({Effect.BLIND, Effect.TINY})  # BY-E0.4: never on the same player
EFFECT_NAMES: dict[Effect, str] = {
    Effect.REDUCE: "Quick Brew",
    Effect.SWAP: "Shuffle the Woods",
    Effect.BLIND: "Blinding light!",
    Effect.TINY: "Tiny!",
    Effect.SHORTEN: "Shortcut",
    Effect.EXTEND: "Detour",
    Effect.HOUSE: "Chicken-Leg House",
}
EFFECT_RULES: dict[Effect, str] = {
    Effect.REDUCE: "on your next turn you need one ingredient fewer",
    Effect.SWAP: "swap two Forest tiles of your choice now",
    Effect.BLIND: "on their next turn the target searches with one eye through their hand (Keyhole)",
    Effect.TINY: "on their next turn the target plays with their chin on their fist (slow hand)",
    Effect.SHORTEN: "on their next turn the target's witch path loses one tile",
    Effect.EXTEND: "on your next turn the witch path gains the spare tile",
    Effect.HOUSE: "place the House on a Forest tile now or at the start of your next turn",
}

# §10.1 ingredients required per level (BY-22), and the BY-E1 reduction.
REQUIRED: dict[Level, int] = {Level.WALK: 3, Level.RUN: 3, Level.TOUGH: 4}
REDUCE_BY = 1

# --- timing (§11.9, ASSUMED: BY-G16) and engine bounds ----------------------------------------
FIRST_STEP_DELAY_MS = 800
WITCH_STEP_MIN_INTERVAL_MS = 800
WITCH_STEP_TIMEOUT_MS = 2500
SEARCH_ACTION_MIN_INTERVAL_MS = 300
TINY_FACTOR = 2
ACTIONS_PER_STEP = 2
PLACEMENT_TIMEOUT_MS = 30000
REVEAL_TIMEOUT_MS = 30000
# Not in the spec: how long the active player may take over a choice (an effect's target, the House,
# the tiles to swap, the fearless House move) before it is forfeited, so that a Mode R game always ends.
DECISION_TIMEOUT_MS = 30000
THINK_TIME_MS = 0  # Mode T (T4): 0 = off
PREVIEW_SECONDS = 0  # BY-S5: 20 follows the English edition
MAX_PREVIEW_SECONDS = 120
MAX_TIMEOUT_MS = 7 * 24 * 3600 * 1000  # a week: enough for asynchronous Mode T play

# BY-31 (engine safety): the game ends after this many turns at the latest, with no winner (rules
# version 2; version 1 crowned the most cast spells, ties shared, so a table at 0 spells all "won").
# Random bots rarely cast a spell, so without a bound a game could last for ever.
DEFAULT_MAX_TURNS = 100
MAX_MAX_TURNS = 1000

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "mode",
        str,
        "R",
        "R: real-time race (§11.3): the flyers step the witch themselves, rate limits and timeouts run on "
        "the server's clock; T: turn-based budget (§11.7): the searcher spends action points and the witch "
        "advances by herself, no clock involved (asynchronous play, bots, tests)",
        choices=("R", "T"),
    ),
    OptionSpec(
        "difficulty",
        str,
        "run",
        "walk: any 3 of the 4 ingredients, effects ignored; run: any 3, effects applied; tough: all 4, "
        "effects applied; mixed: run for everyone except the seats in tough_seats (BY-V1)",
        choices=("walk", "run", "tough", "mixed"),
    ),
    OptionSpec(
        "tough_seats",
        str,
        "",
        "difficulty mixed only: comma-separated seats (0-based) that play at the tough level, e.g. '1,3'",
    ),
    OptionSpec(
        "preview_seconds",
        int,
        PREVIEW_SECONDS,
        "English edition (BY-S5): before the first turn every Ingredient face is shown to everyone for this "
        "many seconds; 0 = no preview (Greek rulebook), 20 = English rulebook",
        minimum=0,
        maximum=MAX_PREVIEW_SECONDS,
    ),
    OptionSpec(
        "fearless",
        bool,
        False,
        "the 'fearless' variant (BY-V4): at the end of each turn the active player moves the House",
    ),
    OptionSpec(
        "handicap_mode",
        str,
        "enforce",
        "enforce: Blinding light! limits the target's view to one quadrant (Keyhole), Tiny! slows his hand, "
        "the two-player flyer must alternate hands; record: the handicaps are only shown (honour system)",
        choices=("enforce", "record"),
    ),
    OptionSpec(
        "first_active",
        int,
        -1,
        "seat of the first active player (BY-S4, 'the oldest player'); -1 chooses at random",
        minimum=-1,
        maximum=4,
    ),
    OptionSpec(
        "max_turns",
        int,
        DEFAULT_MAX_TURNS,
        "engine safety bound (BY-31): after this many turns the game ends with no winner, a draw "
        "(rules version 1: the most cast spells won, ties shared)",
        minimum=1,
        maximum=MAX_MAX_TURNS,
    ),
    OptionSpec(
        "first_step_delay_ms",
        int,
        FIRST_STEP_DELAY_MS,
        "Mode R (R1): the first witch step is accepted this long after the spell card is revealed",
        minimum=0,
        maximum=60000,
    ),
    OptionSpec(
        "witch_step_min_interval_ms",
        int,
        WITCH_STEP_MIN_INTERVAL_MS,
        "Mode R (R3): consecutive witch steps must be at least this far apart (earlier ones: TOO_SOON)",
        minimum=0,
        maximum=60000,
    ),
    OptionSpec(
        "witch_step_timeout_ms",
        int,
        WITCH_STEP_TIMEOUT_MS,
        "Mode R (R4): a flyer who has not stepped this long after becoming eligible is stepped for by the server",
        minimum=1,
        maximum=600000,
    ),
    OptionSpec(
        "search_action_min_interval_ms",
        int,
        SEARCH_ACTION_MIN_INTERVAL_MS,
        "Mode R (R5): the searcher's actions must be at least this far apart (the speed of one hand)",
        minimum=0,
        maximum=60000,
    ),
    OptionSpec(
        "tiny_factor",
        int,
        TINY_FACTOR,
        "Tiny! enforced: Mode R multiplies the searcher's interval by this; Mode T charges this many points "
        "per search action",
        minimum=1,
        maximum=5,
    ),
    OptionSpec(
        "actions_per_step",
        int,
        ACTIONS_PER_STEP,
        "Mode T (T1): action points per witch step; the budget is this times the steps of the round",
        minimum=1,
        maximum=10,
    ),
    OptionSpec(
        "think_time_ms",
        int,
        THINK_TIME_MS,
        "Mode T (T4): if the searcher does nothing for this long the witch advances one step; 0 = never",
        minimum=0,
        maximum=MAX_TIMEOUT_MS,
    ),
    OptionSpec(
        "placement_timeout_ms",
        int,
        PLACEMENT_TIMEOUT_MS,
        "§11.8: a placer who has not placed the witch after this long has her placed at a random end; "
        "0 = never (Mode T only)",
        minimum=0,
        maximum=MAX_TIMEOUT_MS,
    ),
    OptionSpec(
        "reveal_timeout_ms",
        int,
        REVEAL_TIMEOUT_MS,
        "§11.8: an active player who has not revealed his spell card after this long has it revealed; "
        "0 = never (Mode T only)",
        minimum=0,
        maximum=MAX_TIMEOUT_MS,
    ),
    OptionSpec(
        "decision_timeout_ms",
        int,
        DECISION_TIMEOUT_MS,
        "an active player who has not made a choice (effect target, House, swap, fearless move) after this "
        "long forfeits it; 0 = never (Mode T only)",
        minimum=0,
        maximum=MAX_TIMEOUT_MS,
    ),
)
