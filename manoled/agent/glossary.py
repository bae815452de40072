"""The words of household papers in the languages people keep them in, by the English word a question says.

One line a word (or the forms of a word the stemmer keeps apart: "move moved"), then its forms in German, French,
Spanish, Portuguese, Italian, Dutch, Czech, Polish, Swedish, Danish, Norwegian, Malay, Turkish and a few Tagalog (a Turkish word as
papers write it and as a file name does, without its letters: *eylül*, *eylul*; a country's too, as its people name
a trip's folder: "Chorvatsko_2026", and a city's, as a ticket names it: "Londres Heathrow"); a line that starts with a
space goes on the line before. A form of several words is written with underscores ("prise_d'effet"). Words of a tongue
whose endings change are written by the stem they change on (Czech *jistot*a, Polish *kaucj*a): a form of five letters
or more is also read as the start of a word, and one of six or more as the end of a compound (an *elräkning* is a
bill), one of four or five after three letters or more of a word no English one (*Zopfmehl* is flour, *Nettolohn* pay;
*postage* is no day, *Tage*): so no form that ends a word of another meaning (*räkning* ends *beräkning*, a calculation; *strøm* ends
*Lindström*), nor one read as another word once its accents are folded (*tåg*, a train, is read as *tag*).
"""

TABLE = """
invoice: rechnung factura facture fattura fatura factuur faktura faktury fakturu fakturujeme fakturę fakturze fakturor invois
 faturası faturalar
potato: kartoffel pomme_de_terre pommes_de_terre patata batata aardappel brambor ziemniak potatis kartofler poteter
increase: erhöhung augmentation aumento verhoging zvýšení podwyżk höjning forhøjelse økning
payslip: lohnabrechnung gehaltsabrechnung paie nómina nomina holerite loonstrook salarisstrook výplatní_páska
 výplatnice mzdový_list pasek_wynagrodzeń pasek_płacowy odcinek_płacowy cedolino busta_paga lönespec lönebesked
 lønseddel lønsedler lønnsslipp lønnsseddel slip_gaji gaji bordro bordrosu maaş_bordrosu
total: totale totali gesamtbetrag totaal celkem razem i_alt jumlah toplam genel_toplam
net: netto neto líquido liquido percibir čistá do_wypłaty na_rękę utbetalt udbetalt att_utbetala til_udbetaling bersih
 net_ödenen ele_geçen
soak soaking: einweichen tremper remojar demolhar ammollo blötlägg udblød bløtlegg
start: beginn début inicio inizio início decorrenza prise_d'effet date_d'effet początek rozpoczęci tillträde från_och_med
 fra_og_med
move moved: einzug entrée emménagement mudanza trasloco mudança przeprowadzk inflyttning indflytning innflytting flytt
 flytning
balance: outstanding saldo solde restbetrag reste_à_payer reste_à_charge restbelopp restbeløb restbeløp bakiye kalan_borç
owed owing owe: balance outstanding reste_à_payer restbetrag a_pagar à_payer zu_zahlen da_pagare te_betalen do_zapłaty
 zaległoś att_betala at_betale å_betale
coach: wagen voiture carrozza vagn vogn
return: rückfahrt rückreise rückflug retour regreso vuelta ritorno regresso powrót powrotn retur hemresa hjemrejse
 hjemreise
outbound: hinfahrt hinreise hinflug aller ida andata wyjazd utresa udrejse utreise
end: ende jusqu'au jusqu'à hasta koniec zakończeni slutdatum slutdato till_och_med til_og_med
booking reservation: buchung réservation reserva prenotazione boeking reservering rezerwacj bokning bestilling rezervasyon
stay staying: hotel accommodation unterkunft hébergement alojamiento alojamento alloggio nocleg zakwaterowani
 övernattning overnatning overnatting konaklama
quote estimate: angebot kostenvoranschlag devis presupuesto preventivo orçamento wycena wyceny kosztorys tilbud
 kostnadsförslag prisoverslag kostnadsoverslag
plumber plumbing: klempner installateur plombier plomberie fontanero fontanería fontaneria idraulico canalizador
 loodgieter hydraulik rörmokare blikkenslager rørlegger vvs
electrician electricians: elektriker électricien electricista elettricista eletricista elektricien elektrikář elektryk
 elinstallatör elinstallatør
agency: agentur agence agencia agenzia agencj byrå
manage manages managed management managing: verwaltung hausverwaltung verwalter gestion gestionnaire administración
 administrador gestione amministratore beheer beheerder zarządc zarządzając förvaltning förvaltare forvaltning forvalter
 gestión gestão správa zarząd pengurusan
letting: vermietung gestion_locative arrendamiento locazione verhuur wynajem wynajmu uthyrning udlejning utleie
fine: bußgeld amende contravention multa grzywn mandat_karny böter bøde bøder felparkering kontrollavgift
speed: geschwindigkeit vitesse velocidad velocità velocidade prędkoś hastighet hastighed
retained: retenue retenu retenida
reduced: minoré minorée ermäßigt ermäßigte reducido reducida ridotto ridotta reduzido reduzida snížen obniżon reducerad
 nedsatt nedsat
speeding: excès_de_vitesse geschwindigkeitsüberschreitung exceso_de_velocidad eccesso_di_velocità fortkörning
 fartovertrædelse fartsovertredelse
land landed landing arrive arrival arriving: arrival arrivals arrive arrives arrived ankunft arrivée llegada arrivo
 chegada aankomst příjezd přílet przylot ankomst
ticket: fahrkarte billet billete biglietto bilhete jízdenka jízdenky bilet biljett billett eticket
seat: sitzplatz sitz siège asiento posto lugar miejsce sittplats siddeplads sitteplass sæde
train: zug tren treno comboio tgv sncf renfe trenitalia trein pociąg pkp intercity togbillet togbillett togrejse
 togreise tågresa tågbiljett dsb
flight: flug flüge vol vols vuelo vuelos voo voos volo voli vlucht vluchten lotu uçuş ucus penerbangan flyg flyget
 flygresa flygning flyreise flyrejse
code: código codigo codice kód kodu kode
meter: zähler zählerstand compteur compteurs contador contatore meterstand licznik wodomierz mätare målerstand
 mätarställning
reading: zählerstand relevé lectura lettura leitura meterstand odczyt stan_licznika mätarställning avläsning aflæsning
 avlesning målerstand
water: wasser eau agua acqua água woda wody wodę vattnet vand voda vody vodné vodovod
glasses: brille lunettes gafas occhiali óculos okulary glasögon
director: direktor direktorin leiter leiterin directeur directrice director direttore diretor dyrektor direktör direktør
health: gesundheit santé salud salute saúde zdrowi zdrowotn hälsa hälso sundhed
 zorgverzekering zorgverzekeraar krankenversicherung krankenkasse mutuelle sjukförsäkring sygeforsikring sağlık
bill: rechnung factura facture fattura fatura factuur rekening vyúčtování faktura rachun bolletta elräkning elregning
 strømregning bil
receipt: quittung beleg quittance recibo reçu ricevuta kwitantie kassabon účtenka doklad paragon pokwitowani kvitto
 kvittering resit makbuz makbuzu dekont dekontu
babysitter: gardienne nounou niñera babá oppas chůva opiekunka barnvakt barnepige barnevakt
brother: bruder frère hermano irmão fratello broer bratr bror
sister: schwester sœur hermana irmã sorella zus sestra siostra syster søster søster
network: netzwerk netzwerkname réseau rete rede netwerk síť sieć nätverk netværk nettverk ssid
diary: tagebuch journal_intime diario dagboek deník dziennik pamiętnik dagbok dagbog diari
log logbook: bitácora bitacora logbuch logboek diário_de_bordo
roast roasting: tueste tostado röstung torréfaction tostatura kavrulma
document: unterlagen dokumente dokument justificatifs documentos documenti dokumenty belge belgesi
paper: unterlagen
amount: betrag gesamtbetrag rechnungsbetrag importe montant importo valor bedrag kwota kwoty kwotę belopp beløb beløp amaun
sum: summe betrag suma razem
deposit: kaution depot dépôt fianza caução cauzione bond waarborgsom kauce kauci jistot kaucj depozito teminat
guarantee: kaution garantie fianza cauzione caução kaucj garanti
rent renting rented: miete kaltmiete warmmiete loyer alquiler affitto canone aluguel renda huur huurprijs nájemné nájem czynsz najem najmu
 månedsleie månedsleje hyra hyran månadshyra husleje husleie kira kirası
contract: vertrag contrat contrato contratto overeenkomst smlouva smlouvy umowa umowy umowę umowie avtal kontrakt aftale
 avtale sözleşme sözleşmesi sozlesme
lease: mietvertrag bail arrendamiento arrendamento locação locacao tenancy huurcontract huurovereenkomst nájemní_smlouva nájem
 umowa_najmu najmu hyreskontrakt hyresavtal lejekontrakt lejeaftale leiekontrakt leieavtale
tenancy: lease mietvertrag bail arrendamiento umowa_najmu lejemål lejeforhold leieforhold hyreskontrakt
rental: miete mietvertrag mietwohnung alquiler affitto aluguel arrendamento locação locacao wynajem wynajmu hyra husleje husleie
 hyresrätt lejebolig
packing: packliste packlista pakkeliste
diy: brico bricolage bricolaje baumarkt bouwmarkt fai-da-te byggvaruhus byggmarked
hardware: brico bricolage bricolaje ferretería ferreteria quincaillerie eisenwaren ferramenta ferramentas ijzerwaren
 baumarkt järnhandel isenkræmmer jernvare byggvaruhus
insurance insured insure: versicherung versichert assurance assuré seguro asegurado assicurazione verzekering
 verzekerd pojištění pojistka pojišťovna ubezpiecz polisa polisy försäkring försäkrad forsikring forsikret insurans
 sigorta sigortası poliçe poliçesi sigortasi
insurer insurers: insurance insured versicherung assurance seguro assicurazione verzekering pojišťovna ubezpieczyciel
 försäkringsbolag forsikringsselskab forsikringsselskap försäkring forsikring
premium: prämie versicherungsbeitrag prima cotisation premio prémio premie pojistné składk primi prim
renewal: verlängerung renouvellement renovación rinnovo renovação odnowieni przedłużeni förnyelse fornyelse förlängning
 forlængelse forlengelse
annual yearly: jährlich annuel annuelle anual annuale jaarlijks roční ročně roczn årlig per_år yıllık
tax: steuer steuern impôt impuesto imposta imposto tva iva mwst ust irpf tributaria hacienda belasting belastingdienst
 daň daně podat pit skatt cukai vergi vergisi
income: einkommen ingresos rendimientos renta reddito rendimento dochód dochodu przychód inkomst indkomst inntekt
 gelir
price: preis prix precio prezzo preço prijs cena ceny priset prisen fiyat fiyatı
membership member: mitgliedschaft mitglied adhésion adhérent abonnement socio socia abbonamento iscritto członkostw
 medlem
freeze frozen: einfrieren congelación congelacion congelar congelado congelada congeler congelé sospensione sospendere
 pausierung ruhezeit zawieszeni pozastaven frysning frysa
fee: gebühr gebühren honorar frais tasa úplat poplatek poplatky školné opłat retta cuota cuotas cotisation
 mensalidade avgift afgift gebyr yuran ücret ücreti aidat aidatı ucret
deadline: frist stichtag date_limite termin_płatności fälligkeit échéance vencimiento scadenza vencimento vervaldatum
 splatnost splatnosti termine plazo prazo förfallodag förfallodatum forfaldsdato forfaldsdag forfallsdato forfallsdag
 betalningsfrist betalingsfrist sista_betalningsdag bayar_sebelum son_ödeme fecha_límite a_más_tardar
due: fällig fälligkeit échéance vencimiento scadenza vencimento vervaldatum splatnost splatnosti splatné bayar_sebelum tarikh_akhir
 termin_płatności płatne_do förfallo förfaller forfald forfall sista_betalningsdag son_ödeme son_ödeme_tarihi
 fecha_límite límite_de_pago a_más_tardar
date: datum fecha tarikh tarihi
next: nächste nächsten nächster prochain prochaine próximo próxima prossimo prossima następn kolejn sonraki
monthly: monatlich mensuel mensual mensile mensal maandelijks měsíčně měsíční miesięczn månatlig månadsvis månedlig
 per_månad per_måned i_månaden om_måneden i_måneden bulanan aylık
month: monthly monat monate mois mes mese mês maand maanden měsíc měsíce miesiąc miesięcy månad måned
year: jahr jahres année années año años anno anni ano anos jaar jaren rok roku roce roční ročně rocznie
contribution contributions: beitrag beiträge cotisation cotisations cotización contribución contribuição contributo
 składk bidrag prim
doctor: md physician arzt ärztin médecin médico medico huisarts lékař lékařka lekarz läkar legekontor legesenter fastlege
 vårdcentral lægehus lægeklinik lægevagt lægeerklæring praktiserende_læge egen_læge doktor hekim
appointment: termin rendez-vous cita appuntamento consulta afspraak wizyt tidsbokning bokad_tid konsultation randevu
follow-up followup recheck: kontrolle kontrolltermin contrôle controllo kontrol återbesök genbesøg
notice: kündigung kündigungsfrist kündig gekündigt préavis preaviso antelación preavviso avis bescheid opzegtermijn wypowiedzeni
 okres_wypowiedzenia uppsägning opsigelse oppsigelse
inspection: inspektion prüfung contrôle inspección ispezione inspeção wof mot nct tüv roadworthy prohlídka prohlídky
 kontrola przegląd badanie_techniczne besiktning bilsyn muayene
roadworthiness roadworthy: wof mot nct tüv hauptuntersuchung contrôle_technique itv revisione przegląd
 badanie_techniczne besiktning bilsyn
odometer mileage: km kilometrage kilométrage kilometerstand przebieg miltal
kilometre kilometres kilometer kilometers: km kilomètres kilómetros chilometri kilometrů kilometrów
phone: tel telefon téléphone teléfono telefono telefone telefoon tlf mobilnummer celular linha
address: adresse anschrift dirección indirizzo endereço morada adres adress alamat adresi
salary: payslip paystub gehalt lohn salaire salario stipendio paie nómina salaris mzda mzdy wynagrodz pensja płaca lön løn lønnen lønn
 månadslön månedsløn månedslønn gaji maaş maaşı
revenue turnover: umsatz receita_bruta faturamento fatturato ricavi omzet tržby obrót omsättning omsætning omsetning ciro
gross: brutto brut bruto bruta lordo devengado devengos bruto hrubá brüt
amendment: avenant nachtrag änderungsvertrag enmienda adenda emendamento aditivo tilläggsavtal
apartment flat: wohnung appartement logement piso vivienda apartamento appartamento byt bytu mieszkani lokal lägenhet
 lejlighed leilighet bostad rumah daire dairesi departamento depa
landlord: lessor vermieter vermieterin propriétaire locateur bailleur bailleresse arrendador senhorio verhuurder pronajímatel pronajímatele
 wynajmując właściciel hyresvärd udlejer utleier fastighetsägare ev_sahibi casero casera locador locadora proprietária
tenant: mieter mieterin locataire inquilino huurder nájemce najemca najemcy hyresgäst lejer leietaker kiracı locatário
 locatária locatários
heating: heizung chauffage calefacción riscaldamento aquecimento verwarming ogrzewani värme varme uppvärmning opvarmning
 oppvarming fjärrvärme fjernvarme
electricity: strom électricité electricidad luz elettricità eletricidade elektriciteit elektřina elektřiny elektřinu
 elektroměr prąd energia_elektryczna energii_elektrycznej luce strømregning strømforbruk strømmen strømpris elräkning
 elnät elavtal elförbrukning elektricitet elektrisitet elregning elforbrug elektrik
bike: bicycle cycles fahrrad vélo bicicleta bicicletta rower
bicycle: bike fahrrad vélo bicicleta bicicletta rower
aim aims: goal objective
goal goals: objective aim
objective: goal aim
christmas christma: xmas weihnachten navidad noël natale kerstmis boże_narodzenie wigili
xmas xma: christmas weihnachten navidad noël natale kerstmis
cabin: stateroom kabine cabine camarote cabina kabina hytt
contact: ansprechpartner ansprechpartnerin kontakt interlocuteur contacto contatto
translation: übersetzung traduction traducción traduzione tradução tłumaczeni
car: motor vehicle auto wagen voiture coche carro vůz vozidlo vozidla samochód samochodu pojazd bilar bilen fordon køretøj kjøretøy kereta
 araba araç otomobil kotse sasakyan
suv hatchback sedan saloon minivan: car vehicle auto wagen voiture coche carro vůz vozidlo samochód pojazd
council: city_of shire_of municipality_of borough_of gemeente kommune mairie ayuntamiento comune
key: schlüssel clé llave chiave chave sleutel klucz nyckel nycklar nøgle nøkkel nøkler anahtar
locksmith: schlüsseldienst aufsperrdienst serrurier cerrajero fabbro serralheiro slotenmaker ślusarz låssmed låsesmed
door: tür porte puerta porta drzwi dörr
hour: stunden heures horas ore godzin timmar
hourly: stündlich stundensatz std timpris timepris timlön timeløn timelønn
rate: tarif tarifa tariffa stundensatz stawka taryf takst
tablet: tablett tableta tablette surfplatta
framework: rahmenvertrag ramavtal rammeaftale rammeavtale
day: tage jours días giorni dias dni dzień dagar dager gün günü
sport sports: sportfest sporttag deporte deportes deportiva esporte desporto sportiva sportdag sportovní sportow idrott
 idræt idrett sukan
recipe: rezept recette receta ricetta receita recept przepis opskrift oppskrift resepi yemek_tarifi tarifler tarifleri
payment: zahlung paiement pago pagamento betaling płatnoś wpłat przelew betalning ödeme ödemesi odeme
account: konto compte cuenta conto conta rekeningnummer účet účtu numer_konta rachunek_bankowy hesap hesabı
bank: banque banco banca banka
reference: ref referenz référence referencia riferimento referência kenmerk tytuł_przelewu localizador referens
refund: erstattung rückerstattung erstattet remboursement remboursé restitué rbt reembolso devolver devolución přeplatek přeplatku
 rimborso teruggave terugbetaling rebate benefit_paid
 reimbursement reimbursed zwrot återbetal tilbagebetal tilbakebetal återbäring överskjutande_skatt overskydende_skat
 iade
statement: abrechnung kontoauszug relevé extracto estratto extrato wyciąg rozliczeni vyúčtování výpis kontoutdrag
 kontoudtog kontoutskrift årsbesked årsoppgave penyata hesap_özeti ekstre
utility: nebenkosten charges suministros utenze driftskostnad
advisor adviser: berater beraterin beratung steuerberater steuerberaterin steuerberatung conseiller conseillère asesor
 asesora consulente rådgiv
maintenance: wartung instandhaltung entretien mantenimiento manutenzione manutenção konserwacj serwis
 vedligeholdelse vedlikehold penyelenggaraan bakım
repair: reparatur réparation reparación riparazione reparação reparatie napraw reparasjon reparera reparere
 tamir onarım
company: firma unternehmen société entreprise empresa azienda spółka spółki företag selskab selskap bolag şirket
host: gastgeber gastgeberin anfitrião anfitrión anfitrione hôte gospodarz
guest: gast gäste invité huésped ospite hóspede gość gości gäst gæst gjest
frame: rahmen cuadro telaio quadro
password: passwort kennwort pw senha contraseña hasło lösenord adgangskode passord mot_de_passe mdp wachtwoord heslo
 kode koden şifre
number: nummer numéro número numero numer číslo čísla numara numarası
quantity: menge quantité cantidad quantità quantidade hoeveelheid množství ilość mängd
policy: versicherungsschein versicherungspolice police_d'assurance póliza poliza apólice apolice polizza polis
 pojistná_smlouva pojistné_smlouvy polisa polisy försäkringsbrev försäkringsbesked forsikringsbevis forsikringspolice
 poliçe poliçesi
signature: unterschrift signatura assinatura podpis underskrift
cancel cancellation: kündigung stornierung annulation résiliation cancelación cancellazione cancelamento opzegging
 rezygnacj anulowani avbokning afbestilling avbestilling uppsägning opsigelse oppsigelse
letter: lettre carta lettera pismo brev brief schreiben surat
teacher: lehrer lehrerin pädagogin pädagoge erzieher erzieherin enseignant enseignante institutrice instituteur
 éducatrice educatrice maestra insegnante profesora professora leraar lerares juf učitel učitelka nauczyciel
 nauczycielka wychowawczyni przedszkolank lärare förskollärare lærer pædagog guru cikgu öğretmen ogretmen
gym: fitness fitnessstudio gimnasio palestra academia salle_de_sport siłowni
note: notiz notizen notas nota notities notatk anteckning notat
energy: energie énergie energía energie energia energii energi
employer: arbeitgeber employeur empleador datore pracodawc arbetsgivare arbejdsgiver arbeidsgiver işveren
january: januar jänner janvier enero gennaio janeiro januari leden ledna styczeń stycznia ocak
february: februar février febrero febbraio fevereiro februari únor února luty lutego şubat subat
march: märz mars marzo maart březen března marzec marca marts maret mart
april: avril abril aprile duben dubna kwiecień kwietnia nisan
may: mai mayo maggio maio mei květen května maj mayıs mayis
june: juni juin junio giugno junho červen června czerwiec czerwca haziran
july: juli juillet julio luglio julho červenec července lipiec lipca julai temmuz
august: août agosto augustus srpen srpna sierpień sierpnia augusti ogos agustus ağustos agustos
september: septembre septiembre settembre setembro září wrzesień września eylül eylul
october: oktober octobre octubre ottobre outubro říjen října październik października ekim
november: novembre noviembre listopad listopadu listopada kasım kasim
december: dezember décembre diciembre dicembre dezembro prosinec prosince grudzień grudnia desember disember aralık
 aralik
extra: excess
dog: pet perro hund chien cane cão psa anjing köpek kopek
hike hikes hiking: wanderung wanderungen randonnée randonnées senderismo escursione escursioni caminhada wandeling
 turistika wędrówk vandring vandringer fottur mendaki
cat: pet gato katze gatto kot kota katt kucing kedi
visit: besuch visite visita bezoek návštěv odwiedzin besök besøk besøg ziyaret lawatan
clinic: klinik klinika klinikka
vet: tierarzt tierärztin vétérinaire veterinario veterinaria veterinário veterinária dierenarts weteryn veterinär veterinær dyrlæge
 veteriner
egg eggs: ei eier œuf œufs huevo huevos uovo uova ovo ovos eieren jajka jajko jaja ägg yumurta
earn earned earning: income
buy: purchase
taxman: tax taxes revenue finanzamt impôts urząd_skarbowy skatteverket skattestyrelsen skattetaten
wifi wi-fi: internet broadband wlan
broke broken breakdown: died fault faulty kaputt defekt panne avería averia guasto stopped_working not_working awari
 zepsu trasig gått_sönder i_stykker
fuel: petrol diesel tanken carburant gasolina benzina paliwo benzyn bensin drivmedel brændstof drivstoff tankning minyak
 yakıt benzin
oil: öl ölwechsel huile vidange aceite olio óleo olie olej oleju olja olje oljebyte oljeskift
cover covered: insurance versicherung assurance seguro assicurazione sum_insured sum_assured försäkring forsikring
mediclaim: health_insurance medical_insurance health_policy health_cover
omelette omelet: tortilla frittata
coconut: santan kokos kokosmilch cocco
mum mom mother: mamá mama maman mutti mamma mãe madre mère mutter
teeth tooth: dentist dental zahnarzt dentiste dentista tandläkar tandlæge tannlege
dentist: dental zahnarzt zahnärztin dentiste dentista tandarts dentyst stomatolog tandläkar tandlæge tannlege tandvård
 tandklinik tannklinikk
leak leaking: plumber fuga fuite leck perdita wyciek przeciek läcka läckage lækage lekkasje
outing: trip excursion excursión sortie ausflug gita utflykt udflugt utflukt
workout workouts: gym gimnasio fitnessstudio palestra träning træning trening
raby rabies: antirrábica tollwut rabbia raiva
shot jab vaccine vaccination: vacuna vacunación impfung vaccin vaccination vaccino vacina očkování očkovací vakcína
 szczepi vaksin aşı aşısı
sign-up signup joining enrolment enrollment: matrícula alta inscripción anmeldung aufnahmegebühr inscription
 iscrizione wpisowe anmälan inskrivning tilmelding påmelding indmeldelse innmelding
grocery groceries: supermercado lebensmittel épicerie alimentación spesa potraviny zakupy spożywcz livsmedel matvaror
 dagligvar
budget budgeted: presupuesto haushaltsplan bilancio orçamento rozpočet budżet budsjett bajet
excess deductible: franquicia franquia selbstbeteiligung franchigia eigen_risico udział_własny franszyz självrisk selvrisiko
damage: daños schaden dommages danni danos szkod skada skador skade
claim: siniestro schadensfall sinistre sinistro szkod skadeanmälan skadeanmeldelse skademelding skadeärende
charge charged charging: cargará cargar abbuchung abgebucht prélèvement prélevé addebito obciążeni autogiro
 betalingsservice avtalegiro
sink: fregadero spüle évier lavello lava-loiça zlewozmywak zlew diskho vask
kitchen: cocina küche cucina cozinha kuchni kuchnia köket køkken kjøkken
anchor anchors: plug plugs rawlplug rawlplugs dübel cheville chevilles taco tacos
tap faucet: grifo wasserhahn robinet rubinetto torneira kran blandare vandhane vannkran
terminate termination: desistimiento desistir rescisión résiliation kündigung disdetta recesso wypowiedzeni uppsägning
 opsigelse oppsigelse säga_upp sagt_upp sige_op si_opp
motorway: autobahn autoroute autopista autoestrada autostrada snelweg motorväg motorvej motorvei
condo condominium: condomínio condominio copropriété wohnungseigentümergemeinschaft vve wspólnot bostadsrättsförening
 brf ejerforening andelsboligforening borettslag sameie kondominium
general: geral allgemein allgemeine générale generale algemene ogóln
meeting assembly: versammlung reunião reunión réunion riunione assembleia asamblea assemblée assemblea vergadering
 zebrani årsmöte föreningsstämma årsstämma generalforsamling toplantı toplantısı genel_kurul toplantisi
toll tolls: maut péage peaje peajes portagem portagens pedaggio vägtull bompenger bomstasjon broafgift
parking: parkplatz parkgebühr stationnement aparcamiento estacionamiento estacionamento parcheggio parkeren parkowani
 parkering
oven: ofen backofen horno forno piekarnik troub ugn ugnen ovn ovnen
summary: zusammenfassung resumen resumo riassunto samenvatting podsumowani sammanfattning sammenfatning sammendrag
trip travel: reise reisen viaje viajes viagem viagens viaggio viaggi reizen výlet podróż wycieczk resan rejse seyahat
cheese: käse fromage queso queijo formaggio kaas peynir
milk: milch lait leche leite melk mjölk mælk süt
flour: mehl farine harina farinha meel vetemjöl hvedemel hvetemel
rice: riso arroz riz rijst ryż pirinç
butter: beurre mantequilla manteiga boter smör smør tereyağı
sugar: zucker sucre azúcar açúcar zucchero suiker socker sukker şeker
withheld withholding deducted deduction deductions: retención retenue einbehalten abzüge deducciones ritenuta avdrag
 fradrag
 kesinti kesintiler kesintisi
power: elektřina elektřiny
consumption consume consumed: spotřeba spotřeby förbrukning forbrug forbruk tüketim tüketimi tuketim
period: období periode dönem dönemi
billing: vyúčtování zúčtovací zúčtování abrechnung facturation facturación fatturazione faturação fakturering
education: vzdělávání vzdělání bildung educación istruzione educação utbildning uddannelse utdanning
school: skola skolan skole skolen okul okulu
class: klasse classe clase klas třída klasa klass kelas sınıf sınıfı
valid validity expire expires expiry: platnost gültig gültigkeit validité validez validità validade giltig gyldig
liability: ručení odpovědnost haftpflicht responsabilité responsabilidad ansvar
compulsory mandatory: povinné pflicht obligatoire obligatorio obbligatoria obligatorisk zorunlu
nursery preschool kindergarten daycare childcare: školka školky mateřská_škola kita crèche maternelle guardería asilo
 předškolní asilo_nido nido förskola dagis vuggestue børnehave barnehage kindertagesstätte kinderkrippe garderie
 guarderia kinderopvang kinderdagverblijf przedszkol żłobek tadika taska
meal meals lunch lunches: stravné strava obědy måltid lunsj yemek yemeği
dose: dávka dávky dosis dosering
gas: plyn plynu gaz doğalgaz doğal_gaz dogalgaz
overpayment: přeplatek
service: servis hizmet
report: zpráva zprávy bericht informe laporan rapor raporu karne
paediatrician pediatrician: md pediatr pediatrie kinderarzt pédiatre pediatra barnläkare børnelæge barnelege kinderärztin doktor_kanak-kanak
holiday holidays vacation: dovolená urlaub vacances vacaciones vacanze férias ferie tatil
photo photos pic pics picture pictures: fotky fotka fotografie foto fotos gambar fotoğraf fotograf
advance advances: záloha zálohy zálohu preliminary vorauszahlung vorauszahlungen acompte acomptes anticipo förskott
 aconto forskud forskudd
client clients customer customers: kunde kunden cliente clientes klient klienta klientów bill_to billed_to invoice_to
 rechnungsempfänger facturé_à müşteri
newsletter newsletters: rundbrief nieuwsbrief nuusbrief infolettre boletín zpravodaj biuletyn nyhetsbrev nyhedsbrev
croatia: kroatien croatie croacia croazia croácia kroatië chorvatsko chorwacj hrvatska kroatia
germany: deutschland allemagne alemania germania alemanha duitsland německo niemczech niemcy tyskland
austria: österreich autriche oostenrijk rakousko österrike østrig østerrike
switzerland: schweiz suisse suiza svizzera suíça zwitserland švýcarsko szwajcari sveits
italy: italien italie italia itália italië itálie włochy włoszech
spain: spanien espagne españa spagna espanha spanje španělsko hiszpani
france: frankreich francia frança frankrijk francie francj frankrike frankrig
greece: griechenland grèce grecia grécia griekenland řecko grecj grekland grækenland hellas
netherlands holland: niederlande pays-bas países_bajos paesi_bassi países_baixos nederland nizozemsko holandi
 nederländerna
poland: polen pologne polonia polónia polsko polsce
czechia: tschechien tchéquie chequia cechia chéquia tsjechië česko tjeckien tjekkiet tsjekkia
hungary: ungarn hongrie hungría ungheria hungria hongarije maďarsko węgry węgrzech
slovakia: slowakei slovaquie eslovaquia slovacchia eslováquia slowakije slovensko słowacj slovakien
scotland: schottland écosse escocia scozia escócia schotland skotsko szkocj skottland skotland
ireland: irland irlande irlanda ierland irsko irlandi
norway: norwegen norvège noruega norvegia noorwegen norsko norwegi norge
sweden: schweden suède suecia svezia suécia zweden švédsko szwecj sverige
denmark: dänemark danemark dinamarca danimarca denemarken dánsko danmark
belgium: belgien belgique bélgica belgio belgië
morocco: marokko maroc marruecos marocco marrocos maroko marocko
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
florence: florenz firenze florencia florença florencie florencja florens
naples: neapel napoli nápoles neapol
sicily: sizilien sicile sicilia sicília sicílie sycylia sicilien
brussels: brüssel bruxelles bruselas bruxelas brussel brusel bruksela bryssel
copenhagen: kopenhagen copenhague copenaghen kodaň kopenhaga københavn köpenhamn
warsaw: warschau varsovie varsovia varsavia varšava warszawa
krakow cracow: krakau cracovie cracovia kraków krakov
seville: sevilla séville siviglia sevilha
geneva: genf genève ginevra genebra ženeva genewa
athens: athen athènes atenas atene atény ateny
porto: oporto
turin: torino turim
antwerp: antwerpen anvers amberes anversa antverpy antwerpia
nuremberg: nürnberg norimberga norimberk norymberga
earthquake quake: erdbeben séisme terremoto aardbeving zemětřesení trzęsienie jordbävning jordskælv jordskjelv
 gempa deprem
hospital: krankenhaus hôpital ospedale ziekenhuis nemocnice szpital sjukhus sygehus sykehus hastane hastanesi
lentil lentils: linsen lentilles lentejas lenticchie lentilhas linzen čočka soczewica linser mercimek
soup: suppe soupe sopa zuppa soep polévka zupa soppa çorba çorbası
deed: grundbuch tapu
plot: parsel
absent absence absences: abwesenheit ausencia assenza ausência afwezigheid nieobecnoś frånvaro fravær
 devamsızlık devamsizlik
parent parents: eltern padres genitori pais ouders rodiče rodzice föräldrar forældre foreldre ibu_bapa veli
 velisi
instalment instalments installment installments: ratenzahlung échéance cuota rata prestação termijn splátka rata
 delbetalning afdrag avdrag ansuran taksit taksiti
driver: fahrer autista motorista řidič kierowca förare chauffør sjåfør pemandu şoför
 sürücü
bus minibus: otobüs minibüs servis_aracı okul_servisi
schedule: zeitplan calendrier horario orario cronograma harmonogram skema timeplan jadual çizelge
 çizelgesi takvim takvimi cizelge
"""

# a span of time in the papers' tongues ("drei Monaten", "2,5 hodiny", "trois mois", "3 månader"): the units after a
# number, the number words, and the units after those (regular-expression alternatives, for
# :data:`.shapes.TYPE_PATTERNS`)
SPAN_UNITS = ("minuten|minutos|minuti|stunden|std|heures?|horas?|ore|tage|tagen|jours?|d[ií]as|giorni|hodin[ayu]?|"
              "minut[ay]?|dn[íůy]|týdn[ůy]|měsíc[eů]?|godzin[ya]?|tygodni[ea]?|miesi[ęą]c[ey]?|uur|dagen|weken|maanden|"
              "wochen?|monat(?:e|en)?|jahren?|mois|semaines?|semanas?|meses|settimane|mesi|"
              "månad(?:er)?|måned(?:er)?|veckor|vecka|uger?|uker?|dagar|dager|timmar|år")
SPAN_NUMBERS = ("ein(?:e[mnr]?)?|zwei|drei|vier|sechs|zwölf|une?|deux|trois|quatre|six|douze|uno|una|dos|tres|cuatro|"
                "seis|doce|um|uma|dois|duas|três|quatro|doze|due|tre|quattro|sei|dodici|jeden|jedna|dva|dvě|tři|čtyři|"
                "ett|två|fyra|seks|tolv")
SPAN_WORDED = ("tag|tage|tagen|woche|wochen|monat|monate|monaten|jahr|jahre|jahren|jour|jours|semaines?|mois|ans?|"
               "d[ií]as?|semanas?|mes|meses|años?|mês|anos?|giorni|settimane|mesi|měsíc[eů]?|týdn[yů]|roky|let|"
               "månad(?:er)?|måned(?:er)?|veckor|uger|uker|år")
