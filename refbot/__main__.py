"""Run the command line as `python -m refbot`."""

from __future__ import annotations

from refbot.cli import main

main()
