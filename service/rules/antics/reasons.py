"""Why decide() refuses a command: the stable codes of IllegalCommand (ErrorInfo.reason on the wire)."""

from __future__ import annotations

from service.rules.core import ReasonCode


class Reason(ReasonCode):
    # --- whose turn, which phase
    GAME_OVER = "GAME_OVER", "the game has ended; nothing more can be played"
    NO_AUTOMATIC_MOVES = "NO_AUTOMATIC_MOVES", "the service sent a command: Antics! has no automatic moves"
    WRONG_PHASE = "WRONG_PHASE", "not now: the game is not set up, or an anteater is waiting for its meal (AN-61)"
    NOT_YOUR_TURN = "NOT_YOUR_TURN", "another seat is taking its turn"
    ACTION_UNDER_WAY = "ACTION_UNDER_WAY", "finish the action under way first; only Ants and Drag allow a steal (AN-59)"
    NO_ACTION_UNDER_WAY = "NO_ACTION_UNDER_WAY", "there is no action under way to finish"
    WRONG_ACTION = "WRONG_ACTION", "that move belongs to another action than the one you are taking"
    # --- markers (AN-01..07)
    NO_ACTIONS_LEFT = "NO_ACTIONS_LEFT", "you have placed every action marker of this turn (AN-T01)"
    NO_HEX = "NO_HEX", "there is no tile of your ant-hill at that hex"
    NOT_AN_ACTION = "NOT_AN_ACTION", "a fungus hex offers no action (AN-01)"
    SPACE_USED = "SPACE_USED", "that hex or your magnificANT already holds a marker this turn (AN-02)"
    # --- Scout (AN-10)
    NO_SUCH_SLOT = "NO_SUCH_SLOT", "the display has rows 1 to 3"
    COLUMN_OUT_OF_REACH = "COLUMN_OUT_OF_REACH", "a level-L Scout takes tiles from columns 1 to L only (AN-10)"
    COLUMN_USED = "COLUMN_USED", "one Scout takes at most one tile from each column (AN-10)"
    NO_TILE = "NO_TILE", "there is no tile at that place of the display"
    # --- Build (AN-15, AN-20..24, AN-07)
    NOT_IN_SUPPLY = "NOT_IN_SUPPLY", "that tile is not in your tile supply (AN-15)"
    CELLS_NOT_ADJACENT = "CELLS_NOT_ADJACENT", "a tile covers two neighbouring cells (AN-21)"
    UNEVEN = "UNEVEN", "both cells under a tile must be at the same height (AN-21, AN-23)"
    TOO_HIGH = "TOO_HIGH", "an ant-hill has at most 5 levels (AN-24)"
    MARKER_IN_THE_WAY = "MARKER_IN_THE_WAY", "you cannot cover a hex that holds one of your markers (AN-07)"
    NOT_ATTACHED = "NOT_ATTACHED", "a level-1 tile must touch your base or your ant-hill (AN-22)"
    ON_ONE_TILE = "ON_ONE_TILE", "a tile above level 1 must straddle two different tiles below it (AN-23)"
    # --- Hatch (AN-30)
    NO_ANTS = "NO_ANTS", "you have no ant left in your supply"
    HATCH_SPREAD = "HATCH_SPREAD", "when you hatch several ants, at least two go into the same hatchery (AN-30)"
    # --- Ants (AN-35..37)
    NO_SUCH_PATH = "NO_SUCH_PATH", "there is no path of that name on the board"
    NO_ANT_THERE = "NO_ANT_THERE", "you have no ant in that hatchery or on that path"
    BRIDGE_SOLDIERS_ONLY = "BRIDGE_SOLDIERS_ONLY", "only soldiers may stand on a bridge (AN-36)"
    WRONG_TERRAIN = "WRONG_TERRAIN", "ants from a terrain hatchery go onto paths of that terrain (AN-36)"
    PATH_TAKEN = "PATH_TAKEN", "you already have an ant on that path (AN-36)"
    SOLDIER_THERE = "SOLDIER_THERE", "a soldier already stands on that path (AN-36, AN-58)"
    NOT_CONNECTED = "NOT_CONNECTED", "every ant of yours must be linked to the nest by your ants (AN-37)"
    ANT_CARRIES = "ANT_CARRIES", "an ant carries at most one token, and one carrying a token stays put (AN-35, AN-46)"
    BREAKS_CHAIN = "BREAKS_CHAIN", "recalling that ant would cut your other ants off the nest (AN-37)"
    # --- Drag (AN-45..47)
    NO_SUCH_SITE = "NO_SUCH_SITE", "there is no site of that name on the board"
    NOT_AT_SITE = "NOT_AT_SITE", "that path does not touch that site (AN-45)"
    SITE_EMPTY = "SITE_EMPTY", "no token lies on that site"
    DUPLICATE_PREY = "DUPLICATE_PREY", "you may hold only one prey token of each type (AN-47)"
    NOTHING_TO_PASS = "NOTHING_TO_PASS", "your ant on that path carries no token to pass on"
    NOT_ADJACENT = "NOT_ADJACENT", "a token passes only between two of your ants on paths that meet (AN-45)"
    NOTHING_TO_DELIVER = "NOTHING_TO_DELIVER", "your ant on that path carries no token to deliver"
    NOT_AT_NEST = "NOT_AT_NEST", "a token is delivered from a path that touches the nest (AN-45)"
    # --- Steal (AN-55..57)
    BAD_VICTIM = "BAD_VICTIM", "steal from another player's ant, a seat at the table"
    NOTHING_TO_STEAL = "NOTHING_TO_STEAL", "that player's ant on the path carries no token (AN-55)"
    GUARDED = "GUARDED", "another player's soldier guards that path (AN-57)"
    # --- the anteater (AN-61)
    NOT_ON_MENU = "NOT_ON_MENU", "the anteater cannot eat that now: see the guide's meal and what is left (AN-61)"
