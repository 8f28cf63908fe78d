"""China's 220 V mains: a 16 A circuit there carries less than at 230 V, and a build near the limit is checked
against the circuit the lab has."""

from __future__ import annotations

import json

from configurator.cli.main import main
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import COUNTRIES, BuildRequest, circuit_limit_w, circuit_said
from configurator.core.report.words import language, say
from configurator.core.solve.plan import plan
from configurator.storage import catalogs


def _eight_l20(circuit: str) -> BuildRequest:
    return BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", context=4096, batch=20, engine="vllm"),
        budget=300000,
        currency="CNY",
        region="china",
        circuit=circuit,  # type: ignore[arg-type]
        room="server-room",
        form="rack",
        gpu_ids=("l20",),
        max_gpus=8,
        exact_gpus=True,
    )


def test_a_220_v_16_a_circuit_carries_2816_w_continuous() -> None:
    """GB/T 156-2017 (Standard voltages): 220 V single-phase in China; 220 x 16 x 0.8 (the 80 % continuous rule)."""
    assert circuit_limit_w("220v16a") == 2816.0 and circuit_limit_w("230v16a") == 2944.0
    assert say(circuit_said("220v16a")) == "220 V 16 A"
    with language("zh_CN"):
        assert say(circuit_said("220v10a")) == "220 V 10 A"
    assert COUNTRIES["CN"].circuit == "220v16a"  # the first-run choice of China


def test_chens_eight_l20_pass_at_230_v_and_not_on_his_220_v_circuit() -> None:
    """Dr. Chen's server room has a 220 V 16 A circuit (user-journeys.md); the window offered him 230 V 16 A and
    passed 8 x L20 at 2,854 W, 97 % of 2,944 W (walk21, 2026-12-04): over the 2,816 W his circuit carries."""
    catalog = catalogs.load(include_user=False).catalog
    at_230 = plan(_eight_l20("230v16a"), catalog)
    assert [(b.gpu_id, b.gpu_count) for b in at_230.builds] == [("l20", 8)]
    assert 2816 < at_230.builds[0].power.wall_w <= 2944
    at_220 = plan(_eight_l20("220v16a"), catalog)
    assert not at_220.builds and at_220.infeasible is not None


def test_the_command_line_takes_a_220_v_circuit(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["plan", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "q4_k_m"]
    assert main([*argv, "--currency", "CNY", "--circuit", "220v16a", "--top", "1", "--json"]) == 0
    (build,) = json.loads(capsys.readouterr().out)["builds"]
    (circuit,) = [c for c in build["checks"] if c["rule"] == "CIR-1"]
    assert circuit["fields"]["limit_w"] == 2816.0
