"""Why decide() refuses a command: the stable codes of IllegalCommand (ErrorInfo.reason on the wire)."""

from __future__ import annotations

from service.rules.core import ReasonCode


class Reason(ReasonCode):
    NO_AUTOMATIC_MOVES = "NO_AUTOMATIC_MOVES", "the service sent a command: this game has no automatic moves"
    GAME_OVER = "GAME_OVER", "the game has ended; nothing more can be played"
    WRONG_PHASE = "WRONG_PHASE", "the command belongs to another phase (second bets, playing cards, Turbo moves)"
    NOT_YOUR_TURN = "NOT_YOUR_TURN", "another seat is to play or to pick"
    ALREADY_CHOSEN = "ALREADY_CHOSEN", "you have already chosen your second bet this race (HT-S3)"
    NOT_IN_HAND = "NOT_IN_HAND", "a card named is not in your hand"
    CARD_COUNT = "CARD_COUNT", "a turn plays 1 to 4 cards (HT-10)"
    DUPLICATE_CARD = "DUPLICATE_CARD", "the same card is named twice"
    MIXED_ANIMALS = "MIXED_ANIMALS", "the cards of one turn must show one animal (HT-11)"
    TABLE_FULL = "TABLE_FULL", "a round allows 8 cards on the table (HT-13)"
    ANIMAL_FULL = "ANIMAL_FULL", "a round allows 4 cards of one animal (HT-13)"
    ANIMAL_CANNOT_MOVE = "ANIMAL_CANNOT_MOVE", "Turbo: that animal had no card played or has moved already (HT-V2.5)"
