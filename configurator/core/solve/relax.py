"""When nothing fits: the constraint that binds, and the changes a user could accept, searched and ranked by cost.

Every knob a user can turn (budget, KV-cache precision, the speed target within 10 %, experts or layers in RAM,
a GPU power limit, the fine-tuning framework, activation offload and recomputation, one more circuit, form and room,
used parts, the region, a cluster) is tried alone and in cheap pairs. The budget is the price axis: each relaxed
request is solved without it, so a change that fits only above the budget says so ("... and raise the budget to
N"). The ways shown are those no other beats on price, speed and the changes asked (pareto); the cheapest way out is
the cheapest of them, the others follow by price, each with its build, so applying one shows what it buys. The
search stops at `should_stop` or its work budget (SEARCH_SOLVES solves, never a clock), whichever comes first.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Accessory, Gpu, ModelArch
from configurator.core.common.errors import ConfiguratorError
from configurator.core.common.reasons import EN, REJECT_DULL, Reason, Value, english, rejection_kind, shown_tps
from configurator.core.common.shapes import SiteWorkJson
from configurator.core.costs.tco import RentalMatch, ownership_for, rental_search_for
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import default_framework
from configurator.core.estimate.precision import GGUF_TYPES
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload, engines_for
from configurator.core.launch.training import FSDP_OFFLOAD_PARAMS, TORCHTUNE_CPU_OFFLOAD
from configurator.core.model.build import WAYS_SHOWN, Build, Check, Infeasible, Relaxation
from configurator.core.model.request import (
    CIRCUITS,
    HOME_CIRCUIT_STEPS,
    NEMA_OUTLETS,
    BuildRequest,
    circuit_limit_w,
    circuit_name,
    circuit_said,
    circuit_volts,
    server_room_feed,
)
from configurator.core.rules.job import PromptWait, at_reading_speed
from configurator.core.rules.power import Circuit
from configurator.core.rules.site import SitePower
from configurator.core.rules.software import OffloadEnvelope
from configurator.core.solve.candidates import Candidates, gpu_allowed, market_excludes, runs_from_ram
from configurator.core.solve.power import TRAINING_POWER_CURVE, power_limit_speed
from configurator.core.solve.power_cap import VENDOR_RULES
from configurator.core.solve.ranking import end_of_life_caveat, set_aside_said
from configurator.core.solve.rules import READING_TPS
from configurator.core.solve.shown import AS_FAST, SAME_PRICE, SLOWER_DEARER, gives_up_for_little, many_times_slower
from configurator.core.solve.solver import whole_units
from configurator.core.solve.sources import RELEASE_IN_RAM, release_in_ram
from configurator.core.solve.usual import USUAL_KV, USUAL_KV_CONTEXT, usual_kv_applies

Solve = Callable[[BuildRequest, "float | None", Callable[[], bool]], "Build | None"]
"""(request, cost cap, should_stop) -> the cheapest build for it strictly under the cap, or None."""
SetAside = Callable[[Build], "tuple[Build, str | None] | None"]
"""A way's build -> the cheaper build set aside beside it and the support rule that warns its run is unvalidated (None:
its card is past its vendor's support), or None (plan._noted: ranking.startable, ranking.set_aside_rule)."""
ClusterOf = Callable[[BuildRequest], "Build | None"]
"""request -> the ready-made servers (one or a cluster) that run it as asked, or None."""

SEARCH_SOLVES = 64
"""The work bound of one way-out search (singles first, then pairs, then the last resorts), and its real limit: the
solves it starts, each run to its end (one `Solve` call, its CP-SAT solves bound by deterministic time on one worker:
solver._solver). A count of work, never a clock, so a loaded machine gets the answer an idle one does. Until round 47
the bound was 5.0 CPU seconds of this process, which the heaviest searches reach (Kimi K2.5 at 20,000 USD: 17 solves,
7.4-8.3 s of CPU whole; DeepSeek-R1 and V3 at 2-bit 4.5-5.7 s): the clock cut them inside a solve, and under load a
half-solved pair (DeepSeek-V3 Q2_K's "offload+circuits" below its "offload") or none came back. The searches end on
their own shape (each knob once, MAX_PAIRS, the region's pairs): 16-29 solves measured (29: Llama 3.1 405B at 20,000
USD; a card sold only in China 26: the way tests of tests/core, counted round 47), so 64 binds only a search past
anything measured."""
SEARCH_SAFETY_SECONDS = 600.0
"""A last resort against runaway work, never the limit a request meets: wall-clock seconds of one search, about seven
times the heaviest measured on the loaded 2-core machine (Kimi K2.5 at 20,000 USD: 7.6 s of CPU, 81 s wall at a load
of 10, round 47). Wall time, not CPU: the work bound (SEARCH_SOLVES) is what a load must never move."""
MAX_PAIRS = 8
"""Pairs tried, least intrusive first; each costs one solve (~0.1-0.2 s of CPU)."""

MAX_LISTED = 10
"""Ways out kept on the answer (the cheapest first); beyond ten they repeat each other at higher prices."""

BUILDING = {"circuits", "circuit", "room", "rackfeed"}
"""Changes to the building (another circuit, a 230 V outlet, another room) rather than to the machine or the job: at
the same price they follow a change that needs none. The ways out are sorted by their price alone (the contract of
`infeasible.relaxations`: the first is the cheapest); a premium for building work had put a power limit at 6,896 USD
before a second circuit at 6,831, out of order."""


def circuit_steps(request: BuildRequest) -> list[BuildRequest]:
    """The request on each circuit a 120 V home is offered when its own cannot feed the machine (the "circuit" way
    out), the least work first: request.HOME_CIRCUIT_STEPS beyond the circuit it has (more watts than it carries). A
    120 V home is North American: the circuits an electrician adds there are a 120 V 20 A one, then a 240 V 20 A one,
    never the 230 V 16 A of a European or Chinese home. The search offers the first step that gives a way out
    (search: a 240 V circuit had been offered where a 120 V 20 A one, often there already, fed the same machine).
    Round 45: none in a server room. Its racks are fed by the room (rack_feed: the "rackfeed" way, 208 V 30 A on an
    L6-30 for USD, no electrician), never by a home's new branch circuit; for a dollar buyer the feed carries more than
    either step (4,992 W against 1,920 and 3,840) at no work, so a step could only be dearer and weaker. A server-room
    request on a named 120 V 15 A outlet had listed "have an electrician add a 240 V 20 A circuit ... + 700 USD" beside
    "use the server room's rack feed" for the same 8 x V100 (label44)."""
    if circuit_volts(request.circuit) >= 200 or request.room == "server-room":
        return []
    have = circuit_limit_w(request.circuit)
    return [request.model_copy(update={"circuit": c}) for c in HOME_CIRCUIT_STEPS if circuit_limit_w(c) > have]


def rack_feed(request: BuildRequest) -> BuildRequest | None:
    """The request on its server room's rack feed (request.server_room_feed: 208 V 30 A on a NEMA L6-30 for USD,
    SERVER_ROOM_FEEDS) where the user named a smaller circuit there (the "rackfeed" way out); None elsewhere. A machine
    room feeds racks so ('one or two 30 A 208 V outlets per rack, no 120 V', UCSD CSE): using it needs no electrician.
    Round 44: a server-room request on a named 120 V 15 A outlet had been offered two circuits, power caps and an
    electrician's 240 V circuit, never the feed the room already has."""
    if request.room != "server-room":
        return None
    feed = server_room_feed(request.currency, request.region).circuit
    if circuit_limit_w(feed) <= circuit_limit_w(request.circuit):
        return None
    return request.model_copy(update={"circuit": feed, "circuit_asked": False})  # the room's, not the user's


CIRCUIT_WAYS = {"circuits", "circuit", "rackfeed"}
"""Ways out that change the wall circuit: beside them the plan names the cheapest way that keeps the user's own
(_home_way), and each says what the new circuit buys over it (_circuit_trade)."""

POWER_LEVELS = (0.8, 0.7)
"""Power limits tried: 80 % keeps ~95 % of the speed (build rules R20, Puget's 4 x RTX 3090 at 280 of 350 W)."""

EXACT_POWER_LEVELS = (0.6, 0.5)
"""Deeper limits tried, the mildest first, where the request fixes its GPU count (--exact-gpus) and no way keeps that
count on the circuit it has (_keeping): the count cannot fall, so capping the cards deeper is the way that stays on the
user's circuit (5 x RTX 3090 on a US 15 A outlet: at 50 %, 1,391 W at the wall; at 70 % they need a 120 V 20 A
circuit). The request's own floor is 50 % (BuildRequest.power_limit) and a card's driver floor leaves it out below
(power_cap); a training job stops at the lowest measured point of the training curve (rules.watts.
TRAINING_POWER_CURVE, 57 %): below it the speed is extrapolated."""

PAIRABLE = (
    "kv",
    "speed10",
    "power",
    "powerup",
    "offload",
    "circuits",
    "framework",
    "actoffload",
    "checkpointing",
    "condition",
    "form",
    "room",
    "power70",
    "circuit",
    "gpus",
    "rackfeed",
)
"""Knobs tried in pairs, least intrusive first (pairs are tried in the order of their two positions here)."""

MILD = {*PAIRABLE, "budget", "region", "optim8bit", "zero3offload", "powerlow"}
"""Kinds that keep the job as asked (the model, its precision and context, the speed or deadline)."""

LABELS = {
    "offload": "everything on the GPUs",
    "power": "full GPU power on the circuit",
    "power70": "full GPU power on the circuit",
    "powerlow": "full GPU power on the circuit",
    "powerup": "the GPU power limit",
    "budget": "budget",
    "kv": "KV-cache precision",
    "context": "context length",
    "precision": "weight precision",
    "q8": "weight precision",
    "lowbits": "weight precision",
    "lowbits3": "weight precision",
    "method": "fine-tuning method",
    "circuit": "wall circuit",
    "circuits": "one circuit",
    "rackfeed": "wall circuit",
    "form": "form factor",
    "room": "room",
    "gpus": "maximum GPU count",
    "speed": "speed target",
    "speed10": "speed target",
    "deadline": "deadline",
    "condition": "new parts only",
    "region": "region",
    "framework": "fine-tuning framework",
    "actoffload": "activations on the GPUs",
    "checkpointing": "no activation recomputation",
    "optim8bit": "32-bit optimizer states",
    "zero3offload": "optimizer states on the GPUs",
}
"""A relaxation kind -> the constraint it relaxes (Infeasible.blocking)."""


# A one-off training job with a deadline is offered rented when the rental costs no more than buying the cheapest
# machine for it costs the buyer: its price less what its parts fetch second-hand right after the job (the same sum as
# the build's one-off job comparison, tco._job_comparison; tco.ownership_for's sold_used_fraction). Walked 2026-12-04: a
# 1B pretrain on 20B tokens in 48 h from home was offered only purchases (146,100 and 152,000 USD) while the same request
# in a server room priced the job rented at 755 USD; then OLMo 3 7B on 1e11 tokens in 30 days was offered only an
# 8 x MI300X server at 152,000 USD (about 101,000 lost on resale) as "the cheapest way out", its own job comparison
# saying an 8 x H100 node rented for 492 h costs 15,696 USD: the rule had been a tenth of the purchase (15,200).


RENT_TRIED = 3
"""The cheapest ways out whose builds a rental is searched against (each search estimates every cloud offer)."""

ZERO_OFFLOAD_MAX_B = 40.0
"""The largest model (billions of parameters) offered DeepSpeed ZeRO-3 with CPU offload as a way out of a full
fine-tune: ZeRO-3 Offload (parameters, gradients and optimizer states in CPU RAM) can "finetune models with over 40B
parameters on a single GPU and over 2 Trillion parameters on 512 GPUs" (DeepSpeed, "DeepSpeed ZeRO3 Offload",
deepspeed.ai/news/2021/03/07/zero3-offload.html, 2021-03-07, read 2026-12-06). The cap had been 13.5 B, read from
ZeRO-Offload's "13 billion parameter models on a single GPU" (Ren et al., USENIX ATC 2021, arXiv:2101.06840), which
is ZeRO-2's offload: the parameters stay on the GPU, 2 bytes each, so a 32 GB V100 holds 13 B of them; ZeRO-3's
offload moves them off it too, and what it costs in time the estimate says (estimate/optimizer_offload.py: the CPU
Adam step over the build's own RAM, the gathers over its links), so the way out shows its hours. Beyond 40 B the
CPU RAM (about 18 bytes a parameter) and the step passes what one machine holds; ZeRO-Infinity's NVMe offload is a
cluster's tool. Review35's walk: Qwen3-32B full fine-tune at 250,000 CNY was offered QLoRA and 8-bit AdamW on five
A800 at 501,626 CNY, never LLaMA-Factory's usual ZeRO-3 offload recipe on 24-48 GB cards."""


def _full_finetune_ways(w: Workload, model: ModelArch | None) -> list[tuple[str, Workload]]:
    """Ways to fit a full fine-tune that keep it full: 8-bit AdamW (bitsandbytes AdamW8bit: 2 bytes of state per
    parameter instead of 8, with 32-bit accuracy on fine-tuning, Dettmers et al., "8-bit Optimizers via Block-wise
    Quantization", ICLR 2022, arXiv:2110.02861) and, for models up to ZERO_OFFLOAD_MAX_B, ZeRO-3 with the optimizer
    states and parameters in CPU RAM (one GPU: the optimizer states, as ZeRO-Offload does)."""
    if w.kind == "inference" or (w.kind == "finetune" and w.method != "full"):
        return []
    out: list[tuple[str, Workload]] = []
    if w.optimizer in (None, "adamw", "paged-adamw"):
        out.append(("optim8bit", w.model_copy(update={"optimizer": "adamw-8bit"})))
    small = model is not None and model.params_total_b <= ZERO_OFFLOAD_MAX_B
    if small and (w.zero < 3 or w.offload != "cpu"):
        out.append(("zero3offload", w.model_copy(update={"zero": 3, "offload": "cpu"})))
    return out


def _relaxations(
    request: BuildRequest, model: ModelArch | None = None, china: bool = False
) -> list[tuple[str, BuildRequest]]:
    """Single relaxations, each one a change a user could accept, least intrusive first (china: sold_in_china_only)."""
    out: list[tuple[str, BuildRequest]] = []
    w = request.workload

    def work(**update: object) -> BuildRequest:
        return request.model_copy(update={"workload": w.model_copy(update=update)})

    if request.budget is not None:
        out.append(("budget", request.model_copy(update={"budget": None})))
    if w.kind == "inference" and w.kv_precision in ("fp16", "bf16"):
        out.append(
            ("kv", work(kv_precision="q8_0" if (w.engine == "llama.cpp" or w.precision in GGUF_TYPES) else "fp8"))
        )
    if request.min_decode_tps:
        out.append(("speed10", request.model_copy(update={"min_decode_tps": 0.9 * request.min_decode_tps})))
    if request.power_limit is None or request.power_limit > POWER_LEVELS[0]:
        out.append(("power", request.model_copy(update={"power_limit": POWER_LEVELS[0]})))
    if request.power_limit is None or request.power_limit > POWER_LEVELS[1]:
        out.append(("power70", request.model_copy(update={"power_limit": POWER_LEVELS[1]})))
    if request.power_limit is not None and request.power_limit < 1.0:
        # a limit below a card's driver floor (an RX 7900 XTX takes no less than 261 W) leaves that card out
        higher = POWER_LEVELS[0] if request.power_limit < POWER_LEVELS[0] else None
        out.append(("powerup", request.model_copy(update={"power_limit": higher})))
    if _offload_possible(w):
        out.append(("offload", request.model_copy(update={"workload": _with_offload(w)})))
    out.append(("circuits", request.model_copy(update={"circuits": min(16, request.circuits + 1)})))
    if w.kind == "finetune" and w.method in ("lora", "qlora") and w.framework != "unsloth":
        # Unsloth keeps checkpointed activations in system RAM by default (its long-context guide); DDP, no --sharding
        out.append(("framework", work(framework="unsloth", activation_offload=None, sharding=None)))
    if w.kind != "inference" and not w.activation_offload:
        out.append(("actoffload", work(activation_offload=True, grad_checkpointing=True)))
    out.extend((kind, request.model_copy(update={"workload": way})) for kind, way in _full_finetune_ways(w, model))
    if w.kind != "inference" and w.grad_checkpointing is not True:
        out.append(("checkpointing", work(grad_checkpointing=True)))
    if request.condition == "new":
        out.append(("condition", request.model_copy(update={"condition": "any"})))
    if request.form != "any":
        out.append(("form", request.model_copy(update={"form": "any"})))
    if request.room == "home-office":
        out.append(("room", request.model_copy(update={"room": "lab"})))
    out.extend(_outlet_ways(request))
    if request.max_gpus < 8 or request.exact_gpus:
        out.append(("gpus", request.model_copy(update={"max_gpus": 8, "exact_gpus": False})))
    if w.kind == "inference" and w.context and w.context > 4096:
        out.append(("context", work(context=w.context // 2)))
    if (
        w.kind == "inference"
        and w.precision not in GGUF_TYPES
        and w.precision not in ("int4", "awq-int4", "gptq-int4", "nf4", "int4-experts")
    ):
        out.append(("precision", work(precision="q4_k_m", engine="llama.cpp")))
        if model is not None and model.moe is not None:
            # a MoE model's GGUF users keep its experts in RAM: the two together are one way out (Kimi K2 at 20,000
            # USD had been told 7 x RTX PRO 6000 at 64,530 USD, never an experts-in-RAM host)
            q4 = w.model_copy(update={"precision": "q4_k_m", "engine": "llama.cpp"})
            out.append(("precision+offload", request.model_copy(update={"workload": _with_offload(q4)})))
    if model is not None and model.moe is not None and _release_kept_in_ram(request):
        # the release's quality with its experts in RAM: the Q8_0 GGUF the RAM machines run it at (sources.in_ram)
        q8 = w.model_copy(update={"precision": RELEASE_IN_RAM, "engine": "llama.cpp"})
        out.append(("q8+offload", request.model_copy(update={"workload": _with_offload(q8)})))
    if _low_bits_apply(w, model):
        for kind, bits in LOW_BITS_STEPS:  # the 3-bit file first (_fewer_bits)
            low = w.model_copy(update={"precision": bits, "engine": "llama.cpp"})
            out.append((f"{kind}+offload", request.model_copy(update={"workload": _with_offload(low)})))
    if w.kind == "finetune" and w.method != "qlora":
        out.append(("method", work(method="qlora", precision=None)))
    if request.min_decode_tps:
        out.append(("speed", request.model_copy(update={"min_decode_tps": None})))
        if usual_gguf_applies(request):
            # the plan without --precision also runs the usual Q4_K_M GGUF (plan._usual_gguf_machines), so a slower
            # machine is searched at it too: Qwen3-30B-A3B for 4 users at 20 tokens/s and 400 USD was offered only
            # 1,017 USD and a 48,000 USD server, never the 399 USD mini PC its own plan shows at 10.3 tokens/s
            q4 = w.model_copy(update={"precision": "q4_k_m", "engine": "llama.cpp"})
            out.append(("precision+speed", request.model_copy(update={"workload": q4, "min_decode_tps": None})))
    if request.deadline_hours:
        out.append(("deadline", request.model_copy(update={"deadline_hours": None})))
    return out + _region_way(request, china)


def _outlet_ways(request: BuildRequest) -> list[tuple[str, BuildRequest]]:
    """Another outlet: a 120 V home's first circuit step, the least work first (search tries the next where it fails),
    and a server room's own rack feed where a smaller circuit was named (rack_feed)."""
    out = [("circuit", steps[0])] if (steps := circuit_steps(request)) else []
    fed = rack_feed(request)
    return out + ([("rackfeed", fed)] if fed is not None else [])


def _region_way(request: BuildRequest, china: bool) -> list[tuple[str, BuildRequest]]:
    """Buying in the other market: outside China for a buyer there, in China for one elsewhere who names a card sold
    only there (`china`: sold_in_china_only)."""
    if request.region == "china":
        return [("region", request.model_copy(update={"region": "global"}))]
    return [("region", request.model_copy(update={"region": "china"}))] if china else []


def sold_in_china_only(request: BuildRequest, catalog: Catalog) -> bool:
    """A request outside China that names a GPU sold only there (a China-market variant, or a card the catalog prices
    only in CNY: candidates.market_excludes), the card the buyer asked for: buying in China is a way out. The RTX 4090
    blower cards for Qwen2.5-72B's LoRA had said "none found" in the global region, where China and QLoRA give 2 of them
    (43,680 CNY, round 32's note)."""
    if request.region != "global":
        return False
    gpus = catalog.records["gpus"]
    named = [gpus.get(i) for i in request.gpu_ids]
    return any(isinstance(g, Gpu) and market_excludes(g, g, request) is not None for g in named)


LOW_BITS = "q2_k"
LOW_BITS_3 = "q3_k_m"
LOW_BITS_STEPS = (("lowbits3", LOW_BITS_3), ("lowbits", LOW_BITS))
"""The GGUFs below Q4_K_M a trillion-class MoE is offered with its experts in RAM, the most bits first (kind, precision).
Round 49: the 3-bit file is offered before the 2-bit one. Practitioners run this class at about 3 bits where the RAM
holds it: IQ3_K (460 GiB) is measured the sweet spot of Kimi K2.6 (tests/expert/cases.py, KIMI_K26_IQ3_768GB), and
Unsloth's dynamic 3-bit DeepSeek-V3.1 GGUF scores 75.6 % on Aider Polyglot (docs.unsloth.ai/basics/unsloth-dynamic-2.0-
ggufs/unsloth-dynamic-ggufs-on-aider-polyglot, as Unsloth cites it under its Kimi K2 Thinking 1-bit post on r/LocalLLaMA,
2025-11, read 2026-12-07). Kimi K2.6 at 20,000 USD had been offered only the 2-bit file (review47), where `--precision
q3_k_m` plans an EPYC 7742 with 512 GB of DDR4 and one card at 5,871 USD; the 3-bit machine is the plan's own, sized
by the estimate of the Q3_K_M file (3.91 bits a weight: estimate.precision)."""
LOW_BITS_FROM_B = 400.0
"""A MoE model of at least this many billion parameters is offered a 2-bit GGUF with its experts in RAM as a way out:
how the trillion-parameter class runs on one host. Unsloth's Kimi K2 guide (docs.unsloth.ai/basics/kimi-k2-how-to-run-
locally, 2025-07): "We suggest using our UD-Q2_K_XL (381GB) quant to balance size and accuracy", and its 1.8-bit quant
"will fit in a 1x 24GB GPU (with all MoE layers offloaded to system RAM)". Kimi K2.5 at 20,000 USD had been told only to
raise the budget to 23,980 USD at Q4_K_M, where Q2_K runs on a 12-channel EPYC and an RTX 3090 at 17,647 USD."""


HELD_AT_Q8 = ("fp8", "int8", "bf16", "fp16", "fp32")
"""Precisions asked by name that the Q8_0 GGUF keeps the quality of (ranking.RELEASE_QUALITY_BITS: 8 bits score as the
release), so a MoE asked at one of them is offered its experts in RAM at Q8_0 as a way out, beside Q4_K_M and Q2_K.
Walked 2026-12-06 (review35): DeepSeek-R1 asked at FP8 with 50,000 USD at home was told only "use a 2-bit GGUF"
(2,662 USD), "use q4_k_m" (5,870) or a 74,595 USD circuit of RTX PRO 6000s, while the same model at Q8_0 with its
experts in 768 GB of DDR5 runs at 6.8 tokens/s for 24,485 USD, within the budget: the 8-bit answer the buyer asked for
(ktransformers' and llama.cpp users run R1 at Q8_0 from an EPYC's RAM: sources.RELEASES_AS_Q8)."""


def _release_kept_in_ram(request: BuildRequest) -> bool:
    """An inference request the machines reading from RAM run at RELEASE_IN_RAM (sources.release_in_ram: no precision
    named, or an FP8 release as released), or one that names an 8-bit-or-better precision llama.cpp does not load
    (HELD_AT_Q8), on no engine but llama.cpp."""
    w = request.workload
    if w.kind != "inference":
        return False
    if release_in_ram(request):
        return True
    return w.engine in (None, "llama.cpp") and w.precision in HELD_AT_Q8


def _low_bits_apply(w: Workload, model: ModelArch | None) -> bool:
    """An inference job on a MoE model of the trillion-parameter class, its precision left open or not a GGUF one (a
    GGUF asked, as "use q4_k_m" is not offered for one, is the user's choice of quality: DeepSeek-R1 at Q4_K_M keeps
    its way out at Q4)."""
    if w.kind != "inference" or model is None or model.moe is None or model.params_total_b < LOW_BITS_FROM_B:
        return False
    return w.precision is None or w.precision not in GGUF_TYPES


def q4_already(request: BuildRequest) -> bool:
    """Whether a plan without --precision already runs the model at Q4_K_M on every machine (plan._usual_gguf_machines:
    the cards too, at any number of users since round 38, usual.USUAL's llama-server -np slots), so that no way out
    says "use q4_k_m" of it (_plan_q4); False when it runs nothing at it (a precision asked, an engine but llama.cpp,
    GPUs named). Qwen3-30B-A3B for 16 users at 1,500 USD had shown an RTX 2060 "at Q4_K_M" with the experts
    in RAM beside a way out to reading speed that said only "use q4_k_m", of one MI50 that holds the whole model
    (round 37 made that way say "on the GPUs too"); that MI50 is now the plan's own cheapest build."""
    return usual_gguf_applies(request)


def usual_gguf_applies(request: BuildRequest) -> bool:
    """An inference request without --precision, no engine but llama.cpp, no GPU named: the plan also runs the model at
    Q4_K_M on the machines without a bought card and on cards (plan._usual_gguf_machines), the user's own card too. A
    release run as released (precision_released) that llama.cpp cannot load counts as none named: DeepSeek-V3's FP8 is
    served by vLLM on cards, and the experts-in-RAM hosts run the Q4_K_M GGUF people download (unsloth/DeepSeek-V3-GGUF).
    Round 44 (review44): an owned card no longer turns it off. Qwen3.6-27B with an owned RTX 3090 and no --precision had
    used the card nowhere: a MacBook Pro at 1,900 USD "cheapest", four Arc A770 or four RTX A5000 "without your own card"
    in BF16 (54 GB), where the 3090 alone holds the 16.5 GB Q4_K_M an owner's Ollama pulls."""
    w = request.workload
    unnamed = w.precision is None or (request.precision_released and "llama.cpp" not in engines_for(w.precision))
    return w.kind == "inference" and unnamed and w.engine in (None, "llama.cpp") and not request.named


def _plan_q4(request: BuildRequest, build: Build | None) -> bool:
    """A way out's build at Q4_K_M is one the plan without --precision already runs at it (q4_already): then "use
    q4_k_m" is no change to make, and the way says only its other changes ("raise the budget to ...")."""
    return build is not None and q4_already(request)


def _q4_unsaid(request: BuildRequest, build: Build | None) -> bool:
    """A way out at the Q4_K_M the plan already runs (_plan_q4) whose words leave the format out: unless the request
    runs a low-bit release as released (precision_released), whose binding names that release ("weight precision (fp8:
    as released, none was given)") and whose cards are sized at it; then the way says the format it runs. DeepSeek-R1
    at 5 tokens/s and 5,000 USD had said "keep part of the model (the MoE experts first) in system RAM with llama.cpp and
    raise the budget to ..." of a host that runs the Q4_K_M GGUF, FP8 being no format llama.cpp keeps in RAM."""
    return _plan_q4(request, build) and not request.precision_released


def _kv_unsaid(request: BuildRequest, relaxed: BuildRequest) -> bool:
    """A way out at the USUAL_KV cache the plan already runs without --kv-precision (usual.usual_kv_applies): "quantize
    the KV cache to q8_0" is no change to make, and the way says only its other changes (round 48: Mina's 70B at 32k
    and 13.1 tokens/s had read "quantize the KV cache to q8_0 and accept 11.8 tokens/s" beside a plan whose builds
    are at q8_0 already). The context left unset resolves below USUAL_KV_CONTEXT whatever the model's maximum.
    Round 49: a build that leaves the user's own card out says only its other changes too, since the plan's q8_0 search
    runs without the own card as well (plan._usual_kv_builds): Mina at 15 tokens/s and 2,500 is told "raise the budget
    to 4,328 USD" for 2 x RTX 3090 Ti at q8_0 without her card, and the plan at 4,328 shows that build."""
    resolved = request.workload.resolved(USUAL_KV_CONTEXT)
    return relaxed.workload.kv_precision == USUAL_KV and usual_kv_applies(request, resolved)


def _offload_possible(w: Workload) -> bool:
    """llama.cpp can keep layers or experts in RAM: a GGUF inference job (an INT4-expert release too, as its GGUF: Kimi
    K2.5's experts as Q4_0) not already doing it. (gpt-oss's MXFP4 would qualify as well; left out, its plans keep
    their experts-in-RAM tiers.)"""
    return (
        w.kind == "inference"
        and (w.precision in GGUF_TYPES or w.precision == "int4-experts")
        and not runs_from_ram(w)
        and w.engine in (None, "llama.cpp")
    )


def _with_offload(w: Workload) -> Workload:
    return w.model_copy(update={"offload": "cpu", "engine": "llama.cpp"})


def _what_moves(model: ModelArch) -> str:
    return "the experts" if model.moe is not None else "some layers"


def _combine(request: BuildRequest, first: BuildRequest, second: BuildRequest) -> BuildRequest:
    """Apply the fields `second` changed (relative to `request`) on top of `first`."""
    changed = {k: getattr(second, k) for k in type(request).model_fields if getattr(second, k) != getattr(request, k)}
    if "workload" in changed and first.workload != request.workload:
        w_changed = {
            k: getattr(second.workload, k)
            for k in type(request.workload).model_fields
            if getattr(second.workload, k) != getattr(request.workload, k)
        }
        changed["workload"] = first.workload.model_copy(update=w_changed)
    return first.model_copy(update=changed)


def _power_words(relaxed: BuildRequest, build: Build | None) -> Reason:
    """'power-limit the GPUs to 80 % (nvidia-smi -pl 460 at boot; ~95 % speed)': the vendor's own tool. The speed is
    the one the way's build is timed at (with_power_limit): decoding's for serving, the compute-bound curve's for a
    training job (70 %: 85 % of the training speed, where decoding keeps 92 %; the way had said ~92 % of a fine-tune)."""
    limit = relaxed.power_limit or POWER_LEVELS[0]
    speed = power_limit_speed(limit, compute_bound=relaxed.workload.kind != "inference")
    spec = next((p.spec for p in build.parts if p.category == "gpu"), None) if build is not None else None
    if spec is None:
        return Reason.of("way.power", limit=limit, speed=speed)
    tool = VENDOR_RULES.get(str(spec.get("vendor")), VENDOR_RULES["nvidia"]).tool
    watts = float(spec.get("tdp_w") or 0) * limit
    flag = "-pl" if tool == "nvidia-smi" else "--setpoweroverdrive"
    return Reason.of("way.power", limit=limit, speed=speed, tool=tool, flag=flag, watts=watts)


def _circuit_fields(relaxed: BuildRequest, request: BuildRequest) -> dict[str, Value]:
    """A circuit way's facts (request.CIRCUITS, NEMA_OUTLETS) and the work it is: `step`, its place among the steps a
    120 V home is offered (circuit_steps: 1 the least work); `tried`, the step before it, which gave no way out."""
    fields: dict[str, Value] = {
        "volts": circuit_volts(relaxed.circuit),
        "amps": CIRCUITS[relaxed.circuit][1],
        "watts": circuit_limit_w(relaxed.circuit),
        "nema": relaxed.circuit in NEMA_OUTLETS,
    }
    steps = [s.circuit for s in circuit_steps(request)]
    if relaxed.circuit in steps:
        at = steps.index(relaxed.circuit)
        fields |= {"outlet": NEMA_OUTLETS[relaxed.circuit], "step": at + 1}
        if at > 0:
            fields["tried"] = circuit_said(steps[at - 1])
    return fields


def _feed_fields(relaxed: BuildRequest, request: BuildRequest) -> dict[str, Value]:
    """The rackfeed way's facts: the room's feed (`feed`, its circuit said with its NEMA receptacle: circuit_said), its
    continuous watts, and the circuit the user named (`named`)."""
    return {
        "feed": circuit_said(relaxed.circuit),
        "watts": circuit_limit_w(relaxed.circuit),
        "named": circuit_said(request.circuit),
    }


FSDP_OFFLOAD_FLAG = f"{FSDP_OFFLOAD_PARAMS} true"
"""accelerate's switch for FSDP's own CPU offload (github:huggingface/accelerate@16cb6eb src/accelerate/commands/
launch.py: "Decides Whether (true|false) to offload parameters and gradients to CPU"; utils/dataclasses.py
FullyShardedDataParallelPlugin.set_cpu_offload: CPUOffload(offload_params=True) under FSDP1), the flag the way's build
launches with (launch/training.accelerate_fsdp_flags). The optimizer is built over the offloaded shards, so its states
and its step are on the host as well, as the estimate sizes it (estimator._offload_to_cpu)."""


def _offload_stack(w: Workload, build: Build | None = None) -> dict[str, Value]:
    """The stack the zero3offload way offloads with: FSDP's own CPU offload where the way's build shards with FSDP (the
    user's --sharding fsdp, or the card's sharder where none is named: support.facts.sharder, FSDP on a Radeon, an
    MI300 or Arc); torchtune, which shards with FSDP2 itself, its distributed recipe's `fsdp_cpu_offload=True` (the
    launch command's override); otherwise DeepSpeed ZeRO-3's (no fields). The way's request keeps the workload's
    sharding and framework, so its build is estimated and launched on the stack named."""
    ran = build.estimate.workload.get("sharding") if build is not None else None
    if w.sharding == "fsdp":
        return {"stack": "fsdp", "flag": FSDP_OFFLOAD_FLAG}
    if w.sharding is None and ran == "fsdp":  # not the user's FSDP: the card's (support.facts.sharder)
        return {"stack": "fsdp", "flag": FSDP_OFFLOAD_FLAG, "usual": True}
    if w.framework == "torchtune":
        return {"stack": "torchtune", "flag": TORCHTUNE_CPU_OFFLOAD}
    return {}


def _phrase(
    kind: str,
    relaxed: BuildRequest,
    request: BuildRequest,
    build: Build | None,
    moe: bool,
    work: SiteWorkJson | None = None,
) -> Reason:
    """One change a relaxation makes, in its own words (a new circuit with its electrician's price: `work`)."""
    w = relaxed.workload
    tps = build.estimate.decode_tokens_per_s if build is not None else None
    hours = build.estimate.wall_hours if build is not None else None
    if kind in ("power", "power70", "powerlow"):
        return _power_words(relaxed, build)
    if kind == "speed10":
        return Reason.of(
            "way.speed10",
            tps=tps if tps is not None and relaxed.min_decode_tps else relaxed.min_decode_tps or 0.0,
            asked=request.min_decode_tps or 0.0,
        )
    fields: dict[str, dict[str, Value]] = {
        "kv": {"kv": w.kv_precision},
        "context": {"context": w.context},
        "method": {"method": request.workload.method, **({"on_own": True} if _on_own(build, request) else {})},
        "offload": {"moe": moe},
        "powerup": {"limit": relaxed.power_limit},
        "circuits": {"circuits": relaxed.circuits},
        "circuit": _circuit_fields(relaxed, request)
        | ({"work": work["price"], "currency": work["currency"]} if work is not None else {}),
        "rackfeed": _feed_fields(relaxed, request),
        "gpus": {"gpus": relaxed.max_gpus},
        "speed": {"tps": tps},
        "deadline": {"hours": hours},
        "precision": {},
        "zero3offload": _offload_stack(w, build),
        "region": {"region": relaxed.region} if relaxed.region == "china" else {},
    }
    if kind == "q8":  # the release's quality at about half the bytes of 16 bits (sources.RELEASE_IN_RAM)
        return Reason.of("way.precision", precision=RELEASE_IN_RAM)
    if kind in ("lowbits", "lowbits3"):  # the file's bits said (LOW_BITS_STEPS)
        return Reason.of("way.lowbits", precision=w.precision)
    if f"way.{kind}" not in EN:
        return Reason.of("way.other", kind=kind)
    return Reason.of(f"way.{kind}", **fields.get(kind, {}))


def _describe(
    kind: str,
    relaxed: BuildRequest,
    cost: float,
    request: BuildRequest,
    build: Build | None = None,
    moe: bool = False,
    work: SiteWorkJson | None = None,
    named: bool = False,
) -> Reason:
    """A way in its words: its changes, then its machine at `cost` (the machine's price) and, with `work`, the
    electrician's new circuit it pays beside it (field `work`: its price, said in the circuit's words and after the
    machine's). Round 43: a machine on cards past their vendor's support says so as the plan's build would, from the
    same caveat (field `eol`: ranking.end_of_life_caveat, support.END_OF_LIFE), and is named even where the way is only
    a budget: Kimi K2.6 at 40,000 CNY had been told "cheapest build 1 x NVIDIA Tesla P100 PCIe 16GB" without a word of
    CUDA 13 having dropped Pascal, which its plan says in the build's label. `named`: the way's build stands beside a
    cheaper one set aside (_listed), so it is named even on a budget alone, with the cheaper one after it: Llama 3.3 70B
    at 3 tokens/s and 1,000 USD had said only "raise the budget to 1,858 USD" where 2 x MI50 past ROCm support do it
    for 1,518 (merge43)."""
    over = request.budget is not None and cost > request.budget
    if kind == "cluster":
        # a cluster is offered whatever the budget: say when it is beyond it ("2 machines working together: 209,200
        # USD" stood as the way out of a 500 USD budget, under "passing every check")
        return Reason.of(
            "way.cluster",
            nodes=build.nodes if build else 1,
            gpus=build.gpu_count if build else 8,
            price=cost,
            currency=request.currency,
            budget=request.budget if over else None,
            server_room=request.room != "server-room",
        )  # machines working together need one
    budget = Reason.of(
        "way.budget", amount=budget_for(build, cost), currency=request.currency
    )  # what Apply sets (whole units up)
    wait = _prompt_wait(build)
    slow = build is not None and not _reads(_Found(kind, None, build), request)
    timed = _timed(build)
    own = _own_fields(build, request) if build is not None else {}
    # beside or without the own card, or a training job's hours: the build is named
    eol = end_of_life_caveat(build) if build is not None else None
    in_ram = _held_in_ram(kind, relaxed, build)
    plain = not (own or timed or eol or named or in_ram)
    if kind == "budget" and not slow and plain and (build is None or build.gpu_count or wait is None):
        return budget
    kinds = kind.split("+")
    words = [budget if k == "budget" else _phrase(k, relaxed, request, build, moe, work) for k in kinds]
    if over and "budget" not in kinds:
        words.append(budget)
    if _q4_unsaid(request, build) and len(words) > 1:
        words = [r for r in words if r.code != "way.precision" or r.fields.get("precision")]
    if _kv_unsaid(request, relaxed) and len(words) > 1:
        words = [r for r in words if r.code != "way.kv"]
    system = next((p for p in build.parts if p.category == "system"), None) if build is not None else None
    box = (
        system.name
        if build is not None and system is not None and build.nodes == 1 and system.spec.get("unified")
        else ""
    )
    # over the budget, the price named is the budget it would take, not a cent-rounded neighbour; a unified-memory box
    # is named itself, not its integrated GPU's id; a machine without a GPU says so
    return Reason.of(
        "way.changes",
        changes=tuple(words),
        gpus=build.gpu_count * build.nodes if build is not None else 0,
        gpu=_gpu_name(build) if build is not None else "",
        box=box,
        cpu_only=build is not None and not build.gpu_count,
        **({"eol": (eol,)} if eol is not None else {}),
        **({"in_ram": (Reason.of("kind.in-ram", moe=moe),)} if in_ram else {}),
        **own,
        **timed,
        currency=request.currency,
        price=float(math.ceil(cost)) if over else cost,
        **({"work": work["price"]} if work is not None else {}),
        **(_wait_fields(wait) if wait else {}),
        **({"slow_tps": build_rate(build), "reading": READING_TPS} if slow and build else {}),
    )


def _held_in_ram(kind: str, relaxed: BuildRequest, build: Build | None) -> bool:
    """Round 47 (ways47): a way's inference machine with cards that keeps weights in RAM at the plan's default offload
    (no "offload" change: the experts-in-RAM machines the plan finds without --offload) is named and says so, even on a
    budget alone (relax._describe, field `in_ram`): Kimi K2.6 at 40,000 CNY, "raise the budget to 185,280 CNY: cheapest
    build 1 x NVIDIA GeForce RTX 3090 with the experts in RAM", not a bare budget."""
    if build is None or not build.gpu_count or not build.estimate.offloaded_bytes:
        return False
    return relaxed.workload.kind == "inference" and "offload" not in kind.split("+")


def budget_for(build: Build | None, cost: float) -> int:
    """The whole budget a plan needs to find a way's build: its price rounded up, or, where that is more, the sum of
    its parts' prices each rounded to a whole unit, as the solver adds them (solver._paid, option_cost). Llama 3.1 8B
    QLoRA had said "raise the budget to 874 USD" of an RTX 3070 build at 873.84, which a plan at 874 did not find
    (its parts add to 875 in whole units: round 33's checker, independent_checker.way_out_problems)."""
    if build is None or build.nodes != 1:
        return math.ceil(cost)
    units = sum(whole_units(p.unit_price, p.quantity, p.owned) for p in build.parts if p.scope == "node")
    return max(math.ceil(cost), units)


def _wait_fields(wait: Check) -> dict[str, Value]:
    """A way out's prompt wait as way.changes says it: the seconds to the first token of its one user, or of the last
    of its users when all send a prompt at once (`users`), and the prompt."""
    f = wait.fields
    shared = f.get("shared_s")
    seconds = shared if isinstance(shared, (int, float)) else f["wait_s"]
    out: dict[str, Value] = {"wait_s": float(seconds), "prompt": int(f["prompt"])}  # type: ignore[arg-type]
    if isinstance(shared, (int, float)):
        out["users"] = int(f["users"])  # type: ignore[arg-type]
    return out


def _prompt_wait(build: Build | None) -> Check | None:
    """The PROMPT warning of a way out's machine (a CPU computes a long prompt slowly: minutes), else None."""
    if build is None:
        return None
    return next(
        (c for c in build.checks if c.rule == PromptWait.id and c.status != "pass" and c.fields.get("wait_s")), None
    )


def _training_hours(build: Build | None) -> float | None:
    """A training way out's wall-clock hours (Relaxation.wall_hours); None for inference or a build without a time."""
    if build is None or build.estimate.workload.get("kind", "inference") == "inference":
        return None
    return build.estimate.wall_hours or None


def _timed(build: Build | None) -> dict[str, Value]:
    """A training way out's hours (field `hours`) for the job's tokens (field `tokens`: the reference job's where the
    request gave no --tokens): Llama 3.1 70B QLoRA at 2,000 USD had led with "power-limit the GPUs to 80 % ...: 2 x Tesla
    P40, 2,019 USD", 1,299 h per 100 M tokens, above "raise the budget to 2,059 USD", whose two cards take 208 h, and
    neither said its time."""
    hours = _training_hours(build)
    if build is None or hours is None:
        return {}
    tokens = build.estimate.workload.get("tokens") or build.estimate.reference_tokens
    return {"hours": round(hours, 1), **({"tokens": float(tokens)} if isinstance(tokens, int | float) else {})}


def _own_fields(build: Build, request: BuildRequest) -> dict[str, Value]:
    """How a way out's build stands to the user's own card (plan._beside_or_without_own): its cards one by one where
    they differ (field `beside`: the cards bought to go beside the own card, field `own`), or that it leaves the own
    card out (`without_own`)."""
    if request.owned_gpu is None:
        return {}
    owned = request.owned_gpu.id
    name = next((p.name for p in build.parts if p.category == "gpu" and p.id == owned), owned)
    if build.gpus_mixed:
        bought = tuple(
            f"{p.quantity - p.owned} x {p.name}" for p in build.parts if p.category == "gpu" and p.id != owned
        )
        return {"beside": bought, "own": name}
    if build.gpu_count and not any(p.category == "gpu" and p.owned for p in build.parts):
        return {"without_own": True}
    mine = next((p for p in build.parts if p.category == "gpu" and p.id == owned and p.owned), None)
    if mine is None:
        return {}
    # on the own cards: how many of them, and any of that model bought beside them ("2 of the 8 you own, none bought")
    return {"own_used": mine.owned, "own_have": request.owned_gpu.quantity, "own_bought": mine.quantity - mine.owned}


def _on_own(build: Build | None, request: BuildRequest) -> bool:
    """Whether a way out's build runs on the user's own cards alone (none bought): "use QLoRA instead of LoRA on the
    cards you own" (way.method's `on_own`)."""
    if build is None or request.owned_gpu is None:
        return False
    cards = [p for p in build.parts if p.category == "gpu"]
    return bool(cards) and all(p.id == request.owned_gpu.id and p.owned >= p.quantity for p in cards)


def _gpu_name(build: Build) -> str:
    part = next((p for p in build.parts if p.category in ("gpu", "system")), None)
    return part.name if part is not None and part.category == "gpu" else build.gpu_id


def _training_compute(
    request: BuildRequest, catalog: Catalog, model: ModelArch, workload: Workload, exact: int | None
) -> Reason | None:
    """What a training job is, whatever machine runs it: its FLOPs and the GPU-hours on the fastest card the
    request allows, at the MFU the estimate states (Sam's journey asks this first, even when nothing fits)."""
    if workload.kind == "inference" or not workload.tokens:
        return None
    best: tuple[float, Gpu, EstimateResult] | None = None
    for gpu in catalog.gpus:
        if gpu_allowed(gpu, request) is not None:
            continue
        try:
            est = estimate(model, workload, gpu, 1, exact_weight_bytes=exact)
        except (ValueError, ConfiguratorError):
            continue
        if est.gpu_hours and (best is None or est.gpu_hours < best[0]):
            best = (est.gpu_hours, gpu, est)
    if best is None or not best[2].training_flops:
        return None
    hours, gpu, est = best
    # a buyer reads "1.3 x 10^20 FLOPs" and "306 years", not "1.28e+20" and "111,835.5 days"
    mantissa, power = f"{est.training_flops:.1e}".split("e")  # the mantissa as printed, rounding included
    return Reason.of(
        "nothing.compute",
        mantissa=mantissa,
        exponent=int(power),
        hours=hours,
        gpu=gpu.name,
        mfu=est.mfu or None,
        days=hours / 8 / 24,
    )


@dataclass(frozen=True)
class _Found:
    kind: str  # "kv", "kv+speed10", "cluster"
    request: BuildRequest | None  # the relaxed request, its budget as applying it sets it (None: servers as asked)
    build: Build
    work: SiteWorkJson | None = None  # an electrician's new circuit, paid beside the machine (circuit_work)

    @property
    def price(self) -> float:
        """What the way costs: its machine and any work on the building (a new circuit's electrician)."""
        return self.build.total_price + (self.work["price"] if self.work is not None else 0.0)


Work = Callable[[BuildRequest], "SiteWorkJson | None"]
"""A way's relaxed request -> the work on the building it pays beside the machine (circuit_work), or None."""


def no_work(_relaxed: BuildRequest) -> SiteWorkJson | None:
    return None


def circuit_work(catalog: Catalog, request: BuildRequest) -> Work:
    """The electrician's work a way to another wall circuit pays (the "circuit" way: have an electrician add it), from
    the catalog's `circuit-work` record for that circuit (accessories.toml: HomeAdvisor's cost guide, 700 USD for a
    dedicated 20 A circuit, 570-1,000), in the request's currency at the catalog's rates. review33: "have an
    electrician add a 120 V 20 A circuit" at 5,751 USD stood as the cheapest way out, 5 USD below a 70 % power limit
    on the outlet the user has, its electrician unpaid."""

    def work(relaxed: BuildRequest) -> SiteWorkJson | None:
        if relaxed.circuit == request.circuit:
            return None
        records = catalog.records.get("accessories", {}).values()
        record = next(
            (
                a
                for a in records
                if isinstance(a, Accessory) and a.kind == "circuit-work" and a.circuit == relaxed.circuit
            ),
            None,
        )
        if record is None or not record.prices:
            return None
        price = max(record.prices, key=lambda p: p.date)
        amount = catalog.convert(price.amount, price.currency, request.currency)
        return {
            "id": record.id,
            "name": record.name,
            "price": round(amount, 2),
            "currency": request.currency,
            "date": price.date.isoformat(),
            "source": price.source,
        }

    return work


def _as_applied(request: BuildRequest, relaxed: BuildRequest, build: Build) -> BuildRequest:
    """The relaxed request as Apply sets it: the asked budget where the build fits it, else the build's price
    rounded up (the banner names that budget; a re-solve without one had listed dearer builds too); and a lowered
    speed target at the speed the way out names ("accept 14.2 tokens/s"), not at the 90 % floor it was searched at:
    Mina's applied way out had set 13.5 where the banner said 14.2. Round 48: the figure as said (shown_tps), which the
    build meets as a target is met (Speed.meets), no longer one decimal down: 11.86 said "accept 11.9" and set 11.8."""
    price = build.total_price
    lowered = relaxed.min_decode_tps
    if lowered is not None and request.min_decode_tps is not None and lowered < request.min_decode_tps:
        said = shown_tps(build.estimate.decode_tokens_per_s or 0.0)
        relaxed = relaxed.model_copy(update={"min_decode_tps": min(request.min_decode_tps, max(lowered, said))})
    asked = {"precision": request.workload.precision, "engine": request.workload.engine}
    if _plan_q4(request, build) and relaxed.workload.model_copy(update=asked) == request.workload:
        # Q4_K_M the plan already runs without --precision (_plan_q4): Apply leaves the precision open, as asked
        relaxed = relaxed.model_copy(update={"workload": request.workload})
    if request.budget is None:
        return relaxed.model_copy(update={"budget": None})
    budget = request.budget if price <= request.budget else float(min(budget_for(build, price), 1e10))
    return relaxed.model_copy(update={"budget": budget})


def search(
    request: BuildRequest,
    solve: Solve,
    should_stop: Callable[[], bool],
    solves: int = SEARCH_SOLVES,
    model: ModelArch | None = None,
    china: bool = False,
    work: Work = no_work,
) -> list[_Found]:
    """Every single relaxation and the cheap pairs that fit, each the cheapest build for it with the work it pays
    (`work`), unordered. Each is solved without the budget; once a way out is known, the rest are solved under its
    price (a change that costs more than one found is no way out; failing solves stay short). At most `solves`
    solves, each run whole (_WorkBudget): the same ways on a loaded machine as on an idle one."""
    spend = _WorkBudget(should_stop, solves)
    solve, stop = spend.counted(solve), spend.spent
    singles = _relaxations(request, model, china)
    by_kind = dict(singles)
    found: dict[str, _Found] = {}

    def attempt(kind: str, relaxed: BuildRequest, cap: float | None) -> _Found | None:
        site = work(relaxed)
        cap = None if cap is None else cap - (site["price"] if site is not None else 0.0)  # the machine's share
        build = solve(relaxed.model_copy(update={"budget": None}), cap, stop)
        if build is None or (cap is not None and build.total_price >= cap - 0.005):
            return None  # no cheaper than a way already found: it changes something more for nothing
        kind, relaxed = _capped_kind(kind, relaxed, build)
        hit = _Found(kind, _as_applied(request, relaxed, build), build, site)
        found[kind] = hit
        return hit

    def first_of(kind: str, steps: list[BuildRequest], cap: float | None) -> None:
        """The first of `steps`, the least change first, that gives a way out (a circuit's: circuit_steps); the pairs
        and the last resort take it, or the last tried (`by_kind`)."""
        for step in steps:
            by_kind[kind] = step
            if stop() or attempt(kind, step, cap) is not None:
                return

    budget_way = attempt("budget", by_kind["budget"], None) if "budget" in by_kind and not stop() else None
    # dearer than paying more: dominated; but a way below reading speed caps nothing (a dearer one that reads is the
    # answer a buyer can act on, _reads)
    single_cap = budget_way.price if budget_way is not None and _reads(budget_way, request) else None
    if single_cap is not None and request.workload.kind != "inference" and not stop():
        # the budget alone may buy a cheaper machine than the budget way names: a training build on a card past its
        # vendor's support, left out beside a supported one (plan: ranking.startable). A way that names that machine
        # with one more change changes something for nothing: Llama 3.1 70B QLoRA at 1,500 USD had offered two P40 at
        # 1,949 with a 230 V circuit, two circuits, activation offload or checkpointing, under the budget way's two
        # Arc Pro B60 at 2,148, where raising the budget alone buys the P40 pair
        plain = solve(by_kind["budget"].model_copy(update={"budget": None}), single_cap, stop)
        if plain is not None and _reads(_Found("budget", None, plain), request) and plain.total_price < single_cap:
            single_cap = plain.total_price + 0.005  # a way at the plain machine's price changes nothing more
    release_cap = (
        single_cap  # the release's quality at Q8_0 is no lower quality than Q4_K_M (IMPLIED): not capped by it
    )
    q4_first = [k for k in USUAL_Q4_KINDS if k in by_kind] if usual_gguf_applies(request) else []
    for kind in q4_first:
        q4 = attempt(kind, by_kind[kind], single_cap) if not stop() else None
        single_cap = _usual_q4_cap(request, q4, budget_way, found, single_cap)
    for kind, relaxed in singles:
        if kind == "budget" or kind in q4_first or stop():
            continue
        if "speed" in kind.split("+") and any(
            set(f.kind.split("+")) <= MILD - CIRCUIT_WAYS and _affordable(f.price, request) for f in found.values()
        ):
            # dropping the target is the last resort (_ranked), and a way that keeps it is already found; one that
            # keeps it only on a new circuit leaves the search looking for the cheapest on the user's own (_home_way)
            continue
        cap = release_cap if kind == "q8+offload" else single_cap
        first_of(kind, circuit_steps(request) if kind == "circuit" else [relaxed], cap)
    _pairs(request, by_kind, found, attempt, stop)
    _region_pairs(request, singles, found, attempt, stop)
    first_of("powerlow", _deeper_caps(request, list(found.values())), None)  # an exact count on the user's circuit
    if _circuit_bound(list(found.values()), request) and "speed" in by_kind:
        for kind, relaxed in _home_ways(request, by_kind):
            if kind in found or stop() or attempt(kind, relaxed, None) is not None:
                break
    if not found and not stop() and (last := _accumulated(request, list(by_kind.items()), solve, stop, work)):
        found[last.kind] = last
    return list(found.values())


USUAL_Q4_KINDS = ("precision+offload", "precision")
"""The ways at the usual Q4_K_M a plan without --precision already runs (plan._usual_gguf_machines), searched first and
the cheapest of them capping the rest (_usual_q4_cap): with the experts in RAM first, as that plan keeps a MoE's experts
in RAM at its default offload. Round 49: DeepSeek-R1 at 5,000 USD had listed "have an electrician add a 240 V circuit"
at 74,595 USD (RTX PRO 6000 cards at FP8) beside "use q4_k_m, keep the experts in RAM" at 6,316, and the plan at the
circuit way's words labels that 6,316 USD build "cheapest"; Kimi K2 at 20,000 USD had listed "use q4_k_m" at 27,170
(CPU only) where its plan labels a 23,990 USD card with the experts in RAM "cheapest" (round 47's notes)."""


def _usual_q4_cap(
    request: BuildRequest, q4: _Found | None, budget_way: _Found | None, found: dict[str, _Found], cap: float | None
) -> float | None:
    """The cap the other ways are searched under once the usual Q4_K_M the plan already runs is found (`q4`): it is no
    change to the job (_plan_q4), so a way dearer than it changes something for nothing. Llama 3.3 70B at 800 USD had
    listed, under 2 x MI50 at Q4_K_M for 1,518 USD, four ways at BF16 from 6,175 to 15,655 USD (another circuit, two
    circuits, power limits) that never said BF16. Where it is said as "raise the budget" alone (_q4_unsaid), it is the
    budget's own way out, and a bare budget way dearer than it is dropped from `found`: it names no cheaper machine for
    the job as the plan runs it. Round 47: that 70B at 800 USD had listed, under 1 x Arc Pro B60 Dual at Q4_K_M for
    2,306.87 USD, "raise the budget to 3,200 USD" of a used Mac Studio M1 Ultra at Q8_0 (the budget's search runs no
    Q4_K_M), a second budget that bought nothing more."""
    if q4 is None or not _reads(q4, request) or not _plan_q4(request, q4.build):
        return cap
    dearer = budget_way is not None and q4.price < budget_way.price - 0.005 and found.get("budget") is budget_way
    if dearer and _q4_unsaid(request, q4.build):
        del found["budget"]
    return q4.price if cap is None else min(cap, q4.price)


class _WorkBudget:
    """A way-out search's work: the solves it starts (the limit, SEARCH_SOLVES) and a wall-clock safety net
    (SEARCH_SAFETY_SECONDS). Between solves the search asks `spent`; inside one only the user's stop and the safety net
    cut it, so a solve once begun ends as it does on an idle machine (a solve cut short answers a build its later steps
    would have set aside, or none)."""

    def __init__(self, should_stop: Callable[[], bool], solves: int = SEARCH_SOLVES) -> None:
        self.should_stop, self.limit, self.solves = should_stop, solves, 0
        self.deadline = time.monotonic() + SEARCH_SAFETY_SECONDS

    def cut(self) -> bool:
        """Stop inside a solve: the user's stop, or past the safety net."""
        return self.should_stop() or time.monotonic() > self.deadline

    def spent(self) -> bool:
        """Start no other solve: the solves are spent, or cut()."""
        return self.solves >= self.limit or self.cut()

    def counted(self, solve: Solve) -> Solve:
        """`solve`, each call counted and stopped only by cut()."""

        def one(relaxed: BuildRequest, cap: float | None, _stop: Callable[[], bool]) -> Build | None:
            self.solves += 1
            return solve(relaxed, cap, self.cut)

        return one


def _pairs(
    request: BuildRequest,
    by_kind: dict[str, BuildRequest],
    found: dict[str, _Found],
    attempt: Callable[[str, BuildRequest, float | None], _Found | None],
    stop: Callable[[], bool],
) -> None:
    """The cheap pairs (PAIRABLE, least intrusive first, at most MAX_PAIRS, none of one knob's family), each under the
    cheapest way out found that keeps the job as asked (dropping the speed target or halving the context is always
    cheaper and would hide every pair)."""
    pairable = [k for k in PAIRABLE if k in by_kind]
    families = ({"power", "power70", "powerup"}, {"speed10", "speed"}, {"circuits", "circuit"})
    pairs = sorted(itertools.combinations(range(len(pairable)), 2), key=lambda ij: (ij[0] + ij[1], ij[0]))
    tried = 0
    for i, j in pairs:
        if stop() or tried >= MAX_PAIRS:
            break
        a, b = pairable[i], pairable[j]
        if any({a, b} <= family for family in families):
            continue
        tried += 1
        cheapest = min((f.price for f in found.values() if _keeps_job(f, request) and _reads(f, request)), default=None)
        attempt(f"{a}+{b}", _combine(request, by_kind[a], by_kind[b]), cheapest)


def _region_pairs(
    request: BuildRequest,
    singles: list[tuple[str, BuildRequest]],
    found: dict[str, _Found],
    attempt: Callable[[str, BuildRequest, float | None], _Found | None],
    stop: Callable[[], bool],
) -> None:
    """Where buying in China alone (the card asked is sold only there) is no way out, it is paired with each other change,
    least intrusive first, each under the cheapest way found: the region first, as a buyer takes them (where the card
    is bought decides what the rest runs on). Qwen2.5-72B LoRA on RTX 4090 blower cards in the global region had said
    "none found", where buying in China and QLoRA give 2 cards (round 32's note)."""
    region = dict(singles).get("region")
    if region is None or region.region != "china" or "region" in found:
        return
    for kind, relaxed in singles:
        if kind in ("budget", "region") or stop():
            continue
        cheapest = min((f.price for f in found.values()), default=None)
        attempt(f"region+{kind}", _combine(request, region, relaxed), cheapest)


def _home_ways(request: BuildRequest, by_kind: dict[str, BuildRequest]) -> list[tuple[str, BuildRequest]]:
    """The ways tried for the cheapest machine the user's own circuit feeds (_home_way): the speed asked given up, with
    the weights (a MoE's experts first) in system RAM where the job allows, which sizes the cards to the circuit."""
    speed = ("speed", by_kind["speed"])
    if "offload" not in by_kind:
        return [speed]
    return [("offload+speed", _combine(request, by_kind["offload"], by_kind["speed"])), speed]


def _keeping(found: list[_Found], request: BuildRequest) -> list[_Found] | None:
    """The ways found that keep the user's targets and job (within reach: _affordable; with --exact-gpus, its count
    too: a way to more cards or fewer gives it up), when every one of them changes the wall circuit (another circuit, a
    second one); None when one of them keeps the circuit they have. Read by _circuit_bound, _home_way and
    _deeper_caps."""
    kept = KEEPS_TARGETS - ({"gpus"} if request.exact_gpus else set())
    keeping = [f for f in found if set(f.kind.split("+")) <= kept and _affordable(f.price, request)]
    return keeping if all(set(f.kind.split("+")) & CIRCUIT_WAYS for f in keeping) else None


def _circuit_bound(found: list[_Found], request: BuildRequest) -> bool:
    """Every way out found that keeps the user's targets and job changes the wall circuit (_keeping), and no way found
    keeps it: the plan then looks for the cheapest machine the circuit they have feeds (_home_way)."""
    return bool(_keeping(found, request)) and all(
        set(f.kind.split("+")) & BUILDING or f.kind == "cluster" for f in found
    )


def _deeper_caps(request: BuildRequest, found: list[_Found]) -> list[BuildRequest]:
    """The request at each of EXACT_POWER_LEVELS below its own limit, the mildest first, where it fixes its GPU count,
    no power way was found (80 and 70 % did not fit) and no way found keeps that count on its circuit (_keeping);
    search offers the first that fits. `plan --gpus 5 --exact-gpus --gpu rtx-3090` for Llama 3.3 70B Q4_K_M on a US
    15 A outlet had been offered a 120 V 20 A or 240 V circuit, two circuits and two cards, never the five capped to
    50 % that the outlet feeds (1,391 W at the wall)."""
    powered = any(set(f.kind.split("+")) & {"power", "power70"} for f in found)
    if not request.exact_gpus or powered or _keeping(found, request) is None:
        return []
    floor = TRAINING_POWER_CURVE[0][0] if request.workload.kind != "inference" else 0.0
    own = request.power_limit or 1.0
    return [request.model_copy(update={"power_limit": x}) for x in EXACT_POWER_LEVELS if floor <= x < own]


def _keeps_job(f: _Found, request: BuildRequest) -> bool:
    """A way out that keeps the job as asked (MILD), or that runs the usual Q4_K_M the plan already runs (_plan_q4)."""
    return set(f.kind.split("+")) <= MILD or (f.kind in USUAL_Q4_KINDS and _plan_q4(request, f.build))


def _accumulated(
    request: BuildRequest,
    singles: list[tuple[str, BuildRequest]],
    solve: Solve,
    stop: Callable[[], bool],
    work: Work = no_work,
) -> _Found | None:
    """Several things at once: add relaxations, least intrusive first, until something fits; then drop every one
    that turns out not to be needed."""
    by_kind = dict(singles)
    order: list[str] = [
        k
        for k in (
            "kv",
            "power",
            "circuits",
            "condition",
            "form",
            "room",
            "gpus",
            "offload",
            "framework",
            "actoffload",
            "optim8bit",
            "zero3offload",
            "circuit",
            "speed",
            "deadline",
            "context",
            "precision",
            "method",
            "region",
        )
        if k in by_kind
    ]
    applied: list[str] = []
    current = request.model_copy(update={"budget": None})
    best: Build | None = None
    for kind in order:
        if stop():
            return None
        current = _combine(request, current, by_kind[kind])
        applied.append(kind)
        best = solve(current, None, stop)
        if best is not None:
            break
    if best is None:
        return None
    for kind in list(applied):
        if len(applied) == 1 or stop():
            break
        trial = request.model_copy(update={"budget": None})
        for other in applied:
            if other != kind:
                trial = _combine(request, trial, by_kind[other])
        without = solve(trial, best.total_price * 1.02, stop)
        if without is not None:  # not needed, and no dearer without it
            applied.remove(kind)
            best = without if without.total_price < best.total_price else best
    combined = request
    for kind in applied:
        combined = _combine(request, combined, by_kind[kind])
    build = solve(combined.model_copy(update={"budget": None}), None, stop) or best
    return _Found("+".join(applied), _as_applied(request, combined, build), build, work(combined))


def wants_reading(request: BuildRequest) -> bool:
    """An inference request that asks no speed of its own (--min-decode-tps): its ways out are judged at reading
    speed (rules.READING_TPS, the PERF rule's floor)."""
    return request.workload.kind == "inference" and not request.min_decode_tps


_READING_RATE: ContextVar[Callable[[Build], float] | None] = ContextVar("relax_reading_rate", default=None)
"""The plan's reading rate of a way's build while its ways out are searched (reading_by), else None: the decode speed."""


@contextmanager
def reading_by(rate: Callable[[Build], float]) -> Iterator[None]:
    """Within it, a way's build reads as `rate` says (round 40: the plan's reading rule, sources.reading_rate_of: a
    stated demand's served rate, each request's prefill counted); the ways out are searched by the plan that states
    the demand, so the rate is the plan's for that search alone, as estimator.steps_unread is."""
    token = _READING_RATE.set(rate)
    try:
        yield
    finally:
        _READING_RATE.reset(token)


def build_rate(build: Build) -> float:
    """Tokens/s a user of the build reads at: the plan's reading rate within reading_by, else the decode speed."""
    rate = _READING_RATE.get()
    return rate(build) if rate is not None else (build.estimate.decode_tokens_per_s or 0.0)


def build_reads(build: Build) -> bool:
    """Each user of the build reads at reading speed (build_rate: the decode speed, or within a plan that states a
    demand its served rate; round 40: the ways out had read the decode speed where the labels read the served rate)."""
    return at_reading_speed(build_rate(build))


def _reads(found: _Found, request: BuildRequest) -> bool:
    """A way out whose build reads for a request that wants reading speed; any other way (a training job, a speed
    asked, servers) reads."""
    return not wants_reading(request) or found.kind == "cluster" or build_reads(found.build)


OTHER_JOB = {"method"}
"""Relaxations that change the job rather than the machine (QLoRA for a full fine-tune)."""


def _affordable(cost: float, request: BuildRequest) -> bool:
    """Within half as much again as the budget: then money, not a slower machine, is the way out."""
    return request.budget is None or cost <= 1.5 * request.budget


GIVES_UP_TARGET = {"speed", "deadline"}
"""Ways out that give up the user's own target: drop the speed asked ("accept 3.1 tokens/s") or the deadline ("allow
127 h"). "speed10" keeps it within 10 % (the decode estimate's own spread) and is not one of them."""

KEEPS_TARGETS = MILD - {"speed10"} - GIVES_UP_TARGET
"""Ways out that keep every target the user set and the job as asked (the model, its precision, context and method):
a new budget, power, circuits, room, used parts, another framework, ..."""


def gives_up_target_for_little(kind: str, price: float, others: Iterable[tuple[str, float]]) -> bool:
    """A way out (its kind and price) that gives up the user's deadline or speed target (GIVES_UP_TARGET) while
    another found (`others`: kind, price) keeps every target (KEEPS_TARGETS) for at most SLOWER_DEARER times its
    price: not one a practitioner offers. The target is what the user asked for; giving it up is worth offering only
    where it saves more than a third of what keeping it costs (1 - 1 / 1.5), the bound _affordable puts on a slower
    machine beside the budget and way.slower on a way beside a dearer one. Llama 3.1 8B LoRA on 100 M tokens in 48 h
    at 500 USD (round 27's walk): "allow 127 h (5.3 days) and raise the budget to 1,082 USD" (one MI50) stood 45 USD
    below "raise the budget to 1,127 USD" (an RTX 2080 Ti 22GB that meets the 48 h in 34 h): 4 % saved for the
    deadline, at 3.8 times the time."""
    if not set(kind.split("+")) & GIVES_UP_TARGET:
        return False
    return any(set(k.split("+")) <= KEEPS_TARGETS and gives_up_for_little(price, p) for k, p in others)


def _ranked(found: list[_Found], request: BuildRequest) -> list[_Found]:
    """By price; accepting a slower machine is the last resort when money or power can meet the target (within
    half as much again as the budget; beyond that a slower machine is the sensible answer), none that gives up the
    target while another keeps it for a little more (gives_up_target_for_little), and of the slower answers none that
    gives up most of the speed asked while another keeps half of it."""
    home = _home_way(_more_bits(found, request), request)
    performance_only = GIVES_UP_TARGET
    # another job (QLoRA for a full fine-tune) is the user's call, not a way out, while a machine or servers run the
    # job as asked within reach (#28: a 70B full fine-tune at 200,000 USD was told "use QLoRA: 2 x Tesla P40" above
    # the 152,000 USD 8 x MI300X server that runs it in a server room)
    other_job = OTHER_JOB

    if any(not set(f.kind.split("+")) & performance_only and _affordable(f.price, request) for f in found):
        found = [f for f in found if not set(f.kind.split("+")) & performance_only]
    # a way out at reading speed is the answer a buyer can act on: where one is found, those below it are not listed
    # (DeepSeek-R1 Q4 at 15,000 USD had led with a 4-channel host at 3.6 tok/s); where none is, each says its speed
    found = _one_budget(_more_bits(([f for f in found if _reads(f, request)] or found), request), request)
    priced = [(f.kind, f.price) for f in found]
    found = [f for f in found if not gives_up_target_for_little(f.kind, f.price, priced)]
    # with no budget nothing is "within reach": a 2.9 M CNY pair of servers and QLoRA at 14,000 CNY are both shown,
    # by price, and the user chooses (test_used_servers)
    if request.budget is not None and any(
        not set(f.kind.split("+")) & (performance_only | other_job) and _affordable(f.price, request) for f in found
    ):
        found = [f for f in found if not set(f.kind.split("+")) & other_job]
    if request.min_decode_tps:

        def speed(f: _Found) -> float:
            return f.build.estimate.decode_tokens_per_s or 0.0 if f.kind != "cluster" else request.min_decode_tps or 0.0

        close = [f for f in found if speed(f) >= 0.5 * request.min_decode_tps]
        found = close or found
    ranked = sorted(
        found,
        key=lambda f: (
            round(f.price, 2),
            bool(set(f.kind.split("+")) & BUILDING),
            not set(f.kind.split("+")) <= MILD,
            f.kind.count("+"),
            f.kind,
        ),
    )
    if home is not None and home not in ranked:
        ranked = sorted([*ranked, home], key=lambda f: round(f.price, 2))
    # one line per distinct way: a pair that costs no less than one of its own parts alone says nothing more
    out: list[_Found] = []
    for f in ranked:
        parts = f.kind.split("+")
        if len(parts) > 1 and any(o.kind in parts and o.price <= f.price for o in ranked):
            continue
        out.append(f)
    return out


def _bits(f: _Found) -> int:
    """The bits a way's weights keep: 2 or 3 for a low-bit file (LOW_BITS_STEPS), else 4 or more."""
    kinds = set(f.kind.split("+"))
    return 2 if "lowbits" in kinds else 3 if "lowbits3" in kinds else 4


def _more_bits(found: list[_Found], request: BuildRequest) -> list[_Found]:
    """Without the low-bit ways that another way keeping more bits beats within the budget: a buyer whose money buys the
    3-bit file (or Q4_K_M) reading is not told to drop to 2 bits to keep some of it (round 49: the 3-bit file before the
    2-bit one, LOW_BITS_STEPS). Over the budget both stay, by price: the cheaper fewer bits is then a way to stay in it."""
    if request.budget is None:
        return found
    kept = [g for g in found if g.kind != "cluster" and g.price <= request.budget and _reads(g, request)]
    best = max((_bits(g) for g in kept), default=0)
    return [f for f in found if _bits(f) >= best or _bits(f) == 4]


def _one_budget(found: list[_Found], request: BuildRequest) -> list[_Found]:
    """One "raise the budget" way for a serving request: a dearer budget way beside a cheaper one on supported software
    that reads is dropped, its budget's plan labelling the cheaper build "cheapest" (the way is a price claim). Round 49:
    DeepSeek-V3 Q2_K at 1,200 USD had listed "raise the budget to 9,999 USD" (a Mac Studio) under "raise the budget to
    2,815 USD" (an RTX 2060 12GB with the experts in RAM), and the plan at 9,999 labels the 2,815 USD build
    "cheapest". A training request keeps both: the dearer one is the supported build a card past support stands beside
    (_plain_budget)."""
    budgets = [f for f in found if f.kind == "budget" and _reads(f, request)]
    if request.workload.kind != "inference" or len(budgets) < 2:
        return found
    low = min(budgets, key=lambda f: f.price)
    if end_of_life_caveat(low.build) is not None:
        return found
    return [f for f in found if f.kind != "budget" or f is low or f.price <= low.price + 0.005]


def _home_way(found: list[_Found], request: BuildRequest) -> _Found | None:
    """When every way out that keeps the user's targets and job changes the wall circuit (another circuit, a second
    one), the cheapest way found that keeps the circuit they have, whatever it gives up (the speed asked: fewer cards
    with the experts in RAM), so the plan can say what the new circuit buys over it (_circuit_trade); None otherwise.
    Qwen3-235B-A22B Q4_K_M on MI50s at 12 tokens/s and 5,000 USD on a 120 V 15 A outlet had offered only a 230 V 16 A
    circuit or two circuits for 5 x MI50 (3,735 USD, 16.2 tokens/s), never the one MI50 with the experts in RAM that
    the outlet feeds (2,740 USD, 7.0). Serving only: a training job's deadline has its own ways (a rental, a cluster),
    and its hours are weighed by SLOWER_DEARER."""
    if request.workload.kind != "inference" or not _keeping(found, request):
        return None
    home = [f for f in found if f.kind != "cluster" and not set(f.kind.split("+")) & BUILDING and _reads(f, request)]
    return min(home, key=lambda f: (round(f.price, 2), -(f.build.estimate.decode_tokens_per_s or 0.0)), default=None)


def _circuit_trade(ways: list[Relaxation], request: BuildRequest) -> list[Relaxation]:
    """Beside ways out that change the wall circuit, the cheapest listed way on the user's own circuit says so (field
    `home`, the circuit), and each circuit way says what it buys over that one: its speed and price against the
    home way's (fields `home_tps`, `home_price`: way.changes words them). Unchanged when no way keeps the circuit."""
    machine = [w for w in ways if w.build is not None and w.said is not None and w.said.code == "way.changes"]
    changing = [w for w in machine if set(w.kind.split("+")) & CIRCUIT_WAYS]
    keeping = [w for w in machine if not set(w.kind.split("+")) & BUILDING and w.kind not in ("cluster", "rent")]
    if not changing or not keeping:
        return ways
    home = min(keeping, key=lambda w: w.total_price)
    volts, amps = CIRCUITS[request.circuit]
    circuit = Reason.of("circuit.name", volts=volts, amps=amps, us_outlet=False)  # "the 120 V 15 A circuit you have"
    out: list[Relaxation] = []
    for way in ways:
        extra: dict[str, Value] = {}
        if way is home:
            extra = {"home": circuit}
        elif way in changing and (way.decode_tokens_per_s or 0.0) > (home.decode_tokens_per_s or 0.0):
            extra = {
                # to the tenth shown, so the difference said is the difference of the two figures said
                "tps": round(way.decode_tokens_per_s or 0.0, 1),
                "home_tps": round(home.decode_tokens_per_s or 0.0, 1),
                "home_price": round(home.total_price, 2),
                "home_circuit": circuit,
            }
        if not extra or way.said is None:
            out.append(way)
            continue
        said = Reason.of(way.said.code, **{**way.said.fields, **extra})
        out.append(way.model_copy(update={"said": said, "change": english(said)}))
    return out


def _first_clause(
    request: BuildRequest, catalog: Catalog, cand: Candidates
) -> tuple[list[Reason], list[str], tuple[Reason, ...]]:
    """The reason's first clause, the binding constraints it names, and the closest GPUs' details: no GPU holds the
    job (or the user's own card cannot), or no combination of parts passes every rule."""
    if cand.options:
        return [Reason.of("nothing.no-combination")], [], ()
    summary = _rejection_summary(cand, catalog)
    closest = tuple(_rejection_details(cand, catalog))
    if request.owned_gpu is not None:
        # only the user's own card is tried while they ask to use it: say so, not "no GPU in the catalog"
        owned_gpu = catalog.records["gpus"].get(request.owned_gpu.id)
        name = getattr(owned_gpu, "name", request.owned_gpu.id)
        clause = Reason.of("nothing.own-gpu", name=name, most=request.max_gpus, closest=summary)
    else:
        clause = Reason.of("nothing.no-gpu", most=request.max_gpus, closest=summary)
    return [clause], ["GPU memory / speed target per machine"], closest


def _listed(ranked: list[_Found], request: BuildRequest, set_aside: SetAside, *, moe: bool) -> list[Relaxation]:
    """Every way out ranked, cheapest first, each with its change said and its build (pareto keeps the ones shown);
    a way whose build is on supported software beside a cheaper one set aside (past support, or its run unvalidated)
    names it (_past_cheaper)."""
    out: list[Relaxation] = []
    for f in ranked:
        noted = set_aside(f.build)
        relaxed = f.request or request
        said = _describe(f.kind, relaxed, f.build.total_price, request, f.build, moe, f.work, named=noted is not None)
        if noted is not None and said.code == "way.changes":
            said = Reason.of(said.code, **said.fields, **_past_cheaper(*noted))
        out.append(
            Relaxation(
                kind=f.kind,
                change=english(said),
                total_price=f.price,
                decode_tokens_per_s=f.build.estimate.decode_tokens_per_s,
                wall_hours=_training_hours(f.build),
                request=f.request,
                build=f.build,
                said=said,
                work=f.work,
            )
        )
    return out


def _capped_kind(kind: str, relaxed: BuildRequest, build: Build) -> tuple[str, BuildRequest]:
    """A way's build whose cards are capped where the way set no cap (a circuit way's cheapest on the new circuit:
    offers.capped_beside) is a way that says the cap and its cost in speed too: kind "+power" (80 %) or "+power70",
    and its request applies the cap."""
    limit = build.power_limit
    if limit is None or relaxed.power_limit is not None:
        return kind, relaxed
    level = "power" if limit >= POWER_LEVELS[0] else "power70"
    return f"{kind}+{level}", relaxed.model_copy(update={"power_limit": limit})


def _beyond_of(past: Build, unvalidated: str) -> dict[str, Value]:
    """Round 44: a cheaper build SUP-12 sets aside (ranking.set_aside_said's kind.beyond-runs), said in its terms:
    `unvalidated_card_gb`, its cards' GB, against `unvalidated_runs_gb`, the smallest card a published run used."""
    said = set_aside_said(past, unvalidated)
    if said.code != "kind.beyond-runs":
        return {}
    return {
        "unvalidated_card_gb": said.fields["card_gb"],
        "unvalidated_runs_gb": said.fields["runs_gb"],
        "unvalidated_beyond_rule": OffloadEnvelope.id,
    }


def _past_cheaper(past: Build, unvalidated: str | None = None) -> dict[str, Value]:
    """A way's build is the cheapest on supported software: the cheaper one past its vendor's support (ranking.startable
    sets it aside for a new training job) by its cards and price (way.changes' fields `supported`, `past_gpus`,
    `past_gpu`, `past_price`). A label is a claim about the numbers beside it: "cheapest build" had named two Arc Pro
    B60 where two Tesla P40 were cheaper. Round 42: one set aside because its training run is unvalidated on its card
    (`unvalidated`: the support rule that warns, SUP-11; rules.software.UNVALIDATED_RUN) is said by its own fields,
    `unvalidated_gpus`, `unvalidated_gpu`, `unvalidated_price`, `unvalidated` (its card is not past support). Round 43:
    `past` on supported cards (plan._WaySearch.supported: the way's own card is past support and keeps within the
    budget, where the supported build costs more than it) is said by `supported_gpus`, `supported_gpu`,
    `supported_price`: "1 x NVIDIA GeForce RTX 2080 Ti 22GB on supported software costs 40,613 CNY, over the budget"."""
    if unvalidated is None and end_of_life_caveat(past) is None:
        return {
            "supported_gpus": past.gpu_count * past.nodes,
            "supported_gpu": _gpu_name(past),
            "supported_price": past.total_price,
        }
    if unvalidated is not None:
        return {
            "supported": True,
            "unvalidated_gpus": past.gpu_count * past.nodes,
            "unvalidated_gpu": _gpu_name(past),
            "unvalidated_price": past.total_price,
            "unvalidated": unvalidated,
            **_beyond_of(past, unvalidated),
        }
    return {
        "supported": True,
        "past_gpus": past.gpu_count * past.nodes,
        "past_gpu": _gpu_name(past),
        "past_price": past.total_price,
        # a card past support capped (the plan on a new circuit caps its cards: offers.capped_beside): the cap said
        **({"past_limit": past.power_limit} if past.power_limit is not None else {}),
    }


IMPLIED = {
    "way.power@0.7": ("way.power@0.8",),
    "way.power@0.6": ("way.power@0.7", "way.power@0.8"),
    "way.power@0.5": ("way.power@0.6", "way.power@0.7", "way.power@0.8"),
    "way.speed": ("way.speed10",),
    "way.precision@q4_k_m": ("way.precision@q8_0",),
    "way.lowbits@q3_k_m": ("way.precision@q4_k_m", "way.precision@q8_0"),
    "way.lowbits@q2_k": ("way.lowbits@q3_k_m", "way.precision@q4_k_m", "way.precision@q8_0"),
}
"""A change that includes a milder one of the same knob: who can cap the GPUs at 70 % can cap them at 80 %, who can
drop the speed target can accept 10 % less of it, who runs the Q4_K_M GGUF can run its Q8_0 (changes_asked): a
dearer way at Q8_0, the release's quality, is not beaten by a Q4_K_M way that asks for the lower quality. Round 49: who
runs a 2-bit file can run the 3-bit one and Q4_K_M, so a 3-bit way no cheaper and no faster than a Q4_K_M one is beaten
by it (Kimi K2's 3-bit file in 768 GB of DDR5 costs what its Q4_K_M does)."""


def changes_asked(way: Relaxation) -> frozenset[str]:
    """What a way out asks the user to do, as its words say it (the codes of way.changes' changes, or the way's own
    code: way.budget, way.rent, way.cluster), a power limit with its level, leaving the own card out as a change of its
    own; with the milder changes each includes (IMPLIED). A change the words do not name is none asked: the usual
    Q4_K_M the plan already runs (_plan_q4) is said as "raise the budget" only."""
    said = way.said
    if said is None:
        return frozenset({way.kind})
    parts = said.nested("changes") if said.code == "way.changes" else (said,)
    out: set[str] = set()
    for part in parts:
        code = part.code
        if code == "way.power":
            code = f"way.power@{part.num('limit'):g}"
        elif code == "way.precision":
            code = f"way.precision@{part.fields.get('precision') or 'q4_k_m'}"
        elif code == "way.lowbits":
            code = f"way.lowbits@{part.fields.get('precision') or LOW_BITS}"
        out.add(code)
        out.update(IMPLIED.get(code, ()))
    if said.code == "way.cluster" and said.fields.get("budget") is not None:
        out.add("way.budget")  # servers beyond the budget ask for more money too
    if said.fields.get("without_own"):
        out.add("own.left-out")
    return frozenset(out)


def _speed(way: Relaxation) -> tuple[str, float] | None:
    """A way's speed as the user weighs it: a training job's hours (less is faster; a rental's own), else the decode
    rate; None where the way says none."""
    hours = way.wall_hours or (way.rental["wall_hours"] if way.rental is not None else None)
    if hours:
        return ("hours", float(hours))
    if way.decode_tokens_per_s:
        return ("tps", float(way.decode_tokens_per_s))
    return None


def _wait(way: Relaxation) -> float:
    """The seconds a way's prompts wait (way.changes' wait_s: a CPU computes a long prompt in minutes), 0 if unsaid."""
    wait = way.said.fields.get("wait_s") if way.said is not None else None
    return float(wait) if isinstance(wait, int | float) else 0.0


def as_fast(rival: Relaxation, way: Relaxation) -> bool:
    """`rival` is at least as fast as `way` for a buyer: its hours or its decode rate within shown.AS_FAST of the
    way's or better, and its prompts wait no longer. Two ways that say no speed are alike; one that says none is not
    as fast as one that says it."""
    a, b = _speed(rival), _speed(way)
    if a is None or b is None:
        return a is None and b is None and _wait(rival) <= _wait(way)
    if a[0] != b[0]:
        return False
    faster = AS_FAST * a[1] <= b[1] if a[0] == "hours" else a[1] >= AS_FAST * b[1]
    return faster and _wait(rival) <= _wait(way) + 0.5


def dominates(rival: Relaxation, way: Relaxation) -> bool:
    """`rival` leaves `way` nothing to offer: it costs no more to a buyer (within shown.SAME_PRICE of its price: two
    prices 1 % apart are one price, and a change more to save less than that is noise), is as fast (as_fast), and asks
    a subset of its changes (changes_asked). Kimi K2 Q4_K_M at 12,000 USD on a 120 V 15 A outlet (review35's walk) had
    led with "power-limit the GPUs to 80 % (~95 % speed), keep the experts in RAM and raise the budget to 23,837 USD"
    beside the same machine at full power for 23,872: one 250 W card capped to save 35 USD (0.15 %), and "binding:
    full GPU power on the circuit" said of an outlet that feeds it."""
    return (
        rival.total_price <= way.total_price * (1 + SAME_PRICE) + 0.005
        and as_fast(rival, way)
        and changes_asked(rival) <= changes_asked(way)
    )


def pareto(ways: list[Relaxation]) -> list[Relaxation]:
    """The ways out worth showing, in their order (by price): each one no other shown way dominates, over price, speed
    and the changes it asks. Of ways alike in all three the first stays. Llama 3.3 70B QLoRA at 1,200 USD (round 28's
    walk) had listed, under "power-limit the GPUs to 80 % ... 2,019 USD" (1,299 h), "power-limit the GPUs to 70 % ...
    2,019 USD" (1,442 h), and four ways at 2,099 USD, each with one change more than the plain budget raise that buys
    the same two Tesla P40 (_plain_budget): a 230 V circuit, two circuits, activation offload, recomputation."""
    out: list[Relaxation] = []
    for at, way in enumerate(ways):
        beaten = any(
            dominates(other, way) and (not dominates(way, other) or _preferred(other, i, way, at))
            for i, other in enumerate(ways)
            if other is not way
        )
        if not beaten:
            out.append(way)
    return out


def _preferred(other: Relaxation, i: int, way: Relaxation, at: int) -> bool:
    """Of two ways that dominate each other (alike within shown.SAME_PRICE and shown.AS_FAST), the cheaper, then the faster,
    then the first stays."""
    if round(other.total_price, 2) != round(way.total_price, 2):
        return other.total_price < way.total_price
    a, b = _speed(other), _speed(way)
    if a is not None and b is not None and a[0] == b[0] and a[1] != b[1]:
        return a[1] < b[1] if a[0] == "hours" else a[1] > b[1]
    return i < at


def _slower_ways(ways: list[Relaxation]) -> list[Relaxation]:
    """Each training way out listed that is many times slower than a way beside it that costs a little more says so
    (_slower_way): in its words (way.changes, field `slower`) and as Relaxation.slower (`--json` "slower")."""
    shown = ways[:WAYS_SHOWN]
    out: list[Relaxation] = []
    for at, way in enumerate(ways):
        slower = _slower_way(way, shown) if at < WAYS_SHOWN else None
        if slower is None or way.said is None:
            out.append(way)
            continue
        said = Reason.of(way.said.code, **{**way.said.fields, "slower": slower})
        out.append(way.model_copy(update={"slower": slower, "said": said, "change": english(said)}))
    return out


def _slower_way(way: Relaxation, shown: list[Relaxation]) -> Reason | None:
    """How much slower a training way (a machine: way.changes) is than the fastest way among those listed beside it
    that cost no less and at most SLOWER_DEARER times as much, when many times (shown.many_times_slower, the rule
    ranking's "cheapest" build follows); the fastest is the cheapest within shown.AS_FAST of the top speed, as for
    builds. Times the user cannot weigh are left out: a rental (its hours are the deadline's), a build whose speed
    rests on no measurement (Build.speed_sourced)."""
    hours = way.wall_hours
    if way.build is None or not hours or way.said is None or way.said.code != "way.changes":
        return None
    rivals = [
        (i, r, r.wall_hours)
        for i, r in enumerate(shown)
        if r is not way
        and r.build is not None
        and r.build.speed_sourced
        and r.wall_hours
        and way.total_price <= r.total_price <= SLOWER_DEARER * way.total_price
    ]
    if not rivals:
        return None
    top = min(h for _i, _r, h in rivals)
    at, fast, fast_hours = min(
        ((i, r, h) for i, r, h in rivals if AS_FAST * h <= top), key=lambda t: (t[1].total_price, t[2])
    )
    ratio = hours / fast_hours
    if not many_times_slower(ratio):
        return None
    # the price as that way's own words name it (the budget it would take, whole units up, when over the budget)
    price = fast.said.fields.get("price") if fast.said is not None and fast.said.code == "way.changes" else None
    return Reason.of(
        "way.slower",
        ratio=round(ratio, 1),
        way=at + 1,
        hours=round(fast_hours, 1),
        price=float(price) if isinstance(price, int | float) else fast.total_price,
        currency=way.said.fields.get("currency", ""),
    )


def diagnose(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    cand: Candidates,
    should_stop: Callable[[], bool],
    *,
    solve: Solve,
    cluster_of: ClusterOf,
    slow_machine: Callable[[BuildRequest], Build | None] | None = None,
    solves: int = SEARCH_SOLVES,
    reference_job: bool = False,
    set_aside: SetAside = lambda _b: None,
) -> tuple[Infeasible, Build | None]:
    """Why nothing fits (one sentence, short details under it) and every way out found, cheapest first, with the solves
    they cost (_tallied); with the ready-made servers to show when they are the way out (or run the job as asked in a
    server room). `slow_machine`: the cheapest machine without a GPU whose prompts wait minutes (PROMPT), a way out
    when no other is found (beside a GPU way no rival for the cheapest: ranking.slow_cpu_only). `reference_job`: a
    training request without --tokens (no job to rent: _rent_way). `set_aside`: a way's cheaper build set aside."""
    clauses, blocking, closest, work = (*_first_clause(request, catalog, cand), circuit_work(catalog, request))
    solve, spent = _tallied(solve)
    found = search(request, solve, should_stop, solves, model, sold_in_china_only(request, catalog), work=work)
    alone = slow_machine is not None and not found and not should_stop()
    slow = slow_machine(request.model_copy(update={"budget": None})) if slow_machine is not None and alone else None
    if slow is not None:
        found.append(_Found("budget", _as_applied(request, request, slow), slow))
    cluster = None
    if request.allow_clusters:
        cluster = cluster_of(request)
        if cluster is not None:
            found.append(_Found("cluster", None, cluster))
    found.extend(_plain_budget(found, request, solve, should_stop))
    ranked = _ranked(found, request)
    relaxations = _listed(ranked, request, set_aside, moe=model.moe is not None)
    rent = (
        None
        if reference_job and not request.deadline_hours
        else _rent_way(ranked, request, catalog, model, exact, should_stop)
    )
    if rent is not None:
        # among the ways out by price (#27's contract: the first is the cheapest); nothing to apply (request None)
        at = next((i for i, r in enumerate(relaxations) if r.total_price > rent.total_price), len(relaxations))
        relaxations.insert(at, rent)
    relaxations = _circuit_trade(_slower_ways(pareto(relaxations)[:MAX_LISTED]), request)
    # the way Apply switches to and whose constraints bind: the cheapest shown that has a request
    shown = [r.build for r in relaxations]
    ranked = [f for f in ranked if any(f.build is b for b in shown)] + [
        f for f in ranked if not any(f.build is b for b in shown)
    ]
    first = ranked[0] if ranked else None
    if first is not None:
        blocking.extend(_binds(first, found, ranked, request))
        if request.budget is not None and first.price > request.budget and "budget" not in blocking:
            blocking.insert(0, "budget")
        way_out = relaxations[0].said or Reason.of("way.none")
    elif relaxations:
        way_out = relaxations[0].said or Reason.of("way.none")
    else:
        way_out = Reason.of("way.none")
    if request.budget is not None and "budget" in blocking:
        clauses.append(Reason.of("nothing.budget", budget=request.budget, currency=request.currency))
    others = [b for b in blocking if b not in ("budget", "GPU memory / speed target per machine")]
    if cand.options and others:
        clauses.append(Reason.of("nothing.binding", items=tuple(_binding(b, request) for b in dict.fromkeys(others))))
    chosen_cluster = cluster if first is not None and first.kind == "cluster" else None
    if chosen_cluster is not None:
        blocking.append("one machine" if chosen_cluster.nodes > 1 else "a self-assembled machine")
    blocking = list(dict.fromkeys(blocking))
    if "speed target" in blocking and "GPU memory / speed target per machine" in blocking:
        blocking.remove("speed target")  # said once
    return Infeasible.of(
        tuple(clauses),
        way_out,
        tuple(dict.fromkeys(blocking)),
        closest,
        relaxed_request=first.request if first is not None else None,
        relaxations=tuple(relaxations),
        way_solves=spent(),
    ), chosen_cluster or _servers_as_asked(cluster, request, first)


def _tallied(solve: Solve) -> tuple[Solve, Callable[[], int]]:
    """`solve`, each call counted, and the count so far: the work a way list costs (Infeasible.way_solves: the search's
    solves, bound by SEARCH_SOLVES, and the plain budgets', at most PLAIN_TRIED), which `plan --json` reports and
    benchmarks/way_scan.py prints (round 49, det47's note)."""
    calls = [0]

    def one(relaxed: BuildRequest, cap: float | None, stop: Callable[[], bool]) -> Build | None:
        calls[0] += 1
        return solve(relaxed, cap, stop)

    return one, lambda: calls[0]


PLAIN_TRIED = 3
"""The cheapest prices of ways out with a change besides the budget at which a raised budget alone is searched too
(_plain_budget): one solve each, under a cap that ends it early when nothing is that cheap."""


def _plain_budget(
    found: list[_Found], request: BuildRequest, solve: Solve, should_stop: Callable[[], bool]
) -> list[_Found]:
    """The machines a raised budget alone buys at the price of a way out that changes something more. The budget's own
    search answers the cheapest build a plan would call "cheapest" (ranking.startable sets aside a card past its
    vendor's support beside a supported one), and the other ways are searched under its price, where that card is
    all there is: Llama 3.3 70B QLoRA at 1,200 USD had listed two Tesla P40 at 2,099 USD behind a 230 V circuit, two
    circuits, activation offload and recomputation, each needless, while the budget raise named 2 x Arc Pro B60 at
    2,148 USD (the P40 are past NVIDIA's support for a new fine-tune; this says that card as the budget's way, beside
    the B60, not as four changes). Only below the budget's own way: a dearer way was never searched past it."""
    budget = next((f for f in found if f.kind == "budget"), None)
    if request.budget is None or budget is None:
        return []
    prices = sorted(
        {round(f.price, 2) for f in found if f.kind not in ("budget", "cluster") and f.price < budget.price - 0.005}
    )
    out: list[_Found] = []
    plain = request.model_copy(update={"budget": None})
    for price in prices[:PLAIN_TRIED]:
        if should_stop() or any(f.price <= price + 0.005 for f in out):
            break
        # a cap of a whole unit over: the solver's bound on parts' prices is not to the cent (under 2,099.00 it found
        # none of the 2,098.44 USD build a plan at that budget lists), and it answers its cheapest build anyway
        build = solve(plain, math.ceil(price) + 1.0, should_stop)
        if build is not None and build.total_price <= price + 0.005:
            out.append(_Found("budget", _as_applied(request, plain, build), build))
    return out


def _binds(first: _Found, found: list[_Found], ranked: list[_Found], request: BuildRequest) -> list[str]:
    """The constraints the cheapest way out relaxes, and each other that, relaxed alone, lets a build fit the budget as
    asked (the deadline of a training job that more money could also meet)."""
    q4 = _q4_unsaid(request, first.build)  # Q4_K_M is no change where the plan already runs it: it binds nothing
    kv = first.request is not None and _kv_unsaid(
        request, first.request
    )  # nor the q8_0 cache it runs where none is given (round 48)
    # a power limit whose cards a raised budget alone runs at full power on the same circuit saves on the power supply:
    # the circuit binds nothing (Llama 3.3 70B QLoRA at 1,200 USD: 2 x Tesla P40 capped to 80 % on a 750 W unit at
    # 2,019 USD, at full power on a 1,000 W unit at 2,099, both on the 120 V 15 A outlet, had said "binding: full GPU
    # power on the circuit (120 V 15 A)")
    full = any(
        f.kind == "budget" and (f.build.gpu_id, f.build.gpu_count) == (first.build.gpu_id, first.build.gpu_count)
        for f in found
    )
    out = [
        LABELS.get(k, k)
        for k in first.kind.split("+")
        if k != "cluster"
        and not (q4 and k == "precision")
        and not (kv and k == "kv")
        and not (full and k in ("power", "power70", "powerlow"))
    ]
    return out + [
        LABELS.get(f.kind, f.kind)
        for f in sorted(found, key=lambda f: f.price)
        if "+" not in f.kind
        and f.kind not in ("cluster", "budget")
        and not (f.kind == "kv" and f.request is not None and _kv_unsaid(request, f.request))
        and (f.kind not in OTHER_JOB or f in ranked)  # another job set aside (_ranked) binds nothing
        and (request.budget is None or f.price <= request.budget)
    ]


def _rent_way(
    ranked: list[_Found],
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    should_stop: Callable[[], bool],
) -> Relaxation | None:
    """Rent it: a one-off training job (a pretrain or a fine-tune of the token count asked), with or without a
    deadline, whose cheapest rental (that meets the deadline, if one is asked) costs no more than the cheapest machine
    bought for it loses on resale (the comment above RENT_TRIED). Llama 3.3 70B QLoRA on 100 M tokens at 1,200 USD,
    no deadline (round 28's walk): only purchases from 2,019 USD (two Tesla P40, 1,299 h) had been offered, where an
    expert says the job rented costs a fraction of that. The rental
    is the catalog's cheapest offer (cloud.toml) that does the job of one of the cheapest ways out within the deadline
    (tco.search_rentals), with its hours, cost, and the price's date and source."""
    w = request.workload
    deadline = request.deadline_hours
    if w.kind == "inference" or not w.tokens or not ranked:
        return None
    # timed and priced against a machine that runs the job as asked where one is found (QLoRA's build is not the
    # full fine-tune's)
    as_asked = [f for f in ranked if set(f.kind.split("+")) <= MILD | {"cluster"}] or ranked
    bought = min(f.price for f in as_asked)
    best: RentalMatch | None = None
    for f in sorted(as_asked, key=lambda f: f.price)[:RENT_TRIED]:
        if should_stop():
            break
        if f.build.estimate.wall_hours is None or f.build.estimate.fits is False:
            continue
        match = rental_search_for(f.build, catalog, model, w, request.region, exact).match
        if match is None or match.wall_hours is None or (deadline and match.wall_hours > deadline * (1 + 1e-9)):
            continue
        if best is None or match.hourly * (match.wall_hours or 0) < best.hourly * (best.wall_hours or 0):
            best = match
    if best is None or best.wall_hours is None:
        return None
    cost = best.hourly * best.wall_hours
    cheapest = min(as_asked, key=lambda f: f.price)
    sold = ownership_for(cheapest.build, catalog).sold_used_fraction
    if cost > bought * (1.0 - (sold or 0.0)):
        return None  # buying for the job and selling after it costs less than renting it
    return _rented(best, cost, float(deadline) if deadline else None, bought)


def _rented(best: RentalMatch, cost: float, deadline: float | None, bought: float) -> Relaxation:
    """The way out "rent it": the matched offer's hours, cost, price date and source, as a code and in `--json`."""
    assert best.wall_hours is not None
    price = best.price
    said = Reason.of(
        "way.rent",
        offer=best.offer.name,
        instances=best.instances,
        gpus=best.offer.gpu_count * best.instances,
        gpu=best.offer.gpu,
        hours=best.wall_hours,
        deadline=deadline,
        hourly=best.hourly,
        cost=cost,
        currency=best.currency,
        bought=bought,
        pricing=best.pricing,
        date=price.date.isoformat(),
        source=price.source,
        estimate=best.price_is_estimate,
    )
    return Relaxation(
        kind="rent",
        change=english(said),
        total_price=cost,
        decode_tokens_per_s=None,
        request=None,
        build=None,
        said=said,
        rental={
            "offer": best.offer.id,
            "name": best.offer.name,
            "provider": best.offer.provider,
            "instances": best.instances,
            "gpu": best.offer.gpu,
            "gpus": best.offer.gpu_count * best.instances,
            "hourly": round(best.hourly, 2),
            "wall_hours": round(best.wall_hours, 2),
            "cost": round(cost, 2),
            "currency": best.currency,
            "pricing": best.pricing,
            "price_date": price.date.isoformat(),
            "price_source": price.source,
            "price_is_estimate": best.price_is_estimate,
        },
    )


def _binding(label: str, request: BuildRequest) -> Reason:
    """A binding constraint named in the user's words with its value: "the wall circuit (120v15a)", "new parts only"."""
    w = request.workload
    values: dict[str, tuple[Value, str]] = {
        "wall circuit": (circuit_name(request.circuit, short=True), ""),
        "one circuit": (circuit_name(request.circuit, short=True), ""),
        "full GPU power on the circuit": (circuit_name(request.circuit, short=True), ""),
        "form factor": (request.form, ""),
        "region": (request.region, ""),
        "room": (request.room, ""),
        "KV-cache precision": (w.kv_precision, ""),
        "speed target": (request.min_decode_tps or 0.0, "tokens/s"),
        "fine-tuning framework": (w.framework or default_framework(w.method, w.zero), ""),
        "maximum GPU count": (request.max_gpus, ""),
        "weight precision": (
            f"{w.precision}: as released, none was given"
            if request.precision_released
            else w.precision or "bf16: none was given",
            "",
        ),
    }
    if w.context:
        values["context length"] = (w.context, "tokens")
    if request.deadline_hours:
        values["deadline"] = (request.deadline_hours, "h")
    if label not in values:
        return Reason.of("nothing.label", label=label)
    value, unit = values[label]
    return Reason.of("nothing.binding-item", label=label, value=value, unit=unit)


METHOD_CHANGES = {"method", "precision", "lowbits", "lowbits3"}
"""Ways out that change the job itself (QLoRA for a full fine-tune, 4 bits for bf16): the user's call, not the app's."""


def _servers_as_asked(cluster: Build | None, request: BuildRequest, first: _Found | None = None) -> Build | None:
    """Ready-made servers that run the job as asked, within the money: an answer shown beside a cheaper relaxation
    that changes the job. In a server room (their power and noise are provided for) always (405B in bf16 had answered
    only "use q4_k_m"); elsewhere when the cheapest way out changes the method (#28: a 70B full fine-tune in CNY had
    answered only "use QLoRA"), shown with the site power it needs (SITE-POWER says what the room lacks). The ways out
    stay sorted by price (#27's contract)."""
    if cluster is None or (request.budget is not None and cluster.total_price > request.budget):
        return None
    if request.room == "server-room":
        return cluster if _offerable(cluster, request) else None
    changes_job = first is not None and bool(set(first.kind.split("+")) & METHOD_CHANGES)
    # what the room lacks: a cluster's site power, or one server's dedicated 200-240 V feeds (its CIR-1)
    only_site = all(c.status != "fail" or c.rule in (SitePower.id, Circuit.id) for c in cluster.checks)
    return cluster if changes_job and only_site else None


def _offerable(build: Build, request: BuildRequest) -> bool:
    """A ready-made server offered beside the builds: within the budget and failing no check."""
    return (request.budget is None or build.total_price <= request.budget) and not build.fails


def _closest(cand: Candidates, catalog: Catalog) -> dict[str | Reason, tuple[float, str, Reason]]:
    """Per kind of reason (memory, speed, time, ...): the card that came closest, as (VRAM, name, why)."""
    gpus = catalog.records["gpus"]
    kinds: dict[str | Reason, tuple[float, str, Reason]] = {}
    for gpu_id, why in cand.rejected_gpus.items():
        if why.code in REJECT_DULL:
            continue
        gpu = gpus.get(gpu_id)
        vram = gpu.vram_gb if isinstance(gpu, Gpu) else 0.0
        kind = rejection_kind(why)
        name = gpu.name if isinstance(gpu, Gpu) else gpu_id
        if kind not in kinds or vram > kinds[kind][0]:
            kinds[kind] = (vram, name, why)
    return kinds


def _rejection_summary(cand: Candidates, catalog: Catalog) -> tuple[Reason, ...]:
    """One clause per kind of reason (memory, speed, time), each for the card that came closest:
    the biggest card for memory, never a list of near-identical fragments."""
    kinds = _closest(cand, catalog)
    if not kinds:
        return tuple(sorted(set(cand.rejected_gpus.values()), key=english)[:2])
    return tuple(Reason.of("gpu.closest", name=name, why=why) for _vram, name, why in kinds.values())


DETAIL_LINES = 4


def _rejection_details(cand: Candidates, catalog: Catalog) -> list[Reason]:
    """Under the reason, short: the few largest cards tried and why each falls short (never every GPU)."""
    gpus = catalog.records["gpus"]
    rows = []
    for gpu_id, why in cand.rejected_gpus.items():
        if why.code in REJECT_DULL:
            continue
        gpu = gpus.get(gpu_id)
        if isinstance(gpu, Gpu):
            rows.append((gpu.vram_gb, gpu.name, why))
    rows.sort(key=lambda r: -r[0])
    return [Reason.of("gpu.closest", name=name, why=why) for _vram, name, why in rows[:DETAIL_LINES]]
