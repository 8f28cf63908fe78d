"""What tax a catalog price includes: the market it was seen in, that market's VAT rate, and whether the amount has it.

A price in one currency is compared with a price in another (solve.pricing's supersede rule) only like with like: net
of VAT, within one market. This module is the one place the rates and each price's tax basis are read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from configurator.core.catalog.models import Price


@dataclass(frozen=True)
class Vat:
    """One region's value-added tax on goods such as computer parts: its standard rate and the market it trades in."""

    region: str  # ISO 3166-1 alpha-2 code of the country a price was seen in ("GR", not VIES' "EL")
    rate: float  # the standard rate on goods, a share (0.24); 0 where the region has no VAT
    market: str  # the single market the region's shops sell into: EU member states share one ("EU")
    source: str


_EU_RATES = "https://mindlink.lv/useful/vat-rates-in-eu"  # the EU standard-rate table, read 2026-12-06
_CN_RATE = "https://info.expeditors.com/newsflash/china-announces-vat-reform-measures"

VAT: dict[str, Vat] = {
    # the US has no VAT: state and local sales tax is added at the till, and US shops list prices before it (the
    # catalog's USD prices are before sales tax: pricing.IMPORT's US rule says the same)
    "US": Vat("US", 0.0, "US", "no VAT in the US; sales tax is added at the till, not in a listed price"),
    # goods 13 % since 2019-04-01 (MOF / STA / GACC announcement 2019 No. 39, as Expeditors reports it); Chinese
    # retail prices are quoted with it
    "CN": Vat("CN", 0.13, "CN", _CN_RATE),
    "GR": Vat("GR", 0.24, "EU", _EU_RATES),  # Greece, standard rate 24 %
    "DE": Vat("DE", 0.19, "EU", _EU_RATES),  # Germany, standard rate 19 % (pricing.IMPORT's EU floor)
    "FR": Vat("FR", 0.20, "EU", _EU_RATES),  # France, standard rate 20 %
}
"""The standard VAT rate on goods of each region a catalog price names (Price.region), with its source."""

DEFAULT_REGION: dict[str, str] = {"USD": "US", "CNY": "CN"}
"""The region a price in this currency was seen in when it names none: the catalog's USD prices are US shops' and eBay
US's, its CNY prices Chinese shops' and Xianyu's. A euro price names its region (the euro area's VAT runs 17-27 %)."""


@dataclass(frozen=True)
class TaxBasis:
    """What tax a price's amount includes: its region's VAT at `rate`, or none (`rate` 0)."""

    region: str
    market: str
    rate: float  # the VAT share included in the amount (0 when it is before VAT or the region has none)

    def net(self, amount: float) -> float:
        """`amount` without the VAT it includes."""
        return amount / (1 + self.rate)

    def gross(self, net: float) -> float:
        """A net amount with the VAT a price of this basis includes."""
        return net * (1 + self.rate)


def basis(price: Price) -> TaxBasis | None:
    """The tax `price` includes, or None where the catalog does not know: its region (Price.region or the currency's
    DEFAULT_REGION) and whether the amount has VAT (Price.vat_included; a region without VAT has none; a Chinese
    shop's new price has it; a used part sold by a private owner carries none only where the price says so)."""
    if price.terms != "landed":
        return None  # an exporter's asking price before import: landed by pricing.IMPORT, taxed where it lands
    region = price.region or DEFAULT_REGION.get(price.currency, "")
    vat = VAT.get(region)
    if vat is None:
        return None
    included = price.vat_included
    if vat.rate == 0:
        included = False
    elif included is None and region == "CN" and price.condition == "new":
        included = True
    if included is None:
        return None
    return TaxBasis(region, vat.market, vat.rate if included else 0.0)
