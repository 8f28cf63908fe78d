"""The estimate's safety net (#34): the same `llm-rig estimate --json` and `--explain` requests on two checkouts,
compared byte for byte (benchmarks/plan_diff.py does this for plans).

    python benchmarks/estimate_diff.py BASE_CHECKOUT [--only LABEL]    # e.g. a `git archive main` of the base commit

Each request runs as a whole process under this interpreter with PYTHONPATH set to each checkout in turn; a request
whose outputs differ prints a unified diff of the two texts. Exit 1 when any differ.
"""

from __future__ import annotations

import argparse
import difflib
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INFER = ["--workload", "inference"]
REQUESTS: dict[str, list[str]] = {
    "70B q4 on two 3090s": [
        "--model",
        "llama-3.3-70b",
        *INFER,
        "--precision",
        "q4_k_m",
        "--gpu",
        "rtx-3090",
        "--gpus",
        "2",
    ],
    "8B bf16 on a 4090": ["--model", "llama-3.1-8b", *INFER, "--precision", "bf16", "--gpu", "rtx-4090"],
    "8B q8_0 16k batch 4 vLLM": [
        *("--model", "llama-3.1-8b", *INFER, "--precision", "int8", "--context", "16384", "--batch", "4"),
        *("--engine", "vllm", "--gpu", "rtx-4090"),
    ],
    "Mixtral 8x7B q4 (MoE) on a 3090": [
        "--model",
        "mixtral-8x7b",
        *INFER,
        "--precision",
        "q4_k_m",
        "--gpu",
        "rtx-3090",
    ],
    "Qwen3 30B-A3B (MoE) q4 experts in RAM": [
        *("--model", "qwen3-30b-a3b", *INFER, "--precision", "q4_k_m", "--gpu", "rtx-3060-12gb", "--cpu-experts"),
        *("--ram-bandwidth", "60"),
    ],
    "DeepSeek-V3 (MoE, MLA) fp8 on 8 H100": [
        *("--model", "deepseek-v3", *INFER, "--precision", "fp8", "--gpu", "h100-sxm", "--gpus", "8"),
    ],
    "Gemma 3 27B GGUF q4_k_m 32k q8_0 KV": [
        *("--model", "gemma-3-27b", *INFER, "--precision", "q4_k_m", "--context", "32768", "--kv-precision", "q8_0"),
        *("--gpu", "rtx-4090"),
    ],
    "70B q4 partial offload to CPU": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--gpu", "rtx-4090", "--cpu-layers", "40"),
        *("--ram-bandwidth", "80"),
    ],
    "8B QLoRA on a 3090": [
        "--model",
        "llama-3.1-8b",
        "--workload",
        "finetune",
        "--method",
        "qlora",
        "--gpu",
        "rtx-3090",
    ],
    "8B LoRA unsloth 1e8 tokens": [
        *("--model", "llama-3.1-8b", "--workload", "finetune", "--method", "lora", "--framework", "unsloth"),
        *("--tokens", "1e8", "--gpu", "rtx-4090"),
    ],
    "8B full finetune ZeRO-3 on 4 A100": [
        *("--model", "llama-3.1-8b", "--workload", "finetune", "--method", "full", "--zero", "3"),
        *("--gpu", "a100-80gb-sxm", "--gpus", "4", "--tokens", "1e9"),
    ],
    "1B pretrain on 8 H100": [
        *("--model", "llama-3.2-1b", "--workload", "pretrain", "--tokens", "1e11", "--context", "2048"),
        *("--gpu", "h100-sxm", "--gpus", "8"),
    ],
    "70B on a Mac Studio M3 Ultra (unified)": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--system", "mac-studio-m3-ultra-80c-512gb"),
    ],
    "Qwen3 235B on a Strix Halo (unified)": [
        *("--model", "qwen3-235b-a22b", *INFER, "--precision", "q2_k"),
        *("--system", "framework-desktop-ai-max-395-128gb"),
    ],
    "8B q4 CPU only (Ryzen, DDR5)": [
        *("--model", "llama-3.1-8b", *INFER, "--precision", "q4_k_m", "--gpus", "0", "--cpu", "ryzen-9-7950x"),
    ],
    "32B q4 on two 3090s, tensor split, draft": [
        *("--model", "qwen2.5-32b", *INFER, "--precision", "q4_k_m", "--gpu", "rtx-3090", "--gpus", "2"),
        *("--split", "tensor", "--speculative", "draft", "--draft-model", "qwen2.5-0.5b"),
    ],
    "405B int4 too big for one 4090": ["--model", "llama-3.1-405b", *INFER, "--precision", "int4", "--gpu", "rtx-4090"],
    "Gemma 4 31B from its config.json": [
        *("--model-config", "tests/data/configs/gemma-4-31b-it.json", *INFER, "--precision", "q4_k_m"),
        *("--gpu", "rtx-5090"),
    ],
    "unknown GPU (error)": ["--model", "llama-3.1-8b", *INFER, "--gpu", "rtx-9090"],
}
MODES = {"json": ["--json"], "explain": ["--explain"]}


def run(checkout: Path, args: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(checkout), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "configurator", "estimate", *args], capture_output=True, text=True, env=env, cwd=checkout
    )
    return f"{done.stdout}\n[exit {done.returncode}]\n{done.stderr}"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("base", type=Path, help="the other checkout (e.g. main exported with git archive)")
    parser.add_argument("--only", default="", help="run only requests whose label contains this")
    options = parser.parse_args()
    differing = 0
    for label, args in REQUESTS.items():
        if options.only not in label:
            continue
        for mode, flags in MODES.items():
            ours, theirs = run(REPO, [*args, *flags]), run(options.base.resolve(), [*args, *flags])
            same = ours == theirs
            differing += not same
            code = ours.rsplit("[exit ", 1)[-1].split("]")[0]
            print(
                f"{label:42} {mode:8} {'identical' if same else 'DIFFERS'}  exit {code}  {len(ours):6} bytes",
                flush=True,
            )
            if not same:
                diff = difflib.unified_diff(theirs.splitlines(), ours.splitlines(), "base", "here", lineterm="", n=1)
                print("\n".join(list(diff)[:60]))
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
