"""The sheets' words in the buyer's language: English as the code writes it, Simplified Chinese from `ZH_CN`.

A sheet is rendered inside `language(code)`; `t(text)` gives the word in that language (English when the table
has none), and `say(reason)` renders what the core reports as a code and fields (core.reasons: why nothing fits, the
ways out, why a card falls short, an estimate's warnings) from `ZH_REASONS`, the English of core.reasons for a code
it lacks; `check_text(check)` renders a build's check from its rule, code and fields (`ZH_CHECKS`). Headings,
column and row names, totals and part categories are translated; the sentences the core still writes as text (a
build's why, the formula chain) are English.
Terms are those Chinese buyers write (显存, 涡轮卡/风扇卡, 电源, 机箱, 主板), as in the seed articles.
"""

from __future__ import annotations

import json
import re
from collections import ChainMap
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from configurator.core.common.reasons import (
    CLAIMS,
    EN,
    ENGINE_NAMES,
    LIFETIME_MONTHS,
    OFFERS,
    TRACE_STATISTICS,
    TRACE_WORDS,
    Reason,
    Say,
    Template,
    _strings,
    at_power,
    beyond_split,
    cards_named,
    default_rate,
    eol_said,
    fill_tokens,
    from_json,
    joined,
    launch_bridge,
    millions,
    money,
    per_day,
    qualified,
    released_precision,
    render,
    slot_list,
    sudo_steps,
    tps_text,
    usual_finetune,
)
from configurator.core.model.request import CIRCUITS, circuit_said
from configurator.core.rules import REGISTRY, compat, compatibility, job, links, software
from configurator.core.rules.base import OF_CARD, Check
from configurator.core.support import checks as support

LANGUAGES = ("en", "zh_CN")

_language: ContextVar[str] = ContextVar("sheet_language", default="en")
_window: ContextVar[bool] = ContextVar("window_words", default=False)


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


@contextmanager
def window_words() -> Iterator[None]:
    """Render what is inside in the window's words (WINDOW_EN, WINDOW_ZH): where the command line's words name a
    flag, the window's name its field. The window's renderings (qt.i18n) turn it on; the CLI and the sheets never."""
    token = _window.set(True)
    try:
        yield
    finally:
        _window.reset(token)


def in_window() -> bool:
    return _window.get()


def _at_power_zh(r: Reason, form: str) -> str:
    """reasons.at_power in Chinese: hours as 小时, the decode speed as it stands."""
    said = at_power(r).replace(" h", " 小时")
    return form.format(said) if said else ""


def _zh_circuit_work(r: Reason, say_: Say) -> str:
    """reasons._circuit_work in Chinese."""
    if r.num("volts") < 200:
        return (
            "各种电路改造中工作量最小：一个 20 A 断路器配 12 AWG 电线，厨房或车库的插座常常已经在这样的电路上"
            "（美国电气规范要求那里用 20 A 电路），但要与插在上面的其他电器共用"
        )
    tried = r.nested("tried")
    return "需要双极断路器、一条专用线路和支持 240 V 的电源" + (
        f"：比 {say_(tried[0])} 电路工作量大，后者已先试过，在这里找不到出路" if tried else ""
    )


def _zh_runner(r: Reason) -> str:
    """fit.framework's runner in Chinese: Megatron's ZeRO-1 is its distributed optimizer (the English phrase is the
    runner field; a reason made before the name and stage were given keeps it)."""
    name = r.fields.get("name")
    if not name:
        return str(r.fields["runner"])
    zero = int(r.num("zero")) if r.fields.get("zero") else 0
    return str(name) + ("" if not zero else "（分布式优化器，即 ZeRO-1）" if zero == 1 else f"（ZeRO-{zero}）")


def _zh_default_rate(r: Reason, batch: str, rate: str) -> str:
    """est.default-rate in Chinese (reasons.default_rate): the command line's flags (ZH_REASONS) or the window's
    fields (WINDOW_ZH)."""
    return (
        f"默认计算阶段利用率：{r.fields['arch']} 在隐藏维度 {r.fields['hidden']} 下为 bf16 张量峰值的 {r.num('rate'):.0%}"
        + (
            "（已发表的最大规模训练：A100 上 1T GPT 为 50%，H100 上 Llama 3 405B 为 43%，隐藏维度越小越低：每 FLOP 的访存更多"
            if r.fields.get("desktop") is None
            else f"（桌面显卡：隐藏维度 4096、逐元素运算融合的模型在 RTX 3090 上为 {r.num('desktop'):.0%}，"
            + (
                "拟合自已发表的单卡训练（torchtune，一张 RTX 4090 上的 Llama 3.1 8B，已编译）"
                if r.fields.get("sourced")
                else "为估计值：该卡的训练后端没有已发表的训练实测"
            )
            + "；按本卡每字节带宽的 FLOP 换算，隐藏维度越小、逐元素运算以 eager 方式运行时越低：每 FLOP 的访存更多"
        )
        + (
            ""
            if r.fields.get("fused") is None
            else "；逐元素运算已融合（torch.compile 或融合算子：torchtitan 在 H100 上测得 Llama 3.1 8B 比 eager 快 1.157 倍）"
            if r.fields.get("fused")
            else "；逐元素运算以 eager 方式运行，每次都要往返显存"
        )
        + (
            f"；{int(r.num('rows')):,} 行的 GEMM 保持该参考训练 SM 占用率的 {r.num('shape'):.0%}（波次量化；{batch}）"
            if r.fields.get("shape") is not None
            else ""
        )
        + (
            f"；已扣除该参考训练的流水线气泡和张量并行 all-reduce：其单步 {r.num('computed'):.0%} 在计算"
            if r.fields.get("computed") is not None
            else ""
        )
        + "）；不能重叠的通信另计（按墙钟时间算的 MFU 更低）"
        + rate
    )


def _zh_usage(r: Reason) -> str:
    """A usage's name (costs.api.USAGES) in Chinese."""
    return "智能体编程" if r.fields.get("usage") == "coding-agent" else "聊天"


def t(text: str) -> str:
    """`text` in the sheet's language."""
    return ZH_CN.get(text, text) if _language.get() == "zh_CN" else text


def say(reason: Reason) -> str:
    """What the core reports, in the sheet's (or window's) language (and the window's words in `window_words`)."""
    if _window.get():
        return render(reason, _WINDOW_ZH, _WINDOW_EN) if _language.get() == "zh_CN" else render(reason, _WINDOW_EN)
    return render(reason, ZH_REASONS, EN) if _language.get() == "zh_CN" else render(reason, EN)


def launch_title(launch: Mapping[str, Any]) -> str:
    """A launch's title (core.launch: what runs the job and how) in the sheet's or window's language: from its code,
    `engine_said`; a launch saved before it had one shows its English `engine`."""
    said = launch.get("engine_said")
    return say(from_json(said)) if said else str(launch.get("engine", ""))


def say_all(reasons: tuple[Reason, ...] | list[Reason], sep: str = ";") -> str:
    """Clauses of one sentence, joined as the language punctuates them ("; " or "，"/"；", "、")."""
    zh = _language.get() == "zh_CN"
    joiner = {";": "；" if zh else "; ", ",": "、" if zh else ", "}[sep]
    return joiner.join(say(r) for r in reasons)


def say_in_window(reason: Reason) -> str:
    """`say` in the window's words: a code whose English names a command-line option names the window's field
    instead (WINDOW_EN, WINDOW_ZH; nested reasons too); the command line and the sheets keep the flag."""
    with window_words():
        return say(reason)


def sentence_end() -> str:
    return "。" if _language.get() == "zh_CN" else "."


ZH_ROOM_FEED_SOURCES: dict[str, str] = {
    # model.request.SERVER_ROOM_FEEDS' sources in Chinese: Dr. Chen's window quoted "(GB/T 156-2017 (220 V
    # single-phase); Dr. Chen's server room (docs/user-journeys.md, journey 2))" in its Chinese note (ui44)
    "UCSD CSE machine room: one or two 30 A 208 V outlets per rack, no 120 V (cse.ucsd.edu/node/329)": (
        "UCSD CSE 机房：每个机柜一到两个 30 A 208 V 插座，没有 120 V（cse.ucsd.edu/node/329）"
    ),
    "GB/T 156-2017 (220 V single-phase); Dr. Chen's server room (docs/user-journeys.md, journey 2)": (
        "GB/T 156-2017（220 V 单相）；陈博士的服务器机房（docs/user-journeys.md，用户旅程 2）"
    ),
    "Schleifenbauer, common PDU configurations in European data centres: single-phase 230 V / 16 A input": (
        "Schleifenbauer《欧洲数据中心常见 PDU 配置》：单相 230 V / 16 A 输入"
    ),
}
"""A server room's rack feed's source (model.request.RoomFeed.source) in Chinese, keyed by its English."""


ZH_CN: dict[str, str] = {
    # the units of the sheet's speed-and-time rows (sheet._speed_rows) and node table
    "{:,.1f} tokens/s": "{:,.1f} token/秒",
    "{:,.0f} tokens/s": "{:,.0f} token/秒",
    "{:g} tokens/s": "{:g} token/秒",
    "{:,.2f} s": "{:,.2f} 秒",
    "{:,.1f} s": "{:,.1f} 秒",
    "{:,.0f} h": "{:,.0f} 小时",
    "{:,.1f} h": "{:,.1f} 小时",
    "alternative": "备选",  # a build's label without a claim or a kind (solve.ranking.ALTERNATIVE)
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
    "Tax:": "税项：",
    "Tax": "税项",
    "Exchange rates:": "汇率：",
    "Exchange rates": "汇率",
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
    "Accessory": "附件",  # 配件 is every part ("配件清单"): a riser or a cable is an 附件
    "System": "整机",
    "Base machine": "整机底座",
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
    "Newest price in these builds": "这些配置所用价格的最新日期",
    "Catalog prices": "目录价格",
    "Exchange-rate date": "汇率日期",
    "Exchange-rate source": "汇率来源",
    "How this fits": "如何装下",
    "Assumption": "假设",
    "Estimate warning": "估算警告",
    "Type | Item | Price": "类别 | 配件 | 价格",
    # the Markdown list's lines (purchase._markdown_build)
    "builds": "配置方案",
    "Estimated:": "估算：",
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
        "32-bit optimizer states": "32 位优化器状态",
        "optimizer states on the GPUs": "优化器状态放在 GPU 上",
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
        # a release run as released (plan.RELEASED_LOW_BIT)
        "fp8: as released, none was given": "fp8（发布时的精度，未指定）",
        "int4-experts: as released, none was given": "int4-experts（发布时的精度，未指定）",
        "int4: as released, none was given": "int4（发布时的精度，未指定）",
        "mxfp4: as released, none was given": "mxfp4（发布时的精度，未指定）",
        # the infeasibility section and the window's banner
        "Assumptions": "假设",
        "Estimator warnings": "估算警告",
        "Not as asked": "无法按需求实现",
        "Why:": "原因：",
        "Binding:": "受限于：",
        "Closest cards:": "最接近的显卡：",
        "Cheapest way out:": "最省钱的解决办法：",
        "Cheapest way out on supported software:": "在受支持软件上最省钱的解决办法：",
        "Other ways out:": "其他办法：",
        "Cheapest way out": "最省钱的解决办法",
        "Cheapest way out on supported software": "在受支持软件上最省钱的解决办法",
        "Other way out": "其他办法",
    }
)

ZH_CN.update(
    {
        # the sheet's slot map drawing (sheet.slot_map_svg) and its legend, in the window's words (qt/slotmap.py)
        "Slot {0}: no PCIe slot": "插槽 {0}：无 PCIe 插槽",
        "Slot {0}: {1}": "插槽 {0}：{1}",
        " (x{0} el.)": "（电气 x{0}）",
        "slot {0}: {1}, {2}": "插槽 {0}：{1}，{2}",
        ", on riser": "，经延长线",
        "GPU {0}: {1}": "GPU {0}：{1}",
        "Bay {0}: {1}": "模组位 {0}：{1}",
        "empty": "空",
        "expansion slots and GPUs": "扩展插槽与 GPU",
        "GPU bays": "GPU 模组位",
        # the cluster's table of sizes (sheet.cluster_section) and its parts' total
        "Total for {0} nodes": "{0} 个节点合计",
        " (late)": "（超期）",
        "generic": "通用",
        "Wall time (days)": "耗时（天）",
        "Decode speed": "解码速度",
        "Scaling": "扩展效率",
        "Bought ({0})": "购买（{0}）",
        "Job rented ({0})": "租用完成任务（{0}）",
        "{0} at other cluster sizes; ◀ marks this build": "{0} 在其他集群规模下的情况；◀ 标出本配置",
        "{0} nodes or fewer cannot hold the job": "{0} 个及更少的节点装不下此任务",
        "{0} node cannot hold the job": "{0} 个节点装不下此任务",
        "rented at this size: {0}": "此规模下的租用：{0}",
        "deadline {0:,.0f} h = {1:,.0f} days": "截止时间 {0:,.0f} 小时 = {1:,.0f} 天",
        (
            "bought: nodes, network and switches at the catalog's prices; job rented: the cloud offer the plan "
            "matches at that size, its hourly price x its own wall hours; scaling: the parallel layout's efficiency"
        ): "购买：节点、网络与交换机按目录价格计；租用完成任务：方案在该规模下匹配的云服务，按每小时价格 x 其自身耗时计；扩展效率：并行布局的效率",
        # a training build's utilisation (report.utilisation)
        "Model FLOPs utilisation (MFU, over the wall time)": "模型算力利用率（MFU，按实际耗时计）",
        "Compute-phase utilisation (while computing)": "计算阶段利用率（计算期间）",
        "{0:.0%} of {1:,} x {2:,.0f} TFLOPS {3}": "{1:,} x {2:,.0f} TFLOPS {3} 的 {0:.0%}",
        # a cluster's power rows and its memory table's note (sheet._circuit_row, _power_rows, memory table)
        "; the {0} described holds {1:,.0f} W": "；所填的 {0} 只能提供 {1:,.0f} W",
        "All {0} nodes": "全部 {0} 个节点",
        "{0:,.0f} W at the wall = {1:,.0f} BTU/h": "墙插功耗 {0:,.0f} W = {1:,.0f} BTU/h",
        "Usable: what the plan may fill, the card less {0:.0%} kept free (the planner's limit).": (
            "可用：方案可以占用的显存，即显卡容量减去保留的 {0:.0%}（规划器的上限）。"
        ),
        # the connector plan (sheet.connector_plan)
        "GPU {0}{1} (slot {2})": "GPU {0}{1}（插槽 {2}）",
        " (card {0})": "（第 {0} 张卡）",  # the memory table's GPU on a card that holds two (sheet._memory_groups)
        "16-pin adapter from {0}": "16-pin 转接线，取自 {0}",
        "EPS adapter from {0}": "EPS 转接线，取自 {0}",
        "MISSING {0}": "缺少 {0}",
        "slot power only": "仅插槽供电",
        "PSU {0} {1} #{2}": "电源 {0} 的 {1} #{2}",
        "GPU positions inside each {0}.": "每台 {0} 内部的 GPU 位置。",
        "{0} is a ready-made system: its GPU is built in, there are no slots to fill or cards to place": (
            "{0} 是整机：GPU 已内置，无需安装显卡"
        ),
        "none (slot power)": "无（插槽供电）",
        "The system's own power supplies feed every GPU; plan its inlets on dedicated feeds.": (
            "整机自带电源为所有 GPU 供电；请为其电源输入规划专用供电线路。"
        ),
        "The chassis's power modules feed the GPU bays through its own harness.": (
            "机箱自带的电源模块通过其自身的线束为各 GPU 仓位供电。"
        ),
    }
)

# where a slot's lanes come from (slots.source) and a card's cooler, as Chinese buyers write them (涡轮卡/风扇卡)
_ZH_LANE_SOURCES = {"cpu": "CPU", "chipset": "芯片组", "plx": "PLX 交换芯片", "bay": "模组位"}
_ZH_IMPORT_MARKETS = {"US": "美国", "EU": "欧盟"}
_ZH_CONDITIONS = {"new": "新品", "used": "二手", "refurbished": "翻新"}
ZH_CHASSIS = {
    "open-frame": "开放式机架",
    "mid-tower": "中塔机箱",
    "full-tower": "全塔机箱",
    "rack": "机架式",
    "rack-4u": "4U 机架",
    "server": "服务器机箱",
    "mini-itx": "迷你 ITX 机箱",
}
ZH_COOLERS = {
    "open-air": "风扇卡",
    "axial": "风扇卡",
    "blower": "涡轮卡",
    "passive": "被动散热",
    "liquid": "水冷",
    "system": "整机散热",
}


_ZH_CARDS = {"open-air": "风扇卡", "blower": "涡轮卡", "passive": "被动散热卡", "liquid": "水冷卡"}


_ZH_METHODS = {
    "lora": "PEFT LoRA",
    "qlora": "PEFT QLoRA (bitsandbytes)",
    "unsloth-lora": "Unsloth LoRA",
    "unsloth-qlora": "Unsloth QLoRA (bitsandbytes)",
    "full": "全参数微调",
    "pretrain": "预训练",
}
_ZH_STATES: dict[str, str] = {"Missouri": "密苏里州", "Connecticut": "康涅狄格州"}  # tco.est-eia's states
_ZH_NOISE = {"quiet": "安静", "moderate": "适中", "loud": "吵", "silent": "静音"}
_ZH_SPLITS = {"single": "单卡", "layer": "分层切分", "tensor": "张量并行", "data": "数据并行"}
ZH_PART_CATEGORIES = {"gpu": "显卡"}
"""A part's category where the Chinese differs from the same English word elsewhere: the GPU a buyer orders is a 显卡,
as the seed articles list a machine's eight parts (CPU、散热器、主板、内存、硬盘、显卡、电源、风扇、机箱); a table's
"GPU" column (GPU 0-7) stays GPU."""


def lane_source(source: str) -> str:
    """Where a slot's lanes come from ("cpu", "chipset", "plx", "bay") in the sheet's language."""
    return _ZH_LANE_SOURCES.get(source, source) if _language.get() == "zh_CN" else source


def cooler_word(cooler: str) -> str:
    """A card's cooler ("blower", "open-air", ...) in the sheet's language."""
    return ZH_COOLERS.get(cooler, cooler) if _language.get() == "zh_CN" else cooler


def _zh_wait(seconds: float) -> str:
    """A wait in a buyer's unit (reasons._wait's Chinese): seconds under a minute and a half, else minutes to a tenth."""
    return f"{seconds:,.0f} 秒" if seconds < 90 else f"{seconds / 60:,.1f} 分钟"


def _zh_taxed(r: Reason) -> str:
    """The note part "（GR 价格，含 24% 增值税）": what tax a converted price holds (reasons._taxed in Chinese), or ""."""
    region = r.fields.get("from_region")
    if not region:
        return ""
    vat = r.num("from_vat_pct")
    return f"（{region} 价格，含 {vat:g}% 增值税）" if vat else f"（{region} 价格，不含增值税或销售税）"


ZH_VAT_REGION_NAMES: dict[str, str] = {
    "US": "美国",
    "CN": "中国",
    "DE": "德国",
    "GR": "希腊",
    "FR": "法国",
    "IT": "意大利",
    "ES": "西班牙",
    "NL": "荷兰",
    "AT": "奥地利",
    "IE": "爱尔兰",
    "PL": "波兰",
    "FI": "芬兰",
}
"""reasons.VAT_REGION_NAMES in Chinese."""


def _zh_region(code: object) -> str:
    """A VAT region's Chinese name ("德国"), or its code where the table names none."""
    return ZH_VAT_REGION_NAMES.get(str(code), str(code)) if code else ""


def _zh_vat_moved(r: Reason) -> str:
    """reasons._vat_moved in Chinese ("price.vat")."""
    to, vat = _zh_region(r.fields.get("region")), r.num("vat_pct")
    if not r.fields.get("from_region"):
        return "不知是否含增值税（私人转让不收增值税）：按标价计"
    was, old = _zh_region(r.fields["from_region"]), r.num("from_vat_pct")
    if r.fields.get("reclaimed_pct") is not None:
        if not old:
            return f"不含增值税；{to}买家为其缴纳的 {r.num('reclaimed_pct'):g}% 可抵扣"
        return f"扣除{was} {old:g}% 增值税（已登记增值税的买家可抵扣）"
    if not old:
        return f"加{to} {vat:g}% 增值税（当地买家进口时缴纳）"
    if not vat:
        return f"扣除{was} {old:g}% 增值税（出口免税；{to}买家不缴增值税）"
    return f"扣除{was} {old:g}% 增值税，计入{to} {vat:g}%（当地买家所缴）"


def _zh_request_vat(r: Reason) -> str:
    """reasons._request_vat in Chinese ("request.vat")."""
    region, vat = _zh_region(r.fields.get("region")), r.num("vat_pct")
    if not vat:
        return f"{region}无增值税：价格与预算不含销售税"
    if r.fields.get("reclaim"):
        return f"可抵扣：价格与预算不含{region} {vat:g}% 增值税"
    return f"自付：价格与预算含{region} {vat:g}% 增值税"


def _zh_tax_basis(r: Reason) -> str:
    """reasons._tax_basis in Chinese ("price.basis")."""
    cur, vat = r.fields.get("currency", ""), r.num("vat_pct")
    listed = int(r.num("listed"))
    tail = f"；{listed} 个付费部件按标价计（不知是否含增值税）" if listed else ""
    if r.fields.get("reclaim"):
        return (
            f"价格不含增值税（{r.num('total'):,.0f} {cur}），适用于可抵扣{_zh_region(r.fields.get('region'))} "
            f"{r.num('region_vat_pct'):g}% 增值税的已登记买家；含税为 {r.num('gross'):,.0f} {cur}{tail}"
        )
    if not vat:
        return f"价格不含销售税，与{_zh_region(r.fields.get('region'))}商店标价一致（销售税结账时加收）{tail}"
    return (
        f"价格含{_zh_region(r.fields.get('region'))} {vat:g}% 增值税，即当地买家所付"
        f"（{r.num('total'):,.0f} {cur}）；可抵扣增值税的买家不含税为 {r.num('net'):,.0f} {cur}{tail}"
    )


def _zh_rate_at(r: Reason) -> str:
    """The note part " 按 6.7046 CNY/USD（2026-10-06 汇率）": a converted price's rate and date (reasons._rate_at in Chinese)."""
    rate, to, cur = r.fields.get("rate"), r.fields.get("to"), r.fields.get("rate_from") or r.fields.get("currency")
    if not rate or not to or r.fields.get("rate_stale"):
        return " "
    return f" 按 {r.num('rate'):.4f} {to}/{cur}（{r.fields.get('rate_date') or '无日期'} 汇率）"


def _zh_tiers(r: Reason, kind: str = "") -> str:
    """A fat tree's switches by tier (reasons._tiers in Chinese)."""
    f = r.fields
    core = f" + {f['cores']} 台核心{kind}交换机" if f["cores"] else ""
    return f"{f['leaves']} 台叶{kind}交换机 + {f['spines']} 台脊{kind}交换机{core}"


_ZH_TIER_NAMES = {"dual socket": "双路"}


def _zh_tier(name: str) -> str:
    """An experts-in-RAM platform tier's name (solve.machines.TIERS: "8-channel Threadripper PRO / Xeon") in Chinese:
    the tier cards' labels had it in English (walk ui9)."""
    name = _ZH_TIER_NAMES.get(name, name)
    name = re.sub(r"^desktop (\d+)-channel$", r"桌面 \1 通道", name)
    return re.sub(r"^(\d+)-channel ", r"\1 通道 ", name)


def _no_price(r: Reason, _say: Say) -> str:
    if r.fields.get("retired"):
        return f"自 {r.fields['retired']} 起不再销售新品（其标价已成历史），目录中也没有二手价格"
    kind = _ZH_CONDITIONS.get(str(r.fields.get("condition")), "") if r.fields.get("condition") != "refurbished" else ""
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


def _zh_capped_said(r: Reason) -> str:
    """need.circuit's other way in Chinese (reasons._capped_said)."""
    if not r.num("cap"):
        return ""
    hours = f"，任务约 {r.num('cap_hours'):,.0f} 小时（按 RTX 3090 功耗限制实测曲线估算）" if r.num("cap_hours") else ""
    if r.num("cap_speed"):
        hours = f"，解码约为满速的 {r.num('cap_speed'):.0%}（按 RTX 3090 功耗限制实测曲线估算）"
    return (
        f"；或把每张卡限制在 {r.num('cap'):.0%}（{r.num('cap_w'):.0f} W：每次开机执行 "
        f"{sudo_steps(str(r.fields['command']))}）：墙插 {r.num('cap_wall'):.0f} W{hours}"
    )


def _zh_method_fits(r: Reason, say_: Say) -> str:
    """gpu.method-fits in Chinese (reasons._method_fits)."""
    qlora = r.fields.get("method") == "qlora"
    what = f"QLoRA（基座以 {r.fields['bits']} bit 存放）" if qlora else "LoRA（冻结 16 位基座，只训练适配器）"
    most = (
        f"，{r.fields['most']} 张时 {r.num('most_hours'):,.0f} 小时"
        if r.num("most_hours") and r.fields["most"] != r.fields["count"]
        else ""
    )
    if most and r.fields.get("circuit"):  # reasons._method_fits: the most cards alone draw more than the circuit holds
        power = "满功率" if r.num("limit") >= 1.0 else f"功耗限制 {r.num('limit'):.0%}"
        n, circuit = int(r.num("circuits") or 1), say_(r.nested("circuit")[0])
        holds = f"{n} 路 {circuit} 电路可承载" if n > 1 else f"{circuit} 电路可承载"
        most += (
            f"（{power}；超出你的电路：这些卡本身就耗电 {r.num('most_w'):,.0f} W，{holds} {r.num('room_w'):,.0f} W）"
        )
    trade = (
        "QLoRA 论文在其基准上与 16 位微调持平，但每一步都要反量化基座，在装得下 16 位 LoRA 的卡上比它慢"
        if qlora
        else "训练的是适配器，而非全部权重"
    )
    return (
        f"改用 {what}，{r.fields['count']} 张即可装下（每张 GPU {r.num('gib'):.1f} GiB"
        + ("，分片后的状态放在系统内存" if r.fields.get("in_ram") else "")
        + f"），训练 {_zh_tokens(r.num('tokens'))} token 需 {r.num('hours'):,.0f} 小时{most}：这是换方法，不是换机器（{trade}）"
    )


def _zh_tokens(n: float) -> str:
    """A token count in Chinese units: "1 亿", "200 亿", "1.5 万亿"."""
    for size, unit in ((1e12, "万亿"), (1e8, "亿"), (1e4, "万")):
        if n >= size:
            return f"{n / size:,.0f} {unit}" if n / size >= 100 else f"{n / size:.3g} {unit}"
    return f"{n:,.0f}"


ZH_METHOD_WORDS = {"full": "全参数微调", "lora": " LoRA", "qlora": " QLoRA"}
"""A fine-tuning method in Chinese (reasons.METHOD_WORDS)."""


def _zh_own_used(r: Reason) -> str:
    """reasons._own_used in Chinese."""
    if not r.fields.get("own_used"):
        return ""
    bought = int(r.num("own_bought"))
    return f"（用你已有 {r.num('own_have'):.0f} 张中的 {r.num('own_used'):.0f} 张" + (
        f"，另买 {bought} 张）" if bought else "，不用买卡）"
    )


def _zh_work(r: Reason) -> str:
    """reasons._work in Chinese."""
    if r.fields.get("work") is None:
        return ""
    total = r.num("price") + r.num("work")
    return f" + 新电路 {r.num('work'):,.0f} {r.fields['currency']} = {total:,.0f} {r.fields['currency']}"


def _changes(r: Reason, say_: Say) -> str:
    words = [say_(c) for c in r.nested("changes")]
    text = words[0] if len(words) == 1 else "、".join(words[:-1]) + "，并" + words[-1]
    what = (
        f"{r.fields['box']}，"
        if r.fields.get("box")
        else "不买 GPU（仅 CPU），"
        if r.fields.get("cpu_only")
        else f"在你自己的 {r.fields['own']} 旁加装 {' + '.join(r.fields['beside'])}，"  # type: ignore[arg-type]
        if r.fields.get("beside")
        else f"{r.fields['gpus']} x {r.fields['gpu']}"
        + "".join(f"（{say_(e)}）" for e in (*r.nested("eol"), *r.nested("in_ram")))
        + ("（不用你自己的卡）" if r.fields.get("without_own") else "")
        + _zh_own_used(r)
        + "，"
        if r.fields.get("gpus")
        else ""
    )
    wait = (
        (
            f"（提示词要等：{r.num('users'):.0f} 位用户同时发送 {r.num('prompt'):,.0f} token 的提示词时，最后一位要等 "
            f"{r.num('wait_s'):,.0f} 秒才出第一个 token）"
            if r.fields.get("users")
            else f"（提示词要等：{r.num('prompt'):,.0f} token 的提示词在第一个 token 前要 {r.num('wait_s'):,.0f} 秒）"
        )
        if r.fields.get("wait_s") is not None
        else ""
    )
    slow = (
        f"，低于阅读速度：每位用户 {r.num('slow_tps'):.1f} token/秒（没有找到能达到 {r.num('reading'):g} 的配置）"
        if r.fields.get("slow_tps") is not None
        else ""
    )
    hours = (
        f"（{r.num('hours'):,.0f} 小时"
        + (f"，训练 {_zh_tokens(r.num('tokens'))} token" if r.fields.get("tokens") else "")
        + "）"
        if r.fields.get("hours")
        else ""
    )
    slower = "".join(f"，{say_(s)}" for s in r.nested("slower"))
    home = f"（用你现有的 {say_(r.nested('home')[0])} 电路）" if r.nested("home") else ""
    trade = (
        f"，每用户 {r.num('tps'):.1f} token/秒：比你现有的 {say_(r.nested('home_circuit')[0])} 电路上最便宜的配置"
        f"（{r.num('home_price'):,.0f} {r.fields['currency']}，{r.num('home_tps'):.1f}）快 "
        f"{r.num('tps') - r.num('home_tps'):.1f}"
        if r.fields.get("home_tps") is not None
        else ""
    )
    cheapest = "在受支持软件上最便宜的配置" if r.fields.get("supported") else "最便宜的配置"
    past = (
        f"；{r.num('past_gpus'):.0f} x {r.fields['past_gpu']}"
        + (f"（功耗限制在 {r.num('past_limit'):.0%}）" if r.fields.get("past_limit") is not None else "")
        + f" 只要 {r.num('past_price'):,.0f} {r.fields['currency']}，"
        "但该卡已过厂商软件支持期"
        if r.fields.get("past_price") is not None
        else ""
    )
    if (
        r.fields.get("unvalidated_price") is not None
    ):  # round 42: set aside for its run (rules.software.UNVALIDATED_RUN)
        why = (
            f"但其显卡只有 {r.num('unvalidated_card_gb'):.0f} GB，而基座放在系统内存的 QLoRA 的公开运行所用显卡都在 "
            f"{r.num('unvalidated_runs_gb'):.0f} GB 或以上"
            if r.fields.get("unvalidated_card_gb") is not None  # round 44: SUP-12's, in its terms
            else "但其训练软件栈在该显卡上未经验证"
        )
        past = (
            f"；{r.num('unvalidated_gpus'):.0f} x {r.fields['unvalidated_gpu']} 只要 "
            f"{r.num('unvalidated_price'):,.0f} {r.fields['currency']}，{why}，{r.fields['unvalidated']} 给出警告"
        )
    if r.fields.get("supported_price") is not None:  # round 43: a dearer supported build, over the budget
        past = (
            f"；软件仍受支持的 {r.num('supported_gpus'):.0f} x {r.fields['supported_gpu']} 需 "
            f"{r.num('supported_price'):,.0f} {r.fields['currency']}，超出预算"
        )
    return (
        f"{text}{home}：{cheapest} {what}{r.num('price'):,.0f} {r.fields['currency']}{_zh_work(r)}{hours}{wait}{slow}"
        f"{slower}{trade}{past}"
    )


def _cluster(r: Reason, _say: Say) -> str:
    money = f"{r.num('price'):,.0f} {r.fields['currency']}"
    room = "在机房中" if r.fields.get("server_room") else ""
    head = (
        f"{r.fields['nodes']} 台机器{room}协同工作：{money}"
        if r.num("nodes") > 1
        else f"一台{room + '的' if room else ''}现成 {r.fields['gpus']} 卡服务器：{money}"
    )
    over = f"，超出 {r.num('budget'):,.0f} {r.fields['currency']} 的预算" if r.fields.get("budget") is not None else ""
    return head + over


def _rent(r: Reason, _say: Say) -> str:
    f = r.fields
    cur = f["currency"]
    rented = f"{f['instances']} x {f['offer']}" if r.num("instances") > 1 else str(f["offer"])
    est = "，估计值" if f.get("estimate") else ""
    allowed = f"在允许的 {r.num('deadline'):,.0f} 小时内" if f.get("deadline") is not None else ""
    return (
        f"这次任务租用即可：{rented}（{f['gpus']} x {f['gpu']}），{allowed}用 "
        f"{r.num('hours'):,.1f} 小时，每小时 {r.num('hourly'):,.2f} {cur}：共 {r.num('cost'):,.0f} {cur}；"
        # the price tier as Chinese cloud consoles name it: Sam's Chinese window read "on-demand 价格" (walk42)
        f"为它买下最便宜的机器要 {r.num('bought'):,.0f} {cur}"
        f"（{_PRICING_ZH.get(str(f['pricing']), str(f['pricing']))}，{f['date']}，{f['source']}{est}）"
    )


def _binding_item(r: Reason, _say: Say) -> str:
    value = r.fields.get("value")
    unit = str(r.fields.get("unit") or "")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        shown = f"{value:g}" if unit == "tokens/s" else f"{value:,.0f}"
    else:
        shown = t(str(value))
    unit = {"h": " 小时", "tokens/s": " token/秒", "": ""}.get(unit, f" {unit}")
    return f"{t(str(r.fields['label']))}（{shown}{unit}）"


def _floor_release_zh(r: Reason) -> str:
    """reasons._floor_release in Chinese."""
    server, release, family = (str(r.fields.get(k) or "") for k in ("server", "release", "family"))
    if not server:
        return "2025 年的 SGLang 和 vLLM"
    if family == "sglang-0.5":
        return f"{server} {release}（0.5 系列的下限）"
    if family == "vllm-0.11":
        return f"{server} {release}（vLLM 0.11 及以后版本的下限：完整 CUDA Graph）"
    if server == "SGLang":
        return f"{server} {release}（2025 年各版本的下限）"
    return f"{server} {release}（vLLM 0.11 之前版本的下限：注意力在 CUDA Graph 之外）"


ZH_TRACES = {
    "azure-2023-conversation": "Azure 2023 年对话 trace",
    "azure-2023-code": "Azure 2023 年编程 trace",
    "mooncake-conversation": "Kimi Mooncake 对话 trace",
}
"""reasons.TRACE_WORDS in Chinese."""
ZH_TRACE_STATISTICS = {"median": "中位数", "p90": "第 90 百分位", "mean": "平均值"}


def _zh_api_tokens(r: Reason | None) -> str:
    """reasons._api_tokens in Chinese: what an API bill counts."""
    if r is None:
        return ""
    users = "1 个用户" if r.num("users") <= 1 else f"{r.fields['users']} 个用户"
    out = f"输出 = {users} x {r.num('tps'):,.1f} token/秒 x {r.num('hours'):,.0f} 个忙碌小时"
    if r.fields.get("basis") or r.fields.get("requests") is not None:
        out = _zh_api_demand(r, users)
    if r.fields.get("inp") is None or not r.fields.get("prompt"):
        return out + "；只计输出 token（该价格未列输入价，输入另计，会更贵）"
    trace = ZH_TRACES.get(str(r.fields.get("trace")), str(r.fields.get("trace")))
    where = (
        f"你给出的提示，对照{trace}的中位回复"
        if r.fields.get("stated")
        else "按 Anthropic 公布的 Claude Code 数据估计的智能体编程请求，以你的上下文长度为上限"
        if r.fields.get("usage") == "coding-agent"
        else f"{trace}的中位数对话请求"
    )
    return (
        f"{out}；输入 = 每个输出 token 对应 {r.num('prompt') / max(r.num('reply'), 1):,.1f} 个提示 token（{where}："
        f"每 {r.num('reply'):,.0f} 个回复 token 对应 {r.num('prompt'):,.0f} 个提示 token；可给出自己的提示长度），"
        + _zh_api_cache_said(r)
    )


def _zh_seats_said(r: Reason) -> str:
    """tco.seats in Chinese (round 41): the English's reasons, in the same order."""
    head = f"{r.num('seats'):,.0f} 个席位按 {r.num('streams'):g} 路并发服务（同一时刻 {r.num('ratio'):.0%} 的席位在用"
    here = (
        f"；按本机计入预填充后每路 {r.num('served_tps'):,.1f} token/秒，有 {100 * r.num('served_waits'):.1f}% 的请求"
        f"等待空闲路超过 {r.num('wait_s'):g} 秒"
        if "served_waits" in r.fields
        else ""
    )
    tail = "：配置按并发路数选，需求按全部席位计"
    if r.fields.get("method") != "erlang-c":
        body = (
            "；依据 Anthropic Claude Code 文档按团队规模给出的每席位请求速率建议，"
            "https://code.claude.com/docs/en/costs，2026-12-06 查阅"
            + (
                "；这是 Anthropic 以其自家 Claude 模型为 Claude Code 席位定的规模，编码智能体沿用"
                if r.fields.get("method") == "table"
                else ""
            )
        )
        if here:
            body += (
                f"{here}（Erlang C：每席位每天 {r.num('requests'):,.0f} 个请求，分布在每天 {r.num('hours'):,.1f} 小时内，"
                f"每个回复 {r.num('reply'):,.0f} token）"
            )
        return head + body + "）" + tail
    speed = "要求的速度" if r.fields.get("asked") else "阅读速度，即每路允许的最低速度"
    queue = (
        "每个席位一路，没有请求要排在别的席位之后"
        if r.num("streams") >= r.num("seats")
        else f"{r.num('streams'):g} 路并发时有 {100 * r.num('waits'):.1f}% 的请求等待空闲路超过 {r.num('wait_s'):g} 秒"
    )
    return (
        head
        + "），依据它们自己的需求："
        + f"每席位每天 {r.num('requests'):,.1f} 个请求，分布在每天 {r.num('hours'):,.1f} 小时"
        f"工作时间内，每个回复 {r.num('reply'):,.0f} token，按 {r.num('tps'):,.1f} token/秒（{speed}）计，"
        f"负载 {r.num('load'):,.2f} Erlang；{queue}（Erlang C，取使其不超过 {100 * r.num('wait_share'):g}% 的最少路数："
        f"依据 MLPerf Inference 的 loadgen/mlperf.conf，llama2-70b 服务器场景首 token "
        f"延迟上限 2000 毫秒，第 99 百分位，2026-12-06 查阅）{here}"
        + (
            "；请求在满载小时内以均匀速率随机到达是估计（真实 LLM 流量更集中：BurstGPT，arXiv 2401.17644），等待比例只是下限"
            if r.fields.get("estimate")
            else ""
        )
        + tail
    )


def _zh_prefill_said(r: Reason) -> str:
    """reasons._prefill_said in Chinese: each request's prefill in the busy hours."""
    if not r.fields.get("prefill_s"):
        return ""
    cached = (
        f"，其 {r.num('prompt'):,.0f} 个提示 token 中 {r.num('cached'):,.0f} 个已在推理引擎的前缀缓存中"
        if r.num("cached") > 0
        else f"，含 {r.num('prompt'):,.0f} 个提示 token"
    )
    capped = (
        f"（提示受上下文所限，原为 {r.num('capped_from'):,.0f} token）"
        if r.fields.get("capped_from") is not None
        else ""
    )
    return f"，每个 {r.num('reply'):,.0f} token 的回复前需预填充 {r.num('prefill_s'):,.1f} 秒{cached}{capped}"


def _zh_api_cache_said(r: Reason) -> str:
    """reasons._api_cache_said in Chinese: how the prompt tokens are priced."""
    hit = r.num("hit") if r.fields.get("hit") else 0.0
    if hit <= 0:
        return "按未命中缓存的价格计（给定的提示每次都按新内容计）"
    whose = (
        "一位被记录的 Claude Code 用户的比例"
        if r.fields.get("usage") == "coding-agent"
        else "阿里巴巴生产日志命中率中较低者"
    )
    share = f"其中 {hit:.0%} 从服务商的提示缓存读取（{whose}，估计值）"
    if r.fields.get("cached") is None:
        return f"{share}，但该价格未列缓存读取价，故全部按未命中缓存的价格计"
    written = (
        f"，其余按写入价 {r.num('written'):,.2f} 计"
        if r.fields.get("written") is not None
        else "，其余按未命中缓存的价格计"
    )
    return f"{share}，每百万 {r.num('cached'):,.4g}{written}：平均每百万 {r.num('billed'):,.4g}"


def _zh_api_demand(r: Reason, users: str) -> str:
    """reasons._api_demand in Chinese: the users' demand, and what the build makes of it when it cannot make it all."""
    if r.fields.get("basis") in ("asked", "reading"):
        speed = "阅读速度" if r.fields["basis"] == "reading" else "你要求的速度"
        out = (
            f"输出 = {users}，每人按{speed}（每人 {r.num('need'):,.1f} token/秒）x {r.num('hours'):,.0f} 个忙碌小时"
            f"（每天 {per_day(r.num('per_day'))} 小时 x {r.num('days'):,.0f} 天）= 每年 {millions(r.num('demand_m'))}M "
            "token（也可给出每天请求数）"
        )
    else:
        said = (
            "按 Anthropic 公布的 Claude Code 数据估计的智能体编程席位用量"
            if r.fields.get("usage") == "coding-agent"
            else "ChatGPT 2025 年 7 月的消费者平均值"
            if r.fields.get("usage") == "chat" or not r.fields.get("demand_stated")
            else "你给出的"
        )
        out = (
            f"输出 = {users} x 每天 {per_day(r.num('requests'))} 个请求（{said}）x {r.num('days'):,.0f} 天 x "
            f"每个回复 {r.num('reply'):,.0f} 个 token = 每年 {millions(r.num('demand_m'))}M token"
        )
    if not r.fields.get("capped"):
        return out
    return (
        f"{out}；这台配置只能产出其中 {millions(r.num('capacity_m'))}M（每个用户 {r.num('tps'):,.1f} token/秒，"
        f"{r.num('hours'):,.0f} 个忙碌小时），因此 API 只按这些计费，不计它产不出的 token"
    )


def _zh_api_speed_said(r: Reason) -> str:
    """reasons._api_speed_said in Chinese: "（20 个用户按阅读速度，每天 4 小时）"."""
    speed = "阅读速度" if r.fields.get("basis") == "reading" else f"{per_day(r.num('need'))} token/秒"
    users = "" if r.num("users") <= 1 else f"{r.fields['users']} 个用户"
    return f"（{users}按{speed}，每天 {per_day(r.num('per_day'))} 小时）"


ZH_KERNEL_NAMES = {"flash2": "FlashAttention-2", "triton": "Triton 版 FlashAttention 内核", "cudnn": "cuDNN 融合注意力"}
_ZH_GPU_COOLERS = {
    "blower": "涡轮散热（热风从机箱背部排出）",
    "open-air": "风扇散热（热量吹进机箱内）",
    "passive": "被动散热（靠服务器风墙冷却）",
    "liquid": "水冷",
}

_ZH_CASE_FORMS = {"rack": "机架式机箱", "open": "开放式机架", "tower": "塔式机箱"}


def _zh_over(r: Reason) -> str:
    """An offer that holds over one build ranked above (field `rank`), not all of them: which (reasons._over)."""
    return f"（相对 #{r.num('rank'):.0f}）" if r.fields.get("rank") is not None else ""


def _zh_sharded(name: str, r: Reason) -> str:
    """A training launch's title in Chinese: the framework, its DeepSpeed stage and CPU offload, then its nodes."""
    stage = f" + DeepSpeed ZeRO-{r.fields['stage']}" if r.fields.get("stage") else ""
    if r.fields.get("fsdp"):  # accelerate's FSDP (launch.accelerate, launch.trl with --sharding fsdp)
        stage = f" + FSDP {r.fields['fsdp']}"
    offload = " + CPU 卸载" if r.fields.get("offload") else ""
    return name + stage + offload + (f"（{r.fields['nodes']} 个节点）" if r.num("nodes") > 1 else "")


_ZH_CONFIG_METHODS = {"full": "全参数微调的", "lora": " LoRA ", "qlora": " QLoRA "}
"""A fine-tuning method inside a Chinese sentence (launch.own-config), spaced as a Latin word is."""
_ZH_FSDP_STRATEGIES = {
    "full_shard": "FSDP 完全分片",
    "shard_grad_op": "FSDP 分片梯度和优化器状态",
    "ddp": "数据并行，不分片",
}
"""fsdp_qlora's --sharding_strategy (launch.fsdp-qlora) in Chinese."""


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
    "gpu.memory-max": lambda r, say_: (
        f"约需 {r.fields['cards']} 张 {r.num('vram'):g} GB 显存的卡（{r.fields['n']} 张时每张 {r.num('gib'):.1f} GiB）；"
        f"一台机器最多装 {r.fields['most']} 张" + "".join(f"；{say_(m)}" for m in r.nested("method"))
    ),
    "gpu.memory-never": lambda r, say_: (
        f"多少张 {r.num('vram'):g} GB 显存的卡都装不下：{r.fields['n']} 张时每张 {r.num('gib'):.1f} GiB，"
        f"其中 {r.num('every'):.1f} GiB 不论卡数多少每张都要占用" + "".join(f"；{say_(m)}" for m in r.nested("method"))
    ),
    "gpu.method-fits": _zh_method_fits,
    "gpu.speed": "{n} 张 GPU 时 {tps:.1f} token/秒，低于要求的 {asked:g}",
    "gpu.deadline": "{n} 张 GPU 需 {hours:,.0f} 小时，超过 {deadline:,.0f} 小时的截止时间",
    "gpu.years": "{n} 张 GPU 需 {years:,.1f} 年：超过一年（设定截止时间以规划集群）",
    "gpu.closest": lambda r, say_: f"{r.fields['name']}：{joined(r.nested('why'), say_)}",
    "gpu.no-build": "在预算内没有使用它并通过所有规则的配置",
    "system.budget": "{price:,.0f} {currency}，超出 {budget:,.0f} {currency} 的预算",
    "system.llama-cpp": "其集成 GPU 只用 llama.cpp 推理，且须为 llama.cpp 能加载的格式",
    "system.memory": "需要 {need:.1f} GiB，其 GPU 最多可用 {usable:.1f} GiB 统一内存",
    "system.speed": "{tps:.1f} token/秒，低于要求的 {asked:g}",
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
    "map.no-gpu": "目录中没有通过筛选的 GPU",
    "map.stopped": "已停止",
    "map.no-system": lambda r, _say: (
        "所指定的整机都无法按要求运行这个任务（" + "、".join(_strings(r, "systems")) + "）"
    ),
    "map.over-budget": lambda r, _say: (
        f"最便宜的机器（{r.fields['count']} x {r.fields['gpu']}）价格 {r.num('price'):,.0f} {r.fields['currency']}，"
        f"超出预算 {r.num('budget'):,.0f}"
    ),
    "map.too-small": lambda r, _say: (
        f"仅权重就至少需要 {r.fields['count']} 张 {r.num('vram_gb'):g} GB 的卡（{r.fields['gpu']}，所允许的 GPU 中最少）；"
        f"一台机器最多装 {r.fields['max_gpus']} 张，目录中也没有装得下它的这类 GPU 整机服务器"
    ),
    "map.no-price": lambda r, _say: (
        f"所允许的 GPU 都没有{_ZH_CONDITIONS.get(str(r.fields['condition']), '')}的 {r.fields['currency']} 价格"
    ),
    "map.no-build": "没有配置通过全部规则",
    "caveat.modified": "{gpu}：由翻新商改装，不是厂商的产品：没有保修或厂商支持，各卖家的板卡不尽相同",
    # the ways out
    "way.time-limit": "减少 GPU 选项（--gpu）或限定机器形态后重新求解，或给求解更多时间",
    "way.none": "目录中没有找到：换更小的模型、更低的精度或更短的上下文",
    "way.budget": "将预算提高到 {amount:,} {currency}",
    "way.kv": "将 KV 缓存量化为 {kv}",
    "way.context": "将上下文缩短到 {context} token",
    "way.lowbits": lambda r, _say: (
        "使用 3 位 GGUF（q3_k_m，或 Unsloth 的 UD-Q3_K_XL 等动态 3 位量化：内存放得下时，万亿参数 MoE 的常用位数；质量略有下降）"
        if r.fields.get("precision") == "q3_k_m"
        else "使用 2 位 GGUF（q2_k，或 Unsloth 的 UD-Q2_K_XL 等动态 2 位量化：其指南为万亿参数 MoE 建议的体积与精度折中；质量会有所下降）"
    ),
    "way.precision": lambda r, _say: (
        "显卡也使用 q4_k_m（GGUF，llama.cpp 运行；未指定权重精度时，多用户服务器的显卡按 vLLM 的 FP8 或 BF16 配置）"
        if r.fields.get("gpus")
        else f"使用 {r.fields.get('precision') or 'q4_k_m'}（GGUF，llama.cpp 运行"
        + ("，保持原版质量）" if r.fields.get("precision") == "q8_0" else "）")
    ),
    "way.method": lambda r, _say: (
        f"用 QLoRA 代替{ZH_METHOD_WORDS.get(str(r.fields['method']), r.fields['method'])}"
        + ("，用你已有的卡" if r.fields.get("on_own") else "")
    ),
    "way.circuit": lambda r, say_: (
        f"请电工加装一路 {r.num('volts'):g} V {r.num('amps'):g} A 电路"
        + (
            f"（NEMA {r.fields['outlet']} 插座，持续 {r.num('watts'):,.0f} W；{_zh_circuit_work(r, say_)}）"
            if r.fields.get("step") is not None
            else ("（NEMA 6-20 插座）" if r.fields.get("nema") else "") + f"，持续 {r.num('watts'):,.0f} W"
        )
        + (
            f"，电工费用约 {r.num('work'):,.0f} {r.fields['currency']}（装修费用指南的平均价）"
            if r.fields.get("work") is not None
            else ""
        )
        if r.fields.get("volts") is not None
        else "使用 230 V 16 A 电路"
    ),
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
    "way.rackfeed": lambda r, say_: (
        f"改用机房的机架供电：{say_(r.nested('feed')[0])}，持续 {r.num('watts'):,.0f} W，不用所指定的"
        f" {say_(r.nested('named')[0])}电路"
    ),
    "way.form": "允许任意形态（机架式或开放式机架）",
    "way.room": "放到实验室或机房（比家庭办公室允许的更吵、更热）",
    "way.gpus": "允许最多 {gpus} 张 GPU",
    "way.speed": lambda r, _say: (
        f"接受 {r.num('tps'):.1f} token/秒" if r.fields.get("tps") is not None else "接受更低的速度"
    ),
    "way.speed10": "接受 {tps:.1f} token/秒（在要求的 {asked:g} 的 10% 以内）",
    "way.deadline": lambda r, _say: (
        f"允许 {r.num('hours'):,.0f} 小时（{r.num('hours') / 24:,.1f} 天）"
        if r.fields.get("hours") is not None
        else "允许更长的时间"
    ),
    "way.condition": "允许二手配件",
    "way.region": lambda r, _say: (
        "在中国大陆购买（选择地区“中国”：所选显卡只在那里销售）"
        if r.fields.get("region") == "china"
        else "在中国以外购买"
    ),
    "way.framework": "用 Unsloth 微调（它把检查点激活值放在系统内存）",
    "way.actoffload": "把检查点激活值放在系统内存（激活卸载）",
    "way.checkpointing": "反向传播时重算激活值（梯度检查点：更省显存，但更慢）",
    "way.optim8bit": "使用 8-bit AdamW（bitsandbytes：每个参数的优化器状态由 8 字节降为 2 字节；仍是全参数微调）",
    "way.zero3offload": lambda r, _say: (
        "用 PyTorch FSDP 分片（这张卡的分片方式：DeepSpeed 没有在它上面验证过），并把参数、梯度和优化器状态卸载到内存"
        f"（FULL_SHARD 加 accelerate 的 {r.fields['flag']}：仍是全参数微调，较慢）"
        if r.fields.get("stack") == "fsdp" and r.fields.get("usual")
        else f"继续用 FSDP，并把参数、梯度和优化器状态卸载到内存（FULL_SHARD 加 accelerate 的 {r.fields['flag']}："
        "仍是全参数微调，较慢）"
        if r.fields.get("stack") == "fsdp"
        else f"继续用 torchtune，并把参数、梯度和优化器状态卸载到内存（其分布式配方的 FSDP2 加 {r.fields['flag']}："
        "仍是全参数微调，较慢）"
        if r.fields.get("stack") == "torchtune"
        else "用 DeepSpeed ZeRO-3 分片，并把优化器状态和参数卸载到内存（ZeRO-Offload：仍是全参数微调，较慢）"
    ),
    "way.cluster": _cluster,
    "way.rent": _rent,
    "way.changes": _changes,
    "way.slower": lambda r, _say: (
        f"所需时间是 {r.num('price'):,.0f} {r.fields['currency']} 那个办法的 {r.num('ratio'):.1f} 倍："
        f"后者用 {r.num('hours'):,.0f} 小时完成同样的训练"
    ),
    # an estimate's most common warnings
    "warn.host-ram": "系统内存放不下：放在内存中的 {ram:.1f} GiB 需要 {need:.1f} GiB 的主机内存（含系统预留），这台只有 {has:.1f} GiB",
    "warn.context": "上下文 {context} 超过模型的最大值 {most} token",
    # SUP-10's finding (support.framework_warning) from its codes; a framework's own finding (frameworks.shard_note)
    # as it came, in English
    "warn.framework": lambda r, say_: _zh_framework_warning(r, say_),
    "warn.training-long-sequence": lambda r, _say: (
        f"训练时间按 {r.num('seq'):,.0f} token 的序列估算，比拟合速率所用的训练更长（最长 {r.num('fitted'):,.0f} token）："
        f"在 16K-256K token 上留出的 {r.num('rows'):.0f} 次公开训练中，{r.num('inside'):.0f} 次落在范围内"
        + ("，多数用时更长" if r.num("median") > 1 else "")
        + f"：中位数是估算的 {r.num('median'):.2f} 倍，最多 {r.num('worst'):.2f} 倍"
        "（最慢的是 128K-256K token 上用上下文并行的训练）"
    ),
    "warn.slow-prefill": lambda r, _say: (
        f"{r.fields['card']} 上的提示处理很慢：{r.num('prompt'):,.0f} token 的提示要等 {r.num('seconds'):,.1f} 秒"
        f"才出第一个 token（预填充 {r.num('rate'):,.0f} token/秒），超过用户注意力能保持的 {r.num('limit'):.0f} 秒"
        + (
            f"；它没有张量核心，提示的矩阵乘法按其 FP32 速率运行（{r.num('tflops'):.1f} TFLOPS）"
            + ("，其原生 FP16 只有该速率的 1/64" if r.fields.get("half_1_64") else "")
            if r.fields.get("tflops") is not None
            else ""
        )
    ),
    "warn.qlora-not-advised": (
        "不建议对 {model} 做 QLoRA（4 位）：Unsloth 的指南对 Qwen3.5/3.6 模型（稠密或 MoE）用 bf16 LoRA 微调，"
        "其 4 位量化误差高于通常（{source}）；请按 LoRA（bf16）规划"
    ),
    "warn.fp16-overflow": lambda r, _say: (
        f"{r.fields['model']} 在这里以 fp16 训练（"
        + ("按所选精度" if r.fields.get("asked") else f"{r.fields['card']} 不支持 bf16")
        + f"），而 {r.fields['arch']} 模型会超出 fp16 的数值范围：梯度范数变成 NaN（Unsloth 对这类模型强制使用 "
        f"float32，{r.fields['source']}）；{r.fields['framework']} 不会这样做：请用支持 bf16 的卡（Ampere 或更新）、"
        "用 fp32 训练，或用 Unsloth"
    ),
    "warn.zero3": "用 --zero 3（FSDP 在 {gpus} 张 GPU 上完全分片参数、梯度和优化器状态）可以装下：每张 GPU {per_gpu}",
    "warn.torchtune-offload": (
        "torchtune 的单卡配方没有优化器 CPU 卸载（fsdp_cpu_offload 只在分布式配方中生效）：按不卸载估算；"
        "其分页优化器（--optimizer paged-adamw 或 paged-adamw-8bit）会把状态放在 CUDA 统一内存中"
    ),
    "warn.mtp-missing": "--speculative mtp：{model} 没有多 token 预测（MTP）层，解码速度按不做推测解码估算",
    "warn.mtp-batch": "--speculative mtp 按单个序列估算；多个用户时解码速度按不做推测解码给出（验证计算会与其他序列争用）",
    "warn.draft-missing": "--speculative draft：目录中没有与 {model} 同一分词器的更小模型可作草稿模型（可用 --draft-model 指定），解码速度按不做推测解码估算",
    "warn.draft-engine": "--speculative draft 按 llama.cpp 和 vLLM 估算；使用 {engine} 时解码速度按不做推测解码给出",
    "warn.draft-batch": "--speculative draft 按单个序列估算；多个用户时解码速度按不做推测解码给出（验证计算会与其他序列争用）",
    "warn.transformers-only": "这里只有 HF transformers 能运行：每个用户 {tps:.1f} token/秒；llama.cpp 或 vLLM 装得下时通常快 10-80 倍",
    # why a build holds its claims (solve.ranking)
    "claim.cheapest": lambda r, say: (
        (
            f"在{_zh_places(r)}的 {r.fields['builds']} 个没有检查失败{'且达到阅读速度' if r.fields.get('reading') else ''}的配置中"
            f"价格最低（{r.num('price'):,.0f} {r.fields['currency']}）"
            if int(r.num("builds")) > 1
            else f"价格最低（{r.num('price'):,.0f} {r.fields['currency']}）：{_zh_places(r, one=True)}唯一没有检查失败"
            f"{'且达到阅读速度' if r.fields.get('reading') else ''}的配置"
        )
        + (
            f"（不计{_zh_listed(r)}更便宜的无独立显卡机器：它处理提示词要等一分钟以上）"
            if r.fields.get("prompt")
            else ""
        )
        + (
            f"（不计{_zh_listed(r)}更便宜的配置：最后一个用户要等一分钟以上才出第一个 token）"
            if r.fields.get("waits")
            else ""
        )
        + (f"（不计{_zh_listed(r)}更便宜的数据中心级机器：对这个房间来说太吵）" if r.fields.get("loud") else "")
        + (
            f"（不计{_zh_listed(r)}让你自己的卡闲置的配置：便宜 {r.num('idle_less'):,.0f} {r.fields['currency']}，"
            f"每用户 {r.num('idle_tps'):.1f} token/秒（本配置 {r.num('own_tps'):.1f}））"
            if r.fields.get("idle_less") is not None
            else ""
        )
        + (
            f"（不计{_zh_listed(r)}更便宜的配置：其显卡已过厂商软件支持期，当前的训练软件已不再支持）"
            if r.fields.get("eol")
            else ""
        )
        + _zh_unvalidated_aside(r)
        + _zh_past_support(r, say, "最便宜的")
    ),
    "claim.cheapest-slow": lambda r, say: (
        f"所有配置中价格最低（{r.num('price'):,.0f} {r.fields['currency']}），每用户 {r.num('tps'):.1f} token/秒"
        + (f"（计入每个提示词的预填充；解码 {r.num('decode'):.1f} token/秒）" if r.fields.get("decode") else "")
        + f"：比人的阅读速度（约 {r.num('reading'):g} token/秒）慢"
        + _zh_past_support(r, say, "最便宜的")
    ),
    "claim.cheapest-with": "使用 {name} 的配置中价格最低",
    "claim.cheapest-serving": lambda r, _say: (
        ("能满足用户需求的已找到配置中" if r.fields.get("unshown") else "能满足用户需求的已列配置中")
        + f"价格最低（{r.num('price'):,.0f} {r.fields['currency']}）；最便宜的配置"
        f"（{r.num('short_price'):,.0f} {r.fields['currency']}）{_zh_short_serves(r)}"
        + ("，由本配置代替列出" if r.fields.get("unshown") else "")
    ),
    "claim.quietest-serving": lambda r, _say: (
        (
            f"与能满足用户需求的已列配置中最安静者（{r.num('lowest'):.1f} dBA）相差不到 {r.num('margin'):g} dBA，"
            f"噪音估算分辨不出：距 1 米 {r.num('dba'):.1f} dBA，墙插功耗 {r.num('watts'):,.0f} W"
            if r.fields.get("lowest") is not None
            else f"能满足用户需求的已列配置中噪音最低：距 1 米 {r.num('dba'):.1f} dBA，墙插功耗 {r.num('watts'):,.0f} W"
        )
        + (
            f"；在与最安静者相差 {r.num('margin'):g} dBA 以内的配置中性价比最高（噪音估算分不出高下）"
            if r.fields.get("as_quiet")
            else ""
        )
        + f"；最安静的配置（{r.num('short_dba'):.1f} dBA）{_zh_short_serves(r)}"
    ),
    "claim.cheapest-vram": lambda r, say: (
        f"显卡装下整个模型（不占系统内存）的配置中价格最低（{r.num('price'):,.0f} {r.fields['currency']}）："
        + (
            f"训练 {r.num('tps'):,.0f} token/秒，最便宜的配置为 {r.num('cheapest_tps'):,.0f}"
            if r.fields.get("training")
            else f"每用户 {r.num('tps'):.1f} token/秒，最便宜的配置为 {r.num('cheapest_tps'):.1f}"
        )
        + _zh_past_support(r, say, "显卡装下整个模型的配置中最便宜的")
    ),
    "claim.faster-for-little": lambda r, _say: (
        f"比最便宜的配置（{r.num('cheapest_price'):,.0f}）贵 {r.num('dearer'):,.0f} "
        f"{r.fields['currency']}（{r.num('dearer_pct'):.1f}%），"
        f"速度高 {r.num('faster_pct'):.0f}%："
        + (
            f"训练 {r.num('tps'):,.0f} token/秒，最便宜的配置为 {r.num('cheapest_tps'):,.0f}"
            if r.fields.get("training")
            else f"每用户 {r.num('tps'):.1f} token/秒，最便宜的配置为 {r.num('cheapest_tps'):.1f}"
        )
    ),
    "claim.cheapest-vram-supported": lambda r, _say: (
        f"显卡装下整个模型、且软件仍受厂商支持的配置中价格最低（{r.num('price'):,.0f} {r.fields['currency']}）："
        f"每用户 {r.num('tps'):.1f} token/秒，比已过支持期的 {r.fields['eol_gpu']}（{r.num('eol_tps'):.1f}）"
        f"贵 {r.num('dearer'):,.0f} {r.fields['currency']}，每单位花费的速度不低于它"
    ),
    "claim.fastest-within-budget": lambda r, say_: (
        f"预算内{'、软件仍受支持的' if r.fields.get('supported') else ''}{_ZH_OF_MEASURED if r.fields.get('measured') else ''}"
        f"{_zh_released(r)}配置中速度最高：{joined(r.nested('speed'), say_)}{_zh_dearer(r)}"
    ),
    "claim.fastest": lambda r, say_: (
        f"找到的{'、软件仍受支持的' if r.fields.get('supported') else ''}{_ZH_OF_MEASURED if r.fields.get('measured') else ''}"
        f"{_zh_released(r)}配置中速度最高：{joined(r.nested('speed'), say_)}{_zh_dearer(r)}"
    ),
    "claim.value": lambda r, _say: (
        f"{'速度有实测依据的配置中（另有配置更高，但其速度无来源）' if r.fields.get('measured') else ''}"
        f"{'软件仍受支持的配置中（一张厂商已停止支持的显卡更高）' if r.fields.get('supported') else ''}"
        f"{_zh_value_released(r)}每 1,000 {r.fields['currency']} 的速度最高：{r.num('value'):,.2f} "
        f"{'训练 token/秒' if r.fields.get('training') else 'token/秒（每用户）'}"
        + (
            f"（权重为 {r.fields['quantized']}，低于原版 {r.fields['released']}）"
            if r.fields.get("quantized") is not None
            else ""
        )
    ),
    "claim.quietest": lambda r, say: (
        (
            f"与最安静的配置（{r.num('lowest'):.1f} dBA）相差不到 {r.num('margin'):g} dBA，噪音估算分辨不出："
            f"距 1 米 {r.num('dba'):.1f} dBA，墙插功耗 {r.num('watts'):,.0f} W"
            if r.fields.get("lowest") is not None
            else f"噪音最低：距 1 米 {r.num('dba'):.1f} dBA，墙插功耗 {r.num('watts'):,.0f} W"
        )
        + (
            f"；在与最安静者相差 {r.num('margin'):g} dBA 以内的配置中性价比最高（噪音估算分不出高下）"
            if r.fields.get("as_quiet")
            else ""
        )
        + (
            f"（另一配置便宜 {r.num('cheaper'):,.0f} {r.fields['currency']}，只响 {r.num('more'):.1f} dBA，噪音估算分辨不出）"
            if r.fields.get("cheaper") is not None
            else ""
        )
        + _zh_past_support(r, say, "最安静的")
    ),
    "claim.grow": lambda r, _say: (
        f"可再加一张你自己的 {r.fields['gpu']}（你有 {r.num('spare'):.0f} 张闲置）：不用买卡；插槽、通道、电源和电路都有余量"
        if r.fields.get("own")
        else f"只需再买一张 {r.fields['gpu']} 即可扩展：插槽、通道、电源和电路都有余量"
    ),
    "claim.misses": lambda r, _say: (
        (
            f"每用户比要求的 {r.num('asked'):g} token/秒 慢 {r.num('by'):.1f}（{r.num('have'):.1f}）"
            if r.fields.get("target") == "speed"
            else f"比 {r.num('asked'):,g} 小时期限多用 {r.num('by'):,.1f} 小时（共 {r.num('have'):,.1f} 小时）"
        )
        + f"，比满足要求的最便宜配置 #{r.num('rank'):.0f} 便宜 {r.num('saved'):,.0f} {r.fields['currency']}"
        f"（{100 * r.num('share'):.0f}%）：未达要求的配置只在能省下三分之一以上时才列出"
    ),
    "claim.none": "列出的配置中没有一个在价格和速度上都胜过它",
    "shown.beaten": lambda r, say_: (
        "、".join(f"#{k}" for k in r.fields["ranks"])  # type: ignore[union-attr]
        + (" 价格更低且速度更快" if r.fields.get("faster") else " 价格更低，速度相当（相差 3% 以内）")
        + f"；它的长处：{joined(r.nested('offers'), say_, '；')}"
    ),
    "shown.instead": lambda r, say_: (
        f"列出它而不是 {r.num('count'):.0f} 张 {part_names(str(r.fields['name']))}（{r.num('price'):,.0f} {r.fields['currency']}，"
        f"{joined(r.nested('speed'), say_, '；')}）：价格相差不到 1%，速度相当，"
        + ("显卡更少" if r.fields.get("fewer") else "显卡未经改装")
    ),
    # why a build without a claim or a kind is shown (solve.shown)
    "shown.offers": lambda r, say_: f"列出它是因为它比排在前面的配置多出：{joined(r.nested('offers'), say_, '；')}",
    "offer.cheaper": lambda r, _say: f"价格更低：{r.num('price'):,.0f} {r.fields['currency']}" + _zh_over(r),
    "offer.faster": lambda r, _say: (
        (
            f"速度更高：{r.num('tps'):,.0f} 训练 token/秒"
            if r.fields.get("training")
            else f"速度更高：{r.num('tps'):,.1f} token/秒（每用户）"
        )
        + _zh_over(r)
    ),
    "offer.release": lambda r, _say: f"权重保持发布时的精度：{r.fields['precision']}" + _zh_over(r),
    "offer.quieter": lambda r, _say: f"噪音更低：距 1 米 {r.num('dba'):.1f} dBA" + _zh_over(r),
    "offer.card": lambda r, _say: f"另一种显卡：{r.fields['name']}" + _zh_over(r),
    "offer.cards": lambda r, _say: f"更多显卡：{r.num('count'):.0f} 张" + _zh_over(r),
    "offer.fewer-cards": lambda r, _say: f"显卡更少：{r.num('count'):.0f} 张，搭建、供电和运行更简单" + _zh_over(r),
    "offer.ram": lambda r, _say: f"更多内存：{r.num('gb'):,.0f} GB" + _zh_over(r),
    "offer.case": lambda r, _say: (
        f"{_ZH_CASE_FORMS.get(str(r.fields['form']), '另一种机箱')}（{r.fields['name']}）" + _zh_over(r)
    ),
    "offer.platform": lambda r, _say: f"另一种平台：{r.fields['socket']}，配 {r.fields['memory']}" + _zh_over(r),
    "offer.grow": lambda r, _say: (
        (
            f"可再加一张你自己的卡（你有 {r.num('spare'):.0f} 张闲置），不用买卡"
            if r.fields.get("own")
            else "只需再买一张卡即可扩展"
        )
        + _zh_over(r)
    ),
    "offer.passes": lambda r, _say: "通过所有检查" + _zh_over(r),
    "offer.prompt": lambda r, _say: "首个 token 不用等一分钟以上" + _zh_over(r),
    "offer.supported": lambda r, _say: "显卡仍受厂商软件支持" + _zh_over(r),
    "offer.room": lambda r, _say: "这个房间放得下" + _zh_over(r),
    "rank.slower": lambda r, _say: (
        f"所需时间是{'完整方案的 ' if r.fields.get('unshown') else ' '}#{r.num('rank'):.0f} 的 {r.num('ratio'):.1f} 倍："
        f"#{r.num('rank'):.0f} 用 "
        f"{r.num('hours'):,.0f} 小时完成同样的训练，价格 {r.num('price'):,.0f} {r.fields['currency']}"
    ),
    # the kind of build a label names in brackets (its source), and a card's caveat
    "kind.said": lambda r, _say: _sentence(str(r.fields["text"])),
    "kind.cpu-only": "仅 CPU",
    "kind.cpu-channels": "仅 CPU，{channels} 通道内存",
    "kind.mini-pc": "迷你主机：{name}",
    "kind.base-gpu": "二手工作站加显卡：{base}",
    "kind.experts-tier": lambda r, _say: f"专家放在内存，{_zh_tier(str(r.fields['tier']))}",
    "kind.unified": "整机：{name}",
    "kind.ready-made": "整机：{name}",
    "kind.server": "现成服务器",
    "kind.server-gpus": "现成的 {gpus} 卡服务器",
    "kind.cluster": "多台 8 卡机器组成的集群",
    "kind.cluster-fastest": "预算内最快",
    "kind.deadline": "在 {hours:,.0f} 小时的截止时间内完成",
    "kind.months": lambda r, _say: (
        f"{r.fields['months']} 个月内完成"
        + (f"（80% 区间：最多 {r.num('top_months'):.1f} 个月）" if "top_months" in r.fields else "")
    ),
    "kind.in-ram": lambda r, _say: "MoE 专家放在内存" if r.fields.get("moe") else "部分层放在内存",
    "kind.cheapest-in-ram": lambda r, _say: (
        "MoE 专家放在内存的最便宜配置" if r.fields.get("moe") else "部分层放在内存的最便宜配置"
    ),
    "kind.without-own": "不用你自己的卡",
    "kind.fill-slow": lambda r, _say: (
        f"{fill_tokens(int(r.num('tokens')))} token 的{'提示' if r.fields.get('basis') == 'prompt' else '上下文'}"
        f"{'至少' if r.fields.get('floor') else ''}要 {r.num('minutes'):.0f} 分钟才能填满"
    ),
    "kind.own-more": "你自己的卡再加同款",
    "kind.own-all": "用上你自己的全部 {gpus} 张卡，不另买卡",
    "kind.own-and": lambda r, _say: (
        "你自己的卡加一张其他卡" if r.num("bought") == 1 else f"你自己的卡加 {r.fields['bought']} 张其他卡"
    ),
    "kind.mixed": "混用不同显卡",
    "kind.power-limited": "GPU 功耗限制为 {limit:.0%}",
    "kind.usual-gguf": "{precision}，llama.cpp 常用的 GGUF：未指定权重精度",
    "kind.release-in-ram": lambda r, _say: (
        f"{r.fields['precision']}，{r.fields['released']} 发布版的 GGUF，评分与原版相当：未指定权重精度"
        if r.fields.get("released")
        else f"{r.fields['precision']}，评分与原版相当，从内存读取的字节约减半：未指定权重精度"
    ),
    "kind.release-on-cards": "{precision}，评分与原版相当，显卡上的权重字节约减半：未指定权重精度",
    "kind.usual-kv": "{precision} KV 缓存：未指定 KV 缓存精度",
    "kind.usual-served": "{precision}，vLLM 加载时量化，供多个用户使用：未指定权重精度",
    "kind.usual-served-4bit": "{precision}，vLLM 为多个用户提供的 4 位量化权重：未指定权重精度",
    "kind.fewest-cards": lambda r, _say: (
        f"以阅读速度服务所有用户所需的最少显卡：{r.num('count'):.0f} 张，搭建、供电和运行更简单"
    ),
    "kind.cheaper-on-more-cards": lambda r, _say: (
        f"{r.num('count'):.0f} 张显卡即可以阅读速度服务所有用户，比最少显卡的方案（{r.num('fewest'):.0f} x {r.fields['gpu']}）"
        f"便宜 {r.num('saves'):,.0f} {r.fields['currency']}"
    ),
    "kind.usual-finetune": lambda r, _say: (
        ("单卡 " if r.num("gpus") <= 1 else f"{r.num('gpus'):.0f} 卡数据并行 ")
        + f"{r.fields['framework']} 训练：未指定微调框架"
    ),
    "kind.serving-engine": lambda r, _say: (
        f"用 {ENGINE_NAMES.get(str(r.fields['engine']), r.fields['engine'])} 服务：{r.fields['users']} 个用户，未指定推理引擎"
    ),
    "kind.released-served": "{precision}（发布时的精度），由 vLLM 供多个用户使用：未指定权重精度",
    "kind.released-as": lambda r, _say: (
        f"{r.fields['precision']}（发布时的精度"
        + ("：仅路由专家" if r.fields.get("experts") else "")
        + "）：未指定权重精度"
    ),
    "kind.eol-cuda": lambda r, _say: (
        f"已过 CUDA 支持期：CUDA 13 不再支持 {r.fields['arch']}"
        + (f"，可用 CUDA {r.fields['cuda']} 构建运行" if r.fields.get("cuda") else "")
    ),
    "kind.unvalidated-run": "不算最便宜：其训练软件栈在该显卡上未经验证，{rule} 给出警告",
    "kind.prompt-aside": lambda r, _say: (
        (
            f"不算最便宜：{r.num('users'):.0f} 位用户中的最后一位要等 {r.num('wait_s'):.0f} 秒才出第一个 token"
            if r.fields.get("users") is not None
            else f"不算最便宜：第一个 token 要等 {r.num('wait_s'):.0f} 秒"
        )
        + f"，{r.fields['rule']} 给出警告"
    ),
    "kind.beyond-runs": lambda r, _say: (
        f"不算最便宜：其显卡只有 {r.num('card_gb'):.0f} GB，而基座放在系统内存的 QLoRA 的公开运行所用显卡都在 "
        f"{r.num('runs_gb'):.0f} GB 或以上"
        + (f"，其中实测最小峰值为每 GPU {r.num('peak_gib'):.2f} GiB" if r.fields.get("peak_gib") is not None else "")
        + f"，{r.fields['rule']} 给出警告"
    ),
    "kind.eol-rocm": lambda r, _say: (
        "已过 ROCm 支持期：gfx906 维护于 2024 年结束"
        + (f"，可在 ROCm {r.fields['rocm']} 或 Vulkan 上运行" if r.fields.get("rocm") else "")
    ),
    "eol.runs-cuda": (
        "用 CUDA {cuda} 为 sm_{sm} 编译的 llama.cpp（CUDA 13 于 2025-08 起不再编译 Turing 之前的架构，llama.cpp 官方预编译包"
        "也不含 {arch}，2026-07），配 NVIDIA {driver} 驱动（支持 {arch} 的最后一个分支）；PyTorch 只能用其 CUDA {torch_cuda} "
        "安装包（2.8 发布说明，2025-08）"
    ),
    "eol.runs-rocm": (
        "Vulkan 上的 llama.cpp，或 ROCm {rocm} 上的 HIP 后端（ROCm {dropped} 的 rocBLAS 不再带 {arch} 内核，{dropped_on}）；"
        "PyTorch 只能用其 ROCm {rocm} 安装包（Unsloth 安装脚本，2026-07）"
    ),
    # a support fact's note where the configurator words it (support_facts.Fact.said)
    "sup.vllm-runs": lambda r, _say: f"vLLM 可在 {_zh_hardware(r)} 上运行 {r.fields['quant']}",
    "sup.vllm-unsupported": lambda r, _say: f"vLLM 的硬件支持表标明 {_zh_hardware(r)} 不支持 {r.fields['quant']}",
    "sup.vllm-ipex-gone": (
        "vLLM 只能通过 IPEX 在 Intel GPU 上运行 {quant}，而 IPEX 在 2.6.10 之后不再支持 Alchemist，且已归档（停止维护）："
        "Arc A 系列显卡请改用 llama.cpp（SYCL 或 Vulkan）运行 GGUF"
    ),
    "sup.dtypes-torchtune": "torchtune 只用 bf16 或 fp32 训练（其训练脚本拒绝 fp16：'full fp16 training is not supported'）",
    "sup.dtypes-unsloth": "Unsloth 用 bf16 训练，GPU 没有 bf16 时用 fp16",
    "sup.minimum-unsloth": "Unsloth 要求 CUDA 计算能力至少 {capability:.1f}；Pascal 卡（GTX 1070/1080）能用，但很慢",
    "sup.framework-minimum": "{framework} 要求的最低 CUDA 计算能力高于这张卡",
    "sup.framework-supports": "{framework} 支持这张 GPU",
    # one architecture's own facts
    "sup.vllm-not-on": "vLLM 不能在 {target} 上运行",
    "sup.matrix-bf16": "{arch} 矩阵核心可运行 bf16",
    "sup.bf16-xe": "{arch} XMX 引擎可运行 fp16 和 bf16；PyTorch XPU 在 Arc 上支持 bf16",
    "sup.vllm-pascal": "vLLM 需要计算能力 7.5 或更高（0.14 及更早的版本为 7.0）；Pascal 为 6.x",
    "sup.inductor-below-7": "PyTorch 的 Inductor 拒绝计算能力低于 7.0 的 GPU",
    "sup.vllm-volta": "当前的 vLLM 需要计算能力 7.5；V100（7.0）只能运行约 0.14 及更早的版本",
    "sup.driver-turing": "CUDA 13 不再支持 Volta，但仍支持 Turing（SM75）",
    "sup.no-bf16-vega20": "Vega 20 没有 bf16 矩阵硬件（其后继 CDNA 1 才加入 MFMA）",
    "sup.pytorch-gfx906": "ROCm 已于 2024 年第二季度结束对 gfx906 的维护：只能用旧版 ROCm/PyTorch 或社区构建运行",
    "sup.llama-gfx906": (
        "llama.cpp 可在 Vulkan 上运行；其预编译 ROCm 包（Linux 的 ROCm 7.2.1 版、Windows 的 Radeon 版）都不含 gfx906，"
        "其 HIP 后端需要仍带有 gfx906 库的 ROCm：用最后一版 ROCm {rocm} 从源码编译（{dropped} 的 rocBLAS 已无 gfx906 内核，"
        "2025-04；CMake 选项 -DGGML_HIP=ON -DGPU_TARGETS=gfx906），或用社区构建"
    ),
    "sup.bnb-gfx906": "没有面向 gfx906 的 bitsandbytes 构建（ROCm 已结束对它的维护）",
    "sup.compile-gfx906": "Triton 需要 ROCm 6.2 及以上，而它已不再维护 gfx906",
    "sup.driver-gfx906": "AMD 已于 2024 年第二季度结束对 gfx906（MI50、Radeon VII）的维护",
    "sup.pytorch-cdna1": "较老的 CDNA 1：PyTorch ROCm 可以运行，但 AMD 较新的框架面向 gfx90a 及更新的 GPU",
    "sup.bnb-cdna1": "bitsandbytes 的 ROCm 安装包面向 MI200 及更新的 GPU；MI100 需要从源码构建",
    "sup.driver-cdna1": "较老的一代 Instinct：请确认你的 ROCm 版本仍列出 gfx908",
    "sup.bf16-cdna2": "CDNA 2 矩阵核心以 fp16 的速率运行 bf16",
    "sup.fp8-cdna3": "有 FP8 矩阵核心；vLLM 在 ROCm 上的 FP8 路径面向 MI300 级 GPU",
    "sup.fp8-cdna4": "有 FP8 矩阵核心（MI300 级及更新）；vLLM 在 ROCm 上的 FP8 路径",
    "sup.bf16-rdna3": "RDNA 3 WMMA 可运行 fp16 和 bf16，以 fp32 累加",
    "sup.fa2-rdna3": "FlashAttention-2 可在 RDNA 3 上运行（composable_kernel 和 Triton 后端），但在 RX 7900 XTX 上实测前向吞吐为 43-48 TFLOPS，RTX 4090 为 150-173",
    "sup.bf16-rdna4": "RDNA 4 WMMA 可运行 fp16 和 bf16",
    "sup.fp8-rdna4": "RDNA 4 WMMA 有 FP8 指令，但 vLLM 在 ROCm 上的 FP8 W8A8 路径只为 MI300 级 GPU 提供文档",
    "sup.fp8-volta": "Volta 没有 FP8，FP8 Marlin 需要 Turing 或更新架构",
    "sup.vllm-mxfp4-sm80": "vLLM 只在计算能力 8.0（Ampere）及以上运行 MXFP4 权重（gpt-oss）：其 Turing 版 Marlin 内核不含 MXFP4，因为它需要 bf16 激活",
    # the support table's shared facts
    "sup.fp8-marlin": "没有 FP8 张量核心：vLLM 以 FP8 存储权重，并通过 FP8 Marlin 按仅权重的 W8A16 方式运行（权重显存减半，用 fp16 计算，没有 FP8 加速）",
    "sup.fp8-kv-software": "FP8 KV 缓存以 8 位存储以节省显存，但注意力计算时转回 16 位（没有 FP8 硬件）",
    "sup.fp8-kv-native": "FP8 KV 缓存，有 FP8 硬件",
    "sup.fp8-kv-undocumented": "vLLM 没有为这一 GPU 系列提供 FP8 KV 缓存的文档路径；KV 缓存预计要保持 16 位",
    "sup.no-bf16-nvidia": "没有 bf16 张量核心（bf16 从 Ampere 开始支持）",
    "sup.fp16-overflow": "{model} 模型会超出 fp16 的数值范围（约 65,504）：以 fp16 训练时梯度范数变成 NaN（Unsloth 的 FORCE_FLOAT32 列表）",
    "sup.bf16-nvidia": "有 bf16 张量核心（Ampere 及更新架构）",
    "sup.fa2-nvidia": "FlashAttention-2 可在 Ampere、Ada 和 Hopper 上运行（fp16 和 bf16）",
    "sup.fa2-none-nvidia": "FlashAttention-2 需要 Ampere 或更新架构：注意力退回 PyTorch SDPA 内核（更慢，长上下文时更占显存）",
    "sup.llama-cuda": "llama.cpp 在 CUDA 后端上运行（Vulkan 也可以）",
    "sup.llama-source-build": (
        "llama.cpp 官方预编译的 CUDA 包不含 {arch} 的机器码（只有 Windows 版：CUDA 12.4 版仅带计算能力 6.1 的 PTX，首次启动时由驱动"
        "编译；CUDA 13.3 版没有；没有 Linux 的 CUDA 版）：用 CUDA {cuda} 工具包从源码编译（CMake 选项 -DGGML_CUDA=ON "
        "-DCMAKE_CUDA_ARCHITECTURES=61，Tesla P100 用 60），或用其 Vulkan 版"
    ),
    "sup.llama-source-build-sm": (
        "llama.cpp 官方预编译的 CUDA 包不含 {arch} 的机器码（只有 Windows 版：CUDA 12.4 版仅带 compute_{sm} 的 PTX，首次启动时由"
        "驱动编译；CUDA 13.3 版没有；没有 Linux 的 CUDA 版）：用 CUDA {cuda} 工具包从源码编译（CMake 选项 -DGGML_CUDA=ON "
        "-DCMAKE_CUDA_ARCHITECTURES={sm}），或用其 Vulkan 版"
    ),
    "sup.llama-hip": "llama.cpp 在 HIP（ROCm）后端或 Vulkan 上运行",
    "sup.llama-sycl": "llama.cpp 在 SYCL 后端（Intel GPU）或 Vulkan 上运行",
    "sup.bnb-cuda": "bitsandbytes NF4/8 位支持 CUDA 计算能力 6.0 及以上（QLoRA 可用）",
    "sup.bnb-rocm-instinct": "bitsandbytes 官方支持 AMD ROCm（QLoRA 可用）",
    "sup.bnb-rocm-radeon": "bitsandbytes 官方支持 AMD ROCm，但 Radeon（RDNA）版本较新，测试不如 CUDA 充分：QLoRA 应该能跑，但可能有些小问题",
    "sup.bnb-xpu": "bitsandbytes 官方支持 Intel XPU（QLoRA 可用）",
    "sup.ds-nvidia": "DeepSpeed 在 NVIDIA GPU 上开发和测试",
    "sup.ds-amd-tested": "DeepSpeed 在 AMD Instinct（MI100、MI200）上测试过",
    "sup.ds-amd-other": "DeepSpeed 通过其 CUDA/HIP 加速器在 ROCm 上运行，但上游只测试 MI100 和 MI200",
    "sup.ds-arc": "DeepSpeed 的 XPU 加速器在 Intel Data Center GPU Max 上验证过，没有在 Arc 上验证",
    "sup.fsdp-nvidia": "PyTorch FSDP 通过 NCCL 分片；Answer.AI 的 FSDP + QLoRA 就是在 NVIDIA 显卡上开发和实测的",
    "sup.fsdp-rocm": "PyTorch FSDP 通过 RCCL（torch.distributed 的 nccl 后端）在 ROCm 上运行，无需改代码",
    "sup.fsdp-xpu": "自 PyTorch 2.8 起 PyTorch FSDP 通过 XCCL 在 Intel GPU 上运行（发布时为实验性）；已有在 Arc Pro B60 上跑 FSDP 训练的记录，但尚无公开的 Arc 上 FSDP + QLoRA 实测",
    "sup.compile-ok": "支持 torch.compile（Inductor/Triton）",
    "sup.compile-old-nvidia": "Triton 官方支持计算能力 8.0 及以上；PyTorch 仍能为 7.x 编译，但没有 Triton 的官方支持",
    "sup.driver-current-nvidia": "当前的 CUDA 13 驱动和工具包支持这一架构",
    "sup.driver-rocm": "在 AMD 当前的 ROCm 支持列表中",
    "sup.pytorch-cuda": "当前的 PyTorch CUDA 安装包包含这一架构",
    "sup.pytorch-rocm": "PyTorch ROCm 安装包支持这张 GPU",
    "sup.vllm-cuda": "vLLM 支持计算能力 7.5 及以上的 NVIDIA GPU",
    "sup.fp8-native-nvidia": "有 FP8 张量核心（计算能力 8.9 及以上）",
    "sup.fp8-none-nvidia": "没有 FP8 张量核心（从 Ada、计算能力 8.9 开始才有）",
    "sup.eol-driver": "NVIDIA 580 驱动分支是支持 Maxwell、Pascal 和 Volta 的最后一个分支，CUDA 13 不再支持它们，PyTorch 的 CUDA 12.8 及更新的安装包也不再包含它们：这张卡只能跑旧版软件",
    "sup.eol-pytorch": "PyTorch 的 CUDA 12.8/12.9 安装包不再支持 Maxwell、Pascal 和 Volta；CUDA 12.6 的安装包仍能运行它们",
    "sup.fp8-none-amd": "没有 FP8 矩阵硬件；vLLM 在 ROCm 上的 FP8 路径（torch._scaled_mm）需要 MI300 级（CDNA 3）GPU，仅权重的 FP8 Marlin 内核只支持 CUDA",
    "sup.vllm-fp8-rocm-none": "vLLM 在 ROCm 上的 FP8 W8A8 只在 MI300 级（CDNA 3）GPU 上运行，Marlin（仅权重 FP8）只支持 CUDA",
    "sup.vllm-fp8-xe2": (
        "虽然 vLLM 的硬件表未列出，FP8 权重仍可在 Battlemage 上运行：Intel 的 llm-scaler-vllm 支持（在线动态 FP8、"
        "块量化 FP8 模型），上游 vLLM 的 XPU 路径经 oneDNN 以 W8A16 运行，矩阵乘法按 16 位速率"
    ),
    "sup.intel-fp8": "vLLM 的硬件支持表没有列出 Intel GPU 的 FP8 支持",
    "sup.fa2-rocm-ck": "ROCm 上的 FlashAttention-2：composable_kernel 后端支持 MI200x、MI250x、MI300x、MI355x 和 RDNA 3/4",
    "sup.fa2-none-old-amd": "FlashAttention-2 的 ROCm 后端面向 MI200（gfx90a）及更新的 GPU 和 RDNA 3/4；注意力退回 SDPA",
    "sup.fa2-none-intel": "FlashAttention-2 只为 CUDA 和 ROCm 构建；Intel GPU 使用 PyTorch SDPA 内核",
    "sup.vllm-rocm": "vLLM 在 ROCm 上支持这张 GPU",
    "sup.vllm-rocm-none": "vLLM 的 ROCm 版本只支持 MI200（gfx90a）、MI300（gfx942）、MI350（gfx950）、RX 7900（gfx1100/1101）和 RX 9000（gfx1200/1201）",
    "sup.vllm-gdn-xe2": (
        "vLLM 在 Battlemage 上运行 Gated DeltaNet 混合模型（Qwen3-Next、Qwen3.5、Qwen3.6）：Intel llm-scaler-vllm "
        "0.14.0-b8.1（2026-03）起支持，Qwen3.5/3.6-27B 的精度问题在 0.14.0-b8.3.2（2026-06）修复，MTP 需 0.21.0-b2 "
        "或上游 vLLM v0.29（vllm-xpu-kernels 0.1.14）；以 eager 模式运行（--enforce-eager），XPU graph 保持关闭"
    ),
    "sup.vllm-gdn-xe-hpg": (
        "vLLM 的 Gated DeltaNet 内核（vllm-xpu-kernels）只为 Xe2 编译，Arc A 系列（Alchemist）不在其列，llm-scaler "
        "只面向 Arc Pro B60/B70：请用 llama.cpp（SYCL 或 Vulkan）运行 GGUF"
    ),
    "sup.vllm-xpu": "vLLM 可在 Intel 数据中心 GPU 和 Arc GPU 上运行基本的推理和服务（XPU 后端），支持的量化格式较少",
    "sup.compile-rocm": "torch.compile（Triton）在 ROCm 6.2 及以上支持 AMD GPU",
    "sup.compile-xpu": "torch.compile 通过 PyTorch 的 XPU 后端支持 Intel GPU",
    "sup.pytorch-xpu": "PyTorch 的 XPU 版本支持 Intel Arc GPU",
    "sup.driver-xpu": "Intel 当前的 PyTorch XPU GPU 驱动支持它",
    "sup.framework-bf16": lambda r, say_: (
        f"{say_(Reason.of('sup.dtypes-' + str(r.fields['framework'])))}，而这张 GPU {_sentence(str(r.fields['bf16']))}："
        "bf16 只能模拟运行（在没有 bf16 硬件的 GPU 上，PyTorch 的 is_bf16_supported() 靠模拟返回真，所以 `tune run` "
        "能启动），改用 dtype=fp32 则权重、梯度和激活都是这里估算的 bf16 训练的两倍"
    ),
    # why each part was chosen, clause by clause
    "part.gpus": "{n} 张 {vram:g} GB 显存的卡装得下（每张卡需 {gib:.1f} GiB，单卡 {vram:g} GB）",
    "part.cooler": lambda r, _say: ZH_COOLERS.get(str(r.fields["cooler"]), str(r.fields["cooler"])),
    "part.cpu": "{cores} 核，{lanes} 条 PCIe 通道，{channels} 通道 {memory}",
    "part.socket": "{socket}",
    "part.gpu-slots": lambda r, _say: (
        f"GPU 位于{'托架' if r.fields.get('bays') else '插槽'} {slot_list(r.fields['positions'], '、')}，{r.fields['lanes']}"
    ),
    "part.memory": "{gb} GB {memory} {module}（显存共 {vram:g} GB）",
    "part.psu-load": "负载 {load:.0f} W，为 {of:.0f} W 的 {share:.0%}",
    "part.atx": "ATX {version} 规范",
    "part.chassis": lambda r, _say: (
        f"{ZH_CHASSIS.get(str(r.fields['kind']), str(r.fields['kind']))}，{r.fields['slots']} 个扩展槽位，"
        f"显卡限长 {r.num('clearance'):.0f} mm"
        + (f"，含 {r.num('psu'):.0f} W 服务器电源" if r.fields.get("psu") else "")
    ),
    "part.cpu-cooler": "可压 {rated:.0f} W，CPU {tdp:.0f} W",
    "part.storage": "{tb:.1f} TB，存放约 {need:.1f} TB 的权重、检查点和数据",
    "part.cpu-cores": "{cores} 核运行 llama.cpp",
    "part.cpu-channels": "{channels} 通道 {memory} 决定速度",
    "part.board-dimms": "{socket}，{slots} 个内存插槽",
    "part.memory-host": "{gb} GB {memory}-{mts}，{modules} 根内存（峰值 {bandwidth:.0f} GB/s），存放模型及其缓存",
    "part.no-gpu-case": lambda r, _say: f"{ZH_CHASSIS.get(str(r.fields['kind']), str(r.fields['kind']))}：无需容纳 GPU",
    "part.model-files": "{tb:.1f} TB 存放模型文件",
    "part.base": "二手整机作底座：{cpu}，{gb} GB 内存，{psu_w:.0f} W 电源，{slots} 个 x16 插槽",
    "part.base-card": "装入 {base} 空余的 x16 插槽",
    "part.unified-box": "{chip}：{gb} GB {memory}，带宽 {bandwidth:g} GB/s，CPU 与集成 GPU 共用",
    "part.unified": "{chip}：{gb} GB 统一内存，带宽 {bandwidth:.0f} GB/s",
    "part.holds": lambda r, _say: (
        ("你自己的卡：" if r.fields.get("own") else "")
        + (
            f"承担 {r.fields['layers']} 层中的 {r.fields['runs']} 层（{r.num('vram'):g} GB，{r.num('bandwidth'):.0f} GB/s）"
            if r.fields.get("layers") is not None
            else f"承担均分的一份（{r.num('vram'):g} GB）"
        )
    ),
    "part.psu-sync": "让第二个电源随第一个一起启动（R23）",
    "part.risers": "Gen4 规格的延长线在开放式机架中连接每张卡",
    "part.per-gpu-kit": "每张卡一套：该机箱要求其中每块 GPU 都配一套",
    "part.nvlink": "插槽 {a} 和 {b} 之间的 NVLink",
    "part.server": "{gpus} 张 {gpu}，经 {via} 互联",
    "part.compute-port": "每张 GPU 一个 {gbps:.0f} Gb/s 计算网口（{interconnect}）",
    "part.nic-optics": "网卡侧光模块，每个端口一个",
    "part.port-fibre": "从每个端口到其叶交换机的光纤",
    "part.switches": lambda r, _say: (
        f"{_zh_tiers(r)}：{r.fields['ports']} 个端口的无阻塞胖树"
        if r.fields["spines"]
        else f"一台交换机容纳全部 {r.fields['ports']} 个端口"
    ),
    "part.switch-optics": "交换机侧光模块：每两条 GPU 链路一个双口模块，每对上行链路端点一个",
    "part.uplinks": lambda r, _say: (
        "叶到脊" + ("、脊到核心" if r.fields["core"] else "") + ("的线缆" if r.fields["cable"] else "的光纤")
    ),
    "part.hdr-switches": lambda r, _say: (
        f"{_zh_tiers(r, ' HDR ')}，共 {r.fields['ports']} 个端口"
        if r.fields["spines"]
        else f"一台 HDR 交换机容纳全部 {r.fields['ports']} 个端口"
    ),
    "part.hdr-cable": "从每个 HDR 端口到其叶交换机的有源光缆",
    # a part's price note and the parts that pay none
    "price.quote": lambda r, _say: "，".join(
        [f"{_ZH_CONDITIONS.get(str(r.fields['condition']), r.fields['condition'])}，{r.fields['date']}"]
        + (
            [f"由 {r.num('amount'):,.0f} {r.fields['currency']}{_zh_taxed(r)}{_zh_rate_at(r)}换算"]
            if r.fields.get("amount")
            else []
        )
        + (
            [f"由 {r.fields['rate_from']}{_zh_rate_at(r)}换算"]
            if r.fields.get("rate_from") and not r.fields.get("amount") and _zh_rate_at(r).strip()
            else []
        )
        + (
            [
                ("按" if r.fields.get("amount") else f"由 {r.fields['rate_from']} 按")
                + f" {r.fields.get('rate_date') or '无日期'} 的汇率"
                + ("（已超过六个月）" if r.fields.get("amount") else "换算（已超过六个月）")
            ]
            if r.fields.get("rate_from") and r.fields.get("rate_stale")
            else []
        )
        + ([_zh_estimate(str(r.fields["estimate"]))] if r.fields.get("estimate") else [])
        + (["目录中没有六个月内的价格"] if r.fields.get("stale") else [])
        + [_say(raised) for raised in r.nested("raised")]
        + [_say(landed) for landed in r.nested("landed")]
        + [_say(vat) for vat in r.nested("vat")]
    ),
    "price.vat": lambda r, _say: _zh_vat_moved(r),
    "price.basis": lambda r, _say: _zh_tax_basis(r),
    "request.vat": lambda r, _say: _zh_request_vat(r),
    "price.landed": lambda r, _say: (
        f"到岸价（{_ZH_IMPORT_MARKETS.get(str(r.fields.get('market', '')), r.fields.get('market', ''))}）："
        f"进口前报价 {r.num('asking'):,.0f}，加运费 {r.num('shipping'):,.0f}（估算）"
        + (f"，关税 {r.num('duty_pct'):g}%" if r.num("duty_pct") else "，无关税")
        + (f"，进口增值税 {r.num('vat_pct'):g}%" if r.num("vat_pct") else "")
    ),
    "price.raised": lambda r, _say: (
        f"估算：由 {r.num('amount'):,.0f}（{_ZH_CONDITIONS.get(str(r.fields.get('condition', '')), r.fields.get('condition', ''))}，"
        f"{r.fields.get('date', '')}"
        + ("，本身即为估算" if r.fields.get("estimated") else "")
        + "）上调："
        + (
            f"同一部件于 {r.fields.get('evidence_date', '')} 的"
            f"{_ZH_CONDITIONS.get(str(r.fields.get('evidence_condition', '')), r.fields.get('evidence_condition', ''))}价格更高，"
            f"而{_ZH_CONDITIONS.get(str(r.fields.get('condition', '')), r.fields.get('condition', ''))}部件不会比"
            f"{_ZH_CONDITIONS.get(str(r.fields.get('evidence_condition', '')), r.fields.get('evidence_condition', ''))}部件便宜"
            if r.fields.get("basis") == "condition"
            else f"其 {r.fields.get('evidence_date', '')} 的 {r.fields.get('evidence_currency', '')} 价格换算后更高"
            if r.fields.get("basis") == "currency"
            else f"同类内存于 {r.fields.get('evidence_date', '')} 的价格为每 GB {r.num('per_gb'):,.2f} 或更高"
        )
        + (
            f"（按不含增值税比较：扣除 {r.fields['evidence_region']} 价格中的 {r.num('evidence_vat_pct'):g}% 增值税，"
            f"再加回 {r.num('vat_pct'):g}%）"
            if r.fields.get("evidence_region")
            else ""
        )
    ),
    "price.owned": "已拥有",
    "price.included": "机箱附带",
    "price.built-in": "服务器内置",
    "price.old": "价格日期 {date}，已 {months} 个月",
    "price.estimate": "价格为估计值：{reason}",
    "speed.first-token": lambda r, _say: (
        (
            f"用户每次 {r.num('usage_prompt_tokens'):,.0f} token 的提示（"
            + (
                f"受上下文所限，原为 {r.num('usage_prompt_capped_from'):,.0f} token；"
                if r.fields.get("usage_prompt_capped_from") is not None
                else ""
            )
            + f"其中 {r.num('usage_cached_tokens'):,.0f} token 已缓存）后 {r.num('usage_prompt_s'):,.1f} 秒出第一个 token，"
            if r.fields.get("usage_prompt_tokens") is not None
            else f"输入 {r.num('prompt_tokens'):,.0f} token 的提示后 {r.num('prompt_s'):,.1f} 秒出第一个 token，"
        )
        + f"整个 {r.num('window_tokens'):,.0f} token 的窗口则要 {_zh_wait(r.num('window_s'))}"
    ),
    "price.dates": lambda r, _say: (
        f"本配置 {r.fields.get('paid', '')} 个付费部件的价格："
        + (
            f"日期 {r.fields.get('oldest', '')}（已 {r.fields.get('months', '')} 个月）"
            if r.fields.get("oldest") == r.fields.get("newest")
            else f"最早 {r.fields.get('oldest', '')}（已 {r.fields.get('months', '')} 个月），中位 "
            f"{r.fields.get('median', '')}，最新 {r.fields.get('newest', '')}"
        )
    ),
    "price.rate-old": lambda r, _say: (
        f"由 {'、'.join(r.fields['currencies'])} 换算为 {r.fields['to']} 的价格按目录 {r.fields['date']} 的汇率"  # type: ignore[arg-type]
        f"（已 {r.fields['months']} 个月）换算：换算后的价格可能偏离该货币此后的汇率变动"
    ),
    # what a build buys over the first one shown
    "against": lambda r, say_: "；".join(say_(p) for p in r.nested("parts")),
    "against.price": "比 #{rank} {delta:+,.0f} {currency}",
    "against.speed": lambda r, say_: f"{joined(r.nested('speed'), say_)}，而非 {joined(r.nested('base'), say_)}",
    "against.gpus": lambda r, say_: (
        f"{cards_named(r, '', '无显卡', say_)}，而非 {cards_named(r, 'base_', '无显卡', say_)}"
    ),
    # a source's why
    "why.owned-more": "你的 {owned} x {name} 提供 {total:g} GB 中的 {have:g} GB；再买 {more} 张同款：驱动相同，均匀切分",
    "why.without-own": "不用你已有的 {name}，作对比",
    "why.own-all": "你的 {gpus} 张 {name} 装进一台机器：只买平台",
    "why.in-ram": lambda r, _say: (
        f"llama.cpp 把{'MoE 专家' if r.fields.get('moe') else '部分层'}放在系统内存；"
        + (_ZH_CORES_BIND.format(**r.fields) if r.fields.get("cores") else "速度取决于这个平台的内存带宽")
    ),
    "why.server": "整台 GPU 服务器作为一件购买",
    "why.power-limited": "开机时限制显卡功耗（nvidia-smi -pl、rocm-smi），以约 5% 的速度换取电路余量和更小的电源",
    "why.power-limited-training": lambda r, _say: (
        f"开机时把显卡功耗限制在额定值的 {r.num('limit'):.0%}（nvidia-smi -pl、rocm-smi），以适应电路；"
        + f"训练速度保留约 {r.num('speed'):.0%}"
        + (
            "，在实测点之间读取（Puget Systems：四块 RTX 3090 从 350 W 限到 280 W，保留 95% 以上；一块 RTX 3090 的 TF32 "
            "训练在 230 W 保留约 83%，280 W 约 93%；六块 RTX 3090 的预填充在 250 W 保留 85%）"
            if r.fields.get("measured")
            else "，低于最低实测功耗上限的估计（一块 RTX 3090 的 TF32 训练在 350 W 中的 230 W 保留约 83%）"
        )
    ),
    "why.experts-tier": lambda r, _say: (
        f"llama.cpp 把路由专家放在 {r.fields['cpu']} 的内存中（峰值 {r.num('bandwidth'):.0f} GB/s），注意力、共享专家和上下文放在 "
        "GPU 上："
        + (_ZH_CORES_BIND.format(**r.fields) if r.fields.get("cores") else "解码速度取决于这个平台的内存带宽")
    ),
    "why.cpu-only": lambda r, _say: (
        f"不买 GPU：llama.cpp 在 {r.fields['cores']} 核的 {r.fields['cpu']} 上运行整个模型，内存为 "
        f"{r.num('bandwidth'):.0f} GB/s 的 {r.fields['memory']}；"
        + (
            "解码和提示词处理都受核心数限制（内存还能供得上更多）"
            if r.fields.get("bound")
            else "解码速度受内存带宽限制，提示词处理受核心数限制"
        )
    ),
    "why.base-gpu": "整台购入二手 {base}（{cpu}，{gb} GB），CPU、内存、硬盘和电源都已带齐，再在空余的 x16 插槽装一张卡，由电源自带的显卡供电插头供电",
    "why.mini-pc": "一台不另买 GPU 的小主机：llama.cpp 在 {chip} 的集成 GPU 上运行，从 {bandwidth:g} GB/s 的共享内存读取模型",
    "why.quiet-box": "一台安静的机器，GPU 可读 {gb} GB 统一内存",
    "why.quality-cost": "4 位权重：困惑度比 16 位权重高约 {ppl_pct:.1f}%（{model}，{precision}：{source}）",
    "why.quality-4bit": "4 位权重（{precision}）：质量略低于原版；目录中没有此格式的实测差值",
    "why.no-assembly": "带宽 {bandwidth:.0f} GB/s，比独立显卡慢，但无需组装",
    "why.no-box": "一台机器装不下这个模型",
    "why.one-server": "一台服务器装得下这个模型",
    "why.server-runs": "一台服务器即可按要求运行",
    "why.within-days": "在 {days:,.0f} 天内完成所需的最少节点数",
    "why.within-hours": lambda r, _say: (
        f"在 {r.num('hours'):,.0f} 小时内完成所需的最少节点数"
        + ("（一年的兜底期限：未给出截止时间）" if r.fields.get("fallback") else "")
    ),
    "why.most-nodes": "{budget:,.0f} {currency} 能买到的最多节点",
    "why.owned-brings": lambda r, _say: (
        f"你的 {r.fields['owned']} x {r.fields['name']} 提供 {r.num('total'):g} GB 中的 {r.num('gb'):g} GB"
        + (
            f"，运行 {r.fields['layers']} 层中的 {r.fields['runs']} 层"
            if r.fields.get("layers") is not None
            else "（每张卡均分）"
        )
    ),
    "why.mixed": "{cards} 装在一台机器里",
    # buy or rent
    "tco.pays-back": lambda r, say_: (
        _zh_against(r, say_)
        + f"{r.num('months'):g} 个月回本：先付 {r.num('purchase'):,.0f} {r.fields['currency']}"
        + (f"，届时卖出可回收 {r.num('resale'):,.0f} {r.fields['currency']}" if r.fields.get("resale") else "")
        + f"，之后每月比{'按 token 付费' if r.fields.get('per_token') else '租用'}少 {money(r.num('saving'))} "
        + f"{r.fields['currency']}"
    ),
    "tco.never-cheaper": lambda r, say_: (
        _zh_against(r, say_)
        + f"永不回本：自有每月运行成本 {money(r.num('owning'))} {r.fields['currency']}，"
        + ("API 每月 " if r.fields.get("per_token") else "租用每月 ")
        + f"{money(r.num('rental'))} {r.fields['currency']}，购买成本永远赚不回来"
    ),
    "tco.never-within": lambda r, say_: (
        _zh_against(r, say_)
        + f"在比较的 {r.fields['horizon']} 个月内无法回本：按每月 {money(r.num('saving'))} {r.fields['currency']} "
        f"赚回 {r.num('purchase'):,.0f} {r.fields['currency']}"
        + (f"（扣除转卖所得 {r.num('resale'):,.0f}）" if r.fields.get("resale") else "")
        + (f" 需要 {r.fields['months']} 个月" if r.num("months") <= LIFETIME_MONTHS else " 需要 100 年以上")
    ),
    "tco.api": lambda r, _say: (
        f"按 token 付费使用 {r.fields['provider']}（每百万输出 token {r.num('per_million'):,.2f} {r.fields['currency']}"
        + (f"、每百万输入 token {r.num('inp'):,.2f}" if r.fields.get("inp") is not None else "")
        + f"，{r.fields['date']} 的价格；每年 {millions(r.num('tokens_m'))}M 输出"
        + (
            f"、{millions(r.num('input_m'))}M 输入"
            if r.fields.get("inp") is not None and r.fields.get("prompt")
            else ""
        )
        + " token"
        + (f"（每个用户每天 {per_day(r.num('requests'))} 个请求）" if r.fields.get("requests") is not None else "")
        + (_zh_api_speed_said(r) if r.fields.get("basis") in ("asked", "reading") else "")
        + (f"（所需 {millions(r.num('demand_m'))}M 中这台配置能产出的全部）" if r.fields.get("capped") else "")
        + f"，每月 {money(r.num('monthly'))} {r.fields['currency']}"
        + (f"，含 {r.num('vat_pct'):g}% 增值税（个人买家所付））" if r.fields.get("vat_pct") else "）")
    ),
    "tco.api-basis": lambda r, say_: (
        f"API 方案为{say_(r.nested('said')[0])}："
        + _zh_api_tokens(r.nested("said")[0] if r.nested("said") else None)
        + (
            "；忙碌小时（每天小时数 x 每年天数 x 忙碌比例）限定这台配置能产出多少"
            if r.nested("said")
            and (r.nested("said")[0].fields.get("basis") or r.nested("said")[0].fields.get("requests") is not None)
            else "；忙碌小时 = 每天小时数 x 每年天数 x 忙碌比例（可修改）"
        )
        + f"；来源 {r.fields['source']}"
        + (f"（{r.fields['note']}）" if r.fields.get("note") else "")
        + (f"；需求来源：{r.fields['demand_source']}" if r.fields.get("demand_source") else "")
    ),
    "tco.api-other-market": lambda r, _say: (
        f"未比较按 token 付费的 API：{r.fields['providers']} "
        + (
            "只在中国大陆以外以美元出售此模型，国内买家无法用国内账户付费，因此与中国境内的租用比较（与租用规则相同）"
            if r.fields.get("market") == "china"
            else "只向中国大陆买家出售此模型，因此与租用比较"
        )
    ),
    "tco.as-fast": lambda r, _say: (
        "与这台配置同样快的租用（"
        + (f"{r.fields['instances']} 个 " if r.num("instances") > 1 else "")
        + f"{r.fields['name']}，每小时 {r.num('hourly'):,.2f} {r.fields['currency']}）"
    ),
    "tco.offer-short": lambda r, _say: (
        (f"{r.fields['instances']} 个 " if r.num("instances") > 1 else "")
        + f"{r.fields['name']}，每小时 {r.num('hourly'):,.2f} {r.fields['currency']}"
    ),
    "tco.rented": lambda r, _say: (
        "租用："
        + (f"{r.fields['instances']} 个 " if r.num("instances") > 1 else "")
        + f"{r.fields['name']}，每小时 {r.num('hourly'):,.2f} {r.fields['currency']}"
        + f"（{_PRICING_ZH.get(str(r.fields['pricing']), str(r.fields['pricing']))}，{r.fields['date']}"
        + (f"，含 {r.num('vat_pct'):g}% 增值税" if r.fields.get("vat_pct") else "")
        + ("，价格为估计值）" if r.fields.get("estimate") else "）")
    ),
    "tco.rental-enough": lambda r, say_: f"满足需求的租用：{say_(r.nested('said')[0])}",
    "tco.enough": lambda r, say_: (
        "能满足需求的最便宜租用（"
        + ("用户" if r.num("users") <= 1 else f"{r.fields['users']} 个用户每人")
        + f"至少 {r.num('need'):g} token/秒，"
        + ("即阅读速度" if r.fields.get("reading") else "即所要求的速度")
        + f"）：{say_(r.nested('offer')[0])}；每用户 {r.num('tps'):,.1f} token/秒，每月 {money(r.num('monthly'))} "
        + f"{r.fields['currency']}；与之相比，{say_(r.nested('said')[0])}"
    ),
    "tco.no-rental": lambda r, say_: (
        "无法计算回本：没有能做同样工作的租用实例（"
        + (say_(r.nested("why_said")[0]) if r.nested("why_said") else _sentence(str(r.fields["why"])))
        + "）"
    ),
    # round 37: a build too slow for its users' demand (rules.job.Serving) shows no payback
    "tco.short": lambda r, _say: (
        f"按这个需求永远不回本：它只能满足需求的 {100 * r.num('share'):.0f}%，每年生成 {r.num('capacity_m'):,.1f}M 个"
        f"输出 token，用户需要 {r.num('demand_m'):,.1f}M，所以不计算回本（更快的配置、更少的用户或租用才能满足）"
    ),
    "tco.per-token": lambda r, say_: (
        f"未给出 token 数，按吞吐量比较：租用每百万训练 token {r.num('per_m'):,.2f} {r.fields['currency']}"
        f"（{r.fields['offer']}，每小时 {r.num('rate_m'):,.2f}M token，每小时 {r.num('hourly'):,.2f} "
        f"{r.fields['currency']}），{say_(r.nested('bought')[0])}"
        + (
            f"：按每 token 计{'买更划算' if r.fields['cheaper'] == 'own' else '租更划算'}"
            if r.fields["cheaper"]
            else ""
        )
        + "；给出训练 token 数即可算出整个任务的成本"
    ),
    "tco.per-token-no-rental": lambda r, say_: (
        f"未给出 token 数：{say_(r.nested('bought')[0])}；没有可比较的租用实例（{_sentence(str(r.fields['why']))}）"
    ),
    "tco.bought-per-token": lambda r, _say: (
        f"购买每百万训练 token {r.num('per_m'):,.2f} {r.fields['currency']}（每小时 {r.num('rate_m'):,.2f}M token，"
        f"每小时 {r.num('hourly'):,.2f} {r.fields['currency']}：折旧 {r.num('depreciation'):,.2f} + 电费 "
        f"{r.num('energy'):,.2f}" + (f" + 维护 {r.num('upkeep'):,.2f}" if r.num("upkeep") else "") + "）"
    ),
    "tco.bought-rate": "购买：每小时 {rate_m:,.2f}M token（没有开机小时可分摊购买价）",
    # the plan's notes
    "note.solving": "正在求解更多备选配置",
    "note.own-beaten": "使用你自己的 {count} x {name} 的配置未列出：每一个都有一个列出的配置不更贵、不更慢、也不更吵",
    "note.own-cannot": lambda r, say_: (
        f"你自己的 {r.fields['count']} x {r.fields['name']} 无法按要求运行（{joined(r.nested('why'), say_, '；')}"
        + (f"；要用上它们：{say_(r.nested('way')[0])}" if r.nested("way") else "")
        + "）；这些配置不含它们"
    ),
    "note.servers": lambda r, _say: (
        f"用配件组装的机器都做不到；方案使用 {r.fields['nodes']} 台成品服务器"
        + ("，接服务器机房供电" if r.fields.get("server_room") else "")
    ),
    "note.room-feed": lambda r, say_: (
        f"墙上电路按机房常见的机柜供电计：{say_(r.nested('circuit')[0])}"
        + (f"（{r.fields['outlet']} 插座）" if r.fields.get("outlet") else "")
        + f"，持续 {r.num('watts'):,.0f} W（{ZH_ROOM_FEED_SOURCES.get(str(r.fields['source']), r.fields['source'])}）"
        + "；机房的电路不同时请指定电路"
    ),
    "note.rack-scale": (
        "机架级 NVLink 系统（GB200/GB300 NVL72：一个 NVLink 域内 72 张 GPU，这种规模的任务常在其上运行）不在候选之中："
        "NVIDIA 未公布其价格，其 Grace CPU 在目录中也还没有记录；以上服务器之间通过 InfiniBand 通信"
    ),
    "note.left-out": lambda r, say_: f"{r.fields['name']}：{joined(r.nested('why'), say_, '；')}",
    "note.usage-context": lambda r, _say: (
        f"未给出上下文长度：按 {r.num('context'):,.0f} token 规划，"
        + (
            f"即模型的上限（{_zh_usage(r)}用法要 {r.num('asked'):,.0f} token）"
            if r.fields.get("asked") is not None
            else f"即{_zh_usage(r)}用法所需的上下文"
        )
        + f"，用于每次 {r.num('prompt'):,.0f} token 的提示和 {r.num('reply'):,.0f} token 的回复"
        + f"（{r.fields['source']}）"
    ),
    "note.lora-instead": lambda r, _say: (
        f"不建议对 {r.fields['model']} 做 QLoRA（4 位）（{r.fields['source']}）；同一任务改用 bf16 LoRA 需要 "
        f"{r.num('gpus'):.0f} 张 {r.fields['card']}，"
        + ("每张 " if r.num("gpus") > 1 else "")
        + f"{r.num('gib'):,.1f} GiB，价格 "
        f"{r.num('price'):,.0f} {r.fields['currency']}"
        + (f"，用时 {r.num('hours'):,.1f} 小时" if r.num("hours") else "")
        + (
            ("（在" if r.num("price") <= r.num("budget") else "（超出")
            + f" {r.num('budget'):,.0f} {r.fields['currency']} 的预算"
            + ("之内）" if r.num("price") <= r.num("budget") else "）")
            if r.num("budget")
            else ""
        )
    ),
    "note.lora-instead-none": "不建议对 {model} 做 QLoRA（4 位）（{source}）；没有可购买的机器能以 bf16 LoRA 运行同一任务",
    "note.reading-ways": lambda r, say_: (
        f"以上配置都慢于阅读速度（每用户 {r.num('tps'):g} token/秒）；要达到它："
        + "；或".join(say_(w) for w in r.nested("ways"))
    ),
    # what a build could grow by
    "upgrade.one-more": lambda r, say_: (
        f"再加一张 {r.fields['gpu']}："
        + (joined(r.nested("needs"), say_, "；") if r.nested("needs") else "这块主板、机箱和电源都装得下")
        + (f"；收益：{say_(r.nested('gain')[0])}" if r.nested("gain") else "")
    ),
    "launch.release": lambda r, _say: (
        f"{r.fields['server']} {r.fields['release']}"
        + (" 或更高版本" if r.fields.get("later") else "")
        + (f"（{r.fields['series']}）" if r.fields.get("series") else "")
    ),
    # a launch's title (core.launch, LaunchJson.engine_said): product names as their projects write them, the rest
    # in Chinese (DDP is 数据并行, offload 卸载, as the estimates say them)
    "launch.engine": lambda r, _say: ENGINE_NAMES.get(str(r.fields["engine"]), str(r.fields["engine"])),
    "launch.build-mixed": "先用 CUDA {cuda} 工具包为混合的每张卡（计算能力 {sm}）一次编译 llama.cpp（一个 llama-server 驱动所有卡；其预编译包不含 {arch} 的代码）",
    "launch.build-source": "先用 CUDA {cuda} 工具包为 sm_{sm} 编译 llama.cpp（其预编译包不含 {arch} 的代码）",
    "launch.ray-cluster": "先在 {nodes} 个节点上启动 Ray 集群（vLLM 在其上运行一个跨节点的服务）",
    "launch.rocm-aiter": "先开启 AMD 的 AITER 内核（vLLM 仅在设置 {env} 时使用它们；本卡的估算速度即按其计）",
    "launch.metal": "安装 llama.cpp 的 macOS 版本：它默认启用 Metal，在 Mac 的 GPU 上运行",
    "launch.fp16-served": "BF16 权重以 float16 加载运行：{arch} 不支持 bfloat16，vLLM 和 SGLang 在计算能力 8.0 以下拒绝 bfloat16",
    "launch.build-source-hip": "先用 ROCm {rocm} 为 {target} 编译 llama.cpp 的 HIP 后端（其预编译 ROCm 包不含 {target} 的代码）",
    "launch.build-hip": "先用 ROCm {rocm} 为 {target} 编译 llama.cpp 的 HIP 后端：即本估算计时的后端（其 Vulkan 下载包运行另一个后端）",
    "launch.build-sycl": "先用 Intel oneAPI 编译 llama.cpp 的 SYCL 后端：即本估算计时的后端（llama.cpp 的发布包不含 SYCL 版本）",
    "launch.build-vulkan": "先编译 llama.cpp 的 Vulkan 后端：即本估算计时的后端（{arch} 在 Vulkan 上解码比在 ROCm 上快）",
    "launch.accelerate": lambda r, _say: _zh_sharded("accelerate", r),
    "launch.no-pretraining": lambda r, say_: f"{say_(r.nested('launch')[0])}（{r.fields['name']} 不能从头预训练）",
    "launch.torchtune": lambda r, say_: (
        _zh_sharded("torchtune" + (" FSDP2" if r.fields.get("distributed") else ""), r)
        + "".join(f"（{say_(note)}）" for note in r.nested("notes"))
    ),
    "launch.nf4-base": "以 NF4 为基座：torchtune 不加载 {precision}",
    "launch.embeddings-counted": "它的 LoRA 构建器不训练嵌入层，估算计入了它们",
    "launch.own-config": lambda r, _say: (
        f"需自备配置：torchtune 没有为 {r.fields['model']} 提供{_ZH_CONFIG_METHODS.get(str(r.fields['method']), '')}配置"
    ),
    "launch.llama-factory": lambda r, _say: _zh_sharded("LLaMA-Factory", r),
    "launch.trl": lambda r, _say: _zh_sharded("TRL", r),
    "launch.axolotl": lambda r, _say: _zh_sharded("axolotl", r),
    "launch.bridge": lambda r, say_: launch_bridge(r, say_, ("（", "）", "；"), "，{0} 个节点"),
    "launch.lora-all-linear": "LoRA 作用于每个线性层：Megatron Bridge 不接受只含注意力层的目标",
    "launch.no-pipeline": "{name} 没有流水线并行",
    "launch.data-only": "{name} 的命令在这里只做数据并行，不做方案中的张量并行或上下文并行",
    "launch.qlora-split": "没有命令，QLoRA 无法运行这种切分模型的并行方式",
    "launch.unsloth": lambda r, _say: (
        "Unsloth，在一张 GPU 上运行你的脚本"
        if r.num("gpus") <= 1
        else f"Unsloth，在 {r.fields['gpus']} 张 GPU 上以数据并行运行你的脚本"
        + (f"（{r.fields['nodes']} 个节点）" if r.num("nodes") > 1 else "")
    ),
    "launch.unsloth-splits": "Unsloth 无法运行这台配置（{layout} 的并行方式切分了模型）",
    "launch.fsdp-qlora": lambda r, _say: (
        f"Answer.AI fsdp_qlora（{_ZH_FSDP_STRATEGIES.get(str(r.fields['strategy']), r.fields['strategy'])}"
        + (" + CPU 卸载" if r.fields.get("offload") else "")
        + "）"
    ),
    "launch.fsdp-qlora-one-machine": "fsdp_qlora 无法运行这台配置（{nodes} 个节点上的 {layout}）",
    "launch.megatron-lm": "{runner}（{layout}，{nodes} 个节点）",
    "upgrade.one-more-machine": (
        "再加一张 {gpu}：这里一台机器最多装 {gpus} 张 GPU；再多就要第二台机器和机间网络（训练用 InfiniBand 或 RoCE："
        "集群方案会计算其规模）"
    ),
    "upgrade.psu": "换更大的电源：{watts:.0f} W 电源负载 {load:.0%}；余量越大越凉快、越安静",
    "upgrade.ram": "加内存：{gb:g} GB（两倍显存）加载和卸载更从容",
    "need.board-slot": "另一个间距合适的 x16 插槽的主板、涡轮卡，或开放式机架加延长线",
    "need.case-openings": "有 {openings} 个扩展槽位的机箱",
    "need.board-lanes": "每张卡都有 x{lanes} 的主板（下一个插槽只有 x{next}）",
    "need.case-gpus": "装得下 {n} 张 GPU 的机箱",
    "need.open-frame": "开放式机架或涡轮卡（塔式机箱装不下三张风扇散热的旗舰卡，{rule}）",
    "need.platform": "HEDT/工作站平台（消费级 CPU 的通道只够两张 GPU）",
    "need.psu": "至少 {watts:.0f} W 的电源（或两个）",
    "need.psu-built-in": (
        "电源合计至少 {watts:,.0f} W：机箱自带电源可用 {has:,.0f} W，装不了 ATX 电源（为这款机箱换更高功率的电源模块，或第二台机器）"
    ),
    "need.case-length": "能装 {length:.0f} mm 长显卡的机箱（这款最长 {max:.0f} mm）",
    "need.board-spacing": "x16 插槽间距够放 {n} 张 {width:g} 槽宽显卡的主板，或开放式机架加延长线",
    "need.ducted": "带导风的服务器机箱（被动散热卡自己没有风扇：{rule}）",
    "power.after": lambda r, _say: (
        f"直流负载 {r.num('load'):,.0f} W，"
        + (
            f"由机箱自带电源供电（可用 {r.num('has'):,.0f} W）"
            if r.fields.get("built_in")
            else f"电源 {r.num('has'):,.0f} W"
        )
    ),
    "change.cooler": lambda r, _say: (
        f"{_ZH_GPU_COOLERS.get(str(r.fields['now']), str(r.fields['now']))}显卡，"
        f"取代{_ZH_GPU_COOLERS.get(str(r.fields['was']), str(r.fields['was']))}"
    ),
    "change.width": "{now:g} 槽宽显卡，取代 {was:g} 槽宽",
    "change.length": "长 {now:.0f} mm，原为 {was:.0f} mm",
    "need.circuit": lambda r, _say: (
        f"第二路电路{'或 230 V 插座' if r.fields.get('outlet') else ''}"
        f"（墙插 {r.num('wall'):.0f} W，电路可供 {r.num('limit'):.0f} W）" + _zh_capped_said(r)
    ),
    "need.ram": "至少 {gb:g} GB 内存",
    "need.per-gpu-kit": lambda r, _say: f"再配一套{r.fields['name']}（{money(r.num('cost'))} {r.fields['currency']}）",
    "gain.memory": "更多显存给上下文和用户（分层切分不提高单流速度）",
    "next.add": lambda r, say_: (
        (
            f"再加一张你自己的 {r.fields['gpu']}（共 {r.fields['gpus']} 张；你有 {r.num('spare'):.0f} 张闲置）：不用买卡"
            if r.fields.get("own")
            else f"再加一张 {r.fields['gpu']}（共 {r.fields['gpus']} 张）：{r.num('cost'):,.0f} {r.fields['currency']}"
            f"（{_ZH_CONDITIONS.get(str(r.fields['condition']), str(r.fields['condition']))}，目录 {r.fields['date']} 的价格）"
        )
        + (f"；需要{'；'.join(say_(n) for n in r.nested('needs'))}" if r.nested("needs") else "；无需其他改动")
        + (f"；供电：{say_(r.nested('power')[0])}" if r.nested("power") else "")
        + f"；可获得{'；'.join(say_(u) for u in r.nested('unlocks'))}"
    ),
    "next.swap": lambda r, say_: (
        f"把 {r.fields['gpus']} 张 {r.fields['was']} 换成 {r.fields['gpus']} 张 {r.fields['gpu']}："
        f"{r.num('cost'):,.0f} {r.fields['currency']}"
        f"（{_ZH_CONDITIONS.get(str(r.fields['condition']), str(r.fields['condition']))}，目录 {r.fields['date']} 的价格）"
        + (
            f"，换下的卡按二手价约可卖 {r.num('sold'):,.0f}（{r.fields['sold_date']}）"
            if r.fields.get("sold") is not None
            else ""
        )
        + (f"；需要{'；'.join(say_(n) for n in r.nested('needs'))}" if r.nested("needs") else "")
        + (f"；变化：{'；'.join(say_(c) for c in r.nested('changes'))}" if r.nested("changes") else "")
        + f"；可获得{'；'.join(say_(u) for u in r.nested('unlocks'))}"
    ),
    "unlock.fits": "能装下这项任务",
    "unlock.context": "上下文可达 {after:,} token（现为 {before:,}）",
    "unlock.users": "可同时服务 {after:,} 个用户（现为 {before:,}）",
    "unlock.model": "可运行最大到 {model}（{params:g}B）的模型",
    "unlock.speed": lambda r, _say: f"每用户 {tps_text(r.num('after'))} token/秒（现为 {tps_text(r.num('before'))}）",
    "unlock.prefill": "提示词读取 {after:,.0f} token/秒（现为 {before:,.0f}）",
    "unlock.hours": "任务用时 {after:,.0f} 小时（现为 {before:,.0f} 小时）",
    "lose.speed": lambda r, _say: (
        f"但每用户只有 {tps_text(r.num('after'))} token/秒（现为 {tps_text(r.num('before'))}）"
    ),
    "unlock.nothing": "对这项任务，上下文、用户数、模型大小和速度都没有提升",
    "lose.layer-split": (
        "反而更慢：{gpus} 张卡无法均分模型的 {heads} 个注意力头，只能按层流水线运行，每个 token 依次经过每张卡；"
        "原来的 {was} 张卡是每层一起算（张量并行）"
    ),
    "gain.hours": "训练时间约缩短 {hours:,.0f} 小时",
    # how a build fits
    "fit.one-gpu": "单卡",
    "fit.layer": "{n} 卡分层",
    "fit.tensor": "{n} 卡张量并行",
    "fit.tensor-pipeline": "张量并行 x{tp}，{pp} 级流水线",
    "fit.data": "{n} 卡数据并行",
    "fit.split": "{split} 切分 x{n}",
    "fit.experts-in-ram": "专家放在内存",
    "fit.layers-in-ram": "{n} 层放在内存",
    "fit.ram-offload": "允许卸载到内存",
    "fit.list": lambda r, say_: joined(r.nested("items"), say_, "，"),
    "fit.none": "无",
    "fit.zero": "ZeRO-{stage}",
    "fit.no-sharding": "不分片",
    "fit.on": "开",
    "fit.sequences": "每张 GPU {n} 条",
    "fit.micro-batch": "微批次 {n}",
    "fit.off": "关",
    "fit.recompute-on": "重算激活",
    "fit.recompute-off": "不重算激活",
    "fit.in-system-ram": lambda r, _say: (
        f"{'参数、梯度和优化器状态' if r.fields.get('all') else '优化器状态'}放在系统内存"
    ),
    "fit.states-in-ram": "状态放在内存",
    "fit.optimizer-in-ram": "优化器放在内存",
    "fit.no-offload": "不卸载",
    "fit.limited": lambda r, _say: f"限制为额定的 {r.num('limit'):.0%}" + _at_power_zh(r, "（该功率下 {}）"),
    "fit.full-rated": "额定满功率",
    "fit.power": lambda r, _say: f"GPU {r.num('limit'):.0%} 功率" + _at_power_zh(r, "：{}"),
    "fit.full-power": "满功率",
    "fit.framework": lambda r, _say: (
        f"{_ZH_METHODS[str(r.fields['method'])]}，{_zh_runner(r)}" if r.fields.get("method") else _zh_runner(r)
    ),
    # what buy-or-rent's figures rest on
    "tco.energy": lambda r, _say: (
        "每年电量 = (满载墙插功耗 x 满载小时 + 待机功耗 x 其余开机小时) / 1000 "
        + (
            f"x 每 kWh 电价；单路解码时墙插功耗 {r.num('wall'):,.0f} W（按层切分时同一时刻只有一张卡在算；"
            f"处理提示词时所有卡同时满载，为 {r.num('full'):,.0f} W）"
            if r.fields.get("full")
            else f"x 每 kWh 电价；满载墙插功耗 {r.num('wall'):,.0f} W"
        )
        + (f"（{r.num('nodes'):g} 个节点）" if r.num("nodes") > 1 else "")
        + "，关机时不耗电"
    ),
    "tco.usage": lambda r, _say: (
        f"使用情况：每天 {r.num('hours'):g} 小时 x 每年 {r.num('days'):g} 天，其中 {r.num('busy'):.0%} 的时间满载；"
        f"电价 {r.num('price'):g} {r.fields['currency']}/kWh（{_sentence(str(r.fields['source']))}"
        + (f"；{_zh_estimate_of(r, _say)}）" if r.fields.get("estimate") else "）")
    ),
    "tco.idle-given": "待机功耗 {idle:,.0f} W，由使用情况给定",
    "tco.idle-estimated": (
        "待机功耗估计 {idle:,.0f} W：满载时 GPU 功耗的 {gpu:.0%}、CPU 的 {cpu:.0%} 和其他直流功耗的 {other:.0%}，"
        "按电源效率折算（未实测）"
    ),
    "tco.idle-system": lambda r, _say: (
        f"待机功耗 {r.num('idle'):,.0f} W：整机在墙插处的待机功耗（{r.fields['parts']}：目录中的 idle_w，"
        + (f"估计值：{r.fields['estimate']}）" if r.fields.get("estimate") else "实测）")
    ),
    "tco.idle-measured": lambda r, _say: (
        f"待机功耗 {r.num('idle'):,.0f} W：显卡加载模型后待机 {r.num('cards'):,.0f} W（{r.fields['parts']}：目录中的 idle_w，"
        + (f"估计值：{r.fields['estimate']}），" if r.fields.get("estimate") else "实测），")
        + f"CPU 按满载的 {r.num('cpu'):.0%}、其他直流功耗按 {r.num('other'):.0%} 估计，其余显卡按其功耗的 "
        f"{r.num('gpu'):.0%}，按电源效率折算"
    ),
    "tco.purchase": "购买 {purchase:,.0f} {currency}：配置中各配件按目录中带日期的价格计算，不含已有配件",
    "tco.depreciation": lambda r, _say: (
        f"折旧：{r.num('years'):g} 年直线折旧，残值为购买价的 {r.num('resale'):.0%}"
        f"（{_said_or_sentence(r, 'source', _say)}）"
    ),
    "tco.upkeep": lambda r, _say: f"维护 {money(r.num('upkeep'))} {r.fields['currency']}/年",
    "tco.billed-on": "租用按每个开机小时计费（机器开着时实例也在运行）",
    "tco.billed-busy": "租用只按满载小时计费（实例按需启动）",
    "tco.billed-serving": (
        "租用按其 GPU 以每位用户 {tps:,.1f} token/秒 回答同样 {users:,} 位用户请求的每年 {hours:,.0f} 小时计费"
        "（与本机满载小时同一算法；按秒计费，如按需启动的实例或 serverless 端点；全天在线的专用端点更贵："
        "--dedicated-endpoint）"
    ),
    "tco.seats": lambda r, _say: _zh_seats_said(r),
    "tco.busy-served": lambda r, _say: (
        f"每年忙碌 {r.num('hours'):,.0f} 小时：以本机每位用户 {r.num('tps'):,.1f} token/秒 为 {r.num('users'):g} 位用户"
        f"生成每年 {r.num('demand_m'):,.1f}M 个输出 token"
        + _zh_prefill_said(r)
        + (
            f"（速度不足以满足需求：用户工作的 {r.num('active'):,.0f} 小时全部忙碌）"
            if r.fields.get("capped")
            else f"，只要有请求在回答就算忙碌（请求相互独立，均匀分布在用户工作的 {r.num('active'):,.0f} 小时内）"
        )
        + f"；开机的其余 {r.num('idle_hours'):,.0f} 小时待机"
    ),
    "tco.billed-work": (
        "租用按训练同样数据量所需的小时计费：本机每年满载 {busy:,.0f} 小时 x {ratio:.2g}"
        "（租用实例与本机训练同样 token 的用时之比）= 每年 {hours:,.0f} 小时"
    ),
    "tco.break-even-basis": "回本：自有成本（购买加运行费用，减去届时卖出所得）不高于租用的第一个月；逐年一行是同一算法在第 12、24、36 个月的结果",
    "tco.rental-none": lambda r, say_: (
        f"租用：无（{say_(r.nested('why_said')[0]) if r.nested('why_said') else _sentence(str(r.fields['why']))}）"
    ),
    # the months of a catalog's or a build's prices (catalog.dates.CatalogDate.said)
    "dates.none": "没有带日期的价格",
    "dates.prices": lambda r, _say: (
        "价格 "
        + (
            str(r.fields["first"])
            if r.fields["first"] == r.fields["last"]
            else f"{r.fields['first']} 至 {r.fields['last']}"
        )
        + (
            f"；{r.fields['priced']} 个有价格的配件中 {r.fields['older']} 个只有六个多月前的价格"
            if r.fields.get("older")
            else ""
        )
    ),
    # a catalog record's whole-record rule broken (catalog.models.invalid); field names stay as the TOML spells them
    "record.sold-new-source": "填写了 sold_new_until 就要填写 sold_new_source：说明在哪里宣布停售",
    "record.base-slots": "x16_slots 须按顺序列出互不相同的插槽位置，从 1 到 slot_openings（{openings}）",
    "record.unknown-estimates": lambda r, _say: "estimates 中有未知字段：" + "、".join(_strings(r, "names")),
    "record.power-floor-source": "填写了 power_limit_min_w 就要填写 power_limit_source",
    "record.compute-capability-source": "填写了 compute_capability 就要填写 compute_capability_source",
    "record.power-floor-above-tdp": "power_limit_min_w（{floor_w:g} W）高于 tdp_w（{tdp_w:g} W）",
    "record.usable-memory-source": "填写了 usable_vram_gib 就要填写 usable_vram_source：驱动报告的数值印在哪里",
    "record.idle-source": "填写了 idle_w 就要填写 idle_source（测量出处及日期），或在 estimates.idle_w 中说明为何是估计值",
    "record.usable-above-nominal": "usable_vram_gib（{usable:g} GiB）高于 vram_gb（{vram:g}）",
    "record.two-gpus": "双 GPU 的卡必须是 PCIe 卡，两颗 GPU 共用它的 x16（pcie_lanes 按每颗 GPU 计）",
    "record.module-cooler": "SXM/OAM 模块由服务器被动散热（cooler 须为 passive）",
    # why a rental was matched, or why none (tco.search_rentals)
    "rental.no-offers": lambda r, _say: (
        "没有载入云端实例报价"
        + (
            f"（{_ZH_MARKETS.get(str(r.fields['market']), str(r.fields['market']))}市场）"
            if r.fields.get("market")
            else ""
        )
    ),
    "rental.no-time": "这台配置没有可供匹配的训练时间估算（请给出训练 token 数）",
    "rental.no-decode": "这台配置没有可供匹配的解码速度估算",
    "rental.no-throughput": "无法估算这台配置的训练吞吐量",
    "rental.given": "已给定匹配的实例",
    "rental.not-given": "未给定租用实例",
    "rental.cheapest": lambda r, say_: (
        f"{_zh_in_market(r)}{r.fields['qualifying']} 个合格实例中最便宜的：装得下"
        + ("（按租用者的做法用 ZeRO-3 分片并重算激活）" if r.fields.get("resharded") else "")
        + f"，{say_(r.nested('runs')[0])}"
    ),
    "rental.runs-rate": lambda r, _say: (
        f"每小时 {_zh_per_hour(r.fields['rate'])}，这台配置每小时 {_zh_per_hour(r.fields['own'])}（没有 token 数：按吞吐量比较）"
    ),
    "rental.runs-hours": lambda r, _say: (
        f"用时 {_zh_one(r.fields['hours'])} 小时，这台配置 {_zh_one(r.fields['own'])} 小时"
    ),
    "rental.runs-decode": lambda r, _say: (
        f"{_zh_one(r.fields['tps'])} token/秒，这台配置 {_zh_one(r.fields['own'])} token/秒"
    ),
    "rental.none": lambda r, say_: (
        f"{_zh_in_market(r)}{r.fields['considered']} 个云端实例都做不了同样的工作："
        + "，".join(say_(s) for s in r.nested("short"))
    ),
    "rental.short-fit": "{n} 个装不下这个任务",
    "rental.short-speed": "{n} 个比这台配置慢",
    "rental.short-deadline": "{n} 个不能在截止时间内完成",
    "rental.short-price": "{n} 个没有可用的价格",
    "rental.short-gpu": "{n} 个的 GPU 不在目录中",
    "rental.short-cluster": "{n} 个不能作为集群租用",
    "tco.rental": lambda r, say: (
        f"租用：{say(r.nested('said')[0]) if r.nested('said') else _sentence(str(r.fields['offer']))}"
    ),
    "tco.offer": lambda r, _say: (
        (f"{r.fields['instances']} 个 " if r.num("instances") > 1 else "")
        + str(r.fields["name"])
        + (f"（{'，'.join(r.fields['missing'])}）" if r.fields.get("missing") else "")  # type: ignore[arg-type]
        + f"：{_PRICING_ZH.get(str(r.fields['pricing']), str(r.fields['pricing']))}每小时 {r.num('hourly'):,.2f} {r.fields['currency']}"
        + f"，{r.fields['date']}，来源：{_sentence(str(r.fields['source']))}"
        + (
            f"，由 {r.num('converted_amount'):g} {r.fields['converted_currency']} 按目录汇率换算"
            if r.fields.get("converted_currency")
            else ""
        )
        + (f"（{_zh_estimate(str(r.fields['estimate']), '估计')}）" if r.fields.get("estimate") else "")
        + (f"，含 {r.num('vat_pct'):g}% 增值税（个人买家所付）" if r.fields.get("vat_pct") else "")
    ),
    "tco.rental-matched": lambda r, _say: (
        "租用实例按显存是否装得下和"
        + (
            "每小时训练 token "
            if r.fields.get("rate")
            else "训练时长"
            if r.fields.get("wall")
            else "每序列解码 token/秒 "
        )
        + "匹配，与配置用同一估算器"
        + (f"；{r.fields['instances']} 个实例通过服务商的 RDMA 网络互联" if r.num("instances") > 1 else "；一个实例")
        + "；存储未计价"
    ),
    "tco.converted": lambda r, _say: (
        f"电价按 {r.num('rate'):.4f} 从 {r.fields['of']} 换算为 {r.fields['to']}"
        f"（{_sentence(str(r.fields.get('source') or '')) or '目录汇率'}，{r.fields.get('date') or '无日期'}）"
    ),
    "tco.job-basis": (
        "训练任务：自有电费 = 满载墙插功耗 x 配置的预计训练时长；租用成本 = 实例小时价 x 其预计训练时长；"
        "折旧分摊 = (购买价 - 残值) / {years} 年使用寿命的开机小时数 x 任务时长"
    ),
    "tco.sold-used": lambda r, say_: f"一次性任务结束后机器按二手出售：{_said_or_sentence(r, 'source', say_)}",
    "tco.est-eia": lambda r, _say: (
        f"全国居民平均电价，取整为 {r.num('price'):g} {r.fields['currency']}/kWh；只读取了各州的数据"
        f"（{r.fields['year']} 年 {r.fields['month']} 月：{_ZH_STATES.get(str(r.fields['low_state']), r.fields['low_state'])} "
        f"{r.num('low'):g} 美分至{_ZH_STATES.get(str(r.fields['high_state']), r.fields['high_state'])} {r.num('high'):g} 美分）"
    ),
    "tco.est-china-tariff": "未查阅电价表；一般工商业电价因省份和时段而异，{price:g} CNY/kWh 是取整的中间值",
    "tco.resale-default": "估算：目录中没有二手价的配件，折旧期满后按购买价的 {percent:g}% 计（二手电脑配件的取整值；未参考市场调查）",
    "tco.selling-fee": (
        "扣除二手交易平台对每笔销售的抽成（eBay 美国站，大多数品类，2023 年 2 月起：每件 {tier:,.0f} USD 以内 {fee:g}%，"
        "超出部分 {above:g}%；其他货币和平台为估算）"
    ),
    "tco.resale-used-ratio": "{part}：二手价/新品价 {ratio:.0%}（目录价格）",
    "tco.resale-blend": lambda r, say_: (
        f"加权 {r.num('blended'):.0%}："
        + "；".join(say_(n) for n in r.nested("notes"))
        + f"；其他配件 {r.num('other'):.0%}（{_said_or_sentence(r, 'other_source', say_)}）"
    ),
    "tco.sold-source": lambda r, say_: (
        f"购买价的 {r.num('sold'):.0%}：二手买入的配件按买入时的二手价，新买的 GPU 按目录中的二手价（没有的，按目录中同架构"
        f"显卡二手价/新品价的中位数），其他新配件按 {r.num('other'):.0%}（{_said_or_sentence(r, 'other_source', say_)}），"
        f"{say_(r.nested('fee')[0])}"
    ),
    "tco.throughput-basis": (
        "未给出 token 数：购买与租用按吞吐量比较，各按 {tokens:.0e} token 计时（时间与 token 数成正比）；购买："
        "满载电费 + 使用寿命内每开机小时的折旧和维护，按每训练小时计；租用：小时价，按每训练小时计"
    ),
    # a build's noise under load
    "noise.silent": "静音（无风扇）",
    "noise.level": lambda r, _say: (
        f"距 {r.num('m'):g} 米 {r.num('dba'):.0f} dBA" + ("（估算）" if r.fields.get("estimate") else "")
    ),
    "noise.source": lambda r, say_: (
        f"{r.fields['count']} x {say_(r.nested('what')[0])}：每个 {r.num('dba'):.1f} dBA"
        + "".join(f"（估算：{say_(e)}）" for e in r.nested("estimate"))
        + f"；{say_(r.nested('source')[0]) if r.nested('source') else _sentence(str(r.fields['source']))}"
    ),
    "circuit.name": lambda r, _say: (
        f"{r.num('volts'):g} V {r.num('amps'):g} A"
        + ("（美国插座）" if r.fields.get("us_outlet") else "")
        + (f"（{r.fields['rack_feed']} 机柜供电）" if r.fields.get("rack_feed") else "")
    ),
    "request.circuits": lambda r, say_: f"{r.fields['count']} 路 {say_(r.nested('circuit')[0])}",
    "request.condition": lambda r, _say: {**_ZH_CONDITIONS, "any": "任意"}.get(
        str(r.fields["condition"]), str(r.fields["condition"])
    ),
    "request.gpus-any": "不限，每台最多 {most} 张",
    "noise.est-radiator": "散热排风扇按 NH-U12A 的双风扇全速计",
    "noise.est-blower-power": lambda r, _say: (
        f"按 AMD {r.num('reference'):g} W 公版 RX 5700 XT 涡轮散热实测计；{r.num('watts'):g} W 的涡轮卡没有公开数据，"
        "其风扇要带走更多热量，可能更响"
    ),
    "noise.est-shroud": (
        "导风罩套件的涡轮风扇按 AMD {reference:g} W 公版 RX 5700 XT 涡轮散热计；它所冷却的被动散热卡功耗更高，"
        "套件风扇又常全速运转，故只是下限"
    ),
    "noise.est-damped": "阻尼机箱，风扇约半速：三个 NH-U12A 级风扇减 {less:g} dB",
    "noise.est-case-fans": "三个 120 mm 机箱风扇全速运转",
    "noise.est-rack-case": "装桌面配件的机架机箱：风扇比塔式机箱更多、更快（+{more:g} dB）",
    "noise.est-server": "GPU 服务器的风量比 R940 更大；其高配 {dba:g} dBA 只是下限",
    "noise.est-server-active": "其风扇按 NH-U12A 的双风扇全速计；此前按静音计，安静需求因此为散热器买了 SP5 平台",
    "noise.est-atx": "Cybenetics Standard++ 档位的中值，典型的满载 ATX 电源",
    "noise.est-sfx": "Standard+ 档位的中值；小风扇比 ATX 电源的转得更快",
    "noise.est-server-psu": "Cybenetics Standard 档位的上限：40 mm 服务器风扇",
    "noise.est-class-midpoint": "没有公开的满载 dBA 数据；按档位中值",
    "noise.catalog-class": lambda r, _say: f"目录噪音档位“{_ZH_NOISE.get(str(r.fields['noise']), r.fields['noise'])}”",
    "noise.sum": lambda r, _say: f"按对数求和合成 {_sentence(str(r.fields['formula']))}",
    "noise.card": lambda r, _say: _ZH_CARDS.get(str(r.fields["cooler"]), f"{r.fields['cooler']} 卡"),
    "noise.open-frame": "开放式机架",
    "noise.base": "工作站自带的机箱风扇、CPU 散热器和电源",
    "noise.shroud": "被动散热卡上的导风罩涡轮风扇",
    "noise.chassis": lambda r, _say: (
        "数据中心机箱风扇"
        if r.fields["noise"] == "datacenter"
        else f"{_ZH_NOISE.get(str(r.fields['noise']), r.fields['noise'])}的机箱风扇"
    ),
    "noise.psu": lambda r, _say: f"{str(r.fields['form']).upper()} 电源",
    "noise.cooler": lambda r, _say: (
        "塔式风冷 CPU 散热器" if r.fields["kind"] == "air-tower" else f"{r.fields['kind']} CPU 散热器"
    ),
    "noise.unified": lambda r, _say: f"{_ZH_NOISE.get(str(r.fields['noise']), r.fields['noise'])}的统一内存整机",
    "noise.server": "GPU 服务器风扇",
    "noise.part": lambda r, _say: ZH_PART_CATEGORIES.get(str(r.fields["category"]), str(r.fields["category"])),
    # an estimate's steps and assumptions
    "est.said": lambda r, _say: _sentence(str(r.fields["text"])),
    "est.power-limited": (
        "GPU 功耗限制为额定值的 {limit:.0%}：解码速度保留 {decode:.0%}，预填充和训练速度保留 {compute:.0%}"
        "（Puget Systems：四块 RTX 3090 从 350 W 限到 280 W，训练速度保留 95% 以上；一块 RTX 3090 在 230-320 W 下的 TF32 训练，"
        "blog.qwertyforce.dev；六块 RTX 3090 在 200-300 W 下的 llama.cpp 预填充，llmgarage.ai）"
    ),
    "est.engine-fastest": lambda r, _say: (
        f"推理引擎 {r.fields['engine']}：未指定推理引擎；在 {str(r.fields['engines']).replace(', ', '、')} 中，"
        "它在这些 GPU 上跑得最快"
    ),
    "est.engine-serving": (
        "推理引擎 {engine}：未指定推理引擎，{users} 个用户同时使用属于服务器场景：{engine} 的连续批处理和分页 KV 缓存为他们服务"
        "（每人 {tps:.1f} token/秒）；{other} 的估计值（{other_tps:.1f}）在 {engine} 的 80% 区间之内，并不明显更快"
    ),
    "est.layer-split": "各层按 {layers} 分到 {gpus} 张 GPU：每张 GPU 存放自己那部分层的权重和 KV 缓存",
    "est.layer-decode": "分层切分：每个 token 由 {gpus} 张 GPU 依次计算，单步时间是各卡时间之和（单个序列不会加速）",
    "est.llama-embedding": "llama.cpp 把词嵌入表放在系统内存；输出层在最后一张 GPU 上",
    "est.gptq-scratch": "{kernel} GPTQ 内核在每张 GPU 上保留 {gib:.2f} GiB 的暂存缓冲区（AutoGPTQ 按最宽的层分配），计入工作区",
    "est.serving": "推理引擎 {engine}；每个序列上下文 {context} token；{batch} 个并发序列",
    "est.peaks": "显存数字是负载最重的 GPU 上的峰值；1 GiB = 2^30 字节",
    "est.total": lambda r, _say: (
        f"负载最重的 GPU：{r.num('gib'):.2f} GiB"
        + (
            f"，可用 {r.num('usable'):.2f} GiB -> {'装得下' if r.fields.get('fits') else '装不下'}"
            if r.fields.get("usable")
            else ""
        )
    ),
    "est.prefill": lambda r, _say: (
        f"预填充 = 每 token {r.num('gflop'):.1f} GFLOP（2 x 激活的矩阵乘参数"
        f"{'，不含只为最后一个 token 计算的输出头和最后一层 MLP，' if r.fields.get('head') else ' '}"
        f"+ 平均 {r.fields['half']} token 的注意力），"
        f"{_zh_how(r, _say)} = {r.num('rate'):.0f} token/秒；{r.fields['prompt']} token 提示词后 "
        f"{r.num('ttft'):.2f} 秒出第一个 token"
    ),
    "est.unified": lambda r, _say: (
        f"GPU 最多可用这台机器 {r.num('gb'):.0f} GB 的统一内存："
        + ("；".join(_say(s) for s in r.nested("limit")) or _sentence(str(r.fields["notes"])))
    ),
    "unified.limit-macos": "macOS 默认只让 GPU 锁定一部分内存；sudo sysctl iogpu.wired_limit_mb=<MB> 可以调高",
    "unified.limit-amdgpu": "amdgpu 驱动限制核显可映射的内存（GTT）；用 ttm.pages_limit（旧内核用 amdgpu.gttsize）调高",
    "unified.limit-cuda": "CUDA 可见的内存略少于装机内存",
    "est.optimizer": lambda r, _say: (
        f"{r.fields['optimizer']}（{r.fields['runner']}）：每个可训练参数 {r.num('bytes'):g} 字节"
        + ("（含主权重副本）" if r.fields.get("master") else "")
        + (
            "；分页：bitsandbytes 把状态放在 CUDA 统一内存，GPU 满时换出到主机内存（QLoRA 论文第 3 节），"
            "因此计入主机内存"
            if r.fields.get("paged")
            else ""
        )
        + ("；优化器更新融合进反向传播：不保留完整梯度" if r.fields.get("fused") else "")
    ),
    "est.params": lambda r, _say: (
        f"{r.fields['model']}：按架构计得 {r.num('b'):.2f} B 参数"
        + (
            f"，每 token 激活 {r.num('active'):.2f} B（MoE：显存按总参数算，速度按激活参数算）"
            if r.fields.get("active") is not None
            else ""
        )
    ),
    "est.weights-gguf": lambda r, _say: (
        f"{r.num('b'):.2f} B 参数，{r.fields['precision']} 格式，按 llama.cpp 量化工具的类型逐个张量量化（{_zh_mix(r)}）："
        f"平均每个权重 {r.num('bits'):.2f} 位 = {r.num('gib'):.2f} GiB"
    ),
    "est.weights": "{b:.2f} B 参数，{precision} 格式（每个权重 {bits:g} 位；嵌入层 {embeddings:g} 位）= {gib:.2f} GiB",
    "est.kv": lambda r, _say: _zh_kv(r),
    "est.tensor-split": "张量并行，{tp} 张 GPU：每张存放每个权重矩阵和 KV 头的 1/{tp}",
    "est.tensor-pipeline-split": (
        "{pp} 个流水线阶段，各 {stages} 层，每个阶段在 {tp} 张 GPU 上张量并行：每张 GPU 存放本阶段权重和 KV 头的 1/{tp}"
    ),
    "est.experts-in-ram": "MoE 专家放在系统内存（{gib:.2f} GiB）；注意力和共享权重留在 GPU 上",
    "est.layers-in-ram": "{layers} 层中 {cpu} 层连同其 KV 缓存放在系统内存（llama.cpp -ngl {ngl}）",
    "est.full-weights": lambda r, _say: (
        f"{r.num('b'):.2f} B 参数，bf16 = {r.num('gib'):.2f} GiB"
        + (
            "（纯 bf16：没有 fp32 主权重副本）"
            if r.fields.get("pure_bf16")
            else "（混合精度，ZeRO 论文：AdamW 下每个参数 2+2+12 字节）"
        )
    ),
    "est.saved-tables": "嵌入层和输出层也一起训练（modules_to_save：一份 16 位可训练副本）：+{m:.0f} M 可训练参数，每个 2 + 2 + {moments:g} 字节",
    "est.adapter-weights": (
        "冻结的基座 {precision} = {gib:.2f} GiB；LoRA 秩 {rank}，作用于 {targets} = {m:.1f} M 可训练参数（{adapter}）"
    ),
    "est.zero": lambda r, _say: (
        f"ZeRO-{r.fields['zero']}：在 {r.fields['gpus']} 张 GPU 上把"
        + "、".join(["优化器状态", "梯度", "参数"][: int(r.num("zero"))])
        + f"切成 {r.fields['gpus']} 份"
        + (f"；每次完整聚合两层（{r.num('gathered'):.2f} GiB）" if r.fields.get("gathered") else "")
    ),
    "est.fsdp-resident": (
        "FSDP 在分片之外还保留：完整的根单元（嵌入和输出头：{root:.2f} GiB，前向后不重新分片）、完整的 bitsandbytes "
        "量化统计量（{stats:.2f} GiB，从不分片）以及正在聚合的层的卸载分片副本（{copies:.2f} GiB）"
    ),
    "est.offload-cpu": lambda r, _say: (
        f"优化器状态{'、参数和梯度' if r.fields.get('everything') else ''}卸载到 CPU 内存：主机内存 {r.num('gib'):.2f} GiB"
    ),
    "est.offload-measured": (
        "{runner} 在 accelerate 的 FSDP 下把分片放在 CPU 内存时占用 {gib:.1f} GiB 主机内存（每字节 4 位基座 {per_byte:.2f} 字节："
        "PEFT 的 FSDP + QLoRA 指南实测 70B 在两块 24 GB GPU 上卸载分片时约用 107 GB CPU 内存）"
    ),
    "est.offload-peak": (
        "{runner} 把分片放在 CPU 内存时，启动阶段主机内存峰值 {gib:.1f} GiB（每字节 4 位基座 {per_byte:.2f} 字节："
        "分片前先把整个模型载入内存一份，再加卸载的分片；70B 实测“略超过 128GB”，AnswerDotAI/fsdp_qlora README）；"
        "按 README 的建议建一个 16 GB 交换文件，内存可少 16 GB"
    ),
    "est.act-fused": (
        "融合算子（融合 RMSNorm、原地旋转位置编码、融合 SwiGLU；lit-gpt 的块）：每层保存 {gib:.2f} GiB，未融合时 "
        "{unfused:.2f} GiB"
    ),
    "est.lora-dropout": "LoRA dropout：每个适配矩阵保存丢弃后的输入和掩码（每层 {gib:.2f} GiB）",
    "est.act-selective": lambda r, _say: (
        f"选择性检查点（按算子，torchtitan 的 'op'）：{r.fields['layers']} 层保留每隔一个矩阵乘的输出、注意力输出及其输入"
        f"（每层 {r.num('kept'):.2f} GiB），一层整体重算（{r.num('layer'):.2f} GiB），" + _zh_logits(r)
    ),
    "est.act-offloaded": lambda r, _say: (
        f"梯度检查点，{r.fields['layers']} 层的输入卸载到主机内存（{r.num('inputs'):.2f} GiB）；每次重算一层"
        f"（{r.num('layer'):.2f} GiB），" + _zh_logits(r)
    ),
    "est.act-checkpointed": lambda r, _say: (
        f"梯度检查点：{r.fields['layers']} 层各保留其输入（2*s*b*h 字节），每次重算一层（{r.num('layer'):.2f} GiB），"
        + _zh_logits(r)
    ),
    "est.act-all": lambda r, _say: (
        f"不用检查点：{r.fields['layers']} 层 x 每层 {r.num('layer'):.2f} GiB 保存的激活（s={r.fields['seq']}，"
        f"b={r.fields['batch']}，flash attention），加上 logits（{_zh_loss(r)}）= {r.num('gib'):.2f} GiB"
    ),
    "est.deepspeed-buffers": "DeepSpeed 通信缓冲区（默认配置）：{gib:.2f} GiB",
    "est.foreach": (
        "torch.optim.AdamW 未设 fused=True 时用 foreach 实现，更新时约多占一份参数大小（PyTorch 文档）：中间张量 "
        "{gib:.2f} GiB，比届时已释放的激活多 {excess:.2f} GiB"
    ),
    "est.nf4-load": lambda r, _say: (
        f"加载时在 GPU 上做 NF4 量化（torchao{' 0.2 之前，整个张量' if r.fields.get('whole') else '，分块'}）："
        f"最大矩阵的临时占用 {r.num('gib'):.2f} GiB"
        + (f"，比训练步的动态显存多 {r.num('excess'):.2f} GiB：峰值出现在加载模型时" if r.fields.get("excess") else "")
    ),
    "est.draft-memory": "草稿模型 {model}：权重 {gib:.2f} GiB，KV 缓存 {kv:.2f} GiB",
    "est.flops": lambda r, _say: _zh_flops(r),
    "est.time": lambda r, say: (
        "GPU 小时 = "
        + (
            f"（{r.num('flops'):.3g} + float32 注意力的 {r.num('fp32_flops'):.3g}）"
            if r.fields.get("fp32_flops")
            else f"（{r.num('flops'):.3g} - 注意力的 {r.num('attention_flops'):.3g}）"
            if r.fields.get("attention_flops")
            else f"{r.num('flops'):.3g} "
        )
        + f"/（{r.num('tflops'):.0f} TFLOPS x {r.num('rate'):.0%} x 扩展效率 "
        f"{r.num('scaling'):.0%}）/ 3600"
        + (f" + 注意力按其内核速率的 {r.num('attention_hours'):,.0f}" if r.fields.get("attention_hours") else "")
        + (f" + 专家 all-to-all 的 {r.num('expert_hours'):,.0f}" if r.fields.get("expert_hours") else "")
        + f" = {r.num('gpu_hours'):,.0f} GPU 小时；{r.fields['gpus']} 张 GPU 上墙钟时间 "
        f"{r.num('wall'):,.1f} 小时；" + say(r.nested("mfu")[0])
    ),
    "est.mfu": lambda r, _say: (
        f"MFU = {r.num('flops'):.3g} FLOP /（{int(r.num('gpus')):,} 张 GPU x 稠密 bf16 峰值 {r.num('peak'):,.0f} TFLOPS "
        f"x 墙钟 {r.num('wall'):,.1f} 小时）= {r.num('mfu'):.0%}"
    ),
    "est.tensor-decode": lambda r, _say: (
        f"张量并行：每步每张 GPU 读取 {r.num('gib'):.2f} GiB 的 1/{r.fields['tp']}，外加每步 {r.num('reduces'):.0f} 次 all-reduce，每次约 "
        f"{r.num('us'):.0f} us，经 {_ZH_LINKS.get(str(r.fields['over']), str(r.fields['over']))}"
        + (
            f"；{r.fields['pp']} 个流水线阶段依次计算，每个 token 交接 {r.num('hops_us'):.0f} us"
            if r.num("pp") > 1
            else ""
        )
    ),
    "est.ram-decode": (
        "每 token 从系统内存读取 {gib:.2f} GiB，按 {gbps:g} GB/s 的 {share:.0%} 计（装机规则 R28：实际约达到 96 GB/s 中的 35）"
    ),
    "est.moe-read": lambda r, _say: (
        f"MoE 每步每层读取 {r.fields['experts']} 个专家中的 {r.num('touched'):.1f} 个"
        + (
            f"（每个专家 {r.num('per_expert'):.1f} token，专家算子按流式读取速率的 {r.num('share'):.0%} 计）"
            if r.fields.get("per_expert") is not None
            else ""
        )
    ),
    "est.decode": lambda r, say: (
        f"解码单步 = 取较慢者（权重：{r.num('gib'):.2f} GiB"
        + "".join(f"；{say(m)}" for m in r.nested("moe"))
        + f"，按 {r.num('gbps'):.0f} GB/s 的 {r.num('share'):.0%} 读取；计算：{r.fields['batch']} x {r.num('gflop'):.1f} GFLOP"
        + (
            f" + 新到请求的 {r.num('arriving'):.0f} 个提示词 token x {r.num('arriving_gflop'):.1f} GFLOP"
            if r.fields.get("arriving")
            else ""
        )
        + f"，按 {r.num('tflops'):.0f} TFLOPS 的 {r.num('compute_share'):.0%} 计）+ 注意力：读取 {r.num('kv'):.2f} GiB KV "
        f"（每个序列的上下文逐步填到 {r.fields['context']}）+ 每步固定开销 {r.num('fixed_ms'):.2f} ms"
        + (
            f"（{r.fields['batch']} x 每序列 {r.num('host_us'):.0f} us 主机开销）"
            if r.fields.get("host_us") is not None
            else ""
        )
        + f" = {r.num('ms'):.2f} ms -> 每序列 {r.num('tps'):.1f} token/秒，合计 {r.num('total'):.1f} token/秒"
    ),
    "est.typical-prompt": lambda r, _say: (
        f"未给出 --prompt：首个 token 的等待按常见的 {r.num('prompt'):,.0f} token 提示词计算"
        + (
            f"（{ZH_TRACES.get(str(r.fields['trace']), str(r.fields['trace']))} 的"
            f"{ZH_TRACE_STATISTICS.get(str(r.fields['statistic']), str(r.fields['statistic']))}）"
            if r.fields.get("trace")
            else ""
        )
        + f"，而不是整个 {r.num('context'):,.0f} token 的上下文（可用 --prompt 给出你自己的）"
    ),
    "est.usage-prompt": lambda r, _say: (
        f"首个 token 的等待按用户每次 {r.num('prompt'):,.0f} token 的提示计算，其中 {r.num('cached'):,.0f} token "
        "已在引擎的前缀缓存中（成本所按的用法）"
        + (
            f"；其原本 {r.num('capped_from'):,.0f} token 的提示受上下文所限"
            if r.fields.get("capped_from") is not None
            else ""
        )
    ),
    "est.stand-in": lambda r, _say: (
        f"{r.fields['engine']} 按 {r.fields['stand_in']} 的校准估算"
        f"（{_ZH_STAND_IN.get(str(r.fields['engine']), _sentence(str(r.fields['why'])))}）"
    ),
    "est.vllm-tp-pp": (
        "{heads} 个注意力头分到 {gpus} 张 GPU：vLLM 在 {pp} 个流水线阶段内各做 {tp} 路张量并行"
        "（--tensor-parallel-size {tp} --pipeline-parallel-size {pp}）"
    ),
    "est.vllm-layers": "vLLM 张量并行需要 2、4、8 或 16 张能整除 {heads} 个注意力头的 GPU；{gpus} 张 GPU 按层做流水线并行",
    "est.heads-layers": "{heads} 个注意力头不能均分到 {gpus} 张 GPU：改为按层切分",
    "est.mla-replicated": "MLA 的潜在 KV 缓存在每个张量并行进程上各存一份",
    "est.kv-replicated": "{kv_heads} 个 KV 头分到 {tp} 张 GPU：KV 头需要复制",
    "est.fused-stack": (
        "按融合算子的实现估算（lit-gpt 的，TinyLlama 训练所用）：accelerate 命令运行的 HF transformers 自带模型代码"
        "保留未融合块的张量和 fp32 logits"
    ),
    "est.liger-stack": (
        "按 HF Trainer 上的 Liger Kernel 估算（启动命令打开 use_liger_kernel）：其融合的 RMSNorm、RoPE 和 SwiGLU 按 "
        "lit-gpt 的块计，损失按融合线性交叉熵计（linkedin/Liger-Kernel）"
    ),
    "est.selective-on-gpu": "选择性检查点把保存的内容留在 GPU 上：不做激活卸载",
    "est.data-parallel": "训练采用数据并行：每张 GPU 用自己的微批跑完整模型",
    "est.arriving": (
        "{batch} 个用户保持忙碌：每个完成的回复（{reply} token）由一个新的 {prompt} token 提示词接替，"
        "在运行中的解码步里预填充（分块预填充）"
    ),
    "est.qlora-rate": "QLoRA 每次前向和反向都要反量化 NF4 权重（bitsandbytes：每次 GEMM 前先生成 16 位权重副本）："
    "每个微批次 {tokens:,} token 时，GEMM 保留 bf16 数值的 {share:.0%}",
    "est.default-rate": lambda r, _say: _zh_default_rate(r, "--batch 设定每个微批的序列数", "；--mfu 可设定此利用率"),
    "est.fp8-rate": lambda r, _say: (
        f"FP8 训练：GEMM（占 BF16 单步的 {r.num('gemms'):.0%}）按 {r.num('tflops'):.0f} TFLOPS 的 FP8 峰值运行，其余同 BF16"
        + (
            f"，注意力也在其中（占计入 FLOPs 的 {r.num('attention'):.0%}：Float8 只转换 nn.Linear）"
            if r.fields.get("attention") is not None
            else ""
        )
        + f"：为 BF16 速率的 {r.num('speedup'):.2f} 倍，按 BF16 峰值的利用率计（DeepSeek-V3 报告 3.3 节）"
    ),
    "est.fp8-rate-te": (
        "Transformer Engine 上的 FP8 训练：BF16 单步的 {gemms:.0%} 按 {tflops:.0f} TFLOPS 的 FP8 峰值运行（其融合的归一化 + "
        "线性层转换与 FP8 激活比 GEMM 缩短得更多；H100 上的 Llama-3-70B：Megatron-LM BF16 为 415 TFLOPS，NeMo 24.07 FP8 为 "
        "738，由两个来源估算）：为 BF16 速率的 {speedup:.2f} 倍"
    ),
    "est.no-fp8": "{gpu} 的 FP8 张量核心不比 BF16 快：FP8 训练按 BF16 速率计",
    "est.restarts": (
        "{gpus:,} 张 GPU 上只有 {share:.1%} 的时间在训练：GPU 故障后需要重启（Llama 3 报告：16,384 张 H100 在 54 天内"
        "意外中断 419 次，有效时间超过 90%）"
    ),
    "est.steady-state": (
        "整个训练其余时间中 {share:.0%} 处于稳态训练步：保存检查点、评估和停顿占去其余（BLOOM-176B：最快配置下每 GPU "
        "156 TFLOP/s，108 万 GPU 小时平均 135）；基准测试的每 GPU token/秒 会相应更高"
    ),
    "est.fp32-attention": (
        "{arch} 不支持 bf16：Unsloth 以 fp16 训练这个 {model} 模型，注意力用 float32 计算（fp16 在其反向传播中溢出；"
        "{source}），因此注意力占的 {share:.1%} FLOPs 以该卡 {fp32:.1f} TFLOPS 的 fp32 速率运行，而不是张量核心的 "
        "{tflops:.0f}：时间 {slower:+.1%}（估计：fp32 内核按 GEMM 的利用率计）"
    ),
    "est.gemm-peak": "{arch} 在大矩阵乘中能达到峰值 {of:.0f} TFLOPS 中的 {tflops:.0f}（已发表的 GEMM 实测，见 docs/support.md）",
    "est.pro-gemm-measured": (
        "训练按 {card} 峰值 {of:.0f} TFLOPS 中的 {tflops:.0f} 计算：其大矩阵乘实测达到该全速率数字的 {share:.0%}，"
        "拟合利用率的显卡上为 {reference:.0%}（已发表的 PyTorch 矩阵乘基准，见 docs/support.md）"
    ),
    "est.pro-gemm-relative": (
        "训练按 {card} 峰值 {of:.0f} TFLOPS 中的 {tflops:.0f} 计算：在同时测试两者的一份已发表基准中，其训练吞吐为 "
        "{basis} 的 {ratio:.0%}，而 {basis} 的大矩阵乘有实测（见 docs/support.md）"
    ),
    "est.pro-gemm-estimate": (
        "训练按 {card} 峰值 {of:.0f} TFLOPS 中的 {tflops:.0f} 计算，为估计：此卡没有已发表的矩阵乘实测，也没有与同架构已实测卡同测的训练基准，"
        "因此取已实测的 {basis} 工作站与数据中心卡达到的峰值 {share:.0%}（见 docs/support.md）"
    ),
    "est.power-bound": lambda r, _say: (
        f"{r.num('watts'):.0f} W 的板卡把 GEMM 限制在 {r.num('tflops'):.0f} TFLOPS（每瓦 "
        + (f"{r.num('per_watt'):.2f}" if r.fields.get("arch") else f"{r.num('per_watt'):g}")
        + " TFLOPS，"
        + (f"取已实测的 {r.fields['arch']} 工作站与数据中心卡的持续值" if r.fields.get("arch") else "按提示词处理拟合")
        + f"），低于 {r.num('peak'):.0f} TFLOPS 的峰值：板卡功耗喂不饱张量核心的桌面卡会降频"
    ),
    "est.attention-rate": lambda r, _say: (
        f"注意力（序列 {r.fields['seq']}、头维度 {r.fields['head_dim']} 时占 FLOPs 的 {r.num('share'):.0%}）按其自身内核的速率计："
        f"{ZH_KERNEL_NAMES.get(str(r.fields['kernel']), r.fields['kernel'])} 前向 + 反向在此卡上实测 {r.num('tflops'):.0f} "
        f"TFLOPS（因果；{r.fields.get('source') or 'FlashAttention README'}），折合本估算计数的 {r.num('counted'):.0f} TFLOPS"
        + ("（含前向重算）" if r.fields.get("recomputed") else "")
        + f"，而该步的 GEMM 为 {r.num('gemm'):.0f}"
    ),
    "est.expert-gemms": lambda r, _say: (
        (
            f"在 NVLink 域内做 {r.fields['ep']} 路专家并行（Megatron-Core 的 MoE 指南）："
            if r.num("ep") > 1
            else "每张 GPU 用自己的 token 运行全部路由专家："
        )
        + f"每个专家的 GEMM 每个微批次只有 {r.num('rows'):,.0f} 行，模型的计算速率为大型稠密 GEMM 的 {r.num('rate'):.0%}"
        + (
            f"；token 的 all-to-all 分发与合并经 {r.fields['link']}，每张 GPU 增加 {r.num('hours'):,.1f} 小时"
            if r.num("ep") > 1
            else ""
        )
    ),
    "est.link-bound": lambda r, _say: (
        f"{r.num('wall'):,.1f} 小时中有 {r.num('hours'):,.1f} 小时在等待经 {r.fields['link']} 的分片权重收集："
        "决定时间的是链路而不是卡，同样链路上换更快的卡收益很小"
    ),
    "est.pipeline-bubble": lambda r, _say: (
        f"该运行的 {r.fields['pp']} 级流水线每步 {r.fields['micro']} 个微批次，空闲 {r.num('bubble'):.0%} 的计算时间"
        "（1F1B 的气泡，(p - 1) / m：Narayanan 等 2021）"
        + (f"，最忙的一级比平均多承担 {r.num('pace') - 1:.1%}" if r.num("pace") > 1 else "")
        + f"：{r.num('hours'):,.1f} GPU 小时"
    ),
    "est.scaling": lambda r, _say: (
        f"{r.fields['gpus']} 卡扩展效率 {r.num('scaling'):.0%}（梯度 all-reduce 经 {r.fields['over']}）"
    ),
    "est.sharded-gathers": lambda r, _say: (
        f"权重分片到 {r.fields['gpus']} 张 GPU：每个微批次经 {r.fields['link']}（约 {r.num('gbs'):.0f} GB/s）把 "
        f"{r.num('gb'):.1f} GB 权重收集到每张 GPU"
        + ("（先从系统内存拷入本卡的分片）" if r.fields.get("offload") else "")
        + f"：每步 {r.num('seconds'):.1f} 秒，其中 {r.num('exposed'):.1f} 秒超出该步的计算时间，墙钟时间 "
        f"+{r.num('hours'):,.1f} 小时"
    ),
    "est.offload-step": lambda r, _say: (
        f"优化器放在系统内存：每个优化器步（每张 GPU {r.fields['micro']} 个微批）由 {r.fields['runner']} 在 CPU 上更新 "
        f"{r.num('b'):.2f} B 参数，按内存 {r.num('gbps'):g} GB/s 的 {r.num('share'):.0%} 读写，GPU 等待 {r.num('cpu'):.1f} 秒"
        + (f"，再经 {r.fields['link']} 拷回 {r.num('back'):.1f} 秒" if r.num("back") >= 0.05 else "")
        + (f"，梯度拷贝超出反向传播 {r.num('grads'):.1f} 秒" if r.num("grads") >= 0.05 else "")
        + f"：共 {r.num('steps'):,.0f} 步，墙钟时间 +{r.num('hours'):,.1f} 小时"
        + (
            f"（未指定主机：按能容纳该任务内存的典型主机计，{r.fields['host_cpu']}，{r.fields['cores']} 核，"
            f"{r.fields['dimms']} 条 {r.fields['dimm_gb']} GB {r.fields['memory']}，{r.fields['channels']} 通道 "
            f"{r.fields['mts']} MT/s；用 --ram-bandwidth 指定你的主机）"
            if r.fields.get("host_cpu")
            else ""
        )
    ),
    "est.no-tokens": "未给出 --tokens：不估算训练时间",
    "est.file-weights": "权重大小取自文件头：精确为 {gib:.2f} GiB",
    "est.kept-in-ram": lambda r, _say: (
        ("MoE 专家" if r.fields.get("experts") else "")
        + (f"{'和 ' if r.fields.get('experts') else ''}{r.fields['layers']} 层" if r.fields.get("layers") else "")
        + f"放在系统内存（共 {r.num('gib'):.0f} GiB），按 {r.fields['gbps']:g} GB/s 的 {r.num('share'):.0%} 读取"
    ),
    "est.vllm-share": "vLLM 预先占用每张 GPU 的 {share:.0%}；任务必须放得进这一部分",
    "est.sglang-share": (
        "SGLang 把每张 GPU 的 {share:.1%} 用于权重和 KV 缓存池（--mem-fraction-static，按这张卡自动选取：{source}）；"
        "权重和 KV 缓存必须放得进这一部分，激活和运行时开销（{dynamic_gib:.2f} GiB）放在它留出的 {reserve_gib:.2f} GiB 里"
    ),
    "est.kv-pool": lambda r, _say: (
        (
            "llama-server 的各个槽位共用一个 KV 缓冲区（-kvu），"
            if r.fields.get("engine") == "llama.cpp"
            else f"{'SGLang' if r.fields.get('engine') == 'sglang' else 'vLLM'} 的分页 KV 缓存池"
        )
        + f"按 {r.num('streams'):,.0f} 路并发、每个请求典型 {r.num('typical'):,.0f} token 合计来定：取其总和的第 99 百分位，"
        f"{r.num('tokens'):,.0f} token（每路 {r.num('per_stream'):,.0f} token），至少容纳一个完整的 {r.num('window'):,.0f} "
        f"token 请求，而不是每路都按整个窗口（{r.num('every'):,.0f} token）；超出时"
        + (
            "llama-server 先清空空闲槽位，再停止一个正在运行的请求"
            if r.fields.get("engine") == "llama.cpp"
            else "引擎会抢占一个请求并稍后重算"
        )
        + f"（{r.fields['source']}）"
    ),
    "est.training-shape": lambda r, _say: (
        f"序列长度 {r.fields['seq']}，微批 {r.fields['batch']}，梯度检查点"
        f"{ {'on': '开', 'off': '关', 'selective': '选择性'}.get(str(r.fields['checkpointing']), '') }"
        + ("，融合算子" if r.fields.get("fused") else "")
    ),
    "est.metal": lambda r, _say: (
        f"llama.cpp 在 {r.fields['arch']} 上的 Metal 后端：权重按峰值带宽的 {r.num('share'):.0%} 读取（芯片实测拷贝带宽 x 读取系数），"
        f"另加每层 {r.num('us'):.0f} 微秒固定开销，两者都按 M4 到 M3 Ultra 的 Apple 实测拟合"
        "（ggml-org/llama.cpp 讨论 #4167、XiongjieDai 的表格）"
    ),
    "est.backend": lambda r, _say: (
        f"llama.cpp 在 {r.fields['arch']} 上的 {r.fields['backend']} 后端"
        + (
            f"：带宽利用率取自 {r.fields['card']} 跑 {r.fields['model']} 的 {r.fields['tps']:g} token/秒"
            f"（{_sentence(str(r.fields['note']))}；{r.fields['source']}）"
            if r.fields.get("card") is not None
            else "：没有这一后端在这一架构上的公开解码速度，因此用 CUDA 拟合的利用率"
            + (f" x {r.num('amd'):.2f}（RDNA 上的 ROCm/Vulkan，拟合值）" if r.fields.get("amd") is not None else "")
        )
    ),
    "est.cuda-experts": (
        "llama.cpp 的 CUDA 后端自 PR #19645（2026 年 2 月）起在设备上选择专家：量化专家按稠密速率的 {share:.0%} 流式读取"
        "（在 Vulkan 上实测，{where}），而不是 2023-25 年需与主机同步的版本的 {old:.0%}"
    ),
    "est.device-experts": (
        "llama.cpp 的 {backend} 后端在 GPU 上选择专家：量化专家按稠密速率的 {share:.0%} 流式读取，每个被选中的专家另加 "
        "{mb:.1f} MB（Strix Halo 上的 gpt-oss，{where}），而不是 CUDA 拟合的 {cuda:.0%}"
    ),
    "est.expert-cost": (
        "llama.cpp 的 {backend} 后端在解码的每一步中，每个被选中的专家、每个 MoE 层除专家权重的读取"
        "（按 CUDA 拟合的 {share:.0%}）外另需 {us:.1f} us：{note}（{where}）"
    ),
    "est.graphs": lambda r, _say: (
        "llama.cpp 把每个解码步的内核一次提交（"
        + (
            "CUDA graphs，llama.cpp 自 2024 年 5 月起"
            if r.fields.get("cuda")
            else "HIP graphs，llama.cpp 自 2026 年 5 月起"
            if r.fields.get("hip")
            else "Vulkan 命令缓冲区"
        )
        + f"）：每层比逐个内核从主机启动少 {r.num('us'):.0f} us"
    ),
    "est.mtp": (
        "用模型自带的 MTP 层做投机解码：每步 {k} 个草稿 token，前面的都被接受时每个的接受概率 p = {p:.3f} -> 每步 "
        "{per_step:.2f} token；{k_plus} token 的验证耗时 {verify_ms:.2f} ms，草稿 {k} x {draft_share:.3f} x "
        "{step_ms:.2f} ms -> {rate:.1f} token/秒（普通解码 {plain:.1f} 的 {ratio:.2f} 倍）"
    ),
    "est.mtp-source": (
        "MTP 接受率和草稿开销取自 llama-server --spec-type mtp 在 9 个混合提示词上的运行（{source}）；"
        "接受率取决于文本：重复性的代码更高，创作类文字更低"
    ),
    "est.draft": lambda r, _say: (
        f"用 {r.fields['model']}（{r.fields['precision']}）做草稿模型的投机解码：每步起草 {r.fields['k']} token，"
        f"每个 {r.num('draft_ms'):.2f} ms；前面的都被接受时每个的接受概率 p = {r.num('p'):.2f} -> 每步 "
        f"{r.num('per_step'):.2f} token；{int(r.num('k')) + 1} token 的验证耗时 {r.num('verify_ms'):.2f} ms"
        + (
            f"，主机对另外 {2 * int(r.num('k'))} 个位置采样 {r.num('sample_ms'):.2f} ms"
            if r.fields.get("sample_ms") is not None
            else ""
        )
        + f" -> {r.num('rate'):.1f} token/秒（普通解码 {r.num('plain'):.1f} 的 {r.num('rate') / r.num('plain'):.2f} 倍）；"
        f"p = {r.num('p_low'):.2f} 时 {r.num('low'):.1f} token/秒（{r.num('low') / r.num('plain'):.2f} 倍）"
    ),
    "est.draft-source": (
        "草稿接受概率 p = {p:.2f}，取自 llama.cpp 在 Llama 3.1 8B / 3.2 1B 组合上的计数（{source}），范围下端取 {p_low:.2f}"
        "（LLaMA 2 70B / 7B，PR #2926）；接受率取决于文本和模型组合：草稿太慢或文字类内容可能让投机解码得不偿失"
    ),
    "est.expert-loop": (
        "transformers 在 Python 里逐个运行 {layers} 个 MoE 层各自的 {experts} 个路由专家：每个专家每层 {us:.0f} us = "
        "每步 {ms:.1f} ms（Qwen3 速度基准，transformers 4.51）"
    ),
    "est.expert-loop-why": "HF transformers 的 MoE：专家在 Python 循环里运行（没有融合的 MoE 内核）；解码速度受此循环限制",
    "est.latency-floor": lambda r, _say: (
        "推理服务引擎小型依赖内核的延迟下限："
        + " + ".join(
            (
                [
                    f"{r.fields['moe_layers']} 个 MoE 层 x {r.num('moe_us'):.0f} us（路由、top-k、每个只处理少量 token 的专家内核、合并）"
                ]
                if r.fields.get("moe_layers")
                else []
            )
            + (
                [
                    f"{r.fields['mla_layers']} 个 MLA 层 x {r.num('mla_us'):.0f} us（吸收式注意力的投影、归一化和吸收内核）"
                ]
                if r.fields.get("mla_layers")
                else []
            )
            + (
                [
                    f"专家并行下 {r.fields['ep_layers']} 个 MoE 层各再加 {r.num('ep_us'):.0f} us"
                    "（--enable-expert-parallel：把 token 分发到专家所在的 GPU 再合并）"
                ]
                if r.fields.get("ep_layers")
                else []
            )
        )
        + f" = 每步 {r.num('ms'):.2f} ms，与批大小无关，适用于 "
        + _floor_release_zh(r)
        + "（按 DeepSeek-R1 和 Qwen3-235B 的运行拟合）"
    ),
    "est.mixed-share": "{card} {layers} 层（{share:.0%}），{gbps:.0f} GB/s",
    "est.mixed-layers": lambda r, say: (
        f"不同显卡（{r.fields['cards']}）按层切分，按显存分配，相当于 llama.cpp 的 --tensor-split {r.fields['split']}："
        f"{'，'.join(say(x) for x in r.nested('shares'))}。每张卡按自己的带宽依次读取自己的层，所以单步时间是各卡时间之和，"
        f"外加 {r.fields['hops']} 次交接，每次 {r.num('us'):.0f} us = {r.num('ms'):.2f} ms -> 每序列 {r.num('tps'):.1f} token/秒"
    ),
    "est.mixed-card": "{card} {gib:.1f} GiB（共 {gb:g} GB）",
    "est.mixed-total": lambda r, say: (
        f"负载最重的卡：{r.num('gib'):.1f} GiB；" + "；".join(say(x) for x in r.nested("cards"))
    ),
    "est.mixed-tensor": (
        "不同显卡（{cards}）张量并行：每层以一次 all-reduce 结束，所以每个进程都要等最慢的卡（{slow}，按 {n} 张计 "
        "{tps:.1f} token/秒）；每个进程持有同样大小的分片，所以最小的卡（{small}，{gb:g} GB）决定能放下多少"
        "（club-3090 #766：RTX 5090 + 3090 Ti 以 TP 2 运行，速度接近 3090 Ti）"
    ),
    "est.mixed-layers-why": (
        "混合 GPU（{cards}）：各层按每张卡的显存分配（llama.cpp 按空闲显存切分；启动命令的 --tensor-split 把它固定下来），"
        "解码时间是每张卡处理自己那些层的时间之和"
    ),
    "est.mixed-tensor-why": "混合 GPU（{cards}）张量并行：速度按最慢的卡，每个进程的显存按最小的卡",
    "est.layout-inference": "每个节点内经 {intra} 做 {tp} 路张量并行，节点间经 {inter} 做 {pp} 级流水线并行",
    "est.layout-tensor": "每个 {node} 卡节点内做 {tp} 路张量并行，那里有快速链路（{link}）：每层 4-6 次 all-reduce 需要它",
    "est.layout-pipeline": lambda r, _say: (
        f"{r.fields['pp']} 级流水线并行（每级约 {r.fields['layers']} 层"
        + (f"，交错 1F1B，每张 GPU {r.fields['chunks']} 个模型块" if r.fields.get("chunks") else "")
        + f"；每步 {r.fields['micro']} 个微批，流水线气泡占 {r.num('bubble'):.0%}）"
    ),
    "est.layout-context": "{cp} 路上下文并行：切分序列，使其激活值放得下",
    "est.layout-expert": lambda r, _say: (
        f"{r.fields['ep']} 路专家并行：每张 GPU 持有每个 MoE 层中的 {r.fields['experts']} 个专家，经 {r.fields['link']} "
        f"以 all-to-all 把 token 发往其他 GPU 的专家（前向与反向的分发与合并：每步 {r.num('seconds'):.2f} 秒）"
    ),
    "est.layout-data": lambda r, _say: (
        f"{r.fields['dp']} 路数据并行，经 {r.fields['link']}，"
        + {
            0: "不用 ZeRO",
            1: "ZeRO-1（切分优化器状态）",
            2: "ZeRO-2（切分优化器状态和梯度）",
            3: "ZeRO-3 / FSDP（参数也切分）",
        }[int(r.num("zero"))]
    ),
    "est.layout-recompute": lambda r, _say: (
        "开启激活重算"
        if r.fields.get("on")
        else f"选择性激活重算：{'、'.join(r.fields['modules'])}（Megatron-Core）"  # type: ignore[arg-type]
        if r.fields.get("modules")
        else "不做激活重算"
    ),
    "est.microbatch-to-amortise": lambda r, _say: (
        f"每张 GPU 的微批次提高到 {r.fields['batch']} 条序列：每个微批次都要收集整个分片后的模型，序列越多，同样的收集"
        f"分摊到越多的计算上（微批次 1 时 {r.num('hours'):,.0f} 小时，{r.fields['batch']} 时 {r.num('now'):,.0f} 小时）"
        + ("；为腾出显存已开启激活重算" if r.fields.get("recompute") else "")
    ),
    "est.recompute-to-fit": lambda r, _say: (
        "已开启激活重算"
        f"：不重算时最忙的 GPU 需要 {r.num('needed'):.1f} GiB，超过其可用的 {r.num('usable'):.1f} GiB；"
        f"在反向传播中重算各层激活可省 {r.num('saved'):.1f} GiB，计算量约多三分之一（放不下时实践者的第一步）"
    ),
    "est.parallelism": lambda r, say: "并行方式：" + "".join(say(x) for x in r.nested("layout")),
    "est.layout": lambda r, say: (
        "；".join(say(x) for x in r.nested("parts"))
        + f"：每张 GPU {r.num('gib'):.1f} GiB，可用 {r.num('usable'):.0f}（留出 {r.num('free'):.0%}），"
        f"放得下的最快布局（单步中计算占 {r.num('scaling'):.0%}）"
    ),
    "est.plan-memory": lambda r, _say: (
        f"{r.fields['layout']} 下每张 GPU：权重 {r.num('weights'):.2f} + 梯度 {r.num('gradients'):.2f} + 优化器 "
        f"{r.num('optimizer'):.2f} + 激活 {r.num('activations'):.2f} + 开销 {r.num('overhead'):.2f} = "
        f"{r.num('gib'):.2f} GiB，方案可用 {r.num('usable'):.2f} GiB（每张卡留出 {r.num('free'):.0%}）-> "
        + ("装得下" if r.fields.get("fits") else "装不下")
    ),
    "est.plan-time": lambda r, say: (
        f"单步 = 计算 {r.num('compute'):.2f} 秒 + 张量并行 {r.num('tensor'):.2f} 秒 + 流水线 {r.num('pipeline'):.2f} 秒 + "
        f"未被掩盖的数据并行 {r.num('data'):.2f} 秒"
        + (f" + 专家 all-to-all {r.num('expert'):.2f} 秒" if r.fields.get("expert") is not None else "")
        + f" + 重启和运行损耗 {r.num('restarts'):.2f} 秒 = {r.num('step'):.2f} 秒；"
        f"{r.num('steps'):,.0f} 步，每步 {r.num('m_tokens'):.1f}M token = {int(r.num('gpus')):,} 张 GPU 上墙钟 "
        f"{r.num('hours'):,.1f} 小时 = {r.num('gpu_hours'):,.0f} GPU 小时（扩展效率 {r.num('scaling'):.0%}）"
        + "".join(f"；{say(m)}" for m in r.nested("mfu"))
    ),
    "est.plan-mfu": lambda r, say: (
        f"{say(r.nested('mfu')[0])}：计算阶段利用率 {r.num('utilisation'):.0%}"
        + (
            f"（默认值减去 {r.num('less'):.0%}，因为 GEMM 被切成 {r.fields['ways']} 份）"
            if r.fields.get("less") is not None
            else ""
        )
        + f" x 单步中计算占 {r.num('scaling'):.0%}"
    ),
    "est.how-gemm": "fp16 GEMM 按 {peak:.0f} TFLOPS（FP16 累加）的 {share:.0%} 计",
    "est.how-metal": "Metal 的 simdgroup 矩阵内核按 GPU {peak:.1f} TFLOPS 的 {share:.0%} 计",
    "est.how-unified-family": "，按 {arch} 自身的提示处理实测再 x {factor:.2f}",
    "est.how-metal-tensor": "，{arch} 的 GPU 神经加速器（Metal 4 张量 API，llama.cpp 自 PR #16634 起）再 x {gain:.1f}",
    "est.how-gemm-bf16": "bf16 GEMM 按 {peak:.0f} TFLOPS（FP32 累加：cuBLAS 没有 bf16 累加模式）的 {share:.0%} 计",
    "est.how-power": "fp16 GEMM 受 {watts:.0f} W 板卡功耗限制，每瓦 {per_watt:g} TFLOPS（{peak:.0f} TFLOPS 的 {share:.0%}）",
    "est.how-mmq": "，量化块直接在 int8 张量核心上相乘（MMQ，llama.cpp 自 2024 年 6 月起）",
    "est.how-dequant": "，先把权重反量化为 fp16：x {factor:.2f}",
    "est.how-dp4a": "整数点积（没有张量核心），按 {tops:.0f} TOPS 的 {share:.0%} 计",
    "est.sglang-prefill-stall": "SGLang 把每个新到的提示词作为单独的预填充批次运行（{prefill_ms:.0f} ms），其间运行中的解码批次等待"
    "（--enable-mixed-chunk 默认关闭）：平均每个解码步 {ms:.1f} ms",
    "est.ep-busiest-rank": "专家并行分布在 {ranks} 张 GPU 上：每张 GPU 持有完整的专家，所以每一步要等持有最多被选中专家的那张 GPU（每个 MoE 层的 token 共选中 {touched:.1f} 个专家），比平均多读 {excess:.2f} 个专家（所有 MoE 层共 {gib:.2f} GiB）= 每步 {ms:.2f} ms",
    "est.sglang-triton-mla": "SGLang 的 triton MLA 解码内核：{layers} 个 MLA 层 x 平均深度 {depth} token x {ns:.0f} ns = 每步 {ms:.2f} ms",
    "est.sglang-eager-prefill": "SGLang 不用 CUDA graph 逐个启动提示词的内核：MoE 与 MLA 层延迟下限的 {factor:.0f} 倍，"
    "加上 all-reduce 的延迟 = 第一个 token 之前 {ms:.0f} ms",
    "est.vllm-request-cost": "vLLM 每个请求的固定开销（分词、调度、第一个流式输出块）= 第一个 token 之前 {ms:.0f} ms",
    "est.decode-gemm-measured": "{family} 上解码步的权重矩阵乘按 {tflops:.0f} TFLOPS 计：这一速率复现了在解码行数"
    "（64–256 token；{card}，ROCm/aiter 调优的 FP8 矩阵乘）下实测的内核时间，而非规格表峰值",
    "est.xgmi-allreduce-size": "{reduces:.0f} 次 all-reduce 每次传送 {kib:,.0f} KiB（本步各 token 的 bf16 隐藏状态）："
    "经 AMD Infinity Fabric（xGMI）在 {gpus} 张 GPU 之间，每次比小消息多用 {us:.1f} us"
    "（8 x MI300X 实测，RCCL 与 QuickReduce 两段式内核在各消息大小下取较快者：mk1-project/quickreduce）",
    "est.async-scheduling": "vLLM 异步调度：引擎每步 {ms:.2f} ms 的主机工作与 GPU 的上一步重叠（每步取两者中较长者）",
    "est.how-vulkan-driver": "，{arch} 的 Vulkan 构建在 {driver} 驱动下再 x {share:.2f}（其提示处理速度为 HIP 的这一比例，在同一张卡、同一构建、同一天测得：kyuz0 的 R9700 llama-bench pp512，构建 7423）",
    "est.how-vulkan-coopmat1": "，Vulkan 的 KHR_coopmat 着色器再 x {share:.2f}（此处驱动未向 llama.cpp 提供 NV_coopmat2；依据 RTX 3090 上 coopmat1 与 coopmat2 之比，llama.cpp PR #12135 与 #13506）",
    "est.how-vulkan-bf16": "BF16 权重走 Vulkan 的标量着色器（{arch} 的驱动向 llama.cpp 报告不支持 bf16，即 'bf16: 0'，用不上矩阵核心），按 {tflops:.1f} fp32 TFLOPS 的 {share:.0%} 计，依据其自身 BF16 提示处理实测",
    "est.how-vulkan-scalar": "Vulkan 着色器在向量单元上计算（驱动未向 llama.cpp 提供矩阵核心），按 {tflops:.1f} fp32 TFLOPS 的 {share:.0%} 计",
    "est.how-moe": (
        "；路由专家（占 FLOPs 的 {share:.0%}）在 {ubatch} token 的微批中各分到 {rows:.0f} 行，按稠密速率的 "
        "{efficiency:.0%} 运行（总体 x {overall:.2f}）"
    ),
    "est.how-fp4": "，MXFP4 专家在 Blackwell 的 FP4 张量核心上 x {speedup:.2f}（llama.cpp PR #17906，2025 年 12 月）",
    "est.how-delta-net": (
        "；另加 {layers} 个 Gated DeltaNet 层的 delta 规则，每块 64 token、逐块依次计算，"
        "按 {build} 的 llama.cpp 构建每个 value 头每块 {us:.0f} 微秒（占提示处理时间的 {share:.0%}）"
    ),
    "est.how-flash": "；FlashAttention 把注意力分数留在片上",
    "est.how-scores": "；另加 fp32 注意力分数经显存读写，平均 {tokens} token（没有 flash attention）",
    "est.how-peak": "按 {tflops:.0f} TFLOPS 的 {share:.0%} 计",
    "est.cpu-only": "仅 CPU：全部 {layers} 层和 KV 缓存都在系统内存 = {gib:.2f} GiB",
    "est.placement": lambda r, _say: (
        f"{r.fields['layers']} 层中 {r.fields['ngl']} 层在 GPU 上（-ngl），切分 {r.fields['split']}"
        + (
            f"；前 {r.fields['cpu_moe']} 层的专家放在内存（--n-cpu-moe {r.fields['cpu_moe']}）"
            if r.fields.get("cpu_moe")
            else ""
        )
        + (f"，其余 {r.fields['gpu_moe']} 层的专家在显存" if r.fields.get("gpu_moe") else "")
        + f"；系统内存中 {r.num('gib'):.2f} GiB"
    ),
    "est.gpu-share": "GPU 部分：每 token {gib:.2f} GiB，按 {gbps:g} GB/s 的 {share:.0%} 读取 = {ms:.2f} ms",
    "est.ram-share": lambda r, _say: (
        f"内存部分：每 token {r.num('gib'):.2f} GiB，按 {r.num('gbps'):.0f} GB/s 读取 + {r.fields['layers']} 层 x "
        f"{r.num('layer_us'):.0f} us"
        + (f" + {r.fields['trips']} 次 GPU<->CPU 往返 x {r.num('trip_us'):.0f} us" if r.fields.get("trips") else "")
        + (
            f"（瓶颈在 CPU 核心而非内存：{r.num('gflop'):.1f} GFLOP，每核每周期 {r.num('per_cycle'):.1f} FLOPs x "
            f"{r.num('core_ghz'):.0f} 核·GHz = {r.num('cores_ms'):.2f} ms）"
            if r.fields.get("cores_ms")
            else ""
        )
        + f" = {r.num('ms'):.2f} ms"
    ),
    "est.cpu-prefill": "CPU 预填充：每 token {gflop:.1f} GFLOP，按 {tflops:.2f} TFLOPS 的 {share:.0%} 计 = {rate:.0f} token/秒",
    "est.offload-prefill": lambda r, _say: (
        f"每个 {r.fields['ubatch']} token 的微批预填充：计算 {r.num('compute'):.3f} 秒（{_zh_how(r, _say)}）"
        f" + {r.num('gib'):.1f} GiB 放在内存的权重经 PCIe gen{r.fields['gen']} x{r.fields['lanes']} 以 "
        f"{r.num('gbps'):.0f} GB/s 传输 = {r.num('s'):.3f} 秒 -> {r.num('rate'):.0f} token/秒"
    ),
    "est.host-ram": "系统内存有效读取速度 {gbps:.0f} GB/s（峰值 {peak:.0f} GB/s）",
    "est.prefill-unfitted": lambda r, _say: (
        "预填充超出已测配置（没有拟合用的提示处理数据："
        + "，".join(
            part
            for part in (
                f"{r.fields['architecture']} 架构 GPU" if r.fields["architecture"] else "",
                f"{r.fields['backend']} 后端" if r.fields["backend"] else "",
                f"{r.num('params_b'):g}B 模型（拟合的最小模型 {r.num('smallest_b'):g}B）" if r.num("params_b") else "",
            )
            if part
        )
        + "）：其 80 % 区间来自其他配置，在此覆盖的实测更少"
    ),
    "est.prefill-pipeline": lambda r, _say: (
        f"llama.cpp 将这段 {r.fields['prompt']} token 的提示按 {r.fields['ubatch']} token 的微批在 {r.fields['gpus']} "
        f"张卡间流水执行（-sm layer）：微批重叠时最高可达所示单卡速率的 {r.num('gain'):.1f} 倍"
        "（4,096 token 实测：8B 模型在 2-8 张 RTX 4090 上为 1.6-2.9 倍，70B 模型在 2-4 张卡上没有提升），该数值及其区间未计入此增益"
    ),
    "est.numa": "双路 CPU：llama.cpp 不感知 NUMA，因此按单路 CPU 的带宽计",
    "est.host-buffer": lambda r, _say: (
        f"放在内存的权重位于 GPU 的锁页主机缓冲区（--no-mmap）：以链路的 {r.num('gbps'):.0f} GB/s 复制到显卡"
        if r.fields["buffer"] == "pinned"
        else f"放在内存的权重位于模型文件的可分页映射中（llama.cpp 默认的 mmap）：驱动逐次中转复制，{r.num('gbps'):.1f} GB/s；"
        "--no-mmap 可将其锁页（llama.cpp PR #28223）"
    ),
    "est.channels": "每路 CPU {of} 个内存通道中插了 {channels} 个（{dimms} 根内存）",
    "est.unbalanced": (
        "每路 CPU {channels} 个内存通道插了 {dimms} 根内存：有的通道 {busiest} 根、有的更少，读取全部内存要等最忙的通道，"
        "只相当于 {read:g} 个通道的带宽（每个通道应插得一样）"
    ),
    "est.dpc2": "每通道 2 根内存：{socket} 上的 {memory} 降到 {mts} MT/s",
    "est.ccd-limit": "{ccds} 个 CCD 经 GMI 链路最多读取 {gbps:.0f} GB/s（内存本身 {dram:.0f} GB/s）",
    "est.sockets": lambda r, _say: (
        f"{r.fields['sockets']} 路 CPU："
        + (
            "推理引擎感知 NUMA，带宽相加"
            if r.fields.get("numa_aware")
            else "单个进程只按一路 CPU 的带宽读取（llama.cpp --numa distribute 分散的是线程，不是权重）"
        )
    ),
    "est.ram-rate": lambda r, _say: (
        f"{r.fields['channels']:g} x {r.fields['mts']} MT/s x 8 B = 每路 {r.num('gbps'):.1f} GB/s；llama.cpp 读权重能达到其中的 "
        f"{r.num('share'):.0%}（{_ZH_FAMILIES.get(str(r.fields['family']), str(r.fields['platforms']))}平台）"
        f"= {r.num('effective'):.0f} GB/s"
    ),
    "est.ram-given": lambda r, _say: (
        f"给定峰值 {r.fields['gbps']:g} GB/s；llama.cpp 读权重能达到其中的 {r.num('share'):.0%}"
        f"（{_ZH_FAMILIES.get(str(r.fields['family']), str(r.fields['platforms']))}平台）= {r.num('effective'):.0f} GB/s"
    ),
    # the sheet's assembly notes
    "asm.server": "整台服务器（{name}）：上架，接电源和网络即可，无需组装。",
    "asm.nodes": lambda r, _say: (
        f"{r.fields['nodes']} 个相同节点；互联：{r.fields.get('interconnect') or '见 ' + str(r.fields['rule']) + ' 检查'}。"
    ),
    "asm.blower": "涡轮卡从挡板排风，可以紧挨着插；混插时涡轮卡放上面，风扇卡放最下面。",
    "asm.open-air-rail": "风扇卡装在机架横梁上：卡与卡之间至少留一张卡宽的空隙。",
    "asm.open-air": lambda r, _say: (
        f"风扇卡位于插槽 {slot_list(r.fields['slots'], '、')}：每张卡下方留空一个槽位；最下面的卡温度最低。"
        if "," in str(r.fields["slots"])
        else f"风扇卡位于插槽 {r.fields['slots']}：其下方留空一个槽位，让风扇能吸到风。"
    ),
    "asm.passive": "被动散热卡靠机箱风道的风扇散热：拆下风扇墙或导风罩时切勿运行。",
    "asm.risers": "把显卡固定在机架横梁上，每张卡通过延长线连接；运输时不要整机装好。",
    "asm.psu-sync": "用同步启动板连接各电源使其同时启动；每张卡只从一个电源取电。",
    "asm.bios-4g": "BIOS：开启 Above 4G Decoding 和 Resizable BAR（关闭 CSM）；大显存卡需要这两项。",
    "asm.bios-bifurcation": "BIOS：如果主板不会自动切换，请设置 PCIe 拆分/链路宽度，使 GPU 插槽以 {split} 运行。",
    "asm.bios-riser": "BIOS：把延长线插槽强制设为 PCIe Gen4（若 nvidia-smi -q 显示链路错误或链路变窄则设为 Gen3）。",
    "asm.nvme-shared": "每个 M.2 接口都与某个 GPU 插槽共用通道：硬盘改用 PCIe 转接卡，或接受更窄的 GPU 链路。",
    "asm.nvme": lambda r, _say: (
        f"NVMe 硬盘装在 {r.fields['chosen']}"
        + (f"；{r.fields['avoid']} 留空：它们与 GPU 插槽共用通道。" if r.fields.get("avoid") else "。")
    ),
    "asm.cap": "把每张 GPU 功耗限制在 {watts} W（额定 {tdp:.0f} W），以免超出电源和电路；每次开机运行：",
    "asm.build-nodes": "组装 {nodes} 个相同节点。",
    # an estimate in one line
    "sum.decode": lambda r, _say: (
        f"每序列 {r.num('tps'):,.1f} token/秒"
        + (f"（合计 {r.num('total'):,.0f} token/秒）" if r.fields.get("total") is not None else "")
    ),
    "sum.training": "训练 {hours:,.0f} 小时（{gpu_hours:,.0f} GPU 小时）",
    "sum.memory": lambda r, _say: (
        f"负载最重的 GPU 用 {r.num('gib'):.1f} GiB" + (f"，共 {r.num('of'):.1f} GiB" if r.fields.get("of") else "")
    ),
    "sum.cards": lambda r, say_: (
        f"{str(r.fields['nodes']) + ' 个节点 x ' if r.num('nodes') > 1 else ''}{say_(r.nested('cards')[0])}，"
        f"{_ZH_SPLITS.get(str(r.fields['split']), str(r.fields['split']) + ' 切分')}"
    ),
    # a build's cards (report.fit.gpus_said): a card sold as it is named, "modified" in the buyer's words
    "card.name": lambda r, _say: (
        str(r.fields["name"])
        + ("（魔改版）" if r.fields.get("modified") else f"（{r.fields['note']}）" if r.fields.get("note") else "")
    ),
    "card.count": lambda r, say_: (
        "无 GPU"
        if r.num("count") == 0 and r.nested("name")[0].fields.get("name") == "none"
        else f"{r.fields['count']} x {say_(r.nested('name')[0])}"
    ),
    "card.gpus": lambda r, say_: (
        (f"{r.fields['nodes']} 个节点 x " if r.num("nodes") > 1 else "")
        + " + ".join(say_(c) for c in r.nested("cards"))
    ),
    # the speed a claim is about
    "speed.user": "每用户 {tps:.1f} token/秒",
    "speed.training": lambda r, _say: (
        f"训练 {r.num('tps'):,.0f} token/秒（{_zh_tokens(r.num('tokens'))} token 需 {r.num('hours'):,.0f} 小时）"
    ),
    "speed.none": "没有训练时间",
    "speed.tps": "{tps:.1f} token/秒",
    "speed.hours": "{hours:,.0f} 小时",
}

_ZH_BELOW = "但低于阅读速度"
_ZH_SHORT = "但只能满足 {short:.0f}% 的需求"
"""A claim on a build that cannot serve its users' demand (reasons.SHORT, round 37)."""
_ZH_WAIT = "，首个 token 要等 {wait_s:.0f} 秒"
_ZH_CORES_BIND = "解码速度受 {cores} 个 CPU 核心的计算限制，而不是内存带宽（核心更多的 CPU 读同样的内存更快）"
"""reasons._CORES_BIND in Chinese."""
_ZH_MEASURED = "（按有实测依据的速度）"
_ZH_SUPPORTED = "（软件仍受支持的配置中）"
_ZH_TIER = ("（{quantized}）", "（原版质量）")
_ZH_OF_MEASURED = "、速度有实测依据的（更快的配置其速度无来源）"


def _zh_dearer(r: Reason) -> str:
    """The fastest claim's note where a dearer build is at most 3 % faster (ranking._as_fast_for_less), and which
    weights its builds run where the claim is split between the release's and quantized ones (_fastest_claim)."""
    text = ""
    if r.fields.get("quantized") is not None:
        text += f"（权重为 {r.fields['quantized']}，低于原版 {r.fields['released']}）"
    if r.fields.get("dearer") is None:
        return text
    gain = f"{100 * r.num('gain'):.1f}%" if r.fields.get("gain") is not None else "不到 1%"
    return text + f"（另一配置贵 {r.num('dearer'):,.0f} {r.fields['currency']}，只快 {gain}，估算分辨不出）"


def _zh_released(r: Reason) -> str:
    """The scope of a fastest claim made among the builds that run the release's own weights (_fastest_claim)."""
    released = r.fields.get("released")
    if released is None or r.fields.get("quantized") is not None:
        return ""
    return f"保持原版质量的（原版 {released} 权重，或评分与之相当的 8 位权重；列出的更低位宽配置更快）"


def _zh_value_released(r: Reason) -> str:
    """The scope of a "best value" made among the builds that run the release's own weights (ranking._quality_tier)."""
    released = r.fields.get("released")
    if released is None or r.fields.get("quantized") is not None:
        return ""
    return f"保持原版质量的配置中（原版 {released} 权重，或评分与之相当的 8 位权重；列出的更低位宽配置性价比更高）"


def _zh_places(r: Reason, one: bool = False) -> str:
    """Where "cheapest" counts its builds in Chinese: those listed, or the full plan's when fewer are shown (field
    `places`, ranking._cheapest_said); `one`: as "the only build" reads it."""
    if r.fields.get("places") is not None:
        return f"完整方案列出的 {r.num('places'):.0f} 个配置中"
    return "列出的配置中" if one else "列出"


def _zh_listed(r: Reason) -> str:
    """A cheaper build "cheapest" does not count: one listed, or one of the full plan's (field `places`)."""
    return "完整方案中" if r.fields.get("places") is not None else "列出的"


def _zh_unvalidated_aside(r: Reason) -> str:
    """common.reasons._unvalidated_aside in Chinese: the cheaper builds set aside for an unvalidated run, SUP-12's by
    their cards' GB against the published runs' (round 44)."""
    rules, beyond = beyond_split(r)
    text = f"（不计{_zh_listed(r)}更便宜的配置：其训练软件栈在该显卡上未经验证，{rules} 给出警告）" if rules else ""
    if beyond:
        cards = f"{r.num('beyond_gb'):.0f} GB" + (" 或更小" if r.fields.get("beyond_less") else "")
        text += (
            f"（不计{_zh_listed(r)}更便宜的配置：其显卡只有 {cards}，而基座放在系统内存的 QLoRA 的公开运行所用显卡都在 "
            f"{r.num('runs_gb'):.0f} GB 或以上，{r.fields.get('beyond_rule')} 给出警告）"
        )
    return text


def _zh_short_serves(r: Reason) -> str:
    """common.reasons._short_serves in Chinese: the share of the demand made, or (wait41) the share of a team's
    requests waiting for a free stream over SERVE's target."""
    if "waits" in r.fields:
        return (
            f"产量够，但有 {100 * r.num('waits'):.1f}% 的请求要等待超过 {r.num('wait_s'):g} 秒才有空闲并发路"
            f"（目标：至多 {100 * r.num('wait_share'):g}%）"
        )
    return f"只能满足 {min(100 * r.num('share'), 99):.0f}% 的需求"


def _zh_past_support(r: Reason, say: Say, what: str) -> str:
    """reasons.past_support_said in Chinese (`what`: "最便宜的", "最安静的"...)."""
    runs = r.fields.get("runs")
    if not isinstance(runs, Reason):
        return ""
    text = f"；这张卡已过厂商支持期，可运行的软件：{say(runs)}"
    if r.fields.get("supported_gpu") is not None:
        speed = r.fields.get("supported_speed")
        said = say(speed) if isinstance(speed, Reason) else f"每用户 {r.num('supported_tps'):.1f} token/秒"
        noise = f"{r.num('supported_dba'):.1f} dBA，" if r.fields.get("supported_dba") is not None else ""
        rank = f"，第 {r.num('supported_rank'):.0f} 名" if r.fields.get("supported_rank") is not None else ""
        text += (
            f"；软件仍受支持的配置中{what}是 {part_names(str(r.fields['supported_gpu']))}，{noise}"
            f"{r.num('supported_price'):,.0f} {r.fields['currency']}（{said}{rank}）"
        )
    return text


ZH_CLAIMS: dict[str, Template] = {
    "claim.cheapest": lambda r, say: eol_said(
        r, say, ("最便宜", "软件仍受支持的配置中最便宜"), _ZH_BELOW, _ZH_WAIT, _ZH_SHORT
    ),
    "claim.fastest-within-budget": qualified(
        "预算内最快", _ZH_BELOW, _ZH_WAIT, _ZH_MEASURED, _ZH_TIER, _ZH_SUPPORTED, short=_ZH_SHORT
    ),
    "claim.fastest": qualified("最快", _ZH_BELOW, _ZH_WAIT, _ZH_MEASURED, _ZH_TIER, _ZH_SUPPORTED, short=_ZH_SHORT),
    "claim.value": qualified("性价比最高", _ZH_BELOW, _ZH_WAIT, _ZH_MEASURED, _ZH_TIER, _ZH_SUPPORTED, short=_ZH_SHORT),
    "claim.quietest": qualified("最安静", _ZH_BELOW, _ZH_WAIT, short=_ZH_SHORT),
    "claim.grow": "可再加卡",
    "claim.cheapest-slow": qualified("最便宜但低于阅读速度", "", _ZH_WAIT, short=_ZH_SHORT),
    "claim.cheapest-with": "{name} 中最便宜",
    "claim.cheapest-vram": qualified("显存装下整个模型的配置中最便宜", _ZH_BELOW, _ZH_WAIT, short=_ZH_SHORT),
    "claim.misses": lambda r, _say: (
        (
            f"比要求的 {r.num('asked'):g} token/秒 慢 {r.num('by'):.1f}"
            if r.fields.get("target") == "speed"
            else f"超出 {r.num('asked'):g} 小时期限 {r.num('by'):.1f} 小时"
        )
        + f"：比 #{r.num('rank'):.0f} 便宜 {100 * r.num('share'):.0f}%"
    ),
    "claim.cheapest-vram-supported": qualified(
        "显存装下整个模型、软件仍受支持的配置中最便宜", _ZH_BELOW, _ZH_WAIT, short=_ZH_SHORT
    ),
    "claim.cheapest-serving": "满足需求的配置中最便宜",
    "claim.faster-for-little": "多花一点、快得多",
    "claim.quietest-serving": "满足需求的配置中最安静",
}
"""A build's claims as its label says them in Chinese (reasons.CLAIMS in English)."""


def _zh_shared(r: Reason, _say: Say) -> str:
    wait = r.fields.get("wait_s")
    short = _ZH_SHORT.format(short=r.num("short")) if r.fields.get("short") is not None else ""
    if not r.fields.get("below") and wait is None:  # round 37: only short of the demand (SERVE)
        return "均" + short.removeprefix("但")
    if r.fields.get("below") or wait is None:  # a shared qualifier is below reading speed, a wait, or both
        return "均低于阅读速度" + (f"，首个 token 要等 {r.num('wait_s'):.0f} 秒" if wait is not None else "") + short
    return f"首个 token 均要等 {r.num('wait_s'):.0f} 秒" + short


ZH_CLAIMS["claim.shared"] = _zh_shared
ZH_REASONS["claim.shared"] = lambda r, say_: "这些结论" + _zh_shared(r, say_)


ZH_OFFERS: dict[str, Template] = {
    "offer.cheaper": "价格更低",
    "offer.faster": "速度更高",
    "offer.release": "{precision} 原始精度",
    "offer.quieter": "噪音更低",
    "offer.card": "{name}",
    "offer.cards": lambda r, _say: f"{r.num('count'):.0f} 张卡",
    "offer.fewer-cards": lambda r, _say: f"仅 {r.num('count'):.0f} 张卡",
    "offer.ram": lambda r, _say: f"{r.num('gb'):,.0f} GB 内存",
    "offer.case": lambda r, _say: _ZH_CASE_FORMS.get(str(r.fields["form"]), "另一种机箱"),
    "offer.platform": "{socket} 平台",
    "offer.grow": "可再加一张卡",
    "offer.passes": "通过所有检查",
    "offer.prompt": "提示词不用久等",
    "offer.supported": "软件仍受支持",
    "offer.room": "房间放得下",
}
"""What a build without a claim or a kind offers, as its label says it in Chinese (reasons.OFFERS in English)."""


def offer_word(offer: Reason) -> str:
    """An offer as a build's label says it (solve.shown), in the sheet's (or window's) language."""
    return render(offer, ZH_OFFERS, OFFERS) if _language.get() == "zh_CN" else render(offer, OFFERS)


def claim_word(claim: Reason) -> str:
    """A claim as a build's label says it, in the sheet's (or window's) language."""
    return render(claim, ZH_CLAIMS, CLAIMS) if _language.get() == "zh_CN" else render(claim, CLAIMS)


_ZH_LOSS: dict[str, str] = {
    "fp32-upcast": "算损失时上转为 fp32",
    "bf16-loss": "直接在 16 位 logits 上算损失（模型代码不上转）",
    "chunked": "分块计算损失",
    "fused": "cut cross-entropy：不生成完整 logits",
    "fused-inplace": "融合交叉熵：只保留 16 位 logits，其梯度原地写入",
    "fused-linear": "Liger 的融合线性交叉熵：logits 按 token 分块计算，从不完整生成",
}
_ZH_FAMILIES: dict[str, str] = {
    "desktop": "桌面双通道",
    "amd_chiplet": "AMD Threadripper / EPYC ",
    "intel_mesh": "Intel Xeon 网格架构",
}
_ZH_STAND_IN: dict[str, str] = {
    "sglang": "两者都预先分配分页 KV 池（SGLang 的 --mem-fraction-static 按显卡显存选取），并用 CUDA graphs 连续批处理",
    "exllamav2": "量化内核按 llama.cpp 的速率读取，提示词分块处理，嵌入层放在系统内存",
    "exllamav3": "量化内核按 llama.cpp 的速率读取，提示词分块处理，嵌入层放在系统内存",
}
_ZH_TENSORS: dict[str, str] = {
    "token_embd": "词嵌入",
    "output": "输出层",
    "attn_v": "注意力 V",
    "attn_k": "注意力 K",
    "attn_output": "注意力输出",
    "ffn_down": "FFN 下投影",
    "other": "其余",
}


def _zh_how(r: Reason, say: Callable[[Reason], str]) -> str:
    how = r.fields.get("how")
    return _sentence(how) if isinstance(how, str) else "".join(say(part) for part in r.nested("how"))


def _zh_mix(r: Reason) -> str:
    """llama-quantize's tensor types (est.weights-gguf), the tensor classes a buyer reads in Chinese."""
    tensors, types = r.fields.get("tensors"), r.fields.get("types")
    if not isinstance(tensors, tuple) or not isinstance(types, tuple):
        return ""
    return "，".join(f"{_ZH_TENSORS.get(str(n), str(n))} {t}" for n, t in zip(tensors, types, strict=True))


_ZH_LINKS: dict[str, str] = {
    "NVLink": "NVLink",
    "PCIe": "PCIe",
    "the inter-node fabric (InfiniBand)": "节点间网络（InfiniBand）",
    "AMD Infinity Fabric (xGMI)": "AMD Infinity Fabric（xGMI）",
}


def _zh_loss(r: Reason) -> str:
    return _ZH_LOSS.get(str(r.fields.get("loss")), _sentence(str(r.fields.get("note"))))


def _zh_attention(r: Reason) -> str:
    kind = r.fields["attention"]
    if kind == "MLA":
        return "MLA 潜在向量"
    if kind == "MLA+indexer":
        return "MLA 潜在向量与索引器键"
    return "MHA" if kind == "MHA" else f"GQA（{r.fields['heads']} 个查询头 / {r.fields['kv_heads']} 个 KV 头）"


def _zh_kv(r: Reason) -> str:
    text = (
        f"KV 缓存 = 每 token 每层 {r.num('per_token'):.0f} 字节（{_zh_attention(r)}，{r.fields['kv']}）x "
        f"{r.fields['layers']} 个注意力层 x {r.fields['context']} token x {r.fields['batch']} 个序列"
    )
    if r.fields.get("window"):
        text += f"；{r.fields['window_layers']} 层只保留 {r.fields['window']} token 的滑动窗口"
    if r.fields.get("recurrent"):
        kind = "Mamba-2" if r.fields.get("mamba") else "线性注意力"
        text += f"；{r.fields['recurrent']} 个 {kind} 层保留固定状态 {r.num('state_gib'):.2f} GiB"
    if r.fields.get("twice"):
        text += (
            f"，解码峰值时存两份（{r.fields['twice']} 的远程代码用 torch.cat 重建元组缓存时，generate() "
            "仍持有上一步的缓存）"
        )
    return text + f" = {r.num('gib'):.2f} GiB"


def _zh_logits(r: Reason) -> str:
    return f"加上 logits s*b*vocab*{r.num('logit_bytes'):g} 字节（{_zh_loss(r)}）= {r.num('gib'):.2f} GiB"


def _zh_flops(r: Reason) -> str:
    basis = (
        "6 x N（前向 2N，反向 4N）"
        if r.fields.get("full")
        else "4 x N（前向 2N，反向 2N 只算激活梯度：冻结的权重不需要权重梯度）"
    )
    if r.fields.get("recomputed"):
        basis += " + 2 x N 重算前向（梯度检查点）"
    attention = (
        "注意力 12 x 层数 x d_attn x seq + 重算的注意力前向 4 x 层数 x d_attn x seq"
        if r.fields.get("attention_recomputed")
        else "注意力 12 x 层数 x d_attn x seq"
    )
    return (
        f"训练 FLOPs = （{basis} + {attention}）每 token = {r.num('gflop'):.1f} GFLOP x "
        f"{r.num('tokens'):.3g} token = {r.num('flops'):.3g} FLOP（Kaplan 等 2020；PaLM 附录 B）"
    )


_PRICING_ZH: dict[str, str] = {"on-demand": "按需", "spot": "竞价", "marketplace": "市场价", "reserved-1y": "包年"}
"""Cloud price tiers (catalog.models.Pricing) as Chinese cloud consoles name them."""


_ZH_MARKETS: dict[str, str] = {"global": "全球", "china": "中国"}
"""The rental markets a request names (tco.Market), as rental.no-offers says them."""


def _zh_in_market(r: Reason) -> str:
    """The words "中国境内" before a rental search held to mainland-China platforms (tco.rental_market), else nothing."""
    return "中国境内 " if r.fields.get("market") == "china" else ""


def _zh_against(r: Reason, say_: Callable[[Reason], str]) -> str:
    """A break-even's rental named where a cheaper one also serves the need (tco.as-fast): "相对于……，"."""
    against = r.nested("against")
    return f"相对于{say_(against[0])}，" if against else ""


def _zh_one(value: Any) -> str:
    return "?" if not isinstance(value, int | float) else f"{value:,.1f}"


def _zh_per_hour(value: Any) -> str:
    return "?" if not isinstance(value, int | float) else f"{value:,.2f}M token"


def _said_or_sentence(r: Reason, name: str, say_: Say) -> str:
    """A field's code in Chinese (`<name>_said`, or the field itself when it holds a code), else its words as they
    came (through the exact table: a source's own words)."""
    inner = r.nested(f"{name}_said") or r.nested(name)
    return say_(inner[0]) if inner else _sentence(str(r.fields.get(name, "")))


def _zh_estimate(text: str, word: str = "估算") -> str:
    """An estimate's reason in Chinese: through report.phrases' patterns when they cover it, else the catalog's own
    English note kept whole and labelled as the source's words, not run into a Chinese sentence."""
    said = _sentence(text)
    if said == text.strip() and re.search(r"[A-Za-z]{3,}", said):
        return f"{word}（目录原注，英文）：“{said}”"
    return f"{word}：{said}"


def _zh_estimate_of(r: Reason, say_: Say) -> str:
    """The reason's `estimate` in Chinese: from its code when it has one (`estimate_said`), else as _zh_estimate."""
    inner = r.nested("estimate_said") or r.nested("estimate")
    return f"估算：{say_(inner[0])}" if inner else _zh_estimate(str(r.fields.get("estimate", "")))


def _sentence(text: str) -> str:
    """A source's own words (no code yet) in the current language, through report.phrases' patterns."""
    from configurator.core.report import phrases  # phrases reads these tables: imported when a kind has no code

    return phrases.sentence(text)


# --------------------------------------------------------------------------- a build's checks

CheckTemplate = str | Callable[[Mapping[str, Any]], str]
"""A check's words from its fields: a format string, or a function of the fields."""


def check_text(check: Check, lang: str | None = None) -> str:
    """A build check's finding in `lang` ("en" or "zh_CN"; default: the sheet's or window's language), rendered from
    its rule, code and fields; the rule's own English (`check.message`) in English or for a finding the table lacks."""
    template = _zh_check(check) if (lang or _language.get()) == "zh_CN" else None
    if template is None:
        return check.message
    fields = {key: _zh_field(key, value) for key, value in check.fields.items()}
    circuit = check.fields.get("circuit_id")
    if (
        isinstance(circuit, str) and circuit in CIRCUITS
    ):  # the circuit's name rendered from its code (CIR-1, SITE-POWER)
        fields["circuit"] = render(circuit_said(circuit), ZH_REASONS, EN)
    said_json = check.fields.get("detail_said")
    if isinstance(said_json, str) and said_json:  # a finding's words held as a reason's JSON (CLUSTER's layout)
        fields["detail"] = render(from_json(json.loads(said_json)), ZH_REASONS, EN)
    said = template.format(**fields) if isinstance(template, str) else template(fields)
    # a mixed build's finding about one of its cards names it first (solve.mixed: "<card>: <finding>" in English)
    of_card = check.fields.get(OF_CARD)
    said = f"{of_card}：{said}" if isinstance(of_card, str) and of_card else said
    # a part named in it keeps its name as sold, its catalog note in Chinese (REGION said "NVIDIA GeForce RTX 4090 48GB
    # (Chinese-market board-modified) 对中国出口受限" in Chen's Chinese window, round 33's walk)
    return _zh_name_notes(said)


def _zh_check(check: Check) -> CheckTemplate | None:
    """The Chinese of a check's message: its rule's own (`Message.zh`), else the table's."""
    rule = REGISTRY.get(check.rule)
    said = next((m.zh for m in rule.messages if m.code == check.code), None) if rule is not None else None
    return said if said is not None else ZH_CHECKS.get((check.rule, check.code))


def _zh_field(key: str, value: Any) -> Any:
    """A field's English words a Chinese finding would quote as they are: a card named "the AMD Radeon ..." (it read
    "在 the AMD Radeon ... 上"). (A circuit's name is rendered from its code, the check's `circuit_id`: check_text.)"""
    if not isinstance(value, str):
        return value
    if key == "card" and value.startswith("the "):
        return value[4:]
    # a card's cooler kind and a board's platform are data words: "blower 卡可以紧挨着插", "5 块 GPU 用在 server 平台上"
    # on Chen's Chinese Checks tab (walk13); a CPU cooler's product name in the same field is kept as it is
    if key == "cooler":
        return ZH_COOLER_KINDS.get(value, value)
    if key == "platform":
        return ZH_PLATFORMS.get(value, value)
    if key == "noise":
        return _ZH_NOISE.get(value, value)  # a system's noise class: "满载时moderate" on a mini PC's NOISE-1 (walk14)
    if key == "limit" and value:
        # a unified-memory GPU's OS limit (MEM-FIT's `note` is the catalog's English; estimate/unified.MEMORY_LIMITS)
        return render(Reason.of(value), ZH_REASONS, EN)  # check_text renders Chinese only
    return value


def _zh_pair(f: Mapping[str, Any], i: int, room: int) -> str:
    """SLOT-1's card `i` and the one below it, each by its own width and cooler (compatibility._overlap, `room` 0, and
    _no_gap, 1, in Chinese; round 49)."""
    w, p = f["widths"], f["positions"]
    c = [ZH_COOLER_KINDS.get(x, x) for x in f["coolers"]]
    upper, lower = f"{p[i]} 号插槽的 {w[i]} 槽宽{c[i]}卡", f"{p[i + 1]} 号插槽的 {w[i + 1]} 槽宽{c[i + 1]}卡"
    if room == 0:
        return f"{upper}（占 {p[i]}–{p[i] + w[i] - 1} 号插槽）与 {lower}重叠"
    return f"{upper}与 {lower}之间没有空槽，风扇进不了风"


ZH_COOLER_KINDS = {"blower": "涡轮", "open-air": "风扇", "axial": "风扇", "passive": "被动散热", "liquid": "水冷"}
"""A GPU's cooler kind before 卡 in a check's Chinese ("{cooler}卡", no space: "涡轮卡")."""

ZH_PLATFORMS = {"consumer": "消费级", "hedt": "HEDT", "workstation": "工作站", "server": "服务器"}
"""A board's platform (catalog Platform) in a check's Chinese."""


def _zh_chipset(f: Mapping[str, Any]) -> str:
    return f"（{f['chipset']}）" if f["chipset"] else ""


def _zh_cached(f: Mapping[str, Any]) -> str:
    return f"（其中 {f['cached']:,} token 已缓存）" if f.get("cached") else ""


def _zh_prompt(f: Mapping[str, Any]) -> str:
    text = (
        f"提示词处理约 {f['tps']:,.0f} token/秒：{f['prompt']:,} token 的提示词{_zh_cached(f)}要等 {f['wait_s']:,.0f} 秒"
        "才出第一个 token"
    )
    return text + ("（超过一分钟：缩短提示词，或用 GPU 做预填充）" if f["wait_s"] > 60 else "")


def _zh_prompt_users(f: Mapping[str, Any]) -> str:
    text = (
        f"提示词处理约 {f['tps']:,.0f} token/秒：{f['prompt']:,} token 的提示词{_zh_cached(f)}要等 {f['wait_s']:,.0f} 秒"
        f"才出第一个 token，{f['users']} 个用户同时发送时最后一个要等 {f['shared_s']:,.0f} 秒"
    )
    return text + ("（超过一分钟：每台机器少服务几个用户，或用 GPU 做预填充）" if f["shared_s"] > 60 else "")


def _zh_links(f: Mapping[str, Any]) -> str:
    lanes = "/".join(f"x{n}" for n in f["lanes"])
    tail = (
        "（张量并行或训练流量）"
        if f["collectives"]
        else ""
        if f["gbps"] >= 15.7
        else "：按层切分只传激活值，足够；加载模型更慢"
    )
    return f"GPU 链路 {lanes}：最窄的单向 {f['gbps']:.1f} GB/s" + tail


_ZH_KEPT = {
    "offload": "训练卸载到 CPU 的部分",
    "weights": "从内存读取的权重和 llama.cpp 的主机缓冲",
    "buffers": "推理引擎的主机缓冲",
}


ZH_STACK_WORDS: dict[str, str] = {
    "vllm": "vLLM",
    "vllm-deepseek-v4": "vLLM 的 DeepSeek-V4 实现",
    "vllm-gated-deltanet": "vLLM 的 Gated DeltaNet（混合注意力）内核",
    "llama.cpp": "llama.cpp",
    "pytorch": "PyTorch",
    "bf16": "bf16",
    "fp8-compute": "FP8 计算",
    "vllm-weights": "vLLM {precision} 权重",
    "bnb-weights": "bitsandbytes {precision}",
    "fp8-kv": "vLLM FP8 KV 缓存",
    "flash-attention": "FlashAttention-2",
    "qlora": "QLoRA（bitsandbytes NF4）",
    "adamw-8bit": "8-bit AdamW（bitsandbytes）",
    "deepspeed": "DeepSpeed ZeRO / 卸载",
    "fsdp": "PyTorch FSDP 分片 / 卸载",
    "drivers": "驱动",
    "to-llama.cpp": "llama.cpp 可在这张卡上运行",
    "to-fp16-training": "改用 fp16 混合精度（带损失缩放）",
    "to-fp16": "用 fp16 运行模型",
    "to-16-bit": "改用 bf16/fp16 或 int4 格式",
    "to-int4": "在 vLLM 支持的卡上用 AWQ/GPTQ int4，或用 llama.cpp 跑 GGUF",
    "to-vllm-format": "改用 vLLM 在这张卡上能跑的格式（GGUF 或 fp16），或用 llama.cpp",
    "to-fp16-kv": "KV 缓存保持 fp16",
    "to-attention-memory": "为注意力多留显存和时间",
    "to-lora": "改用 16 位基座模型上的 LoRA",
    "to-adamw": "改用普通 AdamW",
    "to-fsdp": "可改用 PyTorch FSDP",
    "to-old-software": "不会再有新的驱动或框架版本",
    "fp16-training": "fp16 训练",
    "to-bf16-or-unsloth": "在支持 bf16 的卡（Ampere 或更新）上训练、用 fp32 训练，或用 Unsloth（--framework unsloth），它会让这类模型保持 float32",
    "to-ampere": "在 Ampere 或更新的 GPU（bf16 张量核心）上训练，或改用以 fp16 混合精度训练的框架（--framework peft、trl 或 unsloth）",
}
"""The Chinese of the configurator's own words in a support fact, by their code in support.STACK_WORDS (a test holds
the two tables to each other)."""


def _zh_framework_warning(r: Reason, say_: Say) -> str:
    notes = r.nested("note")
    if not notes:
        return str(r.fields["message"])
    advice = str(r.fields.get("advice_code") or "")
    return f"{r.fields['what']} 在 {_zh_field('card', r.fields['card'])} 上：{say_(notes[0])}" + (
        f"；{ZH_STACK_WORDS[advice]}" if advice else ""
    )


ZH_VLLM_HARDWARE = {
    "AMD GPUs": "AMD GPU",
    "Intel GPUs": "Intel GPU",
    "Blackwell (table stops at Hopper; FP8 page lists Blackwell)": "Blackwell（支持表只列到 Hopper；FP8 页面列出了 Blackwell）",
    "CDNA 1 (not a vLLM ROCm target)": "CDNA 1（不是 vLLM 的 ROCm 目标架构）",
    "GCN 5 (not a vLLM ROCm target)": "GCN 5（不是 vLLM 的 ROCm 目标架构）",
}
"""The columns of vLLM's quantization hardware table (support_facts._quant_row) that are not an architecture's name."""


def _zh_hardware(r: Reason) -> str:
    hardware = str(r.fields["hardware"])
    return ZH_VLLM_HARDWARE.get(hardware, hardware)


def _zh_fact(f: Mapping[str, Any]) -> str:
    """A support fact: what it is about and the advice in the configurator's own words by their codes
    (support.STACK_WORDS, `what_code` and `advice_code`: ZH_STACK_WORDS), the fact's note by its code (support.fact_note:
    `sup.*` in ZH_REASONS); a framework's name as it is, an advice without a code through the sentence patterns."""
    said = support.fact_note(f)
    note = say(said) if said is not None else _sentence(str(f["note"]))
    what = _zh_stack(f, "what") or str(f["what"])
    advice = _zh_stack(f, "advice") or (_sentence(str(f["advice"])) if f["advice"] else "")
    return f"{what} 在 {f['card']} 上：{note}" + (f"；{advice}" if advice else "")


def _zh_stack(f: Mapping[str, Any], name: str) -> str:
    coded = support.said_in(f, name)
    return ZH_STACK_WORDS[coded[0]].format(precision=coded[1]) if coded is not None else ""


ZH_CN.update(
    {
        # support.py's vLLM FP8 facts and SUP-3's advice: every FP8 build on a card before Ada carries them, the
        # usual-served source's (FP8 on vLLM for more than four users) too
        "no FP8 tensor cores: vLLM stores FP8 weights and runs them as weight-only W8A16 through FP8 Marlin "
        "(half the weight memory, computed in fp16, no FP8 speed-up)": (
            "没有 FP8 张量核心：vLLM 以 FP8 存储权重，通过 FP8 Marlin 以仅权重量化的 W8A16 运行"
            "（权重显存减半，以 fp16 计算，没有 FP8 加速）"
        ),
        # solve.plan._measured's note on a training build with no token count (the sheet's assumptions)
        "no --tokens given: timed for a reference job of 100 M tokens, so that builds are ranked by how fast they "
        "train; give --tokens for your own job": (
            "未指定训练 token 数（--tokens）：按 1 亿 token 的参考任务计时，以便按训练速度给配置排序；"
            "请填写你自己任务的 token 数"
        ),
        "use AWQ/GPTQ int4 where vLLM supports it, or GGUF with llama.cpp": (
            "在 vLLM 支持的卡上用 AWQ/GPTQ int4，或用 llama.cpp 跑 GGUF"
        ),
        "FP8 KV cache is stored in 8 bits to save memory but converted back to 16-bit for the attention math "
        "(no FP8 hardware)": "FP8 KV 缓存以 8 位存储以节省显存，但注意力计算时转回 16 位（没有 FP8 硬件）",
    }
)


ZH_CHECKS_HERE: dict[tuple[str, str], CheckTemplate] = {
    # compatibility (rules/compat.py)
    (compat.CpuBoard.id, "family"): lambda f: (
        f"{f['board']}{_zh_chipset(f)} 不支持 {f['cpu']}（{f['family']}）；它支持 {'、'.join(f['families'])}"
    ),
    (compat.CpuBoard.id, "listed"): lambda f: f"{f['cpu']} 在 {f['board']}{_zh_chipset(f)} 的 CPU 支持列表上",
    (compat.CoolerCase.id, "cooled"): lambda f: (
        f"{f['cooler']} 在{ZH_CHASSIS.get(str(f['kind']), str(f['kind']))}中散热"
        f"（{ {'desktop': '桌面', 'server-ducted': '服务器'}.get(str(f['airflow']), str(f['airflow'])) }风道）"
    ),
    # placement and memory (rules/compatibility.py)
    (compatibility.Placement.id, "placed"): lambda f: (
        # check_text gives the cooler kind in Chinese ("风扇"): the free slot is said for open-air cards, as in English
        f"{f['width']} 槽宽的{f['cooler']}卡插在 {slot_list(f['positions'], '、')} 号插槽"
        + ("，卡间留有空槽" if f["cooler"] == ZH_COOLER_KINDS["open-air"] and len(f["positions"]) > 1 else "")
    ),
    (compatibility.Placement.id, "overlap"): lambda f: (
        f"{f['width']} 槽宽的卡插在 {slot_list(f['positions'], '、')} 号插槽会重叠"
        if len(set(f.get("widths", ()))) < 2
        else "；".join(_zh_pair(f, i, 0) for i in compatibility.short_pairs(f, 0))
    ),
    (compatibility.Placement.id, "no-gap"): lambda f: (
        "风扇卡之间没有空槽，会互相抢风"
        if len(set(f.get("widths", ()))) < 2 and len(set(f.get("coolers", ()))) < 2
        else "；".join(_zh_pair(f, i, 1) for i in compatibility.short_pairs(f, 1))
    ),
    (compatibility.Placement.id, "placed-each"): lambda f: (
        "、".join(
            f"{w} 槽宽的{ZH_COOLER_KINDS.get(c, c)}卡插在 {p} 号插槽"
            for w, c, p in zip(f["widths"], f["coolers"], f["positions"], strict=True)
        )
        + ("，风扇卡下留有空槽" if "open-air" in f["coolers"][:-1] else "")
    ),
    (compatibility.Risers.id, "no-frame"): lambda f: (
        f"显卡用延长线装在{ZH_CHASSIS.get(str(f['kind']), str(f['kind']))}里：延长线上的卡只能挂在开放式机架上"
    ),
    (compatibility.RamForJob.id, "kept"): lambda f: (
        f"{f['kept_gb']:.0f} GB 放在系统内存中（{_ZH_KEPT[f['what']]}）：需要 {f['need_gb']:.0f} GB 内存"
    ),
    # the job (rules/job.py)
    (job.PromptWait.id, "wait"): _zh_prompt,
    (job.PromptWait.id, "wait-users"): _zh_prompt_users,
    # layout and links (rules/layout.py, rules/links.py)
    (links.LinkBandwidth.id, "links"): _zh_links,
    # the software stack (rules/software.py); a fact's note is the catalog's (English, with its source)
    **{(rule.id, "fact"): _zh_fact for rule in software.RULES if software.FACT in rule.messages},
}
"""The checks in Simplified Chinese, by (rule, code), whose words need this module's own (the chassis' and the cards'
names, the sentence patterns of a support fact): every other message carries its Chinese (`Message.zh`). A rule is
named by its object, as everywhere outside the rulebook (tests/core/test_check_words.py), never by its sentence."""

ZH_CHECKS: dict[tuple[str, str], CheckTemplate] = {
    **{(r.id, m.code): m.zh for r in REGISTRY.values() for m in r.messages if m.zh is not None},
    **ZH_CHECKS_HERE,
}
"""The checks in Simplified Chinese, by (rule, code): the rules' own (`Message.zh`) and the table above; a test renders
every registered message from these."""


ZH_CN.update(
    {
        # the sheet's own words (#31): header, power table, estimate rows (assembly notes: asm.* in ZH_REASONS)
        "catalog": "目录",
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
        "Short power spikes (about 100 us)": "瞬时功耗尖峰（约 100 微秒）",
        " (80 % range {0}-{1})": "（80 % 区间 {0}-{1}）",
        "PSU against spikes": "电源承受尖峰",
        "PSU capacity": "电源容量",
        "Wall draw": "墙插功耗",
        "Wall draw while one stream decodes": "单路解码时墙插功耗",
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
    }
)

ZH_CN.update(
    {
        # the sheet's power rows (report.sheet._power_rows), figures formatted by the template
        "Circuit limit on {0} x {1}": "电路上限（{0} 路 {1}）",
        ", by NEC 210.20(A): a prompt's burst plus 25 % of the decode draw": "，按 NEC 210.20(A)：提示的短时负载加解码持续负载的 25%",
        "{0:,.0f} W against the {1:,.0f} W breaker": "{0:,.0f} W，断路器额定 {1:,.0f} W",
        "{0:,.0f} W against {1:,.0f} W of breakers": "{0:,.0f} W，断路器合计额定 {1:,.0f} W",
        "{0:,.0f} W against {1:,.0f} W continuous ({2:.0f} %)": "{0:,.0f} W，持续上限 {1:,.0f} W（{2:.0f}%）",
        "{0:,.0f} W continuous": "可持续 {0:,.0f} W",
        ": OVER THE LIMIT": "：超出上限",
        " ({0:.0%} loaded)": "（负载 {0:.0%}）",
        "{0:,.0f} W = {1:,.0f} BTU/h": "{0:,.0f} W = {1:,.0f} BTU/h",
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
        "VAT": "增值税",
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
        "Site feeds for all nodes (the {0} check)": "所有节点的场地供电（{0} 检查）",
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
        "Next step up": "下一步升级",
        "Catalog prices with their dates; plan the step with --gpu and --gpus for the whole machine.": (
            "价格为目录价格及其日期；用 --gpu 和 --gpus 规划升级后的整机。"
        ),
        "Electricity a year": "每年电费",
        "Rental equivalent a month": "等效租用（每月）",
        "Break-even": "回本",
        "Rental that serves the need": "满足需求的租用",
        "Per million training tokens": "每百万训练 token",
        "After 1 year: own (net of resale) vs rent": "1 年后：自购（扣除转卖）对比租用",
        "After {years} years: own (net of resale) vs rent": "{years} 年后：自购（扣除转卖）对比租用",
        "After 1 year: own (net of resale)": "1 年后：自购（扣除转卖）",
        "After {years} years: own (net of resale)": "{years} 年后：自购（扣除转卖）",
        " (sold for {amount})": "（转卖 {amount}）",
        ": buying is cheaper": "：买更划算",
        # round 32: against the per-token API, when the break-even is reckoned against it
        "{against}; vs pay per token {api} {currency}": "{against}；对比按 token 付费 {api} {currency}",
        ": paying per token is cheaper": "：按 token 付费更划算",
        ": renting is cheaper": "：租更划算",
        "{against} (as fast as this build); {enough} {currency} (serves the need)": (
            "{against}（与本机同速的租用）；{enough} {currency}（满足需求的租用）"
        ),
        "vs": "对比",
        "training tokens/s": "训练 token/秒",
        "decode tokens/s per sequence": "每序列解码 token/秒",
        "GPUs": "GPU",
        "Cards ({currency})": "显卡（{currency}）",
        "per tok/s": "每 token/秒 的价格",
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
        "Best value first: the cards' price (the fewest that hold the job, at the build's condition) per {what}; "
        "per GB of VRAM; new and used prices side by side; this build's GPU is not among them. The rest of the "
        "machine is not in these prices.": (
            "按性价比从高到低：显卡价格（装得下任务的最少卡数，按本配置的新旧条件）除以{what}；每 GB 显存的价格；"
            "新品与二手价格并列；本配置的 GPU 不在其中。价格不含机器的其他部分。"
        ),
        "no equivalent rental": "没有等效的租用方案",
    }
)


ZH_CN.update(
    {
        # support.py's end-of-life facts (SUP-8 and the value table's caveats): the note whole, and its clauses as
        # phrases.sentence cuts them at ': '
        "Drivers": "驱动",
        "NVIDIA's 580 driver branch is the last for Maxwell, Pascal and Volta, CUDA 13 drops them, and PyTorch's "
        "CUDA 12.8+ wheels no longer include them": (
            "NVIDIA 580 驱动分支是支持 Maxwell、Pascal 和 Volta 的最后一个分支，CUDA 13 不再支持它们，"
            "PyTorch 的 CUDA 12.8 及更新的安装包也不再包含它们"
        ),
        "NVIDIA's 580 driver branch is the last for Maxwell, Pascal and Volta, CUDA 13 drops them, and PyTorch's "
        "CUDA 12.8+ wheels no longer include them: the card runs on older software only": (
            "NVIDIA 580 驱动分支是支持 Maxwell、Pascal 和 Volta 的最后一个分支，CUDA 13 不再支持它们，"
            "PyTorch 的 CUDA 12.8 及更新的安装包也不再包含它们：这张卡只能跑旧版软件"
        ),
        "PyTorch's CUDA 12.8/12.9 wheels dropped Maxwell, Pascal and Volta": (
            "PyTorch 的 CUDA 12.8/12.9 安装包不再支持 Maxwell、Pascal 和 Volta"
        ),
        "the CUDA 12.6 wheels still run them": "CUDA 12.6 的安装包仍能运行它们",
        "ROCm ended gfx906 maintenance in Q2 2024": "ROCm 已于 2024 年第二季度结束对 gfx906 的维护",
        "only older ROCm/PyTorch releases or community builds run it": "只能用旧版 ROCm/PyTorch 或社区构建运行",
        # check_stack's bf16 and vLLM facts for Pascal, Volta, Turing and Vega 20 cards (clause by clause)
        "no bf16 tensor cores": "没有 bf16 张量核心",
        "bf16 arrived with Ampere": "bf16 从 Ampere 开始支持",
        "no bf16 matrix hardware on Vega 20": "Vega 20 没有 bf16 矩阵硬件",
        "its successor CDNA 1 added MFMA": "其后继 CDNA 1 才加入 MFMA",
        "run the model in fp16": "用 fp16 运行模型",
        "llama.cpp runs this GPU": "llama.cpp 可在这张卡上运行",
        "vLLM needs compute capability 7.5 or newer": "vLLM 需要计算能力 7.5 或更高",
        "7.0 in releases up to 0.14": "0.14 及更早的版本为 7.0",
        "Pascal is 6.x": "Pascal 为 6.x",
        # the China preset's source, whole (its estimate and the resale sources are tco.* codes)
        "commercial (一般工商业) tariff, order of magnitude": "一般工商业电价，数量级",
        "{0}: {1}": "{0}：{1}",  # a card and its caveats (sheet.value_section)
    }
)

ZH_CN.update(
    {
        # round 45: the sources of the electricity presets (costs.tco.PRESETS) and of the shipped exchange rates
        # (catalogs/exchange-rates.toml), whole: a Chinese sheet, workbook or window had quoted them in English
        # (tests/core/test_zh_sources.py holds each shipped source to an entry here). Names of bodies, datasets and
        # files stay as written; the sentence around them is Chinese.
        "EIA Electric Power Monthly, Table 5.6.A (https://www.eia.gov/electricity/monthly/epm_table_grapher.php?"
        "t=table_5_06_a)": (
            "美国能源信息署（EIA）《Electric Power Monthly》（电力月报）表 5.6.A"
            "（https://www.eia.gov/electricity/monthly/epm_table_grapher.php?t=table_5_06_a）"
        ),
        "Eurostat, household electricity prices 1st half 2025: EU average EUR 28.72 per 100 kWh incl. taxes "
        "(dataset nrg_pc_204, press release 29 Oct 2025)": (
            "欧盟统计局（Eurostat）2025 年上半年居民电价：欧盟平均每 100 kWh 28.72 EUR，含税"
            "（数据集 nrg_pc_204，2025 年 10 月 29 日新闻稿）"
        ),
        "Eurostat, non-household electricity prices 1st half 2025: EU average EUR 19.02 per 100 kWh excluding VAT "
        "and other recoverable taxes (dataset nrg_pc_205; Statistics Explained, Electricity price statistics, data "
        "extracted October 2025): what a VAT-registered business pays, net": (
            "欧盟统计局（Eurostat）2025 年上半年非居民电价：欧盟平均每 100 kWh 19.02 EUR，不含增值税及其他可抵扣税"
            "（数据集 nrg_pc_205；Statistics Explained《Electricity price statistics》，2025 年 10 月提取的数据）："
            "即已登记增值税的企业实付的净价"
        ),
        "ECB euro foreign exchange reference rates, 6 October 2026 (USD 1.1269 and CNY 7.5554 per EUR), from a "
        "verbatim copy of that day's eurofxref-daily.xml": (
            "欧洲中央银行（ECB）欧元外汇参考汇率，2026 年 10 月 6 日（每欧元 1.1269 USD、7.5554 CNY），"
            "取自当日 eurofxref-daily.xml 的逐字副本"
        ),
    }
)

ZH_CN.update(
    {
        # round 47 (ways47): the citations room45 left in English on a Chinese sheet and PDF, whole: the noise sum's
        # formula and its source (model.noise.SUM_FORMULA, said by noise.sum) and the Vast.ai rental quotes' sources
        # and estimates (catalogs/cloud.toml, said by tco.offer). tests/core/test_zh_citations.py holds every Vast.ai
        # quote's source and estimate to an entry here. Titles, sites and file names stay as written.
        "L = 10 log10(sum N_i 10^(L_i/10)): HP Cluster Platform Site Preparation Guide, appendix D, formula 2": (
            "L = 10 log10(sum N_i 10^(L_i/10))：HP《Cluster Platform Site Preparation Guide》（集群平台场地准备指南）"
            "附录 D，公式 2"
        ),
        "chrisgmartin-github-io.pages.dev neocloud/vast-ai 'Hardware & Tiers' (RTX 3090 $0.20-0.30/hour)": (
            "chrisgmartin-github-io.pages.dev neocloud/vast-ai《Hardware & Tiers》（RTX 3090 每小时 0.20-0.30 USD）"
        ),
        "Fairlane Systems, 'Vast.ai' (as of 2026-05: RTX 3090 from 0.18/h interruptible)": (
            "Fairlane Systems《Vast.ai》（截至 2026-05：RTX 3090 可中断实例每小时 0.18 起）"
        ),
        "Fairlane Systems, 'Vast.ai' (as of 2026-05: RTX 4090 0.31/h interruptible up to 0.45/h on-demand)": (
            "Fairlane Systems《Vast.ai》（截至 2026-05：RTX 4090 可中断实例每小时 0.31，按需实例最高每小时 0.45）"
        ),
        "usagepricing.com 'Vast.ai pricing' (RTX 4090 on-demand 0.682-0.875/h, captured June 2026)": (
            "usagepricing.com《Vast.ai pricing》（RTX 4090 按需实例每小时 0.682-0.875，2026 年 6 月采集）"
        ),
        "Fairlane Systems, 'Vast.ai' (as of 2026-05)": "Fairlane Systems《Vast.ai》（截至 2026-05）",
        "tgarg01/silybench-data derived/csv/gpu_prices.csv (median of 4 verified rentable 1x offers, checked "
        "2026-10-19)": (
            "tgarg01/silybench-data derived/csv/gpu_prices.csv（4 个经验证、可租的单卡报价的中位数，2026-10-19 核对）"
        ),
        "lantern-works/gpu-cloud-prices (Hugging Face dataset), Vast.ai verified on-demand median per GPU, "
        "2026-10-29": (
            "lantern-works/gpu-cloud-prices（Hugging Face 数据集），Vast.ai 经验证按需实例每 GPU 中位价，2026-10-29"
        ),
        "only ranges are published: 0.20-0.30 USD/h typical (chrisgmartin Vast.ai guide, 2026), from 0.18 "
        "interruptible (Fairlane, May 2026); 0.25 is the middle of the typical range": (
            "只公布了价格区间：典型每小时 0.20-0.30 USD（chrisgmartin 的 Vast.ai 指南，2026），可中断实例 0.18 起"
            "（Fairlane，2026 年 5 月）；0.25 取典型区间的中值"
        ),
        "only ranges are published: 0.682-0.875 USD/h on-demand captured June 2026 (usagepricing.com), 0.31 "
        "interruptible to 0.45 on-demand in May 2026 (Fairlane); amounts are range middles or ends": (
            "只公布了价格区间：2026 年 6 月采集的按需实例每小时 0.682-0.875 USD（usagepricing.com），2026 年 5 月"
            "可中断实例 0.31 至按需实例 0.45（Fairlane）；金额取区间中值或端点"
        ),
    }
)

ZH_NAME_NOTES = {
    "Chinese-market board-modified": "国内魔改版，改板",
    "Chinese-market memory-modified": "国内魔改版，加显存",
    "modified": "魔改版",
    "China OEM, existing stock": "国内 OEM，现有库存",
    "legacy, ATX 2.x": "旧款，ATX 2.x",
    # the servers' and their boards' notes (round 33's walk: Chen's Chinese window and sheet read them in English)
    "4U, 8 GPUs, dual Xeon Scalable gen 1/2, PCIe 3.0": "4U，8 块 GPU，双路 Xeon Scalable 第 1/2 代，PCIe 3.0",
    "4U, 8 double-width GPUs, dual EPYC 9004/9005": "4U，8 块双宽 GPU，双路 EPYC 9004/9005",
    "8x AMD Instinct MI300X 192 GB": "8 块 AMD Instinct MI300X 192 GB",
    "China OEM: H3C, Inspur, Lenovo, xFusion": "国内 OEM：H3C、浪潮、联想、超聚变",
    "dual-slot server/OEM cards, e.g. MSI AERO S 24G, Manli": "双槽服务器/OEM 卡，如 MSI AERO S 24G、万丽",
    "rev. 1.x": "1.x 版",
    "e.g. AcBel, as shipped in an ASRock Rack 4U8G-TURIN2 review unit": "如 AcBel，ASRock Rack 4U8G-TURIN2 评测机所配",
    "ASRock Rack 4U8G-TURIN2 specification": "ASRock Rack 4U8G-TURIN2 规格",
    "as used in 4U 4-GPU chassis": "用于 4U 4-GPU 机箱",
    "AAAwave The Sluice, Veddha class": "AAAwave The Sluice、Veddha 一类",
    "M50FCP family": "M50FCP 系列",
    "X11 dual-socket boards": "X11 双路主板",
    "low profile": "矮版",
    "Gen4-rated, shielded": "Gen4 规格，带屏蔽",
    "3D-printed duct, 97 mm radial fan": "3D 打印导风罩，97 mm 离心风扇",
    "Add2PSU type": "Add2PSU 型",
    "NIC side, flat top": "网卡端，平顶",
    "switch side, finned top": "交换机端，带散热鳍片",
    "one 400 Gb/s link": "一条 400 Gb/s 链路",
    "used": "二手",  # a used base machine (catalogs/bases.toml: 'HP Z440 workstation, 700 W PSU (used)')
}
"""The catalog's notes in a part's name ('NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified)', its short
form 'RTX 4090 48GB (modified)', report.fit.short_gpu_name) in Chinese; the name itself stays as it is sold."""
_NAME_NOTE = re.compile(r" ?[(（](" + "|".join(re.escape(n) for n in ZH_NAME_NOTES) + r")[)）]")
_BOARD_OF = re.compile(r" ?[(（]board of the ([^()（）]+)[)）]")
"""A server's own board named for its server ('Supermicro X11DPG-OT-CPU (board of the SYS-4029GP-TRT)')."""
_LEGACY = re.compile(r" — legacy\b")
"""A part the catalog keeps for old builds ('... SYS-4029GP-TRT (4U, 8 GPUs, ...) — legacy')."""


def _zh_name_notes(text: str) -> str:
    """`text` with every catalog note of a part's name in Chinese (ZH_NAME_NOTES, a server's board, 'legacy')."""
    text = _NAME_NOTE.sub(lambda m: f"（{ZH_NAME_NOTES[m.group(1)]}）", text)
    text = _BOARD_OF.sub(lambda m: f"（{m.group(1)} 的主板）", text)
    return _LEGACY.sub("（旧款）", text)


FIELD_HELP_ZH: dict[str, str] = {
    # query/key norms and the shared expert's gate (catalogs/models.toml, arch41)
    "RMSNorm weights on each attention layer's queries and keys: 'head', one head-wide weight each, shared by every "
    "head (Qwen3's q_norm and k_norm); 'heads', one across all query heads and one across all key heads (MiniMax-M2's "
    "qk_norm_type per_layer)": (
        "每个注意力层对 query 和 key 的 RMSNorm 权重：'head' 为各一个单头宽度的权重，所有头共用（Qwen3 的 q_norm 与 "
        "k_norm）；'heads' 为一个覆盖全部 query 头、一个覆盖全部 key 头（MiniMax-M2 的 qk_norm_type per_layer）"
    ),
    # norms per layer and Gemma 4's per-expert scale (catalogs/models.toml, arch42)
    "hidden-wide norm weights in each decoder layer: 2, before attention and before the MLP; 4 where both outputs are "
    "normed too (Gemma 2, 3 and 4: post_attention_layernorm, pre_ and post_feedforward_layernorm); Gemma 4's MoE layers "
    "add three more and the router's scale (8). Nemotron-H's single-block layers keep one": (
        "每个解码层中隐藏维宽度的归一化权重个数：2，即注意力之前与 MLP 之前各一个；两处输出也做归一化时为 4"
        "（Gemma 2、3、4：post_attention_layernorm、pre_ 与 post_feedforward_layernorm）；Gemma 4 的 MoE 层再加三个"
        "归一化和路由器的缩放（8）。Nemotron-H 的单模块层只有一个"
    ),
    "a learned sink logit per query head in each attention layer, a softmax term no token holds (gpt-oss's sinks)": (
        "每个注意力层中每个 query 头一个可学习的 sink logit，即不属于任何 token 的 softmax 项（gpt-oss 的 sinks）"
    ),
    "per_expert_scale: one learned weight per routed expert in each MoE layer's router, scaling the chosen experts' "
    "outputs (Gemma 4)": (
        "per_expert_scale：每个 MoE 层的路由器为每个路由专家保留一个可学习权重，用来缩放被选中专家的输出（Gemma 4）"
    ),
    "shared_expert_gate: a sigmoid gate on the shared expert's output, one hidden -> 1 projection in each MoE layer "
    "(Qwen2-MoE, Qwen3-Next, Qwen3.5 MoE)": (
        "shared_expert_gate：共享专家输出上的 sigmoid 门控，每个 MoE 层一个 hidden -> 1 的投影"
        "（Qwen2-MoE、Qwen3-Next、Qwen3.5 MoE）"
    ),
    # MoE routers (catalogs/models.toml, round 40)
    "e_score_correction_bias: one value per routed expert in each MoE layer's router, the aux-loss-free balancing bias "
    "of DeepSeek-V3-style routing (config topk_method noaux_tc and kin)": (
        "e_score_correction_bias：每个 MoE 层路由器中每个路由专家一个值，即 DeepSeek-V3 式路由的无辅助损失负载均衡偏置"
        "（config 中 topk_method 为 noaux_tc 等）"
    ),
    # base machines (catalogs/bases.toml, round 38)
    "the CPU the listing's configuration carries": "商品配置所带的 CPU",
    "RAM the listing's configuration carries, GB": "商品配置所带的内存，GB",
    "peak bandwidth of that RAM, GB/s (channels filled x transfer rate x 8 bytes); none: not known, and no weights are "
    "kept in it": "该内存的峰值带宽，GB/s（已插满的通道数 × 传输速率 × 8 字节）；留空表示未知，此时不把任何权重放在其中",
    "storage the listing's configuration carries, GB": "商品配置所带的存储，GB",
    "the PSU's rated DC output, W (its label)": "电源的额定直流输出，W（以铭牌为准）",
    "the machine's own DC load under a GPU job, W: CPU TDP, board, RAM, drives, fans": (
        "运行 GPU 任务时整机自身的直流负载，W：CPU TDP、主板、内存、硬盘、风扇"
    ),
    "PCIe 6+2-pin GPU power plugs on the PSU's harness": "电源线束上的 PCIe 6+2-pin 显卡供电插头数",
    "PCIe 6-pin-only GPU power plugs on the PSU's harness": "电源线束上只有 6-pin 的 PCIe 显卡供电插头数",
    "positions of the electrically x16 slots, counted from the top (1)": "电气 x16 插槽的位置，从上往下数（第 1 个为 1）",
    "expansion-slot openings at the back of the case": "机箱背部的扩展槽挡板位数",
    "PCIe generation of the x16 slots": "x16 插槽的 PCIe 代数",
    "longest card the case takes, mm": "机箱能装下的最长显卡，mm",
    "what the buyer checks on the listing": "买家需在商品信息中核对的事项",
    "whether the firmware offers Resizable BAR (Intel Arc cards want it)": "固件是否提供 Resizable BAR（Intel Arc 显卡需要）",
    "AMD core chiplets (CCDs), from AMD's product page": "AMD 核心小芯片（CCD）数，取自 AMD 产品页",
    "an NVIDIA card's CUDA compute capability (6.1: sm_61), what a CUDA build targets (CMAKE_CUDA_ARCHITECTURES); set "
    "only with compute_capability_source": (
        "NVIDIA 显卡的 CUDA 计算能力（6.1 即 sm_61），CUDA 编译所针对的架构（CMAKE_CUDA_ARCHITECTURES）；"
        "须同时填写 compute_capability_source"
    ),
    "where compute_capability was read": "compute_capability 的出处",
    "board power idle with a model loaded, measured (nvidia-smi / rocm-smi)": (
        "加载模型后空闲时的板卡功耗，实测（nvidia-smi / rocm-smi）"
    ),
    "where idle_w is read, with the date (required with idle_w)": "idle_w 的出处及日期（填写 idle_w 时必填）",
    "wall draw on and idle, measured": "开机空闲时的墙插功耗，实测",
    "the PCIe generation each GPU's host link runs at, from the maker's spec page (required for a system of discrete "
    "GPUs: rules.links.BayGeneration reads it as it reads a server board's bays)": (
        "每块 GPU 与主机连接的 PCIe 代数，取自厂商规格页（独立 GPU 的整机必填："
        "rules.links.BayGeneration 读取它，与读取服务器主板的 GPU 槽位相同）"
    ),
    "CPU generation a board must list in cpu_families (e.g. 'xeon-w-2400', 'epyc-9004')": (
        "主板的 cpu_families 必须列出的 CPU 代别（如 'xeon-w-2400'、'epyc-9004'）"
    ),
    "DIMM slots per channel (1DPC or 2DPC boards)": "每通道的内存插槽数（1DPC 或 2DPC 主板）",
    "GB of memory on the card: 1 GB to 1 TB": "卡上显存 GB 数：1 GB 到 1 TB",
    "GB/s, peak": "GB/s，峰值",
    "GPUDirect peer-to-peer over PCIe (False on GeForce)": "经 PCIe 的 GPUDirect 点对点（GeForce 为 False）",
    "the PCIe generation the GPU bays run at, from the server's spec page (required with gpu_bays: the estimate times "
    "the cards' links at it and the search reads it: rules.links.BayGeneration)": (
        "GPU 插槽（bay）运行的 PCIe 代数，取自服务器规格页（有 gpu_bays 时必填：估算按它计算显卡链路时间，搜索也读取它："
        "rules.links.BayGeneration）"
    ),
    "GPUs on one card (the Arc Pro B60 Dual carries two, each with its own memory and x8 link): vram_gb, bandwidth and "
    "throughput are per GPU; tdp_w, size and connectors per card": (
        "一张卡上的 GPU 数（Arc Pro B60 Dual 有两个，各有自己的显存和 x8 链路）：vram_gb、带宽和算力按每个 GPU 计；"
        "tdp_w、尺寸和供电接口按每张卡计"
    ),
    "HF model_type, e.g. llama, qwen2, qwen3_moe, deepseek_v3": "HF 的 model_type，如 llama、qwen2、qwen3_moe、deepseek_v3",
    "N+N redundant modules: plan against half of included_psu_w": "N+N 冗余电源模块：按 included_psu_w 的一半规划",
    "None for a desktop or laptop": "台式机或笔记本留空（None）",
    "RDMA fabric between instances per GPU (None: not offered for clusters)": (
        "实例之间每 GPU 的 RDMA 网络（None：不提供集群）"
    ),
    "Spec sheet, datasheet or config.json URL": "规格表、数据手册或 config.json 的网址",
    "SwiGLU/GeGLU: three projection matrices": "SwiGLU/GeGLU：三个投影矩阵",
    "TDP, or PPT where the vendor gives one": "TDP，厂商给出 PPT 时用 PPT",
    "a native 12VHPWR/12V-2x6 socket (ATX 3.x excursion tested)": "原生 12VHPWR/12V-2x6 接口（通过 ATX 3.x 瞬时功率测试）",
    "absolute position table (GPT-3)": "绝对位置编码表（GPT-3）",
    "bridge family it fits, e.g. 'rtx3090', 'a6000'": "适配的桥接器系列，如 'rtx3090'、'a6000'",
    "bridge family, e.g. 'rtx3090', 'a6000', 'nvlink4-sxm'": "桥接器系列，如 'rtx3090'、'a6000'、'nvlink4-sxm'",
    "catalog GPU id, e.g. 'h100-sxm'": "目录中的 GPU 标识，如 'h100-sxm'",
    "compute-fabric NIC line rate per GPU (None: not built to cluster)": "每 GPU 的计算网络网卡线速（None：不组集群）",
    "cooling capacity as rated or estimated": "额定或估算的散热能力",
    "dense MLP width (for MoE: see moe)": "稠密 MLP 宽度（MoE 见 moe）",
    "dense tensor FP16 with FP32 accumulate": "稠密张量 FP16，FP32 累加",
    "expansion slots the cooler covers": "散热器占用的扩展槽位数",
    "for GPU servers: double-width GPU bays": "GPU 服务器：双宽 GPU 槽位",
    "gated attention: q_proj also emits a per-head output gate (Qwen3-Next)": (
        "门控注意力：q_proj 还为每个注意力头输出一个门（Qwen3-Next）"
    ),
    "per-head output gate: a g_proj of one scalar per query head (Laguna)": (
        "按头输出门控：g_proj 为每个查询头输出一个标量（Laguna）"
    ),
    "Kimi Delta Attention layers beside the softmax ones (Kimi Linear, GLM-5.3-Flash)": (
        "与 softmax 注意力层并列的 Kimi Delta Attention 层（Kimi Linear、GLM-5.3-Flash）"
    ),
    "linear_attn_config num_heads: KDA heads": "linear_attn_config num_heads：KDA 头数",
    "linear_attn_config head_dim: key and value width per head": "linear_attn_config head_dim：每个头的键和值宽度",
    "linear_attn_config short_conv_kernel_size: the q/k/v short convolutions": (
        "linear_attn_config short_conv_kernel_size：q/k/v 短卷积的核长"
    ),
    "rotary key width shared by the heads; 0: none (GLM-5.3-Flash's NoPE MLA)": (
        "各头共享的旋转位置键宽度；0：无（GLM-5.3-Flash 的无 RoPE MLA）"
    ),
    "the MLA layers' sparse-attention indexer, counted (GLM-5.3-Flash); None: not counted": (
        "MLA 层的稀疏注意力索引器，计入参数与缓存（GLM-5.3-Flash）；None：不计入"
    ),
    "mHC residual streams beside MLA and KDA layers (GLM-5.3-Flash hc_mult); DeepSeek-V4 keeps its own in "
    "compressed_attention": "与 MLA、KDA 层并行的 mHC 残差流数（GLM-5.3-Flash 的 hc_mult）；DeepSeek-V4 的记在 compressed_attention 中",
    "index_n_heads": "index_n_heads：索引器头数",
    "index_head_dim": "index_head_dim：索引器每头宽度",
    "index_topk: tokens each query attends to": "index_topk：每个查询关注的 token 数",
    "index_kpool: tokens pooled into one indexer key (1: none)": "index_kpool：合并为一个索引键的 token 数（1：不合并）",
    "0-based indexes of the softmax-attention layers; every other layer is KDA": (
        "softmax 注意力层的序号（从 0 起）；其余各层都是 KDA 层"
    ),
    "query heads of the full layers where they differ from the sliding ones (Laguna); None: the same": (
        "全注意力层的查询头数（与滑动窗口层不同时，Laguna）；None：相同"
    ),
    "highest officially supported MT/s": "官方支持的最高 MT/s",
    "how many layers use the window (None: all when sliding_window is set)": (
        "使用滑动窗口的层数（None：设置了 sliding_window 时全部层）"
    ),
    "how the throughput figures were read from the spec sheet": "算力数字如何从规格表读出",
    "id of the CPU": "CPU 的标识",
    "id of the GPU it carries ('integrated' for a unified-memory system)": "所带 GPU 的标识（统一内存系统为 'integrated'）",
    "id of the board a GPU-server barebone comes with": "GPU 服务器准系统自带主板的标识",
    "id of an accessory each GPU in this case needs, bought per card (a blower shroud on a passive card)": (
        "该机箱中每块 GPU 都需配的配件标识，按卡购买（被动散热卡上的涡轮导风罩）"
    ),
    "id of the card this is a China-market variant of": "本卡作为其中国市场版本的原卡标识",
    "line rate of one port, Gb/s": "单个端口的线速，Gb/s",
    "lowest AC input for full rated output": "满额定输出所需的最低交流输入",
    "memory channels the board wires per socket": "主板每个插槽连接的内存通道数",
    "multi-token-prediction layers shipped beside the model (not counted in params)": (
        "随模型一起发布的多 token 预测层（不计入参数量）"
    ),
    "no fan of its own: works only where server fans force air through it (R4)": (
        "自身无风扇：只能在服务器风扇强制送风处工作（R4）"
    ),
    "not a vendor product: memory or board reworked by a refurbisher (no warranty, no vendor support)": (
        "非厂商产品：由翻新商改过显存或电路板（无保修，无厂商支持）"
    ),
    "not legally sold into China": "不能合法销往中国",
    "officially supported MT/s with two DIMMs per channel (None: not published)": (
        "每通道两条内存时官方支持的 MT/s（None：未公布）"
    ),
    "ports of a switch or NIC": "交换机或网卡的端口数",
    "precision the released weights are stored in (None: not recorded)": "发布的权重所用的存储精度（None：未记录）",
    "published active parameters per token, billions": "公布的每 token 激活参数量，十亿",
    "published total parameters, billions": "公布的总参数量，十亿",
    "riser signal rating": "延长线的信号等级",
    "server GPU bays (double-width, x16 each) instead of desktop slot geometry": (
        "服务器 GPU 槽位（双宽，各 x16），而非台式机插槽布局"
    ),
    "server chassis that ship with PSUs: all modules": "自带电源的服务器机箱：全部模块合计",
    "slot distance a bridge spans": "桥接器跨越的槽位距离",
    "the wall circuit an electrician's work adds, e.g. '120v20a'": "电工新增的墙插电路，例如 '120v20a'",
    "system maximum from the spec sheet": "规格表中的系统最大值",
    "the lowest power cap the driver accepts, W (nvidia-smi -q -d POWER 'Min Power Limit', amdgpu power1_cap_min); "
    "set only where a report says so, with power_limit_source": (
        "驱动接受的最低功耗上限，W（nvidia-smi -q -d POWER 的 'Min Power Limit'，amdgpu 的 power1_cap_min）；"
        "仅在有报告说明时填写，并填 power_limit_source"
    ),
    "total bidirectional GB/s": "双向合计 GB/s",
    "typical draw of a switch": "交换机的典型功耗",
    "usable lanes from the CPU (chipset link excluded)": "CPU 提供的可用通道数（不含芯片组链路）",
    "where power_limit_min_w was read (a URL and what it shows)": "power_limit_min_w 的出处（网址及其所示内容）",
    "where usable_vram_gib was read (a URL and what it shows)": "usable_vram_gib 的出处（网址及其所示内容）",
    (
        "GiB the driver offers: nvidia-smi's memory total (MiB / 1024) in the card's shipped ECC mode (a data-center "
        "GDDR6 card ships with ECC on, which keeps 1/16 of the memory: 48 GB shows 46,068 MiB); set only where a report "
        "prints it, with usable_vram_source. The estimates fill this, not vram_gb"
    ): (
        "驱动实际提供的显存，GiB：nvidia-smi 报告的总显存（MiB / 1024），按出厂的 ECC 设置（数据中心 GDDR6 卡出厂开启 ECC，"
        "占去 1/16 显存：48 GB 显示为 46,068 MiB）；仅在有报告印出时填写，并填 usable_vram_source。估算按此值而非 vram_gb 装填"
    ),
    "which linear layers carry biases: none, q/k/v only (Qwen2), all (GPT-3)": (
        "哪些线性层带偏置：无、仅 q/k/v（Qwen2）、全部（GPT-3）"
    ),
    "which weights carry native_precision, e.g. 'routed experts'": "哪些权重采用 native_precision，如 'routed experts'",
}
"""The catalog's field descriptions (models.py, the editor's tooltips) in Chinese, keyed by their English."""


def part_names(text: str) -> str:
    """`text` with the notes of the part names in it in the current language (ZH_NAME_NOTES); as it is in English."""
    if current() != "zh_CN":
        return text
    return _zh_name_notes(text)


# The window's words for codes whose English names a command-line option ("give --prompt for your own"): the window
# has no flags, it has fields; each names the field as the window labels it (`self.tr` in qt/requirements.py and its
# Chinese in resources/translations: "Prompt", 提示词). The command line and the sheets keep EN and ZH_REASONS.
WINDOW_EN: dict[str, Template] = {
    # the compute-phase rate: the fine-tuning tab sets the micro-batch and has no rate field, the pretraining tab
    # sets the rate and trains one sequence a micro-batch (qt/requirements.py: "Micro-batch", "Compute util.")
    "est.default-rate": lambda r, _say: default_rate(
        r,
        "the Micro-batch field sets the sequences per micro-batch"
        if r.fields.get("job") == "finetune"
        else "one sequence per micro-batch",
        "" if r.fields.get("job") == "finetune" else "; the Compute util. field sets this rate",
    ),
    "est.typical-prompt": lambda r, _say: (
        f"no prompt length given: the first token is timed for a typical {r.num('prompt'):,.0f}-token prompt"
        + (
            f" ({TRACE_STATISTICS.get(str(r.fields['statistic']), r.fields['statistic'])} of "
            f"{TRACE_WORDS.get(str(r.fields['trace']), r.fields['trace'])})"
            if r.fields.get("trace")
            else ""
        )
        + f", not the whole {r.num('context'):,.0f}-token context (set the Prompt field for your own)"
    ),
    # a build's kind in its label (the Chinese says no flag: ZH_REASONS serves the window as it is)
    "kind.usual-gguf": "at {precision}, llama.cpp's usual GGUF: Weights left on auto",
    "kind.release-in-ram": lambda r, _say: (
        f"at {r.fields['precision']}, the GGUF of the {r.fields['released']} release, scored as the release: Weights "
        "left on auto"
        if r.fields.get("released")
        else f"at {r.fields['precision']}, scored as the release at about half its bytes read from RAM: Weights left "
        "on auto"
    ),
    "kind.release-on-cards": "at {precision}, scored as the release at about half its bytes on the cards: Weights left on "
    "auto",
    "kind.usual-kv": "{precision} KV cache: KV cache left on auto",
    "kind.usual-served": "at {precision}, quantized by vLLM on load for several users: Weights left on auto",
    "kind.usual-served-4bit": "at {precision}, a 4-bit checkpoint vLLM serves to several users: Weights left on auto",
    "kind.released-served": "at {precision} as released, served by vLLM for several users: Weights left on auto",
    "kind.released-as": lambda r, _say: f"at {released_precision(r)} as released: Weights left on auto",
    "kind.serving-engine": lambda r, _say: (
        f"served with {ENGINE_NAMES.get(str(r.fields['engine']), r.fields['engine'])}: {r.fields['users']} users, "
        "Engine left on auto"
    ),
    # the fine-tuning tab has no framework field: the window names no flag and no field (the window's label had read
    # "with Unsloth on one GPU: no --framework given", round 24)
    "kind.usual-finetune": lambda r, _say: f"{usual_finetune(r)}: the usual framework for adapters",
}
WINDOW_ZH: dict[str, Template] = {
    "est.default-rate": lambda r, _say: _zh_default_rate(
        r,
        "“微批次”一栏设定每个微批的序列数" if r.fields.get("job") == "finetune" else "每个微批一个序列",
        "" if r.fields.get("job") == "finetune" else "；可在“计算利用率”一栏设定此利用率",
    ),
    "est.typical-prompt": lambda r, _say: (
        f"未填写提示词长度：首个 token 的等待按常见的 {r.num('prompt'):,.0f} token 提示词计算"
        + (
            f"（{ZH_TRACES.get(str(r.fields['trace']), str(r.fields['trace']))} 的"
            f"{ZH_TRACE_STATISTICS.get(str(r.fields['statistic']), str(r.fields['statistic']))}）"
            if r.fields.get("trace")
            else ""
        )
        + f"，而不是整个 {r.num('context'):,.0f} token 的上下文（可在“提示词”一栏填写你自己的）"
    ),
}
_WINDOW_EN: Mapping[str, Template] = ChainMap(WINDOW_EN, EN)
_WINDOW_ZH: Mapping[str, Template] = ChainMap(WINDOW_ZH, ZH_REASONS)


def field_help(description: str) -> str:
    """A catalog field's description (the editor's tooltip) in the current language; as written where it has none."""
    return FIELD_HELP_ZH.get(description, description) if current() == "zh_CN" else description


# ---------------------------------------------------------------------------------------
# A catalog record's choices (the Literal fields of core.catalog.models) as the catalog editor offers them: the
# record keeps its key ("consumer"), a person reads the word (the Chinese editor offered "nvidia", "consumer")

CHOICES: dict[str, tuple[str, str]] = {
    # vendors: names as the makers write them, in either language
    "nvidia": ("NVIDIA", "NVIDIA"),
    "amd": ("AMD", "AMD"),
    "intel": ("Intel", "Intel"),
    # markets and platforms
    "consumer": ("consumer", "消费级"),
    "workstation": ("workstation", "工作站"),
    "datacenter": ("data center", "数据中心"),
    "hedt": ("HEDT (high-end desktop)", "HEDT（高端桌面）"),
    "server": ("server", "服务器"),
    # GPU form factors and coolers
    "pcie": ("PCIe card", "PCIe 卡"),
    "sxm": ("SXM module", "SXM 模组"),
    "oam": ("OAM module", "OAM 模组"),
    "blower": ("blower", "涡轮"),
    "open-air": ("open-air fans", "开放式风扇"),
    "passive": ("passive (needs chassis airflow)", "被动散热（靠机箱风道）"),
    "liquid": ("liquid", "水冷"),
    # boards, cases, power supplies
    "mini-itx": ("Mini-ITX", "Mini-ITX"),
    "micro-atx": ("Micro-ATX", "Micro-ATX"),
    "atx": ("ATX", "ATX"),
    "e-atx": ("E-ATX", "E-ATX"),
    "eeb": ("EEB", "EEB"),
    "ceb": ("CEB", "CEB"),
    "server-proprietary": ("server, proprietary", "服务器专用"),
    "sfx": ("SFX", "SFX"),
    "crps": ("CRPS", "CRPS"),
    "2.x": ("ATX 2.x", "ATX 2.x"),
    "3.0": ("ATX 3.0", "ATX 3.0"),
    "3.1": ("ATX 3.1", "ATX 3.1"),
    "bronze": ("80 PLUS Bronze", "80 PLUS 铜牌"),
    "silver": ("80 PLUS Silver", "80 PLUS 银牌"),
    "gold": ("80 PLUS Gold", "80 PLUS 金牌"),
    "platinum": ("80 PLUS Platinum", "80 PLUS 白金牌"),
    "titanium": ("80 PLUS Titanium", "80 PLUS 钛金牌"),
    "mid-tower": ("mid tower", "中塔"),
    "full-tower": ("full tower", "全塔"),
    "open-frame": ("open frame", "开放式机架"),
    "rack-2u": ("2U rack", "2U 机架"),
    "rack-4u": ("4U rack", "4U 机架"),
    "rack-5u": ("5U rack", "5U 机架"),
    "rack-6u": ("6U rack", "6U 机架"),
    "desktop": ("desktop", "台式"),
    "server-ducted": ("server, ducted", "服务器风道"),
    "quiet": ("quiet", "安静"),
    "moderate": ("moderate", "中等"),
    "loud": ("loud", "吵"),
    "silent": ("silent", "静音"),
    "air-tower": ("air tower", "风冷塔式"),
    "aio-liquid": ("all-in-one liquid", "一体式水冷"),
    "server-passive": ("server, passive", "服务器被动散热"),
    "server-active": ("server, active", "服务器主动散热"),
    # memory and storage
    "udimm": ("UDIMM (unbuffered)", "UDIMM（无缓冲）"),
    "rdimm": ("RDIMM (registered)", "RDIMM（带寄存器）"),
    "DDR4": ("DDR4", "DDR4"),
    "DDR5": ("DDR5", "DDR5"),
    "nvme": ("NVMe", "NVMe"),
    "sata": ("SATA", "SATA"),
    "u.2": ("U.2", "U.2"),
    "m.2-2280": ("M.2 2280", "M.2 2280"),
    "2.5in": ('2.5"', "2.5 英寸"),
    "e1.s": ("E1.S", "E1.S"),
    # PCIe lanes' source
    "cpu": ("CPU", "CPU"),
    "chipset": ("chipset", "芯片组"),
    "plx": ("PLX switch", "PLX 交换芯片"),
    "x8x8": ("x8/x8", "x8/x8"),
    "x4x4x4x4": ("x4/x4/x4/x4", "x4/x4/x4/x4"),
    # systems
    "laptop": ("laptop", "笔记本"),
    "mini-pc": ("mini PC", "迷你主机"),
    # accessories and networks
    "nvlink-bridge": ("NVLink bridge", "NVLink 桥"),
    "riser": ("riser cable", "延长线"),
    "psu-sync": ("second-PSU sync adapter", "双电源同步器"),
    "gpu-support": ("GPU support bracket", "显卡支架"),
    "gpu-shroud": ("shroud and blower fan for a passive card", "被动散热卡的导风罩和涡轮风扇"),
    "nic": ("network card", "网卡"),
    "switch": ("network switch", "交换机"),
    "cable": ("cable", "线缆"),
    "transceiver": ("transceiver", "光模块"),
    "circuit-work": ("a circuit added by an electrician", "电工新增的电路"),
    "InfiniBand": ("InfiniBand", "InfiniBand"),
    "RoCE": ("RoCE", "RoCE"),
    # models
    "none": ("none", "无"),
    "qkv": ("QKV only", "仅 QKV"),
    "all": ("all", "全部"),
    "rmsnorm": ("RMSNorm", "RMSNorm"),
    "layernorm": ("LayerNorm", "LayerNorm"),
    "bf16": ("BF16", "BF16"),
    "fp16": ("FP16", "FP16"),
    "fp8": ("FP8", "FP8"),
    "int4": ("INT4", "INT4"),
    "int4-experts": ("INT4 experts, the rest BF16", "INT4 专家，其余 BF16"),
    "mxfp4": ("MXFP4", "MXFP4"),
    "nvfp4": ("NVFP4", "NVFP4"),
    # rentals
    "on-demand": ("on demand", "按需"),
    "spot": ("spot", "竞价"),
    "reserved-1y": ("reserved, 1 year", "预留一年"),
    "marketplace": ("marketplace", "算力市场"),
    "hyperscaler": ("hyperscaler", "大型公有云"),
    "gpu-cloud": ("GPU cloud", "GPU 云"),
    # prices
    "new": ("new", "新品"),
    "used": ("used", "二手"),
    "refurbished": ("refurbished", "翻新"),
    "USD": ("USD", "USD"),
    "CNY": ("CNY", "CNY"),
    "EUR": ("EUR", "EUR"),
}
"""Each choice of a catalog record's Literal fields: (English, Chinese). tests/core checks every choice has both."""

FIELD_CHOICES: dict[tuple[str, str], tuple[str, str]] = {
    # the query/key norms an attention layer carries (catalog ModelArch.qk_norm, arch41)
    ("qk_norm", "head"): ("one head-wide weight each, shared by the heads", "各一个单头宽度的权重，所有头共用"),
    ("qk_norm", "heads"): ("across all query and all key heads", "覆盖全部 query 头与全部 key 头"),
    ("noise", "datacenter"): ("data-center loud", "机房级"),
    ("form_factor", "server"): ("server PSU", "服务器电源"),
    ("form_factor", "atx"): ("ATX", "ATX"),
    # a price's terms (catalog Price.terms, solve.pricing.IMPORT)
    ("terms", "landed"): ("landed (delivered, duties paid)", "到手价（含运费税费）"),
    ("terms", "before-import"): ("asking price before shipping and import", "进口前报价（未含运费、关税、增值税）"),
    # the buyers an API price serves (catalog ApiPrice.market, tco.rental_market)
    ("market", "global"): ("buyers outside mainland China", "中国大陆以外的买家"),
    ("market", "china"): ("buyers in mainland China", "中国大陆买家"),
    # a used base machine's case and what its buyer checks (catalog BaseMachine.form, .buyer_checks; round 38)
    ("form", "tower"): ("tower", "塔式"),
    ("form", "small-form-factor"): ("small form factor", "小机箱"),
    ("buyer_checks", "psu-plugs"): ("the PSU's GPU power plugs", "电源的显卡供电插头"),
    ("buyer_checks", "adapter"): ("a GPU power adapter", "显卡供电转接线"),
    ("buyer_checks", "bios-above-4g"): ("the BIOS's Above 4G Decoding", "BIOS 的 Above 4G Decoding 选项"),
    ("buyer_checks", "card-length"): ("the longest card the case takes", "机箱能装下的显卡长度"),
    ("buyer_checks", "proprietary-psu"): ("the maker's own PSU", "厂商专用电源"),
    ("buyer_checks", "fans"): ("the case fans", "机箱风扇"),
}
"""Where a field reads a choice otherwise (a chassis' "datacenter" noise is a level, not a market)."""


def choice(field: str, value: object) -> str:
    """A record field's choice (`value`, its key in the catalog) in the current language; a key without words as
    written."""
    words = FIELD_CHOICES.get((field, str(value))) or CHOICES.get(str(value))
    if words is None:
        return str(value)
    return words[1] if current() == "zh_CN" else words[0]
