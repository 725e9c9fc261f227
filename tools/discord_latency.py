"""Time signed Discord interactions through the Flask app with the configured (default) model.

    python tools/discord_latency.py [--questions eval/dev.jsonl eval/other-langs.jsonl]

Builds the index if needed, creates the app as gunicorn would (preloaded), then posts each
question as a signed /rules interaction and presses "Show sources" under its answer, and prints
the milliseconds each took (p50, p95, max): Discord waits 3 s for the answer.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from nacl.signing import SigningKey

from refbot.bot import Refbot
from refbot.config import load_settings
from refbot.web import create_app

LOCALES = {"en": "en-US", "es": "es-ES", "pt": "pt-BR"}


def main() -> None:
    """Post every question twice (command, then sources) and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__)
    default = ["eval/dev.jsonl", "eval/other-langs.jsonl"]
    parser.add_argument("--questions", nargs="+", type=Path, default=[Path(p) for p in default])
    args = parser.parse_args()
    key = SigningKey.generate()
    settings = load_settings().with_overrides(
        discord_public_key=key.verify_key.encode().hex(), rate_limit="1000000 per minute"
    )
    started = time.perf_counter()
    client = create_app(settings, Refbot(settings)).test_client()
    print(f"app ready (model and index loaded) in {time.perf_counter() - started:.1f} s")
    rows = [json.loads(line) for p in args.questions for line in p.read_text().splitlines() if line]
    command_ms: list[float] = []
    sources_ms: list[float] = []
    for n, row in enumerate(rows):
        locale = LOCALES.get(row.get("lang", "en"), row.get("lang", "en"))
        payload = {
            "id": str(10**18 + n),
            "type": 2,
            "locale": locale,
            "data": {"name": "rules", "options": [{"name": "question", "value": row["q"]}]},
        }
        answer, took = post(client, key, payload)
        command_ms.append(took)
        message = answer["data"]
        buttons = message.get("components", [{"components": []}])[0]["components"]
        if buttons and buttons[0]["custom_id"].startswith("refbot:sources:"):
            press = {
                "id": str(2 * 10**18 + n),
                "type": 3,
                "locale": locale,
                "data": {"custom_id": buttons[0]["custom_id"], "component_type": 2},
                "message": {"id": "1", "embeds": message["embeds"]},
            }
            sources_ms.append(post(client, key, press)[1])
    for name, values in (("/rules", command_ms), ("show sources", sources_ms)):
        cuts = statistics.quantiles(values, n=100)
        print(
            f"{name}: {len(values)} interactions, p50 {cuts[49]:.1f} ms, p95 {cuts[94]:.1f} ms, "
            f"max {max(values):.1f} ms"
        )


def post(
    client: FlaskClient, key: SigningKey, payload: dict[str, Any]
) -> tuple[dict[str, Any], float]:
    """Post one signed interaction; return the answer and the milliseconds it took."""
    body = json.dumps(payload).encode()
    stamp = str(int(time.time()))
    headers = {
        "X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(),
        "X-Signature-Timestamp": stamp,
        "Content-Type": "application/json",
    }
    started = time.perf_counter()
    response = client.post("/discord/interactions", data=body, headers=headers)
    took = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer, took


if __name__ == "__main__":
    main()
