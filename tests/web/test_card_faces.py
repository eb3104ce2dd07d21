"""Card faces as Chromium draws them: every corner index fits inside the card, in
every card style, the ranks that read the same upside down are marked, and the
colour-blind palette keeps the Rook colours apart under simulated colour blindness."""

from __future__ import annotations

import io
import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray
from PIL import Image
from playwright.sync_api import Page, expect

from crowsnest.web import catalog

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


@pytest.mark.parametrize("style", ["classic", "four-colour", "large-index", "colour-blind"])
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


# --- Colour blindness -------------------------------------------------------------

COLOURS = ("red", "yellow", "green", "black")
VISIONS = ("none", "deuteranopia", "protanopia", "tritanopia", "achromatopsia")

# Each Rook colour's symbol 100 px wide on white, as the trump panel and the score bar
# draw it, in one row.
SYMBOLS = """async ([style]) => {
    const { colourSymbol } = await import("/static/cards.js");
    const row = document.createElement("div");
    row.id = "cb-row";
    row.style.cssText = "position:fixed;inset:0 auto auto 0;z-index:9999;display:flex;"
        + "background:#fff;padding:0;gap:0";
    for (const colour of ["red", "yellow", "green", "black"]) {
        const box = document.createElement("div");
        box.style.cssText = "width:100px;height:100px;background:#fff";
        box.append(colourSymbol(colour, 100, style));
        row.append(box);
    }
    document.body.append(row);
}"""


def _lab(rgb: NDArray[np.float64]) -> NDArray[np.float64]:
    """sRGB (0-255, last axis) to CIELAB (D65)."""
    c = rgb / 255.0
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    xyz = c @ np.array(
        [[0.4124, 0.2126, 0.0193], [0.3576, 0.7152, 0.1192], [0.1805, 0.0722, 0.9505]]
    )
    xyz = xyz / np.array([0.9505, 1.0, 1.089])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def _symbols_as_seen(page: Page, vision: str, shot: Path) -> list[NDArray[np.float64]]:
    """The four symbols' pixels (RGB) as Chromium draws them for a vision."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
    png = page.locator("#cb-row").screenshot(path=str(shot))
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
    image = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.float64)
    scale = image.shape[0] / 100
    step = round(100 * scale)
    return [image[:, i * step : (i + 1) * step] for i in range(len(COLOURS))]


def _distances(symbols: list[NDArray[np.float64]]) -> dict[tuple[str, str], float]:
    """How far apart two symbols look: the colour difference (CIELAB Delta E) of their
    centres, where every one of the four shapes is solid."""
    centres = []
    for img in symbols:
        n = img.shape[0]
        centre = img[int(n * 0.47) : int(n * 0.6), int(n * 0.44) : int(n * 0.56)]
        centres.append(_lab(centre.reshape(-1, 3).mean(axis=0)))
    return {
        (a, b): float(np.linalg.norm(centres[i] - centres[j]))
        for (i, a), (j, b) in itertools.combinations(enumerate(COLOURS), 2)
    }


def _masks_overlap(symbols: list[NDArray[np.float64]]) -> float:
    """The largest overlap (intersection over union) of two symbols' shapes."""
    masks = [(255 - img).sum(axis=2) > 60 for img in symbols]
    return max(float((a & b).sum() / (a | b).sum()) for a, b in itertools.combinations(masks, 2))


def test_colour_blind_palette_keeps_the_rook_colours_apart(page: Page, screenshots: Path) -> None:
    """Under every simulated colour-vision deficiency (Chromium's own emulation) the four
    colours of the colour-blind palette stay clearly apart (Delta E >= 20; 2.3 is just
    noticeable), and in grey the shapes alone tell them apart. The classic palette does
    not manage it under deuteranopia: that is why the palette exists."""
    open_page(page)
    seen: dict[tuple[str, str], float] = {}
    for style in ("classic", "colour-blind"):
        page.evaluate(SYMBOLS, [style])
        for vision in VISIONS:
            symbols = _symbols_as_seen(page, vision, screenshots / f"rook-{style}-{vision}.png")
            nearest = min(_distances(symbols).items(), key=lambda kv: kv[1])
            seen[(style, vision)] = nearest[1]
            if style == "colour-blind":
                assert nearest[1] >= 20, (vision, nearest)
            # A circle inside a square of its size covers 87% of it: below 0.9 two
            # shapes differ by more than the corners that tell a circle from a square.
            assert _masks_overlap(symbols) < 0.9, (style, vision)
        page.evaluate("() => document.querySelector('#cb-row').remove()")
    print({f"{style} {vision}": round(d, 1) for (style, vision), d in seen.items()})
    assert seen[("classic", "deuteranopia")] < 20 <= seen[("colour-blind", "deuteranopia")]


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_colour_blind_deck_is_a_setting_the_hand_uses(page: Page, lang: str) -> None:
    """Chosen on the Settings tab (its name translated), the palette draws the hand's
    Rook cards and stays chosen after a reload."""
    open_page(page)
    page.click("#tab-settings")
    page.select_option("#settings-language", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    option = page.locator('#settings-deck-style option[value="colour-blind"]')
    expect(option).to_have_text(catalog(lang)["deck_style.colour-blind"])
    page.select_option("#settings-deck-style", "colour-blind")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.click("#tab-play")
    page.click("#new-game")
    expect(page.locator("#hand button.card").first).to_be_visible()
    marks: list[str] = page.evaluate(
        """() => [...document.querySelectorAll("#hand button.card svg path")]
            .map((p) => p.getAttribute("fill"))"""
    )
    palette = {"#bb5566", "#ddaa33", "#004488", "#000000"}
    classic = {"#c0262d", "#b58300", "#1f7a36", "#1d1d1f"}
    assert set(marks) & palette
    assert not set(marks) & classic
