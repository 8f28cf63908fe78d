"""A request that names no KV precision (#28): llama.cpp's default stays f16, and a long-context llama.cpp job is also
solved with a q8_0 cache, each such build saying so and launching with -ctk q8_0 -ctv q8_0 (plan._usual_kv_builds)."""

from __future__ import annotations

import argparse

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.args import add_plan_options, build_request, workload_from_args
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report import phrases, words
from configurator.core.solve.plan import plan


def _request(*options: str) -> BuildRequest:
    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(["--model", "llama-3.3-70b", "--workload", "inference", *options])
    return build_request(args, "llama-3.3-70b", workload_from_args(args))  # type: ignore[no-any-return]


def test_a_request_tells_a_kv_precision_not_given_from_fp16_asked() -> None:
    unsaid, asked = _request(), _request("--kv-precision", "fp16")
    assert unsaid.workload.kv_precision == asked.workload.kv_precision == "fp16"  # llama.cpp's own default
    assert not unsaid.kv_asked and asked.kv_asked


def _mina(kv_asked: bool) -> BuildRequest:
    """Mina's job (tests/expert/cases.py mina-owned-3090-pair): Llama 3.3 70B Q4_K_M at 32k on her own RTX 3090."""
    return BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        budget=2500,
        owned=(OwnedPart(category="gpu", id="rtx-3090", quantity=1),),
        room="home-office",
        kv_asked=kv_asked,
    )


def test_no_kv_precision_at_32k_also_offers_a_q8_0_cache_and_says_so(catalog: Catalog) -> None:
    """At f16, 42.5 GB of weights and 10.7 GB of cache do not fit two 24 GB cards; at q8_0 they do."""
    builds = plan(_mina(kv_asked=False), catalog).builds
    usual = [b for b in builds if any(k.code == "kind.usual-kv" for k in b.kinds)]
    assert usual, [b.label for b in builds]
    for build in usual:
        assert build.estimate.workload["kv_precision"] == "q8_0"
        assert "-ctk q8_0 -ctv q8_0" in (build.launch or {}).get("command", ""), build.launch
        assert "q8_0 KV cache: no --kv-precision given" in build.label
        with words.language("zh_CN"):
            assert "未指定 KV 缓存精度" in phrases.label(build)  # the window and sheet: no flag typed
    # her 3090 and a second 24 GB card: a second 3090, or since round 47 (land47: her card's mixes solved at q8_0 too,
    # plan._mixes_at) a used RTX A5000 or 3090 Ti beside it, whichever the budget and the labels keep
    assert any(b.gpu_count == 2 and "rtx-3090" in b.gpu_id.split("+") for b in usual), [b.label for b in usual]
    others = [b for b in builds if b not in usual]
    assert all(b.estimate.workload["kv_precision"] == "fp16" for b in others)


def test_fp16_asked_is_solved_at_fp16_only(catalog: Catalog) -> None:
    builds = plan(_mina(kv_asked=True), catalog).builds
    assert builds
    assert not any(k.code == "kind.usual-kv" for b in builds for k in b.kinds)
    assert all(b.estimate.workload["kv_precision"] == "fp16" for b in builds)
    assert not any("-ctk" in (b.launch or {}).get("command", "") for b in builds)
