"""games/alexandros/data."""
