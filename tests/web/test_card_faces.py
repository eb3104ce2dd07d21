"""Card faces as Chromium draws them: every corner index fits inside the card, in
every card style, and the ranks that read the same upside down are marked."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .pages import open_page

RANKS = "23456789TJQKA"
CARDS = ["CROW"]
CARDS += [f"{c}{n}" for c in "RYGB" for n in range(1, 15)]
CARDS += [f"{r}{s}" for r in RANKS for s in "CDHS"]

# Each index text's box in the card's own units (the card is 100 x 140), and whether a
# turn mark is drawn under it: measured by Chromium, not computed from font sizes.
MEASURE = """async ([cards, style]) => {
    const { cardFace } = await import("/static/cards.js");
    const out = [];
    const host = document.createElement("div");
    document.body.append(host);
    for (const code of cards) {
        const svg = cardFace(code, style);
        svg.setAttribute("width", "100");
        svg.setAttribute("height", "140");
        host.replaceChildren(svg);
        // The top corner's index is the face's first text (the turned copy is in a <g>).
        const top = svg.querySelector(":scope > text");
        if (!top) { out.push({ code, text: null }); continue; }
        const box = top.getBBox();
        out.push({
            code,
            text: top.textContent,
            x0: box.x, x1: box.x + box.width, y0: box.y,
            marks: svg.querySelectorAll("line.turn-mark").length,
        });
    }
    host.remove();
    return out;
}"""


@pytest.mark.parametrize("style", ["classic", "four-colour", "large-index"])
def test_every_corner_index_fits_on_the_card(page: Page, style: str) -> None:
    open_page(page)
    faces: list[dict[str, Any]] = page.evaluate(MEASURE, [CARDS, style])
    assert len(faces) == len(CARDS)
    for face in faces:
        if face["code"] == "CROW":
            assert face["text"] is None
            continue
        # The card's outline starts at 1.5 and its corner is rounded: the index stays
        # at least 2.5 in from the edge and in the card's left half.
        assert face["x0"] >= 2.5, face
        assert face["x1"] <= 50, face
        assert face["y0"] >= 2.5, face
        turns = face["text"] in ("6", "9")
        assert face["marks"] == (2 if turns else 0), face
