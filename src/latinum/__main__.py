"""``python -m latinum`` runs the command line."""

from .cli import main

main(prog_name="latinum")
