"""Why decide() refuses a command: the stable codes of IllegalCommand (ErrorInfo.reason on the wire)."""

from __future__ import annotations

from service.rules.core import ReasonCode


class Reason(ReasonCode):
    GAME_OVER = "GAME_OVER", "the game has ended; nothing more can be played"
    SERVER_ONLY = "SERVER_ONLY", "BeginGame and Timeout are the service's own commands, never a seat's"
    NOT_A_PLAYER = "NOT_A_PLAYER", "the service sent a player's command: it submits only BeginGame and Timeout"
    NO_SUCH_SEAT = "NO_SUCH_SEAT", "the command names a seat this game does not have"
    NOT_DUE = "NOT_DUE", "an automatic command came before its deadline, or with no deadline running"
    WRONG_PHASE = "WRONG_PHASE", "the command belongs to another moment of the turn (§5, §11.2)"
    NOT_YOUR_TURN = "NOT_YOUR_TURN", "another seat places the witch, searches or owes the choice (BY-10, BY-11)"
    NOT_YOUR_MOVE = "NOT_YOUR_MOVE", "another flyer is due to move the witch, or mode T moves her by herself (BY-20)"
    ROUND_OVER = "ROUND_OVER", "no race is running: the witch is back or the search was ended (§11.4)"
    TOO_SOON = "TOO_SOON", "mode R: the witch or the searcher's hand may not act again yet (R1, R3, R5)"
    NOT_FOREST = "NOT_FOREST", "the cell is not a Forest tile: flight path tiles are never turned (BY-12)"
    FACE_UP = "FACE_UP", "the tile is already face up"
    FACE_DOWN = "FACE_DOWN", "there is no face-up tile there to turn back"
    BLOCKED = "BLOCKED", "a wrong tile is face up or the House waits to go back: clear that first (BY-14, BY-16)"
    UNDER_HOUSE = "UNDER_HOUSE", "the House covers that tile: lift the House first (BY-16)"
    MUST_FLIP_UNCOVERED = "MUST_FLIP_UNCOVERED", "the House was lifted: turn the tile it covered first (BY-16)"
    NO_HOUSE = "NO_HOUSE", "the House is not on the board to lift"
    NOTHING_TO_REPLACE = "NOTHING_TO_REPLACE", "no House lifted this turn waits to go back on a face-down tile"
    OUT_OF_SIGHT = "OUT_OF_SIGHT", "Blinding light!: that tile is outside your keyhole lens (§11.5)"
    NO_LENS = "NO_LENS", "you have no keyhole lens to move (only under Blinding light!, §11.5)"
    SAME_QUADRANT = "SAME_QUADRANT", "the keyhole lens is already on that quadrant"
    HAND_REQUIRED = "HAND_REQUIRED", "two players, enforced: say which hand moves the witch (BY-V3, §11.5)"
    SAME_HAND = "SAME_HAND", "two players, enforced: switch hands at every move of the witch (BY-T13)"
    HAND_NOT_USED = "HAND_NOT_USED", "hands are named only in the two-player game with enforced handicaps"
    BAD_TARGET = "BAD_TARGET", "the spell targets an opponent free of a card that excludes it (BY-E0.4, BY-T11)"
    SAME_CELL = "SAME_CELL", "a swap needs two different Forest tiles (BY-E2)"
