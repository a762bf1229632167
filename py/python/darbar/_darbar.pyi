"""Type stubs of the native module ``darbar._darbar``; import everything from ``darbar``."""

from typing import Any, Callable, ClassVar, Dict, List, Mapping, Optional, Sequence, SupportsIndex, Tuple
from typing import Type, TypedDict, TypeVar, Union, final, overload

import numpy
from numpy.typing import NDArray
from typing_extensions import Literal, NotRequired, TypeAlias, Unpack, disjoint_base

__all__ = [
    "__version__",
    "load_game",
    "play_games",
    "play_random_games",
    "registered_games",
    "replay",
    "evaluate",
    "Action",
    "Card",
    "Game",
    "State",
    "VijayanagaraGame",
    "VijayanagaraState",
    "RaidGame",
    "RaidState",
    "PaxPamirGame",
    "PaxPamirState",
    "TycoonGame",
    "TycoonState",
    "Bot",
    "RandomBot",
    "RolloutBot",
    "MctsBot",
    "IsMctsBot",
]

_S = TypeVar("_S", bound="State")

_Seat: TypeAlias = Union[str, SupportsIndex]
"""A seat's number (any integer, ``numpy.int64`` included) or its name (``"DS"``; for
Vijayanagara also a full or Rust name in any case)."""

_Faction: TypeAlias = _Seat
"""``"DS"``/``"BK"``/``"VN"``, a full or Rust name in any case, or a seat number 0-2."""

_ActionArg: TypeAlias = Union[SupportsIndex, str, Action]
"""An action's fixed number (``Action.id``), an ``Action`` of the same game, or the action's
string form."""

_GameArg: TypeAlias = Union[Game, str]
"""A game, or a game's name (its default options)."""

_Campaign: TypeAlias = Union[str, Mapping[str, Any]]
"""A raid campaign (RG-11): the JSON text of ``RaidState.campaign_after()``, or the same as a
dict."""

_Abbreviation: TypeAlias = Literal["DS", "BK", "VN"]

_SupportLimit: TypeAlias = Literal["per_attacked_space", "per_structure_space"]

class _RuleOptions(TypedDict):
    """Every rule option with its value (``Game.options``, ``State.options()``)."""

    decree_may_be_empty: bool
    succession_caps_resources: bool
    support_limit: _SupportLimit
    natural_six_always_misses: bool
    plunder_troops_per_mongol: bool
    transfers: bool
    event_requires_effect: bool

class _RuleOptionArgs(TypedDict, total=False):
    """The rule options ``load_game`` takes as keyword arguments; any not given keeps its
    default."""

    decree_may_be_empty: bool
    succession_caps_resources: bool
    support_limit: _SupportLimit
    natural_six_always_misses: bool
    plunder_troops_per_mongol: bool
    transfers: bool
    event_requires_effect: bool

class _RaidResources(TypedDict):
    """The five resources of the camp or of a site (RG-1.3)."""

    soldiers: int
    funds: int
    food: int
    weapons: int
    slaves: int

class _RaidStartArg(TypedDict, total=False):
    """The ``start`` option: any resource not given keeps its default (ruling 14)."""

    soldiers: int
    funds: int
    food: int
    weapons: int
    slaves: int

class _RaidOptions(TypedDict):
    """Every raid option with its value (``RaidGame.options``, ``RaidState.options()``)."""

    start: _RaidResources
    sack_on_any_raid: bool
    captured_units_carry_over: bool
    castles_in_play: bool
    crisis_halves_fort: bool

class _RaidOptionArgs(TypedDict, total=False):
    """The raid options ``load_game("raid", ...)`` takes as keyword arguments; any not given
    keeps its default."""

    start: _RaidStartArg
    sack_on_any_raid: bool
    captured_units_carry_over: bool
    castles_in_play: bool
    crisis_halves_fort: bool

_RaidEnding: TypeAlias = Literal["death", "rebellion", "empire_arrives"]

class _RaidObserved(TypedDict):
    """What the raider last saw of a site (RG-9)."""

    turn: int
    resources: _RaidResources
    units: List[str]

class _RaidSiteView(TypedDict):
    """What the raider knows of one site."""

    site: str
    revealed: bool
    sacked: bool
    war_status: Optional[
        Literal["solid", "fighting_well", "balanced", "disadvantaged", "crisis", "fallen"]
    ]
    raidable: bool
    last_seen: Optional[_RaidObserved]

class _RaidView(TypedDict):
    """What the raider knows (``RaidState.view``, RG-9)."""

    turn: int
    phase: Literal["scout", "raid", "plunder", "settlement", "over"]
    player: _RaidResources
    talents: List[str]
    army_talents: List[str]
    army: List[str]
    sites: List[_RaidSiteView]
    raided: List[str]
    ending: Optional[_RaidEnding]
    deciding: Optional[str]
    legal_actions: List[str]

class _GameResult(TypedDict):
    """One game of ``play_games``; ``winners``, ``victory_points`` and ``events`` are
    Vijayanagara's, ``ending``, ``day`` and ``rank`` the raid game's, ``winners``,
    ``victory_points``, ``ending`` (``"lead"`` or ``"final_check"``) and ``turns`` Pax Pamir's,
    ``winners``, ``asset_winner``, ``influence_winner``, ``asset_value``, ``influence`` and
    ``support`` Tycoon's (TI-16), ``record`` there with ``records=True``."""

    seed: int
    returns: List[float]
    length: int
    winners: NotRequired[List[int]]
    victory_points: NotRequired[List[int]]
    events: NotRequired[int]
    ending: NotRequired[Optional[str]]
    day: NotRequired[int]
    rank: NotRequired[Optional[str]]
    turns: NotRequired[int]
    asset_winner: NotRequired[Optional[int]]
    influence_winner: NotRequired[Optional[int]]
    asset_value: NotRequired[List[int]]
    influence: NotRequired[List[int]]
    support: NotRequired[List[int]]
    record: NotRequired[str]

class _Interval(TypedDict):
    """A mean with its 95% interval."""

    mean: float
    low: float
    high: float

class _Standing(TypedDict):
    """How one kind of bot did in ``evaluate``, over all its seats or in one."""

    bot: str
    games: int
    """Seat-games played."""
    wins: float
    """Wins, a win shared among the seats tied for the best return, the seats the rules
    play among those to beat (none in a game of one seat)."""
    win_rate: Optional[_Interval]
    """The share of games won with its Wilson 95% interval; ``None`` in a game of one seat."""
    mean_return: _Interval
    """The mean return with its 95% interval (normal approximation)."""

class _Played(TypedDict):
    """One game of ``evaluate``."""

    seed: int
    seating: List[int]
    """The entrant (by index into ``bots``) in each seat."""
    returns: List[float]
    length: int
    decided: List[bool]
    """Whether each seat decided anything: a seat the rules play (an automa, Wakhan)
    never does, and counts for no bot."""

class _Evaluation(TypedDict):
    """What ``evaluate`` returns."""

    game: str
    seats: List[str]
    """The seats' names."""
    bots: List[str]
    """Each entrant's name: its spec, or a callable's ``__name__``."""
    by_bot: List[_Standing]
    """One standing per kind of bot (entrants of the same name are one kind), in order."""
    by_seat: List[List[_Standing]]
    """Per seat, the standings of the kinds of bot that sat there."""
    ratings: Optional[List[float]]
    """Bradley-Terry ratings on the Elo scale, mean 0, in ``by_bot`` order, when more than
    two kinds played; else ``None``."""
    mean_length: float
    """The mean number of actions a game took."""
    games: List[_Played]
    table: str
    """The tables as text, as ``darbar arena`` prints them."""

class _Pieces(TypedDict):
    """What stands in one space (``State.pieces``)."""

    troops: int
    governors: int
    amirs_obedient: int
    amirs_rebelling: int
    rajas_obedient: int
    rajas_rebelling: int
    mongols: int
    structure: Optional[Literal["Qasbah", "Fort", "Temple"]]

class _Available(TypedDict):
    """The pieces in the holding boxes (``State.available``)."""

    troops: int
    governors: int
    qasbahs: int
    amirs: int
    forts: int
    rajas: int
    temples: int
    mongols: int

class _View(TypedDict):
    """What one seat sees and may do (``State.view``)."""

    player: int
    faction: _Abbreviation
    is_my_turn: bool
    deciding: Optional[str]
    prompt: Optional[str]
    legal_actions: List[str]
    resources: int
    cavalry: int
    influence: Optional[int]
    victory_points: int
    current_card: Optional[str]

_PaxPamirCoalition: TypeAlias = Literal["afghan", "british", "russian"]

_PaxPamirSuit: TypeAlias = Literal["political", "intelligence", "economic", "military"]

_PaxPamirEnding: TypeAlias = Literal["lead", "final_check"]

class _PaxPamirOptions(TypedDict):
    """Every Pax Pamir option with its value (``PaxPamirGame.options``); the open questions of
    the rules (PP-OQ-n) each with the reading the rules specification takes by default."""

    players: int
    open_hands: bool
    purchase_empty_column: Literal["bank", "leave_on_slot"]
    spy_ring_order: Literal["turn_order", "mirror"]
    leverage_timing: Literal["immediate", "end_of_action"]
    safe_house_same_card: Literal["allowed", "forbidden"]
    rumor_target: Literal["any_player", "other_player"]
    batch_discard: Literal["together", "one_by_one"]
    infrastructure_optional: bool
    gift_order: Literal["any_slot", "cheapest_first"]
    well_connected_with_bedfellows: Literal["graph2", "ring_or_region"]
    wakhan: bool
    wakhan_red_arrow_players: Literal["impl_reading", "seat_reading"]
    wakhan_bribe_waiver: Literal["ask", "never"]
    wakhan_tax_top_up: bool
    wakhan_move_target_count: Literal["all_tribes", "opponent_tribes"]
    wakhan_ambition_check: Literal["every_action", "turn_start"]
    wakhan_net_rupees_counts_backing: bool
    wakhan_variant_steadfast_loyalty: bool
    wakhan_hand_cards: Literal["discard_at_cleanup", "play_immediately"]

class _PaxPamirOptionArgs(TypedDict, total=False):
    """The options ``load_game("pax_pamir", ...)`` takes as keyword arguments; any not given
    keeps its default (3 players, hidden hands, no Wakhan). ``wakhan=True`` seats the automated
    opponent at seat 0 (WK-10); ``players`` (2 or 3) counts her seat."""

    players: int
    open_hands: bool
    purchase_empty_column: Literal["bank", "leave_on_slot"]
    spy_ring_order: Literal["turn_order", "mirror"]
    leverage_timing: Literal["immediate", "end_of_action"]
    safe_house_same_card: Literal["allowed", "forbidden"]
    rumor_target: Literal["any_player", "other_player"]
    batch_discard: Literal["together", "one_by_one"]
    infrastructure_optional: bool
    gift_order: Literal["any_slot", "cheapest_first"]
    well_connected_with_bedfellows: Literal["graph2", "ring_or_region"]
    wakhan: bool
    wakhan_red_arrow_players: Literal["impl_reading", "seat_reading"]
    wakhan_bribe_waiver: Literal["ask", "never"]
    wakhan_tax_top_up: bool
    wakhan_move_target_count: Literal["all_tribes", "opponent_tribes"]
    wakhan_ambition_check: Literal["every_action", "turn_start"]
    wakhan_net_rupees_counts_backing: bool
    wakhan_variant_steadfast_loyalty: bool
    wakhan_hand_cards: Literal["discard_at_cleanup", "play_immediately"]

class _PaxPamirSlot(TypedDict):
    """One market slot (``PaxPamirState.market``)."""

    slot: str
    card: Optional[int]
    name: Optional[str]
    rupees: int
    cost: Optional[int]

class _PaxPamirRegion(TypedDict):
    """One region of the map (``PaxPamirState.regions``)."""

    tribes: List[int]
    armies: Dict[_PaxPamirCoalition, int]
    ruler: Optional[int]

class _PaxPamirScore(TypedDict):
    """What decides the winner for one seat (``PaxPamirState.scores``, PP-13.9)."""

    vp: int
    military_stars: int
    rupees: int

class _PaxPamirSlotView(TypedDict):
    """One market slot as a seat sees it."""

    slot: str
    card: Optional[int]
    rupees: int

class _PaxPamirPlayerView(TypedDict):
    """One seat as the viewer sees it: ``hand`` is ``None`` for another seat's hand unless
    the game has ``open_hands`` (PP-0.4)."""

    name: str
    loyalty: Optional[Literal["Afghan", "British", "Russian"]]
    rupees: int
    vp: int
    influence: int
    court: List[int]
    hand: Optional[List[int]]
    hand_size: int
    prizes: List[int]
    gifts: List[bool]
    events: List[int]
    stars: List[int]
    cylinders_in_supply: int

class _PaxPamirRegionView(TypedDict):
    """One region as a seat sees it; ``armies`` in coalition order."""

    region: Literal["Persia", "Transcaspia", "Herat", "Kabul", "Kandahar", "Punjab"]
    tribes: List[int]
    armies: List[int]
    ruler: Optional[int]

class _PaxPamirWakhanView(TypedDict):
    """Wakhan as the table sees her (``view(seat)["wakhan"]``, WK-1.2): her current AI card,
    only the back of the next, never the AI deck's order."""

    seat: int
    current: Optional[int]
    next_back: Optional[List[Any]]
    arrows: Optional[List[Union[int, str]]]
    pragmatic_loyalty: Literal["Afghan", "British", "Russian"]
    deck_size: int
    discard_pile: List[int]
    influence: List[int]

class _PaxPamirAiCard(TypedDict):
    """The front of Wakhan's current AI card (``PaxPamirState.current_ai_card``, WK-1.1)."""

    number: int
    actions: List[str]
    words: List[str]
    pragmatic_loyalty: List[_PaxPamirCoalition]
    region_order: List[str]
    red_arrow: Literal["upper", "lower"]
    black_arrow: int

class _PaxPamirAiBack(TypedDict):
    """The back of Wakhan's next AI card (``PaxPamirState.next_ai_back``, WK-1.2)."""

    labels: List[Literal["T", "B"]]
    numbers: List[int]

class _PaxPamirArrows(TypedDict):
    """What the arrows of the current AI card read on the next card's back
    (``PaxPamirState.arrows``, WK-1.3)."""

    label: Literal["T", "B"]
    row: Literal["top", "bottom"]
    column: int
    side: Literal["left", "right"]

class _PaxPamirView(TypedDict):
    """What one seat may see (``PaxPamirState.view``): the table, its own hand and the others'
    hand sizes; never the deck's order."""

    seat: int
    active: int
    deciding: Optional[List[Union[int, str]]]
    actions_left: int
    favored_suit: Literal["Political", "Intelligence", "Economic", "Military"]
    market: List[_PaxPamirSlotView]
    deck_size: int
    discard_pile: List[int]
    global_events: List[int]
    rumor: Optional[int]
    players: List[_PaxPamirPlayerView]
    regions: List[_PaxPamirRegionView]
    roads: List[List[int]]
    spies: List[List[Any]]
    blocks_on_map: List[int]
    winners: Optional[List[int]]
    wakhan: Optional[_PaxPamirWakhanView]

_TycoonSector: TypeAlias = Literal["FIN", "MIN", "AGR", "FUE", "POW", "TRA"]

_TycoonRegion: TypeAlias = Literal["N", "E", "S", "W"]

_TycoonDifficulty: TypeAlias = Literal["easy", "normal", "hard"]

_TycoonPhase: TypeAlias = Literal[
    "setup", "headline", "region", "events", "auction", "actions", "round_end", "game_end"
]

class _TycoonOptions(TypedDict):
    """Every Tycoon option with its value (``TycoonGame.options``)."""

    players: int
    automas: Optional[int]
    automa_levels: List[_TycoonDifficulty]
    headline_expansion: bool
    include_kickstarter: bool
    fourth_share_value: int

class _TycoonOptionArgs(TypedDict, total=False):
    """The options ``load_game("tycoon", ...)`` takes as keyword arguments; any not given
    keeps its default (4 people, no automa). ``players`` counts the people (0-4);
    ``automas`` the automa seats (default: 2 beside one person, 1 beside two, TC-16.1), 3 or
    4 seats in all; ``automa_levels`` one difficulty for every automa or a list, the first
    automa seat first; ``content`` a folder of one's own content files (TC-19)."""

    players: int
    automas: Optional[int]
    automa_levels: Union[_TycoonDifficulty, Sequence[_TycoonDifficulty]]
    headline_expansion: bool
    include_kickstarter: bool
    fourth_share_value: int
    content: Optional[str]

class _TycoonIndustryCard(TypedDict):
    """An industry card as the content prints it (``TycoonGame.industry``, TC-7)."""

    id: str
    name: str
    era: int
    sector: _TycoonSector
    asset_value: int
    income: int
    cost_icons: List[_TycoonSector]
    kickstarter: bool

class _TycoonCity(TypedDict):
    """One city of the map (``TycoonState.map``): an Office has an owner and no industry."""

    region: _TycoonRegion
    owner: Optional[int]
    industry: Optional[str]

class _TycoonHolding(TypedDict):
    """An industry card a seat owns (``TycoonState.industries``); ``city`` ``None`` while
    unbuilt."""

    id: str
    city: Optional[str]

class _TycoonShares(TypedDict):
    """A seat's shares (``TycoonState.shares``, TI-8.4)."""

    held: Dict[str, int]
    left: int
    next_price: Optional[int]

class _TycoonSlot(TypedDict):
    """A display card with the promoters on it."""

    id: str
    promoters: int

class _TycoonDisplays(TypedDict):
    """The industry and policy displays, front first (``TycoonState.displays``, TI-2.7)."""

    industries: List[_TycoonSlot]
    policies: List[_TycoonSlot]

class _TycoonAutomaCard(TypedDict):
    """An automa's card of the round (``TycoonState.automa_card``, TC-16.3)."""

    id: str
    difficulty: _TycoonDifficulty
    plan: List[str]
    strategy: List[str]
    bid_margin: int
    policy_bid: int
    np_units: int
    focus_sector: _TycoonSector
    focus_region: _TycoonRegion
    shares: Literal["lead", "cheap"]

class _TycoonScore(TypedDict):
    """One seat's score (``TycoonState.scores``, TI-16.2-16.5)."""

    asset_value: int
    industry_av: int
    share_av: int
    track_av: int
    merit_av: int
    influence: int
    plan_influence: int
    policy_influence: int
    support: int
    favour_support: int
    policy_support: int
    agenda_support: int

class _TycoonFigures(TypedDict):
    """Every seat's figures at a round's start or at the end (``TycoonState.round_figures``)."""

    round: int
    money: List[int]
    asset_value: List[int]
    influence: List[int]

class _TycoonCategoryWinners(TypedDict):
    """The two category winners (``TycoonState.category_winners``, TI-16.4)."""

    asset: int
    influence: int

class _TycoonSeatView(TypedDict):
    """One seat as the viewer sees it: ``money`` and ``promoters`` ``None`` behind another
    person's screen (an automa's are open, TC-16.2), ``merits`` and ``agenda`` the viewer's
    own only, ``has_bid`` never the amount of a sealed bid (TI-21.19)."""

    name: str
    automa: Optional[_TycoonDifficulty]
    automa_card: Optional[str]
    money: Optional[int]
    promoters: Optional[int]
    pool: int
    support: int
    influence: int
    levels: List[int]
    reserve: int
    industries: List[_TycoonHolding]
    shares_left: int
    next_share: Optional[int]
    held: List[int]
    policies: List[str]
    merit_count: int
    merits: Optional[List[str]]
    agenda: Optional[List[str]]
    notes: int
    plus1: int
    tokens: int
    tycoon_token: bool
    out: bool
    has_bid: bool
    standing_bid: Optional[int]

class _TycoonCityView(TypedDict):
    """A city as a seat sees it."""

    id: str
    region: _TycoonRegion
    owner: Optional[int]
    industry: Optional[str]

class _TycoonSpaceView(TypedDict):
    """An unmanaged strategy space in play."""

    id: str
    covered_by: Optional[int]

class _TycoonView(TypedDict):
    """What one seat may see (``TycoonState.view``): the table, its own money, promoters,
    merit cards and agenda, never another person's, nor a sealed bid before the reveal, nor
    any deck's order (TI-2.6, TI-21.19)."""

    content: str
    seat: int
    round: int
    phase: _TycoonPhase
    tycoon: int
    region: Optional[_TycoonRegion]
    headline: Optional[str]
    headline_deck: int
    seats: List[_TycoonSeatView]
    cities: List[_TycoonCityView]
    industry_display: List[_TycoonSlot]
    industry_deck: int
    policy_display: List[_TycoonSlot]
    policy_deck: int
    setup_policies: List[str]
    merit_deck: int
    plans: List[str]
    conglomerates: List[str]
    favours: List[str]
    spaces: List[_TycoonSpaceView]
    opening_bid: int
    outcome: Optional[Dict[str, Any]]

__version__: str

@overload
def load_game(
    name: Literal["raid"],
    *,
    campaign: Optional[_Campaign] = None,
    **options: Unpack[_RaidOptionArgs],
) -> RaidGame:
    """Loads the kingdom raid dice game, with its rule options as keyword arguments."""

@overload
def load_game(
    name: Literal["vijayanagara"],
    *,
    events: bool = True,
    deck: Optional[str] = None,
    **options: Unpack[_RuleOptionArgs],
) -> VijayanagaraGame:
    """Loads Vijayanagara, with rule options as keyword arguments."""

@overload
def load_game(name: Literal["pax_pamir"], **options: Unpack[_PaxPamirOptionArgs]) -> PaxPamirGame:
    """Loads Pax Pamir, with its options (``players``, ``open_hands``, ...) as keyword
    arguments."""

@overload
def load_game(name: Literal["tycoon"], **options: Unpack[_TycoonOptionArgs]) -> TycoonGame:
    """Loads Tycoon: India 1981, with its options (``players``, ``automas``,
    ``automa_levels``, ``headline_expansion``, ``content``, ...) as keyword arguments."""

@overload
def load_game(name: str, **options: Any) -> Game:
    """Loads a game by name (``registered_games()``), with its options as keyword arguments.

    Vijayanagara takes ``events=False`` (no Event cards) and ``deck`` (a directory of card
    files to play instead of the default deck). Raises ``ValueError`` naming an unknown game
    or option, ``TypeError`` for an option of the wrong type, ``ScriptError`` for a deck
    that does not load, and ``ContentError`` (a ``ValueError``) for a Tycoon ``content``
    folder that does not load, naming the file, item and field.
    """

def registered_games() -> List[str]:
    """The names of the games this build knows."""

def play_games(
    game: Game,
    n: int,
    bots: Union[str, Sequence[str], None] = None,
    seed: int = 0,
    threads: int = 1,
    records: bool = False,
) -> List[_GameResult]:
    """Plays ``n`` games with bots (seeds ``seed`` to ``seed + n - 1``) on ``threads``
    threads with the GIL released; one dict per game, in seed order. ``bots`` is one bot spec
    for every seat (``"random"``, the default, ``"rollout"``, ``"mcts:iterations=1000"``,
    ``"ismcts:iterations=2000"``, or the game's own, such as the raid game's ``"greedy"``) or
    one per seat. ``ValueError`` for an unknown bot, a bad parameter or a list of
    the wrong length, and unless ``threads`` is 1 to 256 and ``n`` at most 100,000,000.
    With ``records=True`` each dict holds ``record``, its replay record."""

def play_random_games(
    game: Game, n: int, seed: int = 0, threads: int = 1
) -> List[_GameResult]:
    """Plays ``n`` random games (seeds ``seed`` to ``seed + n - 1``) on ``threads`` threads
    with the GIL released; one dict per game, in seed order. ``ValueError`` unless ``threads``
    is 1 to 256 and ``n`` at most 100,000,000."""

def replay(record: Union[str, Mapping[str, Any]], **extra: Any) -> State:
    """Rebuilds a game from its replay record (``State.replay_record()``, as text or a dict),
    as a state of its game's class. ``extra`` are loader options a record does not carry
    (``deck``, ``campaign``). Raises ``IllegalActionError`` naming the first action that is not
    legal, and ``ReplayError`` (its ``kind`` says what) for a damaged record, or for one that
    names a deck other than the one given (``"other_deck"``: the message names the deck
    needed and its hash)."""

_Entrant: TypeAlias = Union[str, Bot, Callable[[State], _ActionArg]]
"""An entrant of ``evaluate``: a bot spec, a ``darbar.bots.Bot`` or a function of a state."""

def evaluate(
    game: Game,
    bots: Union[_Entrant, Sequence[_Entrant]],
    games: int = 100,
    seed: int = 0,
    threads: int = 1,
    rotate_seats: bool = True,
) -> _Evaluation:
    """Plays ``games`` games among ``bots`` and tallies them per bot and per seat, with 95%
    intervals (the arena of ``darbar arena``, from the same seeds).

    ``bots`` is one entrant per seat, or one (alone or in a list) for every seat: a bot spec
    (``"random"``, ``"mcts:iterations=200"``, the game's own ``"greedy"``), a
    ``darbar.bots.Bot`` (standing for its spec: a fresh bot per seat and game) or any callable
    ``f(state) -> action``, given a copy of the state. With ``rotate_seats`` each deal (seed
    ``seed + g // seats``) is played once in every rotation of the seats. Spec bots run in
    Rust on ``threads`` threads with the GIL released; a callable is called with the GIL held.
    Raises ``ValueError`` for the wrong number of bots, an unknown bot or parameter, an
    illegal action from a callable, or unless ``threads`` is 1 to 256 and ``games`` at most
    100,000,000; a callable's own exception is raised as is."""

@final
class Action:
    """An action of a game: ``str(action)`` is its readable form, ``action.id`` its fixed
    number.

    Immutable and hashable; equal to its readable form (``Action("vijayanagara", "yes") ==
    "yes"``).
    """

    def __new__(cls, game: _GameArg, text: str) -> Action: ...
    @staticmethod
    def from_id(game: _GameArg, id: int) -> Action:
        """The action of ``game`` numbered ``id``; ``ValueError`` for a number that is no
        action."""

    @property
    def id(self) -> int:
        """The action's fixed number, ``0 <= id < Game.num_distinct_actions()``."""

    @property
    def game(self) -> str:
        """The name of the game whose action it is."""

    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Type[Action], Tuple[str, str]]: ...

@final
class Card:
    """A card in the words of the deck the game loaded (``State.current_card()``), so a deck
    of one's own shows its own. Immutable; equal to its ``name`` (``"Event 3"``) too."""

    @property
    def number(self) -> int:
        """The card's number in its deck."""

    @property
    def kind(self) -> str:
        """``"Event"``, ``"Mongol Invasion"``, ``"Succession"`` or ``"Timurid"``."""

    @property
    def title(self) -> str:
        """The card's title."""

    @property
    def name(self) -> str:
        """The kind and number: ``"Event 3"``."""

    @property
    def unshaded(self) -> Optional[str]:
        """An Event card's unshaded text (§2.3.4), else ``None``."""

    @property
    def shaded(self) -> Optional[str]:
        """An Event card's shaded text (§2.3.4), else ``None``."""

    @property
    def text(self) -> Optional[str]:
        """The text of a card with a single side (a Mongol Invasion card), else ``None``."""

    @property
    def sides(self) -> List[Tuple[str, str]]:
        """Every side as ``(name, text)``, in printed order."""

    @property
    def file(self) -> Optional[str]:
        """The card file that defines it, for a deck made of files, else ``None``."""

    def to_dict(self) -> Dict[str, Any]:
        """``number``, ``kind``, ``title``, ``unshaded``, ``shaded``, ``text``, ``sides``,
        ``file``."""

    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@disjoint_base
class Game:
    """A game with its rule options: makes new states. Get one from ``load_game``."""

    __hash__: ClassVar[None]  # type: ignore[assignment]

    @property
    def name(self) -> str:
        """The game's name, as in snapshots: ``"vijayanagara"``."""

    @property
    def options(self) -> Dict[str, Any]:
        """Every rule option with its value, as a new dict."""

    def num_players(self) -> int:
        """The number of players (seats 0 to ``num_players() - 1``)."""

    def seat_name(self, seat: int) -> str:
        """A seat's name in the game's words."""

    def num_distinct_actions(self) -> int:
        """How many action numbers there are (OpenSpiel's ``num_distinct_actions``)."""

    def observation_tensor_shape(self) -> List[int]:
        """The shape of ``State.observation_tensor(seat)``."""

    def observation_tensor_layout(self) -> Dict[str, Tuple[int, int]]:
        """The blocks of ``State.observation_tensor(seat)``: ``{name: (start, length)}``."""

    def new_initial_state(self, seed: int = 0) -> State:
        """The position at the start of a game; the same seed always gives the same game."""

    def __reduce__(self) -> Tuple[Callable[..., Game], Tuple[str, str]]: ...
    @staticmethod
    def _restore(name: str, options: str) -> Game: ...
    def __eq__(self, other: object, /) -> bool: ...

@disjoint_base
class State:
    """A position of a game. Mutable (so not hashable); copies, pickles and snapshots are
    exact."""

    __hash__: ClassVar[None]  # type: ignore[assignment]

    # ----- snapshots, copies and pickling

    def to_json(self) -> str:
        """The state as snapshot text: versioned JSON that ``State.from_json`` restores."""

    @classmethod
    def from_json(cls: Type[_S], text: str, **extra: Any) -> _S:
        """Restores a state from ``to_json`` text; raises ``SnapshotError`` for bad text."""

    def clone(self: _S) -> _S:
        """An independent copy, history included."""

    def __copy__(self: _S) -> _S: ...
    def __deepcopy__(self: _S, memo: Any, /) -> _S: ...
    def __getstate__(self) -> str: ...
    def __setstate__(self, text: str, /) -> None: ...
    def __reduce__(
        self,
    ) -> Tuple[Callable[..., State], Tuple[str, str, str, Optional[str], List[int]]]: ...
    @staticmethod
    def _restore(
        name: str, options: str, snapshot: str, origin: Optional[str], history: List[int]
    ) -> State: ...
    def check_invariants(self) -> None:
        """Raises ``InvariantError`` naming the first invariant of the rules broken."""

    def __eq__(self, other: object, /) -> bool: ...

    # ----- pictures

    def to_svg(self) -> Optional[str]:
        """The position as an SVG picture, or ``None`` for a game that draws none."""

    def _repr_svg_(self) -> Optional[str]: ...
    def _palette(self) -> List[Tuple[str, str]]: ...

    # ----- OpenSpiel-style play

    def current_player(self) -> Optional[int]:
        """The seat that must decide now, or ``None``."""

    def legal_actions(self) -> List[int]:
        """The legal actions now, by their fixed numbers; empty once the game is over."""

    def legal_actions_typed(self) -> List[Action]:
        """The legal actions now, as ``Action`` objects, in the order of ``legal_actions()``."""

    def legal_actions_mask(self) -> NDArray[numpy.bool_]:
        """A ``bool`` array of shape ``(Game.num_distinct_actions(),)``, true where legal."""

    def action_to_string(self, action: _ActionArg) -> str:
        """The readable form of an action; ``IllegalActionError`` if it names no action."""

    def string_to_action(self, text: str) -> int:
        """The number of the action with this readable form."""

    def apply_action(self, action: _ActionArg) -> None:
        """Takes an action; ``IllegalActionError`` (state unchanged) if it is not legal."""

    def apply_action_as(self, seat: _Seat, action: _ActionArg) -> None:
        """Takes an action on behalf of ``seat``; ``NotYourTurnError`` if it is not its
        decision."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def returns(self) -> List[float]:
        """What each seat gets from the game as it stands; 0 for all before the end."""

    def phase(self) -> str:
        """What is being decided now, or ``"GameOver"``."""

    def prompt(self) -> Optional[str]:
        """The question shown with the decision, or ``None``."""

    def current_card(self) -> Optional[Card]:
        """The card in play in the loaded deck's words, or ``None`` (no cards, none revealed
        yet, or the game is over)."""

    def view(self, seat: Optional[_Seat] = None) -> Dict[str, Any]:
        """What ``seat`` may see (``seat`` may be left out in a game of one seat)."""

    def board(self, seat: Optional[_Seat] = None) -> str:
        """The board in text as ``seat`` sees it, nothing hidden from it shown (``str(state)``
        is the whole position); ``seat`` may be left out in a game of one seat."""

    def resample(self: _S, seat: _Seat, seed: int) -> _S:
        """A position consistent with everything ``seat`` knows, what it does not know (the
        others' hands, the deck's order, sealed bids, future dice) drawn afresh from ``seed``:
        the seat's view is the same. A state of the same class, restored in mid-game."""

    def action_seen_by(self, action: _ActionArg, seat: _Seat) -> Optional[int]:
        """The action, taken now, as ``seat`` sees it: its number, or ``None`` when the seat
        cannot tell which it was (another's sealed bid); what ``Bot.inform`` takes."""

    def observation_tensor(self, seat: _Seat) -> NDArray[numpy.float32]:
        """What ``seat`` observes: ``float32``, shape ``Game.observation_tensor_shape()``."""

    def history(self) -> List[int]:
        """The actions taken since the state was created or restored, by number."""

    def history_typed(self) -> List[Action]:
        """The actions taken since the state was created or restored."""

    def log(self) -> List[str]:
        """The game's log since the state was created or restored, as the table reads it:
        once the game is over, with the lines hidden during play, marked."""

    def replay_record(self) -> str:
        """The replay record (JSON text for ``darbar.replay``); ``ValueError`` for a state
        restored in mid-game."""

    # ----- the game

    @property
    def seed(self) -> int:
        """The seed the game was created from."""

    @property
    def game_name(self) -> str:
        """The name of the game."""

    def get_game(self) -> Game:
        """The game, with its options."""

    def options(self) -> Dict[str, Any]:
        """The rule options of this game, as a new dict."""

@final
class VijayanagaraGame(Game):
    """Vijayanagara with its rule options, Event cards and deck."""

    @property
    def options(self) -> _RuleOptions:  # type: ignore[override]
        """Every rule option with its value, as a new dict."""

    @property
    def events(self) -> bool:
        """Whether Event cards are played."""

    @property
    def deck(self) -> Optional[str]:
        """The deck directory whose cards are played, or ``None`` for the default deck."""

    def new_initial_state(self, seed: int = 0) -> VijayanagaraState: ...

@final
class VijayanagaraState(State):
    """A position of Vijayanagara, with the board's queries."""

    def view(self, seat: Optional[_Faction] = None) -> _View: ...  # type: ignore[override]
    def phase(self) -> str:
        """What is being decided now (``"TurnOption"``, ``"Event"``, ...) or ``"GameOver"``."""

    def options(self) -> _RuleOptions: ...  # type: ignore[override]
    def victory_points_all(self) -> List[int]:
        """Victory Points by seat, final ones once the game is over."""

    def dynasty(self) -> Literal["Khalji", "Tughlaq"]:
        """The dynasty ruling in Delhi."""

    def prompt(self) -> Optional[str]:
        """The question of a choice inside an Event card; at an Event decision (an option on
        an Event card, or the choice of its side), the card with both sides' text; else
        ``None``."""

    def cards_remaining(self) -> int:
        """How many cards are left to draw."""

    def resources(self, faction: _Faction) -> int: ...
    def cavalry(self, faction: _Faction) -> int: ...
    def cavalry_pool(self) -> int: ...
    def victory_points(self, faction: _Faction) -> int:
        """The running count during play, the final score (§5.1 adjustment) once over."""

    def influence(self, faction: _Faction) -> Optional[int]:
        """Deccan Influence, 0-4, or ``None`` for the Sultanate, which has no track."""

    def available(self) -> _Available: ...
    def spaces(self) -> List[str]:
        """The names of the spaces, in map order."""

    def pieces(self, space: str) -> _Pieces: ...
    def is_tributary(self, space: str) -> bool: ...
    def control(self, space: str) -> Optional[_Abbreviation]: ...

@final
class RaidGame(Game):
    """The kingdom raid dice game with its rule options."""

    @property
    def options(self) -> _RaidOptions:  # type: ignore[override]
        """Every rule option with its value, as a new dict."""

    @property
    def max_recruit_funds(self) -> int:
        """The most funds one recruitment may spend: 999, an engine limit."""

    def new_initial_state(self, seed: int = 0) -> RaidState: ...
    def new_campaign_state(self, campaign: _Campaign, seed: int = 0) -> RaidState:
        """A later game of a campaign (RG-11) from ``RaidState.campaign_after()``; raises
        ``SnapshotError`` for a campaign that does not parse or could not arise from play."""

@final
class RaidState(State):
    """A position of the raid game."""

    def options(self) -> _RaidOptions: ...  # type: ignore[override]
    def phase(self) -> Literal["Scout", "Raid", "Plunder", "Talent", "Settlement", "GameOver"]:
        """What is being decided now."""

    def view(self, seat: Optional[_Seat] = None) -> _RaidView:  # type: ignore[override]
        """What the raider knows (RG-9): last observed site values, never the true ones."""

    def log(self) -> List[str]:
        """The game's log: each action, every GM roll it caused, and what happened."""

    def score(self) -> int:
        """The ruling-26 score of the camp as it stands."""

    def rank(self) -> Optional[str]:
        """The rank of the final score, once the Empire has arrived."""

    def ending(self) -> Optional[_RaidEnding]:
        """How the game ended, or ``None`` while it goes on."""

    def turn(self) -> int:
        """The day, from 1."""

    def campaign(self) -> str:
        """The campaign this game started from (RG-11), as JSON text."""

    def campaign_after(self) -> str:
        """The campaign for the next game (RG-11), as JSON text for
        ``RaidGame.new_campaign_state``."""

@final
class PaxPamirGame(Game):
    """Pax Pamir (2nd edition) with its options: seats ``"P1"`` onwards; with ``wakhan``,
    seat 0 is the automated opponent's, ``"Wakhan"`` (WK-10)."""

    @property
    def options(self) -> _PaxPamirOptions:  # type: ignore[override]
        """Every option with its value, as a new dict."""

    def card(self, number: int) -> Optional[Card]:
        """Card ``number`` in words from the card data (PP-3); ``None`` for a number that is
        no card (1 to 116)."""

    def new_initial_state(self, seed: int = 0) -> PaxPamirState: ...

@final
class PaxPamirState(State):
    """A position of Pax Pamir: the whole position, every hand included; what a seat may see
    is ``view(seat)``. Regions, borders, coalitions and suits are named by their codes
    (``"kabul"``, ``"herat-kabul"``, ``"afghan"``, ``"military"``)."""

    def options(self) -> _PaxPamirOptions: ...  # type: ignore[override]
    def view(self, seat: Optional[_Seat] = None) -> _PaxPamirView:  # type: ignore[override]
        """What ``seat`` may see: the other hands hidden unless ``open_hands`` (PP-0.4)."""

    def phase(self) -> str:
        """What is being decided now (``"Loyalty"``, ``"Action"``, ``"Bribe"``, ...) or
        ``"GameOver"``."""

    def market(self) -> List[_PaxPamirSlot]:
        """The 12 market slots in fill order (``top-0``, ``bottom-0``, ``top-1``, ...), with
        the cost to the seat whose turn it is (PP-7.1.2)."""

    def court(self, seat: _Seat) -> List[int]:
        """A seat's court, left to right, by card number."""

    def hand(self, seat: _Seat) -> List[int]:
        """A seat's hand: the whole position's knowledge, hidden from the other seats."""

    def prizes(self, seat: _Seat) -> List[int]: ...
    def regions(self) -> Dict[str, _PaxPamirRegion]:
        """The map by region code, in map order (PP-2.1)."""

    def rulers(self) -> Dict[str, Optional[int]]:
        """Who rules each region (PP-10.2)."""

    def roads(self) -> Dict[str, Dict[_PaxPamirCoalition, int]]:
        """The roads on each border by coalition, in border order (PP-2.2)."""

    def favored_suit(self) -> _PaxPamirSuit: ...
    def vp(self) -> List[int]:
        """Victory points by seat, final once the game is over."""

    def scores(self) -> List[_PaxPamirScore]:
        """By seat, what decides the winner (PP-13.9): VP, then military stars, then
        rupees."""

    def influence(self, seat: _Seat) -> int: ...
    def rupees(self, seat: _Seat) -> int: ...
    def loyalty(self, seat: _Seat) -> Optional[_PaxPamirCoalition]: ...
    def stars(self, seat: _Seat) -> Dict[_PaxPamirSuit, int]: ...
    def dominant_coalition(self) -> Optional[_PaxPamirCoalition]:
        """The coalition dominant in a Dominance Check now (PP-13.2), or ``None``."""

    def deck_size(self) -> int: ...
    def discard_pile(self) -> List[int]: ...
    def winners(self) -> List[int]:
        """The winning seats once the game is over; empty while it goes on."""

    def ending(self) -> Optional[_PaxPamirEnding]:
        """``"lead"`` (PP-13.8) or ``"final_check"`` (PP-13.9); ``None`` while the game goes
        on."""

    def active_player(self) -> int:
        """The seat whose turn it is."""

    def actions_left(self) -> int: ...
    def turns(self) -> int: ...
    def wakhan_seat(self) -> Optional[int]:
        """Wakhan's seat (0, WK-10), or ``None`` without her; no decision is ever hers."""

    def current_ai_card(self) -> Optional[_PaxPamirAiCard]:
        """Her current AI card (WK-1.2); ``None`` without her or before her first turn."""

    def next_ai_back(self) -> Optional[_PaxPamirAiBack]:
        """The back of her next AI card, never its number (WK-1.2); ``None`` without her."""

    def arrows(self) -> Optional[_PaxPamirArrows]:
        """The arrows' reading (WK-1.3); ``None`` without her or before her first turn."""

    def pragmatic_loyalty(self) -> Optional[_PaxPamirCoalition]:
        """The coalition of her blocks (WK-1.4); ``None`` without her."""

    def wakhan_influence(self) -> Optional[Dict[_PaxPamirCoalition, int]]:
        """Her influence in each coalition (WK-11.5); ``None`` without her."""

    def ai_deck_size(self) -> Optional[int]: ...
    def ai_discard_pile(self) -> Optional[List[int]]: ...

@final
class TycoonGame(Game):
    """Tycoon: India 1981 with its options and content: seats by colour (``"Red"``,
    ``"Blue"``, ``"Green"``, ``"Yellow"``), the people first, then the automas
    (``"Blue (automa)"``, TC-16.1), whose decisions the rules make."""

    @property
    def options(self) -> _TycoonOptions:  # type: ignore[override]
        """Every rule option with its value, as a new dict."""

    @property
    def content_label(self) -> str:
        """The content's label (TC-19): darbar's default content is not the published
        components."""

    @property
    def content(self) -> Optional[str]:
        """The folder of one's own content played, or ``None`` for darbar's default."""

    def industry(self, id: str) -> Optional[_TycoonIndustryCard]:
        """Industry card ``id`` (``"I1-09"``) as the content prints it; ``None`` for no card."""

    def new_initial_state(self, seed: int = 0) -> TycoonState: ...

@final
class TycoonState(State):
    """A position of Tycoon: the whole position, every screen lifted (``money``,
    ``promoters``, ``merits``, ``agenda``); what a seat may see is ``view(seat)``. Sectors by
    code (``"FIN"``), regions by letter (``"W"``), cities and cards by id."""

    def options(self) -> _TycoonOptions: ...  # type: ignore[override]
    def view(self, seat: Optional[_Seat] = None) -> _TycoonView:  # type: ignore[override]
        """What ``seat`` may see: the other people's money, promoters, merit cards, agendas
        and sealed bids hidden (TI-2.6, TI-21.19)."""

    def phase(self) -> str:
        """What is being decided now (``"PolicyBid"``, ``"Turn"``, ...) or ``"GameOver"``."""

    def round_phase(self) -> _TycoonPhase:
        """The phase of the round (TI-4.1)."""

    def round(self) -> int:
        """0 during setup, 1 to 7, 8 at the end."""

    def tycoon(self) -> int:
        """The Tycoon's seat (TI-2.9)."""

    def region(self) -> Optional[_TycoonRegion]:
        """The active region (TI-5), or ``None`` before the first activation."""

    def content_label(self) -> str: ...
    def money(self, seat: _Seat) -> int:
        """A seat's Cr; behind its screen at the table (the view shows it to the seat only,
        and an automa's to all)."""

    def promoters(self, seat: _Seat) -> int:
        """A seat's personal supply of promoters; behind its screen as ``money`` is."""

    def pool(self, seat: _Seat) -> int: ...
    def support(self, seat: _Seat) -> int: ...
    def influence(self, seat: _Seat) -> int: ...
    def influence_order(self) -> List[int]:
        """The seats highest first, a later arrival above on a tie (TI-0.4)."""

    def tracks(self, seat: _Seat) -> Dict[_TycoonSector, int]:
        """Levels by sector code in track order, 0 off the track (TI-2.3)."""

    def leaders(self) -> Dict[_TycoonSector, Optional[int]]:
        """Each sector's leading seat, ``None`` where the Government leads (TI-2.3)."""

    def map(self) -> Dict[str, _TycoonCity]:
        """The map by city id, in TC-2.2's order."""

    def industries(self, seat: _Seat) -> List[_TycoonHolding]: ...
    def reserve(self, seat: _Seat) -> int: ...
    def shares(self, seat: _Seat) -> _TycoonShares: ...
    def policies(self, seat: _Seat) -> List[str]: ...
    def merits(self, seat: _Seat) -> List[str]:
        """A seat's merit cards; hidden from the others at the table (TI-21.16)."""

    def agenda(self, seat: _Seat) -> List[str]:
        """A seat's corporate agenda; hidden from the others at the table."""

    def notes(self, seat: _Seat) -> int: ...
    def plus1(self, seat: _Seat) -> int: ...
    def displays(self) -> _TycoonDisplays: ...
    def headline(self) -> Optional[str]: ...
    def automa_seats(self) -> List[int]:
        """The automa seats (TC-16.1); no decision is ever theirs."""

    def difficulty(self, seat: _Seat) -> Optional[_TycoonDifficulty]: ...
    def automa_card(self, seat: _Seat) -> Optional[_TycoonAutomaCard]:
        """An automa's card of the round, face up (TC-16.3); ``None`` for a person's seat."""

    def scores(self) -> List[_TycoonScore]:
        """By seat (TI-16): final once the game is over, else the table as it stands."""

    def round_figures(self) -> List[_TycoonFigures]:
        """Every seat's money, asset value and influence at each round's start, and at the
        end."""

    def winners(self) -> List[int]:
        """The winning seats once the game is over (two for a shared victory, TI-16.4)."""

    def category_winners(self) -> Optional[_TycoonCategoryWinners]: ...
    def actions_taken(self, seat: _Seat) -> List[str]:
        """The Phase-4 actions a seat has taken this phase (TI-8.1)."""

# ----- bots (darbar.bots)

@disjoint_base
class Bot:
    """A player of one game, made from its spec: ``step(state)`` is its choice, an action
    number. Its search runs with the GIL released; usable from several threads."""

    @staticmethod
    def from_spec(game: _GameArg, spec: str, seed: int = 0) -> Bot:
        """The bot of ``game`` that ``spec`` names (``"random"``, ``"rollout:playouts=32"``,
        ``"mcts:iterations=1000:c=1.4"``, ``"ismcts:time=500"``, ``"cheat-mcts"``, or one of
        the game's own); ``ValueError`` for an unknown bot or parameter."""

    def step(self, state: State) -> int:
        """The bot's choice at ``state``, one of ``state.legal_actions()``; ``ValueError`` for
        a state whose game is over or of another game."""

    def __call__(self, state: State) -> int:
        """``step(state)``."""

    def inform(self, action: Optional[int]) -> None:
        """Tells the bot of an action taken at the table, as its seat saw it
        (``state.action_seen_by(action, seat)``), so that a search keeps its tree."""

    def restart(self) -> None:
        """Forgets the game in play."""

    @property
    def spec(self) -> str:
        """The spec the bot was made from."""

    @property
    def game(self) -> str:
        """The name of the game it plays."""

    @property
    def seed(self) -> int:
        """The seed it was made with."""

@final
class RandomBot(Bot):
    """Every legal action equally likely (``"random"``)."""

    def __new__(cls, game: _GameArg, seed: int = 0) -> RandomBot: ...

@final
class RolloutBot(Bot):
    """Flat Monte Carlo: each legal action valued by ``playouts`` random playouts from states
    resampled from what the seat knows (``"rollout:playouts=N"``)."""

    def __new__(cls, game: _GameArg, seed: int = 0, playouts: int = 16) -> RolloutBot: ...

@final
class MctsBot(Bot):
    """UCT over a determinization (``"mcts:..."``): ``iterations`` per decision, or as many as
    fit in ``time_ms``; ``c`` the exploration constant; ``depth`` the actions of a playout
    (``None``: to the end); ``threads`` searches summed; ``keep_tree`` keeps the tree across
    decisions when informed; ``rollout`` ``"random"`` or one of the game's own bots."""

    def __new__(
        cls,
        game: _GameArg,
        seed: int = 0,
        iterations: int = 1000,
        c: float = 1.4142135623730951,
        depth: Optional[int] = None,
        threads: int = 1,
        keep_tree: bool = True,
        time_ms: Optional[int] = None,
        rollout: str = "random",
    ) -> MctsBot: ...

@final
class IsMctsBot(Bot):
    """Information-set MCTS (``"ismcts:..."``): a fresh state resampled from what the seat
    knows every iteration; the parameters of ``MctsBot``."""

    def __new__(
        cls,
        game: _GameArg,
        seed: int = 0,
        iterations: int = 1000,
        c: float = 1.4142135623730951,
        depth: Optional[int] = None,
        threads: int = 1,
        keep_tree: bool = True,
        time_ms: Optional[int] = None,
        rollout: str = "random",
    ) -> IsMctsBot: ...
