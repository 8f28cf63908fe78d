"""What the software stack runs on each GPU architecture, as sourced facts (the support table, the fine-tuning frameworks'
needs, end-of-life stacks), and the measured matmul rates training time is computed at. No rules: the estimate reads
these without the rulebook (#34: `llm-rig estimate` imports neither it nor the solver); core/support/checks.py judges a
build's stack by them (the SUP-* checks)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from configurator.core.catalog.models import Gpu
from configurator.core.common.reasons import Reason, Value, english
from configurator.core.support.pro_gemm import ProRate, pro_rate

Level = Literal["yes", "partial", "no"]
TrainDtype = Literal["bf16", "fp16", "fp32"]

# --------------------------------------------------------------------------- sources
# One constant per document, so a fact names where it comes from and a URL is typed once.
CUDA_GPUS = "https://developer.nvidia.com/cuda-gpus"
AMPERE_WHITEPAPER = (
    "https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf"
)
FLASH_ATTN_README = "https://github.com/Dao-AILab/flash-attention/blob/main/README.md"
RDNA3_FLASH_ATTN_BENCH = "https://github.com/ROCm/flash-attention/issues/27"
VLLM_GPU_INSTALL = "https://docs.vllm.ai/en/latest/getting_started/installation/gpu/"
VLLM_GPU_INSTALL_V014 = "https://docs.vllm.ai/en/v0.14.0/getting_started/installation/gpu/"
VLLM_QUANT_HARDWARE = "https://docs.vllm.ai/en/latest/features/quantization/"
VLLM_FP8 = "https://docs.vllm.ai/en/v0.32.0/features/quantization/llm_compressor/fp8/"
# vLLM refuses MXFP4 (gpt-oss) below compute capability 8.0 ("The quantization method mxfp4 is not supported for the
# current GPU SM75", open 2025-08 to 2026; #23203 asks for 7.5); the Turing Marlin kernels of vllm#29901 (2025-12-02)
# take GPTQ, AWQ, FP8 and NVFP4 weights but not MXFP4, "since it requires BF16 activation"
VLLM_MXFP4_SM80 = "https://github.com/vllm-project/vllm/issues/22288"
VLLM_KV_CACHE = "https://docs.vllm.ai/en/latest/features/quantization/quantized_kvcache/"
TORCH_SCALED_MM = "https://huggingface.co/neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8/discussions/2"
LLAMA_CPP_BUILD = "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"
BNB_INSTALL = "https://huggingface.co/docs/bitsandbytes/v0.50.2/en/installation.md"
BNB_ROCM_WINDOWS = "https://github.com/bitsandbytes-foundation/bitsandbytes/pull/1915"
DEEPSPEED_README = "https://github.com/deepspeedai/DeepSpeed/blob/master/README.md"
DEEPSPEED_ACCELERATORS = "https://deepspeed.ai/tutorials/accelerator-setup-guide"
TRITON_README = "https://github.com/triton-lang/triton/blob/main/README.md"
INDUCTOR_TOO_OLD = "https://github.com/pytorch/pytorch/blob/main/torch/_dynamo/exc.py"
PYTORCH_DROPS_SM70 = "https://github.com/pytorch/pytorch/issues/157517"
NVIDIA_R580_LAST = (
    "https://www.neowin.net/amp/nvidia-is-soon-ending-driver-support-for-some-of-its-most-legendary-graphics-cards/"
)
CUDA13_DROPS_VOLTA = "https://github.com/NVIDIA/cuDecomp/pull/97"
# CUDA 13.0 release notes (2025-08-07), "Deprecated Architectures": offline compilation and library support for
# Maxwell, Pascal and Volta removed, as the 12.x notes announced (quoted in PYTORCH_DROPS_SM70)
CUDA13_RELEASE_NOTES = "https://docs.nvidia.com/cuda/archive/13.0.0/cuda-toolkit-release-notes/index.html"
ROCM_GFX906_EOM = "https://rocm.docs.amd.com/en/docs-5.6.0/release.html"
# ROCm 6.4.0's rocBLAS ships no TensileLibrary for gfx906 ("Cannot read .../TensileLibrary.dat ... for GPU arch :
# gfx906"; "rocm 6.3 worked fine"), ROCm issue #4625, 2025-04-14
ROCM_64_NO_GFX906 = "https://github.com/ROCm/legacy-rocm-build/issues/4625"
# CUDA 13 builds no pre-Turing code: llama-cpp-python's CUDA 13 wheels build sm_75+, its CUDA 12 wheels keep sm_60+
# (abetlen/llama-cpp-python PR #2239, 2026-06-01); llama.cpp's own CUDA 12.4 and 13.x prebuilt binaries leave sm_61
# out, and a build with -DCMAKE_CUDA_ARCHITECTURES=61 works (ggml-org/llama.cpp issue #25909, 2026-07-20)
CUDA13_NO_PRE_TURING = "https://github.com/abetlen/llama-cpp-python/pull/2239"
LLAMA_CPP_NO_SM61_PREBUILT = "https://github.com/ggml-org/llama.cpp/issues/25909"
# llama.cpp's release workflow, read at commit 002efcd4e56d7e23bf53fb472a15bdb493f223d1 (support31, 2026-12-05): its
# only CUDA binaries are Windows' (job windows-cuda, CUDA 12.4 and 13.3, -DGGML_NATIVE=OFF -DGGML_CUDA=ON, no
# CMAKE_CUDA_ARCHITECTURES); Linux gets CPU, Vulkan, ROCm 7.2.1, OpenVINO and SYCL builds, no CUDA one. So the CUDA
# architectures are ggml-cuda's CMakeLists.txt default for a non-native build (read at commit
# 00a2d60921595ea66853568270b3060490040dea): "50-virtual 61-virtual 70-virtual" only below CUDA 13, then 75-virtual
# 80-virtual 86-real 89-real 90-virtual (120a-real from 12.8): Pascal gets no machine code, only compute_61 PTX the
# driver compiles at first start in the CUDA 12.4 build (a P100, sm_60, only the compute_50 PTX: "60 == P100, FP16
# CUDA intrinsics" is not among the defaults) and nothing in the CUDA 13.3 one. docs/build.md: "cmake -B build
# -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=..." overrides the list. Volta (sm_70) is in the same place (window32,
# 2026-12-05, the same two files at the same commits): "70-virtual" below CUDA 13, so compute_70 PTX in the CUDA 12.4
# build and nothing in the CUDA 13.3 one. And gfx906 (Vega 20): the Linux ROCm 7.2.1 job (ubuntu-22-rocm) builds
# GPU_TARGETS "gfx908;gfx90a;gfx942;gfx1030;gfx1100;gfx1101;gfx1102;gfx1151;gfx1150;gfx1200;gfx1201", the Windows HIP
# job (windows-hip, "radeon") "gfx1150;gfx1151;gfx1200;gfx1201;gfx1100;gfx1101;gfx1102;gfx1030;gfx1031;gfx1032": no
# gfx906 in either. docs/build.md (read at commit 00fd518151fe, HIP): HIPCXX="$(hipconfig -l)/clang"
# HIP_PATH="$(hipconfig -R)" cmake -S . -B build -DGGML_HIP=ON -DGPU_TARGETS=gfx1030 -DCMAKE_BUILD_TYPE=Release.
LLAMA_CPP_RELEASE_YML = (
    "https://github.com/ggml-org/llama.cpp/blob/002efcd4e56d7e23bf53fb472a15bdb493f223d1/.github/workflows/release.yml"
)
LLAMA_CPP_CUDA_CMAKE = (
    "https://github.com/ggml-org/llama.cpp/blob/00a2d60921595ea66853568270b3060490040dea/ggml/src/ggml-cuda/"
    "CMakeLists.txt"
)
# the training stacks past a card's support (PAST_SUPPORT_STARTS): Unsloth's gfx906 installer PR (2026-07-23: rocm6.4+
# and 7.x torch wheels no longer run on gfx906), PyTorch 2.8.0's release notes (2025-08-06: sm50-sm70 dropped from the
# CUDA 12.8/12.9 wheels), PyTorch's RFC for 2.11 (2026-01-13: Volta off the CUDA 12.8 wheels too)
UNSLOTH_GFX906_WHEELS = "https://github.com/unslothai/unsloth/pull/7354"
PYTORCH_28_DROPS_SM50_SM70 = "https://github.com/pytorch/pytorch/releases/tag/v2.8.0"
PYTORCH_211_DROPS_VOLTA = "https://github.com/pytorch/pytorch/issues/172352"
ROCM_RADEON_TARGETS = (
    "https://rocm.docs.amd.com/projects/install-on-windows/en/docs-7.2/reference/system-requirements.html"
)
RDNA3_WMMA = "https://gpuopen.com/learn/wmma_on_rdna3/"
RDNA4_ISA = (
    "https://www.amd.com/content/dam/amd/en/documents/radeon-tech-docs/instruction-set-architectures/"
    "rdna4-instruction-set-architecture.pdf"
)
PYTORCH_XPU = "https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html"
MAMF_TABLE = (
    "https://github.com/stas00/ml-engineering/blob/master/compute/accelerator/README.md"
    "#maximum-achievable-matmul-flops-comparison-table"
)
TORCHTUNE_AT = "https://github.com/pytorch/torchtune/blob/bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1"
TORCHTUNE_RECIPE = f"{TORCHTUNE_AT}/recipes/full_finetune_distributed.py"
TORCHTUNE_PRECISION = f"{TORCHTUNE_AT}/torchtune/training/precision.py"
TORCH_BF16_EMULATION = "https://github.com/MakazhanAlpamys/Soup/issues/387"
UNSLOTH_REQUIREMENTS = "https://unsloth.ai/docs/zh/kai-shi/fine-tuning-for-beginners/unsloth-requirements"
RX7900XTX_GEMM = (
    "https://github.com/zzc0721/torch-performance-test-data/issues/58",
    "https://github.com/zzc0721/torch-performance-test-data/issues/68",
    "https://github.com/zzc0721/torch-performance-test-data/issues/103",
)
# RX 9070 XT: the same benchmark (square torch.matmul 1024-10240, best size 4096), PyTorch 2.12 on ROCm 7.2 (2026-05)
# and on ROCm 7.14 under WSL (2026-09)
RX9070XT_GEMM = (
    "https://github.com/zzc0721/torch-performance-test-data/issues/173",
    "https://github.com/zzc0721/torch-performance-test-data/issues/201",
)
# Arc A770: oneMKL's DPC++ GEMM sample (4096^3, half precision) at 58.7 TFLOPS, chsasank in ollama/ollama PR #2458
# (2024-02-13); the XMX engines run bf16 at the fp16 rate, so it stands for bf16 as well
ARC_A770_GEMM = "https://github.com/ollama/ollama/pull/2458"
# Arc A770 under PyTorch 2.7.0+xpu, ml-engineering's mamf-finder (the benchmark the A100 reference figure comes from):
# bf16 max 92.9 TFLOPS at 4096x4096x2048, stas00/ml-engineering PR #107 (2025-06-03)
ARC_A770_MAMF = "https://github.com/stas00/ml-engineering/pull/107"
# Arc A770 under PyTorch 2.7.0+xpu, the square torch.matmul benchmark the RDNA and GeForce figures come from: fp16 80.36
# and bf16 85.14 TFLOPS at best (8192-10240), zzc0721/torch-performance-test-data issue #182 (2026-06-29, Windows 11)
ARC_A770_TORCH27 = "https://github.com/zzc0721/torch-performance-test-data/issues/182"


@dataclass(frozen=True)
class Fact:
    """One sourced statement: whether a piece of software runs, in words a buyer understands. Its note is a code and
    typed fields (`sup.*`: reasons.EN words it, report/words.py in Chinese; tests/unit/test_support_notes.py), which a
    check carries beside its English (support.note_fields: `note_code`)."""

    level: Level
    code: str
    source: str
    args: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, level: Level, code: str, source: str, **args: Value) -> Fact:
        return cls(level, code, source, tuple(args.items()))

    @functools.cached_property
    def said(self) -> Reason:
        """The note as a reason, made when first read: the table is built when `llm-rig estimate` imports it (#34)."""
        return Reason.of(self.code, **dict(self.args))

    @functools.cached_property
    def note(self) -> str:
        """The note in English."""
        return english(self.said)


@dataclass(frozen=True)
class MatmulMeasurement:
    """A published dense GEMM throughput next to the peak it was measured against."""

    card: str
    dtype: TrainDtype
    measured_tflops: float
    peak_tflops: float
    source: str

    @property
    def efficiency(self) -> float:
        return self.measured_tflops / self.peak_tflops


# The estimator's training MFU defaults were fitted on NVIDIA runs (Llama 2 on A100 ~40 %),
# against NVIDIA peak figures whose large-GEMM efficiency is this A100 SXM measurement
# (ml-engineering MAMF table, BF16, torch 2.6.0+cu126: 271.2 of 312 TFLOPS). Another vendor's
# figure is rescaled by (its GEMM efficiency / this one) so the same MFU applies to it.
REFERENCE_MATMUL = MatmulMeasurement("NVIDIA A100 SXM", "bf16", 271.2, 312.0, MAMF_TABLE)

# Desktop and workstation cards are costed at the consumer utilisation (estimator.Calibration.default_mfu_consumer),
# which is a share of a GeForce card's catalog bf16 peak (FP32 accumulate). A GeForce card's large bf16 torch.matmul
# reaches that peak, not the A100's 87 %: the same square-matmul benchmark the RDNA and Arc figures come from
# (zzc0721/torch-performance-test-data, best of 1024-10240, PyTorch 2.7-2.12 CUDA builds) reads 164.81 of the RTX 4090's
# 165.2, 25.47 of the RTX 3060's 25.5, 64.68 of the RTX 3080's 59.5 (boost clocks above the spec sheet's), and 240.05
# and 178.86 of the RTX 5090's 209.5 (two submissions). Another vendor's desktop card is therefore scaled by its GEMM
# efficiency over this mean (1.02), not over the A100's: dividing by 0.87 had priced an Arc A770 at 87 TFLOPS where its
# measured GEMMs reach 59-93 (issue #29).
GEFORCE_MATMUL: tuple[MatmulMeasurement, ...] = (
    MatmulMeasurement(
        "NVIDIA GeForce RTX 4090",
        "bf16",
        164.81,
        165.2,
        "https://github.com/zzc0721/torch-performance-test-data/issues/78",
    ),
    MatmulMeasurement(
        "NVIDIA GeForce RTX 3060",
        "bf16",
        25.47,
        25.5,
        "https://github.com/zzc0721/torch-performance-test-data/issues/131",
    ),
    MatmulMeasurement(
        "NVIDIA GeForce RTX 3080 10GB",
        "bf16",
        64.68,
        59.5,
        "https://github.com/zzc0721/torch-performance-test-data/issues/114",
    ),
    MatmulMeasurement(
        "NVIDIA GeForce RTX 5090",
        "bf16",
        240.05,
        209.5,
        "https://github.com/zzc0721/torch-performance-test-data/issues/96",
    ),
    MatmulMeasurement(
        "NVIDIA GeForce RTX 5090",
        "bf16",
        178.86,
        209.5,
        "https://github.com/zzc0721/torch-performance-test-data/issues/200",
    ),
)


def reference_matmul_efficiency(gpu: Gpu) -> float:
    """The GEMM efficiency the utilisation applied to `gpu` was set against: the A100's for data-center parts (the
    fitted MFU), the GeForce cards' mean for desktop and workstation parts (the consumer utilisation)."""
    if gpu.market == "datacenter":
        return REFERENCE_MATMUL.efficiency
    return sum(m.efficiency for m in GEFORCE_MATMUL) / len(GEFORCE_MATMUL)


@dataclass(frozen=True)
class ArchSupport:
    """What the software stack runs on one GPU architecture of one vendor."""

    vendor: Literal["nvidia", "amd", "intel"]
    architecture: str  # the catalog's Gpu.architecture spelling
    targets: str  # CUDA compute capability or LLVM gfx target(s)
    aliases: tuple[str, ...]
    bf16: Fact
    fp8_compute: Fact
    flash_attention_2: Fact
    pytorch: Fact
    vllm: Fact
    vllm_quant: dict[str, Fact]  # implementation row of vLLM's table -> fact
    vllm_fp8_kv: Fact
    llama_cpp: Fact
    bitsandbytes: Fact
    deepspeed: Fact
    torch_compile: Fact
    driver: Fact
    matmul: tuple[MatmulMeasurement, ...] = ()
    matmul_note: str = ""
    # False where the GPU has no tensor/matrix units (Pascal, Vega 20): its catalog fp16 figure is
    # then a CUDA-core/vector rate, not a tensor peak that matmul kernels fall far short of
    matrix_units: bool = True
    capabilities: tuple[float, ...] = ()
    """NVIDIA: the CUDA compute capabilities of the architecture, lowest first (`targets` words them)."""

    def facts(self) -> dict[str, Fact]:
        """Every fact by name (vLLM quantization rows as vllm_quant.<row>)."""
        named = {
            name: getattr(self, name)
            for name in (
                "bf16",
                "fp8_compute",
                "flash_attention_2",
                "pytorch",
                "vllm",
                "vllm_fp8_kv",
                "llama_cpp",
                "bitsandbytes",
                "deepspeed",
                "torch_compile",
                "driver",
            )
        }
        named.update({f"vllm_quant.{row}": fact for row, fact in self.vllm_quant.items()})
        return named


# --------------------------------------------------------------------------- shared facts
# vLLM's "Supported Hardware" quantization table (VLLM_QUANT_HARDWARE): columns Volta (SM 7.0),
# Turing (7.5), Ampere (8.0/8.6), Ada (8.9), Hopper (9.0), AMD GPU, Intel GPU. Rows used here.
VLLM_ROWS = ("awq", "gptq", "marlin", "int8_w8a8", "fp8_w8a8", "bitsandbytes", "gguf")
_QUANT_NAMES = {
    "awq": "AWQ",
    "gptq": "GPTQ",
    "marlin": "Marlin int4 (GPTQ/AWQ/compressed-tensors W4A16)",
    "int8_w8a8": "INT8 W8A8",
    "fp8_w8a8": "FP8 W8A8",
    "bitsandbytes": "bitsandbytes",
    "gguf": "GGUF",
}


def _quant_row(column: str, supported: set[str], extra: dict[str, Fact] | None = None) -> dict[str, Fact]:
    row: dict[str, Fact] = {}
    for name in VLLM_ROWS:
        label = _QUANT_NAMES[name]
        if name in supported:
            row[name] = Fact.of("yes", "sup.vllm-runs", VLLM_QUANT_HARDWARE, quant=label, hardware=column)
        else:
            row[name] = Fact.of("no", "sup.vllm-unsupported", VLLM_QUANT_HARDWARE, quant=label, hardware=column)
    row.update(extra or {})
    return row


_FP8_MARLIN = Fact.of("partial", "sup.fp8-marlin", VLLM_FP8)
# MXFP4 is not a row of vLLM's hardware table: only the architectures it is refused on carry the row (support.py
# checks a precision whose row an architecture lacks no further)
_MXFP4_NONE = {"mxfp4": Fact.of("no", "sup.vllm-mxfp4-sm80", VLLM_MXFP4_SM80)}
_FP8_KV_SOFTWARE = Fact.of("partial", "sup.fp8-kv-software", VLLM_KV_CACHE)
_FP8_KV_NATIVE = Fact.of("yes", "sup.fp8-kv-native", VLLM_KV_CACHE)
_FP8_KV_UNDOCUMENTED = Fact.of("partial", "sup.fp8-kv-undocumented", VLLM_KV_CACHE)
_NO_BF16_NVIDIA = Fact.of("no", "sup.no-bf16-nvidia", AMPERE_WHITEPAPER)
_BF16_NVIDIA = Fact.of("yes", "sup.bf16-nvidia", AMPERE_WHITEPAPER)
_FA2_NVIDIA = Fact.of("yes", "sup.fa2-nvidia", FLASH_ATTN_README)
_FA2_NONE_NVIDIA = Fact.of("no", "sup.fa2-none-nvidia", FLASH_ATTN_README)
_LLAMA_CUDA = Fact.of("yes", "sup.llama-cuda", LLAMA_CPP_BUILD)
_LLAMA_HIP = Fact.of("yes", "sup.llama-hip", LLAMA_CPP_BUILD)
_LLAMA_SYCL = Fact.of("yes", "sup.llama-sycl", LLAMA_CPP_BUILD)
# Pascal: no machine code in llama.cpp's prebuilt CUDA binaries (LLAMA_CPP_RELEASE_YML): a build of its own
_LLAMA_PASCAL = Fact.of(
    "partial", "sup.llama-source-build", LLAMA_CPP_RELEASE_YML, arch="Pascal", sm="60/61", cuda="12"
)
# Volta: only compute_70 PTX in the CUDA 12.4 Windows build, nothing in the 13.3 one (LLAMA_CPP_RELEASE_YML)
_LLAMA_VOLTA = Fact.of("partial", "sup.llama-source-build-sm", LLAMA_CPP_RELEASE_YML, arch="Volta", sm="70", cuda="12")
_BNB_CUDA = Fact.of("yes", "sup.bnb-cuda", BNB_INSTALL)
_BNB_ROCM_INSTINCT = Fact.of("yes", "sup.bnb-rocm-instinct", BNB_INSTALL)
_BNB_ROCM_RADEON = Fact.of("partial", "sup.bnb-rocm-radeon", BNB_ROCM_WINDOWS)
_BNB_XPU = Fact.of("yes", "sup.bnb-xpu", BNB_INSTALL)
_DS_NVIDIA = Fact.of("yes", "sup.ds-nvidia", DEEPSPEED_README)
_DS_AMD_TESTED = Fact.of("yes", "sup.ds-amd-tested", DEEPSPEED_README)
_DS_AMD_OTHER = Fact.of("partial", "sup.ds-amd-other", DEEPSPEED_README)
_DS_ARC = Fact.of("partial", "sup.ds-arc", DEEPSPEED_README)
_COMPILE_OK = Fact.of("yes", "sup.compile-ok", TRITON_README)
_COMPILE_OLD_NVIDIA = Fact.of("partial", "sup.compile-old-nvidia", TRITON_README)
_DRIVER_CURRENT_NVIDIA = Fact.of("yes", "sup.driver-current-nvidia", CUDA13_DROPS_VOLTA)
_DRIVER_ROCM = Fact.of("yes", "sup.driver-rocm", ROCM_RADEON_TARGETS)
_PYTORCH_CUDA = Fact.of("yes", "sup.pytorch-cuda", PYTORCH_DROPS_SM70)
_PYTORCH_ROCM = Fact.of("yes", "sup.pytorch-rocm", ROCM_RADEON_TARGETS)

_TURING_PLUS_ROWS = {"awq", "gptq", "marlin", "int8_w8a8", "bitsandbytes", "gguf"}


def _nvidia(
    architecture: str,
    capabilities: tuple[float, ...],
    column: str,
    supported: set[str],
    *,
    bf16: bool,
    fp8: Fact,
    fa2: bool,
    kv: Fact,
    vllm: Fact,
    extra_quant: dict[str, Fact] | None = None,
    pytorch: Fact = _PYTORCH_CUDA,
    compile_fact: Fact = _COMPILE_OK,
    driver: Fact = _DRIVER_CURRENT_NVIDIA,
    aliases: tuple[str, ...] = (),
    matrix_units: bool = True,
    llama_cpp: Fact = _LLAMA_CUDA,
) -> ArchSupport:
    return ArchSupport(
        vendor="nvidia",
        architecture=architecture,
        targets="compute capability " + "/".join(f"{c:.1f}" for c in capabilities),
        capabilities=capabilities,
        aliases=aliases,
        matrix_units=matrix_units,
        bf16=_BF16_NVIDIA if bf16 else _NO_BF16_NVIDIA,
        fp8_compute=fp8,
        flash_attention_2=_FA2_NVIDIA if fa2 else _FA2_NONE_NVIDIA,
        pytorch=pytorch,
        vllm=vllm,
        vllm_quant=_quant_row(column, supported, extra_quant),
        vllm_fp8_kv=kv,
        llama_cpp=llama_cpp,
        bitsandbytes=_BNB_CUDA,
        deepspeed=_DS_NVIDIA,
        torch_compile=compile_fact,
        driver=driver,
    )


_VLLM_CUDA = Fact.of("yes", "sup.vllm-cuda", VLLM_GPU_INSTALL)
_FP8_NATIVE_NVIDIA = Fact.of("yes", "sup.fp8-native-nvidia", VLLM_FP8)
_FP8_NONE_NVIDIA = Fact.of("no", "sup.fp8-none-nvidia", VLLM_FP8)
_EOL_DRIVER = Fact.of("partial", "sup.eol-driver", NVIDIA_R580_LAST)
_EOL_PYTORCH = Fact.of("partial", "sup.eol-pytorch", PYTORCH_DROPS_SM70)

_AMD_COLUMN = "AMD GPUs"
_AMD_ROWS = {"gguf"}
_AMD_FP8_ROWS = {"gguf", "fp8_w8a8"}
_INTEL_COLUMN = "Intel GPUs"
_INTEL_ROWS = {"awq", "gptq"}
_FP8_NONE_AMD = Fact.of("no", "sup.fp8-none-amd", TORCH_SCALED_MM)
_VLLM_FP8_ROCM_NONE = Fact.of("no", "sup.vllm-fp8-rocm-none", TORCH_SCALED_MM)
_INTEL_FP8 = Fact.of("no", "sup.intel-fp8", VLLM_QUANT_HARDWARE)
VLLM_FP8_XPU = (
    "https://github.com/intel/llm-scaler/blob/main/vllm/README.md (supported models: 'Dynamic Online FP8' for "
    "Qwen3, Qwen3.6-27B and 35B-A3B, DeepSeek-R1 distills and more; the Qwen3.6 reference command serves with "
    "--quantization fp8; read 2026-12-07 at commit 8d66bf9e); intel/llm-scaler README (2026-08: llm-scaler-vllm "
    "0.21.0-b2 serves the block-FP8 Qwen3.6-27B-FP8 and 35B-A3B-FP8); intel/llm-scaler "
    "issues/vllm-xpu-status-2026-09-02.md (upstream vLLM on XPU: FP8 dense through oneDNN fp8_gemm_w8a16 by "
    "default, W8A8 opt-in, block-FP8 W8A8 #50787; not gated to an architecture); "
    "https://github.com/intel/llm-scaler/issues/339 (2026-03-30: Qwen3.5-27B served on two B60s with "
    "--quantization fp8)"
)
_FP8_XE2 = {"fp8_w8a8": Fact.of("partial", "sup.vllm-fp8-xe2", VLLM_FP8_XPU)}
"""vLLM's hardware table (VLLM_QUANT_HARDWARE) lists no FP8 on Intel GPUs, but on Battlemage FP8 weights are what
Intel's own llm-scaler serves (online dynamic FP8 and block-FP8 checkpoints, W8A16: the weights in FP8, the matmuls
at the 16-bit rate). Round 45: a Qwen3.6 plan in FP8 on Arc Pro B60 had been refused; Alchemist keeps the table's
answer (no XPU path of its own since IPEX's end)."""
IPEX_QUANT = (
    "https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/quantization/ipex_quant.py (AWQ and "
    "GPTQ on XPU run through IPEX, 2.6.0 or newer); https://github.com/intel/intel-extension-for-pytorch/issues/796 "
    "(2025-03-15: Flex Series, the Arc A-series' Alchemist silicon, deprecated after v2.6.10+xpu); "
    "https://github.com/intel/intel-extension-for-pytorch/issues/867 (2025-10-10: no releases after 2.8, end of "
    "life), archived 2026-03-30 (github.com/Comfy-Org/ComfyUI/pull/13653)"
)
_IPEX_GONE_ALCHEMIST = {
    row: Fact.of("no", "sup.vllm-ipex-gone", IPEX_QUANT, quant=_QUANT_NAMES[row]) for row in ("awq", "gptq")
}
"""The hardware table's Intel GPU column predates IPEX's end; for Alchemist (Arc A-series) the path it rests on is
gone. Battlemage (Arc Pro B-series) keeps the table's answer: Intel's llm-scaler-vllm ships INT4 kernels for it."""
_FA2_ROCM_CK = Fact.of("yes", "sup.fa2-rocm-ck", FLASH_ATTN_README)
_FA2_NONE_OLD_AMD = Fact.of("no", "sup.fa2-none-old-amd", FLASH_ATTN_README)
_FA2_NONE_INTEL = Fact.of("no", "sup.fa2-none-intel", FLASH_ATTN_README)
_VLLM_ROCM = Fact.of("yes", "sup.vllm-rocm", VLLM_GPU_INSTALL)
_VLLM_ROCM_NONE = Fact.of("no", "sup.vllm-rocm-none", VLLM_GPU_INSTALL)
_VLLM_XPU = Fact.of("partial", "sup.vllm-xpu", VLLM_GPU_INSTALL_V014)
_COMPILE_ROCM = Fact.of("yes", "sup.compile-rocm", TRITON_README)
_COMPILE_XPU = Fact.of("yes", "sup.compile-xpu", PYTORCH_XPU)
_PYTORCH_XPU = Fact.of("yes", "sup.pytorch-xpu", PYTORCH_XPU)
_DRIVER_XPU = Fact.of("yes", "sup.driver-xpu", PYTORCH_XPU)


def _rx7900xtx(url: str, fp16: float, bf16: float, fp32: float) -> tuple[MatmulMeasurement, ...]:
    # best square torch.matmul of one submission, against AMD's 122.8 fp16/bf16 and 61.4 fp32 peaks
    card = "AMD Radeon RX 7900 XTX"
    return (
        MatmulMeasurement(card, "fp16", fp16, 122.8, url),
        MatmulMeasurement(card, "bf16", bf16, 122.8, url),
        MatmulMeasurement(card, "fp32", fp32, 61.4, url),
    )


# PyTorch builds for ROCm 6.3, 7.0 and 7.1 respectively
_RDNA3_GEMM = (
    _rx7900xtx(RX7900XTX_GEMM[0], 105.43, 99.37, 26.84)
    + _rx7900xtx(RX7900XTX_GEMM[1], 97.52, 93.65, 25.67)
    + _rx7900xtx(RX7900XTX_GEMM[2], 95.35, 88.09, 23.28)
)

# AMD Instinct MI300 series
_CDNA3 = ArchSupport(
    vendor="amd",
    architecture="CDNA 3",
    targets="gfx942 (Instinct MI300 series)",
    aliases=("CDNA3",),
    bf16=Fact.of("yes", "sup.matrix-bf16", FLASH_ATTN_README, arch="CDNA 3"),
    fp8_compute=Fact.of("yes", "sup.fp8-cdna3", TORCH_SCALED_MM),
    flash_attention_2=_FA2_ROCM_CK,
    pytorch=_PYTORCH_ROCM,
    vllm=_VLLM_ROCM,
    vllm_quant=_quant_row(_AMD_COLUMN, _AMD_FP8_ROWS),
    vllm_fp8_kv=_FP8_KV_NATIVE,
    llama_cpp=_LLAMA_HIP,
    bitsandbytes=_BNB_ROCM_INSTINCT,
    deepspeed=_DS_AMD_OTHER,
    torch_compile=_COMPILE_ROCM,
    driver=_DRIVER_ROCM,
    matmul=(
        MatmulMeasurement("AMD Instinct MI300X", "bf16", 668.4, 1300.0, MAMF_TABLE),
        MatmulMeasurement("AMD Instinct MI325X", "bf16", 784.9, 1300.0, MAMF_TABLE),
    ),
    matmul_note="PyTorch 2.5-2.6 on ROCm 6.2-6.3 with TunableOp (ml-engineering MAMF v2 table); fp16 shares "
    "the bf16 matrix rate on CDNA 3, so the bf16 figure is used for both",
)


SUPPORT_TABLE: tuple[ArchSupport, ...] = (
    _nvidia(
        "Pascal",
        (6.0, 6.1),
        "Pascal",
        set(),
        bf16=False,
        fp8=_FP8_NONE_NVIDIA,
        fa2=False,
        kv=Fact.of("no", "sup.vllm-not-on", VLLM_GPU_INSTALL, target="Pascal"),
        vllm=Fact.of("no", "sup.vllm-pascal", VLLM_GPU_INSTALL),
        pytorch=_EOL_PYTORCH,
        compile_fact=Fact.of("no", "sup.inductor-below-7", INDUCTOR_TOO_OLD),
        driver=_EOL_DRIVER,
        matrix_units=False,
        llama_cpp=_LLAMA_PASCAL,
    ),
    _nvidia(
        "Volta",
        (7.0,),
        "Volta",
        {"gptq", "bitsandbytes", "gguf"},
        bf16=False,
        fp8=_FP8_NONE_NVIDIA,
        fa2=False,
        kv=_FP8_KV_SOFTWARE,
        vllm=Fact.of("partial", "sup.vllm-volta", VLLM_GPU_INSTALL_V014),
        extra_quant={"fp8_w8a8": Fact.of("no", "sup.fp8-volta", VLLM_FP8), **_MXFP4_NONE},
        pytorch=_EOL_PYTORCH,
        compile_fact=_COMPILE_OLD_NVIDIA,
        driver=_EOL_DRIVER,
        llama_cpp=_LLAMA_VOLTA,
    ),
    _nvidia(
        "Turing",
        (7.5,),
        "Turing",
        _TURING_PLUS_ROWS,
        bf16=False,
        fp8=_FP8_NONE_NVIDIA,
        fa2=False,
        kv=_FP8_KV_SOFTWARE,
        vllm=_VLLM_CUDA,
        extra_quant={"fp8_w8a8": _FP8_MARLIN, **_MXFP4_NONE},
        compile_fact=_COMPILE_OLD_NVIDIA,
        driver=Fact.of("yes", "sup.driver-turing", CUDA13_DROPS_VOLTA),
    ),
    _nvidia(
        "Ampere",
        (8.0, 8.6, 8.7),
        "Ampere",
        _TURING_PLUS_ROWS,
        bf16=True,
        fp8=_FP8_NONE_NVIDIA,
        fa2=True,
        kv=_FP8_KV_SOFTWARE,
        vllm=_VLLM_CUDA,
        extra_quant={"fp8_w8a8": _FP8_MARLIN},
    ),
    _nvidia(
        "Ada Lovelace",
        (8.9,),
        "Ada",
        _TURING_PLUS_ROWS | {"fp8_w8a8"},
        bf16=True,
        fp8=_FP8_NATIVE_NVIDIA,
        fa2=True,
        kv=_FP8_KV_NATIVE,
        vllm=_VLLM_CUDA,
        aliases=("Ada",),
    ),
    _nvidia(
        "Hopper",
        (9.0,),
        "Hopper",
        _TURING_PLUS_ROWS | {"fp8_w8a8"},
        bf16=True,
        fp8=_FP8_NATIVE_NVIDIA,
        fa2=True,
        kv=_FP8_KV_NATIVE,
        vllm=_VLLM_CUDA,
    ),
    _nvidia(
        # vLLM's quantization table stops at Hopper; its FP8 page lists Blackwell for W8A8 and its install page
        # names the B200. The other rows are taken as Hopper's (newer than every column marked supported).
        "Blackwell",
        (10.0, 12.0),
        "Blackwell (table stops at Hopper; FP8 page lists Blackwell)",
        _TURING_PLUS_ROWS | {"fp8_w8a8"},
        bf16=True,
        fp8=_FP8_NATIVE_NVIDIA,
        fa2=True,
        kv=_FP8_KV_NATIVE,
        vllm=_VLLM_CUDA,
        aliases=("Blackwell Ultra",),  # B300/GB300: the same compute capability 10.x software stack
    ),
    ArchSupport(
        vendor="amd",
        architecture="GCN 5",
        targets="gfx906 (Vega 20: Instinct MI50/MI60, Radeon VII)",
        aliases=("Vega 20", "Vega", "GCN 5.1", "GCN5"),
        bf16=Fact.of("no", "sup.no-bf16-vega20", ROCM_GFX906_EOM),
        fp8_compute=_FP8_NONE_AMD,
        flash_attention_2=_FA2_NONE_OLD_AMD,
        pytorch=Fact.of("partial", "sup.pytorch-gfx906", ROCM_GFX906_EOM),
        vllm=_VLLM_ROCM_NONE,
        vllm_quant=_quant_row("GCN 5 (not a vLLM ROCm target)", set()),
        vllm_fp8_kv=Fact.of("no", "sup.vllm-not-on", VLLM_GPU_INSTALL, target="gfx906"),
        # no gfx906 among the release's ROCm targets (LLAMA_CPP_RELEASE_YML), and ROCm 6.4's rocBLAS has no gfx906
        # kernels (ROCM_64_NO_GFX906): built from source on ROCm 6.3 (SOURCE_BUILT)
        llama_cpp=Fact.of("partial", "sup.llama-gfx906", LLAMA_CPP_RELEASE_YML, rocm="6.3", dropped="6.4.0"),
        bitsandbytes=Fact.of("no", "sup.bnb-gfx906", ROCM_GFX906_EOM),
        deepspeed=_DS_AMD_OTHER,
        torch_compile=Fact.of("partial", "sup.compile-gfx906", TRITON_README),
        driver=Fact.of("partial", "sup.driver-gfx906", ROCM_GFX906_EOM),
        matrix_units=False,
    ),
    ArchSupport(
        vendor="amd",
        architecture="CDNA 1",
        targets="gfx908 (Instinct MI100)",
        aliases=("CDNA1", "CDNA"),
        bf16=Fact.of("yes", "sup.matrix-bf16", DEEPSPEED_README, arch="CDNA 1"),
        fp8_compute=_FP8_NONE_AMD,
        flash_attention_2=_FA2_NONE_OLD_AMD,
        pytorch=Fact.of("partial", "sup.pytorch-cdna1", VLLM_GPU_INSTALL),
        vllm=_VLLM_ROCM_NONE,
        vllm_quant=_quant_row("CDNA 1 (not a vLLM ROCm target)", set()),
        vllm_fp8_kv=Fact.of("no", "sup.vllm-not-on", VLLM_GPU_INSTALL, target="gfx908"),
        llama_cpp=_LLAMA_HIP,
        bitsandbytes=Fact.of("partial", "sup.bnb-cdna1", BNB_INSTALL),
        deepspeed=_DS_AMD_TESTED,
        torch_compile=_COMPILE_ROCM,
        driver=Fact.of("partial", "sup.driver-cdna1", ROCM_RADEON_TARGETS),
    ),
    ArchSupport(
        vendor="amd",
        architecture="CDNA 2",
        targets="gfx90a (Instinct MI200 series)",
        aliases=("CDNA2",),
        bf16=Fact.of("yes", "sup.bf16-cdna2", FLASH_ATTN_README),
        fp8_compute=_FP8_NONE_AMD,
        flash_attention_2=_FA2_ROCM_CK,
        pytorch=_PYTORCH_ROCM,
        vllm=_VLLM_ROCM,
        vllm_quant=_quant_row(_AMD_COLUMN, _AMD_ROWS, {"fp8_w8a8": _VLLM_FP8_ROCM_NONE}),
        vllm_fp8_kv=_FP8_KV_UNDOCUMENTED,
        llama_cpp=_LLAMA_HIP,
        bitsandbytes=_BNB_ROCM_INSTINCT,
        deepspeed=_DS_AMD_TESTED,
        torch_compile=_COMPILE_ROCM,
        driver=_DRIVER_ROCM,
        matmul=(MatmulMeasurement("AMD Instinct MI250X (one GCD)", "bf16", 147.0, 191.5, MAMF_TABLE),),
        matmul_note="one of the MI250X's two dies; ROCm 6.2 (ml-engineering MAMF v1 table)",
    ),
    _CDNA3,
    # MI350 series: taken as CDNA 3's software support (the same ROCm/vLLM/PyTorch stacks list gfx950 from ROCm 7 on);
    # no matmul measurement of its own yet, so its training rate is the vendor's measured share, not its peak
    replace(
        _CDNA3,
        architecture="CDNA 4",
        targets="gfx950 (Instinct MI350 series)",
        aliases=("CDNA4",),
        bf16=Fact.of("yes", "sup.matrix-bf16", FLASH_ATTN_README, arch="CDNA 4"),
        fp8_compute=Fact.of("yes", "sup.fp8-cdna4", TORCH_SCALED_MM),
        matmul=(),
        matmul_note="",
    ),
    ArchSupport(
        vendor="amd",
        architecture="RDNA 3",
        targets="gfx1100/gfx1101 (Radeon RX 7900 series, Radeon PRO W7900/W7800)",
        aliases=("RDNA3",),
        bf16=Fact.of("yes", "sup.bf16-rdna3", RDNA3_WMMA),
        fp8_compute=_FP8_NONE_AMD,
        flash_attention_2=Fact.of("partial", "sup.fa2-rdna3", RDNA3_FLASH_ATTN_BENCH),
        pytorch=_PYTORCH_ROCM,
        vllm=_VLLM_ROCM,
        vllm_quant=_quant_row(_AMD_COLUMN, _AMD_ROWS, {"fp8_w8a8": _VLLM_FP8_ROCM_NONE}),
        vllm_fp8_kv=_FP8_KV_UNDOCUMENTED,
        llama_cpp=_LLAMA_HIP,
        bitsandbytes=_BNB_ROCM_RADEON,
        deepspeed=_DS_AMD_OTHER,
        torch_compile=_COMPILE_ROCM,
        driver=_DRIVER_ROCM,
        matmul=_RDNA3_GEMM,
        matmul_note="user-submitted PyTorch matmul benchmarks (square 4096-10240, ROCm 6.3-7.1); the catalog's "
        "61.4 TFLOPS fp32 figure is a dual-issue peak that reaches about 41 %, the WMMA fp16/bf16 "
        "figure about 76-81 %",
    ),
    ArchSupport(
        vendor="amd",
        architecture="RDNA 4",
        targets="gfx1200/gfx1201 (Radeon RX 9000 series, Radeon AI PRO R9700)",
        aliases=("RDNA4",),
        bf16=Fact.of("yes", "sup.bf16-rdna4", RDNA4_ISA),
        fp8_compute=Fact.of("partial", "sup.fp8-rdna4", RDNA4_ISA),
        flash_attention_2=_FA2_ROCM_CK,
        pytorch=_PYTORCH_ROCM,
        vllm=_VLLM_ROCM,
        vllm_quant=_quant_row(_AMD_COLUMN, _AMD_ROWS, {"fp8_w8a8": _VLLM_FP8_ROCM_NONE}),
        vllm_fp8_kv=_FP8_KV_UNDOCUMENTED,
        llama_cpp=_LLAMA_HIP,
        bitsandbytes=_BNB_ROCM_RADEON,
        deepspeed=_DS_AMD_OTHER,
        torch_compile=_COMPILE_ROCM,
        driver=_DRIVER_ROCM,
        matmul=(
            MatmulMeasurement("AMD Radeon RX 9070 XT", "fp16", 129.35, 194.7, RX9070XT_GEMM[0]),
            MatmulMeasurement("AMD Radeon RX 9070 XT", "bf16", 133.36, 194.7, RX9070XT_GEMM[0]),
            MatmulMeasurement("AMD Radeon RX 9070 XT", "fp16", 124.64, 194.7, RX9070XT_GEMM[1]),
            MatmulMeasurement("AMD Radeon RX 9070 XT", "bf16", 125.21, 194.7, RX9070XT_GEMM[1]),
        ),
        matmul_note="user-submitted PyTorch matmul benchmarks (square 4096, ROCm 7.2 and 7.14): 64-68 % of the "
        "194.7 TFLOPS dense fp16/bf16 WMMA figure",
    ),
    ArchSupport(
        vendor="intel",
        architecture="Xe-HPG",
        targets="Arc A-series (Alchemist)",
        aliases=("Alchemist", "Xe HPG"),
        bf16=Fact.of("yes", "sup.bf16-xe", PYTORCH_XPU, arch="Xe-HPG"),
        fp8_compute=_INTEL_FP8,
        flash_attention_2=_FA2_NONE_INTEL,
        pytorch=_PYTORCH_XPU,
        vllm=_VLLM_XPU,
        vllm_quant=_quant_row(_INTEL_COLUMN, _INTEL_ROWS, _IPEX_GONE_ALCHEMIST),
        vllm_fp8_kv=_FP8_KV_UNDOCUMENTED,
        llama_cpp=_LLAMA_SYCL,
        bitsandbytes=_BNB_XPU,
        deepspeed=_DS_ARC,
        torch_compile=_COMPILE_XPU,
        driver=_DRIVER_XPU,
        matmul=(
            MatmulMeasurement("Intel Arc A770 16GB", "fp16", 58.7, 137.6, ARC_A770_GEMM),
            MatmulMeasurement("Intel Arc A770 16GB", "bf16", 58.7, 137.6, ARC_A770_GEMM),
            MatmulMeasurement("Intel Arc A770 16GB", "bf16", 92.9, 137.6, ARC_A770_MAMF),
            MatmulMeasurement("Intel Arc A770 16GB", "fp16", 80.36, 137.6, ARC_A770_TORCH27),
            MatmulMeasurement("Intel Arc A770 16GB", "bf16", 85.14, 137.6, ARC_A770_TORCH27),
        ),
        matmul_note="oneMKL DPC++ GEMM, 4096^3 half precision, 58.7 of the 137.6 TFLOPS XMX figure (43 %, Feb 2024); "
        "mamf-finder under PyTorch 2.7 XPU, bf16 92.9 (68 %, June 2025); torch.matmul under PyTorch 2.7 XPU, fp16 "
        "80.4 and bf16 85.1 (58-62 %, June 2026); bf16 runs on the same XMX engines "
        "at the fp16 rate",
    ),
    ArchSupport(
        vendor="intel",
        architecture="Xe2",
        targets="Arc B-series (Battlemage)",
        aliases=("Battlemage", "Xe2-HPG"),
        bf16=Fact.of("yes", "sup.bf16-xe", PYTORCH_XPU, arch="Xe2"),
        fp8_compute=_INTEL_FP8,
        flash_attention_2=_FA2_NONE_INTEL,
        pytorch=_PYTORCH_XPU,
        vllm=_VLLM_XPU,
        vllm_quant=_quant_row(_INTEL_COLUMN, _INTEL_ROWS, _FP8_XE2),
        vllm_fp8_kv=_FP8_KV_UNDOCUMENTED,
        llama_cpp=_LLAMA_SYCL,
        bitsandbytes=_BNB_XPU,
        deepspeed=_DS_ARC,
        torch_compile=_COMPILE_XPU,
        driver=_DRIVER_XPU,
    ),
)


# --------------------------------------------------------------------------- frameworks x GPUs


@dataclass(frozen=True)
class FrameworkNeeds:
    """What a fine-tuning framework needs of the GPU to train as the estimate sizes it, with the sources."""

    framework: str
    dtypes: tuple[TrainDtype, ...]  # what its training runs in
    dtypes_said: Reason  # sup.dtypes-*: what it trains in, in its own words
    dtypes_source: str
    min_compute_capability: float | None = None  # NVIDIA; None: no stated floor
    below_minimum: Level = "no"  # what the framework says of older cards
    minimum_said: Reason | None = None  # sup.minimum-*: what it says of older cards
    minimum_source: str = ""

    @property
    def dtypes_note(self) -> str:
        return english(self.dtypes_said)

    @property
    def bf16_only(self) -> bool:
        """Its 16-bit training is bf16: a GPU without bf16 hardware cannot run it as the (bf16) estimate has it."""
        return "bf16" in self.dtypes and "fp16" not in self.dtypes


FRAMEWORK_NEEDS: dict[str, FrameworkNeeds] = {
    # torchtune: "Full fp32 and bf16 training are supported ... Mixed precision training and fp16 precision are
    # currently not supported"; every recipe raises ValueError("full fp16 training is not supported with this
    # recipe") (recipes/*_finetune_*.py). get_dtype raises for bf16 only when torch.cuda.is_bf16_supported() is False,
    # and that call passes on Turing and Volta by emulation (its including_emulation=True default; measured on a T4,
    # TORCH_BF16_EMULATION): the job then runs bf16 without bf16 tensor cores, or the user sets dtype=fp32 with
    # twice the weights, gradients and activations. Neither is the estimate, which sizes and times bf16.
    "torchtune": FrameworkNeeds(
        "torchtune",
        ("bf16", "fp32"),
        Reason.of("sup.dtypes-torchtune"),
        TORCHTUNE_RECIPE,
    ),
    # Unsloth Core: "minimum CUDA capability 7.0 (V100, T4, Titan V, RTX 20 & 50, A100, H100, L40 etc); GTX 1070,
    # 1080 work, but slowly" (its requirements page); it trains in fp16 where bf16 is missing
    "unsloth": FrameworkNeeds(
        "unsloth",
        ("bf16", "fp16", "fp32"),
        Reason.of("sup.dtypes-unsloth"),
        UNSLOTH_REQUIREMENTS,
        min_compute_capability=7.0,
        below_minimum="partial",
        minimum_said=Reason.of("sup.minimum-unsloth", capability=7.0),
        minimum_source=UNSLOTH_REQUIREMENTS,
    ),
}


def compute_capability(entry: ArchSupport) -> float | None:
    """The lowest CUDA compute capability of an NVIDIA architecture (None off NVIDIA)."""
    return min(entry.capabilities) if entry.vendor == "nvidia" and entry.capabilities else None


def framework_fact(framework: str | None, entry: ArchSupport) -> Fact | None:
    """Whether `framework` trains on this architecture as the estimate sizes it (None: no limit is known). The solver's
    GPU filter (SUP-10 through check_stack), the Checks tab and the estimate's warning all read this."""
    needs = FRAMEWORK_NEEDS.get(framework or "")
    if needs is None:
        return None
    if needs.bf16_only and entry.bf16.level != "yes":
        return Fact.of("no", "sup.framework-bf16", needs.dtypes_source, framework=needs.framework, bf16=entry.bf16.note)
    capability = compute_capability(entry)
    if (
        needs.min_compute_capability is not None
        and capability is not None
        and capability < needs.min_compute_capability
    ):
        if needs.minimum_said is not None:
            return Fact(needs.below_minimum, needs.minimum_said.code, needs.minimum_source, needs.minimum_said.args)
        return Fact.of(needs.below_minimum, "sup.framework-minimum", needs.minimum_source, framework=needs.framework)
    return Fact.of(
        "yes", "sup.framework-supports", needs.minimum_source or needs.dtypes_source, framework=needs.framework
    )


@functools.cache  # support_for is asked ~67,000 times in one cluster plan, for a handful of names
def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


_BY_KEY: dict[tuple[str, str], ArchSupport] = {}
for _entry in SUPPORT_TABLE:
    for _name in (_entry.architecture, *_entry.aliases):
        _BY_KEY[(_entry.vendor, _key(_name))] = _entry


# --------------------------------------------------------------------------- engines x model architectures

VLLM_DSV4_XPU = (
    "https://github.com/vllm-project/vllm/tree/main/vllm/models/deepseek_v4/xpu (the XPU model, read 2026-12-03); "
    "https://github.com/vllm-project/vllm/pull/42950 (2026-05-18: XPU guards, 1/4 of the DeepSeek-V4 XPU series), "
    "https://github.com/vllm-project/vllm/pull/44144 (2026-06: mHC fused ops on XPU), "
    "https://github.com/vllm-project/vllm/pull/47677 (2026-07-06: DSpark on XPU); "
    "intel/llm-scaler issues/vllm-xpu-status-2026-09-02.md (vllm-xpu-kernels 0.1.14.1: sparse MLA in Triton, MQA "
    "logits and mHC Xe2-only, MoE grouped GEMM INT4/MXFP4/MXFP8/block-FP8 on Xe2 with bf16 activations, XPU graphs "
    "off while the grouped-GEMM tile-counter fixes #457/#524 are open); "
    "https://github.com/vllm-project/recipes/blob/main/models/deepseek-ai/DeepSeek-V4-Flash.yaml (verified hardware: "
    "H200, B200, GB200, B300, GB300, DGX Station GB300, MI355X; no Intel GPU)"
)
VLLM_XPU_KERNELS_XE2 = (
    "https://github.com/vllm-project/vllm-xpu-kernels/blob/0.1.14.1/csrc/utils.h (is_xe2_arch: BMG, LNL, PVC) via "
    "intel/llm-scaler issues/vllm-xpu-status-2026-09-02.md (the DeepSeek-V4 MQA-logits and mHC kernels are Xe2-only)"
)
LLM_SCALER_GDN = (
    "https://github.com/intel/llm-scaler/blob/main/README.md (2026-03: llm-scaler-vllm 0.14.0-b8.1 supports "
    "Qwen3.5-27B, Qwen3.5-35B-A3B and Qwen3.5-122B-A10B; 2026-06: 0.14.0-b8.3.2 fixes Qwen3.5/3.6-27B accuracy; "
    "2026-08: 0.21.0-b2 adds MTP for Qwen3.6-27B and 35B-A3B; read 2026-12-07 at commit 8d66bf9e); "
    "https://github.com/intel/llm-scaler/blob/main/Releases.md (0.11.1-b7, 2026-01-16: Qwen3-Next-80B-A3B); "
    "intel/llm-scaler vllm/README.md (supported models: Qwen3.6-27B and 35B-A3B FP16, online FP8 and INT4, "
    "--enforce-eager in the reference commands); intel/llm-scaler issues/vllm-xpu-status-2026-09-02.md (upstream "
    "vllm-xpu-kernels: the GDN kernels, libgdn_attn_kernels_xe_2, are Xe2-only; accuracy fix #437 from 0.1.12; "
    "native MTP on GDN models only with 0.1.14, vLLM v0.29.0rc1; XPU graphs kept off)"
)
GDN_NOT_ALCHEMIST = (
    "intel/llm-scaler issues/vllm-xpu-status-2026-09-02.md (vllm-xpu-kernels 0.1.14.1: the GDN kernels are built for "
    "Xe2 only, is_xe2_arch: BMG, LNL, PVC); https://github.com/vllm-project/vllm-xpu-kernels/issues/92 (2026-04-21: "
    "the intel/vllm 0.17.0-xpu image stops on an Arc A770, 'Required aspect fp64 is not supported'); llm-scaler "
    "targets Arc Pro B60/B70 only (README)"
)
_VLLM_GDN_XE2 = Fact.of("partial", "sup.vllm-gdn-xe2", LLM_SCALER_GDN)
_VLLM_GDN_XE_HPG = Fact.of("no", "sup.vllm-gdn-xe-hpg", GDN_NOT_ALCHEMIST)
_GATED_DELTANET = {("intel", "Xe2"): _VLLM_GDN_XE2, ("intel", "Xe-HPG"): _VLLM_GDN_XE_HPG}
"""Round 45: vLLM on Intel XPU runs the Gated DeltaNet hybrids (Qwen3-Next, Qwen3.5, Qwen3.6) on Battlemage through
Intel's llm-scaler-vllm images and upstream vllm-xpu-kernels' Xe2 GDN kernels, from given releases and eager; never
on Alchemist. Checked as of 2026-12-07."""
MODEL_ENGINE_FACTS: dict[tuple[str, str], dict[tuple[str, str], Fact]] = {
    ("vllm", "qwen3_next"): _GATED_DELTANET,
    ("vllm", "qwen3_5"): _GATED_DELTANET,
    ("vllm", "qwen3_5_moe"): _GATED_DELTANET,
    ("vllm", "deepseek_v4"): {
        ("intel", "Xe2"): Fact(
            "partial",
            "upstream vLLM runs DeepSeek-V4 on Intel XPU through its own model path since mid-2026 (sparse MLA in "
            "Triton, MXFP4 and block-FP8 MoE on Xe2 with bf16 activations, eager only: XPU graphs stay off while "
            "grouped-GEMM fixes are open); Intel GPUs are not among the DeepSeek-V4 recipe's verified hardware, and "
            "no multi-card Arc B-series run is published",
            VLLM_DSV4_XPU,
        ),
        ("intel", "Xe-HPG"): Fact(
            "no",
            "vLLM's DeepSeek-V4 XPU path needs vllm-xpu-kernels' Xe2 kernels (MQA logits, mHC, MoE grouped GEMM); "
            "Arc A-series (Alchemist, Xe-HPG) is not an Xe2 target",
            VLLM_XPU_KERNELS_XE2,
        ),
    },
}
"""Whether an engine runs a model architecture (its HF model_type) on a GPU architecture, where that differs from the
engine's general support: keyed by (engine, model_type), then (vendor, table architecture). Checked as of 2026-12-03."""
MODEL_ENGINE_WORDS: dict[tuple[str, str], str] = {
    ("vllm", "deepseek_v4"): "vllm-deepseek-v4",
    **{("vllm", t): "vllm-gated-deltanet" for t in ("qwen3_next", "qwen3_5", "qwen3_5_moe")},
}
"""The STACK_WORDS code (support.py) naming each engine x model pair above."""


def model_engine_fact(entry: ArchSupport, engine: str, model_type: str) -> Fact | None:
    """The fact about `engine` running a `model_type` model on this architecture (None: the engine's own fact holds)."""
    return MODEL_ENGINE_FACTS.get((engine, model_type), {}).get((entry.vendor, entry.architecture))


def support_for(vendor: str, architecture: str) -> ArchSupport | None:
    """The table entry for a vendor's architecture (spaces, case and hyphens ignored), or None if unknown."""
    return _BY_KEY.get((vendor, _key(architecture)))


# --------------------------------------------------------------------------- PyTorch FSDP by vendor (SUP-11)
# FSDP is PyTorch's own sharding: it runs wherever the vendor's PyTorch has a collective backend for it.
# - NVIDIA: NCCL. Answer.AI's FSDP + QLoRA was built and measured there (two RTX 3090 / 4090, A5000, A6000 Ada, A100,
#   H100: AnswerDotAI/fsdp_qlora benchmarks_03_2024.md); its train.py calls torch.cuda and bitsandbytes' CUDA kernels.
# - AMD: ROCm's PyTorch "provides mixed-precision and large-scale training using MIOpen and RCCL libraries" (ROCm 7.0.1
#   PyTorch compatibility, 2025-10-28); torch.distributed's `nccl` backend is RCCL there, "No code changes are
#   required" (Kubeflow Trainer, "PyTorch on AMD ROCm Guide", read 2026-12-06), so accelerate's FSDP runs as on CUDA.
# - Intel: PyTorch 2.8 (2025-08) built the XCCL backend into its XPU wheels (`USE_XCCL` ON ">= PT2.8", PyTorch's
#   "Getting Started on Intel GPU"), experimental at release; accelerate takes it for XPU (huggingface/accelerate#3401)
#   and has run FSDP on XPU since huggingface/accelerate#1803 (2023-08). FSDP training was run on 4 x Arc Pro B60 and
#   2 x Arc Pro B70 with PyTorch 2.11+xpu (verl-project/verl#6119, 2026-04-23, a GRPO smoke test, "Known workarounds
#   ... Level Zero IPC bug on PCIe cards"); no FSDP + QLoRA run on an Arc card is published: partial.
ROCM_PYTORCH = "https://rocm.docs.amd.com/en/docs-7.0.1/compatibility/ml-compatibility/pytorch-compatibility.html"
ANSWERAI_FSDP_QLORA = "https://www.answer.ai/posts/2024-03-06-fsdp-qlora"
FSDP_SUPPORT: dict[str, Fact] = {
    "nvidia": Fact.of("yes", "sup.fsdp-nvidia", ANSWERAI_FSDP_QLORA),
    "amd": Fact.of("yes", "sup.fsdp-rocm", ROCM_PYTORCH),
    "intel": Fact.of("partial", "sup.fsdp-xpu", PYTORCH_XPU),
}
"""Whether PyTorch FSDP (sharding, its CPU offload) runs on a vendor's stack, and what says so."""


# --------------------------------------------------------------------------- published runs of a memory regime (SUP-12)
@dataclass(frozen=True)
class PublishedRun:
    """One published training run of a memory regime: the cards it ran on, the job, and the per-GPU peak the source
    measured (None where it gives none). What SUP-12 reads as the regime's sourced envelope (offload_envelope)."""

    regime: str
    card: str
    card_gb: float
    gpus: int
    model: str
    context: int | None  # tokens a sample; None: the source does not say
    peak_gib: float | None  # the per-GPU peak the source measured (PyTorch's reserved memory), GiB
    source: str


QLORA_BASE_IN_RAM = "qlora-base-in-ram"
"""QLoRA whose sharded 4-bit base is kept in host RAM (FSDP's CPU offload, Answer.AI's --use_cpu_offload; a workload's
offload "cpu"), streamed to the cards a layer at a time: the regime candidates.base_may_go_to_ram offers unasked."""
ANSWERAI_BENCHMARKS = (
    "https://github.com/AnswerDotAI/fsdp_qlora/blob/23fafdfb4af403d0808038adafbfd74de265d33a/benchmarks_03_2024.md "
    "('Benchmarking QLoRA+FSDP', runs of Feb-Mar 2024, read 2026-12-07)"
)
OFFLOAD_RUNS: tuple[PublishedRun, ...] = (
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "RTX 3090",
        24,
        2,
        "Llama-2 70B",
        2048,
        14.92,
        f"{ANSWERAI_BENCHMARKS}: dual-3090 'basement rig', CPU offload True, batch size 2, peak 14.92 GiB, 11,795 s; "
        "'with activation offloading ... training on a 16GB GPU could be possible in theory'",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "RTX 4090",
        24,
        2,
        "Llama-2 70B",
        2048,
        14.92,
        f"{ANSWERAI_BENCHMARKS}: dual-4090 'budget workstation', CPU offload True, batch size 2, peak 14.92 GiB, 4,399 s",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "RTX 3090",
        24,
        2,
        "Yi 34B",
        2048,
        22.98,
        f"{ANSWERAI_BENCHMARKS}: CPU offload True, batch size 4, peak 22.98 GiB",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "RTX 4090",
        24,
        2,
        "Llama-2 7B",
        2048,
        22.38,
        f"{ANSWERAI_BENCHMARKS}: QLoRA, CPU offload True, batch size 12, peak 22.38 GiB",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "RTX 4090",
        24,
        2,
        "Mistral 7B v0.2",
        24576,
        22.54,
        f"{ANSWERAI_BENCHMARKS}: QLoRA, CPU offload True, batch size 1 at 24,576 tokens, peak 22.54 GiB",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "RTX A5000",
        24,
        2,
        "Llama-2 70B",
        2048,
        None,
        f"{ANSWERAI_BENCHMARKS}: 'CPU+Activation Offload' True, batch size 2, 9,688 s (no peak given)",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "24 GB GPUs",
        24,
        2,
        "Llama-2 70B",
        512,
        14.0,
        "https://github.com/axolotl-ai-cloud/axolotl/pull/1428 (2024-03-21): FSDP + QLoRA 'so that 70b fits on "
        "2x24GB VRAM GPUs ... can finetune llama2 70B @ 512 context w 14GB VRAM/GPU' (read as 14 GiB, the larger)",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "RTX 3090",
        24,
        2,
        "Llama 3.1 70B",
        None,
        None,
        "https://kaitchup.substack.com/p/multi-gpus-fine-tuning-for-llama (B. Marie, 2024-08-05): Llama 3.1 70B with "
        "FSDP and QLoRA on 2 RTX 3090, 'What you can do with only 2x24 GB GPUs, and a lot of CPU RAM'",
    ),
    PublishedRun(
        QLORA_BASE_IN_RAM,
        "24 GB GPUs",
        24,
        2,
        "a 70B",
        None,
        None,
        "https://github.com/hiyouga/LLaMA-Factory README news of 2024-03-20 (read 2026-12-07): 'We supported FSDP+QLoRA "
        "that fine-tunes a 70B model on 2x24GB GPUs' (examples/extras/fsdp_qlora)",
    ),
)
"""The published runs of a QLoRA with its base in host RAM, read 2026-12-07 (Answer.AI's fsdp_qlora benchmarks,
Axolotl's FSDP + QLoRA PR, The Kaitchup, LLaMA-Factory's FSDP + QLoRA example): every one on 24 GB cards. No run on a smaller card is published; Answer.AI calls a 16 GB
card 'possible in theory' with the activations offloaded too."""


@dataclass(frozen=True)
class Envelope:
    """What the published runs of a regime cover (SUP-12): every card at least as large as the smallest one a run used
    (`smallest_gb`, `smallest`), and a smaller card that holds the least per-GPU peak measured at the job's context or a
    longer one (`least`: None where no run measured one there)."""

    smallest: PublishedRun
    least: PublishedRun | None

    @property
    def smallest_gb(self) -> float:
        return self.smallest.card_gb


def offload_envelope(regime: str, context: int) -> Envelope | None:
    """The sourced envelope of a memory regime (OFFLOAD_RUNS) for a job of `context` tokens a sample: the run on the
    smallest card, and the run with the least measured per-GPU peak at that context or longer (a run at a shorter
    context holds fewer activations, so it vouches for no longer one). None: no published run of the regime."""
    runs = [r for r in OFFLOAD_RUNS if r.regime == regime]
    if not runs:
        return None
    measured = [r for r in runs if r.peak_gib is not None and r.context is not None and r.context >= context]
    least = min(measured, key=lambda r: r.peak_gib or 0.0) if measured else None
    return Envelope(min(runs, key=lambda r: r.card_gb), least)


_RANK: dict[Level, int] = {"no": 0, "partial": 1, "yes": 2}
Sharder = Literal["fsdp-qlora", "fsdp", "deepspeed"]
QloraSharder = Sharder  # the name qlora41 gave it


def sharder(vendor: str, architecture: str, method: str = "full") -> Sharder:
    """What shards a training job on several of these cards when the user names neither a framework nor a sharding:
    the one rule the planner's workload (so the launch command, the memory and the time estimate) and the support check
    (SUP-7 for DeepSpeed, SUP-11 for FSDP, and SUP-7's advice) read. The better supported of DeepSpeed ZeRO (the
    architecture's SUP-7 fact) and PyTorch FSDP (FSDP_SUPPORT, SUP-11) on the card's stack; where both are as well
    supported, the method's usual one:
    - QLoRA: FSDP over the 4-bit base, as practitioners run a 70B on two 24 GB cards (Answer.AI's FSDP + QLoRA,
      2024-03-06; bitsandbytes' and PEFT's FSDP-QLoRA guides): on NVIDIA cards Answer.AI's own train.py ("fsdp-qlora":
      torch.cuda and bitsandbytes' CUDA kernels, its measured runs), elsewhere the HF stack under accelerate's FSDP
      ("fsdp", PEFT's guide);
    - LoRA, full fine-tuning and pretraining: the HF stack's DeepSpeed ZeRO where DeepSpeed is validated on the card
      (NVIDIA; AMD MI100 and MI200, which upstream DeepSpeed tests), else accelerate's FSDP: on a Radeon or an
      MI300 (DeepSpeed partial: upstream tests only MI100 and MI200, FSDP runs on RCCL with no code changes) and on
      Arc (DeepSpeed's XPU accelerator is validated on Data Center GPU Max, not Arc; FSDP training has run on Arc Pro
      B60 cards, verl-project/verl#6119), FSDP is what SUP-7 itself advises.
    DeepSpeed where the vendor's PyTorch has no FSDP fact, or FSDP does not run."""
    qlora = method == "qlora"
    if qlora and vendor == "nvidia":
        return "fsdp-qlora"
    fsdp = FSDP_SUPPORT.get(vendor)
    entry = support_for(vendor, architecture)
    if fsdp is None or fsdp.level == "no":
        return "deepspeed"
    if entry is None:  # no SUP-7 fact for the card: the method's usual sharder
        return "fsdp" if qlora else "deepspeed"
    ds, fs = _RANK[entry.deepspeed.level], _RANK[fsdp.level]
    if ds > fs or (ds == fs and not qlora and entry.deepspeed.level == "yes"):
        return "deepspeed"
    return "fsdp"


def qlora_sharder(vendor: str, architecture: str) -> Sharder:
    """How a QLoRA fine-tune on several of these cards is sharded when the user names neither a framework nor a
    sharding (sharder, for QLoRA)."""
    return sharder(vendor, architecture, "qlora")


def training_half(gpu: Gpu | None) -> Literal["bf16", "fp16"]:
    """The 16-bit float a training job runs in on `gpu`: bf16 where the architecture has it (SUP-2's own fact), else
    fp16 mixed precision with loss scaling, as SUP-2 advises and training_tflops costs it (bf16 for an unknown card)."""
    entry = support_for(gpu.vendor, gpu.architecture) if gpu is not None else None
    return "fp16" if entry is not None and entry.bf16.level == "no" else "bf16"


VLLM_XPU_EAGER = (
    "https://github.com/intel/llm-scaler/blob/main/vllm/README.md (1.4.1 and 2.2: every Arc B60 serving command, "
    "BF16, online FP8 and INT4 alike, carries --enforce-eager; read 2026-12-07); intel/llm-scaler "
    "issues/vllm-xpu-status-2026-09-02.md (upstream vLLM on XPU: XPU graphs kept off); "
    "https://github.com/vllm-project/vllm/blob/main/vllm/engine/arg_utils.py (--enforce-eager, "
    "EngineArgs.enforce_eager: no CUDA/XPU graph capture)"
)


def vllm_eager(gpu: Gpu | None) -> bool:
    """Whether vLLM serves on `gpu` eager only, the way its vendor's recipes launch it (--enforce-eager): the cards
    whose vLLM fact is the XPU backend's (Intel Arc, Alchemist and Battlemage; VLLM_XPU_EAGER). Round 45: an Intel
    plan's `vllm serve` had left the flag out that llm-scaler's commands and the GDN fact (sup.vllm-gdn-xe2) name."""
    entry = support_for(gpu.vendor, gpu.architecture) if gpu is not None else None
    return entry is not None and entry.vllm is _VLLM_XPU


def has_matrix_units(gpu: Gpu) -> bool:
    """Whether the GPU has tensor/matrix units (True for an architecture the table does not know)."""
    entry = support_for(gpu.vendor, gpu.architecture)
    return entry is None or entry.matrix_units


@dataclass(frozen=True)
class EndOfLife:
    """An architecture past its vendor's software support: the caveat a build with it carries in its label, and the
    software that still runs it (what a practitioner installs on it today: the last release, and since when)."""

    said: Reason  # kind.eol-*: reasons.EN words it ("past CUDA support: CUDA 13 dropped Pascal; runs on CUDA 12")
    source: str
    runs: Reason  # eol.runs-*: which llama.cpp backend, toolkit and PyTorch wheels still run it, with their dates
    runs_sources: tuple[str, ...]

    @property
    def caveat(self) -> str:
        return english(self.said)


def _eol_cuda(arch: str, sm: str) -> EndOfLife:
    """Pascal and Volta: CUDA 13 (2025-08) builds nothing older than Turing, so llama.cpp runs them built with CUDA 12
    for their compute capability (its official prebuilt binaries leave them out, 2026-07), on NVIDIA's 580 drivers, the
    last branch for them; PyTorch's CUDA 12.6 wheels are the last that include them (2.8's release notes, 2025-08)."""
    return EndOfLife(
        Reason.of("kind.eol-cuda", arch=arch, cuda="12"),
        CUDA13_RELEASE_NOTES,
        Reason.of("eol.runs-cuda", arch=arch, sm=sm, cuda="12", driver="580", torch_cuda="12.6"),
        (
            CUDA13_NO_PRE_TURING,
            LLAMA_CPP_NO_SM61_PREBUILT,
            LLAMA_CPP_RELEASE_YML,
            NVIDIA_R580_LAST,
            PYTORCH_28_DROPS_SM50_SM70,
        ),
    )


END_OF_LIFE: dict[tuple[str, str], EndOfLife] = {
    ("nvidia", "Pascal"): _eol_cuda("Pascal", "60/61"),
    ("nvidia", "Volta"): _eol_cuda("Volta", "70"),
    # gfx906: ROCm 6.4.0's rocBLAS ships no gfx906 kernels (2025-04-14) and PyTorch's ROCm 6.4 and 7.x wheels do not
    # run it (Unsloth PR #7354, 2026-07-23): llama.cpp's HIP backend on ROCm 6.3, or its Vulkan backend
    ("amd", "GCN 5"): EndOfLife(
        Reason.of("kind.eol-rocm", arch="gfx906", rocm="6.3"),
        ROCM_GFX906_EOM,
        Reason.of("eol.runs-rocm", arch="gfx906", rocm="6.3", dropped="6.4.0", dropped_on="2025-04"),
        (ROCM_64_NO_GFX906, UNSLOTH_GFX906_WHEELS, LLAMA_CPP_BUILD, ROCM_GFX906_EOM),
    ),
}
"""Cards whose vendor stack has dropped them (their driver fact above is 'partial' for the same reason): speeds shown
for them assume software that no longer ships, so a plan never calls them fastest or best value (issue #28)."""


@dataclass(frozen=True)
class SourceBuild:
    """llama.cpp built from source for a card its prebuilt binaries carry no machine code for (the CUDA ones for
    Pascal and Volta, the ROCm ones for gfx906 and gfx950), with the toolkit that still builds for it, or for the
    backend its estimate times where a download would run another (SYCL, HIP, Vulkan: llama_cpp_backend_build): the
    steps a buyer runs before the launch command."""

    backend: Literal["cuda", "hip", "sycl", "vulkan"]
    target: str  # CMAKE_CUDA_ARCHITECTURES ("60", "70") or GPU_TARGETS ("gfx906"); "" for SYCL and Vulkan
    toolkit: str  # the CUDA major ("12": CUDA 13 builds nothing older than Turing), the ROCm release ("6.3"), or ""
    arch: str
    argv: tuple[tuple[str, ...], ...]  # the commands, in order (docs/build.md: its CUDA and HIP sections)
    env: tuple[tuple[str, str], ...] = ()  # set for the first command, its words for the shell to expand
    sources: tuple[str, ...] = (LLAMA_CPP_RELEASE_YML, LLAMA_CPP_CUDA_CMAKE, LLAMA_CPP_BUILD, CUDA13_RELEASE_NOTES)
    mixed: bool = False  # one build for the different cards of one machine (llama_cpp_mixed_build)


SOURCE_BUILT = {("nvidia", "Pascal"): "12", ("nvidia", "Volta"): "12", ("amd", "GCN 5"): "6.3"}
"""The architectures llama.cpp's prebuilt binaries carry no machine code for, and the toolkit that still builds them:
the CUDA major for Pascal and Volta (LLAMA_CPP_RELEASE_YML, LLAMA_CPP_CUDA_CMAKE: PTX at most, CUDA 12.4 on Windows
alone), the ROCm release for gfx906 (no gfx906 among the release's GPU_TARGETS; ROCm 6.4.0's rocBLAS ships no gfx906
kernels, ROCM_64_NO_GFX906, so the last ROCm that runs it, END_OF_LIFE's 6.3). Such a card runs llama.cpp built from
source."""
_BUILD_RELEASE = ("cmake", "--build", "build", "--config", "Release")


def llama_cpp_source_build(gpu: Gpu) -> SourceBuild | None:
    """The build of llama.cpp a card needs before it runs it (CUDA: its own compute capability, the catalog's
    compute_capability, both of its architecture's where the catalog has none; HIP: its gfx target), or None where
    the prebuilt binaries carry it."""
    entry = support_for(gpu.vendor, gpu.architecture)
    toolkit = SOURCE_BUILT.get((gpu.vendor, entry.architecture)) if entry is not None else None
    if entry is None or toolkit is None:
        return None
    if entry.vendor == "amd":  # docs/build.md's HIP build for Linux, for the card's own target
        target = entry.targets.split()[0]
        hip = (
            "cmake",
            "-S",
            ".",
            "-B",
            "build",
            "-DGGML_HIP=ON",
            f"-DGPU_TARGETS={target}",
            "-DCMAKE_BUILD_TYPE=Release",
        )
        env = (("HIPCXX", "$(hipconfig -l)/clang"), ("HIP_PATH", "$(hipconfig -R)"))
        sources = (LLAMA_CPP_RELEASE_YML, LLAMA_CPP_BUILD, ROCM_64_NO_GFX906)
        return SourceBuild("hip", target, toolkit, entry.architecture, (hip, _BUILD_RELEASE), env, sources)
    caps = (gpu.compute_capability,) if gpu.compute_capability is not None else entry.capabilities
    sm = ";".join(f"{round(c * 10):d}" for c in caps)
    configure = ("cmake", "-B", "build", "-DGGML_CUDA=ON", f"-DCMAKE_CUDA_ARCHITECTURES={sm}")
    return SourceBuild("cuda", sm, toolkit, entry.architecture, (configure, _BUILD_RELEASE))


def llama_cpp_mixed_build(gpus: Sequence[Gpu]) -> SourceBuild | None:
    """The one llama.cpp build a machine of different CUDA cards runs (solve.mixed): where any card needs a source
    build (llama_cpp_source_build: Pascal, Volta), one CUDA build for every card's compute capability, with the toolkit
    the oldest needs, since one llama-server process drives all the cards. An RTX 3090 beside a Tesla P40 builds
    -DCMAKE_CUDA_ARCHITECTURES="61;86" with CUDA 12 (docker/model-runner#986, 2026-06-24: one CUDA 12 build for
    61;62;70;75;80;86;89; mostlygeek/llama-swap examples/benchmark-snakegame: one llama-server listing an RTX 3090,
    compute capability 8.6, and three Tesla P40, 6.1). None where no card needs one, or off CUDA."""
    built = [b for g in gpus if (b := llama_cpp_source_build(g)) is not None]
    if not built or any(g.vendor != "nvidia" for g in gpus) or any(b.backend != "cuda" for b in built):
        return None
    caps: set[int] = set()
    for g in gpus:
        entry = support_for(g.vendor, g.architecture)
        own = (g.compute_capability,) if g.compute_capability is not None else entry.capabilities if entry else ()
        caps |= {round(c * 10) for c in own}
    sm = ";".join(str(c) for c in sorted(caps))
    configure = ("cmake", "-B", "build", "-DGGML_CUDA=ON", f"-DCMAKE_CUDA_ARCHITECTURES={sm}")
    oldest = built[0]
    return SourceBuild("cuda", sm, oldest.toolkit, oldest.arch, (configure, _BUILD_RELEASE), mixed=True)


LLAMA_CPP_ROCM_RELEASE = "7.2"
"""The ROCm release llama.cpp's own ROCm binaries are built with (LLAMA_CPP_RELEASE_YML, job ubuntu-22-rocm:
ROCM_VERSION "7.2.1", packed as "ubuntu-rocm-7.2"), the toolkit a HIP build for a supported target uses."""
LLAMA_CPP_PREBUILT_ROCM_TARGETS = frozenset(
    "gfx908 gfx90a gfx942 gfx1030 gfx1100 gfx1101 gfx1102 gfx1151 gfx1150 gfx1200 gfx1201".split()
)
"""The gfx targets llama.cpp's Linux ROCm release carries (LLAMA_CPP_RELEASE_YML, ubuntu-22-rocm gpu_targets); a HIP
build for any other target (gfx950: Instinct MI350 series) exists only built from source."""
LLAMA_CPP_SYCL_DISABLED = "https://github.com/ggml-org/llama.cpp/pull/23705"
"""llama.cpp's releases ship no SYCL binaries: LLAMA_CPP_RELEASE_YML lists "Ubuntu x64 (SYCL FP32) [DISABLED]" and
"Windows x64 (SYCL) [DISABLED]" (this PR), and its release job no longer needs the ubuntu-24-sycl or windows-sycl jobs."""


def llama_cpp_backend_build(gpu: Gpu, backend: str) -> SourceBuild | None:
    """The llama.cpp build a card runs `backend` (the one its estimate times: estimate.backends.llamacpp_backend) from,
    where a plain download could run another or none carries it: the source build of a card the prebuilt binaries
    carry no code for (llama_cpp_source_build); SYCL, which llama.cpp's releases no longer ship
    (LLAMA_CPP_SYCL_DISABLED), built as their ubuntu-24-sycl job builds it with oneAPI; HIP for the card's own gfx
    target with the releases' ROCm (the ROCm and Vulkan downloads both run on an AMD card, and only one is timed);
    Vulkan (a Strix Halo, which the ROCm download also targets). None for CUDA on a card its binaries carry and for
    Metal (the Mac's own install: launch.commands.METAL_BUILD)."""
    built = llama_cpp_source_build(gpu)
    if built is not None or backend in ("cuda", "metal"):
        return built
    sources = (LLAMA_CPP_RELEASE_YML, LLAMA_CPP_BUILD)
    arch = gpu.architecture
    if backend == "sycl":
        configure = (
            "cmake",
            "-B",
            "build",
            "-DGGML_SYCL=ON",
            "-DCMAKE_C_COMPILER=icx",
            "-DCMAKE_CXX_COMPILER=icpx",
            "-DCMAKE_BUILD_TYPE=Release",
        )
        oneapi = ("source", "/opt/intel/oneapi/setvars.sh")
        return SourceBuild(
            "sycl", "", "", arch, (oneapi, configure, _BUILD_RELEASE), (), (*sources, LLAMA_CPP_SYCL_DISABLED)
        )
    if backend == "vulkan":
        return SourceBuild(
            "vulkan", "", "", arch, (("cmake", "-B", "build", "-DGGML_VULKAN=ON"), _BUILD_RELEASE), (), sources
        )
    entry = support_for(gpu.vendor, gpu.architecture)
    if backend != "hip" or entry is None:
        return None
    target = entry.targets.split()[0].replace("/", ";")  # "gfx1100/gfx1101" -> both, as GPU_TARGETS takes a list
    hip = ("cmake", "-S", ".", "-B", "build", "-DGGML_HIP=ON", f"-DGPU_TARGETS={target}", "-DCMAKE_BUILD_TYPE=Release")
    env = (("HIPCXX", "$(hipconfig -l)/clang"), ("HIP_PATH", "$(hipconfig -R)"))
    return SourceBuild("hip", target, LLAMA_CPP_ROCM_RELEASE, entry.architecture, (hip, _BUILD_RELEASE), env, sources)


def prebuilt_rocm_carries(target: str) -> bool:
    """Whether llama.cpp's Linux ROCm release carries every gfx target of `target` (";"-separated)."""
    return all(t in LLAMA_CPP_PREBUILT_ROCM_TARGETS for t in target.split(";"))


def end_of_life(vendor: str, architecture: str) -> EndOfLife | None:
    """The end-of-life caveat of a vendor's architecture (aliases as support_for), or None while it is supported."""
    entry = support_for(vendor, architecture)
    return END_OF_LIFE.get((vendor, entry.architecture)) if entry is not None else None


PAST_SUPPORT_STARTS = frozenset({"inference"})
"""The jobs a plan may start on a card past its vendor's support (END_OF_LIFE) and call that build "cheapest": serving
a model, which llama.cpp's Vulkan backend and pinned older engines keep doing on a frozen stack. Not fine-tuning or
pretraining, whose stacks move every release and drop the archs their vendor no longer builds for: PyTorch's
ROCm 6.4 and 7.x wheels no longer run on gfx906 (rocBLAS ships no gfx906 kernels; the rocm6.3 index is the last wheel
family that does: unslothai/unsloth PR #7354, 2026-07-23, citing ROCm/TheRock#1844), ROCm ended gfx906 maintenance in
Q2 2024 (ROCm 5.6 release notes, 2023-07-27); PyTorch 2.8 dropped sm50-sm70 from its CUDA 12.8/12.9 wheels (release
notes, 2025-08-06), 2.11 left Volta to the CUDA 12.6 wheels alone, "legacy ... that will be removed in future
releases" (pytorch/pytorch#172352, 2026-01-13), and CUDA 13 builds none of them (CUDA 13.0 release notes). A training
machine started on such a card in late 2026 runs on wheels pinned a year or more back, under bitsandbytes, PEFT and
Unsloth releases that test none of it. Such a build is no rival for "cheapest" while one on a supported card is shown
(solve.ranking.measure), the cheapest of those holds the claim and says "on supported software", and the search looks
for that build beside the cheapest (solver.run_labels)."""
PAST_SUPPORT_STARTS_SOURCES = (
    UNSLOTH_GFX906_WHEELS,
    ROCM_GFX906_EOM,
    PYTORCH_28_DROPS_SM50_SM70,
    PYTORCH_211_DROPS_VOLTA,
    CUDA13_RELEASE_NOTES,
)


def starts_past_support(kind: str) -> bool:
    """Whether a plan may call a build on a card past its vendor's support "cheapest" for a job of this kind
    (PAST_SUPPORT_STARTS): inference, yes; fine-tuning and pretraining, not while a supported build is shown."""
    return kind in PAST_SUPPORT_STARTS


def drivers_winding_down(vendor: str, architecture: str) -> bool:
    """Whether the architecture's drivers and toolkits are no longer fully released (its driver fact is not "yes": an
    older Instinct generation, gfx908, or a card past support). SUP-8 warns of it on every build with the card; the
    room-to-grow search leaves such a card out and the claim never rests on one (nobody buys more of it). One test for
    the three: the search, the claim and the check had asked it three ways."""
    entry = support_for(vendor, architecture)
    return entry is not None and entry.driver.level != "yes"


# --------------------------------------------------------------------------- training throughput


def matmul_efficiency(entry: ArchSupport, dtype: TrainDtype) -> float | None:
    """Mean measured GEMM efficiency (measured / peak) of an architecture for a dtype, if published.

    CDNA 3 and CDNA 2 publish bf16 only; their fp16 matrix rate equals bf16, so bf16 stands for fp16.
    """
    chosen = [m for m in entry.matmul if m.dtype == dtype]
    if not chosen and dtype == "fp16":
        chosen = [m for m in entry.matmul if m.dtype == "bf16"]
    if not chosen:
        return None
    return sum(m.efficiency for m in chosen) / len(chosen)


def training_factor(gpu: Gpu, dtype: TrainDtype, reference: float | None = None) -> float:
    """Multiplier on the catalog peak so the estimator's NVIDIA-fitted MFU applies to this GPU.

    GeForce and HBM data-center cards are the calibration itself (1.0); an NVIDIA workstation or GDDR data-center
    card is scaled by its sustained share of its full-rate peak (nvidia_pro_rate). Another vendor's figure is scaled by its measured
    large-GEMM efficiency over the reference's (`reference`, else reference_matmul_efficiency: the A100's for
    data-center parts, the GeForce cards' for desktop ones); with no measurement, 1.0 (SUP-9 warns).
    """
    if gpu.vendor == "nvidia":
        rate = nvidia_pro_rate(gpu, dtype)
        return 1.0 if rate is None else min(1.0, rate.efficiency / (reference or reference_matmul_efficiency(gpu)))
    entry = support_for(gpu.vendor, gpu.architecture)
    if entry is None:
        return 1.0
    efficiency = matmul_efficiency(entry, dtype)
    if efficiency is None:
        # no GEMM measured on this architecture: the vendor's measured architectures' mean, never the spec-sheet peak
        efficiency = vendor_matmul_efficiency(gpu.vendor, dtype)
    if efficiency is None:
        return 1.0
    return min(1.0, efficiency / (reference or reference_matmul_efficiency(gpu)))


def nvidia_pro_rate(gpu: Gpu, dtype: TrainDtype) -> ProRate | None:
    """The measured (or, marked, estimated) share of its bf16/fp16 tensor peak an NVIDIA workstation or GDDR data-center
    card sustains in large GEMMs (support/pro_gemm.py); None for GeForce and HBM cards (the calibration), for cards
    without tensor cores and for fp32."""
    if gpu.vendor != "nvidia" or gpu.market == "consumer" or dtype == "fp32" or not has_matrix_units(gpu):
        return None
    if not gpu.memory_type.upper().startswith("GDDR"):
        return None
    return pro_rate(gpu.id, gpu.architecture, dense_peak_tflops(gpu))


def vendor_matmul_efficiency(vendor: str, dtype: TrainDtype) -> float | None:
    """Mean measured GEMM efficiency over a vendor's architectures that publish one (issue #29: an Arc B580 or an
    RDNA 2 card without a measurement of its own is not costed at its spec-sheet peak)."""
    values = [
        e for entry in SUPPORT_TABLE if entry.vendor == vendor and (e := matmul_efficiency(entry, dtype)) is not None
    ]
    return sum(values) / len(values) if values else None


def spec_peak_tflops(gpu: Gpu, dtype: TrainDtype) -> float:
    if dtype == "fp32":
        return gpu.fp32_tflops
    if dtype == "bf16" and gpu.bf16_tflops:
        return gpu.bf16_tflops
    # fp16, or bf16 on a card without bf16: costed as fp16 mixed precision, which SUP-2 tells the user to use
    return gpu.fp16_tflops


def dense_peak_tflops(gpu: Gpu) -> float:
    """The card's dense bf16 peak from its spec sheet (fp16 where it has no bf16): the basis MFU is a share of
    (estimate.result.model_flops_utilisation), whatever rate the estimator's time is computed at."""
    return spec_peak_tflops(gpu, "bf16")


def training_tflops(gpu: Gpu, dtype: TrainDtype) -> float:
    """Dense matmul TFLOPS for training time: the catalog peak scaled by the measured-GEMM factor.

    The estimator's MFU multiplies this figure, as it multiplied the bf16/fp16 peak before.
    """
    if dtype not in ("bf16", "fp16", "fp32"):
        raise ValueError(f"training_tflops covers bf16, fp16 and fp32, not {dtype!r}")
    return spec_peak_tflops(gpu, dtype) * training_factor(gpu, dtype)
