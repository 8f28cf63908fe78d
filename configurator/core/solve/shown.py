"""Why a build without a claim or a kind is shown: what it offers over the builds ranked above it.

One rule for every plan (solve.ranking._shown): a build shown holds a claim (ranking), says what kind of build it is
(a source's kind.*), or offers something over each build ranked above it, said as `offer.*` reasons with typed fields
(`Build.offers`, `plan --json` "why"): a lower price, more speed, less noise, another card, more cards, more RAM, another
kind of case, another platform, room for one more card, fewer cards, passing every check, prompts that do not wait, supported
software, a machine the room takes. A build that offers nothing over one ranked above it gives its place to the next
build that does. Llama-3.3-70B at Q4 between a Mac Studio and RTX 3090s (expert case
llama70b-mac-or-3090-every-build-says-why-it-is-shown) had shown, as a bare "alternative", two RTX 3090 in a rack case
on AM5 for 534 USD more than #1 at its speed: it now says it offers a rack-mount case and another platform.

A build at the release's quality offers it over one that runs the usual GGUF below it (offer.release), where the
request named no precision.

An offer holds over every build ranked above it when it can (no `rank` field); otherwise each build above is named by
its rank with the offer that holds over it (field `rank`), the first in the order below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurator.core.common.reasons import Reason
from configurator.core.model.build import Build

if TYPE_CHECKING:
    from configurator.core.solve.ranking import Measures

AS_FAST = 0.97
"""The one same-speed rule: a build within 3 % of a faster build's speed is as fast for a buyer (FASTER is read from
it): the decode estimate's own 80 % range is far wider (x0.66..x1.29 for single-stream NVIDIA, estimate/ranges.py), and 3 % is about one word in 30 at reading speed
(an estimate of what a buyer notices, not a measurement). The "fastest" claim goes to the cheapest such build
(ranking._as_fast_for_less), which the speed search finds beside the fastest (solver._as_fast_for_less): alone it
maximised speed, then took the cheapest build of that speed, and Llama 3.1 8B at Q4_K_M had found one RTX PRO 6000 Blackwell at 11,796 USD and
203.6 tokens/s where one RTX 5090 decodes 203.2 for less than half of it."""

AS_QUIET_DBA = 2.0
"""A "quietest" claim needs a build shown 2 dBA or more louder than its holder: the noise estimate sums class figures
from different labs (model.noise: a blower card from Hardwareluxx's RX 5700 XT reference at an unstated microphone
distance, a GPU server from Dell's R940 white paper, whose one chassis reads 70 dBA typical and 73 dBA feature-rich
at the same 1 m), so a difference under 2 dBA is below what it resolves (an estimate of the model's resolution, not a
measurement). Beside builds all within 2 dBA of it the claim is not made: Dr. Chen's five L20 and three A800 80GB,
both in the same 73 dBA server class, had called the A800 machine "quietest" on its 1,340 W against 1,931 W at the
wall (round 24's walk of her journey). A cheaper build shown within 2 dBA is named in the claim, by how much it is
louder and cheaper (ranking._quiet_shown), as "fastest" names a dearer build within AS_FAST."""

FASTER = 1.0 / AS_FAST
"""A build is "faster" than another (an alternative's "more speed", "cheapest in VRAM", room to grow's floor) only
when the other is outside its same-speed band (AS_FAST): read from the one rule, never a threshold of its own. Round
32: "more speed" had needed 1 % where "fastest" treated 3 % as the same speed, so a label could call a build "more
speed" than one that "fastest" counted as its equal (Gemma 4 31B QLoRA: an MI100 "more speed" at 153 h beside an RTX
2080 Ti 22GB at 155 h, docs/advice.md)."""


@dataclass(frozen=True)
class FasterForLittle:
    """The one rule of "faster for a little more": a build that decodes (trains) at least `much_faster` times the
    cheapest build's speed for at most `little_more` over its price. Read by the search that finds it beside the
    cheapest (solver._faster_for_little), the claim (ranking._faster_for_little_claim) and the label check
    (tests/independent_checker.py). ESTIMATES of what a buyer weighs, not measurements: 30 % is ten times the
    same-speed band (AS_FAST's 3 %), a gain a buyer reads at once (a reply of 480 tokens in 25 s instead of 33 s); 5 % is
    five times the same-price band (SAME_PRICE's 1 %), small beside what a used card's asking price moves between
    two listings. Round 49: five coding-agent seats on Qwen3.6-27B at 15,000 USD had been shown an Arc Pro B60 Dual as
    "cheapest" (2,462 USD, 14.5 tokens/s a stream) and never two RTX 2080 Ti 22GB at AWQ int4 (2,493 USD, 19.7): the
    plan's searches find the cheapest, the fastest and the best value, and nothing between."""

    much_faster: float = 1.30
    little_more: float = 0.05

    def speed_floor(self, speed: float) -> float:
        """The least speed that is "much faster" than `speed`."""
        return self.much_faster * speed

    def price_ceiling(self, price: float) -> float:
        """The most a build may cost that is "a little more" than `price`."""
        return (1.0 + self.little_more) * price

    def holds(self, price: float, speed: float, cheap_price: float, cheap_speed: float) -> bool:
        """Whether a build at `price` and `speed` is faster for a little more than one at `cheap_price`/`cheap_speed`:
        dearer (a cheaper one that fast would be the cheapest), no more than the ceiling, at least the floor."""
        return (
            cheap_price < price <= self.price_ceiling(cheap_price) + 0.005
            and speed >= self.speed_floor(cheap_speed) * (1 - 1e-9)
            and cheap_speed > 0
        )


FASTER_FOR_LITTLE = FasterForLittle()
"""The rule object of "faster for a little more" (FasterForLittle): the one both the solver and the labels read."""

SAME_PRICE = 0.01
"""Two builds within 1 % of each other's price cost the same to a buyer (speeds are the same within 3 %: AS_FAST):
every price shown is a catalog quote, most of them months old and marked so, and a used card's asking price
moves by more than that between two listings (an estimate of what a buyer reads as one price, not a measurement).
Between two such builds, as fast (AS_FAST) and no quieter, the simpler one is shown (ranking._stands_in): Qwen3 8B
LoRA at 2,500 USD had shown two modified RTX 2080 Ti 22GB at 2,013 USD and 22 h (data-parallel) where one RTX A5000
24 GB trains it in 21 h for 2,016 USD."""


SLOWER_RATIO = 3.0
"""A training build labelled "cheapest" says how much slower it is than the fastest build shown when that one trains
the same job at least this many times faster, and a training way out says it of a way listed beside it that costs a
little more (relax._slower_way): past the spread two training estimates can have between them (their 80 % range is
x0.77..x1.68 of the hours, estimate/ranges.py: 1.68 / 0.77 = 2.2), rounded up to a factor a buyer weighs against the
price (an estimate of where "many times slower" starts, not a measurement)."""


SLOWER_DEARER = 1.5
"""A training way out says it is many times slower (shown.SLOWER_RATIO) than a way listed beside it that costs at most
half as much again: at 3 x the speed for 1.5 x the price that way trains at least twice the tokens per unit of money
(3 / 1.5), and a fine-tune is a job its buyer repeats; past it the price, not the time, is what tells the two apart,
the bound the search itself puts on money before a slower machine (relax._affordable: 1.5 x the budget). An estimate of
where "costs a little more" ends, not a measurement. Llama 3.3 70B QLoRA on 50 M tokens within a week at 1,500 USD
(round 26's walk): "allow 611 h (25.4 days) and raise the budget to 2,099 USD" on 2 x Tesla P40 had stood above "raise
the budget to 2,279 USD" on 2 x RTX 2080 Ti 22GB, 104 h, with no word of the 5.9-fold time. The same bound drops a way
out that gives up the deadline or the speed asked beside one that keeps them (relax.gives_up_target_for_little): that
611 h way is no longer offered; and a build shown that misses them beside one that meets them (gives_up_for_little)."""


def gives_up_for_little(price: float, kept: float) -> bool:
    """Whether giving up the user's own target (the deadline, the speed asked) for `price` saves too little beside
    `kept`, the price of keeping it: at most SLOWER_DEARER times `price`, a saving of a third or less. The one rule for
    a way out that gives up a target (relax.gives_up_target_for_little) and a build shown that misses it
    (ranking._miss_claims)."""
    return kept <= SLOWER_DEARER * price + 0.005


def many_times_slower(ratio: float) -> bool:
    """Whether a training time `ratio` times another's is "many times slower" (SLOWER_RATIO): the one rule for a
    build's rank.slower (ranking._slower) and a way out's way.slower (relax._slower_way)."""
    return ratio >= SLOWER_RATIO


def quieter(dba: float | None, than: float | None) -> bool:
    """Whether a machine at `dba` is quieter than one at `than` by what the noise estimate resolves (AS_QUIET_DBA), on
    the figures a buyer reads (0.1 dBA): "less noise" (offers) and "quietest" (ranking) alike."""
    return dba is not None and than is not None and round(than, 1) >= round(dba, 1) + AS_QUIET_DBA


def card_count(build: Build) -> int:
    """The cards in all, every node's."""
    return build.gpu_count * build.nodes


def modified_cards(build: Build) -> bool:
    """Whether any of its cards is memory- or board-modified (catalog `modified`: no vendor warranty or support)."""
    return any(p.category == "gpu" and bool(p.spec.get("modified")) for p in build.parts)


def _of_cards(build: Build) -> bool:
    """A machine built of graphics cards: a card bought, and no ready-made system (a Mac, a mini PC, a server)."""
    return any(p.category == "gpu" for p in build.parts) and not any(p.category == "system" for p in build.parts)


def simpler(b: Build, a: Build) -> bool:
    """Whether machine `b` is simpler than `a`, both built of cards (a ready-made system is another kind of machine,
    not a simpler one): fewer cards in all (less to power, cool and split the job across: one card needs no data or
    tensor parallelism), or as many and none modified where `a`'s are."""
    if not (_of_cards(b) and _of_cards(a)) or card_count(b) <= 0:
        return False
    if card_count(b) != card_count(a):
        return card_count(b) < card_count(a)
    return modified_cards(a) and not modified_cards(b)


def _cards(build: Build) -> tuple[tuple[str, str], ...]:
    """The build's cards (or its ready-made system) as (id, name), once each."""
    seen: dict[str, str] = {}
    for p in build.parts:
        if p.category in ("gpu", "system"):
            seen.setdefault(p.id, p.name)
    return tuple(seen.items())


def _ram_gb(build: Build) -> float:
    gb = 0.0
    for p in build.parts:
        if p.category == "memory":
            modules = p.spec.get("modules") or 1
            size = p.spec.get("module_gb") or 0
            gb += float(modules) * float(size) * p.quantity  # type: ignore[arg-type]
    return gb


def _case(build: Build) -> tuple[str, str] | None:
    """The kind of case (rack, open, tower) and its name, or None without a chassis part."""
    part = next((p for p in build.parts if p.category == "chassis"), None)
    if part is None:
        return None
    kind = str(part.spec.get("kind", ""))
    form = "rack" if kind.startswith("rack") else "open" if kind == "open-frame" else "tower"
    return form, part.name


def _platform(build: Build) -> tuple[str, str] | None:
    """The CPU socket and its memory type, or None without a CPU part."""
    part = next((p for p in build.parts if p.category == "cpu"), None)
    if part is None or not part.spec.get("socket"):
        return None
    return str(part.spec.get("socket")), str(part.spec.get("memory_type", ""))


def offers(b: Build, mb: Measures, a: Build, ma: Measures, eol: tuple[bool, bool]) -> list[Reason]:
    """What build `b` offers that build `a` does not, in a fixed order (price, speed, noise, hardware, checks);
    `eol` says whether a's and b's cards are past their software support."""
    if ma.readable and not mb.readable:
        return _below_reading(mb, ma, b, eol)
    out: list[Reason] = []
    if mb.price < ma.price - 0.5:
        out.append(Reason.of("offer.cheaper", price=round(mb.price, 2), currency=b.currency))
    if mb.speed > ma.speed * FASTER:
        # a training build's speed is the job's tokens/s, never "per user": the workload's kinds are "finetune" and
        # "pretrain", and Sam's 1B pretrain had read "131,555.7 tokens/s per user" (walk16)
        out.append(Reason.of("offer.faster", tps=mb.speed, training=b.estimate.workload.get("kind") != "inference"))
    if ma.quantized and not mb.quantized:
        # the weights as released where the other runs the usual GGUF below them (ranking.quantized): Llama 3.1 8B
        # with no precision had shown an RTX 4060 Ti 16GB at BF16 and 16.1 tokens/s as "another card" alone, under an
        # RTX 2070 at Q4_K_M and 62.1 tokens/s for less: a 16 GB card's offer is the release's quality
        out.append(Reason.of("offer.release", precision=str(b.estimate.workload.get("precision", "")).upper()))
    # by what the estimate resolves, as "quietest" is claimed; a shrouded build's figure is a floor (ranking.shrouded)
    if mb.dba is not None and not mb.dba_floor and quieter(mb.dba, ma.dba):
        out.append(Reason.of("offer.quieter", dba=round(mb.dba, 1)))
    theirs = {i for i, _ in _cards(a)}
    other = [name for i, name in _cards(b) if i not in theirs]
    if other:
        out.append(Reason.of("offer.card", name=other[0]))
    if b.gpu_count * b.nodes > a.gpu_count * a.nodes and _cards(b) and _cards(a):
        out.append(Reason.of("offer.cards", count=b.gpu_count * b.nodes))
    if 0 < b.gpu_count * b.nodes < a.gpu_count * a.nodes and _cards(b) and _cards(a):
        # fewer cards are a simpler machine to build, power and run (fewer failure points; a tensor-parallel pair in
        # place of a pipeline of five): an offer, as more cards are
        out.append(Reason.of("offer.fewer-cards", count=b.gpu_count * b.nodes))
    ram_b, ram_a = _ram_gb(b), _ram_gb(a)
    if ram_b > ram_a > 0:
        out.append(Reason.of("offer.ram", gb=round(ram_b)))
    case_b, case_a = _case(b), _case(a)
    if case_b is not None and case_a is not None and case_b[0] != case_a[0]:
        out.append(Reason.of("offer.case", form=case_b[0], name=case_b[1]))
    plat_b, plat_a = _platform(b), _platform(a)
    if plat_b is not None and plat_a is not None and plat_b[0] != plat_a[0]:
        out.append(Reason.of("offer.platform", socket=plat_b[0], memory=plat_b[1]))
    if b.room_for_one_more and not a.room_for_one_more:
        out.append(Reason.of("offer.grow"))
    out += _check_offers(mb, ma, eol)
    return out


def _below_reading(mb: Measures, ma: Measures, b: Build, eol: tuple[bool, bool]) -> list[Reason]:
    """What a build below reading speed offers over one at it: not its price, card, case or platform, which buy a
    machine that does not do the job (Dr. Chen's 20 users with 4,096-token prompts had been shown 5 x RTX 4060 Ti at
    0.36 tokens/s each, 3 x MI50 at 0.08, beside builds that serve them at reading speed: walk16); only a price within
    the budget where the other is past it, or what the other lacks to be usable at all (its checks, its prompts'
    wait, its software support, a room that takes it)."""
    out: list[Reason] = []
    if mb.within_budget and not ma.within_budget and mb.price < ma.price - 0.5:
        out.append(Reason.of("offer.cheaper", price=round(mb.price, 2), currency=b.currency))
    return out + _check_offers(mb, ma, eol)


def _check_offers(mb: Measures, ma: Measures, eol: tuple[bool, bool]) -> list[Reason]:
    out: list[Reason] = []
    if mb.passing and not ma.passing:
        out.append(Reason.of("offer.passes"))
    if ma.waits and not mb.waits:
        out.append(Reason.of("offer.prompt"))
    if eol[0] and not eol[1]:
        out.append(Reason.of("offer.supported"))
    if ma.too_loud and not mb.too_loud:
        out.append(Reason.of("offer.room"))
    return out


def why_shown(
    i: int, above: Sequence[int], pool: Sequence[Build], m: Sequence[Measures], eol: Sequence[bool]
) -> tuple[Reason, ...] | None:
    """What build `i` offers over the builds ranked above it (indices into `pool`, in rank order): the offers that
    hold over every one of them, else one offer per build above, naming its rank (1-based position in `above`).
    None when it offers nothing over one of them (it gives its place); () when nothing is ranked above it."""
    each = [offers(pool[i], m[i], pool[j], m[j], (eol[j], eol[i])) for j in above]
    if any(not o for o in each):
        return None
    if not each:
        return ()
    common = [o for o in each[0] if all(o in rest for rest in each[1:])]
    if common:
        # a card past its software support never pushes a supported build off the list (ranking._dominated): over such
        # a build above, this one says so even when it offers something else over all of them. Two Arc Pro B60 had
        # stood as "alternative (Intel Arc Pro B60 24GB)" under two MI50 that cost less, read faster and, heard per
        # card on their shroud frame, are no louder
        supported = [
            Reason.of("offer.supported", rank=k)
            for k, o in enumerate(each, start=1)
            if any(x.code == "offer.supported" for x in o) and not any(c.code == "offer.supported" for c in common)
        ]
        return tuple(common + supported[:1])
    return tuple(Reason.of(o[0].code, **o[0].fields, rank=k) for k, o in enumerate(each, start=1))


def beaten_by(i: int, shown: Sequence[int], m: Sequence[Measures]) -> list[int]:
    """The ranks (1-based positions in `shown`) of the builds shown that beat build `i` on both price and speed: they
    pass every rule, cost less (by more than rounding) and are as fast (within 3 %: AS_FAST) or faster."""
    return [
        k
        for k, j in enumerate(shown, start=1)
        if j != i and m[j].passing and m[j].price < m[i].price - 0.5 and m[j].speed >= m[i].speed * AS_FAST
    ]


def kind_said(
    i: int, shown: Sequence[int], pool: Sequence[Build], m: Sequence[Measures], eol: Sequence[bool]
) -> Reason | None:
    """What a build shown for its kind (a mini PC, experts in RAM, the fewest cards) and no claim says of the builds
    shown beside it (indices into `pool`, in rank order). "No build shown beats it on both price and speed"
    (claim.none) only when that holds; beaten on price by builds shown that are faster or as fast (within 3 %:
    AS_FAST; field `faster` False when one is only as fast), it names them (field `ranks`) and what it
    offers over each (shown.beaten, field `offers`; each names its build's rank when several beat it); None when it
    offers nothing over one of them (it gives its place). Llama 3.1 8B at 1,500 USD had shown a GMKtec EVO-X1 at
    930 USD and 14.4 tokens/s as "no build shown beats it on both price and speed" under an RTX 2070 at 857 USD and
    62.1: what it offers is a small, quiet box."""
    ranks = beaten_by(i, shown, m)
    if not ranks:
        return Reason.of("claim.none")
    # as fast: within 3 % of its speed (AS_FAST), not faster outside that band (FASTER); 3 x A100 at 519 h and 40,740 USD beside
    # four at 517 h and 64,175 USD, of which "no build shown beats it on both price and speed" was true to the letter
    faster = all(m[shown[k - 1]].speed > m[i].speed * FASTER for k in ranks)
    # its speed within 3 % of a build that costs less is no offer over it (AS_FAST): a ready-made 4 x RTX 6000 Ada
    # server at 283 h had offered "more speed" over 8 x A100 40GB at 290 h for 2,700 USD less
    each = [
        [o for o in offers(pool[i], m[i], pool[j], m[j], (eol[j], eol[i])) if o.code != "offer.faster"]
        for j in (shown[k - 1] for k in ranks)
    ]
    if any(not over for over in each):
        return None
    # an offer over every build that beats it is said once: a 12-channel EPYC under two 8-channel ones had read
    # "it offers more RAM: 768 GB (over #1); more RAM: 768 GB (over #2)"
    common = next((o for o in each[0] if all(o in rest for rest in each[1:])), None)
    if common is not None:
        said: tuple[Reason, ...] = (common,)
    else:
        said = tuple(Reason.of(over[0].code, **over[0].fields, rank=k) for k, over in zip(ranks, each, strict=True))
    return Reason.of("shown.beaten", ranks=tuple(ranks), faster=faster, offers=said)
