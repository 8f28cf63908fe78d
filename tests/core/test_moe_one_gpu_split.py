"""The "MoE one GPU" regime's held-out coverage split by its causes (issue #29, decode37): benchmarks/accuracy.py prints
the regime's rows by engine, GPU vendor, expert format, attention and batch, so a miss is read by what it shares with the
other misses before any constant moves. These tests hold the split to the regime it splits: every facet partitions the
same rows, and each group's share is the share of its own rows inside the range the estimate gives each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from configurator.storage import catalogs
from tests.helpers import accuracy_benchmark
from tests.reference import kind_rows, points

ROOT = Path(__file__).resolve().parents[2]
FACETS = ("engine", "vendor", "experts", "attention", "batch", "release")


@pytest.fixture(scope="module")
def catalog() -> Any:
    return catalogs.load(include_user=False).catalog


@pytest.fixture(scope="module")
def accuracy() -> Any:
    return accuracy_benchmark()


@pytest.fixture(scope="module")
def held(catalog: Any) -> list[Any]:
    return points("decode_speed", catalog, kind_rows("decode_speed", "holdout"))


def test_a_label_s_facets_are_read_from_its_model_gpu_and_engine(catalog: Any, accuracy: Any) -> None:
    # Gemma 4 26B-A4B (16-bit experts, GQA) under SGLang on one MI300X at 100 users; DeepSeek-V2-Lite (MLA) Q4_0 on a 3090
    amd = accuracy._moe_one_gpu_facets("gemma-4-26b-a4b bf16 sglang 1xmi300x ctx=1024 b=100", catalog)
    assert amd == {
        "engine": "sglang",
        "vendor": "AMD",
        "experts": "16-bit experts",
        "attention": "GQA/MHA",
        "batch": "batched",
        "release": "sglang not tagged",  # a label alone names no release (stored folds' points before moe42)
    }
    mla = accuracy._moe_one_gpu_facets("deepseek-v2-lite q4_0 llama.cpp 1xrtx-3090 ctx=512 b=1", catalog)
    assert (mla["vendor"], mla["experts"], mla["attention"], mla["batch"]) == (
        "NVIDIA",
        "quantized experts",
        "MLA",
        "single stream",
    )


def test_every_facet_splits_the_same_held_out_rows(catalog: Any, accuracy: Any, held: list[Any]) -> None:
    regime = [p for p in held if p.estimated and accuracy.MOE_ONE_GPU in accuracy.speed_regimes(p.label, catalog)]
    assert len(regime) >= 20  # the regime the split describes (29 held-out rows in round 37)
    lines = accuracy.moe_one_gpu_split(held, catalog)
    assert [line.split(":")[0] for line in lines] == [f"{accuracy.MOE_ONE_GPU} by {f}" for f in FACETS]
    for facet, line in zip(FACETS, lines, strict=True):
        groups: dict[str, list[Any]] = {}
        for p in regime:
            groups.setdefault(accuracy._moe_one_gpu_facets(p.label, catalog, p.tags)[facet], []).append(p)
        assert sum(len(v) for v in groups.values()) == len(regime)
        for name, pts in groups.items():
            share = accuracy.assigned_coverage(pts, "decode_speed", catalog)
            assert f"{name} {share:.0%} ({len(pts)};" in line


def test_the_tensor_parallel_split_partitions_its_own_rows(catalog: Any, accuracy: Any, held: list[Any]) -> None:
    # moe41: the "MoE tensor parallel" rows split by vendor, engine and batch the same way; its held-out MI300X rows
    # (dstack, InferenceX, SGLang's MiniMax) are its AMD group, apart from the NVIDIA rows its folds were derived from
    feature, facets = accuracy.MOE_TENSOR_PARALLEL_FEATURE, accuracy.MOE_TENSOR_PARALLEL_FACETS
    regime = [p for p in held if p.estimated and feature in accuracy.speed_regimes(p.label, catalog)]
    assert len(regime) >= 50
    lines = accuracy.moe_one_gpu_split(held, catalog, "decode_speed", feature, facets)
    assert [line.split(":")[0] for line in lines] == [f"{feature} by {f}" for f in facets]
    vendors = {accuracy._moe_one_gpu_facets(p.label, catalog)["vendor"] for p in regime}
    assert vendors == {"AMD", "NVIDIA"}
    for facet, line in zip(facets, lines, strict=True):
        groups: dict[str, list[Any]] = {}
        for p in regime:
            groups.setdefault(accuracy._moe_one_gpu_facets(p.label, catalog, p.tags)[facet], []).append(p)
        assert sum(len(v) for v in groups.values()) == len(regime)
        for name, pts in groups.items():
            assert f"{name} {accuracy.assigned_coverage(pts, 'decode_speed', catalog):.0%} ({len(pts)};" in line


def test_a_server_row_is_tagged_with_the_release_family_it_is_scored_at(catalog: Any, accuracy: Any) -> None:
    # moe42: the serving floors are the release family's (collectives.release_family), so each vLLM / SGLang point says
    # which family's constants scored it: a named 0.4 SGLang release is the "2025" family, an unnamed one the current
    # 0.5 family, vLLM 0.9 the "2025" family and v0.11.1 the full-CUDA-graph family
    base = {"model": "deepseek-r1", "precision": "fp8", "gpu": "h100-sxm", "gpus": 16, "context": 2048, "batch": 1}
    base |= {"measured_tokens_per_s": 19.0, "source": "https://github.com/sgl-project/sglang/issues/3656"}
    cases = [
        ({"engine": "sglang", "sglang_release": "0.4"}, "release:2025", "sglang 0.4.x"),
        ({"engine": "sglang"}, "release:sglang-0.5", "sglang 0.5 on"),
        ({"engine": "vllm", "vllm_release": "0.9"}, "release:2025", "vllm before 0.11"),
        ({"engine": "vllm", "vllm_release": "0.11.1"}, "release:vllm-0.11", "vllm 0.11 on"),
    ]
    for extra, tag, facet in cases:
        (point,) = points("decode_speed", catalog, [base | extra])
        assert point.tags[0] == tag  # then the release the row names (vendor43's `named:` tag), where it names one
        assert accuracy._moe_one_gpu_facets(point.label, catalog, point.tags)["release"] == facet
    llama = accuracy._moe_one_gpu_facets("deepseek-v2-lite q4_0 llama.cpp 1xrtx-3090 ctx=512 b=1", catalog)
    assert llama["release"] == "llama.cpp"


def test_the_held_out_single_stream_r1_rows_of_the_2025_family_miss_on_both_sides(
    catalog: Any, held: list[Any]
) -> None:
    # moe42 (issue #29's first bullet): one floor per release family reads the family's NVIDIA DeepSeek-R1 rows at one
    # user from both sides, so their miss is a spread within the family, not a bias of it. SGLang of February 2025 on
    # 16 x H100 (sgl-project/sglang #3656, 19 tokens/s; concurrency and lengths not stated) reads fast; vLLM of July 2025
    # (0.9.x) on 8 x H100 with AWQ experts (tenstorrent/tt-inference-server #356, 62.11 tokens/s) reads slow
    rows = {
        p.label: p
        for p in held
        if p.estimated and "release:2025" in p.tags and p.label.startswith("deepseek-r1") and p.label.endswith("b=1")
    }
    feb = rows["deepseek-r1 fp8 sglang 16xh100-sxm ctx=2048 b=1"]
    july = rows["deepseek-r1 awq-int4 vllm 8xh100-sxm ctx=256 b=1"]
    assert feb.estimated > 1.5 * feb.measured  # +75 % at the shipped constants (moe42)
    assert july.estimated < 0.6 * july.measured  # -45 %
