"""The sheets' words in the buyer's language: English as the code writes it, Simplified Chinese from `ZH_CN`.

A sheet is rendered inside `language(code)`; `t(text)` gives the word in that language (English when the table
has none). Headings, column and row names, totals and part categories are translated; the sentences the core
renders from its own figures (a build's why, a check's finding, the formula chain) are English still.
Terms are those Chinese buyers write (显存, 涡轮卡/风扇卡, 电源, 机箱, 主板), as in the seed articles.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

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


ZH_CN: dict[str, str] = {
    # sections
    "Parts": "配件清单", "Charts": "图表", "Slot map": "插槽布局", "Power and site": "功耗与场地",
    "Connector plan": "供电接线", "Assembly notes": "装机说明", "Estimate": "估算", "Speed and time": "速度与时间",
    "Memory per GPU (GiB)": "每张 GPU 的显存占用（GiB）", "Cluster size: time and cost": "集群规模：时间与成本",
    "Run it": "运行命令", "Checks": "检查", "Checks to read before ordering": "下单前请阅读的检查结果",
    "Every build rule passes.": "所有装机规则均通过。",
    # header
    "created": "创建于", "catalog prices as of": "目录价格截至", "exchange rates of": "汇率日期",
    "Request:": "需求：", "How this fits:": "如何装下：", "Power and noise:": "功耗与噪音：", "Why this build:": "选择理由：",
    "W at the wall": "W（墙插）", "under load": "（满载）", "(one machine)": "（单台机器）",
    # tables
    "Category": "类别", "Part": "配件", "Vendor part number": "厂商料号", "Qty": "数量", "Unit price": "单价",
    "Subtotal": "小计", "Total": "合计", "Total per node": "每节点合计", "Shared by the cluster (switches, once)":
    "集群共用（交换机，一次性）", "Figure": "项目", "Value": "数值", "Consumer": "用电设备", "Power inputs": "供电接口",
    "Feed from": "取电自", "Status": "状态", "Rule": "规则", "Finding": "结论", "Prices:": "价格：",
    "owned": "已拥有", "ask for a fresh quote": "请索取最新报价",
    # categories
    "GPU": "GPU", "CPU": "CPU", "Motherboard": "主板", "Memory": "内存", "Power supply": "电源", "Case": "机箱",
    "CPU cooler": "CPU 散热器", "Storage": "硬盘", "Accessory": "配件", "System": "整机", "Network": "网络",
    # the purchase list
    "Item": "类别", "Description": "描述", "Part number": "料号", "Vendor": "厂商", "Quantity": "数量", "Owned": "已拥有",
    "Currency": "货币", "Notes": "备注", "Build": "配置", "Nodes": "节点数", "Grand total": "总计", "Why": "理由",
    "Request and assumptions": "需求与假设", "Project": "项目", "Created": "创建日期", "App version": "软件版本",
    "Catalog price date": "目录价格日期", "Exchange-rate date": "汇率日期", "Exchange-rate source": "汇率来源",
    "How this fits": "如何装下", "Assumption": "假设", "Estimate warning": "估算警告", "Type | Item | Price": "类别 | 配件 | 价格",
}
