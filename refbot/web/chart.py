"""Small inline SVG bar charts of dice distributions, drawn on the server (no script, no CDN)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from markupsafe import Markup, escape

WIDTH, HEIGHT, PAD = 360, 150, 24
COLOURS = ("#3b6ea5", "#c0504d", "#4f8a3c")
FADED = 0.35  # the opacity of totals outside the region that decides the outcome


def bar_chart(
    series: Sequence[tuple[str, dict[int, Fraction]]],
    title: str,
    percent: Callable[[Fraction], str],
    region: tuple[int, int] | None = None,
    region_label: str | None = None,
    others_label: str | None = None,
) -> Markup:
    """Return an SVG of one or more distributions side by side, with a text alternative.

    Totals inside `region` are drawn in full colour and named by `region_label` in the legend,
    the others faded and named by `others_label`; `percent` formats a probability for the
    reader's locale (tooltips and the text alternative).
    """
    totals = sorted({t for _, dist in series for t in dist})
    top = max((float(p) for _, dist in series for p in dist.values()), default=1.0) or 1.0
    slot = (WIDTH - 2 * PAD) / max(len(totals), 1)
    bar = slot * 0.8 / max(len(series), 1)
    legend_rows = len(series) + (2 if region is not None else 0)
    height = HEIGHT + 24 + 16 * legend_rows
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'role="img" aria-label="{escape(title)}" class="chart">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(describe(series, percent, region, region_label))}</desc>",
    ]
    for i, total in enumerate(totals):
        x0 = PAD + i * slot
        for j, (label, dist) in enumerate(series):
            p = dist.get(total, Fraction(0))
            h = (HEIGHT - PAD) * float(p) / top
            inside = region is None or region[0] <= total <= region[1]
            opacity = "" if inside else f' opacity="{FADED}"'
            parts.append(
                f'<rect x="{x0 + j * bar:.1f}" y="{HEIGHT - h:.1f}" width="{bar - 1:.1f}" '
                f'height="{h:.1f}" fill="{COLOURS[j % len(COLOURS)]}"{opacity}>'
                f"<title>{escape(label)} {total}: {escape(percent(p))}</title></rect>"
            )
        parts.append(
            f'<text x="{x0 + slot * 0.4:.1f}" y="{HEIGHT + 14}" font-size="10" '
            f'text-anchor="middle">{total}</text>'
        )
    legend = [(COLOURS[j % len(COLOURS)], "", label) for j, (label, _) in enumerate(series)]
    if region is not None:
        legend += [
            (COLOURS[0], "", region_label or ""),
            (COLOURS[0], f' opacity="{FADED}"', others_label or ""),
        ]
    for row, (colour, opacity, label) in enumerate(legend):
        y = HEIGHT + 34 + 16 * row
        parts.append(
            f'<rect x="{PAD}" y="{y - 9}" width="10" height="10" fill="{colour}"{opacity}/>'
        )
        parts.append(f'<text x="{PAD + 14}" y="{y}" font-size="11">{escape(label)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def describe(
    series: Sequence[tuple[str, dict[int, Fraction]]],
    percent: Callable[[Fraction], str],
    region: tuple[int, int] | None,
    region_label: str | None,
) -> str:
    """Return the chart as text: each series' chances, and the chance of the region."""
    lines = [
        f"{label}: " + ", ".join(f"{total} {percent(p)}" for total, p in sorted(dist.items()))
        for label, dist in series
    ]
    if region is not None and region_label:
        inside = sum(
            (p for _, dist in series for t, p in dist.items() if region[0] <= t <= region[1]),
            Fraction(0),
        )
        lines.append(f"{region_label}: {percent(inside)}")
    return ". ".join(lines)
