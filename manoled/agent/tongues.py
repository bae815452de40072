"""Questions asked in the languages people keep their papers in.

A person whose papers are French or Spanish may ask in that language at the shell: "cuándo cargan la factura de
luz de feb", "combien coûte l'assurance auto par mois". The planner reads how a question asks from English words
("when", "how much", "who"), and takes a word it does not know for the topic ("cuando" for a name).
:func:`in_english` says a question's asking words in English and drops its little words ("la", "de", "der"),
keeping its topic words as they are: the papers say "factura" and "luz" too (and :mod:`.gloss` bridges the English
ones). A question is read so only when it has an asking word no English question has, or one of these asking
words and another word of the same language;
English questions, and names like "Rue de la Paix" in them, are left alone.
"""

from __future__ import annotations

import re
from functools import cache

from .commonness import zipf
from .wording import fold

# how a question asks, by language: French, Spanish, German, Italian, Portuguese, Dutch, Swedish, Czech, Polish,
# Turkish, Malay, Tagalog, Greek, Vietnamese, Romanian and Finnish (each a word of its own, never an English word: no "die", "was", "son", "chi")
_ASKING = {
    "fr": {"quand": "when", "combien": "how much", "qui": "who", "où": "where", "quel": "what", "quelle": "what",
           "quels": "what", "quelles": "what", "coûte": "cost", "coûtent": "cost", "coûté": "cost", "prélevé": "charged",
           "prélèvent": "charge", "payé": "paid", "prochain": "next", "prochaine": "next",
           "dernier": "last", "dernière": "last", "quoi": "what", "modifié": "changed", "modifiée": "changed"},
    "es": {"cuándo": "when", "cuando": "when", "cuánto": "how much", "cuanto": "how much", "cuánta": "how much",
           "cuanta": "how much", "cuántos": "how many", "cuantos": "how many", "cuántas": "how many",
           "cuantas": "how many", "quién": "who", "quien": "who", "dónde": "where", "donde": "where",
           "qué": "what", "cuál": "which", "cual": "which", "cuesta": "cost", "costó": "cost", "costo": "cost",
           "próxima": "next", "próximo": "next", "proxima": "next", "proximo": "next", "prox": "next", "cargan": "charge",
           "cargaron": "charge", "cobran": "charge", "cobraron": "charge", "pagamos": "pay", "pagué": "pay",
           "último": "last", "ultimo": "last", "última": "last", "ultima": "last", "fue": "was", "fueron": "were",
           "nombre": "name", "teléfono": "phone", "telefono": "phone"},
    "de": {"wann": "when", "wieviel": "how much", "wie": "how", "viel": "much", "viele": "many", "wieviele": "how many", "wer": "who", "wo": "where", "welche": "which", "welcher": "which",
           "welches": "which", "kostet": "cost", "kostete": "cost", "nächste": "next", "nächster": "next", "abgebucht": "charged",
           "bezahlt": "paid", "letzte": "last", "letzten": "last", "letzter": "last"},
    "it": {"quando": "when", "quanto": "how much", "quanta": "how much", "dove": "where", "quale": "which",
           "costa": "cost", "prossima": "next", "prossimo": "next", "nome": "name", "telefono": "phone"},
    "pt": {"quando": "when", "quanto": "how much", "quanta": "how much", "quem": "who", "onde": "where",
           "qual": "which", "custa": "cost", "custou": "cost", "próxima": "next", "próximo": "next", "deu": "cost",
           "ficou": "cost", "paguei": "paid", "pagamos": "paid", "nome": "name", "telefone": "phone"},
    "nl": {"wanneer": "when", "hoeveel": "how much", "waar": "where", "welke": "which", "kost": "cost",
           "volgende": "next", "wat": "what", "zit": "is", "zitten": "are", "staan": "are", "staat": "is",
           "neemt": "takes", "nemen": "take", "laatst": "last", "gewijzigd": "changed", "aangepast": "changed"},
    "sv": {"när": "when", "hur": "how", "mycket": "much", "många": "many", "vem": "who", "vilken": "which",
           "vilka": "which", "vilket": "which", "kostar": "cost", "kostade": "cost", "nästa": "next", "senaste": "last",
           "betalade": "paid", "betalar": "pay", "vad": "what"},
    "cs": {"kdy": "when", "kolik": "how much", "kdo": "who", "kde": "where", "který": "which", "která": "which",
           "které": "which", "stojí": "cost", "stál": "cost", "stála": "cost", "příští": "next", "poslední": "last",
           "zaplatili": "paid"},
    "pl": {"kiedy": "when", "ile": "how much", "kto": "who", "gdzie": "where", "jaki": "what", "jaka": "what",
           "jakie": "what", "który": "which", "która": "which", "które": "which", "kosztuje": "cost",
           "kosztował": "cost", "kosztowała": "cost", "następny": "next", "następna": "next", "następne": "next",
           "ostatni": "last", "ostatnia": "last", "zapłaciliśmy": "paid"},
    "tr": {"kadar": "how much", "zaman": "when", "kaç": "how many", "kim": "who", "nerede": "where", "hangi": "which",
           "sonraki": "next", "kesilmiş": "deducted", "kesildi": "deducted", "ödedik": "paid", "ödendi": "paid"},
    "ms": {"berapa": "how much", "bila": "when", "bilakah": "when", "siapa": "who", "mana": "where",
           "seterusnya": "next", "bayar": "pay"},
    "tl": {"magkano": "how much", "kailan": "when", "sino": "who", "saan": "where", "ilan": "how many",
           "alin": "which", "ano": "what", "susunod": "next", "binayaran": "paid"},
    "el": {"πόσο": "how much", "ποσο": "how much", "πόσα": "how many", "ποσα": "how many", "πόσες": "how many",
           "ποσες": "how many", "πόσοι": "how many", "ποσοι": "how many", "πότε": "when", "ποτε": "when",
           "ποιος": "who", "ποιοσ": "who", "ποια": "which", "ποιο": "which", "πού": "where", "τι": "what",
           "επόμενο": "next", "επόμενη": "next", "επομενο": "next", "επομενη": "next"},
    "vi": {},  # (its asking words are of two syllables: :data:`_PHRASES`)
    "ro": {"când": "when", "cand": "when", "cât": "how much", "câte": "how many", "câți": "how many", "cine": "who",
           "unde": "where", "costă": "cost", "costa": "cost", "telefon": "phone", "nr": "number", "următoarea": "next",
           "următorul": "next"},
    "fi": {"milloin": "when", "paljonko": "how much", "montako": "how many", "kuka": "who", "missä": "where",
           "mikä": "what", "maksaa": "cost", "maksoi": "cost", "puhelinnumero": "phone", "hinta": "price",
           "yhteensä": "total"},
}
# the little words of each language that say nothing of the topic (none of them an English word)
_LITTLE = {
    "fr": "le la les l un une des du de d et ou au aux pour par avec sur dans est sont mon ma mes notre nos votre vos "
          "ce cette ces il elle on nous vous je j se s qu que ne pas y faut doit dois ai a-t-il fois est-ce c",
    "es": "el la los las del al un una unos unas y o con por para en es son mi mis tu nuestro nuestra nuestros su sus "
          "se si nos les lo que de hay tengo tenemos hace",
    "de": "der das dem des ein eine einen einem und oder für mit von vom zum zur im ist sind mein meine unser unsere "
          "ich wir es muss müssen bis haben hat gibt",
    "it": "il lo gli della del delle dei un una e o con per di da è sono mio mia nostro nostra si ci",
    "pt": "os das dos da de em na nas um uma e ou com por para é são meu minha nosso nossa ao foi",
    "nl": "de het een en of voor met van op is zijn mijn onze ons ik we moet moeten er",
    "sv": "det den en ett och eller för med av på är vi jag min mitt mina vår vårt våra till om som har",
    "cs": "na za ve je jsou můj moje náš naše našeho pro se ze od",
    "pl": "na za w we z ze dla od jest są wynosi mój moja nasz nasza nasze się czy mamy",
    "tr": "ne bu şu ve ile için mi mı mu mü da de ki bir bizim benim var",
    "ms": "di ke yang dan untuk kita saya kami ni tu ada",
    "tl": "ang ng ni sa si ba po mga yung kay natin namin ko ka",
    "el": "ο η το οι τα του της των τον την στο στη στην στον στα σε και για με από απο μου μας",
    "vi": "của cua là và va các cac những nhung tôi toi mình minh có được duoc đã thì thi cho bị",
    "ro": "de la pe cu și sau în din ale lui noastră nostru nostri noștri este sunt",
    "fi": "ja on oli meidän meillä minun kuinka paljon",
}
_LITTLE_SETS = {lang: frozenset(ws.split()) for lang, ws in _LITTLE.items()}
# German's little words no English text says: a text that says enough of them writes every noun capitalised, so
# its capitals tell no names ("125 g glattes Mehl", "eine Menge"); not "das" and "des", which Portuguese and French say
_GERMAN = frozenset("der dem ein eine einen einem einer und oder für mit von vom zum zur ist sind nicht auch "
                    "wird werden".split())
_WORD = re.compile(r"[^\W\d_]+")


def capitalises_nouns(text: str) -> bool:
    """Whether ``text`` is German (three of its little words or more, one word in 25), whose capitals are its
    nouns as well as its names."""
    ws = _WORD.findall(text)
    said = sum(w in _GERMAN for w in ws)
    return said >= 3 and 25 * said >= len(ws)
# what a question about files calls them, their folders and the space they take, said in English once its language is
# known ("Hoeveel ruimte neemt de map Notities in?": how much space does the folder take); a folder's own name is
# kept ("map Notities": its name is Notities)
_FILES_SAID = {
    "nl": "map:folder mappen:folders ruimte:space bestand:file bestanden:files foto's:photos fotos:photos groot:big "
          "grootte:size",
    "de": "ordner:folder platz:space speicherplatz:space datei:file dateien:files fotos:photos bilder:photos "
          "größe:size groß:big",
    "sv": "mapp:folder mappen:folder mappar:folders utrymme:space plats:space fil:file filer:files foton:photos "
          "bilder:photos storlek:size stor:big",
    "fr": "dossier:folder dossiers:folders espace:space fichier:file fichiers:files photos:photos papiers:papers "
          "documents:documents taille:size gros:big grand:big",
    "es": "carpeta:folder espacio:space archivo:file archivos:files fotos:photos",
    "it": "cartella:folder spazio:space",
    "pt": "pasta:folder espaço:space arquivo:file arquivos:files ficheiros:files fotos:photos",
    "cs": "složka:folder složce:folder místo:space soubor:file soubory:files fotky:photos",
    "pl": "folderze:folder miejsce:space plik:file pliki:files plików:files zdjęcia:photos zdjęć:photos",
}
_FILES_SAID_MAPS = {lang: dict(pair.split(":") for pair in ws.split()) for lang, ws in _FILES_SAID.items()}
# asking words that are English words too, read so once the language is known ("Was ist im Ordner?")
_ONCE_KNOWN = {"de": {"was": "what", "ist": "is", "im": "in the"}}
# little words that are English words (or letters) too, dropped once the language is known ("quanto deu o
# veterinário do Paçoca")
_ONCE_LITTLE = {"pt": frozenset("o a do no ao à".split()), "es": frozenset("a".split()), "it": frozenset("a al".split())}
# of those, the ones no English question says ("Ordner", "mapp"; not "map", "pasta"): they tell the language too,
# capitalised as German writes its nouns
@cache
def _foreign_files() -> frozenset[str]:  # (read on the first question, not when the daemon starts: wordfreq is big)
    return frozenset(w for m in _FILES_SAID_MAPS.values() for w in m if zipf(w) < 3.0)
# how a question asks, said in phrases of several words: "qu'est-ce qu'il y a dans le dossier Impôts?" (what is in),
# "quels papiers on a pour Biscuit?" (which papers do we have); one is enough to tell the language
_PHRASES = {"fr": [(re.compile(r"\b(?:qu'est-ce qu'il y a|qu'y a-t-il|y'?\s?a quoi|il y a quoi)\s+(?=dans\b)", re.I), "what is "),
                   (re.compile(r"\b(?:est-ce qu')?on a\b", re.I), "do we have"),
                   (re.compile(r"\b(?:y a-t-il|il y a)\b", re.I), "are there"),
                   (re.compile(r"\bdans (?:le |la |les |l')?", re.I), "in the "),
                   (re.compile(r"\btaille (?:du|de ce|de mon|de notre) fichier\b", re.I), "file size")],
            # Vietnamese asks in words of two syllables, typed with their marks or without ("bao nhieu")
            "vi": [(re.compile(r"\b(?:bao nhi[êe]u|khi n[àa]o|bao gi[ờo]|ng[àa]y n[àa]o|ở đâu|o dau|t[êe]n g[ìi]|"
                               r"l[àa] g[ìi]|mấy)(?!\w)", re.I), lambda m: _VI_ASKING[fold(m.group().lower())]),
                   (re.compile(r"\bth[áa]ng (1[0-2]|[1-9])\b", re.I), lambda m: _MONTHS[int(m.group(1)) - 1])]}
_VI_ASKING = {"bao nhieu": "how much", "khi nao": "when", "bao gio": "when", "ngay nao": "what date", "o dau": "where",
              "ten gi": "what name", "la gi": "what is", "may": "how many"}
_MONTHS = ("january february march april may june july august september october november december").split()
# asking words no English question has, nor a name: enough alone ("seguro coche cuanto total?")
_PLAIN = frozenset("quand combien cuándo cuando cuánto cuanto cuánta cuanta cuántos cuantos cuántas cuantas quién dónde "
                   "wann wieviel wanneer hoeveel próxima próximo proxima proximo prox prochain prochaine nächste "
                   "nächster kdy kolik kiedy ile gdzie wieviele när många kaç nerede berapa bilakah magkano kailan "
                   "πόσο ποσο πόσα ποσα πότε ποτε quando quanto quem onde când câte telefon milloin paljonko montako".split())


def language_of(question: str) -> str | None:
    """The language of ``question`` when it asks in one of ours (an asking word no English question has, or
    one and another word of the language), else None (English, or a name like "Rue de la Paix" in an English question)."""
    phrased = next((lang for lang, ps in _PHRASES.items() if ps[0][0].search(question)), None)
    if phrased:
        return phrased
    found = re.findall(r"[^\W\d_]+", question)  # a capitalised word inside is a name ("Marie Quand")
    foreign = _foreign_files()
    ws = [w.lower() for n, w in enumerate(found) if n == 0 or not w[:1].isupper() or w.lower() in foreign]
    best, said = None, 0
    for lang, asking in _ASKING.items():  # the language most of its words are of ("quanto custa": Portuguese)
        ask = [w for w in ws if w in asking or w in foreign and w in _FILES_SAID_MAPS.get(lang, {})]
        little = [w for w in ws if w in _LITTLE_SETS[lang]]
        if ask and (len(ask) >= 2 or little or any(w in _PLAIN for w in ask)) and 2 * len(ask) + len(little) > said:
            best, said = lang, 2 * len(ask) + len(little)
    return best


def in_english(question: str) -> str:
    """``question`` with its asking words in English and its little words dropped, when it asks in another of the
    languages above; else ``question`` as it is."""
    lang = language_of(question)
    if lang is None:
        return question
    for pattern, said in _PHRASES.get(lang, []):
        question = pattern.sub(said, question)
    files_said = _FILES_SAID_MAPS.get(lang, {})
    asking, little = {**files_said, **_ONCE_KNOWN.get(lang, {}), **_ASKING[lang]}, _LITTLE_SETS[lang] | \
        _ONCE_LITTLE.get(lang, frozenset())
    out = []
    for w in re.split(r"(\s+)", question):
        parts = re.split(r"(?<=\w)'(?=\w)", w)  # "l'assurance": the article and its word
        parts = [x for p in parts for x in _compound(p, asking)]  # "Notizen-Ordner": the Notizen folder
        kept = []
        for p in parts:
            core = p.strip("¿?¡!.,;:").lower()
            if core in asking and (not out or not p[:1].isupper() or core in files_said):
                kept.append(p.lower().replace(core, asking[core]))
            elif core not in little:
                kept.append(p)
            elif p.rstrip("?!.") != p:
                kept.append(p[len(p.rstrip("?!.")):])  # the question mark stays
        out.append("".join(kept))
    english = re.sub(r"\s+", " ", "".join(out)).strip().lstrip("¿¡")
    if lang == "nl":  # "hoeveel notities": how many, of a plural ("-en", "-s"); "hoeveel ruimte": how much
        english = re.sub(r"\bhow much (?=(?!gas\b)[^\W\d_]+(?:en|s)\b)", "how many ", english)
    if lang == "fr":  # "combien de photos": how many, of a plural ("-s", "-x"); "combien de kWh": how much
        english = re.sub(r"\bhow much (?=(?!temps\b|fois\b)[^\W\d_]+[sx]\b)", "how many ", english)
    return english


def _compound(part: str, asking: dict[str, str]) -> list[str]:
    """``part`` as it is, or split before its last piece when that piece is a word of files ("Notizen-Ordner":
    "Notizen", " ", "Ordner")."""
    head, dash, tail = part.rpartition("-")
    return [head, " ", tail] if dash and head and tail.strip("?!.,;:").lower() in asking else [part]
