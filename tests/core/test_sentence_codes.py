"""The plan's notes, the upgrades, the fit, the noise, buy-or-rent's assumptions, the assembly notes and the estimate's
steps and assumptions are codes and fields (#33): each English text is what its code renders to, the Chinese shown is
what the code renders to in Chinese, and nothing decides by the words (a mixed build drops the one-more hint by its
code; a cluster plan names its runner in the optimizer step's fields)."""

from __future__ import annotations

import json
import pickle
import re
from html import escape
from types import SimpleNamespace
from typing import Any

import pytest

from configurator.core.common.reasons import Reason, english, from_json
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.host import host_from_bandwidth
from configurator.core.estimate.mixed import estimate_mixed
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.parallel import _runner_named, inter_node_link, plan_estimate
from configurator.core.estimate.result import Step
from configurator.core.estimate.unified import system_gpu
from configurator.core.estimate.workload import Workload
from configurator.core.model import noise
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.report.fit import fit_of
from configurator.core.report.purchase import SheetMeta, estimate_said, estimate_summary
from configurator.core.report.sheet import assembly_notes, assembly_said, build_sheet_html
from configurator.core.solve.mixed import without_one_more
from configurator.core.solve.plan import plan

CHINESE = re.compile(r"[\u4e00-\u9fff]")


def zh(reason: Reason) -> str:
    with words.language("zh_CN"):
        return words.say(reason)


# --------------------------------------------------------------------------- fast: codes and their words


def test_a_note_says_in_both_languages_what_its_code_says() -> None:
    left_out = Reason.of(
        "note.left-out",
        name="Mac Studio (M2 Ultra)",
        why=Reason.of("system.budget", price=5599.0, currency="USD", budget=3000.0),
    )
    assert english(left_out) == "Mac Studio (M2 Ultra): 5,599 USD, over the budget of 3,000 USD"
    assert zh(left_out) == "Mac Studio (M2 Ultra)：5,599 USD，超出 3,000 USD 的预算"
    own = Reason.of("note.own-cannot", count=2, name="RTX 3090", why=(Reason.of("gpu.no-build"),), way=None)
    assert english(own) == (
        "your own 2 x RTX 3090 cannot run this as asked (no build with it passes every rule within the budget); "
        "these builds leave them out"
    )
    assert "在预算内没有使用它并通过所有规则的配置" in zh(own)
    assert english(from_json({"code": "note.rack-scale", "fields": {}})).startswith("rack-scale NVLink systems")


def test_an_upgrade_says_in_both_languages_what_its_code_says() -> None:
    one_more = Reason.of(
        "upgrade.one-more",
        gpu="NVIDIA GeForce RTX 3080 Ti",
        needs=(Reason.of("need.case-gpus", n=2), Reason.of("need.psu", watts=1200)),
        gain=Reason.of("gain.memory"),
    )
    assert english(one_more) == (
        "one more NVIDIA GeForce RTX 3080 Ti: a case that holds 2 GPUs; a PSU of at least 1200 W (or two); gives more "
        "memory for context and users (a layer split adds no single-stream speed)"
    )
    assert zh(one_more) == (
        "再加一张 NVIDIA GeForce RTX 3080 Ti：装得下 2 张 GPU 的机箱；至少 1200 W 的电源（或两个）；"
        "收益：更多显存给上下文和用户（分层切分不提高单流速度）"
    )


def test_a_mixed_build_drops_the_one_more_hint_by_its_code() -> None:
    psu = Reason.of("upgrade.psu", watts=750.0, load=0.73)
    hints = (Reason.of("upgrade.one-more", gpu="X", needs=(), gain=None), psu, Reason.of("upgrade.ram", gb=48.0))
    assert [u.code for u in without_one_more(hints)] == ["upgrade.psu", "upgrade.ram"]
    # reworded, the hint is still dropped: the code decides, not its words
    assert without_one_more((Reason.of("upgrade.one-more-machine", gpu="A100", gpus=8), psu)) == (psu,)


def test_a_cluster_names_its_runner_in_the_optimizer_steps_fields() -> None:
    said = Reason.of(
        "est.optimizer", optimizer="adamw", runner="transformers", bytes=12.0, master=True, paged=False, fused=False
    )
    step = Step(topic="optimizer", text=english(said), said=said)
    base: Any = SimpleNamespace(workload={"kind": "pretrain", "optimizer": "adamw"})
    layout: Any = SimpleNamespace(tensor=8, pipeline=4, context=1, nodes=4, zero_stage=1, expert=1)
    named = _runner_named(step, layout, base)
    assert named.said is not None and named.said.fields["runner"] != "transformers"
    assert named.text == english(named.said)
    assert named.text.startswith(f"adamw under {named.said.fields['runner']}: 12 bytes per trainable parameter")
    # a step whose words merely look like the optimizer's is left alone: nothing is read back out of the text
    words_only = Step(topic="optimizer", text=step.text, said=None)
    assert _runner_named(words_only, layout, base) is words_only


# --------------------------------------------------------------------------- an estimate's steps and assumptions


@pytest.fixture(scope="module")
def layered(catalog: Any) -> Any:
    model = catalog.records["models"]["llama-3.3-70b"]
    gpu = catalog.records["gpus"]["rtx-3090"]
    return estimate(model, Workload(kind="inference", precision="q4_k_m", engine="llama.cpp"), gpu, 2)


def test_a_step_and_an_assumption_say_in_both_languages_what_their_codes_say(layered: Any) -> None:
    coded = [s for s in layered.steps if s.said is not None]
    assert {s.said.code for s in coded} >= {"est.layer-split", "est.layer-decode", "est.prefill", "est.total"}
    for step in coded:
        assert step.text == english(step.said)
        assert CHINESE.search(zh(step.said)), step.said.code
    said = layered.assumptions_said()
    assert tuple(english(a) for a in said) == layered.assumptions
    assert {"est.serving", "est.peaks", "est.llama-embedding"} <= {a.code for a in said}
    serving = next(a for a in said if a.code == "est.serving")
    assert zh(serving).startswith("推理引擎 llama.cpp；每个序列上下文 ")


def _varied_estimates(catalog: Any) -> dict[str, Any]:
    """Estimates a buyer meets: dense and MoE inference on one or several GPUs, experts and layers in RAM, CPU only,
    unified memory, speculative decoding, different cards, LoRA, QLoRA and sharded full fine-tuning."""
    models, gpus = catalog.records["models"], catalog.records["gpus"]
    llama8, llama70, qwen_moe = models["llama-3.1-8b"], models["llama-3.3-70b"], models["qwen3-30b-a3b"]
    q4: dict[str, Any] = {"kind": "inference", "precision": "q4_k_m", "engine": "llama.cpp"}
    host = host_from_bandwidth(89.6, capacity_gb=512, cpu_tflops=2.0, pcie_gen=4)
    mac = next(s for s in catalog.kind("systems") if s.unified is not None)
    return {
        "layers": estimate(llama70, Workload(**q4, context=32768), gpus["rtx-3090"], 2),
        "tensor": estimate(
            llama70, Workload(kind="inference", precision="fp8", engine="vllm", batch=16), gpus["h100-sxm"], 4
        ),
        "moe loop": estimate(
            qwen_moe, Workload(kind="inference", precision="bf16", engine="transformers"), gpus["h100-sxm"], 1
        ),
        "experts in RAM": estimate_on_host(
            models["deepseek-r1"], Workload(**q4, cpu_experts=True), gpus["rtx-4090"], 1, host
        ),
        "cpu only": estimate_on_host(llama8, Workload(**q4), None, 0, host),
        "unified": estimate(llama70, Workload(**q4), system_gpu(mac)),
        "draft": estimate(llama70, Workload(**q4, speculative="draft"), gpus["rtx-3090"], 2),
        "mixed": estimate_mixed(llama70, Workload(**q4), [gpus["rtx-3090"], gpus["rtx-4090"]]),
        "lora": estimate(llama8, Workload(kind="finetune", method="lora", tokens=1e8), gpus["rtx-4090"], 1),
        "qlora": estimate(
            models["qwen2.5-32b"], Workload(kind="finetune", method="qlora", tokens=1e8), gpus["rtx-3090"], 1
        ),
        "full zero-3": estimate(
            llama8, Workload(kind="finetune", method="full", tokens=1e9, zero=3, offload="cpu"), gpus["h100-sxm"], 8
        ),
        "cluster": plan_estimate(
            llama70, Workload(kind="pretrain", tokens=1e11), gpus["h100-sxm"], 4, 8, inter_node_link(400)
        )[1],
    }


def test_every_step_and_assumption_of_an_estimate_a_buyer_meets_is_a_code(catalog: Any) -> None:
    """The window's and the sheet's "how this is computed" is rendered from codes: no step or assumption of these
    estimates is its own English words (est.said), and each reads in Chinese under zh_CN."""
    for name, e in _varied_estimates(catalog).items():
        uncoded = [s.text for s in e.steps if s.said is None]
        assert not uncoded, (name, uncoded)
        assumed = e.assumptions_said()
        assert not [a for a in assumed if a.code == "est.said"], name
        for said in [s.said for s in e.steps] + list(assumed):
            assert said is not None
            assert CHINESE.search(zh(said)), (name, said.code)


def test_the_steps_a_buyer_reads_most_are_chinese(catalog: Any) -> None:
    estimates = _varied_estimates(catalog)
    kv = next(s.said for s in estimates["layers"].steps if s.topic == "kv_cache")
    assert english(kv) == (
        "KV cache = 4096 bytes per token per layer (GQA (64 query / 8 KV heads), fp16) x 80 attention layers x 32768 "
        "tokens x 1 sequence(s) = 10.00 GiB"
    )
    assert zh(kv) == (
        "KV 缓存 = 每 token 每层 4096 字节（GQA（64 个查询头 / 8 个 KV 头），fp16）x 80 个注意力层 x 32768 token x "
        "1 个序列 = 10.00 GiB"
    )
    decode = next(s.said for s in estimates["tensor"].steps if s.said and s.said.code == "est.decode")
    assert zh(decode).startswith("解码单步 = 取较慢者（权重：")
    assert zh(decode).endswith("token/秒")
    placed = next(s.said for s in estimates["experts in RAM"].steps if s.topic == "offload")
    assert (
        zh(placed)
        == "61 层中 61 层在 GPU 上（-ngl），切分 [61]；前 61 层的专家放在内存（--n-cpu-moe 61）；系统内存中 367.41 GiB"
    )
    time = next(s.said for s in estimates["qlora"].steps if s.topic == "time")
    assert zh(time).startswith("GPU 小时 = ") and "MFU = " in zh(time)


# --------------------------------------------------------------------------- a whole plan: notes, upgrades, sheet


@pytest.fixture(scope="module")
def named(catalog: Any) -> tuple[Any, BuildRequest]:
    """A 3090 against a Mac Studio on a budget the Mac Studio is over: a note says why it is not shown."""
    request = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=("rtx-3090", "mac-studio-m2-ultra-76c-192gb"),
        budget=2500,
    )
    return plan(request, catalog), request


@pytest.mark.slow
def test_the_plans_notes_are_their_codes_in_both_languages(named: tuple[Any, BuildRequest]) -> None:
    result, _request = named
    assert result.said and result.notes == tuple(english(r) for r in result.said)
    left_out = [r for r in result.said if r.code == "note.left-out"]
    assert left_out and left_out[0].fields["name"].startswith("Apple Mac Studio")
    assert "超出" in zh(left_out[0])  # over the budget, in Chinese from the code (no pattern translates it)
    shown = result.to_json()
    assert shown["notes"] == list(result.notes)
    assert [english(from_json(c)) for c in shown["note_codes"]] == shown["notes"]


@pytest.mark.slow
def test_upgrades_fit_noise_costs_and_assembly_are_their_codes(named: tuple[Any, BuildRequest]) -> None:
    result, request = named
    build = next(b for b in result.builds if b.upgrades_said)
    assert build.upgrades == tuple(english(u) for u in build.upgrades_said)
    assert build.upgrades_said[0].code.startswith("upgrade.one-more")
    fit = fit_of(build, request)
    assert all(s.value == english(s.said) for s in fit.settings if s.said is not None)
    sound = noise.build_noise(build)
    assert sound.text() == english(sound.said()) and sound.breakdown() == [english(r) for r in sound.breakdown_said()]
    costs = build.cost_of_ownership or {}
    assert costs["assumptions"] == [english(from_json(a)) for a in costs["assumption_codes"]]
    assert assembly_notes(build) == [(english(r), c) for r, c in assembly_said(build)]
    assert estimate_summary(build) == "; ".join(english(r) for r in estimate_said(build))
    with words.language("zh_CN"):
        html = build_sheet_html(build, request, SheetMeta(language="zh_CN"))
        expected = [
            *(words.say(from_json(a)) for a in costs["assumption_codes"]),
            *(words.say(r) for r, _ in assembly_said(build)),
            words.say(sound.said()),
            words.say_all(estimate_said(build)),
            phrases.fit_sentence(fit),
        ]
    for text in expected:
        assert CHINESE.search(text), text
        assert escape(text) in html, text


def test_a_steps_english_reaches_every_copy_of_the_estimate(catalog: Any) -> None:
    """A step's English is rendered when first read (#34: a plan estimates thousands of builds and shows five), yet
    the build a PDF export or a saved project carries in JSON, a copy handed between processes (the map's workers)
    and the step itself compare, hash and read as a step made with its text: topic, text, said, in that order."""
    for name, e in _varied_estimates(catalog).items():
        fresh = {name: e, "pickled": pickle.loads(pickle.dumps(e)), "copied": e.model_copy(deep=True)}
        for how, copy in fresh.items():
            steps = json.loads(copy.model_dump_json())["steps"]
            assert [list(s) for s in steps] == [["topic", "text", "said"]] * len(e.steps), (name, how)
            assert [s["text"] for s in steps] == [english(s.said) for s in e.steps if s.said is not None], (name, how)
        assert type(e).model_validate_json(e.model_dump_json()) == e, name
        for step in pickle.loads(pickle.dumps(e)).steps:
            assert step.said is not None
            written = Step(topic=step.topic, text=english(step.said), said=step.said)
            assert step == written and hash(step) == hash(written) and repr(step) == repr(written), name


def test_the_sheets_run_it_names_the_engine_release_in_its_language(catalog: Any) -> None:
    """Dr. Chen's 8 x RTX 2080 Ti 22GB serving Qwen2.5-32B on vLLM: the Chinese sheet's "运行命令" said "vllm, vLLM 0.14
    or later:" in English (walk19). The release is a code (launch.release) beside the JSON's "release" text."""
    from configurator.core.report.sheet import launch_section

    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", batch=20),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300_000,
        gpu_ids=("rtx-2080-ti-22gb",),
        max_gpus=8,
        exact_gpus=True,
        top_k=1,
    )
    build = plan(request, catalog).builds[0]
    assert build.launch["engine"] == "vllm" and build.launch["release"] == "vLLM 0.14 or later"
    assert english(from_json(build.launch["release_said"])) == build.launch["release"]
    assert "<p>vllm, vLLM 0.14 or later:</p>" in launch_section(build)
    with words.language("zh_CN"):
        chinese = launch_section(build)
    assert "<p>vLLM，vLLM 0.14 或更高版本：</p>" in chinese and "or later" not in chinese
