"""Small inline SVG bar charts of dice distributions, drawn on the server (no script, no CDN)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from markupsafe import Markup, escape

WIDTH, HEIGHT, PAD = 360, 150, 24
COLOURS = ("#3b6ea5", "#c0504d", "#4f8a3c")


def bar_chart(
    series: Sequence[tuple[str, dict[int, Fraction]]], title: str, marked: int | None = None
) -> Markup:
    """Return an SVG of one or more distributions side by side; totals up to `marked` stand out."""
    totals = sorted({t for _, dist in series for t in dist})
    top = max((float(p) for _, dist in series for p in dist.values()), default=1.0) or 1.0
    slot = (WIDTH - 2 * PAD) / max(len(totals), 1)
    bar = slot * 0.8 / max(len(series), 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT + 40}" '
        f'role="img" aria-label="{escape(title)}" class="chart">',
        f"<title>{escape(title)}</title>",
    ]
    for i, total in enumerate(totals):
        x0 = PAD + i * slot
        for j, (_, dist) in enumerate(series):
            p = float(dist.get(total, 0))
            h = (HEIGHT - PAD) * p / top
            faded = marked is not None and total > marked
            opacity = ' opacity="0.35"' if faded else ""
            parts.append(
                f'<rect x="{x0 + j * bar:.1f}" y="{HEIGHT - h:.1f}" width="{bar - 1:.1f}" '
                f'height="{h:.1f}" fill="{COLOURS[j % len(COLOURS)]}"{opacity}>'
                f"<title>{total}: {p:.1%}</title></rect>"
            )
        parts.append(
            f'<text x="{x0 + slot * 0.4:.1f}" y="{HEIGHT + 14}" font-size="10" '
            f'text-anchor="middle">{total}</text>'
        )
    for j, (label, _) in enumerate(series):
        y = HEIGHT + 32
        x = PAD + j * 120
        parts.append(
            f'<rect x="{x}" y="{y - 9}" width="10" height="10" fill="{COLOURS[j % len(COLOURS)]}"/>'
        )
        parts.append(f'<text x="{x + 14}" y="{y}" font-size="11">{escape(label)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
