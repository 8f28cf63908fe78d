"""Prompt lengths of real LLM traffic, as published traces measured them: what a wait is timed for when no prompt is
stated."""

from __future__ import annotations

AZURE_2023 = (
    "https://github.com/Azure/AzurePublicDataset/blob/master/AzureLLMInferenceDataset2023.md, "
    "data/AzureLLMInferenceTrace_{kind}.csv at 790921015d50dd6aae7f7e47f39ba0e235ad6b08 (2024-03-24)"
)
MOONCAKE = (
    "https://github.com/kvcache-ai/Mooncake/tree/main/FAST25-release, traces/conversation_trace.jsonl at "
    "3cca71daccf2a7afb8fe3f0295358f70e3a69fdb (2025-02-21)"
)


class PromptLengths:
    """One trace's prompt tokens per request: what the server prefilled (system prompt, history and the new message),
    computed from the published rows (linear-interpolated percentiles, read 2026-12-04). A plain class, not a
    dataclass: `llm-rig estimate` imports it, and @dataclass's generated methods took this module's import from ~0.25 to
    ~0.7 ms (python -X importtime, 2026-12-04)."""

    __slots__ = ("mean", "median", "p90", "reply_median", "requests", "source", "trace")

    def __init__(
        self, trace: str, requests: int, mean: int, median: int, p90: int, reply_median: int, source: str
    ) -> None:
        self.trace = trace  # a code: its words are reasons.TRACE_WORDS (English) and words.ZH_TRACES (Chinese)
        self.requests = requests
        self.mean = mean
        self.median = median
        self.p90 = p90
        self.reply_median = reply_median  # generated tokens of the median request: a serving estimate's reply
        self.source = source


# Azure LLM inference trace 2023 (Splitwise, Patel et al., ISCA 2024): an hour of two production services on
# 2023-11-16. The conversation service's 19,366 requests: ContextTokens mean 1,154.7, p25 396, median 1,020, p75 1,189,
# p90 2,734, p99 4,142, max 14,050 (97.9 % at most 4,096); GeneratedTokens median 129, p90 424.
AZURE_2023_CONVERSATION = PromptLengths(
    "azure-2023-conversation", 19_366, 1_155, 1_020, 2_734, 129, AZURE_2023.format(kind="conv")
)
# The coding service's 8,819 requests: ContextTokens mean 2,047.8, median 1,469, p90 5,188, p99 7,436;
# GeneratedTokens median 13 (completions of a few tokens).
AZURE_2023_CODE = PromptLengths("azure-2023-code", 8_819, 2_048, 1_469, 5_188, 13, AZURE_2023.format(kind="code"))
# Mooncake (Kimi, Moonshot AI; FAST'25): one hour of a long-context chat service, 12,031 requests: input_length mean
# 12,035 (the release's README says the same), median 6,909, p90 27,367; output_length median 350. Documents pasted
# into a chat: the long-context and RAG end, not a typical chat.
MOONCAKE_CONVERSATION = PromptLengths("mooncake-conversation", 12_031, 12_035, 6_909, 27_367, 350, MOONCAKE)

TRACES = (AZURE_2023_CONVERSATION, AZURE_2023_CODE, MOONCAKE_CONVERSATION)

TYPICAL_TRACE = AZURE_2023_CONVERSATION
"""The traffic a lone user's wait is timed for: chat. The median, because a buyer asks what wait they will usually
see; half the requests wait longer, and one in ten sends more than the p90 (2,734 tokens), which --prompt states."""
TYPICAL_STATISTIC = "median"
TYPICAL_PROMPT_TOKENS = TYPICAL_TRACE.median
