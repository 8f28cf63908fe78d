"""GPU power limits as a design choice: whether a card's driver lets its power be capped, how far, and the command.

A rule per vendor (the tool and where it is documented) and, where a report gives it, the record's own floor
(`Gpu.power_limit_min_w`): a limit below the floor is never planned, and a card whose driver offers no cap is
planned only at full power.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import Gpu
from configurator.core.common.reasons import Reason
from configurator.core.common.shapes import PartSpecJson


@dataclass(frozen=True)
class PowerCap:
    """How one card's power is capped: by which tool, down to which floor, on whose word."""

    cappable: bool
    tool: str  # "" when the driver offers no cap
    floor_w: float | None  # the driver's minimum, where a source gives it (None: not known, the request's bound holds)
    source: str


VENDOR_RULES: dict[str, PowerCap] = {
    "nvidia": PowerCap(
        True,
        "nvidia-smi",
        None,
        (
            "nvidia-smi -pl/--power-limit sets the board power limit in W, between the Min and Max Power Limit that "
            "`nvidia-smi -q -d POWER` reports; it does not persist across reboots (https://docs.nvidia.com/deploy/nvidia-smi/)"
        ),
    ),
    "amd": PowerCap(
        True,
        "rocm-smi",
        None,
        (
            "rocm-smi --setpoweroverdrive W (amd-smi and LACT write the same amdgpu power1_cap); the driver refuses a value "
            "below power1_cap_min (https://github.com/ROCm/rocm_smi_lib/issues/190: 'Value cannot be less than: 290W')"
        ),
    ),
    "intel": PowerCap(
        False,
        "",
        None,
        (
            "Intel Arc on Linux: the power limit cannot be set from user space (https://github.com/intel/xpumanager/issues/122, "
            "Arc Pro B60, 2026-03; https://github.com/intel/xpumanager/issues/63: an Arc A770 reports a valid range of '1 to 0')"
        ),
    ),
}


def power_cap(gpu: Gpu) -> PowerCap:
    """The vendor's rule, with the record's own floor where it has one."""
    rule = VENDOR_RULES[gpu.vendor]
    if gpu.power_limit_min_w is None or not rule.cappable:
        return rule
    return PowerCap(rule.cappable, rule.tool, gpu.power_limit_min_w, gpu.power_limit_source)


def lowest_limit(gpu: Gpu) -> float | None:
    """The lowest fraction of rated power this card can be capped to (None: it cannot be capped)."""
    cap = power_cap(gpu)
    if not cap.cappable:
        return None
    return (cap.floor_w / gpu.tdp_w) if cap.floor_w else 0.0


def limit_refusal(gpu: Gpu, limit: float | None) -> Reason | None:
    """Why `gpu` cannot run at `limit` of its rated power, or None (no limit, or one its driver accepts)."""
    if limit is None or limit >= 1.0:
        return None
    cap = power_cap(gpu)
    if not cap.cappable:
        return Reason.of("gpu.no-power-cap", source=cap.source.split(" (")[0])  # the source's name, not its note
    watts = gpu.tdp_w * limit
    if cap.floor_w is not None and watts < cap.floor_w - 0.5:
        return Reason.of("gpu.cap-below-floor", limit=limit, watts=watts, floor=cap.floor_w)
    return None


def cap_command(vendor: str, watts: float) -> str:
    """The command that caps one card at `watts` (every card: add -i N for one), or "" where there is none."""
    w = int(watts)
    if vendor == "nvidia":
        return f"nvidia-smi -pm 1; nvidia-smi -pl {w}"
    if vendor == "amd":
        return f"rocm-smi --setpoweroverdrive {w}"
    return ""


def gpu_from_spec(spec: PartSpecJson) -> Gpu | None:
    """A build part's spec (its record as JSON) back as a Gpu, for the reports; None when it is not one."""
    try:
        return Gpu.model_validate(spec)
    except ValueError:
        return None
