"""NoticeService: a seat's your-turn webhook, set, read and removed with that seat's token. Thin: parse, call the
ledger (service/ledger/webhooks.py), render; service/runtime/notices.py does the sending."""

from __future__ import annotations

import grpc
from playledger.v1 import notices_pb2, notices_pb2_grpc

from service.api import convert
from service.api.auth import caller_of
from service.api.errors import PermissionDenied, translated_errors
from service.ledger import webhooks
from service.ledger.app import Ledger, now_ms
from service.ledger.game import Game


class BadWebhookUrl(convert.MalformedRequest):
    """A URL no notice may go to (INVALID_ARGUMENT on the `url` field), with the limit it broke, if one."""

    def __init__(self, refused: webhooks.WebhookUrlRefused) -> None:
        super().__init__(str(refused), refused.code, "url")
        self.facts = {"limit": refused.limit} if refused.limit is not None else {}


class NoticeService(notices_pb2_grpc.NoticeServiceServicer):
    def __init__(self, ledger: Ledger, organizer_token: str | None = None) -> None:
        self._ledger = ledger
        self._organizer_token = organizer_token

    def _seat(self, context: grpc.ServicerContext, name: str) -> tuple[Game, int]:
        """The game, and the seat the caller's token belongs to: a webhook is only ever its own seat's."""
        caller = caller_of(context, self._organizer_token)
        game = self._ledger.read_game(convert.parse_game_name(name, "game"))
        seat = caller.seat_in(game)  # a token of another game: UNAUTHENTICATED
        if seat is None:
            raise PermissionDenied("a webhook belongs to a seat: call with that seat's token", "NOT_A_PLAYER")
        return game, seat

    def SetSeatWebhook(
        self, request: notices_pb2.SetSeatWebhookRequest, context: grpc.ServicerContext
    ) -> notices_pb2.SetSeatWebhookResponse:
        with translated_errors(context):
            game, seat = self._seat(context, request.game)
            try:
                hook = webhooks.set_url(self._ledger, game.id, seat, request.url.strip(), now_ms())
            except webhooks.WebhookUrlRefused as refused:
                raise BadWebhookUrl(refused) from None
            return notices_pb2.SetSeatWebhookResponse(webhook=_rendered(game, hook), secret=hook.secret)

    def GetSeatWebhook(
        self, request: notices_pb2.GetSeatWebhookRequest, context: grpc.ServicerContext
    ) -> notices_pb2.GetSeatWebhookResponse:
        with translated_errors(context):
            game, seat = self._seat(context, request.game)
            hook = webhooks.find(self._ledger, game.id, seat)
            if hook is None:
                return notices_pb2.GetSeatWebhookResponse()
            return notices_pb2.GetSeatWebhookResponse(webhook=_rendered(game, hook))

    def DeleteSeatWebhook(
        self, request: notices_pb2.DeleteSeatWebhookRequest, context: grpc.ServicerContext
    ) -> notices_pb2.DeleteSeatWebhookResponse:
        with translated_errors(context):
            game, seat = self._seat(context, request.game)
            return notices_pb2.DeleteSeatWebhookResponse(deleted=webhooks.delete(self._ledger, game.id, seat, now_ms()))


def _rendered(game: Game, hook: webhooks.Webhook) -> notices_pb2.SeatWebhook:
    """The webhook as its seat reads it: never its secret."""
    return notices_pb2.SeatWebhook(
        game=convert.game_name(game.id),
        seat=hook.seat,
        url=hook.url,
        update_time=convert.timestamp(convert.at(hook.set_at_ms)),
        active=webhooks.notifies(game.time_control) and not game.is_finished(),
    )
