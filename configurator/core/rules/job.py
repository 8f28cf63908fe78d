"""The job's own rules on a machine (docs/build-rules.md, The job): memory fit, speed and deadlines, the prompt's wait,
the engine chosen, mixed cards, the cluster's fabric and storage, the region's stock and a headless first boot.

They read the estimate, not the parts' catalog facts: the solver filters GPU options by them (candidates.py), and the
checks here say what was found."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from configurator.core.common.reasons import shown_tps
from configurator.core.rules.base import Check, Message, Rule, Severity, Status, Verdict, register
from configurator.core.rules.facts import BuildFacts

GIB = 1024**3
READING_TPS = 5.0
"""Tokens/s of a person reading: 238 words a minute (Brysbaert 2019, J. Memory and Language 109, silent reading
of non-fiction) at about 1.3 tokens a word. Below it, PERF warns even when no speed was asked."""
READING_TPS_SOURCE = (
    "reading speed, 5 tokens/s: 238 words a minute (M. Brysbaert, How many words do we read per minute?, Journal of "
    "Memory and Language 109, 2019, silent reading of non-fiction) at about 1.3 tokens a word"
)
"""READING_TPS's source, as the buy-or-rent names it where a user's need defaults to reading speed (costs.api)."""


def at_reading_speed(tps: float | None) -> bool:
    """A stream at READING_TPS or more as a user reads its figure: at the digits the build's line shows
    (common.reasons.shown_tps), as a speed asked is met (Speed.meets). Round 49: a build decoding 4.96 tokens/s, shown
    "5.0 tok/s", had been warned "about 5 tokens/s per sequence: slower than people read (~5 tokens/s)". PERF's
    warning, SERVE's reading rule (the labels' "below reading speed"), the ways out and room to grow's floor read it."""
    return shown_tps(tps or 0.0) >= READING_TPS


PROMPT_WAIT_S = 60.0
"""PROMPT warns when the first token of a full prompt comes after more than a minute."""


class _Said(Rule):
    """A rule whose status its caller decides from the estimate; the rule words it (`say(status, code, **fields)`)."""

    severity: ClassVar[Severity] = "fail"


@register
class MemoryFit(_Said):
    id = "MEM-FIT"
    title = "the most loaded GPU holds its share of the job, with the headroom asked"
    sources = ("the estimator's per-GPU memory (core/estimate), against each card's usable memory",)
    reads = ("estimate.peak_gpu", "request.vram_headroom")
    messages = (
        Message(
            "over",
            "the most loaded GPU needs {need_gib:.1f} GiB of {usable_gib:.1f} GiB usable",
            zh="负载最重的 GPU 需要 {need_gib:.1f} GiB，可用 {usable_gib:.1f} GiB",
        ),
        Message(
            "tight",
            "only {free:.0%} of GPU memory left free ({need_gib:.1f} of {usable_gib:.1f} GiB)",
            zh="显存只剩 {free:.0%} 空闲（{need_gib:.1f} / {usable_gib:.1f} GiB）",
        ),
        Message(
            "fits",
            "{need_gib:.1f} GiB on the most loaded GPU of {usable_gib:.1f} GiB usable ({free:.0%} free)",
            zh="负载最重的 GPU 用 {need_gib:.1f} GiB，可用 {usable_gib:.1f} GiB（空闲 {free:.0%}）",
        ),
        Message(
            "unified",
            lambda f: (
                f"{f['need_gib']:.1f} GiB of the {f['usable_gib']:.0f} GiB the {f['chip']} GPU may map "
                f"({f['fraction']:.0%} of {f['memory_gb']} GB); {f['note']}"
            ),
            zh=lambda f: (
                f"{f['need_gib']:.1f} GiB，{f['chip']} GPU 可映射 {f['usable_gib']:.0f} GiB"
                f"（{f['memory_gb']} GB 的 {f['fraction']:.0%}）；{f.get('limit') or f['note']}"
            ),
        ),
        Message(
            "raised",
            lambda f: (
                f"{f['need_gib']:.1f} GiB: more than the {f['default_gib']:.0f} GiB the {f['chip']} GPU maps by "
                f"default ({f['default_fraction']:.0%} of {f['memory_gb']} GB); raise its share to "
                f"{f['usable_gib']:.0f} GiB, leaving the OS its {f['os_gb']:.0f} GB "
                + (
                    f"(macOS: sudo sysctl iogpu.wired_limit_mb={f['wired_mb']}, again after every restart)"
                    if f.get("vendor") == "apple"
                    else f"(amdgpu's GTT: ttm.pages_limit={f['pages']} on the kernel command line, then a reboot; "
                    "amdgpu.gttsize on older kernels)"
                )
            ),
            zh=lambda f: (
                f"{f['need_gib']:.1f} GiB：超过 {f['chip']} GPU 默认可映射的 {f['default_gib']:.0f} GiB"
                f"（{f['memory_gb']} GB 的 {f['default_fraction']:.0%}）；把份额调到 {f['usable_gib']:.0f} GiB，给系统留 {f['os_gb']:.0f} GB"
                + (
                    f"（macOS：sudo sysctl iogpu.wired_limit_mb={f['wired_mb']}，每次重启后需重新设置）"
                    if f.get("vendor") == "apple"
                    else f"（amdgpu 的 GTT：在内核启动参数中加 ttm.pages_limit={f['pages']}，重启后生效；旧内核用 amdgpu.gttsize）"
                )
            ),
        ),
        Message(
            "wired",
            lambda f: (
                f"{f['need_gib']:.1f} GiB of the {f['vram_gb']:.0f} GiB the GPU may wire "
                f"({f['fraction']:.0%} of {f['memory_gb']} GB)" + (f"; {f['note']}" if f["note"] else "")
            ),
            zh=lambda f: (
                f"{f['need_gib']:.1f} GiB，GPU 可锁定 {f['vram_gb']:.0f} GiB（{f['memory_gb']} GB 的 {f['fraction']:.0%}）"
                + (f"；{f.get('limit') or f['note']}" if f["note"] else "")
            ),
        ),
        Message(
            "cluster",
            lambda f: (
                f"{f['need_gib']:.1f} GiB on the most loaded GPU of {f['usable_gib']:.1f} GiB"
                + ("" if f["layout"] else ": no parallel layout fits")
            ),
            zh=lambda f: (
                f"负载最重的 GPU 用 {f['need_gib']:.1f} GiB，共 {f['usable_gib']:.1f} GiB"
                + ("" if f["layout"] else "：没有可行的并行切分")
            ),
        ),
    )

    listed = 110

    def check(self, need_bytes: float, usable_bytes: float, headroom: float) -> Check:
        """A build's GPUs against the headroom asked (request.vram_headroom)."""
        need, usable = need_bytes / GIB, usable_bytes / GIB
        free = (usable_bytes - need_bytes) / usable_bytes if usable_bytes else 0
        if need_bytes > usable_bytes:
            return self.say("fail", "over", need_gib=need, usable_gib=usable)
        if free < headroom:
            return self.say("warn", "tight", free=free, need_gib=need, usable_gib=usable)
        return self.say("pass", "fits", need_gib=need, usable_gib=usable, free=free)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.peak_gpu_bytes, build.usable_gpu_bytes, build.vram_headroom)


@register
class Speed(_Said):
    id = "PERF"
    title = "the decode speed asked (or one a person can read), and a training run within its deadline"
    sources = (
        "Brysbaert 2019 (J. Memory and Language 109): 238 words a minute, about 5 tokens/s",
        "the estimator's decode speed and training hours (core/estimate)",
    )
    reads = ("estimate.decode_tokens_per_s", "estimate.wall_hours", "request.min_decode_tps", "request.deadline_hours")
    messages = (
        Message(
            "asked",
            "estimated {tps:.1f} tokens/s per sequence against {asked:g} asked",
            zh="估计每路 {tps:.1f} token/秒，要求 {asked:g}",
        ),
        Message(
            "reading",
            "about {tps:.2g} tokens/s per sequence: slower than people read (~{reading:g} tokens/s); "
            "fewer users, a shorter context, a quantized KV cache or more GPU memory would help",
            zh=(
                "每路约 {tps:.2g} token/秒：比人的阅读速度（约 {reading:g} token/秒）还慢；"
                "减少用户、缩短上下文、量化 KV 缓存或加显存都有帮助"
            ),
        ),
        Message(
            "reading-cpu",
            "about {tps:.2g} tokens/s per sequence: slower than people read (~{reading:g} tokens/s)",
            zh="每路约 {tps:.2g} token/秒：比人的阅读速度（约 {reading:g} token/秒）还慢",
        ),
        Message(
            "deadline",
            "estimated {hours:,.0f} h of training against a {deadline:,.0f} h deadline",
            zh="估计训练 {hours:,.0f} 小时，期限 {deadline:,.0f} 小时",
        ),
        Message(
            "deadline-cluster",
            "estimated {hours:,.0f} h against a {deadline:,.0f} h deadline",
            zh="估计 {hours:,.0f} 小时，期限 {deadline:,.0f} 小时",
        ),
        Message(
            "years",
            "takes {years:,.1f} years: longer than the one-year horizon; set a deadline or a larger budget",
            zh="需要 {years:,.1f} 年：超过一年的期限；请设定期限或提高预算",
        ),
    )

    listed = 120

    def meets(self, tps: float | None, asked: float | None) -> bool:
        """The decode speed asked, per sequence (none asked: any speed). The solver's filter, the cluster planner and
        the check that explains them all read this. Round 48: at the digits the estimate is shown with
        (common.reasons.shown_tps), so a build shown at "13.0 tok/s" meets 13 asked: the estimate's own range is far
        wider than the last digit, and a user reads the shown number, not the one behind it."""
        return not asked or shown_tps(tps or 0.0) >= asked

    def asked(self, tps: float | None, asked: float) -> Check:
        return self.say("pass" if self.meets(tps, asked) else "fail", "asked", tps=tps or 0.0, asked=asked)

    def below_reading(self, tps: float | None, asked: float | None, cpu_only: bool = False) -> Check | None:
        """The warning below reading speed where no speed was asked (an inference build whose users wait seconds per
        word is not an answer that passes silently), else None: the one rule every build from parts (assess), a
        machine without a card (solve.machines, its `reading-cpu` words: no card to add) and a used base with cards
        (solve.bases) read (round 40: the last two had built it each on their own)."""
        if asked or tps is None or at_reading_speed(tps):
            return None
        return self.say("warn", "reading-cpu" if cpu_only else "reading", tps=tps, reading=READING_TPS)

    def assess(self, build: BuildFacts) -> tuple[Verdict, ...] | None:
        """The speed asked; none asked, a warning below reading speed for a chat; the deadline of a job."""
        b, said = build, []
        if b.min_decode_tps:
            said.append(self.asked(b.decode_tps, b.min_decode_tps))
        elif b.workload_kind == "inference" and (slow := self.below_reading(b.decode_tps, None)) is not None:
            said.append(slow)
        if b.deadline_hours and b.wall_hours is not None:
            ok = b.wall_hours <= b.deadline_hours
            said.append(self.say("pass" if ok else "fail", "deadline", hours=b.wall_hours, deadline=b.deadline_hours))
        return tuple(said)


@register
class Region(_Said):
    id = "REGION"
    title = "a build for China on export-restricted GPUs is bought from existing stock"
    severity = "warn"
    sources = ("US BIS export rules (October 2023): A800, H800 and RTX 4090 restricted for China",)
    reads = ("gpu.export_restricted_cn", "request.region")
    messages = (
        Message(
            "restricted",
            "{gpu} is export-restricted for China; only existing or secondary-market stock is sold there",
            zh="{gpu} 对中国出口受限；国内只能买到现有库存或二手货",
        ),
    )
    listed = 130

    def assess(self, build: BuildFacts) -> Verdict | None:
        """A build for China on GPUs that are export-restricted there (A800, H800, 4090) is bought from stock."""
        if build.region == "china" and build.gpu.export_restricted_cn:
            return self.say("warn", "restricted", gpu=build.gpu.name)
        return None


def _cached(f: Mapping[str, Any]) -> str:
    """A usage's prompt's cached share (round 40: PROMPT times the usage's prompt the costs read), else nothing."""
    return f" ({f['cached']:,} of them cached)" if f.get("cached") else ""


def _prompt(f: Mapping[str, Any]) -> str:
    text = (
        f"prompt processed at about {f['tps']:,.0f} tokens/s: {f['wait_s']:,.0f} s before the first token of a "
        f"{f['prompt']:,}-token prompt{_cached(f)}"
    )
    return text + (" (over a minute: shorter prompts, or a GPU for prefill)" if f["wait_s"] > PROMPT_WAIT_S else "")


def _prompt_users(f: Mapping[str, Any]) -> str:
    text = (
        f"prompt processed at about {f['tps']:,.0f} tokens/s: {f['wait_s']:,.0f} s before the first token of a "
        f"{f['prompt']:,}-token prompt{_cached(f)}, {f['shared_s']:,.0f} s for the last of {f['users']} users who send "
        "one at once"
    )
    return text + (
        " (over a minute: fewer users per machine, or a GPU for prefill)" if f["shared_s"] > PROMPT_WAIT_S else ""
    )


def served_rate(tps: float | None, prefill_s: float, reply: int) -> float | None:
    """Output tokens a second one user's stream makes once each request's prefill is counted (round 36): a reply of
    `reply` tokens at `tps` after `prefill_s` seconds on its prompt's uncached part. SERVE reads it (round 37)."""
    if tps is None or tps <= 0:
        return tps
    return 1.0 / (1.0 / tps + max(prefill_s, 0.0) / max(reply, 1))


WAIT_S = 2.0
"""Seconds a request may wait for a free stream before its prefill starts (round 41): MLPerf Inference's bound on the
time to first token of its interactive server scenario, 2,000 ms for Llama 2 70B at the 99th percentile
(`WAIT_SOURCE`). Here it bounds the queue alone (the prefill is PROMPT's), so the target is looser than MLPerf's."""
WAIT_SHARE = 0.01
"""The share of requests that may wait longer than WAIT_S (round 41): MLPerf's 99th percentile, 1 %."""
WAIT_SOURCE = (
    "MLPerf Inference, loadgen/mlperf.conf (github.com/mlcommons/inference, read 2026-12-06): llama2-70b.Server."
    "ttft_latency = 2000 (ms, at the 99th percentile): at most 1 % of requests wait over 2 s"
)


def erlang_c(streams: int, load: float) -> float:
    """The probability that a request finds every one of `streams` busy and waits (Erlang C, M/M/c), with `load` erlangs
    offered (arrivals a second x seconds a request takes); 1 when the load fills the streams (the queue grows without
    end). By the Erlang B recursion B(n) = A B(n-1) / (n + A B(n-1)), then C = N B / (N - A (1 - B)), which stays
    finite for a few hundred streams where A^N / N! does not (Call Centre Helper's worked example, 10 erlangs on 14
    agents: 0.174, tests/core/test_seat_streams.py)."""
    if load <= 0:
        return 0.0
    if streams <= load:
        return 1.0
    blocked = 1.0
    for n in range(1, streams + 1):
        blocked = load * blocked / (n + load * blocked)
    return streams * blocked / (streams - load * (1.0 - blocked))


def _share_said(f: Mapping[str, Any]) -> str:
    return f"{100 * f['share']:.0f} %"


@register
class Serving(_Said):
    """Round 37: whether an inference build makes the output tokens its users ask for within the hours they are at
    work, each request's prefill of its uncached prompt counted (served_rate). By default each user asks for reading
    speed (READING_TPS) over those hours, so the rule is the reading rule read on the served rate per user, not the
    decode speed alone: a Mac mini that decodes 6 tokens/s and spends a minute prefilling a coding agent's new tokens
    serves ~4.7. With a stated demand (requests a day, a usage, seats) it is that demand. costs.tco reads `serves` for
    the busy hours and the break-even (no payback on a demand the build cannot serve), solve.ranking reads the check
    for the claims (a claim on such a build says how much of the demand it serves), tests/independent_checker.py
    re-derives it from the JSON."""

    id = "SERVE"
    title = "the build makes the output its users ask for within their hours, each request's prefill counted"
    severity = "warn"
    sources = (
        "Brysbaert 2019 (J. Memory and Language 109): 238 words a minute, about 5 tokens/s (the default need)",
        "the estimator's decode and prefill rates; the request's prompt, its cached share and reply (costs.api)",
        "MLPerf Inference loadgen/mlperf.conf: llama2-70b Server TTFT 2,000 ms at the 99th percentile (a team's "
        "streams: at most 1 % of requests wait over 2 s, Erlang C)",
    )
    reads = (
        "estimate.decode_tokens_per_s",
        "estimate.prefill_tokens_per_s",
        "cost_of_ownership.demand_output_tokens_per_year",
    )
    messages = (
        Message(
            "short",
            lambda f: (
                f"makes {f['capacity_day'] / 1e6:,.2f}M of the {f['demand_day'] / 1e6:,.2f}M output tokens a day "
                f"its users ask for ({_share_said(f)}), short by {f['shortfall_day'] / 1e6:,.2f}M: "
                + (
                    f"{f['served']:.1f} tokens/s per stream once each request's {f['prefill_s']:,.1f} s of prefill is "
                    f"counted ({f['tps']:.1f} decoding)"
                    if f["served"] < f["tps"] * 0.9995
                    else f"{f['tps']:.1f} tokens/s per stream decoding"
                )
                + f", for {f['streams']:g} stream{'' if f['streams'] == 1 else 's'} over "
                f"{f['hours_day']:,.1f} h a day"
                + (
                    f", against the {f['need']:g} tokens/s a user reads"
                    if f.get("basis") == "reading"
                    else f", against the {f['need']:g} tokens/s asked"
                    if f.get("basis") == "asked"
                    else ""
                )
                + "; no payback is reckoned on it"
            ),
            zh=lambda f: (
                f"每天只能生成 {f['capacity_day'] / 1e6:,.2f}M 个输出 token，用户需要 {f['demand_day'] / 1e6:,.2f}M"
                f"（满足 {100 * f['share']:.0f}%），缺 {f['shortfall_day'] / 1e6:,.2f}M："
                + (
                    f"计入每个请求 {f['prefill_s']:,.1f} 秒的预填充后每路 {f['served']:.1f} token/秒"
                    f"（解码 {f['tps']:.1f} token/秒）"
                    if f["served"] < f["tps"] * 0.9995
                    else f"每路解码 {f['tps']:.1f} token/秒"
                )
                + f"，{f['streams']:g} 路并发，"
                f"每天 {f['hours_day']:,.1f} 小时"
                + (
                    f"，低于人的阅读速度 {f['need']:g} token/秒"
                    if f.get("basis") == "reading"
                    else f"，低于要求的 {f['need']:g} token/秒"
                    if f.get("basis") == "asked"
                    else ""
                )
                + "；不按它计算回本"
            ),
        ),
        # wait41: a team's build that makes the tokens but keeps too many of its requests waiting for a free stream
        Message(
            "queue",
            lambda f: (
                f"{100 * f['waits']:.1f} % of its users' requests would wait over {f['wait_s']:g} s for a free stream "
                f"({f['seats']:g} seats on {f['streams']:g} stream{'' if f['streams'] == 1 else 's'} at "
                f"{f['served']:.1f} tokens/s a stream, its prefill counted), over the {100 * f['wait_share']:g} % "
                "target (MLPerf's 99th-percentile bound, Erlang C): it makes the tokens, but not without queueing"
            ),
            zh=lambda f: (
                f"有 {100 * f['waits']:.1f}% 的请求要等待超过 {f['wait_s']:g} 秒才有空闲并发路"
                f"（{f['seats']:g} 个席位、{f['streams']:g} 路并发，计入预填充后每路 {f['served']:.1f} token/秒），"
                f"超过 {100 * f['wait_share']:g}% 的目标（MLPerf 的第 99 百分位界限，Erlang C）：产量够，但请求要排队"
            ),
        ),
    )

    def reading_rate(self, decode: float | None, served: float | None, streams: int) -> float:
        """The rate the reading rule compares with reading speed: with several users at once, the served rate per user
        with each request's prefill counted (their prompts' prefill takes the machine's time from every stream's
        replies); one user reads at the decode speed, its prompt's prefill a wait before the first token (PROMPT and
        FILL say it: a single user's Mac at 6.7 tokens/s decoding is signed for chat, tests/expert/cases.py)."""
        return (served if streams > 1 and served is not None else decode) or 0.0

    def keeps_up(self, served: float | None) -> bool:
        """Whether one user's stream, each request's prefill counted (served_rate), keeps up with a reader
        (READING_TPS): the reading rule the labels read (solve.ranking.measure) and, over the users' hours, the default
        demand's `serves`."""
        return at_reading_speed(served)

    wait_s: ClassVar[float] = WAIT_S
    wait_share: ClassVar[float] = WAIT_SHARE

    def waits(self, streams: int, load: float, service_s: float, wait_s: float | None = None) -> float:
        """The share of requests that wait longer than `wait_s` (default the rule's) for one of `streams` (round 41):
        Erlang C's chance of waiting at all times the chance the wait outlasts it, exp(-(N - A) t / s) for an
        exponential service of mean `service_s` seconds (the M/M/c queue's waiting-time tail); 1 when the load fills
        the streams."""
        if streams <= load:
            return 1.0 if load > 0 else 0.0
        t = self.wait_s if wait_s is None else wait_s
        tail = math.exp(-(streams - load) * t / service_s) if service_s > 0 else 0.0
        return erlang_c(streams, load) * tail

    def streams_for(self, load: float, service_s: float, most: int) -> int:
        """The fewest streams, at most `most` (a team's seats: a user waits for a reply before asking again, so a
        stream each never queues), for which no more than `wait_share` of requests wait longer than `wait_s`
        (round 41: how many streams a team's chat seats need, from their own arrivals, tco.seats)."""
        top = max(most, 1)
        n = 1
        while n < top and self.waits(n, load, service_s) > self.wait_share:
            n += 1
        return n

    def capacity(self, streams: int, served: float, hours: float) -> float:
        """Output tokens the build makes in `hours` at `served` tokens/s on each of its `streams`."""
        return max(streams, 1) * max(served, 0.0) * 3600.0 * max(hours, 0.0)

    def queues(self, waits: float | None) -> bool:
        """Whether more than `wait_share` of a team's requests wait over `wait_s` for a free stream at the build's own
        served rate (wait41: `waits`, need.seat_waits); None (no team's arrivals to size it on): no."""
        return waits is not None and waits > self.wait_share * (1 + 1e-9)

    def serves(self, capacity: float, demand: float, waits: float | None = None) -> bool:
        """Whether what the build makes covers the demand (a rounding's worth short still serves it) and, for a team
        whose arrivals are sized (`waits`, wait41), without more than `wait_share` of its requests queueing over
        `wait_s`: the rule "cheapest serving the demand" reads (a coding-agent team sized on Anthropic's table can have
        the capacity while its requests queue)."""
        return capacity >= demand * (1 - 1e-9) and not self.queues(waits)

    def queued(self, *, waits: float, seats: int, streams: int, served: float) -> Check:
        """The warning on a build that makes its users' tokens but keeps over `wait_share` of their requests waiting
        over `wait_s` for a free stream (wait41)."""
        return self.say(
            "warn",
            "queue",
            waits=waits,
            wait_s=self.wait_s,
            wait_share=self.wait_share,
            seats=seats,
            streams=max(streams, 1),
            served=served,
        )

    def short(
        self,
        *,
        demand: float,
        capacity: float,
        days: float,
        hours: float,
        streams: int,
        served: float,
        tps: float,
        prefill_s: float,
        need: float,
        basis: str,
    ) -> Check:
        """The warning on a build short of its users' demand (yearly tokens over `days` days of `hours` hours)."""
        per_day = max(days, 1e-9)
        return self.say(
            "warn",
            "short",
            demand_day=demand / per_day,
            capacity_day=capacity / per_day,
            shortfall_day=max(demand - capacity, 0.0) / per_day,
            share=capacity / demand if demand > 0 else 1.0,
            served=served,
            tps=tps,
            prefill_s=prefill_s,
            streams=max(streams, 1),
            hours_day=hours / per_day,
            need=need,
            basis=basis,
        )


@register
class PromptWait(_Said):
    id = "PROMPT"
    title = (
        "the first token of a full prompt within a minute, for the last of the users asked when all send one at "
        "once (a CPU or an integrated GPU computes the prompt slowly)"
    )
    severity = "warn"
    sources = (
        "the estimator's prefill speed and time to first token (core/estimate)",
        "llama.cpp server: the parallel slots' prompts share one batch (ggml-org/llama.cpp#3228, #3479: 10 clients' "
        "prompts at one aggregate prefill rate)",
    )
    reads = ("estimate.prefill_tokens_per_s", "estimate.time_to_first_token_s", "workload.prompt", "workload.batch")
    messages = (
        Message("unknown", "prefill speed unknown on this platform", zh="此平台的预填充速度未知"),
        Message("wait", _prompt),
        Message("wait-users", _prompt_users),
    )

    def check(
        self, prefill_tps: float | None, wait_s: float | None, prompt: int, users: int = 1, cached: int = 0
    ) -> Check:
        """Prefill speed and the wait before the first token, in a buyer's words; with several users, the wait of
        the last of them when all send a prompt at once (the slots' prompts share the prefill rate): Qwen3-30B-A3B
        for 10 users on a mini PC's iGPU waits 25 s for one 4k prompt and 254 s for the tenth. `cached` (round 40):
        the part of a usage's prompt the engine holds in its prefix cache; `wait_s` is then its uncached part's, and
        each user's prompt before the last takes as long (a coding agent's 42,000 tokens, 35,258 of them cached)."""
        if not prefill_tps or wait_s is None:
            return self.say("pass" if (wait_s or 0) <= PROMPT_WAIT_S else "warn", "unknown")
        said = {"cached": cached} if cached else {}
        tps = _rate(prefill_tps, wait_s, prompt - cached)
        if users <= 1:
            status: Status = "pass" if wait_s <= PROMPT_WAIT_S else "warn"
            return self.say(status, "wait", tps=tps, wait_s=wait_s, prompt=prompt, **said)
        each = wait_s
        shared = wait_s + (users - 1) * each
        status = "pass" if shared <= PROMPT_WAIT_S else "warn"
        return self.say(
            status, "wait-users", tps=tps, wait_s=wait_s, prompt=prompt, users=users, shared_s=shared, **said
        )


def _rate(prefill_tps: float, wait_s: float, uncached: int) -> float:
    """The rate this prompt is processed at, the one that gives the wait shown beside it (round 41): the estimate's
    `prefill_tokens_per_s` is a short prompt's, and a long prompt's attention makes it slower (five coding-agent
    seats on Qwen3-32B, 4 x Arc Pro B60: 'about 683 tokens/s' beside 21 s for the 6,575 uncached tokens of a
    40,960-token prompt, which is 311 a second). Its uncached part over the wait, never faster than the short rate."""
    if wait_s <= 0 or uncached <= 0:
        return prefill_tps
    return min(prefill_tps, uncached / wait_s)


FILL_LIMIT_S = 600.0
"""FILL warns when the window asked takes longer than this to fill: ten minutes, the default request timeout of the
server and of the client a local model is reached through (llama.cpp's llama-server `-to, --timeout N`: "server
read/write timeout in seconds (default: 600)", tools/server/README.md, read 2026-12-06; the OpenAI Python client:
"default is 10 minutes", openai/openai-python README and PR #967, read 2026-12-06). Past it a request sent with the
defaults ends before its first token, and no practitioner calls such a machine an answer for that window."""
FILL_LIMIT_SOURCE = (
    "llama.cpp tools/server/README.md: '-to, --timeout N  server read/write timeout in seconds (default: 600)'; "
    "openai/openai-python README (PR #967): the client's default timeout is 10 minutes (both read 2026-12-06)"
)
FILL_CONTEXT_SOURCE = (
    "Mooncake (Kimi) long-context chat trace, FAST'25, kvcache-ai/Mooncake traces/conversation_trace.jsonl: p90 "
    "input 27,367 tokens (core/estimate/traffic.py): one request in ten to a long-context service fills most of a 32k "
    "window"
)


def fill_of(
    workload: Mapping[str, Any], prefill_tps: float | None, ttft_s: float | None, window_s: float | None = None
) -> dict[str, Any] | None:
    """What filling the window asked takes on a build (FILL's fields, `plan --json` builds' `context_fill`): the
    stated prompt (`basis` "prompt": the estimate times its first token, `ttft_s`), else the whole context asked
    (`basis` "context": `window_s`, the estimate's prompt pass of the whole context at its own length, its attention at
    their own depth: estimator._window_fill; without it, context / the typical prompt's rate, a floor, `floor` True).
    The whole window, not a typical share of it: a chat's later turns prefill only the new message (llama.cpp keeps a
    slot's prompt cache), but a pasted document, a RAG retrieval, a coding agent's repository or a conversation
    resumed after the cache is gone fill it at once, and a long-context service sends most of it one request in ten
    (FILL_CONTEXT_SOURCE). `tps` is the window's own rate (tokens / seconds). None for a training job or an unknown
    prefill speed."""
    if workload.get("kind", "inference") != "inference" or not prefill_tps:
        return None
    prompt = workload.get("prompt")
    floor = False
    if prompt:
        tokens, seconds, basis = (
            int(prompt),
            float(ttft_s if ttft_s is not None else int(prompt) / prefill_tps),
            "prompt",
        )
    else:
        tokens = int(workload.get("context") or 0)
        if tokens <= 0:
            return None
        floor = window_s is None
        seconds, basis = (tokens / prefill_tps if window_s is None else float(window_s)), "context"
    tps = tokens / seconds if seconds > 0 else prefill_tps
    return {
        "tokens": tokens,
        "basis": basis,
        "floor": floor,
        "tps": tps,
        "fill_s": seconds,
        "limit_s": FILL_LIMIT_S,
    }


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:,.0f} min" if seconds >= 90 else f"{seconds:,.0f} s"


def _zh_minutes(seconds: float) -> str:
    return f"{seconds / 60:,.0f} 分钟" if seconds >= 90 else f"{seconds:,.0f} 秒"


@register
class ContextFill(_Said):
    id = "FILL"
    title = (
        "the window asked (the whole context, or the stated prompt) fills before a request times out: ten minutes, "
        "llama-server's and the OpenAI client's default timeout"
    )
    severity = "warn"
    sources = (FILL_LIMIT_SOURCE, FILL_CONTEXT_SOURCE, "the estimator's prefill speed (core/estimate)")
    reads = ("estimate.prefill_tokens_per_s", "estimate.time_to_first_token_s", "workload.context", "workload.prompt")
    messages = (
        Message(
            "slow",
            lambda f: (
                f"a {f['tokens']:,}-token {'prompt' if f['basis'] == 'prompt' else 'context'} takes "
                f"{'at least ' if f.get('floor') else ''}{_minutes(f['fill_s'])} to fill on this machine "
                f"(prompt processed at about {f['tps']:,.0f} tokens/s): past the {f['limit_s'] / 60:.0f}-minute "
                "default timeout of llama-server and the OpenAI client, a full window's request ends before its "
                "first token (raise --timeout, keep prompts short, or a GPU with faster prefill)"
            ),
            zh=lambda f: (
                f"{f['tokens']:,} token 的{'提示' if f['basis'] == 'prompt' else '上下文'}在这台机器上"
                f"{'至少' if f.get('floor') else ''}要 {_zh_minutes(f['fill_s'])} 才能填满"
                f"（提示处理约 {f['tps']:,.0f} token/秒）：超过 llama-server 和 OpenAI 客户端默认的 "
                f"{f['limit_s'] / 60:.0f} 分钟超时，填满整个窗口的请求在第一个 token 之前就会结束"
                "（调大 --timeout、缩短提示，或换预填充更快的 GPU）"
            ),
        ),
    )

    def check(self, fill: Mapping[str, Any]) -> Check:
        """FILL on `fill_of`'s fields: warns when the window takes longer than FILL_LIMIT_S to fill. A used MacBook Pro
        M1 Max prefills a 70B Q4 at ~50 tokens/s for a typical prompt and ~38 over a whole 32k window (its attention at
        depth): Mina's 32k context takes ~14 minutes, where two RTX 3090 take ~2."""
        status: Status = "warn" if fill["fill_s"] > fill["limit_s"] else "pass"
        return self.say(status, "slow", **fill)


@register
class Headless(_Said):
    id = "DISPLAY"
    title = "a CPU without integrated graphics boots headless, or with a borrowed card"
    severity = "warn"
    sources = ("CPU specifications: integrated graphics",)
    reads = ("cpu.integrated_graphics", "cpu.platform")
    messages = (
        Message(
            "headless",
            "{cpu} has no integrated graphics: install and run it headless (SSH), or borrow any "
            "graphics card for the first boot",
            zh="{cpu} 没有核显：无显示器运行（SSH），或首次开机时借一张显卡",
        ),
    )


@register
class Engine(_Said):
    id = "ENGINE"
    title = "HF transformers only as the last resort, said with its speed"
    severity = "warn"
    sources = ("llama.cpp and vLLM decode 10-80x faster than HF transformers' generate (their published benchmarks)",)
    reads = ("estimate.workload.engine", "request.workload.engine")
    messages = (
        Message(
            "transformers",
            "HF transformers is the only engine that runs this on {gpus} x {gpu}: {tps:.1f} tokens/s per user; "
            "llama.cpp or vLLM, where they fit, typically run 10-80x faster (another GPU count may let them)",
            zh=(
                "在 {gpus} x {gpu} 上只有 HF transformers 能跑：每用户 {tps:.1f} token/秒；llama.cpp 或 vLLM 能装下时"
                "通常快 10-80 倍（换个 GPU 数量也许可以）"
            ),
        ),
    )


@register
class MixedCards(_Said):
    id = "MIX-1"
    title = "different cards in one machine: a layer split by each card's memory; tensor parallel at the slowest card"
    severity = "warn"
    sources = ("llama.cpp --tensor-split (tools/server README)", "vLLM: tensor parallel shards equally across ranks")
    reads = ("gpus_mixed", "estimate.split", "estimate.placement.layers_per_gpu")
    messages = (
        Message(
            "tensor",
            "tensor parallel over {cards}: every rank waits for the slowest card and holds an equal "
            "shard, so the faster card runs at the slower one's pace (a layer split with llama.cpp uses each card's own "
            "speed and memory)",
            zh=(
                "在 {cards} 上做张量并行：每个进程都等最慢的卡，且分到同样大小的切片，快卡只能按慢卡的速度跑"
                "（llama.cpp 按层切分则按每张卡自己的速度和显存）"
            ),
        ),
        Message(
            "layers",
            lambda f: (
                f"different cards in a llama.cpp layer split: --tensor-split {','.join(map(str, f['split']))} "
                f"in device order ({', '.join(f['names'])}; CUDA numbers the fastest card first)"
            ),
            zh=lambda f: (
                f"不同型号的卡用 llama.cpp 按层切分：按设备顺序 --tensor-split {','.join(map(str, f['split']))}"
                f"（{'、'.join(f['names'])}；CUDA 把最快的卡排在最前）"
            ),
        ),
    )


@register
class ClusterFabric(_Said):
    id = "CLUSTER"
    title = "several nodes on a switched fabric, with the parallel layout that fits"
    severity = "warn"
    sources = ("switch specifications: ports and speeds (catalogs)", "the cluster planner's layout (solve/cluster.py)")
    reads = ("nodes", "fabric.switches", "fabric.switch", "gbps per GPU", "parallel layout")
    messages = (
        Message(
            "fabric",
            lambda f: (
                f"{f['nodes']} nodes on {f['switches']} x {f['switch']} "
                f"({f['tree'] + ' fat tree' if f['tree'] else 'one switch'}), {f['gbps']:.0f} Gb/s per GPU; {f['detail']}"
            ),
            zh=lambda f: (
                f"{f['nodes']} 个节点接在 {f['switches']} 台 {f['switch']} 上"
                f"（{f['tree'] + ' 胖树' if f['tree'] else '单台交换机'}），每 GPU {f['gbps']:.0f} Gb/s；{f['detail']}"
            ),
        ),
    )


@register
class ClusterStorage(_Said):
    id = "CLUSTER-STO"
    title = "the nodes' NVMe holds the resumable checkpoints and the tokenized data, or a shared file system is added"
    severity = "warn"
    sources = ("checkpoint size per parameter (solve/cluster.py CHECKPOINT_BYTES_PER_PARAM)",)
    reads = ("system.storage_tb", "nodes", "model parameters")
    messages = (
        Message(
            "checkpoints",
            lambda f: (
                f"~{f['need_tb']:,.1f} TB for {f['kept']} resumable checkpoints ({f['bytes_per_param']} bytes "
                f"per parameter) and the tokenized data; the nodes hold {f['local_tb']:,.0f} TB of local NVMe"
                + ("" if f["local_tb"] >= f["need_tb"] else ": add a shared file system (not priced)")
            ),
            zh=lambda f: (
                f"约 {f['need_tb']:,.1f} TB 用于 {f['kept']} 个可恢复检查点（每参数 {f['bytes_per_param']} 字节）和分词后的数据；"
                f"各节点本地 NVMe 共 {f['local_tb']:,.0f} TB"
                + ("" if f["local_tb"] >= f["need_tb"] else "：需加共享文件系统（未计价）")
            ),
        ),
    )
