"""The "other vendors" held-out rows split by their causes (issue #29, vendor40): benchmarks/accuracy.py prints the
regime's rows by GPU family, engine with llama.cpp's backend, batch and model size, so a miss is read as a backend
fact's, an engine's or a card's before any share moves. These tests hold the split to the regime it splits."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.storage import catalogs
from tests.helpers import accuracy_benchmark
from tests.reference import kind_rows, points


@pytest.fixture(scope="module")
def catalog() -> Any:
    return catalogs.load(include_user=False).catalog


@pytest.fixture(scope="module")
def accuracy() -> Any:
    return accuracy_benchmark()


def test_a_row_s_facets_name_its_family_and_backend(catalog: Any, accuracy: Any) -> None:
    """issue #26663's RX 9070 XT Vulkan row (RDNA 4, llama.cpp's Vulkan backend, one stream, Qwen3-8B) and Oracle's
    vLLM Llama 3.1 405B on 8 x MI300X at 16 users (CDNA 3, vLLM, batched, over 100B)."""
    held = points("decode_speed", catalog, kind_rows("decode_speed", "holdout"))
    vulkan = next(
        p for p in held if p.label.startswith("qwen3-8b q4_k_m llama.cpp 1xrx-9070-xt") and "backend:vulkan" in p.tags
    )
    assert accuracy._other_vendor_facets(vulkan, catalog) == {
        "family": "RDNA 4",
        "engine": "llama.cpp vulkan",
        "batch": "single stream",
        "size": "under 10B",
        "release": "llama.cpp 2026",  # build b10298 of August 2026 (the row's llamacpp_date)
    }
    oracle = next(p for p in held if p.label == "llama-3.1-405b fp8 vllm 8xmi300x ctx=256 b=16")
    assert accuracy._other_vendor_facets(oracle, catalog) == {
        "family": "CDNA 3",
        "engine": "vllm",
        "batch": "batched",
        "size": "over 100B",
        "release": "vllm not named",  # Oracle's blog of October 2024 names no vLLM release
    }


@pytest.mark.parametrize("kind", ["decode_speed", "prefill_speed"])
def test_every_facet_splits_the_same_held_out_rows(catalog: Any, accuracy: Any, kind: str) -> None:
    held = points(kind, catalog, kind_rows(kind, "holdout"))
    regime = [
        p for p in held if p.estimated and accuracy.OTHER_VENDORS in accuracy.speed_regimes(p.label, catalog, p.tags)
    ]
    assert len(regime) >= 10
    lines = accuracy.other_vendor_split(held, catalog, kind)
    assert [line.split(":")[0] for line in lines] == [f"other vendors by {f}" for f in accuracy.OTHER_VENDOR_FACETS]
    for facet, line in zip(accuracy.OTHER_VENDOR_FACETS, lines, strict=True):
        groups: dict[str, list[Any]] = {}
        for p in regime:
            groups.setdefault(accuracy._other_vendor_facets(p, catalog)[facet], []).append(p)
        assert sum(len(v) for v in groups.values()) == len(regime)
        for name, pts in groups.items():
            assert f"{name} {accuracy.assigned_coverage(pts, kind, catalog):.0%} ({len(pts)};" in line
