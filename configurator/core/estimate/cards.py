"""Cards that carry more than one GPU (the Arc Pro B60 Dual: two GPUs, each with its own 24 GB and its own x8 link
of the card's x16): the estimator works on GPUs, the build on cards, and this is where one becomes the other."""

from __future__ import annotations

from configurator.core.catalog.models import Gpu


def as_gpus(gpu: Gpu | None, cards: int) -> tuple[Gpu | None, int]:
    """`cards` of `gpu` as the GPUs the engines see: a two-GPU card is two devices to llama.cpp (a layer split) and
    to vLLM (tensor parallel 2 over PCIe; Intel's LLM Scaler serves the B60 Dual that way), each with the record's
    per-GPU memory, bandwidth and throughput, and half the card's board power. A one-GPU card is returned as is."""
    if gpu is None or gpu.gpus_per_card == 1:
        return gpu, cards
    per = gpu.gpus_per_card
    return gpu.model_copy(update={"gpus_per_card": 1, "tdp_w": gpu.tdp_w / per}), cards * per


def cards_for(gpu: Gpu, gpus: int) -> int:
    """The cards that carry `gpus` GPUs of this record (rounded up)."""
    return -(-gpus // gpu.gpus_per_card)
