"""Quick chat: a seated player's quick message or reaction, sent to the table unless
the seat sends too fast."""

from __future__ import annotations

from crowsnest.server.models.client_messages import ChatSend
from crowsnest.server.models.server_messages import ChatMessage
from crowsnest.server.ops.limits import retry_seconds
from crowsnest.server.people.presets import CHAT_BURST
from crowsnest.server.table.parts import Outcome
from crowsnest.server.table.state import TableState


class Chat(TableState):
    """The table's part that passes on quick chat."""

    def _chat(self, seat: int, message: ChatSend, now: float) -> Outcome:
        if self.seats[seat].left_seq is not None:
            return self._refuse("seat_left", "you have left this game")
        if not self.chats.take(seat, now):
            wait = self.chats.retry_after(seat, now)
            return self._refuse(
                "chat_too_fast",
                f"at most {CHAT_BURST} quick messages at once; wait {wait:.1f} s",
                {"retry_after": retry_seconds(wait)},
            )
        return Outcome([("all", ChatMessage(seat=seat, key=message.key))])
