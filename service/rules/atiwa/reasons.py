"""Why decide() refuses a command: the stable codes of IllegalCommand (ErrorInfo.reason on the wire)."""

from __future__ import annotations

from service.rules.core import ReasonCode


class Reason(ReasonCode):
    GAME_OVER = "GAME_OVER", "the game has ended after round 7's breeding; nothing more can be played (AT-90)"
    WRONG_PHASE = "WRONG_PHASE", "the game has not been set up yet"
    NOT_A_SEAT = "NOT_A_SEAT", "the service or an unknown seat sent a command: Atiwa has no automatic moves"
    NOT_YOUR_TURN = "NOT_YOUR_TURN", "another seat takes its turn, or your maintenance is done while others finish"
    WRONG_STEP = "WRONG_STEP", "that kind of command belongs to another step of your turn or of the maintenance"
    UNKNOWN_SPACE = "UNKNOWN_SPACE", "no such action space at this player count (§10.4)"
    SPACE_OCCUPIED = "SPACE_OCCUPIED", "a worker already stands on that action space (AT-02; solo: AT-102)"
    ARROW_PAIR = "ARROW_PAIR", "four players: one player may not occupy both arrow-joined spaces in a round (AT-08)"
    MUST_CONTINUE = "MUST_CONTINUE", "this step cannot be declined: a drawn card or a begun payment must be finished"
    NOT_ALLOWED = "NOT_ALLOWED", "the rules do not allow that choice here (a field, a piece, a payment, an action)"
