"""The window's words for codes whose English names a command-line option: the window names its field, the command
line keeps its flag (window16: the Estimates tab said "give --prompt for your own" in a window without flags)."""

from __future__ import annotations

from configurator.core.common.reasons import EN, Reason, english
from configurator.core.report import words

TYPICAL = Reason.of(
    "est.typical-prompt",
    prompt=1020,
    context=32768,
    statistic="median",
    trace="azure-2023-conversation",
    source="https://github.com/Azure/AzurePublicDataset",
)


def test_the_window_names_its_prompt_field_where_the_command_line_names_its_flag() -> None:
    assert "give --prompt for your own" in english(TYPICAL)  # the CLI and the sheets keep the flag
    window = words.say_in_window(TYPICAL)
    assert "--" not in window and "the Prompt field" in window
    assert "typical 1,020-token prompt (the median of Azure's 2023 conversation trace)" in window
    with words.language("zh_CN"):
        assert "--prompt" in words.say(TYPICAL)
        zh = words.say_in_window(TYPICAL)
    assert "--" not in zh and "“提示词”一栏" in zh and "1,020 token" in zh


def test_every_window_word_is_a_core_code_and_names_no_flag_in_either_language() -> None:
    assert set(words.WINDOW_ZH) <= set(words.WINDOW_EN) <= set(EN) and set(words.WINDOW_EN) <= set(words.ZH_REASONS)
    fields = {"precision": "q4_k_m", "engine": "vllm", "users": 8}
    for code in words.WINDOW_EN:
        said = TYPICAL if code == TYPICAL.code else Reason.of(code, **fields)
        assert "--" in english(said) or "--" in words.say(said)  # the command line names a flag here
        assert "--" not in words.say_in_window(said), code
        with words.language("zh_CN"):
            assert "--" not in words.say_in_window(said), code


def test_a_builds_kind_names_the_windows_field_in_its_label() -> None:
    from configurator.core.model.build import Build
    from configurator.core.report import phrases

    kind = Reason.of("kind.usual-gguf", precision="Q4_K_M")
    claims = (Reason.of("claim.cheapest"),)
    build = Build.model_construct(
        claims=claims, kinds=(kind,), label="cheapest (at Q4_K_M, llama.cpp's usual GGUF: no --precision given)"
    )
    assert phrases.label(build) == build.label  # the command line and the sheets
    with words.window_words():
        assert phrases.label(build) == "cheapest (at Q4_K_M, llama.cpp's usual GGUF: Weights left on auto)"
        with words.language("zh_CN"):
            assert "--" not in phrases.label(build)


def test_other_codes_are_said_in_the_window_as_everywhere() -> None:
    other = Reason.of("dates.prices", first="2026-06", last="2026-11", priced=3, older=1)
    assert words.say_in_window(other) == english(other)
    with words.language("zh_CN"):
        assert words.say_in_window(other) == words.say(other)
