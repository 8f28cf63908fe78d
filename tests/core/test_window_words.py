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
RATE = {"rate": 0.38, "arch": "ada", "hidden": 4096, "fused": None, "rows": 2048, "shape": 0.9, "computed": None}
FINETUNE_RATE = Reason.of("est.default-rate", job="finetune", **RATE)
PRETRAIN_RATE = Reason.of("est.default-rate", job="pretrain", **RATE)


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
    fields = {"precision": "q4_k_m", "engine": "vllm", "users": 8, "framework": "Unsloth", "gpus": 2}
    for code in words.WINDOW_EN:
        said = {TYPICAL.code: TYPICAL, FINETUNE_RATE.code: FINETUNE_RATE}.get(code) or Reason.of(code, **fields)
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


def test_the_default_rate_names_the_fields_of_the_tab_that_set_it() -> None:
    # window17: the Estimates tab said "--batch sets the sequences per micro-batch; --mfu sets this rate"; the
    # fine-tuning tab has a Micro-batch field and no rate field, the pretraining tab a Compute util. field and one
    # sequence a micro-batch
    for said in (FINETUNE_RATE, PRETRAIN_RATE):
        assert "--batch sets the sequences per micro-batch" in english(said) and "--mfu sets this rate" in english(said)
    finetune, pretrain = words.say_in_window(FINETUNE_RATE), words.say_in_window(PRETRAIN_RATE)
    assert "the Micro-batch field sets the sequences per micro-batch" in finetune and "Compute util." not in finetune
    assert "one sequence per micro-batch" in pretrain and pretrain.endswith("; the Compute util. field sets this rate")
    assert "GEMMs of 2,048 rows keep 90% of that run's SM occupancy" in finetune
    with words.language("zh_CN"):
        zh_finetune, zh_pretrain = words.say_in_window(FINETUNE_RATE), words.say_in_window(PRETRAIN_RATE)
    assert "“微批次”一栏" in zh_finetune and "计算利用率" not in zh_finetune
    assert "每个微批一个序列" in zh_pretrain and "“计算利用率”一栏" in zh_pretrain
    for text in (finetune, pretrain, zh_finetune, zh_pretrain):
        assert "--" not in text
