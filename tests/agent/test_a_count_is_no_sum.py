"""A count asked inside a paper ("june transaction count", "how many transactions did the shop have in June") is
answered by the number counted ("Transactions: 64"), not by a sum of money, a share, a day or a year on the same page
whose label says the word too ("Average Sale (net sales / transactions): $41.20", "14.8%", "June 1, 2026"). Over a
real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

_SUMMARY = ("Brightcart\nMonthly Sales Summary\n{month} 1, 2026 - {month} {last}, 2026\nBusiness: Pixel Pottery\n"
            "Report generated 07/02/2026 6:10 AM  |  Time zone: Central Time\nSales\nAmount\nGross Sales\n${gross}\n"
            "Returns\n($40.00)\nNet Sales\n${net}\nTips\n$96.00\nTotal Collected\n$2,790.80\nBrightcart Fees\n($81.22)\n"
            "Key Metrics\nTransactions\n{orders}\nAverage Sale (net sales / transactions)\n${avg}\n"
            "Unique Customers\n{back}\nBusiest Day\nSaturday\nTips as % of Net Sales\n{card}%\n"
            "Payment Methods\nCount\nCollected\nCard\n51\n$2,210.10\nCash\n13\n$580.70\n")

FILES: dict[str, tuple[str, float]] = {
    "Shop/Reports/shop_report_2026-06.txt": (
        _SUMMARY.format(month="June", last=30, avg="41.20", card="58.6", orders=64, gross="2,692.80",
                        net="2,636.80", back=19), 140),
    "Shop/Reports/shop_report_2026-07.txt": (
        _SUMMARY.format(month="July", last=31, avg="39.75", card="61.2", orders=52, gross="2,101.00",
                        net="2,067.00", back=23), 110),
    "Shop/kiln log.md": ("# Kiln log\n- 2026-06-03 bisque, 32 pieces\n- 2026-06-17 glaze, 27 pieces\n", 100),
}

folder = folder_fixture("a_count_is_no_sum", FILES, NOW)


def test_a_count_is_the_number_counted(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("june transaction count", "How many transactions did the shop have in June?"):
        final, names = ask(agent, question)
        assert "64" in final.answer and "41.20" not in final.answer and names == ["shop_report_2026-06.txt"], \
            (question, final.answer)


def test_no_sum_share_day_nor_year_is_a_count():
    from manoled.agent.kinds import new_value

    asked = {"many", "transaction"}
    assert new_value("number", "Transactions: 87", asked)
    for unit in ("Average Sale (net sales / transactions): $81.51", "Tips as % of Net Sales: 14.8%",
                 "September 1, 2026 - September 30, 2026", "Report generated 10/02/2026 6:04 AM"):
        assert not new_value("number", unit, asked), unit
    assert new_value("number", "Average Sale: $81.51", {"average", "sale"})  # no count asked: any number is one
    assert not new_value("number", "Peel the potatoes, boil 20 min with salt.", {"many", "potato"})  # no time counted
    assert new_value("number", "Stay: 5 nights", {"many", "night"})  # unless it is what is counted
    assert not new_value("number", "Gas: € 1,33120 per m³", {"much", "gas", "use"})  # a price is no quantity used
    assert new_value("number", "Gas: 7.401, 7.458, 57 m³", {"much", "gas", "use"})
    assert new_value("number", "Units: 139.40 kWh", {"many", "kwh", "token"})  # a measure, though its digits look
    assert new_value("number", "1,5 kg kruimige aardappelen", {"many", "potato"})  # like a sum
