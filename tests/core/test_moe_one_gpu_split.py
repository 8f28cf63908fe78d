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
FACETS = ("engine", "vendor", "experts", "attention", "batch")


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
            groups.setdefault(accuracy._moe_one_gpu_facets(p.label, catalog)[facet], []).append(p)
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
            groups.setdefault(accuracy._moe_one_gpu_facets(p.label, catalog)[facet], []).append(p)
        assert sum(len(v) for v in groups.values()) == len(regime)
        for name, pts in groups.items():
            assert f"{name} {accuracy.assigned_coverage(pts, 'decode_speed', catalog):.0%} ({len(pts)};" in line
