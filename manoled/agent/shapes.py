"""How each kind of value is written: the shapes that find an amount, a date, a time, a person, a code ... in a line.

``TYPE_PATTERNS[kind]`` finds a value of that kind ("€2.340,00", "30. April 2026", "DE41 1009 …", "Mme Valérie
ROCHAS"); ``MONTH`` names a month in the languages papers are written in; ``FIRM`` a firm by its legal form;
``QUANTITY`` a measured number. :mod:`.kinds` reads which kind a question asks.
"""

from __future__ import annotations

import re
import unicodedata

from .glossary import SPAN_NUMBERS, SPAN_UNITS, SPAN_WORDED

_GROUPED = r"(?:[\d,.']|\s(?=\d{3}(?!\d)))"  # a sum's digits, its thousands apart by a space too: "12 500"
# every currency's sign ("₦", "₱", "₩", "R$" by its "$") and the codes of the world's currencies a paper writes
SIGNS = "[" + re.escape("".join(c for c in map(chr, range(0x24, 0x20C1)) if unicodedata.category(c) == "Sc")) + "]"
CODES = ("eur|usd|gbp|chf|sek|nok|dkk|isk|jpy|cny|rmb|hkd|twd|krw|cad|aud|nzd|sgd|inr|pkr|lkr|npr|bdt|czk|pln|huf|ron|"
         "bgn|rub|uah|mxn|brl|ars|clp|cop|pen|myr|idr|thb|vnd|php|ngn|ghs|kes|ksh|ugx|tzs|rwf|zar|egp|mad|aed|sar|qar|ils")
_BEFORE = CODES.replace("eur|usd|gbp|", "")  # (a code before a sum; not "EUR 300" beside an excess, which no sum asked is)
_CURRENCY = (rf"(?:(?:{SIGNS}|\b(?:rs|{_BEFORE}|fr|sfr|rm|tl)\b\.?)\s?\d{_GROUPED}*|"
             rf"\d{_GROUPED}*\s?(?:euros?|dollars?|pounds?|{CODES}|"
             r"rupees?|kč|zł|lei|kr|tl|lira|pesos?|reais|ringgit|naira|cedis?|shillings?|rand|baht|rupiah|yuan|"
             rf"vnđ|đ|forint)\b|\d{_GROUPED}*\s?{SIGNS}|\d{_GROUPED}*\s?(?-i:Ft)\b|"  # (a sign after it: "1.560 €",
             # "1.685.000 ₫", "1,250,000đ", "12 345 Ft"; not "6 ft", a length)
             r"\d[\d,.']*,-\s?(?:kč|czk|zł|pln|eur|€)(?![^\W\d_])|\b\d[\d,]*(?:\.\d\d)?/-|\b\d{1,2},(?:\d\d,)+\d{3}(?:\.\d\d)?\b|(?<![\d.])(?<![A-Za-z]-)\b(?:\d{1,3}(?:[,.']\d{3})*|(?!(?:19|20)\d\d\D)[1-9]\d{3,5})"
             r"[.,]\d{2}\b(?![.,]?\d)(?!\.\s?[-–])(?!\s?(?:kwh|kw|mwh|kg|km|m²|m2|m³|m3|ml|mg|gb|mb|cm|mm)(?!\w))|"  # "1247.85"
             # (no year's "2026.10"), not a date's "05.02.2026", nor a measure's "255,40 kWh"
             rf"\((?:{CODES}|kč|zł|rs\.?|{SIGNS})\):?\s*\d)")  # a column that says its currency: "Monthly (EUR): 520"
MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|"  # and the months of papers in other languages
          r"januar|jänner|februar|märz|maerz|mai|juni|juli|oktober|dezember|janvier|février|fevrier|mars|avril|juin|"
          r"juillet|août|aout|septembre|octobre|novembre|décembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|"
          r"agosto|septiembre|octubre|noviembre|diciembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|"
          r"novembro|dezembro|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|"
          r"ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince|"  # "3. listopadu"
          r"januari|februari|marts|maj|augusti|desember|julai|ogos|disember|"  # the Nordic and Malay ones: "1. marts"
          r"ocak|şubat|subat|mart|nisan|mayıs|mayis|haziran|temmuz|ağustos|agustos|eylül|eylul|ekim|kasım|kasim|aralık|"
          r"aralik|január|február|március|április|május|június|július|augusztus|szeptember|október|ianuarie|"
          r"februarie|martie|aprilie|iunie|iulie|septembrie|octombrie|noiembrie|decembrie|tammikuuta|helmikuuta|"
          r"maaliskuuta|huhtikuuta|toukokuuta|kesäkuuta|heinäkuuta|elokuuta|syyskuuta|lokakuuta|marraskuuta|"
          r"joulukuuta)")  # and the Turkish ones ("20 Kasım 2026"), the Hungarian ("2026. március 5."), the Romanian
# ("5 martie 2026") and the Finnish ("5. maaliskuuta 2026")
# "8/2", "08.02.2026", "16. 10. 2026", "14-05-2026"; not "89.90" (a price has one dot), nor "1/2 cup" (a fraction of a measure)
_FRACTION_OF = r"\s*(?:cups?|c\b|tsp|tbsp|teaspoons?|tablespoons?|oz|lbs?|pounds?|inch(?:es)?|in\b|\"|g\b|kg|ml|l\b|" \
    r"lit(?:er|re)s?|pints?|quarts?|sticks?|cans?|mile)"
# "Page 1/2", "Seite 1/2", "1/1. oldal": which page of how many, no day
_NOT_PAGE = "".join(rf"(?<!{w} )" for w in ("page", "seite", "pagina", "página", "pagină", "strona", "strana", "sayfa",
                                            "sida", "side", "sivu", r"pag\.", r"str\.", "pg", r"pg\."))
DATE = (rf"(?:\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b(?:0?[1-9]|[12]\d|3[01])-(?:0?[1-9]|1[0-2])-(?:19|20)\d\d\b|{_NOT_PAGE}\b(?:[0-2]?\d|3[01])/(?:[0-2]?\d|3[01])(?!\d)(?:/\d{{2,4}}\b|\b(?!{_FRACTION_OF}|\.?\s*oldal))|\b\d{{1,2}}\.\s?\d{{1,2}}\.\s?\d{{2,4}}\b|\b(?:[12]?\d|3[01])\.\s(?:[1-9]|1[0-2])\.(?!\S)|"
         rf"\b\d{{1,2}}(?:st|nd|rd|th|\.)?\s+(?:de\s+)?"  # "3 July", "30. April", "2 de abril"
         rf"{MONTH}\b|\b{MONTH}\s+\d{{1,2}}\b|\b{MONTH}\s+(?:de\s+)?\d{{4}}\b|\b(?:monday|tuesday|wednesday|thursday|friday|"
         rf"saturday|sunday)\b|\b\d{{1,2}}:\d{{2}}\b|"
         r"\b(?:before|by|until|till|after)\s+the\s+(?:[12]?\d|3[01])(?:st|nd|rd|th)\b|"  # "before the 28th"
         rf"\b(?:19|20)\d\d\.\s?(?:0?[1-9]|1[0-2])\.\s?(?:0?[1-9]|[12]\d|3[01])\b|\b(?:19|20)\d\d\.\s+{MONTH}\s+\d{{1,2}}\b)")
# (the year first, as the Hungarians write it: "2026.03.05.", "2026. március 5.")
# the taxes a bill adds, by their names ("GST", "BTW", "TVQ"), and a sum said with its tax in it: "with tax",
# "w/ GST", "Total (incl. GST)", "GST inclusive", "inkl. MwSt", "TVA incluse", TTC
TAXES = frozenset("tax taxes gst hst qst pst vat btw mwst ust tva tps tvq iva moms".split())
_TAX = "(?:" + "|".join(sorted(TAXES)) + ")"
WITH_TAX = re.compile(rf"\b(?:with|w/|incl\.?|inkl\.?|including|inclusive of|plus|after|toutes)\s*(?:the\s+)?{_TAX}\b|"
                      rf"\b{_TAX}\s+(?:included|inclusive|incl|inclus|incluse|inbegriffen|incluido|incluida|inclusa)\b|"
                      r"\bttc\b", re.IGNORECASE)
IBAN_FORM = r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,}"
_LEGAL_FORMS = "Ltd|GmbH|Inc|LLC|plc|AG|BV|Corp|SARL|SRL|Oy|AB"  # a company form
FIRM = re.compile(rf"\b(?:{_LEGAL_FORMS}|Limited)\b")  # a firm by its legal form ("Flame Gas Ltd")
_UPPER = "".join(c for c in map(chr, range(0x41, 0x500)) if c.isupper() and c.isalpha())
_LOWER = "".join(c for c in map(chr, range(0x61, 0x500)) if c.islower() and c.isalpha())


def _lettered(pattern: str) -> str:
    """``pattern`` with its ASCII capital and small letters widened to every Latin, Greek and Cyrillic one: a
    name is "Márcia Prado", "Łukasz Żak" or "Ömer Çelik" as much as "Tom Baker"."""
    return pattern.replace("[A-Z]", f"[{_UPPER}]").replace("[a-z]", f"[{_LOWER}]").replace("[a-z,", f"[{_LOWER},")


TYPE_PATTERNS: dict[str, re.Pattern[str]] = {
    "amount": re.compile(_CURRENCY + r"|(?:\b|(?<=_))(?:amount|total|price|cost|planned|actual|budget|spent|paid|fee|rent|"
                         r"deposit|balance|sum|subtotal|tổng cộng(?: tiền)?|tổng thanh toán|thành tiền|số tiền|cộng tiền)\b"
                         r"(?:\s*\([^)\d]{1,12}\))?\s*[:=]?\s*(?!\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d\d-\d\d)\d"
                         r"(?![\d.,\s]*(?:kwh|kw|mwh|kg|km|m²|m2|m³|m3|ml|l|g|h|hrs?|mins?|%)(?!\w))", re.IGNORECASE),
    "date": re.compile(DATE, re.IGNORECASE),
    # "what time": a time of day ("15:00", "9am", "noon"), not a date
    # a clock time: "14:00", "3.15 pm", "at 9.30", "um 14.30 Uhr", "8.00 pagi" (Malay); no sum ("$/month: 26.33", "64.15")
    "time": re.compile(r"\b(?:[01]?\d|2[0-4]):[0-5]\d\b|\b(?:[01]?\d|2[0-3])\.[0-5]\d(?=\s?(?:am|pm|a\.m|p\.m|uhr|h|pagi|petang|malam)\b)|"
                       r"(?<=\b(?:at|um) )(?:[01]?\d|2[0-3])\.[0-5]\d\b|\b\d{1,2}\s?(?:am|pm)\b|\b(?:noon|midday|midnight)\b|"
                       r"\b(?:[01]?\d|2[0-3])h[0-5]\d\b", re.IGNORECASE),  # "14h30", as the French write it
    "person": re.compile(_lettered(
        r"(?:\b(?:[Mm]r|[Mm]rs|[Mm]s|[Dd]r|[Pp]rof)\.?\s+[A-Z][a-z]+|\b[A-Z][a-z]+(?:,\s*|\s+and\s+)(?!The\b)[A-Z][a-z]+\b|(?<=[a-z,:;\-–] )(?!(?:The|A|An|My|Our|Your|This|That)\s)[A-Z][a-z]+\s+(?!(?:Ltd|Inc|Co|Limited|Corp)\b)[A-Z](?:'[A-Z])?[a-z]+|"
        r"^(?!(?:The|A|An|My|Our|Your|This|That)\s)[A-Z][a-z]+\s+(?!(?:Ltd|Inc|Co|Limited|Corp)\b)[A-Z](?:'[A-Z])?[a-z]+\b(?=\s*(?:,|\(|$| is| was| signed| will))|"
        # as French and German papers write a name: "Mme Valérie ROCHAS", "conseillère: Nadia BENALI"
        r"\b(?:Mme|Mlle|Herr|Frau)\.?\s+[A-Z]|\bM\.\s+[A-Z][a-z]|(?<=: )[A-Z][a-z]+\s+[A-Z]{3,}\b|"
        r"\b(?:MR|MRS|MS|DR|PROF|CHIEF)\.?\)?\s+[A-Z]{2,}(?:\s+[A-Z]{2,})+\b|"  # "CHIEF (MRS) ADUNNI BANKOLE"
        # a contract's party in capitals, then who they are: "MÁRCIA HELENA PRADO, brasileira, aposentada"
        rf"^(?:(?!(?:{_LEGAL_FORMS.upper()}|LTDA|LIMITED|SA|SL)\b)[A-Z]{{2,}}\s+){{1,3}}(?!(?:{_LEGAL_FORMS.upper()}|LTDA|LIMITED|SA|SL)\b)[A-Z]{{2,}}(?=,\s*[a-z]))")),
    "number": re.compile(r"\b\d+(?:[.,]\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|"
                         r"dozen|half)\b", re.IGNORECASE),
    # "27 Willow Crescent", "Rua de Miragaia 62", "BS6 5QT", "1000-001", "at 192.168.1.254"; a house number before
    # a capitalised word only ("wait 3 minutes", "30 June" are no street); a venue ("Sadlon Arena", "@ Iroquois Park")
    "place": re.compile(rf"(?-i:\b\d+[a-z]?\s+(?!(?i:{MONTH})\b)[A-Z][a-z]+)|"
                        r"\b(?:street|st|road|rd|avenue|ave|rue|strasse|straße|lane|boulevard|blvd|square|place|rua|via|"
                        r"calle|avenida|piazza|plaza|weg|platz|gasse|allee|quai|chemin|crescent|terrace)\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|"
                        r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])|\bhttps?://\S+|\bwww\.\S+|"
                        r"(?-i:\s@\s?[A-Z]|\b[A-Z][a-z]+\s(?:Arena|Centre|Center|Hall|Stadium|Park|Church|School|"
                        r"Clinic|Hospital|Library|Museum|Gallery|Theatre|Theater|Station|Airport|Pool|Rink)\b)",
                        re.IGNORECASE),
    # HCR-88412, GREEN20, AC-101, an IBAN, a long digit run: letters and digits mixed, or many digits
    "code": re.compile(r"\b(?=[A-Z0-9\-/]*\d)(?=[A-Z0-9\-/]*[A-Z])[A-Z0-9][A-Z0-9\-/]{3,}\b|\b\d{5,}\b|"
                       rf"{IBAN_FORM}\b|"  # a number in groups after a code's label ("Confirmation number: 4418 902 771")
                       r"(?i:\b(?:confirmation|reference|ref|booking|reservation|policy|membership|member|customer|account|"
                       r"order)\s*(?:no\.?|number|nr\.?|#)?\s*[:#]\s*\d{2,}(?: \d{2,}){1,4}\b)|"
                       r"(?i:\b(?:error|fault)\s+(?:code\s+)?[a-z]{0,2}-?\d{1,4}\b)|"  # a manual's "Error E24", "fault F3"
                       # and what a code's label gives ("pw: kaffee&kabel")
                       r"(?i:\b(?:code|pin|pw|pwd|password|passwort|kennwort|passcode|combination|combo|keypad|key|mot de passe|mdp|"
                       r"wachtwoord|contraseña|senha|heslo|hasło|lösenord|passord|adgangskode|kode|nip)\b[^:\n]{0,40}(?::|\bis\b)\s*\S{3,})"),
    # two or more capitalised words after lower-case text or a label, or a company form
    "org": re.compile(r"(?:(?<=[a-z,:;] )|^)[A-Z][\w&'.-]+(?:\s+(?:&\s+)?[A-Z][\w&'.-]+)+|"
                      rf"\b(?:{_LEGAL_FORMS})\b\.?"),
    "duration": re.compile(r"\b\d+(?:[.,]\d+)?(?:\s*(?:-|to)\s*\d+)?\)?\s*(?:(?:calendar|working|business|clear|school) )?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|"
                           rf"{SPAN_UNITS}|"
                           r"days?|nights?|weeks?|months?|years?|yrs?|mm|cm|m|km|metres?|meters?|miles?|feet|ft|"
                           r"inch(?:es)?)\b|\b(?:an?|one|two|three|four|five|six|ten|twelve) (?:(?:calendar|working|business|"
                           rf"clear|school) )?(?:hour|day|week|month|year)s?\b|\b(?:{SPAN_NUMBERS}) (?:{SPAN_WORDED})\b|\bovernight\b|"
                           # a column or label that says the unit: "distance_km: 9.6", "Time (hrs): 4"
                           r"(?:\b|_)\(?(?:km|kms|miles|mi|hrs|hours|mins|minutes|days|nights|weeks|metres|meters|m)\)?\s*[:=]\s*\d",
                           re.IGNORECASE),
    # "what did the cat weigh": a mass ("4.6 kg", "13 lb 6 oz", "9 st 4 lb")
    "weight": re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:kg|kgs|kilos?|kilograms?|g|grams?|lbs?|pounds?|oz|ounces?|st|stone)\b|"
                         r"(?:\b|_)\(?(?:kg|kgs|lbs?)\)?\s*[:=]\s*\d", re.IGNORECASE),  # "weight_kg: 24.6"
    # "what's the invoice for", "why": a description or a reason
    "purpose": re.compile(r"^\s*(?:description|purpose|goal|reason|subject|re|regarding|for|service|services)\s*:|"
                          r"\b(?:because|due to|so that|in order to)\b", re.IGNORECASE),
}
IBAN = re.compile(IBAN_FORM)


# units of measure written as symbols, by name: "175 C" says a temperature, "93 900 km" a mileage, "Qty: 34.5, Unit: h"
# hours (MiniLM: temperature~celsius 0.68, voltage~volts 0.80, length~centimetres 0.64; colour, tip, room below 0.45
# with all of them)
MEASURES = {"c": "celsius", "°c": "celsius", "f": "fahrenheit", "°f": "fahrenheit", "v": "volts", "w": "watts",
            "kw": "kilowatts power", "kwh": "kilowatts electricity power energy", "mah": "milliamps", "g": "grams", "kg": "kilograms kilos",
            "mg": "milligrams", "ml": "millilitres milliliters", "l": "litres liters", "cl": "centilitres",
            "mm": "millimetres millimeters", "cm": "centimetres centimeters", "m": "metres meters",
            "m³": "cubic metres meters", "m3": "cubic metres meters", "km": "kilometres kilometers mileage distance", "mi": "miles mileage distance", "min": "minutes", "mins": "minutes",
            "h": "hours", "hr": "hours", "hrs": "hours", "mb": "megabytes", "gb": "gigabytes", "tb": "terabytes",
            "db": "decibels", "rpm": "revolutions", "mph": "speed", "kmh": "speed", "lb": "pounds", "lbs": "pounds",
            "oz": "ounces"}
_MEASURE = re.compile(r"(?:(?<![\w.,])\d+(?:[.,]\d+)?|\bunits?:)\s?(" + "|".join(
    sorted(map(re.escape, MEASURES), key=len, reverse=True)) + r")(?![\w³])", re.IGNORECASE)


def measures_said(text: str) -> list[str]:
    """The names of the units of measure ``text`` writes by their symbols after a number, or as a row's unit."""
    return [name for m in _MEASURE.finditer(text) for name in MEASURES[m.group(1).lower()].split()]


# a measure: a number and its unit ("139.40 kWh", "57 m³", "1,5 kg", "2 cups", "3.2 ft"), which no count of things,
# sum of money, share or day is
MEASURE_UNITS = ("kwh kw mwh m³ m3 kg kgs g gr grams mg l ml cl dl litre litres liter liters unit units lb lbs pounds oz "
                 "ounces km mi miles gal gallon gallons cubic cup cups tbsp tsp ft feet inch inches c f").split()
MEASURED = re.compile(r"\d(?:[\d.,]*\d)?\s?(?:°[cf]?|(?:" + "|".join(sorted(map(re.escape, MEASURE_UNITS), key=len,
                      reverse=True)) + r")(?![\w³]))", re.IGNORECASE)
# a quantity: "512 GB", "30kg", not "GX-7" or "2024-031"; a cook's fraction before its measure too ("1/2 cup
# butter"), not a date's "1/2"; not a list's "5. add rice" (a number that opens a line, then "." or ")")
QUANTITY = re.compile(r"(?<![\w\-/])(?!(?<!.)\d+[.)]\s)\d+(?:[.,]\d+)?(?:kg|g|mg|l|ml|cl|km|m|cm|mm|gb|mb|tb|kwh|kw|w|v|lbs?|oz)?"
                       r"(?![\w\-/])(?!\s?(?:min(?:ute)?s?|h(?:ou)?rs?|hours?|secs?|seconds?|days?|weeks?)\b)|"  # no "15 min"
                       rf"(?<![\w\-/])[1-7]/[2348](?={_FRACTION_OF})", re.IGNORECASE)


# a car's plate, by its label ("Plate number: 482 LKT", "Rekisteritunnus: KLM-482", "Nr. înmatriculare: B 147 RMI"),
# asked as "the license plate", "the rego"
PLATE_ASK = frozenset("plate plates rego numberplate".split())
PLATE = re.compile(r"\b(?:plate|plate number|plate no|licen[cs]e plate|reg(?:istration)? (?:no|number|mark)|rego|"
                   r"kennzeichen|immatriculation|matr[ií]cula|targa|tablica rejestracyjna|rekisteritunnus|rendszám|"
                   r"plaka|înmatriculare|spz)\b\.?\s*(?::|\|)?\s*(?=[A-Z0-9 -]{0,9}\d)(?=[A-Z0-9 -]{0,9}[A-Z])"
                   r"[A-Z0-9]{1,4}[ -]?[A-Z0-9]{1,4}(?:[ -][A-Z0-9]{1,4})?\b", re.IGNORECASE)
