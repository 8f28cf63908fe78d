"""What transformers and its GPTQ kernels hold on the GPU beside the weights and the KV cache: sourced sizes by release
and kernel (the prefill workspace of old releases, the kernels' persistent scratch buffers)."""

from __future__ import annotations

from configurator.core.catalog.models import ModelArch

# transformers v4.36.0 (2023-12-11) added torch.nn.functional.scaled_dot_product_attention (huggingface/transformers
# PR #26572, "F.scaled_dot_product_attention support"; issue #28005: "In Transformers 4.36, we started adding native
# support of ... SDPA, enabled by default"). Before it, LlamaAttention's eager path materialised the scores of every
# head: `torch.matmul(query_states, key_states.transpose(2, 3))` in fp16, then
# `softmax(attn_weights, dim=-1, dtype=torch.float32).to(query_states.dtype)`: the fp16 scores, their fp32 softmax
# and its fp16 cast live at once, 2 + 4 + 2 bytes a score.
TRANSFORMERS_SDPA_SINCE = "2023-12-11"
EAGER_SCORE_BYTES = 2 + 4 + 2

# transformers v4.45.0 (2024-09-25) computes the logits of the last token only in generate() (PR #31292, "Reducing
# memory usage: removing useless logits computation in generate()", `num_logits_to_keep`). Before it,
# LlamaForCausalLM.forward ran lm_head over every prompt token and upcast the result (`logits = logits.float()`):
# the fp16 logits and their fp32 copy, 2 + 4 bytes a token and vocabulary entry, at the end of the prefill.
TRANSFORMERS_LAST_LOGITS_SINCE = "2024-09-25"
FULL_LOGITS_BYTES = 2 + 4

# The GPTQ kernel transformers runs for a 4-bit checkpoint: GPTQConfig's default is use_exllama=True with
# exllama_config {"version": ExllamaVersion.ONE} (transformers utils/quantization_config.py, v4.35 on). The exllama
# kernels are 4-bit only; 8-bit GPTQ runs AutoGPTQ's cuda/triton kernels, which keep no persistent buffer.
GPTQ_DEFAULT_KERNEL = "exllama"
GPTQ_KERNELS = ("exllama", "exllamav2", "cuda-old")

# AutoGPTQ exllama (v1) backend, auto_gptq/modeling/_utils.py autogptq_post_init (v0.5.0, 2023-11-02, c70d29f0; the
# same at 9f7d370): per device one fp16 `temp_dq` of max(qweight.numel() * 8) = in x out elements of the widest
# quantized linear ("required to dequantize weights when using cuBLAS, typically for the prefill"), and a `temp_state`
# of max_input_len x width that is one row without act-order.
EXLLAMA_TEMP_DQ_BYTES = 2
# AutoGPTQ exllamav2 backend, auto_gptq/nn_modules/qlinear/qlinear_exllamav2.py (v0.5.0): one fp16 scratch per device
# of max over the linears of scratch_space_fixed(max_input_len=2048, max_batch_size=8) = temp_dq_size (in x out x 2 + 128)
# + temp_fwd_size (out x 2048 x 8 x 4 + 128) bytes.
EXLLAMAV2_MAX_INPUT_LEN = 2048
EXLLAMAV2_MAX_BATCH = 8


def _linears(model: ModelArch) -> list[tuple[int, int]]:
    """(in, out) of each kind of linear layer in a block: attention projections and the MLP (dense, experts, shared)."""
    h = model.hidden_size
    q = model.num_attention_heads * model.head_dim
    kv = model.num_kv_heads * model.head_dim
    shapes = [(h, q), (h, kv), (q, h)]
    widths = [model.intermediate_size]
    moe = model.moe
    if moe is not None:
        widths = [moe.expert_intermediate_size]
        if moe.shared_intermediate_size:
            widths.append(moe.shared_intermediate_size)
        if moe.first_dense_layers or moe.moe_layer_step > 1:  # dense MLP layers beside the MoE ones
            widths.append(moe.dense_intermediate_size or model.intermediate_size)
    for inter in widths:
        shapes += [(h, inter), (inter, h)]
    return shapes


def gptq_kernel_buffer(model: ModelArch, precision: str, engine: str, kernel: str = GPTQ_DEFAULT_KERNEL) -> float:
    """Bytes the GPTQ kernel keeps on each GPU that holds quantized layers (transformers with a 4-bit GPTQ checkpoint):
    exllama's temp_dq, or exllamav2's fixed scratch; nothing for other engines, precisions or kernels."""
    if engine != "transformers" or precision != "gptq-int4":
        return 0.0
    shapes = _linears(model)
    if kernel == "exllama":
        return float(EXLLAMA_TEMP_DQ_BYTES * max(i * o for i, o in shapes))
    if kernel == "exllamav2":
        rows = EXLLAMAV2_MAX_INPUT_LEN * EXLLAMAV2_MAX_BATCH
        return float(max(i * o * 2 + 128 + o * rows * 4 + 128 for i, o in shapes))
    return 0.0


def transformers_prefill_workspace(
    model: ModelArch, prompt: int, batch: int, inter: int, has_head: bool, released: str | None
) -> float:
    """Workspace of transformers' prefill: the whole prompt of every sequence in one forward. The current release
    keeps a gated MLP's live set (act(gate), up and their product beside the hidden state, its residual and the normed
    input) and the last token's fp32 logits. A release before TRANSFORMERS_LAST_LOGITS_SINCE also materialises every
    prompt token's logits, and one before TRANSFORMERS_SDPA_SINCE every head's attention scores; the peak is the
    largest of those moments (each phase's temporaries are freed before the next)."""
    h, vocab = model.hidden_size, model.vocab_size
    tokens = prompt * batch
    mlp = tokens * (4 * h + 3 * inter) * 2
    if released is None or released >= TRANSFORMERS_LAST_LOGITS_SINCE:
        return mlp + (batch * vocab * 4 if has_head else 0)
    logits = tokens * (vocab * FULL_LOGITS_BYTES + 2 * h * 2) if has_head else 0
    attention = 0
    if released < TRANSFORMERS_SDPA_SINCE:
        attention = tokens * 4 * h * 2 + batch * model.num_attention_heads * prompt * prompt * EAGER_SCORE_BYTES
    return float(max(mlp, logits, attention))
