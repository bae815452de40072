"""Questions about files and folders, asked the way a household says them: in French ("Qu'est-ce qu'il y a dans
le dossier Impôts?" for a folder written Impots, "Combien de photos de Gaspé on a?", "Quels papiers on a pour
Pistache?", "la taille du fichier de la facture du vétérinaire", "quand est-ce que j'ai modifié …"); "which files do
we have for the Civic" (its files, not the whole tree); the one spreadsheet the words name; a folder named by every
word of its name ("invoices I've sent": Invoices Sent; "the Cornwall cottage files": Cornwall Cottage Jul 2026);
"the last Hydro bill" (its folder's newest); "which supplier invoices are there", "which invoices have I sent".
Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

_HYDRO = "HYDRO-QUÉBEC\nFacture {month} 2026\nConsommation: {kwh} kWh\nMontant à payer: {due} $\n"
_SENT = "ATELIER ROY\nInvoice {n}\nBill to: {client}\nTotal: ${total}\n"
_SUPPLIER = "{firm}\nTAX INVOICE {n}\nTo: Atelier Roy\nTotal: ${total}\n"

FILES: dict[str, tuple[str, float]] = {
    "Finances/Impots/avis_cotisation_2025.pdf.txt": ("Revenu Québec\nAvis de cotisation 2025\nRemboursement: 912,40 $\n", 200),
    "Finances/Impots/releve_REER_2025.txt": ("Relevé REER 2025\nCotisation: 3 000,00 $\n", 230),
    "Finances/budget.csv": ("Mois,Épicerie\nmars,612\n", 40),
    "Voyages/Gaspe_2026/IMG_20260711_101500.jpg": ("", 120),
    "Voyages/Gaspe_2026/IMG_20260712_143000.jpg": ("", 119),
    "Voyages/Gaspe_2026/IMG_20260713_090000.jpg": ("", 118),
    "Voyages/Gaspe_2026/itineraire.md": ("# Gaspé\n- Percé le 12\n", 125),
    "Pistache/facture_veterinaire_2026-04-02.txt": ("Clinique vétérinaire du Plateau\nPistache (chat)\nTotal: 148,20 $\n", 230),
    "Pistache/licence_chat_2026.txt": ("Ville de Montréal\nLicence animal 2026\nFrais: 32,00 $\n", 300),
    "Notes/recette_tarte_sucre.md": ("# Tarte au sucre\n- 1 tasse de cassonade\n- 1 tasse de crème\n", 18),
    "Notes/todo.md": ("- appeler le garage\n", 3),
    "Auto_Civic/inspection_2026.txt": ("Inspection report\nHonda Civic\nOdometer: 88,120 km\n", 90),
    "Auto_Civic/carnet_civic.csv": ("Date,Km,Travaux\n2026-03-02,86500,pneus\n", 60),
    "Atelier_Roy/Factures/AR-2026-011.txt": (_SENT.format(n="AR-2026-011", client="Café Olive", total="1,150.00"), 150),
    "Atelier_Roy/suivi_factures_2026.csv": ("Facture,Client,Montant\nAR-2026-011,Café Olive,1150.00\n", 20),
    "Shop/Invoices Sent/RS-0021 Bloom Gifts.txt": (_SENT.format(n="RS-0021", client="Bloom Gifts", total="240.00"), 80),
    "Shop/Invoices Sent/RS-0022 Hatters.txt": (_SENT.format(n="RS-0022", client="Hatters", total="315.00"), 50),
    "Shop/Supplier Invoices/Waxland 3318.txt": (_SUPPLIER.format(firm="WAXLAND LTD", n="3318", total="88.00"), 70),
    "Shop/Supplier Invoices/JarCo 0412.txt": (_SUPPLIER.format(firm="JARCO", n="0412", total="61.50"), 45),
    "Tomas/Invoices/INV-0410 Bakery Lux.txt": (_SENT.format(n="INV-0410", client="Bakery Lux", total="480.00"), 75),
    "Tomas/Invoices/INV-0411 Dr Patel.txt": (_SENT.format(n="INV-0411", client="Dr Patel", total="1,020.00"), 35),
    "Holidays/Cornwall Cottage Jul 2026/booking.txt": ("Cottage booking\nSt Ives, 4 nights\nTotal: £640.00\n", 140),
    "Holidays/Cornwall Cottage Jul 2026/IMG_20260720_120000.jpg": ("", 130),
    "Holidays/Lisbon Mar 2026/IMG_20260310_100000.jpg": ("", 250),
    "Home/Hydro/Hydro_2026-08.txt": (_HYDRO.format(month="août", kwh=610, due="98,40"), 100),
    "Home/Hydro/Hydro_2026-09.txt": (_HYDRO.format(month="septembre", kwh=540, due="87,15"), 70),
    "Home/Hydro/Hydro_2026-10.txt": (_HYDRO.format(month="octobre", kwh=702, due="110,90"), 40),
    "Home/Water_Bill_2026.txt": ("City water bill 2026\nAmount: $310.00\n", 10),
}

folder = folder_fixture("folders_by_their_words", FILES, NOW)


def _asked(folder, question: str) -> tuple[str, list[str]]:
    final, names = ask(planner_agent(folder[0], NOW), question)
    return final.answer, names


def test_a_folder_asked_in_french_with_its_accents(folder):
    answer, _ = _asked(folder, "Qu'est-ce qu'il y a dans le dossier Impôts?")
    assert "avis_cotisation_2025" in answer and "releve_REER_2025" in answer and "budget" not in answer, answer


def test_files_counted_and_listed_in_french(folder):
    answer, _ = _asked(folder, "Combien de photos de Gaspé on a?")
    assert "You have 3 photo files" in answer, answer
    _, names = _asked(folder, "Quels papiers on a pour Pistache?")
    assert sorted(names) == ["facture_veterinaire_2026-04-02.txt", "licence_chat_2026.txt"], names


def test_a_files_size_and_date_asked_in_french(folder):
    answer, _ = _asked(folder, "Quelle est la taille du fichier de la facture du vétérinaire?")
    assert "facture_veterinaire_2026-04-02.txt" in answer and "bytes" in answer, answer
    answer, _ = _asked(folder, "Quand est-ce que j'ai modifié la recette de tarte au sucre la dernière fois?")
    assert "recette_tarte_sucre.md" in answer and "2026-11-02" in answer, answer


def test_the_files_of_a_thing_are_no_tree(folder):
    _, names = _asked(folder, "what files do we have on the civic")
    assert sorted(names) == ["carnet_civic.csv", "inspection_2026.txt"], names


def test_the_one_sheet_its_words_name(folder):
    answer, _ = _asked(folder, "What's the file size of the invoice tracking spreadsheet?")
    assert "suivi_factures_2026.csv" in answer and "bytes" in answer, answer


def test_a_folder_named_by_every_word_of_its_name(folder):
    answer, names = _asked(folder, "How many invoices have I sent out?")
    assert "2 files" in answer and all("RS-002" in n for n in names), answer
    answer, _ = _asked(folder, "How much space do the Cornwall cottage holiday files take?")
    assert "Cornwall Cottage Jul 2026" in answer and "2 files" in answer, answer


def test_the_last_bill_of_a_folder_is_its_newest(folder):
    answer, _ = _asked(folder, "when was the last Hydro bill saved?")
    assert "Hydro_2026-10.txt" in answer, answer


def test_which_papers_there_are_or_were_sent(folder):
    _, names = _asked(folder, "which supplier invoices are there for the shop?")
    assert sorted(names) == ["JarCo 0412.txt", "Waxland 3318.txt"], names
    _, names = _asked(folder, "Which invoices have I sent to shops?")
    assert sorted(names) == ["RS-0021 Bloom Gifts.txt", "RS-0022 Hatters.txt"], names
    _, names = _asked(folder, "which invoices has Tomas done?")
    assert sorted(names) == ["INV-0410 Bakery Lux.txt", "INV-0411 Dr Patel.txt"], names
