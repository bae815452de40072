"""The words of household papers in Greek, Vietnamese, Hungarian, Romanian and Finnish, by the English word a question says: the lines of
:data:`.glossary.TABLE`, for tongues that write them in other letters (Greek, read in Latin ones once folded:
*τηλέφωνο* is "tilefono") or in words of several syllables (Vietnamese *hóa đơn*, written *hóa_đơn*). No form is one
that folds to an English word or name (*số*, a number, is "so"; *ảnh*, a photo, "anh"; *Ιαν.*, January, "Ian";
*adó*, a tax, "ado"). Hungarian adds its endings to a word ("számlák", "számlát"): a form is read as a word's start;
Finnish too ("laskun", "maaliskuuta"), and it joins words ("sähkölasku", "ajoneuvovero"): a form ends a compound.
"""

TABLE = """
phone: τηλέφωνο τηλ κινητό điện_thoại sđt
account: τραπεζικός_λογαριασμός tài_khoản số_tài_khoản stk
transfer: μεταφορά έμβασμα chuyển_khoản
vet: κτηνίατρος κτηνιατρείο thú_y
deposit: εγγύηση εγγύησης đặt_cọc tiền_cọc
lease: μισθωτήριο μίσθωση μίσθωσης hợp_đồng_thuê
rent: μίσθωμα ενοίκιο tiền_thuê tiền_nhà
landlord: εκμισθωτής εκμισθώτρια ιδιοκτήτης chủ_nhà bên_cho_thuê
tenant: μισθωτής μισθώτρια ενοικιαστής bên_thuê người_thuê
insurance: ασφάλεια ασφαλιστήριο bảo_hiểm
policy: ασφαλιστήριο ασφαλιστηρίου συμβόλαιο συμβολαίου
contract: συμβόλαιο σύμβαση συμφωνητικό hợp_đồng
car: αυτοκίνητο όχημα ô_tô xe_hơi
salary: μισθοδοσία μισθός αποδοχές lương phiếu_lương bảng_lương
payslip: μισθοδοσία μισθοδοσίας phiếu_lương bảng_lương
tax: φόρος φόρου thuế
total: σύνολο συνολικό tổng_cộng tổng_thanh_toán
net: καθαρά καθαρό πληρωτέο thực_lĩnh thực_nhận
gross: ακαθάριστες ακαθάριστο
invoice: τιμολόγιο τιμολόγια hóa_đơn
bill: λογαριασμός λογαριασμοί hóa_đơn
receipt: απόδειξη αποδείξεις
electricity: ρεύμα ηλεκτρικής_ενέργειας tiền_điện điện_năng
water: ύδρευση νερό tiền_nước nước_sạch
recipe: συνταγή συνταγές công_thức
school: σχολείο φροντιστήριο học_phí mầm_non
trip: ταξίδι εκδρομή du_lịch
ticket: εισιτήριο εισιτήρια
doctor: γιατρός ιατρός
photo: φωτογραφία φωτογραφίες hình_ảnh
amount: ποσό thành_tiền số_tiền
number: αριθμός
date: ημερομηνία
fee: δίδακτρα τέλη học_phí
kilometre: χιλιόμετρα χλμ
motorbike motorcycle scooter: μηχανή μοτοσικλέτα xe_máy
kindergarten: νηπιαγωγείο mầm_non
teacher: καθηγητής καθηγήτρια δάσκαλος δασκάλα giáo_viên cô_giáo
tuition: δίδακτρα học_phí
translation: μετάφραση dịch_thuật
ferry boat: πλοίο πλοίου φέρι
departure depart departs leave leaves: αναχώρηση αναχώρησης
booking reservation: κράτηση κράτησης đặt_chỗ đặt_phòng
confirmation: επιβεβαίωση
holiday holidays: διακοπές
cheese: τυρί
inspection roadworthiness: κτεο
deadline: προθεσμία hạn_thanh_toán hạn_chót
appointment: ραντεβού lịch_hẹn tái_khám
overtime: υπερωρίες làm_thêm_giờ tăng_ca
refund: επιστροφή hoàn_thuế hoàn_tiền
maturity mature matures: λήξη đáo_hạn
package plan: πακέτο gói_cước
flat apartment: διαμέρισμα διαμερίσματος κατοικία κατοικίας căn_hộ chung_cư apartman lakás
house home: σπίτι οικία nhà_riêng
athens: αθήνα αθήνας athina
piraeus: πειραιάς πειραιά peiraias
hanoi: hà_nội
january: ιανουάριος ιανουαριος ιανουαρίου ιανουαριου
february: φεβρουάριος φεβρουαριος φεβρουαρίου φεβρουαριου φεβ
march: μάρτιος μαρτιος μαρτίου μαρτιου μαρ
april: απρίλιος απριλιος απριλίου απριλιου απρ
may: μάιος μαιος μαΐου μαιου
june: ιούνιος ιουνιος ιουνίου ιουνιου ιουν
july: ιούλιος ιουλιος ιουλίου ιουλιου ιουλ
august: αύγουστος αυγουστος αυγούστου αυγουστου
september: σεπτέμβριος σεπτεμβριος σεπτεμβρίου σεπτεμβριου σεπτ σεπ
october: οκτώβριος οκτωβριος οκτωβρίου οκτωβριου οκτ
november: νοέμβριος νοεμβριος νοεμβρίου νοεμβριου νοε
december: δεκέμβριος δεκεμβριος δεκεμβρίου δεκεμβριου δεκ
payslip salary: bérjegyzék bérjegyzékek munkabér
invoice bill: számla számlák
contract: szerződés
lease: bérleti_szerződés
deposit: kaució előleg
landlord: főbérlő bérbeadó
tenant: bérlő
phone: telefonszám telefon
vet: állatorvos állatorvosi
recipe: recept receptek
overtime: túlóra túlórák túlórapótlék
tax: szja
refund: visszajár visszatérítés
deadline: határidő befizetési_határidő
booking reservation: szállás foglalás visszaigazolás
policy: kötvény kötvényszám
insurance: biztosítás biztosító
compulsory mandatory: kötelező zorunlu υποχρεωτική υποχρεωτικής bắt_buộc
electricity: villany villanyszámla
heating: távhő fűtés
school: iskola
canteen lunch: menza ebéd
total: összesen végösszeg fizetendő
net: nettó
gross: bruttó
car: gépjármű
service: szerviz
fuel: tankolás üzemanyag
cabbage: káposzta
trip: kirándulás utazás erdei_iskola
diary: napló
packing: pakolás pakolási csomagolási
list: lista listája
note: jegyzet jegyzetek
amount: összeg
cat: macska
january: január
february: február
march: március
april: április
may: május
june: június
august: augusztus
september: szeptember szept
october: október
payslip: fluturaș fluturas fluturași fluturasi
invoice bill: factură factura facturi facturii
receipt: chitanță chitanta
recipe: rețetă reteta rețete retete
deposit: garanție garantie garanția garantia
rent: chirie chiria
lease: contract_de_închiriere contract_de_inchiriere
landlord: proprietar proprietarul
tenant: chiriaș chirias
policy: poliță polita polița
phone: telefon
vet: veterinar veterinară veterinara
deadline: scadență scadenta scadența termen_de_plată
fee: cotizație cotizatie taxă
departure: plecare
arrival: sosire
train: tren
kindergarten: grădiniță gradinita
electricity: curent energie_electrică
maintenance: întreținere intretinere
statement: extras_de_cont
salary: salariu
tax: impozit
insurance: asigurare
booking reservation: rezervare confirmare
ticket: bilet bilete
diary: jurnal
budget: buget
total: total_de_plată total_de_plata
price: preț pret
january: ianuarie
february: februarie
march: martie
april: aprilie
june: iunie
july: iulie
september: septembrie
october: octombrie
november: noiembrie
december: decembrie
payslip: palkkalaskelma palkkakuitti
salary: palkka palkan
invoice bill: lasku laskun laskut
receipt: kuitti
recipe: resepti reseptit
tax: verotus veroprosentti ennakonpidätys
refund: veronpalautus palautus
deposit: vuokravakuus
rent: vuokra
lease: vuokrasopimus
landlord: vuokranantaja
tenant: vuokralainen
policy: vakuutuskirja vakuutusnumero
insurance: vakuutus
phone: puhelin puhelinnumero puh
due deadline: eräpäivä erapaiva
total: yhteensä yhteensa
price: hinta
fee: asiakasmaksu
electricity: sähkö sahko
vet: eläinlääkäri elainlaakari eläinklinikka elainklinikka
kindergarten daycare: päiväkoti paivakoti varhaiskasvatus
inspection: katsastus
odometer mileage: mittarilukema matkamittari
reading: lukema
cottage: mökki mokki
train: juna junaliput
ticket: lippu liput
booking reservation: varaus varausvahvistus
overtime: ylityö ylityo
maintenance: vastike hoitovastike yhtiövastike
consumption: kulutus
statement: tiliote
dog: koira
key keys: avain avaimet
salmon: lohi lohta lohifilee lohifileetä
fillet: filee fileetä
fish: kala kalaa
potato potatoes: peruna perunaa perunat
cream: kerma kermaa kuohukerma
butter: voita
flour: jauhoja vehnäjauho vehnäjauhoja
sugar: sokeri sokeria
milk: maito maitoa
egg eggs: kananmuna kananmunaa
onion: sipuli
carrot: porkkana
salt: suola suolaa
january: tammikuu
february: helmikuu
march: maaliskuu
april: huhtikuu
may: toukokuu
june: kesäkuu kesakuu
july: heinäkuu heinakuu
august: elokuu
september: syyskuu
october: lokakuu
november: marraskuu
december: joulukuu
"""
