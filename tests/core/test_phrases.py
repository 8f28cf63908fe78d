"""The core's code-less sentences in Chinese (#31, core.report.phrases): a label's claims and kind, a part's reason,
a price note, a check's finding; English is returned untouched, and a clause no pattern knows stays as it came."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest, circuits_said
from configurator.core.report import phrases, words
from configurator.core.rules.base import instance
from configurator.core.rules.cooling import CoresPerGpu
from configurator.core.solve.plan import plan
from configurator.core.solve.ranking import label_text

CORES = instance(CoresPerGpu)


def _labelled(*claims: Reason, kinds: tuple[Reason, ...] = ()) -> Build:
    """A build as the ranking labels it (only what a label reads: its claims and kinds, and their English)."""
    return Build.model_construct(label=label_text(claims, kinds), claims=claims, kinds=kinds)


@pytest.mark.parametrize(
    ("build", "english", "chinese"),
    [
        (
            _labelled(Reason.of("claim.cheapest"), kinds=(Reason.of("kind.eol-rocm", arch="gfx906"),)),
            "cheapest (past ROCm support: gfx906 maintenance ended in 2024)",
            "最便宜（已过 ROCm 支持期：gfx906 维护于 2024 年结束）",
        ),
        (
            _labelled(Reason.of("claim.fastest-within-budget"), Reason.of("claim.value")),
            "fastest within budget; best value",
            "预算内最快；性价比最高",
        ),
        (_labelled(Reason.of("claim.cheapest-with", name="RTX 3090")), "cheapest with RTX 3090", "RTX 3090 中最便宜"),
        (
            _labelled(Reason.of("claim.quietest"), kinds=(Reason.of("kind.unified", name="Mac Studio M3 Ultra"),)),
            "quietest (ready-made: Mac Studio M3 Ultra)",
            "最安静（整机：Mac Studio M3 Ultra）",
        ),
        (_labelled(), "alternative", "备选"),
        (
            _labelled(kinds=(Reason.of("kind.in-ram", moe=True), Reason.of("kind.eol-cuda", arch="Pascal"))),
            "with the experts in RAM, past CUDA support: CUDA 13 dropped Pascal",
            "MoE 专家放在内存，已过 CUDA 支持期：CUDA 13 不再支持 Pascal",
        ),
    ],
)
def test_labels(build: Build, english: str, chinese: str) -> None:
    assert build.label == english  # the English of the codes (solve.ranking.label_text)
    with words.language("zh_CN"):
        assert phrases.label(build) == chinese
    assert phrases.label(build) == english  # outside zh_CN: the core's own words


def test_the_request_summarys_gpus_and_circuits_are_said_from_codes() -> None:
    """The request summary's GPUs and circuits were the last words read back by patterns; they are codes since #33
    (request.gpus-any, request.circuits: tests/unit/test_source_codes.py)."""
    gpus = Reason.of("request.gpus-any", most=4)
    circuits = circuits_said("120v15a", 2)
    assert (english(gpus), english(circuits)) == ("any, at most 4 per machine", "2 x 120 V 15 A (US outlet)")
    with words.language("zh_CN"):
        assert (words.say(gpus), words.say(circuits)) == ("不限，每台最多 4 张", "2 路 120 V 15 A（美国插座）")


def test_a_checks_finding_is_said_from_its_code_not_its_english() -> None:
    """Every finding has Chinese words keyed by its rule and code (test_check_words); the patterns no longer know the
    findings' English (#33)."""
    finding = CORES.say("warn", "cores", cores=8, gpus=2)
    assert finding.message == "8 cores for 2 GPUs (4 per GPU, 16 for a multi-GPU box)"
    assert (
        CORES.say("warn", "cores", cores=6, gpus=1).message == "6 cores for 1 GPU (4 per GPU, 16 for a multi-GPU box)"
    )
    with words.language("zh_CN"):
        assert phrases.check(finding) == "8 核对应 2 块 GPU（每块 GPU 4 核，多卡机器 16 核）"
        assert phrases.sentence(finding.message) != phrases.check(finding)


def test_a_clause_the_table_lacks_stays_as_it_came() -> None:
    """A text the table of whole phrases knows clause by clause is said in Chinese; one with a clause it lacks is
    shown whole as written, never half in Chinese (#33: "任意，at most ...", a citation's URL given full-width
    brackets)."""
    with words.language("zh_CN"):
        assert phrases.sentence("inference, default") == "推理，默认"
        assert phrases.sentence("a brand new finding; inference") == "a brand new finding; inference"
        url = (
            "Cybenetics LAMBDA noise classes (average over the load range): http://cybenetics.com/?option=lambda-(psus)"
        )
        assert phrases.sentence(url) == url
        assert phrases.sentence("AMD Radeon Instinct MI50 32GB") == "AMD Radeon Instinct MI50 32GB"  # a name as sold


def test_the_usual_gguf_kind_of_a_label_reads_chinese(catalog: Catalog) -> None:
    """A machine without a GPU (and the cheapest with one card) runs an inference request without --precision at
    Q4_K_M and says so in its label (plan.USUAL_GGUF); under zh_CN it was the largest English left in the window
    (benchmarks/translated.py: 80 + 72 + 24 clauses of 11,839). The label is rendered from its codes (#33)."""
    result = plan(BuildRequest(model_id="qwen3-14b", workload=Workload(kind="inference")), catalog)
    usual = [b for b in result.builds if any(k.code == "kind.usual-gguf" for k in b.kinds)]
    assert usual, [b.label for b in result.builds]
    with words.language("zh_CN"):
        for build in usual:
            said = phrases.label(build)
            assert "Q4_K_M" in said and "常用的 GGUF" in said and "usual" not in said, said


def test_why_a_named_system_is_not_shown_reads_chinese() -> None:
    """A system named in Only GPUs and left out says why in the plan's notes (#31); the window shows them in Chinese."""
    # a note is a code (note.left-out, #33): its Chinese is rendered from it, the system's name kept as sold
    budget = Reason.of("system.budget", price=350000.0, currency="USD", budget=6000.0)
    slow = Reason.of("system.speed", tps=4.6, asked=10.0)
    with words.language("zh_CN"):
        assert words.say(Reason.of("note.left-out", name="NVIDIA DGX H100 (8x H100 SXM5 80 GB)", why=budget)) == (
            "NVIDIA DGX H100 (8x H100 SXM5 80 GB)：350,000 USD，超出 6,000 USD 的预算"
        )
        assert words.say(Reason.of("note.left-out", name="Mac", why=slow)) == "Mac：4.6 token/秒，低于要求的 10"


def test_an_offer_over_several_builds_above_is_said_once() -> None:
    """Llama 3.1 8B full fine-tune within 60 h (round 30, deadline30's finding): 3 x RTX PRO 6000 Max-Q offered more
    speed than #1, #3 and #4 and a card #2 lacks, and its label read "alternative (more speed, NVIDIA RTX PRO 6000
    Blackwell Max-Q Workstation Edition, more speed, more speed)"."""
    card = "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"
    offers = (
        Reason.of("offer.faster", tps=5468.2, training=True, rank=1),
        Reason.of("offer.card", name=card, rank=2),
        Reason.of("offer.faster", tps=5468.2, training=True, rank=3),
        Reason.of("offer.faster", tps=5468.2, training=True, rank=4),
    )
    text = label_text((), (), offers)
    assert text == f"alternative (more speed, {card})", text
    build = Build.model_construct(label=text, claims=(), kinds=(), offers=offers)
    with words.language("zh_CN"):
        zh, faster = phrases.label(build), words.offer_word(offers[0])
    assert zh == f"备选（{faster}，{card}）", zh
