"""Gloss: the words of household papers in the languages people keep them in.

A person asks in English about documents in German, French, Spanish, Portuguese, Italian, Dutch or Czech ("the
deposit for my flat" in a Mietvertrag that says *Kaution*; "the locksmith's bill", a *Quittung* from a
*Schlüsseldienst*; Czech words by the stem their endings change on: *jistot*a, *jistot*u).
The English embedder does not bridge them, and a question's word the passages lack makes the answer look
unfounded. ``forms(word)`` gives the word's common equivalents in those languages, for the full-text search
and for "does this passage say the question's word" (:func:`manoled.agent.retrieve.contains`).

Only words of papers (bills, contracts, letters, receipts, insurance, tax, home, health, a recipe's staples) and the
months, and only forms that are not English words themselves ("data", "total", "code" are left out); a few English
words also give the other word people use for the same thing (bike and bicycle), and a few everyday kinds the
things of them (herb: coriander). A form of several words is written with underscores ("prise_d'effet": a French lease
starts on its *date de prise d'effet*); ``phrases(word)`` gives those, ``forms(word)`` the single words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .slots import stem

_TABLE = """
invoice: rechnung factura facture fattura fatura factuur faktura faktury fakturu fakturujeme
payslip: lohnabrechnung gehaltsabrechnung paie nómina nomina holerite loonstrook salarisstrook výplatní_páska výplatnice mzdový_list
net: netto neto líquido liquido percibir čistá
soak soaking: einweichen tremper remojar demolhar ammollo
start: beginn début inicio inizio início prise_d'effet date_d'effet
move moved: einzug entrée emménagement mudanza trasloco mudança
balance: saldo solde restbetrag reste_à_payer reste_à_charge
owed owing owe: balance outstanding reste_à_payer restbetrag a_pagar à_payer zu_zahlen da_pagare te_betalen
coach: wagen voiture carrozza
return: rückfahrt rückreise rückflug retour regreso vuelta ritorno regresso
outbound: hinfahrt hinreise hinflug aller ida andata
end: ende jusqu'au jusqu'à hasta
booking: buchung réservation reserva prenotazione boeking reservering
stay staying: hotel accommodation unterkunft hébergement alojamiento alojamento alloggio
quote estimate: angebot kostenvoranschlag devis presupuesto preventivo orçamento
plumber plumbing: klempner installateur plombier plomberie fontanero fontanería fontaneria idraulico canalizador loodgieter
agency: agentur agence agencia agenzia
manage manages managed management managing: verwaltung hausverwaltung verwalter gestion gestionnaire administración administrador gestione amministratore beheer beheerder
letting: vermietung gestion_locative arrendamiento locazione verhuur
fine: bußgeld amende contravention multa
speed: geschwindigkeit vitesse velocidad velocità velocidade
ticket: fahrkarte billet billete biglietto bilhete jízdenka jízdenky
seat: sitzplatz sitz siège asiento posto lugar
train: zug tren treno comboio tgv sncf renfe trenitalia trein
meter: zähler zählerstand compteur compteurs contador contatore meterstand
reading: zählerstand relevé lectura lettura leitura meterstand
water: wasser eau agua acqua água
glasses: brille lunettes gafas occhiali óculos
director: direktor direktorin leiter leiterin directeur directrice director direttore diretor
health: gesundheit santé salud salute saúde
bill: rechnung factura facture fattura fatura factuur rekening vyúčtování faktura
receipt: quittung beleg quittance recibo reçu ricevuta kwitantie kassabon účtenka doklad
document: unterlagen dokumente dokument justificatifs documentos documenti
paper: unterlagen
amount: betrag gesamtbetrag rechnungsbetrag importe montant importo valor bedrag
sum: summe betrag
deposit: kaution fianza caução cauzione bond waarborgsom kauce kauci jistot
guarantee: kaution garantie fianza cauzione caução
rent: miete kaltmiete warmmiete loyer alquiler affitto aluguel renda huur huurprijs nájemné nájem
contract: vertrag contrat contrato contratto overeenkomst smlouva smlouvy
lease: mietvertrag bail arrendamiento arrendamento tenancy huurcontract huurovereenkomst nájemní_smlouva nájem
tenancy: lease mietvertrag bail arrendamiento
rental: miete mietvertrag mietwohnung alquiler affitto aluguel arrendamento
packing: packliste
diy: brico bricolage bricolaje baumarkt bouwmarkt fai-da-te
hardware: brico bricolage bricolaje ferretería ferreteria quincaillerie eisenwaren ferramenta ferramentas ijzerwaren baumarkt
insurance insured insure: versicherung versichert assurance assuré seguro asegurado assicurazione verzekering verzekerd pojištění pojistka pojišťovna
premium: prämie versicherungsbeitrag prima cotisation premio prémio premie pojistné
renewal: verlängerung renouvellement renovación rinnovo renovação
annual: jährlich annuel annuelle anual annuale jaarlijks roční ročně
tax: steuer steuern impôt impuesto imposta imposto tva iva mwst ust irpf tributaria hacienda belasting belastingdienst daň daně
income: einkommen ingresos rendimientos renta reddito rendimento
price: preis prix precio prezzo preço prijs cena ceny
fee: gebühr gebühren honorar frais tasa úplat poplatek poplatky školné
due: fällig fälligkeit échéance vencimiento scadenza vencimento vervaldatum splatnost splatnosti splatné
deadline: frist stichtag date_limite
next: nächste nächsten nächster prochain prochaine próximo próxima prossimo prossima
monthly: monatlich mensuel mensual mensile mensal maandelijks měsíčně měsíční
month: monthly monat monate mois mes mese mês maand maanden měsíc měsíce
contribution contributions: beitrag beiträge cotisation cotisations cotización contribución contribuição contributo
doctor: arzt ärztin médecin médico medico huisarts lékař lékařka
appointment: termin rendez-vous cita appuntamento consulta afspraak
notice: kündigung kündigungsfrist préavis preaviso antelación preavviso avis bescheid opzegtermijn
inspection: inspektion prüfung contrôle inspección ispezione inspeção wof mot nct tüv roadworthy prohlídka prohlídky kontrola
roadworthiness roadworthy: wof mot nct tüv hauptuntersuchung contrôle_technique itv revisione
odometer mileage: km kilometrage kilométrage kilometerstand
phone: tel telefon téléphone teléfono telefono telefone telefoon
address: adresse anschrift dirección indirizzo endereço morada adres
salary: gehalt lohn salaire salario stipendio paie nómina salaris mzda mzdy
gross: brutto brut bruto lordo devengado devengos bruto hrubá
amendment: avenant nachtrag änderungsvertrag enmienda adenda emendamento aditivo
apartment flat: wohnung appartement logement piso apartamento appartamento byt bytu
landlord: lessor vermieter vermieterin propriétaire arrendador senhorio verhuurder pronajímatel pronajímatele
tenant: mieter mieterin locataire inquilino huurder nájemce
heating: heizung chauffage calefacción riscaldamento aquecimento verwarming
electricity: strom électricité electricidad luz elettricità eletricidade elektriciteit elektřina elektřiny elektřinu elektroměr
bike: bicycle fahrrad vélo bicicleta bicicletta
bicycle: bike fahrrad vélo bicicleta bicicletta
aim aims: goal objective
goal goals: objective aim
objective: goal aim
christmas christma: xmas weihnachten navidad noël natale kerstmis
xmas xma: christmas weihnachten navidad noël natale kerstmis
cabin: stateroom kabine cabine camarote
contact: ansprechpartner ansprechpartnerin kontakt interlocuteur contacto contatto
translation: übersetzung traduction traducción traduzione tradução
car: auto wagen voiture coche carro vůz vozidlo vozidla
key: schlüssel clé llave chiave chave sleutel
locksmith: schlüsseldienst aufsperrdienst serrurier cerrajero fabbro serralheiro slotenmaker
door: tür porte puerta porta
hour: stunden heures horas ore
hourly: stündlich stundensatz std
rate: tarif tarifa tariffa stundensatz
tablet: tablett tableta tablette
framework: rahmenvertrag
day: tage jours días giorni dias
recipe: rezept recette receta ricetta receita recept
payment: zahlung paiement pago pagamento betaling
account: konto compte cuenta conto conta rekeningnummer účet účtu
bank: banque banco banca
reference: ref referenz référence referencia riferimento referência kenmerk
refund: erstattung rückerstattung erstattet remboursement remboursé restitué rbt reembolso devolver devolución rimborso teruggave terugbetaling rebate benefit_paid
 reimbursement reimbursed
statement: abrechnung kontoauszug relevé extracto estratto extrato
utility: nebenkosten charges suministros utenze
advisor adviser: berater beraterin beratung steuerberater steuerberaterin steuerberatung conseiller conseillère asesor
 asesora consulente
maintenance: wartung instandhaltung entretien mantenimiento manutenzione manutenção
repair: reparatur réparation reparación riparazione reparação reparatie
company: firma unternehmen société entreprise empresa azienda
host: gastgeber gastgeberin anfitrião anfitrión anfitrione hôte
guest: gast gäste invité huésped ospite hóspede
frame: rahmen cuadro telaio quadro
password: passwort kennwort pw senha contraseña
number: nummer numéro número numero
signature: unterschrift signatura assinatura
cancel cancellation: kündigung stornierung annulation résiliation cancelación cancellazione cancelamento opzegging
letter: lettre carta lettera
gym: fitness fitnessstudio gimnasio palestra academia salle_de_sport
note: notiz notizen notas nota notities
energy: energie énergie energía energie
employer: arbeitgeber employeur empleador datore
january: januar jänner janvier enero gennaio janeiro januari leden ledna
february: februar février febrero febbraio fevereiro februari únor února
march: märz mars marzo maart březen března
april: avril abril aprile duben dubna
may: mai mayo maggio maio mei květen května
june: juni juin junio giugno junho červen června
july: juli juillet julio luglio julho červenec července
august: août agosto augustus srpen srpna
september: septembre septiembre settembre setembro září
october: oktober octobre octubre ottobre outubro říjen října
november: novembre noviembre listopad listopadu
december: dezember décembre diciembre dicembre dezembro prosinec prosince
extra: excess
dog: pet perro hund chien cane cão
cat: pet gato katze gatto
vet: tierarzt tierärztin vétérinaire veterinario veterinaria veterinário dierenarts
egg eggs: ei eier œuf œufs huevo huevos uovo uova ovo ovos eieren
earn earned earning: income
buy: purchase
taxman: tax taxes revenue finanzamt impôts
wifi: internet broadband
broke broken breakdown: died fault faulty kaputt defekt panne avería averia guasto stopped_working not_working
fuel: petrol diesel tanken carburant gasolina benzina
cover covered: insurance versicherung assurance seguro assicurazione sum_insured sum_assured
omelette omelet: tortilla frittata
mum mom mother: mamá mama maman mutti mamma mãe madre mère mutter
teeth tooth: dentist dental zahnarzt dentiste dentista
dentist: dental zahnarzt zahnärztin dentiste dentista tandarts
leak leaking: plumber fuga fuite leck perdita
outing: trip excursion excursión sortie ausflug gita
workout workouts: gym gimnasio fitnessstudio palestra
raby rabies: antirrábica tollwut rabbia raiva
shot jab vaccine vaccination: vacuna vacunación impfung vaccin vaccination vaccino vacina očkování očkovací vakcína
sign-up signup joining enrolment enrollment: matrícula alta inscripción anmeldung aufnahmegebühr inscription iscrizione
grocery groceries: supermercado lebensmittel épicerie alimentación spesa potraviny
budget budgeted: presupuesto haushaltsplan bilancio orçamento rozpočet
excess: franquicia selbstbeteiligung franchigia eigen_risico
damage: daños schaden dommages danni danos
claim: siniestro schadensfall sinistre sinistro
charge charged charging: cargará cargar abbuchung abgebucht prélèvement prélevé addebito
sink: fregadero spüle évier lavello lava-loiça
kitchen: cocina küche cucina cozinha
anchor anchors: plug plugs rawlplug rawlplugs dübel cheville chevilles taco tacos
tap faucet: grifo wasserhahn robinet rubinetto torneira
terminate termination: desistimiento desistir rescisión résiliation kündigung disdetta recesso
motorway: autobahn autoroute autopista autoestrada autostrada snelweg
condo condominium: condomínio condominio copropriété wohnungseigentümergemeinschaft vve
general: geral allgemein allgemeine générale generale algemene
meeting assembly: versammlung reunião reunión réunion riunione assembleia asamblea assemblée assemblea vergadering
toll tolls: maut péage peaje peajes portagem portagens pedaggio
parking: parkplatz parkgebühr stationnement aparcamiento estacionamiento estacionamento parcheggio parkeren
oven: ofen backofen horno forno
summary: zusammenfassung resumen resumo riassunto samenvatting
trip travel: reise reisen viaje viajes viagem viagens viaggio viaggi reizen výlet
cheese: käse fromage queso queijo formaggio kaas
milk: milch lait leche leite melk
flour: mehl farine harina farinha meel
butter: beurre mantequilla manteiga boter
sugar: zucker sucre azúcar açúcar zucchero suiker
withheld withholding deducted deduction deductions: retención retenue einbehalten abzüge deducciones ritenuta
power: elektřina elektřiny
consumption consume consumed: spotřeba spotřeby
period: období
billing: vyúčtování zúčtovací zúčtování abrechnung facturation facturación fatturazione faturação
education: vzdělávání vzdělání bildung educación istruzione educação
valid validity expire expires expiry: platnost gültig gültigkeit validité validez validità validade
liability: ručení odpovědnost haftpflicht responsabilité responsabilidad
compulsory mandatory: povinné pflicht obligatoire obligatorio obbligatoria
nursery preschool kindergarten: školka školky mateřská_škola kita crèche maternelle guardería asilo předškolní
meal meals lunch lunches: stravné strava obědy
dose: dávka dávky dosis
gas: plyn plynu gaz
overpayment: přeplatek
service: servis
report: zpráva zprávy bericht informe
paediatrician pediatrician: pediatr pediatrie kinderarzt pédiatre pediatra
holiday holidays vacation: dovolená urlaub vacances vacaciones vacanze férias
photo photos pic pics picture pictures: fotky fotka fotografie foto fotos
advance advances: záloha zálohy zálohu
"""

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
samuel samantha: sam sammy; frederick: fred freddie; henry: harry; jacob: jake; joshua: josh
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
elec: electricity
leccy: electricity
reg: registration
rego: registration
exp: expiry | expiration | expires
govt: government
uni: university
tute: tutorial
sem: semester
addr: address
km: kilometres | kilometers
vet: veterinary | veterinarian | veterinary surgeon
ins: insurance
"""

# what people say in a phrase for a paper's one word ("how much did the government give back": the refund)
_PHRASED = """
refund: give back | gave back | given back | giving back | gives back | pay back | paid back | paying back |
 pays back | money back | hand back | hands back | handed back | handing back
groceries: food shopping | grocery shopping | food shop | weekly shop
deposit: put down | security deposit | damage deposit
broke: break down | breaks down | broke down | broken down | breaking down | pack in | packs in | packed in |
 packing in | conk out | conked out | gave out | give out | stopped working | stop working | died on
fuel: fill up | fills up | filled up | filling up | fill-up | tank up | tanked up | filled the tank | fill the tank
net: take home | take-home | took home | taking home | in hand | everything was taken off | everything is taken off |
 everything's taken off | after deductions | landed in | lands in | land in | landing in
balance: still have to pay | still need to pay | still to pay | still owe | still outstanding | left to pay | outstanding
annual: in one go | up front | upfront | in full | all at once | lump sum | single payment | one payment
flight: fly out | flying out | flies out | fly back | flying back
roadworthiness: safe to drive | safe on the road | fit for the road | road legal | road-legal
launch: go-live | go live | going live | goes live | went live
transport: getting around | get around | got around | gets around
check-in: get into the room | get into my room | get into our room | get in the room | get in my room | get in our room
"""

# everyday ways of saying a paper's thing ("keeping the lights on": the electricity): said as the paper's word to find
# it; unlike the phrases above they do not ask for a line that says the word (a bill's total answers). None of them is
# what papers write themselves: "power bill", "home loan" and "the internet" are left as said
_SAID_OTHERWISE = """
electricity: keep the lights on | keeping the lights on | kept the lights on | heating and lighting |
 lighting and heating | the lights | light bill | light bills
internet: be online | being online | get online | getting online | stay online | go online | going online
broadband: be online | being online | get online | getting online | stay online | go online | going online
tax: the feds | uncle sam | taxman | the tax man
dentist: teeth looked at | teeth checked | teeth seen to | check his teeth | check her teeth | check my teeth |
 check their teeth
discount: money off | knock off | knocks off | knocked off | knock a bit off | knock something off | percent off
"""

# phrases that say how a question asks, said as the plain word whatever the files say ("what did the drill set me
# back": what did it cost); their own words ("set", "back") are no topic
_ASKED_PHRASED = """
cost: set me back | set us back | set you back | set him back | set her back | set them back | run me | run us |
 ran me | ran us | the damage
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
grain cereal: oats rice barley quinoa couscous bulgur
seafood: prawns prawn shrimp mussels crab lobster squid scallops
"""

GLOSS: dict[str, tuple[str, ...]] = {}
PHRASES: dict[str, tuple[str, ...]] = {}
for _line in (_TABLE + _KINDS).strip().replace("\n ", " ").splitlines():  # a line that opens with a space goes on
    _words, _, _forms = _line.partition(":")
    for _word in _words.split():  # "move moved: …": a word's forms that the stemmer keeps apart share a line
        GLOSS[_word] = tuple(f for f in _forms.split() if "_" not in f)
        PHRASES[_word] = tuple(f.replace("_", " ") for f in _forms.split() if "_" in f)
for _line in re.split(r"\n|; ", _GIVEN_NAMES.strip()):  # keyed and matched as the question's words are stemmed (thomas: thoma)
    _names, _, _short = (_part.split() for _part in _line.partition(":"))
    for _name in map(stem, _names):
        GLOSS[_name] = (*GLOSS.get(_name, ()), *_short)
    for _nick in _short:
        GLOSS[_nick] = (*GLOSS.get(_nick, ()), *map(stem, _names))


SPELLED: dict[str, tuple[str, ...]] = {}
for _line in _SHORT.strip().splitlines():
    _word, _, _forms = _line.partition(":")
    SPELLED[_word] = tuple(f.strip() for f in _forms.split("|"))


def _phrase_table(text: str) -> dict[str, tuple[str, ...]]:
    """``word: phrase | phrase …`` lines (a line that starts with a space goes on the line before) as a dict."""
    return {w: tuple(" ".join(f.split()) for f in said.split("|"))
            for w, said in re.findall(r"^([\w-]+):((?:.|\n )*)", text.strip(), re.MULTILINE)}


def _patterns(table: dict[str, tuple[str, ...]]) -> list[tuple[str, re.Pattern[str]]]:
    """Each word with one pattern for all its phrases, compiled once (read for every content question)."""
    return [(w, re.compile(r"\b(?:" + "|".join(r"\s+".join(map(re.escape, f.split())) for f in said) + r")\b",
                           re.IGNORECASE)) for w, said in table.items()]


PHRASED = _phrase_table(_PHRASED)
_OTHERWISE = _patterns(_phrase_table(_SAID_OTHERWISE))
# a thing taken back to the shop is a return, whatever is taken ("take the kettle back"), not money sent back (a refund)
_RETURNED = re.compile(r"\b(?:take|takes|took|taking|bring|brings|brought|bringing|send|sends|sent|sending)\s+"
                       r"(?!(?:the\s+|my\s+|our\s+)?money\b)((?:(?!(?:to|in|into|at|on|from|out|off|up)\b)"
                       r"[\w'’-]+\s+){0,2}?)back\b", re.IGNORECASE)
# a date pushed back ("we pushed the launch back"): what papers say of it, whichever the files say
_PUSHED = re.compile(r"\b(?:push|pushes|pushed|pushing)\s+((?:(?!(?:to|in|into|at|on|from|out|off|up)\b)[\w'’-]+\s+)"
                     r"{0,3}?)back\b", re.IGNORECASE)
_PHRASINGS = [*_patterns(PHRASED), ("return", _RETURNED), *((w, _PUSHED) for w in ("postpone", "delay", "move")),
              *_OTHERWISE]
_ASKED_AS = _patterns(_phrase_table(_ASKED_PHRASED))


def phrased(question: str) -> list[str]:
    """The words of papers that ``question`` says in a phrase ("what did they pay back": refund)."""
    return [w for w, pattern in _PHRASINGS if pattern.search(question)]


def said_otherwise(question: str) -> set[str]:
    """The paper's things ``question`` says in everyday words ("keeping the lights on": electricity): the paper
    asked, whose total answers, not a line of it that says the word."""
    return {w for w, pattern in _OTHERWISE if pattern.search(question)}


def _said_as(word: str) -> Callable[[re.Match[str]], str]:
    """A phrase's replacement by ``word`` that keeps the thing it names ("bring the kettle back": return the kettle)."""
    return lambda m: " ".join([word, m.group(1).strip()]).strip()


def rephrase(question: str, keep: Callable[[str], bool]) -> str:
    """``question`` with each phrase for a paper's word that ``keep`` accepts said as that word ("what did food
    shopping run us": "what did groceries cost"; "run us" is said plainly whatever the files say): the phrase's own
    words are how it is said, not what about."""
    for word, pattern in _PHRASINGS:
        if pattern.search(question) and keep(word):  # (what is taken back stays said: "return the kettle")
            question = pattern.sub(_said_as(word) if pattern.groups else word, question)
    for word, pattern in _ASKED_AS:  # how it asks: said plainly whatever the files say
        question = pattern.sub(word, question)
    return question


def spelled_out(word: str) -> tuple[str, ...]:
    """What the short form ``word`` stands for, as phrases ("ss" -> "social security"), or ()."""
    return SPELLED.get(word, ())


def forms(word: str) -> tuple[str, ...]:
    """The other-language forms of ``word`` (lower-case, stemmed as the question's words are), or ()."""
    return GLOSS.get(word, ())


def phrases(word: str) -> tuple[str, ...]:
    """The other-language forms of ``word`` that are several words ("prise d'effet" for start), or ()."""
    return PHRASES.get(word, ())
