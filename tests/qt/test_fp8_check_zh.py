"""The Chinese sheet and Checks tab say the FP8 check of an Ampere card in Chinese: the usual-served source (FP8 on
vLLM for more than four users) puts it on every such build, and Dr. Chen's printed sheet had it in English inside a
Chinese sentence ("vLLM fp8 weights 在 NVIDIA GeForce RTX 3090 Ti（Ampere）上：no FP8 tensor cores: vLLM stores FP8
weights ...", walk ui9, /work/wt/ui9-shots/pdf/chen-serve-zh_CN.txt)."""

from __future__ import annotations

import re

from configurator.core.estimate.workload import Workload
from configurator.core.report import words
from configurator.core.support import checks as support


def _sup3_text(lang: str) -> str:
    from configurator.storage import catalogs

    gpu = catalogs.load(include_user=False).catalog.records["gpus"]["rtx-3090-ti"]
    verdicts = support.check_stack(gpu, Workload(kind="inference", precision="fp8", engine="vllm", batch=20))
    said = next(v for v in verdicts if v.rule == "SUP-3")
    check = said.check()
    with words.language(lang):
        return words.check_text(check)


def test_the_fp8_marlin_check_reads_in_chinese() -> None:
    text = _sup3_text("zh_CN")
    assert "Marlin" in text and "W8A16" in text  # the names stay
    english = re.findall(r"\b[A-Za-z]{3,}(?: [a-z]{3,}\b)+", text)  # a run of English words
    assert english == [], text


def test_english_is_unchanged() -> None:
    assert "no FP8 tensor cores: vLLM stores FP8 weights" in _sup3_text("en")


def test_a_server_chassis_power_note_reads_in_chinese() -> None:
    """A GPU server chassis (no connector plan: its power modules feed the bays) had its sentence in English on the
    Chinese sheet: Dr. Chen's 8 x RTX A5000 build, build 4 of his students' plan (walk ui9)."""
    from configurator.core.report import sheet

    with words.language("zh_CN"):
        said = sheet.t(sheet.CHASSIS_FEEDS)
    assert said != sheet.CHASSIS_FEEDS and "电源模块" in said


def test_the_experts_in_ram_tier_labels_read_in_chinese() -> None:
    """DeepSeek-R1 Q4_K_M at 25,000 USD in the Chinese window: the tier builds' labels read '专家放在内存，8-channel
    Threadripper PRO / Xeon' (walk ui9, /work/wt/ui9-shots/r1-tiers-zh-1366.png)."""
    from configurator.core.common.reasons import Reason
    from configurator.core.solve import machines

    with words.language("zh_CN"):
        said = {tier.name: words.say(Reason.of("kind.experts-tier", tier=tier.name)) for tier in machines.TIERS}
    assert said["8-channel Threadripper PRO / Xeon"] == "专家放在内存，8 通道 Threadripper PRO / Xeon"
    assert said["desktop 2-channel"] == "专家放在内存，桌面 2 通道"
    for text in said.values():
        assert re.search(r"channel|desktop|socket", text) is None, text


def test_a_training_build_timed_for_the_reference_job_says_so_in_chinese() -> None:
    """Dr. Chen's LoRA sheet (no dataset size given) had the reference-job note in English under 假设 (walk ui9)."""
    from configurator.core.report import phrases
    from configurator.core.solve import plan

    note = (
        f"no --tokens given: timed for a reference job of {plan.REFERENCE_TOKENS / 1e6:,.0f} M tokens, so that builds "
        "are ranked by how fast they train; give --tokens for your own job"
    )
    with words.language("zh_CN"):
        said = phrases.sentence(note)
    assert "参考任务" in said and re.search(r"[a-z]{3,} [a-z]{3,}", said) is None, said
