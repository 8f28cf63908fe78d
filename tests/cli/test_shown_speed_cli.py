"""`llm-rig plan` with a speed target: the text and the JSON agree with the shown figure (round 48). Mina's request
(docs user-journeys.md: her own RTX 3090, Llama 3.3 70B at Q4_K_M and 32k, 2,500 USD) at 13 tokens/s had answered
"nothing fits" while the same build, asked without the target, read "13.0 tok/s"; at 13.1 its way out had said
"quantize the KV cache to q8_0" of a plan that already runs it."""

from __future__ import annotations

import pytest

from tests.helpers import Run, run_clis

MINA = (
    "plan",
    "--model",
    "llama-3.3-70b",
    "--workload",
    "inference",
    "--precision",
    "q4_k_m",
    "--context",
    "32768",
    "--budget",
    "2500",
    "--own",
    "rtx-3090",
)


@pytest.fixture(scope="module")
def mina_runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, Run, Run]:
    """At 13 tokens/s in text and JSON, and at 13.1 in text: three processes at once, in an empty home."""
    home = {"LLM_RIG_HOME": str(tmp_path_factory.mktemp("llm-rig-home"))}
    at13 = (*MINA, "--min-decode-tps", "13")
    text, data, over = run_clis(at13, (*at13, "--json"), (*MINA, "--min-decode-tps", "13.1"), env=home)
    return text, data, over


def test_a_build_shown_at_13_tok_s_meets_13_in_text_and_json(mina_runs: tuple[Run, Run, Run]) -> None:
    text, data, _ = mina_runs
    assert text.code == 0 and data.code == 0, (text.err, data.err)
    first = text.out.splitlines()[0]
    # 2,398 USD: mix48 measures the 2-slot A5000 by its own width, so a cheaper case holds the pair (was 2,458)
    assert first.startswith("#1 cheapest") and "rtx-3090 + rtx-a5000  2,398 USD  13.0 tok/s" in first, first
    assert "(0 fail" in first and "serving 99 %" not in first
    build = data.json()["builds"][0]
    perf = next(c for c in build["checks"] if c["rule"] == "PERF")
    # the figure behind the shown 13.0 is under 13 (12.97): the check passes on what the user reads, and says it
    assert perf["status"] == "pass" and perf["fields"]["tps"] < 13 <= round(perf["fields"]["tps"], 1)
    assert perf["message"] == "estimated 13.0 tokens/s per sequence against 13 asked"
    assert build["cost_of_ownership"]["serves_demand"] is True
    assert not any(c["rule"] == "SERVE" and c["status"] != "pass" for c in build["checks"])


def test_the_way_out_at_13_1_names_no_kv_cache_the_plan_already_runs(mina_runs: tuple[Run, Run, Run]) -> None:
    over = mina_runs[2]
    assert over.code == 0, over.err
    lines = over.out.splitlines()
    assert lines[0].startswith("nothing fits") and "KV-cache precision" not in lines[0], lines[0]
    assert lines[1] == "blocking: speed target", lines[1]
    assert lines[2].startswith("cheapest way out: accept 11.8 tokens/s (within 10 % of the 13.1 asked)"), lines[2]
    assert "quantize the KV cache" not in over.out
    assert any(line.startswith("   raise the budget to 2,768 USD") and "RTX 3090 Ti" in line for line in lines)
