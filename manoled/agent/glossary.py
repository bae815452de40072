"""The words of household papers in the languages people keep them in, by the English word a question says.

One line a word (or the forms of a word the stemmer keeps apart: "move moved"), then its forms in German, French,
Spanish, Portuguese, Italian, Dutch, Czech and Polish (a country's too, as its people name a trip's folder:
"Chorvatsko_2026", and a city's, as a ticket names it: "Londres Heathrow"); a line that starts with a space goes on
the line before. A form of several words is written with underscores ("prise_d'effet"). Words of a tongue whose
endings change are written by the stem they change on (Czech *jistot*a, Polish *kaucj*a): a form of five letters or
more is also read as the start of a word. :mod:`.gloss` reads the table.
"""

TABLE = """
invoice: rechnung factura facture fattura fatura factuur faktura faktury fakturu fakturujeme fakturę fakturze
payslip: lohnabrechnung gehaltsabrechnung paie nómina nomina holerite loonstrook salarisstrook výplatní_páska
 výplatnice mzdový_list pasek_wynagrodzeń pasek_płacowy odcinek_płacowy cedolino busta_paga
total: totale totali gesamtbetrag totaal celkem razem
net: netto neto líquido liquido percibir čistá do_wypłaty na_rękę
soak soaking: einweichen tremper remojar demolhar ammollo
start: beginn début inicio inizio início prise_d'effet date_d'effet początek rozpoczęci
move moved: einzug entrée emménagement mudanza trasloco mudança przeprowadzk
balance: saldo solde restbetrag reste_à_payer reste_à_charge
owed owing owe: balance outstanding reste_à_payer restbetrag a_pagar à_payer zu_zahlen da_pagare te_betalen do_zapłaty
 zaległoś
coach: wagen voiture carrozza
return: rückfahrt rückreise rückflug retour regreso vuelta ritorno regresso powrót powrotn
outbound: hinfahrt hinreise hinflug aller ida andata wyjazd
end: ende jusqu'au jusqu'à hasta koniec zakończeni
booking: buchung réservation reserva prenotazione boeking reservering rezerwacj
stay staying: hotel accommodation unterkunft hébergement alojamiento alojamento alloggio nocleg zakwaterowani
quote estimate: angebot kostenvoranschlag devis presupuesto preventivo orçamento wycena wyceny kosztorys
plumber plumbing: klempner installateur plombier plomberie fontanero fontanería fontaneria idraulico canalizador
 loodgieter hydraulik
electrician electricians: elektriker électricien electricista elettricista eletricista elektricien elektrikář elektryk
agency: agentur agence agencia agenzia agencj
manage manages managed management managing: verwaltung hausverwaltung verwalter gestion gestionnaire administración
 administrador gestione amministratore beheer beheerder zarządc zarządzając
letting: vermietung gestion_locative arrendamiento locazione verhuur wynajem wynajmu
fine: bußgeld amende contravention multa grzywn mandat_karny
speed: geschwindigkeit vitesse velocidad velocità velocidade prędkoś
retained: retenue retenu retenida
reduced: minoré minorée ermäßigt ermäßigte reducido reducida ridotto ridotta reduzido reduzida snížen obniżon
speeding: excès_de_vitesse geschwindigkeitsüberschreitung exceso_de_velocidad eccesso_di_velocità
land landed landing arrive arrival arriving: arrival arrivals arrive arrives arrived ankunft arrivée llegada arrivo
 chegada aankomst příjezd přílet przylot
ticket: fahrkarte billet billete biglietto bilhete jízdenka jízdenky bilet
seat: sitzplatz sitz siège asiento posto lugar miejsce
train: zug tren treno comboio tgv sncf renfe trenitalia trein pociąg pkp intercity
meter: zähler zählerstand compteur compteurs contador contatore meterstand licznik wodomierz
reading: zählerstand relevé lectura lettura leitura meterstand odczyt stan_licznika
water: wasser eau agua acqua água woda wody wodę
glasses: brille lunettes gafas occhiali óculos okulary
director: direktor direktorin leiter leiterin directeur directrice director direttore diretor dyrektor
health: gesundheit santé salud salute saúde zdrowi zdrowotn
bill: rechnung factura facture fattura fatura factuur rekening vyúčtování faktura rachun bolletta
receipt: quittung beleg quittance recibo reçu ricevuta kwitantie kassabon účtenka doklad paragon pokwitowani
document: unterlagen dokumente dokument justificatifs documentos documenti dokumenty
paper: unterlagen
amount: betrag gesamtbetrag rechnungsbetrag importe montant importo valor bedrag kwota kwoty kwotę
sum: summe betrag suma razem
deposit: kaution fianza caução cauzione bond waarborgsom kauce kauci jistot kaucj
guarantee: kaution garantie fianza cauzione caução kaucj
rent: miete kaltmiete warmmiete loyer alquiler affitto aluguel renda huur huurprijs nájemné nájem czynsz najem najmu
contract: vertrag contrat contrato contratto overeenkomst smlouva smlouvy umowa umowy umowę umowie
lease: mietvertrag bail arrendamiento arrendamento tenancy huurcontract huurovereenkomst nájemní_smlouva nájem
 umowa_najmu najmu
tenancy: lease mietvertrag bail arrendamiento umowa_najmu
rental: miete mietvertrag mietwohnung alquiler affitto aluguel arrendamento wynajem wynajmu
packing: packliste
diy: brico bricolage bricolaje baumarkt bouwmarkt fai-da-te
hardware: brico bricolage bricolaje ferretería ferreteria quincaillerie eisenwaren ferramenta ferramentas ijzerwaren
 baumarkt
insurance insured insure: versicherung versichert assurance assuré seguro asegurado assicurazione verzekering
 verzekerd pojištění pojistka pojišťovna ubezpiecz polisa polisy
insurer insurers: insurance insured versicherung assurance seguro assicurazione verzekering pojišťovna ubezpieczyciel
premium: prämie versicherungsbeitrag prima cotisation premio prémio premie pojistné składk
renewal: verlängerung renouvellement renovación rinnovo renovação odnowieni przedłużeni
annual yearly: jährlich annuel annuelle anual annuale jaarlijks roční ročně roczn
tax: steuer steuern impôt impuesto imposta imposto tva iva mwst ust irpf tributaria hacienda belasting belastingdienst
 daň daně podat pit
income: einkommen ingresos rendimientos renta reddito rendimento dochód dochodu przychód
price: preis prix precio prezzo preço prijs cena ceny
membership member: mitgliedschaft mitglied adhésion adhérent abonnement socio socia abbonamento iscritto członkostw
freeze frozen: einfrieren congelación congelacion congelar congelado congelada congeler congelé sospensione sospendere
 pausierung ruhezeit zawieszeni pozastaven
fee: gebühr gebühren honorar frais tasa úplat poplatek poplatky školné opłat retta cuota cuotas cotisation
 mensalidade
deadline: frist stichtag date_limite termin_płatności fälligkeit échéance vencimiento scadenza vencimento vervaldatum
 splatnost splatnosti termine plazo prazo
due: fällig fälligkeit échéance vencimiento scadenza vencimento vervaldatum splatnost splatnosti splatné
 termin_płatności płatne_do
date: datum fecha
next: nächste nächsten nächster prochain prochaine próximo próxima prossimo prossima następn kolejn
monthly: monatlich mensuel mensual mensile mensal maandelijks měsíčně měsíční miesięczn
month: monthly monat monate mois mes mese mês maand maanden měsíc měsíce miesiąc miesięcy
year: jahr jahres année années año años anno anni ano anos jaar jaren rok roku roce roční ročně rocznie
contribution contributions: beitrag beiträge cotisation cotisations cotización contribución contribuição contributo
 składk
doctor: arzt ärztin médecin médico medico huisarts lékař lékařka lekarz
appointment: termin rendez-vous cita appuntamento consulta afspraak wizyt
notice: kündigung kündigungsfrist kündig gekündigt préavis preaviso antelación preavviso avis bescheid opzegtermijn wypowiedzeni
 okres_wypowiedzenia
inspection: inspektion prüfung contrôle inspección ispezione inspeção wof mot nct tüv roadworthy prohlídka prohlídky
 kontrola przegląd badanie_techniczne
roadworthiness roadworthy: wof mot nct tüv hauptuntersuchung contrôle_technique itv revisione przegląd
 badanie_techniczne
odometer mileage: km kilometrage kilométrage kilometerstand przebieg
phone: tel telefon téléphone teléfono telefono telefone telefoon
address: adresse anschrift dirección indirizzo endereço morada adres
salary: gehalt lohn salaire salario stipendio paie nómina salaris mzda mzdy wynagrodz pensja płaca
gross: brutto brut bruto lordo devengado devengos bruto hrubá
amendment: avenant nachtrag änderungsvertrag enmienda adenda emendamento aditivo
apartment flat: wohnung appartement logement piso vivienda apartamento appartamento byt bytu mieszkani lokal
landlord: lessor vermieter vermieterin propriétaire arrendador senhorio verhuurder pronajímatel pronajímatele
 wynajmując właściciel
tenant: mieter mieterin locataire inquilino huurder nájemce najemca najemcy
heating: heizung chauffage calefacción riscaldamento aquecimento verwarming ogrzewani
electricity: strom électricité electricidad luz elettricità eletricidade elektriciteit elektřina elektřiny elektřinu
 elektroměr prąd energia_elektryczna energii_elektrycznej luce
bike: bicycle cycles fahrrad vélo bicicleta bicicletta rower
bicycle: bike fahrrad vélo bicicleta bicicletta rower
aim aims: goal objective
goal goals: objective aim
objective: goal aim
christmas christma: xmas weihnachten navidad noël natale kerstmis boże_narodzenie wigili
xmas xma: christmas weihnachten navidad noël natale kerstmis
cabin: stateroom kabine cabine camarote
contact: ansprechpartner ansprechpartnerin kontakt interlocuteur contacto contatto
translation: übersetzung traduction traducción traduzione tradução tłumaczeni
car: auto wagen voiture coche carro vůz vozidlo vozidla samochód samochodu pojazd
suv hatchback sedan saloon minivan: car vehicle auto wagen voiture coche carro vůz vozidlo samochód pojazd
key: schlüssel clé llave chiave chave sleutel klucz
locksmith: schlüsseldienst aufsperrdienst serrurier cerrajero fabbro serralheiro slotenmaker ślusarz
door: tür porte puerta porta drzwi
hour: stunden heures horas ore godzin
hourly: stündlich stundensatz std
rate: tarif tarifa tariffa stundensatz stawka taryf
tablet: tablett tableta tablette
framework: rahmenvertrag
day: tage jours días giorni dias dni dzień
recipe: rezept recette receta ricetta receita recept przepis
payment: zahlung paiement pago pagamento betaling płatnoś wpłat przelew
account: konto compte cuenta conto conta rekeningnummer účet účtu numer_konta rachunek_bankowy
bank: banque banco banca
reference: ref referenz référence referencia riferimento referência kenmerk tytuł_przelewu localizador
refund: erstattung rückerstattung erstattet remboursement remboursé restitué rbt reembolso devolver devolución přeplatek přeplatku
 rimborso teruggave terugbetaling rebate benefit_paid
 reimbursement reimbursed zwrot
statement: abrechnung kontoauszug relevé extracto estratto extrato wyciąg rozliczeni vyúčtování výpis
utility: nebenkosten charges suministros utenze
advisor adviser: berater beraterin beratung steuerberater steuerberaterin steuerberatung conseiller conseillère asesor
 asesora consulente
maintenance: wartung instandhaltung entretien mantenimiento manutenzione manutenção konserwacj serwis
repair: reparatur réparation reparación riparazione reparação reparatie napraw
company: firma unternehmen société entreprise empresa azienda spółka spółki
host: gastgeber gastgeberin anfitrião anfitrión anfitrione hôte gospodarz
guest: gast gäste invité huésped ospite hóspede gość gości
frame: rahmen cuadro telaio quadro
password: passwort kennwort pw senha contraseña hasło
number: nummer numéro número numero numer číslo čísla
policy: versicherungsschein versicherungspolice police_d'assurance póliza poliza apólice apolice polizza polis
 pojistná_smlouva pojistné_smlouvy polisa polisy
signature: unterschrift signatura assinatura podpis
cancel cancellation: kündigung stornierung annulation résiliation cancelación cancellazione cancelamento opzegging
 rezygnacj anulowani
letter: lettre carta lettera pismo
gym: fitness fitnessstudio gimnasio palestra academia salle_de_sport siłowni
note: notiz notizen notas nota notities notatk
energy: energie énergie energía energie energia energii
employer: arbeitgeber employeur empleador datore pracodawc
january: januar jänner janvier enero gennaio janeiro januari leden ledna styczeń stycznia
february: februar février febrero febbraio fevereiro februari únor února luty lutego
march: märz mars marzo maart březen března marzec marca
april: avril abril aprile duben dubna kwiecień kwietnia
may: mai mayo maggio maio mei květen května maj
june: juni juin junio giugno junho červen června czerwiec czerwca
july: juli juillet julio luglio julho červenec července lipiec lipca
august: août agosto augustus srpen srpna sierpień sierpnia
september: septembre septiembre settembre setembro září wrzesień września
october: oktober octobre octubre ottobre outubro říjen října październik października
november: novembre noviembre listopad listopadu listopada
december: dezember décembre diciembre dicembre dezembro prosinec prosince grudzień grudnia
extra: excess
dog: pet perro hund chien cane cão psa
cat: pet gato katze gatto kot kota
vet: tierarzt tierärztin vétérinaire veterinario veterinaria veterinário dierenarts weteryn
egg eggs: ei eier œuf œufs huevo huevos uovo uova ovo ovos eieren jajka jajko jaja
earn earned earning: income
buy: purchase
taxman: tax taxes revenue finanzamt impôts urząd_skarbowy
wifi: internet broadband
broke broken breakdown: died fault faulty kaputt defekt panne avería averia guasto stopped_working not_working awari
 zepsu
fuel: petrol diesel tanken carburant gasolina benzina paliwo benzyn
oil: öl ölwechsel huile vidange aceite olio óleo olie olej oleju
cover covered: insurance versicherung assurance seguro assicurazione sum_insured sum_assured
mediclaim: health_insurance medical_insurance health_policy health_cover
omelette omelet: tortilla frittata
coconut: santan kokos kokosmilch cocco
mum mom mother: mamá mama maman mutti mamma mãe madre mère mutter
teeth tooth: dentist dental zahnarzt dentiste dentista
dentist: dental zahnarzt zahnärztin dentiste dentista tandarts dentyst stomatolog
leak leaking: plumber fuga fuite leck perdita wyciek przeciek
outing: trip excursion excursión sortie ausflug gita
workout workouts: gym gimnasio fitnessstudio palestra
raby rabies: antirrábica tollwut rabbia raiva
shot jab vaccine vaccination: vacuna vacunación impfung vaccin vaccination vaccino vacina očkování očkovací vakcína
 szczepi
sign-up signup joining enrolment enrollment: matrícula alta inscripción anmeldung aufnahmegebühr inscription
 iscrizione wpisowe
grocery groceries: supermercado lebensmittel épicerie alimentación spesa potraviny zakupy spożywcz
budget budgeted: presupuesto haushaltsplan bilancio orçamento rozpočet budżet
excess: franquicia selbstbeteiligung franchigia eigen_risico udział_własny franszyz
damage: daños schaden dommages danni danos szkod
claim: siniestro schadensfall sinistre sinistro szkod
charge charged charging: cargará cargar abbuchung abgebucht prélèvement prélevé addebito obciążeni
sink: fregadero spüle évier lavello lava-loiça zlewozmywak zlew
kitchen: cocina küche cucina cozinha kuchni kuchnia
anchor anchors: plug plugs rawlplug rawlplugs dübel cheville chevilles taco tacos
tap faucet: grifo wasserhahn robinet rubinetto torneira kran
terminate termination: desistimiento desistir rescisión résiliation kündigung disdetta recesso wypowiedzeni
motorway: autobahn autoroute autopista autoestrada autostrada snelweg
condo condominium: condomínio condominio copropriété wohnungseigentümergemeinschaft vve wspólnot
general: geral allgemein allgemeine générale generale algemene ogóln
meeting assembly: versammlung reunião reunión réunion riunione assembleia asamblea assemblée assemblea vergadering
 zebrani
toll tolls: maut péage peaje peajes portagem portagens pedaggio
parking: parkplatz parkgebühr stationnement aparcamiento estacionamiento estacionamento parcheggio parkeren parkowani
oven: ofen backofen horno forno piekarnik troub
summary: zusammenfassung resumen resumo riassunto samenvatting podsumowani
trip travel: reise reisen viaje viajes viagem viagens viaggio viaggi reizen výlet podróż wycieczk
cheese: käse fromage queso queijo formaggio kaas
milk: milch lait leche leite melk
flour: mehl farine harina farinha meel
rice: riso arroz riz rijst ryż
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
nursery preschool kindergarten: školka školky mateřská_škola kita crèche maternelle guardería asilo předškolní asilo_nido nido
meal meals lunch lunches: stravné strava obědy
dose: dávka dávky dosis
gas: plyn plynu gaz
overpayment: přeplatek
service: servis
report: zpráva zprávy bericht informe
paediatrician pediatrician: pediatr pediatrie kinderarzt pédiatre pediatra
holiday holidays vacation: dovolená urlaub vacances vacaciones vacanze férias
photo photos pic pics picture pictures: fotky fotka fotografie foto fotos
advance advances: záloha zálohy zálohu preliminary vorauszahlung vorauszahlungen acompte acomptes anticipo
client clients customer customers: kunde kunden cliente clientes klient klienta klientów bill_to billed_to invoice_to
 rechnungsempfänger facturé_à
newsletter newsletters: rundbrief nieuwsbrief nuusbrief infolettre boletín zpravodaj biuletyn
croatia: kroatien croatie croacia croazia croácia kroatië chorvatsko chorwacj hrvatska
germany: deutschland allemagne alemania germania alemanha duitsland německo niemczech niemcy
austria: österreich autriche oostenrijk rakousko
switzerland: schweiz suisse suiza svizzera suíça zwitserland švýcarsko szwajcari
italy: italien italie italia itália italië itálie włochy włoszech
spain: spanien espagne españa spagna espanha spanje španělsko hiszpani
france: frankreich francia frança frankrijk francie francj
greece: griechenland grèce grecia grécia griekenland řecko grecj
netherlands holland: niederlande pays-bas países_bajos paesi_bassi países_baixos nederland nizozemsko holandi
poland: polen pologne polonia polónia polsko polsce
czechia: tschechien tchéquie chequia cechia chéquia tsjechië česko
hungary: ungarn hongrie hungría ungheria hungria hongarije maďarsko węgry węgrzech
slovakia: slowakei slovaquie eslovaquia slovacchia eslováquia slowakije slovensko słowacj
scotland: schottland écosse escocia scozia escócia schotland skotsko szkocj
ireland: irland irlande irlanda ierland irsko irlandi
norway: norwegen norvège noruega norvegia noorwegen norsko norwegi norge
sweden: schweden suède suecia svezia suécia zweden švédsko szwecj sverige
denmark: dänemark danemark dinamarca danimarca denemarken dánsko danmark
belgium: belgien belgique bélgica belgio belgië
morocco: marokko maroc marruecos marocco marrocos maroko
japan: japon japón giappone japão japonsko japoni
london: londres londra londen londyn
lisbon: lissabon lisbonne lisboa lisbona
prague: prag praga praha
vienna: wien vienne viena vídeň wiedeń
munich: münchen mnichov monachium
cologne: köln kolín kolonia
rome: rom roma řím rzym
milan: mailand milano milán mediolan
venice: venedig venise venecia venezia veneza benátky wenecja
florence: florenz firenze florencia florença florencie florencja
naples: neapel napoli nápoles neapol
sicily: sizilien sicile sicilia sicília sicílie sycylia
brussels: brüssel bruxelles bruselas bruxelas brussel brusel bruksela
copenhagen: kopenhagen copenhague copenaghen kodaň kopenhaga københavn
warsaw: warschau varsovie varsovia varsavia varšava warszawa
krakow cracow: krakau cracovie cracovia kraków krakov
seville: sevilla séville siviglia sevilha
geneva: genf genève ginevra genebra ženeva genewa
athens: athen athènes atenas atene atény ateny
porto: oporto
turin: torino turim
antwerp: antwerpen anvers amberes anversa antverpy antwerpia
nuremberg: nürnberg norimberga norimberk norymberga
"""

# a span of time in the papers' tongues ("drei Monaten", "2,5 hodiny", "trois mois"): the units after a number, the
# number words, and the units after those (regular-expression alternatives, for :data:`.shapes.TYPE_PATTERNS`)
SPAN_UNITS = ("minuten|minutos|minuti|stunden|std|heures?|horas?|ore|tage|tagen|jours?|d[ií]as|giorni|hodin[ayu]?|"
              "minut[ay]?|dn[íůy]|týdn[ůy]|měsíc[eů]?|godzin[ya]?|tygodni[ea]?|miesi[ęą]c[ey]?|uur|dagen|weken|maanden|"
              "wochen?|monat(?:e|en)?|jahren?|mois|semaines?|semanas?|meses|settimane|mesi")
SPAN_NUMBERS = ("ein(?:e[mnr]?)?|zwei|drei|vier|sechs|zwölf|une?|deux|trois|quatre|six|douze|uno|una|dos|tres|cuatro|"
                "seis|doce|um|uma|dois|duas|três|quatro|doze|due|tre|quattro|sei|dodici|jeden|jedna|dva|dvě|tři|čtyři")
SPAN_WORDED = ("tag|tage|tagen|woche|wochen|monat|monate|monaten|jahr|jahre|jahren|jour|jours|semaines?|mois|ans?|"
               "d[ií]as?|semanas?|mes|meses|años?|mês|anos?|giorni|settimane|mesi|měsíc[eů]?|týdn[yů]|roky|let")
