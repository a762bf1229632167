"""The exceptions darbar raises.

They are plain Python classes: the native module imports them and raises them with their
attributes filled in, and they pickle like any exception, attributes included.
"""

from __future__ import annotations

from typing import Optional, Union

__all__ = [
    "DarbarError",
    "IllegalActionError",
    "NotYourTurnError",
    "SnapshotError",
    "ReplayError",
    "InvariantError",
    "ScriptError",
    "ContentError",
]


class DarbarError(Exception):
    """Base class of every error darbar raises on purpose.

    Subclasses take the message as their only positional argument and their attributes as
    keyword arguments with defaults, so the default pickling of exceptions (the arguments, then
    the instance ``__dict__``) restores them whole.
    """


class IllegalActionError(DarbarError, ValueError):
    """An action that is not legal now; the state was left unchanged.

    Attributes:
        action: the action as it was given (an index or a string).
        reason: why it was refused.
        rule: the section of the rules that decides what is legal here (``"1.9"``), or
            ``None`` when the argument named no action at all (an index out of range, text
            that is no action).
    """

    def __init__(
        self,
        message: str = "",
        *,
        action: Union[int, str, None] = None,
        reason: Optional[str] = None,
        rule: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.action = action
        self.reason = reason
        self.rule = rule


class NotYourTurnError(DarbarError):
    """An action sent on behalf of a faction whose decision it is not.

    Attributes:
        action: the action as it was given.
        expected: the seat that must decide (0 = DS, 1 = BK, 2 = VN).
        actual: the seat that tried to act.
        rule: the section of the rules that gives the decision to ``expected``.
    """

    def __init__(
        self,
        message: str = "",
        *,
        action: Union[int, str, None] = None,
        expected: Optional[int] = None,
        actual: Optional[int] = None,
        rule: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.action = action
        self.expected = expected
        self.actual = actual
        self.rule = rule


class SnapshotError(DarbarError):
    """Snapshot text that cannot be restored.

    Attributes:
        kind: what is wrong: ``"truncated"``, ``"malformed"``, ``"not_a_snapshot"``,
            ``"unsupported_version"``, ``"wrong_game"``, ``"other_options"`` (played with other
            rule options: the message names each), ``"other_deck"`` (played with a deck or
            content of one's own, or restored with one it was not played with: the message
            names it and the option to pass, ``deck="DIR"`` or ``content="DIR"``),
            ``"bad_state"`` or ``"impossible"``.
        rule: for an ``"impossible"`` state, the rule it breaks (``"R-3"``); otherwise
            ``None``.
    """

    def __init__(
        self,
        message: str = "",
        *,
        kind: Optional[str] = None,
        rule: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.rule = rule


class ReplayError(DarbarError, ValueError):
    """A replay record (or a pickled history) that cannot be replayed. A record whose action is
    not legal raises ``IllegalActionError`` instead, naming the action and its rule.

    Attributes:
        kind: what is wrong: ``"malformed"`` (not JSON text or a dict of the record's shape),
            ``"unknown_game"``, ``"bad_options"`` (options the game does not take),
            ``"other_options"`` (not the options of the rules replaying it),
            ``"other_deck"`` (played with another deck of Event cards: the message names it
            and its hash; pass ``deck="DIR"``) or ``"history"`` (a pickle whose actions do not lead to its position).
        step: for ``"history"``, the first action (0-based) that does not replay, if one
            does not; otherwise ``None``.
    """

    def __init__(
        self,
        message: str = "",
        *,
        kind: Optional[str] = None,
        step: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.step = step


class InvariantError(DarbarError):
    """A state that breaks an invariant of the rules (from ``State.check_invariants``).

    Attributes:
        reason: what exactly is wrong.
        rule: the rule broken.
    """

    def __init__(
        self,
        message: str = "",
        *,
        reason: Optional[str] = None,
        rule: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.rule = rule


class ScriptError(DarbarError):
    """A Lua card script that failed while an Event was carried out (§2.3.4), or a deck of card
    files that does not load; the state was left unchanged.

    Attributes:
        card: the Event card's number, or ``None`` for a deck that does not load.
        line: the line of the card file, when known.
        file: the card file, for a deck that does not load; otherwise ``None``.
        reason: Lua's message, or what is wrong with the deck.
    """

    def __init__(
        self,
        message: str = "",
        *,
        card: Optional[int] = None,
        line: Optional[int] = None,
        file: Optional[str] = None,
        reason: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.card = card
        self.line = line
        self.file = file
        self.reason = reason


class ContentError(DarbarError, ValueError):
    """A folder of a game's own tables (Tycoon's ``content=``) that does not load: the message
    names the file, the item and the field at fault and the section of the check
    (``bad content for tycoon: industries.json: I1-09: field asset_value: ...``).

    Attributes:
        game: the game whose content it is.
    """

    def __init__(self, message: str = "", *, game: Optional[str] = None) -> None:
        super().__init__(message)
        self.game = game
