"""games/alexandros/texts."""
