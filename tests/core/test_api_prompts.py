"""The prompts a per-token API bills (round 32): how many input tokens each output token costs, read from published
traces of real LLM traffic (estimate/traffic.py), or from the request's own prompt, never past its context."""

from __future__ import annotations

import pytest

from configurator.core.costs.api import input_share
from configurator.core.estimate.traffic import AZURE_2023_CONVERSATION, MOONCAKE_CONVERSATION


def test_a_chat_bills_the_median_request_of_azures_conversation_trace() -> None:
    """Azure's 2023 conversation trace (AzureLLMInferenceTrace_conv.csv @790921015d50, 2024-03-24): a median request
    prefills 1,020 context tokens and generates 129, so a chat's reply costs 7.9 prompt tokens per output token."""
    prompt, trace, stated = input_share({"context": 4096, "prompt": None})
    assert (prompt, trace.reply_median, stated) == (1020, 129, False)
    assert trace is AZURE_2023_CONVERSATION
    assert prompt / trace.reply_median == pytest.approx(7.907, abs=1e-3)


def test_the_context_bounds_the_prompt() -> None:
    """A request with a 512-token context cannot send a 1,020-token prompt, nor a stated 32K one past its 16K."""
    assert input_share({"context": 512, "prompt": None})[0] == 512
    assert input_share({"context": 16384, "prompt": 32768})[0] == 16384


def test_a_long_stated_prompt_is_billed_as_stated_against_the_long_context_reply() -> None:
    """RAG or pasted documents: a stated prompt past the chat trace's 90th percentile (2,734 tokens) is billed against
    Kimi's Mooncake trace's median reply (350 tokens, FAST'25 conversation_trace.jsonl @3cca71da); a shorter one against
    the chat's (129)."""
    prompt, trace, stated = input_share({"context": 32768, "prompt": 16000})
    assert (prompt, trace, stated) == (16000, MOONCAKE_CONVERSATION, True)
    assert prompt / trace.reply_median == pytest.approx(45.7, abs=0.1)
    prompt, trace, stated = input_share({"context": 8192, "prompt": 2000})
    assert (prompt, trace, stated) == (2000, AZURE_2023_CONVERSATION, True)
