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
    # round 42, the euro buyer's country (EUR_COUNTRIES), from the same TEDB transcription (version 2026-08-26, commit
    # 5cb20914), read 2026-12-07: each rate and the day it took effect
    "IT": Vat("IT", 0.22, "EU", _EU_RATES),  # Italy, 22 % since 2013-10-01
    "ES": Vat("ES", 0.21, "EU", _EU_RATES),  # Spain, 21 % since 2012-09-01
    "NL": Vat("NL", 0.21, "EU", _EU_RATES),  # the Netherlands, 21 % since 2012-10-01
    "AT": Vat("AT", 0.20, "EU", _EU_RATES),  # Austria, 20 % since 1984-01-01
    "IE": Vat("IE", 0.23, "EU", _EU_RATES),  # Ireland, 23 % since 2021-03-01 (after 21 % from 2020-09-01)
    "PL": Vat("PL", 0.23, "EU", _EU_RATES),  # Poland, 23 % since 2011-01-01
    # Finland, 25.5 % since 2024-09-01 (24 % from 2013-01-01): TEDB, and Finland's Ministry of Finance says the same
    # (vm.fi/en/value-added-tax, "The standard rate of VAT in Finland is 25.5 % from 1 September 2024")
    "FI": Vat("FI", 0.255, "EU", _EU_RATES),
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
    reclaimed: bool = False  # a buyer's basis (buyer): the region's VAT left out, as a VAT-registered buyer reclaims it

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


EUR_COUNTRIES: tuple[str, ...] = ("DE", "FR", "IT", "ES", "NL", "AT", "IE", "PL", "FI")
"""The countries a buyer paying in euros may name (`--vat-country`, Preferences), Germany first and the default
(BUYER_REGION). Poland's buyers pay in zloty; the catalog has no PLN prices, so a Polish plan is priced in euros at
Poland's 23 %."""

COUNTRIES_OF: dict[str, tuple[str, ...]] = {"USD": ("US",), "CNY": ("CN",), "EUR": EUR_COUNTRIES}
"""The buyer countries each currency's plan may be put on (buyer): one for USD and CNY, EUR_COUNTRIES for euros."""

VAT_RECLAIM = "https://taxation-customs.ec.europa.eu/taxation/vat/vat-directive/vat-deduction_en"
"""Why a VAT-registered business compares prices without VAT: it deducts the input VAT it pays on goods it uses for
its taxed business from the VAT it owes (Council Directive 2006/112/EC, Articles 167-168; the European Commission's
"VAT deduction" page), so the VAT is not its cost. China's general taxpayers deduct input VAT likewise (增值税暂行条例
Article 8, the Provisional Regulations on VAT). A US buyer has no VAT to reclaim; its prices are before sales tax."""


def buyer(currency: str, country: str = "", reclaim: bool = False) -> TaxBasis | None:
    """The tax basis a plan priced in `currency` is put on: its buyer country's VAT included (`country`, one of
    COUNTRIES_OF[currency]; "" the currency's BUYER_REGION), or, with `reclaim` (a VAT-registered business,
    VAT_RECLAIM), none: every price net of VAT, the region kept so the plan can say whose VAT was left out. None for a
    currency the table does not know. A country the currency's buyers cannot name is a ValueError."""
    region = country or BUYER_REGION.get(currency, "")
    if country and country not in COUNTRIES_OF.get(currency, ()):
        raise ValueError(f"a buyer paying {currency} cannot be in {country}")
    vat = VAT.get(region)
    if vat is None:
        return None
    return TaxBasis(vat.region, vat.market, 0.0 if reclaim else vat.rate, reclaimed=reclaim and vat.rate > 0)


def for_buyer(amount: float, own: TaxBasis | None, to: TaxBasis) -> float:
    """`amount` (already in the buyer's currency) on the buyer's basis `to`: the VAT its own basis `own` includes taken
    out, the buyer's put in (DESTINATION_VAT). A price whose tax is not known (`own` None: a private seller's used
    part, a euro price that names no country) is taken as listed: a private sale charges no VAT to add or take out."""
    if own is None:
        return amount
    return to.gross(own.net(amount))


SERVICE_VAT = "https://taxation-customs.ec.europa.eu/taxation/vat/vat-directive/where-tax_en"
"""Where VAT on a service is due (Council Directive 2006/112/EC): to a business (B2B) at the customer's place (Article
44), the customer accounting for it by reverse charge (Article 196), so a cloud rental or an API bought by a
VAT-registered lab carries no VAT on its invoice; to a consumer (B2C) an electronically supplied service is taxed where
the customer lives (Article 58, since 2015-01-01; a provider outside the EU charges it through the non-Union One Stop
Shop), so a euro buyer who pays VAT pays their country's rate on top of the provider's price. The catalog's rental and
API prices are providers' list prices before VAT (US providers' and their published per-token rates)."""


def on_service(basis: TaxBasis | None) -> float:
    """The VAT share a buyer on `basis` pays on top of a listed cloud rental or API price (SERVICE_VAT), so buy-vs-rent
    compares them on the purchase's basis: an EU consumer's country rate; nothing for a VAT-registered buyer (reverse
    charge), a US buyer (no VAT; US sales tax on cloud services varies by state and is not in the purchase either) or
    a buyer in China (its rental and API prices are taken as listed: whether a Chinese cloud's listed price holds its
    6 % VAT on services is not in the catalog)."""
    if basis is None or basis.reclaimed or basis.market != "EU":
        return 0.0
    return basis.rate
