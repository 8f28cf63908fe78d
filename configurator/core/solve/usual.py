"""The precisions a plan runs a model at where the request names none: one rule, read by every source that offers a
format the user did not name (plan's usual-gguf, usual-served, release-on-cards) and by the ways out (relax)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest


@dataclass(frozen=True)
class Served:
    """One format several users' server runs the weights at: the precision, the engine that serves it and the kind
    code its builds' labels say (reasons.CLAIMS' kind.*)."""

    precision: str
    engine: str
    kind: str


@dataclass(frozen=True)
class QualityCost:
    """What fewer bits cost a model's output, as measured and published: the perplexity over the 16-bit weights
    (`ppl_pct`, per cent), of which model, where it was read."""

    ppl_pct: float
    model: str
    source: str


@dataclass(frozen=True)
class UsualPrecision:
    """Which precision each build of a request without --precision is solved at, one rule for every source.

    - `gguf`: what a machine without a GPU runs (Q4_K_M, Ollama's default GGUF: "The default Q4_K_M is the right
      starting point for most workloads", llmbestpractices.com/ai-agents/ollama-quantization; "If not specified, it's
      usually q4_K_M by default", martinkollie.com, both read 2026-12-02; nobody decodes BF16 from DDR: a 7B in BF16
      is 15 GB read per token, in Q4_K_M 4.7 GB), and the cards too, at any number of users: llama-server serves
      them in `-np N` parallel slots (tools/server/server.cpp: `--parallel`, "number of server slots"), so a card
      build at the same 4-bit quant as a Mac or a Strix Halo box is compared like with like. Qwen3-30B-A3B for 16
      users at 1,500 USD had shown a 1,299 USD Mac mini at Q4_K_M (10.8 tokens/s a user) as "cheapest" and
      "fastest within budget" while one MI50 32GB holds the same Q4_K_M at 22.0 for 906 USD (round 37's note).
    - `gguf_users`: up to this many users a llama.cpp server is also what the release's quality runs on
      (release-on-cards: Q8_0 on cards); past it the server's job goes to vLLM (`served`). Ollama serves 4 requests
      at once by default (docs.ollama.com/faq, OLLAMA_NUM_PARALLEL: 'The default will auto-select either 4 or 1
      based on available memory').
    - `served`: what several users' vLLM server runs: FP8 quantized on load (`vllm serve MODEL --quantization fp8`;
      docs.vllm.ai/en/stable/features/quantization/fp8/, read 2026-12-03: W8A8 on Ada, Hopper and Blackwell,
      weight-only W8A16 through FP8 Marlin from Turing on), the release's quality at half its memory; and a 4-bit
      checkpoint it loads as made (AWQ int4: vLLM's awq / awq_marlin kernels, sm75 and later; a practitioner serving
      several users on a budget runs AWQ/GPTQ int4 on vLLM), the bytes the unified boxes' Q4_K_M reads."""

    gguf: str = "q4_k_m"
    gguf_users: int = 4
    served: tuple[Served, ...] = (
        Served("fp8", "vllm", "kind.usual-served"),
        Served("awq-int4", "vllm", "kind.usual-served-4bit"),
    )

    def served_for(self, named: bool) -> tuple[Served, ...]:
        """The formats several users' server is solved at: every `served` format for an open request, and for GPUs
        or systems the user named (a side-by-side of the cards he would buy) only those at the release's quality
        (FP8), as the usual GGUF is not run for named GPUs either (relax.usual_gguf_applies): Dr. Chen's L20, A800 and
        48 GB 4090 stay compared at the FP8 he serves (expert case chen-compares-l20-a800-4090-48gb-at-fp8)."""
        return self.served if not named else tuple(s for s in self.served if s.kind != "kind.usual-served-4bit")

    def release_on_cards(self, users: int) -> bool:
        """Whether the cards are also solved at the release's quality in a GGUF (Q8_0) for this many users:
        llama.cpp's users, up to `gguf_users`; past it vLLM's FP8 is that quality."""
        return users <= self.gguf_users

    def served_applies(self, users: int) -> bool:
        """Whether the request is several users' server's job (past Ollama's slots): solved at `served` too."""
        return users > self.gguf_users


USUAL = UsualPrecision()
"""The one rule object: plan's sources and relax read it (plan.USUAL_GGUF and friends are its fields, not copies)."""


QUALITY_COST: dict[str, QualityCost] = {
    "q4_k_m": QualityCost(
        4.83,
        "Llama 3 70B",
        "llama.cpp PR #6745",
    ),
    "awq-int4": QualityCost(
        2.71,
        "Llama 2 70B",
        "MIT Han Lab's AWQ W4A16 table, mit-han-lab/lmquant",
    ),
}
"""The perplexity a 4-bit format costs over the 16-bit weights, where one is published and read.

- `q4_k_m`: dranger003's table in ggml-org/llama.cpp PR #6745, as quoted in XiongjieDai/GPU-Benchmarks-on-LLM-
  Inference's README at 00dd2bd (May 2024; ranking.RELEASE_QUALITY_BITS quotes the same table: +0.03 % at Q8_0,
  +0.47 % at Q6_K, +4.83 % at Q4_K_M on Llama 3 70B).
- `awq-int4` (round 39): AWQ's authors' own WikiText-2 perplexity table (2,048-token sequences), in mit-han-lab/lmquant's
  projects/llm/README.md (the QServe paper's code, arXiv 2405.04532, May 2024; read at commit 9d9b4b1 on 2026-12-06):
  AWQ W4A16 g128 (the int4 checkpoint vLLM's awq_marlin serves) against FP16: Llama-2 70B 3.32 -> 3.41 (+2.71 %),
  Llama-2 13B 4.88 -> 4.97 (+1.84 %), Llama-2 7B 5.47 -> 5.60 (+2.38 %), Llama-3 8B 6.14 -> 6.54 (+6.51 %); the
  Llama-2 figures are the AWQ paper's (Lin et al., MLSys 2024), as a third-party repro page quotes them
  (dwithchenna/llm-quantization: "AWQ (INT4-g128) 5.6 | 4.97 | 3.41"). The 70B row is kept as the size Q4_K_M's row
  is measured on; the two rows are different models (Llama 3 quantizes worse than Llama 2: its 8B loses 6.5 % at
  AWQ where Llama 2's 7B loses 2.4 %), so they say what each format costs, not which of the two 4-bit formats is
  better: both are the 4-bit tier the ranking sets apart from the release's quality (ranking._quality_tier)."""


def format_said(precision: str) -> str:
    """A format's name as labels say it, one spelling for the kind and the claim: "Q4_K_M", "FP8", "AWQ int4" (the
    "fastest within budget at AWQ int4" of a build whose kind says "at AWQ int4")."""
    return f"{precision.removesuffix('-int4').upper()} int4" if precision.endswith("-int4") else precision.upper()


USUAL_KV = "q8_0"
"""The KV cache a llama.cpp user at a long context turns to when none is named: q8_0 halves the cache of f16 (llama.cpp's
own default: `llama-server --help`, '-ctk, --cache-type-k TYPE ... (default: f16)'; ggml-org/llama.cpp#10373), with a
very small loss in precision (Ollama's FAQ on OLLAMA_KV_CACHE_TYPE). Never the default itself (issue #28, expert5): a
build at q8_0 is offered beside the f16 ones, says so, and launches with -ctk q8_0 -ctv q8_0."""

USUAL_KV_CONTEXT = 16384
"""From this context on the cache weighs enough to change the machine (Llama 3.3 70B at 32k: 10.7 GB of f16 cache
beside 42.5 GB of Q4_K_M weights, so two 24 GB cards hold it only at q8_0); below it the f16 builds stand alone."""


def usual_kv_applies(request: BuildRequest, w: Workload) -> bool:
    """Whether a plan also runs `request` (its workload resolved: `w`) with a USUAL_KV cache (plan._usual_kv_builds): an
    inference request that names no KV precision, run by llama.cpp at USUAL_KV_CONTEXT or more. Round 48: the ways out
    read it too (relax._kv_unsaid): Mina's 70B at 32k with no --kv-precision had been told "quantize the KV cache to
    q8_0 and accept 11.8 tokens/s", where her plan already runs the q8_0 cache; the change is the speed alone."""
    return (
        not request.kv_asked
        and w.kind == "inference"
        and w.engine == "llama.cpp"
        and w.kv_precision == "fp16"
        and (w.context or 0) >= USUAL_KV_CONTEXT
        and not request.systems_only
    )
