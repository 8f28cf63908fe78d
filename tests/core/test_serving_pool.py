"""vLLM's paged KV pool (common.serving_pool, round 44): sized on a team's typical request, at least one whole window,
read by the estimate's memory and the launch command alike."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.common.serving_pool import VLLM_GPU_MEMORY_UTILIZATION, KvPool, pool_of
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command

GIB = 1024**3
CODING = 42_000 + 480  # costs.api.CODING_PROMPT_TOKENS + CODING_REPLY_TOKENS


def test_ten_coding_streams_hold_their_typical_tokens_with_the_99th_percentile_not_ten_windows() -> None:
    """Ten coding-agent streams in a 64k window: each spreads 19,424-65,536 tokens around the usage's 42,480, so the
    ten together reach 424,800 on average and about 523k at their 99th percentile, well under ten whole windows
    (655,360): the pool vLLM needs, where every stream at the window had been counted."""
    pool = KvPool(streams=10, window=65_536, typical=CODING)
    assert pool.sized_on_typical
    assert 10 * CODING < pool.tokens < 10 * 65_536
    assert pool.tokens == pytest.approx(10 * CODING + 2.326 * 10**0.5 * (65_536 - 19_424) / 12**0.5, abs=2)
    assert 1.2 < pool.tokens / (10 * CODING) < 1.26
    assert pool.per_stream * 10 >= pool.tokens


def test_the_pool_holds_one_whole_request_and_never_more_than_every_window() -> None:
    """One stream is its window (vLLM refuses to start when one --max-model-len request cannot fit); short chat
    requests on a few streams still hold one whole window; an unknown typical request is every stream's window."""
    assert KvPool(streams=1, window=65_536, typical=CODING).tokens == 65_536
    chat = KvPool(streams=3, window=4_096, typical=1_020 + 129)
    assert chat.tokens >= 4_096 and chat.tokens < 3 * 4_096
    assert KvPool(streams=10, window=65_536).tokens == 655_360
    assert not KvPool(streams=2, window=8_192, typical=8_192).sized_on_typical  # typical at the window: both whole


def test_the_shared_pools_size_on_the_typical_request_and_others_keep_every_window() -> None:
    """vLLM's and SGLang's paged pools and llama-server's unified buffer (-kvu, round 45: its slots share -c cells,
    ggml-org/llama.cpp PR #16736, where the estimate chose it: Workload.kv_unified) hold the streams' typical requests
    together; llama-server's own-window slots (an explicit -np without -kvu) and HF transformers keep every stream at
    the window."""
    shape = {"context": 65_536, "batch": 10, "typical_tokens": CODING}
    assert pool_of({**shape, "engine": "vllm"}).sized_on_typical
    assert pool_of({**shape, "engine": "sglang"}).sized_on_typical
    local = pool_of({**shape, "engine": "llama.cpp", "kv_unified": True})
    assert local.sized_on_typical and local.unified
    assert not pool_of({**shape, "engine": "llama.cpp"}).sized_on_typical  # slots of their own
    assert not pool_of({**shape, "engine": "vllm"}).unified
    assert not pool_of({**shape, "engine": "transformers"}).sized_on_typical
    one = pool_of({**shape, "batch": 1, "engine": "llama.cpp", "kv_unified": True})
    assert not one.unified  # one slot: its window, no -kvu


def test_the_estimate_and_the_launch_read_one_pool_and_one_share(catalog: Catalog) -> None:
    """gpt-oss-120b MXFP4 for ten coding streams on one 96 GB RTX PRO 6000 Max-Q under vLLM: the KV cache is the
    pool's (about 4.6 GiB less than ten whole windows, its full-attention layers at 36,864 bytes a token), the launch
    asks for the same streams and window, and the share the estimate's usable memory reads is the one the launch
    passes (vLLM's default 0.9)."""
    model = catalog.records["models"]["gpt-oss-120b"]
    gpu = catalog.records["gpus"]["rtx-pro-6000-blackwell-max-q"]
    assert isinstance(model, ModelArch)
    whole = Workload(kind="inference", precision="mxfp4", engine="vllm", context=65_536, batch=10)
    typical = whole.model_copy(update={"typical_tokens": CODING})
    every = estimate(model, whole, gpu, 1)
    pooled = estimate(model, typical, gpu, 1)
    saved = (every.peak_gpu.breakdown.kv_cache - pooled.peak_gpu.breakdown.kv_cache) / GIB
    assert 4.0 < saved < 5.0
    assert pooled.fits and pooled.per_gpu_bytes < every.per_gpu_bytes
    usable = pooled.peak_gpu.usable_bytes or 0
    assert usable == int(gpu.memory_gib * GIB * VLLM_GPU_MEMORY_UTILIZATION)
    command = launch_command(model, pooled)["command"]
    assert "--max-num-seqs 10" in command and "--max-model-len 65536" in command
    assert f"--gpu-memory-utilization {VLLM_GPU_MEMORY_UTILIZATION:g}" in command
    said = [s for s in pooled.assumptions if "paged KV pool" in str(s)]
    assert said, pooled.assumptions
    # llama-server (round 45): on this 96 GB card the ten slots' own 64k windows fit, so they keep them (no
    # cross-slot attention); launched with one unified buffer (-kvu) it holds the same pool as vLLM, -c its cells
    local = estimate(model, typical.model_copy(update={"engine": "llama.cpp"}), gpu, 1)
    assert local.workload.get("kv_unified") is False and local.fits
    assert local.peak_gpu.breakdown.kv_cache == every.peak_gpu.breakdown.kv_cache
    assert "-c 655360 " in launch_command(model, local)["command"]
    shared = estimate(model, typical.model_copy(update={"engine": "llama.cpp", "kv_unified": True}), gpu, 1)
    assert shared.peak_gpu.breakdown.kv_cache == pooled.peak_gpu.breakdown.kv_cache
    assert "-c 522712 " in launch_command(model, shared)["command"]


def test_the_served_rate_reads_the_streams_typical_requests_back(catalog: Catalog) -> None:
    """The depth a decode step reads back (common.serving_pool.decode_depth), the rate SERVE's keeps-up rule judges:
    a stated prompt and half the reply, else the pool's typical request, else half the window. Ten coding streams of
    42,480 tokens in a 64k window read 42,480 a stream, not 32,768: gpt-oss-120b on one RTX PRO 6000 Max-Q decodes
    slower for it (each step reads ~3.5 GB more of KV cache in its 18 full-attention layers)."""
    from configurator.core.common.serving_pool import decode_depth

    assert decode_depth(65_536, None, None) == 32_768
    assert decode_depth(65_536, None, CODING) == CODING
    assert decode_depth(65_536, 42_000, CODING) == (65_536 + 42_000) // 2  # a stated prompt is the request's own
    assert decode_depth(4_096, None, 9_000) == 4_096  # never past the window
    model = catalog.records["models"]["gpt-oss-120b"]
    gpu = catalog.records["gpus"]["rtx-pro-6000-blackwell-max-q"]
    assert isinstance(model, ModelArch)
    whole = Workload(kind="inference", precision="mxfp4", engine="vllm", context=65_536, batch=10)
    half = estimate(model, whole, gpu, 1).decode_tokens_per_s or 0.0
    typical = estimate(model, whole.model_copy(update={"typical_tokens": CODING}), gpu, 1).decode_tokens_per_s or 0.0
    assert 0.8 * half < typical < 0.95 * half


def test_a_team_request_carries_its_typical_request() -> None:
    """The plan (plan._typical_request) gives a team's request the tokens its typical request holds by its end, the
    usage's prompt and reply (costs.api.request_shape): twenty coding seats 42,000 + 480 in their 64k window, chat
    seats the chat trace's median 1,020 + 129, capped by a typed context; a request with no usage or seats named (a
    bare --batch) keeps every stream at the window."""
    from configurator.core.costs.tco import OwnershipInputs
    from configurator.core.model.request import BuildRequest
    from configurator.core.solve.plan import _typical_request

    request = BuildRequest(model_id="gpt-oss-120b", workload=Workload(kind="inference"))
    coding = _typical_request(request, OwnershipInputs(usage="coding-agent", seats=20), 65_536)
    assert coding.workload.typical_tokens == CODING
    chat = _typical_request(request, OwnershipInputs(usage="chat", seats=50), None)
    assert chat.workload.typical_tokens == 1_020 + 129
    typed = request.model_copy(update={"workload": Workload(kind="inference", context=16_384)})
    assert _typical_request(typed, OwnershipInputs(usage="coding-agent", seats=5), None).workload.typical_tokens == (
        16_384
    )
    assert _typical_request(request, OwnershipInputs(), None).workload.typical_tokens is None
    assert _typical_request(request, None, None).workload.typical_tokens is None
