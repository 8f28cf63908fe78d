"""The sheets' words in the buyer's language: English as the code writes it, Simplified Chinese from `ZH_CN`.

A sheet is rendered inside `language(code)`; `t(text)` gives the word in that language (English when the table
has none), and `say(reason)` renders what the core reports as a code and fields (core.reasons: why nothing fits, the
ways out, why a card falls short, an estimate's warnings) from `ZH_REASONS`, the English of core.reasons for a code
it lacks. Headings, column and row names, totals and part categories are translated; the sentences the core still
writes as text (a build's why, a check's finding, the formula chain) are English.
Terms are those Chinese buyers write (显存, 涡轮卡/风扇卡, 电源, 机箱, 主板), as in the seed articles.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from configurator.core.reasons import EN, Reason, Say, Template, joined, render

LANGUAGES = ("en", "zh_CN")

_language: ContextVar[str] = ContextVar("sheet_language", default="en")


@contextmanager
def language(code: str) -> Iterator[None]:
    """Render what is inside in `code`'s words ("en" or "zh_CN")."""
    token = _language.set(code if code in LANGUAGES else "en")
    try:
        yield
    finally:
        _language.reset(token)


def current() -> str:
    return _language.get()


def t(text: str) -> str:
    """`text` in the sheet's language."""
    return ZH_CN.get(text, text) if _language.get() == "zh_CN" else text


def say(reason: Reason) -> str:
    """What the core reports, in the sheet's (or window's) language."""
    return render(reason, ZH_REASONS, EN) if _language.get() == "zh_CN" else render(reason, EN)


def say_all(reasons: tuple[Reason, ...] | list[Reason], sep: str = ";") -> str:
    """Clauses of one sentence, joined as the language punctuates them ("; " or "，"/"；", "、")."""
    zh = _language.get() == "zh_CN"
    joiner = {";": "；" if zh else "; ", ",": "、" if zh else ", "}[sep]
    return joiner.join(say(r) for r in reasons)


def sentence_end() -> str:
    return "。" if _language.get() == "zh_CN" else "."


ZH_CN: dict[str, str] = {
    # sections
    "Parts": "配件清单",
    "Charts": "图表",
    "Slot map": "插槽布局",
    "Power and site": "功耗与场地",
    "Connector plan": "供电接线",
    "Assembly notes": "装机说明",
    "Estimate": "估算",
    "Speed and time": "速度与时间",
    "Memory per GPU (GiB)": "每张 GPU 的显存占用（GiB）",
    "Cluster size: time and cost": "集群规模：时间与成本",
    "Run it": "运行命令",
    "Checks": "检查",
    "Checks to read before ordering": "下单前请阅读的检查结果",
    "Every build rule passes.": "所有装机规则均通过。",
    # header
    "created": "创建于",
    "catalog prices as of": "目录价格截至",
    "exchange rates of": "汇率日期",
    "Request:": "需求：",
    "How this fits:": "如何装下：",
    "Power and noise:": "功耗与噪音：",
    "Why this build:": "选择理由：",
    "W at the wall": "W（墙插）",
    "under load": "（满载）",
    "(one machine)": "（单台机器）",
    # tables
    "Category": "类别",
    "Part": "配件",
    "Vendor part number": "厂商料号",
    "Qty": "数量",
    "Unit price": "单价",
    "Subtotal": "小计",
    "Total": "合计",
    "Total per node": "每节点合计",
    "Shared by the cluster (switches, once)": "集群共用（交换机，一次性）",
    "Figure": "项目",
    "Value": "数值",
    "Consumer": "用电设备",
    "Power inputs": "供电接口",
    "Feed from": "取电自",
    "Status": "状态",
    "Rule": "规则",
    "Finding": "结论",
    "Prices:": "价格：",
    "owned": "已拥有",
    "ask for a fresh quote": "请索取最新报价",
    # categories
    "GPU": "GPU",
    "CPU": "CPU",
    "Motherboard": "主板",
    "Memory": "内存",
    "Power supply": "电源",
    "Case": "机箱",
    "CPU cooler": "CPU 散热器",
    "Storage": "硬盘",
    "Accessory": "配件",
    "System": "整机",
    "Network": "网络",
    # the purchase list
    "Item": "类别",
    "Description": "描述",
    "Part number": "料号",
    "Vendor": "厂商",
    "Quantity": "数量",
    "Owned": "已拥有",
    "Currency": "货币",
    "Notes": "备注",
    "Build": "配置",
    "Nodes": "节点数",
    "Grand total": "总计",
    "Why": "理由",
    "Request and assumptions": "需求与假设",
    "Project": "项目",
    "Created": "创建日期",
    "App version": "软件版本",
    "Catalog price date": "目录价格日期",
    "Exchange-rate date": "汇率日期",
    "Exchange-rate source": "汇率来源",
    "How this fits": "如何装下",
    "Assumption": "假设",
    "Estimate warning": "估算警告",
    "Type | Item | Price": "类别 | 配件 | 价格",
}

ZH_CN.update(
    {
        # what an infeasible plan says of the builds listed with it (PlanResult.infeasible_headline)
        "nothing fits": "没有能满足需求的配置",
        "nothing fits as asked": "没有能完全按需求满足的配置",
        "no single machine can do this": "单台机器无法完成",
        # the constraints that bind (solve.relax.LABELS, Infeasible.blocking)
        "budget": "预算",
        "GPU memory / speed target per machine": "单机显存 / 速度目标",
        "wall circuit": "墙插电路",
        "one circuit": "单路电路",
        "full GPU power on the circuit": "电路上的 GPU 满功率",
        "form factor": "机器形态",
        "region": "地区",
        "room": "放置环境",
        "KV-cache precision": "KV 缓存精度",
        "speed target": "速度目标",
        "fine-tuning framework": "微调框架",
        "maximum GPU count": "GPU 数量上限",
        "weight precision": "权重精度",
        "context length": "上下文长度",
        "deadline": "截止时间",
        "new parts only": "仅限新件",
        "everything on the GPUs": "全部放在 GPU 上",
        "the GPU power limit": "GPU 功耗限制",
        "fine-tuning method": "微调方法",
        "activations on the GPUs": "激活值放在 GPU 上",
        "no activation recomputation": "不重算激活值",
        "one machine": "单台机器",
        "a self-assembled machine": "自行组装的机器",
        "time limit": "求解时限",
        # request values named in a reason
        "home-office": "家庭办公室",
        "lab": "实验室",
        "server-room": "机房",
        "tower": "塔式",
        "rack": "机架式",
        "open-frame": "开放式机架",
        "any": "任意",
        "global": "全球",
        "china": "中国",
        "bf16: none was given": "bf16（未指定）",
        # the infeasibility section and the window's banner
        "Assumptions": "假设",
        "Estimator warnings": "估算警告",
        "Not as asked": "无法按需求实现",
        "Why:": "原因：",
        "Binding:": "受限于：",
        "Closest cards:": "最接近的显卡：",
        "Cheapest way out:": "最省钱的解决办法：",
        "Other ways out:": "其他办法：",
        "Cheapest way out": "最省钱的解决办法",
        "Other way out": "其他办法",
    }
)


def _no_price(r: Reason, _say: Say) -> str:
    kind = {"new": "新品", "used": "二手"}.get(str(r.fields.get("condition")), "")
    return f"目录中没有{kind}价格"


def _compute(r: Reason, _say: Say) -> str:
    days = r.num("days")
    on_eight = f"{days / 365:,.0f} 年" if days >= 730 else f"{days:,.0f} 天" if days >= 10 else f"{days:,.1f} 天"
    mfu = f"（MFU {r.num('mfu'):.0%}）" if r.fields.get("mfu") else ""
    return (
        f"该任务共 {r.fields['mantissa']} x 10^{r.fields['exponent']} FLOPs：在 {r.fields['gpu']} 上约 "
        f"{r.num('hours'):,.0f} GPU 小时{mfu}（8 张卡需 {on_eight}）"
    )


def _power(r: Reason, _say: Say) -> str:
    speed = f"约 {r.num('speed'):.0%} 速度"
    if not r.fields.get("tool"):
        return f"将 GPU 功耗限制为 {r.num('limit'):.0%}（{speed}）"
    return (
        f"将 GPU 功耗限制为 {r.num('limit'):.0%}（开机时运行 {r.fields['tool']} {r.fields['flag']} "
        f"{r.num('watts'):.0f}；{speed}）"
    )


def _changes(r: Reason, say_: Say) -> str:
    words = [say_(c) for c in r.nested("changes")]
    text = words[0] if len(words) == 1 else "、".join(words[:-1]) + "，并" + words[-1]
    what = (
        f"{r.fields['box']}，"
        if r.fields.get("box")
        else "不买 GPU（仅 CPU），"
        if r.fields.get("cpu_only")
        else f"{r.fields['gpus']} x {r.fields['gpu']}，"
        if r.fields.get("gpus")
        else ""
    )
    return f"{text}：最便宜的配置 {what}{r.num('price'):,.0f} {r.fields['currency']}"


def _cluster(r: Reason, _say: Say) -> str:
    money = f"{r.num('price'):,.0f} {r.fields['currency']}"
    room = "在机房中" if r.fields.get("server_room") else ""
    head = (
        f"{r.fields['nodes']} 台机器{room}协同工作：{money}"
        if r.num("nodes") > 1
        else f"一台现成的 {r.fields['gpus']} 卡服务器：{money}"
    )
    over = f"，超出 {r.num('budget'):,.0f} {r.fields['currency']} 的预算" if r.fields.get("budget") is not None else ""
    return head + over


def _binding_item(r: Reason, _say: Say) -> str:
    value = r.fields.get("value")
    unit = str(r.fields.get("unit") or "")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        shown = f"{value:g}" if unit == "tokens/s" else f"{value:,.0f}"
    else:
        shown = t(str(value))
    unit = {"h": " 小时", "": ""}.get(unit, f" {unit}")
    return f"{t(str(r.fields['label']))}（{shown}{unit}）"


ZH_REASONS: dict[str, Template] = {
    # why a GPU is not among the options
    "gpu.not-requested": "不在所选的 GPU 之中",
    "gpu.vendor": "厂商 {vendor} 不在允许之列",
    "gpu.module": "{form} 模组：只随整机服务器出售（见整机）",
    "gpu.no-power-cap": "其驱动在 Linux 下不提供功耗上限，只能按满功率规划（{source}）",
    "gpu.cap-below-floor": "{limit:.0%} 的功耗限制为 {watts:.0f} W，低于其驱动允许的 {floor:.0f} W",
    "gpu.export-restricted": "受出口管制，且目录中没有中国市场价格",
    "gpu.china-variant": "{of} 的中国市场版本：选择地区“中国”才会考虑",
    "gpu.china-only": "仅在中国销售（目录中只有人民币价格）：选择地区“中国”才会考虑",
    "gpu.left-out": "为对比而排除",
    "gpu.not-owned": "你要求使用自己的 {name}",
    "gpu.no-price": _no_price,
    "gpu.stack": "软件栈无法运行：{refusal}",
    "gpu.no-fit": "装不下模型",
    "gpu.over-cap": "比它要替代的配置更贵",
    "gpu.memory": "{n} 张卡时每张 GPU 需要 {gib:.1f} GiB 显存",
    "gpu.memory-max": "约需 {cards} 张 {vram:g} GB 显存的卡（{n} 张时每张 {gib:.1f} GiB）；一台机器最多装 {most} 张",
    "gpu.speed": "{n} 张 GPU 时 {tps:.1f} tokens/s，低于要求的 {asked:g}",
    "gpu.deadline": "{n} 张 GPU 需 {hours:,.0f} 小时，超过 {deadline:,.0f} 小时的截止时间",
    "gpu.years": "{n} 张 GPU 需 {years:,.1f} 年：超过一年（设定截止时间以规划集群）",
    "gpu.closest": lambda r, say_: f"{r.fields['name']}：{joined(r.nested('why'), say_)}",
    "gpu.no-build": "在预算内没有使用它并通过所有规则的配置",
    # why nothing fits
    "nothing.no-gpu": lambda r, say_: (
        f"目录中没有任何 GPU 能在单机 {r.fields['most']} 张以内运行此任务（{joined(r.nested('closest'), say_)}）"
    ),
    "nothing.own-gpu": lambda r, say_: (
        f"你自己的 {r.fields['name']} 无法在单机 {r.fields['most']} 张以内运行此任务"
        f"（{joined(r.nested('closest'), say_)}）；搭配或换用其他 GPU 的配置也都不行"
    ),
    "nothing.no-combination": "没有任何配件组合能通过所有规则",
    "nothing.budget": "{budget:,.0f} {currency} 的预算不够",
    "nothing.binding": lambda r, say_: "受限于：" + joined(r.nested("items"), say_, "、"),
    "nothing.binding-item": _binding_item,
    "nothing.label": lambda r, _say: t(str(r.fields["label"])),
    "nothing.compute": _compute,
    "nothing.time-limit": "求解器在时限内没有找到配置；这个需求仍可能实现",
    # the ways out
    "way.time-limit": "减少 GPU 选项（--gpu）或限定机器形态后重新求解，或给求解更多时间",
    "way.none": "目录中没有找到：换更小的模型、更低的精度或更短的上下文",
    "way.budget": "将预算提高到 {amount:,} {currency}",
    "way.kv": "将 KV 缓存量化为 {kv}",
    "way.context": "将上下文缩短到 {context} tokens",
    "way.precision": "使用 q4_k_m（GGUF，llama.cpp 运行）",
    "way.method": "用 QLoRA 代替 {method}",
    "way.circuit": "使用 230 V 16 A 电路",
    "way.offload": lambda r, _say: (
        "用 llama.cpp 把部分模型（先是 MoE 专家）放在系统内存"
        if r.fields.get("moe")
        else "用 llama.cpp 把部分层放在系统内存"
    ),
    "way.power": _power,
    "way.powerup": lambda r, _say: (
        f"将 GPU 功耗限制提高到 {r.num('limit'):.0%}" if r.fields.get("limit") else "GPU 满功率运行（不限功耗）"
    ),
    "way.circuits": "使用 {circuits} 路电路（各电源接不同的插座）",
    "way.form": "允许任意形态（机架式或开放式机架）",
    "way.room": "放到实验室或机房（比家庭办公室允许的更吵、更热）",
    "way.gpus": "允许最多 {gpus} 张 GPU",
    "way.speed": lambda r, _say: (
        f"接受 {r.num('tps'):.1f} tokens/s" if r.fields.get("tps") is not None else "接受更低的速度"
    ),
    "way.speed10": "接受 {tps:.1f} tokens/s（在要求的 {asked:g} 的 10% 以内）",
    "way.deadline": lambda r, _say: (
        f"允许 {r.num('hours'):,.0f} 小时（{r.num('hours') / 24:,.1f} 天）"
        if r.fields.get("hours") is not None
        else "允许更长的时间"
    ),
    "way.condition": "允许二手配件",
    "way.region": "在中国以外购买",
    "way.framework": "用 Unsloth 微调（它把检查点激活值放在系统内存）",
    "way.actoffload": "把检查点激活值放在系统内存（激活卸载）",
    "way.checkpointing": "反向传播时重算激活值（梯度检查点：更省显存，但更慢）",
    "way.cluster": _cluster,
    "way.changes": _changes,
    # an estimate's most common warnings
    "warn.host-ram": "系统内存放不下：放在内存中的 {ram:.1f} GiB 需要 {need:.1f} GiB 的主机内存（含系统预留），这台只有 {has:.1f} GiB",
    "warn.context": "上下文 {context} 超过模型的最大值 {most} tokens",
    "warn.zero3": "用 --zero 3（FSDP 在 {gpus} 张 GPU 上完全分片参数、梯度和优化器状态）可以装下：每张 GPU {per_gpu}",
    "warn.torchtune-offload": (
        "torchtune 的单卡配方没有优化器 CPU 卸载（fsdp_cpu_offload 只在分布式配方中生效）：按不卸载估算；"
        "其分页优化器（--optimizer paged-adamw 或 paged-adamw-8bit）会把状态放在 CUDA 统一内存中"
    ),
    "warn.mtp-missing": "--speculative mtp：{model} 没有多 token 预测（MTP）层，解码速度按不做推测解码估算",
    "warn.mtp-batch": "--speculative mtp 按单个序列估算；多个用户时解码速度按不做推测解码给出（验证计算会与其他序列争用）",
    "warn.transformers-only": "这里只有 HF transformers 能运行：每个用户 {tps:.1f} tokens/s；llama.cpp 或 vLLM 装得下时通常快 10-80 倍",
}


ZH_CN.update(
    {
        # the sheet's own words (#31): header, power table, assembly notes, estimate rows
        "catalog": "目录",
        "this build's": "本配置",
        "none listed (catalog id": "未列出（目录编号",
        ")": "）",
        ".": "。",
        " (per node)": "（每节点）",
        "Noise:": "噪音：",
        "One PSU cable per connector; no daisy-chained pigtails above 250 W.": "每个接口用一根电源线；250 W 以上不要用一拖二。",
        "PASS": "通过",
        "WARN": "警告",
        "FAIL": "失败",
        "GPU load": "GPU 负载",
        "CPU load": "CPU 负载",
        "Board, memory, drives, fans": "主板、内存、硬盘、风扇",
        "DC load (sustained)": "直流负载（持续）",
        "Short power spikes": "瞬时功耗尖峰",
        "PSU capacity": "电源容量",
        "Wall draw": "墙插功耗",
        "Heat into the room": "向室内散热",
        "Noise under load": "满载噪音",
        "Decode, per sequence": "解码（每序列）",
        "Decode, all sequences": "解码（全部序列）",
        "Prefill": "预填充",
        "Time to first token": "首 token 时间",
        "Training compute": "训练计算量",
        "GPU-hours": "GPU 小时",
        "Wall-clock time": "实际耗时",
        "Weights": "权重",
        "KV cache": "KV 缓存",
        "Activations": "激活值",
        "Gradients": "梯度",
        "Optimizer": "优化器",
        "Overhead": "额外开销",
        "Usable": "可用",
        "Card": "显卡",
        "Blower cards exhaust through the bracket and may sit back to back; in a mixed stack keep the blower cards at "
        "the top and any open-air card at the bottom.": "涡轮卡从挡板排风，可以紧挨着插；混插时涡轮卡放上面，风扇卡放最下面。",
        "Open-air cards on the frame rail: leave at least one card width of air between them.": "风扇卡装在机架横梁上：卡与卡之间至少留一张卡宽的空隙。",
        "Passive cards rely on the chassis's ducted fans: never run them with the fan wall or ducts removed.": "被动散热卡靠机箱风道的风扇散热：拆下风扇墙或导风罩时切勿运行。",
        "BIOS: enable Above 4G decoding and Resizable BAR (disable CSM); both are needed to map large-memory cards.": "BIOS：开启 Above 4G Decoding 和 Resizable BAR（关闭 CSM）；大显存卡需要这两项。",
        "BIOS: force riser slots to PCIe Gen4 (Gen3 if nvidia-smi -q shows link errors or a narrow link).": "BIOS：把延长线插槽强制设为 PCIe Gen4（若 nvidia-smi -q 显示链路错误或链路变窄则设为 Gen3）。",
        "Mount the cards on the frame rail and connect each through its riser; do not ship the rig assembled.": "把显卡固定在机架横梁上，每张卡通过延长线连接；运输时不要整机装好。",
        "Join the PSUs with the sync board so they start together; feed each card only from one PSU.": "用同步启动板连接各电源使其同时启动；每张卡只从一个电源取电。",
        "Every M.2 socket shares lanes with a GPU slot: use a PCIe adapter for the drive or accept the narrower GPU "
        "link.": "每个 M.2 接口都与某个 GPU 插槽共用通道：硬盘改用 PCIe 转接卡，或接受更窄的 GPU 链路。",
    }
)

ZH_CN.update(
    {
        # the request in the sheet's header (purchase.request_summary)
        "Model": "模型",
        "Workload": "任务",
        "Precision": "精度",
        "Engine": "推理引擎",
        "Context": "上下文",
        "Batch / users": "批量/用户数",
        "Method": "方法",
        "Training tokens": "训练 token 数",
        "Budget": "预算",
        "Minimum decode speed": "最低解码速度",
        "Deadline": "截止时间",
        "Circuit": "电路",
        "Room": "放置环境",
        "Form": "形态",
        "Condition": "配件",
        "Region": "地区",
        "GPUs allowed": "允许的 GPU",
        "Owned parts": "已有配件",
        "inference": "推理",
        "finetune": "微调",
        "pretrain": "预训练",
        "default": "默认",
        "no limit": "不限",
        "none": "无",
        "new": "新品",
        "used": "二手",
        "Circuit limit": "电路上限",
        "Site feeds for all nodes (the SITE-POWER check)": "所有节点的场地供电（SITE-POWER 检查）",
    }
)

ZH_CN.update(
    {
        # the charts' captions on the sheet (qt.printing.chart_images names them)
        "VRAM headroom": "显存余量",
        "Cost breakdown": "花费构成",
        "Power budget": "功耗预算",
        "Wall time and cost against nodes": "耗时与成本随节点数的变化",
        "Slot 1 is nearest the CPU; each card covers the slots below its own.": "插槽 1 离 CPU 最近；每张卡会挡住它下方的插槽。",
        "Cards hang on riser cables from these slots; the blocks show which slot each riser uses.": (
            "显卡通过延长线接到这些插槽；色块表示每根延长线用的是哪个插槽。"
        ),
    }
)

ZH_CN.update(
    {
        # buy or rent, and the value table (sheet.cost_section, sheet.value_section)
        "Buy or rent": "买还是租",
        "Electricity a year": "每年电费",
        "Rental equivalent a month": "等效租用（每月）",
        "Break-even": "回本",
        "After 1 year: own (net of resale) vs rent": "1 年后：自购（扣除转卖）对比租用",
        "After {years} years: own (net of resale) vs rent": "{years} 年后：自购（扣除转卖）对比租用",
        " (sold for {amount})": "（转卖 {amount}）",
        "vs": "对比",
        "training tokens/s": "训练 tokens/s",
        "decode tokens/s per sequence": "每序列解码 tokens/s",
        "GPUs": "GPU",
        "Cards ({currency})": "显卡（{currency}）",
        "per tok/s": "每 tok/s 价格",
        "per GB": "每 GB 价格",
        "New (each)": "新品（单价）",
        "Used (each)": "二手（单价）",
        "Power": "功耗",
        "Value: GPUs for this job": "性价比：适合这个任务的 GPU",
        "Best value first: the cards' price (the fewest that hold the job, at the build's condition) per {what}; "
        "per GB of VRAM; new and used prices side by side; ◀ marks this build's GPU. The rest of the machine is "
        "not in these prices.": (
            "按性价比从高到低：显卡价格（装得下任务的最少卡数，按本配置的新旧条件）除以{what}；每 GB 显存的价格；"
            "新品与二手价格并列；◀ 标出本配置的 GPU。价格不含机器的其他部分。"
        ),
        "no equivalent rental": "没有等效的租用方案",
    }
)
