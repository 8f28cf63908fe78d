"""A launch's title ("Run it (Unsloth, your script on one GPU)") is a code with typed fields (launch.*), rendered in the
user's language: the Chinese window and sheet said the English sentence (round 25). `plan --json`'s "engine" stays the
English it always was; "engine_said" is the addition."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import EN, Reason, english, from_json
from configurator.core.common.shapes import LaunchJson, ParallelismJson
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import FrameworkName
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command
from configurator.core.model.build import Build
from configurator.core.report import words
from configurator.core.report.sheet import launch_section

# layouts as the cluster planner writes them (estimate/parallel.py ParallelPlan.to_json): data parallel over two nodes,
# tensor, pipeline over two nodes, context parallel
LAYOUTS: tuple[ParallelismJson | None, ...] = (
    None,
    {"gpus": 16, "nodes": 2, "data": 16, "tensor": 1, "pipeline": 1, "context": 1, "zero_stage": 3},
    {"gpus": 8, "nodes": 1, "data": 4, "tensor": 2, "pipeline": 1, "context": 1},
    {"gpus": 16, "nodes": 2, "data": 4, "tensor": 2, "pipeline": 2, "context": 1, "virtual_stages": 2},
    {"gpus": 8, "nodes": 1, "data": 4, "tensor": 1, "pipeline": 1, "context": 2},
)
JOBS = (("finetune", "full"), ("finetune", "lora"), ("finetune", "qlora"), ("pretrain", "full"))
PRODUCT_NAMES = {
    "accelerate",
    "DeepSpeed",
    "ZeRO",
    "torchtune",
    "FSDP",
    "LLaMA",
    "Factory",
    "Megatron",
    "Bridge",
    "TRL",
    "axolotl",
    "Unsloth",
    "Answer",
    "fsdp_qlora",
    "LoRA",
    "QLoRA",
    "GPU",
    "CPU",
    "vLLM",
    "SGLang",
    "llama",
    "cpp",
    "transformers",
}
"""Words a Chinese title keeps: products and their features as their projects write them (no DDP, offload, nodes)."""
NAMES = ("model", "precision", "name", "layout", "runner", "engine")
"""Fields that hold a name as it is written (a model id, a precision, a framework's id, a TP x PP layout)."""


def _launches(catalog: Catalog) -> Iterator[LaunchJson]:
    """The launches a plan can print: every framework, job and layout, with and without ZeRO and CPU offload, QLoRA on
    NF4 and on an 8-bit base, LoRA on attention only with the embeddings trained; a model torchtune ships configs for and
    one it does not; and the serving engines."""
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(gpu, Gpu)
    for model_id in ("llama-3.1-8b", "qwen3-14b"):
        model = catalog.records["models"][model_id]
        assert isinstance(model, ModelArch)
        for framework, (kind, method), layout, gpus, zero, offload, base, narrow in itertools.product(
            FrameworkName.__args__,  # type: ignore[attr-defined]
            JOBS,
            LAYOUTS,
            (1, 2),
            (0, 3),
            ("none", "cpu"),
            ("nf4", "int8"),
            (False, True),
        ):
            if (
                (layout is not None and gpus == 2)
                or (base == "int8" and method != "qlora")
                or (narrow and method == "full")
            ):
                continue
            workload = Workload(
                kind=kind,  # type: ignore[arg-type]
                method=method,  # type: ignore[arg-type]
                framework=framework,
                precision=base if method == "qlora" else None,
                zero=zero,  # type: ignore[arg-type]
                offload=offload,  # type: ignore[arg-type]
                train_embeddings=narrow,
                lora_targets="attention" if narrow else "all-linear",
                context=2048,
                tokens=1e9 if kind == "pretrain" else None,
            )
            result = estimate(model, workload, gpu, int(layout["gpus"]) if layout else gpus)  # type: ignore[call-overload]
            yield launch_command(model, result, parallelism=layout, gpu=gpu)
    model = catalog.records["models"]["llama-3.1-8b"]
    assert isinstance(model, ModelArch)
    for engine, precision in (("llama.cpp", "q4_k_m"), ("vllm", "bf16"), ("sglang", "bf16"), ("transformers", "bf16")):
        yield launch_command(model, estimate(model, Workload(engine=engine, precision=precision), gpu, 1))  # type: ignore[arg-type]


def _names(title: Reason) -> set[str]:
    """The words of the names a title holds, its notes' and its why's too."""
    found = {w for k, v in title.args if k in NAMES and isinstance(v, str) for w in _latin(v)}
    for key in ("notes", "why", "launch"):
        for inner in title.nested(key):
            found |= _names(inner)
    return found


def _latin(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z_]{2,}", text))


def test_every_launch_title_is_its_code_in_english_and_chinese_in_chinese(catalog: Catalog) -> None:
    """Every title a plan can print: its English is the JSON's "engine" word for word (the contract), its Chinese keeps
    no English word but product names and the names it holds; and the grid reaches every launch title code."""
    codes: set[str] = set()
    titles: dict[str, str] = {}
    for launch in _launches(catalog):
        title = from_json(launch["engine_said"])
        assert english(title) == launch["engine"]
        with words.language("zh_CN"):
            chinese = words.say(title)
        left = _latin(chinese) - PRODUCT_NAMES - _names(title)
        assert not left, (launch["engine"], chinese)
        codes.add(title.code)
        for inner in (*title.nested("notes"), *title.nested("why"), *title.nested("launch")):
            codes.add(inner.code)
        titles[launch["engine"]] = chinese
    # not titles: a serving engine's release, and the build before the command on a card llama.cpp's prebuilt binaries
    # carry no code for (test_support's Pascal test reads it) or whose timed backend a download would not pin
    # (test_estimator_backends), and BF16 weights served as float16 on a card without
    # bfloat16 (test_launch_half), and the Ray cluster a vLLM server over several nodes starts first, and llama.cpp's Metal build on a Mac,
    # and the AITER switch a vLLM server on AMD Instinct sets first (test_cdna3_decode_facts)
    steps = {
        "launch.release",
        "launch.build-source",
        "launch.build-mixed",  # one build for the cards of a mix (test_mixed's RTX 3090 beside a Tesla P40)
        "launch.build-source-hip",
        "launch.build-hip",
        "launch.build-sycl",
        "launch.build-vulkan",
        "launch.fp16-served",
        "launch.ray-cluster",
        "launch.metal",
        "launch.rocm-aiter",
    }
    assert codes == {code for code in EN if code.startswith("launch.")} - steps
    assert len(titles) > 150
    assert titles["Unsloth, your script on one GPU"] == "Unsloth，在一张 GPU 上运行你的脚本"
    assert (
        titles["Unsloth, your script as DDP on 16 GPUs over 2 nodes"]
        == "Unsloth，在 16 张 GPU 上以数据并行运行你的脚本（2 个节点）"
    )
    assert titles["TRL + DeepSpeed ZeRO-3 (2 nodes) + CPU offload"] == "TRL + DeepSpeed ZeRO-3 + CPU 卸载（2 个节点）"
    assert titles["vllm"] == "vLLM"


def test_the_sheets_run_it_names_the_launch_in_the_sheets_language(catalog: Catalog) -> None:
    """The sheet's "Run it" line: the English as it always read, the Chinese from the code (its punctuation too); a
    launch saved before the code (no engine_said) keeps its English."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["rtx-4090"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    launch = launch_command(
        model, estimate(model, Workload(kind="finetune", method="qlora", framework="unsloth"), gpu, 1)
    )
    build = Build.model_construct(launch=launch)
    assert "<p>Unsloth, your script on one GPU:</p>" in launch_section(build)
    with words.language("zh_CN"):
        assert "<p>Unsloth，在一张 GPU 上运行你的脚本：</p>" in launch_section(build)
        saved = Build.model_construct(launch={k: v for k, v in launch.items() if k != "engine_said"})
        assert "<p>Unsloth, your script on one GPU：</p>" in launch_section(saved)
