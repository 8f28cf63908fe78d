"""How a build fits: the settings that decide it (engine, split, KV cache, sharding, power), as a compact line."""

from __future__ import annotations

from collections.abc import Mapping

from configurator.core.common.base import BaseModel, ConfigDict
from configurator.core.common.reasons import Reason, english
from configurator.core.common.shapes import ParallelismJson, WorkloadJson
from configurator.core.estimate.frameworks import FSDP_QLORA, layout_runner, runner_with_sharding
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.cards import cards_said as cards_said  # the names' home (report.fit said them before)
from configurator.core.model.cards import gpu_said as gpu_said
from configurator.core.model.cards import gpus_said as gpus_said
from configurator.core.model.cards import short_gpu_said as short_gpu_said
from configurator.core.model.request import BuildRequest

CHOSEN_MARK = "*"  # marks a setting the solver chose in the compact line


class FitSetting(BaseModel):
    """One setting that decides the fit; `chosen` when the solver set it rather than the user."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    value: str
    short: str = ""  # the value in the compact line, when it needs its name to read ("KV q8_0")
    chosen: bool = False
    # the value and the short value as codes and fields (fit.*), when they are words rather than a name or a number;
    # `value` and `short` are their English (report.phrases renders them in the window's or sheet's language)
    said: Reason | None = None
    short_said: Reason | None = None

    @classmethod
    def of(cls, name: str, said: Reason, short: Reason | None = None, chosen: bool = False) -> FitSetting:
        """A setting whose value is said by a code: its English rendered from it."""
        return cls(
            name=name,
            value=english(said),
            short=english(short) if short is not None else "",
            chosen=chosen,
            said=said,
            short_said=short,
        )

    @property
    def text(self) -> str:
        return f"{self.name}: {self.value}" + (" (solver's choice)" if self.chosen else "")


class Fit(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    settings: tuple[FitSetting, ...]

    def beside_speed(self) -> Fit:
        """The fit as a row that shows the build's time or speed beside it says it (the window's builds table): the
        capped GPUs' short form without the figure at that power, which the row's own Speed / time cell shows. Dr.
        Chen's LoRA at 1366 x 768: "GPUs at 80% power: 41.6 h" beside "41.6 h per 100 M tokens" had made three rows
        four lines tall and cut the fifth (round 37). The header under the table and the tooltip keep the figure."""
        out = []
        for s in self.settings:
            said = s.short_said
            if said is not None and said.code == "fit.power" and set(said.fields) - {"limit"}:
                short = Reason.of("fit.power", limit=said.fields["limit"])
                s = s.model_copy(update={"short": english(short), "short_said": short})
            out.append(s)
        return Fit(settings=tuple(out))

    @property
    def line(self) -> str:
        """The compact line for tables and headers: values only, solver's choices starred."""
        return " · ".join((s.short or s.value) + (CHOSEN_MARK if s.chosen else "") for s in self.settings)

    @property
    def sentence(self) -> str:
        """The same, spelled out for sheets and documents."""
        return "; ".join(s.text for s in self.settings)

    @property
    def chosen(self) -> tuple[FitSetting, ...]:
        return tuple(s for s in self.settings if s.chosen)


def short_gpu_name(name: str) -> str:
    """'NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified)' -> 'RTX 4090 48GB (modified)'."""
    return english(short_gpu_said(name))


def gpu_name(build: Build) -> str:
    """The build's GPU as a person names it (the catalog name, short), never its id."""
    return english(gpu_said(build))


def gpus_text(build: Build) -> str:
    """'2 x RTX 3090', '2 nodes x 8 x H100 SXM5 80GB', or different cards: 'RTX 4090 + RTX 3090'."""
    return english(gpus_said(build))


def _split_said(build: Build, used: WorkloadJson) -> Reason:
    n = build.estimate.gpus
    split = build.estimate.split
    if n <= 1 or split == "single":
        return Reason.of("fit.one-gpu")
    if split == "tensor-pipeline":
        placement = build.estimate.placement or {}
        return Reason.of(
            "fit.tensor-pipeline", tp=placement.get("tensor_parallel", 1), pp=placement.get("pipeline_parallel", n)
        )
    if split in ("layer", "tensor", "data"):
        return Reason.of(f"fit.{split}", n=n)
    return Reason.of("fit.split", split=split, n=n)


def _framework(used: WorkloadJson, n: int, parallelism: ParallelismJson | None = None) -> Reason:
    """What a practitioner runs the training with: ZeRO stages are DeepSpeed (or FSDP for stage 3); a cluster plan's
    layout that only Megatron runs names it (frameworks.layout_runner, as its launch command does)."""
    zero = used.get("zero", 0)
    method = str(used.get("method", ""))
    base = method if method in ("lora", "qlora", "full") else ""
    if base in ("lora", "qlora") and used.get("framework") == "unsloth":
        # an Unsloth build's adapters are Unsloth's (its own kernels and checkpointing), not PEFT's: the table said
        # "PEFT LoRA on PyTorch" beside "with Unsloth on one GPU" (round 24)
        base = f"unsloth-{base}"
    if used.get("kind") == "pretrain":
        base = "pretrain"
    p = {k: int(v) for k, v in (parallelism or {}).items() if isinstance(v, int) and not isinstance(v, bool)}
    runner = (
        layout_runner(
            str(used.get("kind")),
            p.get("tensor", 1),
            p.get("pipeline", 1),
            p.get("context", 1),
            p.get("nodes", 1),
            p.get("expert", 1),
        )
        if parallelism
        else None
    )
    if runner is not None:
        # the runner's name and its ZeRO stage beside the English phrase, so the Chinese says it in its own words
        # (walk15: "预训练，Megatron-LM with its distributed optimizer (ZeRO-1)")
        return Reason.of(
            "fit.framework", method=base, runner=runner_with_sharding(runner, zero), name=runner, zero=zero
        )
    if used.get("framework") == FSDP_QLORA and n > 1:
        # Answer.AI's train.py names its FSDP sharding strategy (launch/training.py FSDP_QLORA_SHARDING)
        runner = "Answer.AI fsdp_qlora, FSDP " + {3: "FULL_SHARD", 2: "SHARD_GRAD_OP"}.get(int(zero), "DDP")
    elif used.get("sharding") == "fsdp" and zero and n > 1:
        # accelerate's FSDP on the HF stack (--sharding fsdp; launch/training.py fsdp_strategy: ZeRO-1 runs SHARD_GRAD_OP)
        runner = "accelerate FSDP " + ("FULL_SHARD" if int(zero) >= 3 else "SHARD_GRAD_OP")
    elif used.get("framework") == "torchtune" and zero and n > 1:
        # torchtune's distributed recipes shard with FSDP2 only (frameworks.TORCHTUNE_SHARD_STAGES)
        runner = "torchtune FSDP2 " + ("FULL_SHARD" if int(zero) >= 3 else "SHARD_GRAD_OP")
    elif zero:
        # what the launch runs ("accelerate + DeepSpeed ZeRO-3"; "Sharded with: DeepSpeed"): the line said "DeepSpeed
        # ZeRO-3 / FSDP" beside them (Dr. Chen's 72B LoRA, round 33's walk), as if either ran. The stage is the line's
        # own "ZeRO-3" setting (fit.zero), so the runner is "DeepSpeed" alone: "ZeRO-3* ... on DeepSpeed ZeRO-3" said it
        # twice and took a fourth line at 1366 px, where five of Dr. Chen's LoRA builds then no longer fit the table
        runner = "DeepSpeed"
    else:
        runner = "PyTorch DDP" if n > 1 else "PyTorch"
    return Reason.of("fit.framework", method=base, runner=runner)


def _inference_settings(build: Build, used: WorkloadJson, asked: Workload) -> list[FitSetting]:
    """Engine, split, weights, KV cache and what is kept in RAM: how an inference estimate ran."""
    engine = used.get("engine") or "auto"
    settings = [
        FitSetting(name="engine", value=engine, chosen=asked.engine is None or ran(used, asked, "engine")[2]),
        FitSetting.of("split", _split_said(build, used)),
        FitSetting(
            name="weights",
            value=str(used.get("precision") or asked.precision or "bf16"),
            chosen=asked.precision is None,
        ),
    ]
    kv = str(used.get("kv_precision", asked.kv_precision))
    settings.append(
        FitSetting(name="KV cache", value=kv, short=f"KV {kv}", chosen=_chosen(used, asked, "kv_precision", kv))
    )
    offloaded = []
    if used.get("cpu_experts"):
        offloaded.append(Reason.of("fit.experts-in-ram"))
    if used.get("cpu_layers"):
        offloaded.append(Reason.of("fit.layers-in-ram", n=used["cpu_layers"]))
    if used.get("offload") == "cpu" and not offloaded:
        offloaded.append(Reason.of("fit.ram-offload"))
    if offloaded:
        chosen = (bool(used.get("cpu_experts")) != asked.cpu_experts) or used.get("cpu_layers", 0) != asked.cpu_layers
        settings.append(FitSetting.of("offload", Reason.of("fit.list", items=tuple(offloaded)), chosen=chosen))
    return settings


def _recompute_asked(asked: Workload) -> bool:
    """Whether the request asked for activation recomputation, an unset request read as Workload.resolved reads it."""
    if asked.grad_checkpointing is not None:
        return asked.grad_checkpointing
    return bool(asked.selective_checkpointing) or asked.kind == "finetune"


FORM_FIELDS = {"inference": ("engine", "kv_precision"), "finetune": ("zero", "offload", "batch", "grad_checkpointing")}
"""The workload fields the request form has a control for, by kind (pretraining has no sharding controls of its own:
the plan's parallelism says it)."""


def ran(used: WorkloadJson | Mapping[str, object], asked: Workload, key: str) -> tuple[object, bool, bool]:
    """How the estimate ran one workload field against the request: (the value run, the request left it unset, the
    solver chose it). The solver chose it where the value differs from what the request asked, or, unset, from what
    the request resolves to (activation recomputation: Workload.resolved, _recompute_asked); a value the estimate does
    not name is None. One rule for the compact line's marks (CHOSEN_MARK) and the window's hints beside its controls."""
    value = used.get(key)
    requested = getattr(asked, key)
    resolved = _recompute_asked(asked) if key == "grad_checkpointing" else requested
    return value, requested is None, value is not None and value != resolved


def _chosen(used: WorkloadJson, asked: Workload, key: str, shown: object) -> bool:
    """Whether the solver chose `key` (ran), for a setting shown as `shown` (the value run, or its default where the
    estimate does not name it)."""
    return ran({**used, key: shown}, asked, key)[2]


def _training_settings(build: Build, used: WorkloadJson, asked: Workload) -> list[FitSetting]:
    """Split, sharding, recomputation and offload: how a training estimate ran."""
    zero = int(used.get("zero", 0))
    recompute = bool(used.get("grad_checkpointing"))
    offload = used.get("offload", "none")
    # under ZeRO-3 the parameters and gradients go to system RAM with the optimizer states (fit.in-system-ram: the
    # estimate's own offload step; DeepSpeed offload_param, FSDP offload_params)
    none = Reason.of("fit.none")
    batch = int(used.get("batch", asked.batch))
    # a sharded job's micro-batch, raised to spread its weight gathers (est.microbatch-to-amortise); said where it is
    # not one sequence, the default every other line assumes
    micro = [
        FitSetting.of(
            "micro-batch",
            Reason.of("fit.sequences", n=batch),
            Reason.of("fit.micro-batch", n=batch),
            chosen=_chosen(used, asked, "batch", batch),
        )
    ]
    return [
        FitSetting.of("split", _split_said(build, used)),
        FitSetting.of(
            "sharding",
            Reason.of("fit.zero", stage=zero) if zero else none,
            Reason.of("fit.zero", stage=zero) if zero else Reason.of("fit.no-sharding"),
            chosen=_chosen(used, asked, "zero", zero),
        ),
        FitSetting.of(
            "activation recomputation",
            Reason.of("fit.on" if recompute else "fit.off"),
            Reason.of("fit.recompute-on" if recompute else "fit.recompute-off"),
            # against what the request asked, or, unset, what it resolves to (Workload.resolved: fine-tuning
            # recomputes, pretraining does not): the practitioner's step (solve.candidates) is the solver's choice
            chosen=_chosen(used, asked, "grad_checkpointing", recompute),
        ),
        *(micro if batch != 1 or asked.batch != 1 else []),
        FitSetting.of(
            "offload",
            Reason.of("fit.in-system-ram", all=zero >= 3) if offload == "cpu" else none,
            Reason.of("fit.states-in-ram" if zero >= 3 else "fit.optimizer-in-ram")
            if offload == "cpu"
            else Reason.of("fit.no-offload"),
            chosen=_chosen(used, asked, "offload", offload),
        ),
    ]


def _power_setting(build: Build) -> FitSetting:
    """The power its GPUs run at: the build's own cap (Build.power_limit: the request's, or the power-limited source's,
    which the request never names), with the job's time or decode speed at that power, the figure its estimate gives
    (timed at the cap: solve.candidates.with_power_limit). The window had said "full power" of a build capped to 70 %."""
    limit = build.power_limit
    if limit is None:
        return FitSetting.of("GPU power", Reason.of("fit.full-rated"), Reason.of("fit.full-power"))
    e = build.estimate
    at: dict[str, float] = (
        {"hours": e.wall_hours}
        if e.wall_hours is not None
        else {"tps": e.decode_tokens_per_s}
        if e.decode_tokens_per_s is not None
        else {}
    )
    return FitSetting.of(
        "GPU power", Reason.of("fit.limited", limit=limit, **at), Reason.of("fit.power", limit=limit, **at)
    )


def fit_of(build: Build, request: BuildRequest) -> Fit:
    """The settings the build's estimate was made with, against what the request asked for.

    The solver may run a workload other than the one asked (estimate_as_practitioner shards
    with ZeRO-3 and recomputes activations when a training job does not fit; the engine is
    resolved from the precision), so the estimate's own workload is the truth here.
    """
    used = build.estimate.workload
    asked = request.workload
    kind = used.get("kind", asked.kind)
    if kind == "inference":
        settings = _inference_settings(build, used, asked)
    else:
        settings = _training_settings(build, used, asked)
    settings.append(_power_setting(build))
    if kind != "inference":
        settings.append(FitSetting.of("framework", _framework(used, build.estimate.gpus, build.parallelism)))
    return Fit(settings=tuple(settings))
