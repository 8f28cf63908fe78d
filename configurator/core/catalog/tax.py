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


# the European Commission's Taxes in Europe Database, as vatnode/eu-vat-rates-data transcribes it (its
# data/eu-vat-rates-history.json, version 2026-08-26, commit 5cb20914): DE 19 % since 2021-01-01 (after the 16 % of
# 2020-07-01 to 2020-12-31, Zweites Corona-Steuerhilfegesetz), GR 24 % since 2016-06-01, FR 20 % since 2014-01-01;
# read 2026-12-06
_EU_RATES = "https://ec.europa.eu/taxation_customs/tedb/"
# MOF / STA / GACC announcement 2019 No. 39 (财政部 税务总局 海关总署公告2019年第39号) in the State Council Gazette: the
# 16 % rate cut to 13 % from 2019-04-01, on imports as on domestic sales
_CN_RATE = "https://www.gov.cn/gongbao/content/2019/content_5416183.htm"

VAT: dict[str, Vat] = {
    # the US has no VAT: state and local sales tax is added at the till, and US shops list prices before it (the
    # catalog's USD prices are before sales tax: pricing.IMPORT's US rule says the same)
    "US": Vat("US", 0.0, "US", "no VAT in the US; sales tax is added at the till, not in a listed price"),
    # goods 13 % since 2019-04-01 (MOF / STA / GACC announcement 2019 No. 39; Expeditors' newsflash reports the same,
    # info.expeditors.com/newsflash/china-announces-vat-reform-measures); Chinese retail prices are quoted with it
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


BUYER_REGION: dict[str, str] = {"USD": "US", "CNY": "CN", "EUR": "DE"}
"""Whose tax a plan priced in this currency pays: every price in one plan is put on this one basis (for_buyer) before
builds are totalled, compared with the budget and labelled. USD: a US buyer, before sales tax (added at the till, by
state). CNY: a buyer in China, with its 13 % VAT, as Chinese shops price. EUR: a buyer in Germany, with its 19 % VAT,
the rate pricing.IMPORT lands an exporter's price with: the first-run choice of country says only "Euro area", and 19 %
is the lowest of the large EU markets (the range is 17-27 %), so a floor for most euro buyers, not an average."""

DESTINATION_VAT = "https://ec.europa.eu/taxation_customs/business/vat/vat-e-commerce_en"
"""Why a price is moved to the buyer's VAT rather than kept at the shop's: since 2021-07-01 (the EU VAT e-commerce
package, Council Directive (EU) 2017/2455) a shop in one member state selling to a consumer in another charges the
VAT of the member state the goods go to (above a 10,000 EUR a year EU-wide threshold, which the Greek retailers the
catalog quotes pass), and goods from outside the EU pay import VAT at the buyer's rate on every parcel (the 22 EUR
exemption ended the same day). China, likewise, levies its 13 % on imports (_CN_RATE); a US buyer pays no VAT, and
an export from a VAT country is zero-rated, so a foreign price reaches a US buyer net of its VAT."""


def buyer(currency: str) -> TaxBasis | None:
    """The tax basis a plan priced in `currency` is put on (BUYER_REGION): its region's VAT included; None for a
    currency the table does not know."""
    vat = VAT.get(BUYER_REGION.get(currency, ""))
    return None if vat is None else TaxBasis(vat.region, vat.market, vat.rate)


def for_buyer(amount: float, own: TaxBasis | None, to: TaxBasis) -> float:
    """`amount` (already in the buyer's currency) on the buyer's basis `to`: the VAT its own basis `own` includes taken
    out, the buyer's put in (DESTINATION_VAT). A price whose tax is not known (`own` None: a private seller's used
    part, a euro price that names no country) is taken as listed: a private sale charges no VAT to add or take out."""
    if own is None:
        return amount
    return to.gross(own.net(amount))
