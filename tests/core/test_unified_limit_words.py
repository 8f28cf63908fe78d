"""A unified-memory machine's OS limit on GPU memory is a code with words in either language (walk14: the Chinese
window's Estimates tab read "the amdgpu driver lets the iGPU map half the RAM (GTT) by default; raise it with
amdgpu.gttsize / ttm.pages_limit", the catalog's note in English, among Chinese assumptions)."""

from __future__ import annotations

import re

import pytest

from configurator.core.catalog.models import System
from configurator.core.common.reasons import english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.unified import system_gpu
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.rules.base import Check
from configurator.core.rules.site import DataCenterNoise
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

CATALOG = catalogs.load(include_user=False).catalog
LATIN_WORDS = re.compile(r"\b(?:the|driver|lets|raise|wires|RAM for|sees|raises)\b")


@pytest.mark.parametrize(
    ("system_id", "chinese"),
    [
        ("gmktec-k8-plus-8845hs-32gb", "amdgpu 驱动限制核显可映射的内存（GTT）"),
        ("mac-studio-m1-ultra-64c-128gb", "macOS 默认只让 GPU 锁定一部分内存"),
        ("nvidia-dgx-spark", "CUDA 可见的内存略少于装机内存"),
    ],
)
def test_the_estimates_os_limit_reads_chinese_in_chinese(system_id: str, chinese: str) -> None:
    system = CATALOG.get("systems", system_id)
    assert isinstance(system, System) and system.unified is not None
    result = estimate(CATALOG.get("models", "qwen2.5-7b"), Workload(kind="inference", context=4096), system_gpu(system))
    said = next(a for a in result.assumption_codes if a.code == "est.unified")
    # English: the catalog's own note, as before
    assert english(said).endswith(f"unified memory: {system.unified.gpu_memory_note}")
    with words.language("zh_CN"):
        zh = words.say(said)
    assert chinese in zh and not LATIN_WORDS.search(zh), zh


def test_a_unified_machines_memory_check_reads_chinese_in_chinese() -> None:
    # the Mac's MEM-1 finding quoted the catalog's English note after its Chinese figures
    request = BuildRequest(
        model_id="qwen2.5-7b", workload=Workload(kind="inference", context=4096), gpu_ids=(), top_k=5
    )
    checks = [c for b in plan(request, CATALOG).builds for c in b.checks if c.fields.get("limit")]
    assert checks, "no unified-memory machine among the builds"
    for check in checks:
        assert str(check.fields["note"]) in check.message  # the English keeps the catalog's note
        zh = words.check_text(check, "zh_CN")
        assert str(check.fields["note"]) not in zh and not LATIN_WORDS.search(zh), zh


@pytest.mark.parametrize(
    ("noise", "chinese"), [("moderate", "满载时适中"), ("quiet", "满载时安静"), ("silent", "满载时静音")]
)
def test_a_small_boxs_noise_class_reads_chinese_in_chinese(noise: str, chinese: str) -> None:
    # the mini PC's NOISE-1 read "满载时moderate；无需组装" (its catalog noise class in English)
    for code in ("quiet-box", "quiet-system"):
        check = Check.model_construct(
            rule=DataCenterNoise.id, status="pass", message="", code=code, fields={"noise": noise}
        )
        assert words.check_text(check, "zh_CN").startswith(chinese + "；")
