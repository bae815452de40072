"""Gloss: the words of household papers in the languages people keep them in.

A person asks in English about documents in German, French, Spanish, Portuguese, Italian, Dutch, Czech or Polish ("the
deposit for my flat" in a Mietvertrag that says *Kaution*; "the locksmith's bill", a *Quittung* from a
*Schlüsseldienst*; Czech words by the stem their endings change on: *jistot*a, *jistot*u).
The English embedder does not bridge them, and a question's word the passages lack makes the answer look
unfounded. ``forms(word)`` gives the word's common equivalents in those languages, for the full-text search
and for "does this passage say the question's word" (:func:`manoled.agent.retrieve.contains`); the table is
:mod:`.glossary`.

Only words of papers (bills, contracts, letters, receipts, insurance, tax, home, health, a recipe's staples) and the
months, and only forms that are not English words themselves ("data", "total", "code" are left out); a few English
words also give the other word people use for the same thing (bike and bicycle), and a few everyday kinds the
things of them (herb: coriander). A form of several words is written with underscores ("prise_d'effet": a French lease
starts on its *date de prise d'effet*); ``phrases(word)`` gives those, ``forms(word)`` the single words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from .commonness import coined, zipf
from .glossary import TABLE as _TABLE
from .glossary_far import TABLE as _TABLE_FAR
from .slots import OUT_OF_ACCOUNT, stem
from .wording import fold

# the short names people call each other by, and the names papers write ("Rachel and Tom": "Rachel & Thomas
# Henderson" on the invoice); both ways, "; " between entries. None that is an English word (Bill, Will, Rob, Sue,
# Pat, Jack, Nick, Don, Sandy, Drew, Chuck)
_GIVEN_NAMES = """
thomas: tom tommy; james: jim jimmy jamie; robert: bob bobby robbie bert; william: billy willie liam
elizabeth: liz lizzie beth betty eliza; katherine catherine kathryn: kate katie kathy cathy kat
margaret: maggie meg peggy; michael: mike mikey mick; christopher: chris; david: dave davy; daniel: danny dan
matthew: matt; nicholas: nicky; stephen steven: steve stevie; anthony: tony; joseph: joe joey
jennifer: jen jenny; rebecca: becky becca; edward: ted eddie; andrew: andy; charles: charlie
jessica: jess jessie; timothy: tim timmy; gregory: greg; jonathan: jon jonny; philip phillip: phil
kenneth: ken kenny; richard: rick ricky richie; alexander alexandra: alex; benjamin: ben benny
samuel samantha: sam sammy; frederick: fred freddie; henry: harry; jacob: jake; joshua: josh; péter peter: peti
zachary: zach zack; oliver: ollie; theodore: theo; isabel isabella isobel: izzy bella; eleanor: ellie nell
victoria: vicky vic; abigail: abby; amanda: mandy; susan: susie; patricia: patty trish
"""

# the short forms people write for what their papers spell out ("walt's SS deposit": a Social Security letter)
_SHORT = """
ss: social security
ssn: social security number
rmd: required minimum distribution
hoa: homeowners association
hsa: health savings account
fsa: flexible spending account
pto: paid time off
dob: date of birth
apr: annual percentage rate
gp: general practitioner
ni: national insurance
vat: value added tax | mehrwertsteuer
hmrc: revenue and customs
mwst: mehrwertsteuer
ust: umsatzsteuer
kfz: kraftfahrzeug
rm: room
amt: amount
nr: number
num: number
appt: appointment
mtg: meeting
acct: account
bal: balance
pmt: payment
bldg: building
mgr: manager
dept: department
qty: quantity
yr: year
wk: week
mth: month
hrs: hours
hr: hour
mins: minutes
elec: electricity
leccy: electricity
reg: registration
rego: registration
exp: expiry | expiration | expires
govt: government
corp: corporate | corporation
uni: university
tute: tutorial
sem: semester
addr: address
km: kilometres | kilometers
vet: veterinary | veterinarian | veterinary surgeon
ins: insurance
st: street
rd: road
ave: avenue
"""

# what people say in a phrase for a paper's one word ("how much did the government give back": the refund)
_PHRASED = """
refund: give back | gave back | given back | giving back | gives back | pay back | paid back | paying back |
 pays back | money back | hand back | hands back | handed back | handing back | get anything back |
 get something back | got anything back | got something back | getting anything back | get any money back |
 come back to us | come back to me | comes back to us | comes back to me | coming back to us | coming back to me
groceries: food shopping | grocery shopping | food shop | weekly shop
microchip: implant under | implant in his neck | implant in her neck | chip under his skin | chip under her skin |
 chip under the skin | chip in his neck | chip in her neck
landlord: owns the flat | owns the place | owns the house | owns the apartment | owns the property | owns our flat |
 owns our place | owns our house | owns our apartment | owner of the flat | owner of the place | owner of the house |
 owner of the apartment | owner of our flat | owner of our house | owner of our apartment
deposit: put down | security deposit | damage deposit | as security | as a security
broke: break down | breaks down | broke down | broken down | breaking down | pack in | packs in | packed in |
 packing in | conk out | conked out | gave out | give out | stopped working | stop working | died on
fuel: fill up | fills up | filled up | filling up | fill-up | tank up | tanked up | filled the tank | fill the tank
net: take home | take-home | took home | taking home | in hand | everything was taken off | everything is taken off |
 everything's taken off | everything had been taken off | everything has been taken off | everything's been taken off |
 everything was deducted | everything had been deducted | everything has been deducted | after deductions
balance: still have to pay | still need to pay | still to pay | still owe | still outstanding | left to pay | outstanding
annual: in one go | up front | upfront | in full | all at once | lump sum | single payment | one payment
flight: fly out | flying out | flies out | fly back | flying back
roadworthiness: safe to drive | safe on the road | fit for the road | road legal | road-legal
start: kick off | kicks off | kicked off | kicking off | get underway | gets underway
deadline: pay-by date | pay by date | pay-before date | pay before date | pay-by day | pay by day
departure: set off | sets off | setting off | head off | heads off | heading off
launch: go-live | go live | going live | goes live | went live
transport: getting around | get around | got around | gets around
responsibility: out of pocket | out-of-pocket | left for us to pay | left for me to pay | pay ourselves |
 pay it ourselves | pay myself | pay it myself
notice: how far ahead | how far in advance | how much warning | how much advance warning
password: type in to connect | type in to get on | type in to get online | type in to log in | type in to log on |
 type to connect | type to get on | type to get online | type to log in
check-in: get into the room | get into my room | get into our room | get in the room | get in my room | get in our room
"""

# everyday ways of saying a paper's thing ("keeping the lights on": the electricity): said as the paper's word to find
# it; unlike the phrases above they do not ask for a line that says the word (a bill's total answers). None of them is
# what papers write themselves: "home loan" and "the internet" are left as said (the power is the electricity: below)
_SAID_OTHERWISE = """
payslip: salary slip | salary slips | wage slip | wage slips | pay slip | pay slips
electricity: keep the lights on | keeping the lights on | kept the lights on | heating and lighting |
 lighting and heating | the lights | light bill | light bills
internet: be online | being online | get online | getting online | stay online | go online | going online
broadband: be online | being online | get online | getting online | stay online | go online | going online
tax: the feds | uncle sam | taxman | the tax man
dentist: teeth looked at | teeth checked | teeth seen to | check his teeth | check her teeth | check my teeth |
 check their teeth
gym: working out | work out | workouts
locksmith: locked myself out | locked ourselves out | locked himself out | locked herself out | locked themselves out |
 locked out of | got locked out | lock myself out | lock ourselves out
discount: money off | knock off | knocks off | knocked off | knock a bit off | knock something off | percent off
"""

# phrases that say how a question asks, said as the plain word whatever the files say ("what did the drill set me
# back": what did it cost); their own words ("set", "back") are no topic
_ASKED_PHRASED = """
cost: set me back | set us back | set you back | set him back | set her back | set them back | run me | run us |
 ran me | ran us | the damage
budget: allow for | allowed for | allowing for | allow a month for | allow each month for
phone: get hold of | got hold of | get in touch with | reach her | reach him | reach them | reach you
spend: splash out on | splashed out on | shell out on | shelled out on | shell out for |
 shelled out for | fork out on | forked out on | fork out for | forked out for
"""

# what a country or a language makes a thing ("mum's Spanish omelette", "the French letter"): a capitalised word that
# says how a thing is, not a name its file must carry (the Spanish recipe says "tortilla", not "Spanish")
NATIONAL = frozenset("""english british scottish welsh irish american canadian australian french german spanish
 italian portuguese dutch belgian swiss austrian greek polish swedish danish norwegian finnish chinese japanese
 korean indian thai vietnamese mexican brazilian turkish russian""".split())
# the things of an everyday kind that a list or a recipe names instead of the kind ("what herb goes in the guacamole":
# the coriander): a passage says the kind by any of them. Only kinds the embedder does not bridge (MiniLM:
# pulses~lentils 0.18, coffee~flat white 0.26, spice~cumin 0.34); a thing never says another of its kind
_KINDS = """
herb: basil coriander cilantro parsley mint thyme rosemary oregano dill chives sage tarragon
spice: cumin paprika cinnamon nutmeg turmeric cardamom cloves saffron chilli chili
pulse legume: lentils lentil chickpeas chickpea beans peas
citrus: lime limes lemon lemons orange oranges grapefruit clementines
coffee: espresso latte cappuccino flat_white americano macchiato mocha cortado
grain cereal: oats rice riso arroz riz rijst ryż barley quinoa couscous bulgur
seafood: prawns prawn shrimp mussels crab lobster squid scallops
"""

_OTHER_LETTERS = re.compile("[\u0370-\u04ff]")  # Greek and Cyrillic, read in Latin letters (:func:`.wording.fold`)
GLOSS: dict[str, tuple[str, ...]] = {}
PHRASES: dict[str, tuple[str, ...]] = {}
for _line in (_TABLE + _KINDS + _TABLE_FAR).strip().replace("\n ", " ").splitlines():  # a line that opens with a
    _words, _, _forms = _line.partition(":")  # space goes on; a word of two tables has the forms of both
    for _word in _words.split():  # "move moved: …": a word's forms that the stemmer keeps apart share a line
        GLOSS[_word] = (*GLOSS.get(_word, ()), *(f for f in _forms.split() if "_" not in f))
        PHRASES[_word] = (*PHRASES.get(_word, ()), *(f.replace("_", " ") for f in _forms.split() if "_" in f))
for _word in list(GLOSS):  # and as a question's word is read, stemmed ("naples": naple), where no line has the stem
    GLOSS.setdefault(stem(_word), GLOSS[_word])
    PHRASES.setdefault(stem(_word), PHRASES[_word])
for _line in re.split(r"\n|; ", _GIVEN_NAMES.strip()):  # keyed and matched as the question's words are stemmed (thomas: thoma)
    _names, _, _short = (_part.split() for _part in _line.partition(":"))
    for _name in map(stem, _names):
        GLOSS[_name] = (*GLOSS.get(_name, ()), *_short)
    for _nick in _short:
        GLOSS[_nick] = (*GLOSS.get(_nick, ()), *map(stem, _names))
# a paper's word in another tongue -> the English words it is a form of ("kauce": deposit, guarantee)
_HEADS: dict[str, tuple[str, ...]] = {}
for _word, _forms in GLOSS.items():
    for _form in _forms:
        for _key in dict.fromkeys([_form, fold(_form) if _OTHER_LETTERS.search(_form) else _form]):
            _HEADS[_key] = (*_HEADS.get(_key, ()), _word)  # (Greek as typed too, with or without its accents)


SPELLED: dict[str, tuple[str, ...]] = {}
for _line in _SHORT.strip().splitlines():
    _word, _, _forms = _line.partition(":")
    SPELLED[_word] = tuple(f.strip() for f in _forms.split("|"))

SHORTENED: dict[str, tuple[str, ...]] = {}  # a word (stemmed) -> the short forms folders and files are named with
for _word, _forms in SPELLED.items():  # ("the body corporate stuff": Body Corp; "registration": Rego)
    for _form in _forms:
        if " " not in _form:
            SHORTENED[stem(_form)] = (*SHORTENED.get(stem(_form), ()), _word)
# and a paper's text ("12 Iona St", "Ins. premium"); not "RM", a sum in ringgit before it is a room
WRITTEN_SHORT = {w: tuple(s for s in short if s != "rm") for w, short in SHORTENED.items()}


def _phrase_table(text: str) -> dict[str, tuple[str, ...]]:
    """``word: phrase | phrase …`` lines (a line that starts with a space goes on the line before) as a dict."""
    return {w: tuple(" ".join(f.split()) for f in said.split("|"))
            for w, said in re.findall(r"^([\w-]+):((?:.|\n )*)", text.strip(), re.MULTILINE)}


def _patterns(table: dict[str, tuple[str, ...]]) -> list[tuple[str, re.Pattern[str]]]:
    """Each word with one pattern for all its phrases, compiled once (read for every content question)."""
    return [(w, re.compile(r"\b(?:" + "|".join(r"\s+".join(map(re.escape, f.split())) for f in said) + r")\b",
                           re.IGNORECASE)) for w, said in table.items()]


PHRASED = _phrase_table(_PHRASED)
# the power a household pays for is its electricity ("the power we used", "the power bill"), whatever the papers call
# it; not a power tool, bank, nap or of attorney, nor a word of a compound ("the power-and-heat bill": the bill's own)
_POWER = re.compile(r"(?<!-)\bpower\b(?!-)(?!\s+(?:tools?|drills?|saws?|sanders?|banks?|supply|cords?|cables?|adapt[eo]rs?|strips?|"
                    r"washers?|steering|naps?|of attorney|points?)\b)", re.IGNORECASE)
_OTHERWISE = [*_patterns(_phrase_table(_SAID_OTHERWISE)), ("electricity", _POWER)]
# a thing taken back to the shop is a return, whatever is taken ("take the kettle back"), not money sent back (a refund)
_RETURNED = re.compile(r"\b(?:take|takes|took|taking|bring|brings|brought|bringing|send|sends|sent|sending)\s+"
                       r"(?!(?:the\s+|my\s+|our\s+)?money\b)((?:(?!(?:to|in|into|at|on|from|out|off|up)\b)"
                       r"[\w'’-]+\s+){0,2}?)back\b", re.IGNORECASE)
# a date pushed back ("we pushed the launch back"): what papers say of it, whichever the files say
_PUSHED = re.compile(r"\b(?:push|pushes|pushed|pushing)\s+((?:(?!(?:to|in|into|at|on|from|out|off|up)\b)[\w'’-]+\s+)"
                     r"{0,3}?)back\b", re.IGNORECASE)
# a plane takes off: its departure ("what time do we take off"), not a sum taken off ("take off 10 %", "off my pay")
_TAKE_OFF = re.compile(r"(?<!much )\b(?:take|takes|took|taking)\s+off\b(?!\s+(?:the|a|an|my|our|your|his|her|their|for|"
                       r"from|of|on the bill|\d|[£$€]))", re.IGNORECASE)
# a paper, a cover or a card that runs out expires ("when does the current one run out"); not a thing used up ("we
# ran out of milk")
_RUN_OUT = re.compile(r"\b(?:run|runs|ran|running)\s+out\b(?!\s+of\b)", re.IGNORECASE)
# what lands in an account is the net pay ("how much landed in Omar's account", "what reached his account after the
# deductions"); a flight lands in a city. The account is where the pay went, which a payslip may not say: its words
# weigh less (:func:`account_words`)
_ACCOUNT = r"(?:(?:my|our|your|his|her|their|the|[\w-]+['’]s)\s+)?(?:(?:bank|current|joint|checking)\s+account|account|bank|pocket)\b"
_LANDED = re.compile(r"\b(?:(?:land|lands|landed|landing|arrive|arrives|arrived)\s+(?:in|into)|reach|reaches|reached|"
                     r"hit|hits)\b(?=\s+" + _ACCOUNT + ")", re.IGNORECASE)
_ACCOUNT_WORDS = frozenset("bank current joint checking account pocket".split())
_NET_INTO = re.compile(r"\bnet\s+" + _ACCOUNT, re.IGNORECASE)
_PHRASINGS = [*_patterns(PHRASED), ("return", _RETURNED), *((w, _PUSHED) for w in ("postpone", "delay", "move")),
              ("departure", _TAKE_OFF), ("expire", _RUN_OUT), ("net", _LANDED), *_OTHERWISE]
# what a payment taken from an account costs ("what does the gym take out of our account every month")
_TAKEN = re.compile(rf"\b(?:(?:take|takes|took|taking|come|comes|came|coming|go|goes|went|going)\s+{OUT_OF_ACCOUNT}|"
                    r"(?:leave|leaves|left|leaving)\s+" + _ACCOUNT + ")", re.IGNORECASE)  # ("how much left her account")
# a sum sent to a person is paid ("how much do I transfer him"), whatever a paper's bank transfer says
_SENT = re.compile(r"\b(how\s+much\s+(?:[\w']+\s+){1,2})(?:transfer|wire|remit)\b(?=\s+(?:him|her|them|the|to|over)\b)",
                   re.IGNORECASE)
_ASKED_AS = [*_patterns(_phrase_table(_ASKED_PHRASED)), ("cost", _TAKEN), ("pay", _SENT)]


def account_words(question: str) -> frozenset[str]:
    """The words of the account the pay landed in ("what net my bank account", as :func:`rephrase` says it): where
    the money went, said lightly by a payslip."""
    return frozenset(stem(w) for m in _NET_INTO.finditer(question) for w in m.group().lower().split()[1:]
                     if w in _ACCOUNT_WORDS)


def phrased(question: str) -> list[str]:
    """The words of papers that ``question`` says in a phrase ("what did they pay back": refund)."""
    return [w for w, pattern in _PHRASINGS if pattern.search(question)]


def said_otherwise(question: str) -> set[str]:
    """The paper's things ``question`` says in everyday words ("keeping the lights on": electricity): the paper
    asked, whose total answers, not a line of it that says the word."""
    return {w for w, pattern in _OTHERWISE if pattern.search(question)}


def files_said(question: str, names: Callable[[str], bool]) -> str:
    """``question`` with each everyday phrase for a paper that ``names`` accepts (some files are named by the word)
    said as that word ("how many of Joost's salary slips": payslips, as Loonstrook april 2026.pdf is one)."""
    for word, pattern in _OTHERWISE:  # (not one that names files itself: the "Salary slips" folder)
        if pattern is not _POWER and (m := pattern.search(question)) and names(word) and \
                not all(names(w) for w in re.findall(r"[^\W\d_]+", m.group(0))):
            question = pattern.sub(lambda m, w=word: w + "s" * m.group(0).lower().endswith("s"), question)
    return question


def _said_as(word: str) -> Callable[[re.Match[str]], str]:
    """A phrase's replacement by ``word`` that keeps the thing it names ("bring the kettle back": return the kettle)."""
    return lambda m: " ".join([word, m.group(1).strip()]).strip()


def _worded(word: str) -> Callable[[re.Match[str]], str]:
    """A phrase's replacement by ``word``; one that asks ("how far ahead") still asks, of the word: how much notice."""
    return lambda m: f"how much {word}" if m.group(0).lower().startswith("how ") else word


def rephrase(question: str, keep: Callable[[str], bool]) -> str:
    """``question`` with each phrase for a paper's word that ``keep`` accepts said as that word ("what did food
    shopping run us": "what did groceries cost"; "run us" is said plainly whatever the files say): the phrase's own
    words are how it is said, not what about."""
    for word, pattern in _PHRASINGS:  # (the power only where no file says "power": "the Northwind Power bill")
        if pattern.search(question) and keep(word) and not (pattern is _POWER and keep("power")):
            question = pattern.sub(_said_as(word) if pattern.groups else _worded(word), question)
    for word, pattern in _ASKED_AS:  # how it asks: said plainly whatever the files say
        question = pattern.sub((lambda m, w=word: m.group(1) + w) if pattern.groups else word, question)
    return question


def in_english(question: str, name: Callable[[str], bool] = lambda w: False) -> str:
    """``question`` with each word of another tongue that is a form of a table's word said as that word ("liquido
    nomina feb?": "net payslip feb?"), to read what kind of value it asks by the English words that ask one; a word
    that ``name`` accepts is kept (the Logement folder is no lodging)."""
    def said(m: re.Match[str]) -> str:
        w = m.group(0).lower()
        found = heads(w) if (coined(w) or not zipf(w)) and not name(w) else ()  # "netto": a name in the large list, no English word
        return found[0] if found else m.group(0)
    return re.sub(r"[^\W\d_]+", said, question)


def spelled_out(word: str) -> tuple[str, ...]:
    """What the short form ``word`` stands for, as phrases ("ss" -> "social security"), or ()."""
    return SPELLED.get(word, ())


def forms(word: str) -> tuple[str, ...]:
    """The other-language forms of ``word`` (lower-case, stemmed as the question's words are), or ()."""
    return GLOSS.get(word, ())


VOWELS = frozenset("aeio")  # the last letters Italian, Spanish and Portuguese plurals change (ricetta: ricette)


def vowel_changed(word: str, form: str) -> bool:
    """Whether ``word`` is ``form`` (five letters or more) with its last vowel changed: "fatture" for fattura."""
    return len(form) >= 5 and len(word) == len(form) and word[:-1] == form[:-1] and word[-1] in VOWELS \
        and form[-1] in VOWELS


def heads(word: str) -> tuple[str, ...]:
    """The words of the table of which ``word`` (as the question writes it) is a form ("kauce": deposit; and, as the
    table also gives English words their other words, "bond": deposit), or (): a question that says a paper's word
    in one tongue ("how much was the kauce") may find a paper that says it in another of that tongue's words
    (*jistota*), or in English."""
    if word in GLOSS:
        return ()
    word = fold(word) if _OTHER_LETTERS.search(word) else word  # "κτηνιατρος": ktiniatros, κτηνίατρος
    if word in _HEADS:  # (a short form whole: "piso", "byt")
        return _HEADS[word]
    if word.isascii() and word in _unaccented():  # "proprietaria", typed without its accent: proprietária
        return _unaccented()[word]
    # a stem written for a tongue whose endings change says the word with an ending ("kaucj": kaucja, kaucji),
    # not an English word that starts like a form ("reservation": reserva)
    found = next((_HEADS[word[:n]] for n in range(len(word), max(4, len(word) - 4), -1) if word[:n] in _HEADS), ())
    # or a plural that changes the last vowel ("fatture": fattura, "bollette": bolletta)
    found = found or next((_HEADS[f] for v in VOWELS if vowel_changed(word, f := word[:-1] + v) and f in _HEADS), ())
    if found or not coined(word):  # ("cottage" is no day, "Tage")
        return found
    # or a compound of no English word, which is what its last word is ("Nettolohn": salary, "Mietzinsdepot": deposit)
    return next((_HEADS[word[n:]] for n in range(3, len(word) - 3) if word[n:] in _HEADS), ())


@cache
def _unaccented() -> dict[str, tuple[str, ...]]:
    """The forms written with accents, keyed as typed without them (none an everyday English word: read on the first
    question, as wordfreq is big)."""
    return {f: heads for k, heads in _HEADS.items() if (f := fold(k)) != k and f.isascii() and f not in _HEADS
            and zipf(f) < 3.0}


def phrases(word: str) -> tuple[str, ...]:
    """The other-language forms of ``word`` that are several words ("prise d'effet" for start), or ()."""
    return PHRASES.get(word, ())
