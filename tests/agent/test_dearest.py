""""Which thing was the priciest?" after a receipt asks its dearest item (and "the cheapest" its cheapest): by the
price of one thing, among the lines that list items, not the receipt's total, tax or card payment. A receipt's item
name over its count and price is one line ("RÅSKOG trolley beige: 1 x 35.00 | 35.00")."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.dearest import asked, items
from manoled.agent.units import units

NOW = time.time()

RECEIPT = ("HOMEBASE\nHomebase Newport\n12/10/2026  11:04   Till 3\nCordless drill 18V\n1 x 49.99 | 49.99\n"
           "Wood screws assorted\n4 x 2.25 | 9.00\nShelf 80x28x2 oak\n1 x 14.50 | 14.50\n"
           "Masking tape 25mm\n2 x 1.80 | 3.60\n4 items\nTOTAL GBP | 77.09\n"
           "Visa contactless | 77.09\nVAT 20% incl.  Net 64.24  VAT 12.85\n")
FILES: dict[str, tuple[str, float]] = {
    "Money/receipts/Homebase receipt.txt": (RECEIPT, 40),
    "Money/budget notes.md": ("# October\n- DIY: about 60 at Homebase\n- groceries 410\n", 20),
}
folder = folder_fixture("dearest", FILES, NOW)


def test_a_receipts_item_and_its_price_are_one_line():
    assert "Cordless drill 18V: 1 x 49.99 | 49.99" in units(RECEIPT, "Homebase receipt.txt")


def test_the_items_of_a_receipt_and_their_prices():
    found = items(RECEIPT, "Homebase receipt.txt")
    # one screw pack's price, not the line's 9.00; a shelf's size "80x28x2" is no count
    assert [price for _, price in found] == [49.99, 2.25, 14.50, 1.80]
    assert not any("TOTAL" in line or "Visa" in line or "VAT" in line for line, _ in found)


def test_what_asks_the_dearest():
    assert asked("which thing was the priciest?") == 1 and asked("what cost the most?") == 1
    assert asked("and the cheapest?") == -1 and asked("how much was the drill?") == 0


def test_the_priciest_and_the_cheapest_after_the_receipt(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "How much did I spend at Homebase in October?", session="diy")
    final, names = ask(agent, "Which thing was the priciest?", session="diy")
    assert "drill" in final.answer and names == ["Homebase receipt.txt"], final.answer
    final, names = ask(agent, "and the cheapest?", session="diy")
    assert "Masking tape" in final.answer and names == ["Homebase receipt.txt"], final.answer
