"""A contact list names people once, their role beside them: "Akinyi (house help, Mon-Sat)  0798 241 556".
"Who is our house help?" is answered by that line (a first name alone is a person when its role is the one asked),
and "what's her number?" after it is the number that line already gives (a number in groups: a firm's VAT number
is none). Over a real index, on a fixture written
for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.kinds import new_value

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Notes/contacts.txt": (
        "CONTACTS (house stuff)\n\nMama Njeri (mama mboga, corner of Ring Rd)  0722 418 903\n"
        "Akinyi (house help, Mon-Sat)               0798 241 556   - sister Pamela 0790 112 485 (emergency)\n"
        "Faith Mutua (Jacaranda agent)               0709 887 120\nGas delivery (K-Gas, Yaya)                  0700 662 301\n"
        "Juma (caretaker, Lenana Court)              0720 334 871\n", 10),
    "Casa/Preventivo_gestione_2026.txt": (
        "Studio Sala Amministrazioni Condominiali — P.IVA 07331840963\nPreventivo di gestione 2026-2027\n"
        "Amministratore: Rag. Paolo Sala — Viale Argonne 14, Milano — tel. 02 7063 1185\nCompenso annuo: € 1.830,00\n", 40),
    "Notes/todo.md": ("- [ ] Akinyi leave 22 Dec - 4 Jan; pay Dec salary before she goes\n- [ ] house: new gas cylinder\n", 5),
}

folder = folder_fixture("contact_roles", FILES, NOW)


def test_a_first_name_with_the_role_asked_is_a_person():
    asked = {"who", "is", "our", "house", "help"}
    assert new_value("person", "Akinyi (house help, Mon-Sat)  0798 241 556", asked)
    assert not new_value("person", "Juma (caretaker, Lenana Court)  0720 334 871", asked)


def test_who_and_then_her_number(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "Who is our house help?", "Akinyi", "contacts.txt", session="s1")
    answers(agent, "what's her number?", "0798 241 556", "contacts.txt", session="s1")


def test_a_vat_number_is_no_phone_to_ring(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "Who is the amministratore of our condominio?", "Studio Sala", "Preventivo_gestione_2026.txt",
            session="s2")
    final = list(agent.run("what's his phone number?", session="s2"))[-1]
    assert "02 7063 1185" in final.answer and "07331840963" not in final.answer, final.answer
