"""The chain of formulas `llm-rig estimate --explain` prints (and the window's "how is this computed"): each link once,
however many side computations the estimate made to find its answer (#34: those keep no sentences)."""

from __future__ import annotations

from collections import Counter

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate, memory_fits
from configurator.core.estimate.workload import Workload


def test_an_offloaded_estimate_explains_each_link_once(catalog: Catalog) -> None:
    """Llama 3.3 70B Q4_K_M on one RTX 3090 with --offload cpu: llama.cpp's layers in RAM are found by bisection, a
    memory pass per try, yet the explanation says the weights, the KV cache and the layers in RAM once each, and each
    assumption once."""
    model, gpu = catalog.get("models", "llama-3.3-70b"), catalog.get("gpus", "rtx-3090")
    workload = Workload(kind="inference", precision="q4_k_m", context=8192, engine="llama.cpp", offload="cpu")
    result = estimate(model, workload, gpu)
    assert result.fits and result.workload.get("cpu_layers", 0) > 0  # the bisection ran: some layers are in RAM
    topics = Counter(step.topic for step in result.steps)
    assert topics["weights"] == topics["kv_cache"] == topics["offload"] == 1
    assert all(step.text for step in result.steps)
    assert len(result.assumptions) == len(set(result.assumptions))


def test_memory_fits_answers_as_the_estimate_does(catalog: Catalog) -> None:
    """The fit a search asks of each try (memory alone, no sentences) is the estimate's own."""
    model, gpu = catalog.get("models", "llama-3.3-70b"), catalog.get("gpus", "rtx-3090")
    workload = Workload(kind="inference", precision="q4_k_m", context=8192, engine="llama.cpp")
    for cards in (1, 2, 3):
        assert memory_fits(model, workload, gpu, cards) == estimate(model, workload, gpu, cards).fits
