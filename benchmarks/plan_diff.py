"""The safety net of issue #34: the same `llm-rig plan --json` requests on two checkouts, compared byte for byte.

    python benchmarks/plan_diff.py BASE_CHECKOUT [--only LABEL] [--added KEY ...]   # base: `git archive main`

Each request runs as a whole process under this interpreter with PYTHONPATH set to each checkout in turn (this
checkout first); a request whose outputs differ prints a unified diff of the two JSON texts. Exit 1 when any differ.
`--added KEY` takes a key this checkout adds to the contract (additions are allowed) out of its output, wherever it
appears, before comparing: what is left must still be byte-identical.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INFER = ["--workload", "inference"]
REQUESTS: dict[str, list[str]] = {
    "8B $1,500": ["--model", "llama-3.1-8b", *INFER, "--precision", "q4_k_m", "--budget", "1500"],
    "Mina 70B own 3090": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--context", "32768"),
        *("--kv-precision", "q8_0", "--budget", "2500", "--own", "rtx-3090", "--condition", "used"),
        *("--room", "home-office", "--circuit", "120v15a", "--min-decode-tps", "15"),
    ],
    "Chen 32B 20 users CNY": [
        *("--model", "qwen2.5-32b", *INFER, "--precision", "bf16", "--batch", "20", "--engine", "vllm"),
        *("--context", "8192", "--currency", "CNY", "--region", "china", "--circuit", "230v16a", "--budget", "300000"),
    ],
    "Chen 72B LoRA": [
        *("--model", "qwen2.5-72b", "--workload", "finetune", "--method", "lora", "--context", "4096"),
        *("--tokens", "1e8", "--currency", "CNY", "--region", "china", "--circuit", "230v16a", "--budget", "300000"),
    ],
    "Sam 1B pretrain 2 weeks": [
        *("--model", "llama-3.2-1b", "--workload", "pretrain", "--tokens", "1e11", "--context", "2048"),
        *("--deadline-hours", "336", "--circuit", "230v16a", "--circuits", "4", "--room", "server-room"),
    ],
    "Sam 70B pretrain 90 days (cluster)": [
        *("--model", "llama-3.3-70b", "--workload", "pretrain", "--tokens", "1e12", "--deadline-hours", "2160"),
    ],
    "70B top-5": ["--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--context", "16384", "--top", "5"],
    "8B QLoRA $2,500": [
        *("--model", "llama-3.1-8b", "--workload", "finetune", "--method", "qlora", "--budget", "2500", "--top", "3"),
    ],
    "32B q4 $2,000 top-3": [
        "--model",
        "qwen2.5-32b",
        *INFER,
        "--precision",
        "q4_k_m",
        "--budget",
        "2000",
        "--top",
        "3",
    ],
    "70B $800 (infeasible)": ["--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--budget", "800"],
    "8B on a 4090, EUR": [
        *("--model", "llama-3.1-8b", *INFER, "--precision", "bf16", "--gpu", "rtx-4090", "--currency", "EUR"),
        *(
            "--circuit",
            "230v10a",
        ),
    ],
    "70B AMD rack": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "fp8", "--vendor", "amd", "--form", "rack", "--top", "3"),
    ],
    "8B full finetune 1e9 tokens": [
        *("--model", "llama-3.1-8b", "--workload", "finetune", "--method", "full", "--tokens", "1e9"),
        *("--deadline-hours", "48", "--top", "3"),
    ],
    # issue #34's wider net: every workload, owned parts, clusters, ways out, three currencies
    "Qwen3 8B LoRA $2,500": [
        *("--model", "qwen3-8b", "--workload", "finetune", "--method", "lora", "--budget", "2500", "--tokens", "1e8"),
    ],
    "70B QLoRA $30,000": [
        *("--model", "llama-3.3-70b", "--workload", "finetune", "--method", "qlora", "--budget", "30000"),
    ],
    "14B full finetune EUR": [
        *("--model", "qwen3-14b", "--workload", "finetune", "--method", "full", "--tokens", "1e8"),
        *("--currency", "EUR", "--circuit", "230v16a"),
    ],
    "8B pretrain 1e10 tokens 30 days": [
        *("--model", "llama-3.1-8b", "--workload", "pretrain", "--tokens", "1e10", "--deadline-hours", "720"),
    ],
    "405B pretrain cluster CNY": [
        *("--model", "llama-3.1-405b", "--workload", "pretrain", "--tokens", "1e12", "--deadline-hours", "4320"),
        *("--currency", "CNY", "--region", "china"),
    ],
    "14B q4 own 3060 $1,000": [
        *("--model", "qwen3-14b", *INFER, "--precision", "q4_k_m", "--budget", "1000", "--own", "rtx-3060-12gb"),
    ],
    "32B own two 3090s": [
        *("--model", "qwen2.5-32b", *INFER, "--precision", "q8_0", "--own", "rtx-3090", "--own", "rtx-3090"),
    ],
    "R1 q4 $15,000 (way out reads)": [
        *("--model", "deepseek-r1", *INFER, "--precision", "q4_k_m", "--budget", "15000"),
    ],
    "70B 4 x 7900 XTX at 70 % (infeasible)": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--context", "32768", "--gpu", "rx-7900-xtx"),
        *("--gpus", "4", "--exact-gpus", "--power-limit", "0.7"),
    ],
    "8B q4 $300 (infeasible)": ["--model", "llama-3.1-8b", *INFER, "--precision", "q4_k_m", "--budget", "300"],
    "gpt-oss-120b $3,000 EUR": [
        *("--model", "gpt-oss-120b", *INFER, "--budget", "3000", "--currency", "EUR", "--circuit", "230v16a"),
    ],
    "Qwen3 30B-A3B q4 4 users CNY": [
        *("--model", "qwen3-30b-a3b", *INFER, "--precision", "q4_k_m", "--batch", "4", "--currency", "CNY"),
        *("--region", "china", "--top", "5"),
    ],
    "compare 3090 vs 4090 vs 7900 XTX": [
        *("--model", "qwen2.5-32b", *INFER, "--precision", "q4_k_m", "--gpu", "rtx-3090,rtx-4090,rx-7900-xtx"),
    ],
    # the q8_0 cache offered beside f16 when no --kv-precision is given (plan._usual_kv_builds, issue #28). Since the
    # q8_0 search looks only where f16 holds no option (speed13), the last two differ from before it: the 8B at 128k
    # shows one RTX 5070 Ti at q8_0, best value (64.2 tok/s, 1,592 USD), that the whole search had missed, in place
    # of the mini PC; the 32B at 64k gets "fastest" from one A100 80GB at q8_0 (24.9 tok/s, 13,531 USD: the f16 cache
    # does not fit it) over the RTX PRO 6000 at f16 (23.0), and the RTX PRO 6000 Max-Q alternative leaves the five
    "Mina 70B own 3090, no KV precision": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--context", "32768", "--budget", "2500"),
        *("--own", "rtx-3090", "--condition", "used", "--room", "home-office", "--circuit", "120v15a"),
    ],
    "70B 32k top-5, no KV precision": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--context", "32768", "--top", "5"),
    ],
    "8B 128k $2,000 top-3, no KV precision": [
        *("--model", "llama-3.1-8b", *INFER, "--precision", "q4_k_m", "--context", "131072", "--budget", "2000"),
        *("--top", "3"),
    ],
    "32B 64k 4 users top-5, no KV precision": [
        *("--model", "qwen2.5-32b", *INFER, "--precision", "q4_k_m", "--context", "65536", "--batch", "4"),
        *("--top", "5"),
    ],
    # no --precision (gguf21): llama.cpp's usual GGUF searched for speed too, its "fastest" said apart from the fastest at
    # the release's quality, and the claim on the cheapest build within 3 % of the top speed (ranking._fastest_claim)
    "8B no precision top-5": ["--model", "llama-3.1-8b", *INFER, "--top", "5"],
    "8B q4 no budget": ["--model", "llama-3.1-8b", *INFER, "--precision", "q4_k_m"],
    "MiniMax-M2 one user": ["--model", "minimax-m2", *INFER],
    "Qwen3 30B-A3B $2,500": ["--model", "qwen3-30b-a3b", *INFER, "--budget", "2500"],
    # fine-tunes of the architectures Unsloth trains with float32 attention on a card without bf16
    # (frameworks.UNSLOTH_FP32_ATTENTION): Turing cards are among their cheapest builds
    "Gemma 4 31B QLoRA 2,500 EUR": [
        *("--model", "gemma-4-31b", "--workload", "finetune", "--method", "qlora", "--budget", "2500"),
        *("--currency", "EUR"),
    ],
    "Gemma 3 27B QLoRA $1,500": [
        *("--model", "gemma-3-27b", "--workload", "finetune", "--method", "qlora", "--budget", "1500"),
    ],
    "Qwen3 30B-A3B QLoRA $2,000": [
        *("--model", "qwen3-30b-a3b", "--workload", "finetune", "--method", "qlora", "--budget", "2000"),
    ],
    # round 26: a training way out many times slower than one listed beside it a little dearer says so (way.slower);
    # a speed target keeps the experts-in-RAM hosts (DeepSeek-R1's way out had been 72,295 USD of RTX PRO 6000s)
    # round 27: that way ("allow 127 h" on an MI50, 45 USD below a way that meets the 48 h) is no longer offered: a way
    # out that gives up the deadline or the speed asked beside one that keeps them for at most 1.5 x its price
    "8B LoRA 48 h $500 (deadline kept)": [
        *("--model", "llama-3.1-8b", "--workload", "finetune", "--method", "lora", "--tokens", "1e8"),
        *("--deadline-hours", "48", "--budget", "500"),
    ],
    "R1 5 tok/s $5,000 (experts in RAM)": [
        *("--model", "deepseek-r1", *INFER, "--budget", "5000", "--min-decode-tps", "5"),
    ],
    "32B QLoRA $800 (a way 4.2x slower)": [
        *("--model", "qwen2.5-32b", "--workload", "finetune", "--method", "qlora", "--budget", "800"),
    ],
    "70B q4 15 tok/s $1,200 (accept 8.1 stays)": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--budget", "1200", "--min-decode-tps", "15"),
    ],
}


def plan_json(checkout: Path, args: list[str]) -> tuple[str, float, int]:
    env = {**os.environ, "PYTHONPATH": str(checkout), "QT_QPA_PLATFORM": "offscreen"}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "configurator", "plan", *args, "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=checkout,
    )
    return (
        done.stdout + (f"\n[exit {done.returncode}] {done.stderr[-400:]}" if done.returncode else ""),
        (time.perf_counter() - started),
        done.returncode,
    )


def without(text: str, added: list[str]) -> str:
    """`text` (a JSON document) without the keys in `added`, at any depth, written back as json.dumps writes it."""
    if not added:
        return text
    try:
        data = json.loads(text)
    except ValueError:
        return text  # an error's output: compared as it is

    def drop(value: object) -> object:
        if isinstance(value, dict):
            return {k: drop(v) for k, v in value.items() if k not in added}
        if isinstance(value, list):
            return [drop(v) for v in value]
        return value

    return json.dumps(drop(data), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("base", type=Path, help="the other checkout (e.g. main exported with git archive)")
    parser.add_argument("--only", default="", help="run only requests whose label contains this")
    parser.add_argument("--added", action="append", default=[], help="a key this checkout adds: left out of both")
    options = parser.parse_args()
    differing = 0
    for label, args in REQUESTS.items():
        if options.only not in label:
            continue
        ours, our_s, code = plan_json(REPO, args)
        theirs, their_s, _ = plan_json(options.base.resolve(), args)
        ours, theirs = without(ours, options.added), without(theirs, options.added)
        same = ours == theirs
        differing += not same
        print(
            f"{label:36} {'identical' if same else 'DIFFERS'}  exit {code}  {len(ours):7} bytes  "
            f"here {our_s:.2f} s, base {their_s:.2f} s",
            flush=True,
        )
        if not same:
            diff = difflib.unified_diff(theirs.splitlines(), ours.splitlines(), "base", "here", lineterm="", n=1)
            print("\n".join(list(diff)[:60]))
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
