"""Why decide() refuses a command: the stable codes of IllegalCommand (ErrorInfo.reason on the wire)."""

from __future__ import annotations

from service.rules.core import ReasonCode


class Reason(ReasonCode):
    WRONG_PHASE = "WRONG_PHASE", "the command belongs to another phase of the round (or the game is not set up)"
    GAME_OVER = "GAME_OVER", "the game has ended; nothing more can be played"
    NOT_A_SEAT = "NOT_A_SEAT", "only a player at the table can act: this game has no automatic moves"
    NOT_YOUR_TURN = "NOT_YOUR_TURN", "another player's role acts now (the Ant, the Cicada, a Red Ant, the collector)"
    BAD_CELL = "BAD_CELL", "a cell outside the 4x4 grid: rows and columns are 0 to 3"
    NO_CARD = "NO_CARD", "an ant on an empty cell: pawns go on cards only (GA-12)"
    PAWNS = "PAWNS", "the Ant places all 6 pawns on 6 different cards (GA-10)"
    BROKEN_CHAIN = "BROKEN_CHAIN", "the 6 ants must form one orthogonally connected chain (GA-11)"
    NOT_A_SNAKE = "NOT_A_SNAKE", "with the single-file option the ants walk in one line from an edge (GA-OPT-SNAKE)"
    ALREADY_CHOSEN = "ALREADY_CHOSEN", "you have already chosen your secret marker this round (GA-13, GA-14)"
    NO_PAWN = "NO_PAWN", "the Ant's marker must be the type of a card under one of its ants (GA-13)"
    NO_POWER = "NO_POWER", "you lack the power needed, or that power cannot be gained now (GA-P0, GA-P3, GA-P6)"
    ALREADY_PEEKED = "ALREADY_PEEKED", "the Dragonfly lets the Cicada peek at one marker a round (GA-P3)"
    BAD_SLOT = "BAD_SLOT", "there are 3 face-down markers to peek at: slot 0, 1 or 2 (GA-P3)"
    NO_ANT_THERE = "NO_ANT_THERE", "the Cicada sits on a card that carries an ant (GA-20)"
    NO_CHOICE = "NO_CHOICE", "that card is not an insect card of the haul still waiting for a choice (GA-36)"
    BAD_INSECT = "BAD_INSECT", "insect help takes the card itself or another grid card with its insect (GA-36)"
    ALREADY_BOUGHT = "ALREADY_BOUGHT", "the collector buys at most one Provision card a round (GA-80)"
    NOT_IN_MARKET = "NOT_IN_MARKET", "that Provision card is not in the market (GA-80)"
    NOT_YOURS = "NOT_YOURS", "you do not hold that card (a path card to pay with, or a provision to swap)"
    BAD_PAYMENT = "BAD_PAYMENT", "the cards must pay the price exactly: one per symbol or a wildcard set (GA-81, GA-82)"
    BAD_SWAP = "BAD_SWAP", "the Butterfly swaps with a market card or an opponent's provision (GA-P6)"
