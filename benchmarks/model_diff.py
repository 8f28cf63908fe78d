"""The CP-SAT models and the plan JSON of many requests, as digests to compare between two checkouts (#33).

    PYTHONPATH=BASE python benchmarks/model_diff.py > base.txt
    PYTHONPATH=.    python benchmarks/model_diff.py > here.txt
    diff base.txt here.txt                                     # empty: the same models and the same answers

Every `llm-rig plan --json` request of benchmarks/plan_diff.py and benchmarks/solver.py, and a few more (power limits,
circuits, forms), runs in this process; each BuildModel built for it is digested when its construction ends: the
constraint count, the constraints' and variables' bytes, and which rule (or part of the model's structure) every
constraint is recorded under (`BuildModel.families`). A line per request: the plan's JSON digest, the models' count,
their constraints and the digests. A behaviour-preserving refactor of the rulebook leaves every line as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import plan_diff

from configurator.core.common import memo
from configurator.core.solve import solver
from configurator.launcher import main as llm_rig

INFER = ["--workload", "inference"]
MORE: dict[str, list[str]] = {
    "70B q4 power limit 0.8": ["--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--power-limit", "0.8"],
    "32B q4 open frame": ["--model", "qwen2.5-32b", *INFER, "--precision", "q4_k_m", "--form", "open-frame"],
    "70B q4 120v20a top-5": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q4_k_m", "--circuit", "120v20a", "--top", "5"),
    ],
    "72B AWQ 20 users CNY": [
        *("--model", "qwen2.5-72b", *INFER, "--precision", "awq-int4", "--batch", "20", "--engine", "vllm"),
        *("--currency", "CNY", "--circuit", "230v16a", "--budget", "300000"),
    ],
    "8B QLoRA tower $4,000": [
        *("--model", "llama-3.1-8b", "--workload", "finetune", "--method", "qlora", "--budget", "4000"),
        *("--form", "tower", "--top", "5"),
    ],
    "32B bf16 2 x 120 V": [
        *("--model", "qwen2.5-32b", *INFER, "--precision", "bf16", "--circuits", "2", "--top", "5"),
    ],
    "70B q8 server room": [
        *("--model", "llama-3.3-70b", *INFER, "--precision", "q8_0", "--room", "server-room", "--top", "5"),
    ],
    "8B LoRA 1e8 home office": [
        *("--model", "llama-3.1-8b", "--workload", "finetune", "--method", "lora", "--tokens", "1e8"),
        *("--room", "home-office", "--top", "5"),
    ],
}


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def main() -> int:
    built: list[str] = []
    init = solver.BuildModel.__init__

    def recording(self: solver.BuildModel, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        proto = self.m.proto
        families = repr(sorted((k, v) for k, v in self.families.items()))
        built.append(f"{len(proto.constraints)}:{digest(str(proto).encode())}:{digest(families.encode())}")

    solver.BuildModel.__init__ = recording  # type: ignore[method-assign]
    solver.BuildModel.track_families = True
    requests = {**plan_diff.REQUESTS, **MORE}
    for label, args in requests.items():
        memo.clear()
        built.clear()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = llm_rig(["plan", *args, "--json"])
        text = out.getvalue()
        models = digest("\n".join(built).encode())
        constraints = sum(int(b.split(":")[0]) for b in built)
        print(
            f"{label:36} exit {code} json {digest(text.encode())} ({len(text)} B) models {len(built)} "
            f"constraints {constraints} digest {models}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
