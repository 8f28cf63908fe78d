"""The shapes of dict-shaped JSON the core hands out (`plan --json` and its parts), as TypedDicts: a script reads
the same keys mypy checks here. A leaf: it imports nothing of the core."""

# No `from __future__ import annotations` here: a TypedDict makes each annotation written as a string a ForwardRef,
# compiling it as the module loads (355 of them: 3.1 -> 1.6 ms of every command's start-up, medians of 7, #34). One
# class named before it is defined is quoted (PartSpecJson).

from typing import (
    Annotated,
    Any,
    NotRequired,  # pydantic reads these on Python < 3.12
    TypeVar,
)

from typing_extensions import TypedDict

from configurator.core.common.base import PlainSerializer, SkipValidation

_Shape = TypeVar("_Shape")

AsIs = Annotated[_Shape, SkipValidation, PlainSerializer(lambda value: value)]
"""A model field holding one of these shapes as it is: mypy checks its keys, pydantic neither validates it (a
TypedDict would drop keys it does not name) nor reshapes it when dumped (a build crosses to the printing process as
JSON, cli.exports and qt.printing), so the JSON stays what the producer wrote."""


class ReasonJson(TypedDict):
    """A reason as plain data (reasons.as_json): `plan --json` builds' "claims" and "kinds"."""

    code: str
    fields: dict[str, object]


class OldPriceWarning(TypedDict):
    """One paid part whose price is older than six months (report.prices.old_price_warnings, `price_warnings`)."""

    code: str
    part_id: str
    name: str
    category: str
    price_date: str | None
    months_old: int
    message: str


class RateWarning(TypedDict):
    """A build whose prices were converted at exchange rates older than six months (report.prices.rate_warning,
    `plan --json` builds' `rate_warning`): converted prices may be off by the currency's move since."""

    code: str
    rate_date: str
    months_old: int
    currencies: list[str]
    to: str
    message: str


class PriceDates(TypedDict):
    """How old a build's paid prices are (report.prices.dates_json, `plan --json` builds' `price_dates`): the oldest,
    median and newest price date of the parts it pays for, how many are dated, and the oldest's age in months."""

    oldest: str
    median: str
    newest: str
    paid: int
    months: int
    text: str


class ParallelismJson(TypedDict):
    """A build's layout across GPUs and nodes (Build.layout, `plan --json` builds' "parallelism"). The contract keys
    come first; a cluster plan's layout (estimate.parallel) adds the rest, an inference layout across nodes its why."""

    data: int
    tensor: int
    pipeline: int
    zero_stage: int | None
    scaling_efficiency: float
    context: NotRequired[int]
    gpus: NotRequired[int]
    nodes: NotRequired[int]
    gradient_checkpointing: NotRequired[bool]
    # 'full' (gradient_checkpointing: whole layers), 'selective' (Megatron-Core's --recompute-modules, listed in
    # recompute_modules) or 'none'
    recompute: NotRequired[str]
    recompute_modules: NotRequired[list[str]]
    micro_batch: NotRequired[int]
    micro_batches_per_step: NotRequired[int]
    step_seconds: NotRequired[dict[str, float]]
    bytes_per_gpu_per_step: NotRequired[dict[str, int]]
    links: NotRequired[dict[str, str]]
    why: NotRequired[str]
    tokens_per_step: NotRequired[int]
    virtual_stages: NotRequired[int]
    expert: NotRequired[int]  # expert-parallel degree (MoE pretraining under Megatron-LM), 1 when experts are not split
    # the expert all-to-all's token dispatcher the step was timed with and the launch command runs: 'alltoall' or
    # 'deepep' ('' when experts are not split)
    expert_dispatcher: NotRequired[str]
    # expert tensor parallelism the step was timed with and the command runs (--expert-tensor-parallel-size): 1 under
    # expert parallelism, as NVIDIA's MoE recipes set it
    expert_tensor: NotRequired[int]
    compute_phase_utilisation: NotRequired[float | None]


class SiteJson(TypedDict):
    """What a cluster's site must provide (solve.cluster.site_of, `plan --json` builds' "site")."""

    racks: int
    nodes_per_rack: int
    power_kw: float
    power_per_rack_kw: float
    cooling_kw: float
    feeds: int
    feed: str
    feed_kw: float
    redundant_feeds: str
    room: str


class LaunchJson(TypedDict):
    """What to run to get the estimate (core.launch.launch_command, `plan --json` builds' "launch")."""

    engine: str  # the launch's title in English: a serving engine's id, or a training framework and how it runs
    engine_said: NotRequired[ReasonJson]  # `engine` as a code (launch.*: an addition), for the sheet in either language
    command: str
    # the engine release the estimate assumes (a serving engine's: "vLLM 0.14 or later", estimate/collectives.py);
    # absent for llama.cpp, transformers and training frameworks
    release: NotRequired[str]
    release_said: NotRequired[ReasonJson]  # `release` as a code (launch.release), for the sheet in either language
    # the steps before `command` where the engine's prebuilt binaries carry no code for the card (llama.cpp on Pascal:
    # support.facts.llama_cpp_source_build), and what they are as a code (launch.build-source)
    build: NotRequired[str]
    build_said: NotRequired[ReasonJson]
    # BF16 weights served as float16 on a card without bfloat16 (vLLM --dtype float16, SGLang --dtype half), and why
    # as a code (launch.fp16-served): vLLM refuses bfloat16 below compute capability 8.0
    dtype_said: NotRequired[ReasonJson]


class NextStepJson(TypedDict):
    """A build's next step up (solve.next_step: `plan --json` builds' "next_steps", an addition): one more card or the
    cards swapped for the next rung, its cost at the catalog's price (date, condition, source), what the cards taken out
    fetch used, what it needs and unlocks (codes and fields), and the sentence as a code."""

    kind: str
    gpu: str
    gpu_name: str
    gpus: int
    cost: float
    currency: str
    price_date: str
    price_condition: str
    price_source: str
    sold: float | None
    sold_price_date: str | None
    needs: list[ReasonJson]
    unlocks: list[ReasonJson]
    said: ReasonJson


class RentalJson(TypedDict):
    """The rental a build is compared with (tco.RentalMatch.to_json)."""

    offer_id: str
    name: str
    provider: str
    gpu: str
    gpu_count: int
    instances: int
    hourly: float
    currency: str
    pricing: str
    price_date: str
    price_source: str
    price_is_estimate: bool
    decode_tokens_per_s: float | None
    wall_hours: float | None
    tokens_per_hour: float | None
    resharded: bool
    vat_pct: float  # round 42: the buyer's VAT share in `hourly` (tax.on_service)
    prefill_tokens_per_s: NotRequired[float | None]  # round 36: the rented GPUs' prompt rate


class RentalEnoughJson(TypedDict):
    """Inference: the cheapest rental that serves every user the speed needed, and buying against it
    (tco.RentalEnough.to_json, an addition of round 21)."""

    offer: RentalJson
    need_tokens_per_s: float
    decode_tokens_per_s: float | None
    users: int
    monthly_rental_equivalent: float
    break_even_month: int | None
    break_even_reason: str
    break_even_said: ReasonJson
    reason: str
    said: ReasonJson


class TcoRowJson(TypedDict):
    """Owning against renting over some years (tco.TcoRow)."""

    years: int
    owning: float
    renting: float | None
    cheaper: str | None
    resale_value: float
    renting_enough: NotRequired[float | None]  # against the rental that serves the need (round 22)
    cheaper_enough: NotRequired[str | None]
    api: NotRequired[float | None]  # against the model's per-token API bill (round 31)
    cheaper_api: NotRequired[str | None]


class CostOfOwnershipJson(TypedDict):
    """Buying against renting (tco.CostOfOwnership.to_json, `plan --json` builds' "cost_of_ownership"). "job" and
    "throughput" are tco.JobComparison and tco.ThroughputComparison as plain data, floats rounded."""

    yearly_energy: float
    monthly_rental_equivalent: float | None
    break_even_month: int | None
    currency: str
    purchase: float
    yearly_energy_kwh: float
    monthly_owning_cost: float
    break_even_reason: str
    rental: RentalJson | None
    rental_reason: str
    tco: list[TcoRowJson]
    job: dict[str, float | str | None] | None
    throughput: dict[str, float | str | None] | None
    assumptions: list[str]
    assumption_codes: list[ReasonJson]  # the assumptions as codes (#33)
    break_even_said: ReasonJson | None
    rental_reason_said: NotRequired[ReasonJson | None]  # an addition (walk13): rental_reason as {code, fields}
    throughput_said: NotRequired[ReasonJson | None]  # an addition (walk13): throughput's headline as {code, fields}
    rental_enough: NotRequired[RentalEnoughJson | None]  # an addition (round 21): the cheapest rental serving the need
    api_alternative: NotRequired[dict[str, Any] | None]  # an addition (round 31): the model per token at a hosted API
    owning_by_month: NotRequired[list[float]]  # an addition (round 32): the buy-or-rent chart's owning line
    # an addition (round 32): why no per-token API is weighed, its prices all for another market ({code, fields})
    api_other_market: NotRequired[ReasonJson | None]
    # additions (round 35): the hours energy and the rental are reckoned on (tco.served_hours, rented_hours_per_year)
    busy_hours_per_year: NotRequired[float | None]  # inference: at full load serving the demand; null for training
    active_hours_per_year: NotRequired[float | None]  # inference: the hours the users are at work
    on_hours_per_year: NotRequired[float]  # the hours the machine is switched on
    served_users: NotRequired[int | None]  # inference: whose requests make the demand (a team's seats, else streams)
    demand_output_tokens_per_year: NotRequired[float | None]  # inference: the users' demand (costs.api.yearly_demand)
    wall_w: NotRequired[float]  # the load draw the busy hours are at
    idle_w: NotRequired[float]  # the draw while on but idle
    rented_hours_per_year: NotRequired[float | None]  # the hours the matched rental is billed
    rental_billing: NotRequired[str | None]  # "serving", "dedicated" or "work" (training); null without a rental
    # round 36: each request's prefill in the busy hours (null for training)
    prompt_tokens_per_request: NotRequired[int | None]
    cached_prompt_tokens_per_request: NotRequired[int | None]
    reply_tokens_per_request: NotRequired[int | None]
    prefill_seconds_per_request: NotRequired[float | None]
    prefill_attention_scale: NotRequired[float | None]
    prompt_capped_from_tokens: NotRequired[int | None]  # round 40: the usage's own prompt when the context caps it
    served_tokens_per_s: NotRequired[float | None]
    # round 37: whether the build serves its users' demand (SERVE), the streams and what they make a year, the warning
    serves_demand: NotRequired[bool | None]
    served_streams: NotRequired[int | None]
    demand_basis: NotRequired[str | None]
    capacity_output_tokens_per_year: NotRequired[float | None]
    demand_short: NotRequired[dict[str, Any] | None]


class PlacementJson(TypedDict, total=False):
    """Where an estimate put the model (EstimateResult.placement): llama.cpp's layers, or vLLM's degrees."""

    gpu_layers: int
    cpu_moe_layers: int
    layers_per_gpu: list[int]
    head_on_gpu: bool
    cards: list[str]  # mixed GPUs (estimate.mixed): the card of each entry of layers_per_gpu
    tensor_parallel: int
    pipeline_parallel: int
    ubatch: int  # llama.cpp -ub with the experts in RAM (estimate.offload.experts_cal): the prompt's micro-batch


class WorkloadJson(TypedDict):
    """The workload an estimate ran, resolved (EstimateResult.workload): estimate.workload.Workload.to_json, one key
    per field but draft_record (tests/core/test_shapes.py holds the two together)."""

    kind: str
    precision: str  # set by Workload.resolved, as the context is
    kv_precision: str
    context: int
    prompt: int | None
    batch: int
    engine: str | None
    split: str
    method: str
    optimizer: str | None
    framework: str | None
    activation_offload: bool | None
    grad_checkpointing: bool | None
    selective_checkpointing: bool
    fused_kernels: bool | None
    transformer_engine: bool
    expert_parallel: int | None
    expert_dispatcher: str
    expert_overlap: bool
    pipeline_parallel: int | None
    pipeline_micro_batches: int | None
    lora_rank: int
    lora_targets: str
    train_embeddings: bool
    zero: int
    sharding: str | None
    offload: str
    grad_accumulation: int | None
    tokens: float | None
    epochs: float | None
    mfu: float | None
    vllm_gpu_memory_utilization: float
    typical_tokens: int | None  # round 44: vLLM's KV pool is sized on it (common.serving_pool)
    kv_unified: NotRequired[bool | None]  # round 45: llama-server's -kvu buffer (common.serving_pool)
    cpu_layers: int
    cpu_experts: bool
    speculative: str
    draft_model: str | None
    draft_tokens: int
    n_cpu_moe: int | None
    ram_bandwidth_gbps: float
    ram_bandwidth_named: bool  # an addition (round 45): whether ram_bandwidth_gbps was named or is the default
    host_buffer: str


class EstimateMemoryJson(TypedDict):
    per_gpu_bytes: int
    total_bytes: int
    breakdown_bytes: dict[str, int]  # estimate.result.BREAKDOWN_KEYS
    fits: bool | None


class EstimateSpeedJson(TypedDict):
    decode_tokens_per_s: float | None
    prefill_tokens_per_s: float | None
    time_to_first_token_s: float | None  # an addition (issue #29): one user's wait after the prompt timed
    # an addition: the whole context asked filled from an empty cache, at its own length (estimator._window_fill)
    context_fill_s: NotRequired[float]


class OffloadHostJson(TypedDict):
    """The host an offloaded optimizer step was timed on (estimate.optimizer_offload.OffloadHost): "given" (the
    user's --ram-bandwidth, or a plan's build's own CPU and DIMMs: its bandwidth only) or a typical host named by its
    parts (optimizer_offload.TYPICAL_OFFLOAD_HOSTS), with the seconds its CPU Adam takes a step."""

    kind: str
    ram_bandwidth_gbps: float | None
    cpu: str | None
    cores: int | None
    memory: str | None
    channels: int | None
    dimms: int | None
    dimm_gb: int | None
    mts: int | None
    cpu_adam_s_per_step: float | None


class OffloadFields(TypedDict):
    """The EstimateResult fields an offloaded optimizer step sets (estimator._Explain.offloaded)."""

    offload_step_hours: float
    offload_host: OffloadHostJson | None


class EstimateTimeJson(TypedDict):
    gpu_hours: float | None
    wall_hours: float | None
    mfu: NotRequired[float | None]  # a training time: its MFU and the per-GPU peak it is a share of
    peak_tflops_per_gpu: NotRequired[float | None]
    tokens_per_s: NotRequired[float | None]  # a training job's throughput
    steady_tokens_per_s: NotRequired[float | None]  # its steady-state rate (issue #29)
    reference_tokens: NotRequired[float]  # the reference job it was timed for when none was given
    optimizer_host: NotRequired[OffloadHostJson]  # an addition (round 45): the host an --offload cpu step ran on


class EstimateHostJson(TypedDict):
    ram_bandwidth_gbps: float | None
    offloaded_bytes: int


class EstimateHostPart(TypedDict, total=False):
    host: EstimateHostJson


class EstimateJson(TypedDict):
    """`estimate --json`, and a build's "estimate" in `plan --json` (EstimateResult.to_json)."""

    memory: EstimateMemoryJson
    speed: EstimateSpeedJson
    time: EstimateTimeJson
    assumptions: list[str]
    assumption_codes: list[ReasonJson]  # an addition: the assumptions as {code, fields}, in the same order
    warnings: list[str]  # round 47, an addition: the estimate's warnings in English
    warning_codes: list[ReasonJson]  # the same as {code, fields}
    host: NotRequired[EstimateHostJson]  # weights or experts read from the host's RAM
    ranges: dict[str, list[float]]  # 80 % intervals, by figure path ("speed.decode_tokens_per_s")


class CheckJson(TypedDict):
    """One element of a build's "checks" (rules.base.Check.to_json)."""

    rule: str
    status: str
    message: str
    code: str
    fields: dict[str, object]


class NodePointJson(TypedDict):
    """One cluster size on a build's time/cost curve (model.build.NodePoint.to_json)."""

    nodes: int
    gpus: int
    fits: bool
    wall_hours: float | None
    decode_tokens_per_s: float | None
    total_price: float
    scaling_efficiency: float | None
    rental_cost: float | None
    rental_wall_hours: float | None
    rental_offer: str | None
    rental_reason: str


class NodeCurveJson(TypedDict):
    """A build's "node_curve" (model.build.NodeCurve.to_json)."""

    system: str
    system_name: str
    currency: str
    kind: str
    chosen_nodes: int
    deadline_hours: float | None
    points: list[NodePointJson]


class RentWayJson(TypedDict):
    """A "rent" way out's cloud offer (solve/relax._rent_way): the cheapest offer in the catalog that does the one-off
    training job within its deadline, its hours and cost, and the price's tier, date and source."""

    offer: str
    name: str
    provider: str
    instances: int
    gpu: str
    gpus: int
    hourly: float
    wall_hours: float
    cost: float
    currency: str
    pricing: str
    price_date: str
    price_source: str
    price_is_estimate: bool


class SiteWorkJson(TypedDict):
    """Work on the building a way out pays beside its machine (an electrician's new circuit: relax.circuit_work), its own
    line in `plan --json` infeasible.relaxations[].work (an addition): the catalog record, its price in the request's
    currency, and the price's date and source."""

    id: str
    name: str
    price: float
    currency: str
    date: str
    source: str


class RelaxationJson(TypedDict):
    """One element of `plan --json` infeasible.relaxations (model.build.Relaxation.to_json)."""

    kind: str
    change: str
    total_price: float
    decode_tokens_per_s: float | None
    rental: NotRequired[RentWayJson]  # kind "rent" only
    wall_hours: NotRequired[float]  # a training way's hours (of the reference job when no --tokens), an addition
    slower: NotRequired[
        ReasonJson
    ]  # way.slower: many times slower than a way listed that costs a little more, an addition
    said: NotRequired[ReasonJson]  # `change` as a code and fields (way.*: the circuit it keeps or buys), an addition
    work: NotRequired[SiteWorkJson]  # an electrician's work in total_price beside the machine's, an addition


class InfeasibleJson(TypedDict):
    """`plan --json` "infeasible" (model.build.Infeasible.to_json)."""

    reason: str
    blocking: list[str]
    cheapest_relaxation: str
    relaxations: list[RelaxationJson]
    details: list[str]
    cheapest_on_supported: bool  # the cheapest way out is the cheapest on supported software, an addition
    way_solves: int  # the solves the way list cost (relax.diagnose), an addition (round 49)


class SpeculationFields(TypedDict):
    """The EstimateResult fields of a draft-model speculation (estimator._Explain.speculation)."""

    speculation_span: tuple[float, float] | None
    draft_repo: str | None


class PartJson(TypedDict):
    """One line of a build's "parts" (model.build.Build.to_json); spec is the part's catalog record as JSON."""

    category: str
    id: str
    name: str
    quantity: int
    owned: int
    unit_price: float
    spec: "PartSpecJson"
    scope: str
    price_date: str | None
    condition: str


class PowerJson(TypedDict):
    """A build's "power"."""

    dc_load_w: float
    psu_w: float
    wall_w: float  # at full load: what the supply and the circuit are sized for
    circuit_ok: bool
    decode_wall_w: NotRequired[float]  # one stream decoding on a layer split: one card works at a time


class PcieSlotJson(TypedDict):
    """One of a board's slots in its record's JSON (catalog.models.PcieSlot)."""

    position: int
    mechanical_lanes: int
    lanes: int
    gen: int
    source: str
    shares_with: list[str]
    lanes_when_shared: int
    lanes_when_bifurcated: int | None
    splits: list[str]


class M2SocketJson(TypedDict):
    """One of a board's M.2 sockets in its record's JSON (catalog.models.M2Socket)."""

    id: str
    lanes: int
    gen: int
    source: str


class PartSpecJson(TypedDict, total=False):
    """A part's catalog record as `plan --json` gives it (a build part's "spec"): the record's `model_dump` in JSON mode,
    every field of its kind (a cluster's server adds `gpu_name` and `gpu_bay`). Named here are the keys code reads, so
    mypy checks each read; the record's other fields stay in the JSON, unnamed (AsIs keeps the dict as written)."""

    id: str
    name: str
    vendor: str
    kind: str
    market: str
    architecture: str
    platform: str
    cooler: str
    form_factor: str
    vendor_part_number: str | None
    prices: list[dict[str, object]]
    vram_gb: float
    gpus_per_card: int
    tdp_w: float
    idle_w: float | None  # round 36: a card's loaded idle or a system's idle at the wall, measured (None: estimated)
    slot_width: float
    length_mm: float
    bf16_tflops: float | None
    fp16_tflops: float | None
    unified: dict[str, object] | None
    connectors: dict[str, int]
    pcie_slots: list[PcieSlotJson]
    m2_sockets: list[M2SocketJson]
    gpu_count: int
    gpu: str
    bay: str | None
    gpu_bays: int
    expansion_slots: int
    power_connectors: dict[str, int]
    modules: int
    module_gb: float
    memory_gb: float
    network_gbps_per_gpu: float | None
    gpu_name: str
    gpu_bay: str | None


class SlotJson(TypedDict):
    """One element of a build's "slot_map"; split only on a card whose two GPUs share the slot's lanes."""

    slot: int
    part_id: str
    split: NotRequired[str]


class ClusterJson(TypedDict, total=False):
    """The keys of a build's JSON only a cluster (or a sited server) has."""

    site: SiteJson
    node_curve: NodeCurveJson


class ContextFillJson(TypedDict):
    """How long a build takes to fill the window asked (rules.job.fill_of; FILL warns past `limit_s`): `plan --json`
    builds' `context_fill`. `basis` "context": the whole context asked, at its own length (the estimate's
    `speed.context_fill_s`); "prompt": the stated --prompt's time to its first token."""

    tokens: int
    basis: str
    time_to_first_token_s: float
    limit_s: float
    past_limit: bool


class FirstTokenJson(TypedDict):
    """`plan --json` builds' `first_token_s` (an addition): one user's wait for the first token after the prompt typed
    every time (the stated --prompt, else a typical one: traffic.TYPICAL_PROMPT_TOKENS) and after the whole window
    asked (the context filled from an empty cache, at its own length), each with its tokens."""

    prompt_tokens: int
    prompt_s: float
    window_tokens: int
    window_s: float
    # round 39 additions: the prompt of the usage the costs read, when it is not the typed one (Build.first_token)
    usage_prompt_tokens: NotRequired[int | None]
    usage_cached_tokens: NotRequired[int | None]
    usage_prompt_s: NotRequired[float | None]
    # round 40 addition: the usage's own prompt when the request's context capped it (null when it is not capped)
    usage_prompt_capped_from: NotRequired[int | None]


class UsageFirstTokenJson(TypedDict):
    """FirstTokenJson's round 39 additions: the usage's prompt, the part of it cached, and its first token's seconds
    (each request's prefill as the costs read it); None where the usage's prompt is the typed one."""

    usage_prompt_tokens: int | None
    usage_cached_tokens: int | None
    usage_prompt_s: float | None
    usage_prompt_capped_from: int | None  # round 40


class BuildJson(TypedDict):
    """One element of `plan --json` "builds" (model.build.Build.to_json); estimate is EstimateResult.to_json."""

    rank: int
    label: str
    parts: list[PartJson]
    nodes: int
    total_price: float
    currency: str
    power: PowerJson
    estimate: EstimateJson
    checks: list[CheckJson]
    slot_map: list[SlotJson]
    cost_of_ownership: CostOfOwnershipJson | None
    launch: LaunchJson | None
    noise_dba: float | None
    parallelism: ParallelismJson
    room_for_one_more: bool
    source: str
    gpus_mixed: list[str]
    site: NotRequired[SiteJson]
    node_curve: NotRequired[NodeCurveJson]
    claims: list[ReasonJson]
    kinds: list[ReasonJson]
    next_steps: list[NextStepJson]  # an addition (solve.next_step)
    slower: ReasonJson | None  # a training "cheapest" many times slower than a build shown (ranking._slower)
    speed_sourced: bool  # an addition: its speed may hold a claim (False: ranking.unsourced_training_speed)
    why: list[ReasonJson]  # an addition: what a build without a claim or a kind offers over those above (solve.shown)
    context_fill: NotRequired[ContextFillJson | None]  # an addition: the window asked, filled (FILL's figures)
    first_token_s: NotRequired[FirstTokenJson | None]  # an addition: the typed prompt's and the whole window's waits
    quality_cost: NotRequired[ReasonJson | None]  # an addition (round 38): what 4-bit weights cost (solve.usual)
    price_warnings: NotRequired[list[OldPriceWarning]]  # added by `plan --json` (cli/plan.py)
    rate_warning: NotRequired[RateWarning | None]  # added by `plan --json` (cli/plan.py): old exchange rates
    price_dates: NotRequired[PriceDates | None]  # added by `plan --json` (cli/plan.py): how old the paid prices are


class PlanJson(TypedDict):
    """`plan --json` (model.build.PlanResult.to_json)."""

    builds: list[BuildJson]
    infeasible: InfeasibleJson | None
    notes: list[str]
    note_codes: list[ReasonJson]


class NotAsAskedJson(TypedDict):
    """Why a request cannot be met as asked, as plain data for a sheet printed in another process
    (model.build.Infeasible.to_sheet): each reason is Reason.model_dump in JSON mode."""

    clauses: list[dict[str, object]]
    closest: list[dict[str, object]]
    way_out: dict[str, object] | None
    ways: list[dict[str, object]]
    unsaid: list[str]
    on_supported: NotRequired[bool]  # the cheapest way out is the cheapest on supported software (round 34)


class RankedGpuJson(TypedDict):
    """One element of `llm-rig rank --json` (advise.RankedGpu.to_json): a card's price and speed for one job."""

    gpu: str
    count: int
    price: float
    decode_tokens_per_s: float | None
    price_per_tps: float | None
    price_per_gb: float
    caveats: list[str]
    train_tokens_per_s: float | None
    power_w: float
    unit_price_new: float | None
    unit_price_used: float | None
    currency: str
    engine: str | None
    caveat_checks: list[CheckJson]  # `caveats` but `modified`'s, as the checks they are (rule, code, fields)
    modified: bool  # a refurbisher's board: `caveats` starts with its caveat (reasons code caveat.modified)


class ValueRowJson(RankedGpuJson):
    """A row of a sheet's value table (advise.value_rows, report.purchase.SheetMeta.value_ranking): a `rank --json`
    row with the card's name, plain data so that a sheet prints in another process from JSON."""

    gpu_name: str


class MapChoiceJson(TypedDict):
    """A machine in a cell of `llm-rig map --json` (advise.MapChoice.to_json)."""

    gpu: str
    count: int
    machine: str
    price: float
    decode_tokens_per_s: float | None
    gpu_hours: float | None


class MapCellJson(TypedDict):
    """A row of `llm-rig map --json` (advise.MapCell.to_json): a model and workload, its cheapest machine or why none."""

    model: str
    params: int
    precision: str
    method: str | None
    cheapest: MapChoiceJson | None
    reason: str | None
    alternatives: list[MapChoiceJson]
    why: list[ReasonJson]  # `reason` as codes and fields, clause by clause (empty when a machine answers)


class MapJson(TypedDict):
    """`llm-rig map --json` (advise.RecommendationMap.to_json)."""

    rows: list[MapCellJson]


class QuoteMatchJson(TypedDict):
    """A catalog record a quote's line may be (`catalog import-quote --json`: cli/quote.py, catalog.quote.Match)."""

    kind: str
    id: str
    name: str
    score: float


class QuoteLineJson(TypedDict):
    """One line of a vendor's quote as `catalog import-quote --json` gives it (catalog.quote.QuoteLine)."""

    row: int
    part: str
    price_text: str
    amount: float
    currency: str
    condition: str
    date: str
    vendor: str
    ambiguous: bool
    readings: list[float]
    match: QuoteMatchJson | None
    candidates: list[QuoteMatchJson | None]
    writes: bool
